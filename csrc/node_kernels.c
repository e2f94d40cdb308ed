/* The engine's per-node arithmetic (arena.h), vectorised over hands: regret matching and
 * the average strategy, the fold kernel, and the DCFR update, on float or compact storage.
 */
#include "platform.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"

/* max(x, 0) without a branch: regrets' signs are as good as random from hand to hand, and
 * a mispredicted branch a hand cost more than the rest of regret matching */
static inline double positive(float x) {
    float y = x > 0.0f ? x : 0.0f;   /* maxss, not a jump */
    return (double)y;
}

/* hands a block of node_strategy: its totals live on the stack */
#define BLOCK 256

/* out[a][i] = x[a][i] / (sum over a of x[.][i]) for one block of hands (x clamped at 0
 * first for regrets), uniform where the total is 0, times scale[i] where scale is given
 * (the reach into each child, in the same pass); rows of x of stride n, out[a] one row
 * each. One function a storage type (float, and the compact int16 regrets and uint16
 * sums: their node's scale cancels out). */
#define NORMALISE_BLOCK(name, type, POS)                                                   \
    static void name(const type *x, size_t n, int A, size_t len, int clamp,              \
                     const double *scale, double *const *out, size_t i0) {                \
        double tot[BLOCK], inv[BLOCK], uni[BLOCK], share = 1.0 / A;                        \
        for (int a = 0; a < A; a++) {                                                      \
            const type *r = x + (size_t)a * n;                                             \
            if (a == 0 && clamp)                                                           \
                for (size_t i = 0; i < len; i++) tot[i] = POS(r[i]);                       \
            else if (a == 0)                                                               \
                for (size_t i = 0; i < len; i++) tot[i] = r[i];                            \
            else if (clamp)                                                                \
                for (size_t i = 0; i < len; i++) tot[i] += POS(r[i]);                      \
            else                                                                           \
                for (size_t i = 0; i < len; i++) tot[i] += r[i];                           \
        }                                                                                  \
        for (size_t i = 0; i < len; i++) {                                                 \
            double f = scale ? scale[i] : 1.0;                                             \
            inv[i] = tot[i] > 0.0 ? f / tot[i] : 0.0;                                      \
            uni[i] = tot[i] > 0.0 ? 0.0 : f * share;                                       \
        }                                                                                  \
        for (int a = 0; a < A; a++) {                                                      \
            const type *r = x + (size_t)a * n;                                             \
            double *o = out[a] + i0;                                                       \
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

void node_reach(const of_engine *e, const arena_node *nd, int average, const double *reach,
                double *const *out) {
    size_t n = e->n[nd->player];
    int A = nd->n_children;
    for (size_t i0 = 0; i0 < n; i0 += BLOCK) {
        size_t len = n - i0 < BLOCK ? n - i0 : BLOCK, at = nd->offset + i0;
        const double *f = reach ? reach + i0 : NULL;
        if (!e->cregrets)
            normalise_float((average ? e->sums : e->regrets) + at, n, A, len, !average, f,
                            out, i0);
        else if (average)
            normalise_uint16(e->csums + at, n, A, len, 0, f, out, i0);
        else
            normalise_int16(e->cregrets + at, n, A, len, 1, f, out, i0);
    }
    if (!e->locked) return;
    const uint8_t *lock = e->locked + nd->offset;
    const float *S = e->sums + nd->offset;
    for (size_t i = 0; i < n; i++)
        if (lock[i])
            for (int a = 0; a < A; a++)
                out[a][i] = S[(size_t)a * n + i] * (reach ? reach[i] : 1.0);
}

void node_strategy(const of_engine *e, const arena_node *nd, int average, double *out) {
    double *rows[ENGINE_MAX_ACTIONS];
    size_t n = e->n[nd->player];
    for (int a = 0; a < nd->n_children; a++) rows[a] = out + (size_t)a * n;
    node_reach(e, nd, average, NULL, rows);
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

/* The update on compact storage: the node's numbers decoded with its scales, updated in
 * doubles (the worker's scratch), and encoded again with new scales, the largest
 * magnitude of each kind taking the whole 16-bit range (rounded to nearest). */
static void update_compact(const of_engine *e, const arena_node *nd, const double *sigma,
                           const double *const *kv, const double *v, const double *own,
                           double *scratch) {
    size_t n = e->n[nd->player], count = (size_t)nd->n_children * n;
    double pos = e->disc_pos, neg = e->disc_neg, avg = e->disc_avg;
    int16_t *R = e->cregrets + nd->offset;
    uint16_t *S = e->csums + nd->offset;
    double rs = e->rscale[nd->id], ss = e->sscale[nd->id];
    double *nr = scratch, *ns = scratch + count, rmax = 0.0, smax = 0.0;
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

/* The DCFR update of p's node nd from its children's values kv and its value v under
 * the strategy sigma: each regret scaled by disc_pos (positive) or disc_neg, plus its
 * action's value less v; each strategy sum scaled by disc_avg, plus own reach times
 * sigma. A locked hand keeps its regrets and sums (its locked strategy). */
void node_update(const of_engine *e, const arena_node *nd, const double *sigma,
                 const double *const *kv, const double *v, const double *own, double *scratch) {
    size_t n = e->n[nd->player];
    int A = nd->n_children;
    double pos = e->disc_pos, neg = e->disc_neg, avg = e->disc_avg;
    if (e->cregrets) {
        update_compact(e, nd, sigma, kv, v, own, scratch);
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

