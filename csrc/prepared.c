/* Prepared showdowns: the river kernel of showdown.c with everything that depends only on
 * the board and the two ranges done once, so a solver pays per weight vector only the
 * sweeps themselves; the blocker (fold) kernel; and the turn average over the rivers.
 * This file: the tables, their work areas and the single-row walks.
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
 * Batches of rows are prepared_batch.c's, the turn prepared_turn.c's.
 */
#include "platform.h"

#include <float.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "eval.h"
#include "omaha_fast.h"
#include "prepared.h"
#include "runner.h"
#include "showdown.h"

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

/* Adds w at r's cells, and says whether it did: a weight of 0 changes no sum. */
static inline int acc_add(double *S, const rec *r, double w) {
    if (w == 0.0) return 0;
    const uint16_t *at = r->at;
    S[0] += w;
    for (int k = 0; k < 14; k++) S[at[k]] += w;
    return 1;
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
        int added = 0;
        for (uint32_t t = v0; t < v1; t++) added |= acc_add(S, &p->v[t], w[p->v[t].row]);
        if (added) {   /* ties: the group's villains added (none: each hero's sum is as it was) */
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
int prep_check_spot(const uint8_t *board, int n_board, int want_board, size_t n, size_t m,
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
void prep_turn_cards(const uint8_t *board, uint8_t live_of[52]) {
    for (int c = 0; c < 52; c++) live_of[c] = (uint8_t)c;
    for (int k = 0; k < 4; k++) live_of[board[k]] = 0xFF;
}

int of_showdown_table_new(const uint8_t *board, int n_board, const uint8_t *hero, size_t n,
                          const uint8_t *villain, size_t m, int game,
                          of_showdown_table **out, size_t *bad_row, int *bad_side) {
    if (!out || !board || !bad_row || !bad_side || (n && !hero) || (m && !villain))
        return OF_ERR_ARG;
    *out = NULL;
    int rc = prep_check_spot(board, n_board, 5, n, m, game, bad_side);
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
    t->same_is_weight = n_uid == m;
    if (t->same_is_weight) {   /* uid u is villain u's (numbered by first appearance) */
        for (size_t i = 0; i < n; i++)
            h_same[i] = h_same[i] < m ? t->v_pos[h_same[i]] : (uint32_t)m;
    }
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
    free(w->acc_f); free(w->same_f); free(w->w_f); free(w->out_f);
    free(w);
}

/* A work area for tables of at most n hero hands and n_uid distinct villain hands. */
of_showdown_work *prep_work_alloc(size_t n, size_t n_uid, size_t m) {
    of_showdown_work *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    w->n = n;
    w->m = m;
    w->n_uid = n_uid;
    w->acc = calloc(ACC_CAP, sizeof(double));
    w->same = calloc(n_uid + 1, sizeof(double));
    w->scratch = malloc(sizeof(double) * (n ? n : 1));
    w->w_pos = calloc(m + 1, sizeof(double));
    w->o_pos = malloc(sizeof(double) * 3 * (n ? n : 1));
    if (!w->acc || !w->same || !w->scratch || !w->w_pos || !w->o_pos) {
        of_showdown_work_free(w);
        return NULL;
    }
    return w;
}

int of_showdown_work_new(const of_showdown_table *t, of_showdown_work **out) {
    if (!t || !out) return OF_ERR_ARG;
    *out = prep_work_alloc(t->n, t->n_uid, t->m);
    return *out ? OF_OK : OF_ERR_NOMEM;
}

of_showdown_work *of_showdown_work_sized(size_t n, size_t m) {
    return prep_work_alloc(n, m, m);   /* a range of m hands has at most m distinct hands */
}

size_t of_showdown_work_bytes(size_t n, size_t m) {
    size_t n1 = n ? n : 1, m1 = m ? m : 1;   /* as prep_work_alloc and lanes_ready */
    size_t one = ACC_CAP + (m + 1) + n1 + (m + 1) + 3 * n1;
    size_t lanes = (size_t)LANES * (ACC_CAP + (m + 1) + (m1 + 1) + 3 * n1);
    /* the float lanes (as many bytes) where the single-precision walks take the table */
    if (n <= SINGLE_MAX_HANDS && m <= SINGLE_MAX_HANDS) lanes *= 2;
    return sizeof(of_showdown_work) + sizeof(double) * (one + lanes);
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
long long prep_load_weights(const of_showdown_table *t, of_showdown_work *w,
                              const double *weights) {
    double total = 0.0;
    int by_uid = !t->same_is_weight;
    if (by_uid) memset(w->same, 0, sizeof(double) * (t->n_uid + 1));
    for (size_t j = 0; j < t->m; j++) {
        double x = weights[j];
        if (!(x >= 0.0 && x <= DBL_MAX)) return (long long)j;   /* NaN fails both */
        total += x;
        if (by_uid) w->same[t->v_uid[j]] += x;
    }
    if (!(total <= DBL_MAX)) return (long long)t->m;
    return -1;
}

/* One row of weights in walk order, into w->w_pos. */
static const double *weights_in_order(const of_showdown_table *t, of_showdown_work *w,
                                      const double *weights) {
    for (size_t j = 0; j < t->m; j++) w->w_pos[t->v_pos[j]] = weights[j];
    w->w_pos[t->m] = 0.0;   /* the identical hand of a hero that has none */
    return w->w_pos;
}

/* One weight vector; the row of weights has been checked. */
void prep_values_one(const of_showdown_table *t, of_showdown_work *w, const double *weights,
                       double *value, double *reach, double *high, double *low) {
    double *S = w->acc;
    const double *wp = weights_in_order(t, w, weights);
    const double *same = t->same_is_weight ? wp : w->same;
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
void prep_blockers_one(const of_showdown_table *t, of_showdown_work *w, const double *weights,
                         double *reach) {
    double *S = w->acc, *rch = w->o_pos;
    const double *wp = weights_in_order(t, w, weights);
    const double *same = t->same_is_weight ? wp : w->same;
    const plan *p = &t->hs;
    size_t v_n = p->v_start[p->n_groups], h_n = p->h_start[p->n_groups];
    for (size_t k = 0; k < v_n; k++) acc_add(S, &p->v[k], wp[p->v[k].row]);
    for (size_t k = 0; k < h_n; k++) {
        const rec *r = &p->h[k];
        rch[r->row] = acc_disjoint(S, r) + same[r->same];
    }
    acc_reset(S, p, t->acc_size);
    for (size_t i = 0; i < t->n; i++) reach[i] = rch[t->h_pos[i]];
}

