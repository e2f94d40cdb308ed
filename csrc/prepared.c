/* Prepared showdowns: the river kernel of showdown.c with everything that depends only on
 * the board and the two ranges done once, so a solver pays per weight vector only the
 * sweeps themselves; the blocker (fold) kernel; and the turn average over the rivers.
 *
 * A table holds, for each of its sweeps (HS, LS, HS0: see showdown.c), the hands of both
 * sides as records in key order, each record carrying its row and the 14 places of the
 * accumulator its cards touch (4 single cards, 6 pairs, 4 triples, as offsets into one flat
 * array), and the runs of equal keys. A call walks the records in order; it sums the same
 * numbers in the same order as of_showdown_values, so the results agree with it exactly.
 *
 * The walk order: the records carry, instead of the caller's row, the hand's place in an
 * order fixed at construction (by low, then high value: two of a hi/lo call's three sweeps
 * then read and write their per-hand data in sequence, not at random places). A call lays
 * the weights out in that order and puts the results back in the caller's; the sums are
 * the same numbers in the same order.
 *
 * The identical hand: each villain hand gets the number of its distinct hand (uid), each
 * hero hand the uid of the villain hand equal to it (or a slot that stays 0), and a call
 * sums the weights by uid in villain order, as showdown.c sums them by hand index.
 *
 * The scratch a call needs (the accumulator, the sums by uid, one double a hero hand) lives
 * in a work area; the table itself is read-only after construction, so several threads may
 * use one table at once, each with its own work area. A call leaves the accumulator zero
 * behind it: it clears the cells its villain hands touched (or all of them, when that is
 * cheaper), so small ranges do not pay for a 139 kB memset.
 *
 * A batch (k rows of weights: showdown rows, then fold rows) is cut into units, a walk of
 * up to 8 rows side by side or a single row, which the threads take from one queue, the
 * costliest first. A solver may ask for showdown rows as chips (value * pot - reach *
 * hero_put) and fold rows times what the fold pays, computed in the units' threads.
 *
 * The turn: for each river card, a table of the hands that do not hold it on the board
 * with that river, one call, and its results added to the hero hands' sums; threads take
 * blocks of river cards and their sums are added at the end. A hand pair sharing no card
 * meets at 40 rivers (52 less 4 board cards and 8 hole cards), each as likely, so the sums
 * are divided by 40: the mean over the river of each pair's pot share, weighted as on the
 * river.
 */
#include "platform.h"

#include <float.h>
#include <stdlib.h>
#include <string.h>

#include "eval.h"
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
    plan hs, ls, hs0;    /* hs0 and ls are empty unless hilo && any_low */
};

struct of_showdown_work {
    size_t n, n_uid;
    double *acc;         /* ACC_CAP, zero between calls */
    double *same;        /* n_uid + 1: weight by uid, the last slot always 0 */
    double *scratch;     /* n */
    size_t m;            /* villain rows the buffers hold */
    double *w_pos;       /* m: one row of weights in walk order */
    double *o_pos;       /* 3n: value, reach and low in walk order */
    /* the lane buffers (made on the first batched call): up to LANES weight vectors side
     * by side, hand-major, so the walk over the records serves them all at once */
    double *acc_l;       /* ACC_CAP * LANES, zero between calls */
    double *same_l;      /* (n_uid + 1) * LANES */
    double *w_l;         /* m * LANES: the weights transposed */
    double *out_l;       /* 2 * n * LANES: a sweep's results, then the reach */
};

/* weight vectors a batched walk carries at once: 8 doubles fill a 64-byte line, so each
 * accumulator cell touched loads one line for all of them */
#define LANES 8

/* The accumulator cells of four renumbered cards a < b < c < d, in the order showdown.c
 * sums them (so the rounding is the same). */
static void cells(const binoms *B, const uint8_t *x, uint16_t *at) {
    unsigned a = x[0], b = x[1], c = x[2], d = x[3];
    at[0] = (uint16_t)(AT_SINGLE + a); at[1] = (uint16_t)(AT_SINGLE + b);
    at[2] = (uint16_t)(AT_SINGLE + c); at[3] = (uint16_t)(AT_SINGLE + d);
    at[4] = (uint16_t)(AT_PAIR + B->c2[b] + a); at[5] = (uint16_t)(AT_PAIR + B->c2[c] + a);
    at[6] = (uint16_t)(AT_PAIR + B->c2[c] + b); at[7] = (uint16_t)(AT_PAIR + B->c2[d] + a);
    at[8] = (uint16_t)(AT_PAIR + B->c2[d] + b); at[9] = (uint16_t)(AT_PAIR + B->c2[d] + c);
    at[10] = (uint16_t)(AT_TRIPLE + B->c3[c] + B->c2[b] + a);
    at[11] = (uint16_t)(AT_TRIPLE + B->c3[d] + B->c2[b] + a);
    at[12] = (uint16_t)(AT_TRIPLE + B->c3[d] + B->c2[c] + a);
    at[13] = (uint16_t)(AT_TRIPLE + B->c3[d] + B->c2[c] + b);
}

static inline void acc_add(double *S, const rec *r, double w) {
    const uint16_t *at = r->at;
    S[0] += w;
    for (int k = 0; k < 14; k++) S[at[k]] += w;
}

static inline void acc_clear(double *S, const rec *r) {
    const uint16_t *at = r->at;
    S[0] = 0.0;
    for (int k = 0; k < 14; k++) S[at[k]] = 0.0;
}

/* Weight added of the hands sharing no card with r, the identical hand counting -1 times. */
static inline double acc_disjoint(const double *S, const rec *r) {
    const uint16_t *at = r->at;
    double one = S[at[0]] + S[at[1]] + S[at[2]] + S[at[3]];
    double two = S[at[4]] + S[at[5]] + S[at[6]] + S[at[7]] + S[at[8]] + S[at[9]];
    double three = S[at[10]] + S[at[11]] + S[at[12]] + S[at[13]];
    return S[0] - one + two - three;
}

/* Leave the accumulator zero after the villains of p were added. */
static void acc_reset(double *S, const plan *p, size_t size) {
    size_t v_n = p->v_start[p->n_groups];
    if (v_n * 15 >= size) {
        memset(S, 0, sizeof(double) * size);
        return;
    }
    for (size_t t = 0; t < v_n; t++) acc_clear(S, &p->v[t]);
}

static void plan_free(plan *p) {
    free(p->h_start); free(p->v_start); free(p->h); free(p->v);
    memset(p, 0, sizeof *p);
}

/* Records of the selected rows (select NULL: all) of both sides in ascending key order
 * (stable), and the runs of equal keys. 0 or OF_ERR_NOMEM. */
static int plan_build(plan *p, const uint16_t *h_key, const uint8_t *h_sel, size_t n,
                      const uint16_t *v_key, const uint8_t *v_sel, size_t m, int n_keys,
                      const uint8_t *h_cards, const uint8_t *v_cards, const uint32_t *h_same,
                      const uint32_t *h_pos, const uint32_t *v_pos, const binoms *B) {
    memset(p, 0, sizeof *p);
    uint32_t *hc = calloc((size_t)n_keys + 1, sizeof(uint32_t));
    uint32_t *vc = calloc((size_t)n_keys + 1, sizeof(uint32_t));
    if (!hc || !vc) { free(hc); free(vc); return OF_ERR_NOMEM; }
    size_t h_n = 0, v_n = 0, groups = 0;
    for (size_t i = 0; i < n; i++)
        if (!h_sel || h_sel[i]) { hc[h_key[i] + 1]++; h_n++; }
    for (size_t j = 0; j < m; j++)
        if (!v_sel || v_sel[j]) { vc[v_key[j] + 1]++; v_n++; }
    for (int k = 0; k < n_keys; k++) groups += (hc[k + 1] | vc[k + 1]) != 0;
    p->h_start = malloc(sizeof(uint32_t) * (groups + 1));
    p->v_start = malloc(sizeof(uint32_t) * (groups + 1));
    p->h = malloc(sizeof(rec) * (h_n ? h_n : 1));
    p->v = malloc(sizeof(rec) * (v_n ? v_n : 1));
    if (!p->h_start || !p->v_start || !p->h || !p->v) {
        free(hc); free(vc); plan_free(p);
        return OF_ERR_NOMEM;
    }
    /* the runs, then the counts turned into each key's first slot */
    size_t g = 0;
    uint32_t h_at = 0, v_at = 0;
    for (int k = 0; k < n_keys; k++) {
        if ((hc[k + 1] | vc[k + 1]) == 0) continue;
        p->h_start[g] = h_at; p->v_start[g] = v_at; g++;
        h_at += hc[k + 1]; v_at += vc[k + 1];
    }
    p->h_start[g] = h_at; p->v_start[g] = v_at;
    p->n_groups = groups;
    for (int k = 0; k < n_keys; k++) { hc[k + 1] += hc[k]; vc[k + 1] += vc[k]; }
    for (size_t i = 0; i < n; i++) {
        if (h_sel && !h_sel[i]) continue;
        rec *r = &p->h[hc[h_key[i]]++];
        r->row = h_pos[i];
        r->same = h_same[i];
        cells(B, h_cards + 4 * i, r->at);
    }
    for (size_t j = 0; j < m; j++) {
        if (v_sel && !v_sel[j]) continue;
        rec *r = &p->v[vc[v_key[j]]++];
        r->row = v_pos[j];
        r->same = 0;
        cells(B, v_cards + 4 * j, r->at);
    }
    free(hc); free(vc);
    return OF_OK;
}

