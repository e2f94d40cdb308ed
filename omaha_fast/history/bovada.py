"""Bovada, Ignition and Bodog hand histories of Omaha Hi/Lo and Omaha, four- and five-card
(six-card high too; a game name with no count is the count of the first hole dealt):
reading them into records.

The tables are anonymous: a player is named by his seat's place in the hand (``Dealer``,
``Small Blind``, ``UTG+1``; the history's owner with ``[ME]``, sometimes after two
spaces), and every player's hole cards are written (``Card dealt to a spot [..]``). A
line is the place, `` : `` and the action. Cash headers give no stakes (the blinds posted
say them); ``Raises $2 to $6`` (older files: ``Raises $6``, the total), ``All-in $5``
(chips added), ``All-in(raise) $2 to $6``; ``Return uncalled portion of bet``; one
``Hand result`` line a player and pot (his halves added up, side pots unnamed); the
summary's ``Total Pot($930) | Rake ($3)``.

>>> text = '''Bovada Hand #5 TBL#9 OMAHA HiLo Pot Limit - 2014-08-05 00:56:59
... Seat 1: Dealer ($10 in chips)
... Seat 2: Big Blind [ME] ($20 in chips)
... Dealer : Set dealer/Bring in spot [1]
... Dealer : Small Blind $0.50
... Big Blind  [ME] : Big blind/Bring in $1
... *** HOLE CARDS ***
... Dealer : Card dealt to a spot [Ah 2h 3c 4d]
... Big Blind  [ME] : Card dealt to a spot [Kh Ks 9c 9d]
... Dealer : Folds
... Big Blind  [ME] : Return uncalled portion of bet $0.50
... Big Blind  [ME] : Hand result $1
... *** SUMMARY ***
... Total Pot($1)'''
>>> [r] = loads_bovada(text)
>>> r.stacks[:2], r.final_stacks[:2], r.holes[0]
([1000, 2000], [950, 2050], 'Ah2h3c4d')
"""

from __future__ import annotations

import re
from typing import Optional

from .siteformat import SiteFormat
from .sitehand import (
    MONEY,
    HandBuilder,
    SiteFormatError,
    SiteItem,
    SkippedHand,
    cards_in,
    omaha_game,
)
from .sitetext import text_lines

HEADER = re.compile(r"^(?:Bovada|Ignition|Bodog(?:\.\w+)?) Hand #([0-9]+)")
# the game: no real five- or six-card history of Bovada's was found, so a count before the
# name ("5 Card OMAHA HiLo") is read as it says, and a name with none as the hole cards
# dealt say (every player's are written)
# A tournament header writes the speed where a cash header writes the limit ("OMAHA HiLo
# Tournament #1 TBL#1, Turbo- Level 10 (200/400)"): Bovada deals Omaha tournaments pot limit
_GAME = re.compile(r"\b(?:([56]) ?Card )?(OMAHA HiLo|OMAHA)(?:ZonePoker)?"
                   r"(?: Tournament #[0-9]+ TBL#[0-9]+,)? (?:(Pot Limit|No Limit|Fixed Limit|"
                   r"Limit)\b|(?P<speed>[A-Z][a-z]{1,15}(?: [A-Z][a-z]{1,15})?)- Level )")
# a game named Omaha, in a header the pattern above does not read: refused, never skipped
_OMAHA = re.compile(r"\bOMAHA", re.IGNORECASE)
_LEVEL = re.compile(rf"Level [0-9]+ \(({MONEY})/({MONEY})\)")
_SEAT = re.compile(rf"^Seat ([0-9]{{1,2}}): (.+?) \(({MONEY}) in chips\)(.*)$")
_BUTTON = re.compile(r"^Set dealer(?:/Bring in spot)? \[([0-9]{1,2})\]$")
_POST = re.compile(rf"^(Ante/Small [Bb]lind|Small [Bb]lind|Big blind/Bring in|Big blind|"
                   rf"Posts chip|Posts dead chip|Ante chip) ({MONEY})$")
_ACT = re.compile(rf"^(Folds|Fold|Checks|Calls|Call|Bets|Raises|All-in\(raise\)|All-in)"
                  rf"(?: ?\((?:timeout|raise-timeout|auth)\))?(?: ({MONEY}))?(?: to ({MONEY}))?$")
