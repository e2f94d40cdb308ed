/* ThreadSanitizer driver for the threaded equity runner (.ci/run builds it with
 * -fsanitize=thread against every csrc .c file): exact and Monte Carlo runs of fixed hands and of
 * ranges on several threads, with a progress callback, each checked against one thread. */
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

static int progress(void *user, double done, double total) {
    int *calls = user;
    (*calls)++;
    return done > total;   /* never stops the run, but reads what the runner passes */
}

static int same(const of_player_result *a, const of_player_result *b, int n) {
    return memcmp(a, b, (size_t)n * sizeof *a) == 0;
}

static void fixed_hands(int mode, uint64_t samples, const char *what) {
    /* Ac2c3h4h against KcKdQcJd (card = rank * 4 + suit) */
    const uint8_t hands[8] = {48, 0, 6, 10, 44, 45, 40, 37};
    of_player_result one[2], many[2];
    double boards1, no_low1, boards, no_low;
    int calls = 0;
    int rc = of_equity(hands, 2, NULL, 0, NULL, 0, OF_GAME_HILO, mode, samples, 7, 1, NULL,
                       NULL, one, &boards1, &no_low1);
    check(rc == OF_OK, what);
    for (int threads = 2; threads <= 4; threads += 2) {
        rc = of_equity(hands, 2, NULL, 0, NULL, 0, OF_GAME_HILO, mode, samples, 7, threads,
                       progress, &calls, many, &boards, &no_low);
        check(rc == OF_OK && same(one, many, 2) && boards == boards1 && no_low == no_low1, what);
    }
    check(calls > 0, "progress reported");
    printf("%s: %.0f boards, equity %.6f, threads 1 = 2 = 4\n", what, boards1, one[0].equity);
}

static void ranges(int mode, uint64_t samples, const char *what) {
    /* one hand against the first 400 hands (in card order) that miss it and the flop */
    const uint8_t board[3] = {1, 22, 31};
    uint8_t hands[4 * 401] = {48, 49, 6, 10};
    uint32_t weights[401], sizes[2] = {1, 400};
    uint64_t out = 0;
    for (int i = 0; i < 4; i++) out |= (uint64_t)1 << hands[i];
    for (int i = 0; i < 3; i++) out |= (uint64_t)1 << board[i];
    int n = 1;
    for (int a = 0; a < 52 && n <= 400; a++)
        for (int b = a + 1; b < 52 && n <= 400; b++)
            for (int c = b + 1; c < 52 && n <= 400; c++)
                for (int d = c + 1; d < 52 && n <= 400; d++) {
                    uint64_t m = (uint64_t)1 << a | (uint64_t)1 << b | (uint64_t)1 << c |
                                 (uint64_t)1 << d;
                    if (m & out) continue;
                    uint8_t *h = hands + 4 * n;
                    h[0] = (uint8_t)a; h[1] = (uint8_t)b; h[2] = (uint8_t)c; h[3] = (uint8_t)d;
                    n++;
                }
    for (int i = 0; i < 401; i++) weights[i] = 1 + (uint32_t)(i % 3);
    of_player_result one[2], many[2];
    double boards1, no_low1, deals1, boards, no_low, deals;
    int calls = 0;
    int rc = of_range_equity(hands, weights, sizes, 2, board, 3, NULL, 0, OF_GAME_HILO, mode,
                             samples, 11, 1, NULL, NULL, one, &boards1, &no_low1, &deals1);
    check(rc == OF_OK, what);
    rc = of_range_equity(hands, weights, sizes, 2, board, 3, NULL, 0, OF_GAME_HILO, mode,
                         samples, 11, 3, progress, &calls, many, &boards, &no_low, &deals);
    check(rc == OF_OK && same(one, many, 2) && boards == boards1 && deals == deals1, what);
    printf("%s: %.0f deals, equity %.6f, threads 1 = 3\n", what, deals1, one[0].equity);
}

int main(void) {
    fixed_hands(0, 0, "exact, fixed hands");
    fixed_hands(1, 300000, "Monte Carlo, fixed hands");
    ranges(0, 0, "exact, ranges");
    ranges(1, 200000, "Monte Carlo, ranges");
    if (failures) return 1;
    printf("1 passed, 0 failed\n");
    return 0;
}
