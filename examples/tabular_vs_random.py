"""Train a tabular learner at heads-up pot-limit Omaha Hi-Lo against a random player.

The state is (street, equity bucket, facing a bet), from the environment's hand features;
the learner keeps the mean reward of each action in each state (every-visit Monte Carlo)
and plays epsilon-greedy among the legal actions. Then it plays greedily, and a random
player plays the same seeded deals in its seat, both against the random opponent:

    python examples/tabular_vs_random.py --episodes 20000 --eval 5000

Needs the ``rl`` extra: ``pip install 'omaha_fast[rl]'``.
"""

from __future__ import annotations

import argparse
from collections import defaultdict

import numpy as np

from omaha_fast.env import make_gym
from omaha_fast.env.encoding import STREET_AT

EQUITY = -1                 # the last feature: equity against random hands, 0..1
BUCKETS = 5


def state_of(obs: dict, pot_at: int) -> tuple[int, int, bool]:
    vec = obs["observation"]
    street = int(np.argmax(vec[STREET_AT:STREET_AT + 4]))
    bucket = min(int(vec[EQUITY] * BUCKETS), BUCKETS - 1)
    return street, bucket, bool(vec[pot_at + 1] > 0)        # chips to call


def play(env, policy, seed: int) -> tuple[float, list]:
    """One episode: the learner's total reward and its (observation, action) pairs."""
    obs, _ = env.reset(seed=seed)
    total, done, seen = 0.0, False, []
    while not done:
        action = policy(obs)
        seen.append((obs, action))
        obs, reward, terminated, truncated, _ = env.step(action)
        total += reward
        done = terminated or truncated
    return total, seen


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=20_000)
    parser.add_argument("--eval", type=int, default=5_000)
    parser.add_argument("--epsilon", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    env = make_gym(seats=2, structure="pot-limit", stacks=200, opponents="random",
                   hand_features=True, equity_samples=32)
    pot_at = env.unwrapped._raw._encoder.pot_at
    rng = np.random.default_rng(args.seed)
    total = defaultdict(float)
    count = defaultdict(int)

    def greedy(obs: dict) -> int:
        legal = np.flatnonzero(obs["action_mask"])
        s = state_of(obs, pot_at)
        return int(max(legal, key=lambda a: total[s, a] / count[s, a] if count[s, a] else 0.0))

    def explore(obs: dict) -> int:
        if rng.random() < args.epsilon:
            return int(rng.choice(np.flatnonzero(obs["action_mask"])))
        return greedy(obs)

    def random_policy(obs: dict) -> int:
        return int(rng.choice(np.flatnonzero(obs["action_mask"])))

    for episode in range(args.episodes):
        reward, seen = play(env, explore, seed=args.seed + episode)
        for obs, action in seen:                  # the hand's result, to every choice in it
            s = state_of(obs, pot_at)
            total[s, action] += reward
            count[s, action] += 1

    first = args.seed + args.episodes             # fresh deals for the evaluation
    learned = [play(env, greedy, first + i)[0] for i in range(args.eval)]
    baseline = [play(env, random_policy, first + i)[0] for i in range(args.eval)]
    result = {"learned_bb_per_episode": float(np.mean(learned)),
              "random_bb_per_episode": float(np.mean(baseline)),
              "states": len({s for s, _ in count})}
    print(f"after {args.episodes} hands of training, over {args.eval} hands against random:")
    print(f"  learned policy {result['learned_bb_per_episode']:+.3f} bb/episode, "
          f"random policy {result['random_bb_per_episode']:+.3f} bb/episode "
          f"({result['states']} states visited)")
    return result


if __name__ == "__main__":
    main()
