"""The Gymnasium environment: Gymnasium's env_checker, registration, the opponents, rewards
and illegal actions."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from omaha_fast import FixedLimit, IllegalActionError  # noqa: E402
from omaha_fast.env import OmahaGymEnv, make_gym  # noqa: E402
from omaha_fast.env.actions import CHECK_CALL, FOLD  # noqa: E402
from omaha_fast.errors import ActionTypeError, InvalidValueError, OmahaError  # noqa: E402
from omaha_fast.sim import CallingStation, RandomAgent, simulate  # noqa: E402


@pytest.mark.parametrize("settings", [
    dict(),
    dict(game="high", seats=6, structure="no-limit",
         opponents=["random", "station"] * 2 + ["random"]),
    dict(seats=4, structure="fixed-limit", hands=20, seat=2, hand_features=True,
         equity_samples=8),
], ids=["default", "high-6-nl", "fl-carried"])
def test_check_env(settings):
    env = make_gym(**settings)
    with warnings.catch_warnings():
        warnings.simplefilter("error")          # the checker's warnings fail the test
        check_env(env.unwrapped)
    env.close()


def test_registered_ids_make_the_environment():
    import omaha_fast.env  # noqa: F401  (registers)
    env = gymnasium.make("omaha_fast/OmahaHiLo-v0", seats=3)
    assert isinstance(env.unwrapped, OmahaGymEnv)
    # 125 for cards, street, seats, pot and call; 4 streets x (flag + 8 slots x (3 + 7))
    assert env.unwrapped._raw.observation_space("player_0")["observation"].shape == (449,)
    high = gymnasium.make("omaha_fast/OmahaHigh-v0")
    assert high.unwrapped._raw._encoder.game == "high"


def _play(env, seed, policy):
    obs, info = env.reset(seed=seed)
    total, steps, done = 0.0, 0, False
    while not done:
        obs, reward, terminated, truncated, info = env.step(policy(obs))
        total += reward
        steps += 1
        done = terminated or truncated
    return total, steps, info


def _last_legal(obs):
    return int(np.flatnonzero(obs["action_mask"])[-1])


def test_rewards_are_the_learners_chips_in_big_blinds_over_many_episodes():
    env = OmahaGymEnv(seats=4, structure="pot-limit", blinds=(1, 2), stacks=100,
                      opponents="random")
    rng = np.random.default_rng(0)

    def policy(obs):
        return int(rng.choice(np.flatnonzero(obs["action_mask"])))

    outcomes = set()
    for seed in range(200):
        total, steps, info = _play(env, seed, policy)
        assert total == info["chips_won"] / 2
        assert -50 <= total <= 150
        outcomes.add(np.sign(total))
    assert outcomes == {-1.0, 0.0, 1.0} or outcomes == {-1.0, 1.0}


def test_carried_stacks_end_when_the_learner_busts_or_the_hands_run_out():
    env = OmahaGymEnv(seats=3, structure="no-limit", stacks=20, hands=50, opponents="random")
    busted = ran_out = 0
    for seed in range(20):
        total, steps, info = _play(env, seed, _last_legal)      # always all-in
        if info["chips_won"] == -20:
            busted += 1
        else:
            ran_out += 1
        assert total == info["chips_won"] / 2
    assert busted and ran_out


def test_opponent_kinds_and_seeding():
    stations = OmahaGymEnv(seats=3, opponents=CallingStation)
    a = _play(stations, 3, lambda obs: CHECK_CALL)
    b = _play(stations, 3, lambda obs: CHECK_CALL)
    assert a == b
    mixed = OmahaGymEnv(seats=3, opponents=[RandomAgent(seed=1), "station"])
    first = [_play(mixed, s, _last_legal) for s in range(10)]
    again = [_play(mixed, s, _last_legal) for s in range(10)]
    assert first == again
    with pytest.raises(ValueError, match="one per other seat"):
        OmahaGymEnv(seats=3, opponents=["random"])
    with pytest.raises(ValueError, match="seat must be an int from 0 to 2"):
        OmahaGymEnv(seats=3, seat=3)


def test_an_illegal_action_ends_the_episode_with_the_penalty():
    env = OmahaGymEnv(seats=2, stacks=60, blinds=(1, 2))
    obs, _ = env.reset(seed=0)
    while obs["action_mask"][FOLD]:           # find a spot where folding is not allowed
        obs, _ = env.reset(seed=int(env.np_random.integers(1000)))
    obs, reward, terminated, truncated, info = env.step(FOLD)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-30.0, True, False, True)
    with pytest.raises(IllegalActionError, match="call reset"):
        env.step(CHECK_CALL)


def test_render_modes(capsys):
    env = OmahaGymEnv(seats=2, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert "seat 0" in text and "seat 1" in text
    human = OmahaGymEnv(seats=2, render_mode="human")
    human.reset(seed=1)
    human.render()
    assert capsys.readouterr().out.strip() == text


def test_max_cycles_truncates_the_learners_episode():
    env = OmahaGymEnv(seats=3, structure="fixed-limit", hands=None, max_cycles=12,
                      opponents="station")
    for seed in range(5):
        total, steps, info = _play(env, seed, lambda obs: CHECK_CALL)
        obs, reward, terminated, truncated, _ = env.unwrapped._raw.last()
        assert truncated and not terminated
        assert 1 <= steps <= 12
        assert total == info["chips_won"] / 2      # the unfinished hand pays nothing


class RecordingRandom(RandomAgent):
    """The simulator's random agent, keeping its view of every hand it was dealt into
    (the simulator's ``observe`` hook)."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list = []
        self.rules = None

    def setup(self, rules) -> None:
        self.rules = rules

    def observe(self, view) -> None:
        self.seen.append(view)


def _station_against(opponent, episodes, **settings):
    """A calling-station learner (always action 1, as the simulator's "station" plays)
    heads-up against ``opponent`` for ``episodes`` one-hand episodes: the returns and the
    final infos."""
    env = OmahaGymEnv(seats=2, opponents=opponent, **settings)
    returns, infos = [], []
    for seed in range(episodes):
        total, steps, info = _play(env, seed, lambda obs: CHECK_CALL)
        returns.append(total)
        infos.append(info)
    return returns, infos, env.opponents["player_1"]      # the env's copy of the agent


@pytest.fixture(scope="module")
def station_run():
    """2,000 one-hand episodes of a calling station against the recording random agent,
    heads-up fixed limit, blinds 1/2, stacks 200."""
    return _station_against(RecordingRandom(), 2000, structure="fixed-limit",
                            blinds=(1, 2), stacks=200)


def test_the_return_counts_every_hand_dealt_decisions_or_not(station_run):
    """Exact accounting: the returns add up to the learner's chips over every hand the
    opponent was dealt into (its observe hook sees them all, heads-up), deals in which
    the learner had no decision (the button folds to its big blind) included."""
    returns, infos, opponent = station_run
    learner_chips = [view.stacks[0] - 200 for view in opponent.seen]
    assert 2 * sum(returns) == sum(learner_chips)                 # exact: half big blinds
    assert sum(info["hands"] for info in infos) == len(opponent.seen)
    assert sum(info["chips_won"] for info in infos) == sum(learner_chips)
    for total, info in zip(returns, infos):
        assert 2 * total == info["chips_won"]
    # hundreds of episodes held a deal without a decision, each a big blind's +1 chip
    without = [info["hands"] - 1 for info in infos]
    assert sum(without) > 150 and max(without) >= 2
    assert opponent.rules is not None and opponent.rules.structure == FixedLimit(2, 4)


def test_the_learners_bb_per_100_agrees_with_simulate_on_the_same_agents(station_run):
    """The same two agents (a calling station, the simulator's random agent) heads-up in
    fixed limit, through the Gym environment and through simulate(): the bb/100 agree
    within five standard errors of their difference (the Gym side's standard error from
    its per-hand results)."""
    returns, infos, opponent = station_run
    hands = sum(info["hands"] for info in infos)
    gym_bb100 = 100 * sum(returns) / hands
    per_hand = np.array([(view.stacks[0] - 200) / 2 for view in opponent.seen])
    gym_se = 100 * per_hand.std(ddof=1) / np.sqrt(hands)
    result = simulate(["station", "random"], FixedLimit(2, 4), blinds=(1, 2), stack=200,
                      hands=6000, seed=7, workers=1)
    station = result.agents[0]
    sim_bb100 = station.bb_per_100(2)
    low, high = station.bb_ci(2)
    sim_se = (high - low) / (2 * 1.959964)
    assert abs(gym_bb100 - sim_bb100) <= 5 * float(np.hypot(gym_se, sim_se)), (
        gym_bb100, gym_se, sim_bb100, sim_se)


@pytest.mark.parametrize("bad, error", [
    (7, IllegalActionError), (6, IllegalActionError), (-1, IllegalActionError),
    (1.5, ActionTypeError), (1.0, ActionTypeError), (True, ActionTypeError),
    ("1", ActionTypeError), (None, ActionTypeError), (np.float64(1), ActionTypeError),
])
def test_an_action_that_is_not_one_of_the_six_raises_and_changes_nothing(bad, error):
    env = make_gym(seats=2)
    obs, _ = env.reset(seed=0)
    raw = env.unwrapped._raw
    before = raw.hand.actions
    with pytest.raises(error, match="action must be an int from 0 to 5") as caught:
        env.step(bad)
    assert isinstance(caught.value, OmahaError)
    assert isinstance(caught.value, TypeError if error is ActionTypeError else ValueError)
    assert raw.hand.actions == before and raw.agent_selection == env.unwrapped.agent
    obs, reward, terminated, truncated, info = env.step(np.int64(CHECK_CALL))
    assert "illegal_action" not in info and raw.hand.actions != before


def test_a_learner_that_never_has_a_decision_is_refused():
    # heads-up with one chip the learner is all-in from either blind, every deal
    env = OmahaGymEnv(seats=2, stacks=[1, 200])
    with pytest.raises(InvalidValueError, match="seat 0.* no decision in 1000 deals"):
        env.reset(seed=0)
    with pytest.raises(InvalidValueError, match="nobody would ever act"):
        make_gym(seats=2, stacks=1)


def test_gymnasium_makes_it_with_nothing_imported_first():
    """In a fresh interpreter: the id with its module before the colon imports and
    registers it (Gymnasium 1.x has no plugin entry points)."""
    import subprocess
    import sys

    code = ("import sys, gymnasium\n"
            "assert 'omaha_fast' not in sys.modules\n"
            "env = gymnasium.make('omaha_fast.env:omaha_fast/OmahaHiLo-v0', seats=2)\n"
            "obs, info = env.reset(seed=3)\n"
            "print(sorted(obs), int(obs['action_mask'].sum()) > 0)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["['action_mask',", "'observation']", "True"]
