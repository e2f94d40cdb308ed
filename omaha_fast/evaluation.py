"""Hand values: the best Omaha high and 8-or-better low of a hand, one by one or in batches.

>>> e = evaluate("As2s3h4h", "5c6d7hKsKd")
>>> e.high.category, e.high.value, str(e.high)
(<Category.STRAIGHT: 4>, 5856, 'Straight, Seven high')
>>> str(e.low), e.low.ranks, e.low.value
('7-6-5-2-A', (7, 6, 5, 2, 1), 41)
>>> evaluate("As2s3h4h", "5c6d7hKsKd", game="high").low is None
True
>>> evaluate("As2s3h4h", "KcKdQh") .low is None   # no three low board cards
True
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from enum import IntEnum
from functools import lru_cache, total_ordering
from itertools import combinations
from typing import Any, Optional, TypeVar, Union

from . import _core
from ._arrays import as_rows
from ._checks import check_int
from .cards import RANK_NAMES, Card, CardsLike, check_disjoint, parse_cards, parse_group
from .errors import InvalidCardError, InvalidValueError


class Category(IntEnum):
    """Hand categories, weakest first."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    TRIPS = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    QUADS = 7
    STRAIGHT_FLUSH = 8


_CATEGORY_NAMES = {Category.HIGH_CARD: "High Card", Category.PAIR: "Pair",
                   Category.TWO_PAIR: "Two Pair", Category.TRIPS: "Three of a Kind",
                   Category.STRAIGHT: "Straight", Category.FLUSH: "Flush",
                   Category.FULL_HOUSE: "Full House", Category.QUADS: "Four of a Kind",
                   Category.STRAIGHT_FLUSH: "Straight Flush"}

# The highest value of each category on the 1..7462 scale.
_CATEGORY_TOP = (1277, 4137, 4995, 5853, 5863, 7140, 7296, 7452, 7462)


def category_of(value: int) -> Category:
    """Category of a high value.

    >>> category_of(7462), category_of(1)
    (<Category.STRAIGHT_FLUSH: 8>, <Category.HIGH_CARD: 0>)
    """
    value = check_int(value, "high value", low=1, high=7462)
    return Category(bisect_left(_CATEGORY_TOP, value))   # value <= 7462, the last top


def _plural(rank: int) -> str:
    name = RANK_NAMES[rank]
    return name + ("es" if name == "Six" else "s")


def _describe(category: Category, cards: Sequence[Card]) -> str:
    ranks = sorted((c.rank for c in cards), reverse=True)
    groups = sorted(set(ranks), key=lambda r: (ranks.count(r), r), reverse=True)
    top = RANK_NAMES[groups[0]]
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        high = 3 if ranks == [12, 3, 2, 1, 0] else ranks[0]
        if category is Category.STRAIGHT_FLUSH and high == 12:
            return "Royal Flush"
        kind = "Straight Flush" if category is Category.STRAIGHT_FLUSH else "Straight"
        return f"{kind}, {RANK_NAMES[high]} high"
    if category is Category.QUADS:
        return f"Four of a Kind, {_plural(groups[0])}"
    if category is Category.FULL_HOUSE:
        return f"Full House, {_plural(groups[0])} full of {_plural(groups[1])}"
    if category is Category.FLUSH:
        return f"Flush, {top} high"
    if category is Category.TRIPS:
        return f"Three of a Kind, {_plural(groups[0])}"
    if category is Category.TWO_PAIR:
        return f"Two Pair, {_plural(groups[0])} and {_plural(groups[1])}"
    if category is Category.PAIR:
        return f"Pair of {_plural(groups[0])}"
    return f"High Card, {top}"


_H = TypeVar("_H", bound="_HandValue")


@total_ordering
class _HandValue:
    """What high and low hands share: an int ``value`` (larger is stronger) by which they
    compare, order and hash, so equal values tie; and the five cards (two hole, three
    board) that make the hand, worked out on first use so that ranking millions of hands
    does not pay for them."""

    __slots__ = ("_value", "_cards", "_source")
    _TOP = 0            # the largest value on the scale
    _IS_LOW = False     # which best-cards search finds the cards

    def __init__(self, value: int, cards: Optional[Sequence[Card]] = None,
                 source: Optional[tuple[bytes, bytes]] = None) -> None:
        self._value = check_int(value, f"{type(self).__name__} value", low=1, high=self._TOP)
        self._cards = tuple(cards) if cards is not None else None
        self._source = source

    @classmethod
    def _from_core(cls: type[_H], value: int, source: tuple[bytes, bytes]) -> _H:
        """A value the C core produced (so in range): skips the check, on the hot path."""
        hand = object.__new__(cls)
        hand._value = value
        hand._cards = None
        hand._source = source
        return hand

    @property
    def value(self) -> int:
        """The value on the package's scale: larger is stronger."""
        return self._value

    @property
    def cards(self) -> tuple[Card, ...]:
        """The five cards that make the hand (two hole, three board for Omaha)."""
        if self._cards is None:
            if self._source is None:
                raise InvalidValueError(f"this {type(self).__name__} was built from a value "
                                        f"alone and has no cards")
            hole, board = self._source
            self._cards = tuple(Card(c) for c in _core.best_cards(hole, board, self._IS_LOW))
        return self._cards

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._value == other._value

    def __lt__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._value < other._value

    def __hash__(self) -> int:
        return hash((self._IS_LOW, self._value))

    def __repr__(self) -> str:
        # not a constructor call: the cards behind the description are not in it
        return f"<{type(self).__name__} {self._value}: {self}>"


