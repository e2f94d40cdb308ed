/* omaha_fast's public C API, preflop all-in pot shares (preflop.c).
 *
 * Part of the API omaha_fast.h gathers (its status convention and shared types hold
 * here). The block between the cdef markers is read verbatim by omaha_fast/_core/_build.py
 * as the cffi declaration of omaha_fast/_core/preflop.py's calls.
 */
#ifndef OMAHA_FAST_OF_PREFLOP_H
#define OMAHA_FAST_OF_PREFLOP_H

#include "omaha_fast.h"

#ifdef __cplusplus
extern "C" {
#endif

/* cdef-begin */
/* Preflop all-in pot shares (preflop.c), Monte Carlo: n_hero hero hands (rows of 4 cards)
 * against n_groups groups of villain hands: group g is rows group_start[g] ..
 * group_start[g + 1] - 1 of `villain` (group_start[0] = 0, group_start[n_groups] =
 * n_villain, never decreasing). Per cell (i, g), row-major n_hero x n_groups: compat = the
 * members sharing no card with hero i (exact); share, high, share_sq = the means over
 * `samples` trials (a compatible member drawn uniformly, a board from the 44 cards left) of
 * the hero's pot share, its part won by the high half and its square (all 0 when compat is
 * 0). A cell's stream is seeded by (seed, row_keys[i], col_keys[g]) only. A bad hand stops
 * with *bad_side (0 hero, 1 villain) and *bad_row naming it. */
int of_preflop_sample(const uint8_t *hero, size_t n_hero, const uint64_t *row_keys,
                      const uint8_t *villain, size_t n_villain, const uint32_t *group_start,
                      size_t n_groups, const uint64_t *col_keys, int game, uint64_t samples,
                      uint64_t seed, double *share, double *high, double *share_sq,
                      uint32_t *compat, size_t *bad_row, int *bad_side);
/* cdef-end */

#ifdef __cplusplus
}
#endif

#endif /* OMAHA_FAST_OF_PREFLOP_H */
