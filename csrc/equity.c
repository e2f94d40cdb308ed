/* Equity: exact enumeration of every remaining board, or seeded Monte Carlo.
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
 */
#include "platform.h"   /* first: it sets the feature macros */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eval.h"
#include "omaha_fast.h"
#include "rng.h"

#define MC_BLOCK 65536          /* boards per Monte Carlo block (the unit of determinism) */
#define PROGRESS_SECONDS 0.1    /* how often the calling thread reports progress */
#define RECORDS_UP_TO 120000    /* ranges with records made up front (up to about 1.9 MB) */

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
    int mc;
    uint64_t samples, seed;
    /* ranges (of_range_equity): each player's hands, and for weighted Monte Carlo draws an
     * alias table; exact runs split the work by the hands of the `pivot` player */
    int ranged, pivot, n_known, n_mc_deck, n_dealt_rows;
    int32_t *dealt_rows;              /* exact: board row index by dealt multiset index */
    uint8_t mc_deck[52];              /* the deck less the cards of single-hand players */
    double boards_per_combo;
    int known_ranks[5];
    uint8_t known_cards[5];
    uint64_t out_mask;                /* board and dead cards */
    unsigned avail_all[4];            /* ranks still to come, by suit (ranges: only the board
                                       * and dead cards are out) */
    struct player_range {
        const uint8_t *cards;
        const uint32_t *weights;
        uint32_t n, total;
        uint32_t *thresh, *alias;     /* NULL when every weight is the same */
        /* Monte Carlo, ranges small enough for the records to stay in cache: one record a
         * hand made up front (NULL: each deal works its records out from the cards) */
        struct hand_rec *recs;
    } range[OF_MAX_PLAYERS];
    /* work sharing, all under the lock */
    of_mutex lock;
    long next_unit, n_units;
    double done, total;
    int cancel, failed, no_deal;
} job;

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

static int hist_init(histogram *h, int n, int dense) {
    h->dense = dense;
    h->count = calloc((size_t)1 << (2 * n), dense ? LANES * sizeof *h->count : sizeof *h->count);
    h->cap_keys = 64;
    h->keys = malloc(h->cap_keys * sizeof *h->keys);
    h->n_keys = 0;
    h->oom = !h->count || !h->keys;
    return h->oom ? OF_ERR_NOMEM : OF_OK;
}

static void hist_free(histogram *h) {
    free(h->count);
    free(h->keys);
}

static void hist_add_sparse(histogram *h, uint32_t key, uint64_t w) {
    if (h->count[key] == 0) {
        if (h->n_keys == h->cap_keys) {
            uint32_t *more = realloc(h->keys, 2 * h->cap_keys * sizeof *more);
            if (!more) { h->oom = 1; return; }
            h->keys = more;
            h->cap_keys *= 2;
        }
        h->keys[h->n_keys++] = key;
    }
    h->count[key] += w;
}

/* Count one board; `lane` is any number that changes from one board to the next. */
static inline void hist_count(histogram *h, uint32_t key, unsigned lane) {
    if (h->dense) h->count[key * LANES + (lane & (LANES - 1))]++;
    else hist_add_sparse(h, key, 1);
}

static inline void hist_count_n(histogram *h, uint32_t key, unsigned w, unsigned lane) {
    if (h->dense) h->count[key * LANES + (lane & (LANES - 1))] += w;
    else hist_add_sparse(h, key, w);
}

/* Add everything h counted into the sparse histogram `all`. */
static void hist_merge(histogram *all, const histogram *h, int n) {
    if (h->dense) {
        for (uint32_t key = 0; key < (uint32_t)1 << (2 * n); key++) {
            uint64_t c = 0;
            for (int l = 0; l < LANES; l++) c += h->count[key * LANES + l];
            if (c) hist_add_sparse(all, key, c);
        }
    } else {
        for (size_t k = 0; k < h->n_keys; k++) hist_add_sparse(all, h->keys[k], h->count[h->keys[k]]);
    }
}

/* The outcome of one complete board, as the set of high winners | low winners << n.
 * idx = dealt multiset index, low = board low-rank set, suited = board ranks by suit (13
 * bits in each 16), counts = suit counts, 4 bits a suit. Written without data-dependent
 * branches: who wins and whether a flush is possible change from board to board, and
 * mispredicted branches would cost more than the reads. */
static OF_ALWAYS_INLINE unsigned winners(const unsigned *v, int n) {
    unsigned best = 0, mask = 0;
    for (int p = 0; p < n; p++) best = v[p] > best ? v[p] : best;
    for (int p = 0; p < n; p++) mask |= (unsigned)(v[p] == best) << p;
    return mask & -(unsigned)(best != 0);
}

/* High winners when the board's flush suit (if any) follows from counts. */
static OF_ALWAYS_INLINE unsigned outcome_high(const job *J, int n, int idx, uint64_t suited,
                                              unsigned counts) {
    unsigned three = (counts + 0x5555u) & 0x8888u;   /* the suit with 3+ cards, if any */
    int fs = of_ctz(three | 0x10000u) >> 2;          /* 4 when no suit has three */
    unsigned fmask = (unsigned)(suited >> (16 * (fs & 3))) & 0x1FFFu & -(unsigned)(fs < 4);
    unsigned v[OF_MAX_PLAYERS];
    for (int p = 0; p < n; p++) {
        unsigned hv = J->high[p][idx], f = J->flush[p][fs][fmask];
        v[p] = f > hv ? f : hv;
    }
    return winners(v, n);
}

/* High winners when suit fs holds the ranks fmask (three or more) on the board. */
static OF_ALWAYS_INLINE unsigned outcome_high_flush(const job *J, int n, int idx, unsigned fs,
                                                    unsigned fmask) {
    unsigned v[OF_MAX_PLAYERS];
    for (int p = 0; p < n; p++) {
        unsigned hv = J->high[p][idx], f = J->flush[p][fs][fmask];
        v[p] = f > hv ? f : hv;
    }
    return winners(v, n);
}

/* Low winners (0 when nobody has a low, or in Omaha High). */
static OF_ALWAYS_INLINE unsigned outcome_low(const job *J, int n, unsigned low) {
    if (!J->hilo) return 0;
    unsigned v[OF_MAX_PLAYERS];
    for (int p = 0; p < n; p++) v[p] = J->low[p][low];
    return winners(v, n);
}

static OF_ALWAYS_INLINE uint32_t outcome_n(const job *J, int n, int idx, unsigned low,
                                           uint64_t suited, unsigned counts) {
    return outcome_high(J, n, idx, suited, counts) | outcome_low(J, n, low) << n;
}

static uint32_t outcome(const job *J, int idx, unsigned low, uint64_t suited, unsigned counts) {
    return outcome_n(J, J->n, idx, low, suited, counts);
}

static inline unsigned card_suit_count(unsigned card) { return 1u << (4 * (card & 3)); }
static inline uint64_t card_suited(unsigned card) {
    return (uint64_t)1 << (16 * (card & 3) + (card >> 2));
}

/* The two innermost levels of the exact enumeration, where all the time goes; compiled
 * once for each number of players so that the per-player loops unroll.
 *
 * With four cards fixed, the fifth card's rank alone decides every player's non-flush high
 * and low, and its suit matters only if that suit already has two cards on the board (it
 * then makes or changes a flush). So the cards of one rank are scored together: one
 * outcome for all the "plain" ones, counted with their number, and a flush-only rescoring
 * for each of the at most two suits that can matter. */
