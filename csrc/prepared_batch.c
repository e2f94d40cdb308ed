/* Prepared showdowns, batched (prepared.h): a batch (k rows of weights: showdown rows, then
 * fold rows) is cut into units, a walk of up to LANES rows side by side (LANES32 in the
 * float walks of prepared_single.c) or a single row, which the threads take from one
 * queue, the costliest first. A solver may ask for showdown rows as chips (value * pot -
 * reach * hero_put) and fold rows times what the fold pays, computed in the units'
 * threads.
 */
#include "platform.h"

#include <float.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "eval.h"
#include "omaha_fast.h"
#include "prepared.h"
#include "runner.h"
#include "showdown.h"

/* ---- several weight vectors in one walk: LANES of them side by side ---- */

/* The lane buffers of w, made on first use. 0 or OF_ERR_NOMEM. */
static int lanes_ready(of_showdown_work *w) {
    if (w->acc_l) return OF_OK;
    size_t n1 = w->n ? w->n : 1, m1 = w->m ? w->m : 1;
    w->acc_l = calloc((size_t)ACC_CAP * LANES, sizeof(double));
    w->same_l = malloc(sizeof(double) * (w->n_uid + 1) * LANES);
    w->w_l = calloc((m1 + 1) * LANES, sizeof(double));
    w->out_l = malloc(sizeof(double) * 3 * n1 * LANES);
    if (!w->acc_l || !w->same_l || !w->w_l || !w->out_l) {
        free(w->acc_l); free(w->same_l); free(w->w_l); free(w->out_l);
        w->acc_l = w->same_l = w->w_l = w->out_l = NULL;
        return OF_ERR_NOMEM;
    }
    return OF_OK;
}

/* Check L rows of weights as load_weights does (villain j's weight in row l at
 * rows[l][j], or rows[l][gather[j]] with a gather), lay them out hand-major in walk order
 * in w->w_l, LANES lanes a hand (lanes L.. hold 0, and row m too), and unless the
 * villains are distinct, sum them by uid into w->same_l in villain order. Returns the bad
 * column (*bad_lane its row in the block; the first bad row, as row by row), m when a
 * row's sum overflows, or -1. */
static long long load_lanes(const of_showdown_table *t, of_showdown_work *w,
                            const double *const *rows, const uint32_t *gather, size_t L,
                            size_t *bad_lane) {
    size_t m = t->m;
    double *wl = w->w_l;
    double total[LANES] = {0.0};
    int bad = 0;
    double *same = w->same_l;
    if (!t->same_is_weight) memset(same, 0, sizeof(double) * (t->n_uid + 1) * LANES);
    memset(wl + m * LANES, 0, sizeof(double) * LANES);   /* a larger table's may lie there */
    for (size_t j = 0; j < m; j++) {     /* the L rows read side by side, in one pass */
        double *d = wl + (size_t)t->v_pos[j] * LANES;
        size_t g = gather ? gather[j] : j;
        for (size_t l = 0; l < L; l++) {
            double x = rows[l][g];
            bad |= !(x >= 0.0 && x <= DBL_MAX);   /* NaN fails both */
            total[l] += x;
            d[l] = x;
        }
        for (size_t l = L; l < LANES; l++) d[l] = 0.0;
        if (t->same_is_weight) continue;
        double *sl = same + (size_t)t->v_uid[j] * LANES;
        for (size_t l = 0; l < L; l++) sl[l] += d[l];
    }
    for (size_t l = 0; l < L; l++) bad |= !(total[l] <= DBL_MAX);
    if (bad) {                            /* find the first bad row, as row by row */
        for (size_t l = 0; l < L; l++) {
            double sum = 0.0;
            *bad_lane = l;
            for (size_t j = 0; j < m; j++) {
                double x = rows[l][gather ? gather[j] : j];
                if (!(x >= 0.0 && x <= DBL_MAX)) return (long long)j;
                sum += x;
            }
            if (!(sum <= DBL_MAX)) return (long long)m;
        }
    }
    return -1;
}

