/* omaha_fast's public C API, hand values (eval.c): one hand, batches, hands of 4 to 6 cards, five-card ranks.
 *
 * Part of the API omaha_fast.h gathers (its status convention and shared types hold
 * here). The block between the cdef markers is read verbatim by omaha_fast/_core/_build.py
 * as the cffi declaration of omaha_fast/_core/evaluation.py's calls.
 */
#ifndef OMAHA_FAST_OF_EVALUATION_H
#define OMAHA_FAST_OF_EVALUATION_H

#include "omaha_fast.h"

#ifdef __cplusplus
extern "C" {
#endif

/* cdef-begin */
/* High value of five distinct cards. */
int of_rank5(const uint8_t *cards, uint16_t *value);

/* Omaha: 4 hole cards, 3..5 board cards. Either output may be NULL to skip that half. */
int of_eval(const uint8_t *hole, const uint8_t *board, int n_board,
            uint16_t *high, uint8_t *low);

/* The same as one int, for callers that pay per output argument (Python):
 * high << 8 | low when the input is good, -status otherwise. */
int32_t of_eval_packed(const uint8_t *hole, const uint8_t *board, int n_board, int game);

/* The five cards (2 hole + 3 board) making the best high (want_low = 0) or the best low
 * (want_low = 1; OF_ERR_NO_LOW when the hand makes no low). */
int of_best_cards(const uint8_t *hole, const uint8_t *board, int n_board, int want_low,
                  uint8_t *out5);

/* n rows of 4 hole cards and n rows of n_board board cards, row-major. game is
 * OF_GAME_HIGH (lows are written as 0) or OF_GAME_HILO. On a bad row the status says
 * what is wrong and *bad_row holds its index; nothing is promised about the outputs. */
int of_eval_batch(const uint8_t *holes, const uint8_t *boards, size_t n, int n_board,
                  int game, uint16_t *high, uint8_t *low, size_t *bad_row);

/* The same three for n_hole hole cards a hand (OF_MIN_HOLE..OF_MAX_HOLE; still exactly
 * two of them with three board cards): Big O and five-card Omaha take 5. */
int of_eval_n(const uint8_t *hole, int n_hole, const uint8_t *board, int n_board,
              uint16_t *high, uint8_t *low);
int32_t of_eval_packed_n(const uint8_t *hole, int n_hole, const uint8_t *board, int n_board,
                         int game);
int of_best_cards_n(const uint8_t *hole, int n_hole, const uint8_t *board, int n_board,
                    int want_low, uint8_t *out5);
int of_eval_batch_n(const uint8_t *holes, int n_hole, const uint8_t *boards, size_t n,
                    int n_board, int game, uint16_t *high, uint8_t *low, size_t *bad_row);

/* n rows of five cards: high values. */
int of_rank5_batch(const uint8_t *cards, size_t n, uint16_t *values, size_t *bad_row);

/* The low table entry for two 8-bit low-rank sets (bit 0 = ace, bit 1 = deuce .. bit 7 =
 * eight): the best low using two ranks of hole_mask and three others of board_mask;
 * -OF_ERR_ARG for a mask outside 0..255. */
int of_low_of_masks(int hole_mask, int board_mask);
/* cdef-end */

#ifdef __cplusplus
}
#endif

#endif /* OMAHA_FAST_OF_EVALUATION_H */
