"""The smart agent: legal, reproducible, and clearly better than the simple agents."""

from __future__ import annotations

import pytest

from omaha_fast import FixedLimit, NoLimit, Table, parse_cards
from omaha_fast.agents.smart import SmartAgent
from omaha_fast.sim import simulate


@pytest.mark.parametrize("opponent", ["random", "station"])
def test_smart_beats_the_simple_agents_with_an_interval_above_zero(opponent):
    r = simulate(["smart", opponent], FixedLimit(10, 20), hands=800, seed=1, workers=1)
    low, high = r.agents[0].bb_ci(r.big_blind)
    assert low > 0, (low, high)


@pytest.mark.parametrize("hole, board", [("As2sKd3d", "Ah3c5d8sKs"),
                                         ("QhJh9c8c", "Th7d2s4c"),
                                         ("AsKs2d3d", "")])
def test_strength_against_one_hand_agrees_with_the_solver(hole, board):
    from omaha_fast.kernels import hand_strength
    want = float(hand_strength([hole], board, samples=20_000, seed=2).equity[0])
    got = SmartAgent(samples=6000, seed=3).strength(parse_cards(hole), parse_cards(board), 1)
    assert abs(got - want) < 0.025, (got, want)


def test_strength_of_the_nuts_is_one_and_multiway_shares_shrink():
    agent = SmartAgent(samples=500, seed=1)
    assert agent.strength(parse_cards("AhKh2h3h"), parse_cards("QhJhTh4c5d"), 3) == 1.0
    hole = parse_cards("9c8d3s2h")
    assert agent.strength(hole, (), 5) < agent.strength(hole, (), 1)


def test_smart_plays_no_limit_legally_and_reproducibly():
    a = simulate(["smart", "random", "station"], NoLimit(), blinds=(1, 2), hands=150,
                 seed=4, workers=1)
    b = simulate(["smart", "random", "station"], NoLimit(), blinds=(1, 2), hands=150,
                 seed=4, workers=1)
    assert a == b and sum(x.net for x in a.agents) == 0


def test_smart_folds_junk_to_a_raise_and_raises_the_nuts():
    t = Table(structure=FixedLimit(10, 20), seats=2, stacks=[200, 200])
    h = t.start_hand(holes={0: "9c8d3s2h", 1: "AsAh2s3h"}, board="KdKcQh7s6d")
    agent = SmartAgent(seed=1)
    agent.setup(t.rules)
    h.raise_to(20)                                   # the button raises
    assert agent.act(h.view(1), h.legal_actions()).kind == "raise_to"
