"""The subgame solver against the numpy DCFR a user would write over showdown_values.

    pytest benches/bench_subgame.py --benchmark-enable            # per iteration, side by side
    pytest benches/bench_subgame.py --benchmark-enable -m slow -s  # time to the issue's targets

The baseline below is the solver a user writes in an afternoon: the same bet tree and
DCFR (alpha 1.5, beta 0, gamma 2), a recursion over nodes with one regret array per node,
``showdown_values`` at every showdown and its ``reach`` (the card-removal sum) at every
fold. Both run one iteration (an update for each player) on the same spot.

Spots: a river with 2,000-hand ranges (random hands, fixed seed), a river with full
ranges (every hand not on the board, 178,365 a side): the tree bets 33% and 75% of the
pot, raises the pot, all-in, two raises (pot limit), pot 10, stacks 100; a turn with
2,000-hand ranges: bets of 33% and 75%, a pot raise, one raise, no all-in (270 nodes, 9
river subtrees of 48 rivers each). The per-iteration benches run the solver on one
thread (the baseline's showdown_values has one; the fair CPU comparison) and on every
core (``solver_all_cores``: what a user gets by default); the 2,000-hand river target
runs on one thread.
"""

from __future__ import annotations

import time

import numpy as np
import pytest

from omaha_fast import parse_cards  # noqa: E402
from omaha_fast.kernels import all_hands, showdown_values  # noqa: E402
from omaha_fast.solve import BetTree, solve  # noqa: E402
from omaha_fast.solve.engine import ArenaEngine  # noqa: E402
from omaha_fast.solve.reference_engine import Engine  # noqa: E402
from omaha_fast.solve.tree import ACTION, FOLD, SHOWDOWN, build  # noqa: E402

RIVER = "Ac 5d 8h Ts Kc"
TURN = "Ac 5d 8h Ts"
POT, STACK = 10.0, 100.0
TREE = BetTree(bets=(0.33, 0.75), raises=(1.0,), allin=True, raise_cap=2)
# the river leads with the bets, donk bets too: the tree the figures were measured on
TURN_TREE = BetTree(bets=(0.33, 0.75), raises=(1.0,), allin=False, raise_cap=1,
                    donk=(0.33, 0.75))


def ranges(board, size, seed=7):
    hands = all_hands(board)
    if size is None:
        return hands, hands
    rng = np.random.default_rng(seed)
    return (hands[rng.choice(len(hands), size, replace=False)],
            hands[rng.choice(len(hands), size, replace=False)])


class Baseline:
    """Numpy DCFR over showdown_values: what a user writes without omaha_fast.solve."""

    def __init__(self, board, hands, pot, tree):
        self.board, self.hands, self.pot = board, hands, pot
        self.nodes = build(tree, pot, STACK, "river")
        self.regret = {k: np.zeros((len(hands[n.player]), len(n.children)))
                       for k, n in enumerate(self.nodes) if n.kind == ACTION}
        self.total = {k: np.zeros_like(r) for k, r in self.regret.items()}
        self.t = 0

    def strategy(self, k):
        pos = np.maximum(self.regret[k], 0)
        s = pos.sum(axis=1, keepdims=True)
        return np.where(s > 0, pos / np.where(s > 0, s, 1), 1 / pos.shape[1])

    def visit(self, k, p, opp, own, d):
        n = self.nodes[k]
        q = 1 - p
        if n.kind == FOLD:
            met = showdown_values(self.board, self.hands[p], self.hands[q], opp).reach
            return met * (-n.contrib[p] if n.player == p else self.pot + n.contrib[q])
        if n.kind == SHOWDOWN:
            sv = showdown_values(self.board, self.hands[p], self.hands[q], opp)
            return sv.value * (self.pot + 2 * n.contrib[p]) - n.contrib[p] * sv.reach
        s = self.strategy(k)
        if n.player != p:
            return sum(self.visit(c, p, opp * s[:, a], own, d) for a, c in enumerate(n.children))
        v = np.stack([self.visit(c, p, opp, own * s[:, a], d)
                      for a, c in enumerate(n.children)], axis=1)
        node = (s * v).sum(axis=1)
        r = self.regret[k]
        r *= np.where(r > 0, d[0], d[1])
        r += v - node[:, None]
        self.total[k] = self.total[k] * d[2] + own[:, None] * s
        return node

    def iterate(self):
        self.t += 1
        t = self.t - 1.0
        d = (t ** 1.5 / (t ** 1.5 + 1), 0.5, (t / (t + 1)) ** 2)
        for p in (0, 1):
            self.visit(0, p, np.ones(len(self.hands[1 - p])), np.ones(len(self.hands[p])), d)


