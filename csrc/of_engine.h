/* The subgame solver's engine: discounted CFR over a node arena, from the flop, the turn
 * or the river, heads-up (engine.c, arena.c, walk*.c).
 *
 * A spot is given as a template tree (the bet tree of omaha_fast/solve/tree.py: nodes in
 * preorder, a chance node at the end of the flop and of the turn with one template child
 * standing for every card), the board, the two ranges and the pot. The engine expands the
 * template into an arena with one chance child per card dealt there; with `isomorphism`,
 * cards of suits that the board and both ranges cannot tell apart share one child (the
 * others are recovered by swapping the suits). Each action node owns a slice of the
 * regrets and of the strategy sums, one entry per action and hand of the player acting.
 *
 * Status codes as in omaha_fast.h. A spot that would not fit is refused before anything
 * large is allocated: of_engine_estimate gives the bytes, and of_engine_new checks every
 * allocation (OF_ERR_NOMEM, nothing leaked). The engine is not thread-safe: one call at a
 * time; the calls themselves use `threads` threads (0: one per online core).
 */
#ifndef OMAHA_FAST_ENGINE_H
#define OMAHA_FAST_ENGINE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* cdef-begin */
#define OF_NODE_ACTION 0
#define OF_NODE_FOLD 1
#define OF_NODE_SHOWDOWN 2
#define OF_NODE_CHANCE 3

#define OF_ENGINE_CFR 0      /* a pass that updates the regrets and strategy sums */
#define OF_ENGINE_BR 1       /* the best response to the other's average strategy */
#define OF_ENGINE_EV 2       /* both play their average strategies */

#define OF_STORAGE_FLOAT 0   /* regrets and strategy sums in 32-bit floats */
#define OF_STORAGE_COMPACT 1 /* 16 bits each, one scale a node and hand block */

typedef struct {
    int game;                          /* OF_GAME_HILO or OF_GAME_HIGH */
    const uint8_t *board;              /* n_board cards: 3 (flop), 4 (turn) or 5 (river) */
    int n_board;
    const uint8_t *hands[2];           /* rows of 4 cards, none on the board */
    size_t n_hands[2];
    const double *weights[2];          /* the prior weight of each hand, >= 0, finite */
    size_t n_nodes;                    /* the template, in preorder (node 0 the root) */
    const int32_t *kind;               /* OF_NODE_* */
    const int32_t *player;             /* who acts (action), who folded (fold), else -1 */
    const int32_t *child_start;        /* n_nodes + 1 offsets into children */
    const int32_t *children;           /* a chance node has exactly one template child */
    const double *contrib;             /* 2 per node: what each player put in the subgame */
    double pot;                        /* the pot before the subgame */
    double rake_pct;                   /* the share of each pot taken, 0..1 */
    double rake_cap;                   /* the most taken from a pot; < 0: no cap */
    int isomorphism;                   /* 1: isomorphic chance children share one child */
    int storage;                       /* OF_STORAGE_* */
    int partial;                       /* 1: a part of the tree (of_engine_pass_*) */
    uint64_t top_cards;                /* with partial: the cards (a mask) whose children
                                          of the top chance nodes have their subtrees */
    int double_walks;                  /* 1: the CFR passes sum the river showdowns in
                                          double, as the best responses do; 0: in float
                                          where a board's table allows (prepared_single.c) */
} of_engine_spec;

typedef struct {
    uint64_t nodes;                    /* arena nodes */
    uint64_t action_nodes;
    uint64_t chance_children;          /* arena children of chance nodes (kept cards) */
    uint64_t boards;                   /* river boards with showdowns (prepared tables) */
    uint64_t entries;                  /* regret entries (= strategy sum entries) */
    uint64_t storage_bytes;            /* regrets and strategy sums */
    uint64_t table_bytes;              /* the river showdown tables */
    uint64_t other_bytes;              /* the arena, work areas, the walk's buffers */
    uint64_t total_bytes;
} of_engine_size;

typedef struct of_engine of_engine;

int of_engine_estimate(const of_engine_spec *spec, int threads, of_engine_size *out);
int of_engine_new(const of_engine_spec *spec, int threads, of_engine **out);
void of_engine_free(of_engine *engine);
int of_engine_size_of(const of_engine *engine, of_engine_size *out);
/* count DCFR iterations, numbered first + 1 .. first + count: for each, a pass of player
 * 0 then of player 1 (their showdowns summed in float unless spec.double_walks: these
 * passes' values are only the regrets' inputs). OF_ERR_ARG for a NaN or negative alpha or
 * beta, gamma outside 0..100, or a NULL engine. */
