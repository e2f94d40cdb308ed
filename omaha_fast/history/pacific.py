"""888poker (Pacific Poker, Cassava) hand histories of Omaha Hi/Lo and Omaha, four- and
five-card (six-card high too): reading them into hand records. A game name with no count
of cards is the count the history's owner was dealt (or, with none dealt, showed).

888 writes what each action adds (``raises [$4]`` puts in four more), never says that a
player is all in (his stack says so), writes no uncalled-bet line (the bet comes back and
is left out of the winner's ``collected``), no total pot, no rake and no pot names: one
``collected`` line per winner and half, main pot first. The reader returns the uncalled
bet as the rules do, takes the rake as what went in less what was returned and paid, and
the check compares each player's collections over all pots, line by line.

Amounts are written the way the player's language writes them: ``$1,234.50``,
``$ 3.243`` (a thousands point), ``552,72`` (a decimal comma), ``6 497 $``; cards too
(Dutch ``Hc`` is the king of clubs, Swedish ``Knh`` the jack of hearts).

>>> text = '''#Game No : 7
... ***** 888poker Hand History for Game 7 *****
... $0.50/$1 Blinds Pot Limit OmahaHL - *** 06 01 2014 23:00:36
... Table Ours 6 Max (Real Money)
... Seat 1 is the button
... Total number of players : 2
... Seat 1: ann ( $10 )
... Seat 2: bob ( $12.50 )
... ann posts small blind [$0.50]
... bob posts big blind [$1]
... ** Dealing down cards **
... ann raises [$2.50]
... bob folds
... ** Summary **
... ann did not show his hand
... ann collected [ $2 ]'''
>>> [r] = loads_pacific(text)
>>> r.stacks[:2], r.final_stacks[:2], r.extra["site"]["returned"]
([1000, 1250], [1100, 1150], [[0, 200]])
"""

from __future__ import annotations

import re

from .siteformat import SiteFormat
from .sitehand import (
    CURRENCIES,
    HandBuilder,
    SiteFormatError,
    SiteItem,
    SkippedHand,
    omaha_game,
    uncalled_excess,
)

# the banner of each hand: 888poker, 888.pt, 888.es, Cassava, Pacific Poker and the skins
# that write the same format ("***** 888poker Hand History for Game 1 *****"); partypoker
# writes the banner with no name, and is not taken for 888
HEADER = re.compile(r"^\*{5} (?:[\w.-]*888[\w.-]*(?: Snap Poker| BLAST)?|Cassava|Pacific ?Poker|"
                    r"LuckyAcePoker\.com|[0-9]+\.ro(?: BLAST)?) Hand History for Game ([0-9]+)"
                    r" \*{5}$")
_GAME_NO = re.compile(r"^#Game No ?: ?[0-9]+$")
_STAKES = re.compile(r"^([^/]+?)/(.+?) Blinds (.+?) - \*\*\* ")
# the game: no real five- or six-card history of 888's was found, so a name with the count
# before Omaha ("Pot Limit 5 Card OmahaHL") is read as it says, and a name with none as
# the hole cards dealt say (see _hole_count)
_GAME = re.compile(r"^(Fix Limit|Fixed Limit|Pot Limit|No Limit) (?:([56]|Five|Six)[ -]?Card )?"
                   r"(OmahaHL|Omaha Hi/Lo|Omaha Hi-Lo|Omaha)$")
_COUNT = {"5": 5, "6": 6, "Five": 5, "Six": 6}
_DEALT = re.compile(r"^Dealt to .*? (\[[^\]]*\])$")
_SHOWN = re.compile(r" (?:shows|mucks) (\[[^\]]*\])")
_TABLE = re.compile(r"^(?:Tournament #([0-9]+) .*?- )?Table (.*?)(?: ([0-9]{1,2}) Max)?"
                    r" \((Real Money|Practice Play|Play Money)\)$")
