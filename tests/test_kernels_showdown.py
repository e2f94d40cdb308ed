"""showdown_values against a brute-force hero x villain enumeration written here."""

from __future__ import annotations

import numpy as np
import pytest

from omaha_fast import OmahaError, equity, evaluate_batch, format_cards, parse_cards  # noqa: E402
from omaha_fast.errors import InvalidCardError  # noqa: E402
from omaha_fast.kernels import InvalidWeightsError, all_hands, showdown_values  # noqa: E402


def brute_force(board, hero, villain, weights, game):
    """value, reach, low part by every (hero, villain) pair, from evaluate_batch values."""
    b = np.array(parse_cards(board), dtype=np.uint8)
    hh, hl = evaluate_batch(hero, np.tile(b, (len(hero), 1)), game=game)
    vh, vl = evaluate_batch(villain, np.tile(b, (len(villain), 1)), game=game)
    hh, hl, vh, vl = (x.astype(np.int64) for x in (hh, hl, vh, vl))

    def masks(rows):
        return np.bitwise_or.reduce(np.left_shift(np.uint64(1), rows.astype(np.uint64)), axis=1)

    disjoint = (masks(hero)[:, None] & masks(villain)[None, :]) == 0
    hs = (hh[:, None] > vh[None, :]) + 0.5 * (hh[:, None] == vh[None, :])
    ls = (hl[:, None] > vl[None, :]) + 0.5 * (hl[:, None] == vl[None, :])
    no_low = (hl[:, None] == 0) & (vl[None, :] == 0)
    if game == "high":
        share, low_share = hs, np.zeros_like(hs)
    else:
        share = np.where(no_low, hs, 0.5 * hs + 0.5 * ls)
        low_share = np.where(no_low, 0.0, 0.5 * ls)
    w = weights[None, :] * disjoint
    return (share * w).sum(axis=1), w.sum(axis=1), (low_share * w).sum(axis=1)


