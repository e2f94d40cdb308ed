/* Internal: the equity engine's shared types and kernels, for the files that make it up:
 *
 *   equity.c        of_equity (fixed hands): argument checks, the job's set-up, and a
 *                   complete board scored directly
 *   equity_tables.c per-player tables: non-flush highs by dealt multiset, flush tables
 *   equity_hist.c   the (high winners, low winners) histogram
 *   equity_exact.c  exact enumeration of the remaining boards
 *   equity_mc.c     Monte Carlo: boards for fixed hands, whole deals for ranges
 *   equity_range.c  of_range_equity: alias tables, hand records, exact combinations
 *   equity_run.c    work units on the task runner, progress, histogram to results
 *   equity_batch.c  of_equity_batch: many small exact spots
 *
 * With the hole cards fixed, a player's non-flush high depends only on the rank multiset
 * of the board and the low only on the board's low-rank set. So each player gets, before
 * the loop, a table of non-flush high values over the multisets of the cards still to come
 * (at most 6,188 entries), a row of the low table, and for each suit holding two of the
 * player's cards a flush table by the board's ranks in that suit. A board then costs a few
 * cache-resident reads per player. Boards are dealt in card order, which is rank order,
 * so the multiset index grows level by level without sorting.
 *
 * Each board's outcome is reduced to (the set of high winners, the set of low winners),
 * counted in a histogram; shares, ties, scoops and the variance are worked out from the
 * histogram at the end. Counts are integers, so results do not depend on how the work was
 * split between threads: Monte Carlo draws its boards in fixed blocks, each seeded from
 * (seed, block number).
 *
 * Cards are rank * 4 + suit. Board summaries used throughout: `counts`, the number of
 * cards of each suit, four bits a suit; `suited`, the ranks of each suit, 16 bits a suit
 * (13 used); `low`, the low-rank set (of_low_bit). */
#ifndef OF_EQUITY_H
#define OF_EQUITY_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "eval.h"
#include "omaha_fast.h"
#include "rng.h"

#define MC_BLOCK 65536          /* boards per Monte Carlo block (the unit of determinism) */
/* Fixed hands are scored from board-indexed tables (J->high_rows) from this many players
 * on (a -D can move it, to measure). Measured one thread, Monte Carlo, several random
 * hand sets: heads-up they lose up to 19%, three-handed 5% on average; from four players
 * on they win (4: 0-40% on the flop, even preflop; 6 and 10: 1.2-1.7x). */
#ifndef BOARD_TABLES_FROM
#define BOARD_TABLES_FROM 4
#endif
/* Exact runs of fewer (combination-)boards than this run on the calling thread alone.
 * Measured on 2 shared cores, one thread against two: a second thread lost from 666 to
 * 246,000 boards (fixed hands 3- to 6-way, a hand against ranges of 20 to 2,000 hands),
 * by up to 4 ms waiting for a core. Heads-up preflop (1,086,008 boards) is where it pays
 * on an idle machine (README: 5.0 against 3.1 ms). */
#ifndef THREAD_MIN_BOARDS   /* (a -D can move it, to measure) */
#define THREAD_MIN_BOARDS 200000
#endif

/* ---- Small kernels ------------------------------------------------------------------- */

static inline unsigned card_suit_count(unsigned card) { return 1u << (4 * (card & 3)); }
static inline uint64_t card_suited(unsigned card) {
    return (uint64_t)1 << (16 * (card & 3) + (card >> 2));
}
static inline uint64_t hand_mask(const uint8_t *h) {
    return (uint64_t)1 << h[0] | (uint64_t)1 << h[1] | (uint64_t)1 << h[2] | (uint64_t)1 << h[3];
}

/* The suits holding k or more cards, as bit 3 of their nibble in `counts` (k = 1..8): a
 * nibble reaches k exactly when adding 8 - k sets its top bit. */
static OF_ALWAYS_INLINE unsigned suits_with(unsigned counts, unsigned k) {
    return (counts + 0x1111u * (8u - k)) & 0x8888u;
}

/* The board's flush suit: the (only) suit with three or more of five cards, 4 when none. */
static OF_ALWAYS_INLINE int flush_suit(unsigned counts) {
    return of_ctz(suits_with(counts, 3) | 0x10000u) >> 2;
}

