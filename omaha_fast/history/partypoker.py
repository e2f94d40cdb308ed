"""partypoker hand histories of Omaha Hi-Lo and Omaha: reading them into records.

partypoker writes every amount in brackets as the chips the line adds (``raises [$30
USD]``: thirty more, not thirty in all), the cash-game header with the table's buy-in
rather than its blinds (``$100 USD PL Omaha``: the blinds are read from the posts), no
uncalled bet (the bettor wins it back with the pot: ``wins $7.52 USD``), no rake and
no summary. A low half is named (``wins Lo (640 chips) from the main pot``). So what
each player won is checked pot by pot and half by half, and the rake is what the pot
held beyond the wins.

>>> text = '''***** Hand History for Game 1001 *****
... $100 USD PL Omaha Hi-Lo - Tuesday, January 05, 20:50:31 EST 2016
... Table Lima (Real Money)
... Seat 2 is the button
... Total number of players : 2/6
... Seat 1: ann ( $100 USD )
... Seat 2: bob ( $80.50 USD )
... bob posts small blind [$0.50 USD].
... ann posts big blind [$1 USD].
... ** Dealing down cards **
... bob raises [$2.50 USD]
... ann folds
... bob does not show cards.
... bob wins $4 USD'''
>>> [r] = loads_partypoker(text)
>>> r.blinds, r.final_stacks[:2], r.extra["site"]["returned"], r.extra["site"]["rake"]
([50, 100], [9900, 8150], [[1, 200]], 0)
"""

from __future__ import annotations

import re
from typing import Optional

from .siteformat import SiteFormat
from .sitehand import (
    CURRENCIES,
    HandBuilder,
    SiteItem,
    SkippedHand,
    omaha_game,
    uncalled_excess,
)

HEADER = re.compile(r"^\*{5} Hand History [Ff]or Game ([0-9A-Za-z]+) \*{5}")
AMOUNT = r"[$€£]?[0-9][0-9,]*(?:\.[0-9]+)?(?: +(?:USD|EUR|GBP|€))?"
_GAME = re.compile(r"(?:^|\s)(NL|PL|FL)\s+((?:5 Card |Five Card )?(?:Omaha Hi-Lo|Omaha Hi|"
                   r"Omaha))(?=\s|-|$)")
_STAKES = re.compile(rf"^({AMOUNT})/({AMOUNT})\s")
# the format written since 2016: "0.10/0.25 Omaha Hi Game Table (PL) - Mon Feb 09 ..."
_TABLE_GAME = re.compile(rf"^(?:({AMOUNT})/({AMOUNT}) )?(Tourney )?(.+?) Game Table "
                         rf"\((PL|NL|FL|L)\)")
# a five-card game: the four-card name after "5 Card " or "Five Card "
_FIVE = re.compile(r"(?:5 Card|Five Card|5-Card) ")
_NEW_GAMES = {"Omaha Hi": "high", "Omaha": "high", "Omaha Hi-Lo": "hilo",
              "Omaha Hi Lo": "hilo", "Omaha Hi/Lo": "hilo"}
_RAISE_TO = re.compile(rf"^raises ({AMOUNT}) to ({AMOUNT})$")
_PAREN = re.compile(rf"^(calls|bets) \(({AMOUNT})\)$")
_POT_LINE = re.compile(rf"^(?:Main Pot|Side Pot ?[0-9]*): ({AMOUNT}) Rake: ({AMOUNT})$")
_BALANCE = re.compile(rf"^balance ({AMOUNT}), (?:bet ({AMOUNT}), collected ({AMOUNT}), "
                      rf"net ([-+]?)({AMOUNT})|lost ({AMOUNT})(?: \(folded\))?|didn't bet "
                      rf"\(folded\))(.*)$")
_CASH_OUT = re.compile(rf"^Cashout Amount is ({AMOUNT})$")
_BUTTON = re.compile(r"Seat ([0-9]{1,2}) is the button")
_TABLE_BUTTON = re.compile(r" -- Seat ([0-9]{1,2}) is the button$")
_PLAYERS = re.compile(r"Total number of players ?: ?[0-9]+/([0-9]{1,2})")
_BLINDS = re.compile(r"Blinds\(([0-9,.]+)/([0-9,.]+)\)")
_SEAT = re.compile(rf"^[Ss]eat ?([0-9]{{1,2}}): (.+) \( ?({AMOUNT}) ?\)$")
_POST = re.compile(rf"^posts (small blind|big blind \+ dead|big blind|ante)(?: of)? "
                   rf"[\[(] ?({AMOUNT}) ?[\])]\.?$")