/* Each row's place in the order of (low, high) value (by_low 0: high only), stable: a
 * counting sort by high value, then (by_low) a stable one of that order by low value, so
 * the counts take 7,463 and 57 slots, not one per (low, high) pair. 0 or OF_ERR_NOMEM. */
static int walk_order(const uint16_t *high, const uint8_t *low, size_t n, int by_low,
                      uint32_t *pos) {
    uint32_t *start = calloc(HIGH_KEYS + 1, sizeof(uint32_t));
    uint32_t *by_high = malloc(sizeof(uint32_t) * (n ? n : 1));
    if (!start || !by_high) { free(start); free(by_high); return OF_ERR_NOMEM; }
    for (size_t i = 0; i < n; i++) start[high[i] + 1]++;
    for (size_t k = 0; k < HIGH_KEYS; k++) start[k + 1] += start[k];
    for (size_t i = 0; i < n; i++) by_high[start[high[i]]++] = (uint32_t)i;
    if (!by_low) {
        for (size_t r = 0; r < n; r++) pos[by_high[r]] = (uint32_t)r;
    } else {
        uint32_t low_start[LOW_KEYS + 1] = {0};
        for (size_t i = 0; i < n; i++) low_start[low[i] + 1]++;
        for (size_t k = 0; k < LOW_KEYS; k++) low_start[k + 1] += low_start[k];
        for (size_t r = 0; r < n; r++) {
            uint32_t i = by_high[r];
            pos[i] = low_start[low[i]]++;
        }
    }
    free(start); free(by_high);
    return OF_OK;
}

/* out[row] = (weight beaten) + (weight tied) / 2 for the heroes of p. Leaves every villain
 * of p added to S. */
static void sweep(const plan *p, double *S, const double *w, const double *same, double *out) {
    for (size_t g = 0; g < p->n_groups; g++) {
        uint32_t h0 = p->h_start[g], h1 = p->h_start[g + 1];
        uint32_t v0 = p->v_start[g], v1 = p->v_start[g + 1];
        for (uint32_t t = h0; t < h1; t++) out[p->h[t].row] = acc_disjoint(S, &p->h[t]);
        for (uint32_t t = v0; t < v1; t++) acc_add(S, &p->v[t], w[p->v[t].row]);
        if (v1 > v0) {
            for (uint32_t t = h0; t < h1; t++) {
                const rec *r = &p->h[t];
                double leq = acc_disjoint(S, r) + same[r->same];
                out[r->row] = 0.5 * (out[r->row] + leq);
            }
        }
    }
}

/* Renumber the accumulator cells (keeping their order) to those some hero reads and some
 * villain writes; the cells only villains write share one sink, never read, and those only
 * heroes read one cell never written (so it stays 0, as the cell it stands for would).
 * Smaller ranges then walk and clear a smaller accumulator; the sums are unchanged. The hs
 * plan holds every hand of both sides, ls and hs0 subsets of them. 0 or OF_ERR_NOMEM. */
static int compact_cells(of_showdown_table *t) {
    uint8_t *use = calloc(ACC_SIZE, 1);
    uint16_t *map = malloc(sizeof(uint16_t) * ACC_SIZE);
    if (!use || !map) { free(use); free(map); return OF_ERR_NOMEM; }
    const plan *hs = &t->hs;
    size_t h_n = hs->h_start[hs->n_groups], v_n = hs->v_start[hs->n_groups];
    for (size_t i = 0; i < h_n; i++)
        for (int k = 0; k < 14; k++) use[hs->h[i].at[k]] |= 1;
    for (size_t j = 0; j < v_n; j++)
        for (int k = 0; k < 14; k++) use[hs->v[j].at[k]] |= 2;
    size_t next = 1;                    /* cell 0, the total, stays */
    map[0] = 0;
    for (size_t c = 1; c < ACC_SIZE; c++)
        if (use[c] == 3) map[c] = (uint16_t)next++;
    size_t zero = next++, sink = next++;
    for (size_t c = 1; c < ACC_SIZE; c++)
        if (use[c] != 3) map[c] = (uint16_t)(use[c] & 2 ? sink : zero);
    plan *ps[3] = {&t->hs, &t->ls, &t->hs0};
    for (int q = 0; q < 3; q++) {
        plan *p = ps[q];
        if (!p->h_start) continue;        /* ls and hs0 are empty without a low */
        size_t ph = p->h_start[p->n_groups], pv = p->v_start[p->n_groups];
        for (size_t i = 0; i < ph; i++)
            for (int k = 0; k < 14; k++) p->h[i].at[k] = map[p->h[i].at[k]];
        for (size_t j = 0; j < pv; j++)
            for (int k = 0; k < 14; k++) p->v[j].at[k] = map[p->v[j].at[k]];
    }
    t->acc_size = next;
    free(use); free(map);
    return OF_OK;
}

void of_showdown_table_free(of_showdown_table *t) {
    if (!t) return;
    plan_free(&t->hs); plan_free(&t->ls); plan_free(&t->hs0);
    free(t->v_uid); free(t->h_has_low); free(t->h_pos); free(t->v_pos);
    free(t);
}

/* The checks every table maker shares, after its own NULL checks: *bad_side -1, the game,
 * the board (n_board cards, valid and distinct), the range sizes; the tables built. */
static int check_spot(const uint8_t *board, int n_board, int want_board, size_t n, size_t m,
                      int game, int *bad_side) {
    *bad_side = -1;
    if (game != OF_GAME_HIGH && game != OF_GAME_HILO) return OF_ERR_ARG;
    if (n_board != want_board) return OF_ERR_COUNT;
    if (n >= UINT32_MAX || m >= UINT32_MAX) return OF_ERR_COUNT;
    int rc = of_check_cards(board, want_board, NULL, 0);
    if (rc == OF_OK) of_init();
    return rc;
}

/* For checking hands against a turn: every card itself, the four board cards 0xFF. */
static void turn_cards(const uint8_t *board, uint8_t live_of[52]) {
    for (int c = 0; c < 52; c++) live_of[c] = (uint8_t)c;
    for (int k = 0; k < 4; k++) live_of[board[k]] = 0xFF;
}

