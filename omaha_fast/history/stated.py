"""The figures a card-room hand states beside its pays, checked against the replay: the
summary's total pot and its pots, what the summary says each player won, the blinds
against the stakes of the header, and an all-in cash out's fee and bound.

The pays themselves (each pot, each half, the uncalled bets, the rake, the final stacks)
are checked by :func:`omaha_fast.history.verify.verify`, which calls :func:`stated` for
the rest, so that no money figure of a history goes unread.

>>> from omaha_fast.game.values import PotAward
>>> pots = [PotAward(1000, 50, (0, 1), (0,), (1,), {0: 475, 1: 475})]
>>> money = lambda chips: f"{chips / 100:.2f}"
>>> stated({"total_pot": 1000, "pots": [], "rake": 50}, pots, pots, 50, [], money)
[]
>>> stated({"total_pot": 1001, "pots": [], "rake": 50}, pots, pots, 50, [], money)
["the summary's total pot is 10.01, the replay's pots hold 10.00"]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Optional

from ..game.pots import PotAward
from .record import HandRecord

# the shape of each list of the site data the verifier reads: how many whole numbers a
# row starts with (a collection line's half and run follow its numbers), and which of
# them are seats
_ROWS = {"collected": (3, (1,)), "returned": (2, (0,)), "summary_won": (2, (0,)),
         "paid_as_written": (2, (0,)), "cash_outs": (4, (0,))}


def site_problem(site: Any, table_size: int) -> Optional[str]:
    """What is wrong with a record's site data (``extra["site"]``, which a JSON file may
    hold in any shape), or None: each figure the verifier reads must be a whole number,
    each seat one of the table's.

    >>> site_problem({"collected": [[0, 1, 50, None]], "total_pot": 50}, 2) is None
    True
    >>> site_problem({"collected": [[0, 7, 50, None]]}, 2)
    'site data "collected" row 0: seat 7 is not a seat of a table of 2'
    >>> print(site_problem({"total_pot": "9"}, 2))
    site data "total_pot" must be a whole number, got '9'
    """
    if not isinstance(site, dict):
        return f"site data must be an object, got {type(site).__name__}"
    for key in ("total_pot", "rake", "scale", "small_blind", "rake_percent"):
        value = site.get(key)
        if value is not None and not _whole(value):
            return f'site data "{key}" must be a whole number, got {value!r}'
    for key in ("pots", "drops"):
        values = site.get(key) or []
        if not isinstance(values, list) or not all(_whole(v) for v in values):
            return f'site data "{key}" must be a list of whole numbers, got {values!r}'
    for key, (width, seats) in _ROWS.items():
        rows = site.get(key) or []
        if not isinstance(rows, list):
            return f'site data "{key}" must be a list, got {rows!r}'
        for k, row in enumerate(rows):
            if not isinstance(row, list) or len(row) < width or \
                    not all(_whole(v) for v in row[:width]):
                return (f'site data "{key}" row {k} must start with {width} whole numbers, '
                        f'got {row!r}')
            bad = next((row[i] for i in seats if not 0 <= row[i] < table_size), None)
            if bad is not None:
                return (f'site data "{key}" row {k}: seat {bad} is not a seat of a table '
                        f'of {table_size}')
    names, boards = site.get("names"), site.get("boards")
    if names is not None and (not isinstance(names, list) or
                              not all(n is None or isinstance(n, str) for n in names)):
        return f'site data "names" must be a list of names, got {names!r}'
    if boards is not None and (not isinstance(boards, list) or len(boards) != 2 or
                               not all(isinstance(b, str) for b in boards)):
        return f'site data "boards" must be the two boards of a hand run twice, got {boards!r}'
    return None


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def stated(site: dict[str, Any], engine_awards: Sequence[PotAward],
           pots: Sequence[PotAward], taken: int, folded_returns: Sequence[int],
           money: Callable[[int], str]) -> list[str]:
    """What differs between the summary's total pot and its pots and the replay's:
    ``engine_awards`` are the engine's pots, ``pots`` the pots as the site divides them
    (before any are written as one), ``taken`` the rake and drop the site took, and
    ``folded_returns`` the uncalled bets a site counts in the winner's collection."""
    out = []
    gross = sum(a.amount for a in engine_awards)
    total = site.get("total_pot")
    if total is not None:
        # the sites write the pot before the rake (most) or after it (WPN), and a site that
        # writes no uncalled-bet line counts the bet in the pot
        back = sum(folded_returns)
        allowed = {gross + back - rake for rake in (0, taken, site.get("rake", 0))}
        if total not in allowed:
            out.append(f"the summary's total pot is {money(total)}, the replay's pots hold "
                       f"{money(gross + back)}")
    listed = list(site.get("pots") or [])
    if listed:
        nets = [a.amount - a.rake for a in pots]
        if listed != nets and not _one_pot_listed(listed, nets):
            out.append(f"the summary's pots are {', '.join(money(n) for n in listed)}, the "
                       f"replay's {', '.join(money(n) for n in nets)} (after the rake)")
    return out


