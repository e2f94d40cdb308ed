/* Monte Carlo equity: boards for fixed hands, whole deals (hands by weight, then the
 * board) for ranges. Draws come in blocks of MC_BLOCK, each from its own stream seeded by
 * (seed, block number), so the counts do not depend on the threads. */
#include "platform.h"   /* first: it sets the feature macros */

#include <string.h>

#include "equity.h"

static inline uint64_t block_count(const job *J, int64_t unit) {
    uint64_t first = (uint64_t)unit * MC_BLOCK;
    return J->samples - first < MC_BLOCK ? J->samples - first : MC_BLOCK;
}

/* One board drawn for fixed hands, summarised and waiting to be scored. */
typedef struct {
    int idx, fs;
    unsigned fmask, low;
} mc_board;

/* Draw the next board: a partial Fisher-Yates over the deck (which keeps its order from
 * one board to the next, so the stream is read exactly as when each board was scored as
 * soon as it was drawn). */
static OF_ALWAYS_INLINE void draw_board(const job *J, rng *g, uint8_t *deck, mc_board *d) {
    int r[5];
    uint64_t suited = J->known_suited;
    unsigned low = J->known_low, counts = J->known_suit_counts;
    for (int t = 0; t < J->deal; t++) {   /* partial Fisher-Yates */
        int k = t + (int)rng_below(g, (uint32_t)(J->n_deck - t));
        uint8_t c = deck[k];
        deck[k] = deck[t];
        deck[t] = c;
        r[t] = c >> 2;
        suited |= card_suited(c);
        low |= of_low_bit[r[t]];
        counts += card_suit_count(c);
    }
    of_sort_small(r, J->deal);
    d->idx = of_multiset_index(r, J->deal);
    d->fs = flush_suit(counts);
    d->fmask = flush_ranks(suited, d->fs);
    d->low = low;
}

/* Monte Carlo for fixed hands, one block of boards, compiled per player count (n) so that
 * the players' loops unroll. From five players on, each board is scored after the next
 * one is drawn: the drawing (a chain of dependent random draws) and the scoring (table
 * reads for every player) then overlap. */
static OF_ALWAYS_INLINE double mc_body(const job *J, histogram *h, int64_t unit, const int n) {
    rng g;
    rng_seed(&g, J->seed, (uint64_t)unit);
    uint8_t deck[52];
    memcpy(deck, J->deck, (size_t)J->n_deck);
    uint64_t count = block_count(J, unit);
    mc_board boards[2];
    /* measured: the overlap pays from six players on; with fewer it costs a little */
    const int pipelined = n > 4;
    if (pipelined) draw_board(J, &g, deck, &boards[0]);
    for (uint64_t b = 0; b < count; b++) {
        const mc_board *d = &boards[pipelined ? b & 1 : 0];
        if (!pipelined) draw_board(J, &g, deck, &boards[0]);
        else if (b + 1 < count) draw_board(J, &g, deck, &boards[(b + 1) & 1]);
        uint32_t key = outcome_high_flush(J, n, d->idx, d->fs, d->fmask) |
                       outcome_low(J, n, d->low) << n;
        hist_count(h, key, (unsigned)b);
    }
    return (double)count;
}

#define MC_FOR(k) static double mc_##k(const job *J, histogram *h, int64_t unit) { \
    return mc_body(J, h, unit, k); }
MC_FOR(2) MC_FOR(3) MC_FOR(4) MC_FOR(5) MC_FOR(6) MC_FOR(7) MC_FOR(8) MC_FOR(9) MC_FOR(10)
#undef MC_FOR

double eq_mc_unit(const job *J, histogram *h, int64_t unit) {
    switch (J->n) {
    case 2: return mc_2(J, h, unit);
    case 3: return mc_3(J, h, unit);
    case 4: return mc_4(J, h, unit);
    case 5: return mc_5(J, h, unit);
    case 6: return mc_6(J, h, unit);
    case 7: return mc_7(J, h, unit);
    case 8: return mc_8(J, h, unit);
    case 9: return mc_9(J, h, unit);
    default: return mc_10(J, h, unit);
    }
}

/* ---- Ranges ---------------------------------------------------------------------------- */

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

/* The row of a hand drawn by weight (alias table, see equity_range.c). */
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
    int full = n_known ? board_multiset(J->known_ranks, n_known, dealt) : d->idx;
    d->bd.row = of_board_rows(5) + (size_t)full * OF_PAIRS;
    d->bd.fs = flush_suit(counts);
    d->bd.fmask = flush_ranks(suited, d->bd.fs);
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
    for (int p = 0; p < n; p++)
        hv[p] = J->high[p] ? table_high(J, p, d->idx, (unsigned)d->bd.fs, d->bd.fmask)
                           : rec_high(&d->bd, &d->hand[p]);
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
static OF_ALWAYS_INLINE double range_mc_body(const job *J, histogram *h, int64_t unit, const int n) {
    rng g;
    rng_seed(&g, J->seed, (uint64_t)unit);
    rng32 r32;
    r32.g = &g;
    r32.pos = 16;
    uint64_t count = block_count(J, unit);
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
static double range_mc_2(const job *J, histogram *h, int64_t unit) { return range_mc_body(J, h, unit, 2); }
static double range_mc_n(const job *J, histogram *h, int64_t unit) { return range_mc_body(J, h, unit, J->n); }

double eq_range_mc_unit(const job *J, histogram *h, int64_t unit) {
    return J->n == 2 ? range_mc_2(J, h, unit) : range_mc_n(J, h, unit);
}
