"""Simulation speed: complete 6-max fixed-limit hi-lo hands with random agents, agent calls,
lazy views and statistics included.

``python -m pytest benches/bench_sim.py --benchmark-enable`` runs the one-core figure and
one worker against two local worker processes (40,000 hands each); ``-m slow`` adds the
200,000-hand comparison of local processes with an embedded Dask LocalCluster (each
includes its start-up: pool or cluster). Rates are hands / median round.
"""

from __future__ import annotations

import pytest

from omaha_fast import FixedLimit
from omaha_fast.sim import simulate
from omaha_fast.sim.cash import CashTask, run_cash_block

SIX = ("random",) * 6
FL = FixedLimit(10, 20)
BLOCK = 2000
PARALLEL = 40_000
LONG = 200_000


def test_sim_random_6max_one_core(benchmark, record_rate):  # type: ignore[no-untyped-def]
    task = CashTask(agents=SIX, labels=SIX, table={"structure": FL}, seats=6, stack=2000,
                    carry=False, hands=BLOCK, block=0, seed=1, first=0)
    result = benchmark.pedantic(run_cash_block, args=(task,), rounds=5, warmup_rounds=1)
    assert result.hands == BLOCK and sum(a.net for a in result.agents) == 0
    record_rate(BLOCK, kind="6-max FL hands, random agents, stacks reset, 1 core")


@pytest.mark.parametrize("workers", [1, 2])
def test_sim_local_workers(benchmark, record_rate, workers):  # type: ignore[no-untyped-def]
    result = benchmark.pedantic(simulate, args=(list(SIX), FL),
                                kwargs={"hands": PARALLEL, "seed": 1, "workers": workers},
                                rounds=3)
    assert result.hands == PARALLEL
    record_rate(PARALLEL, kind=f"simulate(), {workers} local worker(s)")


@pytest.mark.slow
@pytest.mark.parametrize("backend", ["local", "dask"])
def test_sim_200k_local_vs_dask(benchmark, record_rate, backend):  # type: ignore[no-untyped-def]
    pytest.importorskip("distributed")
    result = benchmark.pedantic(simulate, args=(list(SIX), FL),
                                kwargs={"hands": LONG, "seed": 1, "workers": 2,
                                        "backend": backend}, rounds=1)
    assert result.hands == LONG
    record_rate(LONG, kind=f"simulate(), 2 workers, {backend}, start-up included")


# A results file costs one JSON line a block: the same run with and without ``out=``,
# side by side (1 core, 20,000 hands in blocks of 500: 40 lines).
RESULTS_RUN = {"hands": 20_000, "seed": 1, "workers": 1, "block_size": 500}


@pytest.mark.parametrize("with_file", [False, True], ids=["no-file", "results-file"])
def test_sim_results_file_overhead(benchmark, record_rate, tmp_path,  # type: ignore[no-untyped-def]
                                   with_file):
    out = tmp_path / "run.jsonl" if with_file else None
    result = benchmark.pedantic(simulate, args=(list(SIX), FL),
                                kwargs={**RESULTS_RUN, "out": out}, rounds=3)
    assert result.hands == RESULTS_RUN["hands"]
    record_rate(RESULTS_RUN["hands"], kind="results file" if with_file else "no file")


# Adding up the blocks of a long run: chained ``+`` (re-sorts every block at each part,
# quadratic) against :class:`~omaha_fast.sim.stats.Merger` (linear), 4,000 parts.
@pytest.mark.parametrize("how", ["chained", "merger"])
def test_sim_merge_4000_blocks(benchmark, record_rate, how):  # type: ignore[no-untyped-def]
    import functools
    import operator
    from dataclasses import replace

    from omaha_fast.sim import merge
    task = CashTask(agents=SIX, labels=SIX, table={"structure": FL}, seats=6, stack=2000,
                    carry=False, hands=1, block=0, seed=1, first=0)
    one = run_cash_block(task)
    parts = [replace(one, blocks=(replace(one.blocks[0], index=i),)) for i in range(4000)]
    add = merge if how == "merger" else functools.partial(functools.reduce, operator.add)
    total = benchmark.pedantic(add, args=(parts,), rounds=3)
    assert len(total.blocks) == 4000 and total.hands == 4000
    record_rate(4000, kind=f"{how} (parts per second)")
