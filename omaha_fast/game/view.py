"""What one seat may know about a hand, and nothing more.

>>> from omaha_fast.game import Table, FixedLimit
>>> t = Table(structure=FixedLimit(10, 20), seats=3, stacks=[100, 100, 100])
>>> h = t.start_hand(holes={0: "AsKs2h3h", 1: "QdQc7d6d", 2: "9c8c5h4h"}, board="Ah7s4c2dJh")
>>> v = h.view(1)
>>> v.hole, v.holes, v.pot
((Card('Qd'), Card('Qc'), Card('7d'), Card('6d')), {}, 15)
>>> v.pots
[Pot(amount=15, eligible=(1, 2, 0))]
>>> h.view(0).legal.describe()
'fold, call 10, raise to 20'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional

from ..cards import Card
from .actions import Action, LegalActions
from .pots import Pot

if TYPE_CHECKING:
    from .hand import Hand


@dataclass(frozen=True)
class HandView:
    """One seat's view: its own cards, the board, the public action and chips, and the
    other players' cards only once shown (an all-in turns hands up at once). Mucked and
    folded cards never appear. ``seat=None`` gives a spectator's view."""

    seat: Optional[int]
    hole: Optional[tuple[Card, ...]]
    holes: dict[int, tuple[Card, ...]]
    board: tuple[Card, ...]
    street: str
    button: int
    to_act: Optional[int]
    stacks: dict[int, int]
    bets: dict[int, int]
    pot: int
    pots: list[Pot]
    folded: tuple[int, ...]
    actions: tuple[Action, ...]
    legal: Optional[LegalActions]
    payouts: dict[int, int]


def make_view(hand: Hand, seat: Optional[int]) -> HandView:
    """Build the view of ``seat`` (any seat number, or None for a spectator)."""
    own = hand.hole(seat) if seat in hand.seats else None
    others = {}
    for s in hand.seats:
        if s != seat:
            cards = hand.visible_hole(s, seat)
            if cards is not None:
                others[s] = cards
    to_act = hand.to_act   # None when the hand is over or waits for cards (open board)
    legal = hand.legal_actions() if to_act is not None and to_act == seat else None
    return HandView(seat=seat, hole=own, holes=others, board=hand.board, street=hand.street,
                    button=hand.button, to_act=hand.to_act, stacks=hand.stacks,
                    bets=hand.bets, pot=hand.pot, pots=hand.pots, folded=hand.folded,
                    actions=hand.actions,
                    legal=legal, payouts=hand.payouts)


__all__ = ["HandView", "make_view"]