static OF_ALWAYS_INLINE void last_two_body(const job *J, histogram *h, const int n, int start,
                                           int level, int idx, unsigned low, uint64_t suited,
                                           unsigned counts) {
    const uint8_t *deck = J->deck, *group_end = J->group_end;
    int n_deck = J->n_deck;
    const uint16_t *comb1 = of_comb[level + 1] + level, *comb2 = of_comb[level + 2] + level + 1;
    for (int i = start; i < n_deck - 1; i++) {
        unsigned c = deck[i], r = c >> 2;
        int idx1 = idx + comb1[r];
        unsigned low1 = low | of_low_bit[r], counts1 = counts + card_suit_count(c);
        uint64_t suited1 = suited | card_suited(c);
        /* suits holding two or more of the four cards: nibble + 6 reaches 8 */
        unsigned two = (counts1 + 0x6666u) & 0x8888u;
        for (int j = i + 1; j < n_deck;) {
            int end = group_end[j];
            unsigned r2 = deck[j] >> 2;
            int idx2 = idx1 + comb2[r2];
            unsigned low2 = low1 | of_low_bit[r2];
            uint32_t lkey = outcome_low(J, n, low2) << n;
            unsigned plain = 0;
            for (int k = j; k < end; k++) {
                unsigned c2 = deck[k], s2 = c2 & 3;
                if (two >> (4 * s2) & 8u) {
                    unsigned mask = (unsigned)(suited1 >> (16 * s2)) & 0x1FFFu;
                    hist_count(h, outcome_high_flush(J, n, idx2, s2, mask | 1u << r2) | lkey,
                               (unsigned)k);
                } else {
                    plain++;
                }
            }
            if (plain)
                hist_count_n(h, outcome_high(J, n, idx2, suited1, counts1) | lkey, plain,
                             (unsigned)j);
            j = end;
        }
    }
}

#define DEFINE_LAST_TWO(N)                                                                    \
    static void last_two_##N(const job *J, histogram *h, int start, int level, int idx,      \
                             unsigned low, uint64_t suited, unsigned counts) {              \
        last_two_body(J, h, N, start, level, idx, low, suited, counts);                      \
    }
DEFINE_LAST_TWO(2)
DEFINE_LAST_TWO(3)
DEFINE_LAST_TWO(4)
DEFINE_LAST_TWO(5)
DEFINE_LAST_TWO(6)
DEFINE_LAST_TWO(7)
DEFINE_LAST_TWO(8)
DEFINE_LAST_TWO(9)
DEFINE_LAST_TWO(10)

static void last_two(const job *J, histogram *h, int start, int level, int idx, unsigned low,
                     uint64_t suited, unsigned counts) {
    static void (*const by_players[OF_MAX_PLAYERS + 1])(const job *, histogram *, int, int, int,
                                                       unsigned, uint64_t, unsigned) = {
        NULL, NULL, last_two_2, last_two_3, last_two_4, last_two_5, last_two_6, last_two_7,
        last_two_8, last_two_9, last_two_10};
    by_players[J->n](J, h, start, level, idx, low, suited, counts);
}

/* Exact: deal the remaining `left` cards from deck positions >= start, in ascending order;
 * `level` cards are already dealt. The last two levels are plain loops: that is where all
 * the time goes. */
static void enumerate(const job *J, histogram *h, int start, int left, int level, int idx,
                      unsigned low, uint64_t suited, unsigned counts) {
    const uint8_t *deck = J->deck;
    int n_deck = J->n_deck;
    if (left == 0) {
        hist_count(h, outcome(J, idx, low, suited, counts), 0);
    } else if (left == 1) {
        const uint16_t *comb = of_comb[level + 1] + level;
        for (int i = start; i < n_deck; i++) {
            unsigned c = deck[i], r = c >> 2;
            hist_count(h, outcome(J, idx + comb[r], low | of_low_bit[r], suited | card_suited(c),
                                  counts + card_suit_count(c)), (unsigned)i);
        }
    } else if (left == 2) {
        last_two(J, h, start, level, idx, low, suited, counts);
    } else {
        for (int i = start; i <= n_deck - left; i++) {
            unsigned c = deck[i], r = c >> 2;
            enumerate(J, h, i + 1, left - 1, level + 1, idx + of_comb[level + 1][r + level],
                      low | of_low_bit[r], suited | card_suited(c), counts + card_suit_count(c));
        }
    }
}

/* Units of exact work: each fixes the first one or two dealt cards. */
static int unit_prefix(const job *J) { return J->deal >= 2 ? 2 : J->deal; }

static double choose(int n, int k) {
    if (k < 0 || k > n) return 0;
    double c = 1;
    for (int i = 1; i <= k; i++) c = c * (n - k + i) / i;
    return c;
}

static double run_exact_unit(const job *J, histogram *h, long unit) {
    int prefix = unit_prefix(J);
    if (prefix == 0) {
        hist_count(h, outcome(J, 0, J->known_low, J->known_suited, J->known_suit_counts), 0);
        return 1;
    }
    /* unit -> (i) or (i, j) with i < j, in order */
    int i = 0, j = -1;
    if (prefix == 1) i = (int)unit;
    else {
        long u = unit;
        for (i = 0; i < J->n_deck; i++) {
            long row = J->n_deck - 1 - i;
            if (u < row) { j = i + 1 + (int)u; break; }
            u -= row;
        }
    }
    unsigned c = J->deck[i], r = c >> 2;
    unsigned low = J->known_low | of_low_bit[r], counts = J->known_suit_counts + card_suit_count(c);
    uint64_t suited = J->known_suited | card_suited(c);
    int idx = of_comb[1][r], start = i + 1;
    if (prefix == 2) {
        unsigned c2 = J->deck[j], r2 = c2 >> 2;
        low |= of_low_bit[r2];
        counts += card_suit_count(c2);
        suited |= card_suited(c2);
        idx += of_comb[2][r2 + 1];
        start = j + 1;
    }
    int left = J->deal - prefix;
    enumerate(J, h, start, left, prefix, idx, low, suited, counts);
    return choose(J->n_deck - start, left);
}

static double run_mc_unit(const job *J, histogram *h, long unit) {
    uint64_t x = J->seed ^ ((uint64_t)unit * 0xD1B54A32D192ED03ull);
    rng g;
    for (int k = 0; k < 4; k++) g.s[k] = splitmix64(&x);
    uint8_t deck[52];
    memcpy(deck, J->deck, (size_t)J->n_deck);
    uint64_t first = (uint64_t)unit * MC_BLOCK;
    uint64_t count = J->samples - first < MC_BLOCK ? J->samples - first : MC_BLOCK;
    for (uint64_t b = 0; b < count; b++) {
        int r[5];
        uint64_t suited = J->known_suited;
        unsigned low = J->known_low, counts = J->known_suit_counts;
        for (int t = 0; t < J->deal; t++) {   /* partial Fisher-Yates */
            int k = t + (int)rng_below(&g, (uint32_t)(J->n_deck - t));
            uint8_t c = deck[k];
            deck[k] = deck[t];
            deck[t] = c;
            r[t] = c >> 2;
            suited |= card_suited(c);
            low |= of_low_bit[r[t]];
            counts += card_suit_count(c);
        }
        of_sort_small(r, J->deal);
        hist_count(h, outcome(J, of_multiset_index(r, J->deal), low, suited, counts),
                   (unsigned)b);
    }
    return (double)count;
}

typedef struct {
    job *J;
    histogram h;
    /* exact ranges: this worker's own copy of the job, whose tables it rebuilds as the
     * hands change, and the histogram of one combination of hands */
    job *own;
    histogram one;
    uint16_t *high_buf[OF_MAX_PLAYERS];
    uint16_t *flush_buf[OF_MAX_PLAYERS][4];
    int rc;
    of_progress_fn progress;   /* only the calling thread's worker has one */
    void *user;
} worker;

