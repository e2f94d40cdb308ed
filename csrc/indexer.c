/* Hand indexer: deals dealt over several rounds (Omaha: 4 hole cards, a 3-card flop, the
 * turn, the river) mapped to 0..size-1 so that two deals differing only by a permutation of
 * the suits share an index, and every index is one class (a bijection), with the inverse.
 *
 * How. Look at one suit of a deal: which ranks of that suit came in each round, rank sets
 * m_0, m_1, .. (disjoint). Its "count vector" is (|m_0|, |m_1|, ..), and the suit's own
 * index ranks the tuple of sets among all tuples with that count vector: m_0 among the
 * C(13, |m_0|) subsets of the 13 ranks, m_1 among the subsets of the ranks left, and so on
 * (mixed radix, first round most significant; a subset is ranked in colex order after
 * renumbering the ranks still free). A suit permutation only moves these (count vector,
 * suit index) pairs between suits, so the class of a deal is the multiset of the four
 * pairs. The four suits are sorted by count vector, largest first; the sorted count
 * vectors form the deal's "configuration" (a few hundred for Omaha, listed once when the
 * indexer is built, each with its offset). Within a configuration, suits with different
 * count vectors are told apart by them, while suits with equal count vectors are
 * interchangeable: their suit indices are an unordered multiset, ranked by combinations
 * with repetition (sorted b_1 <= .. <= b_k gives sum C(b_i + i - 1, i)). The index is the
 * configuration's offset plus the mixed-radix number of these group ranks.
 * Unindexing runs the same steps backwards and gives suit 0 (clubs) to the largest count
 * vector, suit 1 to the next, ..: that deal, cards sorted within each round, is the
 * canonical member of the class.
 *
 * The tables are built by of_indexer_new and read-only afterwards, so one indexer may be
 * used from several threads at once.
 */
#include "platform.h"   /* first: threads and feature macros, per system */

#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "omaha_fast.h"

typedef struct {
    uint32_t code[4];         /* count vectors, 4 bits a round (first round high), descending */
    uint64_t offset;          /* first index of this configuration */
    uint64_t suit_size[4];    /* suit-index range of each position */
    int n_groups;
    uint8_t group_pos[4], group_len[4];   /* runs of equal count vectors */
    uint64_t group_radix[4];  /* multisets of group_len suit indices: C(N + k - 1, k) */
} ix_config;

typedef struct {
    size_t n_cfg;
    ix_config *cfg;           /* sorted by code, for the binary search */
    uint64_t size;
} ix_round;

struct of_indexer {
    int n_rounds;
    int cards[OF_INDEXER_MAX_ROUNDS];
    int total[OF_INDEXER_MAX_ROUNDS];  /* cards dealt up to and including the round */
    ix_round round[OF_INDEXER_MAX_ROUNDS];
};

/* Built once (of_once), read-only afterwards. */
static uint16_t binom13[14][14];      /* C(n, k), n <= 13 */
static uint16_t colex13[8192];        /* colex rank of a 13-bit set among sets of its size */
static uint8_t bits13[8192];          /* set size (a table: popcount may be a library call) */
static of_once_flag tables_once = OF_ONCE_INIT;

static void small_tables(void) {
    for (int n = 0; n <= 13; n++) {
        binom13[n][0] = 1;
        for (int k = 1; k <= 13; k++)
            binom13[n][k] = n == 0 ? 0 : (uint16_t)(binom13[n - 1][k - 1] + binom13[n - 1][k]);
    }
    for (unsigned m = 0; m < 8192; m++) {
        unsigned r = 0, i = 0;
        for (unsigned b = 0; b < 13; b++)
            if (m >> b & 1) r += binom13[b][++i];
        colex13[m] = (uint16_t)r;
        bits13[m] = (uint8_t)i;
    }
}

/* C(n, k) in 64 bits, or UINT64_MAX when it does not fit. */
static uint64_t binom_checked(uint64_t n, int k) {
    if ((uint64_t)k > n) return 0;
    uint64_t r = 1;
    for (int i = 1; i <= k; i++) {
        /* r * (n - k + i) / i, divided first so it stays exact */
        uint64_t a = r, b = n - (uint64_t)k + (uint64_t)i, d = (uint64_t)i, g = a, h = d;
        while (h) { uint64_t t = g % h; g = h; h = t; }
        a /= g; d /= g; b /= d;
        if (a && b > UINT64_MAX / a) return UINT64_MAX;
        r = a * b;
    }
    return r;
}

