/* Exact equity: every remaining board once, dealt in card order (see equity.h). */
#include "platform.h"   /* first: it sets the feature macros */

#include "equity.h"

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
        unsigned two = suits_with(counts1, 2);   /* suits a fifth card can make a flush in */
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

/* The last two levels are plain loops: that is where all the time goes. */
void eq_enumerate(const job *J, histogram *h, int start, int left, int level, int idx,
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
            eq_enumerate(J, h, i + 1, left - 1, level + 1, idx + of_comb[level + 1][r + level],
                         low | of_low_bit[r], suited | card_suited(c), counts + card_suit_count(c));
        }
    }
}

static int unit_prefix(const job *J) { return J->deal >= 2 ? 2 : J->deal; }

int64_t eq_exact_units(const job *J) {
    int prefix = unit_prefix(J);
    return prefix == 0 ? 1 : prefix == 1 ? J->n_deck : (int64_t)eq_choose(J->n_deck, 2);
}

double eq_exact_unit(const job *J, histogram *h, int64_t unit) {
    int prefix = unit_prefix(J);
    if (prefix == 0) {
        hist_count(h, outcome(J, 0, J->known_low, J->known_suited, J->known_suit_counts), 0);
        return 1;
    }
    /* unit -> (i) or (i, j) with i < j, in order */
    int i = 0, j = -1;
    if (prefix == 1) i = (int)unit;
    else {
        int64_t u = unit;
        for (i = 0; i < J->n_deck; i++) {
            int64_t row = J->n_deck - 1 - i;
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
    eq_enumerate(J, h, start, left, prefix, idx, low, suited, counts);
    return eq_choose(J->n_deck - start, left);
}
