"""Solver-kernel benches, each beside its yardstick in the same process.

    pytest benches/bench_kernels.py --benchmark-enable

- showdown_values, full range against full range on a river (178,365 hands a side, uniform
  weights), next to evaluate_batch on the same 178,365 hands: the target is <= 10x.
- HandIndexer.index_batch on 1,000,000 random deals of each round (the target: >= 5 M
  deals/s on the flop), and unindex_batch on their indices.
- hand_strength for 1,000 hands: exact on the river and the turn, 2,000 samples a hand on
  the flop (every core), and the flop and preflop samples on one thread.
- ShowdownTable.values (arrays reused through ``out=``) next to showdown_values on the same
  board, ranges and weights, 20-hand (the fixed cost of a call), 2,000-hand and full ranges
  (178,365 a side); values_batch of
  16 weight vectors (one thread and every core); 16 vectors batched against one call a
  vector (values and blockers); blockers; turn_showdown_values next to a
  TurnShowdownTable's values on the same 2,000-hand ranges.
"""

from __future__ import annotations

import time

import numpy as np
import pytest

from omaha_fast import evaluate_batch, parse_cards, random_deals  # noqa: E402
from omaha_fast.kernels import (  # noqa: E402
    HandIndexer,
    ShowdownTable,
    TurnShowdownTable,
    all_hands,
    hand_strength,
    showdown_values,
    turn_showdown_values,
)

BOARDS = {"low_board": "Ac 5d 8h Ts Kc", "no_low_board": "Kc Qd 9h 9s 2c"}


@pytest.fixture(scope="module", params=list(BOARDS))
def river(request):
    board = BOARDS[request.param]
    hands = all_hands(board)
    boards = np.tile(np.array(parse_cards(board), dtype=np.uint8), (len(hands), 1))
    return request.param, board, hands, boards


@pytest.mark.benchmark(group="showdown")
def test_evaluate_batch_full_range(benchmark, record_rate, river):
    name, _, hands, boards = river
    high, _ = benchmark(evaluate_batch, hands, boards)
    assert len(high) == 178_365
    record_rate(len(hands), board=name, cpu=cpu_rate(len(hands), evaluate_batch, hands, boards))


@pytest.mark.benchmark(group="showdown")
@pytest.mark.parametrize("game", ["hilo", "high"])
def test_showdown_values_full_range(benchmark, record_rate, river, game):
    name, board, hands, _ = river
    sv = benchmark(showdown_values, board, hands, hands, game=game)
    assert (sv.reach == 123_410).all()
    record_rate(len(hands), board=name, game=game,
                cpu=cpu_rate(len(hands), showdown_values, board, hands, hands, None, game))


N_DEALS = 1_000_000


def cpu_rate(n, fn, *args):
    """Items per second of this process's CPU time, best of three calls: on a shared
    machine the wall-clock medians also count the time other processes held the core."""
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        fn(*args)
        best = min(best, time.process_time() - start)
    return f"{n / best:,.0f}/s"


@pytest.mark.benchmark(group="indexer")
@pytest.mark.parametrize("round_", [0, 1, 2, 3], ids=["hole", "flop", "turn", "river"])
def test_index_batch(benchmark, record_rate, round_):
    ix = HandIndexer()
    deals = random_deals(N_DEALS, ix.cards(round_), 99)
    index = benchmark(ix.index_batch, deals)
    assert int(index.max()) < ix.size(round_)
    record_rate(N_DEALS, round=round_, cpu=cpu_rate(N_DEALS, ix.index_batch, deals))


@pytest.mark.benchmark(group="indexer")
@pytest.mark.parametrize("round_", [1, 3], ids=["flop", "river"])
def test_unindex_batch(benchmark, record_rate, round_):
    ix = HandIndexer()
    index = ix.index_batch(random_deals(N_DEALS, ix.cards(round_), 99))
    canon = benchmark(ix.unindex_batch, round_, index)
    assert (ix.index_batch(canon[:1000]) == index[:1000]).all()
    record_rate(N_DEALS, round=round_, cpu=cpu_rate(N_DEALS, ix.unindex_batch, round_, index))


STREETS = {"river": "Ac 5d 8h Ts Kc", "turn": "Ac 5d 8h Ts", "flop": "Ac 5d 8h"}


