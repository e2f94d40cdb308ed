"""RL environment speed: random play through the PettingZoo AEC API, steps per second.

Run with ``python -m pytest benches/bench_env.py --benchmark-enable``. Every contender runs
the same loop (``agent_iter``, ``last``, a random legal action sampled from the mask with
``action_space(agent).sample(mask)``, ``step``; finished agents step with None) over
STEPS steps, wrapped as ``env()`` makes them. The peer is PettingZoo's own
``texas_holdem_no_limit_v6`` (on RLCard: the ``peers`` extra), heads-up with RLCard's
stacks of 100 chips and blinds 1/2; ours plays the same shape of game (heads-up no-limit,
stacks 100, blinds 1/2) in Omaha Hi-Lo, with and without the betting history in the
observation (``history_slots=0``: the layout before it), plus a 6-max pot-limit row. In
the summary the "hands" column counts steps.
"""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("pettingzoo")

from omaha_fast.env import omaha_hilo_v0  # noqa: E402

STEPS = 10_000


def random_steps(env, steps: int, seed: int) -> int:  # type: ignore[no-untyped-def]
    """Play random legal actions for ``steps`` steps, resetting at episode ends (seeded
    once: a seeded reset rebuilds the peer's RLCard game)."""
    done = 0
    env.reset(seed=seed)
    for i, agent in enumerate(env.possible_agents):
        env.action_space(agent).seed(seed + i)
    while done < steps:
        if done:
            env.reset()
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                action = None
            else:
                action = env.action_space(agent).sample(obs["action_mask"])
            env.step(action)
            done += 1
    return done


def _bench(benchmark, record_rate, env, kind: str) -> None:  # type: ignore[no-untyped-def]
    steps = benchmark.pedantic(random_steps, args=(env, STEPS, 1), rounds=5, warmup_rounds=1)
    assert steps >= STEPS
    record_rate(steps, kind=kind)


def test_omaha_hilo_heads_up_no_limit(benchmark, record_rate):  # type: ignore[no-untyped-def]
    env = omaha_hilo_v0.env(seats=2, structure="no-limit", blinds=(1, 2), stacks=100)
    _bench(benchmark, record_rate, env, "AEC steps, heads-up no-limit hi-lo")


def test_omaha_hilo_heads_up_no_limit_without_history(benchmark, record_rate):  # type: ignore[no-untyped-def]
    env = omaha_hilo_v0.env(seats=2, structure="no-limit", blinds=(1, 2), stacks=100,
                            history_slots=0)
    _bench(benchmark, record_rate, env, "AEC steps, heads-up no-limit hi-lo, no history")


def test_omaha_hilo_6max_pot_limit(benchmark, record_rate):  # type: ignore[no-untyped-def]
    env = omaha_hilo_v0.env(seats=6, structure="pot-limit", blinds=(1, 2), stacks=200)
    _bench(benchmark, record_rate, env, "AEC steps, 6-max pot-limit hi-lo")


def test_omaha_hilo_heads_up_with_hand_features(benchmark, record_rate):  # type: ignore[no-untyped-def]
    env = omaha_hilo_v0.env(seats=2, structure="no-limit", blinds=(1, 2), stacks=100,
                            hand_features=True)
    _bench(benchmark, record_rate, env, "AEC steps, heads-up no-limit hi-lo, hand features")


def test_pettingzoo_texas_holdem_no_limit(benchmark, record_rate):  # type: ignore[no-untyped-def]
    pytest.importorskip("rlcard")
    pytest.importorskip("pygame")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from pettingzoo.classic import texas_holdem_no_limit_v6
    env = texas_holdem_no_limit_v6.env(num_players=2)
    _bench(benchmark, record_rate, env, "AEC steps, PettingZoo texas_holdem_no_limit_v6")