/* acc_add, acc_clear and acc_disjoint on LANES lanes: cell c of lane l at S[c * LANES + l]; each
 * lane sums its numbers in the order of the one-vector functions, so the results are the
 * same to the bit. A villain of weight 0 in every lane is not added (adding zeros changes
 * no sum; after a few iterations most of a solver's reaches are exact zeros): lane_add
 * says whether it added. */
#if LANES == 8 && (defined(__SSE2__) || defined(_M_X64) || \
                   (defined(_M_IX86_FP) && _M_IX86_FP >= 2)) && !defined(OF_NO_SIMD)
/* The compilers left this loop scalar (eight loads, adds and stores a cell, the hottest
 * code of a walk): written with SSE2, the x86-64 baseline, it is four of each, the same
 * additions. (OF_NO_SIMD: the portable loop on x86 too, to test it.) */
#include <emmintrin.h>
static inline int lane_add(double *restrict S, const rec *r, const double *restrict x) {
    const uint16_t *at = r->at;
    __m128d x0 = _mm_loadu_pd(x), x1 = _mm_loadu_pd(x + 2), x2 = _mm_loadu_pd(x + 4),
            x3 = _mm_loadu_pd(x + 6);
    __m128i any = _mm_castpd_si128(_mm_or_pd(_mm_or_pd(x0, x1), _mm_or_pd(x2, x3)));
    if (_mm_movemask_epi8(_mm_cmpeq_epi8(any, _mm_setzero_si128())) == 0xFFFF) return 0;
    for (int k = -1; k < 14; k++) {          /* -1: the total, cell 0 */
        double *c = S + (k < 0 ? 0 : (size_t)at[k] * LANES);
        _mm_storeu_pd(c, _mm_add_pd(_mm_loadu_pd(c), x0));
        _mm_storeu_pd(c + 2, _mm_add_pd(_mm_loadu_pd(c + 2), x1));
        _mm_storeu_pd(c + 4, _mm_add_pd(_mm_loadu_pd(c + 4), x2));
        _mm_storeu_pd(c + 6, _mm_add_pd(_mm_loadu_pd(c + 6), x3));
    }
    return 1;
}
#else
static inline int lane_add(double *restrict S, const rec *r, const double *restrict x) {
    const uint16_t *at = r->at;
    int any = 0;
    for (size_t l = 0; l < LANES; l++) any |= x[l] != 0.0;
    if (!any) return 0;
    for (size_t l = 0; l < LANES; l++) S[l] += x[l];
    for (int k = 0; k < 14; k++) {
        double *restrict c = S + (size_t)at[k] * LANES;
        for (size_t l = 0; l < LANES; l++) c[l] += x[l];
    }
    return 1;
}
#endif

static inline void lane_clear(double *S, const rec *r) {
    const uint16_t *at = r->at;
    for (size_t l = 0; l < LANES; l++) S[l] = 0.0;
    for (int k = 0; k < 14; k++) {
        double *c = S + (size_t)at[k] * LANES;
        for (size_t l = 0; l < LANES; l++) c[l] = 0.0;
    }
}

static inline void lane_disjoint(const double *restrict S, const rec *r, double *restrict out) {
    const uint16_t *at = r->at;
    const double *c[14];
    for (int k = 0; k < 14; k++) c[k] = S + (size_t)at[k] * LANES;
    for (size_t l = 0; l < LANES; l++) {
        double one = c[0][l] + c[1][l] + c[2][l] + c[3][l];
        double two = c[4][l] + c[5][l] + c[6][l] + c[7][l] + c[8][l] + c[9][l];
        double three = c[10][l] + c[11][l] + c[12][l] + c[13][l];
        out[l] = S[l] - one + two - three;
    }
}

