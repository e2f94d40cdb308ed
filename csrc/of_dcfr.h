/* omaha_fast's public C API, the discounted-CFR node kernels (dcfr.c).
 *
 * Part of the API omaha_fast.h gathers (its status convention and shared types hold
 * here). The block between the cdef markers is read verbatim by omaha_fast/_core/_build.py
 * as the cffi declaration of omaha_fast/_core/dcfr.py's calls.
 */
#ifndef OMAHA_FAST_OF_DCFR_H
#define OMAHA_FAST_OF_DCFR_H

#include "omaha_fast.h"

#ifdef __cplusplus
extern "C" {
#endif

/* cdef-begin */
/* The discounted-CFR update of one action node of `actions` (1..OF_DCFR_MAX_ACTIONS)
 * children over `count` hands; regrets, sums and current are action-major (entry
 * a * count + i), values[a] the count child values of action a, own the acting player's
 * reach. For each hand: node_value = sum_a current * values; each regret is scaled by pos
 * (when positive) or neg, then gains its action's value less node_value; each strategy sum
 * is scaled by avg, then gains own * current; current becomes the regret matching of the
 * new regrets (uniform where none is positive). OF_ERR_ARG for a NULL, a bad count of
 * actions or threads < 0. The _f form keeps regrets, sums and current in float. threads:
 * 0 = one per online core, used from 50,000 hands a thread; the results are the same for
 * any threads. */
#define OF_DCFR_MAX_ACTIONS 16
int of_dcfr_update(size_t count, int actions, double *regrets, double *sums, double *current,
                   const double *const *values, const double *own, double pos, double neg,
                   double avg, double *node_value, int threads);
int of_dcfr_update_f(size_t count, int actions, float *regrets, float *sums, float *current,
                     const double *const *values, const double *own, double pos, double neg,
                     double avg, double *node_value, int threads);
/* The children's reaches of a node: out[a][i] = reach[i] * strategy[a * count + i] for
 * each action whose out[a] is not NULL (threads as of_dcfr_update). OF_ERR_ARG for a NULL
 * reach, strategy or out, a bad count of actions or threads < 0. */
int of_dcfr_reach(size_t count, int actions, const double *reach, const float *strategy,
                  double *const *out, int threads);
/* cdef-end */

#ifdef __cplusplus
}
#endif

#endif /* OMAHA_FAST_OF_DCFR_H */
