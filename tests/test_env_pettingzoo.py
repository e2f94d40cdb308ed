"""The PettingZoo environment: PettingZoo's own API and seed tests, truncation, and random
rollouts with invariants (masks equal the engine's legal actions, rewards add up to minus
the rake, no observation holds another player's hidden cards)."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

from omaha_fast import IllegalActionError  # noqa: E402
from omaha_fast.env import omaha_hilo_v0  # noqa: E402
from omaha_fast.env.actions import (  # noqa: E402
    ALL_IN,
    CHECK_CALL,
    FOLD,
    RAISE_HALF_POT,
    RAISE_MIN,
    RAISE_POT,
    action_mask,
    engine_action,
)
from omaha_fast.env.encoding import BOARD_AT  # noqa: E402
from omaha_fast.errors import ActionTypeError, InvalidTypeError, InvalidValueError  # noqa: E402
from omaha_fast.game import FixedLimit, NoLimit, Rake  # noqa: E402

CONFIGS = [
    dict(seats=2, structure="pot-limit"),
    dict(seats=6, structure="fixed-limit", game="high", hand_features=True, equity_samples=16),
    dict(seats=10, structure="no-limit", stacks=list(range(40, 240, 20)), hands=None),
    dict(seats=3, structure=FixedLimit(2, 4, uncap_heads_up=True), hands=5,
         rake=Rake(percent=5, cap=3)),
]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c['seats']}-{c['structure']}")
def test_api(config):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")     # api_test's advice on observation shapes
        api_test(omaha_hilo_v0.env(**config), num_cycles=1000)


@pytest.mark.parametrize("config", CONFIGS[:3], ids=lambda c: f"{c['seats']}-{c['structure']}")
def test_seed(config):
    seed_test(lambda: omaha_hilo_v0.env(**config), num_cycles=300)


def test_same_seed_same_episode_and_unseeded_resets_follow_the_seed():
    def episode(env, seed):
        env.reset(seed=seed)
        out = []
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            out.append((agent, obs["observation"].tobytes(), reward))
            env.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[-1]))
        return out

    a, b = omaha_hilo_v0.env(seats=4), omaha_hilo_v0.env(seats=4)
    assert episode(a, 5) == episode(b, 5)
    assert episode(a, None) == episode(b, None)       # both continue from seed 5
    assert episode(a, 5) != episode(a, 6)


def test_max_cycles_truncates_every_agent():
    max_cycles = 7
    env = omaha_hilo_v0.env(seats=3, structure="fixed-limit", hands=None,
                            max_cycles=max_cycles)
    env.reset(seed=1)
    steps = 0
    finished = set()
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        if term or trunc:
            assert trunc and not term
            finished.add(agent)
            env.step(None)
            continue
        steps += 1
        env.step(CHECK_CALL)
    assert steps == max_cycles
    assert finished == set(env.possible_agents) and env.agents == []


def test_illegal_action_raw_raises_and_changes_nothing_wrapped_ends_with_penalty():
    raw = omaha_hilo_v0.raw_env(seats=2, stacks=100)
    raw.reset(seed=3)
    agent = raw.agent_selection
    mask = raw.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = raw.observe(agent)["observation"].copy()
    with pytest.raises(IllegalActionError, match="not allowed now"):
        raw.step(illegal)
    with pytest.raises(IllegalActionError, match="from 0 to 5"):
        raw.step(9)
    assert raw.agent_selection == agent
    assert np.array_equal(raw.observe(agent)["observation"], before)

    env = omaha_hilo_v0.env(seats=2, stacks=100)
    env.reset(seed=3)
    agent = env.agent_selection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env.step(illegal)
    assert env.terminations[agent] and env.rewards[agent] == -50.0


def test_bad_settings_are_refused():
    with pytest.raises(InvalidValueError, match="seats must be an int from 2 to 10"):
        omaha_hilo_v0.raw_env(seats=11)
    with pytest.raises(InvalidValueError, match="stacks must be one int or one per seat"):
        omaha_hilo_v0.raw_env(seats=3, stacks=[100, 100])
    with pytest.raises(InvalidTypeError, match="stacks must be an int or a list"):
        omaha_hilo_v0.raw_env(stacks="100")
    with pytest.raises(InvalidValueError, match="structure must be"):
        omaha_hilo_v0.raw_env(structure="spread-limit")
    with pytest.raises(InvalidTypeError, match="structure must be"):
        omaha_hilo_v0.raw_env(structure=3)
    with pytest.raises(InvalidValueError, match="max_cycles must be an int >= 1"):
        omaha_hilo_v0.raw_env(max_cycles=0)
    with pytest.raises(InvalidTypeError, match="hand_features must be True or False"):
        omaha_hilo_v0.raw_env(hand_features="yes")
    with pytest.raises(InvalidValueError, match="render_mode"):
        omaha_hilo_v0.raw_env(render_mode="rgb_array")
    with pytest.raises(InvalidValueError, match="game must be one of"):
        omaha_hilo_v0.raw_env(game="stud")


def test_action_of_a_wrong_type_is_refused():
    raw = omaha_hilo_v0.raw_env(seats=2)
    raw.reset(seed=0)
    with pytest.raises(ActionTypeError, match="action must be an int"):
        raw.step("call")
    with pytest.raises(ActionTypeError):
        raw.step(1.0)
    raw.step(np.int64(1))                       # numpy integers are ints
    assert raw.hand.actions


def test_render_ansi_and_human(capsys):
    render_test(lambda render_mode: omaha_hilo_v0.env(seats=3, render_mode=render_mode))
    capsys.readouterr()                         # what render_test printed
    env = omaha_hilo_v0.env(seats=2, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert text.startswith("preflop") and "<- to act" in text
    human = omaha_hilo_v0.env(seats=2, render_mode="human")
    human.reset(seed=2)
    human.render()
    assert capsys.readouterr().out.strip() == text


def _expected_mask(hand):
    """The mask worked out from the engine's own verdicts, action by action."""
    legal = hand.legal_actions()
    fixed = isinstance(hand.rules.structure, FixedLimit)
    kind = "raise_to" if hand.current_bet else "bet"
    pot_after_call = hand.pot + legal.to_call
    chip = hand.rules.chip
    expected = [int(hand.can("fold")), int(hand.can("check") or hand.can("call")),
                int(bool(legal.min_to) and hand.can(kind, legal.min_to)), 0, 0,
                int(hand.can("all_in"))]
    if not fixed:
        for action, size in ((RAISE_HALF_POT, pot_after_call // 2),
                             (RAISE_POT, pot_after_call)):
            expected[action] = int(hand.can(kind, hand.current_bet + size // chip * chip))
    return expected


def _covers_every_legal_kind(hand, mask):
    """Each kind the engine allows is reachable through some allowed action."""
    kinds = set(hand.legal_actions().kinds)
    reached = {engine_action(hand, a)[0] for a in range(6) if mask[a]}
    return kinds <= reached


RANDOM_CONFIGS = [
    dict(seats=2, structure="pot-limit"),
    dict(seats=6, structure="no-limit", stacks=[30, 200, 75, 400, 12, 200]),
    dict(seats=4, structure="fixed-limit", stacks=[9, 40, 100, 7]),
    dict(seats=9, structure=NoLimit(), blinds=(5, 10), stacks=500,
         rake=Rake(percent=5, cap=15)),
    dict(seats=3, structure="pot-limit", game="high", stacks=[50, 120, 80], hands=None,
         rake=Rake(percent=10)),
]


@pytest.mark.parametrize("config", RANDOM_CONFIGS, ids=lambda c: f"{c['seats']}-{c['structure']}")
def test_random_rollouts_keep_the_invariants(config):
    raw = omaha_hilo_v0.raw_env(**config)
    rng = random.Random(11)
    states = 0
    hands = 0
    bb = raw.big_blind
    for episode in range(300 if raw.hands == 1 else 40):
        raw.reset(seed=episode)
        rewards = dict.fromkeys(raw.possible_agents, 0.0)
        rake = 0
        hand = None
        for agent in raw.agent_iter(100_000):
            obs, reward, term, trunc, _ = raw.last()
            rewards[agent] += reward
            if raw._hand is not hand:           # a new hand: account for the last one
                if hand is not None:
                    rake += hand.rake
                hand = raw._hand
                hands += 1
            seat = raw.possible_agents.index(agent)
            _check_cards_are_own(raw, agent, seat, obs["observation"])
            if term or trunc:
                raw.step(None)
                continue
            mask = obs["action_mask"].tolist()
            assert mask == _expected_mask(hand) == action_mask(hand)
            assert _covers_every_legal_kind(hand, mask)
            for other in raw.agents:
                if other != agent:
                    assert not raw.observe(other)["action_mask"].any()
            states += 1
            allowed = [a for a in range(6) if mask[a]]
            raw.step(rng.choice(allowed))
        rake += hand.rake
        assert abs(sum(rewards.values()) + rake / bb) < 1e-9, (config, episode)
        final = raw._table.stacks
        for agent, total in rewards.items():
            seat = raw.possible_agents.index(agent)
            assert abs(total - (final[seat] - raw._start_stacks[seat]) / bb) < 1e-9
    assert states > 1000 and hands >= 300


def test_masks_match_the_engine_after_any_sizes():
    """Seats played by the simulator's random agent bet and raise to any legal size (odd
    amounts the six actions never choose); the masks still equal the engine's verdicts."""
    from omaha_fast.agents import lazy_view
    from omaha_fast.sim import RandomAgent

    for config in RANDOM_CONFIGS[:4]:
        raw = omaha_hilo_v0.raw_env(**config)
        agent_rng = RandomAgent(seed=5)
        rng = random.Random(6)
        checked = 0
        for episode in range(150):
            raw.reset(seed=episode)
            for agent in raw.agent_iter():
                obs, _, term, trunc, _ = raw.last()
                if term or trunc:
                    raw.step(None)
                    continue
                hand = raw.hand
                assert obs["action_mask"].tolist() == _expected_mask(hand)
                checked += 1
                if raw.possible_agents.index(agent) % 2:
                    kind, amount = agent_rng.act(lazy_view(hand, hand.to_act),
                                                 hand.legal_actions())
                    raw.step_decision(kind, amount)
                else:
                    raw.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        assert checked > 500


def test_step_decision_refuses_an_illegal_action_and_changes_nothing():
    raw = omaha_hilo_v0.raw_env(seats=2, structure="no-limit", stacks=100)
    raw.reset(seed=1)
    agent, before = raw.agent_selection, raw.hand.actions
    with pytest.raises(IllegalActionError, match="raise to 3"):
        raw.step_decision("raise_to", 3)
    assert raw.agent_selection == agent and raw.hand.actions == before


def test_environment_pickles():
    import pickle

    env = omaha_hilo_v0.raw_env(seats=3, structure="fixed-limit", hands=4)
    copy = pickle.loads(pickle.dumps(env))
    copy.reset(seed=2)
    env.reset(seed=2)
    assert copy.agent_selection == env.agent_selection
    assert np.array_equal(copy.observe("player_0")["observation"],
                          env.observe("player_0")["observation"])


def _check_cards_are_own(raw, agent, seat, observation):
    """The card part of the observation is exactly the seat's hole and the board."""
    hand = raw._final.get(agent, (raw._hand,))[0]
    hole = set(hand.hole(seat)) if seat in hand.seats else set()
    seen = set(np.flatnonzero(observation[:52]).tolist())
    assert seen == hole
    assert set(np.flatnonzero(observation[BOARD_AT:BOARD_AT + 52]).tolist()) == set(hand.board)


def test_showdown_hides_the_other_hands():
    """Even after a showdown, where the cards were shown, nobody's observation holds them."""
    raw = omaha_hilo_v0.raw_env(seats=3, structure="pot-limit")
    raw.reset(seed=4)
    for agent in raw.agent_iter():
        obs, _, term, trunc, _ = raw.last()
        raw.step(None if term or trunc else CHECK_CALL)
        if term:
            hand = raw._final[agent][0]
            assert hand.shown or hand.mucked
            seat = raw.possible_agents.index(agent)
            others = set().union(*(hand.hole(s) for s in hand.seats if s != seat))
            seen = set(np.flatnonzero(obs["observation"][:104]).tolist())
            assert not seen & others
            assert not obs["action_mask"].any()


def test_fixed_limit_offers_one_size_and_no_pot_sizes():
    raw = omaha_hilo_v0.raw_env(seats=3, structure="fixed-limit", stacks=200)
    raw.reset(seed=0)
    mask = raw.observe(raw.agent_selection)["action_mask"].tolist()
    assert mask == [1, 1, 1, 0, 0, 0]
    assert engine_action(raw._hand, RAISE_MIN) == ("raise_to", 4)
    assert engine_action(raw._hand, FOLD) == ("fold", None)
    assert engine_action(raw._hand, ALL_IN) == ("all_in", None)


def test_without_the_rl_extra_the_import_names_it():
    import subprocess
    import sys

    code = ("import sys; sys.modules['pettingzoo'] = None\n"
            "import omaha_fast\n"                      # the package itself does not need it
            "try:\n"
            "    import omaha_fast.env\n"
            "except ImportError as err:\n"
            "    from omaha_fast.errors import OmahaError\n"
            "    print(isinstance(err, OmahaError), err)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == ("True this needs pettingzoo, which is not installed: "
                           "pip install 'omaha_fast[rl]' (from a clone: pip install '.[rl]')")


def test_a_table_where_nobody_could_ever_act_is_refused():
    # every player all-in from the blinds at every button: reset once raised a TypeError
    for settings in (dict(seats=2, stacks=1), dict(seats=2, stacks=[2, 1], blinds=(2, 4))):
        with pytest.raises(InvalidValueError, match="nobody would ever act"):
            omaha_hilo_v0.raw_env(**settings)


@pytest.mark.parametrize("config", [
    dict(seats=2, stacks=[1, 2]),                # over as dealt when seat 0 has the button
    dict(seats=2, stacks=[2, 1], hands=3),
    dict(seats=2, stacks=[2, 1], hands=None),    # until one player has every chip
], ids=["one-hand", "three-hands", "to-the-end"])
def test_hands_over_as_dealt_pay_and_the_episode_goes_on(config):
    """Short stacks all-in from the blinds: a hand nobody can act in is over as dealt;
    it pays at once (reset included) and the episode goes on to a hand with a decision."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(omaha_hilo_v0.env(**config), num_cycles=300)
    raw = omaha_hilo_v0.raw_env(**config)
    bb = raw.big_blind
    hands = []
    raw._on_hand_end = hands.append             # every hand that ends, for the accounting
    paid_at_reset = over_as_dealt = 0
    for episode in range(40):
        hands.clear()
        raw.reset(seed=episode)
        assert not any(raw.terminations.values())
        paid_at_reset += any(raw._cumulative_rewards.values())
        totals = dict.fromkeys(raw.possible_agents, 0.0)
        for agent in raw.agent_iter(10_000):
            obs, reward, term, trunc, _ = raw.last()
            totals[agent] += reward
            raw.step(None if term or trunc else CHECK_CALL)
        for seat, agent in enumerate(raw.possible_agents):
            won = sum(h.stacks[seat] - h.starting_stacks[seat] for h in hands)
            assert totals[agent] == won / bb
        assert sum(totals.values()) == 0
        over_as_dealt += sum(not h.actions for h in hands)
    assert paid_at_reset > 0 and over_as_dealt > 0
