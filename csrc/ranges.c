/* Ranges: the universe of the 270,725 four-card hands, pattern matching over it, hand
 * shapes (suit and rank counts) and suit-isomorphism classes.
 *
 * A hand's place in the universe is the colex index of its sorted cards c0 < c1 < c2 < c3:
 * C(c0, 1) + C(c1, 2) + C(c2, 3) + C(c3, 4). Every function here writes one byte (or one
 * class number) per hand in that order, so Python combines patterns with whole-array
 * operations and never loops over hands.
 */
#include "platform.h"   /* first: threads and feature macros, per system */

#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "omaha_fast.h"

#define UNIVERSE 270725u

/* A pattern's four terms can be given four cards one to one exactly when the 4 x 4
 * "card i fits term j" matrix has a perfect matching. The matrix, four bits a card, is a
 * 16-bit number: this table answers for all 65,536 of them (built once, read-only). */
static uint8_t has_matching[65536];
static of_once_flag matching_once = OF_ONCE_INIT;

static void build_matching(void) {
    static const uint8_t perms[24][4] = {
        {0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 1, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {0, 3, 2, 1},
        {1, 0, 2, 3}, {1, 0, 3, 2}, {1, 2, 0, 3}, {1, 2, 3, 0}, {1, 3, 0, 2}, {1, 3, 2, 0},
        {2, 0, 1, 3}, {2, 0, 3, 1}, {2, 1, 0, 3}, {2, 1, 3, 0}, {2, 3, 0, 1}, {2, 3, 1, 0},
        {3, 0, 1, 2}, {3, 0, 2, 1}, {3, 1, 0, 2}, {3, 1, 2, 0}, {3, 2, 0, 1}, {3, 2, 1, 0}};
    for (unsigned m = 0; m < 65536; m++) {
        uint8_t ok = 0;
        for (int p = 0; p < 24 && !ok; p++) {
            int all = 1;
            for (int i = 0; i < 4; i++) all &= (m >> (4 * i + perms[p][i])) & 1u;
            ok = (uint8_t)all;
        }
        has_matching[m] = ok;
    }
}

/* Calls f(hand index, cards) for every hand in universe order. */
#define FOR_EACH_HAND(...)                                                                    \
    do {                                                                                      \
        size_t i_ = 0;                                                                        \
        for (int c3 = 3; c3 < 52; c3++)                                                       \
            for (int c2 = 2; c2 < c3; c2++)                                                   \
                for (int c1 = 1; c1 < c2; c1++)                                               \
                    for (int c0 = 0; c0 < c1; c0++, i_++) {                                   \
                        const int hand_[4] = {c0, c1, c2, c3};                                \
                        (void)hand_;                                                          \
                        __VA_ARGS__                                                           \
                    }                                                                         \
    } while (0)

size_t of_range_universe(uint8_t *out) {
    if (!out) return UNIVERSE;
    FOR_EACH_HAND({
        uint8_t *row = out + 4 * i_;
        row[0] = (uint8_t)c0; row[1] = (uint8_t)c1; row[2] = (uint8_t)c2; row[3] = (uint8_t)c3;
    });
    return UNIVERSE;
}

int64_t of_range_index(const uint8_t *cards) {
    if (!cards) return -OF_ERR_ARG;
    int c[4] = {cards[0], cards[1], cards[2], cards[3]};
    for (int i = 0; i < 4; i++) if (c[i] > 51) return -OF_ERR_CARD;
    for (int i = 1; i < 4; i++)
        for (int j = i; j > 0 && c[j - 1] > c[j]; j--) { int t = c[j]; c[j] = c[j - 1]; c[j - 1] = t; }
    for (int i = 1; i < 4; i++) if (c[i] == c[i - 1]) return -OF_ERR_DUPLICATE;
    int64_t idx = 0;
    for (int i = 0; i < 4; i++) {
        int64_t num = 1, den = 1;
        for (int k = 0; k <= i; k++) { num *= c[i] - k; den *= k + 1; }
        idx += num / den;   /* C(c_i, i + 1) */
    }
    return idx;
}

/* Variable binding while matching one hand (see of_range_match). */
typedef struct {
    const of_term *terms;
    int n_terms;
    unsigned fixed_ranks, fixed_suits;
    int rank_of_var[OF_RANGE_VARS + 1], suit_of_var[OF_RANGE_VARS + 1];
    unsigned ranks_taken, suits_taken;   /* values held by bound variables */
} binding;

static int same_term(const of_term *a, const of_term *b) {
    return a->ranks == b->ranks && a->rank_var == b->rank_var && a->suits == b->suits &&
           a->suit_var == b->suit_var;
}

/* Give term t, and every later one, a card of the hand (n_cards of them) not yet used (bit
 * set in `free`).
 * A term equal to the one before it takes a later card than that one did (prev): the
 * other order would be the same assignment again. */
static int assign(binding *b, const int *hand, int n_cards, int t, unsigned free, int prev) {
    if (t == b->n_terms) return 1;
    const of_term *term = &b->terms[t];
    int first = t > 0 && same_term(term, &b->terms[t - 1]) ? prev + 1 : 0;
    for (int i = first; i < n_cards; i++) {
        if (!(free >> i & 1u)) continue;
        int r = hand[i] >> 2, s = hand[i] & 3;
        int rv = term->rank_var, sv = term->suit_var;
        int bind_r = 0, bind_s = 0;
        if (rv) {
            if (b->rank_of_var[rv] >= 0) {
                if (b->rank_of_var[rv] != r) continue;
            } else {
                if ((b->fixed_ranks | b->ranks_taken) >> r & 1u) continue;
                bind_r = 1;
            }
        } else if (!(term->ranks >> r & 1u)) {
            continue;
        }
        if (sv) {
            if (b->suit_of_var[sv] >= 0) {
                if (b->suit_of_var[sv] != s) continue;
            } else {
                if ((b->fixed_suits | b->suits_taken) >> s & 1u) continue;
                bind_s = 1;
            }
        } else if (!(term->suits >> s & 1u)) {
            continue;
        }
        if (bind_r) { b->rank_of_var[rv] = r; b->ranks_taken |= 1u << r; }
        if (bind_s) { b->suit_of_var[sv] = s; b->suits_taken |= 1u << s; }
        int ok = assign(b, hand, n_cards, t + 1, free & ~(1u << i), i);
        if (bind_r) { b->rank_of_var[rv] = -1; b->ranks_taken &= ~(1u << r); }
        if (bind_s) { b->suit_of_var[sv] = -1; b->suits_taken &= ~(1u << s); }
        if (ok) return 1;
    }
    return 0;
}

/* The terms' variables are known (OF_ERR_ARG past OF_RANGE_VARS); *has_vars whether any
 * term has one. */
static int check_terms(const of_term *terms, int n_terms, int *has_vars) {
    *has_vars = 0;
    for (int t = 0; t < n_terms; t++) {
        if (terms[t].rank_var > OF_RANGE_VARS || terms[t].suit_var > OF_RANGE_VARS)
            return OF_ERR_ARG;
        *has_vars |= terms[t].rank_var | terms[t].suit_var;
    }
    return OF_OK;
}

/* Which of `width` terms each card fits (bit t for term t), ignoring how variables bind (a
 * variable fits any value its term's other part allows); terms past n_terms are '*' and
 * fit every card. */
static void card_fits(const of_term *terms, int n_terms, int width, unsigned fixed_ranks,
                      unsigned fixed_suits, uint8_t fits[52]) {
    for (int c = 0; c < 52; c++) {
        unsigned m = 0;
        for (int t = 0; t < width; t++) {
            if (t >= n_terms) { m |= 1u << t; continue; }
            const of_term *term = &terms[t];
            int r_ok = term->rank_var ? !(fixed_ranks >> (c >> 2) & 1u) : term->ranks >> (c >> 2) & 1u;
            int s_ok = term->suit_var ? !(fixed_suits >> (c & 3) & 1u) : term->suits >> (c & 3) & 1u;
            m |= (unsigned)(r_ok && s_ok) << t;
        }
        fits[c] = (uint8_t)m;
    }
}

/* Whether the hand's n_cards cards take the terms with every variable bound one way. */
static int vars_fit(binding *b, const int *hand, int n_cards) {
    for (int v = 0; v <= OF_RANGE_VARS; v++) b->rank_of_var[v] = b->suit_of_var[v] = -1;
    b->ranks_taken = b->suits_taken = 0;
    return assign(b, hand, n_cards, 0, (1u << n_cards) - 1u, -1);
}

int of_range_match(const of_term *terms, int n_terms, unsigned fixed_ranks,
                   unsigned fixed_suits, uint8_t *out, size_t n_out) {
    if (!terms || !out) return OF_ERR_ARG;
    if (n_terms < 1 || n_terms > 4) return OF_ERR_COUNT;
    if (n_out != UNIVERSE) return OF_ERR_COUNT;
    int has_vars;
    if (check_terms(terms, n_terms, &has_vars) != OF_OK) return OF_ERR_ARG;
    of_once(&matching_once, build_matching);
    uint8_t fits[52];
    card_fits(terms, n_terms, 4, fixed_ranks, fixed_suits, fits);
    binding b = {.terms = terms, .n_terms = n_terms, .fixed_ranks = fixed_ranks,
                 .fixed_suits = fixed_suits};
    FOR_EACH_HAND({
        unsigned key = fits[c0] | (unsigned)fits[c1] << 4 | (unsigned)fits[c2] << 8 |
                       (unsigned)fits[c3] << 12;
        uint8_t ok = has_matching[key];
        if (ok && has_vars) ok = (uint8_t)vars_fit(&b, hand_, 4);
        out[i_] = ok;
    });
    return OF_OK;
}

int of_range_shape(int shape, uint8_t *out, size_t n_out) {
    if (!out) return OF_ERR_ARG;
    if (n_out != UNIVERSE) return OF_ERR_COUNT;
    if (shape < OF_SHAPE_DS || shape > OF_SHAPE_NP) return OF_ERR_ARG;
    FOR_EACH_HAND({
        int n[4] = {0, 0, 0, 0};
        n[c0 & 3]++; n[c1 & 3]++; n[c2 & 3]++; n[c3 & 3]++;
        int twos = (n[0] == 2) + (n[1] == 2) + (n[2] == 2) + (n[3] == 2);
        int ones = (n[0] == 1) + (n[1] == 1) + (n[2] == 1) + (n[3] == 1);
        uint8_t ok;
        switch (shape) {
        case OF_SHAPE_DS: ok = twos == 2; break;
        case OF_SHAPE_SS: ok = twos == 1 && ones == 2; break;
        case OF_SHAPE_RB: ok = ones == 4; break;
        default:
            ok = (c0 >> 2) != (c1 >> 2) && (c0 >> 2) != (c2 >> 2) && (c0 >> 2) != (c3 >> 2) &&
                 (c1 >> 2) != (c2 >> 2) && (c1 >> 2) != (c3 >> 2) && (c2 >> 2) != (c3 >> 2);
        }
        out[i_] = ok;
    });
    return OF_OK;
}

/* A hand's suit-isomorphism key: its four per-suit rank masks, sorted. Two hands are one
 * class exactly when some suit permutation maps one onto the other, which is exactly when
 * their sorted mask lists are equal. */
static uint64_t class_key(const int *hand) {
    unsigned m[4] = {0, 0, 0, 0};
    for (int i = 0; i < 4; i++) m[hand[i] & 3] |= 1u << (hand[i] >> 2);
    for (int i = 1; i < 4; i++)
        for (int j = i; j > 0 && m[j - 1] < m[j]; j--) { unsigned t = m[j]; m[j] = m[j - 1]; m[j - 1] = t; }
    return (uint64_t)m[0] << 39 | (uint64_t)m[1] << 26 | (uint64_t)m[2] << 13 | m[3];
}

int of_range_classes(uint16_t *class_of, size_t n_out, uint32_t *n_classes) {
    if (!class_of || !n_classes) return OF_ERR_ARG;
    if (n_out != UNIVERSE) return OF_ERR_COUNT;
    /* open addressing, 2^16 slots for the 16,432 classes; classes are numbered in the
     * order the universe first meets them */
    enum { SLOTS = 1 << 16 };
    uint64_t *keys = malloc(SLOTS * sizeof *keys);
    uint16_t *ids = malloc(SLOTS * sizeof *ids);
    if (!keys || !ids) { free(keys); free(ids); return OF_ERR_NOMEM; }
    memset(keys, 0xFF, SLOTS * sizeof *keys);
    uint32_t next = 0;
    FOR_EACH_HAND({
        uint64_t k = class_key(hand_);
        size_t slot = (size_t)((k * 0x9E3779B97F4A7C15ull) >> 48);
        while (keys[slot] != k && keys[slot] != UINT64_MAX) slot = (slot + 1) & (SLOTS - 1);
        if (keys[slot] == UINT64_MAX) { keys[slot] = k; ids[slot] = (uint16_t)next++; }
        class_of[i_] = ids[slot];
    });
    free(keys);
    free(ids);
    *n_classes = next;
    return OF_OK;
}

/* ---- five-card hands (Big O, five-card Omaha): the 2,598,960 hands in colex order of
 * their sorted cards, C(c0,1) + .. + C(c4,5). The four-card functions above stay as they
 * are; these take the same patterns and shapes. */
#define UNIVERSE5 2598960u

#define FOR_EACH_HAND5(...)                                                                   \
    do {                                                                                      \
        size_t i_ = 0;                                                                        \
        for (int c4 = 4; c4 < 52; c4++)                                                       \
            for (int c3 = 3; c3 < c4; c3++)                                                   \
                for (int c2 = 2; c2 < c3; c2++)                                               \
                    for (int c1 = 1; c1 < c2; c1++)                                           \
                        for (int c0 = 0; c0 < c1; c0++, i_++) {                               \
                            const int hand_[5] = {c0, c1, c2, c3, c4};                        \
                            (void)hand_;                                                      \
                            __VA_ARGS__                                                       \
                        }                                                                     \
    } while (0)

size_t of_range_universe5(uint8_t *out) {
    if (!out) return UNIVERSE5;
    FOR_EACH_HAND5({
        uint8_t *row = out + 5 * i_;
        for (int k = 0; k < 5; k++) row[k] = (uint8_t)hand_[k];
    });
    return UNIVERSE5;
}

int64_t of_range_index5(const uint8_t *cards) {
    if (!cards) return -OF_ERR_ARG;
    int c[5];
    for (int i = 0; i < 5; i++) {
        c[i] = cards[i];
        if (c[i] > 51) return -OF_ERR_CARD;
    }
    for (int i = 1; i < 5; i++)
        for (int j = i; j > 0 && c[j - 1] > c[j]; j--) { int t = c[j]; c[j] = c[j - 1]; c[j - 1] = t; }
    for (int i = 1; i < 5; i++) if (c[i] == c[i - 1]) return -OF_ERR_DUPLICATE;
    int64_t idx = 0;
    for (int i = 0; i < 5; i++) {
        int64_t num = 1, den = 1;
        for (int k = 0; k <= i; k++) { num *= c[i] - k; den *= k + 1; }
        idx += num / den;   /* C(c_i, i + 1) */
    }
    return idx;
}

/* Five cards can be given to five terms one to one exactly when every set of cards fits
 * at least as many terms as it has cards (Hall): 31 unions of 5-bit masks. */
static const uint8_t bits5[32] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
                                   1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5};