class HighHand(_HandValue):
    """A high hand, 1..7462 (7462 is a royal flush).

    >>> a, b = rank5("AhKhQhJhTh"), rank5("7c5d4h3s2c")
    >>> a > b, a.value, b.value, str(a)
    (True, 7462, 1, 'Royal Flush')
    """

    __slots__ = ()
    _TOP = 7462

    @property
    def category(self) -> Category:
        return category_of(self._value)

    def __str__(self) -> str:
        if self._cards is None and self._source is None:
            return _CATEGORY_NAMES[self.category]   # built from a value: no cards to name
        return _describe(self.category, self.cards)


_LOWS = sorted((tuple(sorted(c, reverse=True)) for c in combinations(range(1, 9), 5)),
               reverse=True)  # value v is _LOWS[v - 1]: 8-7-6-5-4 is 1, the wheel 56


class LowHand(_HandValue):
    """A qualifying 8-or-better low, 1..56 (56 is 5-4-3-2-A).

    >>> LowHand(56), LowHand(56).ranks, LowHand(1) < LowHand(2)
    (<LowHand 56: 5-4-3-2-A>, (5, 4, 3, 2, 1), True)
    """

    __slots__ = ()
    _TOP = 56
    _IS_LOW = True

    @property
    def ranks(self) -> tuple[int, ...]:
        """The five ranks, highest first, the ace as 1."""
        return _LOWS[self._value - 1]

    def __str__(self) -> str:
        return "-".join("A" if r == 1 else str(r) for r in self.ranks)


class Evaluation:
    """The result of :func:`evaluate`: ``high`` and ``low`` (``None`` when no low)."""

    # One object a call until asked for more: evaluate() keeps the C core's packed value and
    # the cards, and the hand objects are made on first use (fewer objects for the
    # collector to track when millions of results are kept).
    __slots__ = ("_high", "_low", "_packed", "_hole", "_board")

    def __init__(self, high: HighHand, low: Optional[LowHand]) -> None:
        self._high: Optional[HighHand] = high
        self._low: Optional[LowHand] = low
        self._packed = 0   # (no low to make: a missing low stays None)
        self._hole = self._board = b""

    @classmethod
    def _from_core(cls, packed: int, hole: bytes, board: bytes) -> Evaluation:
        e = object.__new__(cls)
        e._high = e._low = None
        e._packed = packed
        e._hole = hole
        e._board = board
        return e

    @property
    def high(self) -> HighHand:
        if self._high is None:
            self._high = HighHand._from_core(self._packed >> 8, (self._hole, self._board))
        return self._high

    @property
    def low(self) -> Optional[LowHand]:
        if self._low is None and self._packed & 0xFF:
            self._low = LowHand._from_core(self._packed & 0xFF, (self._hole, self._board))
        return self._low


    def __repr__(self) -> str:
        return f"Evaluation(high={self.high!r}, low={self.low!r})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Evaluation) and self.high == other.high
                and self.low == other.low)

    def __hash__(self) -> int:
        return hash((self.high, self.low))


@lru_cache(maxsize=8192)
def _text_to_bytes(text: str) -> bytes:
    return bytes(parse_cards(text))


def _as_bytes(cards: CardsLike) -> bytes:
    if isinstance(cards, str):
        return _text_to_bytes(cards)
    if isinstance(cards, (list, tuple)) and _PLAIN_CARD_TYPES.issuperset(map(type, cards)):
        try:
            # Cards and small ints convert directly; the C core checks range and
            # duplicates, and a refusal is explained by the full parse in _explain.
            return bytes(cards)
        except ValueError:
            pass
    return bytes(parse_cards(cards))


_PLAIN_CARD_TYPES = frozenset((Card, int))  # not bool, which is an int but never a card


