/* Prepared showdowns on the turn (prepared.h): for each river card, a table of the hands
 * that do not hold it on the board with that river, one call, and its results added to the
 * hero hands' sums; threads take blocks of river cards and their sums are added at the
 * end. A hand pair sharing no card meets at 40 rivers (52 less 4 board cards and 8 hole
 * cards), each as likely, so the sums are divided by 40: the mean over the river of each
 * pair's pot share, weighted as on the river.
 */
#include "platform.h"

#include <float.h>
#include <stdlib.h>
#include <string.h>

#include "eval.h"
#include "omaha_fast.h"
#include "prepared.h"
#include "runner.h"
#include "showdown.h"

/* ---- the turn: the river kernel over every river card, averaged per hand pair ---- */

typedef struct {
    const uint8_t *board, *hero, *villain;
    const double *weights;
    size_t n, m;
    int game;
    const uint8_t *rivers;
    size_t n_rivers;
    size_t first, last;           /* rivers of this job */
    double *value, *reach, *high, *low;   /* this job's sums, n each */
    int rc;
} turn_job;

static void *turn_run(void *arg) {
    turn_job *job = arg;
    size_t n = job->n, m = job->m;
    size_t n1 = n ? n : 1, m1 = m ? m : 1;
    uint8_t *hr = malloc(4 * n1), *vr = malloc(4 * m1);
    uint32_t *h_idx = malloc(sizeof(uint32_t) * n1);
    double *vw = malloc(sizeof(double) * m1);
    double *out = malloc(sizeof(double) * 4 * n1);
    if (!hr || !vr || !h_idx || !vw || !out) { job->rc = OF_ERR_NOMEM; goto done; }
    for (size_t q = job->first; q < job->last && job->rc == OF_OK; q++) {
        uint8_t river = job->rivers[q], board[5];
        memcpy(board, job->board, 4);
        board[4] = river;
        size_t hn = 0, vn = 0;
        for (size_t i = 0; i < n; i++) {
            const uint8_t *x = job->hero + 4 * i;
            if (x[0] == river || x[1] == river || x[2] == river || x[3] == river) continue;
            memcpy(hr + 4 * hn, x, 4);
            h_idx[hn++] = (uint32_t)i;
        }
        for (size_t j = 0; j < m; j++) {
            const uint8_t *x = job->villain + 4 * j;
            if (x[0] == river || x[1] == river || x[2] == river || x[3] == river) continue;
            memcpy(vr + 4 * vn, x, 4);
            vw[vn++] = job->weights ? job->weights[j] : 1.0;
        }
        if (!hn) continue;
        of_showdown_table *t = NULL;
        of_showdown_work *w = NULL;
        size_t bad_row, bad_col;
        int bad_side;
        int rc = of_showdown_table_new(board, 5, hr, hn, vr, vn, job->game, &t, &bad_row,
                                       &bad_side);
        if (rc == OF_OK) rc = of_showdown_work_new(t, &w);
        if (rc == OF_OK)
            rc = of_showdown_table_values(t, &w, 1, vw, 1, 1, out, out + n1, out + 2 * n1,
                                          out + 3 * n1, &bad_row, &bad_col);
        of_showdown_work_free(w);
        of_showdown_table_free(t);
        if (rc != OF_OK) { job->rc = rc; break; }
        for (size_t k = 0; k < hn; k++) {
            uint32_t i = h_idx[k];
            job->value[i] += out[k];
            job->reach[i] += out[n1 + k];
            job->high[i] += out[2 * n1 + k];
            job->low[i] += out[3 * n1 + k];
        }
    }
done:
    free(hr); free(vr); free(h_idx); free(vw); free(out);
    return NULL;
}