static void lanes_reset(double *S, const plan *p, size_t size) {
    size_t v_n = p->v_start[p->n_groups];
    if (v_n * 15 >= size) {
        memset(S, 0, sizeof(double) * size * LANES);
        return;
    }
    for (size_t t = 0; t < v_n; t++) lane_clear(S, &p->v[t]);
}

/* sweep on LANES lanes: out[row * LANES + l]. */
static void sweep_lanes(const plan *p, double *S, const double *wl, const double *same,
                        double *out) {
    double tmp[LANES] = {0.0};   /* all set below; zeroed for the compiler */
    for (size_t g = 0; g < p->n_groups; g++) {
        uint32_t h0 = p->h_start[g], h1 = p->h_start[g + 1];
        uint32_t v0 = p->v_start[g], v1 = p->v_start[g + 1];
        for (uint32_t t = h0; t < h1; t++)
            lane_disjoint(S, &p->h[t], out + (size_t)p->h[t].row * LANES);
        int added = 0;
        for (uint32_t t = v0; t < v1; t++)
            added |= lane_add(S, &p->v[t], wl + (size_t)p->v[t].row * LANES);
        if (added) {   /* ties: the group's villains added (none: each hero's sum is as it was) */
            for (uint32_t t = h0; t < h1; t++) {
                const rec *r = &p->h[t];
                const double *sm = same + (size_t)r->same * LANES;
                double *o = out + (size_t)r->row * LANES;
                lane_disjoint(S, r, tmp);
                for (size_t l = 0; l < LANES; l++) {
                    double leq = tmp[l] + sm[l];
                    o[l] = 0.5 * (o[l] + leq);
                }
            }
        }
    }
}

/* The reach of the heroes of p (whose villains are all added to S) into out, hand-major
 * by row. */
static void reach_lanes(const plan *p, const double *S, const double *same, double *out) {
    double tmp[LANES] = {0.0};   /* all set below; zeroed for the compiler */
    size_t h_n = p->h_start[p->n_groups];
    for (size_t k = 0; k < h_n; k++) {
        const rec *r = &p->h[k];
        const double *sm = same + (size_t)r->same * LANES;
        double *o = out + (size_t)r->row * LANES;
        lane_disjoint(S, r, tmp);
        for (size_t l = 0; l < LANES; l++) o[l] = tmp[l] + sm[l];
    }
}

/* Lanes 0..L-1 of a hand-major buffer in walk order into L rows of n in the caller's
 * order: one cache line a hand for all the lanes, then streams. */
static void lanes_out(const of_showdown_table *t, const double *in, size_t L, double *out) {
    size_t n = t->n;
    for (size_t i = 0; i < n; i++) {
        const double *x = in + (size_t)t->h_pos[i] * LANES;
        for (size_t l = 0; l < L; l++) out[l * n + i] = x[l];
    }
}

/* The sweeps of values_one for the rows loaded by load_lanes: each hero's value under
 * the high sweep at val, its reach at rch, and where the board makes lows, the low
 * sweeps' values at scr (every hero is in one of ls and hs0, so their two sweeps fill it
 * between them); hand-major in walk order, LANES lanes a hand. */
static void sweep_all_lanes(const of_showdown_table *t, of_showdown_work *w, double **val,
                            double **scr, double **rch) {
    double *S = w->acc_l;
    const double *wl = w->w_l, *same = t->same_is_weight ? wl : w->same_l;
    const plan *p = &t->hs;
    *val = w->out_l;
    *scr = w->out_l + w->n * LANES;
    *rch = w->out_l + 2 * w->n * LANES;
    sweep_lanes(p, S, wl, same, *val);
    reach_lanes(p, S, same, *rch);
    lanes_reset(S, p, t->acc_size);
    if (!t->any_low) return;
    sweep_lanes(&t->ls, S, wl, same, *scr);
    lanes_reset(S, &t->ls, t->acc_size);
    sweep_lanes(&t->hs0, S, wl, same, *scr);
    lanes_reset(S, &t->hs0, t->acc_size);
}

