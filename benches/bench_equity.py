"""Equity benches: exact and Monte Carlo spots, and poker-equity (when the ``peers`` extra is
installed) on the same heads-up spot in the same process.

    pytest benches/bench_equity.py --benchmark-enable

Rates are boards per second (the summary table calls them hands). No bench asserts a time;
the asserts check that both libraries compute the same equities.
"""

from __future__ import annotations

import pytest

from omaha_fast import equity

HEADS_UP = ["As2s3h4h", "KcKdQcJd"]
SIX_WAY = ["As2s3h4h", "KcKdQcJd", "AhAd9s8s", "7c6c5d4d", "TsTh9h8h", "QsJs3c2d"]
TEN_WAY = SIX_WAY + ["5s5h6s7h", "8c8d9d3s", "2c3d4c6d", "JhJcTcTd"]
GOLDEN = [0.5746472401676599, 0.4253527598323401]


def run(benchmark, record_rate, rounds, **kwargs):
    result = benchmark.pedantic(lambda: equity(**kwargs), rounds=rounds, warmup_rounds=1)
    record_rate(result.boards, players=len(result.players), exact=result.exact,
                threads=kwargs.get("threads") or "all")
    return result


@pytest.mark.benchmark(group="equity-exact")
@pytest.mark.parametrize("threads", [1, None])
def test_exact_heads_up_preflop(benchmark, record_rate, threads):
    r = run(benchmark, record_rate, 20, hands=HEADS_UP, mode="exact", threads=threads)
    assert r.boards == 1_086_008
    assert [p.equity for p in r.players] == pytest.approx(GOLDEN, abs=1e-12)


# Big O: five hole cards, hi-lo; C(42, 5) boards heads-up preflop
BIG_O = ["As2d3h4cKs", "KdKhQcJd9s"]
BIG_O_GOLDEN = 0.6037896100476332   # the first hand's exact equity


@pytest.mark.benchmark(group="equity-exact")
@pytest.mark.parametrize("threads", [1, None])
def test_exact_heads_up_preflop_big_o(benchmark, record_rate, threads):
    r = run(benchmark, record_rate, 20, hands=BIG_O, game="bigo", mode="exact",
            threads=threads)
    assert r.boards == 850_668
    assert r.players[0].equity == pytest.approx(BIG_O_GOLDEN, abs=1e-10)


@pytest.mark.benchmark(group="equity-exact")
def test_exact_six_way_preflop(benchmark, record_rate):
    r = run(benchmark, record_rate, 20, hands=SIX_WAY, mode="exact", threads=1)
    assert r.boards == 98_280


@pytest.mark.benchmark(group="equity-exact")
def test_exact_six_way_flop(benchmark, record_rate):
    r = run(benchmark, record_rate, 200, hands=SIX_WAY, board="2h7d9c", mode="exact",
            threads=1)
    assert r.boards == 300


@pytest.mark.benchmark(group="equity-mc")
def test_monte_carlo_heads_up_one_thread(benchmark, record_rate):
    r = run(benchmark, record_rate, 5, hands=HEADS_UP, mode="mc", samples=2_000_000, seed=1,
            threads=1)
    assert abs(r.players[0].equity - GOLDEN[0]) < 5 * r.players[0].std_error


@pytest.mark.benchmark(group="equity-mc")
@pytest.mark.parametrize("players", [6, 10])
def test_monte_carlo_multiway_one_thread(benchmark, record_rate, players):
    hands = (SIX_WAY if players == 6 else TEN_WAY)
    r = run(benchmark, record_rate, 5, hands=hands, mode="mc", samples=2_000_000, seed=1,
            threads=1)
    assert abs(sum(p.equity for p in r.players) - 1) < 1e-9


@pytest.mark.benchmark(group="equity-exact")
def test_peer_poker_equity_exact_heads_up(benchmark, record_rate):
    poker_equity = pytest.importorskip("poker_equity")
    result = benchmark.pedantic(
        lambda: poker_equity.exact_from_text("omaha_hi_lo", HEADS_UP), rounds=3,
        warmup_rounds=0)
    record_rate(int(result["samples"]), players=2, exact=True,
                threads=poker_equity.default_thread_count())
    assert [p["equity"] for p in result["players"]] == pytest.approx(GOLDEN, abs=1e-12)