int of_turn_showdown_values(const uint8_t *board, int n_board, const uint8_t *hero, size_t n,
                            const uint8_t *villain, size_t m, const double *weights, int game,
                            int threads, double *value, double *reach, double *high,
                            double *low, size_t *bad_row, int *bad_side) {
    if (!board || !bad_row || !bad_side || (n && (!hero || !value || !reach || !high || !low)) ||
        (m && !villain) || threads < 0)
        return OF_ERR_ARG;
    int rc = prep_check_spot(board, n_board, 4, n, m, game, bad_side);
    if (rc != OF_OK) return rc;
    /* every hand checked here, against the four board cards */
    uint8_t live_of[52];
    prep_turn_cards(board, live_of);
    size_t scratch_row;
    *bad_side = 0;
    if ((rc = load_side(hero, n, live_of, NULL, &scratch_row)) != OF_OK) {
        *bad_row = scratch_row;
        return rc;
    }
    *bad_side = 1;
    if ((rc = load_side(villain, m, live_of, NULL, &scratch_row)) != OF_OK) {
        *bad_row = scratch_row;
        return rc;
    }
    *bad_side = -1;
    if (weights) {
        double total = 0.0;
        for (size_t j = 0; j < m; j++) {
            if (!(weights[j] >= 0.0 && weights[j] <= DBL_MAX)) { *bad_row = j; return OF_ERR_WEIGHT; }
            total += weights[j];
        }
        if (!(total <= DBL_MAX)) { *bad_row = m; return OF_ERR_WEIGHT; }
    }
    uint8_t rivers[48];
    size_t n_rivers = 0;
    for (int c = 0; c < 52; c++)
        if (live_of[c] != 0xFF) rivers[n_rivers++] = (uint8_t)c;

    int n_threads = of_runner_workers(threads, n_rivers);
    size_t n1 = n ? n : 1;
    double *sums = calloc((size_t)n_threads * 4 * n1, sizeof(double));
    if (!sums) return OF_ERR_NOMEM;
    turn_job jobs[OF_RUNNER_MAX];
    for (int i = 0; i < n_threads; i++) {
        turn_job *job = &jobs[i];
        job->board = board; job->hero = hero; job->villain = villain;
        job->weights = weights; job->n = n; job->m = m; job->game = game;
        job->rivers = rivers; job->n_rivers = n_rivers;
        job->first = n_rivers * (size_t)i / (size_t)n_threads;
        job->last = n_rivers * (size_t)(i + 1) / (size_t)n_threads;
        double *base = sums + (size_t)i * 4 * n1;
        job->value = base; job->reach = base + n1; job->high = base + 2 * n1;
        job->low = base + 3 * n1;
        job->rc = OF_OK;
    }
    of_run_jobs(turn_run, jobs, sizeof(turn_job), (size_t)n_threads);
    rc = OF_OK;
    for (int i = 0; i < n_threads && rc == OF_OK; i++)
        if (jobs[i].rc != OF_OK) rc = jobs[i].rc;
    if (rc == OF_OK) {
        /* each hand pair sharing no card sees 52 - 4 - 8 = 40 rivers, each with chance 1/40 */
        for (size_t i = 0; i < n; i++) {
            double v = 0.0, r = 0.0, h = 0.0, l = 0.0;
            for (int k = 0; k < n_threads; k++) {
                v += jobs[k].value[i]; r += jobs[k].reach[i];
                h += jobs[k].high[i]; l += jobs[k].low[i];
            }
            value[i] = v / 40.0; reach[i] = r / 40.0; high[i] = h / 40.0; low[i] = l / 40.0;
        }
    }
    free(sums);
    return rc;
}

/* ---- a prepared turn: one river table per river card, for many weight vectors ---- */

#define TURN_RIVERS 48

struct of_turn_table {
    size_t n, m, max_n, max_uid;
    int n_rivers;
    of_showdown_table *river[TURN_RIVERS];
    uint32_t *h_idx[TURN_RIVERS], *v_idx[TURN_RIVERS];   /* rows of each river's hands */
};

void of_turn_table_free(of_turn_table *t) {
    if (!t) return;
    for (int q = 0; q < t->n_rivers; q++) {
        of_showdown_table_free(t->river[q]);
        free(t->h_idx[q]);
        free(t->v_idx[q]);
    }
    free(t);
}

