"""Equity of five- and six-card hands (Big O, five-card and six-card Omaha): the C engine
against the pure-Python enumeration over the reference evaluator (every remaining board,
every hi/lo field), Monte Carlo against exact, equity_batch against equity."""

from __future__ import annotations

import random

import pytest
from conftest import sizes
from test_equity_exact import FIELDS, python_equity

from omaha_fast import (
    InvalidCardError,
    Range,
    RangeError,
    equity,
    equity_batch,
    format_cards,
)

SPOTS = [
    (["As2d3h4cKs", "KdKhQcJd9s"], "5s7d8hTc", "", "bigo"),             # turn known
    (["Ah2h3c5dQs", "AdKd2c4s9h"], "3h7hQh", "", "bigo"),               # flop: shared lows
    (["AsKs2d3dJc", "QhJhTc9c8d", "7s6s5h4hAc"], "2s8sKhTd", "", "bigo"),
    (["AsAd2c3c4h", "KsKhQsQh5d"], "4d9s2hJc", "Ac", "bigo"),          # a dead card
    (["AsKsQsJsTd", "AhKhQhJhTc"], "TsTh9s", "", "omaha5"),             # near-identical highs
    (["Ac2c3d4d9h", "Ad2d3c4c9s"], "5h6h8sKd", "", "bigo"),             # split high and low
    (["9s9h8d8c2c", "7s7h6d6c2d", "AsKdJh2hQc"], "9d8h7cKs", "", "omaha5"),
    (["AsKsQs2d3d4d", "JhJdTcTh9c9h"], "5s6sKcQd", "", "omaha6"),
]


@pytest.mark.parametrize("hands, board, dead, game", SPOTS)
def test_exact_matches_the_reference_enumeration(hands, board, dead, game):
    evaluation = "hilo" if game == "bigo" else "high"
    want, n_boards, no_low = python_equity(hands, board, dead, evaluation)
    r = equity(hands, board=board, dead=dead, game=game, mode="exact")
    assert r.exact and r.boards == n_boards and r.game == game
    for p, w in zip(r.players, want):
        for field in FIELDS:
            assert getattr(p, field) == pytest.approx(w[field], abs=1e-12), field
    if game == "bigo":
        assert r.no_low == pytest.approx(no_low, abs=1e-12)
    else:
        assert r.no_low is None
    assert sum(p.equity for p in r.players) == pytest.approx(1.0)


@pytest.mark.parametrize("spots", sizes(2, 6, least=2))
def test_random_flop_spots_match_the_reference(spots):
    """Random flops of Big O and five-card Omaha in turn against the pure-Python
    enumeration: two by default (times the size knob, see conftest.py), six under -m slow."""
    rng = random.Random(20_261_202)
    for k in range(spots):
        n = rng.choice((2, 3))
        cards = rng.sample(range(52), 5 * n + 3)
        hands = [format_cards(cards[5 * i:5 * i + 5]) for i in range(n)]
        board = format_cards(cards[5 * n:])
        game = ("bigo", "omaha5")[k % 2]
        want, _, _ = python_equity(hands, board, "", "hilo" if game == "bigo" else "high")
        r = equity(hands, board=board, game=game)
        for p, w in zip(r.players, want):
            assert p.equity == pytest.approx(w["equity"], abs=1e-12)
            assert p.scoop == pytest.approx(w["scoop"], abs=1e-12)


def test_preflop_heads_up_exact_and_monte_carlo():
    hands = ["As2d3h4cKs", "KdKhQcJd9s"]
    exact = equity(hands, game="bigo")
    assert exact.exact and exact.boards == 850_668        # C(42, 5)
    mc = equity(hands, game="bigo", mode="mc", samples=200_000, seed=3)
    for e, m in zip(exact.players, mc.players):
        assert abs(e.equity - m.equity) < 5 * m.std_error
    again = equity(hands, game="bigo", mode="mc", samples=200_000, seed=3, threads=1)
    assert [p.equity for p in again.players] == [p.equity for p in mc.players]


def test_multiway_monte_carlo_on_the_flop():
    hands = ["AsKs2d3dJc", "QhJhTc9c8d", "7s6s5h4hAc", "KcKd4d5d6d"]
    board = "2s8sKh"
    exact = equity(hands, board=board, game="bigo")
    mc = equity(hands, board=board, game="bigo", mode="mc", samples=100_000, seed=1)
    for e, m in zip(exact.players, mc.players):
        assert abs(e.equity - m.equity) < 5 * m.std_error


def test_equity_batch_matches_equity():
    rng = random.Random(7)
    spots, boards = [], []
    for _ in range(20):
        cards = rng.sample(range(52), 14)
        spots.append([cards[0:5], cards[5:10]])
        boards.append(cards[10:])
    out = equity_batch(spots, boards, game="bigo")
    assert out.shape == (20, 2)
    for (a, b), board, row in zip(spots, boards, out.tolist()):
        r = equity([format_cards(a), format_cards(b)], board=format_cards(board), game="bigo")
        assert row == pytest.approx([p.equity for p in r.players], abs=1e-12)
    six = equity_batch([[list(range(6)), list(range(6, 12))]], [[40, 41, 42]], game="omaha6")
    assert six.sum() == pytest.approx(1.0)


