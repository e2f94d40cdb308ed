"""Winning Poker Network (America's Cardroom, BlackChip, True Poker) hand histories of
Omaha Hi/Lo and Omaha, in the network's format since 2019: reading them into records.

The format follows PokerStars' with its own words: ``Hand #1 - Omaha H/L(Pot Limit) -
$1.00/$2.00 - ...``, ``posts the small blind $1.00``, ``posts dead $1.00``, pot lines
during the play (``Main pot $79.20 | Rake $0.80``), one ``collected`` line a player and
pot (his high and low halves added up), the summary's total pot after the rake, and a
jackpot fee beside the rake (``Rake $0.96 | JP Fee $0.04``: both are taken from the pot).
A hand run twice writes ``*** FLOP 1 ***`` ... ``*** SHOW DOWN 2 ***`` and ``collected
... from main pot 2``.

>>> text = '''Hand #5 - Omaha H/L(Pot Limit) - $0.50/$1.00 - 2021/04/16 19:14:14 UTC
... Ours 6-max Seat #1 is the button
... Seat 1: ann ($10.00)
... Seat 2: bob ($20.00)
... ann posts the small blind $0.50
... bob posts the big blind $1.00
... *** HOLE CARDS ***
... ann folds
... Uncalled bet ($0.50) returned to bob
... bob collected $1.00 from main pot
... *** SUMMARY ***
... Total pot $1.00'''
>>> [r] = loads_winning(text)
>>> r.stacks[:2], r.final_stacks[:2]
([1000, 2000], [950, 2050])
"""

from __future__ import annotations

import re

from .siteformat import SiteFormat
from .sitehand import (
    CURRENCIES,
    MONEY,
    HandBuilder,
    SiteItem,
    SkippedHand,
    cards_in,
    omaha_game,
)
from .winning_classic import WinningClassic

# a hand's first line, in the format since 2019 or the older one (winning_classic.py)
HEADER = re.compile(r"^(?:Game )?Hand #([0-9]+) - |^Game started at: ")
_GAME = re.compile(r" - (?:([56])Card )?(Omaha H/L|Omaha)\((Pot Limit|No Limit|Fixed Limit)\)"
                   r" - ")
_CASH_STAKES = re.compile(rf"\) - ({MONEY})/({MONEY}) - ")
_LEVEL_STAKES = re.compile(rf" - Level [0-9]+ \(({MONEY})/({MONEY})\)")
_TABLE = re.compile(r"^(?:Table '(.*)'|(.*?)) ([0-9]{1,2})-max Seat #([0-9]{1,2}) is the button$")
_SEAT = re.compile(rf"^Seat ([0-9]{{1,2}}): (.+?) \(({MONEY})\)( is sitting out)?$")
# a seat waiting for the button to pass: not dealt in
_WAITING = re.compile(r"^Seat [0-9]{1,2}: .+ will be allowed to play after the button$")
_POST = re.compile(rf"^posts (the small blind|the big blind|ante|dead) ({MONEY})"
                   rf"( and is all-in)?$")
_ACT = re.compile(rf"^(folds|checks|calls|bets|raises)(?: ({MONEY}))?(?: to ({MONEY}))?"
                  rf"( and is all-in)?$")
_UNCALLED = re.compile(rf"^Uncalled bet \(({MONEY})\) returned to (.+)$")
_COLLECT = re.compile(rf"^collected ({MONEY}) from (pot|main pot|side pot(?:-[0-9]+)?)"
                      rf"(?: ([12]))?$")
_STREET = re.compile(r"^\*\*\* (FLOP|TURN|RIVER)(?: ([12]))? \*\*\*(.*)$")
_TOTAL = re.compile(rf"^Total pot ({MONEY})(?: \| Rake ({MONEY}))?(?: \| JP Fee ({MONEY}))?$")
_SUMMARY_WON = re.compile(rf"^Seat ([0-9]{{1,2}}): .*? won ({MONEY})(?: with |$)")
_BOARD = re.compile(r"^Board(?: ([12]))? (\[[^\]]*\])$")
# the pot as it stands, written during the play: nothing moves
_POT_NOW = re.compile(rf"^(?:Main|Side) pot(?:-[0-9]+)?(?: [12])? {MONEY}"
                      rf"(?: \| Rake {MONEY})?(?: \| Side pot.*)?$")
