"""Dealing: one hand's deck, from a fresh uniformly shuffled deck or preset cards.

A :class:`Dealer` deals the hole cards when the hand starts, then burns and turns the
board street by street. With ``open_board`` it turns nothing: the caller deals each
street (``Hand.deal``), as a search that controls chance does.

>>> cards = draw(random.Random(1), list(DECK), 5)
>>> len(set(cards)), all(isinstance(c, Card) for c in cards)
(5, True)
>>> d = Dealer(random.Random(3))
>>> holes, known = d.deal_holes((1, 2, 0), {})
>>> d.turn(1); len(d.board), len(d.burns), len(set(d.board) | set(sum(holes, ())))
(3, 1, 15)
"""

from __future__ import annotations

import copy
import random
import secrets
from collections.abc import Mapping, Sequence
from typing import Any, Optional

from ..cards import Card

DECK = tuple(Card(i) for i in range(52))
SECURE = secrets.SystemRandom()   # stateless (reads the OS source): safe to share

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


class Dealer:
    """The deck of one hand.

    ``board`` and ``burns`` hold the cards turned so far. The three burns and five board
    cards come off the deck in one draw when the flop is due and are turned street by
    street (dealing late changes nothing: every order is as likely). Preset cards
    (``board``, ``burns``) come first; the rest is drawn.
    """

    __slots__ = ("rng", "pool", "drawn", "preset_board", "preset_burns", "runout", "open",
                 "board", "burns", "hole_cards")

    def __init__(self, rng: random.Random, board: tuple[Card, ...] = (),
                 burns: tuple[Card, ...] = (), open_board: bool = False) -> None:
        self.rng = rng
        self.pool: Optional[list[Card]] = None    # built on the first draw
        self.drawn = 0
        self.preset_board = board
        self.preset_burns = burns
        self.runout: Optional[tuple[list[Card], list[Card]]] = None
        self.open = open_board
        self.board: list[Card] = []
        self.burns: list[Card] = []
        self.hole_cards: list[Card] = []      # every hole card, in dealing order

    def deal_holes(self, seats: Sequence[int], preset: Mapping[int, Optional[Sequence[Card]]],
                   n_hole: int = 4) -> tuple[tuple[tuple[Card, ...], ...], tuple[bool, ...]]:
        """``n_hole`` cards (four; five or six in the larger games) for each seat (preset
        ones kept), and whether each is known: a seat preset with None has cards nobody
        knows (replays of real hands). Tuples: fixed for the hand."""
        k = len(seats)
        if not (preset or self.preset_board or self.preset_burns):
            pool = self.pool = list(DECK)
            self.drawn = n_hole * k
            dealt = self.hole_cards = draw(self.rng, pool, n_hole * k)   # a fresh list: ours
            deck = iter(dealt)
            return tuple(zip(*(deck,) * n_hole)), (True,) * k   # n_hole by n_hole
        used = [c for cards in preset.values() if cards for c in cards]
        self.hole_cards = used
        drawn = self._draw(n_hole * sum(1 for s in seats if not preset.get(s)))
        self.hole_cards = used + drawn
        holes: list[tuple[Card, ...]] = []
        known = [True] * k
        at = 0
        for i, seat in enumerate(seats):
            cards = preset.get(seat)
            if cards:
                holes.append(tuple(cards))
            else:
                holes.append(tuple(drawn[at:at + n_hole]))
                at += n_hole
                known[i] = seat not in preset
        return tuple(holes), tuple(known)

    def _draw(self, m: int) -> list[Card]:
        pool = self.pool
        if pool is None:
            used = set(self.hole_cards)
            used.update(self.preset_board)
            used.update(self.preset_burns)
            pool = self.pool = [c for c in DECK if c not in used]
            self.drawn = 0
        cards = draw(self.rng, pool, m, self.drawn)
        self.drawn += m
        return cards

    def turn(self, street: int) -> None:
        """Burn one card and turn the flop (3 cards), the turn or the river (1): after
        it, ``board`` and ``burns`` hold every card turned up to ``street``."""
        burns, cards = self.runout or self._draw_runout()
        self.board = cards[:(0, 3, 4, 5)[street]]
        self.burns = burns[:street]

    def _draw_runout(self) -> tuple[list[Card], list[Card]]:
        """The three burns and five board cards, drawn in one go (preset ones kept): the
        last draw this dealer makes."""
        if not (self.preset_board or self.preset_burns):
            drawn = self._draw(8)   # nothing preset: three burns, then the board
            runout = (drawn[:3], drawn[3:])
        else:
            burns = list(self.preset_burns)
            cards = list(self.preset_board)
            missing_burns = 3 - len(burns)
            drawn = self._draw(missing_burns + 5 - len(cards))
            runout = (burns + drawn[:missing_burns], cards + drawn[missing_burns:])
        self.runout = runout
        return runout

    def copy(self, rng: Optional[random.Random] = None) -> Dealer:
        """A dealer with the cards dealt so far and none of the future: cards drawn but
        not yet turned go back to the deck, and the rest is drawn from ``rng`` (default
        the secure source). Nothing in it predicts this dealer's next cards, or the
        reverse."""
        new = Dealer.__new__(Dealer)
        new.rng = SECURE if rng is None else rng
        new.pool = None
        new.drawn = 0
        # what was turned, or a longer preset (fixed by the caller, not chance), stays
        board, burns = self.board, self.burns
        new.preset_board = self.preset_board if len(self.preset_board) >= len(board) \
            else tuple(board)
        new.preset_burns = self.preset_burns if len(self.preset_burns) >= len(burns) \
            else tuple(burns)
        new.runout = None
        new.open = self.open
        new.board = board[:]
        new.burns = burns[:]
        new.hole_cards = self.hole_cards
        return new

    def clone(self) -> Dealer:
        """An exact copy: the cards dealt so far and the same cards to come.

        A dealer draws twice, the hole cards (already done) and the runout; after the
        runout, or with an open board (the caller deals), it never draws again, and the
        clone shares the generator it will not use. Before it, the clone gets its own copy
        of a seeded generator, so both draw the same runout without touching each other's
        sequence; the secure source has no state to copy, so this dealer draws its runout
        now (drawing early changes nothing: every order is as likely) and the clone
        shares it.
        """
        rng = self.rng
        if self.runout is None and not self.open:
            if isinstance(rng, random.SystemRandom):
                self._draw_runout()
            else:
                rng = _copy_generator(rng)
        new = Dealer.__new__(Dealer)
        new.rng = rng
        new.pool = None if self.pool is None else self.pool[:]
        new.drawn = self.drawn
        new.preset_board = self.preset_board
        new.preset_burns = self.preset_burns
        new.runout = self.runout        # never changed in place: shared
        new.open = self.open
        new.board = self.board          # replaced, never changed in place: shared
        new.burns = self.burns
        new.hole_cards = self.hole_cards
        return new

    def __getstate__(self) -> tuple[None, dict[str, Any]]:
        # the secure source has no state to save: a pickle then holds no card to come
        # (the copy's future is drawn afresh); a seeded dealer is saved exactly
        dealer = self.copy(None) if isinstance(self.rng, random.SystemRandom) else self
        state = {name: getattr(dealer, name) for name in Dealer.__slots__}
        if state["rng"] is SECURE or isinstance(state["rng"], random.SystemRandom):
            state["rng"] = None
        return None, state

    def __setstate__(self, state: tuple[None, dict[str, Any]]) -> None:
        for name, value in state[1].items():
            setattr(self, name, SECURE if name == "rng" and value is None else value)


def _copy_generator(rng: random.Random) -> random.Random:
    """An independent generator in the same state (the Mersenne Twister's 2.5 KB: about
    20 us; ``copy.copy`` takes twice as long through its generic reduce)."""
    if type(rng) is not random.Random:
        return copy.copy(rng)
    new = random.Random.__new__(random.Random)
    new.setstate(rng.getstate())
    return new


__all__ = ["DECK", "SECURE", "Dealer", "draw"]
