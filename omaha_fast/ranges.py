"""Omaha ranges: the generic range syntax, weighted ranges and percent rankings.

A range is a set of four-card hands, each with a weight 1..100. It is written in the
generic syntax Omaha players use (the Odds Oracle's), parsed once and expanded over all
270,725 hands by the C core, so no Python loop runs over hands:

>>> from omaha_fast import Range, RangeError
>>> len(Range("AA")), len(Range("*")), len(Range("$ds")), len(Range("AA:$ds"))
(6961, 270725, 36504, 864)
>>> r = Range("AA:$ds,A2$L$L")
>>> "As2s3h4h" in r, "AsAhKcQd" in r, r.canonical_classes
(True, False, 411)
>>> len(Range("JJ!JJJ")), len(Range("AARR")), len(Range("ssxx"))
(6768, 432, 18252)
>>> w = Range("AA@100,KK@50")
>>> len(w), sorted(set(w.weights.tolist()))
(13886, [50, 100])
>>> try:
...     Range("AA,KK@50")
... except RangeError as err:
...     print(err)
position 1: sub-range 1 has no weight but another has one (weigh every sub-range or none)

Syntax (every rule is tested; the README has the full table):

- A *pattern* is up to four card terms; a hand matches when its four cards can be given to
  the terms one to one so that each term fits its card (a shorter pattern is padded with
  ``*``). Card order never matters: ``AK`` is every hand with an ace and a king.
- A *card term* is a rank part and an optional suit part. Rank parts: ``A K Q J T 9 .. 2``,
  ``*`` (any), a rank variable (any other upper-case letter; ``R``, ``O``, ``N`` are usual),
  a bracket class ``[A-T]``, ``[2-5]``, ``[A,2-5]`` (spans run in the order A K Q .. 2,
  either end first) or a rank class macro (``$B`` = [A-J], ``$R`` = [A-T], ``$M`` = [T-7],
  ``$Z`` = [6-2], ``$L`` = [A,2-8], ``$W`` = [A,2-5], ``$N`` = [K-9], ``$F`` = [K-J]). Suit
  parts: ``s h d c``, or a suit variable ``w x y z``. A suit alone is a term of any rank.
- Variables: one letter takes one value; different letters take different values; and a
  variable never takes a rank or suit written explicitly in the same pattern.
- Hand macros: ``$ds`` (suits 2-2), ``$ss`` (2-1-1), ``$rb`` (1-1-1-1), ``$np`` (no two
  cards of one rank). Written inside a pattern (``AA$ds``) they are and-ed with it.
- Operators: ``,`` or; ``:`` and; ``!`` and-not; parentheses. ``:`` and ``!`` bind tighter
  than ``,`` and read left to right.
- Weights: ``@N`` (1..100) after a comma sub-range (or a closing parenthesis at the top
  level); a hand in several sub-ranges takes the highest weight; either every sub-range has
  a weight or none has. Unweighted hands weigh 1.
- Percentages: ``15%`` is the top 15% of hands by the game's ranking, in whole
  suit-isomorphism classes (a class is in when the share of hands ranked above it is below
  15%); ``5%-10%`` is the top 10% without the top 5%.
- An explicit hand (``As2s3h4h``) is a range of one hand.

Five-card hands (``game="bigo"`` or ``"omaha5"``): the same syntax over the 2,598,960
five-card hands, patterns of up to five terms (``AA``, ``AAKK*``, ``RRxx``, ``A2$L``), and
the hand macros ``$ds`` (suits 2-2-1), ``$ss`` (2-1-1-1) and ``$np`` (five ranks);
``$rb`` matches no five-card hand (four suits), and percent rankings are not made for five
cards (``15%`` is refused). Six-card ranges are not kept (20 million hands).

>>> big_o = Range("AA2:$ds", game="bigo")
>>> len(big_o), big_o.combos.shape[1], "As Ah 2s 2h Kd" in big_o
(9528, 5, True)
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Optional, Union

from . import _core
from ._checks import check_choice, check_int
from .cards import CardsLike, format_cards, parse_cards, parse_group
from .errors import InvalidTypeError, RangeError

RANKS = "23456789TJQKA"
SUITS = "cdhs"
UNIVERSE_SIZE = 270_725
UNIVERSE_SIZES = {4: UNIVERSE_SIZE, 5: 2_598_960}   # hands by hole size
_SUIT_VARS = "wxyz"
_ALL_RANKS = (1 << 13) - 1
_RANK_MACROS = {
    "B": "AKQJ", "R": "AKQJT", "M": "T987", "Z": "65432", "L": "A2345678", "W": "A2345",
    "N": "KQJT9", "F": "KQJ",
}
_HAND_MACROS = ("ds", "ss", "rb", "np")
_ORDER = "AKQJT98765432"          # the order spans run in
DATA_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data",
                         "percent_rankings.npz")
GAMES = ("hilo", "high", "bigo", "omaha5")
_WORDS = {4: "four", 5: "five"}
RANKED_GAMES = ("hilo", "high")       # the games percent rankings exist for


def hole_cards(game: str) -> int:
    """The hole cards of a range's hands in ``game``: 4, or 5 for ``bigo`` and ``omaha5``
    (six-card hands are not kept as ranges: 20 million of them).

    >>> hole_cards("hilo"), hole_cards("bigo")
    (4, 5)
    """
    if game == "omaha6":
        raise RangeError("ranges of six-card hands are not supported (20,358,520 hands); "
                         "ranges take hilo, high, bigo or omaha5")
    return _core.variant(check_choice(game, GAMES, "game"))[1]


# ---- the universe and what is known about each hand (built once, then read-only) --------

@functools.cache
def universe(n_hole: int = 4) -> Any:
    """All 270,725 hands as a read-only (270725, 4) uint8 array of sorted card ints, in the
    order every range array uses (colex order of the sorted cards); ``n_hole=5`` gives the
    2,598,960 five-card hands the same way.

    >>> u = universe()
    >>> u.shape, u[0].tolist(), u[-1].tolist()
    ((270725, 4), [0, 1, 2, 3], [48, 49, 50, 51])
    >>> universe(5).shape
    (2598960, 5)
    """
    import numpy as np
    out = np.empty((_size(n_hole), n_hole), dtype=np.uint8)
    _core.range_universe(out, n_hole)
    out.flags.writeable = False
    return out


def _size(n_hole: int) -> int:
    if n_hole not in UNIVERSE_SIZES:
        raise RangeError(f"ranges hold hands of 4 or 5 cards, not {n_hole}")
    return UNIVERSE_SIZES[n_hole]


@functools.cache
def _card_masks(n_hole: int = 4) -> Any:
    """Each hand's cards as a 64-bit mask."""
    import numpy as np
    one = np.uint64(1)
    u = universe(n_hole).astype(np.uint64)
    masks = one << u[:, 0]
    for k in range(1, n_hole):
        masks |= one << u[:, k]
    masks.flags.writeable = False
    return masks


