/* Hand evaluation: five-card hands, Omaha high (exactly two hole + three board cards) and
 * the Omaha 8-or-better low, one at a time or in batches, for four, five or six hole cards
 * (every path is compiled once per hole size, so the four-card path is unchanged). */
#include "platform.h"   /* first: it sets the feature macros */

#include <stddef.h>

#include "eval.h"
#include "omaha_fast.h"

static of_once_flag tables_once = OF_ONCE_INIT;

int of_init(void) {
    of_once(&tables_once, of_tables_build);
    return OF_OK;
}

size_t of_table_bytes(void) {
    return sizeof of_comb + sizeof of_flush_value + sizeof of_plain_value +
           sizeof of_board_pair + sizeof of_pair_index + sizeof of_low + sizeof of_low5_value +
           sizeof of_low_bit;
}

/* Cards in 0..51 and all distinct; n counts the cards in the two groups together. */
int of_check_cards(const uint8_t *a, int na, const uint8_t *b, int nb) {
    uint64_t seen = 0;
    for (int i = 0; i < na + nb; i++) {
        unsigned c = i < na ? a[i] : b[i - na];
        if (c > 51) return OF_ERR_CARD;
        if (seen >> c & 1u) return OF_ERR_DUPLICATE;
        seen |= (uint64_t)1 << c;
    }
    return OF_OK;
}

static uint16_t rank5_unchecked(const uint8_t *c) {
    if (((c[0] ^ c[1]) & 3) == 0 && ((c[0] ^ c[2]) & 3) == 0 && ((c[0] ^ c[3]) & 3) == 0 &&
        ((c[0] ^ c[4]) & 3) == 0)
        return of_flush_value[(1u << (c[0] >> 2)) | (1u << (c[1] >> 2)) | (1u << (c[2] >> 2)) |
                              (1u << (c[3] >> 2)) | (1u << (c[4] >> 2))];
    int r[5] = {c[0] >> 2, c[1] >> 2, c[2] >> 2, c[3] >> 2, c[4] >> 2};
    of_sort_small(r, 5);
    return of_plain_value[of_multiset_index(r, 5)];
}

int of_rank5(const uint8_t *cards, uint16_t *value) {
    if (!cards || !value) return OF_ERR_ARG;
    int rc = of_check_cards(cards, 5, NULL, 0);
    if (rc != OF_OK) return rc;
    of_init();
    *value = rank5_unchecked(cards);
    return OF_OK;
}

int of_rank5_batch(const uint8_t *cards, size_t n, uint16_t *values, size_t *bad_row) {
    if ((n && (!cards || !values)) || !bad_row) return OF_ERR_ARG;
    of_init();
    for (size_t i = 0; i < n; i++) {
        int rc = of_check_cards(cards + 5 * i, 5, NULL, 0);
        if (rc != OF_OK) { *bad_row = i; return rc; }
        values[i] = rank5_unchecked(cards + 5 * i);
    }
    return OF_OK;
}

/* Best flush with two of the hole's suited ranks and three of the board's (13-bit masks of
 * one suit; the two never share a rank). A straight flush needs a five-rank window holding
 * exactly two hole and three board ranks; failing that, the top two hole ranks with the top
 * three board ranks make the best flush, since flushes compare card by card. */
static inline unsigned top_bits(unsigned mask, int k) {
    unsigned out = 0;
    while (k-- > 0 && mask) {
        unsigned bit = 1u << (31 - of_clz(mask));
        out |= bit;
        mask ^= bit;
    }
    return out;
}

static inline unsigned drop_lowest(unsigned x) { return x & (x - 1); }

uint16_t of_best_flush(unsigned hole_suited, unsigned board_suited) {
    /* (bit tricks rather than popcounts: this runs for every flush board) */
    if (!drop_lowest(hole_suited) || !drop_lowest(drop_lowest(board_suited))) return 0;
    unsigned both = hole_suited | board_suited;
    for (int top = 12; top >= 3; top--) {
        unsigned window = top == 3 ? 0x100Fu : 31u << (top - 4);   /* 3: A-2-3-4-5 */
        unsigned from_hole = hole_suited & window;
        if ((both & window) == window && drop_lowest(from_hole) &&
            !drop_lowest(drop_lowest(from_hole)))
            return of_flush_value[window];
    }
    return of_flush_value[top_bits(hole_suited, 2) | top_bits(board_suited, 3)];
}

/* The best of a board row over every pair of the n_hole hole ranks (6 pairs for four
 * cards, 10 for five, 15 for six); n_hole is a constant at every call, so this unrolls. */
