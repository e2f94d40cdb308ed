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
 * The block between the cdef markers is read verbatim by omaha_fast/_core/_build.py as the cffi
 * declaration, so the Python binding and this header cannot drift apart.
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

/* Bytes held by the tables. */
size_t of_table_bytes(void);

/* Equity. hands: n_players rows of 4 cards; board: n_board known cards (0, 3, 4 or 5);
 * dead: n_dead cards known to be out. mode 0 = exact (every remaining board once), 1 =
 * Monte Carlo with `samples` boards drawn from `seed` (the same numbers for any `threads`).
 * threads: worker threads, 0 for one per online core; fewer are used when there are fewer
 * work units, and exact runs of under 200,000 boards use one (of_range_equity: 200,000
 * combination-boards, as in *boards before incompatible combinations are dropped).
 * Results per player (arrays of n_players), each a sum over the boards evaluated (divide
 * by *boards for fractions; doubles, exact up to 2^53):
 *   equity      the player's share of the pot
 *   high_win    1 where the player alone has the best high
 *   high_tie    1 where the player shares the best high
 *   low_win, low_tie   the same for the low (boards with no low count in neither)
 *   scoop       1 where the player alone takes the whole pot
 *   high_share, low_share   the player's share of the pot from each half
 *   eq_sq       the squared pot share (for the Monte Carlo standard error)
 * *boards and *no_low get the number of boards evaluated and those without a qualifying low.
 * progress, if not NULL, is called from the calling thread about ten times a second with
 * the boards done so far and the total, and once more at the end; a non-zero return
 * cancels the run (OF_ERR_CANCELLED). */
typedef int (*of_progress_fn)(void *user, double done, double total);

typedef struct {
    double equity, high_win, high_tie, low_win, low_tie, scoop, high_share, low_share, eq_sq;
} of_player_result;

int of_equity(const uint8_t *hands, int n_players, const uint8_t *board, int n_board,
              const uint8_t *dead, int n_dead, int game, int mode, uint64_t samples,
              uint64_t seed, int threads, of_progress_fn progress, void *user,
              of_player_result *results, double *boards, double *no_low);
/* The same for hands of n_hole cards each (OF_MIN_HOLE..OF_MAX_HOLE: 5 for Big O and
 * five-card Omaha): hands holds n_players rows of n_hole cards. */
int of_equity_n(const uint8_t *hands, int n_hole, int n_players, const uint8_t *board,
                int n_board, const uint8_t *dead, int n_dead, int game, int mode,
                uint64_t samples, uint64_t seed, int threads, of_progress_fn progress,
                void *user, of_player_result *results, double *boards, double *no_low);
/* Ranges (ranges.c). The universe is the 270,725 four-card hands in colex order of their
 * sorted cards: C(c0,1) + C(c1,2) + C(c2,3) + C(c3,4) for c0 < c1 < c2 < c3. */
#define OF_RANGE_UNIVERSE 270725
#define OF_RANGE_VARS 8      /* rank (and suit) variables per pattern, numbered 1..8 */
#define OF_SHAPE_DS 1        /* suits 2-2 */
#define OF_SHAPE_SS 2        /* suits 2-1-1 */
#define OF_SHAPE_RB 3        /* suits 1-1-1-1 */
#define OF_SHAPE_NP 4        /* four different ranks */

/* One card term of a pattern: the ranks it allows (bit r) unless rank_var (1..8) names a
 * rank variable, the suits it allows (bit s) unless suit_var names a suit variable. */
typedef struct {
    uint16_t ranks;
    uint8_t rank_var;
    uint8_t suits;
    uint8_t suit_var;
} of_term;

/* Fills out (OF_RANGE_UNIVERSE rows of 4 cards) with the universe and returns its size;
 * out NULL only returns the size. */
