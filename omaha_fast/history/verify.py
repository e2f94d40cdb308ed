"""Replaying a card-room hand and checking every pot against what the site paid.

The hand is played through the engine with the site's rake: the rake of each pot is the
pot's size less what the summary says it held (all of it from the main pot when the
summary does not list pots). Then, pot by pot, what every player collected is compared
with the engine's award, half by half where the site's lines say which half (Full Tilt)
or list one line per half (PokerStars); then the uncalled bets, the rake and the final
stacks, and every other figure the hand states (the summary's total pot, pots and wins,
the blinds, a cash out: :mod:`omaha_fast.history.stated`). Sites that do not name the
pots (888poker, GGPoker, Bovada) are checked over all pots as one, and sites that write
a player's two halves in one line (WPN, GGPoker, Bovada) line by line with each
player's halves added up. A disagreement names the hand,
the pot and both amounts.

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

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, NamedTuple, Optional

from ..game.hand import Hand
from ..game.pots import PotAward, build_pots, split_evenly
from ..game.rules import Rake, Rules
from .halves import half_lines
from .record import HandRecord, RecordError
from .replay import ReplayResult, replay
from .stated import blind_posts, cash_outs, site_problem, stated, summary_wins


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
    """One hand checked: ``result`` is "agree", "disagree", "odd chip" (the only
    difference is one odd chip of a pot given to another of its winners, at a site whose
    odd-chip rule is not known) or "refused" (the engine refused an action, or the record
    is incomplete); ``differences`` says what differs; ``notes`` what the site took
    beyond its stated rake and the check accounted for (a jackpot drop)."""

    id: Optional[str]
    format: str
    result: str
    differences: list[str]
    pots: list[dict[str, Any]]
    recorded: Optional[list[Optional[int]]]
    replayed: Optional[list[Optional[int]]]
    notes: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: one object per hand."""
        return {"id": self.id, "format": self.format, "result": self.result,
                "differences": self.differences, "pots": self.pots,
                "recorded_stacks": self.recorded, "replayed_stacks": self.replayed,
                **({"notes": list(self.notes)} if self.notes else {})}


def award_shares(award: PotAward, net: int, chip: int = 1) -> dict[int, int]:
    """What each winner of ``award`` gets of ``net`` chips, divided as the engine divides
    a pot (high and low halves, odd chips to the first winners).

    >>> from omaha_fast.game.values import PotAward
    >>> award_shares(PotAward(101, 0, (0, 1), (0,), (1,), {0: 51, 1: 50}), 51)
    {0: 26, 1: 25}
    """
    high, low = award.high_winners, award.low_winners
    if not low or list(low) == list(high):
        return split_evenly(net, high, chip)
    low_amount = net // chip // 2 * chip
    shares = split_evenly(net - low_amount, high, chip)
    for seat, chips in split_evenly(low_amount, low, chip).items():
        shares[seat] = shares.get(seat, 0) + chips
    return shares


def _pot_name(k: int, count: int) -> str:
    return "pot" if count == 1 else "main pot" if k == 0 else f"side pot-{k}"


# one pot as replayed: what each player gets, and the site's lines (seat, half, chips,
# run) when they can be predicted
_Expected = tuple[dict[int, int], Optional[list[tuple[int, str, int, int]]]]


def _expected(awards: Sequence[PotAward], second: Optional[Sequence[PotAward]],
              chip: int, divided: set[int]) -> list[_Expected]:
    """Each pot's shares and lines; with ``second`` (the awards on the second board of a
    hand run twice) every contested pot, and every pot in ``divided``, is divided in two,
    the first run taking the odd unit, and each part awarded on its own board."""
    out: list[_Expected] = []
    for k, award in enumerate(awards):
        halves = half_lines(award, chip)
        lines = None if halves is None else [(s, h, c, 0) for s, h, c in halves]
        if second is None or len(award.eligible) < 2 and k not in divided:
            out.append((dict(award.shares), lines))
            continue
        net = award.amount - award.rake
        part2 = net // chip // 2 * chip
        shares: Counter[int] = Counter()
        run_lines: Optional[list[tuple[int, str, int, int]]] = []
        for run, (a, part) in enumerate(((award, net - part2), (second[k], part2)), 1):
            shares.update(award_shares(a, part, chip))
            halves = half_lines(a, chip, part)
            if halves is None or run_lines is None:
                run_lines = None
            else:
                run_lines += [(s, h, c, run) for s, h, c in halves]
        out.append((dict(shares), run_lines))
    return out


