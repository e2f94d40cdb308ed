"""simulate() for cash games and tournament() for sit-and-gos, on any backend.

Both split the work into fixed blocks (``block_size`` hands, or tournaments) whose seeds
come from the root seed and the block's index alone, run them where asked (see
:mod:`omaha_fast.sim.backends`) and add the results in block order: the same seed gives
the same result whatever ``workers`` is and whether it ran locally or on Dask.

>>> from omaha_fast import FixedLimit
>>> r = simulate(["station", "random", "random"], FixedLimit(10, 20), hands=300, seed=1,
...              workers=1, block_size=100)
>>> r.hands, sum(a.net for a in r.agents), len(r.blocks)
(300, 0, 3)
>>> r == simulate(["station", "random", "random"], FixedLimit(10, 20), hands=300, seed=1,
...               workers=1, block_size=100)
True
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any, Optional

from ..game.rules import Rake
from ..game.structures import FixedLimit, Structure
from .agents import AgentSpec, agent_label, make_agent
from .backends import Progress, run_blocks
from .cash import CashTask, big_blind_of, run_cash_block
from .stats import SimResult, TournamentResult, merge
from .tourney import Level, TourneyTask, blind_schedule, default_payouts, run_tournament_block

STACK_RULES = ("reset", "carry")


def _positive(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{name} must be an int >= 1, got {value!r}")
    return value


def _agents(agents: Sequence[AgentSpec]) -> tuple[tuple[AgentSpec, ...], tuple[str, ...]]:
    if isinstance(agents, str):
        agents = agents.split(",")
    specs = tuple(agents)
    if not 2 <= len(specs) <= 10:
        raise ValueError(f"2 to 10 agents are needed, got {len(specs)}")
    for spec in specs:
        make_agent(spec)     # a bad name fails here, before any worker starts
    return specs, tuple(agent_label(s) for s in specs)


def _seed(seed: Optional[int]) -> int:
    if seed is None:
        return secrets.randbits(63)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be an int >= 0 or None, got {seed!r}")
    return seed


def simulate(agents: Sequence[AgentSpec], structure: Structure, game: str = "hilo",
             hands: int = 10_000, *, seats: Optional[int] = None,
             stack: Optional[int] = None, stacks: str = "reset",
             blinds: Optional[tuple[int, int]] = None, ante: int = 0,
             big_blind_ante: int = 0, chip: int = 1, rake: Optional[Rake] = None,
             seed: Optional[int] = None, block_size: int = 1000,
             workers: Optional[int] = None, client: Any = None,
             backend: Optional[str] = None,
             progress: Optional[Progress] = None) -> SimResult:
    """Play ``hands`` hands of a cash game with one agent per seat and count them.

    ``agents`` are specs (see :data:`~omaha_fast.sim.agents.AgentSpec`), seated in seats
    0, 1, ... of a table of ``seats`` (default: as many as agents). Every player starts
    with ``stack`` chips (default 100 big bets in fixed limit, 100 big blinds otherwise).
    ``stacks="reset"`` restores every stack before each hand, the button moving one seat
    a hand; ``"carry"`` carries stacks from hand to hand within a block of
    ``block_size`` hands, a player who has lost everything buying in again for
    ``stack``. ``seed`` (default: a random one, kept in the result) fixes every card and
    every agent's randomness. ``workers``, ``client`` and ``backend`` say where the
    blocks run (:mod:`omaha_fast.sim.backends`); ``progress(hands_done, hands)`` is called
    as blocks finish.
    """
    specs, labels = _agents(agents)
    hands = _positive("hands", hands)
    block_size = _positive("block_size", block_size)
    if stacks not in STACK_RULES:
        raise ValueError(f"stacks must be 'reset' or 'carry', got {stacks!r}")
    size = len(specs) if seats is None else seats
    if isinstance(size, bool) or not isinstance(size, int) or not len(specs) <= size <= 10:
        raise ValueError(f"seats must be an int from {len(specs)} (the agents) to 10, "
                         f"got {seats!r}")
    table = {"structure": structure, "game": game, "blinds": blinds, "ante": ante,
             "big_blind_ante": big_blind_ante, "chip": chip, "rake": rake}
    big_blind = big_blind_of(table)          # also checks every table setting
    if stack is None:
        stack = 100 * (structure.big_bet if isinstance(structure, FixedLimit) else big_blind)
    stack = _positive("stack", stack)
    root = _seed(seed)
    tasks = [CashTask(specs, labels, table, size, stack, stacks == "carry",
                      min(block_size, hands - first), index, root, first)
             for index, first in enumerate(range(0, hands, block_size))]
    parts: list[Optional[SimResult]] = [None] * len(tasks)
    for i, part in run_blocks(run_cash_block, tasks, sizes=[t.hands for t in tasks],
                              workers=workers, client=client, backend=backend,
                              progress=progress):
        parts[i] = part
    return merge(parts)  # type: ignore[no-any-return]


def tournament(agents: Sequence[AgentSpec], structure: Structure, game: str = "hilo",
               tournaments: int = 100, *, blinds: Optional[tuple[int, int]] = None,
               levels: Optional[Sequence[Level]] = None, hands_per_level: int = 10,
               stack: Optional[int] = None, payouts: Optional[Sequence[int]] = None,
               buy_in: int = 100, chip: int = 1, seed: Optional[int] = None,
               block_size: int = 10, workers: Optional[int] = None, client: Any = None,
               backend: Optional[str] = None,
               progress: Optional[Progress] = None) -> TournamentResult:
    """Play ``tournaments`` single-table tournaments, one agent per seat.

    The blinds start at ``structure`` (with ``blinds`` for pot and no limit) and grow by
    half every ``hands_per_level`` hands (:func:`~omaha_fast.sim.tourney.blind_schedule`),
    unless ``levels`` gives the schedule. Stacks start at ``stack`` (default 50 big bets
    in fixed limit, 50 big blinds otherwise). ``payouts`` are percents of the prize pool
    (``buy_in`` per player) by place (default
    :func:`~omaha_fast.sim.tourney.default_payouts`). Seeds, blocks and backends as in
    :func:`simulate` (``block_size`` tournaments a block).
    """
    specs, labels = _agents(agents)
    tournaments = _positive("tournaments", tournaments)
    block_size = _positive("block_size", block_size)
    hands_per_level = _positive("hands_per_level", hands_per_level)
    buy_in = _positive("buy_in", buy_in)
    schedule = tuple(levels) if levels is not None else blind_schedule(structure, blinds)
    if not schedule or not all(isinstance(lv, Level) for lv in schedule):
        raise ValueError("levels must be a non-empty sequence of Level(...)")
    table = {"game": game, "chip": chip}
    first = schedule[0]
    big_blind = big_blind_of({"structure": first.structure, "blinds": first.blinds, **table})
    if stack is None:
        stack = 50 * (first.structure.big_bet if isinstance(first.structure, FixedLimit)
                      else big_blind)
    stack = _positive("stack", stack)
    pay = tuple(payouts) if payouts is not None else default_payouts(len(specs))
    if not pay or sum(pay) != 100 or any(isinstance(p, bool) or not isinstance(p, int)
                                         or p < 0 for p in pay) or len(pay) > len(specs):
        raise ValueError(f"payouts must be whole percents adding up to 100, at most one "
                         f"per player, got {payouts!r}")
    root = _seed(seed)
    tasks = [TourneyTask(specs, labels, table, schedule, hands_per_level, stack, pay, buy_in,
                         min(block_size, tournaments - start), index, root, start)
             for index, start in enumerate(range(0, tournaments, block_size))]
    parts: list[Optional[TournamentResult]] = [None] * len(tasks)
    for i, part in run_blocks(run_tournament_block, tasks, sizes=[t.tournaments for t in tasks],
                              workers=workers, client=client, backend=backend,
                              progress=progress):
        parts[i] = part
    return merge(parts)  # type: ignore[no-any-return]


__all__ = ["simulate", "tournament", "STACK_RULES"]
