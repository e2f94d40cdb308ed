/* The engine's passes (arena.h): one walk of the arena for one player p, vectorised over
 * the hands.
 *
 * The walk goes by groups: the segments that the same cards lead to (every river segment
 * of one turn line's river card shares its board with those of the other lines). A group
 * is walked down, in preorder, carrying the other player's reach (one weight per hand of
 * theirs) and, in a CFR pass, p's own reach; then its chance nodes are valued, one group
 * below for each card kept there; then all its river showdowns (those of every segment in
 * it, one board) go to the board's prepared table in one call, whose walks carry up to
 * eight rows side by side, and its river folds are summed from the showdowns' reaches;
 * then it is walked up, in reverse preorder, computing p's counterfactual values (one per
 * hand of p): the other folds through the fold kernel, and at p's action nodes the DCFR
 * update. Each position has one value buffer
 * and the reach its parent's action made (the other reaches are shared, not copied).
 *
 * Threads: the groups below the top segment's chance nodes, one a card, are independent
 * tasks between the top segment's walk down and up; the workers take them from one queue,
 * started once a pass. Each task writes only its subtrees' storage and its own rows of
 * values, and the rows are added in a fixed order, so any number of threads gives the
 * same result to the bit.
 */
#include "platform.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"

typedef struct {
    uint32_t seg, lo, hi;      /* a segment's positions [lo, hi) */
    uint32_t base;             /* the slot of position lo in the level's buffers */
    const double *opp, *own;   /* the reaches at position lo */
} member;

typedef struct {
    member *mem;               /* the group walked at this depth */
    size_t n_mem;
    double *slots;             /* reach arrays the actions make: one a slot, width each */
    size_t used;
    const double **opp, **own; /* per slot: the other player's reach, p's (or NULL) */
    double *val;               /* per slot: p's values, width each */
    double *sig;               /* p's current strategies, made on the way down */
    size_t sig_used;
    double **sigma;            /* per slot of p's nodes in a CFR pass */
    double *mask_opp, *mask_own;   /* per member: the reaches its parent hands it */
    const double **r_src;      /* the showdowns' batch, a row each: the villain weights, */
    double **r_dst, **r_reach; /* where the payoffs go, and where the reaches */
    double *r_pot, *r_put;
    double *rch;               /* per showdown row: the reach it met, width each */
    uint32_t *sd, *sd_node;    /* the batch's slots and nodes (also the chance nodes') */
    uint32_t *row_of;          /* per slot: a showdown's row */
    uint8_t *done;             /* per slot: a fold valued from the showdowns' reaches */
} level;

typedef struct {
    level *lv;                 /* by depth (a worker other than 0 has none at depth 0) */
    double *acc;               /* the fold kernel's accumulator */
    double *strat;             /* ENGINE_MAX_ACTIONS rows of width */
    double *tmp;               /* compact storage's update: 2 * ENGINE_MAX_ACTIONS rows */
    of_showdown_work *work[2];
} worker;

struct walk_state {
    int n_workers;
    worker *w;
    size_t width;              /* the larger range */
    size_t n_top;              /* the top segment's chance nodes */
    size_t n_cards;            /* the cards kept at each of them */
    uint32_t *owned;           /* the card indexes whose parts this engine holds (tasks) */
    size_t n_owned;
    int down;                  /* the player of the last walk_pass_down, or -1 */
    double *task_out;          /* n_cards * n_top rows of width */
    of_showdown_work **works[2];   /* each worker's work area (a river spot's table) */
};

static double rake_of(const of_engine *e, double size) {
    double r = e->spec.rake_pct * size;
    if (e->spec.rake_cap >= 0.0 && r > e->spec.rake_cap) r = e->spec.rake_cap;
    return r;
}

static inline uint32_t slot_of(const member *m, uint32_t pos) { return m->base + pos - m->lo; }

