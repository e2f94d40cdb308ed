"""The observation vector: what one seat sees, as float32 numbers.

Layout for a table of ``n`` seats, with ``k`` history slots a street (``history_slots``,
default ``max(8, 2 * n)``); chips are in big blinds:

===============  =========================================================================
 index            meaning
===============  =========================================================================
 0 .. 51          the seat's own hole cards (1 at each card's int, ``rank * 4 + suit``)
 52 .. 103        the board cards dealt so far
 104 .. 107       the street, one-hot: preflop, flop, turn, river (all 0 once it is over)
 108 .. 108+5n-1  five numbers per seat, the observer first, then clockwise from it:
                  in the hand (dealt in, not folded), all-in, has the button,
                  stack behind, chips bet on this street
 108+5n           the pot: every chip in the middle, bets on this street included
 108+5n+1         the chips the observer needs to call
 108+5n+2 ..      the action history (:attr:`ObservationEncoder.history_at`): four street
                  blocks (preflop, flop, turn, river) of ``1 + k * (n + 7)`` numbers each
 then             with ``hand_features``: :data:`~omaha_fast.env.features.N_FEATURES`
                  numbers (high class one-hot, low made, low strength, equity estimate)
===============  =========================================================================

A street block starts with a flag, 1 when the street had more than ``k`` actions (its
slots then hold the last ``k``), followed by ``k`` slots filled in the order the actions
were taken, unused slots all zeros. A slot is ``n + 7`` numbers:

===========  ==============================================================================
 offset       meaning
===========  ==============================================================================
 0 .. n-1     who acted, one-hot, as in the seat block: 0 the observer, then clockwise
 n .. n+4     the kind, one-hot: fold, check, call, bet, raise (the engine's ``raise_to``)
 n+5          1 when the action put the player's last chip in
 n+6          the player's total bet on the street after the action (``Action.to``)
===========  ==============================================================================

The blinds are not actions (the seat block's bets and the button show them). This is
the betting sequence of OpenSpiel's universal_poker information state, with sizes and
actors added, in fixed slots a street rather than one sequence for the hand, so a policy
always finds the flop's first action at the same place. :meth:`decode_history` reads the
actions back.

Nobody else's hole cards appear, not even after a showdown: a learner sees what it may
know before the hand ends, and the reward tells it the rest.

>>> from omaha_fast import Table, PotLimit
>>> t = Table(structure=PotLimit(), blinds=(1, 2), seats=2, stacks=[200, 200])
>>> h = t.start_hand(holes={0: "As2s3h4h", 1: "KcKdQcJd"})
>>> enc = ObservationEncoder(seats=2, big_blind=2, total_chips=400)
>>> obs = enc.encode(h, 0)
>>> obs.shape, [i for i in range(52) if obs[i]]          # As 2s 3h 4h
((412,), [3, 6, 10, 51])
>>> obs[104:108].tolist(), obs[108:118].tolist()         # preflop; seat 0 has the button
([1.0, 0.0, 0.0, 0.0], [1.0, 0.0, 1.0, 99.5, 0.5, 1.0, 0.0, 0.0, 99.0, 1.0])
>>> obs[118:120].tolist()                                # pot 3 chips, 1 to call
[1.5, 0.5]
>>> for kind, to in (("raise_to", 6), ("call", None)):  # seat 0 raises, seat 1 calls
...     _ = h.act(kind, to)
>>> slot = enc.history_at + 1                            # the first preflop slot
>>> obs = enc.encode(h, 1)                               # seen from seat 1, on the flop
>>> obs[slot:slot + 9].tolist()                          # the other seat raised to 3 bb
[0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 3.0]
>>> enc.decode_history(obs, 1)
[(0, 0, 'raise_to', 6, False), (0, 1, 'call', 6, False)]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from .._checks import check_int
from .features import N_FEATURES, hand_features

if TYPE_CHECKING:
    from ..game import Hand, Table

CARDS = 52
BOARD_AT = 52
STREET_AT = 104
SEATS_AT = 108
PER_SEAT = 5
STREETS = 4
HISTORY_KINDS = ("fold", "check", "call", "bet", "raise_to")
"""The kinds of a history slot, in the order of its one-hot."""
SLOT_EXTRA = len(HISTORY_KINDS) + 2     # the kind one-hot, the all-in flag, the total
_STREETS = {"preflop": 0, "flop": 1, "turn": 2, "river": 3}
_KIND_AT = {kind: i for i, kind in enumerate(HISTORY_KINDS)}


def default_history_slots(seats: int) -> int:
    """Slots a street when none is given: room for every seat to act twice, and at
    least eight (a heads-up raising war).

    >>> default_history_slots(2), default_history_slots(6)
    (8, 12)
    """
    return max(8, 2 * seats)


class ObservationEncoder:
    """Builds the observation of one seat; sizes and bounds are fixed by the table.

    ``total_chips`` bounds every chip figure (no stack, bet or pot can hold more);
    ``history_slots`` is the number of actions kept a street (0: no history; None: the
    :func:`default_history_slots`); ``hand_features`` appends the features of
    :mod:`omaha_fast.env.features`, with an equity estimate from ``equity_samples`` Monte
    Carlo deals.
    """

    def __init__(self, *, seats: int, big_blind: int, total_chips: int, game: str = "hilo",
                 hand_features: bool = False, equity_samples: int = 128,
                 history_slots: Optional[int] = None) -> None:
        self.seats = seats
        self.big_blind = big_blind
        self.game = game
        self.features = hand_features
        self.equity_samples = equity_samples
        self.history_slots = (default_history_slots(seats) if history_slots is None else
                              check_int(history_slots, "history_slots", low=0))
        self.pot_at = SEATS_AT + PER_SEAT * seats
        self.history_at = self.pot_at + 2
        """Where the action history starts (the preflop block's flag)."""
        self.slot_size = seats + SLOT_EXTRA
        self.street_size = (1 + self.history_slots * self.slot_size if self.history_slots
                            else 0)
        self.features_at = self.history_at + STREETS * self.street_size
        """Where the hand features start (the end of the vector without them)."""
        self.size = self.features_at + (N_FEATURES if hand_features else 0)
        self.chip_bound = total_chips / big_blind
        self._cache: dict[tuple[object, ...], Any] = {}
        # every seat, clockwise from each observer
        self._clockwise = [[(seat + k) % seats for k in range(seats)] for seat in range(seats)]

    def bounds(self) -> tuple[Any, Any]:
        """(low, high) float32 arrays for a gymnasium Box."""
        import numpy as np

        low = np.zeros(self.size, np.float32)
        high = np.ones(self.size, np.float32)
        for k in range(self.seats):
            at = SEATS_AT + PER_SEAT * k
            high[at + 3:at + 5] = self.chip_bound
        high[self.pot_at:self.pot_at + 2] = self.chip_bound
        for street in range(STREETS):
            first = self.history_at + street * self.street_size + 1
            for slot in range(self.history_slots):
                high[first + slot * self.slot_size + self.slot_size - 1] = self.chip_bound
        return low, high

    def encode(self, hand: Hand, seat: int, *, features_seed: Optional[int] = None,
               table: Optional[Table] = None) -> Any:
        """The observation of ``seat`` (a float32 array of :attr:`size`).

        ``table`` gives the chips of seats not dealt in (its stacks, between hands);
        ``features_seed`` seeds the equity estimate (the same seed, the same estimate).
        """
        import numpy as np

        # the fixed part as a Python list first, one conversion at the end: cheaper than
        # numpy item writes; the sparse history as index and value lists, one scatter
        vec = [0.0] * self.history_at
        dealt = hand.seats
        mine = seat in dealt
        hole = hand.hole(seat) if mine else ()
        board = hand.board
        for c in hole:
            vec[c] = 1.0
        for c in board:
            vec[BOARD_AT + c] = 1.0
        finished = hand.finished
        if not finished:
            vec[STREET_AT + _STREETS[hand.street]] = 1.0
        bb = self.big_blind
        hand_stacks = hand.stacks
        bets = hand.bets
        folded = hand.folded
        button = hand.button
        at = SEATS_AT
        stacks: Optional[dict[int, int]] = None
        for s in self._clockwise[seat]:
            if s in hand_stacks:
                stack = hand_stacks[s]
                in_hand = s not in folded
                if in_hand:
                    vec[at] = 1.0
                    if stack == 0 and not finished:
                        vec[at + 1] = 1.0
                if not finished:
                    vec[at + 4] = bets[s] / bb
            else:
                if stacks is None:
                    stacks = table.stacks if table is not None else {}
                stack = stacks.get(s, 0)
            if s == button:
                vec[at + 2] = 1.0
            vec[at + 3] = stack / bb
            at += PER_SEAT
        if not finished:
            vec[at] = hand.pot / bb
            if mine:
                vec[at + 1] = max(0, hand.current_bet - bets[seat]) / bb
        obs = np.zeros(self.size, np.float32)
        obs[:self.history_at] = vec
        if self.history_slots and hand.actions:
            where: list[int] = []
            values: list[float] = []
            self._encode_history(where, values, hand.actions, seat)
            obs[where] = values
        if self.features and mine:
            live = len(dealt) - len(folded)
            # keyed by what the estimate depends on: an id() could be a later hand's
            key = (tuple(hole), tuple(board), features_seed or 0, seat, live)
            cached = self._cache.get(key)
            if cached is None:
                if len(self._cache) > 64:
                    self._cache.clear()
                rng = np.random.default_rng(
                    [features_seed or 0, seat, len(board), live])
                cached = self._cache[key] = hand_features(
                    hole, board, self.game, opponents=max(1, live - 1), rng=rng,
                    samples=self.equity_samples)
            obs[self.features_at:] = cached
        return obs

    def _encode_history(self, where: list[int], values: list[float], actions: Any,
                        seat: int) -> None:
        """The indices and values of the last ``history_slots`` actions of each street."""
        slots, n = self.history_slots, self.seats
        counts = [0] * STREETS
        for a in actions:
            counts[a.street] += 1
        taken = [0] * STREETS
        bb = self.big_blind
        for a in actions:
            street = a.street
            index = taken[street] - (counts[street] - slots if counts[street] > slots else 0)
            taken[street] += 1
            if index < 0:                   # an early action of a street longer than k
                continue
            at = self.history_at + street * self.street_size + 1 + index * self.slot_size
            where += (at + (a.seat - seat) % n, at + n + _KIND_AT[a.kind], at + n + 5,
                      at + n + 6)
            values += (1.0, 1.0, 1.0 if a.all_in else 0.0, a.to / bb)
        for street, count in enumerate(counts):
            if count > slots:
                where.append(self.history_at + street * self.street_size)
                values.append(1.0)

    def decode_history(self, observation: Any, seat: int) -> list[tuple[int, int, str, int,
                                                                         bool]]:
        """The actions held in ``observation``, the observation of ``seat``, in the order
        they were taken: ``(street, seat, kind, to, all_in)`` with the street as 0..3 and
        ``to`` back in chips, as in :class:`~omaha_fast.game.values.Action`. A street
        whose flag :meth:`history_cut` reports lists only its last ``history_slots``."""
        n, bb = self.seats, self.big_blind
        out = []
        for street in range(STREETS):
            first = self.history_at + street * self.street_size + 1
            for slot in range(self.history_slots):
                at = first + slot * self.slot_size
                actor = [i for i in range(n) if observation[at + i]]
                if not actor:
                    break                       # slots fill in order: the rest are empty
                kinds = [i for i in range(len(HISTORY_KINDS)) if observation[at + n + i]]
                out.append((street, (seat + actor[0]) % n, HISTORY_KINDS[kinds[0]],
                            round(float(observation[at + n + 6]) * bb),
                            bool(observation[at + n + 5])))
        return out

    def history_cut(self, observation: Any) -> list[bool]:
        """For each street, whether it had more actions than the slots (its slots then
        hold the last ones)."""
        return [bool(self.history_slots and
                     observation[self.history_at + street * self.street_size])
                for street in range(STREETS)]


__all__ = ["ObservationEncoder", "default_history_slots", "CARDS", "BOARD_AT", "STREET_AT",
           "SEATS_AT", "PER_SEAT", "STREETS", "HISTORY_KINDS", "SLOT_EXTRA"]
