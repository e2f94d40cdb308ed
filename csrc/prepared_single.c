/* Prepared showdowns in single precision, for the engine's CFR passes (prepared.h): the
 * mapped walks of prepared_batch.c with LANES32 floats side by side instead of LANES
 * doubles. A float lane is half a double's width, so one walk over the records touches
 * the same cache lines with the same vector instructions and serves twice the rows: the
 * showdown sweeps, the engine's costliest part, take half the walks.
 *
 * The sums are added in float, in the double walks' order: a relative error of about 1e-6
 * on 2,000-hand ranges (1.7e-6 measured), near what the regrets (stored in float) keep.
 * Only the engine's CFR passes use them; its best responses and values, the
 * exploitability and the tables' own calls stay in double, so a reported exploitability
 * is exact for the strategy reached. Tables of more than SINGLE_MAX_HANDS hands a side,
 * whose float sums would lose more, stay in double too.
 * A walk whose weights are not all finite, at least 0 and small enough to sum in float
 * without overflow is declined (PREP_DECLINED): the double walks then check and report
 * them as they always do.
 */
#include "platform.h"

#include <float.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "omaha_fast.h"
#include "prepared.h"

/* The float lane buffers of w, made on first use. 0 or OF_ERR_NOMEM. */
static int single_ready(of_showdown_work *w) {
    if (w->acc_f) return OF_OK;
    size_t n1 = w->n ? w->n : 1, m1 = w->m ? w->m : 1;
    w->acc_f = calloc((size_t)ACC_CAP * LANES32, sizeof(float));
    w->same_f = malloc(sizeof(float) * (w->n_uid + 1) * LANES32);
    w->w_f = calloc((m1 + 1) * LANES32, sizeof(float));
    w->out_f = malloc(sizeof(float) * 3 * n1 * LANES32);
    if (!w->acc_f || !w->same_f || !w->w_f || !w->out_f) {
        free(w->acc_f); free(w->same_f); free(w->w_f); free(w->out_f);
        w->acc_f = w->same_f = w->w_f = w->out_f = NULL;
        return OF_ERR_NOMEM;
    }
    return OF_OK;
}

/* No row's sum may pass this: a float sum of positive weights then stays far from FLT_MAX. */
#define SINGLE_MAX_SUM 1e30

/* load_lanes in floats: L rows through the gather, hand-major in walk order, LANES32
 * lanes a hand, and the sums by uid. 0, or PREP_DECLINED (a weight that is not finite and
 * at least 0, or a row's sum past SINGLE_MAX_SUM). */
static int load_single(const of_showdown_table *t, of_showdown_work *w,
                       const double *const *rows, const uint32_t *gather, size_t L) {
    size_t m = t->m;
    float *wl = w->w_f, *same = w->same_f;
    double total[LANES32] = {0.0};
    int bad = 0;
    if (!t->same_is_weight) memset(same, 0, sizeof(float) * (t->n_uid + 1) * LANES32);
    memset(wl + m * LANES32, 0, sizeof(float) * LANES32);
    for (size_t j = 0; j < m; j++) {
        float *d = wl + (size_t)t->v_pos[j] * LANES32;
        size_t g = gather[j];
        for (size_t l = 0; l < L; l++) {
            double x = rows[l][g];
            bad |= !(x >= 0.0 && x <= DBL_MAX);   /* NaN fails both */
            total[l] += x;
            d[l] = (float)x;
        }
        for (size_t l = L; l < LANES32; l++) d[l] = 0.0f;
        if (t->same_is_weight) continue;
        float *sl = same + (size_t)t->v_uid[j] * LANES32;
        for (size_t l = 0; l < L; l++) sl[l] += d[l];
    }
    for (size_t l = 0; l < L; l++) bad |= !(total[l] <= SINGLE_MAX_SUM);
    return bad ? PREP_DECLINED : 0;
}

/* AVX2 where the processor has it (asked at each sweep, a cached answer): the walk's
 * functions are compiled twice, once for the baseline and once for AVX2, where a cell's 16
 * lanes are two vector additions instead of four. GCC and clang on x86 except Apple's
 * (whose toolchain lacks the __cpu_model that __builtin_cpu_supports reads); elsewhere
 * (and with OF_NO_SIMD or OF_NO_AVX2, to test the baseline) the baseline alone. */
#if LANES32 == 16 && defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__)) && \
    !defined(__APPLE__) && !defined(OF_NO_SIMD) && !defined(OF_NO_AVX2)
#define SINGLE_AVX2 1
#include <immintrin.h>
#define AVX2_CODE __attribute__((target("avx2")))
#else
#define SINGLE_AVX2 0
#endif

/* lane_add of prepared_batch.c on LANES32 floats: x added to the total (cell 0) and to
 * the 14 cells of r, unless every lane of x is 0 (then 0 is returned, 1 otherwise). */
#if LANES32 == 16 && (defined(__SSE2__) || defined(_M_X64) || \
                      (defined(_M_IX86_FP) && _M_IX86_FP >= 2)) && !defined(OF_NO_SIMD)
