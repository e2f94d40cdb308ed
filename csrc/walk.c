/* The engine's passes (arena.h): one walk of the arena for one player p, vectorised over
 * the hands.
 *
 * A segment is walked twice: down, in preorder, carrying the other player's reach (one
 * weight per hand of theirs) and, in a CFR pass, p's own reach; then up, in reverse
 * preorder, computing p's counterfactual values (one per hand of p): the fold payoffs
 * through the fold kernel, the segment's showdowns in one call of its river board's
 * prepared table, the chance nodes from their children's segments, and at p's action
 * nodes the DCFR update. Each position of a segment has one value buffer and the reaches
 * that its parent's action made (the others' reaches are shared, not copied).
 *
 * Threads: the chance children of the top segment (every turn card of a flop spot, every
 * river of a turn spot) are independent tasks between the top segment's walk down and its
 * walk up; the workers take them from one queue, started once a pass. Each task writes
 * only the storage of its own subtree and one row of values, and the rows are added in a
 * fixed order, so the result is the same for any number of threads.
 */
#include "platform.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"

typedef struct {
    double *slots;          /* reach arrays made in the segment: count of them, width each */
    size_t used;
    const double **opp;     /* per position: the other player's reach */
    const double **own;     /* per position: p's own reach (CFR passes), or NULL */
    double *val;            /* per position: p's values, width each */
    double *sig;            /* p's current strategies of a CFR pass, made on the way down */
    double **sigma;         /* per position of p's nodes: its strategy in sig */
    double *tmp_opp, *tmp_own, *kid;   /* a chance child's reaches and values */
    double *rows, *r_val, *r_reach;    /* a showdown batch: count rows of width */
    double *r_met;                     /* the batch's fold rows (times the pay) */
    double *r_pot, *r_put, *r_pay;     /* count each */
    uint32_t *sd;                      /* the batch's positions: showdowns, then folds */
    uint32_t *row_of, *call_of;        /* per position: a showdown's row, a fold's call */
    uint8_t *done;                     /* per position: a fold the batch valued */
} level;

typedef struct {
    level *lv;              /* levels 0 .. max_depth by segment depth (unused ones zero) */
    double *acc;            /* the fold kernel's accumulator */
    double *strat;          /* ENGINE_MAX_ACTIONS rows of width */
    double *tmp;            /* compact storage's update: 2 * ENGINE_MAX_ACTIONS rows */
    of_showdown_work *work[2];
} worker;

struct walk_state {
    int n_workers;
    worker *w;
    size_t width;           /* the larger range */
    size_t n_tasks;         /* the top segment's chance children */
    uint32_t *task_node, *task_child;
    uint32_t *task_first;   /* by top position: a chance node's first task */
    double *task_out;       /* n_tasks rows of width */
};

/* ---- strategies and the fold kernel ---- */

/* max(x, 0) without a branch: regrets' signs are as good as random from hand to hand, and
 * a mispredicted branch a hand cost more than the rest of regret matching */
static inline double positive(float x) {
    float y = x > 0.0f ? x : 0.0f;   /* maxss, not a jump */
    return (double)y;
}

/* hands a block of node_strategy: its totals live on the stack */
#define BLOCK 256

/* out[a][i] = x[a][i] / (sum over a of x[.][i]) for one block of hands (x clamped at 0
 * first for regrets), uniform where the total is 0; rows of stride n. One function a
 * storage type (float, and the compact int16 regrets and uint16 sums: their node's scale
 * cancels out). */
