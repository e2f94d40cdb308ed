/* The engine's walk (walk.c), private to its files: the buffers of a pass by depth and
 * worker, and what the passes (walk.c), the river terminals (walk_river.c) and the
 * buffers' planning (walk_buffers.c) share. */
#ifndef OMAHA_FAST_WALK_H
#define OMAHA_FAST_WALK_H

#include <stddef.h>
#include <stdint.h>

#include "arena.h"

typedef struct {
    uint32_t seg, lo, hi;      /* a segment's positions [lo, hi) */
    uint32_t base;             /* the slot of position lo in the level's buffers */
    const double *opp, *own;   /* the reaches at position lo */
} member;

typedef struct {
    member *mem;               /* the group walked at this depth */
    size_t n_mem;
    double *slots;             /* reach arrays the actions make: one a slot, width each */
    size_t used;
    const double **opp, **own; /* per slot: the other player's reach, p's (or NULL) */
    double *val;               /* per slot: p's values, width each */
    double *sig;               /* p's current strategies, made on the way down */
    size_t sig_used;
    double **sigma;            /* per slot of p's nodes in a CFR pass */
    double *mask_opp, *mask_own;   /* per member: the reaches its parent hands it */
    const double **r_src;      /* the showdowns' batch, a row each: the villain weights, */
    double **r_dst, **r_reach; /* where the payoffs go, and where the reaches */
    double *r_pot, *r_put;
    double *rch;               /* per showdown row: the reach it met, width each */
    uint32_t *sd, *sd_node;    /* the batch's slots and nodes (also the chance nodes') */
    uint32_t *row_of;          /* per slot: a showdown's row */
    uint8_t *done;             /* per slot: a fold valued from the showdowns' reaches */
} level;

typedef struct {
    level *lv;                 /* by depth (a worker other than 0 has none at depth 0) */
    double *acc;               /* the fold kernel's accumulator */
    double *strat;             /* ENGINE_MAX_ACTIONS rows of width */
    double *tmp;               /* compact storage's update: 2 * ENGINE_MAX_ACTIONS rows */
    of_showdown_work *work[2];
} worker;

struct walk_state {
    int n_workers;
    worker *w;
    size_t width;              /* the larger range */
    size_t n_top;              /* the top segment's chance nodes */
    size_t n_cards;            /* the cards kept at each of them */
    uint32_t *owned;           /* the card indexes whose parts this engine holds (tasks) */
    size_t n_owned;
    int down;                  /* the player of the last walk_pass_down, or -1 */
    double *task_out;          /* n_cards * n_top rows of width */
    of_showdown_work **works[2];   /* each worker's work area (a river spot's table) */
};

/* the rake taken from a pot of this size */
static inline double rake_of(const of_engine *e, double size) {
    double r = e->spec.rake_pct * size;
    if (e->spec.rake_cap >= 0.0 && r > e->spec.rake_cap) r = e->spec.rake_cap;
    return r;
}

/* the pot at a terminal node less the rake: what the winner takes */
static inline double pot_after_rake(const of_engine *e, const arena_node *nd) {
    const double *c = e->t_contrib + 2 * nd->tmpl;
    double size = e->spec.pot + c[0] + c[1];
    return size - rake_of(e, size);
}

/* what p has put in by a node */
static inline double put_by(const of_engine *e, const arena_node *nd, int p) {
    return e->t_contrib[2 * nd->tmpl + p];
}

/* what a fold pays p: its own contribution lost, or the other's pot less the rake */
static inline double fold_pay(const of_engine *e, const arena_node *nd, int p) {
    return nd->player == p ? -put_by(e, nd, p) : pot_after_rake(e, nd) - put_by(e, nd, p);
}

static inline uint32_t slot_of(const member *m, uint32_t pos) { return m->base + pos - m->lo; }

/* walk_river.c: the river terminals of the group at level L (every showdown in one call
 * of its board's table, then the folds summed from the showdowns' reaches) */
int walk_terminals(of_engine *e, worker *w, level *L, int threads);

#endif