#include <emmintrin.h>
static inline int add_single(float *restrict S, const rec *r, const float *restrict x) {
    const uint16_t *at = r->at;
    __m128 x0 = _mm_loadu_ps(x), x1 = _mm_loadu_ps(x + 4), x2 = _mm_loadu_ps(x + 8),
           x3 = _mm_loadu_ps(x + 12);
    __m128i any = _mm_castps_si128(_mm_or_ps(_mm_or_ps(x0, x1), _mm_or_ps(x2, x3)));
    if (_mm_movemask_epi8(_mm_cmpeq_epi8(any, _mm_setzero_si128())) == 0xFFFF) return 0;
    for (int k = -1; k < 14; k++) {          /* -1: the total, cell 0 */
        float *c = S + (k < 0 ? 0 : (size_t)at[k] * LANES32);
        _mm_storeu_ps(c, _mm_add_ps(_mm_loadu_ps(c), x0));
        _mm_storeu_ps(c + 4, _mm_add_ps(_mm_loadu_ps(c + 4), x1));
        _mm_storeu_ps(c + 8, _mm_add_ps(_mm_loadu_ps(c + 8), x2));
        _mm_storeu_ps(c + 12, _mm_add_ps(_mm_loadu_ps(c + 12), x3));
    }
    return 1;
}
#else
static inline int add_single(float *restrict S, const rec *r, const float *restrict x) {
    const uint16_t *at = r->at;
    int any = 0;
    for (size_t l = 0; l < LANES32; l++) any |= x[l] != 0.0f;
    if (!any) return 0;
    for (size_t l = 0; l < LANES32; l++) S[l] += x[l];
    for (int k = 0; k < 14; k++) {
        float *restrict c = S + (size_t)at[k] * LANES32;
        for (size_t l = 0; l < LANES32; l++) c[l] += x[l];
    }
    return 1;
}
#endif

#if SINGLE_AVX2
/* add_single in two 8-float vectors */
AVX2_CODE static inline int add_avx2(float *restrict S, const rec *r, const float *restrict x) {
    const uint16_t *at = r->at;
    __m256 x0 = _mm256_loadu_ps(x), x1 = _mm256_loadu_ps(x + 8);
    __m256i any = _mm256_castps_si256(_mm256_or_ps(x0, x1));
    if (_mm256_testz_si256(any, any)) return 0;
    for (int k = -1; k < 14; k++) {          /* -1: the total, cell 0 */
        float *c = S + (k < 0 ? 0 : (size_t)at[k] * LANES32);
        _mm256_storeu_ps(c, _mm256_add_ps(_mm256_loadu_ps(c), x0));
        _mm256_storeu_ps(c + 8, _mm256_add_ps(_mm256_loadu_ps(c + 8), x1));
    }
    return 1;
}
#endif

static inline void clear_single(float *S, const rec *r) {
    const uint16_t *at = r->at;
    for (size_t l = 0; l < LANES32; l++) S[l] = 0.0f;
    for (int k = 0; k < 14; k++) {
        float *c = S + (size_t)at[k] * LANES32;
        for (size_t l = 0; l < LANES32; l++) c[l] = 0.0f;
    }
}

static inline void disjoint_single(const float *restrict S, const rec *r, float *restrict out) {
    const uint16_t *at = r->at;
    const float *c[14];
    for (int k = 0; k < 14; k++) c[k] = S + (size_t)at[k] * LANES32;
    for (size_t l = 0; l < LANES32; l++) {
        float one = c[0][l] + c[1][l] + c[2][l] + c[3][l];
        float two = c[4][l] + c[5][l] + c[6][l] + c[7][l] + c[8][l] + c[9][l];
        float three = c[10][l] + c[11][l] + c[12][l] + c[13][l];
        out[l] = S[l] - one + two - three;
    }
}

static void reset_single(float *S, const plan *p, size_t size) {
    size_t v_n = p->v_start[p->n_groups];
    if (v_n * 15 >= size) {
        memset(S, 0, sizeof(float) * size * LANES32);
        return;
    }
    for (size_t t = 0; t < v_n; t++) clear_single(S, &p->v[t]);
}

/* sweep_lanes of prepared_batch.c in floats, as the body of a function compiled for one
 * instruction set (ADD its lane addition). */
#define SWEEP_SINGLE(ADD)                                                                  \
    do {                                                                                   \
        float tmp[LANES32] = {0.0f};   /* all set below; zeroed for the compiler */        \
        for (size_t g = 0; g < p->n_groups; g++) {                                         \
            uint32_t h0 = p->h_start[g], h1 = p->h_start[g + 1];                           \
            uint32_t v0 = p->v_start[g], v1 = p->v_start[g + 1];                           \
            for (uint32_t t = h0; t < h1; t++)                                             \
                disjoint_single(S, &p->h[t], out + (size_t)p->h[t].row * LANES32);         \
            int added = 0;                                                                 \
            for (uint32_t t = v0; t < v1; t++)                                             \
                added |= ADD(S, &p->v[t], wl + (size_t)p->v[t].row * LANES32);             \
            if (!added) continue;                                                          \
            for (uint32_t t = h0; t < h1; t++) {                                           \
                const rec *r = &p->h[t];                                                   \
                const float *sm = same + (size_t)r->same * LANES32;                        \
                float *o = out + (size_t)r->row * LANES32;                                 \
                disjoint_single(S, r, tmp);                                                \
                for (size_t l = 0; l < LANES32; l++) o[l] = 0.5f * (o[l] + (tmp[l] + sm[l])); \
            }                                                                              \
        }                                                                                  \
    } while (0)

