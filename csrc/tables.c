/* The lookup tables, generated at start-up in a few milliseconds (nothing is pasted in):
 * about 1.7 MB in all, deterministic, read-only once built. */
#include <stdlib.h>
#include <string.h>

#include "tables.h"

uint16_t of_comb[6][18];
uint16_t of_flush_value[8192];
uint16_t of_plain_value[OF_MULTI5];
uint16_t of_board_pair[(OF_MULTI3 + OF_MULTI4 + OF_MULTI5) * OF_PAIRS];
uint8_t of_pair_index[13][13];
uint8_t of_low[256 * 256];
uint8_t of_low5_value[256];
const uint8_t of_low_bit[13] = {2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 1};

enum { HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH };

/* Top rank of a straight in a 13-bit rank mask of five ranks, -1 if none (wheel: 3). */
static int straight_top(unsigned mask) {
    for (int top = 12; top >= 4; top--)
        if (((mask >> (top - 4)) & 31u) == 31u) return top;
    if (mask == 0x100Fu) return 3;          /* A-2-3-4-5 */
    return -1;
}

/* A sortable strength key: category in bits 20+, then up to five tie-break ranks, four
 * bits each, most significant first. Ranks are listed by (count, rank) descending. */
static uint32_t strength_key(const int counts[13], int flush) {
    unsigned mask = 0;
    for (int r = 0; r < 13; r++) if (counts[r]) mask |= 1u << r;
    int top = of_popcount(mask) == 5 ? straight_top(mask) : -1;
    if (top >= 0) return ((uint32_t)(flush ? STRAIGHT_FLUSH : STRAIGHT) << 20) | (uint32_t)top;
    uint32_t key = 0;
    int shape[5], n = 0;
    for (int c = 4; c >= 1; c--)
        for (int r = 12; r >= 0; r--)
            if (counts[r] == c) { key = (key << 4) | (uint32_t)r; shape[n++] = c; }
    int cat;
    if (flush) cat = FLUSH;
    else if (shape[0] == 4) cat = QUADS;
    else if (shape[0] == 3) cat = shape[1] == 2 ? FULL_HOUSE : TRIPS;
    else if (shape[0] == 2) cat = shape[1] == 2 ? TWO_PAIR : PAIR;
    else cat = HIGH_CARD;
    for (int i = n; i < 5; i++) key <<= 4;   /* align so keys of a category compare */
    return ((uint32_t)cat << 20) | key;
}

static int cmp_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static uint16_t value_of_key(const uint32_t *keys, int n, uint32_t key) {
    int lo = 0, hi = n - 1;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (keys[mid] < key) lo = mid + 1; else hi = mid;
    }
    return (uint16_t)(lo + 1);
}

/* Calls fn(ranks, index) for every ascending multiset of k ranks (ranks may repeat). */
static void each_multiset(int k, void (*fn)(const int *, int, void *), void *ctx) {
    int r[5] = {0, 0, 0, 0, 0};
    for (;;) {
        fn(r, of_multiset_index(r, k), ctx);
        int i = k - 1;
        while (i >= 0 && r[i] == 12) i--;
        if (i < 0) return;
        r[i]++;
        for (int j = i + 1; j < k; j++) r[j] = r[i];
    }
}

static int max_count(const int *r, int k) {
    int counts[13] = {0}, m = 0;
    for (int i = 0; i < k; i++) if (++counts[r[i]] > m) m = counts[r[i]];
    return m;
}

typedef struct { uint32_t *keys; int n; } key_list;

static void collect_plain_key(const int *r, int idx, void *ctx) {
    key_list *kl = ctx;
    int counts[13] = {0};
    (void)idx;
    if (max_count(r, 5) > 4) return;
    for (int i = 0; i < 5; i++) counts[r[i]]++;
    kl->keys[kl->n++] = strength_key(counts, 0);
}

typedef struct { const uint32_t *keys; int n; } key_table;

static void set_plain_value(const int *r, int idx, void *ctx) {
    const key_table *kt = ctx;
    int counts[13] = {0};
    if (max_count(r, 5) > 4) { of_plain_value[idx] = 0; return; }
    for (int i = 0; i < 5; i++) counts[r[i]]++;
    of_plain_value[idx] = value_of_key(kt->keys, kt->n, strength_key(counts, 0));
}

