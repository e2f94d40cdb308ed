"""The pure-Python reference evaluator: slow, obviously correct, independent of the C core.

It enumerates all 60 ways to take exactly two hole cards and exactly three board cards
(six with a three-card board, 24 with four), ranks each five-card hand by counting ranks
and suits, and keeps the best. Five hole cards (Big O, five-card Omaha) give 100 ways and
six give 150: the rule, and this code, are the same for any number of hole cards. It
shares no table or code with the C core: the tests use it as the oracle and the benches as
the baseline.

Values follow the package's scales: high 1..7462 (larger is stronger), low 1..56 (56 is
5-4-3-2-A) with 0 meaning no qualifying low.

>>> high_value("AsKsQsJsTs"), high_value("7c5d4h3s2c"), high_value("As2d3h4s5c")
(7462, 1, 5854)
>>> evaluate("As2s3h4h", "5c6d7hKsKd")
(5856, 41)
>>> low_ranks_of(evaluate("As2s3h4h", "5c6d7hKsKd")[1])
(7, 6, 5, 2, 1)
>>> evaluate("As2s3h7d7c", "7h5c6dKsKd")       # five hole cards: 7d 7c make a full house
(7211, 41)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache
from itertools import combinations
from typing import Union

from .cards import Card, parse_cards

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)


def _straight_top(ranks: tuple[int, ...]) -> Union[int, None]:
    """Top rank of a straight made by five distinct ranks, the wheel topping at the five."""
    distinct = sorted(set(ranks))
    if len(distinct) != 5:
        return None
    if distinct[4] - distinct[0] == 4:
        return distinct[4]
    if distinct == [0, 1, 2, 3, 12]:
        return 3
    return None


def strength(ranks: tuple[int, ...], flush: bool) -> tuple[int, ...]:
    """A tuple that orders five-card hands: category first, then the ranks that break ties."""
    top = _straight_top(ranks)
    if top is not None:
        return (STRAIGHT_FLUSH if flush else STRAIGHT, top)
    if flush:
        return (FLUSH, *sorted(ranks, reverse=True))
    counts = Counter(ranks)
    # ranks ordered by how many there are, then by rank: (count, rank) descending
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(c for _, c in groups)
    category = {(4, 1): QUADS, (3, 2): FULL_HOUSE, (3, 1, 1): TRIPS, (2, 2, 1): TWO_PAIR,
                (2, 1, 1, 1): PAIR, (1, 1, 1, 1, 1): HIGH_CARD}[shape]
    return (category, *(r for r, _ in groups))


def _all_strengths() -> list[tuple[int, ...]]:
    """Every distinct five-card strength, weakest first (7,462 of them)."""
    seen = set()
    for ranks in combinations_with_replacement_limited():
        seen.add(strength(ranks, False))
        if len(set(ranks)) == 5:
            seen.add(strength(ranks, True))
    return sorted(seen)


def combinations_with_replacement_limited() -> Iterable[tuple[int, ...]]:
    """All multisets of five ranks with at most four of any rank."""
    from itertools import combinations_with_replacement
    for ranks in combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) <= 4:
            yield ranks


_VALUE_OF: dict[tuple[int, ...], int] = {s: i + 1 for i, s in enumerate(_all_strengths())}


@cache
def _value(ranks: tuple[int, ...], flush: bool) -> int:
    return _VALUE_OF[strength(ranks, flush)]


def rank5_value(cards: Iterable[int]) -> int:
    """The high value (1..7462) of exactly five cards."""
    five = [int(c) for c in cards]
    assert len(five) == 5 and len(set(five)) == 5
    ranks = tuple(sorted(c >> 2 for c in five))
    flush = len({c & 3 for c in five}) == 1
    return _value(ranks, flush)


def high_value(cards: Union[str, Iterable[int]]) -> int:
    """High value of a five-card hand given as text or ints."""
    return rank5_value(parse_cards(cards))


# Low hands: ace counts 1, deuce 2 ... eight 8. A low is five distinct such ranks.
def _low_rank(card: int) -> Union[int, None]:
    rank = card >> 2
    if rank == 12:
        return 1
    return rank + 2 if rank <= 6 else None


ALL_LOWS: list[tuple[int, ...]] = sorted(
    (tuple(sorted(c, reverse=True)) for c in combinations(range(1, 9), 5)), reverse=True)
"""The 56 lows, weakest (8-7-6-5-4) first; a low's value is its position plus one."""

_LOW_VALUE: dict[tuple[int, ...], int] = {low: i + 1 for i, low in enumerate(ALL_LOWS)}


def low_ranks_of(value: int) -> tuple[int, ...]:
    """The five ranks (highest first, ace as 1) of a low value 1..56."""
    return ALL_LOWS[value - 1]


def low5_value(cards: Iterable[int]) -> int:
    """Low value (1..56) of five cards, or 0 when they do not make an 8-or-better low."""
    ranks = [_low_rank(int(c)) for c in cards]
    lows = [r for r in ranks if r is not None]
    if len(lows) != 5 or len(set(lows)) != 5:
        return 0
    return _LOW_VALUE[tuple(sorted(lows, reverse=True))]


def choices(hole: Iterable[int], board: Iterable[int]) -> Iterable[tuple[int, ...]]:
    """Every five-card hand of exactly two hole cards and exactly three board cards."""
    hole, board = list(hole), list(board)
    for two in combinations(hole, 2):
        for three in combinations(board, 3):
            yield two + three


def best_high(hole: Iterable[int], board: Iterable[int]) -> int:
    """Best high value under Omaha's two-plus-three rule."""
    return max(rank5_value(five) for five in choices(hole, board))


def best_low(hole: Iterable[int], board: Iterable[int]) -> int:
    """Best 8-or-better low value under the two-plus-three rule, 0 if none."""
    return max(low5_value(five) for five in choices(hole, board))


def evaluate(hole: Union[str, Iterable[int]], board: Union[str, Iterable[int]],
             game: str = "hilo") -> tuple[int, int]:
    """(high value, low value or 0) of an Omaha hand; the low is 0 for ``game="high"``."""
    h = [int(c) for c in parse_cards(hole)]
    b = [int(c) for c in parse_cards(board)]
    return best_high(h, b), (best_low(h, b) if game == "hilo" else 0)


__all__ = ["evaluate", "best_high", "best_low", "rank5_value", "high_value", "low5_value",
           "low_ranks_of", "ALL_LOWS", "strength", "choices", "Card"]
