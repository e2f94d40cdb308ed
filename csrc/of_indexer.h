/* omaha_fast's public C API, the hand indexer (indexer.c): suit isomorphism over rounds of cards.
 *
 * Part of the API omaha_fast.h gathers (its status convention and shared types hold
 * here). The block between the cdef markers is read verbatim by omaha_fast/_core/_build.py
 * as the cffi declaration of omaha_fast/_core/indexer.py's calls.
 */
#ifndef OMAHA_FAST_OF_INDEXER_H
#define OMAHA_FAST_OF_INDEXER_H

#include "omaha_fast.h"

#ifdef __cplusplus
extern "C" {
#endif

/* cdef-begin */
/* Hand indexer (suit isomorphism): deals over 1..OF_INDEXER_MAX_ROUNDS rounds of 1..13
 * cards each (52 at most), e.g. Omaha's 4, 3, 1, 1. A deal through round r (its cards
 * round by round, any order within a round) gets an index in 0..size(r)-1 shared exactly
 * by the deals that differ from it by a permutation of suits; unindex gives the canonical
 * deal of an index (cards ascending within each round). of_indexer_new fails with
 * OF_ERR_COUNT on bad round sizes or when a size does not fit in 64 bits. An indexer is
 * read-only after construction (thread-safe); free it with of_indexer_free. */
#define OF_INDEXER_MAX_ROUNDS 8
int of_indexer_new(const uint8_t *cards_per_round, int n_rounds, of_indexer **out);
void of_indexer_free(of_indexer *indexer);
int of_indexer_size(const of_indexer *indexer, int round, uint64_t *size);
/* Cards dealt through a round (the row width of the batches), -OF_ERR_ARG for a bad
 * round or a NULL indexer. */
int of_indexer_cards(const of_indexer *indexer, int round);
/* n rows of of_indexer_cards(round) cards; a bad row stops with *bad_row set. */
int of_indexer_index_batch(const of_indexer *indexer, int round, const uint8_t *cards,
                           size_t n, uint64_t *out, size_t *bad_row);
/* n indices (each below the round's size, else OF_ERR_ARG) to rows of cards. */
int of_indexer_unindex_batch(const of_indexer *indexer, int round, const uint64_t *indices,
                             size_t n, uint8_t *cards, size_t *bad_row);
/* cdef-end */

#ifdef __cplusplus
}
#endif

#endif /* OMAHA_FAST_OF_INDEXER_H */