def _one_pot_listed(listed: list[int], nets: list[int]) -> bool:
    """A summary that gives the main pot alone when every pot went to the same players
    writes what they all hold."""
    return len(listed) == 1 and listed[0] == sum(nets)


def summary_wins(site: dict[str, Any], who: Callable[[int], str],
                 money: Callable[[int], str]) -> list[str]:
    """What differs between what the summary says each player won and what the pay lines
    gave him (a player who cashed out is checked apart)."""
    said = site.get("summary_won")
    if not said:
        return []
    summary: Counter[int] = Counter()
    for seat, amount in said:
        summary[seat] += amount
    paid: Counter[int] = Counter()
    if "paid_as_written" in site:      # the pay lines as the site wrote them
        for seat, amount in site["paid_as_written"]:
            paid[seat] += amount
    else:
        for line in site.get("collected", []):
            paid[line[1]] += line[2]
    cashed = {line[0] for line in site.get("cash_outs", [])}
    return [f"the summary says {who(seat)} won {money(summary[seat])}, the pay lines give "
            f"him {money(paid[seat])}"
            for seat in sorted(set(summary) | set(paid))
            if seat not in cashed and summary[seat] != paid[seat]]


def blind_posts(record: HandRecord, site: dict[str, Any], who: Callable[[int], str],
                money: Callable[[int], str]) -> list[str]:
    """Each blind against the stakes of the header: the big blind's post is the big blind,
    the small blind's the small blind, a dead small blind the small blind, any other live
    blind one of the two; a post that puts its player all-in may be less."""
    small, big = record.blinds
    put: Counter[int] = Counter()
    for seat, _, amount in record.posts:
        put[seat] += amount
    out = []
    for seat, kind, amount in record.posts:
        stack = record.stacks[seat]
        if kind not in ("blind", "dead") or stack is not None and put[seat] >= stack:
            continue
        if kind == "dead":
            allowed, what = {small}, "a dead small blind"
        elif seat == record.big_blind:
            allowed, what = {big}, "the big blind"
        elif seat == site.get("small_blind"):
            allowed, what = {small}, "the small blind"
        else:
            allowed, what = {small, big}, "a blind"
        if amount not in allowed:
            out.append(f"{who(seat)} posts {money(amount)} as {what}, but the blinds are "
                       f"{money(small)}/{money(big)}")
    return out


def cash_outs(site: dict[str, Any], pots: Sequence[PotAward], who: Callable[[int], str],
              money: Callable[[int], str]) -> list[str]:
    """An all-in cash out's fee is the site's share of what the cash out is worth
    (``cash_out_fee_percent``, to the nearest unit: PokerStars), and what it is worth at
    most what the pots the player contests hold after the rake. The price itself, his
    equity at the all-in as the site reckons it, is not written: not checked."""
    out = []
    percent = site.get("cash_out_fee_percent")
    for seat, paid, fee, _ in site.get("cash_outs", []):
        worth = paid + fee
        most = sum(a.amount - a.rake for a in pots if seat in a.eligible)
        want_fee = fee if percent is None else (worth * percent + 50) // 100
        if fee != want_fee:
            out.append(f"{who(seat)} cashed out for {money(paid)} with a fee of "
                       f"{money(fee)}; the fee is {percent}% of {money(worth)}, "
                       f"{money(want_fee)}")
        if worth > most:
            out.append(f"{who(seat)} cashed out for {money(paid)} and a fee of "
                       f"{money(fee)}, more than the {money(most)} of the pots he contests")
    return out


__all__ = ["stated", "summary_wins", "blind_posts", "cash_outs", "site_problem"]