/* ---- Ranges --------------------------------------------------------------------------
 * A five-card board scored for any hand: the row of best non-flush highs by hole rank
 * pair, the low-rank set, and the flush suit (4 when none) with its ranks. */
typedef struct {
    const uint16_t *row;
    unsigned low, fmask;
    int fs;
} board5;

/* idx: the multiset index of the board's five ranks, or -1 to work it out here. */
static OF_ALWAYS_INLINE void board5_of(board5 *b, const uint8_t *cards, int idx) {
    int r[5];
    unsigned counts = 0, low = 0, suited[4] = {0, 0, 0, 0};
    for (int i = 0; i < 5; i++) {
        r[i] = cards[i] >> 2;
        counts += card_suit_count(cards[i]);
        low |= of_low_bit[r[i]];
        suited[cards[i] & 3] |= 1u << r[i];
    }
    if (idx < 0) {
        of_sort_small(r, 5);
        idx = of_multiset_index(r, 5);
    }
    b->row = of_board_rows(5) + (size_t)idx * OF_PAIRS;
    unsigned three = (counts + 0x5555u) & 0x8888u;
    b->fs = of_ctz(three | 0x10000u) >> 2;
    b->fmask = b->fs < 4 ? suited[b->fs] : 0;
    b->low = low;
}

static inline uint64_t hand_mask(const uint8_t *h) {
    return (uint64_t)1 << h[0] | (uint64_t)1 << h[1] | (uint64_t)1 << h[2] | (uint64_t)1 << h[3];
}

/* What scoring needs of a hand, worked out once per deal: its cards as a mask, the
 * indexes of its six rank pairs and its low-rank set. Sixteen bytes, so that the records
 * of a large range stay in cache. */
typedef struct hand_rec {
    uint64_t mask;
    uint8_t pair[6], low, pad;
} hand_rec;

static OF_ALWAYS_INLINE void hand_rec_of(hand_rec *r, const uint8_t *h) {
    int r0 = h[0] >> 2, r1 = h[1] >> 2, r2 = h[2] >> 2, r3 = h[3] >> 2;
    r->mask = hand_mask(h);
    r->low = (uint8_t)(of_low_bit[r0] | of_low_bit[r1] | of_low_bit[r2] | of_low_bit[r3]);
    r->pair[0] = of_pair_index[r0][r1]; r->pair[1] = of_pair_index[r0][r2];
    r->pair[2] = of_pair_index[r0][r3]; r->pair[3] = of_pair_index[r1][r2];
    r->pair[4] = of_pair_index[r1][r3]; r->pair[5] = of_pair_index[r2][r3];
    r->pad = 0;
}

/* The ranks of suit s in a card mask (card = rank * 4 + suit): every fourth bit, packed
 * into 13 bits by folding pairs, nibbles and bytes together. */
static OF_ALWAYS_INLINE unsigned mask_suit_ranks(uint64_t mask, int s) {
    uint64_t x = mask >> s & 0x1111111111111ull;
    x = (x | x >> 3) & 0x0303030303030303ull;
    x = (x | x >> 6) & 0x000F000F000F000Full;
    x = (x | x >> 12) & 0x000000FF000000FFull;
    return (unsigned)(x | x >> 24) & 0x1FFFu;
}

static OF_ALWAYS_INLINE unsigned rec_high(const board5 *b, const hand_rec *r) {
    const uint16_t *row = b->row;
    unsigned best = row[r->pair[0]], v;
    v = row[r->pair[1]]; best = v > best ? v : best;
    v = row[r->pair[2]]; best = v > best ? v : best;
    v = row[r->pair[3]]; best = v > best ? v : best;
    v = row[r->pair[4]]; best = v > best ? v : best;
    v = row[r->pair[5]]; best = v > best ? v : best;
    unsigned hs = b->fs < 4 ? mask_suit_ranks(r->mask, b->fs) : 0;
    if (hs & (hs - 1)) {   /* two or more of the board's flush suit */
        v = of_best_flush(hs, b->fmask);
        best = v > best ? v : best;
    }
    return best;
}

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

/* Uniform in [0, n) from 32 random bits, by the same multiply-shift with rejection as
 * rng_below (fresh bits in the rare case that needs them). */
static OF_ALWAYS_INLINE uint32_t below_from(rng *g, uint32_t bits, uint32_t n) {
    uint64_t m = (uint64_t)bits * n;
    if ((uint32_t)m < n) {
        uint32_t floor = (uint32_t)(-n) % n;
        while ((uint32_t)m < floor) m = (uint64_t)(uint32_t)(rng_next(g) >> 32) * n;
    }
    return (uint32_t)(m >> 32);
}

/* 32-bit draws served from a buffer of sixteen, refilled eight 64-bit outputs at a time:
 * dealing is most of a Monte Carlo deal, and the refill branch is rarely taken. */
typedef struct { rng *g; uint32_t buf[16]; int pos; } rng32;

static OF_ALWAYS_INLINE uint32_t draw_below(rng32 *r, uint32_t n) {
    if (r->pos == 16) {
        for (int k = 0; k < 8; k++) {
            uint64_t x = rng_next(r->g);
            r->buf[2 * k] = (uint32_t)(x >> 32);
            r->buf[2 * k + 1] = (uint32_t)x;
        }
        r->pos = 0;
    }
    return below_from(r->g, r->buf[r->pos++], n);
}

/* The row of a hand drawn by weight. */
static OF_ALWAYS_INLINE uint32_t range_draw(const struct player_range *pr, rng32 *g) {
    if (pr->n == 1) return 0;
    uint32_t i = draw_below(g, pr->n);
    if (pr->thresh && draw_below(g, pr->total) >= pr->thresh[i]) i = pr->alias[i];
    return i;
}

/* One Monte Carlo deal, drawn and summarised, waiting to be scored. */
typedef struct {
    hand_rec hand[OF_MAX_PLAYERS];
    board5 bd;
    int idx;
} mc_deal;

/* Draw a deal: every hand by weight, the whole deal thrown away when two hands share a
 * card (redrawing one player only would bias the result), then the board, uniform over
 * the cards left. Returns 0 when `limit` attempts ran out. */
