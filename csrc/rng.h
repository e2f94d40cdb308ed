/* The Monte Carlo random source shared by the equity and hand-strength samplers:
 * splitmix64 seeds a xoshiro256** stream from (seed, block or hand), so a block's draws depend
 * on nothing else, and rng_below draws uniformly in [0, n) without favouring any value. */
#ifndef OMAHA_FAST_RNG_H
#define OMAHA_FAST_RNG_H

#include <stdint.h>

static inline uint64_t splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

typedef struct { uint64_t s[4]; } rng;

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t rng_next(rng *g) {   /* xoshiro256** */
    uint64_t *s = g->s, result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t; s[3] = rotl(s[3], 45);
    return result;
}

/* The stream of (seed, stream number): a block, a hand or a cell of a sampler. */
static inline void rng_seed(rng *g, uint64_t seed, uint64_t stream) {
    uint64_t x = seed ^ (stream * 0xD1B54A32D192ED03ull);
    for (int k = 0; k < 4; k++) g->s[k] = splitmix64(&x);
}

/* Uniform in [0, n): multiply-shift with rejection, so no value is favoured. */
static inline uint32_t rng_below(rng *g, uint32_t n) {
    uint64_t m = (uint64_t)(uint32_t)(rng_next(g) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t floor = (uint32_t)(-n) % n;
        while (low < floor) {
            m = (uint64_t)(uint32_t)(rng_next(g) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

#endif
