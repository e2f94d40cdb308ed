/* Internal: evaluation helpers shared by eval.c and equity.c. */
#ifndef OF_EVAL_H
#define OF_EVAL_H

#include <stdint.h>

#include "tables.h"

int of_check_cards(const uint8_t *a, int na, const uint8_t *b, int nb);
uint16_t of_best_flush(unsigned hole_suited, unsigned board_suited);

#endif
