"""simulate() for cash games and tournament() for sit-and-gos, on any backend.

Both split the work into fixed blocks (``block_size`` hands, or tournaments) whose seeds
come from the root seed and the block's index alone, run them where asked (see
:mod:`omaha_fast.runner`) and add the results in block order: the same seed gives
the same result whatever ``workers`` is and whether it ran locally or on Dask. Blocks are
planned as they are needed, so ``hands`` may be as large as you like: memory does not grow
with it. ``out=`` keeps a results file as the run goes, which ``resume=True`` continues
(:mod:`omaha_fast.sim.runfile`). The structure is an object or its text (``"fl:10/20"``,
``"pl:1/2"``, ``"nl:1/2"``, ``"pot-limit"``...: :func:`~omaha_fast.game.structures.
parse_structure`).

>>> from omaha_fast import FixedLimit
>>> r = simulate(["station", "random", "random"], FixedLimit(10, 20), hands=300, seed=1,
...              workers=1, block_size=100)
>>> r.hands, sum(a.net for a in r.agents), len(r.blocks)
(300, 0, 3)
>>> r == simulate(["station", "random", "random"], "fl:10/20", hands=300, seed=1,
...               workers=1, block_size=100)
True
>>> simulate(["station", "random"], "pl:1/2", hands=50, seed=1, workers=1).structure
'pl 1/2'
>>> simulate(["station", "random"], "fl:10/20", hands=0)
Traceback (most recent call last):
...
omaha_fast.errors.InvalidValueError: hands must be an int >= 1, got 0
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Optional, Union

from .._checks import check_choice, check_int, is_int
from ..agents import AgentSpec, agent_label, make_agent
from ..errors import InvalidTypeError, InvalidValueError
from ..game.rules import Rake
from ..game.structures import FixedLimit, Structure, describe_structure, parse_structure
from ..runner import Progress, run_blocks
from .cash import CashTask, big_blind_of, run_cash_block
from .runfile import FORMAT, RunFile, read_run_file
from .stats import Merger, SimResult, TournamentResult
from .tourney import Level, TourneyTask, blind_schedule, default_payouts, run_tournament_block

STACK_RULES = ("reset", "carry")

PathLike = Union[str, "os.PathLike[str]"]


def _positive(name: str, value: Any) -> int:
    return check_int(value, name, low=1)


def _agents(agents: Sequence[AgentSpec]) -> tuple[tuple[AgentSpec, ...], tuple[str, ...]]:
    if isinstance(agents, str):
        agents = agents.split(",")
    specs = tuple(agents)
    if not 2 <= len(specs) <= 10:
        raise InvalidValueError(f"2 to 10 agents are needed, got {len(specs)}")
    for spec in specs:
        make_agent(spec)     # a bad name fails here, before any worker starts
    return specs, tuple(agent_label(s) for s in specs)


def _seed(seed: Optional[int]) -> int:
    if seed is None:
        return secrets.randbits(63)
    return check_int(seed, "seed", low=0)


def _structure(structure: Union[str, Structure], blinds: Optional[tuple[int, int]]
               ) -> tuple[Structure, Optional[tuple[int, int]]]:
    """The structure object and the blinds, from an object or a text; blinds named by the
    text and by ``blinds=`` must agree."""
    big = None
    if isinstance(blinds, (tuple, list)) and len(blinds) == 2 and is_int(blinds[1]):
        big = int(blinds[1])
    parsed, named = parse_structure(structure, big_blind=big)
    if named is not None:
        if blinds is not None and tuple(blinds) != named:
            raise InvalidValueError(f"structure {structure!r} names the blinds {named[0]}/"
                                    f"{named[1]} but blinds={tuple(blinds)!r}")
        blinds = named
    return parsed, blinds


def _label_or_spec(spec: AgentSpec) -> str:
    return spec if isinstance(spec, str) else agent_label(spec)


def _resumed_seed(seed: Optional[int], out: Optional[PathLike], resume: bool) -> Optional[int]:
    """A run resumed without a seed takes the one its results file was started with."""
    if seed is None and resume and out is not None and os.path.exists(out):
        saved = read_run_file(os.fspath(out))[0].get("seed")
        return saved if isinstance(saved, int) else None
    return seed


def _play(settings: dict[str, Any], fn: Callable[[Any], Any], task: Callable[[int], Any],
          count: int, size: Callable[[int], int], total: int, out: Optional[PathLike],
          resume: bool, progress: Optional[Progress], **where: Any) -> Any:
    """Run blocks ``0..count-1`` (those not in the results file yet) and add them up."""
    if out is not None and not isinstance(out, (str, os.PathLike)):
        raise InvalidTypeError(f"out must be a file path, got {out!r}")
    runfile = RunFile.open(os.fspath(out), settings, resume=resume) if out is not None \
        else None
    merger = Merger()
    try:
        done = dict(runfile.parts) if runfile is not None else {}
        before = 0
        for index in sorted(done):
            merger.add(done[index])
            before += size(index)

        def todo() -> Iterator[int]:
            return (i for i in range(count) if i not in done)

        report = progress
        if progress is not None and before:
            def report(n: int, _: int) -> Any:
                return progress(before + n, total)
        blocks = run_blocks(fn, (task(i) for i in todo()), sizes=(size(i) for i in todo()),
                            total=total - before, progress=report, **where)
        try:
            for _, part in blocks:
                if runfile is not None:
                    runfile.write(part)
                merger.add(part)
        finally:
            blocks.close()    # now, not when the traceback goes: the workers stop here
        result = merger.result()
        if runfile is not None:
            runfile.finish(result)
        return result
    finally:
        if runfile is not None:
            runfile.close()


def simulate(agents: Sequence[AgentSpec], structure: Union[str, Structure],
             game: str = "hilo", hands: int = 10_000, *, seats: Optional[int] = None,
             stack: Optional[int] = None, stacks: str = "reset",
             blinds: Optional[tuple[int, int]] = None, ante: int = 0,
             big_blind_ante: int = 0, chip: int = 1, rake: Optional[Rake] = None,
             seed: Optional[int] = None, block_size: int = 1000,
             workers: Optional[int] = None, client: Any = None,
             backend: Optional[str] = None,
             progress: Optional[Progress] = None, out: Optional[PathLike] = None,
             resume: bool = False, timeout: Optional[float] = None,
             verbose: bool = False, dashboard: Optional[str] = None) -> SimResult:
    """Play ``hands`` hands of a cash game with one agent per seat and count them.

    ``agents`` are specs (see :data:`~omaha_fast.agents.AgentSpec`), seated in seats
    0, 1, ... of a table of ``seats`` (default: as many as agents). ``structure`` is a
    structure object or its text (``"fl:10/20"``, ``"pl:1/2"``...). Every player starts
    with ``stack`` chips (default 100 big bets in fixed limit, 100 big blinds otherwise).
    ``stacks="reset"`` restores every stack before each hand, the button moving one seat
    a hand; ``"carry"`` carries stacks from hand to hand within a block of
    ``block_size`` hands, a player who has lost everything buying in again for
    ``stack``. ``seed`` (default: a random one, kept in the result) fixes every card and
    every agent's randomness. ``workers``, ``client`` and ``backend`` say where the
    blocks run, ``timeout`` how long to wait for a Dask scheduler and its workers and
    ``verbose`` whether Dask may log, ``dashboard`` where the embedded Dask cluster serves
    its dashboard (:mod:`omaha_fast.runner`); ``progress(hands_done, hands)`` is called
    as blocks finish. ``out`` is a results file written as blocks finish; with
    ``resume=True`` the blocks already in it are not played again
    (:mod:`omaha_fast.sim.runfile`).
    """
    specs, labels = _agents(agents)
    hands = _positive("hands", hands)
    block_size = _positive("block_size", block_size)
    check_choice(stacks, STACK_RULES, "stacks")
    structure, blinds = _structure(structure, blinds)
    size = len(specs) if seats is None else seats
    if not is_int(size) or not len(specs) <= size <= 10:
        raise InvalidValueError(f"seats must be an int from {len(specs)} (the agents) to "
                                f"10, got {seats!r}")
    table = {"structure": structure, "game": game, "blinds": blinds, "ante": ante,
             "big_blind_ante": big_blind_ante, "chip": chip, "rake": rake}
    big_blind = big_blind_of(table)          # also checks every table setting
    if stack is None:
        stack = 100 * (structure.big_bet if isinstance(structure, FixedLimit) else big_blind)
    stack = _positive("stack", stack)
    root = _seed(_resumed_seed(seed, out, resume))
    carry = stacks == "carry"
    settings = {"run": "simulate", "format": FORMAT,
                "agents": [_label_or_spec(s) for s in specs], "labels": list(labels),
                "structure": describe_structure(structure, blinds),
                "structure_repr": repr(structure), "blinds": blinds, "game": game,
                "hands": hands, "seats": size, "stack": stack, "stacks": stacks,
                "ante": ante, "big_blind_ante": big_blind_ante, "chip": chip,
                "rake": None if rake is None else repr(rake), "seed": root,
                "block_size": block_size}

    def task(index: int) -> CashTask:
        first = index * block_size
        return CashTask(specs, labels, table, size, stack, carry,
                        min(block_size, hands - first), index, root, first)

    count = -(-hands // block_size)
    result: SimResult = _play(
        settings, run_cash_block, task, count,
        lambda i: min(block_size, hands - i * block_size), hands, out, resume, progress,
        workers=workers, client=client, backend=backend, timeout=timeout, verbose=verbose,
        dashboard=dashboard)
    return result


def tournament(agents: Sequence[AgentSpec], structure: Union[str, Structure],
               game: str = "hilo", tournaments: int = 100, *,
               blinds: Optional[tuple[int, int]] = None,
               levels: Optional[Sequence[Level]] = None, hands_per_level: int = 10,
               stack: Optional[int] = None, payouts: Optional[Sequence[int]] = None,
               buy_in: int = 100, chip: int = 1, seed: Optional[int] = None,
               block_size: int = 10, workers: Optional[int] = None, client: Any = None,
               backend: Optional[str] = None,
               progress: Optional[Progress] = None, out: Optional[PathLike] = None,
               resume: bool = False, timeout: Optional[float] = None,
               verbose: bool = False, dashboard: Optional[str] = None) -> TournamentResult:
    """Play ``tournaments`` single-table tournaments, one agent per seat.

    The blinds start at ``structure`` (an object or its text, with ``blinds`` for pot and
    no limit unless the text names them) and grow by half every ``hands_per_level``
    hands (:func:`~omaha_fast.sim.tourney.blind_schedule`), unless ``levels`` gives the
    schedule. Stacks start at ``stack`` (default 50 big bets in fixed limit, 50 big
    blinds otherwise). ``payouts`` are percents of the prize pool (``buy_in`` per player)
    by place (default :func:`~omaha_fast.sim.tourney.default_payouts`). Seeds, blocks,
    backends and results files as in :func:`simulate` (``block_size`` tournaments a
    block).
    """
    specs, labels = _agents(agents)
    tournaments = _positive("tournaments", tournaments)
    block_size = _positive("block_size", block_size)
    hands_per_level = _positive("hands_per_level", hands_per_level)
    buy_in = _positive("buy_in", buy_in)
    structure, blinds = _structure(structure, blinds)
    schedule = tuple(levels) if levels is not None else blind_schedule(structure, blinds)
    if not schedule or not all(isinstance(lv, Level) for lv in schedule):
        raise InvalidValueError("levels must be a non-empty sequence of Level(...)")
    table = {"game": game, "chip": chip}
    first = schedule[0]
    big_blind = big_blind_of({"structure": first.structure, "blinds": first.blinds, **table})
    if stack is None:
        stack = 50 * (first.structure.big_bet if isinstance(first.structure, FixedLimit)
                      else big_blind)
    stack = _positive("stack", stack)
    pay = tuple(payouts) if payouts is not None else default_payouts(len(specs))
    if not pay or sum(pay) != 100 or any(not is_int(p) or p < 0 for p in pay) or \
            len(pay) > len(specs):
        raise InvalidValueError(f"payouts must be whole percents adding up to 100, at most "
                                f"one per player, got {payouts!r}")
    root = _seed(_resumed_seed(seed, out, resume))
    settings = {"run": "tournament", "format": FORMAT,
                "agents": [_label_or_spec(s) for s in specs], "labels": list(labels),
                "structure": describe_structure(structure, blinds),
                "structure_repr": repr(structure), "blinds": blinds,
                "levels": None if levels is None else repr(schedule), "game": game,
                "tournaments": tournaments, "hands_per_level": hands_per_level,
                "stack": stack, "payouts": list(pay), "buy_in": buy_in, "chip": chip,
                "seed": root, "block_size": block_size}

    def task(index: int) -> TourneyTask:
        start = index * block_size
        return TourneyTask(specs, labels, table, schedule, hands_per_level, stack, pay,
                           buy_in, min(block_size, tournaments - start), index, root, start)

    count = -(-tournaments // block_size)
    result: TournamentResult = _play(
        settings, run_tournament_block, task, count,
        lambda i: min(block_size, tournaments - i * block_size), tournaments, out, resume,
        progress, workers=workers, client=client, backend=backend, timeout=timeout,
        verbose=verbose, dashboard=dashboard)
    return result


__all__ = ["simulate", "tournament", "STACK_RULES"]