int of_showdown_table_new(const uint8_t *board, int n_board, const uint8_t *hero, size_t n,
                          const uint8_t *villain, size_t m, int game,
                          of_showdown_table **out, size_t *bad_row, int *bad_side) {
    if (!out || !board || !bad_row || !bad_side || (n && !hero) || (m && !villain))
        return OF_ERR_ARG;
    *out = NULL;
    int rc = check_spot(board, n_board, 5, n, m, game, bad_side);
    if (rc != OF_OK) return rc;

    uint8_t live_of[52];
    live_numbers(board, live_of);

    size_t n1 = n ? n : 1, m1 = m ? m : 1;
    of_showdown_table *t = calloc(1, sizeof *t);
    uint8_t *h_cards = malloc(4 * n1), *v_cards = malloc(4 * m1);
    uint16_t *h_high = malloc(sizeof(uint16_t) * n1), *v_high = malloc(sizeof(uint16_t) * m1);
    uint16_t *h_lowk = malloc(sizeof(uint16_t) * n1), *v_lowk = malloc(sizeof(uint16_t) * m1);
    uint8_t *h_low = malloc(n1), *v_low = malloc(m1);
    uint8_t *h_sel = malloc(n1), *v_sel = malloc(m1);
    uint32_t *h_same = malloc(sizeof(uint32_t) * n1);
    int32_t *uid_of = malloc(sizeof(int32_t) * N_QUADS);
    binoms B;
    if (!t || !h_cards || !v_cards || !h_high || !v_high || !h_lowk || !v_lowk || !h_low ||
        !v_low || !h_sel || !v_sel || !h_same || !uid_of) {
        rc = OF_ERR_NOMEM;
        goto done;
    }
    t->n = n; t->m = m;
    t->hilo = game == OF_GAME_HILO;
    *bad_side = 0;
    if ((rc = load_side(hero, n, live_of, h_cards, bad_row)) != OF_OK) goto done;
    *bad_side = 1;
    if ((rc = load_side(villain, m, live_of, v_cards, bad_row)) != OF_OK) goto done;
    *bad_side = -1;
    binoms_init(&B);

    of_eval_on_board(hero, n, board, 5, t->hilo, h_high, h_low);
    if (villain == hero && m == n) {
        memcpy(v_high, h_high, sizeof(uint16_t) * n);
        memcpy(v_low, h_low, n);
    } else {
        of_eval_on_board(villain, m, board, 5, t->hilo, v_high, v_low);
    }

    /* uids: villain hands numbered by first appearance; heroes point at theirs */
    t->v_uid = malloc(sizeof(uint32_t) * m1);
    if (!t->v_uid) { rc = OF_ERR_NOMEM; goto done; }
    for (size_t q = 0; q < N_QUADS; q++) uid_of[q] = -1;
    uint32_t n_uid = 0;
    for (size_t j = 0; j < m; j++) {
        const uint8_t *x = v_cards + 4 * j;
        uint32_t q = B.c4[x[3]] + B.c3[x[2]] + B.c2[x[1]] + x[0];
        if (uid_of[q] < 0) uid_of[q] = (int32_t)n_uid++;
        t->v_uid[j] = (uint32_t)uid_of[q];
    }
    t->n_uid = n_uid;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *x = h_cards + 4 * i;
        int32_t u = uid_of[B.c4[x[3]] + B.c3[x[2]] + B.c2[x[1]] + x[0]];
        h_same[i] = u < 0 ? n_uid : (uint32_t)u;
    }

    t->any_low = 0;
    for (size_t i = 0; i < n && t->hilo; i++) t->any_low |= h_low[i] != 0;
    for (size_t j = 0; j < m && t->hilo; j++) t->any_low |= v_low[j] != 0;
    t->h_pos = malloc(sizeof(uint32_t) * n1);
    t->v_pos = malloc(sizeof(uint32_t) * m1);
    if (!t->h_pos || !t->v_pos) { rc = OF_ERR_NOMEM; goto done; }
    if ((rc = walk_order(h_high, h_low, n, t->any_low, t->h_pos)) != OF_OK) goto done;
    if ((rc = walk_order(v_high, v_low, m, t->any_low, t->v_pos)) != OF_OK) goto done;
    rc = plan_build(&t->hs, h_high, NULL, n, v_high, NULL, m, HIGH_KEYS, h_cards, v_cards,
                    h_same, t->h_pos, t->v_pos, &B);
    if (rc != OF_OK) goto done;
    if (t->any_low) {
        for (size_t i = 0; i < n; i++) { h_lowk[i] = h_low[i]; h_sel[i] = h_low[i] != 0; }
        for (size_t j = 0; j < m; j++) { v_lowk[j] = v_low[j]; v_sel[j] = v_low[j] == 0; }
        rc = plan_build(&t->ls, h_lowk, h_sel, n, v_lowk, NULL, m, LOW_KEYS, h_cards, v_cards,
                        h_same, t->h_pos, t->v_pos, &B);
        if (rc != OF_OK) goto done;
        t->h_has_low = malloc(n1);
        if (!t->h_has_low) { rc = OF_ERR_NOMEM; goto done; }
        memcpy(t->h_has_low, h_sel, n);
        for (size_t i = 0; i < n; i++) h_sel[i] = !h_sel[i];
        rc = plan_build(&t->hs0, h_high, h_sel, n, v_high, v_sel, m, HIGH_KEYS, h_cards,
                        v_cards, h_same, t->h_pos, t->v_pos, &B);
        if (rc != OF_OK) goto done;
    }
    rc = compact_cells(t);

done:
    free(h_cards); free(v_cards); free(h_high); free(v_high); free(h_lowk); free(v_lowk);
    free(h_low); free(v_low); free(h_sel); free(v_sel); free(h_same); free(uid_of);
    if (rc != OF_OK) {
        of_showdown_table_free(t);
        return rc;
    }
    *out = t;
    return OF_OK;
}

size_t of_showdown_table_size(const of_showdown_table *t, int side) {
    if (!t) return 0;
    return side == 0 ? t->n : t->m;
}

void of_showdown_work_free(of_showdown_work *w) {
    if (!w) return;
    free(w->acc); free(w->same); free(w->scratch); free(w->w_pos); free(w->o_pos);
    free(w->acc_l); free(w->same_l); free(w->w_l); free(w->out_l);
    free(w);
}

/* A work area for tables of at most n hero hands and n_uid distinct villain hands. */
static of_showdown_work *work_alloc(size_t n, size_t n_uid, size_t m) {
    of_showdown_work *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    w->n = n;
    w->m = m;
    w->n_uid = n_uid;
    w->acc = calloc(ACC_CAP, sizeof(double));
    w->same = calloc(n_uid + 1, sizeof(double));
    w->scratch = malloc(sizeof(double) * (n ? n : 1));
    w->w_pos = malloc(sizeof(double) * (m ? m : 1));
    w->o_pos = malloc(sizeof(double) * 3 * (n ? n : 1));
    if (!w->acc || !w->same || !w->scratch || !w->w_pos || !w->o_pos) {
        of_showdown_work_free(w);
        return NULL;
    }
    return w;
}

int of_showdown_work_new(const of_showdown_table *t, of_showdown_work **out) {
    if (!t || !out) return OF_ERR_ARG;
    *out = work_alloc(t->n, t->n_uid, t->m);
    return *out ? OF_OK : OF_ERR_NOMEM;
}

of_showdown_work *of_showdown_work_sized(size_t n, size_t m) {
    return work_alloc(n, m, m);   /* a range of m hands has at most m distinct hands */
}

static size_t plan_bytes(const plan *p) {
    if (!p->h && !p->v) return 0;
    size_t hands = p->h_start ? p->h_start[p->n_groups] : 0;
    size_t villains = p->v_start ? p->v_start[p->n_groups] : 0;
    return sizeof(rec) * (hands + villains) + 2 * sizeof(uint32_t) * (p->n_groups + 1);
}

size_t of_showdown_table_bytes(const of_showdown_table *t) {
    if (!t) return 0;
    size_t rows = sizeof(uint32_t) * (2 * t->n + 2 * t->m) + t->n;
    return sizeof *t + rows + plan_bytes(&t->hs) + plan_bytes(&t->ls) + plan_bytes(&t->hs0);
}

/* Check a row of weights (finite, >= 0, a finite sum) and sum them by uid into w->same.
 * Returns the bad column, m when the sum overflows, or -1 when the row is good. */
static long long load_weights(const of_showdown_table *t, of_showdown_work *w,
                              const double *weights) {
    double total = 0.0;
    memset(w->same, 0, sizeof(double) * (t->n_uid + 1));
    for (size_t j = 0; j < t->m; j++) {
        double x = weights[j];
        if (!(x >= 0.0 && x <= DBL_MAX)) return (long long)j;   /* NaN fails both */
        total += x;
        w->same[t->v_uid[j]] += x;
    }
    if (!(total <= DBL_MAX)) return (long long)t->m;
    return -1;
}

/* One row of weights in walk order, into w->w_pos. */
static const double *weights_in_order(const of_showdown_table *t, of_showdown_work *w,
                                      const double *weights) {
    for (size_t j = 0; j < t->m; j++) w->w_pos[t->v_pos[j]] = weights[j];
    return w->w_pos;
}

