"""A single-agent Gymnasium environment: one seat learns, the others are built-in agents.

The learner sits in ``seat`` (default 0) of the PettingZoo environment
(:mod:`omaha_fast.env.omaha_hilo_v0`, every setting of which is accepted here); the other
seats are played by the simulator's agents (:mod:`omaha_fast.agents`: ``"random"``,
``"station"``, ``"module:Class"``, a class or an instance), one spec for all or one per
other seat. The observation and the six actions are the PettingZoo environment's; the
reward is the learner's chips won or lost in big blinds, at hand end. Every hand dealt
counts, the learner's decisions or not: a deal that ends before the learner has a choice
(everyone folds to its big blind) is followed by another within the same episode, and
its chips come with the first step's reward, so an episode's return is the learner's
chips over all its hands (``info["chips_won"]``, in chips, over ``info["hands"]``
hands: ``100 * sum(returns) / sum(hands)`` is the learner's bb/100, as
:func:`omaha_fast.sim.simulate` counts it). Opponents with ``reset``, ``setup`` or
``observe`` hooks are called as the simulator calls them. An action the mask forbids
ends the episode with ``illegal_reward`` (default: minus the starting stack); an action
that is not one of the six raises (ActionTypeError for a non-int, IllegalActionError
out of range).

Registered with Gymnasium as ``omaha_fast/OmahaHiLo-v0`` and ``omaha_fast/OmahaHigh-v0``
when :mod:`omaha_fast.env` is imported; ``gymnasium.make("omaha_fast.env:omaha_fast/OmahaHiLo-v0")``
imports it first (Gymnasium 1.x loads no plugin entry points: the module named before
the colon is its way to register on first use).

>>> env = make_gym(seats=3, opponents="station", structure="fixed-limit")
>>> obs, info = env.reset(seed=1)
>>> obs["action_mask"].tolist()                  # fold, check/call, the one raise size
[1, 1, 1, 0, 0, 0]
>>> total, done = 0.0, False
>>> while not done:
...     obs, reward, terminated, truncated, info = env.step(1)     # check or call
...     total += reward
...     done = terminated or truncated
>>> total == info["chips_won"] / 2               # in big blinds
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional, Union

from .._extras import require

require("rl", "gymnasium", "pettingzoo")

import gymnasium  # noqa: E402

from .._checks import check_choice, check_int  # noqa: E402
from ..agents import AgentSpec, lazy_view, make_agent  # noqa: E402
from ..errors import IllegalActionError, InvalidValueError  # noqa: E402
from ..game import Hand  # noqa: E402
from .omaha_hilo_v0 import _action_id, describe, raw_env  # noqa: E402

ENV_IDS = {"hilo": "omaha_fast/OmahaHiLo-v0", "high": "omaha_fast/OmahaHigh-v0"}
MAX_DEALS_WITHOUT_DECISION = 1000
"""reset() deals again while the learner has no decision (everyone folds to its big
blind), up to this many deals; then it raises, naming the stacks."""


class OmahaGymEnv(gymnasium.Env[dict[str, Any], int]):
    """One learning seat against built-in agents (see the module docstring)."""

    metadata = {"render_modes": ["human", "ansi"], "render_fps": 1}

    def __init__(self, *, seat: int = 0,
                 opponents: Union[AgentSpec, Sequence[AgentSpec]] = "random",
                 illegal_reward: Optional[float] = None, render_mode: Optional[str] = None,
                 **settings: Any) -> None:
        self._raw = raw_env(**settings)
        agents = self._raw.possible_agents
        n = len(agents)
        seat = check_int(seat, "seat", low=0, high=n - 1)
        if render_mode is not None:
            check_choice(render_mode, self.metadata["render_modes"], "render_mode")
        specs: list[AgentSpec]
        if isinstance(opponents, (list, tuple)):
            if len(opponents) != n - 1:
                raise InvalidValueError(f"opponents must be one agent spec or one per other "
                                        f"seat ({n - 1}), got {len(opponents)}")
            specs = list(opponents)
        else:
            specs = [opponents] * (n - 1)
        others = [a for a in agents if a != agents[seat]]
        self._opponents = {a: make_agent(spec) for a, spec in zip(others, specs)}
        self.seat = seat
        self.agent = agents[seat]
        self.render_mode = render_mode
        self.illegal_reward = (-self._raw.max_stack_bb if illegal_reward is None
                               else float(illegal_reward))
        self.observation_space = self._raw.observation_space(self.agent)
        self.action_space = self._raw.action_space(self.agent)
        self._pending = 0.0
        self._over = True
        self._chips = self._hands = 0
        self._observers = [(self._raw.possible_agents.index(a), agent.observe)
                           for a, agent in self._opponents.items()
                           if callable(getattr(agent, "observe", None))]
        self._raw._on_hand_end = self._hand_over

    def reset(self, *, seed: Optional[int] = None,
              options: Optional[dict[str, Any]] = None) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        rng = self.np_random
        raw = self._raw
        self._chips = self._hands = 0
        pending = 0.0
        for _ in range(MAX_DEALS_WITHOUT_DECISION):
            raw.reset(seed=int(rng.integers(2**63)))
            rules = raw.table.rules  # type: ignore[union-attr]
            for agent in self._opponents.values():
                hook = getattr(agent, "reset", None)
                if callable(hook):
                    hook(int(rng.integers(2**63)))
                hook = getattr(agent, "setup", None)
                if callable(hook):
                    hook(rules)
            self._play_others()
            obs, reward, terminated, truncated, _ = raw.last()
            pending += reward
            if not (terminated or truncated):
                break
            # over before the learner had a choice: its chips still count (they come with
            # the first step's reward), and the next deal starts
        else:
            raise InvalidValueError(
                f"the learner (seat {self.seat}) had no decision in "
                f"{MAX_DEALS_WITHOUT_DECISION} deals in a row: with stacks "
                f"{raw.starting_stacks} it is always all-in from the blinds")
        self._pending = pending
        self._over = False
        return obs, self._info()

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        if self._over:
            raise IllegalActionError("the episode is over: call reset()")
        index = _action_id(action)
        raw = self._raw
        obs, _, _, _, _ = raw.last()
        if not obs["action_mask"][index]:
            self._over = True
            return obs, self.illegal_reward, True, False, self._info(illegal=True)
        raw.step(index)
        self._play_others()
        obs, reward, terminated, truncated, _ = raw.last()
        reward += self._pending
        self._pending = 0.0
        self._over = terminated or truncated
        if self.render_mode == "human":
            self.render()
        return obs, float(reward), terminated, truncated, self._info()

    @property
    def opponents(self) -> dict[str, Any]:
        """The agents at the other seats, by agent name (copies of the specs given: an
        instance is copied, so read it here)."""
        return dict(self._opponents)

    def _hand_over(self, hand: Hand) -> None:
        """Count a finished hand for the learner and show it to the opponents that have
        an ``observe`` hook (as the simulator does)."""
        seat = self.seat
        if seat in hand.seats:
            self._chips += hand.stacks[seat] - hand.starting_stacks[seat]
        self._hands += 1
        for other, observe in self._observers:
            if other in hand.seats:
                observe(hand.view(other))

    def _play_others(self) -> None:
        """Let the built-in agents act (and finished opponents leave) until the learner
        is to act or is done."""
        raw = self._raw
        learner = self.agent
        while True:
            agent = raw.agent_selection
            if agent == learner:
                return
            if raw.terminations[agent] or raw.truncations[agent]:
                raw.step(None)
                continue
            hand = raw.hand
            assert hand is not None
            seat = raw.possible_agents.index(agent)
            view = lazy_view(hand, seat)
            kind, amount = self._opponents[agent].act(view, hand.legal_actions())
            view.close()
            raw.step_decision(kind, amount)

    def _info(self, illegal: bool = False) -> dict[str, Any]:
        """The learner's chips won or lost in the hands finished so far in the episode,
        how many hands that is, and whether the action was refused."""
        info: dict[str, Any] = {"chips_won": self._chips, "hands": self._hands}
        if illegal:
            info["illegal_action"] = True
        return info

    def render(self) -> Optional[str]:
        """The table as text: "ansi" returns it, "human" prints it."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; "
                                  "use render_mode='ansi' or 'human'")
            return None
        hand = self._raw.hand
        text = describe(hand) if hand is not None else "(no hand: call reset)"
        if self.render_mode == "human":
            print(text)
            return None
        return text


def register() -> None:
    """Register the Gymnasium ids (once; importing :mod:`omaha_fast.env` does it)."""
    for game, env_id in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="omaha_fast.env.gym_env:OmahaGymEnv",
                               kwargs={"game": game})


def make_gym(game: str = "hilo", **kwargs: Any) -> gymnasium.Env[dict[str, Any], int]:
    """``gymnasium.make`` of the registered environment for ``game`` ("hilo" or "high");
    ``kwargs`` are :class:`OmahaGymEnv`'s and the PettingZoo environment's settings."""
    if game not in ENV_IDS:
        check_choice(game, tuple(ENV_IDS), "game")
    register()
    return gymnasium.make(ENV_IDS[game], **kwargs)


__all__ = ["OmahaGymEnv", "make_gym", "register", "ENV_IDS"]
