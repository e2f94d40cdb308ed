"""The 16,432 suit-isomorphism classes of starting hands, as the preflop game sees them.

Classes are numbered by :class:`omaha_fast.kernels.HandIndexer` (round 0). Each class has
its members (the hands one suit permutation apart), a canonical hand (the indexer's
``unindex``), a number of combinations, and its place in the package's hi/lo percent
ranking; buckets group classes of neighbouring rank into equal shares of the combinations.

>>> t = class_table()
>>> t.n, int(t.combos.sum()), t.text(t.index("AsAh2s3h"))
(16432, 270725, '2c3dAcAd')
>>> int(t.combos[t.index("AsAh2s3h")])                 # double-suited: 4 * 3 ways
12
>>> b = buckets(8)
>>> len(b), int(t.combos[b == 0].sum()) in range(33_000, 35_000)
(16432, True)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from ..cards import CardsLike, format_cards
from ..errors import InvalidValueError
from ..kernels import HandIndexer
from ..ranges import hand_classes, ranking_equities, universe

N_CLASSES = 16_432


class PreflopValueError(InvalidValueError):
    """A preflop argument out of its range: a stack, an ante, a class, a bucket count, a
    number of samples or iterations, or equity data that does not fit the question."""


@dataclass(frozen=True)
class ClassTable:
    """Read-only arrays over the classes. ``members[start[c]:start[c + 1]]`` are the
    universe rows (see :func:`omaha_fast.ranges.universe`) of class ``c``; ``canonical``
    holds each class's canonical hand (an (n, 4) uint8 array); ``combos`` its number of
    hands; ``equity`` its hi/lo all-in equity against a random hand (the percent ranking's
    package data, Monte Carlo); ``order`` the classes strongest first by that equity."""

    n: int
    of_hand: Any
    members: Any
    start: Any
    combos: Any
    canonical: Any
    equity: Any
    order: Any

    def member_rows(self, classes: Any) -> tuple[Any, Any]:
        """(hands, group starts): the member hands of ``classes`` one class after another,
        an (n, 4) uint8 array, and the offsets where each class begins (plus the end)."""
        import numpy as np
        ids = np.asarray(classes, dtype=np.int64)
        sizes = self.combos[ids]
        bounds = np.zeros(len(ids) + 1, dtype=np.uint32)
        np.cumsum(sizes, out=bounds[1:])
        rows = np.concatenate([self.members[self.start[c]:self.start[c + 1]] for c in ids]) \
            if len(ids) else np.zeros(0, dtype=np.int64)
        return np.ascontiguousarray(universe()[rows]), bounds

    def index(self, hand: CardsLike) -> int:
        """The class of a four-card hand."""
        return _indexer().index(hand)

    def text(self, c: int) -> str:
        """The canonical hand of class ``c`` as text."""
        return format_cards(int(x) for x in self.canonical[c])


@functools.cache
def _indexer() -> HandIndexer:
    return HandIndexer((4,))


@functools.cache
def class_table() -> ClassTable:
    """The class table (built once per process, about 0.1 s)."""
    import numpy as np
    ix = _indexer()
    hands = universe()
    of_hand = ix.index_batch(hands).astype(np.int64)
    n = ix.size(0)
    members = np.argsort(of_hand, kind="stable")
    combos = np.bincount(of_hand, minlength=n)
    start = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(combos, out=start[1:])
    canonical = ix.unindex_batch(0, np.arange(n, dtype=np.uint64))
    # the ranking's equities are kept by the ranges' own class numbers: map them over
    range_class, _ = hand_classes()
    first = members[start[:-1]]
    equity = ranking_equities("hilo")[range_class[first]]
    order = np.lexsort((np.arange(n), -equity))
    for a in (of_hand, members, combos, start, canonical, equity, order):
        a.flags.writeable = False
    return ClassTable(n, of_hand, members, start, combos, canonical, equity, order)


def buckets(k: int, order: Any = None) -> Any:
    """The bucket (0 .. k-1, strongest first) of every class in ``order`` (class numbers,
    strongest first; default every class in ranking order): the classes cut into ``k``
    runs of about equal combinations (a class is never split). Classes not in ``order``
    get -1."""
    import numpy as np
    t = class_table()
    order = t.order if order is None else np.asarray(order, dtype=np.int64)
    if isinstance(k, bool) or not isinstance(k, int):
        raise PreflopValueError(f"the number of buckets must be an int, not {k!r}")
    if not 1 <= k <= len(order):
        raise PreflopValueError(f"the number of buckets must be in 1..{len(order)}, not {k}")
    combos = t.combos[order]
    before = np.cumsum(combos) - combos
    out = np.full(t.n, -1, dtype=np.int64)
    out[order] = (before * k) // int(combos.sum())
    return out


__all__ = ["N_CLASSES", "ClassTable", "PreflopValueError", "class_table", "buckets"]
