/* What the river showdown kernels share (showdown.c, and the prepared tables of
 * prepared.c): the live cards of a five-card board renumbered 0..46, the combinatorial
 * numbers that index sorted sets of them, and the check and renumbering of a side's hands. */
#ifndef OMAHA_FAST_SHOWDOWN_H
#define OMAHA_FAST_SHOWDOWN_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "omaha_fast.h"
#include "tables.h"

#define LIVE 47                 /* cards off a five-card board */
#define N_PAIRS 1081            /* C(47, 2) */
#define N_TRIPLES 16215         /* C(47, 3) */
#define N_QUADS 178365          /* C(47, 4) */
#define HIGH_KEYS 7463          /* high values 1..7462 */
#define LOW_KEYS 57             /* low values 0..56 */

/* C(n, 2), C(n, 3), C(n, 4) for n < 47: combinatorial numbers of sorted card sets. */
typedef struct { uint32_t c2[LIVE], c3[LIVE], c4[LIVE]; } binoms;

static inline void binoms_init(binoms *b) {
    for (uint32_t n = 0; n < LIVE; n++) {
        b->c2[n] = n * (n - 1) / 2;
        b->c3[n] = n < 3 ? 0 : n * (n - 1) * (n - 2) / 6;
        b->c4[n] = n < 4 ? 0 : n * (n - 1) * (n - 2) * (n - 3) / 24;
    }
}

/* live_of[card]: the card's number among the live cards (descending, 46..0), 0xFF for a
 * card on the board. */
static inline void live_numbers(const uint8_t board[5], uint8_t live_of[52]) {
    uint64_t on_board = 0;
    memset(live_of, 0xFF, 52);
    for (int k = 0; k < 5; k++) on_board |= (uint64_t)1 << board[k];
    for (int c = 0, next = 0; c < 52; c++)
        if (!(on_board >> c & 1)) live_of[c] = (uint8_t)(LIVE - 1 - next++);
}

/* Renumber one side's rows of four cards by live_of into sorted cards, four bytes a row
 * (out NULL: only check them); OF_OK, or a status and *bad_row on a bad row. */
static inline int load_side(const uint8_t *rows, size_t n, const uint8_t *live_of,
                            uint8_t *out, size_t *bad_row) {
    for (size_t i = 0; i < n; i++) {
        const uint8_t *r = rows + 4 * i;
        int x[4];
        for (int k = 0; k < 4; k++) {
            if (r[k] > 51) { *bad_row = i; return OF_ERR_CARD; }
            if (live_of[r[k]] == 0xFF) { *bad_row = i; return OF_ERR_DUPLICATE; }
            x[k] = live_of[r[k]];
        }
        of_sort_small(x, 4);
        if (x[0] == x[1] || x[1] == x[2] || x[2] == x[3]) {
            *bad_row = i;
            return OF_ERR_DUPLICATE;
        }
        if (out)
            for (int k = 0; k < 4; k++) out[4 * i + k] = (uint8_t)x[k];
    }
    return OF_OK;
}

#endif