static OF_ALWAYS_INLINE unsigned best_pair(const uint16_t *row, const uint8_t *hole,
                                           const int n_hole) {
    int h[OF_MAX_HOLE];
    for (int i = 0; i < n_hole; i++) h[i] = hole[i] >> 2;
    unsigned best = 0;
    for (int a = 0; a < n_hole - 1; a++)
        for (int b = a + 1; b < n_hole; b++) {
            unsigned v = row[of_pair_index[h[a]][h[b]]];
            best = v > best ? v : best;
        }
    return best;
}

static OF_ALWAYS_INLINE unsigned hole_low_bits(const uint8_t *hole, const int n_hole) {
    unsigned hm = 0;
    for (int i = 0; i < n_hole; i++) hm |= of_low_bit[hole[i] >> 2];
    return hm;
}

static OF_ALWAYS_INLINE uint16_t high_unchecked(const uint8_t *hole, const int n_hole,
                                                const uint8_t *board, int n_board) {
    int r[5];
    unsigned suited[4] = {0, 0, 0, 0}, counts = 0;
    for (int i = 0; i < n_board; i++) {
        r[i] = board[i] >> 2;
        suited[board[i] & 3] |= 1u << r[i];
        counts += 1u << (4 * (board[i] & 3));
    }
    of_sort_small(r, n_board);
    const uint16_t *row = of_board_rows(n_board) + (size_t)of_multiset_index(r, n_board) * OF_PAIRS;
    unsigned best = best_pair(row, hole, n_hole), v;
    /* suit counts packed four bits a suit: a nibble reaches 3 exactly when adding 5 sets
     * its top bit, so one add and mask finds the (at most one) suit with three cards */
    unsigned three = (counts + 0x5555u) & 0x8888u;
    if (three) {
        unsigned s = (unsigned)of_ctz(three) >> 2, hs = 0;
        for (int i = 0; i < n_hole; i++) hs |= (unsigned)((hole[i] & 3u) == s) << (hole[i] >> 2);
        v = of_best_flush(hs, suited[s]);
        best = v > best ? v : best;
    }
    return (uint16_t)best;
}

/* The low depends only on the low ranks each side holds, so the table serves any number
 * of hole cards. */
static OF_ALWAYS_INLINE uint8_t low_unchecked(const uint8_t *hole, const int n_hole,
                                              const uint8_t *board, int n_board) {
    unsigned bm = 0;
    for (int i = 0; i < n_board; i++) bm |= of_low_bit[board[i] >> 2];
    return of_low[hole_low_bits(hole, n_hole) << 8 | bm];
}

/* One hand of any supported hole size; the switch gives each size its unrolled copy. */
static uint16_t high_any(const uint8_t *hole, int n_hole, const uint8_t *board, int n_board) {
    switch (n_hole) {
    case 4: return high_unchecked(hole, 4, board, n_board);
    case 5: return high_unchecked(hole, 5, board, n_board);
    default: return high_unchecked(hole, 6, board, n_board);
    }
}

static uint8_t low_any(const uint8_t *hole, int n_hole, const uint8_t *board, int n_board) {
    return low_unchecked(hole, n_hole, board, n_board);
}

static int check_omaha(const uint8_t *hole, int n_hole, const uint8_t *board, int n_board) {
    if (!hole || !board) return OF_ERR_ARG;
    if (n_hole < OF_MIN_HOLE || n_hole > OF_MAX_HOLE) return OF_ERR_COUNT;
    if (n_board < 3 || n_board > 5) return OF_ERR_COUNT;
    return of_check_cards(hole, n_hole, board, n_board);
}

int of_eval(const uint8_t *hole, const uint8_t *board, int n_board, uint16_t *high, uint8_t *low) {
    return of_eval_n(hole, 4, board, n_board, high, low);
}

int of_eval_n(const uint8_t *hole, int n_hole, const uint8_t *board, int n_board,
              uint16_t *high, uint8_t *low) {
    int rc = check_omaha(hole, n_hole, board, n_board);
    if (rc != OF_OK) return rc;
    of_init();
    if (high) *high = high_any(hole, n_hole, board, n_board);
    if (low) *low = low_any(hole, n_hole, board, n_board);
    return OF_OK;
}

int32_t of_eval_packed(const uint8_t *hole, const uint8_t *board, int n_board, int game) {
    return of_eval_packed_n(hole, 4, board, n_board, game);
}