@functools.cache
def hand_classes(n_hole: int = 4) -> tuple[Any, int]:
    """(class number of every hand, number of classes): hands one suit permutation apart
    share a class; classes are numbered in universe order of their first hand.

    >>> classes, n = hand_classes()
    >>> n, int(classes.max()) + 1
    (16432, 16432)
    """
    import numpy as np
    out = np.empty(_size(n_hole), dtype=np.uint16 if n_hole == 4 else np.uint32)
    n = _core.range_classes(out, n_hole)
    out.flags.writeable = False
    return out, n


@functools.cache
def ranking_equities(game: str) -> Any:
    """The equity by class that orders the percent ranking of ``game`` (package data made by
    ``python -m omaha_fast.tools.make_rankings``)."""
    import numpy as np
    if game in GAMES and game not in RANKED_GAMES:
        raise RangeError(f"percent rankings are made for four-card hands only (hilo, high), "
                         f"not for {game}: write five-card ranges with patterns and macros")
    check_choice(game, RANKED_GAMES, "game")
    with np.load(DATA_FILE) as data:
        eq = np.array(data[game], dtype=np.float64)
    if len(eq) != hand_classes()[1]:
        raise RangeError(f"ranking data has {len(eq)} classes, expected {hand_classes()[1]}")
    return eq