/* Down a member: the reaches at every position of [lo, hi). */
static void walk_down(of_engine *e, level *L, const member *m) {
    int p = e->pass_player, q = 1 - p, mode = e->pass_mode;
    size_t width = e->walk->width;
    const segment *s = &e->segs[m->seg];
    L->opp[m->base] = m->opp;
    L->own[m->base] = m->own;
    for (uint32_t pos = m->lo; pos < m->hi; pos++) {
        const arena_node *nd = &e->nodes[s->start + pos];
        if (nd->kind != OF_NODE_ACTION) continue;
        uint32_t at = slot_of(m, pos);
        int A = nd->n_children;
        const uint32_t *kids = e->kids + nd->first;
        if (nd->player == q) {
            double *out[ENGINE_MAX_ACTIONS];
            for (int a = 0; a < A; a++) {
                uint32_t c = slot_of(m, e->nodes[kids[a]].pos);
                out[a] = L->slots + width * L->used++;
                L->opp[c] = out[a];
                L->own[c] = L->own[at];
            }
            node_reach(e, nd, mode != OF_ENGINE_CFR, L->opp[at], out);
            continue;
        }
        size_t n = e->n[p];
        const double *own = L->own[at];
        if (own) {   /* kept for the update on the way up */
            L->sigma[at] = L->sig + width * L->sig_used;
            L->sig_used += (size_t)A;
            node_strategy(e, nd, 0, L->sigma[at]);
        }
        for (int a = 0; a < A; a++) {
            uint32_t c = slot_of(m, e->nodes[kids[a]].pos);
            L->opp[c] = L->opp[at];
            L->own[c] = NULL;
            if (!own) continue;
            double *out = L->slots + width * L->used++;
            const double *sa = L->sigma[at] + (size_t)a * n;
            for (size_t i = 0; i < n; i++) out[i] = own[i] * sa[i];
            L->own[c] = out;
        }
    }
}

/* A fold's sum (the weight of the other player's hands that share no card with each
 * hand of p) is linear in the other's reach, and that reach only splits at the other's
 * nodes: so a river fold's sum is a sum of showdowns' reaches, which the showdowns' walks
 * compute anyway. The terms (row, sign) of those reaches, at most FOLD_TERMS. */
#define FOLD_TERMS 64

typedef struct {
    uint32_t row;
    int sign;
} reach_term;

static int has_fold(const of_engine *e, const arena_node *nd) {
    for (int a = 0; a < nd->n_children; a++)
        if (e->nodes[e->kids[nd->first + a]].kind == OF_NODE_FOLD) return 1;
    return 0;
}

/* The reach of the other player at node idx of member m, as showdown rows: a showdown its
 * row; p's node that of any child (p's action leaves the other's reach as it was) that is a
 * showdown or a node without a fold; the other's node with no fold the sum of its
 * children's. 0 where it is none of these (the fold goes to the fold kernel then). */
static int reach_terms(const of_engine *e, const level *L, const member *m, uint32_t idx,
                       int sign, int p, reach_term *t, int *nt) {
    const arena_node *nd = &e->nodes[idx];
    if (nd->seg != m->seg || nd->pos < m->lo || nd->pos >= m->hi) return 0;
    if (nd->kind == OF_NODE_SHOWDOWN) {
        if (*nt == FOLD_TERMS) return 0;
        t[(*nt)++] = (reach_term){L->row_of[slot_of(m, nd->pos)], sign};
        return 1;
    }
    if (nd->kind != OF_NODE_ACTION) return 0;
    const uint32_t *kids = e->kids + nd->first;
    if (nd->player == p) {
        for (int a = 0; a < nd->n_children; a++) {
            const arena_node *c = &e->nodes[kids[a]];
            if (c->kind == OF_NODE_SHOWDOWN || (c->kind == OF_NODE_ACTION && !has_fold(e, c)))
                return reach_terms(e, L, m, kids[a], sign, p, t, nt);
        }
        return 0;
    }
    if (has_fold(e, nd)) return 0;
    for (int a = 0; a < nd->n_children; a++)
        if (!reach_terms(e, L, m, kids[a], sign, p, t, nt)) return 0;
    return 1;
}

