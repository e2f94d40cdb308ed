/* omaha_fast's public C API, the range universe and its patterns, shapes and suit classes (ranges.c).
 *
 * Part of the API omaha_fast.h gathers (its status convention and shared types hold
 * here). The block between the cdef markers is read verbatim by omaha_fast/_core/_build.py
 * as the cffi declaration of omaha_fast/_core/ranges.py's calls.
 */
#ifndef OMAHA_FAST_OF_RANGES_H
#define OMAHA_FAST_OF_RANGES_H

#include "omaha_fast.h"

#ifdef __cplusplus
extern "C" {
#endif

/* cdef-begin */
/* Ranges (ranges.c). The universe is the 270,725 four-card hands in colex order of their
 * sorted cards: C(c0,1) + C(c1,2) + C(c2,3) + C(c3,4) for c0 < c1 < c2 < c3. */
#define OF_RANGE_UNIVERSE 270725
#define OF_RANGE_VARS 8      /* rank (and suit) variables per pattern, numbered 1..8 */
#define OF_SHAPE_DS 1        /* suits 2-2 */
#define OF_SHAPE_SS 2        /* suits 2-1-1 */
#define OF_SHAPE_RB 3        /* suits 1-1-1-1 */
#define OF_SHAPE_NP 4        /* four different ranks */
/* Fills out (OF_RANGE_UNIVERSE rows of 4 cards) with the universe and returns its size;
 * out NULL only returns the size. */
size_t of_range_universe(uint8_t *out);
/* The universe index of four distinct cards (any order), or -status. */
int64_t of_range_index(const uint8_t *cards);
/* out[i] = 1 where hand i matches the pattern: its cards can be given to the terms one to
 * one so that every term fits its card, variables taking one value each, different
 * variables different values, none a value in fixed_ranks / fixed_suits. Fewer than four
 * terms are padded with terms that fit any card. n_out must be OF_RANGE_UNIVERSE. */
int of_range_match(const of_term *terms, int n_terms, unsigned fixed_ranks,
                   unsigned fixed_suits, uint8_t *out, size_t n_out);
/* out[i] = 1 where hand i has the shape (OF_SHAPE_*). */
int of_range_shape(int shape, uint8_t *out, size_t n_out);
/* The suit-isomorphism class of every hand, numbered 0.. in the order the universe first
 * meets them; *n_classes gets their number (16,432). */
int of_range_classes(uint16_t *class_of, size_t n_out, uint32_t *n_classes);
/* The same for five-card hands (Big O, five-card Omaha): the 2,598,960 hands in colex
 * order of their sorted cards c0 < .. < c4, patterns of up to five terms (fewer are padded
 * with terms that fit any card), shapes ds = suits 2-2-1, ss = 2-1-1-1, rb = none, np =
 * five ranks, and classes numbered in uint32 (134,459 of them). */
#define OF_RANGE_UNIVERSE5 2598960
size_t of_range_universe5(uint8_t *out);
int64_t of_range_index5(const uint8_t *cards);
int of_range_match5(const of_term *terms, int n_terms, unsigned fixed_ranks,
                    unsigned fixed_suits, uint8_t *out, size_t n_out);
int of_range_shape5(int shape, uint8_t *out, size_t n_out);
int of_range_classes5(uint32_t *class_of, size_t n_out, uint32_t *n_classes);
/* cdef-end */

#ifdef __cplusplus
}
#endif

#endif /* OMAHA_FAST_OF_RANGES_H */