_ACT = re.compile(rf"^(folds|checks|calls|bets|raises|is all-In)\s*(?:\[ ?({AMOUNT}) ?\])?\.?$")
_STREET = re.compile(r"^\*\* Dealing (Flop|Turn|River) \*\*(?: :)?\s+(\[.*\])$")
_WINS = re.compile(rf"^wins (?:(Lo) \(({AMOUNT})(?: chips)?\)|({AMOUNT})(?: chips)?)"
                   rf"(?: from (?:the )?(main pot|side pot(?: [0-9]{{1,2}})?))?(?: with .*)?$")
_CARD = re.compile(r"(?:10|[2-9TJQKA])[cdhs]")
# lines that move nothing: chat ("name: text"), the tournament's lines, the next game
_HARMLESS = re.compile(r"^[^\[\]]+?: |^Game #\S+ starts\.$|^#Game No ?: |^Trny: |"
                       r"^Creating (?:Main|Side) Pot |^.+? (?:Cash-out Premium % is|"
                       r"opted for cash-out|probabilty is|probability is) |"
                       r"^Blinds\(|^Total number of players|^.+? finished in [0-9]+ place|"
                       r"^.+? (?:has joined the table|has left the table|is sitting out|"
                       r"has been reconnected|has been disconnected|will be using)")
_MOVES = re.compile(r"^(?:Dealt to )?(?P<name>.+?) (?:posts|folds|checks|calls|bets|raises|"
                    r"is all-In|shows|wins|doesn't show|does not show)\b")
_VERB = {"folds": "fold", "checks": "check", "calls": "call", "bets": "bet",
         "raises": "raise", "is all-In": "all_in"}
_LIMIT = {"NL": "no-limit", "PL": "pot-limit", "FL": "fixed-limit"}


def _chips(b: HandBuilder, text: str, line: int) -> int:
    return b.chips(text.split(" ")[0], line)


def _cards(b: HandBuilder, text: str, line: int) -> str:
    cards = _CARD.findall(text)
    if len(cards) * 2 != len(re.sub(r"[\[\],\s]", "", text)):
        raise b.fail(line, f"unreadable cards: {text}")
    return "".join(c.replace("10", "T") for c in cards)