_ALL_IN_RAISE = re.compile(rf"^All-in\(raise(?:-timeout)?\) ({MONEY})(?: to ({MONEY}))?$")
_RESULT = re.compile(rf"^Hand [Rr]esult(-Side [Pp]ot)? ({MONEY})$")
_UNCALLED = re.compile(rf"^Return uncalled portion of bet ({MONEY})$")
_STREET = re.compile(r"^\*\*\* (FLOP|TURN|RIVER) \*\*\*(.*)$")
_TOTAL = re.compile(rf"^Total Pot\(({MONEY})\)(?: \| Rake \(({MONEY})\))?")
# what moves nothing: the table's comings and goings, a tournament's prizes and ranks
_HARMLESS = re.compile(r"^(?:Leave|Enter|Sit out|Sitout|Sit down|Re-join|Stand|Seat sit out|"
                       r"Seat re-join|Seat stand|Seat sit down|Table enter user|Table leave user|"
                       r"Draw for dealer|Table deposit|Rebuyin|Addon|Prize Cash|"
                       r"Prize Tournament Ticket|Ranking|Does not show)\b")
_SHOWN = re.compile(r"^(Showdown|Mucks|Folds & Shows)\b")
_POST_KIND = {"ante/small blind": "sb", "small blind": "sb", "big blind/bring in": "bb",
              "big blind": "bb", "posts chip": "bb", "posts dead chip": "dead",
              "ante chip": "ante"}
_LIMIT = {"Pot Limit": "pot-limit", "No Limit": "no-limit", "Fixed Limit": "fixed-limit",
          "Limit": "fixed-limit"}
_SPACES = re.compile(r"\s+")
_DEALT = re.compile(r" : Card dealt to a spot (\[[^\]]*\])")


def _parse(chunk: list[str], first: int, hand_id: str, origin: str) -> SiteItem:
    header = chunk[0]
    desc = re.sub(r"^\S+ Hand #[0-9]+:? |TBL#[0-9]+,? ", "", header).rsplit(" - ", 1)[0]
    game = _GAME.search(header)
    if game is None and _OMAHA.search(header):
        raise SiteFormatError(f"{origin}: line {first}: hand {hand_id}: an Omaha header the "
                              f"reader does not know: {header}")
    if game is None:
        return SkippedHand(hand_id, origin, first, desc)
    count = int(game.group(1)) if game.group(1) else _hole_count(chunk)
    engine_game = omaha_game(count, game.group(2) == "OMAHA HiLo")
    if engine_game is None:         # six-card hi/lo: no game the engine plays
        return SkippedHand(hand_id, origin, first, f"{desc} ({count} hole cards)")
    b = HandBuilder("bovada", hand_id, origin, first)
    b.game = engine_game
    b.structure = _LIMIT[game.group(3)] if game.group(3) else "pot-limit"
    tournament = re.search(r"Tournament #([0-9]+)", header)
    level = _LEVEL.search(header)
    if tournament:
        b.tournament = tournament.group(1)
        if level is None:
            raise b.fail(first, "no stakes (small/big) in the tournament header")
        _stakes(b, {}, level, first)
    else:
        b.currency = "play"      # until a seat's amount is written in dollars
    for k, line in enumerate(chunk[1:], first + 1):
        if line.startswith("Board [") and cards_in(line) and \
                not any(x.startswith("*** FLOP") for x in chunk):
            raise b.fail(k, f"the board is given only in the summary (older files write "
                            f"no street lines): where each street began is not known: {line}")
    posted: dict[str, int] = {}
    side_lines: list[bool] = []      # each result line: from a side pot
    section = "seats"
    for k, line in enumerate(chunk[1:], first + 1):
        if not line:
            continue
        if line.startswith("*** "):
            m = _STREET.match(line)
            if m:
                b.street(m.group(1).lower(), cards_in(m.group(2)), k)
            elif line == "*** SUMMARY ***":
                section = "summary"
            elif line != "*** HOLE CARDS ***":
                raise b.fail(k, f"a street the reader does not know: {line}")
            continue
        if section == "summary":
            _summary_line(b, line, k)
            continue
        if _HARMLESS.match(line):
            continue
        if line.startswith("Seat ") and section == "seats" and " : " not in line:
            m = _SEAT.match(line)
            if m is None:
                raise b.fail(k, f"unreadable seat line: {line}")
            if b.scale == 1 and not tournament and m.group(3)[0] in "$€£":
                b.scale, b.currency = 100, "USD"
            b.add_seat(int(m.group(1)), m.group(2), b.chips(m.group(3), k), False, k)
            continue
        name, sep, rest = line.partition(" : ")
        if not sep or name not in b.seat_of:
            b.unread(line, k, _HARMLESS, re.compile(r"^(?P<name>.+?) : (?!.*\b(?:Leave|"
                                                    r"Enter|Stand)\b)"))
            continue
        if _RESULT.match(rest):
            side_lines.append(bool(_RESULT.match(rest).group(1)))  # type: ignore[union-attr]
        _event(b, name, rest, k, posted)
    if not b.stakes[1]:
        _stakes(b, posted, level, first)
    rake_written = any(line.startswith("Total Pot(") and "| Rake (" in line for line in chunk)
    if b.holes:      # every hand dealt is written: a seat dealt none sat out
        acted = {a[0] + 1 for a in b.actions if isinstance(a[0], int)}
        b.out.update(s for s in b.names if s not in b.holes and s not in b.invested
                     and s not in acted)
    top = max(b.names, default=0)
    b.table_size = 6 if top <= 6 else 9 if top <= 9 else 10
    if b.button is None:      # "Set dealer/Bring in spot" with no seat: the seats' names say
        b.button = next((s for s, n in b.names.items() if n.startswith("Dealer")), None)
        small = next((s for s, n in b.names.items() if n.startswith("Small Blind")), None)
        if b.button is None and small is not None:
            b.button = small - 1 if small > 1 else b.table_size    # a dead button
    if not rake_written and b.tournament is None and b.collected and b.total_pot:
        # older files write no rake: it is what the pot did not pay
        b.rake = max(b.total_pot - sum(c for _, _, c, _ in b.collected), 0)
    side = [c for (_, _, c, _), pot in zip(b.collected, side_lines) if pot]
    if side:      # what the main pot and the side pot paid: each pot's rake from them
        b.pot_nets = [sum(c for _, _, c, _ in b.collected) - sum(side), sum(side)]
    return b.record()


