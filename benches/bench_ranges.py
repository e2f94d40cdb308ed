"""Range benches, side by side in one process:

    pytest benches/bench_ranges.py --benchmark-enable

- parsing and expanding ``*``, ``15%`` and ``AA:$ds,A2$L$L`` (target: 50 ms or less);
- hand against a range preflop, 600,000 Monte Carlo deals on one thread, against the same
  number of hand-against-hand deals (target: at most 2x);
- exact hand against a 1,000-hand range on the flop, one thread (target: 20 ms or less);
- a heads-up river spot: one ``equity()`` call, one ``equity_batch`` row (10,000 spots a
  call) and one ``evaluate()`` call (target: a batch row within 5x of ``evaluate``).

No bench asserts a time; the ratios are printed at the end (``ranges: ...`` lines).
"""

from __future__ import annotations

import statistics

import numpy as np
import pytest

from omaha_fast import Range, equity, equity_batch, evaluate
from omaha_fast.ranges import hand_classes, ranking_equities, universe

MEDIANS: dict[str, float] = {}
HERO = "As2s3h4h"
HERO_5 = "As2s3h4h9d"          # Big O
FLOP = "Ks7d2h"


@pytest.fixture(scope="module", autouse=True)
def warm_tables():
    """The one-time work (universe, classes, ranking data) is not part of a parse."""
    universe(), hand_classes(), ranking_equities("hilo")
    yield
    if not MEDIANS:
        return
    print()
    pairs = [("hand vs range MC / hand vs hand MC", "mc_range", "mc_hand"),
             ("hand vs 15% MC / hand vs hand MC", "mc_percent", "mc_hand"),
             ("Big O hand vs range MC / Big O hand vs hand MC", "mc_range_5", "mc_hand_5"),
             ("equity_batch river row / evaluate()", "batch_row", "evaluate"),
             ("equity_batch turn row / evaluate()", "batch_row_turn", "evaluate"),
             ("equity() river / evaluate()", "equity_river", "evaluate")]
    for label, a, b in pairs:
        if a in MEDIANS and b in MEDIANS:
            print(f"ranges: {label}: {MEDIANS[a] / MEDIANS[b]:.2f}x "
                  f"({MEDIANS[a] * 1e3:.3f} ms / {MEDIANS[b] * 1e3:.4f} ms)")
    for name, value in MEDIANS.items():
        print(f"ranges: {name}: median {value * 1e3:.3f} ms")


def keep(benchmark, name, per=1):
    if benchmark.stats is not None:
        MEDIANS[name] = benchmark.stats.stats.median / per


@pytest.mark.benchmark(group="ranges-parse")
@pytest.mark.parametrize("text", ["*", "15%", "AA:$ds,A2$L$L"])
def test_parse_and_expand(benchmark, text):
    r = benchmark.pedantic(lambda: Range(text), rounds=30, warmup_rounds=2)
    keep(benchmark, f"parse {text}")
    assert len(r) > 0


@pytest.mark.benchmark(group="ranges-parse")
@pytest.mark.parametrize("text", ["*", "AA:$ds,A2$L$L"])
def test_parse_and_expand_five_cards(benchmark, text):
    universe(5)      # built once, like the four-card universe above
    r = benchmark.pedantic(lambda: Range(text, game="bigo"), rounds=10, warmup_rounds=1)
    keep(benchmark, f"parse {text} (five cards)")
    assert len(r) > 0


@pytest.mark.benchmark(group="ranges-mc")
def test_mc_hand_vs_hand(benchmark):
    r = benchmark.pedantic(lambda: equity([HERO, "KcKdQcJd"], mode="mc", samples=600_000,
                                          seed=1, threads=1), rounds=9, warmup_rounds=1)
    keep(benchmark, "mc_hand")
    assert r.boards == 600_000


@pytest.mark.benchmark(group="ranges-mc")
def test_mc_hand_vs_range(benchmark):
    villain = Range("AA:$ds,A2$L$L")
    r = benchmark.pedantic(lambda: equity([HERO, villain], mode="mc", samples=600_000,
                                          seed=1, threads=1), rounds=9, warmup_rounds=1)
    keep(benchmark, "mc_range")
    assert r.boards == 600_000


@pytest.mark.benchmark(group="ranges-mc")
def test_mc_hand_vs_percent(benchmark):
    villain = Range("15%")
    r = benchmark.pedantic(lambda: equity([HERO, villain], mode="mc", samples=600_000,
                                          seed=1, threads=1), rounds=9, warmup_rounds=1)
    keep(benchmark, "mc_percent")
    assert r.boards == 600_000


@pytest.mark.benchmark(group="ranges-mc")
def test_mc_big_o_hand_vs_hand(benchmark):
    r = benchmark.pedantic(lambda: equity([HERO_5, "KcKdQcJd9s"], game="bigo", mode="mc",
                                          samples=600_000, seed=1, threads=1),
                           rounds=9, warmup_rounds=1)
    keep(benchmark, "mc_hand_5")
    assert r.boards == 600_000


@pytest.mark.benchmark(group="ranges-mc")
def test_mc_big_o_hand_vs_range(benchmark):
    villain = Range("AA:$ds,A2$L$L", game="bigo")
    r = benchmark.pedantic(lambda: equity([HERO_5, villain], game="bigo", mode="mc",
                                          samples=600_000, seed=1), rounds=5,
                           warmup_rounds=1)
    keep(benchmark, "mc_range_5")
    assert r.boards == 600_000


@pytest.mark.benchmark(group="ranges-exact")
def test_exact_hand_vs_1000_hands_flop(benchmark):
    live = Range("*").without(HERO + FLOP)
    pick = np.random.default_rng(1).choice(len(live), size=1000, replace=False)
    villain = Range.from_hands(live.combos[np.sort(pick)].tolist())
    r = benchmark.pedantic(lambda: equity([HERO, villain], board=FLOP, mode="exact",
                                          threads=1), rounds=15, warmup_rounds=1)
    keep(benchmark, "exact_1000_flop")
    assert r.exact and r.boards == 1000 * 820


@pytest.mark.benchmark(group="ranges-overhead")
def test_evaluate_one_call(benchmark):
    benchmark(evaluate, HERO, "Ks7d2h5c9s")
    keep(benchmark, "evaluate")


@pytest.mark.benchmark(group="ranges-overhead")
def test_equity_one_river_call(benchmark):
    benchmark(equity, [HERO, "KcKdQcJd"], board="Ks7d2h5c9s")
    keep(benchmark, "equity_river")


@pytest.mark.benchmark(group="ranges-overhead")
@pytest.mark.parametrize("street", ["turn", "river"])
def test_equity_batch_rows(benchmark, street):
    rng = np.random.default_rng(2)
    width = 8 + (4 if street == "turn" else 5)
    deals = np.array([rng.permutation(52)[:width] for _ in range(10_000)], dtype=np.uint8)
    hands, boards = deals[:, :8].reshape(-1, 2, 4), deals[:, 8:]
    out = benchmark.pedantic(lambda: equity_batch(hands, boards), rounds=10, warmup_rounds=1)
    keep(benchmark, "batch_row" if street == "river" else "batch_row_turn", per=len(deals))
    assert out.shape == (10_000, 2)
    assert statistics.fmean(out.sum(axis=1)) == pytest.approx(1.0)