@pytest.mark.benchmark(group="strength")
@pytest.mark.parametrize("street", list(STREETS))
def test_hand_strength(benchmark, record_rate, street):
    board = STREETS[street]
    hands = all_hands(board)[::178][:1000]
    hs = benchmark.pedantic(hand_strength, args=(hands, board), kwargs={"seed": 1},
                            rounds=3 if street == "turn" else 5)
    assert ((hs.equity >= 0) & (hs.equity <= 1)).all()
    record_rate(len(hands), street=street)


@pytest.mark.benchmark(group="strength")
@pytest.mark.parametrize("street", ["flop", "preflop"])
def test_hand_strength_one_thread(benchmark, record_rate, street):
    """The sampled streets on one thread (the same figures as on every core)."""
    board = STREETS.get(street, "")
    hands = all_hands(board)[::178][:1000]
    hs = benchmark.pedantic(hand_strength, args=(hands, board),
                            kwargs={"seed": 1, "threads": 1}, rounds=5)
    assert ((hs.equity >= 0) & (hs.equity <= 1)).all()
    record_rate(len(hands), street=street,
                cpu=cpu_rate(len(hands), lambda: hand_strength(hands, board, seed=1, threads=1)))


PREPARED_BOARD = "Ac 5d 8h Ts Kc"


@pytest.fixture(scope="module", params=[20, 2_000, 178_365], ids=["20", "2000", "full"])
def prepared(request):
    """(size, hero, villain, float weights, table) on a board with a low, seeded."""
    hands = all_hands(PREPARED_BOARD)
    rng = np.random.default_rng(18)
    size = request.param
    if size < len(hands):
        hero = hands[rng.choice(len(hands), size, replace=False)]
        villain = hands[rng.choice(len(hands), size, replace=False)]
    else:
        hero = villain = hands
    weights = rng.random(size)
    return size, hero, villain, weights, ShowdownTable(PREPARED_BOARD, hero, villain)


@pytest.mark.benchmark(group="prepared")
def test_showdown_values_unprepared(benchmark, record_rate, prepared):
    size, hero, villain, weights, _ = prepared
    sv = benchmark(showdown_values, PREPARED_BOARD, hero, villain, weights)
    assert sv.value.shape == (size,)
    record_rate(size, size=size, cpu=cpu_rate(size, showdown_values, PREPARED_BOARD, hero,
                                              villain, weights))


@pytest.mark.benchmark(group="prepared")
def test_table_values(benchmark, record_rate, prepared):
    size, hero, villain, weights, table = prepared
    out = table.values(weights)
    sv = benchmark(table.values, weights, out=out)
    want = showdown_values(PREPARED_BOARD, hero, villain, weights)
    assert (sv.value == want.value).all() and (sv.reach == want.reach).all()
    record_rate(size, size=size, cpu=cpu_rate(size, lambda: table.values(weights, out=out)))


@pytest.mark.benchmark(group="prepared")
def test_table_blockers(benchmark, record_rate, prepared):
    size, _, _, weights, table = prepared
    out = np.empty(size)
    reach = benchmark(table.blockers, weights, out=out)
    assert (reach == table.values(weights).reach).all()
    record_rate(size, size=size)


@pytest.mark.benchmark(group="prepared")
@pytest.mark.parametrize("threads", [1, None], ids=["1thread", "allcores"])
def test_table_values_batch(benchmark, record_rate, prepared, threads):
    size, _, _, weights, table = prepared
    batch = np.stack([weights * (1 + k % 3) for k in range(16)])
    out = table.values_batch(batch, threads=threads)
    got = benchmark.pedantic(table.values_batch, args=(batch,),
                             kwargs={"out": out, "threads": threads}, rounds=5)
    assert got.value.shape == (16, size)
    record_rate(16 * size, size=size, vectors=16, threads=threads or "all")


@pytest.fixture(scope="module")
def full_range_orders():
    """The full range of PREPARED_BOARD in three orders: by cards (as all_hands lists
    it), shuffled, and the table's own walk order (by low, then high value)."""
    hands = all_hands(PREPARED_BOARD)
    high, low = evaluate_batch(hands, np.tile(np.array(parse_cards(PREPARED_BOARD),
                                                       dtype=np.uint8), (len(hands), 1)))
    return {"cards": hands, "shuffled": hands[np.random.default_rng(5).permutation(len(hands))],
            "walk": hands[np.lexsort((high, low))]}


