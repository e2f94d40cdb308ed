"""``solve``: a heads-up flop, turn or river spot, by discounted CFR, to a target
exploitability."""

from __future__ import annotations

import contextlib
import math
import numbers
import os
import time
from collections.abc import Callable, Mapping
from typing import Any, Optional, Union

import numpy as np

from ..cards import CardsLike, format_cards
from ..errors import OutOfMemoryError
from ..runner.local import default_workers
from .engine import ArenaEngine, estimate as engine_estimate, spec
from .errors import SpotTooLargeError, SubgameTypeError, SubgameValueError
from .memory import available_memory, size_text
from .result import SubgameResult, load
from .spot import check_chips, read_amount, read_board, read_range, read_stack
from .spread import SpreadEngine
from .tree import ACTION, CHANCE, SHOWDOWN, BetTree, Node, build

Progress = Callable[[int, int, float], None]
"""``progress(iteration, iterations, exploitability)``: called after each exploitability
check, the exploitability in percent of the pot."""

STREET_OF = {3: "flop", 4: "turn", 5: "river"}
ROWS_KEPT = 256_000_000   # bytes of a turn spot's river strategies kept as arrays


def _budget(x: object, what: str, integer: bool, least: int = 0) -> Any:
    if x is None:
        return None
    if isinstance(x, bool) or not isinstance(x, numbers.Integral if integer else numbers.Real):
        raise SubgameTypeError(f"{what} must be {'an int' if integer else 'a number'}, "
                               f"got {x!r}")
    v = float(x)
    if not math.isfinite(v) or v < least:
        tail = " (or None: every core)" if what == "threads" else ""
        raise SubgameValueError(f"{what} must be at least {least}{tail}, got {x!r}")
    return int(v) if integer else v


def _fraction(x: object, what: str, top: float) -> float:
    """A finite number from 0 to ``top``."""
    if isinstance(x, bool) or not isinstance(x, numbers.Real):
        raise SubgameTypeError(f"{what} must be a number, got {x!r}")
    v = float(x)
    if not (0.0 <= v <= top):
        raise SubgameValueError(f"{what} must be from 0 to {top:g}, got {x!r}")
    return v


def read_rake(rake: object, cap: object) -> tuple[float, Optional[float]]:
    """(share of each pot, cap in chips or None): the share from 0 to 1 (0.05 = 5%)."""
    share = _fraction(rake, "rake", 1.0)
    if cap is None:
        return share, None
    return share, read_amount(cap, "rake_cap", False)


def estimate(board: CardsLike, oop: Any, ip: Any, pot: float, stack: Any,
             tree: Optional[BetTree] = None, game: str = "hilo",
             isomorphism: bool = True, threads: Optional[int] = None,
             compact: bool = False) -> dict[str, int]:
    """The memory a solve of this spot would hold, in bytes, before anything large is
    allocated: ``total`` and its parts (``storage``: regrets and strategy sums, ``tables``:
    the river showdown tables, ``other``), with the tree's ``nodes`` and ``boards``.

    >>> e = estimate("Ah Kd 7c 8s 2h", "AA", "KK", pot=10, stack=30)
    >>> e["total"] == e["storage"] + e["tables"] + e["other"], e["boards"]
    (True, 1)
    """
    tree = BetTree() if tree is None else tree
    threads = _budget(threads, "threads", True, least=1)     # as solve() checks them
    cards = read_board(board)
    hands0, w0 = read_range(oop, cards, game, "oop")
    hands1, w1 = read_range(ip, cards, game, "ip")
    nodes = build(tree, read_amount(pot, "pot", True), read_stack(stack), STREET_OF[len(cards)])
    return _estimate(nodes, cards, (hands0, hands1), (w0, w1), float(pot), game, (0.0, None),
                     isomorphism, threads, compact)


def _estimate(nodes: list[Node], cards: list[int], hands: tuple[Any, Any],
              weights: tuple[Any, Any], pot: float, game: str,
              rake: tuple[float, Optional[float]], isomorphism: bool,
              threads: Optional[int], compact: bool = False) -> dict[str, int]:
    return engine_estimate(spec(nodes, cards, hands, weights, pot, game, rake, isomorphism,
                                compact), threads)


def _too_large(need: dict[str, int], limit: int) -> SpotTooLargeError:
    return SpotTooLargeError(
        f"the solve needs {size_text(need['total'])} (regrets and strategy sums "
        f"{size_text(need['storage'])}, showdown tables {size_text(need['tables'])}), more "
        f"than the {size_text(limit)} it may take (max_memory); narrower ranges, fewer bet "
        f"sizes or a lower raise cap would shrink it")