static OF_ALWAYS_INLINE int draw_deal(const job *J, rng32 *r32, const int n, mc_deal *d,
                                      uint64_t *attempts, uint64_t limit) {
    const int n_known = J->n_known;
    const uint8_t *deck = J->mc_deck;
    const uint32_t n_deck = (uint32_t)J->n_mc_deck;
    uint64_t used;
    uint32_t row[OF_MAX_PLAYERS];
    for (;;) {
        if (++*attempts > limit) return 0;
        uint64_t clash = 0;
        used = 0;
        for (int p = 0; p < n; p++) {
            const struct player_range *pr = &J->range[p];
            row[p] = range_draw(pr, r32);
            uint64_t m = pr->recs ? pr->recs[row[p]].mask : hand_mask(pr->cards + 4 * (size_t)row[p]);
            clash |= used & m;
            used |= m;
        }
        if (!clash) break;
    }
    /* players with one hand score from their own tables and need no record */
    for (int p = 0; p < n; p++) {
        const struct player_range *pr = &J->range[p];
        if (J->high[p]) continue;
        if (pr->recs) d->hand[p] = pr->recs[row[p]];
        else hand_rec_of(&d->hand[p], pr->cards + 4 * (size_t)row[p]);
    }
    /* the board's suit counts, suited ranks and low ranks grow as its cards are dealt */
    int dealt[5];
    unsigned counts = J->known_suit_counts, low = J->known_low;
    uint64_t suited = J->known_suited;
    for (int t = 0; t < 5 - n_known; t++) {
        unsigned c;
        do c = deck[draw_below(r32, n_deck)]; while (used >> c & 1u);
        used |= (uint64_t)1 << c;
        dealt[t] = (int)(c >> 2);
        counts += card_suit_count(c);
        low |= of_low_bit[c >> 2];
        suited |= card_suited(c);
    }
    /* players with one hand read their own tables (indexed by the dealt ranks alone,
     * like of_equity); the others are scored from the board's row */
    of_sort_small(dealt, 5 - n_known);
    d->idx = of_multiset_index(dealt, 5 - n_known);
    int full = d->idx;
    if (n_known) {
        int r[5];
        for (int i = 0; i < n_known; i++) r[i] = J->known_ranks[i];
        for (int i = n_known; i < 5; i++) r[i] = dealt[i - n_known];
        of_sort_small(r, 5);
        full = of_multiset_index(r, 5);
    }
    d->bd.row = of_board_rows(5) + (size_t)full * OF_PAIRS;
    unsigned three = (counts + 0x5555u) & 0x8888u;
    d->bd.fs = of_ctz(three | 0x10000u) >> 2;
    d->bd.fmask = (unsigned)(suited >> (16 * (d->bd.fs & 3))) & 0x1FFFu & -(unsigned)(d->bd.fs < 4);
    d->bd.low = low;
#if defined(__GNUC__) || defined(__clang__)
    /* the row is read one deal later: fetch it now, behind the next deal's drawing */
    __builtin_prefetch(d->bd.row);
    __builtin_prefetch(d->bd.row + 32);
    __builtin_prefetch(d->bd.row + 64);
#endif
    return 1;
}

static OF_ALWAYS_INLINE uint32_t score_deal(const job *J, const int n, const mc_deal *d) {
    unsigned hv[OF_MAX_PLAYERS], lv[OF_MAX_PLAYERS];
    for (int p = 0; p < n; p++) {
        if (J->high[p]) {
            unsigned hi = J->high[p][d->idx], f = J->flush[p][d->bd.fs][d->bd.fmask];
            hv[p] = f > hi ? f : hi;
        } else {
            hv[p] = rec_high(&d->bd, &d->hand[p]);
        }
    }
    uint32_t key = winners(hv, n);
    if (J->hilo) {
        for (int p = 0; p < n; p++)
            lv[p] = J->high[p] ? J->low[p][d->bd.low]
                               : of_low[(unsigned)d->hand[p].low << 8 | d->bd.low];
        key |= winners(lv, n) << n;
    }
    return key;
}

/* Monte Carlo over ranges, one block of deals. Each deal is scored after the next one is
 * drawn, so that the board row it reads has arrived by then. Returns the deals counted,
 * or -1 when the block needed more than a thousand draws per accepted deal. */
static OF_ALWAYS_INLINE double range_mc_body(const job *J, histogram *h, long unit, const int n) {
    uint64_t x = J->seed ^ ((uint64_t)unit * 0xD1B54A32D192ED03ull);
    rng g;
    for (int k = 0; k < 4; k++) g.s[k] = splitmix64(&x);
    rng32 r32;
    r32.g = &g;
    r32.pos = 16;
    uint64_t first = (uint64_t)unit * MC_BLOCK;
    uint64_t count = J->samples - first < MC_BLOCK ? J->samples - first : MC_BLOCK;
    uint64_t attempts = 0, limit = 1000 * count + 1000;
    mc_deal deals[2];
    if (!draw_deal(J, &r32, n, &deals[0], &attempts, limit)) return -1;
    for (uint64_t b = 0; b < count; b++) {
        const mc_deal *cur = &deals[b & 1];
        if (b + 1 < count && !draw_deal(J, &r32, n, &deals[(b + 1) & 1], &attempts, limit))
            return -1;
        hist_count(h, score_deal(J, n, cur), (unsigned)b);
    }
    return (double)count;
}

/* Heads-up compiled on its own, so that the per-player loops unroll. */
static double range_mc_2(const job *J, histogram *h, long unit) { return range_mc_body(J, h, unit, 2); }
static double range_mc_n(const job *J, histogram *h, long unit) { return range_mc_body(J, h, unit, J->n); }

static double run_range_mc_unit(const job *J, histogram *h, long unit) {
    return J->n == 2 ? range_mc_2(J, h, unit) : range_mc_n(J, h, unit);
}

/* A player's non-flush high over every multiset of the `deal` cards still to come. */
static void high_fill(uint16_t *t, const int *known_ranks, int n_known, int deal,
                      const uint8_t *hole, int n_hole) {
    int d[5] = {0, 0, 0, 0, 0};
    int pairs[15], np = 0;   /* 6 rank pairs of four hole cards, 10 of five, 15 of six */
    for (int a = 0; a < n_hole; a++)
        for (int b = a + 1; b < n_hole; b++) pairs[np++] = of_pair_index[hole[a] >> 2][hole[b] >> 2];
    for (;;) {
        int r[5];
        for (int i = 0; i < n_known; i++) r[i] = known_ranks[i];
        for (int i = 0; i < deal; i++) r[n_known + i] = d[i];
        of_sort_small(r, 5);
        const uint16_t *row = of_board_rows(5) + (size_t)of_multiset_index(r, 5) * OF_PAIRS;
        uint16_t best = 0;
        for (int p = 0; p < np; p++) if (row[pairs[p]] > best) best = row[pairs[p]];
        t[deal ? of_multiset_index(d, deal) : 0] = best;
        int i = deal - 1;
        while (i >= 0 && d[i] == 12) i--;
        if (i < 0) break;
        d[i]++;
        for (int k = i + 1; k < deal; k++) d[k] = d[i];
    }
}

/* The entries of a flush table a run can read: the known suited ranks plus up to `left`
 * more of `avail` (ranks above `from` only, so each set is written once), when they make
 * three or more. Other entries are never read, so a reused buffer needs no clearing. */
static void flush_fill(uint16_t *t, unsigned hole_suited, unsigned board, unsigned avail,
                       int left, int from) {
    if (of_popcount(board) >= 3) t[board] = of_best_flush(hole_suited, board);
    if (!left) return;
    for (int r = from; r < 13; r++)
        if (avail >> r & 1u) flush_fill(t, hole_suited, board | 1u << r, avail, left - 1, r + 1);
}

static const uint16_t no_flush[8192];

/* The same from the board rows of every dealt multiset (job->dealt_rows): six reads each,
 * no sorting, for exact range runs that rebuild a table for every hand. */
static void high_fill_rows(uint16_t *t, const int32_t *rows, int size, const uint8_t *hole) {
    int pairs[6], np = 0;
    for (int a = 0; a < 4; a++)
        for (int b = a + 1; b < 4; b++) pairs[np++] = of_pair_index[hole[a] >> 2][hole[b] >> 2];
    const uint16_t *base = of_board_rows(5);
    for (int i = 0; i < size; i++) {
        const uint16_t *row = base + (size_t)rows[i] * OF_PAIRS;
        unsigned best = row[pairs[0]], v;
        v = row[pairs[1]]; best = v > best ? v : best;
        v = row[pairs[2]]; best = v > best ? v : best;
        v = row[pairs[3]]; best = v > best ? v : best;
        v = row[pairs[4]]; best = v > best ? v : best;
        v = row[pairs[5]]; best = v > best ? v : best;
        t[i] = (uint16_t)best;
    }
}

