/* omaha_fast's public C API, equity (equity*.c, range_mc5.c): fixed hands, ranges, many small spots.
 *
 * Part of the API omaha_fast.h gathers (its status convention and shared types hold
 * here). The block between the cdef markers is read verbatim by omaha_fast/_core/_build.py
 * as the cffi declaration of omaha_fast/_core/equity.py's calls.
 */
#ifndef OMAHA_FAST_OF_EQUITY_H
#define OMAHA_FAST_OF_EQUITY_H

#include "omaha_fast.h"

#ifdef __cplusplus
extern "C" {
#endif

/* cdef-begin */
/* Equity. hands: n_players rows of 4 cards; board: n_board known cards (0, 3, 4 or 5);
 * dead: n_dead cards known to be out. mode 0 = exact (every remaining board once), 1 =
 * Monte Carlo with `samples` boards drawn from `seed` (the same numbers for any `threads`).
 * threads: worker threads, 0 for one per online core; fewer are used when there are fewer
 * work units, and exact runs of under 200,000 boards use one (of_range_equity: 200,000
 * combination-boards, as in *boards before incompatible combinations are dropped).
 * Results per player (arrays of n_players), each a sum over the boards evaluated (divide
 * by *boards for fractions; doubles, exact up to 2^53):
 *   equity      the player's share of the pot
 *   high_win    1 where the player alone has the best high
 *   high_tie    1 where the player shares the best high
 *   low_win, low_tie   the same for the low (boards with no low count in neither)
 *   scoop       1 where the player alone takes the whole pot
 *   high_share, low_share   the player's share of the pot from each half
 *   eq_sq       the squared pot share (for the Monte Carlo standard error)
 * *boards and *no_low get the number of boards evaluated and those without a qualifying low.
 * progress, if not NULL, is called from the calling thread about ten times a second with
 * the boards done so far and the total, and once more at the end; a non-zero return
 * cancels the run (OF_ERR_CANCELLED). */
int of_equity(const uint8_t *hands, int n_players, const uint8_t *board, int n_board,
              const uint8_t *dead, int n_dead, int game, int mode, uint64_t samples,
              uint64_t seed, int threads, of_progress_fn progress, void *user,
              of_player_result *results, double *boards, double *no_low);
/* The same for hands of n_hole cards each (OF_MIN_HOLE..OF_MAX_HOLE: 5 for Big O and
 * five-card Omaha): hands holds n_players rows of n_hole cards. */
int of_equity_n(const uint8_t *hands, int n_hole, int n_players, const uint8_t *board,
                int n_board, const uint8_t *dead, int n_dead, int game, int mode,
                uint64_t samples, uint64_t seed, int threads, of_progress_fn progress,
                void *user, of_player_result *results, double *boards, double *no_low);
/* Equity of ranges (equity.c). Player p holds one of sizes[p] hands: the rows of `hands`
 * (all players' rows one after the other, 4 cards each, sorted or not) with the positive
 * integer `weights` of the same rows (sum below 2^32 per player). No hand may touch the
 * board or the dead cards. Exact mode (0) enumerates every combination of hands that share
 * no card, weighted by the product of their weights, and every remaining board; it refuses
 * (OF_ERR_ARG) when the product of the players' total weights times the boards reaches
 * 2^62. Monte Carlo (1) draws every player's hand by weight in each trial and throws the
 * whole deal away when two hands share a card, then deals the board: `samples` accepted
 * deals, the same numbers for any `threads`. OF_ERR_NO_DEAL when no combination fits (or,
 * in Monte Carlo, a block of deals needed over a thousand draws per accepted deal).
 * Results are as for of_equity, as sums of weights over (combination, board) pairs;
 * *boards is their total and *deals the number of combination-board pairs (exact) or
 * accepted deals (Monte Carlo). */
int of_range_equity(const uint8_t *hands, const uint32_t *weights, const uint32_t *sizes,
                    int n_players, const uint8_t *board, int n_board, const uint8_t *dead,
                    int n_dead, int game, int mode, uint64_t samples, uint64_t seed,
                    int threads, of_progress_fn progress, void *user,
                    of_player_result *results, double *boards, double *no_low, double *deals);

/* Monte Carlo equity of ranges of n_hole-card hands (range_mc5.c; for five and six cards:
 * of_range_equity serves four). Arguments and results as of_range_equity's Monte Carlo
 * mode (hands are rows of n_hole cards), run on the calling thread: the same numbers for
 * the same seed. */
int of_range_equity_mc_n(const uint8_t *hands, int n_hole, const uint32_t *weights,
                         const uint32_t *sizes, int n_players, const uint8_t *board,
                         int n_board, const uint8_t *dead, int n_dead, int game,
                         uint64_t samples, uint64_t seed, of_progress_fn progress, void *user,
                         of_player_result *results, double *boards, double *no_low,
                         double *deals);

/* Many small exact spots in one call: n_spots spots of n_players hands (rows of 4 cards,
 * spot after spot) on boards of n_board (3, 4 or 5) cards each; equity gets n_spots rows
 * of n_players pot shares (each the average over every remaining board). On a bad spot
 * the status says what is wrong and *bad_spot holds its index. */
int of_equity_batch(const uint8_t *hands, const uint8_t *boards, size_t n_spots,
                    int n_players, int n_board, int game, double *equity, size_t *bad_spot);
/* The same for spots of hands of n_hole cards each (OF_MIN_HOLE..OF_MAX_HOLE). */
int of_equity_batch_n(const uint8_t *hands, int n_hole, const uint8_t *boards, size_t n_spots,
                      int n_players, int n_board, int game, double *equity, size_t *bad_spot);
/* cdef-end */

#ifdef __cplusplus
}
#endif

#endif /* OMAHA_FAST_OF_EQUITY_H */