/* The terms of fold f's sum: p's fold meets the reach p's node met; the other's fold, the
 * reach at the node of p above it (p's bet) less the reaches of the fold's siblings. */
static int fold_terms(const of_engine *e, const level *L, const member *m, uint32_t f, int p,
                      reach_term *t, int *nt) {
    const arena_node *F = &e->nodes[f];
    *nt = 0;
    if (F->parent == UINT32_MAX) return 0;
    if (F->player == p) return reach_terms(e, L, m, F->parent, 1, p, t, nt);
    const arena_node *V = &e->nodes[F->parent];
    if (V->parent == UINT32_MAX || !reach_terms(e, L, m, V->parent, 1, p, t, nt)) return 0;
    for (int a = 0; a < V->n_children; a++) {
        uint32_t c = e->kids[V->first + a];
        if (c != f && !reach_terms(e, L, m, c, -1, p, t, nt)) return 0;
    }
    return 1;
}

static double fold_pay(const of_engine *e, const arena_node *nd, int p) {
    const double *c = e->t_contrib + 2 * nd->tmpl;
    double size = e->spec.pot + c[0] + c[1];
    return nd->player == p ? -c[p] : size - rake_of(e, size) - c[p];
}

/* The river folds of the group whose sums are sums of the showdowns' reaches (left in
 * L->rch by the table's call): their values, times what each fold pays, marked done; the
 * others are left to the fold kernel. */
static void folds_from_reaches(const of_engine *e, level *L) {
    int p = e->pass_player;
    size_t width = e->walk->width, n = e->n[p];
    reach_term t[FOLD_TERMS];
    int nt;
    for (size_t g = 0; g < L->n_mem; g++) {
        const member *m = &L->mem[g];
        const segment *s = &e->segs[m->seg];
        for (uint32_t pos = m->lo; pos < m->hi; pos++) {
            uint32_t f = s->start + pos, at = slot_of(m, pos);
            if (e->nodes[f].kind != OF_NODE_FOLD || !fold_terms(e, L, m, f, p, t, &nt)) continue;
            L->done[at] = 1;
            double pay = fold_pay(e, &e->nodes[f], p), *v = L->val + width * at;
            const double *r0 = L->rch + width * t[0].row;   /* the first term adds */
            for (size_t i = 0; i < n; i++) v[i] = r0[i];
            for (int x = 1; x < nt; x++) {
                const double *rx = L->rch + width * t[x].row;
                if (t[x].sign > 0)
                    for (size_t i = 0; i < n; i++) v[i] += rx[i];
                else
                    for (size_t i = 0; i < n; i++) v[i] -= rx[i];
            }
            for (size_t i = 0; i < n; i++) v[i] *= pay;
        }
    }
}

/* The river terminals of the whole group: every showdown in one call of their board's
 * prepared table (its reach kept too), then the folds that are sums of those reaches. A
 * group with no showdown (no river) leaves its folds to the fold kernel. */
