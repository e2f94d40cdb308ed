"""The Winning Poker Network's older hand histories (Yatahay and its skins, until 2019):
one hand between ``Game started at:`` and ``Game ended at:``.

``Player bob raises (6)`` puts in six more (every amount is what the action adds), the
game names no betting structure (``(Omaha HiLow)``: the hand is replayed as no limit,
which allows every pot-limit bet too, so the pot limit itself is not checked; a capped
table, ``CAP``, is skipped), a seat with no post or action sat out, only the owner's
cards are dealt by name,
and the summary gives each player's collection over all pots and halves (``Bets: 2.05.
Collects: 3.99. Wins: 1.94.``), the pot after the rake, the rake and the jackpot fee.

>>> text = '''Game started at: 2016/8/2 11:16:59
... Game ID: 5 0.10/0.25 (PRR) Ours (Omaha HiLow)
... Seat 1 is the button
... Seat 1: ann (10).
... Seat 2: bob (20).
... Player ann has small blind (0.10)
... Player bob has big blind (0.25)
... Player ann folds
... Uncalled bet (0.15) returned to bob
... ------ Summary ------
... Pot: 0.20
... Player ann does not show cards.Bets: 0.10. Collects: 0. Loses: 0.10.
... *Player bob mucks (does not show cards). Bets: 0.10. Collects: 0.20. Wins: 0.10.
... Game ended at: 2016/8/2 11:17:14'''
>>> [r] = WinningClassic().loads(text)
>>> r.id, r.final_stacks[:2]
('5', [990, 2010])
"""

from __future__ import annotations

import re

from .siteformat import SiteFormat
from .sitehand import (
    HandBuilder,
    SiteItem,
    SkippedHand,
    cards_in,
)

HEADER = re.compile(r"^Game started at: ")
_AMOUNT = r"[0-9][0-9,]*(?:\.[0-9]+)?"
_GAME_ID = re.compile(rf"^Game ID: ([0-9]+) ({_AMOUNT})/({_AMOUNT}) (.*)\(([^()]+)\)"
                      rf"(?: [0-9]+-max)?$")
_SEAT = re.compile(rf"^Seat ([0-9]{{1,2}}): (.*) \(({_AMOUNT})\)\.$")
_BUTTON = re.compile(r"^Seat ([0-9]{1,2}) is the button$")
_LINE = re.compile(rf"^Player (.*?) (has small blind|has big blind|ante|posts ante|posts|"
                   rf"folds|checks|calls|bets|raises|allin)(?: \(({_AMOUNT})\))?"
                   rf"( as a dead bet)?$")
_UNCALLED = re.compile(rf"^Uncalled bet \(({_AMOUNT})\) returned to (.*)$")
_STREET = re.compile(r"^\*\*\* (FLOP|TURN|RIVER) \*\*\*:(.*)$")
_RECEIVED = re.compile(r"^Player (.*) received card: \[(.*)\]$")
_POT = re.compile(rf"^Pot: ({_AMOUNT})\.?(?: Rake ({_AMOUNT}))?\.?(?: JP fee ({_AMOUNT}))?\.?$")
_RESULT = re.compile(rf"^\*?Player (.*?) (?:shows: .*?|mucks \(does not show[^)]*\)|"
                     rf"does(?:n't| not) show cards)\.? ?Bets: ({_AMOUNT})\. Collects: "
                     rf"({_AMOUNT})\. (Wins|Loses): ({_AMOUNT})\.$")
_SHOWN = re.compile(r"^\*?Player (.*?) shows: .*?\[([^\]]*)\]")
# what moves nothing: dealing, time-outs, the table's comings and goings
_HARMLESS = re.compile(r"^Player .* (?:received a card\.|is timed out\.|mucks cards|"
                       r"sitting out|wait BB)$|^Game (?:ended|started) at: |^Board: ")
_MOVES = re.compile(r"^\*?Player (?P<name>.+?) (?:has|ante|posts|folds|checks|calls|bets|"
                    r"raises|allin|shows|mucks|caps|straddle|bring in)\b")
_POST_KIND = {"has small blind": "sb", "has big blind": "bb", "ante": "ante",
              "posts ante": "ante", "posts": "bb"}
_GAMES = {"Omaha HiLow": "hilo", "Omaha": "high"}