size_t of_range_universe(uint8_t *out);
/* The universe index of four distinct cards (any order), or -status. */
int64_t of_range_index(const uint8_t *cards);
/* out[i] = 1 where hand i matches the pattern: its cards can be given to the terms one to
 * one so that every term fits its card, variables taking one value each, different
 * variables different values, none a value in fixed_ranks / fixed_suits. Fewer than four
 * terms are padded with terms that fit any card. n_out must be OF_RANGE_UNIVERSE. */
int of_range_match(const of_term *terms, int n_terms, unsigned fixed_ranks,
                   unsigned fixed_suits, uint8_t *out, size_t n_out);
/* out[i] = 1 where hand i has the shape (OF_SHAPE_*). */
int of_range_shape(int shape, uint8_t *out, size_t n_out);
/* The suit-isomorphism class of every hand, numbered 0.. in the order the universe first
 * meets them; *n_classes gets their number (16,432). */
int of_range_classes(uint16_t *class_of, size_t n_out, uint32_t *n_classes);
/* The same for five-card hands (Big O, five-card Omaha): the 2,598,960 hands in colex
 * order of their sorted cards c0 < .. < c4, patterns of up to five terms (fewer are padded
 * with terms that fit any card), shapes ds = suits 2-2-1, ss = 2-1-1-1, rb = none, np =
 * five ranks, and classes numbered in uint32 (134,459 of them). */
#define OF_RANGE_UNIVERSE5 2598960
size_t of_range_universe5(uint8_t *out);
int64_t of_range_index5(const uint8_t *cards);
int of_range_match5(const of_term *terms, int n_terms, unsigned fixed_ranks,
                    unsigned fixed_suits, uint8_t *out, size_t n_out);
int of_range_shape5(int shape, uint8_t *out, size_t n_out);
int of_range_classes5(uint32_t *class_of, size_t n_out, uint32_t *n_classes);
/* Equity of ranges (equity.c). Player p holds one of sizes[p] hands: the rows of `hands`
 * (all players' rows one after the other, 4 cards each, sorted or not) with the positive
 * integer `weights` of the same rows (sum below 2^32 per player). No hand may touch the
 * board or the dead cards. Exact mode (0) enumerates every combination of hands that share
 * no card, weighted by the product of their weights, and every remaining board; it refuses
 * (OF_ERR_ARG) when the product of the players' total weights times the boards reaches
 * 2^62. Monte Carlo (1) draws every player's hand by weight in each trial and throws the
 * whole deal away when two hands share a card, then deals the board: `samples` accepted
 * deals, the same numbers for any `threads`. OF_ERR_NO_DEAL when no combination fits (or,
 * in Monte Carlo, a block of deals needed over a thousand draws per accepted deal).
 * Results are as for of_equity, as sums of weights over (combination, board) pairs;
 * *boards is their total and *deals the number of combination-board pairs (exact) or
 * accepted deals (Monte Carlo). */
int of_range_equity(const uint8_t *hands, const uint32_t *weights, const uint32_t *sizes,
                    int n_players, const uint8_t *board, int n_board, const uint8_t *dead,
                    int n_dead, int game, int mode, uint64_t samples, uint64_t seed,
                    int threads, of_progress_fn progress, void *user,
                    of_player_result *results, double *boards, double *no_low, double *deals);

/* Monte Carlo equity of ranges of n_hole-card hands (range_mc5.c; for five and six cards:
 * of_range_equity serves four). Arguments and results as of_range_equity's Monte Carlo
 * mode (hands are rows of n_hole cards), run on the calling thread: the same numbers for
 * the same seed. */
int of_range_equity_mc_n(const uint8_t *hands, int n_hole, const uint32_t *weights,
                         const uint32_t *sizes, int n_players, const uint8_t *board,
                         int n_board, const uint8_t *dead, int n_dead, int game,
                         uint64_t samples, uint64_t seed, of_progress_fn progress, void *user,
                         of_player_result *results, double *boards, double *no_low,
                         double *deals);

/* Many small exact spots in one call: n_spots spots of n_players hands (rows of 4 cards,
 * spot after spot) on boards of n_board (3, 4 or 5) cards each; equity gets n_spots rows
 * of n_players pot shares (each the average over every remaining board). On a bad spot
 * the status says what is wrong and *bad_spot holds its index. */
