"""Winamax hand histories of Omaha Hi/Lo and Omaha: reading them into records.

Winamax writes the currency after the amount (``4.96€``; play money and tournament chips
have no sign, and tournament chips may have halves: ``7410.50``), never writes an
uncalled bet (the bettor collects it, "from pot" with the pot or "from side pot 2" on its
own), says which half a collection is (``collected 4.96€ from pot(HI)``) and gives the
total pot net of the rake (``Total pot 9.91€ | Rake 0.69€``, ``| No rake``).

>>> head = "Winamax Poker - CashGame - HandId: #1-2-3 - "
>>> text = head + '''Omaha Hi/Lo pot limit (1€/2€) - 2016/11/11 14:30:00 UTC
... Table: 'T' 6-max (real money) Seat #1 is the button
... Seat 1: ann (100€)
... Seat 2: bob (50.50€)
... *** ANTE/BLINDS ***
... ann posts small blind 1€
... bob posts big blind 2€
... *** PRE-FLOP ***
... ann raises 4€ to 6€
... bob folds
... ann collected 8€ from pot
... *** SUMMARY ***
... Total pot 8€ | No rake
... Seat 1: ann (small blind) (button) won 8€'''
>>> [r] = loads_winamax(text)
>>> r.stacks[:2], r.final_stacks[:2], r.extra["site"]["returned"]
([10000, 5050], [10200, 4850], [[0, 400]])
"""

from __future__ import annotations

import re

from .siteformat import SiteFormat
from .sitehand import (
    HandBuilder,
    SiteItem,
    SkippedHand,
    cards_in,
    uncalled_excess,
)

HEADER = re.compile(r"^Winamax Poker - .*?HandId: #([0-9]+(?:-[0-9]+)*) - ")
# an amount as Winamax writes it: the euro sign after (some exports write a decimal comma
# and a space before it: "0,02 €"), a "k" for thousands in a tournament's total pot
AMOUNT = r"[0-9]+(?:[.,][0-9]+)?(?: ?€)?"
_GAME = re.compile(r" - ([^-]+?) (no limit|pot limit|fixed limit) \(([^()]*)\) - [0-9]{4}/")
_HIGH = {"Omaha"}
_HILO = {"Omaha Hi/Lo", "Omaha8"}
# five-card names: "Omaha5" and "5 Card Omaha" high, "5 Card Omaha Hi/Lo" Big O (the real
# hands under this name split their pots high and low)
_FIVE_HIGH = {"Omaha5", "5 Card Omaha"}
_FIVE_HILO = {"5 Card Omaha Hi/Lo", "Omaha5 Hi/Lo", "5 Card Omaha8"}
_GAMES = {**dict.fromkeys(_HIGH, "high"), **dict.fromkeys(_HILO, "hilo"),
          **dict.fromkeys(_FIVE_HIGH, "omaha5"), **dict.fromkeys(_FIVE_HILO, "bigo")}
_LIMIT = {"no limit": "no-limit", "pot limit": "pot-limit", "fixed limit": "fixed-limit"}
_TABLE = re.compile(r"^Table:? '(.*)' (?:([0-9]{1,2})-max )?\((real|play) money\)"
                    r"(?: Seat #([0-9]{1,2}) is the button)?$")
_SEAT = re.compile(rf"^Seat ([0-9]{{1,2}}): (.+) \(({AMOUNT})(?:, [^)]*)?\)$")
_POST = re.compile(rf"^posts (small blind|big blind|ante|dead blind) \(?({AMOUNT})\)?"
                   rf"( out of position)?( and is all-in)?$")
_ACT = re.compile(rf"^(folds|checks|calls|bets|raises)(?: ({AMOUNT}))?(?: to ({AMOUNT}))?"
                  rf"( and is all-in)?$")
_COLLECT = re.compile(rf"^collected ({AMOUNT}) from (pot|main pot|side pot [0-9]{{1,2}})"
                      rf" ?(?:\((HI|LO)\))?$")
