"""The engine's small positional records, and their fast constructors.

Actions, legal-action summaries, forced bets, hand setups, pots and pot awards are
NamedTuples.

Two numberings of the players meet here, and each record says which it uses. A *seat*
(:data:`Seat`) is the player's chair at the table, 0..table_size-1; every record a caller
sees is by seat (``Action.seat``, ``Post.seat``, :class:`Pot`, :class:`PotAward`). Inside
the engine a hand keeps its per-player lists by *dealt-in index* (:data:`PlayerIndex`):
0 is the first dealt-in seat left of the button, then clockwise, so ascending index is
the odd-chip order; the pot and settlement code works on these, with the records named
for it (:class:`IndexPot`, :class:`IndexAward`), and the hand turns them into seats at
its edge. (``Setup.seats`` lists the dealt-in seats by index: ``seats[i]`` is index
``i``'s seat.) The engine builds them on its hot path with ``tuple.__new__`` (no keyword
parsing), which fills fields by position: the ``new_*`` constructors here, each next to
its type and taking one tuple of the fields in order, are the only places that do so,
and ``tests/test_game_values.py`` pins every field list, so a reordered or added field
fails a test instead of filling in wrong values (an ``assert`` would vanish under
``python -O``).

>>> a = new_action((1, 2, "raise_to", 40, 30, False))
>>> a.amount, str(a)
(40, 'seat 2 raise_to 40')
>>> new_post((3, "blind", 10))
Post(seat=3, kind='blind', amount=10)
>>> Action(street=0, seat=0, kind="call", to=10, added=5, all_in=True).verb
'all_in'
>>> new_index_pot((15, (0, 1))), Pot(15, (3, 5))     # by index inside, by seat outside
(IndexPot(amount=15, eligible=(0, 1)), Pot(amount=15, eligible=(3, 5)))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from itertools import product
from types import MethodType
from typing import TYPE_CHECKING, Any, NamedTuple, Optional, TypeVar, cast

from ..cards import Card
from .names import ActionKind, Street

if TYPE_CHECKING:
    from .rules import Rules



def _fast(cls: type[_T]) -> Callable[[tuple[Any, ...]], _T]:
    """A constructor of ``cls`` from one tuple of its fields in order: ``tuple.__new__``
    bound to the class, as cheap as calling it directly (a ``functools.partial`` costs a
    third more), without the keyword parsing of the NamedTuple's own ``__new__``."""
    return cast(Callable[[tuple[Any, ...]], _T], MethodType(tuple.__new__, cls))

_T = TypeVar("_T")

# The numbering a player is given by (see the module docstring): aliases of int, so they
# cost nothing, written in the engine's signatures and records to say which one is meant.
Seat = int
"""A player's chair at the table, 0..table_size-1: the numbering of every public record."""
PlayerIndex = int
"""A dealt-in player's position clockwise from the button's left, 0..players-1: the
numbering of a hand's internal lists and of :class:`IndexPot` and :class:`IndexAward`."""

STREETS: tuple[Street, ...] = (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER)
KINDS: tuple[ActionKind, ...] = tuple(ActionKind)
_CALL, _BET, _RAISE_TO = ActionKind.CALL, ActionKind.BET, ActionKind.RAISE_TO


class Action(NamedTuple):
    """One player action as it happened.

    ``kind`` is fold, check, call, bet or raise_to (an :class:`ActionKind`; an all-in is
    one of the last three with ``all_in`` set); ``street`` is the street's number (0
    preflop .. 3 river: ``STREETS[street]`` names it); ``seat`` is a table seat; ``to``
    is the player's total bet on the street afterwards and ``added`` the chips the action
    put in.
    """

    street: int
    seat: Seat
    kind: ActionKind
    to: int
    added: int
    all_in: bool

    @property
    def verb(self) -> ActionKind:
        """The history verb: the kind, or ``all_in`` when the last chip went in."""
        return ActionKind.ALL_IN if self.all_in else self.kind

    @property
    def amount(self) -> Optional[int]:
        """The history amount: chips added by a call, the street total for a bet, raise or
        all-in, ``None`` for fold and check."""
        if self.all_in:
            return self.to
        kind = self.kind
        if kind == _CALL:
            return self.added
        if kind == _BET or kind == _RAISE_TO:
            return self.to
        return None

    def __str__(self) -> str:
        amount = self.amount
        return f"seat {self.seat} {self.verb}" + ("" if amount is None else f" {amount}")


new_action: Callable[[tuple[int, Seat, ActionKind, int, int, bool]], Action] = _fast(Action)