/* C(n, k) known to fit (k <= 4 and small n take the direct product). */
static inline uint64_t binom(uint64_t n, int k) {
    if ((uint64_t)k > n) return 0;
    switch (k) {
    case 0: return 1;
    case 1: return n;
    case 2: if (n < ((uint64_t)1 << 32)) return n * (n - 1) / 2; break;
    case 3: if (n < ((uint64_t)1 << 21)) return n * (n - 1) * (n - 2) / 6; break;
    case 4: if (n < ((uint64_t)1 << 16)) return n * (n - 1) * (n - 2) * (n - 3) / 24; break;
    default: break;
    }
    return binom_checked(n, k);
}

static inline int code_count(uint32_t code, int round, int k) {   /* |m_k| */
    return (int)(code >> (4 * (round - k)) & 15u);
}

/* Number of suit indices for a count vector; UINT64_MAX on overflow. */
static uint64_t suit_space(uint32_t code, int round) {
    uint64_t size = 1;
    int used = 0;
    for (int k = 0; k <= round; k++) {
        int c = code_count(code, round, k);
        uint64_t b = binom13[13 - used][c];
        if (size > UINT64_MAX / b) return UINT64_MAX;
        size *= b;
        used += c;
    }
    return size;
}

static int code_cmp(const void *a, const void *b) {
    const uint32_t *x = a, *y = b;
    for (int s = 0; s < 4; s++)
        if (x[s] != y[s]) return x[s] < y[s] ? -1 : 1;
    return 0;
}

static void sort_desc4(uint32_t *c) {
    for (int i = 1; i < 4; i++)
        for (int j = i; j > 0 && c[j] > c[j - 1]; j--) {
            uint32_t t = c[j]; c[j] = c[j - 1]; c[j - 1] = t;
        }
}

/* The configurations of a round: those of the round before, each extended by every way
 * to spread this round's cards over the four suits (at most 13 cards a suit). */
static int build_round(of_indexer *ix, int r) {
    size_t n_prev = r ? ix->round[r - 1].n_cfg : 1;
    int n = ix->cards[r];
    size_t cap = n_prev * (size_t)((n + 1) * (n + 2) * (n + 3) / 6), n_codes = 0;
    uint32_t (*codes)[4] = malloc(sizeof *codes * cap);
    if (!codes) return OF_ERR_NOMEM;
    for (size_t p = 0; p < n_prev; p++) {
        uint32_t prev[4] = {0, 0, 0, 0};
        if (r) memcpy(prev, ix->round[r - 1].cfg[p].code, sizeof prev);
        for (int a = 0; a <= n; a++)
            for (int b = 0; a + b <= n; b++)
                for (int c = 0; a + b + c <= n; c++) {
                    int add[4] = {a, b, c, n - a - b - c};
                    uint32_t *out = codes[n_codes];
                    int ok = 1;
                    for (int s = 0; s < 4; s++) {
                        int had = 0;
                        for (int k = 0; k < r; k++) had += code_count(prev[s], r - 1, k);
                        ok &= had + add[s] <= 13;
                        out[s] = prev[s] << 4 | (uint32_t)add[s];
                    }
                    if (!ok) continue;
                    sort_desc4(out);
                    n_codes++;
                }
    }
    qsort(codes, n_codes, sizeof *codes, code_cmp);
    size_t n_unique = 0;
    for (size_t i = 0; i < n_codes; i++)
        if (!n_unique || code_cmp(codes[i], codes[n_unique - 1]) != 0)
            memcpy(codes[n_unique++], codes[i], sizeof *codes);
    ix_config *cfg = calloc(n_unique ? n_unique : 1, sizeof *cfg);
    if (!cfg) { free(codes); return OF_ERR_NOMEM; }
    uint64_t offset = 0;
    int overflow = 0;
    for (size_t i = 0; i < n_unique; i++) {
        ix_config *C = &cfg[i];
        memcpy(C->code, codes[i], sizeof C->code);
        C->offset = offset;
        uint64_t size = 1;
        for (int s = 0; s < 4; s++) {
            C->suit_size[s] = suit_space(C->code[s], r);
            overflow |= C->suit_size[s] == UINT64_MAX;
        }
        for (int s = 0; s < 4;) {
            int len = 1;
            while (s + len < 4 && C->code[s + len] == C->code[s]) len++;
            int g = C->n_groups++;
            C->group_pos[g] = (uint8_t)s;
            C->group_len[g] = (uint8_t)len;
            uint64_t N = C->suit_size[s];
            uint64_t radix = N > UINT64_MAX - 4 ? UINT64_MAX : binom_checked(N + (uint64_t)len - 1, len);
            C->group_radix[g] = radix;
            if (radix == UINT64_MAX || (radix && size > UINT64_MAX / radix)) overflow = 1;
            else size *= radix;
            s += len;
        }
        if (offset > UINT64_MAX - size) overflow = 1;
        offset += size;
    }
    free(codes);
    ix->round[r].cfg = cfg;
    ix->round[r].n_cfg = n_unique;
    ix->round[r].size = offset;
    return overflow ? OF_ERR_COUNT : OF_OK;
}

