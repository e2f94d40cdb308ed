"""Results that add up: per-agent counts from blocks of hands, merged in any order.

Every figure is kept as an integer count or sum (chips, chips squared, hands), so merging
partial results is exact and the same whatever order blocks finish in; rates and
intervals are worked out from the counts when read.

Confidence interval: big blinds per 100 hands is ``100 * mean / big_blind`` where
``mean`` is the agent's mean net chips per hand; its 95% interval is the normal
(Wald) interval ``mean +- 1.96 * s / sqrt(n)`` with ``s`` the sample standard deviation of
the per-hand net (stacks reset every hand make hands independent; with carried stacks it
is an approximation).

>>> a = AgentStats("x", hands=4, net=20, net_sq=400, vpip=2)
>>> b = AgentStats("x", hands=4, net=-20, net_sq=400, vpip=1)
>>> (a + b).hands, (a + b).net, (a + b).vpip_rate
(8, 0, 0.375)
>>> (a + b).bb_per_100(10)
0.0
>>> [round(x, 3) for x in (a + b).bb_ci(10)]
[-74.08, 74.08]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, Optional

from ..errors import InvalidValueError

Z95 = 1.959963984540054
"""The two-sided 95% normal quantile."""


def _ratio(num: int, den: int) -> float:
    return num / den if den else 0.0


@dataclass(frozen=True)
class AgentStats:
    """One agent's counts over the hands it played.

    ``hands`` dealt in; ``net`` chips won (minus lost) and ``net_sq`` the sum of squared
    per-hand nets; ``vpip`` hands with chips put in voluntarily preflop (blinds alone do
    not count), ``pfr`` hands raised (or bet) preflop; ``saw_flop`` hands still in when
    the flop came; ``showdowns`` hands still in at a showdown, ``won_showdown`` of those
    with chips won; ``scoops`` showdowns where it alone won every pot it was in (both
    halves, or the whole pot when nobody had a low); ``quartered`` showdowns where it
    shared half of the main pot with one other player and won none of the other half.
    """

    label: str
    hands: int = 0
    net: int = 0
    net_sq: int = 0
    vpip: int = 0
    pfr: int = 0
    saw_flop: int = 0
    showdowns: int = 0
    won_showdown: int = 0
    scoops: int = 0
    quartered: int = 0

    def __add__(self, other: AgentStats) -> AgentStats:
        if other.label != self.label:
            raise InvalidValueError(f"cannot add the stats of {other.label!r} to {self.label!r}")
        return AgentStats(self.label, *(getattr(self, f.name) + getattr(other, f.name)
                                        for f in fields(self)[1:]))

    @property
    def mean(self) -> float:
        """Mean net chips per hand."""
        return _ratio(self.net, self.hands)

    @property
    def std(self) -> float:
        """Sample standard deviation of the per-hand net (chips)."""
        n = self.hands
        if n < 2:
            return 0.0
        return math.sqrt(max(self.net_sq - self.net * self.net / n, 0.0) / (n - 1))

    def bb_per_100(self, big_blind: int) -> float:
        """Big blinds won per 100 hands."""
        return 100.0 * self.mean / big_blind

    def bb_ci(self, big_blind: int, z: float = Z95) -> tuple[float, float]:
        """The 95% interval of :meth:`bb_per_100` (normal interval, see the module doc)."""
        half = 100.0 * z * self.std / math.sqrt(self.hands) / big_blind if self.hands else 0.0
        centre = self.bb_per_100(big_blind)
        return centre - half, centre + half

    @property
    def vpip_rate(self) -> float:
        return _ratio(self.vpip, self.hands)

    @property
    def pfr_rate(self) -> float:
        return _ratio(self.pfr, self.hands)

    @property
    def wtsd_rate(self) -> float:
        """Went to showdown: showdowns per hand that saw the flop."""
        return _ratio(self.showdowns, self.saw_flop)

    @property
    def wsd_rate(self) -> float:
        """Won (some chips) at showdown: per showdown."""
        return _ratio(self.won_showdown, self.showdowns)

    def to_dict(self, big_blind: int) -> dict[str, Any]:
        low, high = self.bb_ci(big_blind)
        data: dict[str, Any] = {f.name: getattr(self, f.name) for f in fields(self)}
        data.update(bb_per_100=self.bb_per_100(big_blind), bb_per_100_ci95=[low, high],
                    vpip_rate=self.vpip_rate, pfr_rate=self.pfr_rate,
                    wtsd_rate=self.wtsd_rate, wsd_rate=self.wsd_rate)
        return data


@dataclass(frozen=True)
class Block:
    """One block's totals, kept for plots and checks: its index, hands, each agent's net
    chips and sum of squared per-hand nets, and the rake."""

    index: int
    hands: int
    net: tuple[int, ...]
    net_sq: tuple[int, ...]
    rake: int = 0


@dataclass(frozen=True)
class SimResult:
    """A cash-game simulation's result (or part of one: results add up with ``+``).

    ``agents`` are in seat order; ``rake`` is what the house took, so the agents' nets
    sum to ``-rake``; ``blocks`` are sorted by index.
    """

    seed: int
    big_blind: int
    game: str
    structure: str
    hands: int
    rake: int
    agents: tuple[AgentStats, ...]
    blocks: tuple[Block, ...] = field(default=(), repr=False)

    def __add__(self, other: SimResult) -> SimResult:
        if (other.seed, other.big_blind, other.game, other.structure) != \
                (self.seed, self.big_blind, self.game, self.structure) or \
                [a.label for a in other.agents] != [a.label for a in self.agents]:
            raise InvalidValueError("only parts of the same simulation (seed, game, structure, "
                             "agents) can be added")
        blocks = sorted(self.blocks + other.blocks, key=lambda b: b.index)
        if len({b.index for b in blocks}) != len(blocks):
            raise InvalidValueError("the two results share a block: a part was counted twice")
        return replace(self, hands=self.hands + other.hands, rake=self.rake + other.rake,
                       agents=tuple(a + b for a, b in zip(self.agents, other.agents)),
                       blocks=tuple(blocks))

    def to_dict(self) -> dict[str, Any]:
        """Plain data, for JSON."""
        return {"seed": self.seed, "game": self.game, "structure": self.structure,
                "big_blind": self.big_blind, "hands": self.hands, "rake": self.rake,
                "agents": [a.to_dict(self.big_blind) for a in self.agents]}

    def table(self) -> str:
        """A readable table, one line per agent."""
        head = (f"{'seat':>4} {'agent':<12} {'hands':>9} {'bb/100':>8} {'95% interval':>19} "
                f"{'VPIP':>6} {'PFR':>6} {'WTSD':>6} {'W$SD':>6} {'scoops':>7} {'quart':>6}")
        lines = [f"{self.game} {self.structure}, {self.hands:,} hands, seed {self.seed}"
                 + (f", rake {self.rake:,}" if self.rake else ""), head]
        for seat, a in enumerate(self.agents):
            low, high = a.bb_ci(self.big_blind)
            lines.append(f"{seat:>4} {a.label[:12]:<12} {a.hands:>9,} "
                         f"{a.bb_per_100(self.big_blind):>8.2f} "
                         f"[{low:>8.2f}, {high:>8.2f}] {a.vpip_rate:>6.1%} "
                         f"{a.pfr_rate:>6.1%} {a.wtsd_rate:>6.1%} {a.wsd_rate:>6.1%} "
                         f"{a.scoops:>7,} {a.quartered:>6,}")
        return "\n".join(lines)


def merge(results: Sequence[Any]) -> Any:
    """The sum of partial results (any order gives the same result), in time linear in
    the number of parts."""
    total = Merger()
    for r in results:
        total.add(r)
    return total.result()


class Merger:
    """Adds partial results one at a time (:class:`SimResult` or
    :class:`TournamentResult`): the counts as they come, the block records (``blocks``,
    ``indices``) collected and sorted once at the end, so a long run costs time linear in
    its blocks.

    >>> m = Merger()
    >>> m.count
    0
    """

    def __init__(self) -> None:
        self._total: Optional[Any] = None
        self._records: list[Any] = []
        self.count = 0

    def add(self, part: Any) -> None:
        """Count one more part."""
        key = "blocks" if isinstance(part, SimResult) else "indices"
        records = getattr(part, key)
        bare = replace(part, **{key: ()})
        self._total = bare if self._total is None else self._total + bare
        self._records.extend(records)
        self.count += 1

    def result(self) -> Any:
        """The sum of the parts added so far."""
        if self._total is None:
            raise InvalidValueError("nothing to merge")
        if isinstance(self._total, SimResult):
            records = sorted(self._records, key=lambda b: b.index)
            seen = {b.index for b in records}
            key = "blocks"
        else:
            records = sorted(self._records)
            seen = set(records)
            key = "indices"
        if len(seen) != len(records):
            raise InvalidValueError("two parts share a block: a part was counted twice")
        return replace(self._total, **{key: tuple(records)})


@dataclass(frozen=True)
class PlaceStats:
    """One agent's tournament finishes: ``places[i]`` counts finishes in place ``i + 1``;
    ``prizes`` and ``buy_ins`` are in the same unit (chips of the prize pool)."""

    label: str
    entries: int = 0
    places: tuple[int, ...] = ()
    prizes: int = 0
    buy_ins: int = 0

    def __add__(self, other: PlaceStats) -> PlaceStats:
        if other.label != self.label:
            raise InvalidValueError(f"cannot add the stats of {other.label!r} to {self.label!r}")
        size = max(len(self.places), len(other.places))
        a = self.places + (0,) * (size - len(self.places))
        b = other.places + (0,) * (size - len(other.places))
        return PlaceStats(self.label, self.entries + other.entries,
                          tuple(x + y for x, y in zip(a, b)), self.prizes + other.prizes,
                          self.buy_ins + other.buy_ins)

    @property
    def roi(self) -> float:
        """Return on investment: (prizes - buy-ins) / buy-ins."""
        return _ratio(self.prizes - self.buy_ins, self.buy_ins)

    @property
    def mean_place(self) -> float:
        return _ratio(sum((i + 1) * c for i, c in enumerate(self.places)), self.entries)

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "entries": self.entries, "places": list(self.places),
                "prizes": self.prizes, "buy_ins": self.buy_ins, "roi": self.roi,
                "mean_place": self.mean_place}


@dataclass(frozen=True)
class TournamentResult:
    """Single-table tournaments: finishes and prizes per agent (seat order), plus the
    hand statistics of every hand played. Results add up with ``+``."""

    seed: int
    game: str
    structure: str
    tournaments: int
    hands: int
    places: tuple[PlaceStats, ...]
    agents: tuple[AgentStats, ...]
    indices: tuple[int, ...] = field(default=(), repr=False)

    def __add__(self, other: TournamentResult) -> TournamentResult:
        if (other.seed, other.game, other.structure) != (self.seed, self.game,
                                                         self.structure) or \
                [a.label for a in other.places] != [a.label for a in self.places]:
            raise InvalidValueError("only parts of the same tournament run can be added")
        indices = sorted(self.indices + other.indices)
        if len(set(indices)) != len(indices):
            raise InvalidValueError("the two results share a block: a part was counted twice")
        return replace(self, tournaments=self.tournaments + other.tournaments,
                       hands=self.hands + other.hands,
                       places=tuple(a + b for a, b in zip(self.places, other.places)),
                       agents=tuple(a + b for a, b in zip(self.agents, other.agents)),
                       indices=tuple(indices))

    def to_dict(self) -> dict[str, Any]:
        return {"seed": self.seed, "game": self.game, "structure": self.structure,
                "tournaments": self.tournaments, "hands": self.hands,
                "agents": [dict(p.to_dict(), **{k: v for k, v in a.to_dict(1).items()
                                                if k in ("hands", "vpip_rate", "pfr_rate",
                                                         "wtsd_rate", "wsd_rate")})
                           for p, a in zip(self.places, self.agents)]}

    def table(self) -> str:
        n = len(self.places)
        places = " ".join(f"{'#' + str(i + 1):>6}" for i in range(n))
        lines = [f"{self.game} {self.structure} sit-and-go, {self.tournaments:,} "
                 f"tournaments, {self.hands:,} hands, seed {self.seed}",
                 f"{'seat':>4} {'agent':<12} {'ROI':>8} {'mean':>5} {places} "
                 f"{'VPIP':>6} {'PFR':>6}"]
        for seat, (p, a) in enumerate(zip(self.places, self.agents)):
            counts = " ".join(f"{c:>6,}" for c in p.places)
            lines.append(f"{seat:>4} {p.label[:12]:<12} {p.roi:>8.1%} {p.mean_place:>5.2f} "
                         f"{counts} {a.vpip_rate:>6.1%} {a.pfr_rate:>6.1%}")
        return "\n".join(lines)


__all__ = ["AgentStats", "Block", "SimResult", "PlaceStats", "TournamentResult", "merge",
           "Merger",
           "Z95"]
