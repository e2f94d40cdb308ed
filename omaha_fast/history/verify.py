"""Replaying a card-room hand and checking every pot against what the site paid.

The hand is played through the engine with the site's rake: the rake of each pot is the
pot's size less what the summary says it held (all of it from the main pot when the
summary does not list pots). Then, pot by pot, what every player collected is compared
with the engine's award, half by half where the site's lines say which half (Full Tilt)
or list one line per half (PokerStars); then the uncalled bets, the rake and the final
stacks. A disagreement names the hand, the pot and both amounts.

>>> from omaha_fast.history.pokerstars import loads_pokerstars
>>> text = '''PokerStars Hand #7:  Omaha Hi/Lo Limit ($2/$4 USD) - 2009/11/26 10:37:39 ET
... Table 'T' 6-max Seat #1 is the button
... Seat 1: ann ($10 in chips)
... Seat 2: bob ($10 in chips)
... ann: posts small blind $1
... bob: posts big blind $2
... *** HOLE CARDS ***
... ann: calls $1
... bob: checks
... *** FLOP *** [Ah 7s 4c]
... bob: checks
... ann: checks
... *** TURN *** [Ah 7s 4c] [2d]
... bob: checks
... ann: checks
... *** RIVER *** [Ah 7s 4c 2d] [Jh]
... bob: checks
... ann: checks
... *** SHOW DOWN ***
... bob: shows [Kd Kc 9s 9d] (HI: a pair of Kings)
... ann: shows [3h 8d Qd Qs] (HI: a pair of Queens; LO: 8,4,3,2,A)
... bob collected $2 from pot
... ann collected $2 from pot
... *** SUMMARY ***
... Total pot $4 | Rake $0'''
>>> v = verify(loads_pokerstars(text)[0])
>>> v.result, v.pots[0]["replayed"]
('agree', {'bob': 200, 'ann': 200})
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, fields, replace
from typing import Any, NamedTuple, Optional

from ..game.pots import PotAward, split_evenly
from ..game.rules import Rake, Rules
from .record import HandRecord
from .replay import ReplayError, replay


@dataclass(frozen=True)
class RecordedRake(Rake):
    """The rake a site took, pot by pot (main pot first), instead of a percentage."""

    amounts: tuple[int, ...] = ()
    _taken: list[int] = field(default_factory=list, compare=False, repr=False)

    def take(self, pot: int, *, already: int, chip: int) -> int:
        k = len(self._taken)
        amount = min(pot, self.amounts[k]) if k < len(self.amounts) else 0
        self._taken.append(amount)
        return amount


@dataclass
class _RakedRecord(HandRecord):
    """A record replayed with the rake of each pot as the site took it."""

    pot_rakes: tuple[int, ...] = ()

    def make_rules(self) -> Rules:
        rake = RecordedRake(percent=0, no_flop_no_drop=False, amounts=self.pot_rakes)
        return replace(super().make_rules(), rake=rake)


class Verdict(NamedTuple):
    """One hand checked: ``result`` is "agree", "disagree" or "refused" (the engine
    refused an action, or the record is incomplete); ``differences`` says what differs."""

    id: Optional[str]
    format: str
    result: str
    differences: list[str]
    pots: list[dict[str, Any]]
    recorded: Optional[list[Optional[int]]]
    replayed: Optional[list[Optional[int]]]

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: one object per hand."""
        return {"id": self.id, "format": self.format, "result": self.result,
                "differences": self.differences, "pots": self.pots,
                "recorded_stacks": self.recorded, "replayed_stacks": self.replayed}


def half_lines(award: PotAward, chip: int = 1) -> Optional[list[tuple[int, str, int]]]:
    """(seat, "high" or "low", chips) for each share of each half of an award, as a site
    writes them; None when the same several players won both halves (the pot is then
    divided as one and a site's per-half lines cannot be predicted)."""
    net = award.amount - award.rake
    high, low = award.high_winners, award.low_winners
    if not low:
        return [(s, "high", c) for s, c in split_evenly(net, high, chip).items() if c]
    if set(low) == set(high) and len(high) > 1:
        return None
    low_amount = net // chip // 2 * chip       # the high half takes the odd unit
    lines = [(s, "high", c) for s, c in split_evenly(net - low_amount, high, chip).items()]
    lines += [(s, "low", c) for s, c in split_evenly(low_amount, low, chip).items()]
    return [line for line in lines if line[2]]      # a site writes no line for nothing


def _pot_name(k: int, count: int) -> str:
    return "pot" if count == 1 else "main pot" if k == 0 else f"side pot-{k}"