_SEAT = re.compile(r"^Seat ([0-9]{1,2}): (.+) \( ?([^()]+?) ?\)$")
# an amount: digits with thousands marks (comma, point or space) and a decimal mark, the
# currency before or after
_AMOUNT = re.compile(r"^[$€£]? ?([0-9][0-9., ]*)(?: ?[$€£])?(?: [A-Z]{3})?$")
_POST = re.compile(r"^posts (small blind|big blind|ante|dead blind) \[(.+?)\]\.?$")
_DEAD = re.compile(r"^(.+?) \+ (.+)$")
_ACT = re.compile(r"^(folds|checks|calls|bets|raises)(?: \[(.+?)\])?$")
_CARDS = re.compile(r"\[([^\[\]]*)\]")
_COLLECT = re.compile(r"^collected \[ ?(.+?) ?\]$")
_STREET = re.compile(r"^\*\* Dealing (flop|turn|river) \*\* \[(.*)\]$", re.IGNORECASE)
# lines that move nothing: the summary's named hands ("(Hi: ...)"), a hand not shown
_HARMLESS = re.compile(r"^\((?:Hi|Lo): |^.+ did not show his hand$|^.+ does not show cards")
_HARMLESS_ENDS = (" did not show his hand", " does not show cards.", " does not show cards")
_MOVES = re.compile(r"^(?P<name>.+?) (?:posts|folds|checks|calls|bets|raises|shows|mucks|"
                    r"collected)\b")
_POST_KIND = {"small blind": "sb", "big blind": "bb", "ante": "ante"}
_VERB = {"folds": "fold", "checks": "check", "calls": "call", "bets": "bet",
         "raises": "raise"}
_LIMIT = {"Fix Limit": "fixed-limit", "Fixed Limit": "fixed-limit", "Pot Limit": "pot-limit",
          "No Limit": "no-limit"}
# card ranks as the clients write them in other languages (Dutch: Heer, Vrouw, Boer;
# Swedish: Kung, Dam, Knekt, Ess): each letter means one rank in every language read
_RANKS = {"H": "K", "V": "Q", "B": "J", "Kn": "J", "D": "Q", "E": "A", "10": "T"}
_DECIMALS = re.compile(r"[.,]([0-9]{1,2})$")
_WHOLE = re.compile(r"[0-9]{1,3}(?:[., ]?[0-9]{3})*")
_MARKS = re.compile(r"[., ]")
_PLAIN = re.compile(r"^[$€£]?(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.[0-9]{1,2})?$")
_CARD_SEP = re.compile(r"[,\s]+")
_BUTTON = re.compile(r"Seat ([0-9]{1,2}) is the button")
_RANK = re.compile(r"^(10|Kn|[2-9TJQKAHVBDE])([cdhs])$")


def amount_text(text: str) -> str:
    """An 888 amount as plain digits with a decimal point: a mark followed by one or two
    digits at the end is the decimal mark, every other one a thousands mark.

    >>> [amount_text(a) for a in ("$1,234.50", "$ 3.243", "552,72", "6 497 $", "0,01 $")]
    ['1234.50', '3243', '552.72', '6497', '0.01']
    """
    # a no-break space as thousands mark, also as a file decoded twice writes it ("Â\xa0")
    m = _AMOUNT.match(text.replace("Â\xa0", " ").replace("\xa0", " ").replace("\u202f", " ")
                      .strip())
    if m is None:
        raise SiteFormatError(f"not an amount: {text!r}")
    digits = m.group(1).strip()
    tail = _DECIMALS.search(digits)
    whole = digits[:tail.start()] if tail else digits
    if not _WHOLE.fullmatch(whole):
        raise SiteFormatError(f"not an amount: {text!r}")
    return _MARKS.sub("", whole) + (f".{tail.group(1)}" if tail else "")


def cards_of(text: str) -> str:
    """The cards of a bracket ("[ Hc, 8h, Td, 6h ]") in our notation ("Kc8hTd6h").

    >>> cards_of("[ Knh, Dd, 10s, Ec ]")
    'JhQdTsAc'
    """
    out = []
    for token in _CARD_SEP.split(text.strip().strip("[]").strip()):
        if not token:
            continue
        m = _RANK.match(token)
        if m is None:
            raise SiteFormatError(f"not a card: {token!r}")
        out.append(_RANKS.get(m.group(1), m.group(1)) + m.group(2))
    return "".join(out)