int of_equity_batch(const uint8_t *hands, const uint8_t *boards, size_t n_spots,
                    int n_players, int n_board, int game, double *equity, size_t *bad_spot);
/* The same for spots of hands of n_hole cards each (OF_MIN_HOLE..OF_MAX_HOLE). */
int of_equity_batch_n(const uint8_t *hands, int n_hole, const uint8_t *boards, size_t n_spots,
                      int n_players, int n_board, int game, double *equity, size_t *bad_spot);
/* Showdown values on a river (n_board = 5) of n hero hands against m villain hands (rows
 * of 4 cards) with weights (NULL: all 1). For each hero hand i, over the villain hands j
 * sharing no card with it: reach[i] = sum of w_j, value[i] = sum of w_j * (i's share of a
 * heads-up pot against j): 1, 1/2, 0 in OF_GAME_HIGH; 1, 3/4, 1/2, 1/4, 0 in OF_GAME_HILO
 * (no low: the high takes the pot). low_part (may be NULL) gets the part of value won by
 * the low half. A hand touching the board or holding a card twice fails with *bad_side
 * (0 hero, 1 villain) and *bad_row naming it. Weights are read as given (the caller
 * checks them). O(n + m) after a counting sort; see showdown.c. */
int of_showdown_values(const uint8_t *board, int n_board, const uint8_t *hero, size_t n,
                       const uint8_t *villain, size_t m, const double *weights, int game,
                       double *value, double *reach, double *low_part, size_t *bad_row,
                       int *bad_side);
/* Hand indexer (suit isomorphism): deals over 1..OF_INDEXER_MAX_ROUNDS rounds of 1..13
 * cards each (52 at most), e.g. Omaha's 4, 3, 1, 1. A deal through round r (its cards
 * round by round, any order within a round) gets an index in 0..size(r)-1 shared exactly
 * by the deals that differ from it by a permutation of suits; unindex gives the canonical
 * deal of an index (cards ascending within each round). of_indexer_new fails with
 * OF_ERR_COUNT on bad round sizes or when a size does not fit in 64 bits. An indexer is
 * read-only after construction (thread-safe); free it with of_indexer_free. */
#define OF_INDEXER_MAX_ROUNDS 8
typedef struct of_indexer of_indexer;
int of_indexer_new(const uint8_t *cards_per_round, int n_rounds, of_indexer **out);
void of_indexer_free(of_indexer *indexer);
int of_indexer_size(const of_indexer *indexer, int round, uint64_t *size);
/* Cards dealt through a round (the row width of the batches), -OF_ERR_ARG for a bad
 * round or a NULL indexer. */
int of_indexer_cards(const of_indexer *indexer, int round);
/* n rows of of_indexer_cards(round) cards; a bad row stops with *bad_row set. */
int of_indexer_index_batch(const of_indexer *indexer, int round, const uint8_t *cards,
                           size_t n, uint64_t *out, size_t *bad_row);
/* n indices (each below the round's size, else OF_ERR_ARG) to rows of cards. */
int of_indexer_unindex_batch(const of_indexer *indexer, int round, const uint64_t *indices,
                             size_t n, uint8_t *cards, size_t *bad_row);
/* Monte Carlo hand strength: for each of n hands (rows of 4 cards) on a board of 0, 3 or
 * 4 known cards, `samples` draws of one opponent hand and the rest of the board, from a
 * stream seeded by (seed, the hand's position). Per hand, sums over the draws of its pot
 * share (share_sum), the squared share (share_sq), the parts won by the high and by the
 * low half (high_sum, low_sum) and the draws where it makes a low (made_low). `threads`
 * split the hands (0: one per core, one alone for under 200,000 draws in all); the results
 * are the same for any number. A bad hand stops with *bad_row set. */