static const uint8_t lowest5[32] = {0, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0,
                                    4, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0};

static int hall5(const uint8_t *fits) {
    uint8_t uni[32];
    uni[0] = 0;
    for (unsigned s = 1; s < 32; s++) {
        uni[s] = (uint8_t)(uni[s & (s - 1)] | fits[lowest5[s]]);
        if (bits5[uni[s]] < bits5[s]) return 0;
    }
    return 1;
}

int of_range_match5(const of_term *terms, int n_terms, unsigned fixed_ranks,
                    unsigned fixed_suits, uint8_t *out, size_t n_out) {
    if (!terms || !out) return OF_ERR_ARG;
    if (n_terms < 1 || n_terms > 5) return OF_ERR_COUNT;
    if (n_out != UNIVERSE5) return OF_ERR_COUNT;
    int has_vars;
    if (check_terms(terms, n_terms, &has_vars) != OF_OK) return OF_ERR_ARG;
    uint8_t fits[52];
    card_fits(terms, n_terms, 5, fixed_ranks, fixed_suits, fits);
    binding b = {.terms = terms, .n_terms = n_terms, .fixed_ranks = fixed_ranks,
                 .fixed_suits = fixed_suits};
    FOR_EACH_HAND5({
        uint8_t f[5] = {fits[c0], fits[c1], fits[c2], fits[c3], fits[c4]};
        uint8_t ok = (uint8_t)((f[0] & f[1] & f[2] & f[3] & f[4]) == 31u || hall5(f));
        if (ok && has_vars) ok = (uint8_t)vars_fit(&b, hand_, 5);
        out[i_] = ok;
    });
    return OF_OK;
}