/* One weight vector; the row of weights has been checked. */
static void values_one(const of_showdown_table *t, of_showdown_work *w, const double *weights,
                       double *value, double *reach, double *high, double *low) {
    double *S = w->acc;
    const double *same = w->same, *wp = weights_in_order(t, w, weights);
    size_t n = t->n;
    double *val = w->o_pos, *rch = w->o_pos + n, *lo = w->o_pos + 2 * n;   /* walk order */
    const plan *p = &t->hs;
    sweep(p, S, wp, same, val);
    size_t h_n = p->h_start[p->n_groups];
    for (size_t k = 0; k < h_n; k++) {
        const rec *r = &p->h[k];
        rch[r->row] = acc_disjoint(S, r) + same[r->same];
    }
    acc_reset(S, p, t->acc_size);
    if (!t->any_low) {
        for (size_t i = 0; i < n; i++) {
            uint32_t at = t->h_pos[i];
            value[i] = val[at];
            reach[i] = rch[at];
            if (high) { high[i] = val[at]; low[i] = 0.0; }
        }
        return;
    }
    p = &t->ls;
    sweep(p, S, wp, same, w->scratch);
    acc_reset(S, p, t->acc_size);
    h_n = p->h_start[p->n_groups];
    for (size_t k = 0; k < h_n; k++) {
        uint32_t i = p->h[k].row;
        val[i] = 0.5 * val[i] + 0.5 * w->scratch[i];
        lo[i] = 0.5 * w->scratch[i];
    }
    p = &t->hs0;
    sweep(p, S, wp, same, w->scratch);
    acc_reset(S, p, t->acc_size);
    h_n = p->h_start[p->n_groups];
    for (size_t k = 0; k < h_n; k++) {
        uint32_t i = p->h[k].row;
        val[i] = 0.5 * val[i] + 0.5 * w->scratch[i];
        lo[i] = 0.0;
    }
    for (size_t i = 0; i < n; i++) {
        uint32_t at = t->h_pos[i];
        value[i] = val[at];
        reach[i] = rch[at];
        if (high) { low[i] = lo[at]; high[i] = value[i] - low[i]; }
    }
}

/* The villain weight each hero meets (the reach), in the order values_one sums it. */
static void blockers_one(const of_showdown_table *t, of_showdown_work *w, const double *weights,
                         double *reach) {
    double *S = w->acc, *rch = w->o_pos;
    const double *wp = weights_in_order(t, w, weights);
    const plan *p = &t->hs;
    size_t v_n = p->v_start[p->n_groups], h_n = p->h_start[p->n_groups];
    for (size_t k = 0; k < v_n; k++) acc_add(S, &p->v[k], wp[p->v[k].row]);
    for (size_t k = 0; k < h_n; k++) {
        const rec *r = &p->h[k];
        rch[r->row] = acc_disjoint(S, r) + w->same[r->same];
    }
    acc_reset(S, p, t->acc_size);
    for (size_t i = 0; i < t->n; i++) reach[i] = rch[t->h_pos[i]];
}

/* ---- several weight vectors in one walk: LANES of them side by side ---- */

/* The lane buffers of w, made on first use. 0 or OF_ERR_NOMEM. */
static int lanes_ready(of_showdown_work *w) {
    if (w->acc_l) return OF_OK;
    size_t n1 = w->n ? w->n : 1, m1 = w->m ? w->m : 1;
    w->acc_l = calloc((size_t)ACC_CAP * LANES, sizeof(double));
    w->same_l = malloc(sizeof(double) * (w->n_uid + 1) * LANES);
    w->w_l = malloc(sizeof(double) * m1 * LANES);
    w->out_l = malloc(sizeof(double) * 2 * n1 * LANES);
    if (!w->acc_l || !w->same_l || !w->w_l || !w->out_l) {
        free(w->acc_l); free(w->same_l); free(w->w_l); free(w->out_l);
        w->acc_l = w->same_l = w->w_l = w->out_l = NULL;
        return OF_ERR_NOMEM;
    }
    return OF_OK;
}

/* Check L rows of weights (from the first of the block) as load_weights does, lay them
 * out hand-major in walk order in w->w_l, LANES lanes a hand (lanes L.. hold 0), and sum them by uid
 * into w->same_l in villain order. Returns the bad column (*bad_lane its row in the
 * block; the first bad row, as row by row), m when a row's sum overflows, or -1. */
static long long load_lanes(const of_showdown_table *t, of_showdown_work *w,
                            const double *weights, size_t L, size_t *bad_lane) {
    size_t m = t->m;
    double *wl = w->w_l;
    double total[LANES] = {0.0};
    int bad = 0;
    double *same = w->same_l;
    memset(same, 0, sizeof(double) * (t->n_uid + 1) * LANES);
    for (size_t j = 0; j < m; j++) {     /* the L rows read side by side, in one pass */
        double *d = wl + (size_t)t->v_pos[j] * LANES;
        double *sl = same + (size_t)t->v_uid[j] * LANES;
        for (size_t l = 0; l < L; l++) {
            double x = weights[l * m + j];
            bad |= !(x >= 0.0 && x <= DBL_MAX);   /* NaN fails both */
            total[l] += x;
            d[l] = x;
            sl[l] += x;
        }
        for (size_t l = L; l < LANES; l++) d[l] = 0.0;
    }
    for (size_t l = 0; l < L; l++) bad |= !(total[l] <= DBL_MAX);
    if (bad) {                            /* find the first bad row, as row by row */
        for (size_t l = 0; l < L; l++) {
            const double *wr = weights + l * m;
            double sum = 0.0;
            *bad_lane = l;
            for (size_t j = 0; j < m; j++) {
                if (!(wr[j] >= 0.0 && wr[j] <= DBL_MAX)) return (long long)j;
                sum += wr[j];
            }
            if (!(sum <= DBL_MAX)) return (long long)m;
        }
    }
    return -1;
}

/* acc_add, acc_clear and acc_disjoint on LANES lanes: cell c of lane l at S[c * LANES + l]; each
 * lane sums its numbers in the order of the one-vector functions, so the results are the
 * same to the bit. */
#if LANES == 8 && (defined(__SSE2__) || defined(_M_X64) || \
                   (defined(_M_IX86_FP) && _M_IX86_FP >= 2)) && !defined(OF_NO_SIMD)
/* The compilers left this loop scalar (eight loads, adds and stores a cell, the hottest
 * code of a walk): written with SSE2, the x86-64 baseline, it is four of each, the same
 * additions. (OF_NO_SIMD: the portable loop on x86 too, to test it.) */
#include <emmintrin.h>
static inline void lane_add(double *restrict S, const rec *r, const double *restrict x) {
    const uint16_t *at = r->at;
    __m128d x0 = _mm_loadu_pd(x), x1 = _mm_loadu_pd(x + 2), x2 = _mm_loadu_pd(x + 4),
            x3 = _mm_loadu_pd(x + 6);
    for (int k = -1; k < 14; k++) {          /* -1: the total, cell 0 */
        double *c = S + (k < 0 ? 0 : (size_t)at[k] * LANES);
        _mm_storeu_pd(c, _mm_add_pd(_mm_loadu_pd(c), x0));
        _mm_storeu_pd(c + 2, _mm_add_pd(_mm_loadu_pd(c + 2), x1));
        _mm_storeu_pd(c + 4, _mm_add_pd(_mm_loadu_pd(c + 4), x2));
        _mm_storeu_pd(c + 6, _mm_add_pd(_mm_loadu_pd(c + 6), x3));
    }
}
#else
static inline void lane_add(double *restrict S, const rec *r, const double *restrict x) {
    const uint16_t *at = r->at;
    for (size_t l = 0; l < LANES; l++) S[l] += x[l];
    for (int k = 0; k < 14; k++) {
        double *restrict c = S + (size_t)at[k] * LANES;
        for (size_t l = 0; l < LANES; l++) c[l] += x[l];
    }
}
#endif

static inline void lane_clear(double *S, const rec *r) {
    const uint16_t *at = r->at;
    for (size_t l = 0; l < LANES; l++) S[l] = 0.0;
    for (int k = 0; k < 14; k++) {
        double *c = S + (size_t)at[k] * LANES;
        for (size_t l = 0; l < LANES; l++) c[l] = 0.0;
    }
}

