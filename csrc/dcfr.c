/* The discounted-CFR update of one action node, over all its hands in one pass.
 *
 * numpy does the same update as about fifteen whole-array operations (the node value, the
 * regret discount by sign, the regret add, the strategy-sum discount and add, then regret
 * matching for the next strategy), each a pass over memory; on full ranges those passes,
 * not the showdown sweeps, were half of an iteration. Here each hand is read and written
 * once. Arrays are action-major: entry a * count + i is action a of hand i.
 *
 * Two copies, for double and for float storage (the solver keeps its state in float32);
 * the arithmetic is in double either way. The hands are independent, so threads take
 * blocks of them.
 */
#include "platform.h"

#include <string.h>

#include "omaha_fast.h"
#include "runner.h"

/* hands below which a second thread costs more than it saves (a thread start is tens of
 * microseconds, the update of 50,000 hands a few hundred) */
#define DCFR_THREAD_MIN 50000
#define DCFR_MAX_THREADS 64

/* The update of hands [first, last): one body, stamped out for double and float. */
#define DCFR_RANGE(NAME, T)                                                                \
static void NAME(size_t first, size_t last, size_t count, int actions, T *regrets,        \
                 T *sums, T *current, const double *const *values, const double *own,      \
                 double pos, double neg, double avg, double *node_value) {                 \
    double uniform = 1.0 / actions;                                                        \
    for (size_t i = first; i < last; i++) {                                                \
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
}

DCFR_RANGE(update_range_d, double)
DCFR_RANGE(update_range_f, float)

/* Every job starts with its block of hands, so one runner serves both kinds. */
typedef struct {
    size_t first, last;
} block;

typedef struct {
    block b;
    size_t count;
    int actions, is_float;
    void *regrets, *sums, *current;
    const double *const *values;
    const double *own;
    double pos, neg, avg;
    double *node_value;
} update_job;

typedef struct {
    block b;
    size_t count;
    int actions;
    const double *reach;
    const float *strategy;
    double *const *out;
} reach_job;

typedef union {
    update_job update;
    reach_job reach;
} any_job;

/* Hands are independent: `base` (a job of `size` bytes) copied for each thread, each with
 * an equal block of the count hands; run on the threads that start, the rest here. */
static void run_blocks(const void *base, size_t size, size_t count, int threads,
                       void *(*run)(void *)) {
    long t = threads > 0 ? threads : of_cpu_count();
    if (t > DCFR_MAX_THREADS) t = DCFR_MAX_THREADS;
    if ((size_t)t > count / DCFR_THREAD_MIN) t = (long)(count / DCFR_THREAD_MIN);
    if (t < 1) t = 1;
    any_job jobs[DCFR_MAX_THREADS];
    for (long i = 0; i < t; i++) {
        memcpy(&jobs[i], base, size);
        block *b = (block *)&jobs[i];
        b->first = count * (size_t)i / (size_t)t;
        b->last = count * (size_t)(i + 1) / (size_t)t;
    }
    of_run_jobs(run, jobs, sizeof(any_job), (size_t)t);
}

static void *update_run(void *arg) {
    const update_job *j = arg;
    if (j->is_float)
        update_range_f(j->b.first, j->b.last, j->count, j->actions, j->regrets, j->sums,
                       j->current, j->values, j->own, j->pos, j->neg, j->avg, j->node_value);
    else
        update_range_d(j->b.first, j->b.last, j->count, j->actions, j->regrets, j->sums,
                       j->current, j->values, j->own, j->pos, j->neg, j->avg, j->node_value);
    return NULL;
}

static int update(const update_job *job, int threads) {
    if (job->actions < 1 || job->actions > OF_DCFR_MAX_ACTIONS || !job->regrets ||
        !job->sums || !job->current || !job->values || !job->own || !job->node_value ||
        threads < 0)
        return OF_ERR_ARG;
    for (int a = 0; a < job->actions; a++)
        if (!job->values[a]) return OF_ERR_ARG;
    run_blocks(job, sizeof *job, job->count, threads, update_run);
    return OF_OK;
}

int of_dcfr_update(size_t count, int actions, double *regrets, double *sums, double *current,
                   const double *const *values, const double *own, double pos, double neg,
                   double avg, double *node_value, int threads) {
    update_job job = {{0, 0}, count, actions, 0, regrets, sums, current, values, own, pos,
                      neg, avg, node_value};
    return update(&job, threads);
}

int of_dcfr_update_f(size_t count, int actions, float *regrets, float *sums, float *current,
                     const double *const *values, const double *own, double pos, double neg,
                     double avg, double *node_value, int threads) {
    update_job job = {{0, 0}, count, actions, 1, regrets, sums, current, values, own, pos,
                      neg, avg, node_value};
    return update(&job, threads);
}

/* ---- the reaches of a node's children: reach times each action's frequency ---- */

static void *reach_run(void *arg) {
    const reach_job *j = arg;
    for (int a = 0; a < j->actions; a++) {
        double *out = j->out[a];
        if (!out) continue;
        const float *s = j->strategy + (size_t)a * j->count;
        for (size_t i = j->b.first; i < j->b.last; i++) out[i] = j->reach[i] * (double)s[i];
    }
    return NULL;
}

int of_dcfr_reach(size_t count, int actions, const double *reach, const float *strategy,
                  double *const *out, int threads) {
    if (actions < 1 || actions > OF_DCFR_MAX_ACTIONS || !reach || !strategy || !out ||
        threads < 0)
        return OF_ERR_ARG;
    reach_job job = {{0, 0}, count, actions, reach, strategy, out};
    run_blocks(&job, sizeof job, count, threads, reach_run);
    return OF_OK;
}