static void sweep_single(const plan *p, float *S, const float *wl, const float *same,
                         float *out) {
    SWEEP_SINGLE(add_single);
}

#if SINGLE_AVX2
AVX2_CODE static void sweep_avx2(const plan *p, float *S, const float *wl, const float *same,
                                 float *out) {
    SWEEP_SINGLE(add_avx2);
}
#endif

/* sweep_single, in AVX2 where the processor has it */
static void sweep_plan(const plan *p, float *S, const float *wl, const float *same,
                       float *out) {
#if SINGLE_AVX2
    if (__builtin_cpu_supports("avx2")) {
        sweep_avx2(p, S, wl, same, out);
        return;
    }
#endif
    sweep_single(p, S, wl, same, out);
}

/* reach_lanes in floats. */
static void reach_single(const plan *p, const float *S, const float *same, float *out) {
    float tmp[LANES32] = {0.0f};
    size_t h_n = p->h_start[p->n_groups];
    for (size_t k = 0; k < h_n; k++) {
        const rec *r = &p->h[k];
        const float *sm = same + (size_t)r->same * LANES32;
        float *o = out + (size_t)r->row * LANES32;
        disjoint_single(S, r, tmp);
        for (size_t l = 0; l < LANES32; l++) o[l] = tmp[l] + sm[l];
    }
}

int prep_single_fits(const of_showdown_table *t) {
    return t->n <= SINGLE_MAX_HANDS && t->m <= SINGLE_MAX_HANDS;
}

int prep_single_run(const of_showdown_table *t, of_showdown_work *w, const of_showdown_map *map,
                    size_t first, size_t L, const double *pot, const double *hero_put) {
    if (single_ready(w) != OF_OK) return OF_ERR_NOMEM;
    if (load_single(t, w, map->src + first, map->gather, L) != 0) return PREP_DECLINED;
    size_t n = t->n;
    float *S = w->acc_f, *val = w->out_f, *scr = val + n * LANES32, *rch = scr + n * LANES32;
    const float *wl = w->w_f, *same = t->same_is_weight ? wl : w->same_f;
    if (n) {
        sweep_plan(&t->hs, S, wl, same, val);
        reach_single(&t->hs, S, same, rch);
        reset_single(S, &t->hs, t->acc_size);
        if (t->any_low) {
            sweep_plan(&t->ls, S, wl, same, scr);
            reset_single(S, &t->ls, t->acc_size);
            sweep_plan(&t->hs0, S, wl, same, scr);
            reset_single(S, &t->hs0, t->acc_size);
        }
    }
    /* the payoffs, value * pot - reach * hero_put, into the map's rows (in double): the
     * lanes of a hand in vector form, then one store a row; map->scatter increases, so
     * the rows' other entries (hands the river card blocks) are zeroed as they pass */
    double *dst[LANES32], *dr[LANES32] = {NULL}, a[LANES32] = {0.0}, b[LANES32] = {0.0};
    int any_dr = 0;
    for (size_t l = 0; l < L; l++) {
        size_t r = first + l;
        dst[l] = map->dst[r];
        a[l] = t->any_low ? 0.5 * pot[r] : pot[r];   /* a hi/lo value is half of each */
        b[l] = hero_put[r];
        dr[l] = map->dst_reach ? map->dst_reach[r] : NULL;
        any_dr |= dr[l] != NULL;
    }
    size_t next = 0;   /* the first entry of the rows not written yet */
    for (size_t i = 0; i <= n; i++) {
        size_t d = i < n ? map->scatter[i] : map->n_dst;
        for (; next < d; next++)
            for (size_t l = 0; l < L; l++) {
                dst[l][next] = 0.0;
                if (dr[l]) dr[l][next] = 0.0;
            }
        if (i == n) break;
        size_t at = (size_t)t->h_pos[i] * LANES32;
        const float *v = val + at, *s = scr + at, *re = rch + at;
        double pay[LANES32];
        if (t->any_low)
            for (size_t l = 0; l < LANES32; l++)
                pay[l] = ((double)v[l] + (double)s[l]) * a[l] - (double)re[l] * b[l];
        else
            for (size_t l = 0; l < LANES32; l++)
                pay[l] = (double)v[l] * a[l] - (double)re[l] * b[l];
        for (size_t l = 0; l < L; l++) dst[l][d] = pay[l];
        if (any_dr)
            for (size_t l = 0; l < L; l++)
                if (dr[l]) dr[l][d] = (double)re[l];
        next = d + 1;
    }
    return OF_OK;
}
