/* of_range_equity: equity of weighted ranges. Monte Carlo draws every player's hand by
 * weight from an alias table (the deals themselves are in equity_mc.c); exact runs take
 * every combination of hands that share no card, one hand of the largest range (the
 * pivot) per work unit, and enumerate the boards for each combination with the fixed-hand
 * kernel, rebuilding the players' tables in the worker's own copy of the job. */
#include "platform.h"   /* first: it sets the feature macros */

#include <stdlib.h>
#include <string.h>

#include "equity.h"

#define RECORDS_UP_TO 120000    /* ranges with records made up front (up to about 1.9 MB) */

/* Vose's alias table in integers, so a draw is exact: row i is kept when a uniform u in
 * [0, total) falls below thresh[i], else its alias is taken. Every row ends up drawn with
 * probability weights[i] / total. */
static int alias_build(struct player_range *pr) {
    uint32_t n = pr->n;
    uint64_t *scaled = malloc((size_t)n * sizeof *scaled);
    uint32_t *stack = malloc((size_t)n * sizeof *stack);
    pr->thresh = malloc((size_t)n * sizeof *pr->thresh);
    pr->alias = malloc((size_t)n * sizeof *pr->alias);
    if (!scaled || !stack || !pr->thresh || !pr->alias) {
        free(scaled); free(stack);
        return OF_ERR_NOMEM;
    }
    uint64_t W = pr->total;
    /* small rows grow from the bottom of the stack, large ones from the top */
    uint32_t n_small = 0, n_large = 0;
    for (uint32_t i = 0; i < n; i++) {
        scaled[i] = (uint64_t)pr->weights[i] * n;
        if (scaled[i] < W) stack[n_small++] = i; else stack[n - 1 - n_large++] = i;
    }
    while (n_small && n_large) {
        uint32_t l = stack[--n_small], g = stack[n - n_large];
        pr->thresh[l] = (uint32_t)scaled[l];
        pr->alias[l] = g;
        scaled[g] -= W - scaled[l];
        if (scaled[g] < W) { n_large--; stack[n_small++] = g; }
    }
    while (n_small) { uint32_t i = stack[--n_small]; pr->thresh[i] = (uint32_t)W; pr->alias[i] = i; }
    while (n_large) { uint32_t i = stack[n - n_large--]; pr->thresh[i] = (uint32_t)W; pr->alias[i] = i; }
    free(scaled);
    free(stack);
    return OF_OK;
}

/* ---- Exact ------------------------------------------------------------------------------ */

/* Point player p of the worker's job at tables for `hole`, in the worker's buffers. */
static void range_set_player(worker *w, int p, const uint8_t *hole) {
    eq_player_tables(w->own, p, hole, w->high_buf[p], w->flush_buf[p]);
}

/* Every board for the hands now set, counted with weight w. */
static void range_score(worker *w, uint64_t used, uint64_t weight) {
    job *J = w->own;
    J->n_deck = 0;
    for (int c = 0; c < 52; c++)
        if (!((used | J->out_mask) >> c & 1u)) J->deck[J->n_deck++] = (uint8_t)c;
    eq_deck_groups(J);
    hist_clear(&w->one, J->n);
    eq_enumerate(J, &w->one, 0, J->deal, 0, 0, J->known_low, J->known_suited,
                 J->known_suit_counts);
    hist_add_scaled(&w->h, &w->one, weight, J->n);
}

/* Players from p on (skipping the pivot) take every hand that fits beside `used`. */
static double range_combos(worker *w, int p, uint64_t used, uint64_t weight) {
    job *J = w->own;
    if (p == J->pivot) p++;
    if (p == J->n) {
        range_score(w, used, weight);
        return 1;
    }
    const struct player_range *pr = &J->range[p];
    double combos = 0;
    for (uint32_t i = 0; i < pr->n; i++) {
        const uint8_t *hole = pr->cards + 4 * (size_t)i;
        uint64_t m = hand_mask(hole);
        if (used & m) continue;
        range_set_player(w, p, hole);
        combos += range_combos(w, p + 1, used | m, weight * pr->weights[i]);
    }
    return combos;
}

double eq_range_exact_unit(worker *w, int64_t unit) {
    job *J = w->own;
    const struct player_range *pr = &J->range[J->pivot];
    const uint8_t *hole = pr->cards + 4 * (size_t)unit;
    range_set_player(w, J->pivot, hole);
    double combos = range_combos(w, 0, hand_mask(hole), pr->weights[unit]);
    return combos * J->boards_per_combo;
}

/* The worker's own copy of the job (plain data: the runner holds the lock) and its
 * table buffers. */
int eq_range_worker_init(worker *w) {
    const job *J = w->J;
    w->own = malloc(sizeof *w->own);
    if (!w->own) return OF_ERR_NOMEM;
    *w->own = *J;
    if (hist_init(&w->one, J->n, J->n <= 5) != OF_OK) return OF_ERR_NOMEM;
    int size = eq_high_size(J);
    for (int p = 0; p < J->n; p++) {
        w->high_buf[p] = malloc((size_t)size * sizeof *w->high_buf[p]);
        if (!w->high_buf[p]) return OF_ERR_NOMEM;
        for (int s = 0; s < 4; s++) {
            w->flush_buf[p][s] = malloc(8192 * sizeof *w->flush_buf[p][s]);
            if (!w->flush_buf[p][s]) return OF_ERR_NOMEM;
        }
    }
    return OF_OK;
}

void eq_range_worker_free(worker *w) {
    if (!w->own) return;
    hist_free(&w->one);
    for (int p = 0; p < OF_MAX_PLAYERS; p++) {
        free(w->high_buf[p]);
        for (int s = 0; s < 4; s++) free(w->flush_buf[p][s]);
    }
    free(w->own);
}