def random_board(rng, low_possible=None):
    while True:
        board = rng.choice(52, 5, replace=False)
        lows = {int(c) // 4 for c in board if int(c) // 4 in (12, 0, 1, 2, 3, 4, 5, 6)}
        if low_possible is None or (len(lows) >= 3) == low_possible:
            return format_cards(sorted(int(c) for c in board))


def random_range(rng, board, size):
    hands = all_hands(board)
    rows = hands[rng.choice(len(hands), size, replace=False)]
    rows = np.array([rng.permutation(r) for r in rows], dtype=np.uint8)   # any card order
    dup = rows[rng.choice(size, size // 10)]                             # duplicated hands
    return np.concatenate([rows, dup])


def check(board, hero, villain, weights, game):
    got = showdown_values(board, hero, villain, weights, game=game)
    w = np.ones(len(villain)) if weights is None else np.asarray(weights, dtype=float)
    value, reach, low = brute_force(board, hero, villain, w, game)
    np.testing.assert_allclose(got.reach, reach, rtol=1e-9, atol=1e-9)
    np.testing.assert_allclose(got.value, value, rtol=1e-9, atol=1e-9)
    np.testing.assert_allclose(got.low, low, rtol=1e-9, atol=1e-9)
    np.testing.assert_allclose(got.high + got.low, got.value)


@pytest.mark.parametrize("game", ["hilo", "high"])
@pytest.mark.parametrize("low_possible", [True, False])
def test_random_ranges_and_weights(game, low_possible):
    rng = np.random.default_rng(hash((game, low_possible)) % 2**32)
    for _ in range(12):
        board = random_board(rng, low_possible)
        hero = random_range(rng, board, int(rng.integers(1, 400)))
        villain = random_range(rng, board, int(rng.integers(1, 500)))
        weights = rng.random(len(villain)) * (rng.random(len(villain)) < 0.8)
        check(board, hero, villain, weights, game)
        check(board, hero, villain, None, game)


@pytest.mark.parametrize("game", ["hilo", "high"])
def test_same_range_both_sides_integer_weights(game):
    """The identical hand on both sides (four-card removal), exact sums of integers."""
    rng = np.random.default_rng(7)
    for board in ("As2d3h4c8s", "2c3c4c5c6c", random_board(rng, True)):
        hands = random_range(rng, board, 600)
        weights = rng.integers(0, 5, len(hands)).astype(float)
        check(board, hands, hands, weights, game)


@pytest.mark.parametrize("board", ["AhKhQhJhTh", "2s2h2d2c3s", "7c7d7h8c8d", "AcKdQhJsTc"])
def test_boards_full_of_ties(board):
    """Boards that play for most hands (everyone ties the high, or nearly)."""
    rng = np.random.default_rng(11)
    hero = random_range(rng, board, 300)
    villain = random_range(rng, board, 300)
    for game in ("hilo", "high"):
        check(board, hero, villain, rng.random(len(villain)), game)


def test_shares_agree_with_equity():
    """A single villain hand: value is the pot share equity() gives on that river."""
    rng = np.random.default_rng(3)
    for _ in range(40):
        board = random_board(rng)
        hero, villain = random_range(rng, board, 1)[:1], random_range(rng, board, 1)[:1]
        if set(hero[0].tolist()) & set(villain[0].tolist()):
            continue
        for game in ("hilo", "high"):
            sv = showdown_values(board, hero, villain, game=game)
            eq = equity([format_cards(hero[0]), format_cards(villain[0])], board, game=game)
            assert sv.reach[0] == 1.0
            assert sv.value[0] == pytest.approx(eq.players[0].equity, abs=1e-12)
            assert sv.low[0] == pytest.approx(eq.players[0].low_share, abs=1e-12)


def test_full_range_sums():
    """Full range against itself with uniform weights: every hand meets C(43, 4) others,
    and the two sides' values add up to the number of matchups."""
    board = "Ac 5d 8h Ts Kc"
    hands = all_hands(board)
    sv = showdown_values(board, hands, hands)
    assert (sv.reach == 123_410).all()
    assert sv.value.sum() == pytest.approx(len(hands) * 123_410 / 2, rel=1e-12)
    assert ((sv.value >= 0) & (sv.value <= sv.reach)).all()


def test_range_like_object_and_lists():
    class RangeLike:
        combos = np.array([[50, 49, 0, 5], [40, 41, 6, 10]], dtype=np.uint8)
        weights = np.array([2.0, 0.5])

    board = "Kc Kd Qh 9s 3c"
    sv = showdown_values(board, ["AsAhJdJh"], RangeLike())
    explicit = showdown_values(board, ["AsAhJdJh"], RangeLike.combos, [2.0, 0.5])
    assert sv.value.tolist() == explicit.value.tolist()
    assert sv.reach.tolist() == [0.5]      # the first villain hand holds the Ah
    empty = showdown_values(board, [], ["AsAhJdJh"])
    assert empty.value.shape == (0,)


def test_bad_input():
    board = "Ah Kd 7c 8s 2h"
    with pytest.raises(InvalidCardError, match="villain hand 1 .*7c is on the board"):
        showdown_values(board, ["3c4dKsKh"], ["3d4hQsQc", "7c6c5c4c"])
    with pytest.raises(InvalidCardError, match="hero hand 0 .*2d twice"):
        showdown_values(board, np.array([[1, 1, 5, 6]]), ["3d4hQsQc"])
    with pytest.raises(InvalidCardError, match="out of range"):
        showdown_values(board, np.array([[1, 60, 5, 6]]), ["3d4hQsQc"])
    with pytest.raises(InvalidCardError, match="board"):
        showdown_values("Ah Kd 7c 8s", ["3c4dKsKh"], ["3d4hQsQc"])
    with pytest.raises(InvalidCardError, match="shape"):
        showdown_values(board, np.zeros((2, 3), dtype=np.uint8), ["3d4hQsQc"])
    with pytest.raises(InvalidWeightsError, match="one weight per villain hand"):
        showdown_values(board, ["3c4dKsKh"], ["3d4hQsQc"], [1.0, 2.0])
    with pytest.raises(InvalidWeightsError, match="finite and >= 0"):
        showdown_values(board, ["3c4dKsKh"], ["3d4hQsQc"], [-1.0])
    with pytest.raises(ValueError, match="nan"):
        showdown_values(board, ["3c4dKsKh"], ["3d4hQsQc"], [float("nan")])
    with pytest.raises(ValueError, match="game"):
        showdown_values(board, ["3c4dKsKh"], ["3d4hQsQc"], game="stud")
    assert issubclass(InvalidWeightsError, OmahaError)


def test_range_objects():
    """A Range's hands and weights are read directly, and give what its arrays give."""
    from omaha_fast.ranges import Range

    board = "Ah Kd 7c 8s 2h"
    hero, villain = Range("AA:$ds").without(board), Range("15%").without(board)
    sv = showdown_values(board, hero, villain)
    explicit = showdown_values(board, hero.combos, villain.combos, villain.weights)
    assert sv.value.tolist() == explicit.value.tolist()
    assert sv.reach.max() <= float(villain.weights.astype(float).sum())
    check(board, hero.combos[:200], villain.combos[::20], villain.weights[::20], "hilo")
    with pytest.raises(InvalidCardError, match="on the board"):
        showdown_values(board, Range("AA:$ds"), villain)
