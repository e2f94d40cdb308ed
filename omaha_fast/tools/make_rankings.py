"""Regenerate the percent rankings behind ``15%``-style ranges (package data).

Every one of the 16,432 suit-isomorphism classes of starting hands is scored by its all-in
equity against one uniformly random hand, preflop, by Monte Carlo: ``--trials`` deals per
class (default 200,000: a standard error of about 0.001 equity), drawn from a seed made of
the root seed and the class number, so the result does not depend on how many processes
run. One hi/lo run gives both games: the hi/lo equity orders the ``hilo`` ranking, and
the high half counted as a whole pot (wins plus half the ties) orders the ``high``
ranking. The work runs in blocks of classes on the shared block runner
(:func:`omaha_fast.runner.run_blocks`): every local core (``--processes``), or a
Dask cluster with ``--dask [ADDRESS]`` (extra ``dask``; an embedded local cluster on
127.0.0.1 when no address is given).

    python -m omaha_fast.tools.make_rankings           # writes the package data file
    python -m omaha_fast.tools.make_rankings --trials 2000 --out /some/where.npz

Ranking order: equity descending, ties by class number. Ranges read the file through
:func:`omaha_fast.ranges.ranking_equities`.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from typing import Any, Optional

from .. import _core
from .._progress import ProgressBar
from ..ranges import DATA_FILE, UNIVERSE_SIZE, hand_classes, universe

ROOT_SEED = 20_260_101
BLOCK = 64   # classes per task


def representatives() -> Any:
    """The first hand of every class, in class order."""
    import numpy as np
    classes, n = hand_classes()
    first = np.full(n, -1, dtype=np.int64)
    # reversed so that the first hand of each class is the one written last
    idx = np.arange(UNIVERSE_SIZE - 1, -1, -1)
    first[classes[idx]] = idx
    return universe()[first]


def score_classes(first: int, hands: Any, trials: int, seed: int) -> tuple[int, Any, Any]:
    """(first, hi/lo equities, high-game equities) of a block of class representatives,
    each against one random hand (the whole universe; deals sharing a card are thrown
    away), on one thread."""
    import numpy as np
    villain = np.ascontiguousarray(universe()).tobytes()
    hilo = np.empty(len(hands), dtype=np.float64)
    high = np.empty(len(hands), dtype=np.float64)
    weights = np.ones(1 + UNIVERSE_SIZE, dtype=np.uint32)
    hilo_code = _core.game_code("hilo")
    for k, hand in enumerate(hands):
        rows = bytes(bytearray(hand.tolist())) + villain
        sums, total, _, _ = _core.range_equity(rows, weights, [1, UNIVERSE_SIZE], b"", b"",
                                                hilo_code, False, trials,
                                                seed + first + k, 1, None)
        hilo[k] = sums[0]["equity"] / total
        high[k] = (sums[0]["high_win"] + sums[0]["high_tie"] / 2) / total
    return first, hilo, high


def _score_task(task: tuple[int, Any, int, int]) -> tuple[int, Any, Any]:
    """One block as one picklable task for the shared block runner."""
    return score_classes(*task)


def run(reps: Any, trials: int, seed: int, processes: Optional[int],
        dask: Optional[str]) -> list[Any]:
    """Score every class in blocks on the shared block runner: local processes, or Dask
    when ``dask`` is not None (an address, or "" for an embedded local cluster)."""
    from ..runner import run_blocks
    tasks = [(i, reps[i:i + BLOCK], trials, seed) for i in range(0, len(reps), BLOCK)]

    results: list[Any] = [None] * len(tasks)
    with ProgressBar("classes") as progress:
        for i, r in run_blocks(_score_task, tasks, sizes=[len(t[1]) for t in tasks],
                               workers=processes, client=dask or None,
                               backend="dask" if dask is not None else None,
                               progress=progress):
            results[i] = r
    return results


def main(argv: Optional[Sequence[str]] = None) -> int:
    import numpy as np
    p = argparse.ArgumentParser(prog="python -m omaha_fast.tools.make_rankings",
                                description=__doc__.split("\n\n")[0])
    p.add_argument("--trials", type=int, default=60_000, help="deals per class")
    p.add_argument("--seed", type=int, default=ROOT_SEED)
    p.add_argument("--processes", type=int, help="local processes (default: every core)")
    p.add_argument("--dask", nargs="?", const="", metavar="ADDRESS",
                   help="run on Dask (a scheduler address, or none for a local cluster)")
    p.add_argument("--out", default=DATA_FILE)
    args = p.parse_args(argv)
    reps = representatives()
    start = time.time()
    results = run(reps, args.trials, args.seed, args.processes, args.dask)
    hilo = np.empty(len(reps), dtype=np.float64)
    high = np.empty(len(reps), dtype=np.float64)
    for first, a, b in results:
        hilo[first:first + len(a)] = a
        high[first:first + len(b)] = b
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    np.savez_compressed(args.out, hilo=hilo.astype(np.float32), high=high.astype(np.float32),
                        trials=np.int64(args.trials), seed=np.int64(args.seed))
    print(f"{len(reps)} classes, {args.trials:,} deals each, {time.time() - start:.0f} s: "
          f"{args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