#define NORMALISE_BLOCK(name, type, POS)                                                   \
    static void name(const type *x, size_t n, int A, size_t len, int clamp, double *out) {  \
        double tot[BLOCK], inv[BLOCK], uni[BLOCK];                                         \
        for (size_t i = 0; i < len; i++) tot[i] = 0.0;                                     \
        for (int a = 0; a < A; a++) {                                                      \
            const type *r = x + (size_t)a * n;                                             \
            if (clamp)                                                                     \
                for (size_t i = 0; i < len; i++) tot[i] += POS(r[i]);                      \
            else                                                                           \
                for (size_t i = 0; i < len; i++) tot[i] += r[i];                           \
        }                                                                                  \
        for (size_t i = 0; i < len; i++) {                                                 \
            inv[i] = tot[i] > 0.0 ? 1.0 / tot[i] : 0.0;                                    \
            uni[i] = tot[i] > 0.0 ? 0.0 : 1.0 / A;                                         \
        }                                                                                  \
        for (int a = 0; a < A; a++) {                                                      \
            const type *r = x + (size_t)a * n;                                             \
            double *o = out + (size_t)a * n;                                               \
            if (clamp)                                                                     \
                for (size_t i = 0; i < len; i++) o[i] = POS(r[i]) * inv[i] + uni[i];       \
            else                                                                           \
                for (size_t i = 0; i < len; i++) o[i] = r[i] * inv[i] + uni[i];            \
        }                                                                                  \
    }

static inline double positive16(int16_t x) { return x > 0 ? (double)x : 0.0; }

NORMALISE_BLOCK(normalise_float, float, positive)
NORMALISE_BLOCK(normalise_int16, int16_t, positive16)
NORMALISE_BLOCK(normalise_uint16, uint16_t, (double))

void node_strategy(const of_engine *e, const arena_node *nd, int average, double *out) {
    size_t n = e->n[nd->player];
    int A = nd->n_children;
    for (size_t i0 = 0; i0 < n; i0 += BLOCK) {
        size_t len = n - i0 < BLOCK ? n - i0 : BLOCK, at = nd->offset + i0;
        if (!e->cregrets)
            normalise_float((average ? e->sums : e->regrets) + at, n, A, len, !average,
                            out + i0);
        else if (average)
            normalise_uint16(e->csums + at, n, A, len, 0, out + i0);
        else
            normalise_int16(e->cregrets + at, n, A, len, 1, out + i0);
    }
    if (!e->locked) return;
    const uint8_t *lock = e->locked + nd->offset;
    const float *S = e->sums + nd->offset;
    for (size_t i = 0; i < n; i++)
        if (lock[i])
            for (int a = 0; a < A; a++) out[(size_t)a * n + i] = S[(size_t)a * n + i];
}

size_t fold_acc_size(const of_engine *e, int p) {
    return 52 + 52 * 52 + e->fold[1 - p].n_triples + 1;
}

void fold_sums(const of_engine *e, int p, const double *opp, double *out, double *acc) {
    int q = 1 - p;
    const fold_kernel *hero = &e->fold[p], *vill = &e->fold[q];
    double *S1 = acc, *S2 = acc + 52, *S3 = acc + 52 + 52 * 52;
    memset(acc, 0, sizeof(double) * fold_acc_size(e, p));
    double total = 0.0;
    const uint8_t *vh = e->hands[q];
    for (size_t j = 0; j < e->n[q]; j++) {
        double w = opp[j];
        if (w == 0.0) continue;
        total += w;
        for (int k = 0; k < 4; k++) S1[vh[4 * j + k]] += w;
        for (int k = 0; k < 6; k++) S2[vill->pair[6 * j + k]] += w;
        for (int k = 0; k < 4; k++) S3[vill->own_triple[4 * j + k]] += w;
    }
    const uint8_t *hh = e->hands[p];
    for (size_t i = 0; i < e->n[p]; i++) {
        double x = total;
        for (int k = 0; k < 4; k++) x -= S1[hh[4 * i + k]];
        for (int k = 0; k < 6; k++) x += S2[hero->pair[6 * i + k]];
        for (int k = 0; k < 4; k++) x -= S3[hero->cross_triple[4 * i + k]];
        if (hero->same[i] >= 0) x += opp[hero->same[i]];
        out[i] = x;
    }
}

/* ---- the walk ---- */

static double rake_of(const of_engine *e, double size) {
    double r = e->spec.rake_pct * size;
    if (e->spec.rake_cap >= 0.0 && r > e->spec.rake_cap) r = e->spec.rake_cap;
    return r;
}

static int run_segment(of_engine *e, worker *w, uint32_t seg, uint32_t lo, uint32_t hi,
                       const double *opp_in, const double *own_in, int top);