/* values_one for the L rows loaded by load_lanes: outputs are rows of n, the block's
 * first row at value, reach, high, low. */
static void values_lanes(const of_showdown_table *t, of_showdown_work *w, size_t L,
                         double *value, double *reach, double *high, double *low) {
    size_t n = t->n;
    double *val, *scr, *rch;
    sweep_all_lanes(t, w, &val, &scr, &rch);
    lanes_out(t, rch, L, reach);
    if (!t->any_low) {
        lanes_out(t, val, L, value);
        if (high) {
            lanes_out(t, val, L, high);
            for (size_t l = 0; l < L; l++) memset(low + l * n, 0, sizeof(double) * n);
        }
        return;
    }
    if (!high) {                 /* the value alone: a third of the writes */
        for (size_t i = 0; i < n; i++) {
            size_t at = (size_t)t->h_pos[i] * LANES;
            const double *v = val + at, *sc = scr + at;
            for (size_t l = 0; l < L; l++) value[l * n + i] = 0.5 * v[l] + 0.5 * sc[l];
        }
        return;
    }
    for (size_t i = 0; i < n; i++) {
        size_t at = (size_t)t->h_pos[i] * LANES;
        const double *v = val + at, *sc = scr + at;
        int has_low = t->h_has_low[i];
        for (size_t l = 0; l < L; l++) {
            double x = 0.5 * v[l] + 0.5 * sc[l], lo = has_low ? 0.5 * sc[l] : 0.0;
            value[l * n + i] = x;
            low[l * n + i] = lo;
            high[l * n + i] = x - lo;
        }
    }
}

/* The fold sums of the rows loaded by load_lanes, hand-major in walk order in w->out_l. */
static const double *blockers_sweep_lanes(const of_showdown_table *t, of_showdown_work *w) {
    double *S = w->acc_l;
    const double *wl = w->w_l;
    const plan *p = &t->hs;
    size_t v_n = p->v_start[p->n_groups];
    for (size_t k = 0; k < v_n; k++) lane_add(S, &p->v[k], wl + (size_t)p->v[k].row * LANES);
    reach_lanes(p, S, t->same_is_weight ? wl : w->same_l, w->out_l);
    lanes_reset(S, p, t->acc_size);
    return w->out_l;
}

/* blockers_one for the L rows loaded by load_lanes. */
static void blockers_lanes(const of_showdown_table *t, of_showdown_work *w, size_t L,
                           double *reach) {
    lanes_out(t, blockers_sweep_lanes(t, w), L, reach);
}

/* A batch is cut into units of work (a walk of up to LANES rows, LANES32 in float, or one
 * row) that the threads take in turn from a shared queue, the costliest first: rows of
 * showdown values and of fold sums in one call then share the threads, and a thread that
 * finishes early takes the next unit instead of waiting for a fixed share. Rows
 * [0, k_values) are showdowns, rows [k_values, k) fold sums. */
typedef struct {
    size_t first, count;      /* rows of weights */
    int blockers_only;
} batch_unit;

typedef struct {
    const of_showdown_table *t;
    const double *weights;
    const of_showdown_map *map;   /* or NULL: the rows' weights and outputs in place */
    double *value, *reach, *high, *low, *met;   /* met: the fold sums' rows */
    const double *pot, *hero_put;   /* per showdown row, or NULL: payoffs, not values */
    const double *fold_pay;         /* per fold row, or NULL: fold sums scaled */
    size_t k_values;
    int single;               /* the mapped walks in single precision where they fit */
    const batch_unit *units;
    size_t n_units;
    of_showdown_work **works; /* by the runner's worker */
    of_mutex lock;
    int rc;                   /* the failure of the lowest row, and where */
    size_t bad_row, bad_col;
} batch_queue;

