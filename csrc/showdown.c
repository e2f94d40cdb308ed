/* Showdown values of a hero range against a weighted villain range on a river, in O(n + m)
 * after a counting sort, for four-card hands with exact card removal.
 *
 * One sweep. Hands of both sides are sorted by a key (high value, or low value). Walking
 * the keys upward, the villain hands with a smaller key than the current hero group are
 * added to an accumulator; a hero hand then reads the weight of those that share no card
 * with it. That read is inclusion-exclusion over the hero's cards: every villain hand
 * added, minus those holding each of the hero's 4 cards, plus those holding each of its 6
 * pairs, minus its 4 triples, plus those holding all four (the identical hand). So the
 * accumulator keeps the total weight and the weight by single card, by card pair and by
 * card triple (16 additions per villain hand, 15 reads per hero hand). The identical hand
 * always has the hero's own key, so it never counts among the smaller ones and its weight
 * is added back, from a table by hand, only when the equal keys are counted.
 * Each hero hand reads twice, before and after the villains of its own key are added:
 * (less + less_or_equal) / 2 is the weight it beats plus half the weight it ties.
 *
 * The payoff. High only: share = [H_i > H_j] + [H_i == H_j] / 2, one sweep by high value.
 * Hi/lo, heads-up (docs/rules.md): when neither hand has a low the high takes the pot (share as
 * above), otherwise each half is won, tied or lost, so share = hs / 2 + ls / 2 with the
 * low share ls counting "no low" (value 0) below every low. This gives 1, 3/4 (high won,
 * low tied), 1/2, 1/4 and 0. The value then splits into three sweeps:
 *   HS   every hero against every villain, by high value;
 *   LS   heroes with a low against every villain, by low value (no-low villains, key 0,
 *        are all beaten);
 *   HS0  heroes without a low against the villains without a low, by high value.
 * A hero with a low gets HS/2 + LS/2: the villain cannot make the pot unsplit. A hero
 * without a low gets HS/2 + HS0/2: against a villain with a low it keeps its high half
 * (HS/2 of that villain's weight); against one without, the whole high share (HS/2 +
 * HS0/2 of that villain's weight). On a board where no low is possible HS0 = HS.
 *
 * Cards not on the board are renumbered 0..46 so the pair and triple sums take 1,081 and
 * 16,215 doubles (cache-resident). The numbering runs downwards (the highest card gets 0)
 * so that a range listed in card order reads the identical-hand table (indexed in colex
 * order) in order rather than at random. Weights are summed in double precision; sums of
 * integer weights are exact up to 2^53.
 */
#include <stdlib.h>
#include <string.h>

#include "eval.h"
#include "omaha_fast.h"
#include "showdown.h"

typedef struct { uint8_t c[4]; } hand4;   /* renumbered cards, ascending */

typedef struct {
    double total, single[LIVE], pair[N_PAIRS], triple[N_TRIPLES];
} sums;

static inline uint32_t quad_index(const binoms *B, const hand4 *h) {
    return B->c4[h->c[3]] + B->c3[h->c[2]] + B->c2[h->c[1]] + h->c[0];
}

static inline void sums_add(sums *S, const binoms *B, const hand4 *h, double w) {
    unsigned a = h->c[0], b = h->c[1], c = h->c[2], d = h->c[3];
    S->total += w;
    S->single[a] += w; S->single[b] += w; S->single[c] += w; S->single[d] += w;
    S->pair[B->c2[b] + a] += w; S->pair[B->c2[c] + a] += w; S->pair[B->c2[c] + b] += w;
    S->pair[B->c2[d] + a] += w; S->pair[B->c2[d] + b] += w; S->pair[B->c2[d] + c] += w;
    S->triple[B->c3[c] + B->c2[b] + a] += w; S->triple[B->c3[d] + B->c2[b] + a] += w;
    S->triple[B->c3[d] + B->c2[c] + a] += w; S->triple[B->c3[d] + B->c2[c] + b] += w;
}

/* Weight of the added hands sharing no card with h, except that a hand identical to h
 * counts -1 times its weight (the caller adds it back when it was added). */
static inline double sums_disjoint(const sums *S, const binoms *B, const hand4 *h) {
    unsigned a = h->c[0], b = h->c[1], c = h->c[2], d = h->c[3];
    double one = S->single[a] + S->single[b] + S->single[c] + S->single[d];
    double two = S->pair[B->c2[b] + a] + S->pair[B->c2[c] + a] + S->pair[B->c2[c] + b] +
                 S->pair[B->c2[d] + a] + S->pair[B->c2[d] + b] + S->pair[B->c2[d] + c];
    double three = S->triple[B->c3[c] + B->c2[b] + a] + S->triple[B->c3[d] + B->c2[b] + a] +
                   S->triple[B->c3[d] + B->c2[c] + a] + S->triple[B->c3[d] + B->c2[c] + b];
    return S->total - one + two - three;
}