/* Down from position lo: the reaches of every position below it in [lo, hi). */
static void walk_down(of_engine *e, worker *w, const segment *s, level *L, uint32_t lo,
                      uint32_t hi, const double *opp_in, const double *own_in) {
    int p = e->pass_player, q = 1 - p, mode = e->pass_mode;
    size_t width = e->walk->width, sig_used = 0;
    L->used = 0;
    L->opp[lo] = opp_in;
    L->own[lo] = own_in;
    for (uint32_t pos = lo; pos < hi; pos++) {
        const arena_node *nd = &e->nodes[s->start + pos];
        if (nd->kind != OF_NODE_ACTION) continue;
        int A = nd->n_children;
        const uint32_t *kids = e->kids + nd->first;
        if (nd->player == q) {
            size_t m = e->n[q];
            node_strategy(e, nd, mode != OF_ENGINE_CFR, w->strat);
            const double *o = L->opp[pos];
            for (int a = 0; a < A; a++) {
                uint32_t c = e->nodes[kids[a]].pos;
                double *slot = L->slots + width * L->used++;
                const double *sa = w->strat + (size_t)a * m;
                for (size_t j = 0; j < m; j++) slot[j] = o[j] * sa[j];
                L->opp[c] = slot;
                L->own[c] = L->own[pos];
            }
        } else {
            size_t n = e->n[p];
            const double *own = L->own[pos];
            if (own) {   /* kept for the update on the way up */
                L->sigma[pos] = L->sig + width * sig_used;
                sig_used += (size_t)A;
                node_strategy(e, nd, 0, L->sigma[pos]);
            }
            for (int a = 0; a < A; a++) {
                uint32_t c = e->nodes[kids[a]].pos;
                L->opp[c] = L->opp[pos];
                L->own[c] = NULL;
                if (!own) continue;
                double *slot = L->slots + width * L->used++;
                const double *sa = L->sigma[pos] + (size_t)a * n;
                for (size_t i = 0; i < n; i++) slot[i] = own[i] * sa[i];
                L->own[c] = slot;
            }
        }
    }
}

/* v[live[i]] = scale * x[i], and 0 for the hands not live on the board. */
static void scatter(double *v, size_t n, const uint32_t *live, size_t nl, const double *x,
                    double scale) {
    memset(v, 0, sizeof(double) * n);
    for (size_t i = 0; i < nl; i++) v[live[i]] = scale * x[i];
}

/* The terminals of [lo, hi) on a river: every showdown and fold in one call of the
 * board's prepared table. A fold of p next to a showdown (its call) meets the weight the
 * showdown met, so it takes that row's reach instead of a walk of its own. Marks the
 * folds done here; without a showdown in the range, the folds are left to fold_sums. */
