/* Monte Carlo hand strength: for each hand, draws of one opponent hand and the rest of the
 * board from the cards the hand and the known board leave, and the hand's heads-up pot
 * share in each (docs/rules.md: high and low halves, the high taking the pot when neither hand
 * has a low). Shares are counted in quarters of the pot, so the sums are exact integers.
 * Each hand's draws come from its own xoshiro256** stream seeded from (seed, position of
 * the hand), so a result depends on nothing else (not on threads or on the other hands).
 *
 * The two hands of a draw share its board: the board's row of the pair table, its flush
 * suit and its low ranks are worked out once and read by both, and the hand's own half
 * (its rank pairs, low ranks, ranks by suit) once per hand. Threads take equal slices of
 * the hands (every hand costs the same).
 */
#include "platform.h"   /* first: it sets the feature macros */

#include <string.h>

#include "equity.h"
#include "runner.h"

/* Draws in all below which a second thread does not pay for its start (measured: see the
 * CHANGELOG; about 2 ms of work on one core). */
#define STRENGTH_THREAD_MIN_DRAWS 200000
#define STRENGTH_MAX_THREADS 64

typedef struct {
    const uint8_t *holes, *board;
    /* the board row by multiset index of the dealt ranks (a board of 3 or 4 cards known):
     * the known ranks are sorted in once, not on every draw */
    const uint16_t *const *dealt_rows;
    size_t first, last;
    int n_board, hilo;
    uint64_t samples, seed;
    double *share_sum, *share_sq, *high_sum, *low_sum, *made_low;
} strength_job;

/* The high of a hand on the board: the best of its six pair entries in the board's row,
 * and its flush when it holds two or more of the flush suit fs (4: none). */
static OF_ALWAYS_INLINE unsigned hand_high(const uint16_t *row, const uint8_t pair[6],
                                           unsigned suit_ranks, int fs, unsigned fmask) {
    unsigned best = max6(row, pair);
    if (fs < 4) {
        unsigned v = of_best_flush(suit_ranks, fmask);
        best = v > best ? v : best;
    }
    return best;
}

/* One draw, summarised and waiting to be scored: the board's row, flush suit (4: none)
 * and ranks, low ranks, and the opponent's half. */
typedef struct {
    const uint16_t *row;
    int fs;
    unsigned fmask, blow, vsuit, vlow;
    uint8_t vpair[6];
} strength_draw;

/* One hand's draws; need = 4 opponent cards + the board cards to come. Each draw is
 * scored after the next one is dealt, so that the board row it reads has arrived by then
 * (the stream is read in the same order either way). */
static OF_ALWAYS_INLINE void strength_hand(const strength_job *S, size_t i, const int n_board,
                                           const int hilo) {
    const uint8_t *hole = S->holes + 4 * i, *board = S->board;
    const int need = 4 + 5 - n_board;
    uint64_t used = hand_mask(hole);
    unsigned known_counts = 0, known_low = 0;
    uint64_t known_suited = 0;
    for (int k = 0; k < n_board; k++) {
        used |= (uint64_t)1 << board[k];
        known_counts += card_suit_count(board[k]);
        known_suited |= card_suited(board[k]);
        known_low |= of_low_bit[board[k] >> 2];
    }
    uint8_t deck[52];
    int width = 0;
    for (int c = 0; c < 52; c++)
        if (!(used >> c & 1)) deck[width++] = (uint8_t)c;
    /* the hand's half of every evaluation */
    uint8_t pair[6];
    hole_pairs(pair, hole);
    unsigned hero_low = hole_low(hole) << 8, hero_suit[5] = {0, 0, 0, 0, 0};
    for (int s = 0; s < 4; s++) hero_suit[s] = hole_suit_ranks(hole, s);
    rng g;
    rng_seed(&g, S->seed, i);
    uint64_t sum = 0, sq = 0, high_q = 0, low_q = 0, lows = 0;
    strength_draw draws[2];
    for (uint64_t t = 0; t <= S->samples; t++) {
        if (t < S->samples) {
            strength_draw *d = &draws[t & 1];
            for (int k = 0; k < need; k++) {   /* partial Fisher-Yates */
                int j = k + (int)rng_below(&g, (uint32_t)(width - k));
                uint8_t tmp = deck[k]; deck[k] = deck[j]; deck[j] = tmp;
            }
            /* the board: the known cards and deck[4..need) */
            int r[5];
            unsigned counts = known_counts, blow = known_low;
            uint64_t suited = known_suited;
            for (int k = n_board; k < 5; k++) {
                unsigned c = deck[4 + k - n_board];
                r[k - n_board] = (int)(c >> 2);
                counts += card_suit_count(c);
                suited |= card_suited(c);
                blow |= of_low_bit[c >> 2];
            }
            of_sort_small(r, 5 - n_board);
            int idx = of_multiset_index(r, 5 - n_board);
            d->row = n_board ? S->dealt_rows[idx] : of_board_rows(5) + (size_t)idx * OF_PAIRS;
#if defined(__GNUC__) || defined(__clang__)
            __builtin_prefetch(d->row);
            __builtin_prefetch(d->row + 32);
            __builtin_prefetch(d->row + 64);
#endif
            d->fs = flush_suit(counts);
            d->fmask = flush_ranks(suited, d->fs);
            d->blow = blow;
            /* the opponent: deck[0..4) */
            hole_pairs(d->vpair, deck);
            d->vsuit = d->fs < 4 ? hole_suit_ranks(deck, d->fs) : 0;
            d->vlow = hole_low(deck) << 8;
        }
        if (t == 0) continue;
        const strength_draw *d = &draws[(t - 1) & 1];
        unsigned hh = hand_high(d->row, pair, hero_suit[d->fs], d->fs, d->fmask);
        unsigned vh = hand_high(d->row, d->vpair, d->vsuit, d->fs, d->fmask);
        unsigned hl = 0, vl = 0;
        if (hilo) {
            hl = of_low[hero_low | d->blow];
            vl = of_low[d->vlow | d->blow];
        }
        unsigned hs = hh > vh ? 2u : hh == vh ? 1u : 0u;   /* halves of a half */
        unsigned ls = hl > vl ? 2u : hl == vl ? 1u : 0u;
        unsigned hq, lq;                                   /* quarters of the pot */
        if (hl == 0 && vl == 0) { hq = 2 * hs; lq = 0; } else { hq = hs; lq = ls; }
        sum += hq + lq;
        sq += (uint64_t)(hq + lq) * (hq + lq);
        high_q += hq;
        low_q += lq;
        lows += hl != 0;
    }
    S->share_sum[i] = (double)sum / 4.0;
    S->share_sq[i] = (double)sq / 16.0;
    S->high_sum[i] = (double)high_q / 4.0;
    S->low_sum[i] = (double)low_q / 4.0;
    S->made_low[i] = (double)lows;
}