/* The ranks of suit fs in `suited`, 0 when fs is 4 (no flush suit); branch-free. */
static OF_ALWAYS_INLINE unsigned flush_ranks(uint64_t suited, int fs) {
    return (unsigned)(suited >> (16 * (fs & 3))) & 0x1FFFu & -(unsigned)(fs < 4);
}

/* The six hole rank pairs, as of_pair_index columns of a board row. */
static OF_ALWAYS_INLINE void hole_pairs(uint8_t pair[6], const uint8_t *h) {
    int r0 = h[0] >> 2, r1 = h[1] >> 2, r2 = h[2] >> 2, r3 = h[3] >> 2;
    pair[0] = of_pair_index[r0][r1]; pair[1] = of_pair_index[r0][r2];
    pair[2] = of_pair_index[r0][r3]; pair[3] = of_pair_index[r1][r2];
    pair[4] = of_pair_index[r1][r3]; pair[5] = of_pair_index[r2][r3];
}

/* The best non-flush high of a hand on a board: the largest of the six entries of the
 * board's row (of_board_rows) at the hand's pair columns. */
static OF_ALWAYS_INLINE unsigned max6(const uint16_t *row, const uint8_t pair[6]) {
    unsigned best = row[pair[0]], v;
    v = row[pair[1]]; best = v > best ? v : best;
    v = row[pair[2]]; best = v > best ? v : best;
    v = row[pair[3]]; best = v > best ? v : best;
    v = row[pair[4]]; best = v > best ? v : best;
    v = row[pair[5]]; best = v > best ? v : best;
    return best;
}

/* The low-rank set of four hole cards. */
static OF_ALWAYS_INLINE unsigned hole_low(const uint8_t *h) {
    return (unsigned)(of_low_bit[h[0] >> 2] | of_low_bit[h[1] >> 2] | of_low_bit[h[2] >> 2] |
                      of_low_bit[h[3] >> 2]);
}

/* The ranks of suit s in four hole cards. */
static inline unsigned hole_suit_ranks(const uint8_t *h, int s) {
    unsigned m = 0;
    for (int i = 0; i < 4; i++) m |= (unsigned)((h[i] & 3) == s) << (h[i] >> 2);
    return m;
}

/* The ranks of suit s in a card mask: every fourth bit, packed into 13 bits by folding
 * pairs, nibbles and bytes together. */
static OF_ALWAYS_INLINE unsigned mask_suit_ranks(uint64_t mask, int s) {
    uint64_t x = mask >> s & 0x1111111111111ull;
    x = (x | x >> 3) & 0x0303030303030303ull;
    x = (x | x >> 6) & 0x000F000F000F000Full;
    x = (x | x >> 12) & 0x000000FF000000FFull;
    return (unsigned)(x | x >> 24) & 0x1FFFu;
}

/* The next multiset of k ranks (0..12, ascending) after d in colex order of their index;
 * 0 when d was the last. Start from all zeros. */
static inline int next_multiset(int *d, int k) {
    int i = k - 1;
    while (i >= 0 && d[i] == 12) i--;
    if (i < 0) return 0;
    d[i]++;
    for (int j = i + 1; j < k; j++) d[j] = d[i];
    return 1;
}

/* The multiset index of the five ranks of `known` (n_known) and `dealt` (5 - n_known). */
static OF_ALWAYS_INLINE int board_multiset(const int *known, int n_known, const int *dealt) {
    int r[5];
    for (int i = 0; i < n_known; i++) r[i] = known[i];
    for (int i = n_known; i < 5; i++) r[i] = dealt[i - n_known];
    of_sort_small(r, 5);
    return of_multiset_index(r, 5);
}

/* The set of players holding the largest of v (0 when it is 0: nobody has a low).
 * Written without data-dependent branches: who wins changes from board to board. */
static OF_ALWAYS_INLINE unsigned winners(const unsigned *v, int n) {
    unsigned best = 0, mask = 0;
    for (int p = 0; p < n; p++) best = v[p] > best ? v[p] : best;
    for (int p = 0; p < n; p++) mask |= (unsigned)(v[p] == best) << p;
    return mask & -(unsigned)(best != 0);
}

