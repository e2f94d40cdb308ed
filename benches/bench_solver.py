"""Solver-kernel benches, each beside its yardstick in the same process.

    pytest benches/bench_solver.py --benchmark-enable

- showdown_values, full range against full range on a river (178,365 hands a side, uniform
  weights), next to evaluate_batch on the same 178,365 hands: the target is <= 10x.
"""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

from omaha_fast import evaluate_batch, parse_cards  # noqa: E402
from omaha_fast.solver import all_hands, showdown_values  # noqa: E402

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
    record_rate(len(hands), board=name)


@pytest.mark.benchmark(group="showdown")
@pytest.mark.parametrize("game", ["hilo", "high"])
def test_showdown_values_full_range(benchmark, record_rate, river, game):
    name, board, hands, _ = river
    sv = benchmark(showdown_values, board, hands, hands, game=game)
    assert (sv.reach == 123_410).all()
    record_rate(len(hands), board=name, game=game)
