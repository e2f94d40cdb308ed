/* The engine's passes (arena.h): one walk of the arena for one player p, vectorised over
 * the hands.
 *
 * The walk goes by groups: the segments that the same cards lead to (every river segment
 * of one turn line's river card shares its board with those of the other lines). A group
 * is walked down, in preorder, carrying the other player's reach (one weight per hand of
 * theirs) and, in a CFR pass, p's own reach; then its chance nodes are valued, one group
 * below for each card kept there; then all its river showdowns (those of every segment in
 * it, one board) go to the board's prepared table in one call, whose walks carry up to
 * eight rows side by side (sixteen in a CFR pass, in single precision), and its river
 * folds are summed from the showdowns' reaches (walk_river.c); then it is walked up, in
 * reverse preorder, computing p's counterfactual values (one per hand of p): the other
 * folds through the fold kernel, and at p's action nodes the DCFR update. Each position
 * has one value buffer and the reach its parent's action made (the other reaches are
 * shared, not copied).
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
#include "walk.h"

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
            double pay = fold_pay(e, nd, p);
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
    if (rc == OF_OK) rc = walk_terminals(e, w, L, 1);
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
    int rc = walk_terminals(e, w0, L, top ? 1 : ws->n_workers);
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
