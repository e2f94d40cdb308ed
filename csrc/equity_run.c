/* A prepared job's work units as tasks of the task runner (runner.h: the caller's thread
 * among them), progress reports from the calling thread, and the merged histogram turned into
 * per-player sums. The job is read-only here; everything that changes while it runs is
 * in the runner, under its lock. */
#include "platform.h"   /* first: it sets the feature macros */

#include <stdlib.h>
#include <string.h>

#include "equity.h"
#include "runner.h"

#define PROGRESS_SECONDS 0.1    /* how often the calling thread reports progress */

struct runner {
    of_mutex lock;
    int64_t next_unit;
    double done;
    int cancel, failed, no_deal;
};

double eq_choose(int n, int k) {
    if (k < 0 || k > n) return 0;
    double c = 1;
    for (int i = 1; i <= k; i++) c = c * (n - k + i) / i;
    return c;
}

static double run_unit(worker *w, int64_t unit) {
    const job *J = w->J;
    if (J->ranged) return J->mc ? eq_range_mc_unit(J, &w->h, unit) : eq_range_exact_unit(w, unit);
    return J->mc ? eq_mc_unit(J, &w->h, unit) : eq_exact_unit(J, &w->h, unit);
}

/* What the tasks share: the job, the runner, a worker (histogram) per runner thread, and
 * the progress callback, which the calling thread (worker 0) alone calls. */
typedef struct {
    const job *J;
    runner *R;
    worker *workers;
    of_progress_fn progress;
    void *user;
    double last_report;
} shared;

/* Work unit `unit` on runner thread `id`; a failure or a cancel stops the others taking
 * more units (the runner keeps the first status; eq_run reads the flags). */
static int unit_task(void *ctx, int id, size_t unit) {
    shared *S = ctx;
    worker *w = &S->workers[id];
    runner *R = S->R;
    double boards = run_unit(w, (int64_t)unit);
    of_mutex_lock(&R->lock);
    if (boards < 0) {
        R->no_deal = R->failed = 1;
        boards = 0;
    }
    R->done += boards;
    if (w->h.oom || (w->own && w->one.oom)) R->failed = 1;
    double done = R->done;
    int failed = R->failed;
    of_mutex_unlock(&R->lock);
    if (failed) return OF_ERR_NOMEM;
    if (id == 0 && S->progress && of_now_seconds() - S->last_report >= PROGRESS_SECONDS) {
        S->last_report = of_now_seconds();
        if (S->progress(S->user, done, S->J->total)) {
            of_mutex_lock(&R->lock);
            R->cancel = 1;
            of_mutex_unlock(&R->lock);
            return OF_ERR_CANCELLED;
        }
    }
    return OF_OK;
}

static int default_threads(void) {
    long n = of_cpu_count();
    return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

static int compare_keys(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

void eq_add_outcome(of_player_result *results, int n, uint32_t key, double w) {
    unsigned hw = key & ((1u << n) - 1), lw = key >> n;
    int nh = of_popcount(hw), nl = of_popcount(lw);
    for (int p = 0; p < n; p++) {
        of_player_result *r = &results[p];
        double hs = 0, ls = 0;
        if (hw >> p & 1u) {
            if (nh == 1) r->high_win += w; else r->high_tie += w;
            hs = (lw ? 0.5 : 1.0) / nh;
        }
        if (lw >> p & 1u) {
            if (nl == 1) r->low_win += w; else r->low_tie += w;
            ls = 0.5 / nl;
        }
        if (hw == 1u << p && (lw == 0 || lw == hw)) r->scoop += w;
        r->high_share += w * hs;
        r->low_share += w * ls;
        r->equity += w * (hs + ls);
        r->eq_sq += w * (hs + ls) * (hs + ls);
    }
}

/* Per-player sums from the merged (sparse) histogram, keys in one order whatever the
 * threads were, so that the float sums are too. */
static void histogram_results(histogram *all, int n_players, of_player_result *results,
                              double *boards_out, double *no_low_out) {
    qsort(all->keys, all->n_keys, sizeof *all->keys, compare_keys);
    memset(results, 0, (size_t)n_players * sizeof *results);
    double total = 0, no_low = 0;
    for (size_t k = 0; k < all->n_keys; k++) {
        uint32_t key = all->keys[k];
        double w = (double)all->count[key];
        total += w;
        if (!(key >> n_players)) no_low += w;
        eq_add_outcome(results, n_players, key, w);
    }
    *boards_out = total;
    *no_low_out = no_low;
}

int eq_run(const job *J, int threads, of_progress_fn progress, void *user,
           of_player_result *results, double *boards_out, double *no_low_out, double *done) {
    int rc = OF_OK, n_players = J->n;
    if (threads == 0) threads = default_threads();
    if (threads > J->n_units) threads = (int)J->n_units;
    if (!J->mc && J->total < THREAD_MIN_BOARDS) threads = 1;   /* not worth a thread start */

    runner R;
    memset(&R, 0, sizeof R);
    worker *workers = calloc((size_t)threads, sizeof *workers);
    if (!workers) rc = OF_ERR_NOMEM;
    if (rc == OF_OK && of_mutex_init(&R.lock) != 0) rc = OF_ERR_THREAD;
    int have_lock = rc == OF_OK;
    /* exact ranges add weighted histograms: sparse, so scaled counts go straight in */
    int exact_ranges = J->ranged && !J->mc;
    for (int t = 0; t < threads && rc == OF_OK; t++) {
        workers[t].J = J;
        workers[t].run = &R;
        if (hist_init(&workers[t].h, n_players, n_players <= 5 && !exact_ranges) != OF_OK)
            rc = OF_ERR_NOMEM;
        if (rc == OF_OK && exact_ranges) rc = eq_range_worker_init(&workers[t]);
    }
    if (rc == OF_OK) {
        shared S = {J, &R, workers, progress, user, of_now_seconds()};
        (void)of_run_tasks(threads, (size_t)J->n_units, unit_task, &S);   /* flags below */
        /* a last report, so that every run reports at least once, completed or not */
        if (progress && !R.cancel && !R.failed) progress(user, R.done, J->total);
        if (rc == OF_OK && R.no_deal) rc = OF_ERR_NO_DEAL;
        if (rc == OF_OK && R.failed) rc = OF_ERR_NOMEM;
        if (rc == OF_OK && R.cancel) rc = OF_ERR_CANCELLED;
    }

    if (rc == OF_OK) {
        histogram all;
        if (hist_init(&all, n_players, 0) != OF_OK) rc = OF_ERR_NOMEM;
        for (int t = 0; t < threads && rc == OF_OK; t++) {
            hist_add_scaled(&all, &workers[t].h, 1, n_players);
            if (all.oom) rc = OF_ERR_NOMEM;
        }
        if (rc == OF_OK) {
            histogram_results(&all, n_players, results, boards_out, no_low_out);
            if (*boards_out == 0) rc = OF_ERR_NO_DEAL;   /* exact ranges that never fit */
        }
        hist_free(&all);   /* frees whatever hist_init managed to allocate */
    }
    *done = R.done;

    for (int t = 0; t < threads && workers; t++) {
        hist_free(&workers[t].h);
        eq_range_worker_free(&workers[t]);
    }
    if (have_lock) of_mutex_destroy(&R.lock);
    free(workers);
    return rc;
}
