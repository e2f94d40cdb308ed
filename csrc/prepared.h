/* What the prepared showdowns' files share (prepared.c: the tables, work areas and
 * single-row walks; prepared_batch.c: the batched walks, several rows side by side, and the
 * queue the threads take them from; prepared_turn.c: the turn, a river table per card). */
#ifndef OMAHA_FAST_PREPARED_H
#define OMAHA_FAST_PREPARED_H

#include <stddef.h>
#include <stdint.h>

#include "arena.h"   /* of_showdown_map */
#include "omaha_fast.h"
#include "showdown.h"

/* the flat accumulator: the total, then single cards, pairs, triples */
#define AT_SINGLE 1
#define AT_PAIR (AT_SINGLE + LIVE)
#define AT_TRIPLE (AT_PAIR + N_PAIRS)
#define ACC_SIZE (AT_TRIPLE + N_TRIPLES)
#define ACC_CAP (ACC_SIZE + 2)   /* and the zero and sink cells of compact_cells */

typedef struct {
    uint32_t row;        /* the hand's row in the caller's arrays */
    uint32_t same;       /* hero: uid of the identical villain hand (or the zero slot) */
    uint16_t at[14];     /* accumulator cells: 4 singles, 6 pairs, 4 triples */
} rec;

typedef struct {
    size_t n_groups;     /* runs of equal keys, ascending */
    uint32_t *h_start, *v_start;   /* n_groups + 1 offsets into h and v */
    rec *h, *v;
} plan;

struct of_showdown_table {
    size_t n, m, n_uid;
    size_t acc_size;     /* accumulator cells in use, after compact_cells */
    int hilo, any_low;
    uint32_t *v_uid;     /* uid of each villain row */
    uint8_t *h_has_low;  /* n: the hero makes a low (it is in ls, not hs0); any_low only */
    uint32_t *h_pos, *v_pos;   /* each caller row's place in the walk order */
    /* the villain hands are distinct: a hero's `same` is then the walk position of the
     * villain hand equal to it (m: none), whose weight a call reads where it lies, with
     * no sums by uid (a weight buffer in walk order holds a 0 at position m) */
    int same_is_weight;
    plan hs, ls, hs0;    /* hs0 and ls are empty unless hilo && any_low */
};

struct of_showdown_work {
    size_t n, n_uid;
    double *acc;         /* ACC_CAP, zero between calls */
    double *same;        /* n_uid + 1: weight by uid, the last slot always 0 */
    double *scratch;     /* n */
    size_t m;            /* villain rows the buffers hold */
    double *w_pos;       /* m + 1: one row of weights in walk order, and a 0 */
    double *o_pos;       /* 3n: value, reach and low in walk order */
    /* the lane buffers (made on the first batched call): up to LANES weight vectors side
     * by side, hand-major, so the walk over the records serves them all at once */
    double *acc_l;       /* ACC_CAP * LANES, zero between calls */
    double *same_l;      /* (n_uid + 1) * LANES */
    double *w_l;         /* (m + 1) * LANES: the weights transposed, and a row of 0 */
    double *out_l;       /* 3 * n * LANES: two sweeps' results and the reach */
    /* the same in floats, LANES32 of them a hand (prepared_single.c), made on first use */
    float *acc_f, *same_f, *w_f, *out_f;
};

/* weight vectors a batched walk carries at once: 8 doubles fill a 64-byte line, so each
 * accumulator cell touched loads one line for all of them */
#define LANES 8
/* the single-precision walks' lanes: 16 floats fill the same line */
#define LANES32 16
/* the most hands a side of a table the single-precision walks take (prepared_single.c) */
#define SINGLE_MAX_HANDS 16384
/* prep_single_run: the walk is left to the double walks (not a status code of the API) */
#define PREP_DECLINED (-1)

/* prepared.c */
int prep_check_spot(const uint8_t *board, int n_board, int want_board, size_t n, size_t m,
                    int game, int *bad_side);
void prep_turn_cards(const uint8_t *board, uint8_t live_of[52]);
of_showdown_work *prep_work_alloc(size_t n, size_t n_uid, size_t m);
long long prep_load_weights(const of_showdown_table *t, of_showdown_work *w,
                            const double *weights);
void prep_values_one(const of_showdown_table *t, of_showdown_work *w, const double *weights,
                     double *value, double *reach, double *high, double *low);
void prep_blockers_one(const of_showdown_table *t, of_showdown_work *w, const double *weights,
                       double *reach);

/* prepared_single.c */
int prep_single_fits(const of_showdown_table *t);
int prep_single_run(const of_showdown_table *t, of_showdown_work *w, const of_showdown_map *map,
                    size_t first, size_t L, const double *pot, const double *hero_put);

#endif