def _stakes(b: HandBuilder, posted: dict[str, int], level: Optional[re.Match[str]],
            line: int) -> None:
    """The blinds: from a tournament's level, else from the blinds posted."""
    if level is not None:
        small, big = b.chips(level.group(1), line), b.chips(level.group(2), line)
    else:
        big = posted.get("bb", 0)
        small = posted.get("sb", big // 2)
        if not big:
            raise b.fail(line, "no stakes: the header gives none and no big blind is posted")
    b.stakes = (big, 2 * big) if b.structure == "fixed-limit" else (small, big)


def _hole_count(chunk: list[str]) -> int:
    """The hole cards of a hand whose game name gives no count: as many as the first
    dealt line gives; four for any count but five and six (a hole of another size is
    then refused)."""
    for line in chunk:
        m = _DEALT.search(line)
        if m:
            n = len(cards_in(m.group(1))) // 2
            return n if n in (5, 6) else 4
    return 4


def _event(b: HandBuilder, name: str, rest: str, k: int, posted: dict[str, int]) -> None:
    """One action line."""
    if _HARMLESS.match(rest):
        return
    m = _BUTTON.match(rest)
    if m:
        b.button = int(m.group(1))
        return
    m = _POST.match(rest)
    if m:
        kind = _POST_KIND[m.group(1).lower()]
        amount = b.chips(m.group(2), k)
        if kind in ("sb", "bb") and kind not in posted:
            posted[kind] = amount
            if kind == "bb" and not b.stakes[1] and b.tournament is None:
                b.stakes = (posted.get("sb", amount // 2), amount)   # for the limit's bets
                if b.structure == "fixed-limit":
                    b.stakes = (amount, 2 * amount)
        b.post(name, kind, amount, k)
        return
    if rest.startswith("Card dealt to a spot ["):
        cards = cards_in(rest)
        if len(cards) != b.hole_chars:
            raise b.fail(k, b.hole_count_message(len(cards) // 2, rest))
        b.hole(b.seat(name, k), cards, k, "dealt")
        return
    m = _UNCALLED.match(rest)
    if m:
        b.uncalled(name, b.chips(m.group(1), k), k)
        return
    m = _RESULT.match(rest)
    if m:
        b.collect(name, b.chips(m.group(2), k), "pot", None, k)    # the pots are checked as one
        return
    m = _SHOWN.match(rest)
    if m:
        seat = b.seat(name, k)
        if m.group(1) == "Folds & Shows":
            b.act(name, "fold", None, False, k)
        elif m.group(1) == "Mucks":
            b.muck(name, k)
        elif seat in b.holes:
            b.show(name, b.holes[seat], k)     # the line gives the best five, not the hole
        return
    m = _ACT.match(rest)
    if m is None:
        b.unread(f"{name} : {rest}", k, _HARMLESS, re.compile(r"^(?P<name>.+?) : "))
        return
    verb, amount_text, to_text = m.group(1), m.group(2), m.group(3)
    if verb in ("Folds", "Fold"):
        b.act(name, "fold", None, False, k)
        return
    if verb == "Checks":
        b.act(name, "check", None, False, k)
        return
    if amount_text is None:
        raise b.fail(k, f"unreadable action: {name} : {rest}")
    amount = b.chips(amount_text, k)
    seat = b.seat(name, k)
    before = b.street_bet.get(seat, 0)
    if verb in ("Raises", "All-in(raise)"):
        total = b.chips(to_text, k) if to_text else amount      # older files: the total
        if to_text:
            b.raised_by(name, amount, total, k, f"{name} : {rest}", "either")
        added = total - before
        b.act(name, "raise_to", total, b.invested.get(seat, 0) + added >= b.stacks[seat], k)
    elif verb == "All-in":
        level = max(b.street_bet.values(), default=0)
        verb_all = "call" if before + amount <= level else "bet" if not level else "raise_to"
        b.act(name, verb_all, before + amount if verb_all == "raise_to" else amount, True, k)
    else:
        all_in = b.invested.get(seat, 0) + amount >= b.stacks[seat]
        b.act(name, "call" if verb in ("Calls", "Call") else "bet", amount, all_in, k)


# an amount a summary seat line says its player won: before "with", his cards, or the end
_SUMMARY_WON = re.compile(rf"(?<![^ ])({MONEY})(?= with | \[|$)")


def _summary_line(b: HandBuilder, line: str, k: int) -> None:
    m = _TOTAL.match(line)
    if m:
        b.total_pot = b.chips(m.group(1), k)
        b.rake = b.chips(m.group(2), k) if m.group(2) else 0
        return
    if line.startswith("Board ["):
        b.summary_board(None, cards_in(line), line, k)
        return
    # "Seat+1: Dealer HI $4.32 with Two pair [..] LO $2.15 [..]": what the seat won, which
    # the verifier checks against his "Hand result" lines
    seat = re.match(r"^Seat[+ ]([0-9]{1,2}): ", line)
    if seat is None:
        b.unread(line, k, _HARMLESS, re.compile(r"^(?P<name>.+?) : "))
    elif int(seat.group(1)) in b.names:
        b.summary_won += [(int(seat.group(1)), b.chips(a, k))
                          for a in _SUMMARY_WON.findall(line, seat.end())]


class Bovada(SiteFormat):
    """Bovada, Ignition and Bodog: pots checked as one (several side pots are all "Side
    pot"), a player's halves joined, and a low half shared in whole cents, its odd cents
    to the high half."""

    name = "bovada"
    title = "Bovada"
    header = HEADER
    order = 60
    rules = {"unnamed_pots": True, "halves_joined": True, "low_in_whole_units": True}

    def lines(self, text: str) -> list[str]:
        # the owner's place is written with two spaces before "[ME]", sometimes
        return [_SPACES.sub(" ", line) for line in text_lines(text)]

    parse = staticmethod(_parse)


BOVADA = Bovada()
read_bovada = BOVADA.read
loads_bovada = BOVADA.loads

__all__ = ["Bovada", "read_bovada", "loads_bovada"]