/* Indices of the selected rows (select == NULL: all) in ascending key order: a counting
 * sort, stable. Returns how many were selected. */
static size_t sort_by_key(const uint16_t *key, const uint8_t *select, size_t n, int n_keys,
                          uint32_t *count, uint32_t *order) {
    memset(count, 0, sizeof(uint32_t) * ((size_t)n_keys + 1));
    for (size_t i = 0; i < n; i++)
        if (!select || select[i]) count[key[i] + 1]++;
    for (int k = 0; k < n_keys; k++) count[k + 1] += count[k];
    size_t total = count[n_keys];
    for (size_t i = 0; i < n; i++)
        if (!select || select[i]) order[count[key[i]]++] = (uint32_t)i;
    return total;
}

/* out[i] = (weight beaten) + (weight tied) / 2 for the heroes in h_order (a sorted list of
 * h_n indices), over the villains in v_order; `same` is the identical villain weight by
 * quad index. S is scratch. */
static void sweep(const binoms *B, sums *S, const hand4 *hero, const uint16_t *h_key,
                  const uint32_t *h_order, size_t h_n, const hand4 *vil,
                  const uint16_t *v_key, const uint32_t *v_order, size_t v_n,
                  const double *w, const double *same, double *out) {
    memset(S, 0, sizeof *S);
    size_t vi = 0, hi = 0;
    while (hi < h_n) {
        uint16_t k = h_key[h_order[hi]];
        size_t h_end = hi;
        while (h_end < h_n && h_key[h_order[h_end]] == k) h_end++;
        while (vi < v_n && v_key[v_order[vi]] < k) {
            uint32_t j = v_order[vi++];
            sums_add(S, B, &vil[j], w ? w[j] : 1.0);
        }
        for (size_t t = hi; t < h_end; t++) {
            uint32_t i = h_order[t];
            out[i] = sums_disjoint(S, B, &hero[i]);
        }
        size_t v_start = vi;
        while (vi < v_n && v_key[v_order[vi]] == k) {
            uint32_t j = v_order[vi++];
            sums_add(S, B, &vil[j], w ? w[j] : 1.0);
        }
        if (vi > v_start) {
            for (size_t t = hi; t < h_end; t++) {
                uint32_t i = h_order[t];
                double leq = sums_disjoint(S, B, &hero[i]) + same[quad_index(B, &hero[i])];
                out[i] = 0.5 * (out[i] + leq);
            }
        }
        hi = h_end;
    }
}

