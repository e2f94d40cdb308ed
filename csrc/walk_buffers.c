/* The walk's buffers (walk.h): the largest group at each depth planned from the arena,
 * then the levels, the workers' areas and the walk state, allocated and freed. */
#include "platform.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "walk.h"

typedef struct {
    size_t slots[4], mem[4], show[4];
} caps;

/* The largest group at each depth below one made of segs (count of them), into c: its
 * positions, members and showdowns. */
static int plan_group(const of_engine *e, int depth, const uint32_t *segs, size_t count,
                      caps *c) {
    size_t slots = 0, chances = 0, show = 0;
    for (size_t g = 0; g < count; g++) {
        const segment *s = &e->segs[segs[g]];
        slots += s->count;
        for (uint32_t pos = 0; pos < s->count; pos++) {
            int kind = e->nodes[s->start + pos].kind;
            chances += kind == OF_NODE_CHANCE;
            show += kind == OF_NODE_SHOWDOWN;
        }
    }
#define KEEP_MAX(field, x) if ((x) > c->field[depth]) c->field[depth] = (x)
    KEEP_MAX(slots, slots);
    KEEP_MAX(mem, count);
    KEEP_MAX(show, show);
#undef KEEP_MAX
    if (!chances) return OF_OK;
    uint32_t *nodes = malloc(sizeof(uint32_t) * 2 * chances);
    if (!nodes) return OF_ERR_NOMEM;
    uint32_t *below = nodes + chances;
    size_t x = 0;
    for (size_t g = 0; g < count; g++) {
        const segment *s = &e->segs[segs[g]];
        for (uint32_t pos = 0; pos < s->count; pos++)
            if (e->nodes[s->start + pos].kind == OF_NODE_CHANCE) nodes[x++] = s->start + pos;
    }
    int rc = OF_OK;
    for (uint32_t ci = 0; ci < e->nodes[nodes[0]].n_children && rc == OF_OK; ci++) {
        if (e->chance[e->nodes[nodes[0]].first + ci].seg == UINT32_MAX) continue;   /* not held */
        for (size_t y = 0; y < chances; y++)
            below[y] = e->chance[e->nodes[nodes[y]].first + ci].seg;
        rc = plan_group(e, depth + 1, below, chances, c);
    }
    free(nodes);
    return rc;
}

static int plan(const of_engine *e, caps *c) {
    uint32_t top = 0;
    memset(c, 0, sizeof *c);
    return plan_group(e, 0, &top, 1, c);
}

/* the top segment's chance nodes, the cards kept at each, and the parts held (cards
 * whose children have subtrees here); with `owned`, their card indexes */
static void top_chances(const of_engine *e, size_t *nodes, size_t *cards, size_t *held,
                        uint32_t *owned) {
    *nodes = *cards = *held = 0;
    for (uint32_t k = 0; k < e->segs[0].count; k++)
        if (e->nodes[k].kind == OF_NODE_CHANCE) {
            if (!*nodes)
                for (uint32_t ci = 0; ci < e->nodes[k].n_children; ci++) {
                    if (e->chance[e->nodes[k].first + ci].seg == UINT32_MAX) continue;
                    if (owned) owned[*held] = ci;
                    (*held)++;
                }
            (*nodes)++;
            *cards = e->nodes[k].n_children;
        }
}

/* the workers of a pass: one a part held at most; a river spot's (no parts) are its table
 * calls' threads; the top segment alone walks on one (its terminals are few) */
static int pass_workers(const of_engine *e, size_t cards, size_t held) {
    return of_runner_workers(e->threads, held ? held : cards ? 1 : OF_RUNNER_MAX);
}

static uint64_t level_bytes(const caps *c, int d, size_t width) {
    size_t slots = c->slots[d], mem = c->mem[d], show = c->show[d];
    return sizeof(double) * width * (3 * slots + 2 * mem) +
           (3 * sizeof(double *) + 3 * sizeof(uint32_t) + 1) * slots +
           (3 * sizeof(double *) + 2 * sizeof(double) + sizeof(double) * width) * show +
           sizeof(member) * mem;
}

static size_t acc_size(const of_engine *e) {
    size_t a = fold_acc_size(e, 0), b = fold_acc_size(e, 1);
    return a > b ? a : b;
}

uint64_t walk_bytes(const of_engine *e) {
    caps c;
    size_t top, cards, held;
    if (plan(e, &c) != OF_OK) return UINT64_MAX;
    top_chances(e, &top, &cards, &held, NULL);
    size_t width = engine_width(e);
    int workers = pass_workers(e, cards, held);
    uint64_t bytes = 0;
    for (int d = 0; d <= e->max_depth; d++)
        bytes += level_bytes(&c, d, width) * (d == 0 ? 1 : (uint64_t)workers);
    int compact = e->spec.storage == OF_STORAGE_COMPACT;
    bytes += (uint64_t)workers * sizeof(double) *
             (acc_size(e) + ENGINE_MAX_ACTIONS * width * (compact ? 3 : 1));
    bytes += (uint64_t)top * cards * sizeof(double) * width;
    /* a showdown work area a side */
    if (e->n_boards)
        bytes += (uint64_t)workers * (of_showdown_work_bytes(e->n[0], e->n[1]) +
                                      of_showdown_work_bytes(e->n[1], e->n[0]));
    return bytes;
}

