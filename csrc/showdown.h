/* What the river showdown kernels share (showdown.c, and the prepared tables of
 * prepared.c): the live cards of a five-card board renumbered 0..46, and the combinatorial
 * numbers that index sorted sets of them. */
#ifndef OMAHA_FAST_SHOWDOWN_H
#define OMAHA_FAST_SHOWDOWN_H

#include <stdint.h>
#include <string.h>

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

#endif