def engine(board, hands, tree, street, threads=1, kind="arena"):
    """The solver's engine (the C arena, what solve() runs), the same with its CFR passes'
    showdowns in double (``kind="arena_double"``), or the Python engine it replaced
    (``kind="python"``: numpy over the C kernels, kept for comparison)."""
    cards = [int(c) for c in parse_cards(board)]
    nodes = build(tree, POT, STACK, street)
    weights = (np.ones(len(hands[0])), np.ones(len(hands[1])))
    if kind == "python":
        return Engine(nodes, cards, hands, weights, POT, "hilo", threads=threads)
    return ArenaEngine(nodes, cards, hands, weights, POT, "hilo", threads=threads,
                       double_walks=kind == "arena_double")


SPOTS = {"river_2000": (RIVER, 2000), "river_full": (RIVER, None)}


@pytest.mark.benchmark(group="subgame")
@pytest.mark.parametrize("spot", list(SPOTS))
@pytest.mark.parametrize("who", ["solver", "solver_all_cores", "numpy_baseline"])
def test_iteration(benchmark, record_rate, spot, who):
    board, size = SPOTS[spot]
    hands = ranges(board, size)
    runner = Baseline(board, hands, POT, TREE) if who == "numpy_baseline" else \
        engine(board, hands, TREE, "river", threads=1 if who == "solver" else None)
    runner.iterate()                      # warm: tables and caches built
    rounds = 3 if size is None else 10
    benchmark.pedantic(runner.iterate, rounds=rounds, iterations=1)
    record_rate(len(hands[0]), spot=spot, who=who, cpu_ms_per_iteration=cpu_ms(runner))


def cpu_ms(runner):
    """Milliseconds of this process's CPU time per iteration, best of three: on a shared
    machine the wall-clock medians also count the time other processes held the core."""
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        runner.iterate()
        best = min(best, time.process_time() - start)
    return round(best * 1e3, 1)


@pytest.mark.benchmark(group="subgame-turn")
@pytest.mark.parametrize("kind", ["arena", "arena_double", "python"])
def test_turn_iteration(benchmark, record_rate, kind):
    """The C engine against the Python engine it replaced, one thread each, in one run
    (and the C engine with its showdown walks in double, what the single ones save); the
    peak memory of each is measured apart (``test_turn_peak_memory``)."""
    hands = ranges(TURN, 2000)
    runner = engine(TURN, hands, TURN_TREE, "turn", kind=kind)
    runner.iterate()
    benchmark.pedantic(runner.iterate, rounds=3, iterations=1)
    record_rate(len(hands[0]), spot="turn_2000", engine=kind, cpu_ms_per_iteration=cpu_ms(runner))


