"""Cash games: one block of hands at one table, from a seed, as a pure function.

A block is the unit of work every backend runs (a local process or a Dask task): its
result depends only on its :class:`CashTask`, so the same root seed gives the same total
whatever runs the blocks.

Stacks: with ``carry=False`` (the default of :func:`omaha_fast.sim.simulate`) every hand
starts with every player at ``stack`` and the button on the next seat; with
``carry=True`` stacks carry from hand to hand within a block (each block starts fresh)
and a player who has lost every chip buys in again for ``stack``.

>>> from omaha_fast import FixedLimit
>>> task = CashTask(agents=("station", "station"), labels=("a", "b"),
...                 table={"structure": FixedLimit(10, 20)}, seats=2, stack=400,
...                 carry=False, hands=50, block=0, seed=7, first=0)
>>> r = run_cash_block(task)
>>> r.hands, r.agents[0].net + r.agents[1].net, r.agents[0].showdowns
(50, 0, 50)
"""

from __future__ import annotations

import hashlib
import random
from typing import Any, NamedTuple

from ..agents import AgentSpec, make_agent
from ..game.structures import describe_structure
from ..game.table import Table
from .play import Tally, play_hand
from .stats import Block, SimResult


def block_seed(root: int, index: int) -> int:
    """The seed of block ``index``: a hash of the root seed and the index, so any block
    can be run on its own, anywhere, in any order.

    >>> block_seed(1, 0) == block_seed(1, 0) != block_seed(1, 1)
    True
    """
    digest = hashlib.blake2b(f"omaha_fast.sim:{root}:{index}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "little")


def big_blind_of(table: dict[str, Any]) -> int:
    """The big blind of a table made from these keywords."""
    from ..game.rules import Rules
    rules = Rules(**{k: v for k, v in table.items() if k in
                     ("structure", "game", "blinds", "ante", "big_blind_ante", "chip",
                      "button_rule", "odd_chips", "rake")})
    assert rules.blinds is not None
    return rules.blinds[1]


class CashTask(NamedTuple):
    """Everything one block needs: the agents (specs, built in the worker) and their
    labels, the Table keywords, the table size, the starting stack, the stack rule, the
    number of hands, the block index, the root seed and the run's number of the block's
    first hand."""

    agents: tuple[AgentSpec, ...]
    labels: tuple[str, ...]
    table: dict[str, Any]
    seats: int
    stack: int
    carry: bool
    hands: int
    block: int
    seed: int
    first: int


def setup_agents(agents: list[Any], table: Table) -> None:
    """Tell every agent with a ``setup`` hook the table's rules."""
    for agent in agents:
        setup = getattr(agent, "setup", None)
        if setup is not None:
            setup(table.rules)


def _reset_agents(agents: list[Any], rng: random.Random) -> None:
    for agent in agents:
        seed = rng.getrandbits(63)
        reset = getattr(agent, "reset", None)
        if reset is not None:
            reset(seed)


def run_cash_block(task: CashTask) -> SimResult:
    """Play one block of cash hands and count them."""
    rng = random.Random(block_seed(task.seed, task.block))
    k = len(task.agents)
    agents = [make_agent(spec) for spec in task.agents]
    _reset_agents(agents, rng)
    by_seat = dict(enumerate(agents))
    labels = dict(enumerate(task.labels))
    entry = {i: i for i in range(k)}
    observers = [(seat, a.observe) for seat, a in by_seat.items()
                 if callable(getattr(a, "observe", None))]
    tally = Tally(k)
    kw = task.table
    stacks = [task.stack] * k
    bits = rng.getrandbits
    table = Table(seats=task.seats, stacks=stacks, button=task.first % k, seed=bits(63), **kw)
    setup_agents(agents, table)
    for n in range(task.hands):
        number = task.first + n
        if not task.carry:
            hand = Table(seats=task.seats, stacks=stacks, button=number % k,
                         **kw).start_hand(seed=bits(64))
        else:
            for seat, chips in table.stacks.items():
                if chips == 0:
                    table.add_chips(seat, task.stack)
            hand = table.start_hand()
        play_hand(hand, by_seat, labels, f"hand {number + 1} (block {task.block}, "
                                         f"seed {task.seed})")
        tally.add(hand, entry)
        for seat, observe in observers:
            observe(hand.view(seat))
    return SimResult(seed=task.seed, big_blind=big_blind_of(kw), game=kw.get("game", "hilo"),
                     structure=describe_structure(kw["structure"], table.rules.blinds),
                     hands=task.hands, rake=tally.rake,
                     agents=tally.stats(task.labels),
                     blocks=(Block(task.block, task.hands, tuple(tally.net),
                                   tuple(tally.net_sq), tally.rake),))


__all__ = ["CashTask", "run_cash_block", "block_seed", "big_blind_of"]
