/* Per-player equity tables (see equity.h): a player's non-flush high by the multiset of
 * the ranks still to come, his low by the board's low ranks, his flushes by suit. */
#include "platform.h"   /* first: it sets the feature macros */

#include <stdlib.h>

#include "equity.h"

const uint16_t eq_no_flush[8192];

void eq_deck_groups(job *J) {
    for (int i = J->n_deck - 1; i >= 0; i--)
        J->group_end[i] = (uint8_t)(i + 1 < J->n_deck && J->deck[i + 1] >> 2 == J->deck[i] >> 2
                                    ? J->group_end[i + 1] : i + 1);
}

int eq_dealt_rows_build(job *J) {
    int deal = J->deal, size = eq_high_size(J);
    J->dealt_rows = malloc((size_t)size * sizeof *J->dealt_rows);
    if (!J->dealt_rows) return OF_ERR_NOMEM;
    J->n_dealt_rows = size;
    int d[5] = {0, 0, 0, 0, 0};
    do J->dealt_rows[deal ? of_multiset_index(d, deal) : 0] =
        board_multiset(J->known_ranks, J->n_known, d);
    while (next_multiset(d, deal));
    return OF_OK;
}

/* The best flushes of a hand holding the ranks hole_suited of a suit, for the boards a
 * run can make in it: the known suited ranks plus up to `left` more of `avail` (ranks from
 * `from` up, so each set is written once), when they make three or more. Other entries
 * are never read, so a reused buffer needs no clearing. */
static void flush_fill(uint16_t *t, unsigned hole_suited, unsigned board, unsigned avail,
                       int left, int from) {
    if (of_popcount(board) >= 3) t[board] = of_best_flush(hole_suited, board);
    if (!left) return;
    for (int r = from; r < 13; r++)
        if (avail >> r & 1u) flush_fill(t, hole_suited, board | 1u << r, avail, left - 1, r + 1);
}

/* The ranks of suit s in the hole when the hand can flush in s on this run: two of them,
 * and three or more board cards of s possible. 0 otherwise. */
static unsigned hole_flush_ranks(const job *J, const uint8_t *hole, int s) {
    unsigned hs = hole_suit_ranks(hole, s);
    unsigned known = (unsigned)(J->known_suited >> (16 * s)) & 0x1FFFu;
    return of_popcount(hs) >= 2 && of_popcount(known) + J->deal >= 3 ? hs : 0;
}

void eq_player_tables(job *J, int p, const uint8_t *hole, uint16_t *high,
                      uint16_t *const flush[4]) {
    uint8_t pair[6];
    hole_pairs(pair, hole);
    const uint16_t *base = of_board_rows(5);
    for (int i = 0; i < J->n_dealt_rows; i++)
        high[i] = (uint16_t)max6(base + (size_t)J->dealt_rows[i] * OF_PAIRS, pair);
    J->high[p] = high;
    J->low[p] = of_low + (hole_low(hole) << 8);
    J->flush[p][4] = eq_no_flush;   /* read when no suit has three cards */
    for (int s = 0; s < 4; s++) {
        unsigned hs = hole_flush_ranks(J, hole, s);
        J->flush[p][s] = eq_no_flush;
        if (!hs) continue;
        unsigned known = (unsigned)(J->known_suited >> (16 * s)) & 0x1FFFu;
        flush_fill(flush[s], hs, known, J->avail_all[s], J->deal, 0);
        J->flush[p][s] = flush[s];
    }
}

int eq_fixed_tables(job *J, int p, const uint8_t *hole) {
    uint16_t *high = malloc((size_t)eq_high_size(J) * sizeof *high), *flush[4] = {0};
    int rc = high ? OF_OK : OF_ERR_NOMEM;
    for (int s = 0; s < 4 && rc == OF_OK; s++)
        if (hole_flush_ranks(J, hole, s) && !(flush[s] = malloc(8192 * sizeof *flush[s])))
            rc = OF_ERR_NOMEM;
    if (rc != OF_OK) {
        free(high);
        for (int s = 0; s < 4; s++) free(flush[s]);
        return rc;
    }
    eq_player_tables(J, p, hole, high, flush);
    return OF_OK;
}