@functools.cache
def _share_above(game: str) -> Any:
    """Per hand: the share of all hands in classes ranked strictly above its class."""
    import numpy as np
    classes, n = hand_classes()
    eq = ranking_equities(game)
    sizes = np.bincount(classes, minlength=n)
    order = np.lexsort((np.arange(n), -eq))          # best first, ties by class number
    above = np.empty(n, dtype=np.float64)
    above[order] = (np.cumsum(sizes[order]) - sizes[order]) / UNIVERSE_SIZE
    out = above[classes]
    out.flags.writeable = False
    return out


# ---- parsing ------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Term:
    ranks: int = _ALL_RANKS       # bit r: rank r allowed (ignored when rank_var)
    rank_var: str = ""
    suits: int = 15
    suit_var: str = ""


@dataclass(frozen=True)
class _Pattern:
    terms: tuple[_Term, ...]
    macros: tuple[str, ...]


@dataclass(frozen=True)
class _Percent:
    low: float
    high: float


@dataclass(frozen=True)
class _Binary:
    op: str                        # ',', ':' or '!'
    left: _Node
    right: _Node


_Node = Union[_Pattern, _Percent, _Binary]


class _Parser:
    """Recursive descent over the text with blanks removed (positions refer to the text as
    given, counted from 1)."""

    def __init__(self, text: str, n_hole: int = 4) -> None:
        self.text = text
        self.n_hole = n_hole
        self.chars = [c for c in text if not c.isspace()]
        self.where = [i for i, c in enumerate(text) if not c.isspace()]
        self.i = 0

    def error(self, message: str, at: Optional[int] = None) -> RangeError:
        k = self.i if at is None else at
        pos = self.where[k] + 1 if k < len(self.where) else len(self.text) + 1
        return RangeError(f"position {pos}: {message}")

    def peek(self) -> str:
        return self.chars[self.i] if self.i < len(self.chars) else ""

    def parse(self) -> list[tuple[_Node, Optional[int], int]]:
        """Top level: comma sub-ranges with their weights and start positions."""
        if not self.chars:
            raise self.error("empty range")
        subs = []
        while True:
            start = self.i
            node = self.expression()
            weight = None
            if self.peek() == "@":
                self.i += 1
                at = self.i
                weight = self.integer("weight")
                if not 1 <= weight <= 100:
                    raise self.error(f"weight {weight} is not in 1..100", at)
            subs.append((node, weight, start))
            if self.peek() == ",":
                self.i += 1
                continue
            if self.i < len(self.chars):
                raise self.error(self._unexpected())
            return subs

    def _unexpected(self) -> str:
        c = self.peek()
        if c == "@":
            return "a weight goes only after a whole comma sub-range at the top level"
        if c == ")":
            return "')' without '('"
        return f"unexpected {c!r}"

    def integer(self, what: str) -> int:
        start = self.i
        while self.peek().isdigit():
            self.i += 1
        if start == self.i:
            raise self.error(f"expected a number for the {what}")
        return int("".join(self.chars[start:self.i]))

    def union(self) -> _Node:
        node = self.expression()
        while self.peek() == ",":
            self.i += 1
            node = _Binary(",", node, self.expression())
        return node

    def expression(self) -> _Node:
        node = self.atom()
        while self.peek() in (":", "!") and self.peek():
            op = self.peek()
            self.i += 1
            node = _Binary(op, node, self.atom())
        return node

    def atom(self) -> _Node:
        c = self.peek()
        if c == "(":
            open_at = self.i
            self.i += 1
            node = self.union()
            if self.peek() != ")":
                raise self.error("'(' is never closed" if not self.peek() else self._unexpected()
                                 if self.peek() != "@" else "weights go after ')' at the top "
                                 "level, not inside parentheses", None if self.peek() else open_at)
            self.i += 1
            return node
        if c.isdigit() and self._is_percent():
            return self.percent()
        if not c or c in ",:!)@":
            raise self.error("expected a hand pattern, a macro, a percentage or '('"
                             if c else "the range ends where a hand pattern was expected")
        return self.pattern()

    def _is_percent(self) -> bool:
        k = self.i
        while k < len(self.chars) and (self.chars[k].isdigit() or self.chars[k] == "."):
            k += 1
        return k < len(self.chars) and self.chars[k] == "%"

    def number_percent(self) -> float:
        start = self.i
        while self.peek().isdigit() or self.peek() == ".":
            self.i += 1
        try:
            value = float("".join(self.chars[start:self.i]))
        except ValueError:
            raise self.error("bad percentage", start) from None
        if self.peek() != "%":
            raise self.error("expected '%'")
        self.i += 1
        if not 0 <= value <= 100:
            raise self.error(f"percentage {value:g}% is not in 0..100", start)
        return value

    def percent(self) -> _Node:
        start = self.i
        low, high = 0.0, self.number_percent()
        if self.peek() == "-" and self.i + 1 < len(self.chars) and self.chars[self.i + 1].isdigit():
            self.i += 1
            low, high = high, self.number_percent()
            if low >= high:
                raise self.error(f"percent span {low:g}%-{high:g}% is empty", start)
        return _Percent(low, high)

    def rank_class(self) -> int:
        """A bracket class after '['; returns its rank mask."""
        open_at = self.i - 1
        mask = 0
        while True:
            a = self.class_rank()
            if self.peek() == "-":
                self.i += 1
                b = self.class_rank()
                lo, hi = sorted((_ORDER.index(RANKS[a]), _ORDER.index(RANKS[b])))
                for k in range(lo, hi + 1):
                    mask |= 1 << RANKS.index(_ORDER[k])
            else:
                mask |= 1 << a
            if self.peek() == ",":
                self.i += 1
                continue
            if self.peek() == "]":
                self.i += 1
                return mask
            raise self.error("'[' is never closed" if not self.peek()
                             else f"unexpected {self.peek()!r} in a rank class",
                             open_at if not self.peek() else None)

    def class_rank(self) -> int:
        c = self.peek().upper()
        if not c or c not in RANKS:
            raise self.error(f"expected a rank in the class, got {self.peek()!r}"
                             if self.peek() else "'[' is never closed")
        self.i += 1
        return RANKS.index(c)

    def _check_cards_once(self, terms: list[tuple[_Term, int]], start: int) -> None:
        """Two terms that can only be one and the same card (``AsAsKdKc``, ``RxRx``) match
        no hand: an error naming the pattern, not a range that is silently empty."""
        seen: set[tuple[object, object]] = set()
        for t, at in terms:
            rank = t.rank_var or (t.ranks if not t.ranks & (t.ranks - 1) else None)
            suit = t.suit_var or (t.suits if not t.suits & (t.suits - 1) else None)
            if rank is None or suit is None:
                continue                    # the term can be several cards
            if (rank, suit) in seen:
                text = "".join(self.chars[start:self.i])
                card = "".join(self.chars[at:at + 2])
                raise self.error(f"{text} holds {card} twice: a hand has "
                                 f"{_WORDS[self.n_hole]} different cards", start)
            seen.add((rank, suit))

    def pattern(self) -> _Pattern:
        """Card terms up to the next operator."""
        start = self.i
        terms: list[tuple[_Term, int]] = []
        macros: list[str] = []
        while self.peek() and self.peek() not in ",:!()@":
            at = self.i
            c = self.peek()
            ranks, rank_var = _ALL_RANKS, ""
            if c == "$":
                self.i += 1
                name = self.peek()
                if name in _RANK_MACROS:
                    self.i += 1
                    ranks = sum(1 << RANKS.index(r) for r in _RANK_MACROS[name])
                else:
                    word = "".join(self.chars[self.i:self.i + 2])
                    if word not in _HAND_MACROS:
                        raise self.error(f"unknown macro '${word or name}' (known: $ds $ss "
                                         f"$rb $np and the rank classes $B $R $M $Z $L $W "
                                         f"$N $F)", at)
                    self.i += 2
                    macros.append(word)
                    continue
            elif c == "[":
                self.i += 1
                ranks = self.rank_class()
            elif c == "*":
                self.i += 1
            elif c.upper() in RANKS and (c.isupper() or c.isdigit() or c in "akqjt"):
                self.i += 1
                ranks = 1 << RANKS.index(c.upper())
            elif c.isalpha() and c.isupper():
                self.i += 1
                rank_var = c
            elif c in SUITS or c in _SUIT_VARS:
                pass                                   # a suit alone: any rank
            else:
                raise self.error(f"unexpected {c!r} in a hand pattern")
            suits, suit_var = 15, ""
            s = self.peek()
            if s and s in SUITS:
                suits = 1 << SUITS.index(s)
                self.i += 1
            elif s and s in _SUIT_VARS:
                suit_var = s
                self.i += 1
            terms.append((_Term(ranks, rank_var, suits, suit_var), at))
            if len(terms) > self.n_hole:
                raise self.error(f"a hand pattern has at most {_WORDS[self.n_hole]} cards",
                                 at)
        if not terms and not macros:
            raise self.error("empty hand pattern", start)
        self._check_cards_once(terms, start)
        return _Pattern(tuple(t for t, _ in terms), tuple(macros))


