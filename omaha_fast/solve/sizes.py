"""Bet sizes: what a size list may hold, the by-street text form, geometric sizing.

A size is a pot fraction (``0.75``: three quarters of the pot), ``"allin"``, or a
geometric size: ``"geo"`` (as many streets as the hand has left) or ``"2e"`` (two
streets). The text form is the command line's: percents of the pot (``33``, ``33%``),
``pot``, ``allin`` (or ``a``), ``geo`` (or ``e``), ``2e``, and ``none`` for no sizes,
between commas; a list may be given per street, ``street:list`` parts between
semicolons, a part without a street standing for every street not named.

>>> read_text("33,75,allin", "bets")
(0.33, 0.75, 'allin')
>>> read_text("33,75;river:75,geo", "bets")
{'flop': (0.33, 0.75), 'turn': (0.33, 0.75), 'river': (0.75, 'geo')}
>>> read_text("turn:none", "donk")
{'turn': ()}
"""

from __future__ import annotations

import math
import numbers
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Optional, Union

from .errors import BetTreeError, SubgameTypeError

STREETS = ("flop", "turn", "river")
STREETS_LEFT = {"flop": 3, "turn": 2, "river": 1}
ALLIN = "allin"
"""The all-in as a size."""
GEO = "geo"
"""The geometric size over the streets left."""
_STREETS_OF_GEO = re.compile(r"([1-9][0-9]?)e")   # "2e": geometric over two streets

Size = Union[float, str]
"""A size: a pot fraction, ALLIN, GEO or a geometric size over a count of streets."""
Sizes = tuple[Size, ...]
"""A list of sizes, sorted: pot fractions, then geometric sizes, then the all-in."""
Text = Union[Sizes, dict[str, Sizes]]


def geometric_fraction(pot: float, behind: float, streets: int) -> float:
    """The pot fraction that, bet and called on each of ``streets`` streets, puts the
    ``behind`` chips in: each street multiplies the pot by ``1 + 2f``, and the bets add
    up to ``pot * ((1 + 2f) ** streets - 1) / 2``, so
    ``f = ((1 + 2 * behind / pot) ** (1 / streets) - 1) / 2``.

    >>> round(geometric_fraction(10, 90, 2), 4)    # bet 16.79, then 73.21 into 43.59
    1.6794
    >>> geometric_fraction(10, 30, 1)              # one street: the whole stack
    3.0
    """
    return float(((1 + 2 * behind / pot) ** (1 / streets) - 1) / 2)


def geo_streets(size: str, street: str) -> int:
    """The streets a geometric size spreads the stack over, seen from ``street``."""
    return STREETS_LEFT[street] if size == GEO else int(size[:-1])


def _fraction(x: object, what: str) -> float:
    if isinstance(x, bool) or not isinstance(x, numbers.Real):
        raise SubgameTypeError(f"{what} must be a number (a pot fraction), 'allin', 'geo' "
                               f"or a geometric size such as '2e', got {x!r}")
    f = float(x)
    if not math.isfinite(f) or f <= 0 or f > 100:
        raise BetTreeError(f"{what} must be a pot fraction above 0 and at most 100, got {x!r}")
    return f


def read_size(x: object, what: str) -> Size:
    """One size of the Python API: a pot fraction or one of the words."""
    if isinstance(x, str) and (x in (ALLIN, GEO) or _STREETS_OF_GEO.fullmatch(x)):
        return x
    return _fraction(x, what)


def _order(x: Size) -> tuple[int, float]:
    # pot fractions by size, then the geometric sizes, the all-in last
    if isinstance(x, float):
        return 0, x
    if x == ALLIN:
        return 2, 0.0
    return 1, 0.0 if x == GEO else float(x[:-1])


def read_sizes(sizes: object, what: str) -> Sizes:
    """A list of sizes, sorted, each once."""
    if isinstance(sizes, (str, bytes)) or not isinstance(sizes, Iterable):
        raise SubgameTypeError(f"{what} must be a sequence of pot fractions, got {sizes!r}")
    return tuple(sorted({read_size(x, f"{what} size") for x in sizes}, key=_order))


@dataclass(frozen=True)
class ByStreet:
    """Sizes that differ by street: each street's list, None where the tree's fallback
    holds (see :meth:`BetTree.sizes`)."""

    flop: Optional[Sizes] = None
    turn: Optional[Sizes] = None
    river: Optional[Sizes] = None

    def on(self, street: str) -> Optional[Sizes]:
        value: Optional[Sizes] = getattr(self, street)
        return value

    def to_dict(self) -> dict[str, list[Size]]:
        return {s: list(v) for s in STREETS if (v := self.on(s)) is not None}