def verify(record: HandRecord) -> Verdict:
    """Replay a site's hand and compare every pot, the rake and the final stacks."""
    site = record.extra.get("site") or {}
    fmt = site.get("format", "record")
    names = site.get("names") or [None] * record.seats
    scale = site.get("scale", 1)

    def who(seat: int) -> str:
        return names[seat] if seat < len(names) and names[seat] else f"seat {seat + 1}"

    def money(chips: int) -> str:
        return f"{chips / 100:.2f}" if scale == 100 else str(chips)

    base = {f.name: getattr(record, f.name) for f in fields(HandRecord)}
    if site and not site.get("written_by_omaha_fast"):
        # the sites pay a dead small blind as dead money in the main pot, no part of the
        # poster's stake in side pots: replayed as the engine's dead money for the table
        base["posts"] = [[s, "bb_ante" if k == "dead" else k, a] for s, k, a in record.posts]
    try:
        result = replay(HandRecord(**{**base, "rake": None}))
        if site.get("rake"):     # replayed again with each pot's rake as the site took it
            gross = [a.amount for a in result.hand.awards]
            rakes = _pot_rakes(gross, site.get("pots") or [], site["rake"])
            result = replay(_RakedRecord(**base, pot_rakes=tuple(rakes)))
    except ReplayError as e:
        return Verdict(record.id, fmt, "refused", [str(e)], [], record.final_stacks, None)
    awards = result.hand.awards
    differences: list[str] = []
    recorded_lines: dict[int, list[tuple[int, Optional[str], int]]] = {}
    for pot, seat, amount, half in site.get("collected", []):
        recorded_lines.setdefault(pot, []).append((seat, half, amount))
    pots = []
    count = max(len(awards), max(recorded_lines, default=-1) + 1)
    for k in range(count):
        name = _pot_name(k, count)
        award = awards[k] if k < len(awards) else None
        lines = recorded_lines.get(k, [])
        recorded: Counter[int] = Counter()
        for seat, _, amount in lines:
            recorded[seat] += amount
        replayed = Counter(award.shares) if award else Counter()
        entry: dict[str, Any] = {
            "pot": name, "amount": award.amount if award else None,
            "rake": award.rake if award else None,
            "recorded": {who(s): c for s, c in recorded.items()},
            "replayed": {who(s): c for s, c in replayed.items() if c}}
        for seat in sorted(set(recorded) | {s for s, c in replayed.items() if c}):
            if recorded[seat] != replayed[seat]:
                differences.append(f"hand {record.id}, {name}: {who(seat)} collected "
                                   f"{money(recorded[seat])} on the site, "
                                   f"{money(replayed[seat])} in the replay")
        halves = half_lines(award, record.chip) if award else None
        if halves is not None:
            entry["halves"] = [{"player": who(s), "half": h, "amount": c}
                               for s, h, c in halves]
            explicit = any(h for _, h, _ in lines)
            got = sorted((s, (h or "high") if explicit else "", c) for s, h, c in lines)
            want = sorted((s, h if explicit else "", c) for s, h, c in halves)
            if got != want and not any(d.startswith(f"hand {record.id}, {name}:")
                                       for d in differences):
                differences.append(f"hand {record.id}, {name}: the halves differ: site "
                                   f"{_describe(got, who, money)}, replay "
                                   f"{_describe(want, who, money)}")
        pots.append(entry)
    site_returns = sorted(tuple(r) for r in site.get("returned", []))
    engine_returns = sorted(result.hand.uncalled_returns)
    if site_returns != engine_returns:
        differences.append(f"hand {record.id}: uncalled bets returned: site "
                           f"{[(who(s), money(a)) for s, a in site_returns]}, replay "
                           f"{[(who(s), money(a)) for s, a in engine_returns]}")
    if site and site.get("rake", 0) != result.hand.rake:
        differences.append(f"hand {record.id}: rake {money(site.get('rake', 0))} on the "
                           f"site, {money(result.hand.rake)} in the replay")
    if result.recorded != result.replayed:
        for seat, (a, b) in enumerate(zip(result.recorded or [], result.replayed)):
            if a != b:
                differences.append(f"hand {record.id}: {who(seat)} ends with "
                                   f"{money(a or 0)} on the site, {money(b or 0)} in the "
                                   f"replay")
    return Verdict(record.id, fmt, "disagree" if differences else "agree", differences,
                   pots, result.recorded, result.replayed)


def _describe(lines: list[tuple[int, str, int]], who: Any, money: Any) -> str:
    return ", ".join(f"{who(s)} {h + ' ' if h else ''}{money(c)}" for s, h, c in lines)


def _pot_rakes(gross: list[int], nets: list[int], rake: int) -> list[int]:
    """Each pot's rake: its size less the summary's amount when the summary lists every
    pot, else the whole rake from the main pot first."""
    if len(nets) == len(gross) and len(gross) > 1:
        each = [g - n for g, n in zip(gross, nets)]
        if all(r >= 0 for r in each) and sum(each) == rake:
            return each
    out = []
    left = rake
    for g in gross:
        out.append(min(g, left))
        left -= out[-1]
    return out


__all__ = ["verify", "Verdict", "RecordedRake", "half_lines"]