int of_engine_iterate(of_engine *engine, uint32_t first, uint32_t count, double alpha,
                      double beta, double gamma);
/* player's counterfactual value of each of its hands at the root (n_hands[player]): mode
 * OF_ENGINE_BR, its best response to the other's average strategy, or OF_ENGINE_EV, its
 * own average strategy. In chips times the opposing weight each hand meets. */
int of_engine_root_values(of_engine *engine, int player, int mode, double *out);
/* The arena node of template node `tmpl` after the cards dealt below the spot's first
 * street (n_cards of them, in order), and the suits the node's hands are seen in:
 * suit_map[s] is the suit that a real card of suit s has at the node kept for them.
 * OF_ERR_ARG where the template node is not at that depth, OF_ERR_CARD for a card that
 * cannot be dealt there. */
int of_engine_locate(const of_engine *engine, uint32_t tmpl, const uint8_t *cards,
                     int n_cards, uint64_t *node, uint8_t *suit_map);
/* The strategy at an arena action node, action-major (A rows of the actor's n hands):
 * average 1, the average strategy (uniform where a hand never got there), else the
 * current one (regret matching). */
int of_engine_strategy(const of_engine *engine, uint64_t node, int average, double *out);
/* Fix the acting player's strategy at an arena action node for the hands whose mask entry
 * is 1 (strategy action-major as above, each locked hand's column adding to 1): those
 * hands keep it in every pass, and their regrets are not updated. */
int of_engine_lock(of_engine *engine, uint64_t node, const uint8_t *mask,
                   const double *strategy);
/* The actor's value of each action at an arena action node against the other's average
 * strategy (the actor playing its average below), action-major, and the opposing weight
 * each hand meets there (met, n): an action's EV per deal reaching the node is
 * values / met. */
int of_engine_action_values(of_engine *engine, uint64_t node, double *values, double *met);
/* The raw storage of one player's action nodes, for saving and resuming: the regrets and
 * strategy sums as floats (entries of them, in arena order). */
int of_engine_storage(of_engine *engine, int get, float *regrets, float *sums);
/* Spreading a solve over processes. The top chance nodes (those of the spot's first
 * street) each keep the same cards; the subtrees below their children of one card are a
 * part of the tree that needs only the reaches at those nodes, and gives back values
 * there. An engine made with spec.partial holds the top segment and the parts of the
 * cards in spec.top_cards (none: the top segment alone); the other children exist,
 * numbered as in the whole tree, without subtrees. A partial engine does not iterate
 * alone: each pass is split in three calls, and the caller carries the vectors between
 * the engines. Every result is the same, to the bit, as the whole engine's.
 *
 * of_engine_top: the number of top chance nodes, of cards kept at each, and those cards
 * (cards: 52 bytes, n_cards written). */
int of_engine_top(const of_engine *engine, uint32_t *n_top, uint32_t *n_cards,
                  uint8_t *cards);
/* The discounts of iteration `iteration` (1, 2, ...), for the passes that follow. */
int of_engine_discount(of_engine *engine, uint32_t iteration, double alpha, double beta,
                       double gamma);
/* A pass of `player` in mode OF_ENGINE_*: down the top segment, writing the reaches at
 * each top chance node (opp: n_top rows of the other player's hands; own: n_top rows of
 * player's, written in a CFR pass only, may be NULL otherwise). */
int of_engine_pass_down(of_engine *engine, int player, int mode, double *opp, double *own);
/* The parts this engine holds, from those reaches: values gets player's values at the
 * root of each (card index c, top chance node x) part held, in row c * n_top + x of
 * n_hands[player] (the rows of parts not held are left as they are; in a CFR pass summed
 * in float as of_engine_iterate's, unless spec.double_walks). */
int of_engine_pass_children(of_engine *engine, int player, int mode, const double *opp,
                            const double *own, double *values);
/* Up the top segment, after of_engine_pass_down of this engine, with every part's values
 * (rows as above): player's root values into root (n_hands[player]). */
int of_engine_pass_up(of_engine *engine, const double *values, double *root);
/* A part's storage, raw (the regrets and strategy sums of its action nodes, bit for bit,
 * compact or not): part -1 is the top segment, part c the subtrees of card index c.
 * of_engine_part_bytes gives its size; of_engine_part_storage copies it out (get 1) or in
 * (get 0) between engines of the same spot. */
int of_engine_part_bytes(const of_engine *engine, int32_t part, uint64_t *bytes);
int of_engine_part_storage(of_engine *engine, int32_t part, int get, uint8_t *buffer);
/* cdef-end */

#ifdef __cplusplus
}
#endif

#endif /* OMAHA_FAST_ENGINE_H */
