"""Action records and the legal-action summary the hand gives the player to act.

>>> a = Action(street=1, seat=2, kind="raise_to", to=40, added=30, all_in=False)
>>> a.amount, str(a)
(40, 'seat 2 raise_to 40')
>>> Action(street=0, seat=0, kind="call", to=10, added=5, all_in=True).verb
'all_in'
"""

from __future__ import annotations

from typing import NamedTuple, Optional

STREETS = ("preflop", "flop", "turn", "river")
KINDS = ("fold", "check", "call", "bet", "raise_to", "all_in")


class Action(NamedTuple):
    """One player action as it happened.

    ``kind`` is fold, check, call, bet or raise_to (an all-in is one of the last three with
    ``all_in`` set); ``to`` is the player's total bet on the street afterwards and
    ``added`` the chips the action put in.
    """

    street: int
    seat: int
    kind: str
    to: int
    added: int
    all_in: bool

    @property
    def verb(self) -> str:
        """The history verb: the kind, or ``all_in`` when the last chip went in."""
        return "all_in" if self.all_in else self.kind

    @property
    def amount(self) -> Optional[int]:
        """The history amount: chips added by a call, the street total for a bet, raise or
        all-in, ``None`` for fold and check."""
        if self.all_in:
            return self.to
        if self.kind == "call":
            return self.added
        if self.kind in ("bet", "raise_to"):
            return self.to
        return None

    def __str__(self) -> str:
        amount = self.amount
        return f"seat {self.seat} {self.verb}" + ("" if amount is None else f" {amount}")


class LegalActions(NamedTuple):
    """What the player to act may do.

    ``call`` is the chips a call adds (0 when there is nothing to call; a call all-in adds
    less than ``to_call``). ``min_to``/``max_to`` bound a bet (when ``can_bet``) or a
    raise (when ``can_raise``), as the street total; ``all_in_to`` is the street total
    after going all-in, 0 when an all-in is not allowed (say it would exceed the limit).
    """

    seat: int
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
    def kinds(self) -> tuple[str, ...]:
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


def _all_kinds() -> dict[tuple[bool, ...], tuple[str, ...]]:
    """Every combination of allowed kinds, built once (``kinds`` is on the hot path)."""
    from itertools import product
    names = ("fold", "check", "call", "bet", "raise_to", "all_in")
    return {flags: tuple(n for n, f in zip(names, flags) if f)
            for flags in product((False, True), repeat=6)}


_KINDS = _all_kinds()

__all__ = ["Action", "LegalActions", "STREETS", "KINDS"]
