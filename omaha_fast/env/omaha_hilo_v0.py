"""Omaha Hi-Lo (or Omaha High) as a PettingZoo AEC environment.

Agents ``player_0 .. player_{n-1}`` sit in seats 0..n-1. Each episode is one hand by
default (``hands=1``), with fresh stacks and a button drawn at random; with ``hands=N``
the stacks carry over N hands at one table (the button moves as at a real table, busted
players are terminated when they bust), and ``hands=None`` plays until one player has
every chip. ``max_cycles`` truncates the episode after that many actions in all (an
unfinished hand then pays nothing). A hand nobody can act in (everyone all-in from the
blinds) is over as dealt: it pays at once and does not count toward ``hands``; a table
where every hand would be so is refused.

The observation is a dict: ``observation`` (float32: cards, seats, pot and the betting
history of each street, see :mod:`omaha_fast.env.encoding`) and ``action_mask`` (int8,
six actions, see :mod:`omaha_fast.env.actions`), all zeros for an agent that is not to
act. Rewards are
the chips won or lost in each hand, in big blinds, given when the hand ends (so the
rewards of a hand add up to minus the rake). ``env()`` adds PettingZoo's standard
wrappers: an illegal action ends the episode with ``illegal_reward`` for the offender
(default: minus the largest starting stack, worse than any legal play), out-of-range
actions and calls out of order raise.

>>> e = env(seats=3, structure="pot-limit", stacks=200)
>>> e.reset(seed=7)
>>> e.agent_selection, e.observation_space("player_0")["observation"].shape
('player_1', (449,))
>>> totals = dict.fromkeys(e.possible_agents, 0.0)
>>> for agent in e.agent_iter():
...     obs, reward, terminated, truncated, info = e.last()
...     totals[agent] += reward
...     e.step(None if terminated or truncated else 1)   # everyone checks or calls
>>> round(sum(totals.values()), 9)                       # zero-sum without a rake
0.0
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Optional, Union

from .._extras import require

require("rl", "pettingzoo", "gymnasium")

import numpy as np  # noqa: E402
from gymnasium import spaces  # noqa: E402
from gymnasium.utils import EzPickle  # noqa: E402
from pettingzoo import AECEnv  # noqa: E402
from pettingzoo.utils import wrappers  # noqa: E402

from .._checks import check_bool, check_choice, check_int, is_int  # noqa: E402
from ..cards import format_cards  # noqa: E402
from ..errors import ActionTypeError, IllegalActionError, InvalidTypeError, InvalidValueError  # noqa: E402
from ..game import FixedLimit, Hand, NoLimit, PotLimit, Rake, Table  # noqa: E402, F401 (doctests)
from ..game.structures import Structure, parse_structure  # noqa: E402
from .actions import ACTION_NAMES, N_ACTIONS, action_mask, engine_action  # noqa: E402
from .encoding import ObservationEncoder  # noqa: E402

STRUCTURES = ("fixed-limit", "pot-limit", "no-limit")


def make_structure(structure: Union[str, Structure], big_blind: int) -> Structure:
    """A structure from its text (:func:`~omaha_fast.game.structures.parse_structure`:
    "fixed-limit" bets the big blind and twice that; "fl:2/4", "pl:1/2"...) or as given.

    >>> make_structure("fixed-limit", 2)
    FixedLimit(small_bet=2, big_bet=4, cap=4, uncap_heads_up=False)
    >>> make_structure("limit", 2)
    Traceback (most recent call last):
    ...
    omaha_fast.errors.InvalidValueError: structure must be fl:SMALL/BIG, pl:SB/BB, nl:SB/BB, 'fixed-limit', 'pot-limit' or 'no-limit', got 'limit'
    """  # noqa: E501 (a doctest's exception line)
    return parse_structure(structure, big_blind=big_blind)[0]


def env(*, illegal_reward: Optional[float] = None, **kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's standard wrappers (see the module docstring);
    ``kwargs`` are :class:`raw_env`'s."""
    raw = raw_env(**kwargs)
    penalty = -raw.max_stack_bb if illegal_reward is None else illegal_reward
    wrapped: AECEnv = wrappers.TerminateIllegalWrapper(raw, illegal_reward=penalty)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv, EzPickle):  # type: ignore[misc]  # untyped base classes
    """The environment without wrappers: an illegal action raises IllegalActionError
    (a ValueError) and changes nothing.

    Settings (keywords): ``seats`` (2..10), ``structure`` ("fixed-limit", "pot-limit",
    "no-limit" or a structure object), ``game`` ("hilo" or "high"; "bigo", "omaha5" or
    "omaha6" deal five or six hole cards, to at most 8 or 7 seats: the observation is the
    same, hole cards being a 52-card mask), ``blinds`` (small,
    big; default (1, 2)), ``stacks`` (chips, one for all or one per seat; default 100 big
    blinds), ``hands`` (hands per episode, None: until one player has every chip),
    ``max_cycles`` (actions per episode before truncation, None: no limit), ``rake`` (a
    :class:`~omaha_fast.game.Rake`), ``hand_features`` (append the C core's hand
    features to the observation) with ``equity_samples`` Monte Carlo deals for the equity
    estimate, ``history_slots`` (actions kept a street in the observation's history;
    default :func:`~omaha_fast.env.encoding.default_history_slots`, 0 for none) and
    ``render_mode`` (None, "ansi" or "human").
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "name": "omaha_hilo_v0",
                "is_parallelizable": False, "render_fps": 1}

    def __init__(self, *, seats: int = 2, structure: Union[str, Structure] = "pot-limit",
                 game: str = "hilo", blinds: tuple[int, int] = (1, 2),
                 stacks: Union[int, Sequence[int]] = 200, hands: Optional[int] = 1,
                 max_cycles: Optional[int] = None, rake: Optional[Rake] = None,
                 hand_features: bool = False, equity_samples: int = 128,
                 history_slots: Optional[int] = None,
                 render_mode: Optional[str] = None) -> None:
        EzPickle.__init__(self, seats=seats, structure=structure, game=game, blinds=blinds,
                          stacks=stacks, hands=hands, max_cycles=max_cycles, rake=rake,
                          hand_features=hand_features, equity_samples=equity_samples,
                          history_slots=history_slots, render_mode=render_mode)
        super().__init__()
        seats = check_int(seats, "seats", low=2, high=10)
        if is_int(stacks):
            stacks = [int(stacks)] * seats      # type: ignore[arg-type]
        elif isinstance(stacks, (list, tuple)):
            stacks = list(stacks)
        else:
            raise InvalidTypeError(f"stacks must be an int or a list of ints, got {stacks!r}")
        if len(stacks) != seats:
            raise InvalidValueError(f"stacks must be one int or one per seat ({seats}), got "
                                    f"{len(stacks)}")
        if hands is not None:
            hands = check_int(hands, "hands", low=1)
        if max_cycles is not None:
            max_cycles = check_int(max_cycles, "max_cycles", low=1)
        if render_mode is not None:
            check_choice(render_mode, self.metadata["render_modes"], "render_mode")
        equity_samples = check_int(equity_samples, "equity_samples", low=1)
        check_bool(hand_features, "hand_features")
        big = blinds[1] if isinstance(blinds, (tuple, list)) and len(blinds) == 2 else 0
        table_settings: dict[str, Any] = dict(
            structure=make_structure(structure, big), seats=seats, game=game, blinds=blinds,
            rake=rake, stacks=stacks)
        Table(**table_settings)          # checks every setting now, with the table's errors
        if all(Table(**table_settings, button=b).start_hand(seed=0).finished
               for b in range(seats)):
            raise InvalidValueError(
                f"nobody would ever act: with stacks {stacks} and blinds {blinds} every "
                f"hand is over as dealt (all-in from the blinds); give a stack above the "
                f"big blind")
        self._table_settings = table_settings
        self._start_stacks = stacks
        self.big_blind = big
        self.hands = hands
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        self.max_stack_bb = max(stacks) / big
        self.possible_agents = [f"player_{i}" for i in range(seats)]
        self.agents = self.possible_agents[:]
        self._encoder = ObservationEncoder(seats=seats, big_blind=big,
                                           total_chips=sum(stacks), game=game,
                                           hand_features=hand_features,
                                           equity_samples=equity_samples,
                                           history_slots=history_slots)
        low, high = self._encoder.bounds()
        self.observation_spaces = {
            a: spaces.Dict({"observation": spaces.Box(low, high, dtype=np.float32),
                            "action_mask": spaces.Box(0, 1, (N_ACTIONS,), dtype=np.int8)})
            for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(N_ACTIONS) for a in self.possible_agents}
        self._rng: Optional[random.Random] = None
        self._table: Optional[Table] = None
        self._hand: Optional[Hand] = None
        self._hand_seed = 0
        self._final: dict[str, tuple[Hand, int]] = {}
        self._mask_cache: Optional[tuple[Hand, list[int]]] = None
        self._seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        # called with every hand that ends (the Gym environment's accounting and its
        # opponents' observe hooks)
        self._on_hand_end: Optional[Callable[[Hand], None]] = None

    # ----------------------------------------------------------------- spaces
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ----------------------------------------------------------------- episode
    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        """Start an episode: a new table with the starting stacks, then its first hand.
        A seed makes the episode (and every unseeded one after it) reproducible.

        Hands nobody can act in (a stack of at most a big blind, heads-up) are over as
        dealt and pay at once; if they would end the episode before anyone acted, play
        starts again at a fresh table, their rewards kept (PettingZoo wants every agent
        live after a reset, and every hand dealt counts)."""
        if seed is not None or self._rng is None:
            self._rng = random.Random(seed)
        rng = self._rng
        n = len(self.possible_agents)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = self.agents[0]
        while True:
            self._table = Table(**self._table_settings, button=rng.randrange(n),
                                seed=rng.getrandbits(64))
            self.terminations = dict.fromkeys(self.agents, False)
            self.truncations = dict.fromkeys(self.agents, False)
            self._final = {}
            self._hands_played = 0
            self._actions = 0
            self._start_hand()
            if not any(self.terminations.values()):
                break
        self._accumulate_rewards()      # hands over as dealt pay now

    def _start_hand(self) -> None:
        """Deal the next hand; a hand nobody can act in (everyone all-in from the blinds)
        is over as dealt: it pays, and the next one starts while the episode goes on."""
        assert self._table is not None and self._rng is not None
        while True:
            self._hand_seed = self._rng.getrandbits(64)
            hand = self._hand = self._table.start_hand()
            self._mask_cache = None
            if not hand.finished:
                self.agent_selection = self.possible_agents[hand.to_act]  # type: ignore[index]
                return
            if not self._end_hand(hand, counted=False):
                return

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        hand = self._hand
        assert hand is not None
        index = _action_id(action)
        mask = self._mask_now(hand)
        if not mask[index]:
            raise IllegalActionError(
                f"action {index} ({ACTION_NAMES[index]}) is not allowed now: the mask is "
                f"{mask} ({hand.legal_actions().describe()})")
        self._apply(agent, hand, *engine_action(hand, index))

    def step_decision(self, kind: str, amount: Optional[int] = None) -> None:
        """Step with an engine action instead of one of the six: ``hand.act(kind,
        amount)`` for the agent to act (any legal size, as the simulator's agents
        choose). An illegal one raises IllegalActionError and changes nothing."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            raise IllegalActionError(f"{agent} is done: step it with None")
        hand = self._hand
        assert hand is not None
        hand.verify(kind, amount)
        self._apply(agent, hand, kind, amount)

    def _apply(self, agent: str, hand: Hand, kind: str, amount: Optional[int]) -> None:
        hand.act(kind, amount)
        self._mask_cache = None
        self._actions += 1
        self._cumulative_rewards[agent] = 0.0
        for a in self.rewards:
            self.rewards[a] = 0.0
        if hand.finished:
            if self._end_hand(hand):
                self._start_hand()
        elif self.max_cycles is not None and self._actions >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
            for a in self.agents:
                self._final[a] = (hand, self._hand_seed)
        else:
            self.agent_selection = self.possible_agents[hand.to_act]  # type: ignore[index]
        self._accumulate_rewards()
        self._deads_step_first()
        if self.render_mode == "human":
            self.render()

    @property
    def hand(self) -> Optional[Hand]:
        """The hand being played (or the last one), for agents that read the engine."""
        return self._hand

    @property
    def table(self) -> Optional[Table]:
        """The episode's table (its stacks change when a hand ends)."""
        return self._table

    @property
    def encoder(self) -> ObservationEncoder:
        """The observation's encoder: its layout (``history_at``, ``features_at``, ...)
        and :meth:`~omaha_fast.env.encoding.ObservationEncoder.decode_history`."""
        return self._encoder

    @property
    def starting_stacks(self) -> list[int]:
        """Each seat's chips at the start of every episode."""
        return list(self._start_stacks)

    def _end_hand(self, hand: Hand, counted: bool = True) -> bool:
        """Rewards for the hand (added: several hands can end in one step); then the
        episode ends or busted players leave. True when another hand is to start.
        ``counted``: the hand counts toward ``hands`` (one over as dealt does not)."""
        bb = self.big_blind
        start = hand.starting_stacks
        for seat, stack in hand.stacks.items():
            self.rewards[self.possible_agents[seat]] += (stack - start[seat]) / bb
        if self._on_hand_end is not None:
            self._on_hand_end(hand)
        self._hands_played += counted
        stacks = self._table.stacks  # type: ignore[union-attr]
        alive = [a for a in self.agents if stacks[self.possible_agents.index(a)] > 0]
        if (self.hands is not None and self._hands_played >= self.hands) or len(alive) < 2:
            done = self.agents
        elif self.max_cycles is not None and self._actions >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
            done = self.agents
        else:
            done = [a for a in self.agents if a not in alive]
        for a in done:
            self._final[a] = (hand, self._hand_seed)
            if not self.truncations[a]:
                self.terminations[a] = True
        return len(done) < len(self.agents)

    # ----------------------------------------------------------------- observing
    def _mask_now(self, hand: Hand) -> list[int]:
        """The actor's mask, worked out once per state (observe and step both need it)."""
        cached = self._mask_cache
        if cached is None or cached[0] is not hand:
            cached = self._mask_cache = (hand, action_mask(hand))
        return cached[1]

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat_of[agent]
        final = self._final.get(agent)
        if final is not None:
            hand, seed = final
        else:
            hand, seed = self._hand, self._hand_seed   # type: ignore[assignment]
        if final is None and hand.to_act == seat:
            mask = np.array(self._mask_now(hand), np.int8)
        else:
            mask = np.zeros(N_ACTIONS, np.int8)
        observation = self._encoder.encode(hand, seat, features_seed=seed, table=self._table)
        return {"observation": observation, "action_mask": mask}

    def render(self) -> Optional[str]:
        """The table as text (every hand face up: this is the house's view). "ansi"
        returns it, "human" prints it."""
        if self.render_mode is None:
            import gymnasium
            gymnasium.logger.warn("render() was called without a render_mode; "
                                  "use render_mode='ansi' or 'human'")
            return None
        text = describe(self._hand) if self._hand is not None else "(no hand: call reset)"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def _action_id(action: Any) -> int:
    """The action as an int 0..5 (numpy integers accepted), or the refusal."""
    if not is_int(action):
        raise ActionTypeError(f"action must be an int from 0 to {N_ACTIONS - 1}, "
                              f"got {action!r}")
    index = int(action)
    if not 0 <= index < N_ACTIONS:
        raise IllegalActionError(f"action must be an int from 0 to {N_ACTIONS - 1} "
                                 f"({', '.join(ACTION_NAMES)}), got {action!r}")
    return index