int of_showdown_values(const uint8_t *board, int n_board, const uint8_t *hero, size_t n,
                       const uint8_t *villain, size_t m, const double *weights, int game,
                       double *value, double *reach, double *low_part, size_t *bad_row,
                       int *bad_side) {
    if (!board || !bad_row || !bad_side || (n && (!hero || !value || !reach)) ||
        (m && !villain))
        return OF_ERR_ARG;
    if (game != OF_GAME_HIGH && game != OF_GAME_HILO) return OF_ERR_ARG;
    *bad_side = -1;
    if (n_board != 5) return OF_ERR_COUNT;
    if (n >= UINT32_MAX || m >= UINT32_MAX) return OF_ERR_COUNT;
    int rc = of_check_cards(board, 5, NULL, 0);
    if (rc != OF_OK) return rc;
    of_init();

    uint8_t live_of[52];
    live_numbers(board, live_of);

    hand4 *h4 = malloc(sizeof(hand4) * (n ? n : 1));
    hand4 *v4 = malloc(sizeof(hand4) * (m ? m : 1));
    uint16_t *h_high = malloc(sizeof(uint16_t) * (n ? n : 1) * 2);
    uint16_t *v_high = malloc(sizeof(uint16_t) * (m ? m : 1) * 2);
    uint8_t *h_low8 = malloc(n ? n : 1), *v_low8 = malloc(m ? m : 1);
    uint32_t *h_order = malloc(sizeof(uint32_t) * (n ? n : 1));
    uint32_t *v_order = malloc(sizeof(uint32_t) * (m ? m : 1));
    uint32_t *count = malloc(sizeof(uint32_t) * (HIGH_KEYS + 1));
    double *same = calloc(N_QUADS, sizeof(double));
    double *scratch = malloc(sizeof(double) * (n ? n : 1));
    sums *S = malloc(sizeof(sums));
    binoms B;
    rc = OF_OK;
    if (!h4 || !v4 || !h_high || !v_high || !h_low8 || !v_low8 || !h_order || !v_order ||
        !count || !same || !scratch || !S) {
        rc = OF_ERR_NOMEM;
        goto done;
    }
    *bad_side = 0;
    if ((rc = load_side(hero, n, live_of, (uint8_t *)h4, bad_row)) != OF_OK) goto done;
    *bad_side = 1;
    if ((rc = load_side(villain, m, live_of, (uint8_t *)v4, bad_row)) != OF_OK) goto done;
    *bad_side = -1;
    binoms_init(&B);

    int hilo = game == OF_GAME_HILO;
    of_eval_on_board(hero, n, board, 5, hilo, h_high, h_low8);
    if (villain == hero && m == n) {   /* one range against itself: evaluate it once */
        memcpy(v_high, h_high, sizeof(uint16_t) * n);
        memcpy(v_low8, h_low8, n);
    } else {
        of_eval_on_board(villain, m, board, 5, hilo, v_high, v_low8);
    }
    for (size_t j = 0; j < m; j++)
        same[quad_index(&B, &v4[j])] += weights ? weights[j] : 1.0;

    /* HS, and the reach from the full sums it ends with */
    size_t h_n = sort_by_key(h_high, NULL, n, HIGH_KEYS, count, h_order);
    size_t v_n = sort_by_key(v_high, NULL, m, HIGH_KEYS, count, v_order);
    sweep(&B, S, h4, h_high, h_order, h_n, v4, v_high, v_order, v_n, weights, same, value);
    if (v_n && h_n && v_high[v_order[v_n - 1]] > h_high[h_order[h_n - 1]]) {
        for (size_t t = 0; t < v_n; t++) {   /* add the villains above the best hero too */
            if (v_high[v_order[t]] <= h_high[h_order[h_n - 1]]) continue;
            sums_add(S, &B, &v4[v_order[t]], weights ? weights[v_order[t]] : 1.0);
        }
    }
    for (size_t i = 0; i < n; i++) {
        reach[i] = sums_disjoint(S, &B, &h4[i]) + same[quad_index(&B, &h4[i])];
        if (low_part) low_part[i] = 0.0;
    }

    int any_low = 0;
    for (size_t i = 0; i < n && hilo; i++) any_low |= h_low8[i] != 0;
    for (size_t j = 0; j < m && hilo; j++) any_low |= v_low8[j] != 0;
    if (any_low) {
        /* keys as uint16 for the sorter; selections by low / no low */
        uint16_t *h_lowk = h_high + n, *v_lowk = v_high + m;
        uint8_t *h_sel = malloc(n ? n : 1), *v_sel = malloc(m ? m : 1);
        if (!h_sel || !v_sel) { free(h_sel); free(v_sel); rc = OF_ERR_NOMEM; goto done; }
        for (size_t i = 0; i < n; i++) { h_lowk[i] = h_low8[i]; h_sel[i] = h_low8[i] != 0; }
        for (size_t j = 0; j < m; j++) { v_lowk[j] = v_low8[j]; v_sel[j] = v_low8[j] == 0; }

        /* LS for the heroes with a low */
        h_n = sort_by_key(h_lowk, h_sel, n, LOW_KEYS, count, h_order);
        v_n = sort_by_key(v_lowk, NULL, m, LOW_KEYS, count, v_order);
        sweep(&B, S, h4, h_lowk, h_order, h_n, v4, v_lowk, v_order, v_n, weights, same,
              scratch);
        for (size_t t = 0; t < h_n; t++) {
            uint32_t i = h_order[t];
            value[i] = 0.5 * value[i] + 0.5 * scratch[i];
            if (low_part) low_part[i] = 0.5 * scratch[i];
        }
        /* HS0 for the heroes without a low, against the villains without one */
        for (size_t i = 0; i < n; i++) h_sel[i] = !h_sel[i];
        h_n = sort_by_key(h_high, h_sel, n, HIGH_KEYS, count, h_order);
        v_n = sort_by_key(v_high, v_sel, m, HIGH_KEYS, count, v_order);
        sweep(&B, S, h4, h_high, h_order, h_n, v4, v_high, v_order, v_n, weights, same,
              scratch);
        for (size_t t = 0; t < h_n; t++) {
            uint32_t i = h_order[t];
            value[i] = 0.5 * value[i] + 0.5 * scratch[i];
        }
        free(h_sel);
        free(v_sel);
    }

done:
    free(h4); free(v4); free(h_high); free(v_high); free(h_low8); free(v_low8);
    free(h_order); free(v_order); free(count); free(same); free(scratch); free(S);
    return rc;
}