int of_strength_sample(const uint8_t *holes, size_t n, const uint8_t *board, int n_board,
                       int game, uint64_t samples, uint64_t seed, int threads,
                       double *share_sum, double *share_sq, double *high_sum, double *low_sum,
                       double *made_low, size_t *bad_row);
/* Preflop all-in pot shares (preflop.c), Monte Carlo: n_hero hero hands (rows of 4 cards)
 * against n_groups groups of villain hands: group g is rows group_start[g] ..
 * group_start[g + 1] - 1 of `villain` (group_start[0] = 0, group_start[n_groups] =
 * n_villain, never decreasing). Per cell (i, g), row-major n_hero x n_groups: compat = the
 * members sharing no card with hero i (exact); share, high, share_sq = the means over
 * `samples` trials (a compatible member drawn uniformly, a board from the 44 cards left) of
 * the hero's pot share, its part won by the high half and its square (all 0 when compat is
 * 0). A cell's stream is seeded by (seed, row_keys[i], col_keys[g]) only. A bad hand stops
 * with *bad_side (0 hero, 1 villain) and *bad_row naming it. */
int of_preflop_sample(const uint8_t *hero, size_t n_hero, const uint64_t *row_keys,
                      const uint8_t *villain, size_t n_villain, const uint32_t *group_start,
                      size_t n_groups, const uint64_t *col_keys, int game, uint64_t samples,
                      uint64_t seed, double *share, double *high, double *share_sq,
                      uint32_t *compat, size_t *bad_row, int *bad_side);
/* Prepared showdowns (prepared.c). A table fixes a river board (n_board = 5) and two
 * ranges (rows of 4 cards; bad rows fail as in of_showdown_values, with *bad_side and
 * *bad_row) and evaluates and sorts them once; values then takes k rows of m villain
 * weights (row-major) and writes k rows of n hero results to value, reach, high and low,
 * equal to of_showdown_values on each row of weights (high = value - low). A weight that is
 * negative, NaN or infinite fails with OF_ERR_WEIGHT, *bad_row its row of weights and
 * *bad_col its column (m when the row's sum overflows a double); rows before it are done.
 * A table is read-only once built: threads may share it, each with its own work area
 * (of_showdown_work_new). threads: for k > 1, 0 = one per online core; thread i uses
 * works[i] when i < n_works and it is not NULL, else makes one for the call (a work area
 * of a full range is tens of megabytes: a caller that calls often keeps one per thread).
 * blockers writes only the reach (the villain weight sharing no card with each hero
 * hand), in linear time. */
typedef struct of_showdown_table of_showdown_table;
typedef struct of_showdown_work of_showdown_work;
int of_showdown_table_new(const uint8_t *board, int n_board, const uint8_t *hero, size_t n,
                          const uint8_t *villain, size_t m, int game,
                          of_showdown_table **out, size_t *bad_row, int *bad_side);
void of_showdown_table_free(of_showdown_table *table);
/* side 0: hero hands (n), 1: villain hands (m) */
size_t of_showdown_table_size(const of_showdown_table *table, int side);
int of_showdown_work_new(const of_showdown_table *table, of_showdown_work **out);
void of_showdown_work_free(of_showdown_work *work);
int of_showdown_table_values(const of_showdown_table *table, of_showdown_work *const *works,
                             int n_works, const double *weights, size_t k, int threads,
                             double *value, double *reach, double *high, double *low,
                             size_t *bad_row, size_t *bad_col);
int of_showdown_table_blockers(const of_showdown_table *table, of_showdown_work *const *works,
                               int n_works, const double *weights, size_t k, int threads,
                               double *reach, size_t *bad_row, size_t *bad_col);
/* values and blockers in one call: rows [0, k_values) of weights give showdown values
 * (k_values rows of each output), rows [k_values, k_values + k_blockers) fold sums (rows of
 * met); the threads share the work of both. high and low may both be NULL: the halves
 * are then not written (a solver needs the value and reach alone). pot and hero_put
 * (k_values each; both or neither, and only without the halves): value row r is then the
 * payoff value * pot[r] - reach * hero_put[r]. fold_pay (k_blockers, or NULL): fold row r
 * of met is then multiplied by fold_pay[r]. A bad weight fails as above, *bad_row counting
 * over all the rows. */