static inline void lane_disjoint(const double *restrict S, const rec *r, double *restrict out) {
    const uint16_t *at = r->at;
    const double *c[14];
    for (int k = 0; k < 14; k++) c[k] = S + (size_t)at[k] * LANES;
    for (size_t l = 0; l < LANES; l++) {
        double one = c[0][l] + c[1][l] + c[2][l] + c[3][l];
        double two = c[4][l] + c[5][l] + c[6][l] + c[7][l] + c[8][l] + c[9][l];
        double three = c[10][l] + c[11][l] + c[12][l] + c[13][l];
        out[l] = S[l] - one + two - three;
    }
}

static void lanes_reset(double *S, const plan *p, size_t size) {
    size_t v_n = p->v_start[p->n_groups];
    if (v_n * 15 >= size) {
        memset(S, 0, sizeof(double) * size * LANES);
        return;
    }
    for (size_t t = 0; t < v_n; t++) lane_clear(S, &p->v[t]);
}

/* sweep on LANES lanes: out[row * LANES + l]. */
static void sweep_lanes(const plan *p, double *S, const double *wl, const double *same,
                        double *out) {
    double tmp[LANES] = {0.0};   /* all set below; zeroed for the compiler */
    for (size_t g = 0; g < p->n_groups; g++) {
        uint32_t h0 = p->h_start[g], h1 = p->h_start[g + 1];
        uint32_t v0 = p->v_start[g], v1 = p->v_start[g + 1];
        for (uint32_t t = h0; t < h1; t++)
            lane_disjoint(S, &p->h[t], out + (size_t)p->h[t].row * LANES);
        for (uint32_t t = v0; t < v1; t++)
            lane_add(S, &p->v[t], wl + (size_t)p->v[t].row * LANES);
        if (v1 > v0) {
            for (uint32_t t = h0; t < h1; t++) {
                const rec *r = &p->h[t];
                const double *sm = same + (size_t)r->same * LANES;
                double *o = out + (size_t)r->row * LANES;
                lane_disjoint(S, r, tmp);
                for (size_t l = 0; l < LANES; l++) {
                    double leq = tmp[l] + sm[l];
                    o[l] = 0.5 * (o[l] + leq);
                }
            }
        }
    }
}

/* The reach of the heroes of p (whose villains are all added to S) into out, hand-major
 * by row. */
static void reach_lanes(const plan *p, const double *S, const double *same, double *out) {
    double tmp[LANES] = {0.0};   /* all set below; zeroed for the compiler */
    size_t h_n = p->h_start[p->n_groups];
    for (size_t k = 0; k < h_n; k++) {
        const rec *r = &p->h[k];
        const double *sm = same + (size_t)r->same * LANES;
        double *o = out + (size_t)r->row * LANES;
        lane_disjoint(S, r, tmp);
        for (size_t l = 0; l < LANES; l++) o[l] = tmp[l] + sm[l];
    }
}

/* Lanes 0..L-1 of a hand-major buffer in walk order into L rows of n in the caller's
 * order: one cache line a hand for all the lanes, then streams. */
static void lanes_out(const of_showdown_table *t, const double *in, size_t L, double *out) {
    size_t n = t->n;
    for (size_t i = 0; i < n; i++) {
        const double *x = in + (size_t)t->h_pos[i] * LANES;
        for (size_t l = 0; l < L; l++) out[l * n + i] = x[l];
    }
}

/* values_one for the L rows loaded by load_lanes (LANES lanes): outputs are rows of n, the
 * block's first row at value, reach, high, low. Every hero is in one of ls and hs0, so
 * their two sweeps fill scr between them. */
static void values_lanes(const of_showdown_table *t, of_showdown_work *w, size_t L,
                         double *value, double *reach, double *high, double *low) {
    size_t n = t->n;
    double *S = w->acc_l, *val = w->out_l, *scr = w->out_l + w->n * LANES;
    const double *same = w->same_l, *wl = w->w_l;
    const plan *p = &t->hs;
    sweep_lanes(p, S, wl, same, val);
    reach_lanes(p, S, same, scr);
    lanes_reset(S, p, t->acc_size);
    lanes_out(t, scr, L, reach);
    if (!t->any_low) {
        lanes_out(t, val, L, value);
        if (high) {
            lanes_out(t, val, L, high);
            for (size_t l = 0; l < L; l++) memset(low + l * n, 0, sizeof(double) * n);
        }
        return;
    }
    sweep_lanes(&t->ls, S, wl, same, scr);
    lanes_reset(S, &t->ls, t->acc_size);
    sweep_lanes(&t->hs0, S, wl, same, scr);
    lanes_reset(S, &t->hs0, t->acc_size);
    if (!high) {                 /* the value alone: a third of the writes */
        for (size_t i = 0; i < n; i++) {
            size_t at = (size_t)t->h_pos[i] * LANES;
            const double *v = val + at, *sc = scr + at;
            for (size_t l = 0; l < L; l++) value[l * n + i] = 0.5 * v[l] + 0.5 * sc[l];
        }
        return;
    }
    for (size_t i = 0; i < n; i++) {
        size_t at = (size_t)t->h_pos[i] * LANES;
        const double *v = val + at, *sc = scr + at;
        int has_low = t->h_has_low[i];
        for (size_t l = 0; l < L; l++) {
            double x = 0.5 * v[l] + 0.5 * sc[l], lo = has_low ? 0.5 * sc[l] : 0.0;
            value[l * n + i] = x;
            low[l * n + i] = lo;
            high[l * n + i] = x - lo;
        }
    }
}

/* blockers_one for the L rows loaded by load_lanes. */
static void blockers_lanes(const of_showdown_table *t, of_showdown_work *w, size_t L,
                           double *reach) {
    double *S = w->acc_l;
    const double *wl = w->w_l;
    const plan *p = &t->hs;
    size_t v_n = p->v_start[p->n_groups];
    for (size_t k = 0; k < v_n; k++) lane_add(S, &p->v[k], wl + (size_t)p->v[k].row * LANES);
    reach_lanes(p, S, w->same_l, w->out_l);
    lanes_reset(S, p, t->acc_size);
    lanes_out(t, w->out_l, L, reach);
}

/* A batch is cut into units of work (a walk of up to LANES rows, or one row) that the
 * threads take in turn from a shared queue, the costliest first: rows of showdown values
 * and of fold sums in one call then share the threads, and a thread that finishes early
 * takes the next unit instead of waiting for a fixed share. Rows [0, k_values) are
 * showdowns, rows [k_values, k) fold sums. */
typedef struct {
    size_t first, count;      /* rows of weights */
    int blockers_only;
} batch_unit;

typedef struct {
    const of_showdown_table *t;
    const double *weights;
    double *value, *reach, *high, *low, *met;   /* met: the fold sums' rows */
    const double *pot, *hero_put;   /* per showdown row, or NULL: payoffs, not values */
    const double *fold_pay;         /* per fold row, or NULL: fold sums scaled */
    size_t k_values;
    const batch_unit *units;
    size_t n_units, next;     /* next: the first unit no thread has taken */
    of_mutex lock;
    int rc;                   /* the failure of the lowest row, and where */
    size_t bad_row, bad_col;
} batch_queue;

typedef struct {
    batch_queue *q;
    of_showdown_work *w;
} batch_worker;

/* One unit. OF_OK, OF_ERR_WEIGHT (*bad_row, *bad_col set) or OF_ERR_NOMEM. */
/* Fold rows' sums times what each fold pays. */
static void fold_payoffs(const batch_queue *q, size_t first, size_t count) {
    size_t n = q->t->n;
    for (size_t r = first; r < first + count; r++) {
        double *met = q->met + (r - q->k_values) * n, pay = q->fold_pay[r - q->k_values];
        for (size_t i = 0; i < n; i++) met[i] *= pay;
    }
}

/* A showdown row's values become payoffs: value * pot - reach * hero_put. */
static void payoffs(const batch_queue *q, size_t first, size_t count) {
    size_t n = q->t->n;
    for (size_t r = first; r < first + count; r++) {
        double *v = q->value + r * n;
        const double *reach = q->reach + r * n;
        double pot = q->pot[r], put = q->hero_put[r];
        for (size_t i = 0; i < n; i++) v[i] = v[i] * pot - reach[i] * put;
    }
}

