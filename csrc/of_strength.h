/* omaha_fast's public C API, Monte Carlo hand strength (strength.c).
 *
 * Part of the API omaha_fast.h gathers (its status convention and shared types hold
 * here). The block between the cdef markers is read verbatim by omaha_fast/_core/_build.py
 * as the cffi declaration of omaha_fast/_core/strength.py's calls.
 */
#ifndef OMAHA_FAST_OF_STRENGTH_H
#define OMAHA_FAST_OF_STRENGTH_H

#include "omaha_fast.h"

#ifdef __cplusplus
extern "C" {
#endif

/* cdef-begin */
/* Monte Carlo hand strength: for each of n hands (rows of 4 cards) on a board of 0, 3 or
 * 4 known cards, `samples` draws of one opponent hand and the rest of the board, from a
 * stream seeded by (seed, the hand's position). Per hand, sums over the draws of its pot
 * share (share_sum), the squared share (share_sq), the parts won by the high and by the
 * low half (high_sum, low_sum) and the draws where it makes a low (made_low). `threads`
 * split the hands (0: one per core, one alone for under 200,000 draws in all); the results
 * are the same for any number. A bad hand stops with *bad_row set. */
int of_strength_sample(const uint8_t *holes, size_t n, const uint8_t *board, int n_board,
                       int game, uint64_t samples, uint64_t seed, int threads,
                       double *share_sum, double *share_sq, double *high_sum, double *low_sum,
                       double *made_low, size_t *bad_row);
/* cdef-end */

#ifdef __cplusplus
}
#endif

#endif /* OMAHA_FAST_OF_STRENGTH_H */