int of_showdown_table_run(const of_showdown_table *table, of_showdown_work *const *works,
                          int n_works, const double *weights, size_t k_values,
                          size_t k_blockers, int threads, double *value, double *reach,
                          double *high, double *low, double *met, const double *pot,
                          const double *hero_put, const double *fold_pay, size_t *bad_row,
                          size_t *bad_col);
/* The turn (n_board = 4): for each hero hand, the river values averaged over the river
 * cards, each villain hand j (weight w_j, NULL: all 1) sharing no card with it counted at
 * each of the 40 rivers that neither holds with chance 1/40: value = sum_j w_j E[share],
 * reach = sum_j w_j, high and low the halves. Bad hands and weights fail as above
 * (*bad_row the bad weight, m for an overflowing sum). threads: 0 = one per online core;
 * the sums differ by rounding between thread counts. */
int of_turn_showdown_values(const uint8_t *board, int n_board, const uint8_t *hero, size_t n,
                            const uint8_t *villain, size_t m, const double *weights, int game,
                            int threads, double *value, double *reach, double *high,
                            double *low, size_t *bad_row, int *bad_side);
/* A prepared turn (n_board = 4): a river table (as above) for each of the 48 river cards,
 * of the hands that do not hold it; values then gives, for k rows of m villain weights,
 * what of_turn_showdown_values gives for each row, with the same errors for bad hands and
 * weights (every row is checked before any work). Memory: about 100 bytes per hand per
 * river. threads: 0 = one per online core, split over the rivers. Read-only once built. */
typedef struct of_turn_table of_turn_table;
int of_turn_table_new(const uint8_t *board, int n_board, const uint8_t *hero, size_t n,
                      const uint8_t *villain, size_t m, int game, of_turn_table **out,
                      size_t *bad_row, int *bad_side);
void of_turn_table_free(of_turn_table *table);
size_t of_turn_table_size(const of_turn_table *table, int side);
int of_turn_table_values(const of_turn_table *table, const double *weights, size_t k,
                         int threads, double *value, double *reach, double *high,
                         double *low, size_t *bad_row, size_t *bad_col);
/* The discounted-CFR update of one action node of `actions` (1..OF_DCFR_MAX_ACTIONS)
 * children over `count` hands; regrets, sums and current are action-major (entry
 * a * count + i), values[a] the count child values of action a, own the acting player's
 * reach. For each hand: node_value = sum_a current * values; each regret is scaled by pos
 * (when positive) or neg, then gains its action's value less node_value; each strategy sum
 * is scaled by avg, then gains own * current; current becomes the regret matching of the
 * new regrets (uniform where none is positive). OF_ERR_ARG for a NULL, a bad count of
 * actions or threads < 0. The _f form keeps regrets, sums and current in float. threads:
 * 0 = one per online core, used from 50,000 hands a thread; the results are the same for
 * any threads. */
#define OF_DCFR_MAX_ACTIONS 16
int of_dcfr_update(size_t count, int actions, double *regrets, double *sums, double *current,
                   const double *const *values, const double *own, double pos, double neg,
                   double avg, double *node_value, int threads);
int of_dcfr_update_f(size_t count, int actions, float *regrets, float *sums, float *current,
                     const double *const *values, const double *own, double pos, double neg,
                     double avg, double *node_value, int threads);
/* The children's reaches of a node: out[a][i] = reach[i] * strategy[a * count + i] for
 * each action whose out[a] is not NULL (threads as of_dcfr_update). OF_ERR_ARG for a NULL
 * reach, strategy or out, a bad count of actions or threads < 0. */
int of_dcfr_reach(size_t count, int actions, const double *reach, const float *strategy,
                  double *const *out, int threads);
/* cdef-end */

#ifdef __cplusplus
}
#endif

#endif /* OMAHA_FAST_H */
