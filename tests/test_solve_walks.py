"""The engine's CFR passes sum the river showdowns in single precision (16 float lanes a
walk, csrc/prepared_single.c) and everything it reports in double. Here: the single walks
against the double ones on the same spots (one pass to float rounding, a solve to the
same exploitability), and weights far from 1, where a float sum could overflow, solve as
weights of 1 do."""

from __future__ import annotations

import numpy as np
import pytest

from omaha_fast import parse_cards
from omaha_fast.kernels import all_hands
from omaha_fast.solve import BetTree
from omaha_fast.solve.engine import ArenaEngine
from omaha_fast.solve.tree import ACTION, build


def random_spot(board, size, game, seed, tree):
    """Two random ranges of `size` hands with random weights, and the template tree."""
    cards = [int(c) for c in parse_cards(board)]
    hands = all_hands(board)
    rng = np.random.default_rng(seed)
    h = tuple(hands[rng.choice(len(hands), size, replace=False)] for _ in range(2))
    w = tuple(rng.uniform(0.1, 1.0, size) for _ in range(2))
    street = {4: "turn", 5: "river"}[len(cards)]
    return build(tree, 10.0, 40.0, street), cards, h, w, 10.0, game


SPOTS = [   # a board with lows and one without, both games, a turn (rivers block hands)
    ("Ac 5d 8h Ts Kc", 300, "hilo", BetTree(bets=(0.5, 1.0), raises=(1.0,), raise_cap=2)),
    ("Kc Qd 9h 9s 2c", 300, "hilo", BetTree(bets=(0.75,), raise_cap=1)),
    ("Ac 5d 8h Ts Kc", 300, "high", BetTree(bets=(0.75,), limit="no", raise_cap=1)),
    ("Ac 5d 8h Ts", 120, "hilo", BetTree(bets=(0.75,), raise_cap=1)),
]


def pair(nodes, cards, hands, weights, pot, game, scale=(1.0, 1.0)):
    w = (weights[0] * scale[0], weights[1] * scale[1])
    return [ArenaEngine(nodes, cards, hands, w, pot, game, threads=1, double_walks=d)
            for d in (False, True)]


@pytest.mark.parametrize("board,size,game,tree", SPOTS)
def test_single_walks_are_the_double_walks_rounded(board, size, game, tree):
    """One iteration from the same (uniform) start: every regret the same to float
    rounding, but not to the bit (the single walks really ran); then 30 more, and both
    solves reach the same exploitability."""
    s = random_spot(board, size, game, 3, tree)
    single, double = pair(*s)
    single.iterate()
    double.iterate()
    r_single, r_double = single.storage()[0], double.storage()[0]
    scale = float(np.abs(r_double).max())
    assert scale > 0
    assert r_single.tobytes() != r_double.tobytes()
    np.testing.assert_allclose(r_single, r_double, rtol=0, atol=2e-6 * scale)
    single.iterate(30)
    double.iterate(30)
    e_single, e_double = single.exploitability()[2], double.exploitability()[2]
    assert e_double < 0.05 * s[4]
    # measured: within 5e-4 of each other on these spots
    assert e_single == pytest.approx(e_double, rel=5e-3)


@pytest.mark.parametrize("factor", [1e28, 1e-20])
def test_weights_far_from_one_solve_as_weights_of_one(factor):
    """CFR does not see the scale of the weights. At 1e28 a row of 300 sums past what a
    float walk takes (1e30): those walks fall back to double, the rest stay in float;
    at 1e-20 every walk is in float. Either way no sum overflows or vanishes, and the
    strategies are those of weights of 1."""
    board, size, game, tree = SPOTS[0]
    nodes, cards, hands, weights, pot, game = random_spot(board, size, game, 5, tree)
    base = ArenaEngine(nodes, cards, hands, weights, pot, game, threads=1)
    scaled = ArenaEngine(nodes, cards, hands, (weights[0] * factor, weights[1] * factor),
                         pot, game, threads=1)
    base.iterate(12)
    scaled.iterate(12)
    ratio = base.exploitability()[2] / scaled.exploitability()[2]
    assert np.isfinite(ratio) and ratio == pytest.approx(1.0, rel=0.02)
    acting = [k for k, node in enumerate(nodes) if node.kind == ACTION][:4]
    assert len(acting) == 4     # the root and the first nodes below it
    for k in acting:            # measured: within 1e-5
        np.testing.assert_allclose(scaled.strategy(k, ()), base.strategy(k, ()), atol=2e-4)


def test_weights_too_large_for_float_sums_walk_in_double():
    """At 1e32 every row of 300 weights sums past 1e30, so every walk declines the float
    sums and the solve is the double walks' to the bit; at 1 it is not."""
    board, size, game, tree = SPOTS[0]
    nodes, cards, hands, weights, pot, game = random_spot(board, size, game, 5, tree)
    for factor, same in ((1e32, True), (1.0, False)):
        single, double = pair(nodes, cards, hands, weights, pot, game, (factor, factor))
        single.iterate(3)
        double.iterate(3)
        assert (single.storage()[0].tobytes() == double.storage()[0].tobytes()) is same
