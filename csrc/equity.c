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

#define MC_BLOCK 65536          /* boards per Monte Carlo block (the unit of determinism) */
#define PROGRESS_SECONDS 0.1    /* how often the calling thread reports progress */

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
    /* work sharing, all under the lock */
    of_mutex lock;
    long next_unit, n_units;
    double done, total;
    int cancel, failed;
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

/* splitmix64: seeds each block's xoshiro-style stream from (seed, block). */
static uint64_t splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

typedef struct { uint64_t s[4]; } rng;

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t rng_next(rng *g) {   /* xoshiro256** */
    uint64_t *s = g->s, result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t; s[3] = rotl(s[3], 45);
    return result;
}

/* Uniform in [0, n): multiply-shift with rejection, so no value is favoured. */
static inline uint32_t rng_below(rng *g, uint32_t n) {
    uint64_t m = (uint64_t)(uint32_t)(rng_next(g) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t floor = (uint32_t)(-n) % n;
        while (low < floor) {
            m = (uint64_t)(uint32_t)(rng_next(g) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
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
    int rc;
    of_progress_fn progress;   /* only the calling thread's worker has one */
    void *user;
} worker;

static void *work(void *arg) {
    worker *w = arg;
    job *J = w->J;
    double last_report = of_now_seconds();
    for (;;) {
        of_mutex_lock(&J->lock);
        long unit = J->cancel || J->failed ? J->n_units : J->next_unit++;
        of_mutex_unlock(&J->lock);
        if (unit >= J->n_units) break;
        double boards = J->mc ? run_mc_unit(J, &w->h, unit) : run_exact_unit(J, &w->h, unit);
        of_mutex_lock(&J->lock);
        J->done += boards;
        if (w->h.oom) J->failed = 1;
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
static uint16_t *high_table(const int *known_ranks, int n_known, int deal, const uint8_t *hole) {
    int size = deal ? of_comb[deal][12 + deal] : 1;   /* C(12 + deal, deal) multisets */
    uint16_t *t = malloc((size_t)size * sizeof *t);
    if (!t) return NULL;
    int d[5] = {0, 0, 0, 0, 0};
    int pairs[6], np = 0;
    for (int a = 0; a < 4; a++)
        for (int b = a + 1; b < 4; b++) pairs[np++] = of_pair_index[hole[a] >> 2][hole[b] >> 2];
    for (;;) {
        int r[5];
        for (int i = 0; i < n_known; i++) r[i] = known_ranks[i];
        for (int i = 0; i < deal; i++) r[n_known + i] = d[i];
        of_sort_small(r, 5);
        const uint16_t *row = of_board_rows(5) + (size_t)of_multiset_index(r, 5) * OF_PAIRS;
        uint16_t best = 0;
        for (int p = 0; p < 6; p++) if (row[pairs[p]] > best) best = row[pairs[p]];
        t[deal ? of_multiset_index(d, deal) : 0] = best;
        int i = deal - 1;
        while (i >= 0 && d[i] == 12) i--;
        if (i < 0) break;
        d[i]++;
        for (int k = i + 1; k < deal; k++) d[k] = d[i];
    }
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

static const uint16_t no_flush[8192];

static int default_threads(void) {
    long n = of_cpu_count();
    return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

int of_equity(const uint8_t *hands, int n_players, const uint8_t *board, int n_board,
              const uint8_t *dead, int n_dead, int game, int mode, uint64_t samples,
              uint64_t seed, int threads, of_progress_fn progress, void *user,
              of_player_result *results, double *boards_out, double *no_low_out) {
    if (!hands || !results || !boards_out || !no_low_out) return OF_ERR_ARG;
    if ((n_board && !board) || (n_dead && !dead)) return OF_ERR_ARG;
    if (n_players < 2 || n_players > OF_MAX_PLAYERS) return OF_ERR_COUNT;
    if (!(n_board == 0 || (n_board >= 3 && n_board <= 5)) || n_dead < 0) return OF_ERR_COUNT;
    if (game != OF_GAME_HIGH && game != OF_GAME_HILO) return OF_ERR_ARG;
    if (mode != 0 && mode != 1) return OF_ERR_ARG;
    if (mode == 1 && samples == 0) return OF_ERR_ARG;
    if (threads < 0) return OF_ERR_ARG;
    uint64_t seen = 0;
    const uint8_t *groups[3] = {hands, board, dead};
    int sizes[3] = {4 * n_players, n_board, n_dead};
    for (int g = 0; g < 3; g++)
        for (int i = 0; i < sizes[g]; i++) {
            unsigned c = groups[g][i];
            if (c > 51) return OF_ERR_CARD;
            if (seen >> c & 1u) return OF_ERR_DUPLICATE;
            seen |= (uint64_t)1 << c;
        }
    of_init();

    job *J = calloc(1, sizeof *J);
    if (!J) return OF_ERR_NOMEM;
    J->n = n_players;
    J->deal = 5 - n_board;
    J->hilo = game == OF_GAME_HILO;
    for (int c = 0; c < 52; c++)
        if (!(seen >> c & 1u)) J->deck[J->n_deck++] = (uint8_t)c;
    if (J->n_deck < J->deal) { free(J); return OF_ERR_COUNT; }
    int known_ranks[5];
    for (int i = 0; i < n_board; i++) {
        known_ranks[i] = board[i] >> 2;
        J->known_suited |= card_suited(board[i]);
        J->known_low |= of_low_bit[board[i] >> 2];
        J->known_suit_counts += card_suit_count(board[i]);
    }
    for (int i = J->n_deck - 1; i >= 0; i--)
        J->group_end[i] = (uint8_t)(i + 1 < J->n_deck && J->deck[i + 1] >> 2 == J->deck[i] >> 2
                                    ? J->group_end[i + 1] : i + 1);
    unsigned avail[4] = {0, 0, 0, 0};
    for (int i = 0; i < J->n_deck; i++) avail[J->deck[i] & 3] |= 1u << (J->deck[i] >> 2);

    int rc = OF_OK;
    for (int p = 0; p < n_players && rc == OF_OK; p++) {
        const uint8_t *hole = hands + 4 * p;
        J->high[p] = high_table(known_ranks, n_board, J->deal, hole);
        if (!J->high[p]) rc = OF_ERR_NOMEM;
        unsigned hm = of_low_bit[hole[0] >> 2] | of_low_bit[hole[1] >> 2] |
                      of_low_bit[hole[2] >> 2] | of_low_bit[hole[3] >> 2];
        J->low[p] = of_low + (hm << 8);
        for (int s = 0; s < 5; s++) J->flush[p][s] = no_flush;
        for (int s = 0; s < 4 && rc == OF_OK; s++) {
            unsigned hs = 0;
            for (int i = 0; i < 4; i++) if ((hole[i] & 3) == s) hs |= 1u << (hole[i] >> 2);
            unsigned known = (unsigned)(J->known_suited >> (16 * s)) & 0x1FFFu;
            if (of_popcount(hs) < 2 || of_popcount(known) + J->deal < 3) continue;
            J->flush[p][s] = flush_table(hs, known, avail[s], J->deal);
            if (!J->flush[p][s]) rc = OF_ERR_NOMEM;
        }
    }

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
        if (hist_init(&workers[t].h, n_players, n_players <= 5) != OF_OK) rc = OF_ERR_NOMEM;
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
        *boards_out = total;
        *no_low_out = no_low;
        hist_free(all);   /* frees whatever hist_init managed to allocate */
    }

    for (int t = 0; t < threads && workers; t++) hist_free(&workers[t].h);
    if (have_lock) of_mutex_destroy(&J->lock);
    for (int p = 0; p < n_players; p++) {
        free((void *)J->high[p]);
        for (int s = 0; s < 4; s++)
            if (J->flush[p][s] != no_flush) free((void *)J->flush[p][s]);
    }
    free(workers);
    free(tids);
    free(J);
    return rc;
}
