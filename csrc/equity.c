/* of_equity: equity of fixed hands, exact or Monte Carlo (see equity.h), and the argument
 * checks and job set-up it shares with of_range_equity. */
#include "platform.h"   /* first: it sets the feature macros */

#include <stdlib.h>
#include <string.h>

#include "equity.h"

int eq_check_run_args(int n_players, const uint8_t *board, int n_board, const uint8_t *dead,
                      int n_dead, int game, int mode, uint64_t samples, int threads) {
    if ((n_board && !board) || (n_dead && !dead)) return OF_ERR_ARG;
    if (n_players < 2 || n_players > OF_MAX_PLAYERS) return OF_ERR_COUNT;
    if (!(n_board == 0 || (n_board >= 3 && n_board <= 5)) || n_dead < 0) return OF_ERR_COUNT;
    if (game != OF_GAME_HIGH && game != OF_GAME_HILO) return OF_ERR_ARG;
    if (mode != 0 && mode != 1) return OF_ERR_ARG;
    if (mode == 1 && samples == 0) return OF_ERR_ARG;
    if (threads < 0) return OF_ERR_ARG;
    return OF_OK;
}

int eq_add_cards(uint64_t *mask, const uint8_t *cards, int n) {
    for (int i = 0; i < n; i++) {
        unsigned c = cards[i];
        if (c > 51) return OF_ERR_CARD;
        if (*mask >> c & 1u) return OF_ERR_DUPLICATE;
        *mask |= (uint64_t)1 << c;
    }
    return OF_OK;
}

job *eq_job_new(int n_players, const uint8_t *board, int n_board, int game) {
    job *J = calloc(1, sizeof *J);
    if (!J) return NULL;
    J->n = n_players;
    J->deal = 5 - n_board;
    J->hilo = game == OF_GAME_HILO;
    J->n_known = n_board;
    for (int i = 0; i < n_board; i++) {
        J->known_cards[i] = board[i];
        J->known_ranks[i] = board[i] >> 2;
        J->known_suited |= card_suited(board[i]);
        J->known_low |= of_low_bit[board[i] >> 2];
        J->known_suit_counts += card_suit_count(board[i]);
    }
    return J;
}

void eq_job_set_mc(job *J, uint64_t samples, uint64_t seed) {
    J->mc = 1;
    J->samples = samples;
    J->seed = seed;
    J->total = (double)samples;
    J->n_units = (int64_t)((samples + MC_BLOCK - 1) / MC_BLOCK);
}

/* A complete board: one outcome, scored from the board's row (no tables, no threads),
 * counted w times (Monte Carlo draws the same board every time). */
static void river_equity(const uint8_t *hands, int n, const uint8_t *board, int hilo, double w,
                         of_player_result *results, double *boards_out, double *no_low_out) {
    board5 bd;
    board5_of(&bd, board);
    unsigned hv[OF_MAX_PLAYERS], lv[OF_MAX_PLAYERS];
    for (int p = 0; p < n; p++) {
        hand_rec rec;
        hand_rec_of(&rec, hands + 4 * p);
        hv[p] = rec_high(&bd, &rec);
        lv[p] = hilo ? of_low[(unsigned)rec.low << 8 | bd.low] : 0;
    }
    uint32_t key = winners(hv, n) | winners(lv, n) << n;
    memset(results, 0, (size_t)n * sizeof *results);
    eq_add_outcome(results, n, key, w);
    *boards_out = w;
    *no_low_out = key >> n ? 0 : w;
}

/* The same for hands of five or six cards: each hand evaluated on the board. */
static void river_equity_n(const uint8_t *hands, int n_hole, int n, const uint8_t *board,
                           int hilo, double w, of_player_result *results, double *boards_out,
                           double *no_low_out) {
    unsigned hv[OF_MAX_PLAYERS], lv[OF_MAX_PLAYERS];
    for (int p = 0; p < n; p++) {
        uint16_t high;
        uint8_t low;
        of_eval_unchecked_n(hands + n_hole * p, n_hole, board, 5, hilo, &high, &low);
        hv[p] = high;
        lv[p] = low;
    }
    uint32_t key = winners(hv, n) | (hilo ? winners(lv, n) : 0) << n;
    memset(results, 0, (size_t)n * sizeof *results);
    eq_add_outcome(results, n, key, w);
    *boards_out = w;
    *no_low_out = key >> n ? 0 : w;
}

