"""Seat views for agents: a :class:`HandView` whose fields are read from the hand lazily.

Building a full view costs more than a fixed-limit decision itself (the pots are worked
out, every seat's cards checked for visibility); most agents read two or three fields. A
:class:`LazyView` is a real ``HandView`` (same fields, same values as ``hand.view(seat)``)
that computes each field on first read and keeps it. It reads the hand only while the
agent decides: once the action is applied the simulator closes the view, and a field not
read by then raises :class:`StaleViewError` (keep ``view.freeze()`` to keep everything).

>>> from omaha_fast import Table, FixedLimit
>>> t = Table(structure=FixedLimit(10, 20), seats=3, stacks=[100, 100, 100])
>>> h = t.start_hand(holes={0: "AsKs2h3h", 1: "QdQc7d6d", 2: "9c8c5h4h"}, board="Ah7s4c2dJh")
>>> v = lazy_view(h, 0)
>>> v.hole, v.pot, v.legal.describe()
((Card('As'), Card('Ks'), Card('2h'), Card('3h')), 15, 'fold, call 10, raise to 20')
>>> lazy_view(h, 1).freeze() == h.view(1)
True
>>> v.close(); _ = h.call()
>>> v.pot                    # read before the action: kept
15
>>> v.board
Traceback (most recent call last):
...
omaha_fast.agents.views.StaleViewError: view field 'board' was not read while seat 0 was deciding; call freeze() during the decision to keep the whole view
"""  # noqa: E501 (a doctest's exception line)

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import TYPE_CHECKING, Any, Optional

from ..errors import OmahaError
from ..game.view import HandView

if TYPE_CHECKING:
    from ..game.hand import Hand


class StaleViewError(OmahaError, RuntimeError):
    """A lazy view's field was first read after the decision it was made for."""


def _others(hand: Hand, seat: Optional[int]) -> dict[int, Any]:
    out = {}
    for s in hand.seats:
        if s != seat:
            cards = hand.visible_hole(s, seat)
            if cards is not None:
                out[s] = cards
    return out


# how each HandView field is read from the hand (the same as game.view.make_view)
_READ: dict[str, Callable[[Hand, Optional[int]], Any]] = {
    "hole": lambda h, s: h.hole(s) if s in h.seats else None,
    "holes": _others,
    "board": lambda h, s: h.board,
    "street": lambda h, s: h.street,
    "button": lambda h, s: h.button,
    "to_act": lambda h, s: h.to_act,
    "stacks": lambda h, s: h.stacks,
    "bets": lambda h, s: h.bets,
    "pot": lambda h, s: h.pot,
    "pots": lambda h, s: h.pots,
    "folded": lambda h, s: h.folded,
    "actions": lambda h, s: h.actions,
    "legal": lambda h, s: h.legal_actions() if not h.finished and h.to_act == s else None,
    "payouts": lambda h, s: h.payouts,
}
_FIELDS = tuple(f.name for f in fields(HandView))
assert set(_FIELDS) == set(_READ) | {"seat"}, "HandView changed: update _READ"


class LazyView(HandView):
    """A :class:`HandView` computed field by field on first read (see the module doc)."""

    def __getattr__(self, name: str) -> Any:
        # only called when the field is not in the instance yet
        read = _READ.get(name)
        if read is None:
            raise AttributeError(name)
        hand = self.__dict__.get("_hand")
        seat = self.__dict__.get("seat")
        if hand is None:
            raise StaleViewError(f"view field {name!r} was not read while seat {seat} was "
                                 "deciding; call freeze() during the decision to keep the "
                                 "whole view")
        value = read(hand, seat)
        object.__setattr__(self, name, value)
        return value

    def freeze(self) -> HandView:
        """A plain HandView with every field (read now, if not read yet)."""
        return HandView(**{name: getattr(self, name) for name in _FIELDS})

    def close(self) -> None:
        """Stop reading the hand: fields not read yet raise StaleViewError from now on."""
        object.__setattr__(self, "_hand", None)


def lazy_view(hand: Hand, seat: Optional[int]) -> LazyView:
    """The view of ``seat`` on ``hand``, read lazily (see :class:`LazyView`)."""
    view = object.__new__(LazyView)
    d = view.__dict__
    d["_hand"] = hand
    d["seat"] = seat
    return view


__all__ = ["LazyView", "StaleViewError", "lazy_view"]
