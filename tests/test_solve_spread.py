"""A solve spread over processes: the parts below the first chance node in worker
engines give the whole engine's result to the bit, pass by pass (in this process) and
through local workers, an embedded Dask LocalCluster and a cluster started here as
separate ``dask scheduler`` + ``dask worker`` processes; locks, resume, compact storage
and rake travel with it; a lost worker is one error, never a hang."""

from __future__ import annotations

import json
import os
import signal
import time

import numpy as np
import pytest
from dask_cluster import running_cluster

from omaha_fast.cards import format_cards
from omaha_fast.cli import main
from omaha_fast.errors import OmahaError
from omaha_fast.runner import ClusterError, WorkerLostError
from omaha_fast.solve import solve
from omaha_fast.solve.engine import ArenaEngine
from omaha_fast.solve.errors import SubgameValueError
from omaha_fast.solve.spread import Part, SpreadEngine
from omaha_fast.solve.tree import BetTree, build

FLOP = [48, 25, 2]                     # As 8h 2d: a rainbow flop
TURN = [48, 25, 2, 17]                 # and the 6h
TREE = BetTree(bets=(1.0,), raise_cap=1)


def hands(board: list[int], n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    deck = [c for c in range(52) if c not in board]
    out: set[tuple[int, ...]] = set()
    while len(out) < n:
        out.add(tuple(sorted(int(c) for c in rng.choice(deck, 4, replace=False))))
    return np.array(sorted(out), dtype=np.uint8)


def spot(board: list[int], n: int = 14, seed: int = 1) -> dict:
    rng = np.random.default_rng(seed + 100)
    h0, h1 = hands(board, n, seed), hands(board, n, seed + 1)
    street = {3: "flop", 4: "turn"}[len(board)]
    return {"nodes": build(TREE, 10.0, 20.0, street), "board": board, "hands": (h0, h1),
            "weights": (rng.random(n) + 0.1, rng.random(n) + 0.1), "pot": 10.0,
            "game": "hilo"}


def same_storage(a: ArenaEngine, b: ArenaEngine) -> bool:
    ra, sa = a.storage()
    rb, sb = b.storage()
    return np.array_equal(ra, rb) and np.array_equal(sa, sb)


# ---- the parts in this process: the C engine's split passes -------------------------

@pytest.mark.parametrize("board,compact,rake", [(FLOP, False, (0.0, None)),
                                                (FLOP, True, (0.05, 1.0)),
                                                (TURN, False, (0.05, None))])
def test_parts_pass_by_pass_are_the_whole_engine(board, compact, rake):
    setup = dict(spot(board), rake=rake, compact=compact)
    whole = ArenaEngine(**setup, threads=1)
    top = ArenaEngine(**setup, threads=1, part=[])
    n_top, kept = top.top()
    assert n_top >= 2 and kept == whole.top()[1]
    parts = [Part(setup, kept[i::3], 1) for i in range(3)]
    assert sorted(i for p in parts for i in p.held) == list(range(len(kept)))

    def spread_pass(p: int, mode: str, it: int) -> np.ndarray:
        opp, own = top.pass_down(p, mode)
        values = np.zeros((len(kept), n_top, len(setup["hands"][p])))
        for part in parts:
            values[part.held] = part.children(it, p, mode, opp, own)
        return top.pass_up(p, values)

    for it in range(1, 5):
        whole.iterate(1)
        top.discount(it)
        for p in (0, 1):
            spread_pass(p, "cfr", it)
    for p in (0, 1):
        for mode in ("br", "ev"):
            assert np.array_equal(whole.root_values(p, mode), spread_pass(p, mode, 0))
    # every part's storage, raw, put together is the whole engine's storage, bit for bit
    again = ArenaEngine(**setup, threads=1)
    again.set_part(-1, top.part(-1))
    for part in parts:
        for i in part.held:
            again.set_part(i, part.part(i))
    assert same_storage(whole, again)
    assert not same_storage(whole, ArenaEngine(**setup, threads=1))   # the check can fail


def test_a_partial_engine_refuses_what_needs_the_whole_tree():
    setup = spot(FLOP)
    top = ArenaEngine(**setup, threads=1, part=[])
    n_top, kept = top.top()
    with pytest.raises(OmahaError):
        top.iterate(1)                              # its parts are elsewhere
    with pytest.raises(OmahaError):
        top.root_values(0, "br")
    with pytest.raises(OmahaError):                 # no pass down before
        top.pass_up(0, np.zeros((len(kept), n_top, len(setup["hands"][0]))))
    with pytest.raises(OmahaError):
        top.part(len(kept))                         # no such part
    with pytest.raises(OmahaError):
        top.set_part(-1, np.zeros(3, dtype=np.uint8))   # not the part's size
    deep = next(k for k, n in enumerate(setup["nodes"]) if n.depth == 1 and n.kind == "action")
    assert not top.located(deep, [kept[0]])
    part = ArenaEngine(**setup, threads=1, part=[kept[0]])
    assert part.located(deep, [kept[0]]) and not part.located(deep, [kept[1]])
    # a partial engine holds its share: the top segment and one card's subtrees are less
    assert part.size().total_bytes < ArenaEngine(**setup, threads=1).size().total_bytes


# ---- whole solves on local workers ---------------------------------------------------

def flop_solve(**kw):
    s = spot(FLOP, n=12, seed=5)
    base = dict(pot=10, stack=20, tree=TREE, iterations=12, target=0, check_every=4)
    base.update(kw)
    return solve(format_cards(FLOP), (s["hands"][0], s["weights"][0]),
                 (s["hands"][1], s["weights"][1]), **base)


def assert_same(a, b, turn: str = "9c"):
    assert a.iterations == b.iterations
    assert [h[::2] for h in a.history] == [h[::2] for h in b.history]   # not the seconds
    assert a.exploitability == b.exploitability and a.ev == b.ev
    for path in ("", "check"):
        assert np.array_equal(a.strategy(path), b.strategy(path))
    deep = "check/check/bet 10" if "check/check/bet 10" in a.paths else "check/check"
    assert np.array_equal(a.strategy(deep, turn=turn), b.strategy(deep, turn=turn))
    assert np.array_equal(a.action_ev(deep, turn=turn), b.action_ev(deep, turn=turn),
                          equal_nan=True)


@pytest.fixture(scope="module")
def single():
    return flop_solve(rake=0.05, rake_cap=2.0)


def test_local_workers_solve_a_flop_to_the_same_bits(single):
    assert_same(single, flop_solve(rake=0.05, rake_cap=2.0, workers=2))


def test_local_workers_with_compact_storage_and_locks():
    s = spot(TURN, n=12, seed=8)
    kw = dict(pot=10, stack=20, tree=TREE, iterations=8, target=0, check_every=4)
    board = format_cards(TURN)
    ranges = ((s["hands"][0], s["weights"][0]), (s["hands"][1], s["weights"][1]))
    a = solve(board, *ranges, compact=True, **kw)
    b = solve(board, *ranges, compact=True, workers=2, **kw)
    assert a.ev == b.ev and a.exploitability == b.exploitability
    assert np.array_equal(a.strategy("check/check", river="9c"),
                          b.strategy("check/check", river="9c"))
    # a lock below the chance node lives in the worker holding that river
    lock = np.tile([1.0, 0.0], (12, 1))            # always check, at check/check after 9c
    locks = {("check/check", None, "9c"): lock}
    a = solve(board, *ranges, locks=locks, **kw)
    b = solve(board, *ranges, locks=locks, workers=2, **kw)
    assert np.array_equal(b.strategy("check/check", river="9c"), lock)
    assert a.ev == b.ev and a.exploitability == b.exploitability
    assert np.array_equal(a.strategy(""), b.strategy(""))


def test_a_spread_solve_resumes_to_the_same_bits(tmp_path, single):
    first = flop_solve(rake=0.05, rake_cap=2.0, iterations=8)
    first.save(tmp_path / "half.npz", regrets=True)
    rest = flop_solve(rake=0.05, rake_cap=2.0, workers=2, resume=tmp_path / "half.npz")
    assert rest.iterations == 12 and rest.ev == single.ev
    assert np.array_equal(rest.strategy(""), single.strategy(""))


def test_a_river_spot_or_bad_workers_are_refused():
    with pytest.raises(SubgameValueError, match="river spot deals no card"):
        solve("AhKd7c8s2h", "AA", "KK", pot=10, stack=20, workers=2)
    with pytest.raises(OmahaError, match="workers"):
        flop_solve(workers=0)
    with pytest.raises(OmahaError, match="backend"):
        flop_solve(backend="threads")


def test_a_killed_local_worker_is_one_error_not_a_hang():
    s = spot(FLOP)
    engine = SpreadEngine(**s, workers=2)
    processes = [w.proc for w in engine._workers]
    try:
        engine.iterate(1)
        victim = engine._workers[1].proc
        os.kill(victim.pid, signal.SIGKILL)
        start = time.monotonic()
        with pytest.raises(WorkerLostError, match="solver worker 1 ended"):
            engine.iterate(1)
        assert time.monotonic() - start < 10
    finally:
        engine.close()
    assert not any(p.is_alive() for p in processes)       # the other one ended too


def test_the_command_spreads_with_workers_and_says_what_is_wrong(capsys):
    args = ["solve", "--board", "As8h2d", "--pot", "10", "--stack", "20", "--oop",
            "AsAh8d8c,KsKdQhQc,7h6h5c4c", "--ip", "JsJhTdTc,9s9h3c3d", "--bets", "100",
            "--raise-cap", "0", "--iterations", "6", "--target", "0", "--json"]
    assert main(args) == 0
    alone = json.loads(capsys.readouterr().out)
    assert main(args + ["--workers", "2"]) == 0
    spread = json.loads(capsys.readouterr().out)
    assert spread["ev"] == alone["ev"] and spread["root"] == alone["root"]
    assert spread["players"] == alone["players"]
    assert main(args + ["--dask", "--scheduler", "tcp://127.0.0.1:1"]) == 2
    assert "give one of them" in capsys.readouterr().err
    river = ["solve", "--board", "As8h2d9c3s", *args[3:], "--workers", "2"]
    assert main(river) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "river spot deals no card" in err


# ---- Dask: an embedded LocalCluster, and a cluster of separate processes ---------------

def test_an_embedded_dask_cluster_solves_to_the_same_bits(single):
    pytest.importorskip("distributed")
    assert_same(single, flop_solve(rake=0.05, rake_cap=2.0, backend="dask", workers=2))


def test_a_dask_scheduler_and_two_workers_solve_to_the_same_bits(single):
    with running_cluster(2) as (address, _):
        assert_same(single, flop_solve(rake=0.05, rake_cap=2.0, client=address))


def test_a_dask_worker_killed_mid_solve_is_one_error_not_a_hang():
    s = spot(FLOP)
    with running_cluster(2) as (address, workers):
        engine = SpreadEngine(**s, client=address, timeout=5)
        try:
            engine.iterate(1)
            os.killpg(workers[0].pid, signal.SIGKILL)
            start = time.monotonic()
            with pytest.raises(ClusterError, match="lost the Dask worker"):
                engine.iterate(3)
            assert time.monotonic() - start < 60
        finally:
            engine.close()