/* One unit. OF_OK, OF_ERR_WEIGHT (*bad_row, *bad_col set) or OF_ERR_NOMEM. */
/* Fold rows' sums times what each fold pays. */
static void fold_payoffs(const batch_queue *q, size_t first, size_t count) {
    size_t n = q->t->n;
    for (size_t r = first; r < first + count; r++) {
        double *met = q->met + (r - q->k_values) * n, pay = q->fold_pay[r - q->k_values];
        for (size_t i = 0; i < n; i++) met[i] *= pay;
    }
}

/* A showdown row's values become payoffs: value * pot - reach * hero_put. */
static void payoffs(const batch_queue *q, size_t first, size_t count) {
    size_t n = q->t->n;
    for (size_t r = first; r < first + count; r++) {
        double *v = q->value + r * n;
        const double *reach = q->reach + r * n;
        double pot = q->pot[r], put = q->hero_put[r];
        for (size_t i = 0; i < n; i++) v[i] = v[i] * pot - reach[i] * put;
    }
}

/* A mapped unit's results (showdown rows first..first + L - 1) into the map's rows:
 * table hero i's numbers in lane l at [h_pos[i] * stride + l] (the lanes' walk order; a
 * single row has stride 1 and caller order, h_pos NULL). The value (with `halves`, half
 * val's plus half scr's) becomes the payoff value * pot - reach * hero_put, and the reach
 * goes where asked. */
static void emit_mapped(const batch_queue *q, size_t first, size_t L, int halves,
                        const double *val, const double *scr, const double *rch,
                        const uint32_t *h_pos, size_t stride) {
    const of_showdown_table *t = q->t;
    const of_showdown_map *map = q->map;
    double *dst[LANES], *dr[LANES] = {NULL}, a[LANES], b[LANES] = {0.0};
    for (size_t l = 0; l < L; l++) {
        size_t r = first + l;
        dst[l] = map->dst[r];
        memset(dst[l], 0, sizeof(double) * map->n_dst);
        a[l] = q->pot[r];
        b[l] = q->hero_put[r];
        dr[l] = map->dst_reach ? map->dst_reach[r] : NULL;
        if (dr[l]) memset(dr[l], 0, sizeof(double) * map->n_dst);
    }
    for (size_t i = 0; i < t->n; i++) {
        size_t at = (h_pos ? h_pos[i] : i) * stride, d = map->scatter[i];
        for (size_t l = 0; l < L; l++) {
            double x = halves ? 0.5 * val[at + l] + 0.5 * scr[at + l] : val[at + l];
            double reach = rch[at + l];
            dst[l][d] = x * a[l] - reach * b[l];
            if (dr[l]) dr[l][d] = reach;
        }
    }
}

/* Mapped showdown rows [r, r + L), L <= LANES: rows read through the map's gather,
 * results written through its scatter. */
static int run_mapped_rows(const batch_queue *q, of_showdown_work *w, size_t r, size_t L,
                           size_t *bad_row, size_t *bad_col) {
    const of_showdown_table *t = q->t;
    const of_showdown_map *map = q->map;
    size_t n = t->n, m = t->m;
    if (lanes_ready(w) != OF_OK) return OF_ERR_NOMEM;
    if (L >= 2) {
        size_t bad_lane = 0;
        long long bad = load_lanes(t, w, map->src + r, map->gather, L, &bad_lane);
        if (bad >= 0) {
            *bad_row = r + bad_lane;
            *bad_col = (size_t)bad;
            return OF_ERR_WEIGHT;
        }
        double *val = NULL, *scr = NULL, *rch = NULL;
        if (n) sweep_all_lanes(t, w, &val, &scr, &rch);
        emit_mapped(q, r, L, t->any_low, val, scr, rch, t->h_pos, LANES);
        return OF_OK;
    }
    /* one row: gathered into the lanes' weight buffer (at least m), then as in place */
    double *row = w->w_l, *val = w->out_l, *rch = w->out_l + (n ? n : 1);
    for (size_t j = 0; j < m; j++) row[j] = map->src[r][map->gather[j]];
    long long bad = prep_load_weights(t, w, row);
    if (bad >= 0) {
        *bad_row = r;
        *bad_col = (size_t)bad;
        return OF_ERR_WEIGHT;
    }
    if (n) prep_values_one(t, w, row, val, rch, NULL, NULL);
    emit_mapped(q, r, 1, 0, val, NULL, rch, NULL, 1);
    return OF_OK;
}