_HARMLESS = re.compile(r"^.+? (?:does not show|has timed out|is disconnected|is connected|"
                       r"has returned|is sitting out|sits out|will be allowed to play)")
_MOVES = re.compile(r"^(?:Dealt to |Uncalled bet \(.*\) returned to )?(?P<name>.+?) "
                    r"(?:posts|folds|checks|calls|bets|raises|shows|mucks|collected)\b")
_POST_KIND = {"the small blind": "sb", "the big blind": "bb", "ante": "ante", "dead": "dead"}
_VERB = {"folds": "fold", "checks": "check", "calls": "call", "bets": "bet",
         "raises": "raise_to"}
_LIMIT = {"Pot Limit": "pot-limit", "No Limit": "no-limit", "Fixed Limit": "fixed-limit"}


def _parse(chunk: list[str], first: int, hand_id: str, origin: str) -> SiteItem:
    header = chunk[0]
    game = _GAME.search(header)
    desc = re.sub(r"^(?:Game )?Hand #[0-9]+ - (?:.*?Tournament #[0-9]+ - )?", "", header)
    engine_game = game and omaha_game(int(game.group(1) or 4), game.group(2) == "Omaha H/L")
    if game is None or engine_game is None:     # another game, or six-card hi/lo
        return SkippedHand(hand_id, origin, first, desc.split(" - ")[0])
    b = HandBuilder("wpn", hand_id, origin, first)
    b.game = engine_game     # "5Card Omaha H/L" is Big O, "5Card Omaha" five-card high
    b.structure = _LIMIT[game.group(3)]
    tournament = re.search(r"Tournament #([0-9]+)", header)
    stakes = (_LEVEL_STAKES if tournament else _CASH_STAKES).search(header)
    if stakes is None:
        raise b.fail(first, "no stakes (small/big) in the header")
    b.money(tournament and tournament.group(1), CURRENCIES.get(stakes.group(1)[0]))
    small, big = b.chips(stakes.group(1), first), b.chips(stakes.group(2), first)
    b.stakes = (small, big)     # fixed limit: the small and big bets
    section = "seats"
    for k, line in enumerate(chunk[1:], first + 1):
        if not line or _POT_NOW.match(line):
            continue
        if line.startswith("*** "):
            m = _STREET.match(line)
            if m:
                b.street(m.group(1).lower(), cards_in(m.group(3)), k, int(m.group(2) or 0))
                section = "play"
            elif line == "*** SUMMARY ***":
                section = "summary"
            elif line in ("*** HOLE CARDS ***", "*** SHOW DOWN ***", "*** RUN IT TWICE ***"):
                section = "play"
            elif line in ("*** SHOW DOWN 1 ***", "*** SHOW DOWN 2 ***"):
                b.run = int(line[-5])
            else:
                raise b.fail(k, f"a street the reader does not know: {line}")
            continue
        if section == "summary":
            _summary_line(b, line, k)
        elif section == "seats" and line.startswith("Seat "):
            m = _SEAT.match(line)
            if m:
                b.add_seat(int(m.group(1)), m.group(2), b.chips(m.group(3), k),
                           bool(m.group(4)), k)
            elif not _WAITING.match(line):
                raise b.fail(k, f"unreadable seat line: {line}")
        elif section == "seats" and _TABLE.match(line):
            m = _TABLE.match(line)
            assert m is not None
            b.table_size = int(m.group(3))
            b.button = int(m.group(4))
        elif line.startswith("Dealt to "):
            found = b.player_at(line[9:], (" [",))
            if section == "seats" and found and len(cards_in("[" + found[1])) == 2:
                continue       # a card for the seat draw at a tournament's start
            b.uncalled_or_dealt(line, k, _UNCALLED)
        else:
            _play_line(b, line, k)
    return b.record()