static int terminals(of_engine *e, worker *w, const segment *s, level *L, uint32_t lo,
                     uint32_t hi) {
    int p = e->pass_player, q = 1 - p;
    size_t width = e->walk->width, k = 0, f = 0;
    uint64_t board = 0;
    for (uint32_t pos = lo; pos < hi; pos++) {
        const arena_node *nd = &e->nodes[s->start + pos];
        L->done[pos] = 0;
        if (nd->kind != OF_NODE_SHOWDOWN) continue;
        board = nd->offset;
        L->row_of[pos] = (uint32_t)k;
        L->sd[k++] = pos;
    }
    if (!k) return OF_OK;
    for (uint32_t pos = lo; pos < hi; pos++) {
        const arena_node *nd = &e->nodes[s->start + pos];
        if (nd->kind != OF_NODE_FOLD) continue;
        L->done[pos] = 1;
        L->call_of[pos] = UINT32_MAX;
        if (nd->player == p && nd->parent != UINT32_MAX && pos > lo) {
            const arena_node *up = &e->nodes[nd->parent];
            for (int a = 0; a < up->n_children; a++) {
                const arena_node *c = &e->nodes[e->kids[up->first + a]];
                if (c->kind == OF_NODE_SHOWDOWN && c->pos >= lo && c->pos < hi)
                    L->call_of[pos] = c->pos;
            }
        }
        if (L->call_of[pos] == UINT32_MAX) L->sd[k + f++] = pos;
    }
    const river_board *rb = &e->boards[board];
    size_t nl = rb->n_live[p], ml = rb->n_live[q];
    const uint32_t *hl = rb->live[p], *vl = rb->live[q];
    for (size_t r = 0; r < k + f; r++) {
        uint32_t pos = L->sd[r];
        const arena_node *nd = &e->nodes[s->start + pos];
        const double *c = e->t_contrib + 2 * nd->tmpl;
        double size = e->spec.pot + c[0] + c[1];
        if (r < k) {
            L->r_pot[r] = size - rake_of(e, size);
            L->r_put[r] = c[p];
        } else {
            L->r_pay[r - k] = nd->player == p ? -c[p] : size - rake_of(e, size) - c[p];
        }
        const double *o = L->opp[pos];
        double *row = L->rows + r * ml;
        for (size_t j = 0; j < ml; j++) row[j] = o[vl[j]];
    }
    size_t bad_row, bad_col;
    int rc = of_showdown_table_run(rb->table[p], &w->work[p], 1, L->rows, k, f, 1, L->r_val,
                                   L->r_reach, NULL, NULL, L->r_met, L->r_pot, L->r_put,
                                   L->r_pay, &bad_row, &bad_col);
    if (rc != OF_OK) return rc;
    size_t n = e->n[p];
    for (size_t r = 0; r < k; r++)
        scatter(L->val + width * L->sd[r], n, hl, nl, L->r_val + r * nl, 1.0);
    for (size_t r = 0; r < f; r++)   /* already times the pay */
        scatter(L->val + width * L->sd[k + r], n, hl, nl, L->r_met + r * nl, 1.0);
    for (uint32_t pos = lo; pos < hi; pos++) {
        const arena_node *nd = &e->nodes[s->start + pos];
        if (nd->kind != OF_NODE_FOLD || L->call_of[pos] == UINT32_MAX) continue;
        uint32_t r = L->row_of[L->call_of[pos]];
        scatter(L->val + width * pos, n, hl, nl, L->r_reach + r * nl,
                -e->t_contrib[2 * nd->tmpl + p]);
    }
    return OF_OK;
}

/* acc += a chance child's values (kid, zero at the hands holding its card), and those of
 * its twins: the values of the hands with the twin's suit and the kept card's swapped. */
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

/* A chance child's segment walked for reaches opp and own (hands holding its card taken
 * out); its root values into out. */
static int child_values(of_engine *e, worker *w, const chance_child *ch, const double *opp,
                        const double *own, double *out) {
    int p = e->pass_player, q = 1 - p;
    const segment *s = &e->segs[ch->seg];
    level *L = &w->lv[s->depth];
    uint64_t bit = (uint64_t)1 << ch->card;
    for (size_t j = 0; j < e->n[q]; j++) L->tmp_opp[j] = e->hand_mask[q][j] & bit ? 0.0 : opp[j];
    if (own)
        for (size_t i = 0; i < e->n[p]; i++)
            L->tmp_own[i] = e->hand_mask[p][i] & bit ? 0.0 : own[i];
    int rc = run_segment(e, w, ch->seg, 0, s->count, L->tmp_opp, own ? L->tmp_own : NULL, 0);
    if (rc != OF_OK) return rc;
    memcpy(out, L->val, sizeof(double) * e->n[p]);
    return OF_OK;
}

/* The DCFR update of p's node nd from its children's values kv and its value v under
 * the strategy sigma: each regret scaled by disc_pos (positive) or disc_neg, plus its
 * action's value less v; each strategy sum scaled by disc_avg, plus own reach times
 * sigma. A locked hand keeps its regrets and sums (its locked strategy). */
/* The update on compact storage: the node's numbers decoded with its scales, updated in
 * doubles (the worker's scratch), and encoded again with new scales, the largest
 * magnitude of each kind taking the whole 16-bit range (rounded to nearest). */