_STREET = re.compile(r"^\*\*\* (FLOP|TURN|RIVER) \*\*\*:? (.*)$")
_TOTAL = re.compile(rf"^Total pot ({AMOUNT}k?) \| (?:No rake|Rake ({AMOUNT}))$")
_SUMMARY_SEAT = re.compile(r"^Seat ([0-9]{1,2}): (.*)$")
_SUMMARY_WON = re.compile(rf" (?:showed \[[^\]]*\] and )?won ({AMOUNT})(?: |$)")
# lines that move nothing: chat, a player refusing to post, arrivals and departures
_HARMLESS = re.compile(r"^.+? (?:said|says), |^.+? (?:denies big blind|deny BB \S+$|"
                       r"joins the table|leaves the table|will be allowed to play|"
                       r"is disconnected|is connected|has timed out|sits out|is sitting out|"
                       r"wins the tournament|finished the tournament|wins a ticket|"
                       r"re-buys|takes the add-on)")
_MOVES = re.compile(r"^(?:Dealt to )?(?P<name>.+?) (?:posts|folds|checks|calls|bets|raises|"
                    r"shows|mucks|collected|brings in|bring-in|discard|stands pat)\b")
# a line holding an amount as Winamax writes them, or cards: it moves chips or cards
_WX_AMOUNT = re.compile(r"[0-9] ?€|\[[^\[\]]*\]")
_POSITIONS = re.compile(r" \((?:button|small blind|big blind)\)")
_VERB = {"folds": "fold", "checks": "check", "calls": "call", "bets": "bet",
         "raises": "raise_to"}
_HALF = {"HI": "high", "LO": "low", None: None}
_ALL_IN = " and is all-in"


def _chips(b: HandBuilder, text: str, line: int) -> int:
    return b.chips(text.rstrip("€ ").replace(",", "."), line)


def _parse(chunk: list[str], first: int, hand_id: str, origin: str) -> SiteItem:
    header = chunk[0]
    game = _GAME.search(header)
    if game is None:
        desc = header.split(" - ")[-2] if header.count(" - ") >= 3 else header
        return SkippedHand(hand_id, origin, first, desc.strip())
    name, limit, stakes = game.groups()
    desc = f"{name} {limit} ({stakes})"
    if name not in _GAMES:
        return SkippedHand(hand_id, origin, first, desc)
    b = HandBuilder("winamax", hand_id, origin, first)
    b.game = _GAMES[name]
    b.structure = _LIMIT[limit]
    b.scale = 100      # cents, or hundredths of a chip (tournament stacks have halves)
    if "Tournament" in header.split(" - HandId")[0]:
        m = re.search(r'Tournament "(.*?)"', header)
        b.tournament = m.group(1) if m else "tournament"
        b.split_chip = 50     # a tournament's odd chip is divided in halves
    else:
        b.currency = "EUR" if "€" in stakes else "play"
    parts = stakes.split("/")
    if len(parts) not in (2, 3) or not all(re.fullmatch(AMOUNT, p) for p in parts):
        raise b.fail(first, f"unreadable stakes ({stakes}) in the header")
    b.stakes = (_chips(b, parts[-2], first), _chips(b, parts[-1], first))
    section = "seats"
    over: set[int] = set()      # seats that "raised" all-in opponents (see below)
    for k, line in enumerate(chunk[1:], first + 1):
        if not line:
            continue
        if line.startswith("*** "):
            m = _STREET.match(line)
            if m:
                b.street(m.group(1).lower(), cards_in(m.group(2)), k)
                section = "play"
            elif line == "*** SUMMARY ***":
                section = "summary"
            elif line == "*** ANTE/BLINDS ***":
                section = "blinds"
            elif line in ("*** PRE-FLOP ***", "*** SHOW DOWN ***"):
                section = "play"
            else:
                raise b.fail(k, f"a street or section the reader does not know: {line}")
            continue
        if section == "summary":
            _summary_line(b, line, k)
        elif line.startswith("Table"):
            m = _TABLE.match(line)
            if not m:
                raise b.fail(k, f"unreadable table line: {line}")
            b.table_size = int(m.group(2) or 0)
            if m.group(4):
                b.button = int(m.group(4))
        elif section == "seats" and line.startswith("Seat "):
            m = _SEAT.match(line)
            if not m:
                raise b.fail(k, f"unreadable seat line: {line}")
            b.add_seat(int(m.group(1)), m.group(2), _chips(b, m.group(3), k), False, k)
        else:
            _play_line(b, line, k, section, over)
    if not b.table_size:
        top = max(b.names, default=0)
        b.table_size = 6 if top <= 6 else 9 if top <= 9 else 10
    _returned_in_collections(b, over)
    return b.record()