# ---- expansion ------------------------------------------------------------------------------

def _expand_pattern(p: _Pattern, n_hole: int) -> Any:
    import numpy as np
    size = _size(n_hole)
    out = np.ones(size, dtype=bool)
    if p.terms:
        fixed_ranks = 0
        fixed_suits = 0
        for t in p.terms:
            if not t.rank_var and t.ranks != _ALL_RANKS and t.ranks & (t.ranks - 1) == 0:
                fixed_ranks |= t.ranks
            if not t.suit_var and t.suits != 15:
                fixed_suits |= t.suits
        rank_ids = {v: k + 1 for k, v in enumerate(dict.fromkeys(t.rank_var for t in p.terms
                                                                   if t.rank_var))}
        suit_ids = {v: k + 1 for k, v in enumerate(dict.fromkeys(t.suit_var for t in p.terms
                                                                   if t.suit_var))}
        # equal terms side by side: the matcher then tries each set of cards for them once
        terms = sorted((t.ranks, rank_ids.get(t.rank_var, 0), t.suits, suit_ids.get(t.suit_var, 0))
                       for t in p.terms)
        match = np.empty(size, dtype=np.uint8)
        _core.range_match(terms, fixed_ranks, fixed_suits, match, n_hole)
        out = match.view(bool)
    for name in p.macros:
        shape = np.empty(size, dtype=np.uint8)
        _core.range_shape(name, shape, n_hole)
        out = out & shape.view(bool)
    return out