MAX_EXPONENT = 10.0
"""The largest DCFR discount exponent: (t - 1) ** exponent stays finite for any count of
iterations a solve can run (a billion: 1e90)."""


def _exponent(x: object, what: str) -> float:
    """A DCFR discount exponent: a real number in 0..MAX_EXPONENT (a negative one divides
    by zero at the first iteration, a huge one overflows)."""
    if isinstance(x, bool) or not isinstance(x, numbers.Real):
        raise SubgameTypeError(f"{what} must be a number, got {x!r}")
    v = float(x)
    if not 0 <= v <= MAX_EXPONENT:        # NaN fails this too
        raise SubgameValueError(f"{what} must be in 0..{MAX_EXPONENT:g}, got {x!r}")
    return v


def solve(board: CardsLike, oop: Any, ip: Any, pot: float, stack: Any,
          tree: Optional[BetTree] = None, game: str = "hilo", target: float = 0.3,
          iterations: int = 1000, seconds: Optional[float] = None,
          check_every: int = 10, progress: Optional[Progress] = None,
          alpha: float = 1.5, beta: float = 0.0, gamma: float = 2.0,
          threads: Optional[int] = None, rake: float = 0.0,
          rake_cap: Optional[float] = None, isomorphism: bool = True,
          max_memory: Optional[float] = None, compact: bool = False,
          locks: Optional[Mapping[Any, Any]] = None,
          resume: Optional[Union[str, os.PathLike[str]]] = None,
          workers: Optional[int] = None, backend: Optional[str] = None,
          client: Any = None, timeout: Optional[float] = None) -> SubgameResult:
    """Solve a heads-up subgame that starts on the flop (a 3-card board), the turn (4) or
    the river (5): every turn and river card is dealt, exactly.

    ``oop`` acts first on each street, ``ip`` second. Each range is range text, a
    :class:`~omaha_fast.Range`, a list or (n, 4) array of hands (weight 1 each) or a pair
    ``(hands, weights)`` with float weights; hands holding a board card are left out.
    ``pot`` is the pot before the subgame, ``stack`` the effective stack behind (or the
    two stacks). The solve stops when the exploitability (checked every ``check_every``
    iterations, in percent of ``pot``) is at most ``target``, after ``iterations``, after
    ``seconds``, or at Ctrl-C, whichever comes first (the result's ``stopped`` says
    which); the final strategy is measured once more. ``threads``: how many threads a pass
    uses (None: every core). ``rake`` is the share of every pot taken (0.05: 5%), at most
    ``rake_cap`` chips a pot. With ``isomorphism``, turn and river cards of suits that the
    board and both ranges cannot tell apart are solved once. A solve that would hold more
    than ``max_memory`` bytes (default: the memory available now) is refused before it
    starts, with :class:`SpotTooLargeError`; ``compact`` keeps the regrets and strategy
    sums in 16 bits (half the memory; the exploitability it reaches is a little higher).
    ``locks`` fixes strategies: ``{path: strategy}`` or ``{(path, turn, river):
    strategy}``, a strategy an (n, A) array for the hands of the player acting there (a
    row of NaN leaves that hand free); a solve with locks keeps every card's subtree (no
    isomorphism) and the full storage. ``resume`` names a file saved with ``regrets=True``
    by a solve of the same spot: the solve goes on from there, to the same result as one
    that had never stopped (``iterations`` counts the saved ones too).

    A flop or turn spot can be spread over processes (:mod:`omaha_fast.solve.spread`):
    ``workers`` local processes (``backend="local"``, the default once ``workers`` is
    given), or Dask (``backend="dask"`` for an embedded ``LocalCluster`` of ``workers``
    processes, or ``client=`` a ``dask.distributed.Client`` or a scheduler address).
    Each worker keeps the subtrees below the first chance node of its share of the cards
    for the whole solve, using ``threads`` threads (default 1); only reach and value
    vectors travel each iteration, and the result is the single-process solve's, to the
    bit. At the end the whole tree is gathered here to be read, so this process needs the
    memory of a single-process solve then. ``timeout``: how long to wait for a Dask
    scheduler or its workers.

    >>> r = solve("Ah Kd 7c 8s 2h", ["3c4dKsKh", "5c6c9d9h"], ["3d4hQsQc", "JcJdTcTd"],
    ...           pot=10, stack=10, tree=BetTree(bets=(1.0,), raise_cap=0), target=0.01)
    >>> r.actions(""), r.exploitability <= 0.01
    (['check', 'bet 10'], True)
    >>> round(r.ev[0] + r.ev[1], 9)     # zero-sum: the two EVs add up to the pot
    10.0
    """
    tree = BetTree() if tree is None else tree
    if not isinstance(tree, BetTree):
        raise SubgameTypeError(f"tree must be a BetTree, got {type(tree).__name__}")
    cards = read_board(board)
    pot_v = read_amount(pot, "pot", True)
    stack_v = read_stack(stack)
    check_chips(pot_v, stack_v)
    hands0, w0 = read_range(oop, cards, game, "oop")
    hands1, w1 = read_range(ip, cards, game, "ip")
    target_v = _budget(target, "target", False) or 0.0
    max_iter = _budget(iterations, "iterations", True)
    max_time = _budget(seconds, "seconds", False)
    every = _budget(check_every, "check_every", True)
    if not every:
        raise SubgameValueError("check_every must be at least 1")
    threads_v = _budget(threads, "threads", True, least=1)
    alpha_v, beta_v, gamma_v = (_exponent(x, name) for x, name in
                                ((alpha, "alpha"), (beta, "beta"), (gamma, "gamma")))
    if progress is not None and not callable(progress):
        raise SubgameTypeError(f"progress must be a function or None, got {progress!r}")
    rake_v = read_rake(rake, rake_cap)
    nodes = build(tree, pot_v, stack_v, STREET_OF[len(cards)])
    prior, saved = None, None
    if resume is not None:
        prior, saved = _resumable(resume, cards, game, pot_v, stack_v, tree,
                                  (hands0, hands1), (w0, w1), rake_v)
        isomorphism, compact = saved[2], saved[3]
    lock_list = _read_locks(locks, nodes, cards, (hands0, hands1))
    if lock_list and compact:
        raise SubgameValueError("locks need the full storage: leave compact off")
    iso = bool(isomorphism) and not lock_list
    need = _estimate(nodes, cards, (hands0, hands1), (w0, w1), pot_v, game, rake_v, iso,
                     threads_v, bool(compact))
    limit = available_memory() if max_memory is None else _budget(max_memory, "max_memory",
                                                                   False)
    spread = workers is not None or backend is not None or client is not None
    workers_v = _budget(workers, "workers", True, least=1) if spread else None
    if spread and client is None:
        # workers on this machine hold the tree between them, and at the end this
        # process gathers it whole while the last worker is still up
        share = 1.0 + 1.0 / (workers_v or default_workers())
        need = dict(need, total=int(need["total"] * share))
    if limit is not None and need["total"] > limit:
        raise _too_large(need, int(limit))
    if spread:
        if len(cards) == 5:
            raise SubgameValueError("a river spot deals no card: it solves in one process "
                                    "(leave workers, backend and client out)")
    try:
        if spread:
            engine: ArenaEngine = SpreadEngine(
                nodes, cards, (hands0, hands1), (w0, w1), pot_v, game, rake=rake_v,
                isomorphism=iso, threads=threads_v, alpha=alpha_v, beta=beta_v,
                gamma=gamma_v, compact=bool(compact), backend=backend or "local",
                workers=workers_v, client=client, timeout=timeout)
        else:
            engine = ArenaEngine(nodes, cards, (hands0, hands1), (w0, w1), pot_v, game,
                                 rake=rake_v, isomorphism=iso, threads=threads_v,
                                 alpha=alpha_v, beta=beta_v, gamma=gamma_v,
                                 compact=bool(compact))
    except OutOfMemoryError:
        raise _too_large(need, int(limit or need["total"])) from None
    with contextlib.ExitStack() as ending:
        if isinstance(engine, SpreadEngine):
            ending.callback(engine.close)
        if engine.deal_weight() <= 0:
            raise SubgameValueError("the two ranges never fit together: every pair of "
                                    "hands shares a card")
        for k, dealt, mask, strategy in lock_list:
            engine.lock(k, dealt, mask, strategy)
        history: list[tuple[int, float, float]] = []
        before = 0.0
        if prior is not None and saved is not None:
            engine.restore(saved[0], saved[1], prior.iterations)
            history, before = list(prior.history), prior.seconds
        return _run(engine, tree, stack_v, target_v, max_iter, max_time, every, progress,
                    history, before)