/* Point player p of the worker's job at tables for `hole`. */
static void range_set_player(worker *w, int p, const uint8_t *hole) {
    job *J = w->own;
    high_fill_rows(w->high_buf[p], J->dealt_rows, J->n_dealt_rows, hole);
    J->high[p] = w->high_buf[p];
    unsigned hm = of_low_bit[hole[0] >> 2] | of_low_bit[hole[1] >> 2] |
                  of_low_bit[hole[2] >> 2] | of_low_bit[hole[3] >> 2];
    J->low[p] = of_low + (hm << 8);
    J->flush[p][4] = no_flush;   /* read when no suit has three cards */
    for (int s = 0; s < 4; s++) {
        unsigned hs = 0;
        for (int i = 0; i < 4; i++) if ((hole[i] & 3) == s) hs |= 1u << (hole[i] >> 2);
        unsigned known = (unsigned)(J->known_suited >> (16 * s)) & 0x1FFFu;
        if (of_popcount(hs) < 2 || of_popcount(known) + J->deal < 3) {
            J->flush[p][s] = no_flush;
            continue;
        }
        flush_fill(w->flush_buf[p][s], hs, known, J->avail_all[s], J->deal, 0);
        J->flush[p][s] = w->flush_buf[p][s];
    }
}

static void hist_clear(histogram *h, int n) {
    if (h->dense) {
        memset(h->count, 0, ((size_t)1 << (2 * n)) * LANES * sizeof *h->count);
    } else {
        for (size_t k = 0; k < h->n_keys; k++) h->count[h->keys[k]] = 0;
        h->n_keys = 0;
    }
}

/* all += w * one (all sparse). */
static void hist_add_scaled(histogram *all, const histogram *one, uint64_t w, int n) {
    if (one->dense) {
        for (uint32_t key = 0; key < (uint32_t)1 << (2 * n); key++) {
            uint64_t c = 0;
            for (int l = 0; l < LANES; l++) c += one->count[key * LANES + l];
            if (c) hist_add_sparse(all, key, c * w);
        }
    } else {
        for (size_t k = 0; k < one->n_keys; k++)
            hist_add_sparse(all, one->keys[k], one->count[one->keys[k]] * w);
    }
}