/* ---- Hands ---------------------------------------------------------------------------- */

/* What scoring needs of a hand, worked out once per deal: its cards as a mask, the
 * indexes of its six rank pairs and its low-rank set. Sixteen bytes, so that the records
 * of a large range stay in cache. */
typedef struct hand_rec {
    uint64_t mask;
    uint8_t pair[6], low, pad;
} hand_rec;

static OF_ALWAYS_INLINE void hand_rec_of(hand_rec *r, const uint8_t *h) {
    r->mask = hand_mask(h);
    r->low = (uint8_t)hole_low(h);
    hole_pairs(r->pair, h);
    r->pad = 0;
}

/* A five-card board scored for any hand: the row of best non-flush highs by hole rank
 * pair, the low-rank set, and the flush suit (4 when none) with its ranks. */
typedef struct {
    const uint16_t *row;
    unsigned low, fmask;
    int fs;
} board5;

/* The summary of a complete board (five cards) for rec_high. */
static OF_ALWAYS_INLINE void board5_of(board5 *b, const uint8_t *cards) {
    int r[5];
    unsigned counts = 0, low = 0;
    uint64_t suited = 0;
    for (int i = 0; i < 5; i++) {
        r[i] = cards[i] >> 2;
        counts += card_suit_count(cards[i]);
        low |= of_low_bit[r[i]];
        suited |= card_suited(cards[i]);
    }
    of_sort_small(r, 5);
    b->row = of_board_rows(5) + (size_t)of_multiset_index(r, 5) * OF_PAIRS;
    b->fs = flush_suit(counts);
    b->fmask = flush_ranks(suited, b->fs);
    b->low = low;
}

static OF_ALWAYS_INLINE unsigned rec_high(const board5 *b, const hand_rec *r) {
    unsigned best = max6(b->row, r->pair), v;
    unsigned hs = b->fs < 4 ? mask_suit_ranks(r->mask, b->fs) : 0;
    if (hs & (hs - 1)) {   /* two or more of the board's flush suit */
        v = of_best_flush(hs, b->fmask);
        best = v > best ? v : best;
    }
    return best;
}

/* ---- The job ------------------------------------------------------------------------- */

/* One player's range (of_range_equity). */
struct player_range {
    const uint8_t *cards;
    const uint32_t *weights;
    uint32_t n, total;
    uint32_t *thresh, *alias;     /* NULL when every weight is the same */
    /* Monte Carlo, ranges small enough for the records to stay in cache: one record a
     * hand made up front (NULL: each deal works its records out from the cards) */
    hand_rec *recs;
};

/* What a run computes: read-only while it runs (the work sharing is the runner's), so an
 * exact range worker may copy it and rebuild the copy's tables. */
typedef struct {
    int n, deal, hilo;
    int n_deck;
    uint8_t deck[52];                 /* cards still to come, ascending (so by rank) */
    uint8_t group_end[52];            /* the position after the last deck card of its rank */
    unsigned known_low, known_suit_counts;
    uint64_t known_suited;            /* known board ranks by suit, 16 bits a suit */
    const uint16_t *high[OF_MAX_PLAYERS];      /* by index of the dealt rank multiset */
    const uint8_t *low[OF_MAX_PLAYERS];        /* by board low-rank set */
    /* by board suited rank mask; suits the player cannot flush in, and the fifth slot used
     * when no suit has three cards, point at a table of zeros */
    const uint16_t *flush[OF_MAX_PLAYERS][5];
    /* the same tables laid out by board (fixed hands, BOARD_TABLES_FROM players or more):
     * row idx of high_rows holds every player's non-flush high (stride lanes of
     * which the first n are used, the rest 0), row `low` of low_rows every player's low
     * (16 lanes); flushers[s] is the set of players who can flush in suit s. NULL when
     * not built. */
    uint16_t *high_rows;
    uint8_t *low_rows;
    int stride;
    unsigned flushers[5];
    int mc;
    uint64_t samples, seed;
    int64_t n_units;                  /* work units: boards prefixes, blocks or hands */
    double total;                     /* boards (or combination-boards) in all */
    /* ranges (of_range_equity): each player's hands, and for weighted Monte Carlo draws an
     * alias table; exact runs split the work by the hands of the `pivot` player */
    int ranged, pivot, n_known, n_mc_deck, n_dealt_rows;
    int32_t *dealt_rows;              /* board row index by dealt multiset index */
    uint8_t mc_deck[52];              /* the deck less the cards of single-hand players */
    double boards_per_combo;
    int known_ranks[5];
    uint8_t known_cards[5];
    uint64_t out_mask;                /* board and dead cards */
    unsigned avail_all[4];            /* ranks still to come, by suit (ranges: only the board
                                       * and dead cards are out) */
    struct player_range range[OF_MAX_PLAYERS];
} job;

