"""Full Tilt Poker hand histories of Omaha Hi/Lo and Omaha: reading them into records.

Full Tilt writes names that may hold spaces, amounts with thousands separators, the
button after the blinds, and says which half each player won ("wins the high pot",
"ties for the low side pot #1"), which the replay checks half by half.

>>> header = ("Full Tilt Poker Game #9: Table Vero (6 max) - $200/$400 - Limit Omaha Hi/Lo"
...           " - 0:03:34 ET - 2006/10/11")
>>> text = header + '''
... Seat 1: Ann Lee ($1,000)
... Seat 2: bob ($800.50)
... bob posts the small blind of $100
... Ann Lee posts the big blind of $200
... The button is in seat #2
... *** HOLE CARDS ***
... bob folds
... Uncalled bet of $100 returned to Ann Lee
... Ann Lee wins the pot ($200)
... *** SUMMARY ***
... Total pot $200 | Rake $0'''
>>> [r] = loads_fulltilt(text)
>>> r.stacks, r.final_stacks, r.small_bet
([100000, 80050, None, None, None, None], [110000, 70050, None, None, None, None], 20000)
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

HEADER = re.compile(r"^Full ?Tilt ?Poker (?:Game|Hand) #(\d+)")
# "Pot Limit Omaha H/L"; since 2013 also "PL Omaha H/L", "FL Omaha H/L", "NL Omaha Hi". A
# capped game ("$15 Cap Pot Limit Omaha") limits what a player may put in the whole hand,
# which the engine does not play: it is skipped
# five- and six-card Omaha: "PL 5 Card Omaha Hi", "PL 6 Card Omaha Hi"
_GAME = re.compile(r"(?:^|- )(No Limit|Pot Limit|Limit|NL|PL|FL) (?:([56]) Card )?"
                   r"(Omaha H/L|Omaha Hi/Lo|Omaha Hi|Omaha)(?: |$)")
# tournament stakes may be written in thousands or millions ("50K/100K", "500K/1000K")
_STAKES = re.compile(rf"^({MONEY}[KM]?)/({MONEY}[KM]?)(?: Ante ({MONEY}[KM]?))?$")
_THOUSANDS = {"K": 1000, "M": 1000000}
_SEAT = re.compile(rf"^Seat (\d{{1,2}}): (.+?) \(({MONEY})\)(.*)$")
_POST = re.compile(rf"^(posts the small blind of|posts a dead small blind of|"
                   rf"posts the big blind of|posts|antes|posts small & big blinds) "
                   rf"({MONEY})(, and is all in)?$")
_ACT = re.compile(rf"^(folds|checks|calls|bets|raises to)(?: ({MONEY}))?(, and is all in)?"
                  rf"(?: \[.*\])?$")
_UNCALLED = re.compile(rf"^Uncalled bet of ({MONEY}) returned to (.+)$")
# "wins pot 2 ($77.60)": the second run of a hand run twice
_WINS = re.compile(rf"^(?:wins|ties for) (?:the )?(?:(high|low) )?"
                   rf"(pot|main pot|side pot(?: #\d+)?)(?: ([12]))? \(({MONEY})\)")
_STREET = re.compile(r"^\*\*\* (FLOP|TURN|RIVER)(?: ([12]))? \*\*\*(.*)$")
# a street line's pot so far: "(Total Pot: $61.50, 3 Players, 1 All-In)"
_POT_SO_FAR = re.compile(rf"\(Total Pot: ({MONEY}),")
# lines that may name money or cards but move nothing in the hand: chat ("name: text",
# observers' too), a tournament's prizes, chips added for the next hand
_HARMLESS = re.compile(r"^(?!Seat [0-9]+: )[^\[\]]+?: |^.+? (?:finished the tournament|"
                       r"wins the tournament|re-buys|adds \S+ (?:chips|to the table))")
# the summary's other lines that move nothing: the pot of each run of a hand run twice
# (its amount is the summary's "won" of the run's winners)
_HARMLESS_SUMMARY = re.compile(rf"{_HARMLESS.pattern}|^Pot [12] {MONEY}$")
# a line of the play: whose it is, even when he has no seat
_MOVES = re.compile(r"^(?:Uncalled bet of \S+ returned to )?(?P<name>.+?) (?:posts|antes|"
                    r"folds|checks|calls|bets|raises|shows|mucks|wins|ties for|collected)\b")
_SUMMARY_POT = re.compile(rf"(Main pot|Side pot(?: #?\d+)?):? ({MONEY})")
_POST_KIND = {"posts the small blind of": "sb", "posts a dead small blind of": "dead",
              "posts the big blind of": "bb", "posts": "bb", "antes": "ante",
              "posts small & big blinds": "both"}
_VERB = {"folds": "fold", "checks": "check", "calls": "call", "bets": "bet",
         "raises to": "raise_to"}
_LIMIT = {"Pot Limit": "pot-limit", "No Limit": "no-limit", "Limit": "fixed-limit",
          "PL": "pot-limit", "NL": "no-limit", "FL": "fixed-limit"}


def _parse(chunk: list[str], first: int, hand_id: str, origin: str) -> SiteItem:
    header = chunk[0]
    fields = [f.strip() for f in header.split(" - ")]
    game = next((m for m in (_GAME.search(" - " + f) for f in fields) if m), None)
    engine_game = game and omaha_game(int(game.group(2) or 4),
                                      game.group(3) in ("Omaha H/L", "Omaha Hi/Lo"))
    if game is None or engine_game is None:     # another game, or six-card hi/lo
        desc = next((f for f in fields[2:] if not f[:1].isdigit() and
                     not _STAKES.match(f)), header)
        return SkippedHand(hand_id, origin, first, desc)
    b = HandBuilder("fulltilt", hand_id, origin, first)
    b.game = engine_game
    b.structure = _LIMIT[game.group(1)]
    stakes = next((m for m in (_STAKES.match(f) for f in fields) if m), None)
    if stakes is None:
        raise b.fail(first, "no stakes (small/big) in the header")
    tournament = re.search(r"\((\d+)\), Table ", header)
    b.money(tournament and tournament.group(1), CURRENCIES.get(stakes.group(1)[0]))
    b.stakes = (_stake(b, stakes.group(1), first), _stake(b, stakes.group(2), first))
    table = header.split("Table ", 1)[1].split(" - ")[0] if "Table " in header else ""
    size = re.search(r"\((?:\D*)([0-9]{1,2})(?: max)?\)", table)
    b.table_size = 2 if "heads up" in table.lower() else int(size.group(1)) if size else 0
    section = "seats"
    for k, line in enumerate(chunk[1:], first + 1):
        if not line.strip():
            continue
        if line.startswith("*** "):
            m = _STREET.match(line)
            if m:
                b.street(m.group(1).lower(), cards_in(m.group(3)), k, int(m.group(2) or 0))
                so_far = _POT_SO_FAR.search(m.group(3))
                if so_far and b.chips(so_far.group(1), k) != sum(b.invested.values()):
                    # the pot as the street starts: every chip put in before it
                    raise b.fail(k, f"the pot so far is {so_far.group(1)}, but the lines "
                                    f"before put in {sum(b.invested.values())} chips: {line}")
            elif line.startswith("*** SUMMARY"):
                section = "summary"
                b.summary_run = 2 if line == "*** SUMMARY 2 ***" else 1 if \
                    line == "*** SUMMARY 1 ***" else 0
            elif re.search(r"[0-9]", line) and not re.fullmatch(r"\*\*\* SHOW DOWN [12] \*\*\*",
                                                                 line):
                raise b.fail(k, f"a board run more than twice, or in an unknown way: {line}")
            if section != "summary":
                section = "play"
            continue
        if section == "summary":
            if not b.summary_line(line, k, _SUMMARY_POT):
                b.unread(line, k, _HARMLESS_SUMMARY, _MOVES)
        elif section == "seats" and line.startswith("Seat "):
            m = _SEAT.match(line)
            if not m:
                raise b.fail(k, f"unreadable seat line: {line}")
            b.add_seat(int(m.group(1)), m.group(2), b.chips(m.group(3), k),
                       "sitting out" in m.group(4), k)
        elif line.startswith("The button is in seat #"):
            m = re.fullmatch(r"The button is in seat #(\d{1,2})", line)
            if not m:
                raise b.fail(k, f"unreadable button line: {line}")
            b.button = int(m.group(1))
        elif line == "No low hand qualified":
            b.no_low = True
        elif " has been canceled" in line:
            return SkippedHand(hand_id, origin, first, "hand cancelled: no chips moved")
        else:
            _play_line(b, line, k)
    if not b.table_size:
        top = max(b.names, default=0)
        b.table_size = 6 if top <= 6 else 9 if top <= 9 else 10
    b.split_chip = b.smallest_chip_in_play()
    return b.record()


def _stake(b: HandBuilder, text: str, line: int) -> int:
    """A header amount in chips; "50K" is 50,000."""
    if text[-1:] in _THOUSANDS:
        return b.chips(text[:-1], line) * _THOUSANDS[text[-1]]
    return b.chips(text, line)


def _play_line(b: HandBuilder, line: str, k: int) -> None:
    if b.uncalled_or_dealt(line, k, _UNCALLED):
        return
    found = b.player_at(line, (" ",))
    if found is None or found[1].startswith("(Observer)") or found[1].startswith(": "):
        # chat and table talk are not part of the play; a line that moves chips is refused
        b.unread(line, k, _HARMLESS, _MOVES)
        return
    name, rest = found
    m = _POST.match(rest)
    if m:
        b.post(name, _POST_KIND[m.group(1)], b.chips(m.group(2), k), k)
        return
    m = _ACT.match(rest)
    if m:
        verb = _VERB[m.group(1)]
        if verb in ("call", "bet", "raise_to") and m.group(2) is None:
            raise b.fail(k, f"unreadable action: {line}")
        b.act(name, verb, None if m.group(2) is None else b.chips(m.group(2), k),
              bool(m.group(3)), k)
        return
    m = _WINS.match(rest)
    if m:
        pot = m.group(2).replace(" #", "-")
        b.run = int(m.group(3) or 0)
        b.collect(name, b.chips(m.group(4), k), pot, m.group(1), k)
        return
    if rest.startswith("shows ["):
        b.show(name, cards_in(rest.split("]", 1)[0] + "]"), k)
    elif rest.startswith("mucks"):
        b.muck(name, k)
    elif rest.startswith("shows ") and "[" not in rest:
        pass          # the hand named again in words ("shows a pair of Kings"): no cards
    elif rest.startswith(("folds", "checks", "calls", "bets", "raises", "posts", "antes")):
        raise b.fail(k, f"unreadable action: {line}")
    else:
        b.unread(line, k, _HARMLESS, _MOVES)


class FullTilt(SiteFormat):
    """Full Tilt Poker's own format (until 2016)."""

    name = "fulltilt"
    title = "Full Tilt"
    header = HEADER
    order = 20

    parse = staticmethod(_parse)


FULLTILT = FullTilt()
read_fulltilt = FULLTILT.read
loads_fulltilt = FULLTILT.loads

__all__ = ["FullTilt", "read_fulltilt", "loads_fulltilt"]