static void update_compact(const of_engine *e, worker *w, const arena_node *nd,
                           const double *sigma, const double *const *kv, const double *v,
                           const double *own) {
    size_t n = e->n[nd->player], count = (size_t)nd->n_children * n;
    double pos = e->disc_pos, neg = e->disc_neg, avg = e->disc_avg;
    int16_t *R = e->cregrets + nd->offset;
    uint16_t *S = e->csums + nd->offset;
    double rs = e->rscale[nd->id], ss = e->sscale[nd->id];
    double *nr = w->tmp, *ns = w->tmp + count, rmax = 0.0, smax = 0.0;
    for (int a = 0; a < nd->n_children; a++) {
        const double *va = kv[a], *sa = sigma + (size_t)a * n;
        const int16_t *r = R + (size_t)a * n;
        const uint16_t *sum = S + (size_t)a * n;
        double *xr = nr + (size_t)a * n, *xs = ns + (size_t)a * n;
        for (size_t i = 0; i < n; i++) {
            double x = r[i] * rs;
            double scale = neg + (pos - neg) * (double)(x > 0.0);
            xr[i] = x * scale + va[i] - v[i];
            xs[i] = sum[i] * ss * avg + own[i] * sa[i];
        }
    }
    for (size_t i = 0; i < count; i++) {
        double m = fabs(nr[i]);
        rmax = m > rmax ? m : rmax;
        smax = ns[i] > smax ? ns[i] : smax;
    }
    double rinv = rmax > 0.0 ? 32767.0 / rmax : 0.0, sinv = smax > 0.0 ? 65535.0 / smax : 0.0;
    for (size_t i = 0; i < count; i++) {
        R[i] = (int16_t)lrint(nr[i] * rinv);
        S[i] = (uint16_t)lrint(ns[i] * sinv);
    }
    e->rscale[nd->id] = (float)(rmax > 0.0 ? rmax / 32767.0 : 0.0);
    e->sscale[nd->id] = (float)(smax > 0.0 ? smax / 65535.0 : 0.0);
}

static void update(const of_engine *e, worker *w, const arena_node *nd, const double *sigma,
                   const double *const *kv, const double *v, const double *own) {
    size_t n = e->n[nd->player];
    int A = nd->n_children;
    double pos = e->disc_pos, neg = e->disc_neg, avg = e->disc_avg;
    if (e->cregrets) {
        update_compact(e, w, nd, sigma, kv, v, own);
        return;
    }
    float *R = e->regrets + nd->offset, *S = e->sums + nd->offset;
    const uint8_t *lock = e->locked ? e->locked + nd->offset : NULL;
    for (int a = 0; a < A; a++) {
        float *r = R + (size_t)a * n, *sum = S + (size_t)a * n;
        const double *va = kv[a], *sa = sigma + (size_t)a * n;
        if (!lock) {
            for (size_t i = 0; i < n; i++) {
                double x = r[i];
                double scale = neg + (pos - neg) * (double)(x > 0.0);   /* no branch */
                r[i] = (float)(x * scale + va[i] - v[i]);
                sum[i] = (float)(sum[i] * avg + own[i] * sa[i]);
            }
            continue;
        }
        for (size_t i = 0; i < n; i++) {
            if (lock[i]) continue;
            double x = r[i];
            r[i] = (float)(x * (x > 0.0 ? pos : neg) + va[i] - v[i]);
            sum[i] = (float)(sum[i] * avg + own[i] * sa[i]);
        }
    }
}

/* Up from hi - 1 to lo: p's values at every position of [lo, hi) (the update at p's
 * action nodes in a CFR pass). */
