"""Dealing from a fresh, uniformly shuffled deck.

>>> cards = draw(random.Random(1), list(DECK), 5)
>>> len(set(cards)), all(isinstance(c, Card) for c in cards)
(5, True)
"""

from __future__ import annotations

import random

from ..cards import Card

DECK = tuple(Card(i) for i in range(52))

_PLANS: dict[tuple[int, int, int], tuple[int, tuple[tuple[int, int], ...]]] = {}


def _plan(n: int, m: int, start: int) -> tuple[int, tuple[tuple[int, int], ...]]:
    """(n!/(n-m)!, the (position, radix) of each digit), worked out once per shape."""
    count = 1
    for i in range(m):
        count *= n - i
    if len(_PLANS) > 4096:
        _PLANS.clear()
    plan = _PLANS[n, m, start] = (count, tuple(zip(range(start, start + m),
                                                   range(n, n - m, -1))))
    return plan


def draw(rng: random.Random, pool: list[Card], m: int, start: int = 0) -> list[Card]:
    """``m`` cards drawn uniformly from ``pool[start:]``; they are moved to
    ``pool[start:start + m]`` (so repeated calls deal from one shuffled deck).

    One random number below n!/(n-m)! is read as mixed-radix digits that drive a partial
    Fisher-Yates shuffle: unbiased, and a single call into the generator (cheap for
    the CSPRNG too).

    >>> pool = list(DECK)
    >>> first = draw(random.Random(1), pool, 4)
    >>> more = draw(random.Random(2), pool, 4, start=4)
    >>> len(set(first + more)), pool[:8] == first + more
    (8, True)
    """
    n = len(pool) - start
    count, digits = _PLANS.get((n, m, start)) or _plan(n, m, start)
    r = rng.randrange(count)
    for i, radix in digits:
        j = r % radix + i
        r //= radix
        pool[i], pool[j] = pool[j], pool[i]
    return pool[start:start + m]


__all__ = ["DECK", "draw"]