def evaluate(hole: CardsLike, board: CardsLike, game: str = "hilo") -> Evaluation:
    """Best high and best 8-or-better low of four hole cards on a 3-, 4- or 5-card board;
    five hole cards (Big O, five-card Omaha) and six are evaluated the same way.

    Exactly two hole cards and exactly three board cards make each hand; the high and the
    low may use different cards.

    >>> e = evaluate("AsKs2d3c9h", "QsJsTs4d5h")     # five cards: 10 pairs of hole cards
    >>> str(e.high), e.low is None
    ('Royal Flush', True)

    >>> evaluate("AsAd2c3c", "AsKcKd")
    Traceback (most recent call last):
    ...
    omaha_fast.errors.InvalidCardError: duplicate card As: in hole and in board
    """
    h, b = _as_bytes(hole), _as_bytes(board)
    try:
        packed = _core.eval_packed(h, b, _core.game_code(game))
    except InvalidCardError:
        _explain(hole, board)
        raise
    return Evaluation._from_core(packed, h, b)


def evaluate_values(hole: Union[bytes, Sequence[Card]], board: Union[bytes, Sequence[Card]],
                    game: str = "hilo") -> tuple[int, int]:
    """(high value, low value or 0) as plain ints: :func:`evaluate` for code that has its
    cards as :class:`~omaha_fast.cards.Card` sequences or bytes already and ranks hands
    one at a time (the engine's showdown). Cards the C core refuses raise the same
    :class:`~omaha_fast.errors.InvalidCardError` as :func:`evaluate`.

    >>> evaluate_values(parse_cards("As2s3h4h"), parse_cards("5c6d7hKsKd"))
    (5856, 41)
    """
    h = hole if isinstance(hole, bytes) else bytes(hole)
    b = board if isinstance(board, bytes) else bytes(board)
    try:
        packed = _core.eval_packed(h, b, _core.game_code(game))
    except InvalidCardError:
        _explain(list(h), list(b))
        raise
    return packed >> 8, packed & 0xFF


def _explain(hole: CardsLike, board: CardsLike) -> None:
    """Raise the error of the full parse, which names the group and shows it as the
    caller wrote it, for input the C core refused."""
    h = parse_group(hole, _core.HOLE_SIZES, "hole")
    b = parse_group(board, (3, 4, 5), "board")
    check_disjoint(hole=h, board=b)


def rank5(cards: CardsLike) -> HighHand:
    """High value of a plain five-card hand.

    >>> rank5("As Ad Ac Kd Kc")
    <HighHand 7296: Full House, Aces full of Kings>
    """
    five = parse_group(cards, (5,), "a five-card hand")
    return HighHand(_core.rank5(bytes(five)), cards=five)


def _new_outputs(n: int) -> tuple[Any, Any]:
    import numpy as np  # here: evaluating one hand (and the command line) needs no numpy
    return np.empty(n, dtype=np.uint16), np.empty(n, dtype=np.uint8)  # C fills every row


def evaluate_batch(holes: Any, boards: Any, game: str = "hilo") -> tuple[Any, Any]:
    """High and low values of many hands in one C call (the GIL is released).

    ``holes`` is (n, 4) and ``boards`` (n, 3..5), numpy uint8 or any 2-D buffer of bytes;
    a flat buffer (``bytes``, ``array.array``) is read as consecutive rows of four. Holes
    of (n, 5) (Big O, five-card Omaha) or (n, 6) are evaluated the same way, two hole cards
    with three board cards.
    Returns (uint16 high values, uint8 low values with 0 for no low) as numpy arrays.

    >>> import numpy as np
    >>> holes = np.array([[51, 3, 7, 11]], dtype=np.uint8)          # As 2s 3s 4s
    >>> boards = np.array([[15, 19, 23, 50, 46]], dtype=np.uint8)   # 5s 6s 7s Ah Kh
    >>> high, low = evaluate_batch(holes, boards)
    >>> int(high[0]), int(low[0])
    (7455, 54)
    """
    h, n, n_hole = as_rows(holes, _core.HOLE_SIZES, "holes", flat_width=4)
    b, nb_rows, width = as_rows(boards, (3, 4, 5), "boards", rows=n)
    if n != nb_rows:
        raise InvalidCardError(f"holes has {n} rows but boards has {nb_rows}")
    high, low = _new_outputs(n)
    _core.eval_batch(h, b, width, _core.game_code(game), high, low, n_hole)
    return high, low


__all__ = ["Category", "HighHand", "LowHand", "Evaluation", "evaluate", "evaluate_batch",
           "evaluate_values", "rank5", "category_of"]
