"""Hand categories on a board, for whole ranges at once: what a hand has and what it draws to.

:func:`categorize` reads every hand of a range against a board of 3, 4 or 5 cards and
sorts it into families of labels, each computed by numpy over the C core's batch
evaluator (no Python loop over hands):

- ``high``: the made high hand, ``nuts`` and ``second nuts`` first (the best and second
  best high any four cards could make on this board), then by kind: straight flush,
  quads, full house, flush, straight, set (a pocket pair matching a board card), trips,
  two pair, overpair, top pair, pair, no pair;
- ``draw`` (flop and turn): flush draws relative to the board's suits (the board shows
  two of the suit; ``nut`` when the hand holds the best card of the suit still out;
  ``backdoor nut flush draw`` on a flop showing one) and straight draws by their outs
  (``wrap``: 9 or more cards, ``open-ended``: 5 to 8, ``gutshot``: 1 to 4), joined by
  ``+``;
- ``low`` (hi-lo): ``nut low``, ``second nut low``, ``third nut low``, ``weaker low``,
  ``no low``, ranked among the lows any four cards could make on this board;
- ``low draw`` (hi-lo, flop and turn): for hands without a low, ``nut low draw`` (some
  next card gives the hand the nut low), ``low draw``, ``backdoor low draw`` (a flop
  where two more low cards are needed), ``no low draw``; ``low made`` otherwise;
- ``counterfeit`` (hi-lo, flop and turn): for hands with a low, whether some next card
  ranks it lower among the board's lows (a card pairing one the hand counted on, or one
  that gives other hands a better low);
  :attr:`HandCategories.counterfeit_share` is the share of next cards that do;
- ``way`` (hi-lo): ``scoop candidate`` (the nuts or second nuts for high, and the nut or
  second nut low, a nut low draw, or a board where no low can come), ``high one-way``,
  ``low one-way``, ``neither``.

>>> c = categorize(["AsKs2d3c", "QhQd9c8c", "Td9h8s7d", "JcJdKhTh"], "Qs Jh 5s")
>>> c.labels("high")                  # no straight or flush yet: top set is the nuts
['no pair', 'nuts', 'no pair', 'second nuts']
>>> c.labels("draw")
['nut flush draw + gutshot', 'gutshot', 'wrap', 'open-ended']
>>> c.straight_outs.tolist()          # T-9-8-7 on Q-J-5: an 8, 9, T or K (13 cards)
[4, 4, 13, 8]
>>> c.labels("low draw")              # one low card on the flop: two more are needed
['backdoor low draw', 'no low draw', 'backdoor low draw', 'no low draw']
>>> t = categorize(["2c3cQdQh", "3c4c5dQh", "AcQsJd3c"], "Ah Kd 7s 8s")
>>> t.labels("low"), t.labels("counterfeit")
(['nut low', 'third nut low', 'no low'], ['counterfeit risk', 'no counterfeit risk', 'no low'])
>>> round(float(t.counterfeit_share[0]), 3)     # a 2 or a 3: 6 of the 44 cards left
0.136
>>> r = categorize(["As2d7h7c", "3s4sKcKh", "AcQsJd3c"], "Ah Kd 7s 8s 2h")
>>> r.labels("high"), r.labels("low")         # A-2 is counterfeited: both are on the board
(['set', 'second nuts', 'top pair'], ['no low', 'nut low', 'weaker low'])
>>> r.labels("way")
['neither', 'scoop candidate', 'neither']
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ._checks import check_choice
from .cards import CardsLike, parse_cards
from .errors import InvalidCardError, InvalidValueError
from .evaluation import Category, evaluate_batch
from .ranges import universe

GAMES = ("hilo", "high")
HIGH = ("nuts", "second nuts", "straight flush", "quads", "full house", "flush", "straight",
        "set", "trips", "two pair", "overpair", "top pair", "pair", "no pair")
FLUSH_DRAWS = ("nut flush draw", "flush draw", "backdoor nut flush draw", "")
STRAIGHT_DRAWS = ("wrap", "open-ended", "gutshot", "")
LOW = ("nut low", "second nut low", "third nut low", "weaker low", "no low")
LOW_DRAW = ("nut low draw", "low draw", "backdoor low draw", "no low draw", "low made")
COUNTERFEIT = ("counterfeit risk", "no counterfeit risk", "no low")
WAY = ("scoop candidate", "high one-way", "low one-way", "neither")
_BY_KIND = {Category.STRAIGHT_FLUSH: 2, Category.QUADS: 3, Category.FULL_HOUSE: 4,
            Category.FLUSH: 5, Category.STRAIGHT: 6, Category.TWO_PAIR: 9}
# the ten straights as rank masks (rank 0 is the deuce, 12 the ace; the wheel's ace low)
_STRAIGHTS = tuple(sum(1 << ((top - k) % 13) for k in range(5)) for top in range(3, 13))


class CategoryError(InvalidValueError):
    """A board or hands that cannot be categorised (a board of 3 to 5 different cards
    and four-card hands that hold none of them)."""


def _draw_labels() -> tuple[str, ...]:
    out = []
    for f in FLUSH_DRAWS:
        for s in STRAIGHT_DRAWS:
            out.append(" + ".join(x for x in (f, s) if x) or "no draw")
    return tuple(out)


DRAW = _draw_labels()


@dataclass
class HandCategories:
    """Each hand's label code in every family (:data:`FAMILIES` lists them per game),
    and the figures behind two of them."""

    board: tuple[int, ...]
    game: str
    codes: dict[str, Any]
    straight_outs: Any
    """Per hand: the unseen cards that would make it a straight (0 on the river, and for
    a hand that has a straight or better)."""
    counterfeit_share: Any
    """Per hand with a low (flop and turn): the share of the next cards, of those it
    does not hold, that rank its low lower; NaN without a low or on the river."""
    names: dict[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def families(self) -> list[str]:
        """The families this board and game have, in the order reports show them."""
        return list(self.codes)

    def labels(self, family: str) -> list[str]:
        """Each hand's label in ``family``."""
        names = self.names[check_choice(family, tuple(self.codes), "family")]
        return [names[c] for c in self.codes[family].tolist()]