def _parse(chunk: list[str], first: int, hand_id: str, origin: str) -> SiteItem:
    b = HandBuilder("wpn", hand_id, origin, first)
    body = [(k, line) for k, line in enumerate(chunk[1:], first + 1) if line]
    game = next((_GAME_ID.match(line) for _, line in body[:2] if _GAME_ID.match(line)), None)
    if game is None:
        raise b.fail(first, "no Game ID line with the stakes and the game")
    kind = _GAMES.get(game.group(5).strip())
    if kind is None or re.search(r"\bCAP\b", game.group(4)):
        what = game.group(5) if kind is None else f"capped game: {game.group(4).strip()}"
        return SkippedHand(hand_id, origin, first, what)
    # no structure is written: replayed as no limit, which allows every pot-limit bet too
    b.game, b.structure = kind, "no-limit"
    if re.search(r", Table [0-9]+ $", game.group(4)):
        b.tournament = game.group(4).split(",")[0].strip()
    else:
        b.scale, b.currency = 100, "USD"
    b.stakes = (b.chips(game.group(2), first), b.chips(game.group(3), first))
    summary = False
    collected: dict[str, int] = {}
    for k, line in body:
        sitting = re.match(r"^Player (.*) (?:sitting out|wait BB)$", line)
        if sitting and sitting.group(1) in b.seat_of and not summary:
            b.out.add(b.seat_of[sitting.group(1)])     # dealt in only if he acts
            continue
        if _GAME_ID.match(line) or _HARMLESS.search(line):
            continue
        if line == "------ Summary ------":
            summary = True
            continue
        if summary:
            _summary_line(b, line, k, collected)
            continue
        m = _BUTTON.match(line)
        if m:
            b.button = int(m.group(1))
            continue
        m = _SEAT.match(line)
        if m:
            b.add_seat(int(m.group(1)), m.group(2), b.chips(m.group(3), k), False, k)
            continue
        m = _STREET.match(line)
        if m and not m.group(2).strip():
            continue        # a street named with no cards: the hand ended before it
        if m:
            b.street(m.group(1).lower(), cards_in(m.group(2).replace("10", "T")), k)
            continue
        m = _RECEIVED.match(line)
        if m:
            seat = b.seat(m.group(1), k)
            b.holes[seat] = b.holes.get(seat, "") + m.group(2).replace("10", "T")
            b.hole_lines.setdefault(seat, k)
            continue
        m = _UNCALLED.match(line)
        if m:
            b.uncalled(m.group(2), b.chips(m.group(1), k), k)
            continue
        if "is disconnected and ALL IN" in line:
            raise b.fail(k, f"a player left all-in by a disconnection, with no chips put in, "
                            f"which the engine does not play: {line}")
        m = _LINE.match(line)
        if m is None:
            b.unread(line, k, _HARMLESS, _MOVES)
            continue
        _action(b, m, k)
    for name, amount in collected.items():
        b.collect(name, amount, "pot", None, b.line)
    top = max(b.names, default=0)
    b.table_size = 6 if top <= 6 else 9 if top <= 9 else 10     # the size is not written
    acted = {a[0] + 1 for a in b.actions if isinstance(a[0], int)}
    b.out.update(s for s in b.names if s not in b.invested and s not in acted)
    if b.holes and any(len(h) != 8 for h in b.holes.values()):
        raise b.fail(first, "hole cards that are not four a player")
    record = b.record()
    record.extra["site"]["unnamed_pots"] = True    # each player's collection over all pots
    return record


def _action(b: HandBuilder, m: re.Match[str], k: int) -> None:
    name, verb, amount_text = m.group(1), m.group(2), m.group(3)
    if verb in _POST_KIND:
        if amount_text is None:
            raise b.fail(k, f"a post with no amount: {m.group(0)}")
        kind = "dead" if m.group(4) else _POST_KIND[verb]
        b.post(name, kind, b.chips(amount_text, k), k)
        return
    if verb in ("folds", "checks"):
        b.act(name, verb[:-1] if verb == "folds" else "check", None, False, k)
        return
    if amount_text is None:
        raise b.fail(k, f"an action with no amount: {m.group(0)}")
    added = b.chips(amount_text, k)
    seat = b.seat(name, k)
    all_in = b.invested.get(seat, 0) + added >= b.stacks[seat]
    before = b.street_bet.get(seat, 0)
    level = max(b.street_bet.values(), default=0)
    if verb == "calls" or verb == "allin" and before + added <= level:
        b.act(name, "call", added, all_in, k)
    elif level == 0:
        b.act(name, "bet", added, all_in, k)
    else:
        b.act(name, "raise_to", before + added, all_in, k)


def _summary_line(b: HandBuilder, line: str, k: int, collected: dict[str, int]) -> None:
    m = _POT.match(line)
    if m:
        b.total_pot = b.chips(m.group(1), k)
        b.rake = sum(b.chips(a, k) for a in m.group(2, 3) if a)
        return
    m = _RESULT.match(line)
    if m is None:
        b.unread(line, k, _HARMLESS, _MOVES)
        return
    name = m.group(1)
    seat = b.seat(name, k)
    if b.chips(m.group(2), k) != b.invested.get(seat, 0):
        raise b.fail(k, f"the summary says {name} bet {m.group(2)}, the play lines "
                        f"{b.invested.get(seat, 0) / b.scale:g}: {line}")
    net = b.chips(m.group(5), k) * (1 if m.group(4) == "Wins" else -1)
    if net != b.chips(m.group(3), k) - b.chips(m.group(2), k):
        raise b.fail(k, f"the summary's {m.group(4)} of {name} is not his collection less "
                        f"his bet: {line}")
    if b.chips(m.group(3), k):
        collected[name] = b.chips(m.group(3), k)
    shown = _SHOWN.match(line)
    if shown:
        cards = cards_in(f"[{shown.group(2).replace('10', 'T')}]")
        b.show(name, cards, k)


class WinningClassic(SiteFormat):
    """WPN's older format, read by the WPN reader (:mod:`omaha_fast.history.winning`)
    where a hand starts with ``Game started at:``; the hand's id is its ``Game ID``."""

    title = "WPN"
    header = HEADER
    rules = {"halves_joined": True, "odd_chip": "unknown", "drops": [25]}

    def hand_id(self, chunk: list[str], first: int) -> str:
        found = next((_GAME_ID.match(ln) for ln in chunk[1:4] if _GAME_ID.match(ln)), None)
        return found.group(1) if found else f"line {first}"

    parse = staticmethod(_parse)


__all__ = ["WinningClassic"]
