/* omaha_fast: the public C API of the Omaha Hi-Lo / Omaha High evaluator and equity engine.
 *
 * Cards are ints 0..51: rank * 4 + suit, rank 0 = deuce .. 12 = ace, suit 0..3 = c d h s.
 * High values run 1..7462, larger is stronger (7462 royal flush, 1 = 7-5-4-3-2 offsuit).
 * Low values run 1..56, larger is stronger (56 = 5-4-3-2-A); 0 means no 8-or-better low.
 * Status convention. Every entry point checks its input. One that returns `int` returns a
 * status: OF_OK (0) or one of the positive OF_ERR_* codes below, and its outputs are
 * meaningful only when it is OF_OK (a batch may have written the rows before a bad one).
 * One that returns a value in its result (of_eval_packed, of_low_of_masks, of_range_index,
 * of_indexer_cards) returns it, never negative, on success and the negated status
 * (-OF_ERR_*) on failure. Nothing else is returned: no bare -1, no code with two meanings.
 * The only functions without a status are the ones that cannot fail on any input
 * (of_table_bytes, of_range_universe, the *_free functions).
 * Tables are built once (of_init, also called lazily) and read-only afterwards, so every
 * function may be called from several threads at once.
 *
 * This header holds what every part shares (the status codes, the games, the limits, the
 * tables' set-up and the shared types) and includes the API by topic, one header each:
 * of_evaluation.h, of_equity.h, of_ranges.h, of_showdown.h, of_indexer.h, of_strength.h,
 * of_preflop.h and of_dcfr.h. The block between the cdef markers of each (this one first,
 * then the others by name) is read verbatim by omaha_fast/_core/_build.py as the cffi
 * declaration, so the Python binding and the headers cannot drift apart; each topic has
 * its own module of omaha_fast/_core/.
 */
#ifndef OMAHA_FAST_H
#define OMAHA_FAST_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* cdef-begin */
#define OF_OK 0
#define OF_ERR_CARD 1        /* a card outside 0..51 */
#define OF_ERR_DUPLICATE 2   /* the same card twice */
#define OF_ERR_COUNT 3       /* wrong number of cards or players */
#define OF_ERR_ARG 4         /* another bad argument (null pointer, bad mode) */
#define OF_ERR_NOMEM 5       /* allocation failed */
#define OF_ERR_CANCELLED 6   /* the progress callback asked to stop */
#define OF_ERR_THREAD 7      /* a worker thread could not be started */
#define OF_ERR_NO_DEAL 8     /* the ranges never fit together (always share a card) */
#define OF_ERR_WEIGHT 9      /* a weight negative, NaN or infinite, or sums past a double */
#define OF_ERR_NO_LOW 10     /* of_best_cards asked for the low of a hand that makes none */

#define OF_GAME_HIGH 0
#define OF_GAME_HILO 1

#define OF_MAX_PLAYERS 10
/* Hole cards a hand: four (Omaha), five (Big O, five-card Omaha) or six. */
#define OF_MIN_HOLE 4
#define OF_MAX_HOLE 6
/* Build the tables (idempotent, thread-safe). */
int of_init(void);
/* Bytes held by the tables. */
size_t of_table_bytes(void);

/* The shared types of the topic headers. */
/* A progress callback (of_equity.h): boards done and the total; non-zero cancels. */
typedef int (*of_progress_fn)(void *user, double done, double total);
/* One player's sums of an equity run (of_equity.h). */
typedef struct {
    double equity, high_win, high_tie, low_win, low_tie, scoop, high_share, low_share, eq_sq;
} of_player_result;
/* One card term of a pattern: the ranks it allows (bit r) unless rank_var (1..8) names a
 * rank variable, the suits it allows (bit s) unless suit_var names a suit variable. */
typedef struct {
    uint16_t ranks;
    uint8_t rank_var;
    uint8_t suits;
    uint8_t suit_var;
} of_term;
/* Opaque objects (of_indexer.h, of_showdown.h), built by their _new and freed by their
 * _free functions. */
typedef struct of_indexer of_indexer;
typedef struct of_showdown_table of_showdown_table;
typedef struct of_showdown_work of_showdown_work;
typedef struct of_turn_table of_turn_table;
/* cdef-end */

#ifdef __cplusplus
}
#endif

/* The API by topic, each header with its own cdef block. */
#include "of_dcfr.h"
#include "of_engine.h"
#include "of_equity.h"
#include "of_evaluation.h"
#include "of_indexer.h"
#include "of_preflop.h"
#include "of_ranges.h"
#include "of_showdown.h"
#include "of_strength.h"

#endif /* OMAHA_FAST_H */