def verify(record: HandRecord) -> Verdict:
    """Replay a site's hand and compare every pot, the rake and the final stacks.

    A hand run twice (``extra["site"]["boards"]``) is replayed on each board; every pot
    that more than one player contests is divided between the two runs."""
    site = record.extra.get("site") or {}
    problem = site_problem(site, record.table_size)
    if problem:        # a JSON file's site data in a shape no reader writes
        fmt = site.get("format", "record") if isinstance(site, dict) else "record"
        return Verdict(record.id, str(fmt), "refused", [f"hand {record.id}: {problem}"], [],
                       record.final_stacks, None)
    fmt = site.get("format", "record")
    names = site.get("names") or [None] * record.table_size
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
    boards = site.get("boards")
    second: Optional[ReplayResult] = None
    notes: list[str] = []
    try:
        result = replay(HandRecord(**{**base, "rake": None}))
        rakes: tuple[int, ...] = ()
        gross = [a.amount for a in result.hand.awards]
        taken = site.get("rake", 0)
        drop = _drop(site, sum(gross) - taken)
        if drop:     # a jackpot drop beyond the stated rake: taken as rake is, and said
            taken += drop
            notes.append(f"hand {record.id}: a jackpot drop of {money(drop)} beyond the "
                         f"stated rake")
        if taken:     # replayed again with each pot's rake as the site took it
            rakes = tuple(_pot_rakes(gross, site.get("pots") or [], taken,
                                     site.get("rake_split"), site.get("rake_percent")))
            result = replay(_RakedRecord(**base, pot_rakes=rakes))
        if boards:
            second = replay(_RakedRecord(**{**base, "board": boards[1]}, pot_rakes=rakes))
    except RecordError as e:     # an action refused, or a record that starts no hand
        message = site_seats(str(e), names) if site else str(e)
        return Verdict(record.id, fmt, "refused", [message], [], record.final_stacks, None)
    engine_awards = result.hand.awards
    awards = engine_awards
    collected = site.get("collected", [])
    listed = max(len(site.get("pots") or []), 1 + max((line[0] for line in collected),
                                                     default=0))
    if record.extra.get("forfeits") and listed > len(awards):
        awards = _split_at_forfeits(result.hand, record.extra["forfeits"], site, record.chip)
    # PokerStars divides even a pot left to one player between the runs, Full Tilt pays
    # it whole: the site's lines say which
    divided = {line[0] for line in collected if len(line) > 4 and line[4]}
    expected = _expected(awards, second.hand.awards if second else None, record.chip,
                         divided)
    if site.get("low_in_whole_units") and second is None:
        expected = [_low_in_whole_units(a, chip=record.chip) for a in awards]
    site_pots = awards       # the pots as the site divides them, before any are merged
    if site.get("unnamed_pots") and len(awards) > 1:
        awards, expected = _as_one_pot(awards, expected)
    if site.get("merge_pots") == "by_winner":
        awards, expected = _by_winner(awards, expected)
    replayed_stacks = list(result.replayed)
    # a hand run twice, or pots divided as the site divides them, pay otherwise
    paid: Counter[int] = Counter()
    for engine_award in engine_awards:
        paid.update(engine_award.shares)
    for shares, _ in expected:
        paid.subtract(shares)
    for seat, change in paid.items():
        stack = replayed_stacks[seat]
        assert stack is not None
        replayed_stacks[seat] = stack - change
    # a player who cashed out (PokerStars) is paid by the site, not by the pot: his share
    # is checked against what the summary says the pot would have paid him
    cashed = {seat: (amount, won) for seat, amount, _, won in site.get("cash_outs", [])}
    for seat, (amount, _) in cashed.items():
        share = sum(shares.get(seat, 0) for shares, _ in expected)
        stack = replayed_stacks[seat]
        assert stack is not None
        replayed_stacks[seat] = stack - share + amount
    differences: list[str] = []
    recorded_lines: dict[int, list[tuple[int, Optional[str], int, int]]] = {}
    for line in collected:
        pot, seat, amount, half = line[:4]
        run = line[4] if len(line) > 4 else 0
        recorded_lines.setdefault(pot, []).append((seat, half, amount, run))
    returns_in_pot = not site.get("returned") and _fold_in_unwritten_returns(
        result.hand.uncalled_returns, recorded_lines, expected)
    pots = []
    # what a site whose odd-chip rule is not known may differ by: one odd chip of a pot
    # given to another of its winners (the pot's total the same)
    odd_chip_only = site.get("odd_chip") == "unknown" and any(
        _odd_chips(award, record.chip) for award in engine_awards)
    pot_delta: Counter[int] = Counter()
    count = max(len(awards), max(recorded_lines, default=-1) + 1)
    for k in range(count):
        name = _pot_name(k, count)
        award: Optional[PotAward] = awards[k] if k < len(awards) else None
        shares, halves = expected[k] if k < len(expected) else ({}, [])
        lines = recorded_lines.get(k, [])
        recorded: Counter[int] = Counter()
        for seat, _, amount, _ in lines:
            recorded[seat] += amount
        replayed = Counter({s: c for s, c in shares.items() if s not in cashed})
        if halves is not None and cashed:
            halves = [line for line in halves if line[0] not in cashed]
        entry: dict[str, Any] = {
            "pot": name, "amount": award.amount if award else None,
            "rake": award.rake if award else None,
            "recorded": {who(s): c for s, c in recorded.items()},
            "replayed": {who(s): c for s, c in replayed.items() if c}}
        odd_chip_only &= sum(recorded.values()) == sum(replayed.values())
        for seat in sorted(set(recorded) | {s for s, c in replayed.items() if c}):
            pot_delta[seat] += recorded[seat] - replayed[seat]
            odd_chip_only &= abs(recorded[seat] - replayed[seat]) <= record.chip
            if recorded[seat] != replayed[seat]:
                differences.append(f"hand {record.id}, {name}: {who(seat)} collected "
                                   f"{money(recorded[seat])} on the site, "
                                   f"{money(replayed[seat])} in the replay")
        if halves is not None and award is not None:
            entry["halves"] = [{"player": who(s), "half": h, "amount": c,
                                **({"run": r} if r else {})} for s, h, c, r in halves]
            explicit = any(h for _, h, _, _ in lines)
            got = sorted((r, s, (h or "high") if explicit else "", c) for s, h, c, r in lines)
            want = sorted((r, s, h if explicit else "", c) for s, h, c, r in halves)
            if site.get("halves_joined"):    # one line a player, run and pot (WPN)
                got, want = _joined(got), _joined(want)
            if got != want and recorded == replayed:
                odd_chip_only = False     # the same chips, divided otherwise
            if got != want and not any(d.startswith(f"hand {record.id}, {name}:")
                                       for d in differences):
                differences.append(f"hand {record.id}, {name}: the halves differ: site "
                                   f"{_describe(got, who, money)}, replay "
                                   f"{_describe(want, who, money)}")
        pots.append(entry)
    pot_differences = len(differences)
    for seat, (_, won) in cashed.items():
        share = sum(shares.get(seat, 0) for shares, _ in expected)
        if share != won:
            differences.append(f"hand {record.id}: {who(seat)} cashed out; the pot would "
                               f"have paid him {money(won)} on the site, {money(share)} in "
                               f"the replay")
    site_returns = sorted(tuple(r) for r in site.get("returned", []))
    engine_returns = sorted(result.hand.uncalled_returns)
    if site_returns != engine_returns and not returns_in_pot:
        differences.append(f"hand {record.id}: uncalled bets returned: site "
                           f"{[(who(s), money(a)) for s, a in site_returns]}, replay "
                           f"{[(who(s), money(a)) for s, a in engine_returns]}")
    most = _most_rake(site, [award.amount for award in engine_awards])
    if site and taken > most:
        # no site takes more than its share of a pot (none of a tournament's): the rest
        # is a shortfall of the pays, however the site wrote it
        pot = sum(award.amount for award in engine_awards)
        bound = "a tournament takes no rake" if site.get("tournament") else \
            f"at most {money(most)}"
        differences.append(f"hand {record.id}: the site keeps {money(taken)} of pots of "
                           f"{money(pot)}, more than it takes ({bound})")
    if site and taken != result.hand.rake:
        differences.append(f"hand {record.id}: rake {money(taken)} on the "
                           f"site, {money(result.hand.rake)} in the replay")
    if site:
        folded = [a for _, a in engine_returns] if returns_in_pot else []
        differences += [f"hand {record.id}: {d}" for d in
                        stated(site, engine_awards, site_pots, taken, folded, money) +
                        summary_wins(site, who, money) +
                        blind_posts(record, site, who, money) +
                        cash_outs(site, site_pots, who, money)]
    odd_chip_only &= len(differences) == pot_differences
    if result.recorded != replayed_stacks:
        for seat, (a, b) in enumerate(zip(result.recorded or [], replayed_stacks)):
            if a != b:
                differences.append(f"hand {record.id}: {who(seat)} ends with "
                                   f"{money(a or 0)} on the site, {money(b or 0)} in the "
                                   f"replay")
    verdict = "disagree" if differences else "agree"
    stacks_by_pots = all(
        (a or 0) - (b or 0) == pot_delta[seat]
        for seat, (a, b) in enumerate(zip(result.recorded or [], replayed_stacks)))
    if differences and odd_chip_only and stacks_by_pots:
        verdict = "odd chip"     # only pots' odd chips differ, and the stacks by them
    return Verdict(record.id, fmt, verdict, differences, pots, result.recorded,
                   replayed_stacks, tuple(notes))