void of_indexer_free(of_indexer *ix) {
    if (!ix) return;
    for (int r = 0; r < ix->n_rounds; r++) free(ix->round[r].cfg);
    free(ix);
}

int of_indexer_new(const uint8_t *cards_per_round, int n_rounds, of_indexer **out) {
    if (!out || !cards_per_round) return OF_ERR_ARG;
    *out = NULL;
    if (n_rounds < 1 || n_rounds > OF_INDEXER_MAX_ROUNDS) return OF_ERR_COUNT;
    int total = 0;
    for (int r = 0; r < n_rounds; r++) {
        if (cards_per_round[r] < 1 || cards_per_round[r] > 13) return OF_ERR_COUNT;
        total += cards_per_round[r];
    }
    if (total > 52) return OF_ERR_COUNT;
    of_once(&tables_once, small_tables);
    of_indexer *ix = calloc(1, sizeof *ix);
    if (!ix) return OF_ERR_NOMEM;
    ix->n_rounds = n_rounds;
    for (int r = 0, t = 0; r < n_rounds; r++) {
        ix->cards[r] = cards_per_round[r];
        t += cards_per_round[r];
        ix->total[r] = t;
    }
    for (int r = 0; r < n_rounds; r++) {
        int rc = build_round(ix, r);
        if (rc != OF_OK) { of_indexer_free(ix); return rc; }
    }
    *out = ix;
    return OF_OK;
}

int of_indexer_size(const of_indexer *ix, int round, uint64_t *size) {
    if (!ix || !size || round < 0 || round >= ix->n_rounds) return OF_ERR_ARG;
    *size = ix->round[round].size;
    return OF_OK;
}

int of_indexer_cards(const of_indexer *ix, int round) {
    if (!ix || round < 0 || round >= ix->n_rounds) return -OF_ERR_ARG;
    return ix->total[round];
}

/* Colex rank of the set m among the ranks not in `used`, after renumbering them 0.. */
static inline unsigned rank_among_free(unsigned m, unsigned used) {
    unsigned packed = 0;
    while (m) {
        unsigned b = (unsigned)of_ctz(m);
        m &= m - 1;
        packed |= 1u << (b - bits13[used & ((1u << b) - 1)]);
    }
    return colex13[packed];
}

typedef struct { uint32_t code; uint64_t idx; } suit_key;

static uint64_t index_one(const of_indexer *ix, int round, const uint8_t *cards) {
    unsigned sets[OF_INDEXER_MAX_ROUNDS][4];
    memset(sets, 0, sizeof sets);
    for (int k = 0, pos = 0; k <= round; k++)
        for (int t = 0; t < ix->cards[k]; t++, pos++)
            sets[k][cards[pos] & 3] |= 1u << (cards[pos] >> 2);
    suit_key key[4];
    for (int s = 0; s < 4; s++) {
        uint32_t code = 0;
        uint64_t idx = 0;
        unsigned used = 0;
        for (int k = 0; k <= round; k++) {
            unsigned m = sets[k][s];
            int c = bits13[m], free_ranks = 13 - bits13[used];
            code = code << 4 | (uint32_t)c;
            idx = idx * binom13[free_ranks][c] + (k ? rank_among_free(m, used) : colex13[m]);
            used |= m;
        }
        key[s].code = code;
        key[s].idx = idx;
    }
    /* count vector descending, suit index ascending among equals */
    for (int i = 1; i < 4; i++)
        for (int j = i; j > 0; j--) {
            suit_key a = key[j - 1], b = key[j];
            if (b.code > a.code || (b.code == a.code && b.idx < a.idx)) {
                key[j - 1] = b; key[j] = a;
            } else {
                break;
            }
        }
    uint32_t codes[4] = {key[0].code, key[1].code, key[2].code, key[3].code};
    const ix_round *R = &ix->round[round];
    size_t lo = 0, hi = R->n_cfg;   /* the configuration is always present */
    while (hi - lo > 1) {
        size_t mid = (lo + hi) / 2;
        if (code_cmp(R->cfg[mid].code, codes) <= 0) lo = mid; else hi = mid;
    }
    const ix_config *C = &R->cfg[lo];
    uint64_t value = 0;
    for (int g = 0; g < C->n_groups; g++) {
        uint64_t digit = 0;
        for (int i = 0; i < C->group_len[g]; i++)
            digit += binom(key[C->group_pos[g] + i].idx + (uint64_t)i, i + 1);
        value = value * C->group_radix[g] + digit;
    }
    return C->offset + value;
}

