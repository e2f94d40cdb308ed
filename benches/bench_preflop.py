"""Preflop jam/fold benches: the cost of a cell of the equity data (Monte Carlo beside
exact, in the same process) and of a CFR+ solve.

    pytest benches/bench_preflop.py --benchmark-enable

- Monte Carlo cells: 4 class rows against the 128 ranking buckets, 256 trials a cell
  (the default data's shape: 16,432 rows of 128 cells).
- Exact cells: 1 class row against 4 single classes, every compatible hand and every
  board (the cell of a full 16,432 x 16,432 exact matrix).
- CFR+: 2,000 iterations at 10 big blinds over 128 groups (the default game) and over
  1,024 groups (synthetic pot shares; the time depends only on the size). On a
  shared machine set OPENBLAS_NUM_THREADS=1: threaded matrix-vector products of this size
  run several times slower when the cores are busy.
"""

from __future__ import annotations

import time

import numpy as np
import pytest

from omaha_fast.preflop import JamFoldGame, class_table, solve  # noqa: E402
from omaha_fast.preflop.matrix import exact_cells, sample_cells  # noqa: E402
from omaha_fast.preflop.store import bucket_groups  # noqa: E402

T = class_table()
RNG = np.random.default_rng(18)


def cpu_seconds(fn, *args, **kw):
    """This process's CPU time for one call, best of three: on a shared machine the
    wall-clock medians also count the time other processes held the core."""
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        fn(*args, **kw)
        best = min(best, time.process_time() - start)
    return best


def _groups(groups):
    classes = np.concatenate(groups)
    start = np.zeros(len(groups) + 1, dtype=np.int64)
    np.cumsum([len(g) for g in groups], out=start[1:])
    return classes, start


@pytest.mark.benchmark(group="preflop-cells")
def test_monte_carlo_cells(benchmark, record_rate):
    rows = RNG.choice(T.n, 4, replace=False)
    classes, start = _groups(bucket_groups(128))
    share, _, err, _ = benchmark(sample_cells, rows, classes, start, 256, 1)
    assert share.shape == (4, 128) and float(err.mean()) < 0.05
    record_rate(4 * 128, what="cells, 256 trials each",
                cpu_ms_per_cell=1000 * cpu_seconds(sample_cells, rows, classes, start, 256, 1)
                / (4 * 128))


@pytest.mark.benchmark(group="preflop-cells")
def test_exact_cells(benchmark, record_rate):
    rows = RNG.choice(T.n, 1)
    classes, start = _groups([[c] for c in RNG.choice(T.n, 4, replace=False)])
    _, _, _, compat = benchmark.pedantic(exact_cells, (rows, classes, start), rounds=3)
    cpu = cpu_seconds(exact_cells, rows, classes, start)
    record_rate(4, what="exact cells", pairs=int(compat.sum()), cpu_ms_per_cell=1000 * cpu / 4,
                cpu_ms_per_pair=1000 * cpu / max(int(compat.sum()), 1))


def _synthetic(m):
    strength = np.sort(RNG.random(m))
    share = 1 / (1 + np.exp(-4 * (strength[:, None] - strength[None, :])))
    return JamFoldGame(np.ones((m, m)), share)


@pytest.mark.benchmark(group="preflop-solve")
@pytest.mark.parametrize("m", [128, 1024])
def test_cfr_plus(benchmark, record_rate, m):
    game = _synthetic(m)
    eq = benchmark.pedantic(solve, (game, 10), kwargs={"iterations": 2000}, rounds=3)
    assert eq.exploitability < 5
    record_rate(2000, what="iterations", groups=m, mbb=eq.exploitability,
                cpu_s=cpu_seconds(solve, game, 10, iterations=2000))