def _read(hands: Any, board: CardsLike, game: str) -> tuple[Any, list[int]]:
    check_choice(game, GAMES, "game")
    try:
        cards = [int(c) for c in parse_cards(board)]
    except InvalidCardError as err:
        raise CategoryError(f"board: {err}") from None
    if not 3 <= len(cards) <= 5 or len(set(cards)) != len(cards):
        raise CategoryError(f"a board is 3 to 5 different cards, got {len(cards)}")
    if isinstance(hands, (list, tuple)) and hands and isinstance(hands[0], str):
        rows = []
        for h in hands:
            try:
                rows.append([int(c) for c in parse_cards(h)])
            except InvalidCardError as err:
                raise CategoryError(f"hand {h!r}: {err}") from None
        hands = rows
    h = np.asarray(hands, dtype=np.uint8).reshape(-1, 4) if len(hands) else \
        np.zeros((0, 4), np.uint8)
    if len(h) and (h.max() > 51 or np.isin(h, cards).any()):
        raise CategoryError("every hand's cards are 0..51 and off the board")
    return h, cards


@functools.lru_cache(maxsize=8)
def _board_highs(board: tuple[int, ...], game: str) -> Any:
    """The distinct high values any four cards make on ``board``, best first (every hand
    of :func:`universe` without a board card)."""
    u = universe()
    mask = np.uint64(sum(1 << c for c in board))
    u = u[(_masks() & mask) == 0]
    hi, _ = evaluate_batch(u, np.tile(np.array(board, np.uint8), (len(u), 1)), game)
    return np.unique(hi).astype(np.int64)[::-1]


