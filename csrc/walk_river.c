/* The river terminals of a group (walk.h): its showdowns in one call of the board's
 * prepared table, whose reaches also give most river folds their sums. */
#include "platform.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "walk.h"

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
int walk_terminals(of_engine *e, worker *w, level *L, int threads) {
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
        const arena_node *nd = &e->nodes[L->sd_node[r]];
        L->r_pot[r] = pot_after_rake(e, nd);
        L->r_put[r] = put_by(e, nd, p);
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