def _expand(node: _Node, game: str) -> Any:
    if isinstance(node, _Pattern):
        return _expand_pattern(node, hole_cards(game))
    if isinstance(node, _Percent):
        above = _share_above(game)
        inside = above < node.high / 100
        if node.low > 0:
            inside &= ~(above < node.low / 100)
        return inside
    left, right = _expand(node.left, game), _expand(node.right, game)
    if node.op == ",":
        return left | right
    if node.op == ":":
        return left & right
    return left & ~right


_HAND_LIST = re.compile(r"(?:[2-9TJQKA][cdhs]){4}(?:@\d{1,3})?"
                        r"(?:,(?:[2-9TJQKA][cdhs]){4}(?:@\d{1,3})?)*")


def _hand_list(text: str) -> Any:
    """The weights of a text that is only four-card hands, comma-separated, each with
    ``@weight`` or none with one (as a solve's reaching range is written), read at once;
    None for any other text, or one with a problem for the parser to name."""
    if not _HAND_LIST.fullmatch(text):
        return None
    parts = text.split(",")
    marked = sum(1 for p in parts if "@" in p)
    if marked not in (0, len(parts)):
        return None
    import numpy as np
    raw = np.frombuffer("".join(p[:8] for p in parts).encode(), dtype=np.uint8)
    raw = raw.reshape(len(parts), 8)
    rank_of = np.zeros(256, dtype=np.int64)
    rank_of[np.frombuffer(RANKS.encode(), dtype=np.uint8)] = np.arange(13)
    suit_of = np.zeros(256, dtype=np.int64)
    suit_of[np.frombuffer(SUITS.encode(), dtype=np.uint8)] = np.arange(4)
    cards = np.sort(rank_of[raw[:, 0::2]] * 4 + suit_of[raw[:, 1::2]], axis=1)
    if (np.diff(cards, axis=1) == 0).any():
        return None                      # a card twice: the parser names it
    weight = np.array([int(p[9:]) for p in parts] if marked else [1] * len(parts))
    if (weight < 1).any() or (weight > 100).any():
        return None
    masks = np.zeros(len(parts), dtype=np.uint64)
    for k in range(4):
        masks |= np.uint64(1) << cards[:, k].astype(np.uint64)
    out = np.zeros(_size(4), dtype=np.uint8)
    np.maximum.at(out, np.searchsorted(_card_masks(4), masks), weight.astype(np.uint8))
    return out