@functools.lru_cache(maxsize=256)
def _board_lows(board: tuple[int, ...]) -> Any:
    """The distinct lows any four cards make on ``board``, best first. A hand's low is
    the best of its pairs' lows, and a pair of low cards beside two high cards holds
    its own: so every pair of low cards off the board, with the same two high cards."""
    low_cards = [c for c in range(52) if c // 4 in _LOW_LIST and c not in board]
    high_cards = [c for c in range(52) if c // 4 not in _LOW_LIST and c not in board][:2]
    pairs = [(a, b) for i, a in enumerate(low_cards) for b in low_cards[i + 1:]
             if a // 4 != b // 4]
    if not pairs:
        return np.zeros(0, np.int64)
    holes = np.array([p + tuple(high_cards) for p in pairs], dtype=np.uint8)
    _, lo = evaluate_batch(holes, np.tile(np.array(board, np.uint8), (len(holes), 1)), "hilo")
    lows = np.unique(lo).astype(np.int64)
    return lows[lows > 0][::-1]


@functools.cache
def _masks() -> Any:
    """Each hand of :func:`universe` as a 64-bit mask of its cards."""
    u = universe().astype(np.uint64)
    out = np.uint64(1) << u[:, 0]
    for k in range(1, 4):
        out |= np.uint64(1) << u[:, k]
    return out


def _ranks(np: Any, hands: Any) -> Any:
    """Each hand's rank mask (bit r: the hand holds rank r)."""
    out = np.zeros(len(hands), dtype=np.int64)
    for k in range(4):
        out |= np.int64(1) << (hands[:, k] // 4).astype(np.int64)
    return out


def _popcount(np: Any, x: Any) -> Any:
    count = np.zeros(x.shape, dtype=np.int64)
    for bit in range(13):
        count += (x >> bit) & 1
    return count


def _straight(np: Any, held: Any, board_ranks: int) -> Any:
    """Per hand (its rank mask ``held``): two of its ranks and three of the board's make
    a straight. A straight's ranks missing from the board must be the hand's, at most
    two, and the hand must hold two of its ranks."""
    out = np.zeros(held.shape, dtype=bool)
    for w in _STRAIGHTS:
        missing = w & ~board_ranks
        if bin(missing).count("1") > 2:
            continue
        out |= ((held & missing) == missing) & (_popcount(np, held & w) >= 2)
    return out


def categorize(hands: Any, board: CardsLike, game: str = "hilo") -> HandCategories:
    """Every hand's label in each family (see the module doc) on ``board`` (3 to 5
    cards). ``hands`` is an (n, 4) array of card ints or a list of hand texts."""
    h, cards = _read(hands, board, game)
    n = len(h)
    key = tuple(sorted(cards))
    rows = np.tile(np.array(cards, np.uint8), (n, 1))
    hi, lo = evaluate_batch(h, rows, game) if n else (np.zeros(0, np.uint16),
                                                      np.zeros(0, np.uint8))
    highs = _board_highs(key, game)
    lows: Any = _board_lows(key) if game == "hilo" else None
    ranks = h // 4
    board_ranks = sum(1 << r for r in {c // 4 for c in cards})
    top = max(c // 4 for c in cards)
    codes: dict[str, Any] = {}
    names: dict[str, tuple[str, ...]] = {}

    # ---- high made
    tops = np.array([1277, 4137, 4995, 5853, 5863, 7140, 7296, 7452, 7462])
    kind = np.searchsorted(tops, hi)
    high = np.full(n, HIGH.index("no pair"), dtype=np.uint8)
    for cat, code in _BY_KIND.items():
        high[kind == cat] = code
    pocket = np.zeros((n, 13), dtype=np.int64)
    for k in range(4):
        np.add.at(pocket, (np.arange(n), ranks[:, k]), 1)
    on_board = np.array([bool(board_ranks >> r & 1) for r in range(13)])
    set_ = ((pocket >= 2) & on_board).any(axis=1)
    high[(kind == Category.TRIPS) & set_] = HIGH.index("set")
    high[(kind == Category.TRIPS) & ~set_] = HIGH.index("trips")
    pair = kind == Category.PAIR
    over = (pocket[:, top + 1:] >= 2).any(axis=1) if top < 12 else np.zeros(n, bool)
    high[pair] = HIGH.index("pair")
    high[pair & (pocket[:, top] >= 1)] = HIGH.index("top pair")
    high[pair & over] = HIGH.index("overpair")
    high[hi == highs[1]] = 1
    high[hi == highs[0]] = 0
    codes["high"], names["high"] = high, HIGH

    # ---- high draws: flush by suit counts, straights by outs
    unseen = [c for c in range(52) if c not in cards]
    outs = np.zeros(n, dtype=np.int64)
    if len(cards) < 5:
        flush = np.full(n, 3, dtype=np.uint8)
        suits = h % 4
        for s in range(4):
            on = sum(1 for c in cards if c % 4 == s)
            held = (suits == s).sum(axis=1)
            if on not in (1, 2) or (on == 1 and len(cards) == 4):
                continue
            best = max(c // 4 for c in unseen if c % 4 == s)
            nut = ((h == best * 4 + s).any(axis=1)) & (held >= 2)
            if on == 2:
                flush[(held >= 2) & (flush > 1)] = 1
                flush[nut] = 0
            else:
                flush[nut & (flush > 2)] = 2
        held_ranks = _ranks(np, h)
        weak = hi <= tops[Category.TRIPS]
        made = _straight(np, held_ranks, board_ranks)
        for r in range(13):
            hit = _straight(np, held_ranks, board_ranks | 1 << r) & weak & ~made
            left = 4 - pocket[:, r] - sum(1 for c in cards if c // 4 == r)
            outs += np.where(hit, left, 0)
        straight = np.select([outs >= 9, outs >= 5, outs >= 1], [0, 1, 2], 3)
        codes["draw"] = (flush * 4 + straight).astype(np.uint8)
        names["draw"] = DRAW

    share = np.full(n, np.nan)
    if game == "hilo":
        # ---- low made, ranked among the board's lows
        lo = lo.astype(np.int64)
        pos = np.searchsorted(-lows, -lo)                    # lows run best first
        low = np.where(lo == 0, 4, np.minimum(pos, 3)).astype(np.uint8)
        codes["low"], names["low"] = low, LOW
        nut_draw = np.zeros(n, dtype=bool)
        if len(cards) < 5:
            # ---- low draws and counterfeits, one next card at a time
            any_low = np.zeros(n, dtype=bool)
            worse = np.zeros(n, dtype=np.int64)
            seen = np.zeros(n, dtype=np.int64)
            for c in unseen:
                live = ~(h == c).any(axis=1)
                lows_after = _board_lows(tuple(sorted(key + (c,))))
                _, lo2 = evaluate_batch(h[live], np.tile(np.array(cards + [c], np.uint8),
                                                         (int(live.sum()), 1)), game)
                got = np.zeros(n, dtype=np.int64)
                got[live] = lo2
                any_low |= live & (got > 0)
                if len(lows_after):
                    nut_draw |= live & (got == lows_after[0]) & (lo == 0)
                    pos2 = np.searchsorted(-lows_after, -got)
                    worse += live & (lo > 0) & (pos2 > pos)
                seen += live
            draw = np.full(n, 3, dtype=np.uint8)
            draw[(lo == 0) & any_low] = 1
            draw[nut_draw] = 0
            if len(cards) == 3:
                draw[(lo == 0) & ~any_low & _backdoor_low(np, pocket, board_ranks)] = 2
            draw[lo > 0] = 4
            codes["low draw"], names["low draw"] = draw, LOW_DRAW
            with np.errstate(invalid="ignore", divide="ignore"):
                share = np.where(lo > 0, worse / np.maximum(seen, 1), np.nan)
            counterfeit = np.where(lo == 0, 2, np.where(worse > 0, 0, 1)).astype(np.uint8)
            codes["counterfeit"], names["counterfeit"] = counterfeit, COUNTERFEIT
        # ---- scoop candidates and one-way hands
        if len(cards) == 5:
            possible = len(lows) > 0
        elif len(cards) == 4:
            possible = any(len(_board_lows(tuple(sorted(key + (c,))))) for c in unseen)
        else:
            possible = bool(board_ranks & _LOW_RANKS)
        strong_high = high <= 1
        strong_low = (low <= 1) | nut_draw
        way = np.full(n, 3, dtype=np.uint8)
        way[strong_low & ~strong_high] = 2
        way[strong_high] = 1
        way[strong_high & (strong_low | (not possible))] = 0
        codes["way"], names["way"] = way, WAY
    return HandCategories(board=tuple(cards), game=game, codes=codes, straight_outs=outs,
                          counterfeit_share=share, names=names)


_LOW_LIST = (12, 0, 1, 2, 3, 4, 5, 6)                 # A, 2 .. 8
_LOW_RANKS = sum(1 << r for r in _LOW_LIST)


def _backdoor_low(np: Any, pocket: Any, board_ranks: int) -> Any:
    """On a flop: the hand holds two low ranks with exactly one other low rank on the
    board (two more low cards make a low)."""
    out = np.zeros(len(pocket), dtype=bool)
    lows = [r for r in range(13) if _LOW_RANKS >> r & 1]
    for i, a in enumerate(lows):
        for b in lows[i + 1:]:
            rest = board_ranks & _LOW_RANKS & ~(1 << a | 1 << b)
            if bin(rest).count("1") == 1:
                out |= (pocket[:, a] >= 1) & (pocket[:, b] >= 1)
    return out


FAMILIES = {"hilo": ("high", "draw", "low", "low draw", "counterfeit", "way"),
            "high": ("high", "draw")}
"""The families by game; ``draw``, ``low draw`` and ``counterfeit`` only before the river."""

__all__ = ["categorize", "HandCategories", "CategoryError", "HIGH", "DRAW", "LOW",
           "LOW_DRAW", "COUNTERFEIT", "WAY", "FAMILIES"]