static int run_unit(const batch_queue *q, of_showdown_work *w, const batch_unit *u,
                    size_t *bad_row, size_t *bad_col) {
    const of_showdown_table *t = q->t;
    size_t n = t->n, m = t->m, r = u->first;
    /* the output rows: a fold sum's row counts from the first fold row */
    size_t out_row = u->blockers_only ? r - q->k_values : r;
    if (u->count >= 2) {
        double *reach = u->blockers_only ? q->met : q->reach;
        size_t bad_lane = 0;
        if (lanes_ready(w) != OF_OK) return OF_ERR_NOMEM;
        long long bad = load_lanes(t, w, m ? q->weights + r * m : q->weights, u->count,
                                   &bad_lane);
        if (bad >= 0) {
            *bad_row = r + bad_lane;
            *bad_col = (size_t)bad;
            return OF_ERR_WEIGHT;
        }
        if (!n) return OF_OK;
        size_t at = out_row * n;
        if (u->blockers_only) {
            blockers_lanes(t, w, u->count, reach + at);
            if (q->fold_pay) fold_payoffs(q, r, u->count);
            return OF_OK;
        }
        values_lanes(t, w, u->count, q->value + at, reach + at,
                     q->high ? q->high + at : NULL, q->low ? q->low + at : NULL);
        if (q->pot) payoffs(q, r, u->count);
        return OF_OK;
    }
    const double *wr = m ? q->weights + r * m : q->weights;   /* may be NULL */
    long long bad = load_weights(t, w, wr);
    if (bad >= 0) {
        *bad_row = r;
        *bad_col = (size_t)bad;
        return OF_ERR_WEIGHT;
    }
    if (!n) return OF_OK;   /* nothing to write (the outputs may be NULL) */
    size_t at = out_row * n;
    if (u->blockers_only) {
        blockers_one(t, w, wr, q->met + at);
        if (q->fold_pay) fold_payoffs(q, r, 1);
        return OF_OK;
    }
    values_one(t, w, wr, q->value + at, q->reach + at, q->high ? q->high + at : NULL,
               q->low ? q->low + at : NULL);
    if (q->pot) payoffs(q, r, 1);
    return OF_OK;
}

static void *batch_run(void *arg) {
    batch_worker *me = arg;
    batch_queue *q = me->q;
    for (;;) {
        of_mutex_lock(&q->lock);
        size_t i = q->n_units;
        /* after a failure, only units of earlier rows: the error is the first bad row,
         * as row by row, whatever order the units ran in */
        while (q->next < q->n_units && i == q->n_units) {
            const batch_unit *u = &q->units[q->next++];
            if (q->rc == OF_OK || u->first < q->bad_row) i = (size_t)(u - q->units);
        }
        of_mutex_unlock(&q->lock);
        if (i == q->n_units) return NULL;
        size_t bad_row = 0, bad_col = 0;
        int rc = run_unit(q, me->w, &q->units[i], &bad_row, &bad_col);
        if (rc != OF_OK) {
            of_mutex_lock(&q->lock);
            if (q->rc == OF_OK || bad_row < q->bad_row) {
                q->rc = rc;
                q->bad_row = bad_row;
                q->bad_col = bad_col;
            }
            of_mutex_unlock(&q->lock);
        }
    }
}

/* The units of rows [first, first + count) of one kind, appended at *n_units: walks of
 * (multi 1) or single rows (multi 0). A walk of LANES rows costs a few single rows: its
 * cells are LANES times wider (more cache misses), so a few rows left over go singly.
 * Measured (one thread, a block of 8 against 1 row): showdowns 0.28 / 0.09 ms with
 * 2,000-hand ranges, 31 / 8.3 ms with full ones; fold sums 0.10 / 0.034 and 12 / 2.6 ms.
 * Hence walks from 4 showdown rows, and from 3 fold rows (5 past half a megabyte of
 * accumulator in lanes, where a fold walk's cells fall out of the cache). */
static void cut_units(const of_showdown_table *t, size_t first, size_t count,
                      int blockers_only, int multi, batch_unit *units, size_t *n_units) {
    size_t least = !blockers_only ? 4 : t->acc_size <= ACC_SIZE / 2 ? 3 : 5;
    size_t r = first, end = first + count;
    while (r < end) {
        size_t L = end - r >= least ? (end - r < LANES ? end - r : LANES) : 1;
        if ((L > 1) == multi) units[(*n_units)++] = (batch_unit){r, L, blockers_only};
        r += L;
    }
}

#define MAX_THREADS 256
/* hands (both sides) times rows below which a batch runs on one thread: 2,000-hand ranges
 * with 16 rows ran as fast on one thread as on two, 20 hands ten times slower on two */
#define SMALL_BATCH 100000

static int resolve_threads(int threads, size_t units) {
    long t = threads > 0 ? threads : of_cpu_count();
    if (t < 1) t = 1;
    if (t > MAX_THREADS) t = MAX_THREADS;
    if ((size_t)t > units) t = (long)(units ? units : 1);
    return (int)t;
}

int of_showdown_table_run(const of_showdown_table *t, of_showdown_work *const *works,
                          int n_works, const double *weights, size_t k_values,
                          size_t k_blockers, int threads, double *value, double *reach,
                          double *high, double *low, double *met, const double *pot,
                          const double *hero_put, const double *fold_pay, size_t *bad_row,
                          size_t *bad_col) {
    size_t k = k_values + k_blockers;
    if (!t || !bad_row || !bad_col || k < k_values || (k && t->m && !weights) ||
        (k_values && t->n && (!value || !reach)) || (!high != !low) || (!pot != !hero_put) ||
        (pot && high) ||
        (k_blockers && t->n && !met) || threads < 0 || n_works < 0 || (n_works && !works))
        return OF_ERR_ARG;
    for (int i = 0; i < n_works; i++) {
        const of_showdown_work *work = works[i];
        if (work && (work->n < t->n || work->n_uid < t->n_uid || work->m < t->m))
            return OF_ERR_ARG;
    }
    batch_queue q;
    memset(&q, 0, sizeof q);
    q.t = t; q.weights = weights; q.k_values = k_values;
    q.value = value; q.reach = reach; q.high = high; q.low = low; q.met = met;
    q.pot = pot; q.hero_put = hero_put; q.fold_pay = fold_pay;
    batch_unit *units = malloc(sizeof(batch_unit) * (k ? k : 1));
    if (!units) return OF_ERR_NOMEM;
    /* the costliest first, so the threads end together: the showdown walks (a fold sum
     * walks once, not four times), the fold walks, then single rows */
    cut_units(t, 0, k_values, 0, 1, units, &q.n_units);
    cut_units(t, k_values, k_blockers, 1, 1, units, &q.n_units);
    cut_units(t, 0, k_values, 0, 0, units, &q.n_units);
    cut_units(t, k_values, k_blockers, 1, 0, units, &q.n_units);
    q.units = units;
    /* a thread's start (tens of microseconds) outweighs a small batch's whole walk */
    int n_threads = (t->n + t->m) * k < SMALL_BATCH ? 1 : resolve_threads(threads, q.n_units);
    batch_worker workers[MAX_THREADS];
    of_thread ids[MAX_THREADS];
    of_showdown_work *own[MAX_THREADS];
    int rc = OF_OK, started = 0;
    memset(own, 0, sizeof own);
    if (of_mutex_init(&q.lock) != 0) { free(units); return OF_ERR_THREAD; }
    for (int i = 0; i < n_threads; i++) {   /* a work area for each thread not given one */
        if (!(i < n_works && works[i]) && (rc = of_showdown_work_new(t, &own[i])) != OF_OK)
            goto done;
        workers[i].q = &q;
        workers[i].w = own[i] ? own[i] : works[i];
    }
    for (int i = 1; i < n_threads; i++, started++)
        if (of_thread_create(&ids[i], batch_run, &workers[i]) != 0) { rc = OF_ERR_THREAD; break; }
    batch_run(&workers[0]);   /* also when a thread failed to start: the queue still empties */
    for (int i = 1; i <= started; i++) of_thread_join(&ids[i]);
    if (rc == OF_OK && q.rc != OF_OK) {
        rc = q.rc;
        *bad_row = q.bad_row;
        *bad_col = q.bad_col;
    }
done:
    of_mutex_destroy(&q.lock);
    for (int i = 0; i < n_threads; i++) of_showdown_work_free(own[i]);
    free(units);
    return rc;
}