/* One mapped unit: a walk in single precision (up to LANES32 rows) where the queue asks
 * for one, or in double (up to LANES), or one row. A single-precision walk declined (its
 * weights are checked by the double walks) runs as double walks. */
static int run_mapped(const batch_queue *q, of_showdown_work *w, const batch_unit *u,
                      size_t *bad_row, size_t *bad_col) {
    size_t r = u->first, L = u->count;
    if (L > LANES || (q->single && L >= 2)) {
        int rc = prep_single_run(q->t, w, q->map, r, L, q->pot, q->hero_put);
        if (rc != PREP_DECLINED) return rc;
    }
    for (size_t done = 0; done < L;) {
        size_t part = L - done < LANES ? L - done : LANES;
        int rc = run_mapped_rows(q, w, r + done, part, bad_row, bad_col);
        if (rc != OF_OK) return rc;
        done += part;
    }
    return OF_OK;
}

static int run_unit(const batch_queue *q, of_showdown_work *w, const batch_unit *u,
                    size_t *bad_row, size_t *bad_col) {
    if (q->map) return run_mapped(q, w, u, bad_row, bad_col);
    const of_showdown_table *t = q->t;
    size_t n = t->n, m = t->m, r = u->first;
    /* the output rows: a fold sum's row counts from the first fold row */
    size_t out_row = u->blockers_only ? r - q->k_values : r;
    if (u->count >= 2) {
        double *reach = u->blockers_only ? q->met : q->reach;
        size_t bad_lane = 0;
        const double *rows[LANES];
        for (size_t l = 0; l < u->count; l++)
            rows[l] = m ? q->weights + (r + l) * m : q->weights;
        if (lanes_ready(w) != OF_OK) return OF_ERR_NOMEM;
        long long bad = load_lanes(t, w, rows, NULL, u->count, &bad_lane);
        if (bad >= 0) {
            *bad_row = r + bad_lane;
            *bad_col = (size_t)bad;
            return OF_ERR_WEIGHT;
        }
        if (!n) return OF_OK;
        size_t at = out_row * n;
        if (u->blockers_only) {
            blockers_lanes(t, w, u->count, reach + at);
            if (q->fold_pay) fold_payoffs(q, r, u->count);
            return OF_OK;
        }
        values_lanes(t, w, u->count, q->value + at, reach + at,
                     q->high ? q->high + at : NULL, q->low ? q->low + at : NULL);
        if (q->pot) payoffs(q, r, u->count);
        return OF_OK;
    }
    const double *wr = m ? q->weights + r * m : q->weights;   /* may be NULL */
    long long bad = prep_load_weights(t, w, wr);
    if (bad >= 0) {
        *bad_row = r;
        *bad_col = (size_t)bad;
        return OF_ERR_WEIGHT;
    }
    if (!n) return OF_OK;   /* nothing to write (the outputs may be NULL) */
    size_t at = out_row * n;
    if (u->blockers_only) {
        prep_blockers_one(t, w, wr, q->met + at);
        if (q->fold_pay) fold_payoffs(q, r, 1);
        return OF_OK;
    }
    prep_values_one(t, w, wr, q->value + at, q->reach + at, q->high ? q->high + at : NULL,
               q->low ? q->low + at : NULL);
    if (q->pot) payoffs(q, r, 1);
    return OF_OK;
}

/* Unit i, on the runner's worker `worker` (its work area). After a failure only units of
 * earlier rows run: the error is the first bad row, as row by row, whatever order the
 * units ran in (so a task never fails: the queue keeps the error). */