def _summary_line(b: HandBuilder, line: str, k: int) -> None:
    m = _TOTAL.match(line)
    if m:
        b.total_pot = b.chips(m.group(1), k)
        b.rake = sum(b.chips(a, k) for a in m.group(2, 3) if a)
        return
    m = _BOARD.match(line)
    if m:
        run = {"1": "FIRST", "2": "SECOND"}.get(m.group(1) or "")
        b.summary_board(run, cards_in(m.group(2)), line, k)
        return
    m = _SUMMARY_WON.match(line)
    if m and int(m.group(1)) in b.names:     # stands in where no collected line is written
        b.summary_won.append((int(m.group(1)), b.chips(m.group(2), k)))
    if not b.summary_line(line, k, _POT_NOW):
        b.unread(line, k, _HARMLESS, _MOVES)


def _play_line(b: HandBuilder, line: str, k: int) -> None:
    if b.uncalled_or_dealt(line, k, _UNCALLED):
        return
    found = b.player_at(line, (" ",))
    if found is None:
        b.unread(line, k, _HARMLESS, _MOVES)
        return
    name, rest = found
    m = _COLLECT.match(rest)
    if m:
        if m.group(3):
            b.run = int(m.group(3))
        b.collect(name, b.chips(m.group(1), k), m.group(2), None, k)
        return
    m = _POST.match(rest)
    if m:
        kind, posted = _POST_KIND[m.group(1)], b.chips(m.group(2), k)
        big = b.stakes[0] if b.structure == "fixed-limit" else b.stakes[1]
        if kind == "dead" and posted > big:
            kind = "both"      # "posts dead $0.07" at $0.02/$0.05: dead small, live big blind
        elif kind == "dead" and posted == big:
            kind = "bb"        # a big blind posted out of turn: live
        b.post(name, kind, posted, k)
        return
    m = _ACT.match(rest)
    if m:
        verb = _VERB[m.group(1)]
        amount = m.group(3) if verb == "raise_to" else m.group(2)
        if verb in ("call", "bet", "raise_to") and amount is None:
            raise b.fail(k, f"unreadable action: {line}")
        if verb == "raise_to" and m.group(2) is not None and amount is not None:
            b.raised_by(name, b.chips(m.group(2), k), b.chips(amount, k), k, line, "either")
        b.act(name, verb, None if amount is None else b.chips(amount, k),
              bool(m.group(4)), k)
        return
    if rest.startswith("shows ["):
        b.show(name, cards_in(rest.split("]", 1)[0] + "]"), k)
    elif rest.startswith("mucks"):
        b.muck(name, k)
    elif rest.startswith(("folds", "checks", "calls", "bets", "raises", "posts")):
        raise b.fail(k, f"unreadable action: {line}")
    else:
        b.unread(line, k, _HARMLESS, _MOVES)


class Winning(SiteFormat):
    """The Winning Poker Network, in its format since 2019 and the older one (a hand that
    starts ``Game started at:``, :mod:`omaha_fast.history.winning_classic`): one collected
    line a player and pot (his halves added up); the odd chip's rule is not known (a
    one-chip difference is reported as such); a cash hand may pay a 25-cent jackpot drop
    beyond the stated rake."""

    name = "wpn"
    title = "WPN (ACR)"
    header = HEADER
    order = 40
    rules = WinningClassic.rules

    def hand_id(self, chunk: list[str], first: int) -> str:
        if chunk[0].startswith(_CLASSIC_START):
            return _CLASSIC.hand_id(chunk, first)
        return super().hand_id(chunk, first)

    def parse(self, chunk: list[str], first: int, hand_id: str, origin: str) -> SiteItem:
        if chunk[0].startswith(_CLASSIC_START):
            return _CLASSIC.parse(chunk, first, hand_id, origin)
        return _parse(chunk, first, hand_id, origin)


_CLASSIC = WinningClassic()
_CLASSIC_START = "Game started at: "     # the first line of an older hand
WINNING = Winning()
read_winning = WINNING.read
loads_winning = WINNING.loads

__all__ = ["Winning", "read_winning", "loads_winning"]
