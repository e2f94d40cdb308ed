"""Evaluator benches: the C batch, single calls, the pure-Python reference and the peer
libraries, all on the same seeded deals in one process.

    pytest benches/bench_eval.py --benchmark-enable

Rates (hands/s, us/hand) land in each bench's ``extra_info`` and in the summary table.
No bench asserts a time; the few asserts check that every contender computes the same
thing on the deals it is timed on.
"""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from omaha_fast import _core, evaluate, evaluate_batch, format_cards, parse_cards, reference  # noqa: E402
from omaha_fast.cards import random_deals  # noqa: E402

SEED = 20_240_610
N_BATCH = 1_000_000      # evaluate_batch
N_CALLS = 2_000          # evaluate(), phevaluator: one call per hand
N_SLOW = 100             # the reference and pokerkit


@pytest.fixture(scope="module")
def deals():
    cards = random_deals(N_BATCH, 9, SEED)
    return np.ascontiguousarray(cards[:, :4]), np.ascontiguousarray(cards[:, 4:])


@pytest.fixture(scope="module")
def expected(deals):
    """The C answers for the call-by-call slice, to check every contender against."""
    holes, boards = deals
    high, low = evaluate_batch(holes[:N_CALLS], boards[:N_CALLS])
    return high.tolist(), low.tolist()


# --- the C batch ----------------------------------------------------------------------------

@pytest.mark.benchmark(group="batch")
def test_evaluate_batch_hilo(benchmark, record_rate, deals):
    holes, boards = deals
    high, low = benchmark(evaluate_batch, holes, boards)
    assert len(high) == N_BATCH and low.any()
    record_rate(N_BATCH, game="hilo")


@pytest.mark.benchmark(group="batch")
def test_evaluate_batch_high(benchmark, record_rate, deals):
    holes, boards = deals
    high, low = benchmark(evaluate_batch, holes, boards, game="high")
    assert len(high) == N_BATCH and not low.any()
    record_rate(N_BATCH, game="high")


# five hole cards (Big O, five-card Omaha), on the same boards: 10 hole pairs instead of 6

@pytest.fixture(scope="module")
def deals5():
    cards = random_deals(N_BATCH, 10, SEED + 5)
    return np.ascontiguousarray(cards[:, :5]), np.ascontiguousarray(cards[:, 5:])


@pytest.mark.benchmark(group="batch")
def test_evaluate_batch_hilo_five_cards(benchmark, record_rate, deals5):
    holes, boards = deals5
    high, low = benchmark(evaluate_batch, holes, boards)
    assert len(high) == N_BATCH and low.any()
    record_rate(N_BATCH, game="hilo", hole_cards=5)


@pytest.mark.benchmark(group="batch")
def test_evaluate_batch_high_five_cards(benchmark, record_rate, deals5):
    holes, boards = deals5
    high, low = benchmark(evaluate_batch, holes, boards, game="high")
    assert len(high) == N_BATCH and not low.any()
    record_rate(N_BATCH, game="high", hole_cards=5)


# --- one call per hand ----------------------------------------------------------------------

@pytest.mark.benchmark(group="per-call")
def test_evaluate_call_text(benchmark, record_rate, deals, expected):
    holes, boards = deals
    args = [(format_cards(h), format_cards(b))
            for h, b in zip(holes[:N_CALLS].tolist(), boards[:N_CALLS].tolist())]

    def run():
        return [evaluate(h, b) for h, b in args]
    out = benchmark(run)
    assert [e.high.value for e in out] == expected[0]
    record_rate(N_CALLS, input="text")


@pytest.mark.benchmark(group="per-call")
def test_evaluate_call_text_values(benchmark, record_rate, deals, expected):
    """The same, reading both values back (the hand objects are made on first use)."""
    holes, boards = deals
    args = [(format_cards(h), format_cards(b))
            for h, b in zip(holes[:N_CALLS].tolist(), boards[:N_CALLS].tolist())]

    def run():
        out = []
        for h, b in args:
            e = evaluate(h, b)
            out.append((e.high.value, e.low.value if e.low else 0))
        return out
    out = benchmark(run)
    assert out == list(zip(*expected))
    record_rate(N_CALLS, input="text, values read")