int of_showdown_table_values(const of_showdown_table *t, of_showdown_work *const *works,
                             int n_works, const double *weights, size_t k, int threads,
                             double *value, double *reach, double *high, double *low,
                             size_t *bad_row, size_t *bad_col) {
    if (k && t && t->n && (!high || !low)) return OF_ERR_ARG;
    return of_showdown_table_run(t, works, n_works, weights, k, 0, threads, value, reach,
                                 high, low, NULL, NULL, NULL, NULL, bad_row, bad_col);
}

int of_showdown_table_blockers(const of_showdown_table *t, of_showdown_work *const *works,
                               int n_works, const double *weights, size_t k, int threads,
                               double *reach, size_t *bad_row, size_t *bad_col) {
    return of_showdown_table_run(t, works, n_works, weights, 0, k, threads, NULL, NULL, NULL,
                                 NULL, reach, NULL, NULL, NULL, bad_row, bad_col);
}

/* ---- the turn: the river kernel over every river card, averaged per hand pair ---- */

typedef struct {
    const uint8_t *board, *hero, *villain;
    const double *weights;
    size_t n, m;
    int game;
    const uint8_t *rivers;
    size_t n_rivers;
    size_t first, last;           /* rivers of this job */
    double *value, *reach, *high, *low;   /* this job's sums, n each */
    int rc;
} turn_job;

static void *turn_run(void *arg) {
    turn_job *job = arg;
    size_t n = job->n, m = job->m;
    size_t n1 = n ? n : 1, m1 = m ? m : 1;
    uint8_t *hr = malloc(4 * n1), *vr = malloc(4 * m1);
    uint32_t *h_idx = malloc(sizeof(uint32_t) * n1);
    double *vw = malloc(sizeof(double) * m1);
    double *out = malloc(sizeof(double) * 4 * n1);
    if (!hr || !vr || !h_idx || !vw || !out) { job->rc = OF_ERR_NOMEM; goto done; }
    for (size_t q = job->first; q < job->last && job->rc == OF_OK; q++) {
        uint8_t river = job->rivers[q], board[5];
        memcpy(board, job->board, 4);
        board[4] = river;
        size_t hn = 0, vn = 0;
        for (size_t i = 0; i < n; i++) {
            const uint8_t *x = job->hero + 4 * i;
            if (x[0] == river || x[1] == river || x[2] == river || x[3] == river) continue;
            memcpy(hr + 4 * hn, x, 4);
            h_idx[hn++] = (uint32_t)i;
        }
        for (size_t j = 0; j < m; j++) {
            const uint8_t *x = job->villain + 4 * j;
            if (x[0] == river || x[1] == river || x[2] == river || x[3] == river) continue;
            memcpy(vr + 4 * vn, x, 4);
            vw[vn++] = job->weights ? job->weights[j] : 1.0;
        }
        if (!hn) continue;
        of_showdown_table *t = NULL;
        of_showdown_work *w = NULL;
        size_t bad_row, bad_col;
        int bad_side;
        int rc = of_showdown_table_new(board, 5, hr, hn, vr, vn, job->game, &t, &bad_row,
                                       &bad_side);
        if (rc == OF_OK) rc = of_showdown_work_new(t, &w);
        if (rc == OF_OK)
            rc = of_showdown_table_values(t, &w, 1, vw, 1, 1, out, out + n1, out + 2 * n1,
                                          out + 3 * n1, &bad_row, &bad_col);
        of_showdown_work_free(w);
        of_showdown_table_free(t);
        if (rc != OF_OK) { job->rc = rc; break; }
        for (size_t k = 0; k < hn; k++) {
            uint32_t i = h_idx[k];
            job->value[i] += out[k];
            job->reach[i] += out[n1 + k];
            job->high[i] += out[2 * n1 + k];
            job->low[i] += out[3 * n1 + k];
        }
    }
done:
    free(hr); free(vr); free(h_idx); free(vw); free(out);
    return NULL;
}

int of_turn_showdown_values(const uint8_t *board, int n_board, const uint8_t *hero, size_t n,
                            const uint8_t *villain, size_t m, const double *weights, int game,
                            int threads, double *value, double *reach, double *high,
                            double *low, size_t *bad_row, int *bad_side) {
    if (!board || !bad_row || !bad_side || (n && (!hero || !value || !reach || !high || !low)) ||
        (m && !villain) || threads < 0)
        return OF_ERR_ARG;
    int rc = check_spot(board, n_board, 4, n, m, game, bad_side);
    if (rc != OF_OK) return rc;
    /* every hand checked here, against the four board cards */
    uint8_t live_of[52];
    turn_cards(board, live_of);
    size_t scratch_row;
    *bad_side = 0;
    if ((rc = load_side(hero, n, live_of, NULL, &scratch_row)) != OF_OK) {
        *bad_row = scratch_row;
        return rc;
    }
    *bad_side = 1;
    if ((rc = load_side(villain, m, live_of, NULL, &scratch_row)) != OF_OK) {
        *bad_row = scratch_row;
        return rc;
    }
    *bad_side = -1;
    if (weights) {
        double total = 0.0;
        for (size_t j = 0; j < m; j++) {
            if (!(weights[j] >= 0.0 && weights[j] <= DBL_MAX)) { *bad_row = j; return OF_ERR_WEIGHT; }
            total += weights[j];
        }
        if (!(total <= DBL_MAX)) { *bad_row = m; return OF_ERR_WEIGHT; }
    }
    uint8_t rivers[48];
    size_t n_rivers = 0;
    for (int c = 0; c < 52; c++)
        if (live_of[c] != 0xFF) rivers[n_rivers++] = (uint8_t)c;

    int n_threads = resolve_threads(threads, n_rivers);
    size_t n1 = n ? n : 1;
    double *sums = calloc((size_t)n_threads * 4 * n1, sizeof(double));
    if (!sums) return OF_ERR_NOMEM;
    turn_job jobs[MAX_THREADS];
    of_thread ids[MAX_THREADS];
    for (int i = 0; i < n_threads; i++) {
        turn_job *job = &jobs[i];
        job->board = board; job->hero = hero; job->villain = villain;
        job->weights = weights; job->n = n; job->m = m; job->game = game;
        job->rivers = rivers; job->n_rivers = n_rivers;
        job->first = n_rivers * (size_t)i / (size_t)n_threads;
        job->last = n_rivers * (size_t)(i + 1) / (size_t)n_threads;
        double *base = sums + (size_t)i * 4 * n1;
        job->value = base; job->reach = base + n1; job->high = base + 2 * n1;
        job->low = base + 3 * n1;
        job->rc = OF_OK;
    }
    int started = 0;
    rc = OF_OK;
    for (int i = 1; i < n_threads; i++, started++)
        if (of_thread_create(&ids[i], turn_run, &jobs[i]) != 0) { rc = OF_ERR_THREAD; break; }
    turn_run(&jobs[0]);
    for (int i = 1; i <= started; i++) of_thread_join(&ids[i]);
    for (int i = 0; i < n_threads && rc == OF_OK; i++)
        if (jobs[i].rc != OF_OK) rc = jobs[i].rc;
    if (rc == OF_OK) {
        /* each hand pair sharing no card sees 52 - 4 - 8 = 40 rivers, each with chance 1/40 */
        for (size_t i = 0; i < n; i++) {
            double v = 0.0, r = 0.0, h = 0.0, l = 0.0;
            for (int k = 0; k < n_threads; k++) {
                v += jobs[k].value[i]; r += jobs[k].reach[i];
                h += jobs[k].high[i]; l += jobs[k].low[i];
            }
            value[i] = v / 40.0; reach[i] = r / 40.0; high[i] = h / 40.0; low[i] = l / 40.0;
        }
    }
    free(sums);
    return rc;
}

/* ---- a prepared turn: one river table per river card, for many weight vectors ---- */

#define TURN_RIVERS 48

struct of_turn_table {
    size_t n, m, max_n, max_uid;
    int n_rivers;
    of_showdown_table *river[TURN_RIVERS];
    uint32_t *h_idx[TURN_RIVERS], *v_idx[TURN_RIVERS];   /* rows of each river's hands */
};