def _resumable(path: Union[str, os.PathLike[str]], cards: list[int], game: str, pot: float,
               stack: float, tree: BetTree, hands: tuple[Any, Any], weights: tuple[Any, Any],
               rake: tuple[float, Optional[float]]
               ) -> tuple[SubgameResult, tuple[Any, Any, bool, bool]]:
    """The saved solve to resume and its engine storage, checked to be of this spot and
    to keep its regrets."""
    prior = load(path)
    same = (prior.board == format_cards(cards) and prior.game == game and prior.pot == pot
            and prior.stack == stack and prior.tree == tree and prior.rake == rake and
            all(np.array_equal(prior.hands[p], hands[p]) and
                np.array_equal(prior.weights[p], weights[p]) for p in (0, 1)))
    if not same:
        raise SubgameValueError(f"resume: {path} is a solve of another spot (board, ranges, "
                                f"pot, stack, bet tree, game and rake must be the same)")
    if prior.saved is None or prior.saved[0] is None:
        raise SubgameValueError(f"resume: {path} keeps no regrets: save the solve with "
                                f"regrets=True (omaha-fast solve --save-regrets)")
    return prior, prior.saved


def _run(engine: ArenaEngine, tree: BetTree, stack: float, target: float, max_iter: int,
         max_time: Optional[float], every: int, progress: Optional[Progress],
         history: list[tuple[int, float, float]], before: float) -> SubgameResult:
    """Iterate until a stop, then measure and gather the result. ``history`` and
    ``before`` (seconds) are a resumed solve's."""
    start = time.perf_counter() - before
    pot = engine.pot

    def measure() -> float:
        pct = 100.0 * engine.exploitability()[2] / pot
        history.append((engine.iterations, round(time.perf_counter() - start, 4), pct))
        if progress is not None:
            progress(engine.iterations, max_iter, pct)
        return pct

    expl = math.inf
    stopped = "iterations"
    try:
        while engine.iterations < max_iter:
            # up to the next check, one call: the C core runs the iterations in a row
            step = min(every - engine.iterations % every, max_iter - engine.iterations)
            engine.iterate(1 if max_time is not None else step)   # a clock: one at a time
            late = max_time is not None and time.perf_counter() - start - before >= max_time
            if engine.iterations % every == 0 or engine.iterations >= max_iter or late:
                expl = measure()
                if expl <= target:
                    stopped = "target"
                    break
                if late:
                    stopped = "seconds"
                    break
    except KeyboardInterrupt:
        stopped = "interrupted"
    if not history or history[-1][0] != engine.iterations:
        expl = measure()
    if stopped == "iterations" and expl <= target:
        stopped = "target"
    seconds = time.perf_counter() - start
    peaks = None
    if isinstance(engine, SpreadEngine):   # the whole tree, here, to be read
        with engine:
            peaks = engine.worker_peaks()
            engine = engine.assemble()
    result = gather(engine, tree, stack, expl, history, seconds, stopped)
    result.worker_memory = peaks
    return result


