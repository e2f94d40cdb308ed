/* ThreadSanitizer driver for the solver's threaded kernels (.ci/run builds it with
 * -fsanitize=thread against every csrc .c file): a prepared river table's combined batch
 * (walks and single rows of showdowns and fold sums taken from one queue, with payoffs),
 * and the DCFR node update and children's reaches, each on several threads and checked
 * against one thread. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "omaha_fast.h"

static int failures = 0;

static void check(int ok, const char *what) {
    if (!ok) {
        fprintf(stderr, "FAILED: %s\n", what);
        failures++;
    }
}

static uint64_t state = 88172645463325252ull;

static uint64_t next(void) {   /* xorshift64: the same numbers on every run */
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

/* n hands of four cards, none on the board, no card twice in a hand */
static void deal(uint8_t *rows, size_t n, const uint8_t *board) {
    uint64_t on_board = 0;
    for (int c = 0; c < 5; c++) on_board |= 1ull << board[c];
    for (size_t i = 0; i < n; i++) {
        uint64_t used = on_board;
        for (int c = 0; c < 4; c++) {
            uint8_t x;
            do x = (uint8_t)(next() % 52); while (used >> x & 1);
            used |= 1ull << x;
            rows[4 * i + c] = x;
        }
    }
}

static void prepared_batch(void) {
    /* 2c 3d 7h Ks 5c (card = rank * 4 + suit), hi/lo: a low is possible, so all three
     * sweeps run */
    const uint8_t board[5] = {0, 5, 22, 47, 12};
    enum { N = 2600, M = 2900, KV = 11, KB = 9, K = KV + KB };   /* past one-thread size */
    uint8_t *hero = malloc(4 * N), *villain = malloc(4 * M);
    double *w = malloc(sizeof(double) * K * M);
    double *value1 = malloc(sizeof(double) * KV * N), *reach1 = malloc(sizeof(double) * K * N);
    double *value = malloc(sizeof(double) * KV * N), *reach = malloc(sizeof(double) * K * N);
    double pot[KV], put[KV], pay[KB];
    deal(hero, N, board);
    deal(villain, M, board);
    for (size_t i = 0; i < (size_t)K * M; i++) w[i] = (double)(next() % 1000) / 999.0;
    for (int r = 0; r < KV; r++) { pot[r] = 10.0 + r; put[r] = r / 2.0; }
    for (int r = 0; r < KB; r++) pay[r] = r - 4.0;
    of_showdown_table *t = NULL;
    size_t bad_row, bad_col;
    int bad_side;
    int rc = of_showdown_table_new(board, 5, hero, N, villain, M, OF_GAME_HILO, &t, &bad_row,
                                   &bad_side);
    check(rc == OF_OK, "table");
    rc = of_showdown_table_run(t, NULL, 0, w, KV, KB, 1, value1, reach1, NULL, NULL,
                               reach1 + (size_t)KV * N, pot, put, pay, &bad_row, &bad_col);
    check(rc == OF_OK, "one thread");
    for (int threads = 2; threads <= 4; threads++) {
        rc = of_showdown_table_run(t, NULL, 0, w, KV, KB, threads, value, reach, NULL, NULL,
                                   reach + (size_t)KV * N, pot, put, pay, &bad_row, &bad_col);
        check(rc == OF_OK, "threads");
        check(memcmp(value, value1, sizeof(double) * KV * N) == 0, "values as one thread");
        check(memcmp(reach, reach1, sizeof(double) * K * N) == 0, "reaches as one thread");
    }
    w[(size_t)13 * M + 5] = -1.0;   /* a bad weight: the same row on any threads */
    rc = of_showdown_table_run(t, NULL, 0, w, KV, KB, 3, value, reach, NULL, NULL,
                               reach + (size_t)KV * N, pot, put, pay, &bad_row, &bad_col);
    check(rc == OF_ERR_WEIGHT && bad_row == 13 && bad_col == 5, "bad weight");
    of_showdown_table_free(t);
    free(hero); free(villain); free(w); free(value1); free(reach1); free(value); free(reach);
}

static void dcfr(void) {
    enum { COUNT = 150001, A = 3 };
    float *state1 = malloc(sizeof(float) * 3 * A * COUNT);
    float *state2 = malloc(sizeof(float) * 3 * A * COUNT);
    double *values[A], *own = malloc(sizeof(double) * COUNT);
    double *node1 = malloc(sizeof(double) * COUNT), *node2 = malloc(sizeof(double) * COUNT);
    double *out1[A], *out2[A];
    for (int a = 0; a < A; a++) {
        values[a] = malloc(sizeof(double) * COUNT);
        out1[a] = malloc(sizeof(double) * COUNT);
        out2[a] = malloc(sizeof(double) * COUNT);
        for (size_t i = 0; i < COUNT; i++) values[a][i] = (double)(next() % 2001) - 1000.0;
    }
    for (size_t i = 0; i < (size_t)3 * A * COUNT; i++)
        state1[i] = state2[i] = (float)((double)(next() % 1000) / 999.0);
    for (size_t i = 0; i < COUNT; i++) own[i] = (double)(next() % 1000) / 999.0;
    float *r1 = state1, *s1 = state1 + A * COUNT, *c1 = state1 + 2 * A * COUNT;
    float *r2 = state2, *s2 = state2 + A * COUNT, *c2 = state2 + 2 * A * COUNT;
    int rc = of_dcfr_update_f(COUNT, A, r1, s1, c1, (const double *const *)values, own, 0.7,
                              0.5, 0.9, node1, 1);
    check(rc == OF_OK, "update, one thread");
    rc = of_dcfr_update_f(COUNT, A, r2, s2, c2, (const double *const *)values, own, 0.7, 0.5,
                          0.9, node2, 3);
    check(rc == OF_OK, "update, threads");
    check(memcmp(state1, state2, sizeof(float) * 3 * A * COUNT) == 0, "update as one thread");
    check(memcmp(node1, node2, sizeof(double) * COUNT) == 0, "node values as one thread");
    rc = of_dcfr_reach(COUNT, A, own, c1, out1, 1);
    check(rc == OF_OK, "reach, one thread");
    rc = of_dcfr_reach(COUNT, A, own, c1, out2, 3);
    check(rc == OF_OK, "reach, threads");
    for (int a = 0; a < A; a++)
        check(memcmp(out1[a], out2[a], sizeof(double) * COUNT) == 0, "reach as one thread");
    for (int a = 0; a < A; a++) { free(values[a]); free(out1[a]); free(out2[a]); }
    free(state1); free(state2); free(own); free(node1); free(node2);
}

int main(void) {
    prepared_batch();
    dcfr();
    if (failures) return 1;
    printf("solver kernels: no data race, the same results on 1 to 4 threads\n");
    return 0;
}