@pytest.mark.benchmark(group="prepared-order")
@pytest.mark.parametrize("order", ["cards", "shuffled", "walk"])
def test_hand_order(benchmark, record_rate, full_range_orders, order):
    """8 vectors against full ranges, one thread, with the hands in three orders: each
    call lays the weights out in the table's walk order and puts the results back, so a
    caller's order costs only that lay-out (the walk itself is the same)."""
    hands = full_range_orders[order]
    table = ShowdownTable(PREPARED_BOARD, hands, hands)
    batch = np.random.default_rng(2).random((8, len(hands)))
    out = table.values_batch(batch, threads=1)
    benchmark.pedantic(table.values_batch, args=(batch,), kwargs={"out": out, "threads": 1},
                       rounds=5)
    record_rate(8 * len(hands), order=order)


SIXTEEN = ["values_batch", "values_loop", "blockers_batch", "blockers_loop"]


@pytest.mark.benchmark(group="prepared")
@pytest.mark.parametrize("how", SIXTEEN)
def test_sixteen_vectors(benchmark, record_rate, prepared, how):
    """16 weight vectors on one thread: one batched call (one walk over the hands for 8
    vectors at a time) against one call a vector, the same results."""
    size, _, _, weights, table = prepared
    batch = np.stack([weights * (1 + k % 3) for k in range(16)])
    if how == "values_batch":
        out = table.values_batch(batch, threads=1)
        run = lambda: table.values_batch(batch, out=out, threads=1)      # noqa: E731
    elif how == "values_loop":
        outs = [table.values(w) for w in batch]
        run = lambda: [table.values(w, out=o) for w, o in zip(batch, outs)]   # noqa: E731
    elif how == "blockers_batch":
        met = np.empty((16, size))
        run = lambda: table.blockers_batch(batch, out=met, threads=1)    # noqa: E731
    else:
        rows = np.empty((16, size))
        run = lambda: [table.blockers(w, out=r) for w, r in zip(batch, rows)]  # noqa: E731
    benchmark.pedantic(run, rounds=5 if size > 2_000 else 50)
    if how.startswith("blockers"):
        assert (table.blockers_batch(batch, threads=1)[3] == table.blockers(batch[3])).all()
    record_rate(16 * size, size=size, vectors=16, how=how)


@pytest.mark.benchmark(group="prepared")
def test_table_build(benchmark, record_rate, prepared):
    size, hero, villain, _, _ = prepared
    table = benchmark.pedantic(ShowdownTable, args=(PREPARED_BOARD, hero, villain), rounds=5)
    assert table.n == size
    record_rate(size, size=size)


TURN = "Ac 5d 8h Ts"


@pytest.fixture(scope="module")
def turn_ranges():
    hands = all_hands(TURN)
    rng = np.random.default_rng(18)
    hero = hands[rng.choice(len(hands), 2_000, replace=False)]
    villain = hands[rng.choice(len(hands), 2_000, replace=False)]
    return hero, villain, rng.random(2_000)


@pytest.mark.benchmark(group="prepared")
@pytest.mark.parametrize("threads", [1, None], ids=["1thread", "allcores"])
def test_turn_showdown_values(benchmark, record_rate, turn_ranges, threads):
    hero, villain, weights = turn_ranges
    tv = benchmark.pedantic(turn_showdown_values, args=(TURN, hero, villain, weights),
                            kwargs={"threads": threads}, rounds=3)
    assert tv.value.shape == (2_000,)
    record_rate(2_000, size=2_000, threads=threads or "all")


@pytest.mark.benchmark(group="prepared")
@pytest.mark.parametrize("threads", [1, None], ids=["1thread", "allcores"])
def test_turn_table_values(benchmark, record_rate, turn_ranges, threads):
    hero, villain, weights = turn_ranges
    table = TurnShowdownTable(TURN, hero, villain)
    out = table.values(weights)
    tv = benchmark.pedantic(table.values, args=(weights,),
                            kwargs={"out": out, "threads": threads}, rounds=10)
    assert np.allclose(tv.value, turn_showdown_values(TURN, hero, villain, weights).value)
    record_rate(2_000, size=2_000, threads=threads or "all")


@pytest.mark.benchmark(group="prepared")
def test_turn_table_build(benchmark, record_rate, turn_ranges):
    hero, villain, _ = turn_ranges
    table = benchmark.pedantic(TurnShowdownTable, args=(TURN, hero, villain), rounds=3)
    assert table.n == 2_000
    record_rate(2_000, size=2_000)