extern const uint16_t eq_no_flush[8192];

/* The group_end of the deck as it stands. */
void eq_deck_groups(job *J);
/* The board row of every dealt rank multiset (J->dealt_rows). */
int eq_dealt_rows_build(job *J);
/* Tables of a player holding one hand for the whole run, owned by the job (freed by
 * eq_fixed_tables_free). */
int eq_fixed_tables(job *J, int p, const uint8_t *hole);
/* The same for a hand of n_hole (five or six) cards: its 10 or 15 rank pairs. */
int eq_fixed_tables_n(job *J, int p, const uint8_t *hole, int n_hole);
void eq_fixed_tables_free(job *J);
/* The board-indexed copies of the fixed players' tables (J->high_rows and the rest);
 * freed by eq_fixed_tables_free. */
int eq_board_tables(job *J);
/* Point player p at tables for `hole` built in the given buffers: `high` of
 * eq_high_size(J) entries, flush[s] of 8192 (those the hand cannot use are not touched). */
void eq_player_tables(job *J, int p, const uint8_t *hole, uint16_t *high, uint16_t *const flush[4]);
static inline int eq_high_size(const job *J) { return J->deal ? of_comb[J->deal][12 + J->deal] : 1; }

/* ---- Board-indexed tables: a board's values for every player in one row ------------- */

/* (OF_NO_SIMD: the portable code on x86 too, to test it) */
#if (defined(__SSE2__) || defined(_M_X64) || (defined(_M_IX86_FP) && _M_IX86_FP >= 2)) && \
    !defined(OF_NO_SIMD)
#include <emmintrin.h>
#define EQ_SSE2 1
#endif

#ifdef EQ_SSE2
/* The largest of the eight 16-bit lanes (values below 2^15) in every lane. */
static OF_ALWAYS_INLINE __m128i max16_all(__m128i m) {
    m = _mm_max_epi16(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(1, 0, 3, 2)));
    m = _mm_max_epi16(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(2, 3, 0, 1)));
    m = _mm_max_epi16(m, _mm_shufflelo_epi16(m, _MM_SHUFFLE(2, 3, 0, 1)));
    return _mm_shuffle_epi32(_mm_shufflelo_epi16(m, 0), 0);
}
#endif

/* The players (of n, in lanes of 16 bits, `stride` of them, unused lanes 0) holding the
 * largest value; the largest is never 0 (every hand has a high). */
static OF_ALWAYS_INLINE unsigned row_winners16(const uint16_t *v, const int n) {
#ifdef EQ_SSE2
    if (n <= 8) {
        __m128i a = _mm_loadu_si128((const __m128i *)v);
        __m128i eq = _mm_cmpeq_epi16(a, max16_all(a));
        return (unsigned)_mm_movemask_epi8(_mm_packs_epi16(eq, eq)) & ((1u << n) - 1);
    }
    __m128i a = _mm_loadu_si128((const __m128i *)v), b = _mm_loadu_si128((const __m128i *)v + 1);
    __m128i best = max16_all(_mm_max_epi16(a, b));
    __m128i eq = _mm_packs_epi16(_mm_cmpeq_epi16(a, best), _mm_cmpeq_epi16(b, best));
    return (unsigned)_mm_movemask_epi8(eq) & ((1u << n) - 1);
#else
    unsigned w[OF_MAX_PLAYERS];
    for (int p = 0; p < n; p++) w[p] = v[p];
    return winners(w, n);
#endif
}