_SEAT_WORD = re.compile(r"\bseat ([0-9]{1,2})\b")


def site_seats(message: str, names: Sequence[Optional[str]]) -> str:
    """An engine message about a site's hand, with the seats as the site numbers them
    (the engine counts from 0, the sites from 1) and each seat's player named.

    >>> site_seats("seat 0 acts out of turn: seat 2 is to act", ["ann", "bob", "cy"])
    'seat 1 (ann) acts out of turn: seat 3 (cy) is to act'
    """
    def name(m: re.Match[str]) -> str:
        seat = int(m.group(1))
        if seat >= len(names):
            return m.group(0)
        return f"seat {seat + 1}" + (f" ({names[seat]})" if names[seat] else "")
    return _SEAT_WORD.sub(name, message)


def _split_at_forfeits(hand: Hand, forfeits: Sequence[int], site: dict[str, Any],
                       chip: int) -> tuple[PotAward, ...]:
    """The pots as PokerStars builds them when a player all-in on his blind or ante
    forfeits: his contribution still closes a main pot, which the others contest as they
    contest the pot above it. Each part keeps the engine's winners and is divided on its
    own (its own odd chips); its rake comes from the summary."""
    seats = list(hand.seats)
    contributed = hand.contributed
    folded = set(hand.folded) - set(forfeits)
    dead = sum(p.amount for p in hand.posts if p.kind == "bb_ante")
    pots = build_pots([contributed[s] for s in seats], [s in folded for s in seats], dead)
    by_eligible = {award.eligible: award for award in hand.awards}
    rakes = _pot_rakes([p.amount for p in pots], site.get("pots") or [], site.get("rake", 0))
    out = []
    for pot, rake in zip(pots, rakes):
        eligible = tuple(seats[i] for i in pot.eligible if seats[i] not in forfeits)
        award = by_eligible.get(eligible)
        if award is None:
            return hand.awards      # not the case this handles: the engine's pots stand
        out.append(PotAward(pot.amount, rake, eligible, award.high_winners,
                            award.low_winners, award_shares(award, pot.amount - rake, chip)))
    return tuple(out)