Field = Union[None, Sizes, ByStreet]
SizesLike = Union[Sequence[Size], Mapping[str, Optional[Sequence[Size]]], ByStreet]
"""What a size field takes: one list for every street, or lists by street."""


def read_field(value: object, what: str, streets: tuple[str, ...] = STREETS) -> Field:
    """None, one list for every street, or a mapping from street to list (None for a
    street that keeps the fallback): a mapping whose streets all agree is one list."""
    if value is None:
        return None
    if isinstance(value, ByStreet):
        value = {s: v for s in STREETS if (v := value.on(s)) is not None}
    if not isinstance(value, Mapping):
        return read_sizes(value, what)
    lists: dict[str, Optional[Sizes]] = {}
    for street, sizes in value.items():
        if sizes is None and street in STREETS:
            continue
        if street not in streets:
            raise BetTreeError(f"{what}: no street {street!r} (one of {', '.join(streets)})")
        lists[street] = None if sizes is None else read_sizes(sizes, f"{what} on the {street}")
    given = [lists.get(s) for s in streets]
    if all(g is not None for g in given) and len(set(given)) == 1:
        return given[0]
    if not any(g is not None for g in given):
        return None
    return ByStreet(**lists)


def field_dict(value: object) -> Any:
    """A field as JSON: None, a list, or a mapping by street."""
    if value is None:
        return None
    if isinstance(value, ByStreet):
        return value.to_dict()
    assert isinstance(value, tuple)
    return list(value)


def _token(part: str, what: str, text: str) -> Size:
    word = part.strip().lower()
    if word in ("allin", "all-in", "a"):
        return ALLIN
    if word in ("geo", "e"):
        return GEO
    if _STREETS_OF_GEO.fullmatch(word):
        return word
    if word == "pot":
        return 1.0
    try:
        f = float(word.rstrip("%")) / 100
    except ValueError:
        f = math.nan
    if not math.isfinite(f) or f <= 0 or f > 100:
        raise BetTreeError(f"{what} {text!r}: cannot read size {part.strip()!r} (a percent "
                           f"of the pot such as 33, 'pot', 'allin', 'geo', '2e' or 'none')")
    return f


def _list(text: str, what: str, whole: str) -> Sizes:
    parts = text.split(",")
    if [p.strip().lower() for p in parts] == ["none"]:
        return ()
    sizes: list[Size] = []
    for part in parts:
        if not part.strip():        # ',,,' or '' once read as a tree without bets
            raise BetTreeError(f"{what} {whole!r}: an empty size (sizes are percents of "
                               f"the pot such as 33, 'pot' or 'allin', between commas; "
                               f"'none' for no sizes)")
        if part.strip().lower() == "none":
            raise BetTreeError(f"{what} {whole!r}: 'none' stands alone (no sizes)")
        sizes.append(_token(part, what, whole))
    return read_sizes(sizes, what)


def read_text(text: object, what: str, streets: tuple[str, ...] = STREETS) -> Text:
    """Sizes from the command line's text: one list (a tuple) or lists by street (a dict
    holding the streets named, and every street when a part names none)."""
    if not isinstance(text, str):
        raise SubgameTypeError(f"{what} must be text such as '33,75,pot' or "
                               f"'flop:33;turn,river:75', got {text!r}")
    if ":" not in text and ";" not in text:
        return _list(text, what, text)
    named: dict[str, Sizes] = {}
    rest: Optional[Sizes] = None
    for part in text.split(";"):
        head, colon, tail = part.partition(":")
        if not colon:
            if rest is not None:
                raise BetTreeError(f"{what} {text!r}: two parts name no street "
                                   f"({part.strip()!r}); write 'street:sizes'")
            rest = _list(part, what, text)
            continue
        for street in (s.strip().lower() for s in head.split(",")):
            if street not in streets:
                raise BetTreeError(f"{what} {text!r}: {street!r} is not a street (one of "
                                   f"{', '.join(streets)})")
            if street in named:
                raise BetTreeError(f"{what} {text!r}: the {street} is named twice")
            named[street] = _list(tail, what, text)
    if rest is not None:
        named.update({s: rest for s in streets if s not in named})
    return {s: named[s] for s in streets if s in named}


__all__ = ["ALLIN", "GEO", "STREETS", "ByStreet", "Size", "Sizes", "SizesLike",
           "geometric_fraction", "read_field", "read_sizes", "read_text"]