static void build_high_values(void) {
    static uint32_t keys[OF_MULTI5 + 1287];
    key_list kl = {keys, 0};
    each_multiset(5, collect_plain_key, &kl);
    for (unsigned mask = 0; mask < 8192; mask++) {
        if (of_popcount(mask) != 5) continue;
        int counts[13] = {0};
        for (int r = 0; r < 13; r++) counts[r] = (mask >> r) & 1;
        keys[kl.n++] = strength_key(counts, 1);
    }
    qsort(keys, (size_t)kl.n, sizeof keys[0], cmp_u32);   /* all 7,462 keys are distinct */
    key_table kt = {keys, kl.n};
    each_multiset(5, set_plain_value, &kt);
    for (unsigned mask = 0; mask < 8192; mask++) {
        of_flush_value[mask] = 0;
        if (of_popcount(mask) != 5) continue;
        int counts[13] = {0};
        for (int r = 0; r < 13; r++) counts[r] = (mask >> r) & 1;
        of_flush_value[mask] = value_of_key(keys, kl.n, strength_key(counts, 1));
    }
}

/* best[t][p]: non-flush value of the 3-rank multiset t with the rank pair p (0 when the
 * five ranks would need five of a kind). The board tables are row maxima of this. */
static uint16_t triple_pair[OF_MULTI3][OF_PAIRS];
static int pair_ranks[OF_PAIRS][2];

static void set_triple_pair(const int *t, int idx, void *ctx) {
    (void)ctx;
    for (int p = 0; p < OF_PAIRS; p++) {
        int r[5] = {t[0], t[1], t[2], pair_ranks[p][0], pair_ranks[p][1]};
        of_sort_small(r, 5);
        triple_pair[idx][p] = max_count(r, 5) > 4 ? 0 : of_plain_value[of_multiset_index(r, 5)];
    }
}

static void set_board_row(const int *b, int idx, void *ctx) {
    int k = *(const int *)ctx;
    uint16_t *row = of_board_pair + (of_board_rows(k) - of_board_pair) + (size_t)idx * OF_PAIRS;
    memset(row, 0, OF_PAIRS * sizeof *row);
    if (max_count(b, k) > 4) return;
    for (int i = 0; i < k; i++)
        for (int j = i + 1; j < k; j++)
            for (int l = j + 1; l < k; l++) {
                int t[3] = {b[i], b[j], b[l]};   /* still ascending */
                const uint16_t *src = triple_pair[of_multiset_index(t, 3)];
                for (int p = 0; p < OF_PAIRS; p++) if (src[p] > row[p]) row[p] = src[p];
            }
}

static void build_board_pair(void) {
    int p = 0;
    for (int a = 0; a < 13; a++)
        for (int b = a; b < 13; b++) {
            pair_ranks[p][0] = a; pair_ranks[p][1] = b;
            of_pair_index[a][b] = of_pair_index[b][a] = (uint8_t)p++;
        }
    each_multiset(3, set_triple_pair, NULL);
    for (int k = 3; k <= 5; k++) each_multiset(k, set_board_row, &k);
}

/* The 56 lows as 5-bit sets of {A..8}; comparing highest card down is the same as
 * comparing the sets as integers, so the smallest integer is the best low (the wheel). */
static void build_low(void) {
    unsigned lows[56];
    int n = 0;
    for (unsigned s = 0; s < 256; s++) {
        of_low5_value[s] = 0;
        if (of_popcount(s) == 5) lows[n++] = s;
    }
    for (int i = 0; i < 56; i++) of_low5_value[lows[i]] = (uint8_t)(56 - i);
    for (unsigned h = 0; h < 256; h++)
        for (unsigned b = 0; b < 256; b++) {
            uint8_t v = 0;
            if (of_popcount(h) >= 2 && of_popcount(b) >= 3)
                for (int i = 0; i < 56; i++) {
                    unsigned s = lows[i], from_hole = s & ~b;
                    /* the ranks S lacks on the board must come from the hole (at most two),
                     * and the hole must supply two ranks of S in all */
                    if ((from_hole & ~h) == 0 && of_popcount(from_hole) <= 2 &&
                        of_popcount(s & h) >= 2) { v = (uint8_t)(56 - i); break; }
                }
            of_low[h << 8 | b] = v;
        }
}

void of_tables_build(void) {
    for (int k = 0; k < 6; k++)
        for (int n = 0; n < 18; n++) {
            /* C(n, k) by the multiplicative formula; exact for these sizes */
            uint32_t c = 1;
            if (k > n) c = 0;
            else for (int i = 1; i <= k; i++) c = c * (uint32_t)(n - k + i) / (uint32_t)i;
            of_comb[k][n] = (uint16_t)c;
        }
    build_high_values();
    build_board_pair();
    build_low();
}