def gather(engine: ArenaEngine, tree: BetTree, stack: float, expl: float,
           history: list[tuple[int, float, float]], seconds: float,
           stopped: str) -> SubgameResult:
    """A SubgameResult of the engine's current state."""
    nodes = engine.nodes
    # float32, the precision a saved tree keeps, so that a loaded tree gives the same answers
    # a turn spot's river nodes as rows of every river card, unless that is more than
    # ROWS_KEPT bytes: then (as a flop spot's) read from the engine when asked for
    rows = sum(len(engine.rivers) * len(engine.hands[n.player]) * len(n.children) * 4
               for n in nodes if n.kind == ACTION and n.depth == 1)
    deep = len(engine.board) == 4 and rows <= ROWS_KEPT
    strategies = {k: engine.average(k)
                  for k, n in enumerate(nodes)
                  if n.kind == ACTION and (n.depth == 0 or deep)}
    # each action's EV where the strategies are kept as rows (below, read when asked for)
    values = {k: np.stack([engine.action_ev(k, (c,) if c is not None else ())
                           for c in (engine.rivers if nodes[k].depth else [None])]
                          ).astype(np.float32)
              for k in strategies}
    hand_ev, range_ev, hand_eq, range_eq = [], [], [], []
    z = engine.deal_weight()
    equity = equities(engine)
    for p in (0, 1):
        cfv = engine.root_values(p, "ev")
        met = engine.met(p)
        with np.errstate(invalid="ignore", divide="ignore"):
            hand_ev.append(np.where(met > 0, cfv / met, np.nan))
            hand_eq.append(np.where(met > 0, equity[p] / met, np.nan))
        w = engine.weights[p]
        range_ev.append(float((w * cfv).sum()) / z)
        range_eq.append(float((w * equity[p]).sum()) / z)
    return SubgameResult(
        board=format_cards(engine.board), game=engine.game, pot=engine.pot, stack=stack,
        tree=tree, nodes=nodes, hands=engine.hands, weights=engine.weights,
        strategies=strategies, rivers=engine.rivers, iterations=engine.iterations,
        seconds=seconds, exploitability=expl, history=history,
        ev=(range_ev[0], range_ev[1]), hand_ev=(hand_ev[0], hand_ev[1]),
        equity=(range_eq[0], range_eq[1]), hand_equity=(hand_eq[0], hand_eq[1]),
        action_values=values, stopped=stopped, rake=engine.rake, engine=engine)


