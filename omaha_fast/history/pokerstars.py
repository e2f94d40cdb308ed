"""PokerStars hand histories of Omaha Hi/Lo and Omaha: reading them into hand records.

Cash (real and play money) and tournament hands, fixed limit, pot limit and no limit; many
hands a file; hands of other games (HORSE, 8-Game and other mixed tables) are skipped and
counted. Amounts become cents for cash games and chips otherwise.

>>> text = '''PokerStars Hand #1:  Omaha Hi/Lo Pot Limit ($0.01/$0.02 USD) - 2009/11/26 10:37:39 ET
... Table 'T' 6-max Seat #1 is the button
... Seat 1: ann ($1 in chips)
... Seat 2: bob ($2 in chips)
... ann: posts small blind $0.01
... bob: posts big blind $0.02
... *** HOLE CARDS ***
... ann: folds
... Uncalled bet ($0.01) returned to bob
... bob collected $0.02 from pot
... *** SUMMARY ***
... Total pot $0.02 | Rake $0'''
>>> [r] = loads_pokerstars(text)
>>> r.structure, r.blinds, r.stacks, r.final_stacks
('pot-limit', [1, 2], [100, 200, None, None, None, None], [99, 201, None, None, None, None])
"""

from __future__ import annotations

import re

from .siteformat import SiteFormat
from .sitehand import CURRENCIES, MONEY, HandBuilder, SiteItem, SkippedHand, cards_in

# Full Tilt's histories since 2016 are written in the PokerStars format ("Full Tilt Hand #");
# some exports write the header in capitals ("POKERSTARS GAME #")
HEADER = re.compile(r"^(?:PokerStars|Full Tilt) (?:Zoom |Home Game |Rush )?(?:Hand|Game) #(\d+)",
                    re.IGNORECASE)
_GAME = re.compile(r"(?<![\w-])(\d Card )?(Omaha Hi/Lo|Omaha)"
                   r" (Pot Limit|No Limit|Fixed Limit|Limit)(?=[ ,)])", re.IGNORECASE)
# (hole cards written before the name, hi/lo) -> the game: "5 Card Omaha Hi/Lo" is Big O;
# six-card hi/lo is not a game the engine plays
_GAMES = {("", True): "hilo", ("", False): "high", ("5", True): "bigo",
          ("5", False): "omaha5", ("6", False): "omaha6"}
# a capped game ("$1/$2 - $40 Cap - USD") limits what a player may put in the whole hand,
# which the engine does not play: such hands are skipped
_CAP = re.compile(rf"{MONEY}/{MONEY} - {MONEY} Cap\b")
_STAKES = re.compile(rf"(?:\(|, )({MONEY})/({MONEY})(?: ([A-Z]{{3}}))?\)")
_TABLE = re.compile(r"^Table '(.*)' (?:(\d{1,2})-max )?(?:\(Play Money\) )?"
                    r"Seat #(\d{1,2}) is the button")
_SEAT = re.compile(rf"^Seat (\d{{1,2}}): (.+?) \(({MONEY}) in chips(?:[^)]*)\)(.*)$")
_POST = re.compile(rf"^posts (small blind|big blind|small & big blinds|the ante) "
                   rf"({MONEY})(?: and is all-in)?$")
_ACT = re.compile(rf"^(folds|checks|calls|bets|raises)(?: ({MONEY}))?(?: to ({MONEY}))?"
                  rf"( and is all-in)?(?: and has reached the {MONEY} cap)?(?: \[.*\])?"
                  rf"(?: \([a-z ]+\))?$")
_UNCALLED = re.compile(rf"^Uncalled bet \(({MONEY})\) returned to (.+)$")
_COLLECT = re.compile(rf"^ collected ({MONEY}) from (pot|main pot|side pot(?:-\d+)?)$")
_CASH_OUT = re.compile(rf"^({MONEY}) \| Cash Out Fee ({MONEY})$")
# lines that name money or cards but move nothing in the hand: chat, and a tournament's
# prizes, bounties and re-buys (paid outside the pot; the next hand's seat lines hold them)
_HARMLESS = re.compile(r"^.+? said, \"|^.+? (?:finished the tournament|wins the tournament|"
                       r"wins the \S+ bounty|wins \S+ for eliminating|wins an entry to|"
                       r"re-buys and receives|takes the add-on)")
# the summary's other lines that move nothing
_HARMLESS_SUMMARY = re.compile(rf"{_HARMLESS.pattern}|^Hand was run (?:twice|three times)$")
# a line of the play: whose it is, even when he has no seat
_MOVES = re.compile(r"^(?:Dealt to |Uncalled bet \(.*\) returned to )?(?P<name>.+?)"
                    r"(?:: (?:posts|folds|checks|calls|bets|raises|shows|mucks|discards|"
                    r"stands pat)| collected | cashed out )")
_STREET = re.compile(r"^\*\*\* (FIRST |SECOND )?(FLOP|TURN|RIVER) \*\*\*(.*)$")
_RUN = {None: 0, "FIRST ": 1, "SECOND ": 2}
_SUMMARY_POT = re.compile(rf"(Main pot|Side pot(?:-\d+)?) ({MONEY})")
_POST_KIND = {"small blind": "sb", "big blind": "bb", "small & big blinds": "both",
              "the ante": "ante"}
_VERB = {"folds": "fold", "checks": "check", "calls": "call", "bets": "bet",
         "raises": "raise_to"}