/* The slice's hands, compiled per board size and game so that the board loops unroll. */
static OF_ALWAYS_INLINE void strength_slice(const strength_job *S, const int n_board,
                                            const int hilo) {
    for (size_t i = S->first; i < S->last; i++) strength_hand(S, i, n_board, hilo);
}

static void *strength_run(void *arg) {
    const strength_job *S = arg;
    switch (S->n_board * 2 + S->hilo) {
    case 0: strength_slice(S, 0, 0); break;
    case 1: strength_slice(S, 0, 1); break;
    case 6: strength_slice(S, 3, 0); break;
    case 7: strength_slice(S, 3, 1); break;
    case 8: strength_slice(S, 4, 0); break;
    default: strength_slice(S, 4, 1); break;
    }
    return NULL;
}

int of_strength_sample(const uint8_t *holes, size_t n, const uint8_t *board, int n_board,
                       int game, uint64_t samples, uint64_t seed, int threads,
                       double *share_sum, double *share_sq, double *high_sum, double *low_sum,
                       double *made_low, size_t *bad_row) {
    if (!bad_row || (n_board && !board) || (n && (!holes || !share_sum || !share_sq ||
                                                  !high_sum || !low_sum || !made_low)))
        return OF_ERR_ARG;
    if (game != OF_GAME_HIGH && game != OF_GAME_HILO) return OF_ERR_ARG;
    if (threads < 0) return OF_ERR_ARG;
    if (n_board != 0 && n_board != 3 && n_board != 4) return OF_ERR_COUNT;
    int rc = of_check_cards(board, n_board, NULL, 0);
    if (rc != OF_OK) return rc;
    for (size_t i = 0; i < n; i++) {
        rc = of_check_cards(holes + 4 * i, 4, board, n_board);
        if (rc != OF_OK) { *bad_row = i; return rc; }
    }
    of_init();
    long t = threads > 0 ? threads : of_cpu_count();
    if (t < 1) t = 1;
    if (t > STRENGTH_MAX_THREADS) t = STRENGTH_MAX_THREADS;
    if ((size_t)t > n) t = n ? (long)n : 1;
    /* not worth a thread start (unless asked for) */
    if (threads == 0 && (double)n * (double)samples < STRENGTH_THREAD_MIN_DRAWS) t = 1;
    int n_threads = (int)t;
    /* at most C(14, 2) = 91 multisets of two dealt ranks (the flop), 13 of one */
    const uint16_t *dealt_rows[91];
    if (n_board) {
        int known[5], d[2] = {0, 0}, deal = 5 - n_board;
        for (int k = 0; k < n_board; k++) known[k] = board[k] >> 2;
        do dealt_rows[of_multiset_index(d, deal)] =
            of_board_rows(5) + (size_t)board_multiset(known, n_board, d) * OF_PAIRS;
        while (next_multiset(d, deal));
    }
    strength_job jobs[STRENGTH_MAX_THREADS];
    for (int k = 0; k < n_threads; k++) {
        strength_job *S = &jobs[k];
        S->holes = holes; S->board = board; S->n_board = n_board; S->dealt_rows = dealt_rows;
        S->hilo = game == OF_GAME_HILO;
        S->samples = samples; S->seed = seed;
        S->share_sum = share_sum; S->share_sq = share_sq; S->high_sum = high_sum;
        S->low_sum = low_sum; S->made_low = made_low;
        S->first = n * (size_t)k / (size_t)n_threads;
        S->last = n * (size_t)(k + 1) / (size_t)n_threads;
    }
    of_run_jobs(strength_run, jobs, sizeof(strength_job), (size_t)n_threads);
    return OF_OK;
}