def equities(engine: ArenaEngine) -> tuple[Any, Any]:
    """Each hand's pot share against the other's prior, summed over the other's hands
    (divide by :meth:`ArenaEngine.met` for the equity). On the river and the turn the
    showdown kernels (tables made and dropped one river at a time: little memory beside
    the solve's); on the flop an engine of the same spot whose tree deals the cards and
    shows down, pot 1."""
    from ..kernels import showdown_values, turn_showdown_values
    street = len(engine.board)
    board = bytes(engine.board)
    h, w = engine.hands, engine.weights
    if street >= 4:
        values = turn_showdown_values if street == 4 else showdown_values
        kw: dict[str, Any] = {"threads": engine.threads or None} if street == 4 else {}
        return tuple(np.asarray(values(board, h[p], h[1 - p], w[1 - p], game=engine.game,
                                       **kw).value) for p in (0, 1))  # type: ignore[return-value]
    chain = [Node(CHANCE, -1, s, (0.0, 0.0), "", k - 1, [k + 1], depth=k)
             for k, s in enumerate(("flop", "turn")[street - 3:])]
    chain.append(Node(SHOWDOWN, -1, "river", (0.0, 0.0), "", len(chain) - 1,
                      depth=len(chain)))
    show = ArenaEngine(chain, engine.board, h, w, 1.0, engine.game,
                       threads=engine.threads or None)
    return show.root_values(0, "ev"), show.root_values(1, "ev")


def _read_locks(locks: Optional[Mapping[Any, Any]], nodes: list[Node], board: list[int],
                hands: tuple[Any, Any]) -> list[tuple[int, tuple[int, ...], Any, Any]]:
    """The locks as (template node, dealt cards, hand mask, strategy (n, A)), checked."""
    if locks is None:
        return []
    if not isinstance(locks, Mapping):
        raise SubgameTypeError(f"locks must be a dict of node paths to strategies, got "
                               f"{type(locks).__name__}")
    from ..cards import parse_cards
    index = {n.path: k for k, n in enumerate(nodes) if n.kind == ACTION}
    out = []
    for key, value in locks.items():
        path, turn, river = (key, None, None) if isinstance(key, str) else \
            (tuple(key) + (None, None))[:3]
        if path not in index:
            raise SubgameValueError(f"locks: no action node {path!r}")
        k = index[path]
        nd = nodes[k]
        dealt: list[int] = []
        for card in (turn, river):
            if card is not None:
                dealt += [int(c) for c in parse_cards(card)]
        if len(dealt) != nd.depth:
            raise SubgameValueError(f"locks: node {path!r} needs {nd.depth} dealt card(s), "
                                    f"got {len(dealt)}")
        s = np.asarray(value, dtype=np.float64)
        n = len(hands[nd.player])
        if s.shape != (n, len(nd.children)):
            raise SubgameValueError(f"locks: the strategy at {path!r} must be ({n}, "
                                    f"{len(nd.children)}), got {s.shape}")
        mask: Any = ~np.isnan(s).any(axis=1)
        rows = s[mask]
        if (rows < 0).any() or (np.abs(rows.sum(axis=1) - 1) > 1e-6).any():
            raise SubgameValueError(f"locks: each locked row at {path!r} must be "
                                    f"probabilities adding up to 1")
        out.append((k, tuple(dealt), mask, np.where(mask[:, None], s, 0.0)))
    return out


__all__ = ["solve", "estimate", "gather", "equities", "Progress", "read_rake"]