def _low_in_whole_units(award: PotAward, chip: int) -> _Expected:
    """A pot divided as Bovada divides it: the low half is shared among its winners in
    equal whole units, and what does not divide evenly goes to the high half."""
    net = award.amount - award.rake
    high, low = award.high_winners, award.low_winners
    if not low or list(low) == list(high):
        halves = half_lines(award, chip)
        return (dict(award.shares),
                None if halves is None else [(s, h, c, 0) for s, h, c in halves])
    each = net // chip // 2 // len(low) * chip
    lines = [(s, "high", c, 0) for s, c in split_evenly(net - each * len(low), high,
                                                        chip).items()]
    lines += [(s, "low", each, 0) for s in low]
    shares: Counter[int] = Counter()
    for seat, _, chips, _ in lines:
        shares[seat] += chips
    return dict(shares), [line for line in lines if line[2]]


def _joined(lines: list[tuple[int, int, str, int]]) -> list[tuple[int, int, str, int]]:
    """Lines of (run, seat, half, chips) with each player's halves of a run added up."""
    total: Counter[tuple[int, int]] = Counter()
    for run, seat, _, chips in lines:
        total[run, seat] += chips
    return sorted((run, seat, "", chips) for (run, seat), chips in total.items())


def _as_one_pot(awards: Sequence[PotAward], expected: list[_Expected]
                ) -> tuple[tuple[PotAward, ...], list[_Expected]]:
    """The pots as one, for a site that does not say which pot a collection is from
    (888poker): each player's chips over all pots, and every line of every pot."""
    shares: Counter[int] = Counter()
    lines: Optional[list[tuple[int, str, int, int]]] = []
    for pot_shares, pot_lines in expected:
        shares.update(pot_shares)
        lines = None if pot_lines is None or lines is None else lines + pot_lines
    award = PotAward(sum(a.amount for a in awards), sum(a.rake for a in awards),
                     tuple(sorted({s for a in awards for s in a.eligible})), (), (),
                     dict(shares))
    return (award,), [(dict(shares), lines)]