static int batch_task(void *ctx, int worker, size_t i) {
    batch_queue *q = ctx;
    const batch_unit *u = &q->units[i];
    of_mutex_lock(&q->lock);
    int skip = q->rc != OF_OK && u->first >= q->bad_row;
    of_mutex_unlock(&q->lock);
    if (skip) return OF_OK;
    size_t bad_row = 0, bad_col = 0;
    int rc = run_unit(q, q->works[worker], u, &bad_row, &bad_col);
    if (rc != OF_OK) {
        of_mutex_lock(&q->lock);
        if (q->rc == OF_OK || bad_row < q->bad_row) {
            q->rc = rc;
            q->bad_row = bad_row;
            q->bad_col = bad_col;
        }
        of_mutex_unlock(&q->lock);
    }
    return OF_OK;
}

/* The units of rows [first, first + count) of one kind, appended at *n_units: walks of
 * (multi 1) or single rows (multi 0). A walk of LANES rows costs a few single rows: its
 * cells are LANES times wider (more cache misses), so a few rows left over go singly.
 * Measured (one thread, a block of 8 against 1 row): showdowns 0.28 / 0.09 ms with
 * 2,000-hand ranges, 31 / 8.3 ms with full ones; fold sums 0.10 / 0.034 and 12 / 2.6 ms.
 * Hence walks from 4 showdown rows, and from 3 fold rows (5 past half a megabyte of
 * accumulator in lanes, where a fold walk's cells fall out of the cache). */
static void cut_units(const of_showdown_table *t, size_t first, size_t count,
                      int blockers_only, int multi, size_t widest, batch_unit *units,
                      size_t *n_units) {
    size_t least = !blockers_only ? 4 : t->acc_size <= ACC_SIZE / 2 ? 3 : 5;
    size_t r = first, end = first + count;
    while (r < end) {
        size_t L = end - r >= least ? (end - r < widest ? end - r : widest) : 1;
        if ((L > 1) == multi) units[(*n_units)++] = (batch_unit){r, L, blockers_only};
        r += L;
    }
}

/* hands (both sides) times rows below which a batch runs on one thread: 2,000-hand ranges
 * with 16 rows ran as fast on one thread as on two, 20 hands ten times slower on two */
#define SMALL_BATCH 100000

static int works_fit(const of_showdown_table *t, of_showdown_work *const *works, int n_works) {
    for (int i = 0; i < n_works; i++) {
        const of_showdown_work *work = works[i];
        if (work && (work->n < t->n || work->n_uid < t->n_uid || work->m < t->m)) return 0;
    }
    return 1;
}

/* The units of q's rows, on the threads (their work areas those given, or made here). */
static int run_queue(batch_queue *q, of_showdown_work *const *works, int n_works,
                     size_t k_blockers, int threads, size_t *bad_row, size_t *bad_col) {
    const of_showdown_table *t = q->t;
    size_t k_values = q->k_values, k = k_values + k_blockers;
    batch_unit *units = malloc(sizeof(batch_unit) * (k ? k : 1));
    if (!units) return OF_ERR_NOMEM;
    /* the costliest first, so the threads end together: the showdown walks (a fold sum
     * walks once, not four times), the fold walks, then single rows */
    size_t widest = q->single ? LANES32 : LANES;
    cut_units(t, 0, k_values, 0, 1, widest, units, &q->n_units);
    cut_units(t, k_values, k_blockers, 1, 1, LANES, units, &q->n_units);
    cut_units(t, 0, k_values, 0, 0, widest, units, &q->n_units);
    cut_units(t, k_values, k_blockers, 1, 0, LANES, units, &q->n_units);
    q->units = units;
    /* a thread's start (tens of microseconds) outweighs a small batch's whole walk */
    int n_threads = (t->n + t->m) * k < SMALL_BATCH ? 1 : of_runner_workers(threads, q->n_units);
    of_showdown_work *own[OF_RUNNER_MAX], *use[OF_RUNNER_MAX];
    int rc = OF_OK;
    memset(own, 0, sizeof own);
    if (of_mutex_init(&q->lock) != 0) { free(units); return OF_ERR_THREAD; }
    for (int i = 0; i < n_threads; i++) {   /* a work area for each thread not given one */
        if (!(i < n_works && works[i]) && (rc = of_showdown_work_new(t, &own[i])) != OF_OK)
            goto done;
        use[i] = own[i] ? own[i] : works[i];
    }
    q->works = use;
    rc = of_run_tasks(n_threads, q->n_units, batch_task, q);
    if (rc == OF_OK && q->rc != OF_OK) {
        rc = q->rc;
        *bad_row = q->bad_row;
        *bad_col = q->bad_col;
    }
done:
    of_mutex_destroy(&q->lock);
    for (int i = 0; i < n_threads; i++) of_showdown_work_free(own[i]);
    free(units);
    return rc;
}