/* Every board for the hands now set, counted with weight w. */
static void range_score(worker *w, uint64_t used, uint64_t weight) {
    job *J = w->own;
    J->n_deck = 0;
    for (int c = 0; c < 52; c++)
        if (!((used | J->out_mask) >> c & 1u)) J->deck[J->n_deck++] = (uint8_t)c;
    for (int i = J->n_deck - 1; i >= 0; i--)
        J->group_end[i] = (uint8_t)(i + 1 < J->n_deck && J->deck[i + 1] >> 2 == J->deck[i] >> 2
                                    ? J->group_end[i + 1] : i + 1);
    hist_clear(&w->one, J->n);
    enumerate(J, &w->one, 0, J->deal, 0, 0, J->known_low, J->known_suited, J->known_suit_counts);
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

/* Exact over ranges: one unit is one hand of the pivot player. Returns combination-board
 * pairs scored. */
static double run_range_exact_unit(worker *w, long unit) {
    job *J = w->own;
    const struct player_range *pr = &J->range[J->pivot];
    const uint8_t *hole = pr->cards + 4 * (size_t)unit;
    range_set_player(w, J->pivot, hole);
    double combos = range_combos(w, 0, hand_mask(hole), pr->weights[unit]);
    return combos * J->boards_per_combo;
}

/* Exact ranges: the worker's own job copy and table buffers. */
static int worker_tables(worker *w) {
    job *J = w->J;
    w->own = malloc(sizeof *w->own);
    if (!w->own) return OF_ERR_NOMEM;
    memcpy(w->own, J, sizeof *J);
    if (hist_init(&w->one, J->n, J->n <= 5) != OF_OK) return OF_ERR_NOMEM;
    int size = J->deal ? of_comb[J->deal][12 + J->deal] : 1;
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

static void worker_tables_free(worker *w) {
    if (!w->own) return;
    hist_free(&w->one);
    for (int p = 0; p < OF_MAX_PLAYERS; p++) {
        free(w->high_buf[p]);
        for (int s = 0; s < 4; s++) free(w->flush_buf[p][s]);
    }
    free(w->own);
}

static void *work(void *arg) {
    worker *w = arg;
    job *J = w->J;
    double last_report = of_now_seconds();
    for (;;) {
        of_mutex_lock(&J->lock);
        long unit = J->cancel || J->failed ? J->n_units : J->next_unit++;
        of_mutex_unlock(&J->lock);
        if (unit >= J->n_units) break;
        double boards = J->ranged ? (J->mc ? run_range_mc_unit(J, &w->h, unit)
                                             : run_range_exact_unit(w, unit))
                        : J->mc ? run_mc_unit(J, &w->h, unit) : run_exact_unit(J, &w->h, unit);
        of_mutex_lock(&J->lock);
        if (boards < 0) {
            J->no_deal = J->failed = 1;
            boards = 0;
        }
        J->done += boards;
        if (w->h.oom || (w->own && w->one.oom)) J->failed = 1;
        double done = J->done;
        of_mutex_unlock(&J->lock);
        if (w->progress && of_now_seconds() - last_report >= PROGRESS_SECONDS) {
            last_report = of_now_seconds();
            if (w->progress(w->user, done, J->total)) {
                of_mutex_lock(&J->lock);
                J->cancel = 1;
                of_mutex_unlock(&J->lock);
            }
        }
    }
    return NULL;
}

/* A player's non-flush high over every multiset of the `deal` cards still to come. */
static uint16_t *high_table(const int *known_ranks, int n_known, int deal, const uint8_t *hole,
                            int n_hole) {
    int size = deal ? of_comb[deal][12 + deal] : 1;   /* C(12 + deal, deal) multisets */
    uint16_t *t = malloc((size_t)size * sizeof *t);
    if (t) high_fill(t, known_ranks, n_known, deal, hole, n_hole);
    return t;
}

/* A player's best flush in one suit by the board's ranks in that suit, filled for every
 * board mask that can occur: the known suited ranks plus up to `deal` of `avail`. */
static uint16_t *flush_table(unsigned hole_suited, unsigned known, unsigned avail, int deal) {
    uint16_t *t = calloc(8192, sizeof *t);
    if (!t) return NULL;
    /* walk the submasks of avail with at most `deal` bits */
    unsigned sub = avail;
    for (;;) {
        if (of_popcount(sub) <= deal) {
            unsigned board = known | sub;
            if (of_popcount(board) >= 3) t[board] = of_best_flush(hole_suited, board);
        }
        if (sub == 0) break;
        sub = (sub - 1) & avail;
    }
    return t;
}

static int default_threads(void) {
    long n = of_cpu_count();
    return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

static int compare_keys(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Run a prepared job on `threads` threads (the caller's among them) and turn the merged
 * histogram into per-player sums. */
static int run_job(job *J, int threads, of_progress_fn progress, void *user,
                   of_player_result *results, double *boards_out, double *no_low_out) {
    int rc = OF_OK, n_players = J->n;
    if (threads == 0) threads = default_threads();
    if (threads > J->n_units) threads = (int)J->n_units;
    if (!J->mc && J->total < 20000) threads = 1;   /* not worth a thread start */

    worker *workers = calloc((size_t)threads, sizeof *workers);
    of_thread *tids = calloc((size_t)threads, sizeof *tids);
    if (!workers || !tids) rc = OF_ERR_NOMEM;
    int started = 0;
    if (rc == OF_OK && of_mutex_init(&J->lock) != 0) rc = OF_ERR_THREAD;
    int have_lock = rc == OF_OK;
    for (int t = 0; t < threads && rc == OF_OK; t++) {
        workers[t].J = J;
        /* exact ranges add weighted histograms: sparse, so scaled counts go straight in */
        int exact_ranges = J->ranged && !J->mc;
        if (hist_init(&workers[t].h, n_players, n_players <= 5 && !exact_ranges) != OF_OK)
            rc = OF_ERR_NOMEM;
        if (rc == OF_OK && exact_ranges) rc = worker_tables(&workers[t]);
    }
    if (rc == OF_OK) {
        workers[0].progress = progress;
        workers[0].user = user;
        for (int t = 1; t < threads; t++) {
            if (of_thread_create(&tids[t], work, &workers[t]) != 0) {
                of_mutex_lock(&J->lock);
                J->failed = 1;
                of_mutex_unlock(&J->lock);
                rc = OF_ERR_THREAD;
                break;
            }
            started = t;
        }
        work(&workers[0]);   /* the calling thread works too, and reports progress */
        for (int t = 1; t <= started; t++) of_thread_join(&tids[t]);
        /* a last report, so that every run reports at least once, completed or not */
        if (progress && !J->cancel && !J->failed) progress(user, J->done, J->total);
        if (rc == OF_OK && J->no_deal) rc = OF_ERR_NO_DEAL;
        if (rc == OF_OK && J->failed) rc = OF_ERR_NOMEM;
        if (rc == OF_OK && J->cancel) rc = OF_ERR_CANCELLED;
    }

    if (rc == OF_OK) {
        /* merge the histograms, then turn each (high winners, low winners) into shares */
        histogram merged, *all = &merged;
        if (hist_init(all, n_players, 0) != OF_OK) rc = OF_ERR_NOMEM;
        for (int t = 0; t < threads && rc == OF_OK; t++) {
            hist_merge(all, &workers[t].h, n_players);
            if (all->oom) rc = OF_ERR_NOMEM;
        }
        /* keys in one order whatever the threads were, so the float sums are too */
        if (rc == OF_OK) qsort(all->keys, all->n_keys, sizeof *all->keys, compare_keys);
        memset(results, 0, (size_t)n_players * sizeof *results);
        double total = 0, no_low = 0;
        unsigned pmask = (1u << n_players) - 1;
        for (size_t k = 0; k < all->n_keys && rc == OF_OK; k++) {
            uint32_t key = all->keys[k];
            double w = (double)all->count[key];
            unsigned hw = key & pmask, lw = key >> n_players;
            int nh = of_popcount(hw), nl = of_popcount(lw);
            total += w;
            if (!lw) no_low += w;
            for (int p = 0; p < n_players; p++) {
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
        if (total == 0) rc = OF_ERR_NO_DEAL;   /* exact ranges that never fit together */
        *boards_out = total;
        *no_low_out = no_low;
        hist_free(all);   /* frees whatever hist_init managed to allocate */
    }

    for (int t = 0; t < threads && workers; t++) {
        hist_free(&workers[t].h);
        worker_tables_free(&workers[t]);
    }
    if (have_lock) of_mutex_destroy(&J->lock);
    free(workers);
    free(tids);
    return rc;
}

/* The known board cards, as the tables and the deal read them. */
static void job_set_board(job *J, const uint8_t *board, int n_board) {
    J->n_known = n_board;
    for (int i = 0; i < n_board; i++) {
        J->known_cards[i] = board[i];
        J->known_ranks[i] = board[i] >> 2;
        J->known_suited |= card_suited(board[i]);
        J->known_low |= of_low_bit[board[i] >> 2];
        J->known_suit_counts += card_suit_count(board[i]);
    }
}

/* The tables of a player who holds one hand of n_hole cards: his high by the dealt ranks,
 * his low by the board's low ranks, his flushes by suit (built for the ranks in
 * J->avail_all). Once made, the tables are all a run reads: the same run serves four,
 * five and six hole cards. */
static int fixed_tables(job *J, int p, const uint8_t *hole, int n_hole) {
    J->high[p] = high_table(J->known_ranks, J->n_known, J->deal, hole, n_hole);
    if (!J->high[p]) return OF_ERR_NOMEM;
    unsigned hm = 0;
    for (int i = 0; i < n_hole; i++) hm |= of_low_bit[hole[i] >> 2];
    J->low[p] = of_low + (hm << 8);
    for (int s = 0; s < 5; s++) J->flush[p][s] = no_flush;
    for (int s = 0; s < 4; s++) {
        unsigned hs = 0;
        for (int i = 0; i < n_hole; i++) if ((hole[i] & 3) == s) hs |= 1u << (hole[i] >> 2);
        unsigned known = (unsigned)(J->known_suited >> (16 * s)) & 0x1FFFu;
        if (of_popcount(hs) < 2 || of_popcount(known) + J->deal < 3) continue;
        uint16_t *t = flush_table(hs, known, J->avail_all[s], J->deal);
        if (!t) return OF_ERR_NOMEM;
        J->flush[p][s] = t;
    }
    return OF_OK;
}

/* Add n cards to a card mask: OF_ERR_CARD for a card above 51, OF_ERR_DUPLICATE for one
 * already in it. */
static int add_cards(uint64_t *mask, const uint8_t *cards, int n) {
    for (int i = 0; i < n; i++) {
        unsigned c = cards[i];
        if (c > 51) return OF_ERR_CARD;
        if (*mask >> c & 1u) return OF_ERR_DUPLICATE;
        *mask |= (uint64_t)1 << c;
    }
    return OF_OK;
}

/* A zeroed job for n_players with n_board cards known (NULL when out of memory). */
static job *job_new(int n_players, int n_board, int game) {
    job *J = calloc(1, sizeof *J);
    if (!J) return NULL;
    J->n = n_players;
    J->deal = 5 - n_board;
    J->hilo = game == OF_GAME_HILO;
    return J;
}

/* The arguments of_equity and of_range_equity share, checked the same way for both. */
static int check_run_args(int n_players, const uint8_t *board, int n_board,
                          const uint8_t *dead, int n_dead, int game, int mode,
                          uint64_t samples, int threads) {
    if ((n_board && !board) || (n_dead && !dead)) return OF_ERR_ARG;
    if (n_players < 2 || n_players > OF_MAX_PLAYERS) return OF_ERR_COUNT;
    if (!(n_board == 0 || (n_board >= 3 && n_board <= 5)) || n_dead < 0) return OF_ERR_COUNT;
    if (game != OF_GAME_HIGH && game != OF_GAME_HILO) return OF_ERR_ARG;
    if (mode != 0 && mode != 1) return OF_ERR_ARG;
    if (mode == 1 && samples == 0) return OF_ERR_ARG;
    if (threads < 0) return OF_ERR_ARG;
    return OF_OK;
}

int of_equity(const uint8_t *hands, int n_players, const uint8_t *board, int n_board,
              const uint8_t *dead, int n_dead, int game, int mode, uint64_t samples,
              uint64_t seed, int threads, of_progress_fn progress, void *user,
              of_player_result *results, double *boards_out, double *no_low_out) {
    return of_equity_n(hands, 4, n_players, board, n_board, dead, n_dead, game, mode, samples,
                       seed, threads, progress, user, results, boards_out, no_low_out);
}

int of_equity_n(const uint8_t *hands, int n_hole, int n_players, const uint8_t *board,
                int n_board, const uint8_t *dead, int n_dead, int game, int mode,
                uint64_t samples, uint64_t seed, int threads, of_progress_fn progress,
                void *user, of_player_result *results, double *boards_out,
                double *no_low_out) {
    if (!hands || !results || !boards_out || !no_low_out) return OF_ERR_ARG;
    if (n_hole < OF_MIN_HOLE || n_hole > OF_MAX_HOLE) return OF_ERR_COUNT;
    int rc = check_run_args(n_players, board, n_board, dead, n_dead, game, mode, samples,
                            threads);
    if (rc != OF_OK) return rc;
    uint64_t seen = 0;
    rc = add_cards(&seen, hands, n_hole * n_players);
    if (rc == OF_OK) rc = add_cards(&seen, board, n_board);
    if (rc == OF_OK) rc = add_cards(&seen, dead, n_dead);
    if (rc != OF_OK) return rc;
    of_init();

    job *J = job_new(n_players, n_board, game);
    if (!J) return OF_ERR_NOMEM;
    for (int c = 0; c < 52; c++)
        if (!(seen >> c & 1u)) J->deck[J->n_deck++] = (uint8_t)c;
    if (J->n_deck < J->deal) { free(J); return OF_ERR_COUNT; }
    job_set_board(J, board, n_board);
    for (int i = J->n_deck - 1; i >= 0; i--)
        J->group_end[i] = (uint8_t)(i + 1 < J->n_deck && J->deck[i + 1] >> 2 == J->deck[i] >> 2
                                    ? J->group_end[i + 1] : i + 1);
    for (int i = 0; i < J->n_deck; i++) J->avail_all[J->deck[i] & 3] |= 1u << (J->deck[i] >> 2);

    for (int p = 0; p < n_players && rc == OF_OK; p++)
        rc = fixed_tables(J, p, hands + n_hole * p, n_hole);

    J->mc = mode == 1;
    J->samples = samples;
    J->seed = seed;
    if (J->mc) {
        J->total = (double)samples;
        J->n_units = (long)((samples + MC_BLOCK - 1) / MC_BLOCK);
    } else {
        J->total = choose(J->n_deck, J->deal);
        int prefix = unit_prefix(J);
        J->n_units = prefix == 0 ? 1 : prefix == 1 ? J->n_deck : (long)choose(J->n_deck, 2);
    }
    if (rc == OF_OK) rc = run_job(J, threads, progress, user, results, boards_out, no_low_out);
    for (int p = 0; p < n_players; p++) {
        free((void *)J->high[p]);
        for (int s = 0; s < 4; s++)
            if (J->flush[p][s] != no_flush) free((void *)J->flush[p][s]);
    }
    free(J);
    return rc;
}

/* The board row (multiset index of all five ranks) of every multiset of dealt ranks. */
static int dealt_rows_build(job *J) {
    int deal = J->deal, size = deal ? of_comb[deal][12 + deal] : 1;
    J->dealt_rows = malloc((size_t)size * sizeof *J->dealt_rows);
    if (!J->dealt_rows) return OF_ERR_NOMEM;
    J->n_dealt_rows = size;
    int d[5] = {0, 0, 0, 0, 0};
    for (;;) {
        int r[5];
        for (int i = 0; i < J->n_known; i++) r[i] = J->known_ranks[i];
        for (int i = 0; i < deal; i++) r[J->n_known + i] = d[i];
        of_sort_small(r, 5);
        J->dealt_rows[deal ? of_multiset_index(d, deal) : 0] = of_multiset_index(r, 5);
        int i = deal - 1;
        while (i >= 0 && d[i] == 12) i--;
        if (i < 0) break;
        d[i]++;
        for (int k = i + 1; k < deal; k++) d[k] = d[i];
    }
    return OF_OK;
}

int of_range_equity(const uint8_t *hands, const uint32_t *weights, const uint32_t *sizes,
                    int n_players, const uint8_t *board, int n_board, const uint8_t *dead,
                    int n_dead, int game, int mode, uint64_t samples, uint64_t seed,
                    int threads, of_progress_fn progress, void *user,
                    of_player_result *results, double *boards_out, double *no_low_out,
                    double *deals_out) {
    if (!hands || !weights || !sizes || !results || !boards_out || !no_low_out || !deals_out)
        return OF_ERR_ARG;
    int rc = check_run_args(n_players, board, n_board, dead, n_dead, game, mode, samples,
                            threads);
    if (rc != OF_OK) return rc;
    uint64_t out = 0;
    rc = add_cards(&out, board, n_board);
    if (rc == OF_OK) rc = add_cards(&out, dead, n_dead);
    if (rc != OF_OK) return rc;
    int n_out = n_board + n_dead;
    if (52 - n_out - 4 * n_players < 5 - n_board) return OF_ERR_COUNT;
    /* every hand: four distinct cards off the board and the dead cards; every weight
     * positive, every player's total below 2^32 */
    double space = 1;
    size_t row = 0;
    for (int p = 0; p < n_players; p++) {
        if (sizes[p] == 0) return OF_ERR_COUNT;
        uint64_t total = 0;
        for (uint32_t i = 0; i < sizes[p]; i++, row++) {
            const uint8_t *h = hands + 4 * row;
            uint64_t seen = out;
            if ((rc = add_cards(&seen, h, 4)) != OF_OK) return rc;
            if (weights[row] == 0) return OF_ERR_ARG;
            total += weights[row];
        }
        if (total >= (uint64_t)1 << 32) return OF_ERR_ARG;
        space *= (double)total;
    }
    of_init();

    job *J = job_new(n_players, n_board, game);
    if (!J) return OF_ERR_NOMEM;
    J->ranged = 1;
    J->out_mask = out;
    for (int c = 0; c < 52; c++)
        if (!(out >> c & 1u)) {
            J->deck[J->n_deck++] = (uint8_t)c;
            J->avail_all[c & 3] |= 1u << (c >> 2);
        }
    job_set_board(J, board, n_board);
    J->boards_per_combo = choose(52 - n_out - 4 * n_players, J->deal);
    if (mode == 0) rc = dealt_rows_build(J);
    row = 0;
    for (int p = 0; p < n_players; p++) {
        struct player_range *pr = &J->range[p];
        pr->cards = hands + 4 * row;
        pr->weights = weights + row;
        pr->n = sizes[p];
        uint64_t total = 0;
        int same = 1;
        for (uint32_t i = 0; i < pr->n; i++) {
            total += pr->weights[i];
            same &= pr->weights[i] == pr->weights[0];
        }
        pr->total = (uint32_t)total;
        if (!same && mode == 1 && rc == OF_OK) rc = alias_build(pr);
        if (pr->n == 1 && mode == 1 && rc == OF_OK) rc = fixed_tables(J, p, pr->cards, 4);
        if (pr->n > 1 && pr->n <= RECORDS_UP_TO && mode == 1 && rc == OF_OK) {
            pr->recs = malloc((size_t)pr->n * sizeof *pr->recs);
            if (!pr->recs) rc = OF_ERR_NOMEM;
            for (uint32_t i = 0; rc == OF_OK && i < pr->n; i++)
                hand_rec_of(&pr->recs[i], pr->cards + 4 * (size_t)i);
        }
        if (pr->n > J->range[J->pivot].n) J->pivot = p;
        row += sizes[p];
    }
    J->mc = mode == 1;
    J->samples = samples;
    J->seed = seed;
    uint64_t fixed = 0;
    for (int p = 0; p < n_players; p++)
        if (J->range[p].n == 1) fixed |= hand_mask(J->range[p].cards);
    for (int i = 0; i < J->n_deck; i++)
        if (!(fixed >> J->deck[i] & 1u)) J->mc_deck[J->n_mc_deck++] = J->deck[i];
    if (J->mc) {
        J->total = (double)samples;
        J->n_units = (long)((samples + MC_BLOCK - 1) / MC_BLOCK);
    } else {
        /* weighted counts are summed in 64 bits: refuse runs that could overflow them */
        if (space * J->boards_per_combo >= 4.6e18) rc = OF_ERR_ARG;
        J->n_units = (long)J->range[J->pivot].n;
        J->total = 1;
        for (int p = 0; p < n_players; p++) J->total *= J->range[p].n;
        J->total *= J->boards_per_combo;
    }
    if (threads == 0) threads = default_threads();
    if (threads > J->n_units) threads = (int)J->n_units;
    if (!J->mc && J->total < 200000) threads = 1;   /* not worth a thread start */
    if (rc == OF_OK) rc = run_job(J, threads, progress, user, results, boards_out, no_low_out);
    if (rc == OF_OK) *deals_out = J->mc ? (double)samples : J->done;
    for (int p = 0; p < n_players; p++) {
        free(J->range[p].thresh);
        free(J->range[p].alias);
        free(J->range[p].recs);
        free((void *)J->high[p]);
        for (int s = 0; s < 4; s++)
            if (J->flush[p][s] && J->flush[p][s] != no_flush) free((void *)J->flush[p][s]);
    }
    free(J->dealt_rows);
    free(J);
    return rc;
}

/* Exact equity of one small spot by direct evaluation of every remaining board; the
 * per-player sums of pot shares go to eq. */
static void batch_spot(const uint8_t *hands, int n, const uint8_t *board, int n_board,
                       uint64_t used, int hilo, double *eq) {
    uint8_t deck[52], cards[5];
    int n_deck = 0;
    for (int c = 0; c < 52; c++) if (!(used >> c & 1u)) deck[n_deck++] = (uint8_t)c;
    memcpy(cards, board, (size_t)n_board);
    int deal = 5 - n_board;
    double boards = 0;
    hand_rec rec[OF_MAX_PLAYERS];
    for (int p = 0; p < n; p++) {
        eq[p] = 0;
        hand_rec_of(&rec[p], hands + 4 * p);
    }
    int i = 0, j = deal >= 2 ? 1 : 0;
    for (;;) {
        if (deal >= 1) cards[n_board] = deck[i];
        if (deal >= 2) cards[n_board + 1] = deck[j];
        board5 bd;
        board5_of(&bd, cards, -1);
        unsigned hv[OF_MAX_PLAYERS], lv[OF_MAX_PLAYERS];
        for (int p = 0; p < n; p++) hv[p] = rec_high(&bd, &rec[p]);
        unsigned hw = winners(hv, n), lw = 0;
        if (hilo) {
            for (int p = 0; p < n; p++) lv[p] = of_low[(unsigned)rec[p].low << 8 | bd.low];
            lw = winners(lv, n);
        }
        double hs = (lw ? 0.5 : 1.0) / of_popcount(hw), ls = lw ? 0.5 / of_popcount(lw) : 0;
        for (int p = 0; p < n; p++) eq[p] += (hw >> p & 1u) * hs + (lw >> p & 1u) * ls;
        boards++;
        /* next board: (i) or (i, j) with i < j */
        if (deal == 0) break;
        if (deal == 1) { if (++i == n_deck) break; continue; }
        if (++j == n_deck) { if (++i == n_deck - 1) break; j = i + 1; }
    }
    for (int p = 0; p < n; p++) eq[p] /= boards;
}

int of_equity_batch(const uint8_t *hands, const uint8_t *boards, size_t n_spots,
                    int n_players, int n_board, int game, double *equity, size_t *bad_spot) {
    return of_equity_batch_n(hands, 4, boards, n_spots, n_players, n_board, game, equity,
                             bad_spot);
}

/* ---- five and six hole cards: batch spots by direct evaluation of each hand on each
 * board (the four-card spots keep batch_spot's hand records) */
static void batch_spot_n(const uint8_t *hands, int n_hole, int n, const uint8_t *board,
                         int n_board, uint64_t used, int hilo, double *eq) {
    uint8_t deck[52], cards[5];
    int n_deck = 0;
    for (int c = 0; c < 52; c++) if (!(used >> c & 1u)) deck[n_deck++] = (uint8_t)c;
    memcpy(cards, board, (size_t)n_board);
    int deal = 5 - n_board;
    double boards = 0;
    for (int p = 0; p < n; p++) eq[p] = 0;
    int i = 0, j = deal >= 2 ? 1 : 0;
    for (;;) {
        if (deal >= 1) cards[n_board] = deck[i];
        if (deal >= 2) cards[n_board + 1] = deck[j];
        unsigned hv[OF_MAX_PLAYERS], lv[OF_MAX_PLAYERS];
        for (int p = 0; p < n; p++) {
            uint16_t high;
            uint8_t low;
            of_eval_unchecked_n(hands + n_hole * p, n_hole, cards, 5, hilo, &high, &low);
            hv[p] = high;
            lv[p] = low;
        }
        unsigned hw = winners(hv, n), lw = hilo ? winners(lv, n) : 0;
        double hs = (lw ? 0.5 : 1.0) / of_popcount(hw), ls = lw ? 0.5 / of_popcount(lw) : 0;
        for (int p = 0; p < n; p++) eq[p] += (hw >> p & 1u) * hs + (lw >> p & 1u) * ls;
        boards++;
        if (deal == 0) break;
        if (deal == 1) { if (++i == n_deck) break; continue; }
        if (++j == n_deck) { if (++i == n_deck - 1) break; j = i + 1; }
    }
    for (int p = 0; p < n; p++) eq[p] /= boards;
}

int of_equity_batch_n(const uint8_t *hands, int n_hole, const uint8_t *boards, size_t n_spots,
                      int n_players, int n_board, int game, double *equity,
                      size_t *bad_spot) {
    if (!bad_spot || (game != OF_GAME_HIGH && game != OF_GAME_HILO)) return OF_ERR_ARG;
    if (n_hole < OF_MIN_HOLE || n_hole > OF_MAX_HOLE) return OF_ERR_COUNT;
    if (n_players < 2 || n_players > OF_MAX_PLAYERS) return OF_ERR_COUNT;
    if (n_board < 3 || n_board > 5) return OF_ERR_COUNT;
    if (n_hole * n_players + n_board > 52) return OF_ERR_COUNT;
    if (n_spots && (!hands || !boards || !equity)) return OF_ERR_ARG;
    of_init();
    const int cards = n_hole * n_players;
    for (size_t k = 0; k < n_spots; k++) {
        const uint8_t *h = hands + (size_t)cards * k, *b = boards + (size_t)n_board * k;
        int rc = of_check_cards(h, cards, b, n_board);
        if (rc != OF_OK) { *bad_spot = k; return rc; }
        uint64_t used = 0;
        for (int i = 0; i < cards; i++) used |= (uint64_t)1 << h[i];
        for (int i = 0; i < n_board; i++) used |= (uint64_t)1 << b[i];
        if (n_hole == 4)
            batch_spot(h, n_players, b, n_board, used, game == OF_GAME_HILO,
                       equity + (size_t)n_players * k);
        else
            batch_spot_n(h, n_hole, n_players, b, n_board, used, game == OF_GAME_HILO,
                         equity + (size_t)n_players * k);
    }
    return OF_OK;
}