static int terminals(of_engine *e, worker *w, level *L, int threads) {
    int p = e->pass_player, q = 1 - p;
    size_t width = e->walk->width, k = 0;
    uint64_t board = 0;
    for (size_t g = 0; g < L->n_mem; g++) {
        const member *m = &L->mem[g];
        const segment *s = &e->segs[m->seg];
        for (uint32_t pos = m->lo; pos < m->hi; pos++) {
            const arena_node *nd = &e->nodes[s->start + pos];
            uint32_t at = slot_of(m, pos);
            L->done[at] = 0;
            if (nd->kind != OF_NODE_SHOWDOWN) continue;
            board = nd->offset;
            L->row_of[at] = (uint32_t)k;
            L->sd_node[k] = s->start + pos;
            L->sd[k++] = at;
        }
    }
    if (!k) return OF_OK;
    const river_board *rb = &e->boards[board];
    for (size_t r = 0; r < k; r++) {
        const double *c = e->t_contrib + 2 * e->nodes[L->sd_node[r]].tmpl;
        double size = e->spec.pot + c[0] + c[1];
        L->r_pot[r] = size - rake_of(e, size);
        L->r_put[r] = c[p];
        L->r_reach[r] = L->rch + width * r;
        L->r_src[r] = L->opp[L->sd[r]];
        L->r_dst[r] = L->val + width * L->sd[r];
    }
    of_showdown_map map = {L->r_src, rb->live[q], L->r_dst, L->r_reach, rb->live[p],
                           e->n[p]};
    size_t bad_row, bad_col;
    /* one thread, but where the whole spot is one river (no tasks to share): then the
     * table's own threads, each with a worker's work area */
    struct walk_state *ws = e->walk;
    int single = e->pass_mode == OF_ENGINE_CFR && !e->spec.double_walks;
    int rc = threads > 1
        ? of_showdown_table_run_mapped(rb->table[p], ws->works[p], ws->n_workers, &map, k,
                                       threads, L->r_pot, L->r_put, single, &bad_row,
                                       &bad_col)
        : of_showdown_table_run_mapped(rb->table[p], &w->work[p], 1, &map, k, 1, L->r_pot,
                                       L->r_put, single, &bad_row, &bad_col);
    if (rc == OF_OK) folds_from_reaches(e, L);
    return rc;
}

/* acc += a chance child's values (kid, zeroed at the hands holding its card), and those
 * of its twins: the values of the hands with the twin's suit and the kept card's swapped. */
static void add_child(const of_engine *e, int p, const chance_child *ch, double *kid,
                      double *acc) {
    size_t n = e->n[p];
    uint64_t bit = (uint64_t)1 << ch->card;
    for (size_t i = 0; i < n; i++)
        if (e->hand_mask[p][i] & bit) kid[i] = 0.0;
    for (size_t i = 0; i < n; i++) acc[i] += kid[i];
    for (int t = 0; t < ch->n_twins; t++) {
        const int32_t *perm = e->perm[p][swap_index(ch->card % 4, ch->twins[t])];
        for (size_t i = 0; i < n; i++) acc[i] += kid[perm[i]];
    }
}

static int run_group(of_engine *e, worker *w, int depth);

/* The group below chance nodes for their child of number ci (the same card for each: the
 * nodes share a board): each node's child segment a member, its reaches those at the node
 * with the hands holding the card taken out. */
static void child_group(of_engine *e, level *C, const uint32_t *nodes, const double *const *opp,
                        const double *const *own, size_t count, uint32_t ci) {
    int p = e->pass_player, q = 1 - p;
    size_t width = e->walk->width;
    uint32_t base = 0;
    C->n_mem = count;
    C->used = C->sig_used = 0;
    for (size_t x = 0; x < count; x++) {
        const chance_child *ch = &e->chance[e->nodes[nodes[x]].first + ci];
        uint64_t bit = (uint64_t)1 << ch->card;
        member *m = &C->mem[x];
        double *mo = C->mask_opp + width * x, *mw = C->mask_own + width * x;
        for (size_t j = 0; j < e->n[q]; j++) mo[j] = e->hand_mask[q][j] & bit ? 0.0 : opp[x][j];
        if (own[x])
            for (size_t i = 0; i < e->n[p]; i++)
                mw[i] = e->hand_mask[p][i] & bit ? 0.0 : own[x][i];
        m->seg = ch->seg;
        m->lo = 0;
        m->hi = e->segs[ch->seg].count;
        m->base = base;
        m->opp = mo;
        m->own = own[x] ? mw : NULL;
        base += m->hi;
    }
}