def describe(hand: Hand) -> str:
    """A few lines of text: street, board, pot, every seat, the player to act.

    >>> t = Table(structure=PotLimit(), blinds=(1, 2), seats=2, stacks=[200, 200])
    >>> print(describe(t.start_hand(holes={0: "As2s3h4h", 1: "KcKdQcJd"})))
    preflop  board -  pot 3
      seat 0 (button) As2s3h4h  stack 199  bet 1  <- to act: fold, call 1, raise to 4..6
      seat 1          KcKdQcJd  stack 198  bet 2
    """
    lines = [f"{hand.street}  board {format_cards(hand.board) or '-'}  pot {hand.pot}"]
    stacks, bets, folded = hand.stacks, hand.bets, hand.folded
    for seat in sorted(hand.seats):
        tag = "(button)" if seat == hand.button else "        "
        line = f"  seat {seat} {tag} {format_cards(hand.hole(seat))}  stack {stacks[seat]}"
        if not hand.finished:
            line += f"  bet {bets[seat]}"
        if seat in folded:
            line += "  folded"
        if hand.to_act == seat:
            line += f"  <- to act: {hand.legal_actions().describe()}"
        if hand.finished:
            line += f"  won {hand.payouts.get(seat, 0)}"
        lines.append(line)
    return "\n".join(lines)


__all__ = ["env", "raw_env", "describe", "make_structure", "STRUCTURES"]
