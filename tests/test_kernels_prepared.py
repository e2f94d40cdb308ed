"""The prepared kernels (ShowdownTable, showdown_payoff, turn_showdown_values) against a
brute-force hero x villain (x river) enumeration written here, from evaluate_batch."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from omaha_fast import evaluate_batch, format_cards, parse_cards  # noqa: E402
from omaha_fast.errors import InvalidCardError, InvalidValueError, OmahaError  # noqa: E402
from omaha_fast.kernels import (  # noqa: E402
    InvalidWeightsError,
    ShowdownTable,
    ShowdownValues,
    TurnShowdownTable,
    all_hands,
    showdown_payoff,
    showdown_values,
    turn_showdown_values,
)


def masks(rows):
    return np.bitwise_or.reduce(np.left_shift(np.uint64(1), rows.astype(np.uint64)), axis=1)


def shares(board, hero, villain, game):
    """(pot share, low part) of every (hero, villain) pair and whether they share no card."""
    b = np.array(parse_cards(board), dtype=np.uint8)
    hh, hl = evaluate_batch(hero, np.tile(b, (len(hero), 1)), game=game)
    vh, vl = evaluate_batch(villain, np.tile(b, (len(villain), 1)), game=game)
    hh, hl, vh, vl = (x.astype(np.int64) for x in (hh, hl, vh, vl))
    hs = (hh[:, None] > vh[None, :]) + 0.5 * (hh[:, None] == vh[None, :])
    ls = (hl[:, None] > vl[None, :]) + 0.5 * (hl[:, None] == vl[None, :])
    no_low = (hl[:, None] == 0) & (vl[None, :] == 0)
    if game == "high":
        share, low = hs, np.zeros_like(hs)
    else:
        share = np.where(no_low, hs, 0.5 * hs + 0.5 * ls)
        low = np.where(no_low, 0.0, 0.5 * ls)
    disjoint = (masks(hero)[:, None] & masks(villain)[None, :]) == 0
    return share, low, disjoint


def brute_force(board, hero, villain, weights, game):
    share, low, disjoint = shares(board, hero, villain, game)
    w = weights[None, :] * disjoint
    value, low_part = (share * w).sum(axis=1), (low * w).sum(axis=1)
    return value, w.sum(axis=1), value - low_part, low_part


def random_board(rng, low_possible=None, cards=5):
    while True:
        board = rng.choice(52, cards, replace=False)
        lows = {int(c) // 4 for c in board if int(c) // 4 in (12, 0, 1, 2, 3, 4, 5, 6)}
        if low_possible is None or (len(lows) >= 3) == low_possible:
            return format_cards(sorted(int(c) for c in board))


def random_range(rng, board, size):
    hands = all_hands(board)
    rows = hands[rng.choice(len(hands), size, replace=False)]
    rows = np.array([rng.permutation(r) for r in rows], dtype=np.uint8)   # any card order
    dup = rows[rng.choice(size, size // 10)]                             # duplicated hands
    return np.concatenate([rows, dup])


def distinct_ranges(rng, board, n, m):
    """Two ranges without a duplicate on either side, sharing about half the hero's hands
    (a table then reads a hero's identical villain hand from the weights in place)."""
    hands = all_hands(board)
    picked = hands[rng.choice(len(hands), n + m, replace=False)]
    picked = np.array([rng.permutation(r) for r in picked], dtype=np.uint8)
    return picked[:n], picked[n // 2:n // 2 + m]


def random_weights(rng, m):
    return rng.random(m) * (rng.random(m) < 0.8)      # a fifth of them zero


def assert_matches(got, want):
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w, rtol=1e-9, atol=1e-9)


def as_rows(hands):
    if isinstance(hands, list):
        return np.array([parse_cards(h) for h in hands], dtype=np.uint8).reshape(-1, 4)
    return hands


def check(board, hero, villain, weights, game):
    hero, villain = as_rows(hero), as_rows(villain)
    table = ShowdownTable(board, hero, villain, game)
    got = table.values(weights)
    assert_matches(got, brute_force(board, hero, villain, weights, game))
    # the same sums in the same order as the unprepared kernel: equal, not only close
    same = showdown_values(board, hero, villain, weights, game)
    for g, s in zip(got, same):
        np.testing.assert_array_equal(g, s)
    np.testing.assert_array_equal(table.blockers(weights), got.reach)
    return table


@pytest.mark.parametrize("game", ["hilo", "high"])
@pytest.mark.parametrize("low_possible", [True, False])
def test_random_ranges_and_weights(game, low_possible):
    rng = np.random.default_rng(hash((game, low_possible, "prepared")) % 2**32)
    for _ in range(10):
        board = random_board(rng, low_possible)
        hero = random_range(rng, board, int(rng.integers(1, 300)))
        villain = random_range(rng, board, int(rng.integers(1, 400)))
        table = check(board, hero, villain, random_weights(rng, len(villain)), game)
        # the table is reused: a second, different vector gives its own answer
        w2 = rng.integers(0, 4, len(villain)).astype(float)
        assert_matches(table.values(w2), brute_force(board, hero, villain, w2, game))


@pytest.mark.parametrize("game", ["hilo", "high"])
def test_values_batch_is_values_row_by_row(game):
    rng = np.random.default_rng(5)
    board = random_board(rng, True)
    hero = random_range(rng, board, 200)
    villain = random_range(rng, board, 250)
    table = ShowdownTable(board, hero, villain, game)
    weights = np.stack([random_weights(rng, len(villain)) for _ in range(7)])
    for threads in (1, 2, None):
        batch = table.values_batch(weights, threads=threads)
        assert batch.value.shape == (7, len(hero))
        for r in range(7):
            one = table.values(weights[r])
            for b, o in zip(batch, one):
                np.testing.assert_array_equal(b[r], o)
            assert_matches([b[r] for b in batch],
                           brute_force(board, hero, villain, weights[r], game))
    empty = table.values_batch(np.zeros((0, len(villain))))
    assert empty.value.shape == (0, len(hero))


@pytest.mark.parametrize("game", ["hilo", "high"])
@pytest.mark.parametrize("low_possible", [True, False])
@pytest.mark.parametrize("duplicates", [True, False], ids=["duplicates", "distinct"])
def test_batches_of_every_size_against_single_calls(game, low_possible, duplicates):
    """values_batch and blockers_batch walk several rows at once (in blocks of lanes):
    every block size and remainder (k = 1, 2, 3, odd, past a block) equals k single calls
    to the bit, and brute force; bad weights are reported at their own row. With
    duplicated hands the identical hands' weights are summed by hand, without them read
    where they lie."""
    rng = np.random.default_rng(hash((game, low_possible, duplicates, "batches")) % 2**32)
    for k in (1, 2, 3, 4, 5, 7, 8, 9, 13):
        board = random_board(rng, low_possible)
        n, m = int(rng.integers(1, 150)), int(rng.integers(1, 200))
        hero, villain = (random_range(rng, board, n), random_range(rng, board, m)) \
            if duplicates else distinct_ranges(rng, board, n, m)
        table = ShowdownTable(board, hero, villain, game)
        weights = np.stack([random_weights(rng, len(villain)) for _ in range(k)])
        weights[k // 2] = 0.0                 # an all-zero row among the others
        for threads in (1, 2):
            batch = table.values_batch(weights, threads=threads)
            met = table.blockers_batch(weights, threads=threads)
            assert met.shape == (k, len(hero))
            for r in range(k):
                one = table.values(weights[r])
                for b, o in zip(batch, one):
                    np.testing.assert_array_equal(b[r], o)
                np.testing.assert_array_equal(met[r], table.blockers(weights[r]))
                np.testing.assert_array_equal(met[r], one.reach)
        for r in range(k):
            assert_matches([b[r] for b in batch],
                           brute_force(board, hero, villain, weights[r], game))
        bad = weights.copy()
        bad[k - 1, len(villain) - 1] = -1.0
        with pytest.raises(InvalidWeightsError, match=f"villain weight {len(villain) - 1}"):
            table.blockers_batch(bad, threads=1)
        with pytest.raises(InvalidWeightsError):
            table.values_batch(bad, threads=1)
    # a full range side on a big batch: the accumulator cleared wholesale between blocks
    board = random_board(rng, True)
    hero = random_range(rng, board, 300)
    villain = all_hands(board)
    table = ShowdownTable(board, hero, villain, game)
    weights = np.stack([random_weights(rng, len(villain)) for _ in range(6)])
    batch = table.values_batch(weights, threads=1)
    met = table.blockers_batch(weights, threads=1)
    for r in (0, 5):
        for b, o in zip(batch, table.values(weights[r])):
            np.testing.assert_array_equal(b[r], o)
        np.testing.assert_array_equal(met[r], batch.reach[r])


@pytest.mark.parametrize("game", ["hilo", "high"])
@pytest.mark.parametrize("duplicates", [True, False], ids=["duplicates", "distinct"])
def test_villains_of_no_weight_in_any_row(game, duplicates):
    """A solver's reaches are mostly exact zeros: a villain of weight 0 in every row of a
    block is not added, and a run of equal hands whose villains all weigh 0 keeps its
    heroes' sums as they were. Batches and single rows still equal each other to the bit,
    and brute force, with most villains (whole runs of them) weightless in every row."""
    rng = np.random.default_rng(hash((game, duplicates, "sparse")) % 2**32)
    for share in (0.2, 0.6, 0.95):
        board = random_board(rng, True)
        hero, villain = (random_range(rng, board, 180), random_range(rng, board, 220)) \
            if duplicates else distinct_ranges(rng, board, 180, 220)
        table = ShowdownTable(board, hero, villain, game)
        weights = np.stack([random_weights(rng, len(villain)) for _ in range(9)])
        weights[:, rng.random(len(villain)) < share] = 0.0
        batch = table.values_batch(weights, threads=1)
        met = table.blockers_batch(weights, threads=1)
        for r in range(9):
            one = table.values(weights[r])
            for b, o in zip(batch, one):
                np.testing.assert_array_equal(b[r], o)
            np.testing.assert_array_equal(met[r], one.reach)
            assert_matches([b[r] for b in batch],
                           brute_force(board, hero, villain, weights[r], game))


@pytest.mark.parametrize("game", ["hilo", "high"])
def test_values_and_reach_in_one_call(game):
    """values_reach_batch: the first rows' values equal values_batch and every row's
    reach equals blockers_batch, to the bit, for every split and any threads (the units
    are taken from a shared queue in any order); a bad weight is named by its row over
    all the rows, the lowest when several are bad."""
    rng = np.random.default_rng(hash((game, "combined")) % 2**32)
    board = random_board(rng, True)
    hero = random_range(rng, board, 120)
    villain = random_range(rng, board, 170)
    table = ShowdownTable(board, hero, villain, game)
    for k, j in ((1, 0), (1, 1), (0, 3), (3, 1), (9, 2), (17, 9), (8, 8)):
        weights = np.stack([random_weights(rng, len(villain)) for _ in range(k + j)])
        shows = table.values_batch(weights[:k], threads=1).value if k else None
        sums = table.blockers_batch(weights, threads=1)
        for threads in (1, 2, 3):
            value, reach = table.values_reach_batch(weights, j, threads=threads)
            assert value.shape == (k, len(hero)) and reach.shape == (k + j, len(hero))
            np.testing.assert_array_equal(reach, sums)
            if k:
                np.testing.assert_array_equal(value, shows)
        bad = weights.copy()
        bad[k + j - 1, 5] = np.nan
        if k + j > 2:
            bad[1, 7] = -2.0
        want = {1: "weight 5 is nan", 2: r"weight 5 \(row 1\) is nan"}.get(
            k + j, r"weight 7 \(row 1\) is -2.0")
        with pytest.raises(InvalidWeightsError, match=want):
            table.values_reach_batch(bad, j, threads=2)
    # a full range: the fold sums there walk a row at a time, the values in lanes
    full = all_hands(board)
    table = ShowdownTable(board, hero, full, game)
    weights = np.stack([random_weights(rng, len(full)) for _ in range(5)])
    value, reach = table.values_reach_batch(weights, 2, threads=2)
    np.testing.assert_array_equal(reach, table.blockers_batch(weights, threads=1))
    np.testing.assert_array_equal(value, table.values_batch(weights[:3]).value)
    out, sums = np.empty((3, len(hero))), np.empty((5, len(hero)))
    got = table.values_reach_batch(weights, 2, value=out, reach=sums)
    assert got[0] is out and got[1] is sums
    with pytest.raises(ValueError, match="n_folds"):
        table.values_reach_batch(weights, 6)
    with pytest.raises(ValueError, match=fr"reach must have shape \(5, {len(hero)}\)"):
        table.values_reach_batch(weights, 3, reach=sums[:4])
    # payoffs instead of values: showdown_payoff of the same rows, row by row
    pot, put = np.array([30.0, 12.5, 7.0]), np.array([10.0, 0.0, 3.5])
    chips, reach2 = table.values_reach_batch(weights, 2, pot=pot, hero_put=put, threads=2)
    full_values = table.values_batch(weights[:3])
    for r in range(3):
        want = showdown_payoff(ShowdownValues(*(a[r] for a in full_values)), pot[r] - 2 * put[r],
                               put[r], put[r])
        np.testing.assert_allclose(chips[r], want, rtol=1e-12, atol=1e-9)
    np.testing.assert_array_equal(reach2, reach)
    chips, paid = table.values_reach_batch(weights, 2, pot=pot, hero_put=put,
                                           fold_pay=[-4.0, 22.0])
    np.testing.assert_array_equal(paid[:3], reach[:3])
    np.testing.assert_allclose(paid[3:], reach[3:] * np.array([[-4.0], [22.0]]), rtol=1e-15)
    with pytest.raises(ValueError, match="fold_pay goes with pot"):
        table.values_reach_batch(weights, 2, fold_pay=[1.0, 1.0])
    with pytest.raises(ValueError, match="fold_pay must be 2 finite"):
        table.values_reach_batch(weights, 2, pot=pot, hero_put=put, fold_pay=[1.0])
    with pytest.raises(ValueError, match="give both or neither"):
        table.values_reach_batch(weights, 2, pot=pot)
    with pytest.raises(ValueError, match="3 finite numbers"):
        table.values_reach_batch(weights, 2, pot=[1.0, float("nan"), 2.0], hero_put=put)
    with pytest.raises(ValueError, match="3 finite numbers"):
        table.values_reach_batch(weights, 2, pot=pot[:2], hero_put=put[:2])
    empty = ShowdownTable(board, hero, np.zeros((0, 4), dtype=np.uint8), game)
    value, reach = empty.values_reach_batch(np.zeros((2, 0)), 1)
    assert (value == 0).all() and (reach == 0).all() and reach.shape == (2, len(hero))


def test_blockers_batch_edges():
    table = ShowdownTable("Ah Kd 7c 8s 2h", ["5c6c9d9h"], ["3d4hQsQc", "9c9hTcJc"])
    assert table.blockers_batch(np.zeros((0, 2))).shape == (0, 1)
    out = np.empty((2, 1))
    assert table.blockers_batch([[1.0, 2.0], [3.0, 0.5]], out=out) is out
    assert out.tolist() == [[1.0], [3.0]]
    with pytest.raises(InvalidWeightsError):
        table.blockers_batch([1.0, 2.0])
    with pytest.raises(InvalidWeightsError):
        table.blockers_batch([[1.0, 2.0], [1.0]])
    with pytest.raises(InvalidWeightsError, match="row 1"):
        table.blockers_batch([[1.0, 2.0], [1.0, float("nan")]])


def test_identical_hands_on_both_sides():
    """The same range on both sides with integer weights (four-card removal), exactly."""
    rng = np.random.default_rng(7)
    for board in ("As2d3h4c8s", "2c3c4c5c6c", random_board(rng, True)):
        hands = random_range(rng, board, 500)
        for game in ("hilo", "high"):
            check(board, hands, hands, rng.integers(0, 5, len(hands)).astype(float), game)


@pytest.mark.parametrize("board", ["AhKhQhJhTh", "2s2h2d2c3s", "7c7d7h8c8d", "AcKdQhJsTc",
                                   "Ac2d3h4s5c", "Ac2d3hKsKd"])
def test_ties_and_counterfeits(board):
    """Boards that play (everyone ties the high), wheels on board (lows counterfeited), a
    board with exactly three low ranks."""
    rng = np.random.default_rng(11)
    hero = random_range(rng, board, 300)
    villain = random_range(rng, board, 300)
    for game in ("hilo", "high"):
        check(board, hero, villain, rng.random(len(villain)), game)


def test_hand_picked_shares():
    board = "Ac 2d 3h Ks Kd"
    hero = ["4c5c9h9s", "4d5dQhQc", "AhAs9c9d", "QsJsTs9s"]
    villain = ["4h5h7c7d", "AdQdJdTd"]
    w = np.array([1.0, 2.0])
    sv = check(board, hero, villain, w, "hilo").values(w)
    # 4c5c9h9s: a wheel for both halves; it splits both with 4h5h7c7d (1/2) and scoops
    # AdQdJdTd, which has no low (2 x 1)
    assert (sv.value[0], sv.high[0], sv.low[0]) == (2.5, 1.25, 1.25)
    # quartered: high won, low tied
    sv = ShowdownTable("Ac 2d 7h Ks Kd", ["3c4cKh9s"], ["3d4hQcJc"]).values([1.0])
    assert (sv.value[0], sv.high[0], sv.low[0]) == (0.75, 0.5, 0.25)
    # counterfeited: Ah2c pairs the board's A and 2, so no low; it wins the high half
    # (aces up) and the 7-4-3-2-A low takes the other
    sv = ShowdownTable("Ac 2d 7h Ks Kd", ["Ah2cQsQh"], ["3d4hJcTc"]).values([1.0])
    assert (sv.value[0], sv.high[0], sv.low[0]) == (0.5, 0.5, 0.0)


def test_blocked_zero_and_empty():
    board = "Ah Kd 7c 8s 2h"
    # every villain hand holds the Qs the hero holds: nothing left after card removal
    table = ShowdownTable(board, ["QsQh3c4c"], ["QsJcTc9c", "Qs3d4d5d"])
    sv = table.values([1.0, 3.0])
    assert sv.reach.tolist() == [0.0] and sv.value.tolist() == [0.0]
    assert table.blockers([1.0, 3.0]).tolist() == [0.0]
    # zero weights count for nothing
    table = ShowdownTable(board, ["3c4dKsKh"], ["3d4hQsQc", "9c9hTcJc"])
    assert table.values([0.0, 0.0]).reach.tolist() == [0.0]
    assert table.values([0.0, 2.0]).value.tolist() == [2.0]
    # empty ranges on either side
    for hero, villain in (([], ["3d4hQsQc"]), (["3c4dKsKh"], []), ([], [])):
        table = ShowdownTable(board, hero, villain)
        sv = table.values(np.zeros(len(villain)))
        assert sv.value.shape == (len(hero),) and (sv.reach == 0).all()
        assert table.values_batch(np.zeros((3, len(villain)))).value.shape == (3, len(hero))
        assert table.blockers(np.zeros(len(villain))).shape == (len(hero),)


def test_default_weights_and_range_objects():
    from omaha_fast.ranges import Range

    board = "Ah Kd 7c 8s 2h"
    hero, villain = Range("AA:$ds").without(board), Range("15%").without(board)
    table = ShowdownTable(board, hero, villain)
    assert table.default_weights.dtype == np.float64
    assert table.n == len(hero.combos) and table.m == len(villain.combos)
    sv = table.values()
    want = showdown_values(board, hero, villain)
    for a, b in zip(sv, want):
        np.testing.assert_array_equal(a, b)
    assert (ShowdownTable(board, ["3c4dKsKh"], ["3d4hQsQc"]).default_weights == 1).all()


def test_out_arrays_are_reused():
    rng = np.random.default_rng(2)
    board = random_board(rng, True)
    hero, villain = random_range(rng, board, 50), random_range(rng, board, 60)
    table = ShowdownTable(board, hero, villain)
    w = random_weights(rng, len(villain))
    out = table.values(w)
    again = table.values(w * 2, out=out)
    assert again is out
    assert_matches(out, brute_force(board, hero, villain, w * 2, "hilo"))
    arrays = [np.full(len(hero), -1.0) for _ in range(4)]
    got = table.values(w, out=arrays)
    assert got.value is arrays[0] and got.low is arrays[3]
    assert_matches(arrays, brute_force(board, hero, villain, w, "hilo"))
    reach = np.empty(len(hero))
    assert table.blockers(w, out=reach) is reach
    # arrays met before are remembered: alternating sets of arrays stay right
    other = table.values(w * 3)
    for _ in range(3):
        table.values(w, out=out)
        table.values(w * 3, out=other)
        np.testing.assert_allclose(other.value, 3 * out.value, rtol=1e-12)
    with pytest.raises(InvalidValueError, match="rows of"):
        table.values(w, out=ShowdownValues(*(np.empty(len(hero) + 1) for _ in range(4))))
    batch = table.values_batch(np.stack([w, w]))
    assert table.values_batch(np.stack([w, 3 * w]), out=batch) is batch
    np.testing.assert_allclose(batch.reach[1], 3 * batch.reach[0], rtol=1e-12)


def test_threads_share_a_table():
    rng = np.random.default_rng(9)
    board = random_board(rng, True)
    hero, villain = random_range(rng, board, 300), random_range(rng, board, 300)
    table = ShowdownTable(board, hero, villain)
    vectors = [random_weights(rng, len(villain)) for _ in range(8)]
    want = [table.values(w) for w in vectors]
    errors = []

    def work(k):
        try:
            for _ in range(20):
                got = table.values(vectors[k])
                for g, s in zip(got, want[k]):
                    np.testing.assert_array_equal(g, s)
        except BaseException as err:   # reported by the main thread
            errors.append(err)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors


def test_bad_input():
    board = "Ah Kd 7c 8s 2h"
    table = ShowdownTable(board, ["3c4dKsKh", "5c6c9d9h"], ["3d4hQsQc", "9c9hTcJc"])
    with pytest.raises(InvalidWeightsError, match=r"shape \(2,\)"):
        table.values([1.0])
    with pytest.raises(InvalidWeightsError, match=r"shape \(2,\)"):
        table.values(np.ones((2, 2)))
    with pytest.raises(InvalidWeightsError, match="weight 1 is nan"):
        table.values([1.0, float("nan")])
    with pytest.raises(InvalidWeightsError, match="weight 0 is -1.0"):
        table.values(np.array([-1.0, 1.0]))
    with pytest.raises(InvalidWeightsError, match="inf"):
        table.blockers([float("inf"), 1.0])
    with pytest.raises(InvalidWeightsError, match="add up to more than a float"):
        table.values([1.7e308, 1.7e308])
    with pytest.raises(InvalidWeightsError, match=r"weight 1 \(row 1\) is nan"):
        table.values_batch([[1.0, 1.0], [1.0, float("nan")]], threads=1)
    with pytest.raises(InvalidWeightsError, match=r"\(k, 2\)"):
        table.values_batch([1.0, 1.0])
    with pytest.raises(InvalidWeightsError, match=r"\(k, 2\)"):
        table.values_batch([[1.0, 1.0], [1.0]])
    with pytest.raises(InvalidWeightsError, match="real numbers"):
        table.values(["a", "b"])
    with pytest.raises(InvalidValueError, match="shape"):
        table.values([1.0, 1.0], out=[np.empty(3)] * 4)
    with pytest.raises(TypeError, match="four float64 arrays"):
        table.values([1.0, 1.0], out=np.empty(2))
    with pytest.raises(TypeError, match="double"):
        table.values([1.0, 1.0], out=[np.empty(2, dtype=np.float32)] * 4)
    with pytest.raises(InvalidCardError, match="villain hand 1 .*7c is on the board"):
        ShowdownTable(board, ["3c4dKsKh"], ["3d4hQsQc", "7c6c5c4c"])
    with pytest.raises(InvalidCardError, match="hero hand 0 .*2d twice"):
        ShowdownTable(board, np.array([[1, 1, 5, 6]]), ["3d4hQsQc"])
    with pytest.raises(InvalidCardError, match="board"):
        ShowdownTable("Ah Kd 7c 8s", ["3c4dKsKh"], ["3d4hQsQc"])
    with pytest.raises(ValueError, match="game"):
        ShowdownTable(board, ["3c4dKsKh"], ["3d4hQsQc"], game="stud")
    with pytest.raises(ValueError, match="threads"):
        table.values_batch([[1.0, 1.0]], threads=0)
    assert issubclass(InvalidWeightsError, OmahaError)


def test_weight_dtypes_are_converted():
    board = "Ah Kd 7c 8s 2h"
    table = ShowdownTable(board, ["3c4dKsKh", "5c6c9d9h"], ["3d4hQsQc", "9c9hTcJc"])
    want = table.values(np.array([2.0, 1.0]))
    for w in ([2, 1], np.array([2, 1], dtype=np.uint8), np.array([2.0, 1.0], np.float32),
              np.array([[2.0, 1.0]])[0, ::1], np.array([2.0, 9.0, 1.0])[::2]):
        assert table.values(w).value.tolist() == want.value.tolist()


# ---- payoffs ----

def test_payoff_by_pairs():
    rng = np.random.default_rng(4)
    for game in ("hilo", "high"):
        board = random_board(rng, True)
        hero, villain = random_range(rng, board, 40), random_range(rng, board, 50)
        w = random_weights(rng, len(villain))
        share, _, disjoint = shares(board, hero, villain, game)
        sv = ShowdownTable(board, hero, villain, game).values(w)
        for pot, hp, vp, rake in ((10, 5, 5, 0), (3.5, 20, 7.25, 1.5), (0, 0, 0, 0)):
            per_pair = share * (pot + hp + vp - rake) - hp
            want = (per_pair * w[None, :] * disjoint).sum(axis=1)
            got = showdown_payoff(sv, pot, hp, vp, rake=rake)
            np.testing.assert_allclose(got, want, rtol=1e-9, atol=1e-9)


def test_payoff_quartering_and_broadcasting():
    board = "Ac 2d 7h Ks Kd"
    # high won, low tied: quartered, 3/4 of the pot
    sv = showdown_values(board, ["3c4cKh9s"], ["3d4hQcJc"])
    assert sv.value.tolist() == [0.75]
    assert showdown_payoff(sv, 0, 10, 10).tolist() == [5.0]          # 15 back for 10 put in
    assert showdown_payoff(sv, 2, 10, 7).tolist() == [0.75 * 19 - 10]   # uneven, no odd chip
    table = ShowdownTable(board, ["3c4cKh9s"], ["3d4hQcJc"])
    batch = table.values_batch([[1.0], [2.0]])
    got = showdown_payoff(batch, np.array([[0.0], [4.0]]), 10, 10)
    assert got.tolist() == [[5.0], [2 * (0.75 * 24) - 2 * 10]]
    with pytest.raises(ValueError, match="hero_put"):
        showdown_payoff(sv, 0, -1, 0)
    with pytest.raises(ValueError, match="pot"):
        showdown_payoff(sv, float("nan"), 1, 1)
    with pytest.raises(ValueError, match="rake"):
        showdown_payoff(sv, 0, 1, 1, rake=5)
    with pytest.raises(TypeError, match="villain_put"):
        showdown_payoff(sv, 0, 1, "x")
    with pytest.raises(TypeError, match="ShowdownValues"):
        showdown_payoff([0.5], 0, 1, 1)


# ---- the turn ----

def turn_brute_force(turn, hero, villain, weights, game):
    """Every (hero, villain) pair sharing no card, every river neither holds: 40 of them."""
    n = len(hero)
    value, reach, high, low = (np.zeros(n) for _ in range(4))
    board_cards = parse_cards(turn)
    hm, vm = masks(hero), masks(villain)
    disjoint = (hm[:, None] & vm[None, :]) == 0
    reach = (weights[None, :] * disjoint).sum(axis=1)
    rivers = [c for c in range(52) if c not in {int(b) for b in board_cards}]
    for river in rivers:
        bit = np.uint64(1) << np.uint64(river)
        river_board = format_cards([*map(int, board_cards), river])
        hi, vi = np.flatnonzero((hm & bit) == 0), np.flatnonzero((vm & bit) == 0)
        if not len(hi) or not len(vi):
            continue
        share, low_share, open_pairs = shares(river_board, hero[hi], villain[vi], game)
        w = weights[None, vi] * open_pairs / 40.0
        value[hi] += (share * w).sum(axis=1)
        low[hi] += (low_share * w).sum(axis=1)
    return value, reach, value - low, low


@pytest.mark.parametrize("game", ["hilo", "high"])
def test_turn_against_brute_force(game):
    rng = np.random.default_rng(hash(("turn", game)) % 2**32)
    for low_possible in (True, False, None):
        turn = random_board(rng, low_possible, cards=4)
        hero = random_range(rng, turn, int(rng.integers(1, 25)))
        villain = random_range(rng, turn, int(rng.integers(1, 30)))
        w = random_weights(rng, len(villain))
        got = turn_showdown_values(turn, hero, villain, w, game=game, threads=2)
        assert_matches(got, turn_brute_force(turn, hero, villain, w, game))
        one = turn_showdown_values(turn, hero, villain, w, game=game, threads=1)
        assert_matches(one, got)


@pytest.mark.parametrize("game", ["hilo", "high"])
def test_turn_table_against_brute_force(game):
    rng = np.random.default_rng(hash(("turn table", game)) % 2**32)
    for low_possible in (True, False):
        turn = random_board(rng, low_possible, cards=4)
        hero = random_range(rng, turn, int(rng.integers(1, 20)))
        villain = random_range(rng, turn, int(rng.integers(1, 25)))
        table = TurnShowdownTable(turn, hero, villain, game)
        assert (table.n, table.m) == (len(hero), len(villain))
        rows = np.stack([random_weights(rng, len(villain)) for _ in range(3)])
        batch = table.values_batch(rows, threads=2)
        for r in range(3):
            want = turn_brute_force(turn, hero, villain, rows[r], game)
            assert_matches(table.values(rows[r], threads=1), want)
            assert_matches([b[r] for b in batch], want)
            assert_matches(turn_showdown_values(turn, hero, villain, rows[r], game), want)


def test_turn_table_edges_and_errors():
    turn = "Ah Kd 7c 8s"
    table = TurnShowdownTable(turn, ["3c4dKsKh", "QsQh2c2d"], ["2c3hQsQc"])
    tv = table.values([2.0])
    assert tv.reach.tolist() == [2.0, 0.0] and tv.value[1] == 0.0
    out = table.values([1.0], out=tv)
    assert out is tv and tv.reach.tolist() == [1.0, 0.0]
    assert TurnShowdownTable(turn, [], ["2c3hQsQc"]).values().value.shape == (0,)
    assert TurnShowdownTable(turn, ["2c3hQsQc"], []).values().reach.tolist() == [0.0]
    with pytest.raises(InvalidWeightsError, match="weight 0 is nan"):
        table.values([float("nan")])
    with pytest.raises(InvalidWeightsError, match=r"row 1"):
        table.values_batch([[1.0], [-2.0]])
    with pytest.raises(InvalidWeightsError, match="shape"):
        table.values([1.0, 2.0])
    with pytest.raises(InvalidCardError, match="hero hand 0 .*8s is on the board"):
        TurnShowdownTable(turn, ["3c4d8sKh"], ["2c3hQsQc"])
    with pytest.raises(InvalidCardError, match="turn_board"):
        TurnShowdownTable("Ah Kd 7c 8s 2h", ["3c4dKsKh"], ["2c3hQsQc"])
    with pytest.raises(ValueError, match="game"):
        TurnShowdownTable(turn, ["3c4dKsKh"], ["2c3hQsQc"], game="razz")


def test_turn_hand_picked():
    # one hand pair: the mean pot share over the 40 rivers neither holds, as equity() gives
    from omaha_fast import equity

    tv = turn_showdown_values("Ah Kd 7c 8s", ["3c4dKsKh"], ["2c3hQsQc"])
    eq = equity(["3c4dKsKh", "2c3hQsQc"], "Ah Kd 7c 8s")
    assert tv.reach.tolist() == [1.0]
    assert tv.value[0] == pytest.approx(eq.players[0].equity, abs=1e-12)
    # blocked pairs and empty ranges
    tv = turn_showdown_values("Ah Kd 7c 8s", ["3c4dKsKh", "QsQh2c2d"], ["2c3hQsQc"], [2.0])
    assert tv.reach.tolist() == [2.0, 0.0] and tv.value[1] == 0.0
    assert turn_showdown_values("Ah Kd 7c 8s", [], ["2c3hQsQc"]).value.shape == (0,)
    assert turn_showdown_values("Ah Kd 7c 8s", ["2c3hQsQc"], []).reach.tolist() == [0.0]


def test_turn_bad_input():
    turn = "Ah Kd 7c 8s"
    with pytest.raises(InvalidCardError, match="hero hand 0 .*8s is on the board"):
        turn_showdown_values(turn, ["3c4d8sKh"], ["2c3hQsQc"])
    with pytest.raises(InvalidCardError, match="villain hand 0 .*2c twice"):
        turn_showdown_values(turn, ["3c4dKsKh"], np.array([[0, 0, 5, 6]], dtype=np.uint8))
    with pytest.raises(InvalidCardError, match="turn_board"):
        turn_showdown_values("Ah Kd 7c 8s 2h", ["3c4dKsKh"], ["2c3hQsQc"])
    with pytest.raises(InvalidWeightsError, match="weight 0 is nan"):
        turn_showdown_values(turn, ["3c4dKsKh"], ["2c3hQsQc"], [float("nan")])
    with pytest.raises(InvalidWeightsError, match="shape"):
        turn_showdown_values(turn, ["3c4dKsKh"], ["2c3hQsQc"], [1.0, 2.0])
    with pytest.raises(ValueError, match="game"):
        turn_showdown_values(turn, ["3c4dKsKh"], ["2c3hQsQc"], game="razz")


def test_result_type():
    sv = ShowdownTable("Ah Kd 7c 8s 2h", ["3c4dKsKh"], ["3d4hQsQc"]).values([1.0])
    assert isinstance(sv, ShowdownValues) and sv.value.dtype == np.float64


@pytest.mark.slow
def test_full_ranges_turn_and_river():
    """Full ranges: the table equals the unprepared kernel, and the turn's reach is the
    card-removed villain weight with the values averaging out to half the matchups."""
    board = "Ac 5d 8h Ts Kc"
    hands = all_hands(board)
    w = np.random.default_rng(1).random(len(hands))
    table = ShowdownTable(board, hands, hands)
    for a, b in zip(table.values(w), showdown_values(board, hands, hands, w)):
        np.testing.assert_array_equal(a, b)
    turn = "Ac 5d 8h Ts"
    sub = all_hands(turn)[::40]
    tv = turn_showdown_values(turn, sub, sub)
    disjoint = (masks(sub)[:, None] & masks(sub)[None, :]) == 0
    np.testing.assert_allclose(tv.reach, disjoint.sum(axis=1))
    assert tv.value.sum() == pytest.approx(disjoint.sum() / 2, rel=1e-12)
