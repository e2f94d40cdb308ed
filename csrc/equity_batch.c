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
    return of_equity_batch_n(hands, 4, boards, n_spots, n_players, n_board, game, equity,
                             bad_spot);
}

/* ---- five and six hole cards: spots scored by evaluating each hand on each board (the
 * four-card spots keep batch_spot's hand records) */
static void batch_spot_n(const uint8_t *hands, int n_hole, int n, const uint8_t *board,
                         int n_board, uint64_t used, int hilo, double *eq) {
    uint8_t deck[52], cards[5];
    int n_deck = 0;
    for (int c = 0; c < 52; c++) if (!(used >> c & 1u)) deck[n_deck++] = (uint8_t)c;
    memcpy(cards, board, (size_t)n_board);
    int deal = 5 - n_board;
    double boards = 0;
    for (int p = 0; p < n; p++) eq[p] = 0;
    int i = 0, j = deal >= 2 ? 1 : 0;
    for (;;) {
        if (deal >= 1) cards[n_board] = deck[i];
        if (deal >= 2) cards[n_board + 1] = deck[j];
        unsigned hv[OF_MAX_PLAYERS], lv[OF_MAX_PLAYERS];
        for (int p = 0; p < n; p++) {
            uint16_t high;
            uint8_t low;
            of_eval_unchecked_n(hands + n_hole * p, n_hole, cards, 5, hilo, &high, &low);
            hv[p] = high;
            lv[p] = low;
        }
        unsigned hw = winners(hv, n), lw = hilo ? winners(lv, n) : 0;
        double hs = (lw ? 0.5 : 1.0) / of_popcount(hw), ls = lw ? 0.5 / of_popcount(lw) : 0;
        for (int p = 0; p < n; p++) eq[p] += (hw >> p & 1u) * hs + (lw >> p & 1u) * ls;
        boards++;
        if (deal == 0) break;
        if (deal == 1) { if (++i == n_deck) break; continue; }
        if (++j == n_deck) { if (++i == n_deck - 1) break; j = i + 1; }
    }
    for (int p = 0; p < n; p++) eq[p] /= boards;
}

int of_equity_batch_n(const uint8_t *hands, int n_hole, const uint8_t *boards, size_t n_spots,
                      int n_players, int n_board, int game, double *equity,
                      size_t *bad_spot) {
    if (!bad_spot || (game != OF_GAME_HIGH && game != OF_GAME_HILO)) return OF_ERR_ARG;
    if (n_hole < OF_MIN_HOLE || n_hole > OF_MAX_HOLE) return OF_ERR_COUNT;
    if (n_players < 2 || n_players > OF_MAX_PLAYERS) return OF_ERR_COUNT;
    if (n_board < 3 || n_board > 5) return OF_ERR_COUNT;
    if (n_hole * n_players + n_board > 52) return OF_ERR_COUNT;
    if (n_spots && (!hands || !boards || !equity)) return OF_ERR_ARG;
    of_init();
    const int cards = n_hole * n_players;
    for (size_t k = 0; k < n_spots; k++) {
        const uint8_t *h = hands + (size_t)cards * k, *b = boards + (size_t)n_board * k;
        int rc = of_check_cards(h, cards, b, n_board);
        if (rc != OF_OK) { *bad_spot = k; return rc; }
        uint64_t used = 0;
        for (int i = 0; i < cards; i++) used |= (uint64_t)1 << h[i];
        for (int i = 0; i < n_board; i++) used |= (uint64_t)1 << b[i];
        if (n_hole == 4)
            batch_spot(h, n_players, b, n_board, used, game == OF_GAME_HILO,
                       equity + (size_t)n_players * k);
        else
            batch_spot_n(h, n_hole, n_players, b, n_board, used, game == OF_GAME_HILO,
                         equity + (size_t)n_players * k);
    }
    return OF_OK;
}
