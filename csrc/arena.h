/* The engine's arena and state (of_engine.h), shared by arena.c (building it), the walk
 * (the passes: walk.c, walk_river.c, walk_buffers.c, over walk.h) and engine.c (the API).
 *
 * The arena is cut into segments: the nodes of one street between chance nodes, as one
 * run of the node array in preorder, so that a pass can walk a segment down (the reaches)
 * and up (the values) with one buffer slot per node (node.pos). A chance node closes its
 * segment; each of its children (one per kept card) opens a segment of its own, laid out
 * after the whole parent segment. */
#ifndef OMAHA_FAST_ARENA_H
#define OMAHA_FAST_ARENA_H

#include "platform.h"

#include <stddef.h>
#include <stdint.h>

#include "of_engine.h"
#include "omaha_fast.h"
#include "runner.h"

#define ENGINE_MAX_ACTIONS 16

/* prepared.c, for the engine: a work area that serves every table of at most n hero and
 * m villain hands, the bytes it holds once it has walked rows side by side, and the bytes
 * a table holds */
of_showdown_work *of_showdown_work_sized(size_t n, size_t m);
size_t of_showdown_work_bytes(size_t n, size_t m);
size_t of_showdown_table_bytes(const of_showdown_table *t);

/* prepared_batch.c, for the engine: of_showdown_table_run's showdown rows reading and
 * writing the engine's own vectors, without copies in and out. Row r's weight of the
 * table's villain j is src[r][gather[j]]; its payoff (value * pot - reach * hero_put)
 * goes to dst[r], n_dst numbers, table hero i's at scatter[i] (increasing in i) and 0 at
 * the others. Its reach goes to dst_reach[r] likewise, where dst_reach (and that row) is
 * not NULL. Every dst and dst_reach row is a buffer of its own. With `single`, walks of
 * several rows sum in float where the table allows (prepared_single.c). */
typedef struct {
    const double *const *src;
    const uint32_t *gather;
    double *const *dst;
    double *const *dst_reach;
    const uint32_t *scatter;
    size_t n_dst;
} of_showdown_map;

int of_showdown_table_run_mapped(const of_showdown_table *t, of_showdown_work *const *works,
                                 int n_works, const of_showdown_map *map, size_t k,
                                 int threads, const double *pot, const double *hero_put,
                                 int single, size_t *bad_row, size_t *bad_col);

typedef struct {
    uint32_t tmpl;       /* the template node */
    uint32_t parent;     /* arena parent (UINT32_MAX at the root) */
    uint32_t first;      /* action: children at kids[first..]; chance: chance[first..] */
    uint32_t seg;        /* the segment holding the node */
    uint64_t offset;     /* action: storage entries start; showdown: river board id */
    uint32_t id;         /* action: its number among the action nodes (compact scales) */
    uint16_t pos;        /* place in its segment */
    uint16_t span;       /* the segment's nodes in this node's subtree (itself included):
                            positions pos .. pos + span - 1, in preorder */
    uint8_t kind, player, n_children;
    uint8_t card;        /* the card dealt into this node (a chance child), else 0xFF */
} arena_node;

typedef struct {
    uint32_t seg;        /* the child's segment (its root is that segment's first node) */
    uint8_t card;        /* the card kept */
    uint8_t n_twins;     /* suits whose card of the same rank is the same child */
    uint8_t twins[3];    /* those suits */
} chance_child;

typedef struct {
    uint32_t start, count;   /* nodes [start, start + count) of the arena */
    uint64_t dealt;          /* the board of the segment, a card mask */
    uint8_t n_dealt;         /* cards on that board */
    uint8_t depth;           /* chance nodes above */
    int32_t part;            /* -1: the top segment; c: below the top chance nodes'
                                children of card index c (of_engine_pass_*) */
} segment;

/* One player's side of the fold kernel (inclusion and exclusion over the shared cards):
 * for each hand its 6 pairs (c1 * 52 + c2), its 4 triples numbered among the player's
 * own triples and among the other player's (n_triples of theirs where they hold none),
 * and the other player's row of the identical hand (or -1). */
typedef struct {
    uint16_t *pair;          /* 6 a hand */
    uint32_t *own_triple;    /* 4 a hand */
    uint32_t *cross_triple;  /* 4 a hand */
    int64_t *same;
    size_t n_triples;        /* distinct triples of this player's hands */
} fold_kernel;

typedef struct {
    of_showdown_table *table[2];   /* player p as hero */
    uint32_t *live[2];             /* the rows of each player's hands live on this board */
    size_t n_live[2];
} river_board;

