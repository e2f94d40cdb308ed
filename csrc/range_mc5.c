/* Monte Carlo equity of ranges of five- or six-card hands (Big O, five- and six-card
 * Omaha). Kept apart from equity.c, whose range engine is built around the six rank pairs
 * of a four-card hand: this one draws a deal the same way (every player's hand by weight,
 * the whole deal thrown away when two hands share a card, then the board uniform over the
 * cards left) and scores it by evaluating each hand, on the calling thread. The numbers
 * depend on the seed alone. */
#include "platform.h"   /* first: it sets the feature macros */

#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "eval.h"
#include "omaha_fast.h"
#include "rng.h"

#define PROGRESS_EVERY 65536   /* deals between progress reports */
#define DRAW_LIMIT 1000        /* draws per accepted deal before giving up (no deal) */

static int add_mask(uint64_t *mask, const uint8_t *cards, int n) {
    for (int i = 0; i < n; i++) {
        unsigned c = cards[i];
        if (c > 51) return OF_ERR_CARD;
        if (*mask >> c & 1u) return OF_ERR_DUPLICATE;
        *mask |= (uint64_t)1 << c;
    }
    return OF_OK;
}

/* The row of player p drawn by weight: the first whose running total passes u (one
 * uniform draw when every weight is the same). */
static uint32_t draw_row(const uint64_t *cum, uint32_t n, int same, rng *g) {
    if (n == 1) return 0;
    if (same) return rng_below(g, n);
    uint64_t u = rng_below(g, (uint32_t)cum[n - 1]);
    uint32_t lo = 0, hi = n - 1;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (cum[mid] > u) hi = mid; else lo = mid + 1;
    }
    return lo;
}