/* ---- five and six hole cards: the same tables from every rank pair of the hole (the
 * four-card functions above keep their six unrolled pairs) */
static void player_tables_n(job *J, int p, const uint8_t *hole, int n_hole, uint16_t *high,
                            uint16_t *const flush[4]) {
    uint8_t pair[15];
    int np = 0;
    for (int a = 0; a < n_hole; a++)
        for (int b = a + 1; b < n_hole; b++)
            pair[np++] = of_pair_index[hole[a] >> 2][hole[b] >> 2];
    const uint16_t *base = of_board_rows(5);
    for (int i = 0; i < J->n_dealt_rows; i++) {
        const uint16_t *row = base + (size_t)J->dealt_rows[i] * OF_PAIRS;
        unsigned best = 0;
        for (int k = 0; k < np; k++) best = row[pair[k]] > best ? row[pair[k]] : best;
        high[i] = (uint16_t)best;
    }
    J->high[p] = high;
    unsigned hm = 0;
    for (int i = 0; i < n_hole; i++) hm |= of_low_bit[hole[i] >> 2];
    J->low[p] = of_low + (hm << 8);
    J->flush[p][4] = eq_no_flush;
    for (int s = 0; s < 4; s++) {
        unsigned hs = 0;
        for (int i = 0; i < n_hole; i++) hs |= (unsigned)((hole[i] & 3) == s) << (hole[i] >> 2);
        unsigned known = (unsigned)(J->known_suited >> (16 * s)) & 0x1FFFu;
        J->flush[p][s] = eq_no_flush;
        if (of_popcount(hs) < 2 || of_popcount(known) + J->deal < 3) continue;
        flush_fill(flush[s], hs, known, J->avail_all[s], J->deal, 0);
        J->flush[p][s] = flush[s];
    }
}

int eq_fixed_tables_n(job *J, int p, const uint8_t *hole, int n_hole) {
    uint16_t *high = malloc((size_t)eq_high_size(J) * sizeof *high), *flush[4] = {0};
    int rc = high ? OF_OK : OF_ERR_NOMEM;
    for (int s = 0; s < 4 && rc == OF_OK; s++) {
        unsigned hs = 0;
        for (int i = 0; i < n_hole; i++) hs |= (unsigned)((hole[i] & 3) == s) << (hole[i] >> 2);
        unsigned known = (unsigned)(J->known_suited >> (16 * s)) & 0x1FFFu;
        if (of_popcount(hs) >= 2 && of_popcount(known) + J->deal >= 3 &&
            !(flush[s] = malloc(8192 * sizeof *flush[s])))
            rc = OF_ERR_NOMEM;
    }
    if (rc != OF_OK) {
        free(high);
        for (int s = 0; s < 4; s++) free(flush[s]);
        return rc;
    }
    player_tables_n(J, p, hole, n_hole, high, flush);
    return OF_OK;
}

int eq_board_tables(job *J) {
    int n = J->n, size = eq_high_size(J);
    J->stride = n <= 8 ? 8 : 16;
    J->high_rows = calloc((size_t)size * (size_t)J->stride, sizeof *J->high_rows);
    J->low_rows = calloc(256 * 16, sizeof *J->low_rows);
    if (!J->high_rows || !J->low_rows) return OF_ERR_NOMEM;
    for (int p = 0; p < n; p++) {
        for (int i = 0; i < size; i++) J->high_rows[(size_t)i * (size_t)J->stride + (size_t)p] = J->high[p][i];
        for (int low = 0; low < 256; low++) J->low_rows[low * 16 + p] = J->low[p][low];
        for (int s = 0; s < 4; s++)
            if (J->flush[p][s] != eq_no_flush) J->flushers[s] |= 1u << p;
    }
    return OF_OK;
}

void eq_fixed_tables_free(job *J) {
    free(J->high_rows);
    free(J->low_rows);
    for (int p = 0; p < J->n; p++) {
        free((void *)J->high[p]);
        for (int s = 0; s < 4; s++)
            if (J->flush[p][s] && J->flush[p][s] != eq_no_flush) free((void *)J->flush[p][s]);
    }
}