/* Five-card shapes: ds = suits 2-2-1, ss = 2-1-1-1, rb = never (five cards cannot all
 * differ in suit), np = five different ranks. */
int of_range_shape5(int shape, uint8_t *out, size_t n_out) {
    if (!out) return OF_ERR_ARG;
    if (n_out != UNIVERSE5) return OF_ERR_COUNT;
    if (shape < OF_SHAPE_DS || shape > OF_SHAPE_NP) return OF_ERR_ARG;
    FOR_EACH_HAND5({
        int n[4] = {0, 0, 0, 0};
        unsigned ranks = 0;
        for (int k = 0; k < 5; k++) { n[hand_[k] & 3]++; ranks |= 1u << (hand_[k] >> 2); }
        int twos = (n[0] == 2) + (n[1] == 2) + (n[2] == 2) + (n[3] == 2);
        int ones = (n[0] == 1) + (n[1] == 1) + (n[2] == 1) + (n[3] == 1);
        uint8_t ok;
        switch (shape) {
        case OF_SHAPE_DS: ok = twos == 2 && ones == 1; break;
        case OF_SHAPE_SS: ok = twos == 1 && ones == 3; break;
        case OF_SHAPE_RB: ok = 0; break;
        default: ok = of_popcount(ranks) == 5;
        }
        out[i_] = ok;
    });
    return OF_OK;
}

