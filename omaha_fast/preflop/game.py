"""The heads-up jam/fold game over groups of hands, solved by CFR+ with matrix products.

Stacks of ``stack`` big blinds (before the blinds and antes); the small blind posts 1/2,
the big blind 1, each an ``ante``. The small blind jams or folds; facing a jam the big
blind calls or folds. Chip EV, in big blinds, for the small blind (the big blind's is its
negative):

- SB folds: ``-(1/2 + ante)``;
- SB jams, BB folds: ``+(1 + ante)``;
- SB jams, BB calls: ``2 * stack * share - stack``, ``share`` the SB's all-in pot share.

Hands come in groups (classes or buckets of them); ``weights[x, y]`` counts the pairs of
hands (SB in group x, BB in group y) that share no card, ``share[x, y]`` the SB's mean pot
share over them. Everything the game needs is one matrix, ``A = P * (call - fold)`` (``P``
the weights as probabilities): the SB's jam values are ``A @ call`` plus a constant per
group and the BB's call advantages ``-(A.T @ jam)``, so each CFR+ iteration is two
matrix-vector products. The exploitability is exact: a best response for each side over
the same matrix, averaged over the two seats (mbb = thousandths of a big blind per hand).

>>> import numpy as np
>>> g = JamFoldGame(np.ones((2, 2)), np.array([[0.5, 0.7], [0.3, 0.5]]))
>>> eq = solve(g, stack=10)
>>> eq.jam.round(2).tolist(), eq.call.round(2).tolist()
([1.0, 0.0], [1.0, 0.0])
>>> eq.exploitability < 0.01
True
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any, Optional

from .classes import PreflopValueError


class JamFoldGame:
    """The weights and the SB's pot shares over groups (square, the same groups for both
    seats)."""

    __slots__ = ("weights", "share", "prob", "prob_sb", "prob_bb")

    def __init__(self, weights: Any, share: Any) -> None:
        import numpy as np
        w = np.asarray(weights, dtype=np.float64)
        e = np.asarray(share, dtype=np.float64)
        if w.ndim != 2 or w.shape[0] != w.shape[1] or e.shape != w.shape:
            raise PreflopValueError(f"weights and share must be one square matrix shape, "
                                    f"got {w.shape} and {e.shape}")
        if not np.isfinite(w).all() or (w < 0).any() or w.sum() <= 0:
            raise PreflopValueError("weights must be finite, >= 0 and not all 0")
        if not np.isfinite(e).all() or (e < 0).any() or (e > 1).any():
            raise PreflopValueError("pot shares must be in 0..1")
        self.weights, self.share = w, e
        self.prob = w / w.sum()
        self.prob_sb = self.prob.sum(axis=1)
        self.prob_bb = self.prob.sum(axis=0)

    @property
    def size(self) -> int:
        return int(self.weights.shape[0])


@dataclass(frozen=True)
class Payoffs:
    """The SB's chip EV of the three endings at one stack and ante."""

    stack: float
    ante: float

    @property
    def fold(self) -> float:
        return -(0.5 + self.ante)

    @property
    def steal(self) -> float:
        return 1.0 + self.ante

    def called(self, share: Any) -> Any:
        return 2.0 * self.stack * share - self.stack


MAX_STACK = 1e6
"""The largest stack or ante, in big blinds: far beyond where jam/fold means anything,
well within what the payoffs (twice the stack times a share) and the regrets summed over
thousands of iterations hold exactly in float64."""


def payoffs(stack: float, ante: float = 0.0) -> Payoffs:
    """Checked stack and ante: the big blind must be able to post the blind and the ante."""
    for name, v in (("stack", stack), ("ante", ante)):
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            raise PreflopValueError(f"{name} must be a finite number of big blinds, not {v!r}")
    if ante < 0:
        raise PreflopValueError(f"ante must be >= 0, not {ante}")
    if stack > MAX_STACK or ante > MAX_STACK:
        raise PreflopValueError(f"{'stack' if stack > MAX_STACK else 'ante'} must be at most "
                                f"{MAX_STACK:,.0f} big blinds (the payoffs must stay finite "
                                f"and exact), not {max(stack, ante):g}")
    if stack < 1 + ante:
        raise PreflopValueError(f"stack {stack} is below the big blind plus the ante "
                                f"({1 + ante}): the big blind could not post")
    return Payoffs(float(stack), float(ante))