def _fold_in_unwritten_returns(returns: Sequence[tuple[int, int]],
                               recorded: dict[int, list[tuple[int, Optional[str], int, int]]],
                               expected: list[_Expected]) -> bool:
    """Some histories (converted from other sites) write no uncalled-bet line and count
    the bet in the winner's collection instead: when a player's collection from a pot
    exceeds the replay's by exactly the bet the engine returned him, the bet is counted
    in that pot of ``expected``. True when every returned bet was found so."""
    if not returns:
        return False
    folded_in = []
    for seat, amount in returns:
        for k, (shares, _) in enumerate(expected):
            got = sum(a for s, _, a, _ in recorded.get(k, []) if s == seat)
            if got and got == shares.get(seat, 0) + amount:
                folded_in.append((k, seat, amount))
                break
        else:
            return False
    for k, seat, amount in folded_in:
        shares = dict(expected[k][0])
        shares[seat] = shares.get(seat, 0) + amount
        expected[k] = (shares, None)
    return True


def _describe(lines: list[tuple[int, int, str, int]], who: Any, money: Any) -> str:
    return ", ".join(f"{f'run {r}: ' if r else ''}{who(s)} {h + ' ' if h else ''}{money(c)}"
                     for r, s, h, c in lines)


def _by_winner(awards: Sequence[PotAward], expected: list[_Expected]
               ) -> tuple[tuple[PotAward, ...], list[_Expected]]:
    """The pots as a site that pays by winner lists them (Winamax): a pot won by the same
    players, high and low, as the pot before it is counted in that pot."""
    out_awards: list[PotAward] = []
    out_expected: list[_Expected] = []
    for award, (shares, lines) in zip(awards, expected):
        last = out_awards[-1] if out_awards else None
        if last is None or (last.high_winners, last.low_winners) != \
                (award.high_winners, award.low_winners):
            out_awards.append(award)
            out_expected.append((dict(shares), lines))
            continue
        total = Counter(last.shares)
        total.update(award.shares)
        out_awards[-1] = last._replace(amount=last.amount + award.amount,
                                       rake=last.rake + award.rake, shares=dict(total))
        merged = Counter(out_expected[-1][0])
        merged.update(shares)
        before = out_expected[-1][1]
        halves: Optional[list[tuple[int, str, int, int]]] = None
        if before is not None and lines is not None:
            sums: Counter[tuple[int, str, int]] = Counter()
            for s, h, c, r in before + lines:
                sums[(s, h, r)] += c
            halves = [(s, h, c, r) for (s, h, r), c in sums.items()]
        out_expected[-1] = (dict(merged), halves)
    return tuple(out_awards), out_expected