/* The chance nodes of the group at level L (depth d): each one's value, from the groups
 * below it, one a kept card. */
static int chance_values(of_engine *e, worker *w, level *L, int depth) {
    int p = e->pass_player;
    size_t width = e->walk->width, count = 0;
    for (size_t g = 0; g < L->n_mem; g++) {
        const member *m = &L->mem[g];
        const segment *s = &e->segs[m->seg];
        for (uint32_t pos = m->lo; pos < m->hi; pos++) {
            if (e->nodes[s->start + pos].kind != OF_NODE_CHANCE) continue;
            L->sd[count] = slot_of(m, pos);
            L->sd_node[count++] = s->start + pos;
        }
    }
    if (!count) return OF_OK;
    level *C = &w->lv[depth + 1];
    const double **opp = malloc(sizeof(double *) * 2 * count);
    if (!opp) return OF_ERR_NOMEM;
    const double **own = opp + count;
    for (size_t x = 0; x < count; x++) {
        opp[x] = L->opp[L->sd[x]];
        own[x] = L->own[L->sd[x]];
        memset(L->val + width * L->sd[x], 0, sizeof(double) * e->n[p]);
    }
    uint32_t kept = e->nodes[L->sd_node[0]].n_children;
    int rc = OF_OK;
    for (uint32_t ci = 0; ci < kept && rc == OF_OK; ci++) {
        child_group(e, C, L->sd_node, opp, own, count, ci);
        rc = run_group(e, w, depth + 1);
        for (size_t x = 0; x < count && rc == OF_OK; x++)
            add_child(e, p, &e->chance[e->nodes[L->sd_node[x]].first + ci],
                      C->val + width * C->mem[x].base, L->val + width * L->sd[x]);
    }
    for (size_t x = 0; x < count; x++) {
        double deals = 52.0 - e->segs[e->nodes[L->sd_node[x]].seg].n_dealt - 8.0;
        double *v = L->val + width * L->sd[x];
        for (size_t i = 0; i < e->n[p]; i++) v[i] /= deals;
    }
    free(opp);
    return rc;
}

/* A best response keeps the locks: a locked hand's value is its locked strategy's. */
static void locked_values(const of_engine *e, const arena_node *nd, const double *const *kv,
                          double *strat, double *v) {
    size_t n = e->n[nd->player];
    const uint8_t *lock = e->locked + nd->offset;
    node_strategy(e, nd, 1, strat);
    for (size_t i = 0; i < n; i++) {
        if (!lock[i]) continue;
        double x = 0.0;
        for (int a = 0; a < nd->n_children; a++) x += strat[(size_t)a * n + i] * kv[a][i];
        v[i] = x;
    }
}

/* Up a member: p's values at every position of [lo, hi), but the chance nodes' (valued
 * already) and the folds the batch valued; the update at p's action nodes. */