def _weights_of(text: str, game: str) -> Any:
    n_hole = hole_cards(game)
    if n_hole == 4:
        listed = _hand_list(text.strip())
        if listed is not None:
            return listed
    parser = _Parser(text, n_hole)
    subs = parser.parse()
    weighted = [s for s in subs if s[1] is not None]
    if weighted and len(weighted) != len(subs):
        k, bare = next((k, s) for k, s in enumerate(subs) if s[1] is None)
        raise parser.error(f"sub-range {k + 1} has no weight but another has one (weigh "
                           f"every sub-range or none)", bare[2])
    # numpy only now: a range read on the command line's start (a mistyped hand, say) is told
    # so before numpy loads
    import numpy as np
    weights = np.zeros(_size(n_hole), dtype=np.uint8)
    for node, weight, _ in subs:
        hand = _explicit_hand(node, n_hole)
        if hand is not None:      # one hand: its index, not a pass over every hand
            idx = _core.range_index(hand)
            weights[idx] = max(int(weights[idx]), weight or 1)
            continue
        inside = _expand(node, game)
        np.maximum(weights, np.where(inside, np.uint8(weight or 1), np.uint8(0)), out=weights)
    return weights


def _explicit_hand(node: _Node, n_hole: int) -> Optional[bytes]:
    """The cards of a pattern that names one hand (every term one rank and one suit),
    sorted, else None."""
    if not isinstance(node, _Pattern) or node.macros or len(node.terms) != n_hole:
        return None
    cards = []
    for t in node.terms:
        if t.rank_var or t.suit_var or t.ranks & (t.ranks - 1) or t.suits & (t.suits - 1):
            return None
        cards.append((t.ranks.bit_length() - 1) * 4 + t.suits.bit_length() - 1)
    return bytes(sorted(cards)) if len(set(cards)) == n_hole else None


# ---- the Range type ---------------------------------------------------------------------------