@pytest.mark.benchmark(group="per-call")
def test_evaluate_call_cards(benchmark, record_rate, deals, expected):
    holes, boards = deals
    args = [(parse_cards(h), parse_cards(b))
            for h, b in zip(holes[:N_CALLS].tolist(), boards[:N_CALLS].tolist())]

    def run():
        return [evaluate(h, b) for h, b in args]
    out = benchmark(run)
    assert [e.low.value if e.low else 0 for e in out] == expected[1]
    record_rate(N_CALLS, input="Card tuples")


@pytest.mark.benchmark(group="per-call")
def test_evaluate_one_hand(benchmark, record_rate):
    e = benchmark(evaluate, "As2s3h4h", "5c6d7hKsKd")
    assert e.high.value == 5_856
    record_rate(1, input="one fixed hand, text")


@pytest.mark.benchmark(group="per-call")
def test_reference(benchmark, record_rate, deals, expected):
    holes, boards = deals
    args = list(zip(holes[:N_SLOW].tolist(), boards[:N_SLOW].tolist()))

    def run():
        return [(reference.best_high(h, b), reference.best_low(h, b)) for h, b in args]
    out = benchmark(run)
    assert out == list(zip(expected[0][:N_SLOW], expected[1][:N_SLOW]))
    record_rate(N_SLOW, game="hilo")


# --- peers, when installed ------------------------------------------------------------------

@pytest.mark.benchmark(group="per-call")
def test_phevaluator_omaha_high(benchmark, record_rate, deals, expected):
    phevaluator = pytest.importorskip("phevaluator")
    holes, boards = deals
    # phevaluator numbers cards rank * 4 + suit like omaha_fast: board first, then hole
    args = [b + h for h, b in zip(holes[:N_CALLS].tolist(), boards[:N_CALLS].tolist())]
    ev = phevaluator.evaluate_omaha_cards

    def run():
        return [ev(*cards) for cards in args]
    out = benchmark(run)
    assert [7_463 - v for v in out] == expected[0]   # its 1 is our 7462
    record_rate(N_CALLS, game="high")


@pytest.mark.benchmark(group="per-call")
def test_pokerkit_omaha_high(benchmark, record_rate, deals):
    pokerkit = pytest.importorskip("pokerkit")
    holes, boards = deals
    args = [(list(pokerkit.Card.parse(format_cards(h))), list(pokerkit.Card.parse(format_cards(b))))
            for h, b in zip(holes[:N_SLOW].tolist(), boards[:N_SLOW].tolist())]
    make = pokerkit.OmahaHoldemHand.from_game

    def run():
        return [make(h, b) for h, b in args]
    benchmark(run)
    record_rate(N_SLOW, game="high")


@pytest.mark.benchmark(group="per-call")
def test_pokerkit_omaha_low(benchmark, record_rate, deals, expected):
    pokerkit = pytest.importorskip("pokerkit")
    holes, boards = deals
    args = [(list(pokerkit.Card.parse(format_cards(h))), list(pokerkit.Card.parse(format_cards(b))))
            for h, b in zip(holes[:N_SLOW].tolist(), boards[:N_SLOW].tolist())]
    make = pokerkit.OmahaEightOrBetterLowHand.from_game

    def run():
        lows = 0
        for h, b in args:
            try:
                make(h, b)
                lows += 1
            except ValueError:   # pokerkit's way of saying "no low"
                pass
        return lows
    lows = benchmark(run)
    assert lows == sum(1 for v in expected[1][:N_SLOW] if v)
    record_rate(N_SLOW, game="low")


# --- start-up -------------------------------------------------------------------------------

_IMPORT_PROBE = ("import time; t = time.perf_counter(); import omaha_fast; "
                 "print(time.perf_counter() - t)")


@pytest.mark.benchmark(group="startup")
def test_import_time(benchmark):
    """A fresh interpreter imports omaha_fast (tables built); the round time includes the
    interpreter start, extra_info has the import alone (best of the rounds)."""
    seen: list[float] = []

    def run():
        out = subprocess.run([sys.executable, "-c", _IMPORT_PROBE], capture_output=True,
                             text=True, check=True)
        seen.append(float(out.stdout))
    benchmark.pedantic(run, rounds=7, iterations=1)
    benchmark.extra_info.update(import_s=min(seen), table_bytes=_core.table_bytes())
    print(f"\nimport omaha_fast: {min(seen) * 1e3:.1f} ms; tables: {_core.table_bytes():,} bytes")