class LegalActions(NamedTuple):
    """What the player to act may do.

    ``call`` is the chips a call adds (0 when there is nothing to call; a call all-in adds
    less than ``to_call``). ``min_to``/``max_to`` bound a bet (when ``can_bet``) or a
    raise (when ``can_raise``), as the street total; ``all_in_to`` is the street total
    after going all-in, 0 when an all-in is not allowed (say it would exceed the limit).
    """

    seat: Seat
    can_fold: bool
    can_check: bool
    to_call: int
    call: int
    can_bet: bool
    can_raise: bool
    min_to: int
    max_to: int
    all_in_to: int

    @property
    def kinds(self) -> tuple[ActionKind, ...]:
        """The action kinds allowed, in a fixed order.

        >>> LegalActions(0, True, False, 10, 10, False, True, 40, 40, 0).kinds
        ('fold', 'call', 'raise_to')
        """
        # (can_fold, can_check, call > 0, can_bet, can_raise, all_in_to > 0) by position:
        # indexing a tuple is cheaper than its named fields, and players ask every turn
        return _KINDS[self[1], self[2], self[4] > 0, self[5], self[6], self[9] > 0]

    def describe(self) -> str:
        """Human-readable list of the allowed actions.

        >>> LegalActions(0, True, False, 10, 10, False, True, 40, 80, 95).describe()
        'fold, call 10, raise to 40..80, all-in to 95'
        """
        parts = []
        if self.can_fold:
            parts.append("fold")
        if self.can_check:
            parts.append("check")
        if self.call:
            parts.append(f"call {self.call}")
        for ok, word in ((self.can_bet, "bet"), (self.can_raise, "raise to")):
            if ok:
                span = str(self.min_to) if self.min_to == self.max_to else \
                    f"{self.min_to}..{self.max_to}"
                parts.append(f"{word} {span}")
        if self.all_in_to:
            parts.append(f"all-in to {self.all_in_to}")
        return ", ".join(parts)


new_legal: Callable[[tuple[int, bool, bool, int, int, bool, bool, int, int, int]],
                    LegalActions] = _fast(LegalActions)


# every combination of allowed kinds, built once (``kinds`` is on the hot path)
_KINDS = {flags: tuple(n for n, f in zip(KINDS, flags) if f)
          for flags in product((False, True), repeat=6)}


class Post(NamedTuple):
    """A forced bet: ``kind`` is "ante", "bb_ante" (dead, for the table), "dead" (a dead
    small blind) or "blind" (live: it counts toward calling)."""

    seat: Seat
    kind: str
    amount: int


new_post: Callable[[tuple[Seat, str, int]], Post] = _fast(Post)


class Setup(NamedTuple):
    """Everything a hand needs to start; built by Table or by a replay.

    ``seats`` are the dealt-in seats clockwise from the first seat left of the button;
    ``posts`` are the forced bets in posting order (requested amounts: a short stack posts
    what it has); ``big_blind`` is the seat whose blind sets the preflop action (None when
    no blind is posted); ``level`` is the preflop bet to call. ``holes`` and ``board``
    preset cards (replays, tests); ``burns`` preset burn cards (replays); with
    ``open_board`` the hand deals no board card itself: the caller deals each street
    (:meth:`Hand.deal`).
    """

    rules: Rules
    table_size: int
    button: Seat
    seats: tuple[Seat, ...]
    stacks: tuple[int, ...]
    posts: tuple[Post, ...]
    big_blind: Optional[Seat]
    level: int
    holes: Mapping[Seat, Optional[tuple[Card, ...]]]
    board: tuple[Card, ...]
    rng: Optional[random.Random]       # None once the hand is pickled (see Hand.copy)
    hand_id: Optional[str] = None
    burns: tuple[Card, ...] = ()
    open_board: bool = False


new_setup: Callable[[tuple[Any, ...]], Setup] = _fast(Setup)


class Pot(NamedTuple):
    """One pot: its chips and the seats of the players who may win it."""

    amount: int
    eligible: tuple[Seat, ...]


class PotAward(NamedTuple):
    """How one pot was awarded, by seat: its chips, the rake taken from it, the seats that
    could win it, the high and low winners and each winner's chips."""

    amount: int
    rake: int
    eligible: tuple[Seat, ...]
    high_winners: tuple[Seat, ...]
    low_winners: tuple[Seat, ...]
    shares: dict[Seat, int]


new_award: Callable[[tuple[int, int, tuple[Seat, ...], tuple[Seat, ...], tuple[Seat, ...],
                           dict[Seat, int]]], PotAward] = _fast(PotAward)


class IndexPot(NamedTuple):
    """:class:`Pot` inside the engine: the players who may win it by dealt-in index."""

    amount: int
    eligible: tuple[PlayerIndex, ...]


new_index_pot: Callable[[tuple[int, tuple[PlayerIndex, ...]]], IndexPot] = _fast(IndexPot)


class IndexAward(NamedTuple):
    """:class:`PotAward` inside the engine: players by dealt-in index (the hand gives its
    callers :class:`PotAward` by seat)."""

    amount: int
    rake: int
    eligible: tuple[PlayerIndex, ...]
    high_winners: tuple[PlayerIndex, ...]
    low_winners: tuple[PlayerIndex, ...]
    shares: dict[PlayerIndex, int]


new_index_award: Callable[[tuple[int, int, tuple[PlayerIndex, ...], tuple[PlayerIndex, ...],
                                 tuple[PlayerIndex, ...], dict[PlayerIndex, int]]],
                          IndexAward] = _fast(IndexAward)


__all__ = ["Action", "LegalActions", "Post", "Setup", "Pot", "PotAward", "IndexPot",
           "IndexAward", "Seat", "PlayerIndex", "STREETS", "KINDS", "new_action", "new_legal",
           "new_post", "new_setup", "new_award", "new_index_pot", "new_index_award"]