int of_range_classes5(uint32_t *class_of, size_t n_out, uint32_t *n_classes) {
    if (!class_of || !n_classes) return OF_ERR_ARG;
    if (n_out != UNIVERSE5) return OF_ERR_COUNT;
    /* as of_range_classes, with room for the 134,459 five-card classes */
    enum { SLOTS = 1 << 19 };
    uint64_t *keys = malloc(SLOTS * sizeof *keys);
    uint32_t *ids = malloc(SLOTS * sizeof *ids);
    if (!keys || !ids) { free(keys); free(ids); return OF_ERR_NOMEM; }
    memset(keys, 0xFF, SLOTS * sizeof *keys);
    uint32_t next = 0;
    FOR_EACH_HAND5({
        unsigned m[4] = {0, 0, 0, 0};
        for (int k = 0; k < 5; k++) m[hand_[k] & 3] |= 1u << (hand_[k] >> 2);
        for (int a = 1; a < 4; a++)
            for (int j = a; j > 0 && m[j - 1] < m[j]; j--) { unsigned t = m[j]; m[j] = m[j - 1]; m[j - 1] = t; }
        uint64_t k = (uint64_t)m[0] << 39 | (uint64_t)m[1] << 26 | (uint64_t)m[2] << 13 | m[3];
        size_t slot = (size_t)((k * 0x9E3779B97F4A7C15ull) >> 45);
        while (keys[slot] != k && keys[slot] != UINT64_MAX) slot = (slot + 1) & (SLOTS - 1);
        if (keys[slot] == UINT64_MAX) { keys[slot] = k; ids[slot] = next++; }
        class_of[i_] = ids[slot];
    });
    free(keys);
    free(ids);
    *n_classes = next;
    return OF_OK;
}