int32_t of_eval_packed_n(const uint8_t *hole, int n_hole, const uint8_t *board, int n_board,
                         int game) {
    int rc = check_omaha(hole, n_hole, board, n_board);
    if (rc != OF_OK) return -rc;
    if (game != OF_GAME_HIGH && game != OF_GAME_HILO) return -OF_ERR_ARG;
    of_init();
    int32_t low = game == OF_GAME_HILO ? low_any(hole, n_hole, board, n_board) : 0;
    return (int32_t)high_any(hole, n_hole, board, n_board) << 8 | low;
}

/* The batch loop, compiled once per hole size, board size and game so that its small
 * loops and the sorting network unroll. Returns OF_OK or the status of the first bad row. */
static OF_ALWAYS_INLINE int batch_rows(const uint8_t *holes, const int n_hole,
                                       const uint8_t *boards, size_t n, const int n_board,
                                       const int hilo, uint16_t *high, uint8_t *low,
                                       size_t *bad_row) {
    for (size_t i = 0; i < n; i++) {
        const uint8_t *h = holes + (size_t)n_hole * i, *b = boards + (size_t)n_board * i;
        /* one pass with few branches for the common, valid row; the exact error after */
        uint64_t seen = 0;
        unsigned bad = 0;
        for (int k = 0; k < n_hole + n_board; k++) {
            unsigned c = k < n_hole ? h[k] : b[k - n_hole];
            uint64_t bit = (uint64_t)1 << (c & 63);
            bad |= (c > 51) | ((seen & bit) != 0);
            seen |= bit;
        }
        if (bad) { *bad_row = i; return of_check_cards(h, n_hole, b, n_board); }
        high[i] = high_unchecked(h, n_hole, b, n_board);
        low[i] = hilo ? low_unchecked(h, n_hole, b, n_board) : 0;
    }
    return OF_OK;
}

static OF_ALWAYS_INLINE int batch_boards(const uint8_t *holes, const int n_hole,
                                         const uint8_t *boards, size_t n, int n_board,
                                         int hilo, uint16_t *high, uint8_t *low,
                                         size_t *bad_row) {
    switch (n_board * 2 + hilo) {
    case 6: return batch_rows(holes, n_hole, boards, n, 3, 0, high, low, bad_row);
    case 7: return batch_rows(holes, n_hole, boards, n, 3, 1, high, low, bad_row);
    case 8: return batch_rows(holes, n_hole, boards, n, 4, 0, high, low, bad_row);
    case 9: return batch_rows(holes, n_hole, boards, n, 4, 1, high, low, bad_row);
    case 10: return batch_rows(holes, n_hole, boards, n, 5, 0, high, low, bad_row);
    default: return batch_rows(holes, n_hole, boards, n, 5, 1, high, low, bad_row);
    }
}

int of_eval_batch(const uint8_t *holes, const uint8_t *boards, size_t n, int n_board, int game,
                  uint16_t *high, uint8_t *low, size_t *bad_row) {
    return of_eval_batch_n(holes, 4, boards, n, n_board, game, high, low, bad_row);
}

int of_eval_batch_n(const uint8_t *holes, int n_hole, const uint8_t *boards, size_t n,
                    int n_board, int game, uint16_t *high, uint8_t *low, size_t *bad_row) {
    if (!bad_row || (game != OF_GAME_HIGH && game != OF_GAME_HILO)) return OF_ERR_ARG;
    if (n_board < 3 || n_board > 5) return OF_ERR_COUNT;
    if (n_hole < OF_MIN_HOLE || n_hole > OF_MAX_HOLE) return OF_ERR_COUNT;
    if (n && (!holes || !boards || !high || !low)) return OF_ERR_ARG;
    of_init();
    int hilo = game == OF_GAME_HILO;
    switch (n_hole) {
    case 4: return batch_boards(holes, 4, boards, n, n_board, hilo, high, low, bad_row);
    case 5: return batch_boards(holes, 5, boards, n, n_board, hilo, high, low, bad_row);
    default: return batch_boards(holes, 6, boards, n, n_board, hilo, high, low, bad_row);
    }
}

int of_best_cards(const uint8_t *hole, const uint8_t *board, int n_board, int want_low,
                  uint8_t *out5) {
    return of_best_cards_n(hole, 4, board, n_board, want_low, out5);
}

