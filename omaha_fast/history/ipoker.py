"""iPoker hand histories (XML) of Omaha Hi/Lo and Omaha: reading them into records.

A session (``<session>``) holds the table's game type and currency and one ``<game>``
per hand: the players with their stacks, what each bet (``bet``) and won (``win``) in
all, and rounds of numbered actions (round 0 the blinds and antes, 1 the hole cards and
the preflop betting, 2 to 4 the flop, turn and river). Cards are written suit first
(``CA D10 H5``), unknown cards ``X``. Amounts follow the player's locale: ``€1,214.15``,
``1 001,24€``, ``2,50€``, ``50kr``. iPoker writes no rake and no pots: what each player
won in all is checked, and the rake is what the pot held beyond the wins. Older clients
count an uncalled bet in the bettor's win; since client 18 it is left out.

The XML is parsed with the standard library; a document type declaration (never part
of a hand history, and the way entity expansion attacks come in) is refused first.

>>> text = '''<session sessioncode="1"><general><client_version>20.1</client_version>
... <gametype>Omaha PL $1/$2</gametype><currency>USD</currency></general>
... <game gamecode="42"><general><players>
... <player seat="1" name="ann" chips="$100" dealer="1" win="$0" bet="$1"/>
... <player seat="2" name="bob" chips="$80.50" dealer="0" win="$2" bet="$2"/>
... </players></general>
... <round no="0"><action no="1" player="ann" type="1" sum="$1"/>
... <action no="2" player="bob" type="2" sum="$2"/></round>
... <round no="1"><cards type="Pocket" player="ann">X X X X</cards>
... <cards type="Pocket" player="bob">CA D10 H5 S5</cards>
... <action no="3" player="ann" type="0" sum="$0"/></round></game></session>'''
>>> [r] = loads_ipoker(text)
>>> r.stacks[:2], r.final_stacks[:2], r.holes[1]
([10000, 8050], [9900, 8150], 'AcTd5h5s')
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from functools import lru_cache
from typing import Optional

from .siteformat import SiteFormat
from .sitehand import (
    HandBuilder,
    SiteFormatError,
    SiteItem,
    SkippedHand,
    omaha_game,
    uncalled_excess,
)

# a line that starts an iPoker history
HEADER = re.compile(r"^(?:<\?xml[^>]*>\s*)?<session\b")
# a game, to its end tag (some exports cut a file short: then to the next game)
_GAME = re.compile(r"<game\b")
_SESSION = re.compile(r"<session\b.*?<general>.*?</general>", re.DOTALL)
_GAME_CODE = re.compile(r"<game\b[^>]*\bgamecode=\"([^\"\s<>]{1,40})\"")
_GAMETYPE = re.compile(r"^(?P<game>.*?)\s*\b(?P<limit>PL|NL|FL|L|Pot [Ll]imit|No [Ll]imit|"
                       r"Fixed [Ll]imit|Limit)\b\s*(?P<stakes>.*)$")
_STAKES = re.compile(r"^(\S+?)\s*/\s*(\S+)")
_LIMIT = {"pl": "pot-limit", "pot limit": "pot-limit", "nl": "no-limit",
          "no limit": "no-limit", "fl": "fixed-limit", "l": "fixed-limit",
          "fixed limit": "fixed-limit", "limit": "fixed-limit"}
_HIGH = {"omaha"}
_HILO = {"omaha hi-lo", "omaha hilo", "omaha hilow", "omaha hi/lo", "omaha h/l",
         "omaha hi-low", "omaha 8"}
_SUITS = {"C": "c", "D": "d", "H": "h", "S": "s"}
_RANKS = {"10": "T", "T": "T", "J": "J", "Q": "Q", "K": "K", "A": "A",
          **{str(r): str(r) for r in range(2, 10)}}
_STREETS = {"Flop": "flop", "Turn": "turn", "River": "river"}
_NOT_AMOUNT = re.compile(r"[^0-9.,]")


def _games(text: str, origin: str) -> Iterator[tuple[int, list[str], str]]:
    """(line, [its session, the game], id) of each game of an iPoker XML text; four-,
    five- and six-card Omaha are read, other games skipped."""
    if re.search(r"<!DOCTYPE|<!ENTITY", text, re.IGNORECASE):
        raise SiteFormatError(f"{origin}: a document type declaration in an iPoker "
                              f"history (hand histories have none): not read")
    starts = [m.start() for m in _GAME.finditer(text)]
    if "<session" not in text or not starts:
        raise SiteFormatError(f"{origin}: no iPoker session with a game found")
    sessions = [(m.start(), m.group(0)) for m in _SESSION.finditer(text)]
    line, at = 1, 0
    session, upcoming = "", 0       # the session a game is in: the last one begun
    for k, start in enumerate(starts):
        line += text.count("\n", at, start)
        at = start
        # a game runs to its end tag; some exports cut a file short: then to the next game
        after = starts[k + 1] if k + 1 < len(starts) else len(text)
        end = text.find("</game>", start, after)
        game = text[start:end + 7] if end >= 0 else text[start:after] + "</game>"
        code = _GAME_CODE.match(game)
        hand_id = code.group(1) if code else f"game at line {line}"
        while upcoming < len(sessions) and sessions[upcoming][0] < start:
            session = sessions[upcoming][1]
            upcoming += 1
        chunk = [session, game]
        yield line, chunk, hand_id


def to_cents(text: str, scale: int) -> int:
    """An iPoker amount in chips (cents when ``scale`` is 100), whatever the locale.

    >>> [to_cents(t, 100) for t in ("€1,214.15", "1 001,24€", "2,50€", "50kr", "$0.5")]
    [121415, 100124, 250, 5000, 50]
    """
    s = _NOT_AMOUNT.sub("", text)
    if not s or not s[0].isdigit():
        raise SiteFormatError(f"not an amount: {text!r}")
    if "," in s and "." in s:
        decimal = "," if s.rfind(",") > s.rfind(".") else "."
    elif "," in s:
        decimal = "," if re.search(r",[0-9]{1,2}$", s) else ""
    else:
        decimal = "." if s.count(".") == 1 else ""
    whole, _, frac = s.rpartition(decimal) if decimal else (s, "", "")
    whole = whole.replace(",", "").replace(".", "")
    if not whole.isdigit() or len(whole) > 15 or (frac and not frac.isdigit()):
        raise SiteFormatError(f"not an amount: {text!r}")
    digits = 2 if scale == 100 else 0
    if frac[digits:].strip("0"):
        raise SiteFormatError(f"amount {text} is finer than one "
                              f"{'cent' if scale == 100 else 'chip'}")
    return int(whole) * scale + (int((frac + "00")[:digits]) if digits else 0)


_cents = lru_cache(maxsize=4096)(to_cents)     # a session repeats the same amounts


def _card(b: HandBuilder, text: str, line: int) -> str:
    suit, rank = _SUITS.get(text[:1]), _RANKS.get(text[1:])
    if suit is None or rank is None:
        raise b.fail(line, f"not a card: {text!r}")
    return rank + suit


@lru_cache(maxsize=8)
def _session(text: str) -> dict[str, str]:
    """The tags of a session's general part (parsed once for all its games)."""
    if not text:
        return {}
    general = ET.fromstring(text + "</session>").find("general")
    if general is None:
        return {}
    return {child.tag: (child.text or "").strip() for child in general}