static void walk_up(of_engine *e, worker *w, level *L, const member *m) {
    int p = e->pass_player, mode = e->pass_mode;
    size_t n = e->n[p], width = e->walk->width;
    const segment *s = &e->segs[m->seg];
    for (uint32_t pos = m->hi; pos-- > m->lo;) {
        const arena_node *nd = &e->nodes[s->start + pos];
        uint32_t at = slot_of(m, pos);
        double *v = L->val + width * at;
        if (nd->kind == OF_NODE_FOLD) {
            if (L->done[at]) continue;
            const double *c = e->t_contrib + 2 * nd->tmpl;
            double size = e->spec.pot + c[0] + c[1];
            double pay = nd->player == p ? -c[p] : size - rake_of(e, size) - c[p];
            fold_sums(e, p, L->opp[at], v, w->acc);
            for (size_t i = 0; i < n; i++) v[i] *= pay;
            continue;
        }
        if (nd->kind != OF_NODE_ACTION) continue;
        int A = nd->n_children;
        const uint32_t *kids = e->kids + nd->first;
        const double *kv[ENGINE_MAX_ACTIONS] = {NULL};
        for (int a = 0; a < A; a++) kv[a] = L->val + width * slot_of(m, e->nodes[kids[a]].pos);
        if (nd->player != p) {
            memcpy(v, kv[0], sizeof(double) * n);
            for (int a = 1; a < A; a++)
                for (size_t i = 0; i < n; i++) v[i] += kv[a][i];
        } else if (mode == OF_ENGINE_BR) {
            memcpy(v, kv[0], sizeof(double) * n);
            for (int a = 1; a < A; a++)
                for (size_t i = 0; i < n; i++) v[i] = kv[a][i] > v[i] ? kv[a][i] : v[i];
            if (e->locked) locked_values(e, nd, kv, w->strat, v);
        } else {
            const double *sigma = w->strat;
            if (mode == OF_ENGINE_CFR) sigma = L->sigma[at];
            else node_strategy(e, nd, 1, w->strat);
            for (size_t i = 0; i < n; i++) v[i] = sigma[i] * kv[0][i];
            for (int a = 1; a < A; a++) {
                const double *sa = sigma + (size_t)a * n, *va = kv[a];
                for (size_t i = 0; i < n; i++) v[i] += sa[i] * va[i];
            }
            if (mode == OF_ENGINE_CFR) node_update(e, nd, sigma, kv, v, L->own[at], w->tmp);
        }
    }
}

/* The group set at depth d: down, the chance nodes, the river terminals, up. */
static int run_group(of_engine *e, worker *w, int depth) {
    level *L = &w->lv[depth];
    L->used = L->sig_used = 0;
    for (size_t g = 0; g < L->n_mem; g++) walk_down(e, L, &L->mem[g]);
    int rc = chance_values(e, w, L, depth);
    if (rc == OF_OK) rc = terminals(e, w, L, 1);
    for (size_t g = 0; g < L->n_mem && rc == OF_OK; g++) walk_up(e, w, L, &L->mem[g]);
    return rc;
}

/* ---- a pass ---- */

/* Task ci of a pass: the group below the top segment's chance nodes for their child ci;
 * each member's root values into its row of task_out. */
static int top_task(void *ctx, int worker_id, size_t task) {
    of_engine *e = ctx;
    struct walk_state *ws = e->walk;
    size_t ci = ws->owned[task];
    level *L0 = &ws->w[0].lv[0];
    worker *w = &ws->w[worker_id];
    level *C = &w->lv[1];
    const double **opp = malloc(sizeof(double *) * 2 * ws->n_top);
    if (!opp) return OF_ERR_NOMEM;
    const double **own = opp + ws->n_top;
    for (size_t x = 0; x < ws->n_top; x++) {
        opp[x] = L0->opp[L0->sd[x]];
        own[x] = L0->own[L0->sd[x]];
    }
    child_group(e, C, L0->sd_node, opp, own, ws->n_top, (uint32_t)ci);
    free(opp);
    int rc = run_group(e, w, 1);
    for (size_t x = 0; x < ws->n_top && rc == OF_OK; x++)
        memcpy(ws->task_out + ws->width * (ci * ws->n_top + x), C->val + ws->width * C->mem[x].base,
               sizeof(double) * e->n[e->pass_player]);
    return rc;
}

/* Down the top segment for a pass of `player`: its chance nodes' slots and nodes into sd
 * and sd_node; their number. */
static size_t top_down(of_engine *e, int player, int mode) {
    struct walk_state *ws = e->walk;
    e->pass_player = player;
    e->pass_mode = mode;
    level *L = &ws->w[0].lv[0];
    L->n_mem = 1;
    L->mem[0].seg = 0;
    L->mem[0].lo = 0;
    L->mem[0].hi = e->segs[0].count;
    L->mem[0].base = 0;
    L->mem[0].opp = e->weights[1 - player];
    L->mem[0].own = mode == OF_ENGINE_CFR ? e->weights[player] : NULL;
    L->used = L->sig_used = 0;
    walk_down(e, L, &L->mem[0]);
    size_t top = 0;
    for (uint32_t k = 0; k < e->segs[0].count; k++)
        if (e->nodes[k].kind == OF_NODE_CHANCE) {
            L->sd[top] = k;
            L->sd_node[top++] = k;
        }
    return top;
}