/* The same for 8-bit lanes (16 of them, unused 0), 0 when the largest is 0 (no low). */
static OF_ALWAYS_INLINE unsigned row_winners8(const uint8_t *v, const int n) {
#ifdef EQ_SSE2
    __m128i a = _mm_loadu_si128((const __m128i *)v);
    __m128i m = _mm_max_epu8(a, _mm_shuffle_epi32(a, _MM_SHUFFLE(1, 0, 3, 2)));
    m = _mm_max_epu8(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(2, 3, 0, 1)));
    m = _mm_max_epu8(m, _mm_srli_epi32(m, 16));
    m = _mm_max_epu8(m, _mm_srli_epi32(m, 8));
    unsigned best = (unsigned)_mm_cvtsi128_si32(m) & 0xFFu;
    unsigned mask = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(a, _mm_set1_epi8((char)best)));
    return mask & ((1u << n) - 1) & -(unsigned)(best != 0);
#else
    unsigned w[OF_MAX_PLAYERS];
    for (int p = 0; p < n; p++) w[p] = v[p];
    return winners(w, n);
#endif
}

/* High winners from the board-indexed row; on a flush board the players who can flush in
 * its suit take their flush where it is better. */
static OF_ALWAYS_INLINE unsigned board_high_winners(const job *J, const int n, int idx, int fs,
                                                    unsigned fmask) {
    const uint16_t *row = J->high_rows + (size_t)idx * (size_t)J->stride;
    unsigned fl = J->flushers[fs];
    if (!fl) return row_winners16(row, n);
    uint16_t v[16];
    memcpy(v, row, (n <= 8 ? 8 : 16) * sizeof *v);   /* the row's lanes (J->stride) */
    do {
        int p = of_ctz(fl);
        fl &= fl - 1;
        unsigned f = J->flush[p][fs][fmask];
        v[p] = (uint16_t)(f > v[p] ? f : v[p]);
    } while (fl);
    return row_winners16(v, n);
}

/* ---- Scoring a board from the tables ------------------------------------------------ */

/* Player p's high from his tables: idx = multiset index of the dealt ranks, suit fs (4:
 * none) holding the ranks fmask on the board. */
static OF_ALWAYS_INLINE unsigned table_high(const job *J, int p, int idx, unsigned fs,
                                            unsigned fmask) {
    unsigned hv = J->high[p][idx], f = J->flush[p][fs][fmask];
    return f > hv ? f : hv;
}

/* High winners when suit fs holds the ranks fmask on the board. */
static OF_ALWAYS_INLINE unsigned outcome_high_flush(const job *J, int n, int idx, unsigned fs,
                                                    unsigned fmask) {
    if (n >= BOARD_TABLES_FROM && J->high_rows) return board_high_winners(J, n, idx, fs, fmask);
    unsigned v[OF_MAX_PLAYERS];
    for (int p = 0; p < n; p++) v[p] = table_high(J, p, idx, fs, fmask);
    return winners(v, n);
}

/* High winners when the board's flush suit (if any) follows from counts. */
static OF_ALWAYS_INLINE unsigned outcome_high(const job *J, int n, int idx, uint64_t suited,
                                              unsigned counts) {
    int fs = flush_suit(counts);
    return outcome_high_flush(J, n, idx, (unsigned)fs, flush_ranks(suited, fs));
}

/* Low winners (0 when nobody has a low, or in Omaha High). */
static OF_ALWAYS_INLINE unsigned outcome_low(const job *J, int n, unsigned low) {
    if (!J->hilo) return 0;
    if (n >= BOARD_TABLES_FROM && J->low_rows) return row_winners8(J->low_rows + low * 16, n);
    unsigned v[OF_MAX_PLAYERS];
    for (int p = 0; p < n; p++) v[p] = J->low[p][low];
    return winners(v, n);
}

/* The outcome of one complete board, as the set of high winners | low winners << n. */
static inline uint32_t outcome(const job *J, int idx, unsigned low, uint64_t suited,
                               unsigned counts) {
    return outcome_high(J, J->n, idx, suited, counts) | outcome_low(J, J->n, low) << J->n;
}