@dataclass(frozen=True)
class Equilibrium:
    """A strategy pair and how far from equilibrium it is. ``jam[x]`` and ``call[y]`` are
    the probabilities of jamming and of calling a jam in each group; ``value`` is the
    SB's chip EV per hand (big blinds); ``sb_gain`` and ``bb_gain`` what a best response
    would win for each seat; ``exploitability`` their mean in mbb/hand."""

    stack: float
    ante: float
    jam: Any
    call: Any
    value: float
    sb_gain: float
    bb_gain: float
    iterations: int
    seconds: float

    @property
    def exploitability(self) -> float:
        """mbb per hand: the mean of the two seats' best-response gains, x 1000 (0 below
        rounding: a best response never loses)."""
        return max(0.0, 500.0 * (self.sb_gain + self.bb_gain))


def _matrix(game: JamFoldGame, p: Payoffs) -> Any:
    return game.prob * (p.called(game.share) - p.steal)


def evaluate(game: JamFoldGame, jam: Any, call: Any, stack: float,
             ante: float = 0.0) -> tuple[float, float, float]:
    """(SB value, SB best-response gain, BB best-response gain) of a strategy pair, in
    big blinds per hand: exact over the matrix."""
    p = payoffs(stack, ante)
    a = _matrix(game, p)
    return _evaluate(game, a, p, jam, call)


def _evaluate(game: JamFoldGame, a: Any, p: Payoffs, jam: Any,
              call: Any) -> tuple[float, float, float]:
    import numpy as np
    fold = game.prob_sb * p.fold
    jam_value = game.prob_sb * p.steal + a @ call
    value = float(np.sum((1 - jam) * fold + jam * jam_value))
    best_sb = float(np.sum(np.maximum(fold, jam_value)))
    best_bb = float(np.sum((1 - jam) * fold + jam * game.prob_sb * p.steal)
                    + np.minimum(a.T @ jam, 0.0).sum())
    return value, best_sb - value, value - best_bb


def solve(game: JamFoldGame, stack: float, *, ante: float = 0.0, iterations: int = 2_000,
          target: Optional[float] = None, check_every: int = 50) -> Equilibrium:
    """CFR+ (regret matching+, alternating updates, averages weighted by iteration) until
    ``iterations`` or, when ``target`` is given, an exploitability at or below ``target``
    mbb/hand (checked every ``check_every`` iterations)."""
    import numpy as np
    p = payoffs(stack, ante)
    if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
        raise PreflopValueError(f"iterations must be an int >= 1, not {iterations!r}")
    if target is not None and (isinstance(target, bool) or not isinstance(target, (int, float))
                               or not target > 0):
        raise PreflopValueError(f"target must be a positive number of mbb/hand, not {target!r}")
    start = time.perf_counter()
    a = _matrix(game, p)
    at = np.ascontiguousarray(a.T)
    m = game.size
    fold = game.prob_sb * p.fold
    steal = game.prob_sb * p.steal
    r_jam, r_fold = np.zeros(m), np.zeros(m)
    r_call, r_pass = np.zeros(m), np.zeros(m)
    jam_sum, call_sum = np.zeros(m), np.zeros(m)
    jam, call = np.full(m, 0.5), np.full(m, 0.5)
    done = 0
    for t in range(1, iterations + 1):
        # small blind
        u_jam = steal + a @ call
        u = jam * u_jam + (1 - jam) * fold
        r_jam = np.maximum(r_jam + u_jam - u, 0.0)
        r_fold = np.maximum(r_fold + fold - u, 0.0)
        jam = _regret_match(np, r_jam, r_fold)
        jam_sum += t * jam
        # big blind: its values are the SB's negated; folding is the zero
        d = -(at @ jam)
        r_call = np.maximum(r_call + (1 - call) * d, 0.0)
        r_pass = np.maximum(r_pass - call * d, 0.0)
        call = _regret_match(np, r_call, r_pass)
        call_sum += t * call
        done = t
        if target is not None and t % check_every == 0:
            _, g_sb, g_bb = _evaluate(game, a, p, _avg(jam_sum, t),
                                      _avg(call_sum, t))
            if 500.0 * (g_sb + g_bb) <= target:
                break
    jam_avg, call_avg = _avg(jam_sum, done), _avg(call_sum, done)
    value, g_sb, g_bb = _evaluate(game, a, p, jam_avg, call_avg)
    return Equilibrium(p.stack, p.ante, jam_avg, call_avg, value, g_sb, g_bb, done,
                       time.perf_counter() - start)


def _avg(total: Any, t: int) -> Any:
    return total / (t * (t + 1) / 2)


def _regret_match(np: Any, plus: Any, minus: Any) -> Any:
    s = plus + minus
    return np.where(s > 0, plus / np.where(s > 0, s, 1.0), 0.5)


__all__ = ["JamFoldGame", "Equilibrium", "Payoffs", "payoffs", "solve", "evaluate"]
