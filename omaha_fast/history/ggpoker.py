"""GGPoker (and its network's skins) hand histories of Omaha and Omaha Hi/Lo: reading them
into records.

GGPoker writes the PokerStars format with its own words: hand numbers with letters
(``Poker Hand #OM232657303``), the game as ``PLO``, ``Omaha Pot Limit`` or ``PLO-5``,
anonymous players in the files it hands out (``3b7dff87``), ``posts missed blind`` for a
dead small blind, every collection ``from pot`` (side pots are not named), a player's two
halves in one line, ``*** FIRST SHOWDOWN ***`` for a hand run twice, and a summary whose
rake has parts (``Rake $5.15 | Jackpot $0 | Bingo $0``: all of them taken from the pot).

>>> text = '''Poker Hand #OM1: PLO ($0.5/$1) - 2021/01/21 02:41:55
... Table 'T' 6-max Seat #1 is the button
... Seat 1: ann ($10 in chips)
... Seat 2: bob ($20 in chips)
... ann: posts small blind $0.5
... bob: posts big blind $1
... *** HOLE CARDS ***
... ann: folds
... Uncalled bet ($0.5) returned to bob
... bob collected $1 from pot
... *** SUMMARY ***
... Total pot $1 | Rake $0 | Jackpot $0'''
>>> [r] = loads_ggpoker(text)
>>> r.id, r.final_stacks[:2]
('OM1', [950, 2050])
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

HEADER = re.compile(r"^Poker Hand #([A-Z]{2,3}[0-9]+): ")
# the game: "PLO", "Omaha Pot Limit", "PLO Hi/Lo", "Omaha Hi/Lo Pot Limit", "PLO-5" ...
_GAME = re.compile(r"(?:^|, |\s)(PLO|NLO|FLO|Omaha)(?:-([5-7]))?(?: ?(Hi/Lo|Hi-Lo|H/L|8))?"
                   r"(?: (Pot Limit|No Limit|Fixed Limit|Limit))?(?= \(|  ?- Level)")
# the blinds, and the ante after them when the table has one ("($0.02/$0.05($0.01))")
_STAKES = re.compile(rf"\(({MONEY})/({MONEY})(?:\({MONEY}\))?\)")
_TABLE = re.compile(r"^Table '(.*)' (?:([0-9]{1,2})-max )?Seat #([0-9]{1,2}) is the button$")
_SEAT = re.compile(rf"^Seat ([0-9]{{1,2}}): (.+?) \(({MONEY}) in chips\)( is sitting out)?$")
# the straddle as the five-card tables write it ("straddle $20", no "posts")
_STRADDLE = re.compile(rf"^(straddle) ({MONEY})$")
_POST = re.compile(rf"^posts (small blind|big blind|missed blind|the ante|straddle) ({MONEY})"
                   rf"( and is all-in)?$")
_ACT = re.compile(rf"^(folds|checks|calls|bets|raises)(?: ({MONEY}))?(?: to ({MONEY}))?"
                  rf"( and is all-in)?$")
_UNCALLED = re.compile(rf"^Uncalled bet \(({MONEY})\) returned to (.+)$")
_COLLECT = re.compile(rf"^collected ({MONEY}) from (pot|main pot|side pot(?:-[0-9]+)?)$")
_STREET = re.compile(r"^\*\*\* (FIRST |SECOND )?(FLOP|TURN|RIVER) \*\*\*(.*)$")
_RUN = {None: 0, "FIRST ": 1, "SECOND ": 2}
_TOTAL = re.compile(rf"^Total pot ({MONEY})((?: \| [A-Za-z ]+ {MONEY})*)$")
_PART = re.compile(rf"\| ([A-Za-z ]+?) ({MONEY})")
_HARMLESS = re.compile(r"^.+?: (?:doesn't show hand|sits out|is sitting out)|"
                       r"^Hand was run two times$|^.+? (?:has timed out|is disconnected|"
                       r"is connected|has returned|finished the tournament|wins the tournament"
                       r"|received [^$0-9]*bounty)")
_MOVES = re.compile(r"^(?:Dealt to |Uncalled bet \(.*\) returned to )?(?P<name>.+?)"
                    r"(?:: (?:posts|folds|checks|calls|bets|raises|shows|mucks)| collected )")
_POST_KIND = {"small blind": "sb", "big blind": "bb", "missed blind": "dead", "the ante": "ante"}
_VERB = {"folds": "fold", "checks": "check", "calls": "call", "bets": "bet",
         "raises": "raise_to"}
_LIMIT = {"Pot Limit": "pot-limit", "No Limit": "no-limit", "Fixed Limit": "fixed-limit",
          "Limit": "fixed-limit", "PLO": "pot-limit", "NLO": "no-limit", "FLO": "fixed-limit"}


def _parse(chunk: list[str], first: int, hand_id: str, origin: str) -> SiteItem:
    header = chunk[0]
    desc = re.sub(r"\s*- Level.*$", "", header.split(": ", 1)[1].rsplit(" - ", 1)[0])
    game = _GAME.search(header)
    engine_game = game and omaha_game(int(game.group(2) or 4), bool(game.group(3)))
    if game is None or "postflop" in header or engine_game is None:
        # another game, a mixed structure ("Omaha (NL postflop)"), seven-card Omaha or
        # six-card hi/lo
        return SkippedHand(hand_id, origin, first, desc)
    b = HandBuilder("ggpoker", hand_id, origin, first)
    b.game = engine_game     # "PLO-5" five cards, "PLO-6" six
    b.structure = _LIMIT[game.group(4) or game.group(1)] if game.group(4) or \
        game.group(1) != "Omaha" else "pot-limit"
    stakes = _STAKES.search(header)
    if stakes is None:
        raise b.fail(first, "no stakes (small/big) in the header")
    tournament = re.search(r"Tournament #([0-9]+)", header)
    b.money(tournament and tournament.group(1), CURRENCIES.get(stakes.group(1)[0]))
    b.stakes = (b.chips(stakes.group(1), first), b.chips(stakes.group(2), first))
    section = "seats"
    for k, line in enumerate(chunk[1:], first + 1):
        if not line:
            continue
        if line.startswith("*** "):
            m = _STREET.match(line)
            if m:
                b.street(m.group(2).lower(), cards_in(m.group(3)), k, _RUN[m.group(1)])
                section = "play"
            elif line == "*** SUMMARY ***":
                section = "summary"
            elif line in ("*** HOLE CARDS ***", "*** SHOWDOWN ***"):
                section = "play"
            elif line in ("*** FIRST SHOWDOWN ***", "*** SECOND SHOWDOWN ***"):
                b.run = 1 if "FIRST" in line else 2
            else:
                raise b.fail(k, f"a board run more than twice, or in an unknown way: {line}")
            continue
        if section == "summary":
            _summary_line(b, line, k)
        elif line.startswith("Table '"):
            m = _TABLE.match(line)
            if m is None:
                raise b.fail(k, f"unreadable table line: {line}")
            b.table_size = int(m.group(2) or 0)
            b.button = int(m.group(3))
        elif section == "seats" and line.startswith("Seat "):
            m = _SEAT.match(line)
            if m is None:
                raise b.fail(k, f"unreadable seat line: {line}")
            b.add_seat(int(m.group(1)), m.group(2), b.chips(m.group(3), k),
                       bool(m.group(4)), k)
        elif line.startswith("Dealt to "):
            b.uncalled_or_dealt(line, k, _UNCALLED)
        else:
            skipped = _play_line(b, line, k)
            if skipped:
                return SkippedHand(hand_id, origin, first, f"{desc} ({skipped})")
    return b.record()


def _summary_line(b: HandBuilder, line: str, k: int) -> None:
    m = _TOTAL.match(line)
    if m:
        b.total_pot = b.chips(m.group(1), k)
        b.rake = sum(b.chips(a, k) for _, a in _PART.findall(m.group(2)))
        return
    if line.startswith("Hand was run ") and line != "Hand was run two times":
        raise b.fail(k, f"a board run more than twice: {line}")
    if not b.summary_line(line, k, _TOTAL):
        b.unread(line, k, _HARMLESS, _MOVES)


def _play_line(b: HandBuilder, line: str, k: int) -> str:
    """Read one line of the play; returns why the hand is skipped, or ""."""
    if b.uncalled_or_dealt(line, k, _UNCALLED):
        return ""
    if line.startswith("Cash Drop to Pot"):
        raise b.fail(k, f"chips the site adds to the pot, which the engine does not play: "
                        f"{line}")
    if "all-in insurance" in line:
        raise b.fail(k, f"an all-in insurance, paid outside the pot, which the check does "
                        f"not follow: {line}")
    found = b.player_at(line, (": ", " collected "))
    if found is None:
        b.unread(line, k, _HARMLESS, _MOVES)
        return ""
    name, rest = found
    if line[len(name):].startswith(" collected "):
        m = _COLLECT.match(line[len(name) + 1:])
        if m is None:
            raise b.fail(k, f"unreadable collected line: {line}")
        b.collect(name, b.chips(m.group(1), k), m.group(2), None, k)
        return ""
    m = _POST.match(rest) or _STRADDLE.match(rest)
    if m:
        if m.group(1) == "straddle":
            return "a straddle, which the engine does not play"
        b.post(name, _POST_KIND[m.group(1)], b.chips(m.group(2), k), k)
        return ""
    m = _ACT.match(rest)
    if m:
        verb = _VERB[m.group(1)]
        amount = m.group(3) if verb == "raise_to" else m.group(2)
        if verb in ("call", "bet", "raise_to") and amount is None:
            raise b.fail(k, f"unreadable action: {line}")
        if verb == "raise_to" and m.group(2) is not None and amount is not None:
            b.raised_by(name, b.chips(m.group(2), k), b.chips(amount, k), k, line)
        b.act(name, verb, None if amount is None else b.chips(amount, k),
              bool(m.group(4)), k)
    elif rest.startswith("shows ["):
        b.show(name, cards_in(rest.split("]", 1)[0] + "]"), k)
    elif rest.startswith("mucks"):
        b.muck(name, k)
    elif rest.startswith(("folds", "checks", "calls", "bets", "raises", "posts")):
        raise b.fail(k, f"unreadable action: {line}")
    else:
        b.unread(line, k, _HARMLESS, _MOVES)
    return ""


class GGPoker(SiteFormat):
    """GGPoker (GGNetwork and its skins): every collection is "from pot" and a player's
    halves are one line, so the check adds up each player's collections over the pots,
    run by run."""

    name = "ggpoker"
    title = "GGPoker"
    header = HEADER
    order = 50
    rules = {"unnamed_pots": True, "halves_joined": True}

    parse = staticmethod(_parse)


GGPOKER = GGPoker()
read_ggpoker = GGPOKER.read
loads_ggpoker = GGPOKER.loads

__all__ = ["GGPoker", "read_ggpoker", "loads_ggpoker"]