void of_turn_table_free(of_turn_table *t) {
    if (!t) return;
    for (int q = 0; q < t->n_rivers; q++) {
        of_showdown_table_free(t->river[q]);
        free(t->h_idx[q]);
        free(t->v_idx[q]);
    }
    free(t);
}

size_t of_turn_table_size(const of_turn_table *t, int side) {
    if (!t) return 0;
    return side == 0 ? t->n : t->m;
}

int of_turn_table_new(const uint8_t *board, int n_board, const uint8_t *hero, size_t n,
                      const uint8_t *villain, size_t m, int game, of_turn_table **out,
                      size_t *bad_row, int *bad_side) {
    if (!out || !board || !bad_row || !bad_side || (n && !hero) || (m && !villain))
        return OF_ERR_ARG;
    *out = NULL;
    int rc = check_spot(board, n_board, 4, n, m, game, bad_side);
    if (rc != OF_OK) return rc;
    uint8_t live_of[52];
    turn_cards(board, live_of);
    *bad_side = 0;
    if ((rc = load_side(hero, n, live_of, NULL, bad_row)) != OF_OK) return rc;
    *bad_side = 1;
    if ((rc = load_side(villain, m, live_of, NULL, bad_row)) != OF_OK) return rc;
    *bad_side = -1;

    of_turn_table *t = calloc(1, sizeof *t);
    uint8_t *hr = malloc(4 * (n ? n : 1)), *vr = malloc(4 * (m ? m : 1));
    rc = OF_OK;
    if (!t || !hr || !vr) { rc = OF_ERR_NOMEM; goto done; }
    t->n = n; t->m = m;
    for (int c = 0; c < 52 && rc == OF_OK; c++) {
        if (live_of[c] == 0xFF) continue;
        int q = t->n_rivers++;
        uint8_t river = (uint8_t)c, b5[5];
        memcpy(b5, board, 4);
        b5[4] = river;
        t->h_idx[q] = malloc(sizeof(uint32_t) * (n ? n : 1));
        t->v_idx[q] = malloc(sizeof(uint32_t) * (m ? m : 1));
        if (!t->h_idx[q] || !t->v_idx[q]) { rc = OF_ERR_NOMEM; break; }
        size_t hn = 0, vn = 0;
        for (size_t i = 0; i < n; i++) {
            const uint8_t *x = hero + 4 * i;
            if (x[0] == river || x[1] == river || x[2] == river || x[3] == river) continue;
            memcpy(hr + 4 * hn, x, 4);
            t->h_idx[q][hn++] = (uint32_t)i;
        }
        for (size_t j = 0; j < m; j++) {
            const uint8_t *x = villain + 4 * j;
            if (x[0] == river || x[1] == river || x[2] == river || x[3] == river) continue;
            memcpy(vr + 4 * vn, x, 4);
            t->v_idx[q][vn++] = (uint32_t)j;
        }
        size_t row;
        int side;
        rc = of_showdown_table_new(b5, 5, hr, hn, vr, vn, game, &t->river[q], &row, &side);
        if (rc == OF_OK) {
            if (hn > t->max_n) t->max_n = hn;
            if (t->river[q]->n_uid > t->max_uid) t->max_uid = t->river[q]->n_uid;
        }
    }
done:
    free(hr); free(vr);
    if (rc != OF_OK) {
        of_turn_table_free(t);
        return rc;
    }
    *out = t;
    return OF_OK;
}

typedef struct {
    const of_turn_table *t;
    const double *weights;
    size_t k;
    int first, last;            /* rivers of this job */
    double *sums;               /* k rows of value, reach, high, low (4n each) */
    int rc;
} turn_table_job;

static void *turn_table_run(void *arg) {
    turn_table_job *job = arg;
    const of_turn_table *t = job->t;
    size_t n = t->n, m = t->m, n1 = t->max_n ? t->max_n : 1;
    of_showdown_work *w = work_alloc(t->max_n, t->max_uid, m);
    double *vw = malloc(sizeof(double) * (m ? m : 1));
    double *out = malloc(sizeof(double) * 4 * n1);
    if (!w || !vw || !out) { job->rc = OF_ERR_NOMEM; goto done; }
    for (int q = job->first; q < job->last; q++) {
        const of_showdown_table *rt = t->river[q];
        const uint32_t *hi = t->h_idx[q], *vi = t->v_idx[q];
        if (!rt->n) continue;
        for (size_t r = 0; r < job->k; r++) {
            const double *wr = m ? job->weights + r * m : job->weights;
            for (size_t j = 0; j < rt->m; j++) vw[j] = wr[vi[j]];
            if (load_weights(rt, w, vw) >= 0) { job->rc = OF_ERR_WEIGHT; goto done; }
            values_one(rt, w, vw, out, out + n1, out + 2 * n1, out + 3 * n1);
            double *value = job->sums + r * 4 * n, *reach = value + n, *high = reach + n,
                   *low = high + n;
            for (size_t i = 0; i < rt->n; i++) {
                uint32_t h = hi[i];
                value[h] += out[i]; reach[h] += out[n1 + i];
                high[h] += out[2 * n1 + i]; low[h] += out[3 * n1 + i];
            }
        }
    }
done:
    of_showdown_work_free(w);
    free(vw); free(out);
    return NULL;
}

int of_turn_table_values(const of_turn_table *t, const double *weights, size_t k, int threads,
                         double *value, double *reach, double *high, double *low,
                         size_t *bad_row, size_t *bad_col) {
    if (!t || !bad_row || !bad_col || (k && t->m && !weights) ||
        (k && t->n && (!value || !reach || !high || !low)) || threads < 0)
        return OF_ERR_ARG;
    size_t n = t->n, m = t->m;
    for (size_t r = 0; r < k; r++) {   /* every row checked before any work */
        const double *wr = m ? weights + r * m : weights;
        double total = 0.0;
        for (size_t j = 0; j < m; j++) {
            if (!(wr[j] >= 0.0 && wr[j] <= DBL_MAX)) {
                *bad_row = r; *bad_col = j;
                return OF_ERR_WEIGHT;
            }
            total += wr[j];
        }
        if (!(total <= DBL_MAX)) { *bad_row = r; *bad_col = m; return OF_ERR_WEIGHT; }
    }
    if (!n || !k) return OF_OK;
    int n_threads = resolve_threads(threads, (size_t)t->n_rivers);
    double *sums = calloc((size_t)n_threads * k * 4 * n, sizeof(double));
    if (!sums) return OF_ERR_NOMEM;
    turn_table_job jobs[MAX_THREADS];
    of_thread ids[MAX_THREADS];
    for (int i = 0; i < n_threads; i++) {
        turn_table_job *job = &jobs[i];
        job->t = t; job->weights = weights; job->k = k;
        job->first = t->n_rivers * i / n_threads;
        job->last = t->n_rivers * (i + 1) / n_threads;
        job->sums = sums + (size_t)i * k * 4 * n;
        job->rc = OF_OK;
    }
    int rc = OF_OK, started = 0;
    for (int i = 1; i < n_threads; i++, started++)
        if (of_thread_create(&ids[i], turn_table_run, &jobs[i]) != 0) { rc = OF_ERR_THREAD; break; }
    turn_table_run(&jobs[0]);
    for (int i = 1; i <= started; i++) of_thread_join(&ids[i]);
    for (int i = 0; i < n_threads && rc == OF_OK; i++)
        if (jobs[i].rc != OF_OK) rc = jobs[i].rc;
    if (rc == OF_OK) {
        /* as in of_turn_showdown_values: each hand pair meets 40 rivers, each as likely */
        for (size_t r = 0; r < k; r++) {
            for (size_t i = 0; i < n; i++) {
                double v = 0.0, re = 0.0, h = 0.0, l = 0.0;
                for (int th = 0; th < n_threads; th++) {
                    const double *base = jobs[th].sums + r * 4 * n;
                    v += base[i]; re += base[n + i]; h += base[2 * n + i]; l += base[3 * n + i];
                }
                value[r * n + i] = v / 40.0; reach[r * n + i] = re / 40.0;
                high[r * n + i] = h / 40.0; low[r * n + i] = l / 40.0;
            }
        }
    }
    free(sums);
    return rc;
}
