"""The jam/fold game: CFR+ against a linear program and against best responses written
out here by brute force, on small class subsets; payoffs and errors."""

from __future__ import annotations

import itertools
import os

import numpy as np
import pytest

from omaha_fast.preflop import (
    JamFold,
    JamFoldGame,
    PreflopValueError,
    build,
    class_table,
    evaluate,
    group_game,
    solve,
)

T = class_table()


@pytest.fixture(scope="module")
def small_game() -> JamFoldGame:
    """Nine classes from every part of the ranking, each its own group."""
    ids = [int(c) for c in T.order[::1826]][:9]
    data = build(ids, [[c] for c in ids], samples=300, workers=1)
    game, _ = group_game(data)
    return game


def sb_value(game: JamFoldGame, jam: np.ndarray, call: np.ndarray, stack: float,
             ante: float = 0.0) -> float:
    """The SB's chip EV written out deal by deal."""
    total = game.weights.sum()
    v = 0.0
    m = game.size
    for x in range(m):
        for y in range(m):
            p = game.weights[x, y] / total
            called = 2 * stack * game.share[x, y] - stack
            v += p * ((1 - jam[x]) * -(0.5 + ante)
                      + jam[x] * ((1 - call[y]) * (1 + ante) + call[y] * called))
    return v


def lp_value(game: JamFoldGame, stack: float, ante: float = 0.0) -> float:
    """The game value by linear programming: the SB picks jam frequencies s, the BB then
    folds or calls with each group (v_y = min(0, its call's effect on the SB))."""
    from scipy.optimize import linprog
    m = game.size
    p = game.weights / game.weights.sum()
    px = p.sum(axis=1)
    fold, steal = -(0.5 + ante), 1 + ante
    a = p * (2 * stack * game.share - stack - steal)
    # variables: s (m), v (m); maximise sum px*(fold + s*(steal - fold)) + sum v
    c = np.concatenate([-(px * (steal - fold)), -np.ones(m)])
    a_ub = np.block([[-a.T, np.eye(m)], [np.zeros((m, m)), np.eye(m)]])
    b_ub = np.zeros(2 * m)
    res = linprog(c, A_ub=a_ub, b_ub=b_ub, bounds=[(0, 1)] * m + [(None, None)] * m,
                  method="highs")
    assert res.status == 0
    return float(-res.fun + (px * fold).sum())


@pytest.mark.parametrize("stack,ante", [(1, 0), (3, 0), (8, 0.125), (20, 0)])
def test_cfr_matches_the_linear_program(small_game: JamFoldGame, stack: float,
                                        ante: float) -> None:
    eq = solve(small_game, stack, ante=ante, iterations=3000)
    assert eq.value == pytest.approx(lp_value(small_game, stack, ante), abs=2e-4)
    assert eq.exploitability < 0.5                      # mbb/hand
    assert eq.value == pytest.approx(sb_value(small_game, eq.jam, eq.call, stack, ante),
                                     abs=1e-12)


def test_best_responses_by_brute_force(small_game: JamFoldGame) -> None:
    """The gains evaluate() reports are the best over every pure strategy of the other
    seat (2^9 each), for a strategy pair far from equilibrium."""
    stack = 6.0
    rng = np.random.default_rng(2)
    jam, call = rng.random(small_game.size), rng.random(small_game.size)
    value, sb_gain, bb_gain = evaluate(small_game, jam, call, stack)
    assert value == pytest.approx(sb_value(small_game, jam, call, stack), abs=1e-12)
    pure = [np.array(bits, float) for bits in itertools.product((0, 1), repeat=small_game.size)]
    best_sb = max(sb_value(small_game, s, call, stack) for s in pure)
    worst_for_sb = min(sb_value(small_game, jam, b, stack) for b in pure)
    assert sb_gain == pytest.approx(best_sb - value, abs=1e-12)
    assert bb_gain == pytest.approx(value - worst_for_sb, abs=1e-12)
    assert sb_gain > 0.01 and bb_gain > 0.01


def test_exploitability_falls(small_game: JamFoldGame) -> None:
    few = solve(small_game, 10, iterations=20)
    many = solve(small_game, 10, iterations=2000)
    assert many.exploitability < few.exploitability
    early = solve(small_game, 10, iterations=5000, target=1.0, check_every=10)
    assert early.iterations < 5000 and early.exploitability <= 1.0


def test_one_big_blind_the_big_blind_always_calls(small_game: JamFoldGame) -> None:
    eq = solve(small_game, 1, iterations=500)
    assert np.all(eq.call > 0.99)