static int walk_up(of_engine *e, worker *w, const segment *s, level *L, uint32_t lo,
                   uint32_t hi, int top) {
    int p = e->pass_player, mode = e->pass_mode;
    size_t n = e->n[p], width = e->walk->width;
    int rc = terminals(e, w, s, L, lo, hi);
    if (rc != OF_OK) return rc;
    for (uint32_t pos = hi; pos-- > lo;) {
        const arena_node *nd = &e->nodes[s->start + pos];
        double *v = L->val + width * pos;
        if (nd->kind == OF_NODE_FOLD) {
            if (L->done[pos]) continue;
            const double *c = e->t_contrib + 2 * nd->tmpl;
            double size = e->spec.pot + c[0] + c[1];
            double pay = nd->player == p ? -c[p] : size - rake_of(e, size) - c[p];
            fold_sums(e, p, L->opp[pos], v, w->acc);
            for (size_t i = 0; i < n; i++) v[i] *= pay;
        } else if (nd->kind == OF_NODE_CHANCE) {
            memset(v, 0, sizeof(double) * n);
            for (uint32_t c = 0; c < nd->n_children; c++) {
                const chance_child *ch = &e->chance[nd->first + c];
                if (top) {
                    double *row = e->walk->task_out + width * (e->walk->task_first[pos] + c);
                    add_child(e, p, ch, row, v);
                    continue;
                }
                rc = child_values(e, w, ch, L->opp[pos], L->own[pos], L->kid);
                if (rc != OF_OK) return rc;
                add_child(e, p, ch, L->kid, v);
            }
            double deals = 52.0 - e->segs[nd->seg].n_dealt - 8.0;
            for (size_t i = 0; i < n; i++) v[i] /= deals;
        } else if (nd->kind == OF_NODE_ACTION) {
            int A = nd->n_children;
            const uint32_t *kids = e->kids + nd->first;
            const double *kv[ENGINE_MAX_ACTIONS] = {NULL};
            for (int a = 0; a < A; a++) kv[a] = L->val + width * e->nodes[kids[a]].pos;
            if (nd->player != p) {
                memcpy(v, kv[0], sizeof(double) * n);
                for (int a = 1; a < A; a++)
                    for (size_t i = 0; i < n; i++) v[i] += kv[a][i];
            } else if (mode == OF_ENGINE_BR) {
                memcpy(v, kv[0], sizeof(double) * n);
                for (int a = 1; a < A; a++)
                    for (size_t i = 0; i < n; i++) if (kv[a][i] > v[i]) v[i] = kv[a][i];
            } else {
                const double *sigma = w->strat;
                if (mode == OF_ENGINE_CFR) sigma = L->sigma[pos];
                else node_strategy(e, nd, 1, w->strat);
                for (size_t i = 0; i < n; i++) v[i] = sigma[i] * kv[0][i];
                for (int a = 1; a < A; a++) {
                    const double *sa = sigma + (size_t)a * n, *va = kv[a];
                    for (size_t i = 0; i < n; i++) v[i] += sa[i] * va[i];
                }
                if (mode == OF_ENGINE_CFR) update(e, w, nd, sigma, kv, v, L->own[pos]);
            }
        }
    }
    return OF_OK;
}

static int run_segment(of_engine *e, worker *w, uint32_t seg, uint32_t lo, uint32_t hi,
                       const double *opp_in, const double *own_in, int top) {
    const segment *s = &e->segs[seg];
    level *L = &w->lv[s->depth];
    walk_down(e, w, s, L, lo, hi, opp_in, own_in);
    return walk_up(e, w, s, L, lo, hi, top);
}

/* ---- a pass ---- */

static int top_task(void *ctx, int worker_id, size_t t) {
    of_engine *e = ctx;
    struct walk_state *ws = e->walk;
    level *L0 = &ws->w[0].lv[0];
    const arena_node *nd = &e->nodes[ws->task_node[t]];
    const chance_child *ch = &e->chance[ws->task_child[t]];
    return child_values(e, &ws->w[worker_id], ch, L0->opp[nd->pos], L0->own[nd->pos],
                        ws->task_out + ws->width * t);
}

int walk_pass(of_engine *e, int player, int mode, double *root_out) {
    struct walk_state *ws = e->walk;
    e->pass_player = player;
    e->pass_mode = mode;
    worker *w0 = &ws->w[0];
    const segment *s = &e->segs[0];
    level *L = &w0->lv[0];
    walk_down(e, w0, s, L, 0, s->count, e->weights[1 - player],
              mode == OF_ENGINE_CFR ? e->weights[player] : NULL);
    int rc = of_run_tasks(ws->n_workers, ws->n_tasks, top_task, e);
    if (rc != OF_OK) return rc;
    rc = walk_up(e, w0, s, L, 0, s->count, 1);
    if (rc != OF_OK) return rc;
    memcpy(root_out, L->val, sizeof(double) * e->n[player]);
    return OF_OK;
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
        if (down->card != 0xFF) {
            for (size_t j = 0; j < m; j++)
                if (e->hand_mask[q][j] >> down->card & 1) opp[j] = 0.0;
        }
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
    const segment *s = &e->segs[nd->seg];
    int rc = run_segment(e, w0, nd->seg, nd->pos, (uint32_t)nd->pos + nd->span, opp, NULL, 0);
    if (rc == OF_OK) {
        level *L = &w0->lv[s->depth];
        for (int a = 0; a < nd->n_children; a++) {
            const double *v = L->val + ws->width * e->nodes[e->kids[nd->first + a]].pos;
            memcpy(values + (size_t)a * n, v, sizeof(double) * n);
        }
        fold_sums(e, p, opp, met, w0->acc);
    }
    free(opp);
    return rc;
}

