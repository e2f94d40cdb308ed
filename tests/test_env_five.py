"""Five-card games in the RL env and the solver's tools: the env deals Big O and
five-card Omaha (the observation is the same size: hole cards are a 52-card mask), the
hand features estimate five-card equity, the hand indexer takes a five-card first round;
the showdown and strength kernels refuse five-card hands by name."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from omaha_fast import InvalidCardError, evaluate_batch, parse_cards  # noqa: E402
from omaha_fast.env.features import equity_estimate  # noqa: E402
from omaha_fast.env.omaha_hilo_v0 import env  # noqa: E402
from omaha_fast.errors import InvalidValueError  # noqa: E402
from omaha_fast.kernels import HandIndexer, hand_strength, showdown_values  # noqa: E402
from omaha_fast.ranges import _card_masks, universe  # noqa: E402


@pytest.mark.parametrize("game", ["bigo", "omaha5"])
def test_the_env_plays_five_card_hands(game):
    e = env(seats=6, game=game, hand_features=True, hands=3)
    e.reset(seed=4)
    rng = np.random.default_rng(0)
    seen = 0
    for _ in e.agent_iter(max_iter=2_000):
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        assert obs["observation"][:52].sum() == 5       # the acting seat's five cards
        seen += 1
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert seen > 5


def test_the_env_refuses_more_players_than_a_deck_deals():
    with pytest.raises(InvalidValueError, match="at most 8"):
        env(seats=9, game="bigo")


def test_five_card_equity_estimate_against_every_opponent_on_the_river():
    hole = [int(c) for c in parse_cards("As2d3h7c7d")]
    board = [int(c) for c in parse_cards("4s5c9hKd7s")]
    dead = 0
    for c in hole + board:
        dead |= 1 << c
    opponents = universe(5)[(_card_masks(5) & np.uint64(dead)) == 0]
    assert len(opponents) == 850_668                    # C(42, 5)
    boards = np.tile(np.array(board, np.uint8), (len(opponents), 1))
    their_high, their_low = evaluate_batch(np.ascontiguousarray(opponents), boards)
    my_high, my_low = evaluate_batch(np.array([hole], np.uint8), np.array([board], np.uint8))
    h = np.where(my_high[0] > their_high, 1.0, np.where(my_high[0] == their_high, 0.5, 0.0))
    low = np.where(my_low[0] > their_low, 1.0, np.where(my_low[0] == their_low, 0.5, 0.0))
    exact = float(np.where(their_low | my_low[0], (h + low) / 2, h).mean())
    estimate = equity_estimate(np.array(hole, np.uint8), board, "bigo", 1,
                               np.random.default_rng(1), 40_000)
    assert abs(estimate - exact) < 0.01


def test_the_indexer_takes_a_five_card_first_round():
    ix = HandIndexer((5, 3, 1, 1))
    assert ix.size(0) == 134_459          # the five-card suit classes, as the ranges count
    deal = [int(c) for c in parse_cards("As Ks 2d 3h 9c Qs Jd 4c 8h 8s")]
    i = ix.index(deal)
    assert ix.index(ix.unindex(3, i)) == i


def test_the_showdown_and_strength_kernels_take_four_cards_only():
    with pytest.raises(InvalidCardError, match="needs 4 cards, got 5"):
        showdown_values("2c7d9hJsKs", ["AsAhQdTd5c"], ["3c4c5h6h8d"])
    with pytest.raises(InvalidCardError, match="needs 4 cards, got 5"):
        hand_strength(["AsAhQdTd5c"], "2c7d9hJsKs")
    from omaha_fast.kernels import ShowdownTable, turn_showdown_values
    with pytest.raises(InvalidCardError, match="needs 4 cards, got 5"):
        ShowdownTable("2c7d9hJsKs", ["AsAhQdTd5c"], ["3c4c5h6h8d"])
    with pytest.raises(InvalidCardError, match="needs 4 cards, got 5"):
        turn_showdown_values("2c7d9hJs", ["AsAhQdTd5c"], ["3c4c5h6h8d"])


@pytest.mark.parametrize("game", ["bigo", "omaha6"])
def test_simulate_plays_the_larger_games_with_the_smart_agent(game):
    from omaha_fast.sim import simulate
    r = simulate(["smart", "random", "smart"], "pl:1/2", game=game, hands=150, seed=2)
    assert r.game == game and r.hands == 150
    assert sum(a.net for a in r.agents) + r.rake == 0
    assert sum(a.showdowns for a in r.agents) > 0
