/* Compiler intrinsics behind one small header: GCC and Clang builtins, the MSVC intrinsics,
 * and a portable fallback for any other compiler. */
#ifndef OF_BITS_H
#define OF_BITS_H

#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
#define OF_ALWAYS_INLINE inline __attribute__((always_inline))
#elif defined(_MSC_VER)
#define OF_ALWAYS_INLINE __forceinline
#else
#define OF_ALWAYS_INLINE inline
#endif

#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
#if defined(_M_X64) || defined(_M_ARM64)
#pragma intrinsic(_BitScanForward, _BitScanReverse, _BitScanForward64, _BitScanReverse64)
#endif
#endif

static inline int of_popcount(uint32_t x) {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_popcount(x);
#elif defined(_MSC_VER) && defined(_M_X64)
    /* POPCNT is in every x86-64 CPU that runs the Windows versions Python supports */
    return (int)__popcnt(x);
#else
    /* SWAR: bits counted in pairs, nibbles, then bytes summed by one multiply */
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (int)((x * 0x01010101u) >> 24);
#endif
}

static inline int of_ctz(uint32_t x) {   /* x != 0 */
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctz(x);
#elif defined(_MSC_VER)
    unsigned long i;
    _BitScanForward(&i, x);
    return (int)i;
#else
    int n = 0;
    while (!(x & 1u)) { x >>= 1; n++; }
    return n;
#endif
}

static inline int of_clz(uint32_t x) {   /* x != 0 */
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_clz(x);
#elif defined(_MSC_VER)
    unsigned long i;
    _BitScanReverse(&i, x);
    return 31 - (int)i;
#else
    int n = 0;
    while (!(x & 0x80000000u)) { x <<= 1; n++; }
    return n;
#endif
}

/* The same for 64-bit words (card masks). */
static inline int of_popcount64(uint64_t x) {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_popcountll(x);
#elif defined(_MSC_VER) && defined(_M_X64)
    return (int)__popcnt64(x);
#else
    return of_popcount((uint32_t)x) + of_popcount((uint32_t)(x >> 32));
#endif
}

static inline int of_ctz64(uint64_t x) {   /* x != 0 */
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(x);
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_ARM64))
    unsigned long i;
    _BitScanForward64(&i, x);
    return (int)i;
#else
    return (uint32_t)x ? of_ctz((uint32_t)x) : 32 + of_ctz((uint32_t)(x >> 32));
#endif
}

static inline int of_clz64(uint64_t x) {   /* x != 0 */
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_clzll(x);
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_ARM64))
    unsigned long i;
    _BitScanReverse64(&i, x);
    return 63 - (int)i;
#else
    return x >> 32 ? of_clz((uint32_t)(x >> 32)) : 32 + of_clz((uint32_t)x);
#endif
}

#endif