def test_classes_are_measured_in_the_game_of_classes() -> None:
    """With buckets of classes, the exploitability in the game of classes is at least that
    of the bucket game (a class can do whatever its bucket does), and every class plays its
    bucket's strategy."""
    ids = [int(c) for c in T.order[:1200:100]]
    groups = [ids[k:k + 4] for k in range(0, 12, 4)]
    data = build(ids, groups, samples=300, workers=1)
    s = JamFold(data).solve(5, iterations=2000)
    assert s.class_exploitability >= s.exploitability - 1e-6
    assert len(s.jam) == 12 and len(set(np.round(s.jam[:4], 12))) == 1
    sb = s.marginal("sb", 2)
    assert len(sb) == 2 and abs(sb[0][1]) <= abs(sb[1][1])
    with pytest.raises(PreflopValueError, match="seat"):
        s.marginal("btn")


def test_a_class_matrix_has_no_abstraction_loss() -> None:
    """When every group is one class, the game of classes is the game solved: the two
    exploitabilities agree (the class rows are moved by the same averaging of the two
    seats' Monte Carlo estimates as the game's cells; without it, noise alone showed as
    tens of mbb/hand)."""
    ids = [int(c) for c in T.order[:2000:200]]
    data = build(ids, [[c] for c in ids], samples=200, workers=1)
    for stack in (4, 20):
        s = JamFold(data).solve(stack, iterations=1000)
        assert s.class_exploitability == pytest.approx(s.exploitability, abs=1e-6)


def test_rows_must_match_the_groups() -> None:
    data = build([0, 1], [[0], [2]], samples=10, workers=1)
    with pytest.raises(PreflopValueError, match="exactly the classes"):
        group_game(data)


@pytest.mark.parametrize("kw,match", [
    ({"stack": 0.5}, "below the big blind"), ({"stack": 2, "ante": 1.5}, "below"),
    ({"stack": float("nan")}, "finite"), ({"stack": "10"}, "finite"),
    ({"stack": 5, "ante": -1}, "ante"), ({"stack": 5, "iterations": 0}, "iterations"),
    ({"stack": 5, "target": -1}, "target")])
def test_bad_stacks(small_game: JamFoldGame, kw: dict, match: str) -> None:
    with pytest.raises(PreflopValueError, match=match) as info:
        solve(small_game, **kw)
    assert isinstance(info.value, ValueError)


def test_bad_games() -> None:
    with pytest.raises(PreflopValueError, match="square"):
        JamFoldGame(np.ones((2, 3)), np.ones((2, 3)))
    with pytest.raises(PreflopValueError, match="0..1"):
        JamFoldGame(np.ones((2, 2)), np.full((2, 2), 1.5))
    with pytest.raises(PreflopValueError, match="not all 0"):
        JamFoldGame(np.zeros((2, 2)), np.full((2, 2), 0.5))


def test_game_weights_count_compatible_hand_pairs() -> None:
    """weights[x, y] is the number of (SB hand in x, BB hand in y) pairs sharing no card,
    counted here hand by hand; so it is symmetric."""
    rng = np.random.default_rng(4)
    ids = rng.choice(np.flatnonzero(T.combos <= 12), 6, replace=False).tolist()
    groups = [ids[:2], ids[2:3], ids[3:]]
    game, _ = group_game(build(ids, groups, samples=1, workers=1))
    hands = [[set(h) for h in T.member_rows(g)[0].tolist()] for g in groups]
    for x in range(3):
        for y in range(3):
            assert game.weights[x, y] == sum(not (a & b) for a in hands[x] for b in hands[y])
    assert np.array_equal(game.weights, game.weights.T)


def test_two_pass_buckets_follow_the_margins(tmp_path) -> None:
    """The default recipe on a subset: the second pass's buckets are runs of the classes in
    margin order, every class in one bucket, each pass's blocks in its own directory."""
    from omaha_fast.preflop.store import build_two_pass, margin_order
    ids = [int(c) for c in T.order[:3000:150]]
    d = str(tmp_path / "b")
    data = build_two_pass(ids, k=4, samples=150, workers=1, blocks=d)
    assert sorted(os.listdir(d)) == ["pass1", "pass2"]
    assert sorted(data.rows.tolist()) == sorted(ids) and data.n_groups == 4
    order = data.rows.tolist()                  # the rows come in margin order
    assert sorted(data.col_classes.tolist()) == sorted(ids)
    at = 0
    for g in range(4):                          # the buckets are consecutive runs of it
        group = data.col_classes[data.col_start[g]:data.col_start[g + 1]].tolist()
        assert sorted(group) == sorted(order[at:at + len(group)])
        at += len(group)
    again = margin_order(data)
    assert sorted(again.tolist()) == sorted(ids)
    assert again[0] == T.index("AsAh2s3h")      # the best hand at every stack comes first
    s = JamFold(data).solve(10, iterations=500)
    assert s.class_exploitability >= s.exploitability - 1e-6