/* ---- Histograms ---------------------------------------------------------------------- */

/* A histogram of (high winners | low winners << n). Dense histograms (up to five players)
 * spread each key over four lanes picked by the board's position, so that runs of boards
 * with the same outcome do not wait on each other's increments; sparse ones (more players,
 * too many keys to scan) keep a list of the keys they touched. */
#define LANES 4

typedef struct {
    uint64_t *count;
    uint32_t *keys;
    size_t n_keys, cap_keys;
    int dense, oom;
} histogram;

int hist_init(histogram *h, int n, int dense);
void hist_free(histogram *h);
void hist_add_sparse(histogram *h, uint32_t key, uint64_t w);
void hist_clear(histogram *h, int n);
/* all += w * h (all sparse). */
void hist_add_scaled(histogram *all, const histogram *h, uint64_t w, int n);

/* Count one board; `lane` is any number that changes from one board to the next. */
static OF_ALWAYS_INLINE void hist_count(histogram *h, uint32_t key, unsigned lane) {
    if (h->dense) h->count[key * LANES + (lane & (LANES - 1))]++;
    else hist_add_sparse(h, key, 1);
}

static OF_ALWAYS_INLINE void hist_count_n(histogram *h, uint32_t key, unsigned w, unsigned lane) {
    if (h->dense) h->count[key * LANES + (lane & (LANES - 1))] += w;
    else hist_add_sparse(h, key, w);
}

/* ---- Work units and the runner ------------------------------------------------------- */

typedef struct runner runner;

typedef struct {
    const job *J;
    runner *run;
    histogram h;
    /* exact ranges: this worker's own copy of the job, whose tables it rebuilds as the
     * hands change, and the histogram of one combination of hands */
    job *own;
    histogram one;
    uint16_t *high_buf[OF_MAX_PLAYERS];
    uint16_t *flush_buf[OF_MAX_PLAYERS][4];
} worker;

/* Each returns the boards (or combination-boards, or deals) it counted, -1 for a Monte
 * Carlo range block that ran out of draws. */
double eq_exact_unit(const job *J, histogram *h, int64_t unit);
double eq_mc_unit(const job *J, histogram *h, int64_t unit);
double eq_range_mc_unit(const job *J, histogram *h, int64_t unit);
double eq_range_exact_unit(worker *w, int64_t unit);
int eq_range_worker_init(worker *w);
void eq_range_worker_free(worker *w);

/* Exact: deal the remaining `left` cards from deck positions >= start; `level` cards are
 * already dealt, making the multiset index idx and the board summaries. */
void eq_enumerate(const job *J, histogram *h, int start, int left, int level, int idx,
                  unsigned low, uint64_t suited, unsigned counts);
/* Exact work units: each fixes the first one or two dealt cards. */
int64_t eq_exact_units(const job *J);

/* Add `w` boards with the outcome `key` (high winners | low winners << n) to the
 * per-player sums (equity_run.c). */
void eq_add_outcome(of_player_result *results, int n, uint32_t key, double w);

/* Run a prepared job on `threads` threads (0: one per core; the caller's among them) and
 * turn the merged histogram into per-player sums; *done gets the units' total. */
int eq_run(const job *J, int threads, of_progress_fn progress, void *user,
           of_player_result *results, double *boards_out, double *no_low_out, double *done);

/* Set-up shared by of_equity and of_range_equity (equity.c). */
int eq_check_run_args(int n_players, const uint8_t *board, int n_board, const uint8_t *dead,
                      int n_dead, int game, int mode, uint64_t samples, int threads);
/* Add n cards to a card mask: OF_ERR_CARD for a card above 51, OF_ERR_DUPLICATE for one
 * already in it. */
int eq_add_cards(uint64_t *mask, const uint8_t *cards, int n);
/* A zeroed job for n_players with the known board cards (NULL when out of memory). */
job *eq_job_new(int n_players, const uint8_t *board, int n_board, int game);
/* Monte Carlo runs: the blocks of `samples` boards or deals. */
void eq_job_set_mc(job *J, uint64_t samples, uint64_t seed);

/* C(n, k) as a double. */
double eq_choose(int n, int k);

#endif
