/* omaha_fast's public C API, showdown kernels of the solver (showdown.c, prepared.c): river values, prepared river
 * and turn tables.
 *
 * Part of the API omaha_fast.h gathers (its status convention and shared types hold
 * here). The block between the cdef markers is read verbatim by omaha_fast/_core/_build.py
 * as the cffi declaration of omaha_fast/_core/showdown.py's calls.
 */
#ifndef OMAHA_FAST_OF_SHOWDOWN_H
#define OMAHA_FAST_OF_SHOWDOWN_H

#include "omaha_fast.h"

#ifdef __cplusplus
extern "C" {
#endif

/* cdef-begin */
/* Showdown values on a river (n_board = 5) of n hero hands against m villain hands (rows
 * of 4 cards) with weights (NULL: all 1). For each hero hand i, over the villain hands j
 * sharing no card with it: reach[i] = sum of w_j, value[i] = sum of w_j * (i's share of a
 * heads-up pot against j): 1, 1/2, 0 in OF_GAME_HIGH; 1, 3/4, 1/2, 1/4, 0 in OF_GAME_HILO
 * (no low: the high takes the pot). low_part (may be NULL) gets the part of value won by
 * the low half. A hand touching the board or holding a card twice fails with *bad_side
 * (0 hero, 1 villain) and *bad_row naming it. Weights are read as given (the caller
 * checks them). O(n + m) after a counting sort; see showdown.c. */
int of_showdown_values(const uint8_t *board, int n_board, const uint8_t *hero, size_t n,
                       const uint8_t *villain, size_t m, const double *weights, int game,
                       double *value, double *reach, double *low_part, size_t *bad_row,
                       int *bad_side);
/* Prepared showdowns (prepared.c). A table fixes a river board (n_board = 5) and two
 * ranges (rows of 4 cards; bad rows fail as in of_showdown_values, with *bad_side and
 * *bad_row) and evaluates and sorts them once; values then takes k rows of m villain
 * weights (row-major) and writes k rows of n hero results to value, reach, high and low,
 * equal to of_showdown_values on each row of weights (high = value - low). A weight that is
 * negative, NaN or infinite fails with OF_ERR_WEIGHT, *bad_row its row of weights and
 * *bad_col its column (m when the row's sum overflows a double); rows before it are done.
 * A table is read-only once built: threads may share it, each with its own work area
 * (of_showdown_work_new). threads: for k > 1, 0 = one per online core; thread i uses
 * works[i] when i < n_works and it is not NULL, else makes one for the call (a work area
 * of a full range is tens of megabytes: a caller that calls often keeps one per thread).
 * blockers writes only the reach (the villain weight sharing no card with each hero
 * hand), in linear time. */
int of_showdown_table_new(const uint8_t *board, int n_board, const uint8_t *hero, size_t n,
                          const uint8_t *villain, size_t m, int game,
                          of_showdown_table **out, size_t *bad_row, int *bad_side);
void of_showdown_table_free(of_showdown_table *table);
/* side 0: hero hands (n), 1: villain hands (m) */
size_t of_showdown_table_size(const of_showdown_table *table, int side);
int of_showdown_work_new(const of_showdown_table *table, of_showdown_work **out);
void of_showdown_work_free(of_showdown_work *work);
int of_showdown_table_values(const of_showdown_table *table, of_showdown_work *const *works,
                             int n_works, const double *weights, size_t k, int threads,
                             double *value, double *reach, double *high, double *low,
                             size_t *bad_row, size_t *bad_col);
int of_showdown_table_blockers(const of_showdown_table *table, of_showdown_work *const *works,
                               int n_works, const double *weights, size_t k, int threads,
                               double *reach, size_t *bad_row, size_t *bad_col);
/* values and blockers in one call: rows [0, k_values) of weights give showdown values
 * (k_values rows of each output), rows [k_values, k_values + k_blockers) fold sums (rows of
 * met); the threads share the work of both. high and low may both be NULL: the halves
 * are then not written (a solver needs the value and reach alone). pot and hero_put
 * (k_values each; both or neither, and only without the halves): value row r is then the
 * payoff value * pot[r] - reach * hero_put[r]. fold_pay (k_blockers, or NULL): fold row r
 * of met is then multiplied by fold_pay[r]. A bad weight fails as above, *bad_row counting
 * over all the rows. */
int of_showdown_table_run(const of_showdown_table *table, of_showdown_work *const *works,
                          int n_works, const double *weights, size_t k_values,
                          size_t k_blockers, int threads, double *value, double *reach,
                          double *high, double *low, double *met, const double *pot,
                          const double *hero_put, const double *fold_pay, size_t *bad_row,
                          size_t *bad_col);
/* The turn (n_board = 4): for each hero hand, the river values averaged over the river
 * cards, each villain hand j (weight w_j, NULL: all 1) sharing no card with it counted at
 * each of the 40 rivers that neither holds with chance 1/40: value = sum_j w_j E[share],
 * reach = sum_j w_j, high and low the halves. Bad hands and weights fail as above
 * (*bad_row the bad weight, m for an overflowing sum). threads: 0 = one per online core;
 * the sums differ by rounding between thread counts. */
int of_turn_showdown_values(const uint8_t *board, int n_board, const uint8_t *hero, size_t n,
                            const uint8_t *villain, size_t m, const double *weights, int game,
                            int threads, double *value, double *reach, double *high,
                            double *low, size_t *bad_row, int *bad_side);
/* A prepared turn (n_board = 4): a river table (as above) for each of the 48 river cards,
 * of the hands that do not hold it; values then gives, for k rows of m villain weights,
 * what of_turn_showdown_values gives for each row, with the same errors for bad hands and
 * weights (every row is checked before any work). Memory: about 100 bytes per hand per
 * river. threads: 0 = one per online core, split over the rivers. Read-only once built. */
int of_turn_table_new(const uint8_t *board, int n_board, const uint8_t *hero, size_t n,
                      const uint8_t *villain, size_t m, int game, of_turn_table **out,
                      size_t *bad_row, int *bad_side);
void of_turn_table_free(of_turn_table *table);
size_t of_turn_table_size(const of_turn_table *table, int side);
int of_turn_table_values(const of_turn_table *table, const double *weights, size_t k,
                         int threads, double *value, double *reach, double *high,
                         double *low, size_t *bad_row, size_t *bad_col);
/* cdef-end */

#ifdef __cplusplus
}
#endif

#endif /* OMAHA_FAST_OF_SHOWDOWN_H */