/* ---- The entry point -------------------------------------------------------------------- */

/* Check the players' hands and weights: four distinct cards off the board and the dead
 * cards (`out`), every weight positive, every player's total below 2^32. *space gets the
 * product of the totals. */
static int check_ranges(const uint8_t *hands, const uint32_t *weights, const uint32_t *sizes,
                        int n_players, uint64_t out, double *space) {
    size_t row = 0;
    *space = 1;
    for (int p = 0; p < n_players; p++) {
        if (sizes[p] == 0) return OF_ERR_COUNT;
        uint64_t total = 0;
        for (uint32_t i = 0; i < sizes[p]; i++, row++) {
            uint64_t seen = out;
            int rc = eq_add_cards(&seen, hands + 4 * row, 4);
            if (rc != OF_OK) return rc;
            if (weights[row] == 0) return OF_ERR_ARG;
            total += weights[row];
        }
        if (total >= (uint64_t)1 << 32) return OF_ERR_ARG;
        *space *= (double)total;
    }
    return OF_OK;
}

/* Player p's range (n rows of cards, their weights), with what Monte Carlo draws need:
 * an alias table, the hands' records, or tables when the range is a single hand. */
static int range_setup(job *J, int p, const uint8_t *cards, const uint32_t *weights,
                       uint32_t n) {
    struct player_range *pr = &J->range[p];
    pr->cards = cards;
    pr->weights = weights;
    pr->n = n;
    uint64_t total = 0;
    int same = 1;
    for (uint32_t i = 0; i < n; i++) {
        total += weights[i];
        same &= weights[i] == weights[0];
    }
    pr->total = (uint32_t)total;
    if (!J->mc) return OF_OK;
    int rc = OF_OK;
    if (!same) rc = alias_build(pr);
    if (n == 1 && rc == OF_OK) rc = eq_fixed_tables(J, p, cards);
    if (n > 1 && n <= RECORDS_UP_TO && rc == OF_OK) {
        pr->recs = malloc((size_t)n * sizeof *pr->recs);
        if (!pr->recs) return OF_ERR_NOMEM;
        for (uint32_t i = 0; i < n; i++) hand_rec_of(&pr->recs[i], cards + 4 * (size_t)i);
    }
    return rc;
}

int of_range_equity(const uint8_t *hands, const uint32_t *weights, const uint32_t *sizes,
                    int n_players, const uint8_t *board, int n_board, const uint8_t *dead,
                    int n_dead, int game, int mode, uint64_t samples, uint64_t seed,
                    int threads, of_progress_fn progress, void *user,
                    of_player_result *results, double *boards_out, double *no_low_out,
                    double *deals_out) {
    if (!hands || !weights || !sizes || !results || !boards_out || !no_low_out || !deals_out)
        return OF_ERR_ARG;
    int rc = eq_check_run_args(n_players, board, n_board, dead, n_dead, game, mode, samples,
                               threads);
    if (rc != OF_OK) return rc;
    uint64_t out = 0;
    rc = eq_add_cards(&out, board, n_board);
    if (rc == OF_OK) rc = eq_add_cards(&out, dead, n_dead);
    if (rc != OF_OK) return rc;
    int n_out = n_board + n_dead;
    if (52 - n_out - 4 * n_players < 5 - n_board) return OF_ERR_COUNT;
    double space;
    if ((rc = check_ranges(hands, weights, sizes, n_players, out, &space)) != OF_OK) return rc;
    of_init();

    job *J = eq_job_new(n_players, board, n_board, game);
    if (!J) return OF_ERR_NOMEM;
    J->ranged = 1;
    J->out_mask = out;
    for (int c = 0; c < 52; c++)
        if (!(out >> c & 1u)) {
            J->deck[J->n_deck++] = (uint8_t)c;
            J->avail_all[c & 3] |= 1u << (c >> 2);
        }
    J->boards_per_combo = eq_choose(52 - n_out - 4 * n_players, J->deal);
    if (mode == 1) eq_job_set_mc(J, samples, seed);
    rc = eq_dealt_rows_build(J);
    size_t row = 0;
    for (int p = 0; p < n_players; p++) {
        if (rc == OF_OK) rc = range_setup(J, p, hands + 4 * row, weights + row, sizes[p]);
        if (J->range[p].n > J->range[J->pivot].n) J->pivot = p;
        row += sizes[p];
    }
    uint64_t fixed = 0;
    for (int p = 0; p < n_players; p++)
        if (J->range[p].n == 1) fixed |= hand_mask(J->range[p].cards);
    for (int i = 0; i < J->n_deck; i++)
        if (!(fixed >> J->deck[i] & 1u)) J->mc_deck[J->n_mc_deck++] = J->deck[i];
    if (!J->mc) {
        /* weighted counts are summed in 64 bits: refuse runs that could overflow them */
        if (space * J->boards_per_combo >= 4.6e18) rc = OF_ERR_ARG;
        J->n_units = (int64_t)J->range[J->pivot].n;
        J->total = J->boards_per_combo;
        for (int p = 0; p < n_players; p++) J->total *= J->range[p].n;
    }
    double done = 0;
    if (rc == OF_OK) rc = eq_run(J, threads, progress, user, results, boards_out, no_low_out, &done);
    if (rc == OF_OK) *deals_out = J->mc ? (double)samples : done;
    for (int p = 0; p < n_players; p++) {
        free(J->range[p].thresh);
        free(J->range[p].alias);
        free(J->range[p].recs);
    }
    eq_fixed_tables_free(J);
    free(J->dealt_rows);
    free(J);
    return rc;
}
