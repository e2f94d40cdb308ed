"""The package's value scales worked out by counting, for tests that need expected values.

Nothing here comes from the evaluator or the reference: the high scale is rebuilt from the
number of distinct hands in each category and the combinatorial number system, the low
scale from "compare from the highest card down".

High scale, weakest first (distinct five-card values per category):
high card 1277, pair 2860, two pair 858, trips 858, straight 10, flush 1277,
full house 156, quads 156, straight flush 10; 7,462 in all.
"""

from __future__ import annotations

from itertools import combinations
from math import comb

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)

DISTINCT = (1277, 2860, 858, 858, 10, 1277, 156, 156, 10)
"""Distinct values in each category, weakest category first."""

BASE = tuple(sum(DISTINCT[:i]) for i in range(9))
"""Values below each category: the first value of category c is BASE[c] + 1."""

TOP = tuple(BASE[i] + DISTINCT[i] for i in range(9))
"""The largest value of each category (TOP[-1] == 7462)."""

HANDS_PER_VALUE = (4 ** 5 - 4, 6 * 4 ** 3, 6 * 6 * 4, 4 * 4 * 4, 4 ** 5 - 4, 4, 4 * 6, 4, 4)
"""How many of the 2,598,960 five-card hands share one value, by category: e.g. a pair is
C(4,2) suit choices for the pair times 4^3 for the kickers; a high card or a straight is
any suits but the four flushes."""

# The ten straights as rank sets (rank 0 = deuce .. 12 = ace); the wheel is A-2-3-4-5.
STRAIGHT_SETS = [frozenset(range(top - 4, top + 1)) for top in range(4, 13)]
WHEEL = frozenset({12, 0, 1, 2, 3})
STRAIGHT_SETS.insert(0, WHEEL)


def _colex(ranks_desc: tuple[int, ...]) -> int:
    """Index of a descending tuple of distinct ranks among all such sets of its size, in
    the order 'compare from the highest rank down' (the combinatorial number system)."""
    k = len(ranks_desc)
    return sum(comb(r, k - i) for i, r in enumerate(ranks_desc))


def _squeeze(rank: int, removed: tuple[int, ...]) -> int:
    """The rank's index once the ranks in ``removed`` are taken out of 0..12."""
    return rank - sum(1 for r in removed if r < rank)


def _straight_top(ranks: set[int]) -> int:
    """Top rank of the straight these five ranks make (the wheel tops at the five, 3)."""
    return 3 if frozenset(ranks) == WHEEL else max(ranks)


def _unsuited_index(ranks_desc: tuple[int, ...]) -> int:
    """Index of five distinct non-straight ranks among all such sets, weakest first."""
    index = _colex(ranks_desc)
    below = sum(1 for s in STRAIGHT_SETS
                if _colex(tuple(sorted(s, reverse=True))) < index)
    return index - below


def high_value(ranks: list[int] | tuple[int, ...], flush: bool) -> int:
    """Value 1..7462 of five cards given their ranks and whether they share a suit."""
    assert len(ranks) == 5
    counts = {r: ranks.count(r) for r in set(ranks)}
    by_count = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = tuple(counts[r] for r in by_count)
    distinct = set(ranks)
    if len(distinct) == 5 and frozenset(distinct) in STRAIGHT_SETS:
        cat = STRAIGHT_FLUSH if flush else STRAIGHT
        return BASE[cat] + (_straight_top(distinct) - 3) + 1
    if flush or shape == (1, 1, 1, 1, 1):
        cat = FLUSH if flush else HIGH_CARD
        return BASE[cat] + _unsuited_index(tuple(sorted(ranks, reverse=True))) + 1
    if shape == (4, 1):
        q, k = by_count
        return BASE[QUADS] + 12 * q + _squeeze(k, (q,)) + 1
    if shape == (3, 2):
        t, p = by_count
        return BASE[FULL_HOUSE] + 12 * t + _squeeze(p, (t,)) + 1
    if shape == (3, 1, 1):
        t, k1, k2 = by_count
        kick = (_squeeze(k1, (t,)), _squeeze(k2, (t,)))
        return BASE[TRIPS] + comb(12, 2) * t + _colex(kick) + 1
    if shape == (2, 2, 1):
        p1, p2, k = by_count
        return BASE[TWO_PAIR] + 11 * _colex((p1, p2)) + _squeeze(k, (p1, p2)) + 1
    if shape == (2, 1, 1, 1):
        p, k1, k2, k3 = by_count
        kick = tuple(_squeeze(k, (p,)) for k in (k1, k2, k3))
        return BASE[PAIR] + comb(12, 3) * p + _colex(kick) + 1
    raise ValueError(f"not a five-card hand: {ranks}")


def category_of(value: int) -> int:
    """Category (0 high card .. 8 straight flush) of a value, from the counts above."""
    for cat, top in enumerate(TOP):
        if value <= top:
            return cat
    raise ValueError(value)


# Lows: ranks with the ace as 1. "Compare from the highest card down" puts a low with the
# smaller highest card first, so sorting the descending tuples ascending lists the best
# first; the value counts up from the worst (8-7-6-5-4 = 1) to the wheel (56).
_LOWS_BEST_FIRST = sorted(tuple(sorted(c, reverse=True)) for c in combinations(range(1, 9), 5))


def low_value(ranks) -> int:
    """Value 1..56 of five distinct low ranks (ace = 1), in any order."""
    key = tuple(sorted(ranks, reverse=True))
    return 56 - _LOWS_BEST_FIRST.index(key)


def low_ranks(value: int) -> tuple[int, ...]:
    """The five ranks (highest first) of a low value."""
    return _LOWS_BEST_FIRST[56 - value]


def low_rank(card: int) -> int:
    """A card's low rank: ace 1, deuce 2 .. eight 8, anything higher 0."""
    rank = card >> 2
    return 1 if rank == 12 else (rank + 2 if rank <= 6 else 0)