int of_range_equity_mc_n(const uint8_t *hands, int n_hole, const uint32_t *weights,
                         const uint32_t *sizes, int n_players, const uint8_t *board,
                         int n_board, const uint8_t *dead, int n_dead, int game,
                         uint64_t samples, uint64_t seed, of_progress_fn progress, void *user,
                         of_player_result *results, double *boards_out, double *no_low_out,
                         double *deals_out) {
    if (!hands || !weights || !sizes || !results || !boards_out || !no_low_out || !deals_out)
        return OF_ERR_ARG;
    if ((n_board && !board) || (n_dead && !dead)) return OF_ERR_ARG;
    if (n_hole < OF_MIN_HOLE || n_hole > OF_MAX_HOLE) return OF_ERR_COUNT;
    if (n_players < 2 || n_players > OF_MAX_PLAYERS) return OF_ERR_COUNT;
    if (!(n_board == 0 || (n_board >= 3 && n_board <= 5)) || n_dead < 0) return OF_ERR_COUNT;
    if (game != OF_GAME_HIGH && game != OF_GAME_HILO) return OF_ERR_ARG;
    if (samples == 0) return OF_ERR_ARG;
    uint64_t out = 0;
    int rc = add_mask(&out, board, n_board);
    if (rc == OF_OK) rc = add_mask(&out, dead, n_dead);
    if (rc != OF_OK) return rc;
    if (52 - n_board - n_dead - n_hole * n_players < 5 - n_board) return OF_ERR_COUNT;
    size_t rows = 0;
    for (int p = 0; p < n_players; p++) {
        if (sizes[p] == 0) return OF_ERR_COUNT;
        rows += sizes[p];
    }
    /* every hand: n_hole distinct cards off the board and the dead cards; weights
     * positive, each player's total below 2^32 (rng_below draws 32 bits) */
    uint64_t *cum = malloc(rows * sizeof *cum);
    uint64_t *masks = malloc(rows * sizeof *masks);
    if (!cum || !masks) { free(cum); free(masks); return OF_ERR_NOMEM; }
    size_t row = 0;
    for (int p = 0; p < n_players && rc == OF_OK; p++) {
        uint64_t total = 0;
        for (uint32_t i = 0; i < sizes[p] && rc == OF_OK; i++, row++) {
            uint64_t m = out;
            rc = add_mask(&m, hands + (size_t)n_hole * row, n_hole);
            masks[row] = m & ~out;
            if (weights[row] == 0) rc = OF_ERR_ARG;
            total += weights[row];
            cum[row] = total;
        }
        if (rc == OF_OK && total >= (uint64_t)1 << 32) rc = OF_ERR_ARG;
    }
    if (rc != OF_OK) { free(cum); free(masks); return rc; }
    of_init();

    size_t start[OF_MAX_PLAYERS];
    int same[OF_MAX_PLAYERS];
    row = 0;
    for (int p = 0; p < n_players; p++) {
        start[p] = row;
        same[p] = 1;
        for (uint32_t i = 1; i < sizes[p]; i++) same[p] &= weights[row + i] == weights[row];
        row += sizes[p];
    }
    memset(results, 0, (size_t)n_players * sizeof *results);
    uint64_t x = seed;
    rng g;
    for (int k = 0; k < 4; k++) g.s[k] = splitmix64(&x);
    const int hilo = game == OF_GAME_HILO;
    uint8_t full[5];
    memcpy(full, board, (size_t)n_board);
    double no_low = 0;
    uint64_t attempts = 0;
    for (uint64_t d = 0; d < samples; d++) {
        size_t chosen[OF_MAX_PLAYERS];
        uint64_t used;
        for (;;) {
            if (++attempts > DRAW_LIMIT * (d + 1)) { rc = OF_ERR_NO_DEAL; goto done; }
            uint64_t clash = 0;
            used = out;
            for (int p = 0; p < n_players; p++) {
                chosen[p] = start[p] + draw_row(cum + start[p], sizes[p], same[p], &g);
                clash |= used & masks[chosen[p]];
                used |= masks[chosen[p]];
            }
            if (!clash) break;
        }
        for (int t = n_board; t < 5; t++) {   /* uniform over the cards left */
            unsigned c;
            do c = rng_below(&g, 52); while (used >> c & 1u);
            used |= (uint64_t)1 << c;
            full[t] = (uint8_t)c;
        }
        unsigned hv[OF_MAX_PLAYERS], lv[OF_MAX_PLAYERS], best_h = 0, best_l = 0;
        for (int p = 0; p < n_players; p++) {
            uint16_t h;
            uint8_t l;
            of_eval_unchecked_n(hands + (size_t)n_hole * chosen[p], n_hole, full, 5, hilo,
                                &h, &l);
            hv[p] = h;
            lv[p] = l;
            best_h = h > best_h ? h : best_h;
            best_l = l > best_l ? l : best_l;
        }
        unsigned hw = 0, lw = 0;
        for (int p = 0; p < n_players; p++) {
            hw |= (unsigned)(hv[p] == best_h) << p;
            lw |= (unsigned)(best_l && lv[p] == best_l) << p;
        }
        no_low += !lw;
        int n_hw = of_popcount(hw), n_lw = of_popcount(lw);
        double hs = (lw ? 0.5 : 1.0) / n_hw, ls = lw ? 0.5 / n_lw : 0;
        for (int p = 0; p < n_players; p++) {
            of_player_result *r = &results[p];
            int in_h = hw >> p & 1u, in_l = lw >> p & 1u;
            double share = in_h * hs + in_l * ls;
            r->high_win += in_h && n_hw == 1;
            r->high_tie += in_h && n_hw > 1;
            r->low_win += in_l && n_lw == 1;
            r->low_tie += in_l && n_lw > 1;
            r->scoop += hw == 1u << p && (!lw || lw == 1u << p);
            r->high_share += in_h * hs;
            r->low_share += in_l * ls;
            r->equity += share;
            r->eq_sq += share * share;
        }
        if (progress && (d + 1) % PROGRESS_EVERY == 0 &&
            progress(user, (double)(d + 1), (double)samples)) {
            rc = OF_ERR_CANCELLED;
            goto done;
        }
    }
    if (progress && progress(user, (double)samples, (double)samples)) rc = OF_ERR_CANCELLED;
    *boards_out = (double)samples;
    *no_low_out = no_low;
    *deals_out = (double)samples;
done:
    free(cum);
    free(masks);
    return rc;
}