_LIMIT = {"Pot Limit": "pot-limit", "No Limit": "no-limit", "Limit": "fixed-limit",
          "Fixed Limit": "fixed-limit"}
_CURRENCY = {**CURRENCIES, "₹": "INR", "R": "INR"}


def _parse(chunk: list[str], first: int, hand_id: str, origin: str) -> SiteItem:
    header = chunk[0]
    game = _GAME.search(header)
    ours = None if game is None else _GAMES.get(
        ((game.group(1) or "")[:1], game.group(2).lower() == "omaha hi/lo"))
    if ours is None or _CAP.search(header):
        desc = header.split(":", 1)[1].split(" - ")[0].strip() if ":" in header else header
        if _CAP.search(header):
            desc = "capped game: " + header.split(":", 1)[1].split(") - ")[0].strip() + ")"
        return SkippedHand(hand_id, origin, first, desc)
    b = HandBuilder("pokerstars", hand_id, origin, first)
    if header[:9].lower() == "full tilt":
        b.fmt = "fulltilt"
    assert game is not None   # ours is None without it
    b.game = ours
    b.structure = _LIMIT[game.group(3).title()]
    stakes = _STAKES.search(header)
    if stakes is None:
        raise b.fail(first, "no stakes (small/big) in the header")
    tournament = re.search(r"Tournament #(\d+)", header)
    b.money(tournament and tournament.group(1),
            stakes.group(3) or _CURRENCY.get(stakes.group(1)[0]))
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
            elif line.startswith("*** SUMMARY"):
                section = "summary"
            elif line.startswith(("*** HOLE CARDS", "*** SHOW DOWN")):
                section = "play"
            elif line in ("*** FIRST SHOW DOWN ***", "*** SECOND SHOW DOWN ***"):
                b.run = 1 if "FIRST" in line else 2     # run it twice: whose pot follows
            elif re.search(r"THIRD|FIRST|SECOND|[0-9]", line):
                raise b.fail(k, f"a board run more than twice, or in an unknown way: {line}")
            continue
        if section == "summary":
            if not b.summary_line(line, k, _SUMMARY_POT):
                b.unread(line, k, _HARMLESS_SUMMARY, _MOVES)
        elif line.startswith("Table '"):
            m = _TABLE.match(line)
            if not m:
                raise b.fail(k, f"unreadable table line: {line}")
            b.table_size = int(m.group(2) or 0)
            if m.group(1).split(" ")[0] == "omaha_fast":
                b.ours = True
                b.settings = dict(w.partition("=")[::2] for w in m.group(1).split()[1:])
            b.button = int(m.group(3))
        elif section == "seats" and line.startswith("Seat "):
            m = _SEAT.match(line)
            if not m:
                raise b.fail(k, f"unreadable seat line: {line}")
            rest = m.group(4)
            b.add_seat(int(m.group(1)), m.group(2), b.chips(m.group(3), k),
                       "sitting out" in rest or "out of hand" in rest, k)
        elif line == "Hand cancelled":
            return SkippedHand(hand_id, origin, first, "hand cancelled: no chips moved")
        elif line == "No low hand qualified":
            b.no_low = True
        else:
            _play_line(b, line, k)
    return b.record()


def _play_line(b: HandBuilder, line: str, k: int) -> None:
    if b.uncalled_or_dealt(line, k, _UNCALLED):
        return
    found = b.player_at(line, (": ", " collected ", " cashed out the hand for "))
    if found is None:               # chat, joins, leaves, time-outs: not part of the play;
        b.unread(line, k, _HARMLESS, _MOVES)    # a line that moves chips is refused
        return
    name, rest = found
    if line[len(name):].startswith(" cashed out the hand for "):
        m = _CASH_OUT.match(rest)
        if not m:
            raise b.fail(k, f"unreadable cash out: {line}")
        b.cash_out(name, b.chips(m.group(1), k), b.chips(m.group(2), k), k)
        return
    if line[len(name):].startswith(" collected "):
        m = _COLLECT.match(line[len(name):])
        if not m:
            raise b.fail(k, f"unreadable collected line: {line}")
        b.collect(name, b.chips(m.group(1), k), m.group(2), None, k)
        return
    m = _POST.match(rest)
    if m:
        b.post(name, _POST_KIND[m.group(1)], b.chips(m.group(2), k), k)
        return
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
        return
    if rest.startswith("shows ["):
        b.show(name, cards_in(rest), k)
    elif rest.startswith("mucks hand"):
        b.muck(name, k)
    elif rest.startswith(("folds", "checks", "calls", "bets", "raises", "posts")):
        raise b.fail(k, f"unreadable action: {line}")
    else:
        b.unread(line, k, _HARMLESS, _MOVES)


class PokerStars(SiteFormat):
    """PokerStars, and Full Tilt since 2016 (in the same format)."""

    name = "pokerstars"
    title = "PokerStars"
    header = HEADER
    order = 10
    # the all-in cash out's fee: 1% of what the cash out is worth, to the nearest cent
    rules = {"cash_out_fee_percent": 1}

    parse = staticmethod(_parse)


POKERSTARS = PokerStars()
read_pokerstars = POKERSTARS.read
loads_pokerstars = POKERSTARS.loads

__all__ = ["PokerStars", "read_pokerstars", "loads_pokerstars"]