def _parse(chunk: list[str], first: int, hand_id: str, origin: str) -> SiteItem:
    header = next((ln for ln in chunk[1:3] if ln), "")
    desc = header.split(" - ")[0].strip()
    table = _TABLE_GAME.match(header)
    game = None if table else _GAME.search(header)
    name = table.group(4) if table else game.group(2) if game else ""
    five = _FIVE.match(name)
    base = name[five.end():] if five else name
    if table and base not in _NEW_GAMES or not table and game is None:
        return SkippedHand(hand_id, origin, first, desc)
    hilo = _NEW_GAMES[base] == "hilo" if table else base == "Omaha Hi-Lo"
    b = HandBuilder("partypoker", hand_id, origin, first)
    b.game = omaha_game(5 if five else 4, hilo) or "hilo"   # every (4 or 5, hi/lo) is a game
    b.structure = _LIMIT["FL" if table and table.group(5) == "L" else
                         (table or game).group(5 if table else 1)]  # type: ignore[union-attr]
    if "Trny:" in header or table and table.group(3):
        m = re.search(r"Trny: ?([0-9]+)", header)
        b.tournament = m.group(1) if m else "tournament"
    else:
        b.scale = 100
        symbol = next((c for c in header if c in CURRENCIES), "$")
        b.currency = CURRENCIES[symbol]
    stakes = _STAKES.match(header) or _BLINDS.search(header) or \
        (table if table and table.group(1) else None)
    posted: dict[str, int] = {}
    balances: dict[int, int] = {}       # the summary's balance of each player
    # the summary's bet and net of each player, and its line
    figures: dict[int, tuple[int, Optional[int], int]] = {}
    section = "seats"
    for k, line in enumerate(chunk[2:], first + 2):
        if not line:
            continue
        if section == "summary":
            _summary_line(b, line, k, balances, figures)
            continue
        if line.startswith("** "):
            m = _STREET.match(line)
            if m:
                b.street(m.group(1).lower(), b.board + _cards(b, m.group(2), k), k)
            elif line == "** Summary **":
                section = "summary"
                continue
            elif not line.startswith("** Dealing down cards"):
                raise b.fail(k, f"a street or section the reader does not know: {line}")
            section = "play"
            continue
        if line.startswith("Table "):
            m = _TABLE_BUTTON.search(line)
            if m:
                b.button = int(m.group(1))
            continue
        if section == "seats" and line[:4].lower() == "seat":
            m = _BUTTON.fullmatch(line)
            if m:
                b.button = int(m.group(1))
                continue
            m = _SEAT.match(line)
            if not m:
                raise b.fail(k, f"unreadable seat line: {line}")
            b.add_seat(int(m.group(1)), m.group(2), _chips(b, m.group(3), k), False, k)
            continue
        if line.startswith("Total number of players"):
            m = _PLAYERS.fullmatch(line)
            if m:
                b.table_size = int(m.group(1))
            continue
        _play_line(b, line, k, posted)
    if not b.stakes[1]:
        if stakes:
            small, big = _chips(b, stakes.group(1), first), _chips(b, stakes.group(2), first)
        elif "big blind" in posted:
            small, big = posted.get("small blind", posted["big blind"] // 2), \
                posted["big blind"]
        else:
            raise b.fail(first, "no stakes in the header and no blinds posted")
        b.stakes = (small, big)
    # every seated player is listed: one named by no line was not dealt in
    b.out.update(s for s in b.names if s not in b.invested and
                 all(a[0] != s - 1 for a in b.actions) and
                 all(c[1] != s for c in b.collected))
    _wins(b, summary=bool(balances))
    for seat, balance in balances.items():
        won = sum(c[2] for c in b.collected if c[1] == seat)
        end = (b.stacks[seat] - b.invested.get(seat, 0) + won +
               b.cash_outs.get(seat, (0, 0))[0])
        if end != balance:
            raise b.fail(first, f"{b.names[seat]} ends with {balance} in the summary, but "
                                f"its bet and collection leave {end}")
    for seat, (bet, net, k) in figures.items():
        put = b.invested.get(seat, 0)
        won = sum(c[2] for c in b.collected if c[1] == seat) + \
            b.cash_outs.get(seat, (0, 0))[0]
        back = sum(a for s, a in b.returned if s == seat)
        # the bet as the actions put it in, or with the part that came back
        if bet not in (put, put + back) or net is not None and net != won - put:
            raise b.fail(k, f"{b.names[seat]}'s summary line says he bet {bet} and netted "
                            f"{net}, but his actions put in {put} and he collected {won}")
    record = b.record()
    if balances:      # the summary gives what each player collected in all
        record.extra["site"].update(unnamed_pots=True, halves_joined=True)
    return record


def _play_line(b: HandBuilder, line: str, k: int, posted: dict[str, int]) -> None:
    if line.startswith("Dealt to "):
        found = b.player_at(line[9:], (" [",))
        if found is None:
            raise b.fail(k, f"cards dealt to a player with no seat: {line}")
        cards = _cards(b, "[" + found[1], k)
        if len(cards) != b.hole_chars:
            raise b.fail(k, b.hole_count_message(len(cards) // 2, line))
        b.hole(b.seat(found[0], k), cards, k, "dealt")
        return
    found = b.player_at(line, (" ",))
    if found is None or found[1].startswith(": "):
        b.unread(line, k, _HARMLESS, _MOVES)
        return
    name, rest = found
    m = _POST.match(rest) if rest.startswith("posts ") else None
    if m:
        amount = _chips(b, m.group(2), k)
        kind = m.group(1)
        if kind == "big blind + dead" and "small blind" in posted and "big blind" in posted:
            # both blinds at once: the small blind's part dead, the big blind's live
            b.post(name, "dead", amount - posted["big blind"], k)
            b.post(name, "bb", posted["big blind"], k)
            return
        posted.setdefault(kind, amount)
        b.post(name, {"small blind": "sb", "big blind": "bb", "ante": "ante",
                      "big blind + dead": "both"}[kind], amount, k)
        return
    m = _RAISE_TO.match(rest) if rest.startswith("raises ") else None
    if m:
        to = _chips(b, m.group(2), k)
        b.raised_by(name, _chips(b, m.group(1), k), to, k, line, "total")
        seat = b.seat(name, k)
        left = b.stacks[seat] - b.invested.get(seat, 0) + b.street_bet.get(seat, 0)
        verb = "raise_to" if max(b.street_bet.values(), default=0) else "bet"
        b.act(name, verb, to, to >= left, k)
        return
    m = _PAREN.match(rest) if rest.endswith(")") else None
    if m:
        seat = b.seat(name, k)
        amount = _chips(b, m.group(2), k)
        all_in = amount >= b.stacks[seat] - b.invested.get(seat, 0)
        b.act(name, "call" if m.group(1) == "calls" else "bet", amount, all_in, k)
        return
    m = _CASH_OUT.match(rest) if rest.startswith("Cashout") else None
    if m:
        b.cash_out(name, _chips(b, m.group(1), k), 0, k)
        return
    m = _ACT.match(rest)
    if m:
        verb = _VERB[m.group(1)]
        seat = b.seat(name, k)
        added = _chips(b, m.group(2), k) if m.group(2) else 0
        if verb in ("call", "bet", "raise", "all_in") and not added:
            if verb == "all_in":
                return          # "is all-In." after the line that put the chips in
            raise b.fail(k, f"unreadable action: {line}")
        before = b.street_bet.get(seat, 0)
        all_in = added >= b.stacks[seat] - b.invested.get(seat, 0)
        if verb == "call":
            b.act(name, "call", added, all_in, k)
        elif verb in ("bet", "raise", "all_in"):
            level = max(b.street_bet.values(), default=0)
            if verb == "all_in" and before + added <= level:
                b.act(name, "call", added, True, k)
            else:
                b.act(name, "bet" if verb == "bet" else "raise_to", before + added,
                      all_in or verb == "all_in", k)
        else:
            b.act(name, verb, None, False, k)
        return
    m = _WINS.match(rest)
    if m:
        amount = _chips(b, m.group(2) or m.group(3), k)
        pot = (m.group(4) or "pot").replace("the ", "")
        b.collect(name, amount, pot, "low" if m.group(1) else None, k)
        return
    if rest.startswith(("shows [", "doesn't show [")):
        b.hole(b.seat(name, k), _cards(b, rest[rest.index("["):rest.index("]") + 1], k),
               k, "shows")
        if rest.startswith("shows ["):
            b.show(name, _cards(b, rest[rest.index("["):rest.index("]") + 1], k), k)
    elif rest.startswith(("shows", "does not show", "doesn't show")):
        pass            # the low hand in words, or no cards: nothing moves
    elif rest.startswith(("folds", "checks", "calls", "bets", "raises", "posts", "wins")):
        raise b.fail(k, f"unreadable action: {line}")
    else:
        b.unread(line, k, _HARMLESS, _MOVES)


def _summary_line(b: HandBuilder, line: str, k: int, balances: dict[int, int],
                  figures: dict[int, tuple[int, Optional[int], int]]) -> None:
    """The summary of the format since 2016: each pot and its rake, the board, and each
    player's balance, bet and collection (a player who cashed out is paid his cash
    out, not from the pot)."""
    m = _POT_LINE.match(line)
    if m:
        b.pot_nets.append(_chips(b, m.group(1), k))   # checked against the replay's pots
        b.rake += _chips(b, m.group(2), k)
        return
    if line.startswith("Board: "):
        b.summary_board(None, _cards(b, line[7:], k), line, k)
        return
    found = b.player_at(line, (" balance ", " Cashed out  balance ", " Cashed out balance "))
    if found is None:
        b.unread(line, k, _HARMLESS, _MOVES)
        return
    name, rest = found
    m = _BALANCE.match("balance " + rest)
    if not m:
        raise b.fail(k, f"unreadable summary line: {line}")
    seat = b.seat(name, k)
    balances[seat] = _chips(b, m.group(1), k)
    if m.group(3) and seat not in b.cash_outs:
        b.collect(name, _chips(b, m.group(3), k), "pot", None, k)
    bet = m.group(6) or m.group(2)     # "lost $0.10": what he bet and lost
    net = (-1 if m.group(4) == "-" else 1) * _chips(b, m.group(5), k) if m.group(5) else \
        None if bet is None else -_chips(b, bet, k)
    figures[seat] = (0 if bet is None else _chips(b, bet, k), net, k)
    if m.group(3) and seat in b.cash_outs and _chips(b, m.group(3), k) != b.cash_outs[seat][0]:
        raise b.fail(k, f"{name} cashed out for {b.cash_outs[seat][0]} but the summary says "
                        f"he collected {_chips(b, m.group(3), k)}")
    cards = re.match(r"\[([^\]]*)\]", m.group(7))
    if cards:
        b.hole(seat, _cards(b, f"[{cards.group(1)}]", k), k, "the summary shows")


def _wins(b: HandBuilder, summary: bool = False) -> None:
    """partypoker pays an uncalled bet back with the bettor's win: it is taken out of
    his win and kept as a returned bet. The rake is what the pots held beyond the
    wins, unless a summary (``summary``) wrote it."""
    found = uncalled_excess(b)
    if found is not None:
        seat, excess = found
        mine = [i for i, c in enumerate(b.collected) if c[1] == seat and c[2] >= excess]
        if mine:
            i = max(mine, key=lambda j: (b.collected[j][0], b.collected[j][2]))
            pot, s, amount, half = b.collected[i]
            b.collected[i] = (pot, s, amount - excess, half)
            if amount == excess:
                del b.collected[i]
                del b.runs[i]
        b.uncalled(b.names[seat], excess, b.line)
    if not summary:
        b.rake = max(0, sum(b.invested.values()) - sum(c[2] for c in b.collected))


class PartyPoker(SiteFormat):
    """partypoker (and the skins that write its format)."""

    name = "partypoker"
    title = "partypoker"
    header = HEADER
    order = 90

    parse = staticmethod(_parse)


PARTYPOKER = PartyPoker()
read_partypoker = PARTYPOKER.read
loads_partypoker = PARTYPOKER.loads

__all__ = ["PartyPoker", "read_partypoker", "loads_partypoker"]
