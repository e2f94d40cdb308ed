"""``solve``: a heads-up turn or river spot, by discounted CFR, to a target exploitability."""

from __future__ import annotations

import math
import numbers
import time
from collections.abc import Callable
from typing import Any, Optional

from .._extras import import_extra
from ..cards import CardsLike, format_cards
from .dcfr import Engine
from .errors import SubgameTypeError, SubgameValueError
from .result import SubgameResult
from .spot import read_amount, read_board, read_range, read_stack
from .tree import ACTION, BetTree, build

Progress = Callable[[int, int, float], None]
"""``progress(iteration, iterations, exploitability)``: called after each exploitability
check, the exploitability in percent of the pot."""


def _np() -> Any:
    return import_extra("numpy", "numpy")


def _budget(x: object, what: str, integer: bool) -> Any:
    if x is None:
        return None
    if isinstance(x, bool) or not isinstance(x, numbers.Integral if integer else numbers.Real):
        raise SubgameTypeError(f"{what} must be {'an int' if integer else 'a number'}, "
                               f"got {x!r}")
    v = float(x)
    if not math.isfinite(v) or v < 0:
        raise SubgameValueError(f"{what} must be at least 0, got {x!r}")
    return int(v) if integer else v


def solve(board: CardsLike, oop: Any, ip: Any, pot: float, stack: Any,
          tree: Optional[BetTree] = None, game: str = "hilo", target: float = 0.3,
          iterations: int = 1000, seconds: Optional[float] = None,
          check_every: int = 10, progress: Optional[Progress] = None,
          alpha: float = 1.5, beta: float = 0.0, gamma: float = 2.0,
          threads: Optional[int] = None) -> SubgameResult:
    """Solve a heads-up subgame that starts on the turn (a 4-card board) or the river.

    ``oop`` acts first on each street, ``ip`` second. Each range is range text, a
    :class:`~omaha_fast.Range`, a list or (n, 4) array of hands (weight 1 each) or a pair
    ``(hands, weights)`` with float weights; hands holding a board card are left out.
    ``pot`` is the pot before the subgame, ``stack`` the effective stack behind (or the
    two stacks). The solve stops when the exploitability (checked every ``check_every``
    iterations, in percent of ``pot``) is at most ``target``, after ``iterations``, or
    after ``seconds``, whichever comes first; the final strategy is measured once more.
    ``threads`` is how many threads the batched showdowns use (None: every core).

    >>> r = solve("Ah Kd 7c 8s 2h", ["3c4dKsKh", "5c6c9d9h"], ["3d4hQsQc", "JcJdTcTd"],
    ...           pot=10, stack=10, tree=BetTree(bets=(1.0,), raise_cap=0), target=0.01)
    >>> r.actions(""), r.exploitability <= 0.01
    (['check', 'bet 10'], True)
    >>> round(r.ev[0] + r.ev[1], 9)     # zero-sum: the two EVs add up to the pot
    10.0
    """
    np = _np()
    tree = BetTree() if tree is None else tree
    if not isinstance(tree, BetTree):
        raise SubgameTypeError(f"tree must be a BetTree, got {type(tree).__name__}")
    cards = read_board(board)
    pot_v = read_amount(pot, "pot", True)
    stack_v = read_stack(stack)
    hands0, w0 = read_range(oop, cards, game, "oop")
    hands1, w1 = read_range(ip, cards, game, "ip")
    target_v = _budget(target, "target", False) or 0.0
    max_iter = _budget(iterations, "iterations", True)
    max_time = _budget(seconds, "seconds", False)
    every = _budget(check_every, "check_every", True)
    if not every:
        raise SubgameValueError("check_every must be at least 1")
    threads_v = _budget(threads, "threads", True)
    if threads_v == 0:
        raise SubgameValueError("threads must be at least 1 (or None: every core)")
    if progress is not None and not callable(progress):
        raise SubgameTypeError(f"progress must be a function or None, got {progress!r}")
    street = "turn" if len(cards) == 4 else "river"
    nodes = build(tree, pot_v, stack_v, street)
    engine = Engine(nodes, cards, (hands0, hands1), (w0, w1), pot_v, game, alpha, beta,
                    gamma, threads=threads_v)
    if engine.deal_weight() <= 0:
        raise SubgameValueError("the two ranges never fit together: every pair of hands "
                                "shares a card")
    start = time.perf_counter()
    history: list[tuple[int, float, float]] = []

    def measure() -> float:
        pct = 100.0 * engine.exploitability()[2] / pot_v
        history.append((engine.iterations, round(time.perf_counter() - start, 4), pct))
        if progress is not None:
            progress(engine.iterations, max_iter, pct)
        return pct

    expl = math.inf
    while engine.iterations < max_iter:
        engine.iterate()
        done = engine.iterations >= max_iter
        late = max_time is not None and time.perf_counter() - start >= max_time
        if engine.iterations % every == 0 or done or late:
            expl = measure()
            if expl <= target_v or late:
                break
    if not history or history[-1][0] != engine.iterations:
        expl = measure()
    elapsed = time.perf_counter() - start

    # kept at the precision a saved tree keeps, so that a loaded tree gives the same answers
    strategies = {k: engine.average(k).astype(np.float32).astype(np.float64)
                  for k, n in enumerate(nodes) if n.kind == ACTION}
    # each action's value at every node, kept for the reports (a pass per player)
    action_values = {**engine.action_values(0), **engine.action_values(1)}
    hand_ev, range_ev, hand_eq, range_eq = [], [], [], []
    z = engine.deal_weight()
    for p in (0, 1):
        cfv = engine.root_values(p, "ev")
        met = engine.met(p)
        with np.errstate(invalid="ignore", divide="ignore"):
            hand_ev.append(np.where(met > 0, cfv / met, np.nan))
        range_ev.append(float((engine.weights[p] * cfv).sum()) / z)
        value, reach = engine.equities(p)
        with np.errstate(invalid="ignore", divide="ignore"):
            hand_eq.append(np.where(reach > 0, value / reach, np.nan))
        w = engine.weights[p]
        range_eq.append(float((w * value).sum() / (w * reach).sum()))
    return SubgameResult(
        board=format_cards(cards), game=game, pot=pot_v, stack=stack_v, tree=tree,
        nodes=nodes, hands=(hands0, hands1), weights=(w0, w1), strategies=strategies,
        rivers=engine.rivers, iterations=engine.iterations, seconds=elapsed,
        exploitability=expl, history=history, ev=(range_ev[0], range_ev[1]),
        hand_ev=(hand_ev[0], hand_ev[1]), equity=(range_eq[0], range_eq[1]),
        hand_equity=(hand_eq[0], hand_eq[1]), action_values=action_values)