def _odd_chips(award: PotAward, chip: int) -> bool:
    """True when dividing the pot leaves an odd chip (of its halves, or among the winners
    of one): the chip a site's own rule may give elsewhere.

    >>> from omaha_fast.game.values import PotAward
    >>> _odd_chips(PotAward(101, 0, (0, 1), (0,), (1,), {}), 1)
    True
    >>> _odd_chips(PotAward(100, 0, (0, 1), (0,), (1,), {}), 1)
    False
    """
    units = (award.amount - award.rake) // chip
    high, low = award.high_winners, award.low_winners
    if not low:
        return bool(units % max(len(high), 1))
    return bool(units % 2 or (units - units // 2) % len(high) or (units // 2) % len(low))


def _drop(site: dict[str, Any], unpaid: int) -> int:
    """A jackpot drop the site takes beyond its stated rake (WPN: 25 cents of a cash
    hand), when what the pays leave of the pots, less the rake, is one; else 0."""
    if site.get("tournament") or unpaid <= 0:
        return 0
    paid = sum(line[2] for line in site.get("collected", []))
    shortfall = unpaid - paid
    return shortfall if shortfall in site.get("drops", ()) else 0


def _most_rake(site: dict[str, Any], gross: Sequence[int]) -> int:
    """The most a site takes of pots of these sizes: nothing of a tournament's, else its
    share of each pot (``rake_percent``, 10% where the site's own is not known), rounded
    up to a whole unit, plus any drop it makes."""
    if site.get("tournament"):
        return 0
    percent = site.get("rake_percent") or 10
    return sum(-(-g * percent // 100) for g in gross) + max(site.get("drops", ()), default=0)


def _pot_rakes(gross: list[int], nets: list[int], rake: int,
               split: Optional[str] = None, percent: Optional[int] = None) -> list[int]:
    """Each pot's rake: its size less the summary's amount when the summary lists every
    pot; with ``split`` "per_pot" (888poker) each pot's ``percent``, rounded down, when
    that is the rake; "proportional" (Winamax) or "nearest" (iPoker) each side pot's
    share of the rake, rounded down or to the nearest unit, and the main pot the rest;
    else the whole rake from the main pot first.

    >>> _pot_rakes([1000, 390], [], 69, "per_pot", 5), _pot_rakes([1000, 390], [], 69)
    ([50, 19], [69, 0])
    """
    if len(nets) == len(gross) and len(gross) > 1:
        each = [g - n for g, n in zip(gross, nets)]
        if all(r >= 0 for r in each) and sum(each) == rake:
            return each
    if split == "per_pot" and percent:
        each = [g * percent // 100 for g in gross]
        if sum(each) == rake:
            return each
    whole = sum(gross)
    if split in ("proportional", "nearest") and len(gross) > 1 and whole:
        half = whole // 2 if split == "nearest" else 0
        sides = [(rake * g + half) // whole for g in gross[1:]]
        return [rake - sum(sides)] + sides
    out = []
    left = rake
    for g in gross:
        out.append(min(g, left))
        left -= out[-1]
    return out


__all__ = ["verify", "site_seats", "Verdict", "RecordedRake", "award_shares"]