int of_equity(const uint8_t *hands, int n_players, const uint8_t *board, int n_board,
              const uint8_t *dead, int n_dead, int game, int mode, uint64_t samples,
              uint64_t seed, int threads, of_progress_fn progress, void *user,
              of_player_result *results, double *boards_out, double *no_low_out) {
    return of_equity_n(hands, 4, n_players, board, n_board, dead, n_dead, game, mode, samples,
                       seed, threads, progress, user, results, boards_out, no_low_out);
}

/* Once a player's tables are made (eq_fixed_tables, or eq_fixed_tables_n for five and six
 * cards), a run reads nothing else of his hand: one run serves every hole size. */
int of_equity_n(const uint8_t *hands, int n_hole, int n_players, const uint8_t *board,
                int n_board, const uint8_t *dead, int n_dead, int game, int mode,
                uint64_t samples, uint64_t seed, int threads, of_progress_fn progress,
                void *user, of_player_result *results, double *boards_out,
                double *no_low_out) {
    if (!hands || !results || !boards_out || !no_low_out) return OF_ERR_ARG;
    if (n_hole < OF_MIN_HOLE || n_hole > OF_MAX_HOLE) return OF_ERR_COUNT;
    int rc = eq_check_run_args(n_players, board, n_board, dead, n_dead, game, mode, samples,
                               threads);
    if (rc != OF_OK) return rc;
    uint64_t seen = 0;
    rc = eq_add_cards(&seen, hands, n_hole * n_players);
    if (rc == OF_OK) rc = eq_add_cards(&seen, board, n_board);
    if (rc == OF_OK) rc = eq_add_cards(&seen, dead, n_dead);
    if (rc != OF_OK) return rc;
    of_init();
    if (n_board == 5) {
        if (n_hole == 4)
            river_equity(hands, n_players, board, game == OF_GAME_HILO,
                         mode == 1 ? (double)samples : 1, results, boards_out, no_low_out);
        else
            river_equity_n(hands, n_hole, n_players, board, game == OF_GAME_HILO,
                           mode == 1 ? (double)samples : 1, results, boards_out, no_low_out);
        if (progress) progress(user, *boards_out, *boards_out);   /* the one report */
        return OF_OK;
    }

    job *J = eq_job_new(n_players, board, n_board, game);
    if (!J) return OF_ERR_NOMEM;
    for (int c = 0; c < 52; c++)
        if (!(seen >> c & 1u)) {
            J->deck[J->n_deck++] = (uint8_t)c;
            J->avail_all[c & 3] |= 1u << (c >> 2);
        }
    if (J->n_deck < J->deal) { free(J); return OF_ERR_COUNT; }
    eq_deck_groups(J);
    rc = eq_dealt_rows_build(J);
    for (int p = 0; p < n_players && rc == OF_OK; p++)
        rc = n_hole == 4 ? eq_fixed_tables(J, p, hands + 4 * p)
                         : eq_fixed_tables_n(J, p, hands + n_hole * p, n_hole);

    if (mode == 1) {
        eq_job_set_mc(J, samples, seed);

    } else {
        J->total = eq_choose(J->n_deck, J->deal);
        J->n_units = eq_exact_units(J);
    }
    /* the board-indexed copies pay once they are read more often than written */
    if (rc == OF_OK && n_players >= BOARD_TABLES_FROM && J->total >= 2.0 * eq_high_size(J))
        rc = eq_board_tables(J);
    double done;
    if (rc == OF_OK) rc = eq_run(J, threads, progress, user, results, boards_out, no_low_out, &done);
    eq_fixed_tables_free(J);
    free(J->dealt_rows);
    free(J);
    return rc;
}