def _play_line(b: HandBuilder, line: str, k: int, section: str, over: set[int]) -> None:
    if line.startswith("Dealt to ") and b.uncalled_or_dealt(line, k, _NEVER):
        return
    found = b.player_at(line, (" ",))
    if found is None:
        _unread(b, line, k)
        return
    name, rest = found
    m = _POST.match(rest) if rest.startswith("posts ") else None
    if m:
        kind, amount, out_of_turn = m.group(1), _chips(b, m.group(2), k), m.group(3)
        if kind == "big blind" and out_of_turn and amount == 0:
            return           # "posts big blind 0€ out of position": told with the small
        if kind == "small blind" and any(p[0] == b.seat(name, k) and p[1] != "ante"
                                         for p in b.posts):
            b.post(name, "dead", amount, k)    # after his blinds posted together: dead
        elif kind == "small blind" and out_of_turn:
            # a returning player posts both blinds at once, written as the small one
            b.post(name, "both" if amount > b.small_blind() else "dead", amount, k)
        elif kind == "dead blind":
            b.post(name, "dead", amount, k)
        else:
            b.post(name, {"small blind": "sb", "big blind": "bb", "ante": "ante"}[kind],
                   amount, k)
        return
    m = _ACT.match(rest)
    if m:
        verb = _VERB[m.group(1)]
        if section == "blinds":
            # "raises 1€ to 3€" among the blinds: both blinds posted by a returning player
            if verb != "raise_to" or m.group(3) is None:
                raise b.fail(k, f"an action among the blinds: {line}")
            b.post(name, "both", _chips(b, m.group(3), k), k)
            return
        written = m.group(3) if verb == "raise_to" else m.group(2)
        if verb in ("call", "bet", "raise_to") and written is None:
            raise b.fail(k, f"unreadable action: {line}")
        chips = None if written is None else _chips(b, written, k)
        if verb == "raise_to" and chips is not None and m.group(2) is not None:
            b.raised_by(name, _chips(b, m.group(2), k), chips, k, line)
        if verb == "raise_to" and chips is not None and \
                _raise_against_all_in(b, name, chips, k):
            over.add(b.seat(name, k))
            return
        b.act(name, verb, chips, bool(m.group(4)), k)
        return
    m = _COLLECT.match(rest)
    if m:
        b.collect(name, _chips(b, m.group(1), k), m.group(2), _HALF[m.group(3)], k)
        return
    if rest.startswith("shows ["):
        b.show(name, cards_in(rest.split("]", 1)[0] + "]"), k)
    elif rest.startswith("mucks") or rest.startswith("doesn't show"):
        b.muck(name, k)
    elif rest.startswith(("folds", "checks", "calls", "bets", "raises", "posts",
                          "collected")):
        raise b.fail(k, f"unreadable action: {line}")
    else:
        _unread(b, line, k)


def _raise_against_all_in(b: HandBuilder, name: str, to: int, k: int) -> bool:
    """Winamax writes a raise when every opponent left is all-in ("raises 0.38€ to
    0.76€" against an all-in of 0.38€): it is a call, and the rest comes back to him
    with his collection (see _returned_in_collections). True when the line was one."""
    seat = b.seat(name, k)
    folded = {a[0] + 1 for a in b.actions if len(a) == 3 and a[1] == "fold"}
    others = [s for s in b.names if s != seat and s not in b.out and s not in folded]
    if not others or any(b.invested.get(s, 0) < b.stacks[s] for s in others):
        return False
    level = max(b.street_bet.get(s, 0) for s in others)
    before = b.street_bet.get(seat, 0)
    if to <= level:
        return False
    if level > before:
        b.act(name, "call", level - before, False, k)
    b.invested[seat] = b.invested.get(seat, 0) + to - level
    b.street_bet[seat] = to
    return True


