/* Compiler intrinsics behind one small header, each with a portable fallback. */
#ifndef OF_BITS_H
#define OF_BITS_H

#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
#define OF_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define OF_ALWAYS_INLINE inline
#endif

static inline int of_popcount(uint32_t x) {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_popcount(x);
#else
    int n = 0;
    while (x) { x &= x - 1; n++; }
    return n;
#endif
}

static inline int of_ctz(uint32_t x) {   /* x != 0 */
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctz(x);
#else
    int n = 0;
    while (!(x & 1u)) { x >>= 1; n++; }
    return n;
#endif
}

static inline int of_clz(uint32_t x) {   /* x != 0 */
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_clz(x);
#else
    int n = 0;
    while (!(x & 0x80000000u)) { x <<= 1; n++; }
    return n;
#endif
}

#endif
