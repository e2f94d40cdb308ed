/* Internal: evaluation helpers shared by eval.c and equity.c. */
#ifndef OF_EVAL_H
#define OF_EVAL_H

#include <stddef.h>
#include <stdint.h>

#include "tables.h"

int of_check_cards(const uint8_t *a, int na, const uint8_t *b, int nb);
uint16_t of_best_flush(unsigned hole_suited, unsigned board_suited);
/* Unchecked: n rows of 4 hole cards on one board (cards valid and distinct). */
void of_eval_on_board(const uint8_t *holes, size_t n, const uint8_t *board, int n_board,
                      int hilo, uint16_t *high, uint8_t *low);
/* Unchecked: one hand of 4 hole cards on n_board cards. */
void of_eval_unchecked(const uint8_t *hole, const uint8_t *board, int n_board, int hilo,
                       uint16_t *high, uint8_t *low);
/* The same for n_hole (OF_MIN_HOLE..OF_MAX_HOLE) hole cards a hand. */
void of_eval_on_board_n(const uint8_t *holes, int n_hole, size_t n, const uint8_t *board,
                        int n_board, int hilo, uint16_t *high, uint8_t *low);
void of_eval_unchecked_n(const uint8_t *hole, int n_hole, const uint8_t *board, int n_board,
                         int hilo, uint16_t *high, uint8_t *low);

#endif
