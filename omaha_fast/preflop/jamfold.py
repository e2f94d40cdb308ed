"""Jam/fold strategies by class: the game built from equity data, its equilibrium for each
stack, and what each of the 16,432 classes does and gains.

When the data's columns are buckets, the game is solved over the buckets (every class of
a bucket plays alike) and then measured in the full game of classes: each class's best
response against the other seat's bucket strategy is exact over the class rows of the
data, so ``class_exploitability`` is how much a player choosing per class could win
against the bucket equilibrium (it includes the abstraction's loss).

>>> import numpy as np
>>> t = class_table()
>>> ids = [int(c) for c in t.order[:400:40]]            # ten classes, strongest first
>>> data = build(ids, [[c] for c in ids], samples=400, workers=1)
>>> solver = JamFold(data)
>>> s = solver.solve(8)
>>> bool(s.exploitability < 5), s.jam_combos > 0.5
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Optional

from .classes import PreflopValueError, class_table
from .game import Equilibrium, JamFoldGame, payoffs, solve
from .matrix import EquityData, build  # noqa: F401 (build: the doctest)

__all__ = ["JamFold", "StackSolution", "group_game"]


def group_game(data: EquityData) -> tuple[JamFoldGame, Any]:
    """(the game over the data's column groups, the group of each row). The rows must be
    exactly the classes of the groups. The SB's shares are averaged with one minus the
    BB's (both estimate the same number), which halves the Monte Carlo variance."""
    game, row_group, _ = _group_game(data)
    return game, row_group


def _group_game(data: EquityData) -> tuple[JamFoldGame, Any, Any]:
    """group_game and the shares before averaging the two seats' estimates."""
    import numpy as np
    t = class_table()
    group_of = {int(c): g for g in range(data.n_groups)
                for c in data.col_classes[data.col_start[g]:data.col_start[g + 1]]}
    rows = [int(c) for c in data.rows]
    if sorted(rows) != sorted(group_of) or len(set(rows)) != len(rows):
        raise PreflopValueError("the rows of the equity data must be exactly the classes of "
                                "its column groups (one game for both seats)")
    row_group = np.array([group_of[c] for c in rows], dtype=np.int64)
    pair = t.combos[data.rows][:, None].astype(np.float64) * data.compat
    m = data.n_groups
    weights = np.zeros((m, m))
    won = np.zeros((m, m))
    np.add.at(weights, row_group, pair)
    np.add.at(won, row_group, pair * data.share)
    share = np.divide(won, weights, out=np.full((m, m), 0.5), where=weights > 0)
    sym = np.where((weights > 0) & (weights.T > 0), (share + 1.0 - share.T) / 2, share)
    return JamFoldGame(weights, np.clip(sym, 0.0, 1.0)), row_group, share


@dataclass(frozen=True)
class StackSolution:
    """The equilibrium at one stack, by class. ``jam`` and ``call`` are per class (in class
    number order over every class of the data's rows; NaN elsewhere). ``jam_margin[c]`` is
    the chip EV of jamming minus folding for a hand of class c against the BB's strategy,
    ``call_margin[c]`` of calling minus folding facing the SB's jam (big blinds; NaN
    where class c never faces a jam). ``exploitability`` is in mbb/hand over the game the
    solver played (buckets or classes), ``class_exploitability`` in the game of classes."""

    equilibrium: Equilibrium
    classes: Any
    combos: Any
    jam: Any
    call: Any
    jam_margin: Any
    call_margin: Any
    class_exploitability: float

    @property
    def stack(self) -> float:
        return self.equilibrium.stack

    @property
    def exploitability(self) -> float:
        return self.equilibrium.exploitability

    @property
    def jam_combos(self) -> float:
        """Share of the hands (combinations) the SB jams."""
        return float((self.combos * self.jam).sum() / self.combos.sum())

    @property
    def call_combos(self) -> float:
        """Share of the hands the BB calls a jam with."""
        return float((self.combos * self.call).sum() / self.combos.sum())

    @property
    def jam_classes(self) -> float:
        """Share of the classes the SB jams (a mixed class counts its frequency)."""
        return float(self.jam.mean())

    @property
    def call_classes(self) -> float:
        return float(self.call.mean())

    def marginal(self, seat: str = "sb", k: int = 3) -> list[tuple[int, float]]:
        """The ``k`` classes closest to indifference for ``seat`` ("sb": jam or fold,
        "bb": call or fold), as (class, margin in big blinds)."""
        import numpy as np
        margin = {"sb": self.jam_margin, "bb": self.call_margin}.get(seat)
        if margin is None:
            raise PreflopValueError(f"seat must be 'sb' or 'bb', not {seat!r}")
        ok = np.flatnonzero(np.isfinite(margin))
        best = ok[np.argsort(np.abs(margin[ok]), kind="stable")[:k]]
        return [(int(self.classes[i]), float(margin[i])) for i in best]


class JamFold:
    """The jam/fold game of some equity data, solved stack by stack."""

    def __init__(self, data: EquityData) -> None:
        import numpy as np
        self.data = data
        self.game, self.row_group, raw = _group_game(data)
        t = class_table()
        self.combos = t.combos[data.rows].astype(np.float64)
        # per class row: (row, group) pair weights as probabilities of the whole game
        self.pair = self.combos[:, None] * data.compat / self.game.weights.sum()
        # each class row moved by its group's averaging of the two seats' estimates, so
        # that the classes of a group add up to the game's cell exactly: the class game
        # then differs from the group game by the abstraction (and per-class noise) only
        shift = (self.game.share - raw)[self.row_group]
        self.share = np.clip(data.share + shift, 0.0, 1.0)

    def solve(self, stack: float, *, ante: float = 0.0, iterations: int = 2_000,
              target: Optional[float] = None) -> StackSolution:
        """The equilibrium at one stack (see :func:`omaha_fast.preflop.game.solve`)."""
        eq = solve(self.game, stack, ante=ante, iterations=iterations, target=target)
        return self._by_class(eq)

    def solve_stacks(self, stacks: Iterable[float], **kw: Any) -> list[StackSolution]:
        return [self.solve(s, **kw) for s in stacks]

    def _by_class(self, eq: Equilibrium) -> StackSolution:
        import numpy as np
        p = payoffs(eq.stack, eq.ante)
        jam, call = eq.jam[self.row_group], eq.call[self.row_group]
        prob_row = self.pair.sum(axis=1)
        fold_v = prob_row * p.fold
        # SB with class A against the BB's group strategy
        jam_v = prob_row * p.steal + (self.pair * (p.called(self.share) - p.steal)) @ eq.call
        # BB with class B against the SB's group strategy: the SB's share is 1 - B's
        facing = self.pair @ eq.jam
        call_gain = (self.pair * (p.called(1.0 - self.share) - p.steal)) @ eq.jam  # SB's view
        # each seat's gain against the value seen through its own rows, so that Monte
        # Carlo noise between the two views never shows as a negative gain
        value_sb = float(np.sum((1 - jam) * fold_v + jam * jam_v))
        best_sb = float(np.sum(np.maximum(fold_v, jam_v)))
        expl = max(0.0, 500.0 * ((best_sb - value_sb) + float(
            np.sum(call * call_gain) - np.minimum(call_gain, 0.0).sum())))
        jam_margin = (jam_v - fold_v) / np.where(prob_row > 0, prob_row, 1.0)
        call_margin = np.where(facing > 0, -call_gain / np.where(facing > 0, facing, 1.0),
                               np.nan)
        return StackSolution(eq, np.asarray(self.data.rows), self.combos, jam, call,
                             jam_margin, call_margin, expl)