size_t of_turn_table_size(const of_turn_table *t, int side) {
    if (!t) return 0;
    return side == 0 ? t->n : t->m;
}

int of_turn_table_new(const uint8_t *board, int n_board, const uint8_t *hero, size_t n,
                      const uint8_t *villain, size_t m, int game, of_turn_table **out,
                      size_t *bad_row, int *bad_side) {
    if (!out || !board || !bad_row || !bad_side || (n && !hero) || (m && !villain))
        return OF_ERR_ARG;
    *out = NULL;
    int rc = prep_check_spot(board, n_board, 4, n, m, game, bad_side);
    if (rc != OF_OK) return rc;
    uint8_t live_of[52];
    prep_turn_cards(board, live_of);
    *bad_side = 0;
    if ((rc = load_side(hero, n, live_of, NULL, bad_row)) != OF_OK) return rc;
    *bad_side = 1;
    if ((rc = load_side(villain, m, live_of, NULL, bad_row)) != OF_OK) return rc;
    *bad_side = -1;

    of_turn_table *t = calloc(1, sizeof *t);
    uint8_t *hr = malloc(4 * (n ? n : 1)), *vr = malloc(4 * (m ? m : 1));
    rc = OF_OK;
    if (!t || !hr || !vr) { rc = OF_ERR_NOMEM; goto done; }
    t->n = n; t->m = m;
    for (int c = 0; c < 52 && rc == OF_OK; c++) {
        if (live_of[c] == 0xFF) continue;
        int q = t->n_rivers++;
        uint8_t river = (uint8_t)c, b5[5];
        memcpy(b5, board, 4);
        b5[4] = river;
        t->h_idx[q] = malloc(sizeof(uint32_t) * (n ? n : 1));
        t->v_idx[q] = malloc(sizeof(uint32_t) * (m ? m : 1));
        if (!t->h_idx[q] || !t->v_idx[q]) { rc = OF_ERR_NOMEM; break; }
        size_t hn = 0, vn = 0;
        for (size_t i = 0; i < n; i++) {
            const uint8_t *x = hero + 4 * i;
            if (x[0] == river || x[1] == river || x[2] == river || x[3] == river) continue;
            memcpy(hr + 4 * hn, x, 4);
            t->h_idx[q][hn++] = (uint32_t)i;
        }
        for (size_t j = 0; j < m; j++) {
            const uint8_t *x = villain + 4 * j;
            if (x[0] == river || x[1] == river || x[2] == river || x[3] == river) continue;
            memcpy(vr + 4 * vn, x, 4);
            t->v_idx[q][vn++] = (uint32_t)j;
        }
        size_t row;
        int side;
        rc = of_showdown_table_new(b5, 5, hr, hn, vr, vn, game, &t->river[q], &row, &side);
        if (rc == OF_OK) {
            if (hn > t->max_n) t->max_n = hn;
            if (t->river[q]->n_uid > t->max_uid) t->max_uid = t->river[q]->n_uid;
        }
    }
done:
    free(hr); free(vr);
    if (rc != OF_OK) {
        of_turn_table_free(t);
        return rc;
    }
    *out = t;
    return OF_OK;
}

typedef struct {
    const of_turn_table *t;
    const double *weights;
    size_t k;
    int first, last;            /* rivers of this job */
    double *sums;               /* k rows of value, reach, high, low (4n each) */
    int rc;
} turn_table_job;

