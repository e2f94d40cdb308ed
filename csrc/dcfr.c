/* The discounted-CFR update of one action node, over all its hands in one pass.
 *
 * numpy does the same update as about fifteen whole-array operations (the node value, the
 * regret discount by sign, the regret add, the strategy-sum discount and add, then regret
 * matching for the next strategy), each a pass over memory; on full ranges those passes,
 * not the showdown sweeps, were half of an iteration. Here each hand is read and written
 * once. Arrays are action-major: entry a * count + i is action a of hand i.
 *
 * Two copies, for double and for float storage (the solver keeps regrets below a turn's
 * chance node in float32); the arithmetic is in double either way.
 */
#include "platform.h"

#include "omaha_fast.h"

#define DCFR_UPDATE(NAME, T)                                                                \
int NAME(size_t count, int actions, T *regrets, T *sums, T *current,                       \
         const double *const *values, const double *own, double pos, double neg,           \
         double avg, double *node_value) {                                                 \
    if (actions < 1 || actions > OF_DCFR_MAX_ACTIONS || !regrets || !sums || !current ||   \
        !values || !own || !node_value)                                                    \
        return OF_ERR_ARG;                                                                 \
    for (int a = 0; a < actions; a++)                                                      \
        if (!values[a]) return OF_ERR_ARG;                                                 \
    double uniform = 1.0 / actions;                                                        \
    for (size_t i = 0; i < count; i++) {                                                   \
        double v[OF_DCFR_MAX_ACTIONS], s[OF_DCFR_MAX_ACTIONS];                             \
        double node = 0.0;                                                                 \
        for (int a = 0; a < actions; a++) {                                                \
            v[a] = values[a][i];                                                           \
            s[a] = (double)current[(size_t)a * count + i];                                 \
            node += s[a] * v[a];                                                           \
        }                                                                                  \
        node_value[i] = node;                                                              \
        double positive = 0.0, r[OF_DCFR_MAX_ACTIONS];                                     \
        for (int a = 0; a < actions; a++) {                                                \
            size_t at = (size_t)a * count + i;                                             \
            double x = (double)regrets[at];                                                \
            x = x * (x > 0.0 ? pos : neg) + (v[a] - node);                                 \
            regrets[at] = (T)x;                                                            \
            r[a] = (double)regrets[at];                                                    \
            sums[at] = (T)((double)sums[at] * avg + own[i] * s[a]);                        \
            positive += r[a] > 0.0 ? r[a] : 0.0;                                           \
        }                                                                                  \
        /* regret matching: the next strategy, uniform where no regret is positive */     \
        for (int a = 0; a < actions; a++) {                                                \
            size_t at = (size_t)a * count + i;                                             \
            current[at] = (T)(positive > 0.0 ? (r[a] > 0.0 ? r[a] / positive : 0.0)        \
                                             : uniform);                                   \
        }                                                                                  \
    }                                                                                      \
    return OF_OK;                                                                          \
}

DCFR_UPDATE(of_dcfr_update, double)
DCFR_UPDATE(of_dcfr_update_f, float)