@pytest.mark.benchmark(group="subgame-turn")
def test_turn_walks_exploitability(benchmark, record_rate):
    """What the single-precision walks cost in accuracy: the engine with them and with
    every walk in double, side by side on the 2,000-hand turn, their exploitability after
    10, 20, 30 and 40 iterations (both cores). The reported exploitability is exact either
    way; the walks only change the strategy reached."""
    hands = ranges(TURN, 2000)
    paths = {}

    def run():
        for kind in ("arena", "arena_double"):
            runner = engine(TURN, hands, TURN_TREE, "turn", threads=None, kind=kind)
            paths[kind] = []
            for _ in range(4):
                runner.iterate(10)
                paths[kind].append(runner.exploitability()[2] / POT * 100)

    benchmark.pedantic(run, rounds=1, iterations=1)
    gaps = [abs(a - b) / b for a, b in zip(paths["arena"], paths["arena_double"])]
    print("\nexploitability (% of the pot) at 10/20/30/40 iterations: single "
          + " / ".join(f"{x:.6f}" for x in paths["arena"]) + ", double "
          + " / ".join(f"{x:.6f}" for x in paths["arena_double"])
          + f"; largest gap {max(gaps):.3%} of the value")
    record_rate(len(hands[0]), spot="turn_2000", single=paths["arena"],
                double=paths["arena_double"], largest_gap=max(gaps))
    assert max(gaps) < 0.005


# the peak of the new process (VmHWM: ru_maxrss would carry the parent's over the exec)
PEAK = """
import sys
sys.path.insert(0, {benches!r})
from bench_subgame import TURN, TURN_TREE, engine, ranges
runner = engine(TURN, ranges(TURN, 2000), TURN_TREE, "turn", kind={kind!r})
runner.iterate(); runner.iterate()
print([int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmHWM")][0])
"""


@pytest.mark.benchmark(group="subgame-turn")
def test_turn_peak_memory(benchmark, record_rate):
    """Each engine in a process of its own (Linux: its VmHWM): two iterations of the
    2,000-hand turn. The time is the two processes'."""
    import os
    import subprocess
    import sys
    peaks = {}

    def measure():
        for kind in ("arena", "python"):
            code = PEAK.format(benches=os.path.dirname(__file__), kind=kind)
            out = subprocess.run([sys.executable, "-c", code], capture_output=True,
                                 text=True, check=True)
            peaks[kind] = int(out.stdout.split()[-1])

    benchmark.pedantic(measure, rounds=1, iterations=1)
    print(f"\npeak memory: arena {peaks['arena'] / 1e6:.0f} MB, python "
          f"{peaks['python'] / 1e6:.0f} MB")
    record_rate(1, spot="turn_2000", peak_bytes_arena=peaks["arena"],
                peak_bytes_python=peaks["python"],
                ratio=round(peaks["python"] / peaks["arena"], 2))


TARGETS = [("river_2000", RIVER, 2000, TREE, 0.05, 2.0, 1),
           ("river_full", RIVER, None, TREE, 0.1, 60.0, None),
           ("turn_2000", TURN, 2000, TURN_TREE, 0.3, 300.0, None)]


@pytest.mark.slow
@pytest.mark.parametrize("name,board,size,tree,target,budget,threads", TARGETS,
                         ids=[t[0] for t in TARGETS])
def test_time_to_target(name, board, size, tree, target, budget, threads):
    """The issue's targets: the exploitability reached within the budget (and the time
    the target took, when reached). Printed, not asserted: a shared machine's timings."""
    hands = ranges(board, size)
    start = time.perf_counter()
    # an exploitability check costs about one iteration: rarer where iterations are long
    every = 5 if size is None else 10 if board == RIVER else 20
    r = solve(board, hands[0], hands[1], pot=POT, stack=STACK, tree=tree, target=target,
              iterations=100_000, seconds=budget, check_every=every, threads=threads)
    took = time.perf_counter() - start
    print(f"\n{name}: {r.exploitability:.4f}% of the pot after {r.iterations} iterations, "
          f"{r.seconds:.1f} s (budget {budget:g} s, target {target}%: "
          f"{'met' if r.exploitability <= target else 'NOT met'}); wall {took:.1f} s")
    assert r.ev[0] + r.ev[1] == pytest.approx(POT)