/* Up the top segment, the parts' values in task_out: each chance node's value, the
 * terminals, the walk up; the root values into root_out. */
static int top_up(of_engine *e, size_t top, double *root_out) {
    struct walk_state *ws = e->walk;
    int player = e->pass_player;
    worker *w0 = &ws->w[0];
    level *L = &w0->lv[0];
    size_t width = ws->width, n = e->n[player];
    for (size_t x = 0; x < top; x++) {
        const arena_node *nd = &e->nodes[L->sd_node[x]];
        double *v = L->val + width * L->sd[x];
        memset(v, 0, sizeof(double) * n);
        for (uint32_t ci = 0; ci < nd->n_children; ci++)
            add_child(e, player, &e->chance[nd->first + ci],
                      ws->task_out + width * (ci * top + x), v);
        double deals = 52.0 - e->segs[0].n_dealt - 8.0;
        for (size_t i = 0; i < n; i++) v[i] /= deals;
    }
    int rc = terminals(e, w0, L, top ? 1 : ws->n_workers);
    if (rc == OF_OK) walk_up(e, w0, L, &L->mem[0]);
    if (rc == OF_OK) memcpy(root_out, L->val, sizeof(double) * n);
    return rc;
}

int walk_pass(of_engine *e, int player, int mode, double *root_out) {
    struct walk_state *ws = e->walk;
    if (e->spec.partial) return OF_ERR_ARG;   /* parts missing: see walk_pass_down */
    ws->down = -1;
    size_t top = top_down(e, player, mode);
    int rc = of_run_tasks(ws->n_workers, top ? ws->n_owned : 0, top_task, e);
    if (rc == OF_OK) rc = top_up(e, top, root_out);
    return rc;
}

int walk_pass_down(of_engine *e, int player, int mode, double *opp, double *own) {
    struct walk_state *ws = e->walk;
    if (!ws->n_top) return OF_ERR_ARG;
    size_t top = top_down(e, player, mode);
    const level *L = &ws->w[0].lv[0];
    for (size_t x = 0; x < top; x++) {
        memcpy(opp + x * e->n[1 - player], L->opp[L->sd[x]], sizeof(double) * e->n[1 - player]);
        if (mode == OF_ENGINE_CFR)
            memcpy(own + x * e->n[player], L->own[L->sd[x]], sizeof(double) * e->n[player]);
    }
    ws->down = player;
    return OF_OK;
}

int walk_pass_children(of_engine *e, int player, int mode, const double *opp,
                       const double *own, double *values) {
    struct walk_state *ws = e->walk;
    size_t top = ws->n_top, n = e->n[player];
    if (!top) return OF_ERR_ARG;
    e->pass_player = player;
    e->pass_mode = mode;
    ws->down = -1;   /* the top level's reaches are the caller's now */
    level *L = &ws->w[0].lv[0];
    size_t x = 0;
    for (uint32_t k = 0; k < e->segs[0].count; k++)
        if (e->nodes[k].kind == OF_NODE_CHANCE) {
            L->sd[x] = (uint32_t)x;
            L->sd_node[x] = k;
            L->opp[x] = opp + x * e->n[1 - player];
            L->own[x] = mode == OF_ENGINE_CFR ? own + x * n : NULL;
            x++;
        }
    int rc = of_run_tasks(ws->n_workers, ws->n_owned, top_task, e);
    for (size_t t = 0; t < ws->n_owned && rc == OF_OK; t++)
        for (x = 0; x < top; x++) {
            size_t row = ws->owned[t] * top + x;
            memcpy(values + row * n, ws->task_out + ws->width * row, sizeof(double) * n);
        }
    return rc;
}

