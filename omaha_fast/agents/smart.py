"""A built-in agent that plays sound, simple hi/lo poker: hand strength, position, pot odds.

Each decision it estimates its share of the pot against as many uniformly random hands as
there are opponents still in (seeded Monte Carlo over the C evaluator's batch call: every
sample deals the opponents' cards and the rest of the board, ranks highs and lows, and
splits the pot as the game does). It raises when that share is well above its fair share
(one over the players in the pot), calls when the share beats the pot odds, and otherwise
checks or folds; a player last to act after the flop plays a little looser. Bets and
raises are the fixed-limit size, or three quarters of the pot in pot limit and no limit.
It beats the random agent and the calling station by a wide margin (see the tests), and
is meant as a yardstick, not as a strong player.

>>> from omaha_fast import Table, FixedLimit
>>> t = Table(structure=FixedLimit(10, 20), seats=2, stacks=[200, 200])
>>> h = t.start_hand(holes={0: "As2sKd3d", 1: "9c7h4s2c"}, board="Ah3c5d8sKs")
>>> agent = SmartAgent(seed=1)
>>> agent.setup(t.rules)
>>> agent.act(h.view(h.to_act), h.legal_actions())
Decision(kind='raise_to', amount=20)
>>> round(agent.strength(h.hole(0), (), 1), 2) > 0.6
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional

import numpy as np

from ..evaluation import evaluate_batch
from ..game.actions import LegalActions
from ..game.names import Game
from ..game.rules import Rules
from ..game.structures import FixedLimit
from ..game.view import HandView
from .decision import CALL, CHECK, FOLD, Decision


class SmartAgent:
    """See the module docstring. ``samples`` Monte Carlo deals per decision."""

    name = "smart"

    def __init__(self, samples: int = 200, seed: Optional[int] = None) -> None:
        self.samples = samples
        self.rng = np.random.default_rng(seed)
        self.game = "hilo"
        self.fixed = True

    def reset(self, seed: int) -> None:
        """Reseed (the simulator calls this before each block)."""
        self.rng = np.random.default_rng(seed)

    def setup(self, rules: Rules) -> None:
        """Learn the game and structure (the simulator calls this before each block)."""
        self.game = Game(rules.game).evaluation   # Big O plays as hi-lo, omaha5/6 as high
        self.fixed = isinstance(rules.structure, FixedLimit)

    def strength(self, hole: Sequence[Any], board: Sequence[Any], opponents: int) -> float:
        """Expected share of the pot against ``opponents`` random hands (Monte Carlo)."""
        known = [int(c) for c in hole] + [int(c) for c in board]
        unseen = np.ones(52, dtype=bool)
        unseen[known] = False
        rest = np.flatnonzero(unseen).astype(np.uint8)
        missing = 5 - len(board)
        k_hole = len(hole)          # four, or five or six in the larger games
        players = opponents + 1
        n = self.samples
        order = np.argsort(self.rng.random((n, len(rest))), axis=1)
        drawn = rest[order[:, :k_hole * opponents + missing]]
        boards = np.empty((n, 5), dtype=np.uint8)
        boards[:, :len(board)] = known[k_hole:]
        boards[:, len(board):] = drawn[:, :missing]
        # every player's hand of every sample in one evaluation: row (sample, player),
        # player 0 the agent, then the opponents in the order they were drawn
        holes = np.empty((n, players, k_hole), dtype=np.uint8)
        holes[:, 0] = known[:k_hole]
        holes[:, 1:] = drawn[:, missing:].reshape(n, opponents, k_hole)
        high, low = evaluate_batch(holes.reshape(n * players, k_hole),
                                   np.repeat(boards, players, axis=0), self.game)
        high = high.reshape(n, players)
        best_high = high.max(axis=1)
        high_share = np.where(high[:, 0] == best_high,
                              1.0 / (high == best_high[:, None]).sum(axis=1), 0.0)
        if self.game != "hilo":
            return float(high_share.mean())
        low = low.reshape(n, players)
        best_low = low.max(axis=1)         # 0: nobody has a low
        low_share = np.where((low[:, 0] > 0) & (low[:, 0] == best_low),
                             1.0 / (low == best_low[:, None]).sum(axis=1), 0.0)
        return float(np.where(best_low > 0, 0.5 * high_share + 0.5 * low_share,
                              high_share).mean())

    def _size(self, view: HandView, legal: LegalActions) -> int:
        if self.fixed:
            return legal.min_to
        current = max(view.bets.values())
        target = current + (3 * (view.pot + legal.call)) // 4
        return max(legal.min_to, min(legal.max_to, target))

    def act(self, view: HandView, legal: LegalActions) -> Decision:
        folded = set(view.folded)
        seat = view.seat
        live = [s for s in view.stacks if s not in folded]
        opponents = len(live) - 1
        assert view.hole is not None and opponents >= 1
        share = self.strength(view.hole, view.board, opponents)
        fair = 1.0 / (opponents + 1)
        preflop = not view.board
        if not preflop and live and live[-1] == seat:
            share += 0.03          # last to act: the others have shown weakness or strength
        pot_odds = legal.call / (view.pot + legal.call) if legal.call else 0.0
        strong = fair + (1.0 - fair) * (0.12 if preflop else 0.30)
        aggressive = legal.can_bet or legal.can_raise
        if share >= strong and aggressive:
            return Decision("bet" if legal.can_bet else "raise_to", self._size(view, legal))
        if legal.can_check:
            return CHECK
        playable = fair * 0.9 if preflop else 0.0
        if share >= max(pot_odds * 1.1, playable):
            return CALL
        return FOLD if legal.can_fold else CALL


__all__ = ["SmartAgent"]