struct of_engine {
    of_engine_spec spec;           /* the pointers are not kept: copies below */
    int threads;
    uint8_t board[5];              /* spec.board's cards (spec keeps no pointers) */
    size_t n[2];
    uint8_t *hands[2];             /* 4 a hand */
    double *weights[2];
    uint64_t *hand_mask[2];
    /* the template */
    size_t n_tmpl;
    int32_t *t_kind, *t_player, *t_child_start, *t_children, *t_depth;
    double *t_contrib;
    /* the arena */
    arena_node *nodes;
    size_t n_nodes, cap_nodes;
    uint32_t *kids;
    size_t n_kids, cap_kids;
    chance_child *chance;
    size_t n_chance, cap_chance;
    segment *segs;
    size_t n_segs, cap_segs;
    size_t max_seg;                /* nodes in the largest segment */
    int max_depth;
    /* storage: regrets and strategy sums, entries each: floats, or (compact) 16-bit
     * numbers with one scale a node: regret = cregrets * rscale, sum = csums * sscale */
    uint64_t entries;
    uint64_t n_action;
    float *regrets, *sums;
    int16_t *cregrets;
    uint16_t *csums;
    float *rscale, *sscale;
    uint8_t *locked;               /* NULL, or one byte a (node, hand) entry / actions */
    /* river boards */
    river_board *boards;
    size_t n_boards, cap_boards;
    uint64_t *board_key;           /* the card mask of each board (hash table below) */
    uint32_t *board_slot;          /* open addressing: board ids + 1, 0 empty */
    size_t board_slots;
    /* suit swaps: perm[p][t][i] the hand of p that hand i becomes when the suits of
     * swap t (of 6) trade places, or -1 where the range lacks it (t is not allowed) */
    int32_t *perm[2][6];
    uint8_t swap_ok[6];
    fold_kernel fold[2];
    /* the walk's state (walk.c): each worker's buffers, the top segment's chance tasks */
    struct walk_state *walk;
    /* a pass's arguments */
    int pass_player, pass_mode;
    double disc_pos, disc_neg, disc_avg;
};

/* the 6 swaps of two suits, in the order perm[] keeps them */
static const uint8_t SWAP_A[6] = {0, 0, 0, 1, 1, 2};
static const uint8_t SWAP_B[6] = {1, 2, 3, 2, 3, 3};

static inline int swap_index(int a, int b) {
    if (a > b) { int t = a; a = b; b = t; }
    for (int t = 0; t < 6; t++)
        if (SWAP_A[t] == a && SWAP_B[t] == b) return t;
    return -1;
}

/* the larger range: the width of every per-hand buffer of a pass */
static inline size_t engine_width(const of_engine *e) {
    return e->n[0] > e->n[1] ? e->n[0] : e->n[1];
}

int arena_build(of_engine *e);            /* arena.c: nodes, segments, storage offsets */
int arena_tables(of_engine *e);           /* arena.c: the river boards' tables */
void arena_free(of_engine *e);
/* walk_buffers.c: the buffers (bytes: what walk_alloc would take); walk.c: a pass of
 * `player` writing its root values, the values of each action at one node */
uint64_t walk_bytes(const of_engine *e);
int walk_alloc(of_engine *e);
void walk_free(of_engine *e);
int walk_pass(of_engine *e, int player, int mode, double *root_out);
int walk_action_values(of_engine *e, uint64_t node, double *values, double *met);
/* walk.c: a pass split in three (of_engine_pass_*), and the top chance nodes */
int walk_pass_down(of_engine *e, int player, int mode, double *opp, double *own);
int walk_pass_children(of_engine *e, int player, int mode, const double *opp,
                       const double *own, double *values);
int walk_pass_up(of_engine *e, const double *values, double *root_out);
void walk_top(const of_engine *e, size_t *n_top, size_t *n_cards);
/* node_kernels.c, the fold kernel: out[i] = the weight of the other player's hands (opp) sharing no card
 * with hand i of player p; acc holds fold_acc_size(e, p) doubles */
size_t fold_acc_size(const of_engine *e, int p);
void fold_sums(const of_engine *e, int p, const double *opp, double *out, double *acc);
/* node_kernels.c: the strategy of an action node, action-major (n_children rows of the
 * actor's hands), and the DCFR update of p's node from its children's values kv and its
 * value v under sigma (own: p's reach; scratch: 2 * n_children rows of the actor's hands,
 * used by compact storage) */
void node_strategy(const of_engine *e, const arena_node *nd, int average, double *out);
/* the same times reach[i] (NULL: 1), action a's row written to out[a]: the reaches into
 * the children in one pass */
void node_reach(const of_engine *e, const arena_node *nd, int average, const double *reach,
                double *const *out);
void node_update(const of_engine *e, const arena_node *nd, const double *sigma,
                 const double *const *kv, const double *v, const double *own, double *scratch);

#endif