int of_best_cards_n(const uint8_t *hole, int n_hole, const uint8_t *board, int n_board,
                    int want_low, uint8_t *out5) {
    int rc = check_omaha(hole, n_hole, board, n_board);
    if (rc != OF_OK) return rc;
    if (!out5) return OF_ERR_ARG;
    of_init();
    int best = 0;
    for (int a = 0; a < n_hole; a++)
        for (int b = a + 1; b < n_hole; b++)
            for (int i = 0; i < n_board; i++)
                for (int j = i + 1; j < n_board; j++)
                    for (int k = j + 1; k < n_board; k++) {
                        uint8_t five[5] = {hole[a], hole[b], board[i], board[j], board[k]};
                        int v;
                        if (want_low) {
                            unsigned m = 0;
                            int all_low = 1;
                            for (int t = 0; t < 5; t++) {
                                unsigned bit = of_low_bit[five[t] >> 2];
                                all_low &= bit != 0;
                                m |= bit;
                            }
                            v = all_low ? of_low5_value[m] : 0;
                        } else {
                            v = rank5_unchecked(five);
                        }
                        if (v > best) {
                            best = v;
                            for (int t = 0; t < 5; t++) out5[t] = five[t];
                        }
                    }
    return best ? OF_OK : OF_ERR_NO_LOW;   /* a high always exists */
}

int of_low_of_masks(int hole_mask, int board_mask) {
    if (hole_mask < 0 || hole_mask > 255 || board_mask < 0 || board_mask > 255) return -OF_ERR_ARG;
    of_init();
    return of_low[hole_mask << 8 | board_mask];
}

/* Unchecked: many holes on one board, for kernels that checked their cards already. The
 * board's share of high_unchecked (sorting it, its row of the pair table, its flush suit)
 * and of low_unchecked (its low-rank set) is done once. */
static OF_ALWAYS_INLINE void on_board(const uint8_t *holes, const int n_hole, size_t n,
                                      const uint8_t *board, int n_board, int hilo,
                                      uint16_t *high, uint8_t *low) {
    int r[5];
    unsigned suited[4] = {0, 0, 0, 0}, counts = 0, bm = 0;
    for (int i = 0; i < n_board; i++) {
        r[i] = board[i] >> 2;
        suited[board[i] & 3] |= 1u << r[i];
        counts += 1u << (4 * (board[i] & 3));
        bm |= of_low_bit[board[i] >> 2];
    }
    of_sort_small(r, n_board);
    const uint16_t *row = of_board_rows(n_board) + (size_t)of_multiset_index(r, n_board) * OF_PAIRS;
    unsigned three = (counts + 0x5555u) & 0x8888u;   /* as in high_unchecked */
    unsigned flush_suit = three ? (unsigned)of_ctz(three) >> 2 : 4;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *hole = holes + (size_t)n_hole * i;
        unsigned best = best_pair(row, hole, n_hole), v;
        if (flush_suit < 4) {
            unsigned hs = 0;
            for (int k = 0; k < n_hole; k++)
                hs |= (unsigned)((hole[k] & 3u) == flush_suit) << (hole[k] >> 2);
            v = of_best_flush(hs, suited[flush_suit]);
            best = v > best ? v : best;
        }
        high[i] = (uint16_t)best;
        low[i] = hilo ? of_low[hole_low_bits(hole, n_hole) << 8 | bm] : 0;
    }
}

void of_eval_on_board(const uint8_t *holes, size_t n, const uint8_t *board, int n_board,
                      int hilo, uint16_t *high, uint8_t *low) {
    on_board(holes, 4, n, board, n_board, hilo, high, low);
}

void of_eval_on_board_n(const uint8_t *holes, int n_hole, size_t n, const uint8_t *board,
                        int n_board, int hilo, uint16_t *high, uint8_t *low) {
    switch (n_hole) {
    case 4: on_board(holes, 4, n, board, n_board, hilo, high, low); break;
    case 5: on_board(holes, 5, n, board, n_board, hilo, high, low); break;
    default: on_board(holes, 6, n, board, n_board, hilo, high, low); break;
    }
}

/* Unchecked: one hand, for kernels that checked their cards already. */
void of_eval_unchecked(const uint8_t *hole, const uint8_t *board, int n_board, int hilo,
                       uint16_t *high, uint8_t *low) {
    *high = high_unchecked(hole, 4, board, n_board);
    *low = hilo ? low_unchecked(hole, 4, board, n_board) : 0;
}

void of_eval_unchecked_n(const uint8_t *hole, int n_hole, const uint8_t *board, int n_board,
                         int hilo, uint16_t *high, uint8_t *low) {
    *high = high_any(hole, n_hole, board, n_board);
    *low = hilo ? low_any(hole, n_hole, board, n_board) : 0;
}
