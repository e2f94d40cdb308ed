/* Internal: unchecked evaluation helpers shared by eval.c and equity.c. Callers have
 * already checked card ranges and duplicates, and called of_init(). */
#ifndef OF_EVAL_H
#define OF_EVAL_H

#include <stdint.h>

#include "tables.h"

int of_check_cards(const uint8_t *a, int na, const uint8_t *b, int nb);
uint16_t of_best_flush(unsigned hole_suited, unsigned board_suited);
uint16_t of_high_unchecked(const uint8_t *hole, const uint8_t *board, int n_board);
uint8_t of_low_unchecked(const uint8_t *hole, const uint8_t *board, int n_board);

#endif
