"""The observation vector: what one seat sees, as float32 numbers.

Layout for a table of ``n`` seats (chips are in big blinds):

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
 108+5n+2 ..      with ``hand_features``: :data:`~omaha_fast.env.features.N_FEATURES`
                  numbers (high class one-hot, low made, low strength, equity estimate)
===============  =========================================================================

Nobody else's hole cards appear, not even after a showdown: a learner sees what it may
know before the hand ends, and the reward tells it the rest.

>>> from omaha_fast import Table, PotLimit
>>> t = Table(structure=PotLimit(), blinds=(1, 2), seats=2, stacks=[200, 200])
>>> h = t.start_hand(holes={0: "As2s3h4h", 1: "KcKdQcJd"})
>>> enc = ObservationEncoder(seats=2, big_blind=2, total_chips=400)
>>> obs = enc.encode(h, 0)
>>> obs.shape, [i for i in range(52) if obs[i]]          # As 2s 3h 4h
((120,), [3, 6, 10, 51])
>>> obs[104:108].tolist(), obs[108:118].tolist()         # preflop; seat 0 has the button
([1.0, 0.0, 0.0, 0.0], [1.0, 0.0, 1.0, 99.5, 0.5, 1.0, 0.0, 0.0, 99.0, 1.0])
>>> obs[118:120].tolist()                                # pot 3 chips, 1 to call
[1.5, 0.5]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from .features import N_FEATURES, hand_features

if TYPE_CHECKING:
    from ..game import Hand, Table

CARDS = 52
BOARD_AT = 52
STREET_AT = 104
SEATS_AT = 108
PER_SEAT = 5
_STREETS = {"preflop": 0, "flop": 1, "turn": 2, "river": 3}


class ObservationEncoder:
    """Builds the observation of one seat; sizes and bounds are fixed by the table.

    ``total_chips`` bounds every chip figure (no stack, bet or pot can hold more);
    ``hand_features`` appends the features of :mod:`omaha_fast.env.features`, with an
    equity estimate from ``equity_samples`` Monte Carlo deals.
    """

    def __init__(self, *, seats: int, big_blind: int, total_chips: int, game: str = "hilo",
                 hand_features: bool = False, equity_samples: int = 128) -> None:
        self.seats = seats
        self.big_blind = big_blind
        self.game = game
        self.features = hand_features
        self.equity_samples = equity_samples
        self.pot_at = SEATS_AT + PER_SEAT * seats
        self.size = self.pot_at + 2 + (N_FEATURES if hand_features else 0)
        self.chip_bound = total_chips / big_blind
        self._cache: dict[tuple[int, ...], Any] = {}
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
        return low, high

    def encode(self, hand: Hand, seat: int, *, features_seed: Optional[int] = None,
               table: Optional[Table] = None) -> Any:
        """The observation of ``seat`` (a float32 array of :attr:`size`).

        ``table`` gives the chips of seats not dealt in (its stacks, between hands);
        ``features_seed`` seeds the equity estimate (the same seed, the same estimate).
        """
        import numpy as np

        # a Python list first, one conversion at the end: cheaper than numpy item writes
        vec = [0.0] * self.size
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
        obs = np.array(vec, np.float32)
        if self.features and mine:
            live = len(dealt) - len(folded)
            key = (id(hand), features_seed or 0, seat, len(board), live)
            cached = self._cache.get(key)
            if cached is None:
                if len(self._cache) > 64:
                    self._cache.clear()
                rng = np.random.default_rng(
                    [features_seed or 0, seat, len(board), live])
                cached = self._cache[key] = hand_features(
                    hole, board, self.game, opponents=max(1, live - 1), rng=rng,
                    samples=self.equity_samples)
            obs[at + 2:] = cached
        return obs


__all__ = ["ObservationEncoder", "CARDS", "BOARD_AT", "STREET_AT", "SEATS_AT", "PER_SEAT"]
