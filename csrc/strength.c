/* Monte Carlo hand strength: for each hand, draws of one opponent hand and the rest of the
 * board from the cards the hand and the known board leave, and the hand's heads-up pot
 * share in each (docs/rules.md: high and low halves, the high taking the pot when neither hand
 * has a low). Shares are counted in quarters of the pot, so the sums are exact integers.
 * Each hand's draws come from its own xoshiro256** stream seeded from (seed, position of
 * the hand), so a result depends on nothing else (not on threads or on the other hands).
 */
#include <string.h>

#include "eval.h"
#include "omaha_fast.h"
#include "rng.h"

int of_strength_sample(const uint8_t *holes, size_t n, const uint8_t *board, int n_board,
                       int game, uint64_t samples, uint64_t seed, double *share_sum,
                       double *share_sq, double *high_sum, double *low_sum, double *made_low,
                       size_t *bad_row) {
    if (!bad_row || (n_board && !board) || (n && (!holes || !share_sum || !share_sq ||
                                                  !high_sum || !low_sum || !made_low)))
        return OF_ERR_ARG;
    if (game != OF_GAME_HIGH && game != OF_GAME_HILO) return OF_ERR_ARG;
    if (n_board != 0 && n_board != 3 && n_board != 4) return OF_ERR_COUNT;
    int rc = of_check_cards(board, n_board, NULL, 0);
    if (rc != OF_OK) return rc;
    for (size_t i = 0; i < n; i++) {
        rc = of_check_cards(holes + 4 * i, 4, board, n_board);
        if (rc != OF_OK) { *bad_row = i; return rc; }
    }
    of_init();
    int hilo = game == OF_GAME_HILO, need = 4 + 5 - n_board;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *hole = holes + 4 * i;
        uint64_t used = 0;
        for (int k = 0; k < 4; k++) used |= (uint64_t)1 << hole[k];
        for (int k = 0; k < n_board; k++) used |= (uint64_t)1 << board[k];
        uint8_t deck[52], full[5];
        int width = 0;
        for (int c = 0; c < 52; c++)
            if (!(used >> c & 1)) deck[width++] = (uint8_t)c;
        for (int k = 0; k < n_board; k++) full[k] = board[k];
        rng g;
        rng_seed(&g, seed, i);
        uint64_t sum = 0, sq = 0, high_q = 0, low_q = 0, lows = 0;
        for (uint64_t t = 0; t < samples; t++) {
            for (int k = 0; k < need; k++) {   /* partial Fisher-Yates */
                int j = k + (int)rng_below(&g, (uint32_t)(width - k));
                uint8_t tmp = deck[k]; deck[k] = deck[j]; deck[j] = tmp;
            }
            for (int k = n_board; k < 5; k++) full[k] = deck[4 + k - n_board];
            uint16_t hh, vh;
            uint8_t hl, vl;
            of_eval_unchecked(hole, full, 5, hilo, &hh, &hl);
            of_eval_unchecked(deck, full, 5, hilo, &vh, &vl);
            unsigned hs = hh > vh ? 2u : hh == vh ? 1u : 0u;   /* halves of a half */
            unsigned ls = hl > vl ? 2u : hl == vl ? 1u : 0u;
            unsigned hq, lq;                                   /* quarters of the pot */
            if (hl == 0 && vl == 0) { hq = 2 * hs; lq = 0; } else { hq = hs; lq = ls; }
            sum += hq + lq;
            sq += (uint64_t)(hq + lq) * (hq + lq);
            high_q += hq;
            low_q += lq;
            lows += hl != 0;
        }
        share_sum[i] = (double)sum / 4.0;
        share_sq[i] = (double)sq / 16.0;
        high_sum[i] = (double)high_q / 4.0;
        low_sum[i] = (double)low_q / 4.0;
        made_low[i] = (double)lows;
    }
    return OF_OK;
}