int of_showdown_table_run(const of_showdown_table *t, of_showdown_work *const *works,
                          int n_works, const double *weights, size_t k_values,
                          size_t k_blockers, int threads, double *value, double *reach,
                          double *high, double *low, double *met, const double *pot,
                          const double *hero_put, const double *fold_pay, size_t *bad_row,
                          size_t *bad_col) {
    size_t k = k_values + k_blockers;
    if (!t || !bad_row || !bad_col || k < k_values || (k && t->m && !weights) ||
        (k_values && t->n && (!value || !reach)) || (!high != !low) || (!pot != !hero_put) ||
        (pot && high) ||
        (k_blockers && t->n && !met) || threads < 0 || n_works < 0 || (n_works && !works) ||
        !works_fit(t, works, n_works))
        return OF_ERR_ARG;
    batch_queue q;
    memset(&q, 0, sizeof q);
    q.t = t; q.weights = weights; q.k_values = k_values;
    q.value = value; q.reach = reach; q.high = high; q.low = low; q.met = met;
    q.pot = pot; q.hero_put = hero_put; q.fold_pay = fold_pay;
    return run_queue(&q, works, n_works, k_blockers, threads, bad_row, bad_col);
}

int of_showdown_table_run_mapped(const of_showdown_table *t, of_showdown_work *const *works,
                                 int n_works, const of_showdown_map *map, size_t k,
                                 int threads, const double *pot, const double *hero_put,
                                 int single, size_t *bad_row, size_t *bad_col) {
    if (!t || !map || !bad_row || !bad_col ||
        (k && (!map->src || !map->dst || (t->m && !map->gather) || (t->n && !map->scatter) ||
               !pot || !hero_put)) ||
        threads < 0 || n_works < 0 || (n_works && !works) || !works_fit(t, works, n_works))
        return OF_ERR_ARG;
    batch_queue q;
    memset(&q, 0, sizeof q);
    q.t = t; q.map = map; q.k_values = k;
    q.pot = pot; q.hero_put = hero_put;
    q.single = single && prep_single_fits(t);
    return run_queue(&q, works, n_works, 0, threads, bad_row, bad_col);
}

int of_showdown_table_values(const of_showdown_table *t, of_showdown_work *const *works,
                             int n_works, const double *weights, size_t k, int threads,
                             double *value, double *reach, double *high, double *low,
                             size_t *bad_row, size_t *bad_col) {
    if (k && t && t->n && (!high || !low)) return OF_ERR_ARG;
    return of_showdown_table_run(t, works, n_works, weights, k, 0, threads, value, reach,
                                 high, low, NULL, NULL, NULL, NULL, bad_row, bad_col);
}

int of_showdown_table_blockers(const of_showdown_table *t, of_showdown_work *const *works,
                               int n_works, const double *weights, size_t k, int threads,
                               double *reach, size_t *bad_row, size_t *bad_col) {
    return of_showdown_table_run(t, works, n_works, weights, 0, k, threads, NULL, NULL, NULL,
                                 NULL, reach, NULL, NULL, NULL, bad_row, bad_col);
}