int of_indexer_index_batch(const of_indexer *ix, int round, const uint8_t *cards, size_t n,
                           uint64_t *out, size_t *bad_row) {
    if (!ix || !bad_row || round < 0 || round >= ix->n_rounds || (n && (!cards || !out)))
        return OF_ERR_ARG;
    int width = ix->total[round];
    for (size_t i = 0; i < n; i++) {
        const uint8_t *row = cards + (size_t)width * i;
        uint64_t seen = 0;
        for (int t = 0; t < width; t++) {
            if (row[t] > 51) { *bad_row = i; return OF_ERR_CARD; }
            if (seen >> row[t] & 1u) { *bad_row = i; return OF_ERR_DUPLICATE; }
            seen |= (uint64_t)1 << row[t];
        }
        out[i] = index_one(ix, round, row);
    }
    return OF_OK;
}

/* Largest c in [lo, hi] with C(c, k) <= value (C(lo, k) <= value holds). */
static uint64_t largest_binom_below(uint64_t value, int k, uint64_t lo, uint64_t hi) {
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo + 1) / 2;
        if (binom(mid, k) <= value) lo = mid; else hi = mid - 1;
    }
    return lo;
}

static void unindex_one(const of_indexer *ix, int round, uint64_t index, uint8_t *cards) {
    const ix_round *R = &ix->round[round];
    size_t lo = 0, hi = R->n_cfg;
    while (hi - lo > 1) {
        size_t mid = (lo + hi) / 2;
        if (R->cfg[mid].offset <= index) lo = mid; else hi = mid;
    }
    const ix_config *C = &R->cfg[lo];
    uint64_t rest = index - C->offset, idx[4];
    for (int g = C->n_groups - 1; g >= 0; g--) {
        uint64_t digit = rest % C->group_radix[g];
        rest /= C->group_radix[g];
        int len = C->group_len[g];
        uint64_t top = C->suit_size[C->group_pos[g]] + (uint64_t)len - 1;
        for (int i = len; i >= 1; i--) {   /* combinations with repetition, backwards */
            uint64_t c = largest_binom_below(digit, i, (uint64_t)i - 1, top);
            digit -= binom(c, i);
            idx[C->group_pos[g] + i - 1] = c - (uint64_t)(i - 1);
            top = c;
        }
    }
    unsigned sets[OF_INDEXER_MAX_ROUNDS][4];
    for (int s = 0; s < 4; s++) {
        int counts[OF_INDEXER_MAX_ROUNDS];
        uint64_t digit[OF_INDEXER_MAX_ROUNDS], v = idx[s];
        int used_n = 0;
        for (int k = 0; k <= round; k++) counts[k] = code_count(C->code[s], round, k);
        int free_at[OF_INDEXER_MAX_ROUNDS];
        for (int k = 0; k <= round; k++) { free_at[k] = 13 - used_n; used_n += counts[k]; }
        for (int k = round; k >= 0; k--) {
            uint64_t b = binom13[free_at[k]][counts[k]];
            digit[k] = v % b;
            v /= b;
        }
        unsigned used = 0;
        for (int k = 0; k <= round; k++) {
            unsigned packed = 0, d = (unsigned)digit[k];
            for (int i = counts[k]; i >= 1; i--) {
                unsigned c = (unsigned)i - 1;
                while (c + 1 < 13 && binom13[c + 1][i] <= d) c++;
                d -= binom13[c][i];
                packed |= 1u << c;
            }
            unsigned m = 0;   /* position p among the free ranks -> the rank */
            for (unsigned rank = 0, p = 0; rank < 13; rank++) {
                if (used >> rank & 1) continue;
                if (packed >> p & 1) m |= 1u << rank;
                p++;
            }
            sets[k][s] = m;
            used |= m;
        }
    }
    for (int k = 0, pos = 0; k <= round; k++)
        for (unsigned card = 0; card < 52; card++)
            if (sets[k][card & 3] >> (card >> 2) & 1) cards[pos++] = (uint8_t)card;
}

int of_indexer_unindex_batch(const of_indexer *ix, int round, const uint64_t *indices,
                             size_t n, uint8_t *cards, size_t *bad_row) {
    if (!ix || !bad_row || round < 0 || round >= ix->n_rounds || (n && (!indices || !cards)))
        return OF_ERR_ARG;
    int width = ix->total[round];
    for (size_t i = 0; i < n; i++) {
        if (indices[i] >= ix->round[round].size) { *bad_row = i; return OF_ERR_ARG; }
        unindex_one(ix, round, indices[i], cards + (size_t)width * i);
    }
    return OF_OK;
}