static void *turn_table_run(void *arg) {
    turn_table_job *job = arg;
    const of_turn_table *t = job->t;
    size_t n = t->n, m = t->m, n1 = t->max_n ? t->max_n : 1;
    of_showdown_work *w = prep_work_alloc(t->max_n, t->max_uid, m);
    double *vw = malloc(sizeof(double) * (m ? m : 1));
    double *out = malloc(sizeof(double) * 4 * n1);
    if (!w || !vw || !out) { job->rc = OF_ERR_NOMEM; goto done; }
    for (int q = job->first; q < job->last; q++) {
        const of_showdown_table *rt = t->river[q];
        const uint32_t *hi = t->h_idx[q], *vi = t->v_idx[q];
        if (!rt->n) continue;
        for (size_t r = 0; r < job->k; r++) {
            const double *wr = m ? job->weights + r * m : job->weights;
            for (size_t j = 0; j < rt->m; j++) vw[j] = wr[vi[j]];
            if (prep_load_weights(rt, w, vw) >= 0) { job->rc = OF_ERR_WEIGHT; goto done; }
            prep_values_one(rt, w, vw, out, out + n1, out + 2 * n1, out + 3 * n1);
            double *value = job->sums + r * 4 * n, *reach = value + n, *high = reach + n,
                   *low = high + n;
            for (size_t i = 0; i < rt->n; i++) {
                uint32_t h = hi[i];
                value[h] += out[i]; reach[h] += out[n1 + i];
                high[h] += out[2 * n1 + i]; low[h] += out[3 * n1 + i];
            }
        }
    }
done:
    of_showdown_work_free(w);
    free(vw); free(out);
    return NULL;
}

int of_turn_table_values(const of_turn_table *t, const double *weights, size_t k, int threads,
                         double *value, double *reach, double *high, double *low,
                         size_t *bad_row, size_t *bad_col) {
    if (!t || !bad_row || !bad_col || (k && t->m && !weights) ||
        (k && t->n && (!value || !reach || !high || !low)) || threads < 0)
        return OF_ERR_ARG;
    size_t n = t->n, m = t->m;
    for (size_t r = 0; r < k; r++) {   /* every row checked before any work */
        const double *wr = m ? weights + r * m : weights;
        double total = 0.0;
        for (size_t j = 0; j < m; j++) {
            if (!(wr[j] >= 0.0 && wr[j] <= DBL_MAX)) {
                *bad_row = r; *bad_col = j;
                return OF_ERR_WEIGHT;
            }
            total += wr[j];
        }
        if (!(total <= DBL_MAX)) { *bad_row = r; *bad_col = m; return OF_ERR_WEIGHT; }
    }
    if (!n || !k) return OF_OK;
    int n_threads = of_runner_workers(threads, (size_t)t->n_rivers);
    double *sums = calloc((size_t)n_threads * k * 4 * n, sizeof(double));
    if (!sums) return OF_ERR_NOMEM;
    turn_table_job jobs[OF_RUNNER_MAX];
    for (int i = 0; i < n_threads; i++) {
        turn_table_job *job = &jobs[i];
        job->t = t; job->weights = weights; job->k = k;
        job->first = t->n_rivers * i / n_threads;
        job->last = t->n_rivers * (i + 1) / n_threads;
        job->sums = sums + (size_t)i * k * 4 * n;
        job->rc = OF_OK;
    }
    of_run_jobs(turn_table_run, jobs, sizeof(turn_table_job), (size_t)n_threads);
    int rc = OF_OK;
    for (int i = 0; i < n_threads && rc == OF_OK; i++)
        if (jobs[i].rc != OF_OK) rc = jobs[i].rc;
    if (rc == OF_OK) {
        /* as in of_turn_showdown_values: each hand pair meets 40 rivers, each as likely */
        for (size_t r = 0; r < k; r++) {
            for (size_t i = 0; i < n; i++) {
                double v = 0.0, re = 0.0, h = 0.0, l = 0.0;
                for (int th = 0; th < n_threads; th++) {
                    const double *base = jobs[th].sums + r * 4 * n;
                    v += base[i]; re += base[n + i]; h += base[2 * n + i]; l += base[3 * n + i];
                }
                value[r * n + i] = v / 40.0; reach[r * n + i] = re / 40.0;
                high[r * n + i] = h / 40.0; low[r * n + i] = l / 40.0;
            }
        }
    }
    free(sums);
    return rc;
}