int walk_pass_up(of_engine *e, const double *values, double *root_out) {
    struct walk_state *ws = e->walk;
    if (ws->down < 0) return OF_ERR_ARG;   /* no walk_pass_down before */
    size_t top = ws->n_top, n = e->n[ws->down];
    for (size_t row = 0; row < top * ws->n_cards; row++)
        memcpy(ws->task_out + ws->width * row, values + row * n, sizeof(double) * n);
    ws->down = -1;
    return top_up(e, top, root_out);
}

void walk_top(const of_engine *e, size_t *n_top, size_t *n_cards) {
    *n_top = e->walk->n_top;
    *n_cards = e->walk->n_cards;
}

/* The actor's values of each action at node k: the other player's reach at k under the
 * average strategies (down the path from the root), then an EV walk of k's subtree. */
int walk_action_values(of_engine *e, uint64_t k, double *values, double *met) {
    struct walk_state *ws = e->walk;
    const arena_node *nd = &e->nodes[k];
    int p = nd->player, q = 1 - p;
    size_t m = e->n[q], n = e->n[p];
    uint32_t path[256];
    int len = 0;
    for (uint64_t x = k; x != UINT32_MAX; x = e->nodes[x].parent) {
        if (len == 256) return OF_ERR_ARG;
        path[len++] = (uint32_t)x;
    }
    double *opp = malloc(sizeof(double) * (m ? m : 1));
    double *strat = malloc(sizeof(double) * ENGINE_MAX_ACTIONS * (m ? m : 1));
    if (!opp || !strat) { free(opp); free(strat); return OF_ERR_NOMEM; }
    memcpy(opp, e->weights[q], sizeof(double) * m);
    for (int at = len - 1; at > 0; at--) {
        const arena_node *up = &e->nodes[path[at]], *down = &e->nodes[path[at - 1]];
        if (down->card != 0xFF)
            for (size_t j = 0; j < m; j++)
                if (e->hand_mask[q][j] >> down->card & 1) opp[j] = 0.0;
        if (up->kind == OF_NODE_ACTION && up->player == q) {
            int a = 0;
            while (e->kids[up->first + a] != path[at - 1]) a++;
            node_strategy(e, up, 1, strat);
            for (size_t j = 0; j < m; j++) opp[j] *= strat[(size_t)a * m + j];
        }
    }
    free(strat);
    e->pass_player = p;
    e->pass_mode = OF_ENGINE_EV;
    worker *w0 = &ws->w[0];
    int depth = e->segs[nd->seg].depth;
    level *L = &w0->lv[depth];
    L->n_mem = 1;
    L->mem[0].seg = nd->seg;
    L->mem[0].lo = nd->pos;
    L->mem[0].hi = (uint32_t)nd->pos + nd->span;
    L->mem[0].base = 0;
    L->mem[0].opp = opp;
    L->mem[0].own = NULL;
    int rc = run_group(e, w0, depth);
    if (rc == OF_OK) {
        for (int a = 0; a < nd->n_children; a++) {
            const double *v = L->val + ws->width * slot_of(&L->mem[0],
                                                           e->nodes[e->kids[nd->first + a]].pos);
            memcpy(values + (size_t)a * n, v, sizeof(double) * n);
        }
        fold_sums(e, p, opp, met, w0->acc);
    }
    free(opp);
    return rc;
}

/* ---- the buffers ---- */

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
    size_t width = e->n[0] > e->n[1] ? e->n[0] : e->n[1];
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
        !L->r_pot ||
        !L->r_put || !L->rch || !L->sd || !L->sd_node || !L->row_of || !L->done)
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
    ws->width = e->n[0] > e->n[1] ? e->n[0] : e->n[1];
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