/* ---- the buffers ---- */

/* the largest segment at each depth */
static void level_sizes(const of_engine *e, uint32_t *count) {
    for (int d = 0; d <= e->max_depth; d++) count[d] = 0;
    for (size_t g = 0; g < e->n_segs; g++)
        if (e->segs[g].count > count[e->segs[g].depth]) count[e->segs[g].depth] = e->segs[g].count;
}

static size_t level_doubles(size_t count, size_t width) {
    return width * (count * 4 + 3 + count * 4) + 7 * count;   /* see level_alloc */
}

static int top_tasks(const of_engine *e) {
    size_t t = 0;
    for (uint32_t k = 0; k < e->segs[0].count; k++)
        if (e->nodes[k].kind == OF_NODE_CHANCE) t += e->nodes[k].n_children;
    return (int)(t < 1 ? 1 : t);
}

uint64_t walk_bytes(const of_engine *e) {
    uint32_t count[4];
    level_sizes(e, count);
    size_t width = e->n[0] > e->n[1] ? e->n[0] : e->n[1];
    int workers = of_runner_workers(e->threads, (size_t)top_tasks(e));
    uint64_t bytes = 0;
    for (int d = 0; d <= e->max_depth; d++) {
        uint64_t one = sizeof(double) * level_doubles(count[d], width) +
                       (3 * sizeof(double *) + sizeof(uint32_t)) * count[d];
        bytes += one * (d == 0 ? 1 : (uint64_t)workers);
    }
    size_t acc = fold_acc_size(e, 0) > fold_acc_size(e, 1) ? fold_acc_size(e, 0)
                                                          : fold_acc_size(e, 1);
    bytes += (uint64_t)workers * sizeof(double) * (acc + ENGINE_MAX_ACTIONS * width *
                                                  (e->spec.storage == OF_STORAGE_COMPACT ? 3 : 1));
    bytes += (uint64_t)top_tasks(e) * (sizeof(double) * width + 8);
    /* a showdown work area: about the accumulator and 6 doubles a hand, each side */
    if (e->n_boards) bytes += (uint64_t)workers * 2 * sizeof(double) * (150000 + 6 * width);
    return bytes;
}

static int level_alloc(level *L, size_t count, size_t width) {
    size_t c = count ? count : 1;
    L->slots = malloc(sizeof(double) * width * c);
    L->opp = malloc(sizeof(double *) * c);
    L->own = malloc(sizeof(double *) * c);
    L->val = malloc(sizeof(double) * width * c);
    L->sig = malloc(sizeof(double) * width * c);
    L->sigma = malloc(sizeof(double *) * c);
    L->tmp_opp = malloc(sizeof(double) * width);
    L->tmp_own = malloc(sizeof(double) * width);
    L->kid = malloc(sizeof(double) * width);
    L->rows = malloc(sizeof(double) * width * c);
    L->r_val = malloc(sizeof(double) * width * c);
    L->r_reach = malloc(sizeof(double) * width * c);
    L->r_met = malloc(sizeof(double) * width * c);
    L->r_pot = malloc(sizeof(double) * c);
    L->r_put = malloc(sizeof(double) * c);
    L->r_pay = malloc(sizeof(double) * c);
    L->sd = malloc(sizeof(uint32_t) * c);
    L->row_of = malloc(sizeof(uint32_t) * c);
    L->call_of = malloc(sizeof(uint32_t) * c);
    L->done = calloc(c, 1);
    if (!L->slots || !L->opp || !L->own || !L->val || !L->sig || !L->sigma || !L->tmp_opp ||
        !L->tmp_own || !L->kid ||
        !L->rows || !L->r_val || !L->r_reach || !L->r_met || !L->r_pot || !L->r_put ||
        !L->r_pay || !L->sd || !L->row_of || !L->call_of || !L->done)
        return OF_ERR_NOMEM;
    return OF_OK;
}