static int level_alloc(level *L, const caps *c, int d, size_t width) {
    size_t slots = c->slots[d] ? c->slots[d] : 1, g = c->mem[d] ? c->mem[d] : 1;
    size_t show = c->show[d] ? c->show[d] : 1;
    L->mem = malloc(sizeof(member) * g);
    L->slots = malloc(sizeof(double) * width * slots);
    L->opp = malloc(sizeof(double *) * slots);
    L->own = malloc(sizeof(double *) * slots);
    L->val = malloc(sizeof(double) * width * slots);
    L->sig = malloc(sizeof(double) * width * slots);
    L->sigma = malloc(sizeof(double *) * slots);
    L->mask_opp = malloc(sizeof(double) * width * g);
    L->mask_own = malloc(sizeof(double) * width * g);
    L->r_src = malloc(sizeof(double *) * show);
    L->r_dst = malloc(sizeof(double *) * show);
    L->r_reach = malloc(sizeof(double *) * show);
    L->rch = malloc(sizeof(double) * width * show);
    L->r_pot = malloc(sizeof(double) * show);
    L->r_put = malloc(sizeof(double) * show);
    /* sd also lists a group's chance nodes (at most its positions) */
    L->sd = malloc(sizeof(uint32_t) * slots);
    L->sd_node = malloc(sizeof(uint32_t) * slots);
    L->row_of = malloc(sizeof(uint32_t) * slots);
    L->done = calloc(slots, 1);
    if (!L->mem || !L->slots || !L->opp || !L->own || !L->val || !L->sig || !L->sigma ||
        !L->mask_opp || !L->mask_own || !L->r_src || !L->r_dst || !L->r_reach ||
        !L->r_pot || !L->r_put || !L->rch || !L->sd || !L->sd_node || !L->row_of || !L->done)
        return OF_ERR_NOMEM;
    return OF_OK;
}

static void level_free(level *L) {
    free(L->mem); free(L->slots); free(L->opp); free(L->own); free(L->val); free(L->sig);
    free(L->sigma); free(L->mask_opp); free(L->mask_own); free(L->r_src); free(L->r_dst);
    free(L->r_reach); free(L->r_pot); free(L->r_put);
    free(L->rch); free(L->sd); free(L->sd_node); free(L->row_of); free(L->done);
}

void walk_free(of_engine *e) {
    struct walk_state *ws = e->walk;
    if (!ws) return;
    for (int i = 0; ws->w && i < ws->n_workers; i++) {
        worker *w = &ws->w[i];
        for (int d = 0; w->lv && d <= e->max_depth; d++) level_free(&w->lv[d]);
        free(w->lv);
        free(w->acc);
        free(w->strat);
        free(w->tmp);
        of_showdown_work_free(w->work[0]);
        of_showdown_work_free(w->work[1]);
    }
    free(ws->w);
    free(ws->works[0]);
    free(ws->works[1]);
    free(ws->task_out);
    free(ws->owned);
    free(ws);
    e->walk = NULL;
}

int walk_alloc(of_engine *e) {
    struct walk_state *ws = calloc(1, sizeof *ws);
    if (!ws) return OF_ERR_NOMEM;
    e->walk = ws;
    ws->width = engine_width(e);
    if (ws->width < 1) ws->width = 1;
    caps c;
    if (plan(e, &c) != OF_OK) return OF_ERR_NOMEM;
    ws->down = -1;
    ws->owned = malloc(sizeof(uint32_t) * 52);
    if (!ws->owned) return OF_ERR_NOMEM;
    top_chances(e, &ws->n_top, &ws->n_cards, &ws->n_owned, ws->owned);
    size_t rows = ws->n_top * ws->n_cards;
    ws->task_out = malloc(sizeof(double) * ws->width * (rows ? rows : 1));
    if (!ws->task_out) return OF_ERR_NOMEM;
    ws->n_workers = pass_workers(e, ws->n_cards, ws->n_owned);
    ws->w = calloc((size_t)ws->n_workers, sizeof(worker));
    ws->works[0] = calloc((size_t)ws->n_workers, sizeof(of_showdown_work *));
    ws->works[1] = calloc((size_t)ws->n_workers, sizeof(of_showdown_work *));
    if (!ws->w || !ws->works[0] || !ws->works[1]) return OF_ERR_NOMEM;
    int compact = e->spec.storage == OF_STORAGE_COMPACT;
    for (int i = 0; i < ws->n_workers; i++) {
        worker *w = &ws->w[i];
        w->lv = calloc((size_t)e->max_depth + 1, sizeof(level));
        w->acc = malloc(sizeof(double) * acc_size(e));
        w->strat = malloc(sizeof(double) * ENGINE_MAX_ACTIONS * ws->width);
        w->tmp = compact ? malloc(sizeof(double) * 2 * ENGINE_MAX_ACTIONS * ws->width) : NULL;
        if (!w->lv || !w->acc || !w->strat || (compact && !w->tmp)) return OF_ERR_NOMEM;
        /* worker 0 walks every depth (the top segment, and the action values' subtrees) */
        for (int d = i == 0 ? 0 : 1; d <= e->max_depth; d++)
            if (level_alloc(&w->lv[d], &c, d, ws->width) != OF_OK)
                return OF_ERR_NOMEM;
        if (e->n_boards)
            for (int p = 0; p < 2; p++) {
                w->work[p] = ws->works[p][i] = of_showdown_work_sized(e->n[p], e->n[1 - p]);
                if (!w->work[p]) return OF_ERR_NOMEM;
            }
    }
    return OF_OK;
}
