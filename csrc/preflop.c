/* Preflop all-in pot shares of hero hands against groups of villain hands (suit classes or
 * buckets of them), by Monte Carlo, for the heads-up jam/fold equity data.
 *
 * A cell is (hero hand i, villain group g). Its villain hands are the members of g sharing
 * no card with hero i: their number is counted exactly (`compat`), and each trial draws one
 * of them uniformly and a board of five from the 44 cards left, then scores the heads-up
 * pot in quarters (RULES.md: the high takes the pot when neither hand makes a low). Each
 * cell's draws come from a xoshiro256** stream seeded by (seed, row_keys[i], col_keys[g]),
 * so a cell's numbers depend on nothing else: not on the block it is computed in, nor on
 * how many processes share the work.
 */
#include <stdlib.h>

#include "eval.h"
#include "omaha_fast.h"
#include "rng.h"

static uint64_t hand_mask(const uint8_t *h) {
    return (uint64_t)1 << h[0] | (uint64_t)1 << h[1] | (uint64_t)1 << h[2] | (uint64_t)1 << h[3];
}

int of_preflop_sample(const uint8_t *hero, size_t n_hero, const uint64_t *row_keys,
                      const uint8_t *villain, size_t n_villain, const uint32_t *group_start,
                      size_t n_groups, const uint64_t *col_keys, int game, uint64_t samples,
                      uint64_t seed, double *share, double *high, double *share_sq,
                      uint32_t *compat, size_t *bad_row, int *bad_side) {
    if (!bad_row || !bad_side || (n_hero && (!hero || !row_keys)) ||
        (n_villain && !villain) || !group_start || (n_groups && !col_keys) ||
        (n_hero && n_groups && (!share || !high || !share_sq || !compat)))
        return OF_ERR_ARG;
    if (game != OF_GAME_HIGH && game != OF_GAME_HILO) return OF_ERR_ARG;
    if (group_start[0] != 0 || group_start[n_groups] != n_villain) return OF_ERR_ARG;
    for (size_t g = 0; g < n_groups; g++)
        if (group_start[g + 1] < group_start[g]) return OF_ERR_ARG;
    for (size_t i = 0; i < n_hero; i++) {
        int rc = of_check_cards(hero + 4 * i, 4, NULL, 0);
        if (rc != OF_OK) { *bad_row = i; *bad_side = 0; return rc; }
    }
    for (size_t j = 0; j < n_villain; j++) {
        int rc = of_check_cards(villain + 4 * j, 4, NULL, 0);
        if (rc != OF_OK) { *bad_row = j; *bad_side = 1; return rc; }
    }
    of_init();
    size_t widest = 0;
    for (size_t g = 0; g < n_groups; g++)
        if (group_start[g + 1] - group_start[g] > widest) widest = group_start[g + 1] - group_start[g];
    uint64_t *masks = malloc((n_villain ? n_villain : 1) * sizeof *masks);
    uint32_t *open = malloc((widest ? widest : 1) * sizeof *open);
    if (!masks || !open) { free(masks); free(open); return OF_ERR_NOMEM; }
    for (size_t j = 0; j < n_villain; j++) masks[j] = hand_mask(villain + 4 * j);
    int hilo = game == OF_GAME_HILO;
    for (size_t i = 0; i < n_hero; i++) {
        const uint8_t *hole = hero + 4 * i;
        uint64_t hmask = hand_mask(hole);
        uint8_t deck[48];
        int width = 0;
        for (int c = 0; c < 52; c++)
            if (!(hmask >> c & 1)) deck[width++] = (uint8_t)c;
        for (size_t g = 0; g < n_groups; g++) {
            size_t cell = i * n_groups + g;
            uint32_t n_open = 0;
            for (uint32_t j = group_start[g]; j < group_start[g + 1]; j++)
                if (!(masks[j] & hmask)) open[n_open++] = j;
            compat[cell] = n_open;
            share[cell] = high[cell] = share_sq[cell] = 0;
            if (!n_open || !samples) continue;
            rng r;   /* the column key mixed into the seed, the row key as the stream */
            rng_seed(&r, seed ^ (col_keys[g] * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull),
                     row_keys[i]);
            uint64_t sum = 0, sq = 0, high_q = 0;
            for (uint64_t t = 0; t < samples; t++) {
                const uint8_t *opp = villain + 4 * (size_t)open[rng_below(&r, n_open)];
                uint64_t vmask = hand_mask(opp);
                uint8_t board[5];
                /* partial Fisher-Yates over the 48 cards the hero leaves; a villain card
                 * drawn is put back into the pool and the draw repeated (uniform on the 44) */
                for (int k = 0; k < 5; k++) {
                    for (;;) {
                        int j = k + (int)rng_below(&r, (uint32_t)(width - k));
                        uint8_t tmp = deck[k]; deck[k] = deck[j]; deck[j] = tmp;
                        if (!(vmask >> deck[k] & 1)) break;
                    }
                    board[k] = deck[k];
                }
                uint16_t hh, vh;
                uint8_t hl, vl;
                of_eval_unchecked(hole, board, 5, hilo, &hh, &hl);
                of_eval_unchecked(opp, board, 5, hilo, &vh, &vl);
                unsigned hs = hh > vh ? 2u : hh == vh ? 1u : 0u;   /* halves of a half */
                unsigned ls = hl > vl ? 2u : hl == vl ? 1u : 0u;
                unsigned hq, lq;                                   /* quarters of the pot */
                if (hl == 0 && vl == 0) { hq = 2 * hs; lq = 0; } else { hq = hs; lq = ls; }
                sum += hq + lq;
                sq += (uint64_t)(hq + lq) * (hq + lq);
                high_q += hq;
            }
            share[cell] = (double)sum / 4.0 / (double)samples;
            high[cell] = (double)high_q / 4.0 / (double)samples;
            share_sq[cell] = (double)sq / 16.0 / (double)samples;
        }
    }
    free(masks);
    free(open);
    return OF_OK;
}