static void level_free(level *L) {
    free(L->slots); free(L->opp); free(L->own); free(L->val); free(L->sig); free(L->sigma);
    free(L->tmp_opp);
    free(L->tmp_own); free(L->kid); free(L->rows); free(L->r_val); free(L->r_reach);
    free(L->r_met); free(L->r_pot); free(L->r_put); free(L->r_pay);
    free(L->sd); free(L->row_of); free(L->call_of); free(L->done);
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
    free(ws->task_node);
    free(ws->task_child);
    free(ws->task_first);
    free(ws->task_out);
    free(ws);
    e->walk = NULL;
}

int walk_alloc(of_engine *e) {
    struct walk_state *ws = calloc(1, sizeof *ws);
    if (!ws) return OF_ERR_NOMEM;
    e->walk = ws;
    ws->width = e->n[0] > e->n[1] ? e->n[0] : e->n[1];
    if (ws->width < 1) ws->width = 1;
    size_t n_tasks = 0;
    const segment *top = &e->segs[0];
    for (uint32_t k = 0; k < top->count; k++)
        if (e->nodes[k].kind == OF_NODE_CHANCE) n_tasks += e->nodes[k].n_children;
    ws->n_tasks = n_tasks;
    size_t t1 = n_tasks ? n_tasks : 1;
    ws->task_node = malloc(sizeof(uint32_t) * t1);
    ws->task_child = malloc(sizeof(uint32_t) * t1);
    ws->task_first = calloc(top->count ? top->count : 1, sizeof(uint32_t));
    ws->task_out = malloc(sizeof(double) * ws->width * t1);
    if (!ws->task_node || !ws->task_child || !ws->task_first || !ws->task_out)
        return OF_ERR_NOMEM;
    size_t t = 0;
    for (uint32_t k = 0; k < top->count; k++) {
        if (e->nodes[k].kind != OF_NODE_CHANCE) continue;
        ws->task_first[k] = (uint32_t)t;
        for (uint32_t c = 0; c < e->nodes[k].n_children; c++, t++) {
            ws->task_node[t] = k;
            ws->task_child[t] = e->nodes[k].first + c;
        }
    }
    ws->n_workers = of_runner_workers(e->threads, t1);
    ws->w = calloc((size_t)ws->n_workers, sizeof(worker));
    if (!ws->w) return OF_ERR_NOMEM;
    uint32_t count[4];
    level_sizes(e, count);
    size_t acc = fold_acc_size(e, 0) > fold_acc_size(e, 1) ? fold_acc_size(e, 0)
                                                          : fold_acc_size(e, 1);
    for (int i = 0; i < ws->n_workers; i++) {
        worker *w = &ws->w[i];
        w->lv = calloc((size_t)e->max_depth + 1, sizeof(level));
        w->acc = malloc(sizeof(double) * acc);
        w->strat = malloc(sizeof(double) * ENGINE_MAX_ACTIONS * ws->width);
        w->tmp = e->cregrets ? malloc(sizeof(double) * 2 * ENGINE_MAX_ACTIONS * ws->width) : NULL;
        if (!w->lv || !w->acc || !w->strat || (e->cregrets && !w->tmp)) return OF_ERR_NOMEM;
        for (int d = i == 0 ? 0 : 1; d <= e->max_depth; d++)
            if (level_alloc(&w->lv[d], count[d], ws->width) != OF_OK) return OF_ERR_NOMEM;
        if (e->n_boards) {
            for (int p = 0; p < 2; p++) {
                w->work[p] = of_showdown_work_sized(e->n[p], e->n[1 - p]);
                if (!w->work[p]) return OF_ERR_NOMEM;
            }
        }
    }
    return OF_OK;
}
