/* Internal: the lookup tables shared by the evaluator and the equity engine, and the small
 * inline helpers that read them. Built once by of_tables_build() (tables.c). */
#ifndef OF_TABLES_H
#define OF_TABLES_H

#include <stdint.h>

#include "bits.h"

#define OF_PAIRS 91           /* unordered rank pairs {a, b}, a == b allowed */
#define OF_MULTI3 455         /* multisets of 3 ranks: C(15, 3) */
#define OF_MULTI4 1820        /* multisets of 4 ranks: C(16, 4) */
#define OF_MULTI5 6188        /* multisets of 5 ranks: C(17, 5), 13 of them impossible */

/* of_comb[k][n] = C(n, k), for the combinatorial index of a sorted rank multiset. */
extern uint16_t of_comb[6][18];
/* High value of five cards of one suit, by their 13-bit rank mask (0 unless 5 bits). */
extern uint16_t of_flush_value[8192];
/* High value of five cards not all of one suit, by the index of their rank multiset. */
extern uint16_t of_plain_value[OF_MULTI5];
/* Best non-flush high value of a board (3, 4 or 5 cards) with a hole rank pair: row
 * of_board_rows(n)[multiset index of the board ranks], column of_pair_index[a][b].
 * This is what removes the 60-combination loop from the hot path: the 2-from-hole x
 * 3-from-board maximum over ranks is done once, here, for every board and pair. */
extern uint16_t of_board_pair[(OF_MULTI3 + OF_MULTI4 + OF_MULTI5) * OF_PAIRS];
extern uint8_t of_pair_index[13][13];
/* Best 8-or-better low by (hole low-rank set << 8 | board low-rank set), 0 = none. Exact
 * because the low only depends on which low ranks each side holds. */
extern uint8_t of_low[256 * 256];
/* Low value of exactly five distinct low ranks by their 8-bit set, 0 otherwise. */
extern uint8_t of_low5_value[256];
/* Bit of a card's rank in a low-rank set (bit 0 ace, bit 1 deuce .. bit 7 eight), or 0. */
extern const uint8_t of_low_bit[13];

void of_tables_build(void);

static inline const uint16_t *of_board_rows(int n_board) {
    return of_board_pair + (n_board == 3 ? 0
                            : n_board == 4 ? OF_MULTI3 * OF_PAIRS
                                           : (OF_MULTI3 + OF_MULTI4) * OF_PAIRS);
}

/* Index of a sorted (ascending) multiset of k ranks: sum of C(r_i + i, i + 1). */
static inline int of_multiset_index(const int *sorted, int k) {
    int idx = 0;
    for (int i = 0; i < k; i++) idx += of_comb[i + 1][sorted[i] + i];
    return idx;
}

/* Sorting networks of min/max exchanges: no data-dependent branches, which on random
 * boards would be mispredicted about half the time. */
#define OF_EXCHANGE(a, b) do { int lo_ = a < b ? a : b, hi_ = a < b ? b : a; a = lo_; b = hi_; } while (0)

static inline void of_sort_small(int *r, int k) {   /* k <= 5 */
    switch (k) {
    case 5:
        OF_EXCHANGE(r[0], r[3]); OF_EXCHANGE(r[1], r[4]); OF_EXCHANGE(r[0], r[2]);
        OF_EXCHANGE(r[1], r[3]); OF_EXCHANGE(r[0], r[1]); OF_EXCHANGE(r[2], r[4]);
        OF_EXCHANGE(r[1], r[2]); OF_EXCHANGE(r[3], r[4]); OF_EXCHANGE(r[2], r[3]);
        break;
    case 4:
        OF_EXCHANGE(r[0], r[1]); OF_EXCHANGE(r[2], r[3]); OF_EXCHANGE(r[0], r[2]);
        OF_EXCHANGE(r[1], r[3]); OF_EXCHANGE(r[1], r[2]);
        break;
    case 3:
        OF_EXCHANGE(r[0], r[1]); OF_EXCHANGE(r[1], r[2]); OF_EXCHANGE(r[0], r[1]);
        break;
    case 2:
        OF_EXCHANGE(r[0], r[1]);
        break;
    default:
        break;
    }
}

#endif