def _parse(chunk: list[str], first: int, hand_id: str, origin: str) -> SiteItem:
    b = HandBuilder("888poker", hand_id, origin, first)
    body = [(k, line) for k, line in enumerate(chunk[1:], first + 1)
            if line and not _GAME_NO.match(line)]
    if not body:
        raise b.fail(first, "the hand stops after its banner")
    k, header = body[0]
    stakes = _STAKES.match(header)
    if stakes is None:
        # another format under the same banner (partypoker's older lines): another game
        return SkippedHand(hand_id, origin, first, header.split(" - ")[0])
    game_text = stakes.group(3).strip()
    game = _GAME.match(game_text)
    if game is None:
        return SkippedHand(hand_id, origin, first, game_text)
    named = game.group(2)
    count = _COUNT[named] if named else _hole_count(body)
    engine_game = omaha_game(count, game.group(3) != "Omaha")
    if engine_game is None:         # six-card hi/lo: no game the engine plays
        return SkippedHand(hand_id, origin, first, f"{game_text} ({count} hole cards)")
    b.game = engine_game
    b.structure = _LIMIT[game.group(1)]
    section = "table"
    has_deal = any(line == "** Dealing down cards **" for _, line in body)
    small_text, big_text = stakes.group(1), stakes.group(2)
    added: dict[int, int] = {}
    collected_total = 0
    for k, line in body[1:]:
        if section == "table" and line.startswith(("Table ", "Tournament #")):
            m = _TABLE.match(line)
            if m is None:
                raise b.fail(k, f"unreadable table line: {line}")
            if m.group(1):
                b.tournament = m.group(1)
            else:
                b.scale = 100
                symbol = next((c for c in small_text if c in CURRENCIES), "")
                b.currency = "play" if m.group(4) != "Real Money" else \
                    CURRENCIES.get(symbol, "USD")
            b.table_size = int(m.group(3) or 0)
            small, big = _chips(b, small_text, k), _chips(b, big_text, k)
            b.stakes = (big, 2 * big) if b.structure == "fixed-limit" else (small, big)
            continue
        if section == "table":
            m = _BUTTON.fullmatch(line)
            if m:
                b.button = int(m.group(1))
                continue
            if line.startswith("Total number of players"):
                section = "seats"
                continue
        if section in ("table", "seats") and line.startswith("Seat "):
            if not b.stakes[1]:
                raise b.fail(k, "a seat before the table line")
            m = _SEAT.match(line)
            if m is None:
                raise b.fail(k, f"unreadable seat line: {line}")
            b.add_seat(int(m.group(1)), m.group(2), _chips(b, m.group(3), k), False, k)
            section = "seats"
            continue
        if line.startswith("** "):
            if line == "** Dealing down cards **":
                section = "play"
            elif line == "** Summary **":
                section = "summary"
            else:
                m = _STREET.match(line)
                if m is None:
                    raise b.fail(k, f"unreadable street line: {line}")
                dealt = cards_of(m.group(2))
                board = b.board + dealt if m.group(1).lower() != "flop" else dealt
                b.street(m.group(1).lower(), board, k)
                added = {}
                section = "play"
            continue
        if not b.names:
            raise b.fail(k, "no seat lines (a hand seen as an observer lists none)")
        if line.startswith("Dealt to "):
            found = b.player_at(line[9:], (" [",))
            if found is None:
                raise b.fail(k, f"cards dealt to a player with no seat: {line}")
            cards = cards_of("[" + found[1])
            if len(cards) != b.hole_chars:
                raise b.fail(k, b.hole_count_message(len(cards) // 2, line))
            b.hole(b.seat(found[0], k), cards, k, "dealt")
            continue
        if line.startswith(("(Hi: ", "(Lo: ")) or line.endswith(_HARMLESS_ENDS):
            continue          # the summary's named hands, a hand not shown
        found = b.player_at(line, (" ",))
        if found is None:
            b.unread(line, k, _HARMLESS, _MOVES)
            continue
        name, rest = found
        seat = b.seat(name, k)
        if section == "summary":
            m = _COLLECT.match(rest)
            if m:
                amount = _chips(b, m.group(1), k)
                b.collect(name, amount, "pot", None, k)
                collected_total += amount
            elif rest.startswith(("shows [", "mucks [")):
                bracket = _CARDS.search(rest)
                if bracket is None:
                    raise b.fail(k, f"unreadable cards: {line}")
                cards = cards_of(bracket.group(0))
                if rest.startswith("shows"):
                    b.show(name, cards, k)
                else:
                    b.hole(seat, cards, k, "mucks")
                    b.muck(name, k)
            else:
                b.unread(line, k, _HARMLESS, _MOVES)
            continue
        m = _POST.match(rest)
        if m:
            if m.group(1) == "dead blind":
                parts = _DEAD.match(m.group(2))
                if parts is None:
                    raise b.fail(k, f"unreadable dead blind: {line}")
                b.post(name, "dead", _chips(b, parts.group(1), k), k)
                live = _chips(b, parts.group(2), k)
                if live:
                    b.post(name, "bb", live, k)
            else:
                b.post(name, _POST_KIND[m.group(1)], _chips(b, m.group(2), k), k)
            continue
        m = _ACT.match(rest)
        if m is None:
            b.unread(line, k, _HARMLESS, _MOVES)
            continue
        verb = _VERB[m.group(1)]
        if section == "seats" and verb == "fold" and seat not in b.invested and has_deal:
            b.out.add(seat)        # folded before the deal: sitting out, not dealt in
            continue
        if verb in ("fold", "check"):
            b.act(name, verb, None, False, k)
            continue
        if m.group(2) is None:
            raise b.fail(k, f"unreadable action: {line}")
        amount = _chips(b, m.group(2), k)
        added[seat] = added.get(seat, 0) + amount
        all_in = b.invested.get(seat, 0) + amount >= b.stacks[seat]
        if verb == "raise":
            b.act(name, "raise_to", b.street_bet.get(seat, 0) + amount, all_in, k)
        else:
            b.act(name, verb, amount, all_in, k)
    if b.button is None and b.names:
        raise b.fail(first, "no button seat")
    if not b.table_size:
        top = max(b.names, default=0)
        b.table_size = 6 if top <= 6 else 9 if top <= 9 else 10
    _returns_and_rake(b, collected_total)
    return b.record()


def _hole_count(body: list[tuple[int, str]]) -> int:
    """The hole cards of a hand whose game name gives no count: as many as were dealt, or
    the most a player showed or mucked when nothing was dealt to the history's owner;
    four for any count but five and six (a hole of another size is then refused)."""
    for _, line in body:
        m = _DEALT.match(line)
        if m:
            return _game_count(_cards_in_bracket(m.group(1)))
    shown = [_cards_in_bracket(m.group(1)) for _, line in body
             for m in [_SHOWN.search(line)] if m]
    return _game_count(max(shown, default=4))


def _game_count(n: int) -> int:
    return n if n in (5, 6) else 4


def _cards_in_bracket(text: str) -> int:
    return len([t for t in _CARD_SEP.split(text.strip("[]").strip()) if t])


def _chips(b: HandBuilder, text: str, line: int) -> int:
    if _PLAIN.match(text):          # "$1,234.50", "15": as the other sites write them
        return b.chips(text, line)
    try:
        plain = amount_text(text)
    except SiteFormatError as e:
        raise b.fail(line, str(e)) from None
    return b.chips(plain, line)


def _returns_and_rake(b: HandBuilder, collected: int) -> None:
    """888 writes neither the uncalled bet nor the rake: the chips the highest contributor
    put in beyond everybody else come back to him, and the rake is what the pot held less
    what it paid. When the collections hold the uncalled bet (what went in, less the
    bet, is less than what was paid), no bet is returned and the check counts it in the
    winner's collection."""
    excess = uncalled_excess(b)
    total = sum(b.invested.values())
    if excess is not None and total - excess[1] >= collected:
        b.uncalled(b.names[excess[0]], excess[1], b.line)
        total -= excess[1]
    b.total_pot = total
    # tournament chips are not raked: what a tournament pot did not pay is a difference,
    # and a pot that paid nobody is a difference too, never a rake of the whole pot
    b.rake = max(total - collected, 0) if b.tournament is None and collected else 0


class Pacific(SiteFormat):
    """888poker (Pacific Poker, Cassava and the skins that write its format): the pots
    unnamed (checked over all pots as one), the rake 5% of each pot rounded down pot by
    pot."""

    name = "888poker"
    title = "888poker"
    header = HEADER
    order = 30
    rules = {"unnamed_pots": True, "rake_split": "per_pot", "rake_percent": 5}

    parse = staticmethod(_parse)


PACIFIC = Pacific()
read_pacific = PACIFIC.read
loads_pacific = PACIFIC.loads

__all__ = ["Pacific", "read_pacific", "loads_pacific", "amount_text", "cards_of"]
