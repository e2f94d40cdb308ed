"""Single-table tournaments (sit-and-go): blind levels, eliminations, places and prizes.

The first button is drawn by high card (suits spades > hearts > diamonds > clubs, as the
rule book says); the blinds go up every ``hands_per_level`` hands. Players knocked out
in the same hand are placed by their stacks at the start of that hand (more chips, better
place); with equal stacks they take the places in seat order and share those places'
prizes equally. A tournament ends when one player holds every chip.

At a level change the table is set up again with the new blinds and the button on the
next player, as at a new table (within a level the table's own button rule applies).

>>> from omaha_fast import FixedLimit
>>> levels = blind_schedule(FixedLimit(10, 20), levels=12)
>>> [lv.structure.small_bet for lv in levels[:5]]
[10, 15, 22, 33, 50]
>>> f = play_tournament(["station", "random", "random"], levels=levels, hands_per_level=10,
...                     stack=300, payouts=(100,), buy_in=10, seed=1)
>>> sorted(f.places), sum(f.prizes), max(f.chips) == sum(f.chips) == 900
([1, 2, 3], 30, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NamedTuple, Optional

from ..agents import AgentSpec, make_agent
from ..errors import InvalidValueError, OmahaError
from ..game.structures import FixedLimit, NoLimit, PotLimit, Structure, describe_structure
from ..game.table import Table
from .cash import _reset_agents, block_seed, setup_agents
from .play import Tally, play_hand
from .stats import PlaceStats, TournamentResult


class EndlessTournamentError(OmahaError, RuntimeError):
    """A tournament did not end within its limit of hands (agents that never put chips
    at risk)."""


class Level(NamedTuple):
    """One blind level: the betting structure, the blinds (None: the fixed-limit
    default) and the ante."""

    structure: Structure
    blinds: Optional[tuple[int, int]] = None
    ante: int = 0


def blind_schedule(structure: Structure, blinds: Optional[tuple[int, int]] = None, *,
                   levels: int = 30, growth: float = 1.5) -> tuple[Level, ...]:
    """Levels that grow by ``growth`` each (amounts rounded down, always rising); the
    last level repeats once reached.

    >>> [lv.blinds for lv in blind_schedule(NoLimit(), (5, 10), levels=4)]
    [(5, 10), (7, 15), (11, 22), (16, 33)]
    """
    if levels < 1:
        raise InvalidValueError(f"levels must be >= 1, got {levels}")
    if not growth > 1:
        raise InvalidValueError(f"growth must be > 1, got {growth}")
    out: list[Level] = []
    for k in range(levels):
        m = growth ** k

        def up(x: int, prev: Optional[int], m: float = m) -> int:
            value = int(x * m)
            return value if prev is None or value > prev else prev + 1
        if isinstance(structure, FixedLimit):
            prev = out[-1].structure if out else None
            small = up(structure.small_bet, prev.small_bet if prev else None)  # type: ignore[union-attr]
            big = max(up(structure.big_bet, prev.big_bet if prev else None), small)  # type: ignore[union-attr]
            lv = Level(FixedLimit(small, big, structure.cap, structure.uncap_heads_up))
            if blinds is not None:
                lv = lv._replace(blinds=(int(blinds[0] * m), int(blinds[1] * m)))
        else:
            if blinds is None:
                raise InvalidValueError(f"{structure.name} needs blinds=(small, big)")
            prev_b = out[-1].blinds if out else None
            big = up(blinds[1], prev_b[1] if prev_b else None)
            lv = Level(PotLimit() if isinstance(structure, PotLimit) else NoLimit(),
                       (min(int(blinds[0] * m), big), big))
        out.append(lv)
    return tuple(out)


def default_payouts(players: int) -> tuple[int, ...]:
    """Percent of the prize pool by place: winner takes all up to 3 players, 65/35 up to
    6, then 50/30/20."""
    if players <= 3:
        return (100,)
    return (65, 35) if players <= 6 else (50, 30, 20)


class Finish(NamedTuple):
    """One tournament's outcome by entry: ``places`` (1 = winner), ``prizes``, final
    ``chips``, and the ``hands`` played."""

    places: tuple[int, ...]
    prizes: tuple[int, ...]
    chips: tuple[int, ...]
    hands: int


def _prizes(pool: int, payouts: Sequence[int], n: int) -> list[int]:
    prizes = [pool * p // 100 for p in payouts][:n] + [0] * max(0, n - len(payouts))
    prizes[0] += pool - sum(prizes)   # rounding goes to the winner: the pool is paid out
    return prizes


def play_tournament(agents: Sequence[AgentSpec], *, levels: Sequence[Level],
                    hands_per_level: int, stack: int, payouts: Sequence[int], buy_in: int,
                    seed: int, table: Optional[dict[str, Any]] = None,
                    labels: Optional[Sequence[str]] = None, tally: Optional[Tally] = None,
                    number: int = 0, max_hands: int = 100_000) -> Finish:
    """Play one tournament from ``seed`` (see the module docstring)."""
    n = len(agents)
    rng = random.Random(seed)
    built = [make_agent(spec) for spec in agents]
    _reset_agents(built, rng)
    by_seat = dict(enumerate(built))
    names = dict(enumerate(labels or [str(a) for a in agents]))
    entry = {i: i for i in range(n)}
    kw = dict(table or {})
    bits = rng.getrandbits
    stacks: list[int] = [stack] * n
    places: list[int] = [0] * n
    left = n
    level = 0
    hands = 0

    def new_table(button: Optional[int]) -> Table:
        lv = levels[min(level, len(levels) - 1)]
        return Table(structure=lv.structure, blinds=lv.blinds, ante=lv.ante, seats=n,
                     stacks=[s if s > 0 else None for s in stacks], button=button, **kw)

    t = new_table(None)
    setup_agents(built, t)
    t.draw_for_button(seed=bits(63))
    ties: list[list[int]] = []
    while left > 1:
        if hands and hands % hands_per_level == 0 and level < len(levels) - 1:
            level += 1
            last = t.button
            assert last is not None
            nxt = next(s for s in ((last + step) % n for step in range(1, n + 1))
                       if stacks[s] > 0)
            t = new_table(nxt)
            setup_agents(built, t)
        hand = t.start_hand(seed=bits(64))
        play_hand(hand, by_seat, names, f"hand {hands + 1} of tournament {number + 1} "
                                        f"(seed {seed})")
        if tally is not None:
            tally.add(hand, entry)
        hands += 1
        if hands > max_hands:
            raise EndlessTournamentError(f"tournament {number + 1} did not end in "
                                         f"{max_hands} hands")
        start = hand.starting_stacks
        after = t.stacks
        for s in hand.seats:
            stacks[s] = after[s]
        busted = [s for s in hand.seats if after[s] == 0]
        # fewer chips at the start of the hand: worse place; equal: seat order
        busted.sort(key=lambda s: (start[s], -s))
        for s in busted:
            places[s] = left
            left -= 1
        for chips in {start[s] for s in busted}:
            group = [s for s in busted if start[s] == chips]
            if len(group) > 1:
                ties.append(group)
    winner = next(s for s in range(n) if stacks[s] > 0)
    places[winner] = 1
    prize_of = _prizes(buy_in * n, payouts, n)
    prizes = [prize_of[p - 1] for p in places]
    for group in ties:
        # equal stacks out in the same hand share their places' prizes (odd chips to the
        # better places)
        group.sort(key=lambda s: places[s])
        share, odd = divmod(sum(prizes[s] for s in group), len(group))
        for k, s in enumerate(group):
            prizes[s] = share + (k < odd)
    return Finish(tuple(places), tuple(prizes), tuple(stacks), hands)


class TourneyTask(NamedTuple):
    """One block of tournaments: agents and labels, Table keywords (game, chip, rules),
    levels, hands per level, starting stack, payouts, buy-in, how many, the block index,
    the root seed and the run's number of the block's first tournament."""

    agents: tuple[AgentSpec, ...]
    labels: tuple[str, ...]
    table: dict[str, Any]
    levels: tuple[Level, ...]
    hands_per_level: int
    stack: int
    payouts: tuple[int, ...]
    buy_in: int
    tournaments: int
    block: int
    seed: int
    first: int


def run_tournament_block(task: TourneyTask) -> TournamentResult:
    """Play one block of tournaments and count them."""
    n = len(task.agents)
    tally = Tally(n)
    places = [[0] * n for _ in range(n)]
    prizes = [0] * n
    hands = 0
    for k in range(task.tournaments):
        number = task.first + k
        f = play_tournament(task.agents, levels=task.levels,
                            hands_per_level=task.hands_per_level, stack=task.stack,
                            payouts=task.payouts, buy_in=task.buy_in,
                            seed=block_seed(task.seed, number), table=task.table,
                            labels=task.labels, tally=tally, number=number)
        hands += f.hands
        for i in range(n):
            places[i][f.places[i] - 1] += 1
            prizes[i] += f.prizes[i]
    place_stats = tuple(PlaceStats(label, task.tournaments, tuple(places[i]), prizes[i],
                                   task.buy_in * task.tournaments)
                        for i, label in enumerate(task.labels))
    return TournamentResult(seed=task.seed, game=task.table.get("game", "hilo"),
                            structure=describe_structure(task.levels[0].structure,
                                                      task.levels[0].blinds),
                            tournaments=task.tournaments, hands=hands, places=place_stats,
                            agents=tally.stats(task.labels), indices=(task.block,))


__all__ = ["EndlessTournamentError", "Level", "blind_schedule", "default_payouts", "Finish",
           "play_tournament", "TourneyTask", "run_tournament_block"]
