"""Playing hands with agents: the decision loop, agent faults, and the per-hand tally.

>>> from omaha_fast import Table, FixedLimit
>>> from omaha_fast.sim.agents import CallingStation
>>> t = Table(structure=FixedLimit(10, 20), seats=2, stacks=[500, 500])
>>> h = t.start_hand(seed=1)
>>> play_hand(h, {0: CallingStation(), 1: CallingStation()}, {0: "a", 1: "b"}, "hand 1")
>>> h.finished, len(h.board)
(True, 5)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import IllegalActionError, OmahaError
from ..game.hand import Hand
from ..game.names import Game
from .stats import AgentStats
from .views import LazyView


class AgentError(OmahaError, RuntimeError):
    """An agent raised, or answered with something that is not a legal action. The
    message names the agent, the hand and the action."""


def _where(hand: Hand, name: str) -> str:
    return f"{name} ({hand.street}, board {''.join(map(str, hand.board)) or '-'})"


def play_hand(hand: Hand, agents: Mapping[int, Any], labels: Mapping[int, str],
              name: str) -> None:
    """Ask the seat's agent for every decision until the hand is over.

    ``agents`` and ``labels`` map seats to agents and their names; ``name`` says which
    hand this is in error messages. An agent that raises or answers illegally stops the
    hand with :class:`AgentError` (the hand is left unfinished).
    """
    new_view = object.__new__
    while not hand.finished:
        seat = hand.to_act
        assert seat is not None
        legal = hand.legal_actions()
        view = new_view(LazyView)
        d = view.__dict__
        d["_hand"] = hand
        d["seat"] = seat
        try:
            decision = agents[seat].act(view, legal)
        except Exception as err:
            raise AgentError(f"agent {labels[seat]!r} at seat {seat} raised "
                             f"{type(err).__name__}: {err} in {_where(hand, name)}") from err
        d["_hand"] = None
        try:
            kind, amount = decision
            hand.act(kind, amount)
        except (IllegalActionError, TypeError, ValueError) as err:
            raise AgentError(f"agent {labels[seat]!r} at seat {seat} answered "
                             f"{decision!r} in {_where(hand, name)}: {err}") from None


_VOLUNTARY = ("call", "bet", "raise_to")
_RAISES = ("bet", "raise_to")


class Tally:
    """Per-seat counters for :class:`~omaha_fast.sim.stats.AgentStats`, filled hand by
    hand (lists indexed by entry, for speed)."""

    __slots__ = ("hands", "net", "net_sq", "vpip", "pfr", "saw_flop", "showdowns",
                 "won_showdown", "scoops", "quartered", "rake")

    def __init__(self, n: int) -> None:
        self.hands = [0] * n
        self.net = [0] * n
        self.net_sq = [0] * n
        self.vpip = [0] * n
        self.pfr = [0] * n
        self.saw_flop = [0] * n
        self.showdowns = [0] * n
        self.won_showdown = [0] * n
        self.scoops = [0] * n
        self.quartered = [0] * n
        self.rake = 0

    def stats(self, labels: Sequence[str]) -> tuple[AgentStats, ...]:
        """The counts so far as one AgentStats per entry."""
        return tuple(AgentStats(label, *(getattr(self, name)[i]
                                         for name in self.__slots__[:-1]))
                     for i, label in enumerate(labels))

    def add(self, hand: Hand, entry: Mapping[int, int]) -> None:
        """Count one finished hand; ``entry`` maps its seats to entry indices."""
        seats = hand.seats
        hands, net, net_sq = self.hands, self.net, self.net_sq
        start_stacks = hand.starting_stacks
        for seat, end in hand.stacks.items():
            start = start_stacks[seat]
            i = entry[seat]
            hands[i] += 1
            won = end - start
            net[i] += won
            net_sq[i] += won * won
        vpip: set[int] = set()
        pfr: set[int] = set()
        folded_pre: set[int] = set()
        for a in hand.actions:
            if a[0]:
                break
            kind = a[2]
            if kind in _VOLUNTARY:
                vpip.add(a[1])
                if kind in _RAISES:
                    pfr.add(a[1])
            elif kind == "fold":
                folded_pre.add(a[1])
        for seat in vpip:
            self.vpip[entry[seat]] += 1
        for seat in pfr:
            self.pfr[entry[seat]] += 1
        if hand.board:
            for seat in seats:
                if seat not in folded_pre:
                    self.saw_flop[entry[seat]] += 1
        awards = None
        if hand.shown or hand.mucked:
            awards = hand.awards
            folded = hand.folded
            payouts = hand.payouts
            split = Game(hand.rules.game).split_low
            for seat in seats:
                if seat in folded:
                    continue
                i = entry[seat]
                self.showdowns[i] += 1
                if payouts[seat] > 0:
                    self.won_showdown[i] += 1
                mine = [a for a in awards if seat in a.eligible]
                if mine and all(a.high_winners == (seat,) and a.low_winners in ((), (seat,))
                                for a in mine):
                    self.scoops[i] += 1
                if split and awards:
                    main = awards[0]
                    high, low = main.high_winners, main.low_winners
                    if (len(low) == 2 and seat in low and seat not in high) or \
                            (len(high) == 2 and seat in high and low and seat not in low):
                        self.quartered[i] += 1
        if hand.rules.rake is not None:
            self.rake += hand.rake


__all__ = ["AgentError", "play_hand", "Tally"]