class Range:
    """A weighted set of Omaha hands, from the generic range syntax (see the module doc).

    ``game`` picks the ranking that ``N%`` refers to. Hands are kept as one weight (0 = not
    in the range, else 1..100) per hand of :func:`universe`.

    >>> r = Range("AA:$ds")
    >>> len(r), r.combos.shape, r.combos.dtype.name, int(r.weights.sum())
    (864, (864, 4), 'uint8', 864)
    >>> len(r.without("Ah")), len(r | Range("KK:$ds")), len(r & Range("AAK")), len(r - Range("AAK"))
    (432, 1722, 138, 726)
    >>> print(Range("As2s3h4h"))
    As2s3h4h
    """

    __slots__ = ("text", "game", "_w")
    text: str
    game: str
    _w: Any

    def __init__(self, text: Union[str, Range], game: str = "hilo") -> None:
        if isinstance(text, Range):
            self.text, self.game, self._w = text.text, text.game, text._w
            return
        if not isinstance(text, str):
            raise InvalidTypeError(f"a range is written as text, not {type(text).__name__}")
        hole_cards(game)                      # a game ranges take
        self.text = text.strip()
        self.game = game
        self._w = _weights_of(text, game)
        self._w.flags.writeable = False

    @classmethod
    def _from_weights(cls, weights: Any, text: str, game: str) -> Range:
        r = cls.__new__(cls)
        r.text, r.game, r._w = text, game, weights
        r._w.flags.writeable = False
        return r

    @classmethod
    def from_hands(cls, hands: Iterable[CardsLike], weights: Optional[Iterable[int]] = None,
                   game: str = "hilo") -> Range:
        """A range of the given hands (and weights 1..100, default 1).

        >>> r = Range.from_hands(["As2s3h4h", "KcKdQcJd"], [100, 40])
        >>> len(r), r.weights.tolist(), str(r)
        (2, [40, 100], 'KdKcQcJd@40,As4h3h2s@100')
        """
        import numpy as np
        n_hole = hole_cards(game)
        hand_list = [parse_group(h, (n_hole,), f"hand {i}") for i, h in enumerate(hands)]
        weight_list = [1] * len(hand_list) if weights is None else list(weights)
        if len(weight_list) != len(hand_list):
            raise RangeError(f"{len(hand_list)} hands but {len(weight_list)} weights")
        w = np.zeros(_size(n_hole), dtype=np.uint8)
        for i, (cards, weight) in enumerate(zip(hand_list, weight_list)):
            # a weight is a whole number 1..100, as after '@' in the text: 50.5 is refused,
            # not truncated (strategy frequencies go to the solver, which takes floats)
            weight = check_int(weight, f"weight of hand {i} ({format_cards(cards)})",
                               low=1, high=100)
            idx = _core.range_index(bytes(cards))
            w[idx] = max(w[idx], weight)
        r = cls._from_weights(w, "", game)
        r.text = r._describe()
        return r

    def _describe(self) -> str:
        combos, weights = self.combos, self.weights
        if len(combos) > 50:
            return f"<{len(combos)} hands>"
        weighted = len(set(weights.tolist())) > 1
        return ",".join(_hand_text(c) + (f"@{w}" if weighted else "")
                        for c, w in zip(combos.tolist(), weights.tolist()))

    @property
    def combos(self) -> Any:
        """The hands, an (n, 4) uint8 array of sorted card ints ((n, 5) for a five-card
        game), in universe order."""
        return universe(self.n_hole)[self._w > 0]

    @property
    def weights(self) -> Any:
        """The weight (1..100) of each hand of :attr:`combos`, a uint8 array."""
        return self._w[self._w > 0]

    @property
    def canonical_classes(self) -> int:
        """How many suit-isomorphism classes the range touches."""
        import numpy as np
        classes, n = hand_classes(self.n_hole)
        return int(np.count_nonzero(np.bincount(classes[self._w > 0], minlength=n)))

    @property
    def weighted(self) -> bool:
        """True when the hands do not all have the same weight."""
        w = self.weights
        return bool(len(w) and w.min() != w.max())

    @property
    def n_hole(self) -> int:
        """Cards a hand of the range holds: 4, or 5 in ``bigo`` and ``omaha5``."""
        return hole_cards(self.game)

    def __len__(self) -> int:
        return int((self._w > 0).sum())

    def __contains__(self, hand: object) -> bool:
        cards = parse_cards(hand)  # type: ignore[arg-type]
        if len(cards) != self.n_hole:
            raise RangeError(f"a hand has {self.n_hole} cards, got {format_cards(cards)}")
        return bool(self._w[_core.range_index(bytes(cards))] > 0)

    def without(self, dead: CardsLike) -> Range:
        """The hands that use none of the ``dead`` cards (card removal)."""
        import numpy as np
        mask = 0
        for c in parse_cards(dead):
            mask |= 1 << int(c)
        if not mask:
            return self
        keep = (_card_masks(self.n_hole) & np.uint64(mask)) == 0
        text = f"({self.text})!<{format_cards(parse_cards(dead))}>"
        return Range._from_weights(np.where(keep, self._w, np.uint8(0)), text, self.game)

    def live_hands(self, dead: CardsLike) -> tuple[Any, Any]:
        """(combos, weights) of the hands that use none of the ``dead`` cards: what
        :meth:`without` keeps, without building a new range.

        >>> hands, weights = Range("AA:$ds").live_hands("Ah")
        >>> hands.shape, int(weights.sum())
        ((432, 4), 432)
        """
        import numpy as np
        mask = 0
        for c in parse_cards(dead):
            mask |= 1 << int(c)
        idx = np.flatnonzero(self._w)
        if mask:
            idx = idx[(_card_masks(self.n_hole)[idx] & np.uint64(mask)) == 0]
        return universe(self.n_hole)[idx], self._w[idx]

    def _other(self, other: object) -> Range:
        if isinstance(other, Range):
            if other.n_hole != self.n_hole:
                raise RangeError(f"cannot combine a range of {self.n_hole}-card hands with "
                                 f"one of {other.n_hole}-card hands")
            return other
        if isinstance(other, str):
            return Range(other, self.game)
        raise InvalidTypeError(f"cannot combine a Range with {type(other).__name__}")

    def __or__(self, other: object) -> Range:
        o = self._other(other)
        import numpy as np
        return Range._from_weights(np.maximum(self._w, o._w), f"{self.text},{o.text}", self.game)

    def __and__(self, other: object) -> Range:
        o = self._other(other)
        import numpy as np
        return Range._from_weights(np.where(o._w > 0, self._w, np.uint8(0)),
                                   f"({self.text}):({o.text})", self.game)

    def __sub__(self, other: object) -> Range:
        o = self._other(other)
        import numpy as np
        return Range._from_weights(np.where(o._w > 0, np.uint8(0), self._w),
                                   f"({self.text})!({o.text})", self.game)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Range):
            return NotImplemented
        return self.n_hole == other.n_hole and bool((self._w == other._w).all())

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Range({self.text!r}, {len(self)} hands)"

    def sample(self, k: int = 5, seed: int = 0) -> list[str]:
        """Up to ``k`` different hands drawn by weight (fixed seed), as text, high cards
        first."""
        import numpy as np
        k = check_int(k, "k", low=0)
        seed = check_int(seed, "seed", low=0)
        combos, weights = self.combos, self.weights.astype(np.float64)
        if not len(combos):
            return []
        rng = np.random.default_rng(seed)
        pick = rng.choice(len(combos), size=min(k, len(combos)), replace=False,
                          p=weights / weights.sum())
        return [_hand_text(combos[i].tolist()) for i in sorted(pick)]


def _hand_text(cards: Iterable[int]) -> str:
    """A hand as text, high cards first."""
    return str(format_cards(sorted(cards, reverse=True)))


def as_range(item: object, game: str = "hilo") -> Range:
    """A Range from a Range or its text."""
    if isinstance(item, Range):
        return item
    if isinstance(item, str):
        return Range(item, game)
    raise InvalidTypeError(f"cannot read a range from {type(item).__name__}")


__all__ = ["Range", "universe", "hand_classes", "ranking_equities", "as_range", "GAMES"]
