/* of_equity_batch: many small exact spots, each scored board by board from the board's
 * row (no per-player tables: a spot has too few boards to pay for them). */
#include "platform.h"   /* first: it sets the feature macros */

#include <string.h>

#include "equity.h"

/* Exact equity of one small spot by direct evaluation of every remaining board; the
 * per-player averages of pot shares go to eq. */
static void batch_spot(const uint8_t *hands, int n, const uint8_t *board, int n_board,
                       uint64_t used, int hilo, double *eq) {
    uint8_t deck[52], cards[5];
    int n_deck = 0;
    for (int c = 0; c < 52; c++) if (!(used >> c & 1u)) deck[n_deck++] = (uint8_t)c;
    memcpy(cards, board, (size_t)n_board);
    int deal = 5 - n_board;
    double boards = 0;
    hand_rec rec[OF_MAX_PLAYERS];
    for (int p = 0; p < n; p++) {
        eq[p] = 0;
        hand_rec_of(&rec[p], hands + 4 * p);
    }
    int i = 0, j = deal >= 2 ? 1 : 0;
    for (;;) {
        if (deal >= 1) cards[n_board] = deck[i];
        if (deal >= 2) cards[n_board + 1] = deck[j];
        board5 bd;
        board5_of(&bd, cards);
        unsigned hv[OF_MAX_PLAYERS], lv[OF_MAX_PLAYERS];
        for (int p = 0; p < n; p++) hv[p] = rec_high(&bd, &rec[p]);
        unsigned hw = winners(hv, n), lw = 0;
        if (hilo) {
            for (int p = 0; p < n; p++) lv[p] = of_low[(unsigned)rec[p].low << 8 | bd.low];
            lw = winners(lv, n);
        }
        double hs = (lw ? 0.5 : 1.0) / of_popcount(hw), ls = lw ? 0.5 / of_popcount(lw) : 0;
        for (int p = 0; p < n; p++) eq[p] += (hw >> p & 1u) * hs + (lw >> p & 1u) * ls;
        boards++;
        /* next board: (i) or (i, j) with i < j */
        if (deal == 0) break;
        if (deal == 1) { if (++i == n_deck) break; continue; }
        if (++j == n_deck) { if (++i == n_deck - 1) break; j = i + 1; }
    }
    for (int p = 0; p < n; p++) eq[p] /= boards;
}

int of_equity_batch(const uint8_t *hands, const uint8_t *boards, size_t n_spots,
                    int n_players, int n_board, int game, double *equity, size_t *bad_spot) {
    if (!bad_spot || (game != OF_GAME_HIGH && game != OF_GAME_HILO)) return OF_ERR_ARG;
    if (n_players < 2 || n_players > OF_MAX_PLAYERS) return OF_ERR_COUNT;
    if (n_board < 3 || n_board > 5) return OF_ERR_COUNT;
    if (n_spots && (!hands || !boards || !equity)) return OF_ERR_ARG;
    of_init();
    for (size_t k = 0; k < n_spots; k++) {
        const uint8_t *h = hands + (size_t)4 * n_players * k, *b = boards + (size_t)n_board * k;
        int rc = of_check_cards(h, 4 * n_players, b, n_board);
        if (rc != OF_OK) { *bad_spot = k; return rc; }
        uint64_t used = 0;
        for (int i = 0; i < 4 * n_players; i++) used |= (uint64_t)1 << h[i];
        for (int i = 0; i < n_board; i++) used |= (uint64_t)1 << b[i];
        batch_spot(h, n_players, b, n_board, used, game == OF_GAME_HILO,
                   equity + (size_t)n_players * k);
    }
    return OF_OK;
}