def test_what_is_refused():
    with pytest.raises(InvalidCardError, match="hand 1 needs 5 cards"):
        equity(["AsKsQsJs", "2c3c4c5c6c"], game="bigo")
    with pytest.raises(InvalidCardError, match="needs 4 cards"):
        equity(["AsKsQsJsTs", "2c3c4c5c6c"])
    with pytest.raises(RangeError, match="Monte Carlo only"):
        equity(["AA", "2c3c4c5c6c"], game="bigo", mode="exact")
    with pytest.raises(RangeError, match="holds 4-card hands, but bigo deals 5"):
        equity([Range("AA"), "2c3c4c5c6c"], game="bigo", samples=1_000, seed=1)
    with pytest.raises(InvalidCardError, match="ranges of six-card hands are not supported"):
        equity(["AA", "2c3c4c5c6c7c"], game="omaha6")
    with pytest.raises(InvalidCardError, match="spots, players, 5"):
        equity_batch([[[0, 1, 2, 3], [4, 5, 6, 7]]], [[8, 9, 10]], game="bigo")
    with pytest.raises(ValueError, match="game must be one of"):
        equity(["AsKsQsJsTs", "2c3c4c5c6c"], game="big-o")


@pytest.mark.parametrize("weights", [(3, 1, 2, 5), (4, 4, 4, 4)], ids=["weighted", "equal"])
def test_range_monte_carlo_matches_the_weighted_exact_combinations(weights):
    """A hand against a range of four five-card hands (one blocked by the hero), weighted
    or not (drawn by search, or by one uniform draw): Monte Carlo against the weighted
    mean of the exact equities of each combination."""
    hero = "As2d3h4cKs"
    villains = dict(zip(["KdKhQcJd9s", "7c7h6d5d2c", "AhAcQsJsTd", "Ks8h8d4h4s"], weights))
    board = "9h8s2s"
    r = Range.from_hands(list(villains), list(villains.values()), game="bigo")
    mc = equity([hero, r], board=board, game="bigo", samples=300_000, seed=5)
    assert not mc.exact and mc.boards == 300_000
    total = mean = 0.0
    for hand, w in villains.items():
        if set(hand[i:i + 2] for i in range(0, 10, 2)) & {"Ks"}:
            continue                                     # blocked by the hero's king
        total += w
        mean += w * equity([hero, hand], board=board, game="bigo").players[0].equity
    mean /= total
    assert abs(mc.players[0].equity - mean) < 5 * mc.players[0].std_error
    again = equity([hero, r], board=board, game="bigo", samples=300_000, seed=5)
    assert again.players[0].equity == mc.players[0].equity      # the seed fixes it


def test_multiway_five_card_ranges_split_the_pot():
    r = equity(["AA:$ds", "KK", "As2d3h4cKs"], game="bigo", samples=50_000, seed=2)
    assert sum(p.equity for p in r.players) == pytest.approx(1.0)
    assert r.no_low is not None and all(p.std_error > 0 for p in r.players)
    high = equity(["AA:$ds", "KhKd7c6c2h"], game="omaha5", samples=20_000, seed=2)
    assert high.no_low is None and high.players[0].low_share == 0


def test_the_range_kernel_checks_its_input():
    import numpy as np

    from omaha_fast import _core
    hands = np.array([[51, 47, 43, 39, 35], [0, 1, 2, 3, 4]], np.uint8)
    ones = np.ones(2, np.uint32)
    game = _core.game_code("hilo")
    with pytest.raises(ValueError, match="bad argument"):      # a zero weight
        _core.range_equity(hands, np.array([1, 0], np.uint32), [1, 1], b"", b"", game,
                           False, 100, 1, 0, None, n_hole=5)
    with pytest.raises(InvalidCardError):                       # a hand on the board
        _core.range_equity(hands, ones, [1, 1], bytes([4, 20, 21]), b"", game, False, 100,
                           1, 0, None, n_hole=5)
    with pytest.raises(ValueError, match="Monte Carlo only"):
        _core.range_equity(hands, ones, [1, 1], b"", b"", game, True, 0, 1, 0, None,
                           n_hole=5)
    with pytest.raises(ValueError, match="rows of 5"):
        _core.range_equity(hands[:, :4].copy(), ones, [1, 1], b"", b"", game, False, 100,
                           1, 0, None, n_hole=5)
    sums, total, _, deals = _core.range_equity(hands, ones, [1, 1], b"", b"", game, False,
                                               1_000, 1, 0, None, n_hole=5)
    assert total == deals == 1_000 and sum(s["equity"] for s in sums) == pytest.approx(1_000)