# Winamax writes no uncalled-bet line: a pattern that never matches stands in for it
_NEVER = re.compile(r"(?!x)x(.)(.)")


def _unread(b: HandBuilder, line: str, k: int) -> None:
    """A line no rule took: passed over when it moves nothing, else refused."""
    b.unread(line, k, _HARMLESS, _MOVES)
    if not _HARMLESS.search(line) and _WX_AMOUNT.search(line):
        raise b.fail(k, f"a line that moves chips or cards, in a form the reader does not "
                        f"know: {line}")


def _summary_line(b: HandBuilder, line: str, k: int) -> None:
    m = _TOTAL.match(line)
    if m:
        if m.group(2):
            b.rake = _chips(b, m.group(2), k)
        if not m.group(1).endswith("k"):      # a tournament's total is rounded ("15.52k")
            b.total_pot = _chips(b, m.group(1), k) + b.rake
        return
    if line.startswith("Board: ["):
        b.summary_board(None, cards_in(line), line, k)
        return
    m = _SUMMARY_SEAT.match(line)
    if not m:
        _unread(b, line, k)
        return
    seat, rest = int(m.group(1)), m.group(2)
    name = b.names.get(seat)
    if name is None or not rest.startswith(name + " ") and rest != name:
        raise b.fail(k, f"the summary names a player not seated at seat {seat}: {line}")
    rest = rest[len(name):]
    if b.button is None and rest.startswith((" (button)", " (small blind) (button)",
                                             " (big blind) (button)")):
        b.button = seat
    if rest.endswith(" folded") and _POSITIONS.sub("", rest) == " folded" and \
            seat not in b.invested and \
            all(a[0] != seat - 1 for a in b.actions):
        b.out.add(seat)      # "folded" on no street: he was not dealt in (sitting out)
    shown = re.search(r" showed (\[[^\]]*\])", rest)
    if shown:
        b.hole(seat, cards_in(shown.group(1)), k, "the summary shows")
    won = _SUMMARY_WON.search(rest)
    if won:
        b.summary_won.append((seat, _chips(b, won.group(1), k)))


def _returned_in_collections(b: HandBuilder, over: set[int]) -> None:
    """Winamax pays an uncalled bet back as a collection: "from pot" with the pot, or
    "from side pot N" on its own. The bet (what the player who put in the most put in
    beyond every other player's live chips) is taken out of his collection and kept as a
    returned bet, as the other sites write it; the part of a raise of all-in opponents
    (``over``: read as a call) is only taken out."""
    found = uncalled_excess(b)
    if found is None:
        return
    seat, excess = found
    if not b.collected:
        b.collected = [(0, s, c, None) for s, c in b.summary_won]
        b.runs = [0] * len(b.collected)
    mine = [i for i, (_, s, _, _) in enumerate(b.collected) if s == seat]
    if not mine:
        return      # not paid back: the verifier reports the difference
    alone = [i for i in mine if b.collected[i][2] == excess and b.collected[i][0] > 0]
    if alone:       # the bet as a side pot of its own
        del b.collected[alone[-1]]
        del b.runs[alone[-1]]
    else:
        i = max(mine, key=lambda j: (b.collected[j][0], b.collected[j][2]))
        pot, s, amount, half = b.collected[i]
        if amount < excess:
            return
        b.collected[i] = (pot, s, amount - excess, half)
        if amount == excess:
            del b.collected[i]
            del b.runs[i]
    if seat in over:
        b.invested[seat] -= excess
    else:
        b.uncalled(b.names[seat], excess, b.line)
    if b.total_pot is not None:
        b.total_pot -= excess


class Winamax(SiteFormat):
    """Winamax: the pots listed by winner, the rake taken from every pot."""

    name = "winamax"
    title = "Winamax"
    header = HEADER
    order = 70
    rules = {"merge_pots": "by_winner", "rake_split": "proportional"}

    parse = staticmethod(_parse)


WINAMAX = Winamax()
read_winamax = WINAMAX.read
loads_winamax = WINAMAX.loads

__all__ = ["Winamax", "read_winamax", "loads_winamax"]