def _parse(chunk: list[str], first: int, hand_id: str, origin: str) -> SiteItem:
    session_text, game_text = chunk
    b = HandBuilder("ipoker", hand_id, origin, first)
    try:
        info = _session(session_text)
        game = ET.fromstring(game_text)
    except ET.ParseError as e:
        raise b.fail(first, f"not well-formed XML: {e}") from None
    gametype = info.get("gametype", "")
    if len(gametype) > 200:     # no site writes such a name; the pattern is not linear in it
        raise b.fail(first, f"a game type of {len(gametype):,} characters")
    m = _GAMETYPE.match(gametype)
    name = m.group("game").strip().lower() if m else ""
    pockets = [c for c in game.iter("cards") if c.get("type") == "Pocket"]
    counts = {len((c.text or "").split()) for c in pockets}
    # the hole count is the pockets' (hidden ones are "X"): five-card pot-limit Omaha is
    # written with no game name at all ("PL €2/€4"), so an empty name is Omaha there
    n_hole = counts.pop() if len(counts) == 1 else 0 if counts else 4
    known = name in _HIGH or name in _HILO or name == "" and n_hole == 5
    engine_game = omaha_game(n_hole, name in _HILO)
    if m is None or not known or engine_game is None:
        return SkippedHand(hand_id, origin, first, (gametype or "no game type") +
                           (f" ({n_hole} hole cards)" if n_hole not in (0, 4) else ""))
    b.game = engine_game
    b.structure = _LIMIT[m.group("limit").lower()]
    tournament = info.get("tournamentcode") or info.get("tournamentname")
    if tournament:
        b.tournament = tournament
    else:
        b.scale = 100
        b.currency = info.get("tablecurrency") or info.get("currency") or "USD"
        if info.get("mode") == "play":
            b.currency = "play"
    players = game.findall("general/players/player")
    if not players:
        raise b.fail(first, "no players listed")
    wins: dict[int, int] = {}
    bets: dict[int, int] = {}
    for p in players:
        seat, pname = int(p.get("seat") or 0), p.get("name") or ""
        if not pname:
            continue                # an empty seat
        b.add_seat(seat, pname, _chips(b, p.get("chips"), first), False, first)
        if p.get("dealer") == "1":
            b.button = seat
        if p.get("win") is None or p.get("bet") is None:
            raise b.fail(first, f"{pname} has no win or bet amount (a partial export): "
                                f"the hand cannot be checked")
        wins[seat] = _chips(b, p.get("win"), first)
        bets[seat] = _chips(b, p.get("bet"), first)
    dealt = {b.seat_of.get(c.get("player") or "") for c in pockets} - {None}
    if dealt:
        b.out.update(s for s in b.names if s not in dealt)
    for c in pockets:
        cards = (c.text or "").split()
        if cards and "X" not in (x.upper() for x in cards):
            seat = b.seat(c.get("player") or "", first)
            b.hole(seat, "".join(_card(b, x, first) for x in cards), first, "shows")
    stakes = _STAKES.match(m.group("stakes"))
    blinds = [a for a in game.iter("action") if a.get("type") in ("1", "2")]
    if stakes:
        b.stakes = (_chips(b, stakes.group(1), first), _chips(b, stakes.group(2), first))
    elif blinds:
        big = max(_chips(b, a.get("sum"), first) for a in blinds)
        b.stakes = (big // 2, big) if b.structure != "fixed-limit" else (big, 2 * big)
    else:
        raise b.fail(first, f"no stakes in the game type ({gametype!r}) and no blinds")
    for round_ in game.iter("round"):
        for dealt_cards in round_.iter("cards"):
            street = _STREETS.get(dealt_cards.get("type") or "")
            if street:
                board = "".join(_card(b, x, first)
                                for x in (dealt_cards.text or "").split())
                b.street(street, b.board + board, first)
        actions = sorted(round_.iter("action"), key=lambda a: int(a.get("no") or 0))
        posts = round_.get("no") == "0"
        for a in actions:
            if (a.get("type") in _POSTS) != posts and a.get("type") not in ("8", "9"):
                raise b.fail(first, f"action type {a.get('type')} of {a.get('player')} in "
                                    f"round {round_.get('no')} (round 0 holds the blinds "
                                    f"and antes, and only round 0)")
            _action(b, a, first)
    written: dict[int, int] = {}    # some clients' bet is the sum of the amounts written
    for a in game.iter("action"):
        who = b.seat_of.get(a.get("player") or "")
        if who is not None and a.get("type") not in ("8", "9"):
            written[who] = written.get(who, 0) + _chips(b, a.get("sum"), first)
    for seat, bet in bets.items():
        if bet != b.invested.get(seat, 0) and bet != written.get(seat, -1):
            raise b.fail(first, f"{b.names[seat]}'s actions put in "
                                f"{b.invested.get(seat, 0)} but the game says he bet {bet}")
    _wins(b, wins, _client(info.get("client_version", "")),
          info.get("uncalled_bet_enabled") == "true")
    if not b.table_size:
        top = max(b.names, default=0)
        b.table_size = 2 if top <= 2 else 6 if top <= 6 else 9 if top <= 9 else 10
    return b.record()


def _client(version: str) -> int:
    major = version.split(".")[0]
    return int(major) if major.isdigit() else 0


def _chips(b: HandBuilder, text: Optional[str], line: int) -> int:
    try:
        amount = _cents(text or "", b.scale)
    except SiteFormatError as e:
        raise b.fail(line, str(e)) from None
    b.amounts.add(amount)
    return amount


# the action types of round 0 (the blinds and the antes)
_POSTS = ("1", "2", "15")
_TYPE_NAMES = {"0": "fold", "1": "small blind", "2": "big blind", "3": "call", "4": "check",
               "5": "bet", "6": "raise by", "7": "all-in", "9": "sitting out",
               "15": "ante", "23": "raise to"}


def _action(b: HandBuilder, a: ET.Element, line: int) -> None:
    kind, name = a.get("type") or "", a.get("player") or ""
    seat = b.seat(name, line)
    amount = _chips(b, a.get("sum"), line)
    if kind == "8" or kind == "9" and seat in b.out:
        if amount:
            raise b.fail(line, f"action {a.get('no')} of {name} is type {kind} (sitting "
                               f"out) but it moves chips: sum {a.get('sum')}")
        return                      # sitting out, not dealt in: no action
    before = b.street_bet.get(seat, 0)
    left = b.stacks[seat] - b.invested.get(seat, 0)
    level = max(b.street_bet.values(), default=0)
    # each type says what the action is: it must be what its amount does
    wrong = ("it moves chips" if kind in ("0", "4", "9") and amount else
             "there is a bet to raise" if kind == "5" and level else
             "there is no bet to raise" if kind in ("6", "23") and not level else
             "it does not put him all-in" if kind == "7" and amount != left else
             "it puts in more than a call" if kind == "3" and before + amount > level else "")
    if wrong:
        raise b.fail(line, f"action {a.get('no')} of {name} is type {kind} "
                           f"({_TYPE_NAMES.get(kind, kind)}) but {wrong}: sum {a.get('sum')}")
    if kind == "1":
        if any(k == "blind" for _, k, _ in b.posts):
            raise b.fail(line, f"action {a.get('no')} of {name} is a small blind (type 1) "
                               f"after another blind")
        b.post(name, "sb", amount, line)
    elif kind == "2":           # more than the big blind: both blinds, the small dead
        big = b.stakes[0] if b.structure == "fixed-limit" else b.stakes[1]
        b.post(name, "both" if amount > big and b.big_blind is not None else "bb",
               amount, line)
    elif kind == "15":
        b.post(name, "ante", amount, line)
    elif kind in ("0", "9"):
        b.act(name, "fold", None, False, line)
    elif kind == "4":
        b.act(name, "check", None, False, line)
    elif kind == "3":
        b.act(name, "call", amount, amount == left, line)
    elif kind == "5":
        b.act(name, "bet", amount, amount == left, line)
    elif kind == "23":          # a raise to the street's total
        b.act(name, "raise_to", amount, amount - before == left, line)
    elif kind in ("6", "7"):      # a raise by, an all-in: the chips added
        if amount:
            b.act(name, "raise_to", before + amount, kind == "7" or amount == left, line)
    else:
        raise b.fail(line, f"action type {kind} of {name} is not one the reader knows")


def _wins(b: HandBuilder, wins: dict[int, int], client: int, enabled: bool) -> None:
    """Each player's win as his collection, an uncalled bet taken out of it (older
    clients count it in the win), and the rake: what the pot held beyond the wins."""
    found = uncalled_excess(b)
    if found is not None:
        seat, excess = found
        if client < 18 and not enabled and wins.get(seat, 0) >= excess:
            wins[seat] -= excess
        b.uncalled(b.names[seat], excess, b.line)
    for seat, amount in sorted(wins.items()):
        if amount:
            b.collect(b.names[seat], amount, "pot", None, b.line)
    b.rake = max(0, sum(b.invested.values()) - sum(wins.values()))


class IPoker(SiteFormat):
    """iPoker's XML sessions: the pots unnamed, a player's halves in one win, the rake
    (what the wins leave) divided among the pots to the nearest unit."""

    name = "ipoker"
    title = "iPoker (XML)"
    header = HEADER
    order = 80
    rules = {"unnamed_pots": True, "halves_joined": True, "rake_split": "nearest"}
    max_line = 0      # a hand is an XML element, not lines

    def hands(self, text: str, origin: str) -> Iterator[tuple[int, list[str], str]]:
        return _games(text, origin)

    parse = staticmethod(_parse)


IPOKER = IPoker()
read_ipoker = IPOKER.read
loads_ipoker = IPOKER.loads

__all__ = ["IPoker", "read_ipoker", "loads_ipoker", "to_cents"]
