"""What the card-room readers share: money to chips, and a builder that turns the events
of one site hand (seats, posts, actions, board, shows, collections, summary) into a
:class:`HandRecord`.

Amounts are exact: cash amounts become cents, tournament and play-money amounts whole
chips, with no float on the way.

>>> to_chips("$1,234.05", 100), to_chips("1500", 1), to_chips("$2", 100)
(123405, 1500, 200)
>>> to_chips("$0.005", 100)
Traceback (most recent call last):
...
omaha_fast.history.sitehand.SiteFormatError: amount $0.005 is finer than one cent
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, NamedTuple, Optional, Union

from ..game.names import Game
from .record import HandRecord, RecordError

_COUNTS = {4: "four", 5: "five", 6: "six"}

# an amount: chips, or money with its symbol (PokerStars India writes rupees "Rs. 1"); it
# neither starts nor ends inside a run of digits, so that a pattern searched along a line
# of digits tries each run once (linear time, not quadratic)
MONEY = r"(?<![0-9.,])(?:[$€£₹]|Rs\. ?)?[0-9][0-9,]*(?:\.[0-9]+)?(?![0-9]|[.,][0-9])"
# the currency of an amount's symbol, as the card rooms write them
CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}
# summary lines both sites write alike (only the pot labels differ: each reader has its own)
_TOTAL = re.compile(rf"^Total pot ({MONEY})(.*?)\| Rake ({MONEY})")
_SUMMARY_CARDS = re.compile(r"^Seat (\d+): .*?(?:showed|mucked) \[([^\]]*)\]")
_SUMMARY_SEAT = re.compile(r"^Seat (\d+): ")
_SUMMARY_OUT = re.compile(r"^Seat (\d+): .*? is sitting out$")
_SUMMARY_WON = re.compile(rf"^Seat (\d+): .*?(?:collected|and won) \(({MONEY})\)")
# each amount a summary line says its player won: "won ($3)", "collected ($2)", Full
# Tilt's "wins the side pot ($15)"
_SUMMARY_AMOUNTS = re.compile(rf"(?:collected|won|wins (?:the )?[a-z0-9 #-]{{0,30}}?pot"
                              rf"(?: #?[0-9]{{1,2}})?) \(({MONEY})\)")
_CARDS = re.compile(r"\[([^\[\]]*)\]")
_DIGITS = re.compile(r"[0-9]+")
# the summary's board: "Board [..]", "FIRST Board [..]" (run twice), Full Tilt "Board: [..]"
_SUMMARY_BOARD = re.compile(r"^(?:(FIRST|SECOND) )?Board:? \[([^\]]*)\]$")
# what a line that moves chips or cards holds: an amount of money, cards, or the words
# of chips; a line no rule of a reader took that holds one is refused, never passed over
# ("has returned" and "is all in" move nothing: a player back at the table, a state)
_CHIPS_OR_CARDS = re.compile(r"(?:[$€£₹]|Rs\.) ?[0-9]|\[[^\[\]]*\]|\b(?:pot|chips|collected|"
                             r"wins|won|ties|posts|antes|calls|bets|raises|shows|mucks)\b",
                             re.IGNORECASE)


class SiteFormatError(RecordError):   # RecordError is an OmahaError and a ValueError
    """A card-room history cannot be read; the message names the file, line and hand."""


class SkippedHand(NamedTuple):
    """A hand of another game in the file (mixed games): counted, never guessed."""

    id: str
    origin: str
    line: int
    game: str


class UnreadableHand(NamedTuple):
    """A hand that could not be parsed, with the reason (which names its line)."""

    id: str
    origin: str
    line: int
    error: SiteFormatError


SiteItem = Union[HandRecord, SkippedHand, UnreadableHand]


def to_chips(text: str, scale: int) -> int:
    """An amount as written (``$1,234.50``, ``1500``) in chips: cents when ``scale`` is
    100, whole chips when it is 1."""
    s = text.strip()
    s = (s[3:] if s.startswith("Rs.") else s).strip().lstrip("$€£₹").replace(",", "")
    whole, _, frac = s.partition(".")
    if not _DIGITS.fullmatch(whole) or (frac and not _DIGITS.fullmatch(frac)):
        raise SiteFormatError(f"not an amount: {text!r}")
    if len(whole) > 15:
        raise SiteFormatError(f"amount {text[:20]}... is too large")
    digits = 2 if scale == 100 else 0
    if frac[digits:].strip("0"):
        unit = "one cent" if scale == 100 else "one chip"
        raise SiteFormatError(f"amount {text} is finer than {unit}")
    cents = int((frac + "00")[:digits]) if digits else 0
    return int(whole) * scale + cents


# (hole cards, hi/lo) -> the engine's game; six-card hi/lo is no game the engine plays
_GAMES = {(4, True): "hilo", (4, False): "high", (5, True): "bigo", (5, False): "omaha5",
          (6, False): "omaha6"}


def omaha_game(hole_cards: int, hilo: bool) -> Optional[str]:
    """The engine's game for an Omaha a site names by its hole cards and split: None for
    one the engine does not play (six-card hi/lo).

    >>> omaha_game(5, True), omaha_game(5, False), omaha_game(6, True)
    ('bigo', 'omaha5', None)
    """
    return _GAMES.get((hole_cards, hilo))


def uncalled_excess(b: HandBuilder) -> Optional[tuple[int, int]]:
    """(seat, chips) of a bet nobody called, for the sites that write no uncalled-bet
    line: what the player who put in the most put in beyond every other player's live
    chips (a dead blind is no part of what a player put in to call); None when none."""
    dead: dict[int, int] = {}
    for seat, kind, amount in b.posts:
        if kind == "dead":
            dead[seat] = dead.get(seat, 0) + amount
    live = sorted(((v - dead.get(s, 0), s) for s, v in b.invested.items()), reverse=True)
    if not live:
        return None
    excess = live[0][0] - (live[1][0] if len(live) > 1 else 0)
    return (live[0][1], excess) if excess > 0 else None


def parse_guarded(parse: Callable[[list[str], int, str, str], SiteItem], chunk: list[str],
                  first: int, hand_id: str, origin: str) -> SiteItem:
    """One hand parsed, or an UnreadableHand naming it: any value the parser cannot use
    (a card that is not a card, a seat out of range) is reported, never raised."""
    try:
        return parse(chunk, first, hand_id, origin)
    except SiteFormatError as e:
        return UnreadableHand(hand_id, origin, first, e)
    except ValueError as e:
        error = SiteFormatError(f"{origin}: line {first}: hand {hand_id}: {e}")
        return UnreadableHand(hand_id, origin, first, error)


def records_only(items: list[SiteItem]) -> list[HandRecord]:
    """The hands read, other games left out; the first unreadable hand is raised."""
    out = []
    for item in items:
        if isinstance(item, UnreadableHand):
            raise item.error
        if isinstance(item, HandRecord):
            out.append(item)
    return out


def _card_set(cards: str) -> set[str]:
    """The cards of a joined text ("KdKc4cAs") as a set, whatever their case."""
    return {cards[i].upper() + cards[i + 1:i + 2].lower() for i in range(0, len(cards), 2)}


def cards_in(text: str) -> str:
    """The cards of every bracketed group in ``text``, joined: ``"[Jd 5c Kc] [4c]"``
    gives ``"Jd5cKc4c"``."""
    return "".join("".join(g.split()) for g in _CARDS.findall(text))


# pot labels: 0 is the main pot (or the only pot), k the k-th side pot
def pot_index(label: str) -> int:
    """0 for "pot" / "main pot", k for "side pot-k" / "side pot #k", 1 for "side pot"."""
    label = label.strip().lower()
    if label in ("pot", "main pot"):
        return 0
    m = re.fullmatch(r"side pot(?:[- ]#?([0-9]{1,2}))?", label)
    if not m:
        raise SiteFormatError(f"unknown pot {label!r}")
    return int(m.group(1) or 1)


class HandBuilder:
    """Collects one hand's events in the order the site wrote them.

    Seats are the site's numbers (1..N); the record uses seat - 1.
    """

    def __init__(self, fmt: str, hand_id: str, origin: str, line: int) -> None:
        self.fmt = fmt
        self.id = hand_id
        self.origin = origin
        self.line = line                  # the header's line number
        self.game = "hilo"
        self.structure = "pot-limit"
        self.stakes = (0, 0)
        self.scale = 1
        self.currency = "chips"
        self.tournament: Optional[str] = None
        self.table_size = 0
        self.button: Optional[int] = None
        self.names: dict[int, str] = {}
        self.seat_of: dict[str, int] = {}
        self._by_length: list[str] = []      # seated names, longest first
        self.stacks: dict[int, int] = {}
        self.out: set[int] = set()
        self.posts: list[tuple[int, str, int]] = []
        self.big_blind: Optional[int] = None
        self._sb_posted = False
        self._sb_amount: Optional[int] = None   # a full small blind (not a short all-in)
        self.sb_seat: Optional[int] = None      # who posted the small blind (live)
        # a second small blind read as dead, until its poster's call shows it was live
        self._second_sb: dict[int, int] = {}     # seat -> index in posts
        self._full_level = 0
        self.actions: list[list[Any]] = []
        self.sources: list[str] = []
        self.street_bet: dict[int, int] = {}
        self.invested: dict[int, int] = {}
        self._raises = 0
        self.max_raises = 0
        self.board = ""
        self.holes: dict[int, str] = {}
        self.shows: list[tuple[int, str, int]] = []
        self.mucks: list[tuple[int, int]] = []
        self.collected: list[tuple[int, int, int, Optional[str]]] = []
        self.written_paid: dict[int, int] = {}   # seat -> what his pay lines say, as written
        # run it twice: the second board, and the run (1 or 2) of each collected line
        self.board2 = ""
        self._rit_base: Optional[str] = None    # the board both runs share
        self.run = 0                            # the run whose showdown is being read
        self.runs: list[int] = []
        self.returned: list[tuple[int, int]] = []
        self.total_pot: Optional[int] = None
        self.pot_nets: list[int] = []
        self.rake = 0
        self.no_low = False
        self.summary_won: list[tuple[int, int]] = []   # (seat, chips) from the summary
        self.summary_run = 0     # Full Tilt's "*** SUMMARY 2 ***": the run it describes
        self.hole_lines: dict[int, int] = {}     # seat -> the line that told his cards
        # PokerStars' all-in cash out: seat -> (paid, fee), and what the pot would have
        # paid him (the summary's "won (...)", 0 when he lost)
        self.cash_outs: dict[int, tuple[int, int]] = {}
        self.cash_out_won: dict[int, int] = {}
        # settings a history written by omaha_fast keeps in its table name
        self.settings: dict[str, str] = {}
        self.ours = False        # written by omaha_fast: the engine's own rules apply
        self.amounts: set[int] = set()   # every amount written in the hand
        self.forfeits: list[int] = []    # all-in on the posts, folded (Hand.forfeit)
        self.split_chip = 1      # the unit pots are divided in (see smallest_chip_in_play)

    # ------------------------------------------------------------- helpers
    def fail(self, line: int, message: str) -> SiteFormatError:
        """An error naming the file, the line and the hand."""
        return SiteFormatError(f"{self.origin}: line {line}: hand {self.id}: {message}")

    def chips(self, text: str, line: int) -> int:
        try:
            amount = to_chips(text, self.scale)
        except SiteFormatError as e:
            raise self.fail(line, str(e)) from None
        self.amounts.add(amount)
        return amount

    def smallest_chip_in_play(self) -> int:
        """The largest of the cash chips (1, 5, 25 and 50 cents, one dollar) that every
        amount of the hand is a whole number of: Full Tilt divides a pot in units of the
        smallest chip in play (a $7.75 pot at $0.50/$1 splits $3.90 and $3.85)."""
        if self.scale != 100:
            return 1
        return max(d for d in (1, 5, 25, 50, 100) if all(a % d == 0 for a in self.amounts))

    def money(self, tournament: Optional[str], currency: Optional[str]) -> None:
        """What the hand's amounts are: a tournament's chips (``tournament`` its id), a
        cash game's cents of ``currency``, or play chips (neither)."""
        if tournament:
            self.tournament = tournament
        elif currency:
            self.scale, self.currency = 100, currency
        else:
            self.currency = "play"

    def seat(self, name: str, line: int) -> int:
        seat = self.seat_of.get(name)
        if seat is None:
            raise self.fail(line, f"player {name!r} has no seat")
        return seat

    def player_at(self, text: str, seps: tuple[str, ...]) -> Optional[tuple[str, str]]:
        """(name, rest) when ``text`` starts with a seated player's name followed by one
        of ``seps``; the longest name wins (names may contain spaces)."""
        if len(self._by_length) != len(self.seat_of):
            self._by_length = sorted(self.seat_of, key=len, reverse=True)
        for name in self._by_length:
            if text.startswith(name):
                rest = text[len(name):]
                for sep in seps:
                    if rest.startswith(sep):
                        return name, rest[len(sep):]
        return None

    def unread(self, line: str, k: int, harmless: re.Pattern[str],
               moves: re.Pattern[str]) -> None:
        """A line no rule of the reader took. Chat, joins, time-outs and the like
        (``harmless``, or a line with no amount, cards or word of chips in it) are passed
        over; a line that moves chips or cards is refused with its line: ``moves`` (the
        site's action lines, the name in group ``name``) says who, when it can."""
        if harmless.search(line):
            return
        m = moves.match(line)
        if m and m.group("name") not in self.seat_of:
            raise self.fail(k, f"{m.group('name')!r} has no seat, yet this line moves chips "
                               f"or cards: {line}")
        if m or _CHIPS_OR_CARDS.search(line):
            raise self.fail(k, f"a line that moves chips or cards, in a form the reader does "
                               f"not know: {line}")

    @property
    def hole_chars(self) -> int:
        """Characters of a whole hole as written ("AsKd2c3h" is 8): the game's cards."""
        return 2 * Game(self.game).hole_cards

    def hole_count_message(self, dealt: int, text: str) -> str:
        """What is wrong with a hole of ``dealt`` cards, naming the game's count."""
        game = "Omaha" if self.hole_chars == 8 else self.game
        return f"{dealt} hole cards dealt ({game} deals {_COUNTS[self.hole_chars // 2]}): {text}"

    def hole(self, seat: int, cards: str, line: int, what: str) -> None:
        """Cards a line says ``seat`` holds (dealt, shown, or in the summary): they must be
        the cards an earlier line gave him (a part of them, for a partial show)."""
        known = self.holes.get(seat)
        if known is not None and not _card_set(cards) <= _card_set(known):
            raise self.fail(line, f"{what} {cards} but {self.names[seat]} holds {known} "
                                  f"(line {self.hole_lines[seat]})")
        if len(cards) == self.hole_chars and known is None:
            self.holes[seat] = cards
            self.hole_lines[seat] = line

    def setting_int(self, key: str, part: int = 0) -> int:
        """A whole number from the table-name settings ("blinds=5/10" has two parts)."""
        text = self.settings[key].split("/")[part] if "/" in self.settings[key] or \
            part == 0 else ""
        if not re.fullmatch(r"[0-9]{1,15}", text):
            raise self.fail(self.line, f"table setting {key}={self.settings[key]!r} is not "
                                       f"a number")
        return int(text)

    # ------------------------------------------------------------- events
    def add_seat(self, number: int, name: str, stack: int, out: bool, line: int) -> None:
        if number in self.names:
            raise self.fail(line, f"seat {number} is listed twice")
        if not 1 <= number <= 10:
            raise self.fail(line, f"seat {number} is outside 1..10")
        self.names[number] = name
        self.seat_of[name] = number
        self.stacks[number] = stack
        if out or stack <= 0:
            self.out.add(number)

    def post(self, name: str, kind: str, amount: int, line: int) -> None:
        """kind: "sb", "bb", "ante", "dead" (a dead small blind) or "both" (small and big
        blind posted together: the small part dead, the big part live)."""
        seat = self.seat(name, line)
        self.out.discard(seat)
        if kind == "sb" and str(seat) in self.settings.get("dead", "").split("."):
            kind = "dead"        # written by omaha_fast: a dead small blind on its own
        if kind == "sb" and self._sb_posted:
            kind = "dead"        # a second small blind is a returning player's dead one
            self._second_sb[seat] = len(self.posts)
        parts: list[tuple[str, int]]
        if kind == "both":
            small = min(self.small_blind(), amount)
            parts = [("dead", small), ("blind", amount - small)]
        elif kind == "dead":
            parts = [("dead", amount)]
        elif kind in ("sb", "bb"):
            parts = [("blind", amount)]
            if kind == "sb":
                self._sb_posted = True
                self.sb_seat = seat
                if amount < self.stacks[seat] - self.invested.get(seat, 0):
                    self._sb_amount = amount
            elif self.big_blind is None:
                self.big_blind = seat
        elif kind == "ante":
            parts = [("ante", amount)]
        else:
            raise self.fail(line, f"unknown post {kind!r}")
        for k, a in parts:
            if a <= 0:
                continue
            self.posts.append((seat, k, a))
            self.invested[seat] = self.invested.get(seat, 0) + a
            if k == "blind":
                self.street_bet[seat] = self.street_bet.get(seat, 0) + a

    def small_blind(self) -> int:
        if "blinds" in self.settings:
            return self.setting_int("blinds", 0)
        if self.structure == "fixed-limit":
            return self._sb_amount or self.stakes[0] // 2
        return self.stakes[0]

    def street(self, name: str, cards: str, line: int, run: int = 0) -> None:
        """A street dealt: ``run`` is 1 or 2 for the boards of a hand run twice."""
        if run:
            if self._rit_base is None:
                self._rit_base = self.board
            if run == 2:
                size = 2 * {"flop": 3, "turn": 4, "river": 5}[name]
                if len(cards) != size or not cards.startswith(self._rit_base) or \
                        not cards.startswith(self.board2[:size]):
                    raise self.fail(line, f"the second {name} shows {cards or 'no cards'} "
                                          f"after a shared board of "
                                          f"{self._rit_base or 'no cards'}")
                self.board2 = cards
                return
        dealt = len(self.board) // 2
        expected = ("flop", "turn", "river")[dealt - 2] if dealt in (0, 3, 4) else None
        if dealt == 0:
            expected = "flop"
        if name != expected:
            raise self.fail(line, f"the {name} comes after a board of {dealt} cards")
        if len(cards) != 2 * {"flop": 3, "turn": 4, "river": 5}[name] or \
                not cards.startswith(self.board):
            raise self.fail(line, f"the {name} line shows {cards or 'no cards'} after a "
                                  f"board of {self.board or 'no cards'}")
        self.board = cards
        self.actions.append([name])
        self.sources.append(f"line {line}")
        self.street_bet = {}
        self._raises = 0
        self._full_level = 0

    def act(self, name: str, verb: str, amount: Optional[int], all_in: bool,
            line: int) -> None:
        """verb: fold, check, call (``amount`` chips added), bet (``amount`` added) or
        raise_to (``amount`` is the street total)."""
        seat = self.seat(name, line)
        self.out.discard(seat)   # a tournament player sitting out is dealt in and folds
        if verb == "fold" and self.invested.get(seat, 0) >= self.stacks[seat] and \
                all(a[0] != seat - 1 for a in self.actions):
            # all-in on his blind or ante and sitting out: PokerStars folds him, and he
            # gives up the pot (Hand.forfeit)
            self.forfeits.append(seat)
            return
        post = self._second_sb.pop(seat, None)
        if post is not None and verb == "call" and amount is not None and not self.board:
            # some histories (converted from other sites) count a second small blind as
            # live: the call then adds only what the blind leaves to pay
            posted = self.posts[post][2]
            level = max(self.street_bet.values(), default=0)
            if amount + posted == level - self.street_bet.get(seat, 0):
                self.posts[post] = (seat, "blind", posted)
                self.street_bet[seat] = self.street_bet.get(seat, 0) + posted
        before = self.street_bet.get(seat, 0)
        if verb in ("fold", "check"):
            entry: list[Any] = [seat - 1, verb, None]
        else:
            if amount is None:
                raise self.fail(line, f"{verb} without an amount")
            total = amount if verb == "raise_to" else before + amount
            # the word must be what the chips do (an all-in keeps only its total; a reader
            # calls an all-in written with no word a raise)
            level = self.bet_to_face()
            # (before the flop a call adds up to the big blind, and a raise raises it,
            # whoever posted it: the engine checks the amounts themselves)
            most = self.bet_to_face(blind=True)
            wrong = ("bets with a bet in front" if verb == "bet" and level else
                     "raises with no bet in front" if verb == "raise_to" and not most and
                     not all_in else
                     "calls more than the bet" if verb == "call" and total > most else "")
            if wrong:
                raise self.fail(line, f"{name} {wrong} ({level} chips on the street)")
            if total <= before:
                raise self.fail(line, f"{verb} to {total} does not add chips")
            self.street_bet[seat] = total
            self.invested[seat] = self.invested.get(seat, 0) + total - before
            if verb in ("bet", "raise_to") and self.structure == "fixed-limit":
                # a full bet or raise (an all-in of half a bet or more counts, TDA 47B)
                if not self.board and self.big_blind is not None and not self._raises:
                    self._raises, self._full_level = 1, self.stakes[0]
                size = self.stakes[0] if len(self.board) < 8 else self.stakes[1]
                if not all_in or 2 * (total - self._full_level) >= size:
                    self._raises += 1
                    self._full_level = total
                self.max_raises = max(self.max_raises, self._raises)
            if all_in:
                entry = [seat - 1, "all_in", total]
            elif verb == "call":
                entry = [seat - 1, "call", total - before]
            else:
                entry = [seat - 1, verb, total]
        self.actions.append(entry)
        self.sources.append(f"line {line}")

    def bet_to_face(self, blind: bool = False) -> int:
        """The bet in front on this street: the most anyone has in, and before the flop
        at least the big blind, even one posted short (with ``blind``, even one nobody
        posted)."""
        level = max(self.street_bet.values(), default=0)
        posted = self.big_blind is not None or \
            self.settings.get("big_blind", "none") != "none"
        if not self.board and (posted or blind):
            full = (self.setting_int("blinds", 1) if "blinds" in self.settings else
                    self.stakes[0] if self.structure == "fixed-limit" else self.stakes[1])
            level = max(level, full)
        return level

    def raised_by(self, name: str, by: int, total: int, line: int, text: str,
                  over: str = "bet") -> None:
        """A raise written with both its amounts ("raises $0.25 to $0.35"), read before
        it is acted: the first must be what it adds over the bet it raises (``over``
        "bet": PokerStars, GGPoker, Winamax; before the flop the bet is the big blind
        even when it was posted short, as the sites write it, or the bet in front, as a
        history written by omaha_fast does), over what the player had in (``over``
        "own"), either ("either": WPN and Bovada write both), or the total twice
        ("total": partypoker), the second the street total."""
        seat = self.seat(name, line)
        level = max(self.street_bet.values(), default=0)
        bases: set[int] = set()
        if over in ("bet", "either"):
            bases.update((level, self.bet_to_face()))
        if over in ("own", "either"):
            bases.add(self.street_bet.get(seat, 0))
        if over == "total":
            bases.add(0)
        if total - by not in bases:
            raise self.fail(line, f"the raise's two amounts disagree (it raises a bet of "
                                  f"{level} chips, the player had "
                                  f"{self.street_bet.get(seat, 0)} in): {text}")

    def uncalled(self, name: str, amount: int, line: int) -> None:
        seat = self.seat(name, line)
        self.returned.append((seat, amount))
        self.invested[seat] = self.invested.get(seat, 0) - amount

    def uncalled_or_dealt(self, line: str, k: int, uncalled: re.Pattern[str]) -> bool:
        """Read an uncalled-bet line (``uncalled``: the site's pattern, amount then name)
        or a "Dealt to" line, as both sites write them; False for any other line."""
        m = uncalled.match(line)
        if m:
            if m.group(2) not in self.seat_of:
                raise self.fail(k, f"{m.group(2)!r} has no seat, yet this line moves chips "
                                   f"or cards: {line}")
            self.uncalled(m.group(2), self.chips(m.group(1), k), k)
            return True
        if not line.startswith("Dealt to "):
            return False
        found = self.player_at(line[9:], (" [",))
        if found is None:
            if line[9:] in self.seat_of:
                return True          # "Dealt to bob": dealt cards nobody may see
            name = line[9:].split(" [", 1)[0]
            raise self.fail(k, f"{name!r} has no seat, yet this line deals him cards: "
                               f"{line}")
        cards = cards_in("[" + found[1])
        if len(cards) != self.hole_chars:
            raise self.fail(k, self.hole_count_message(len(cards) // 2, line))
        self.hole(self.seat(found[0], k), cards, k, "dealt")
        return True

    def show(self, name: str, cards: str, line: int) -> None:
        seat = self.seat(name, line)
        if len(cards) > self.hole_chars:     # more than the game deals: another game
            raise self.fail(line, self.hole_count_message(len(cards) // 2, f"{name} shows "
                                                          f"{cards}").replace("dealt", "shown"))
        self.hole(seat, cards, line, "shows")
        if len(cards) != self.hole_chars:
            return      # some of the cards shown by choice: the hand stays unknown
        if all(s != seat for s, _, _ in self.shows):
            self.shows.append((seat, cards, line))

    def muck(self, name: str, line: int) -> None:
        seat = self.seat(name, line)
        if all(s != seat for s, _ in self.mucks):
            self.mucks.append((seat, line))

    def cash_out(self, name: str, amount: int, fee: int, line: int) -> None:
        """PokerStars' all-in cash out: the site pays ``amount`` instead of the pot."""
        self.cash_outs[self.seat(name, line)] = (amount, fee)

    def collect(self, name: str, amount: int, pot: str, half: Optional[str],
                line: int) -> None:
        seat = self.seat(name, line)
        try:
            index = pot_index(pot)
        except SiteFormatError as e:
            raise self.fail(line, str(e)) from None
        self.collected.append((index, seat, amount, half))
        self.runs.append(self.run)
        self.written_paid[seat] = self.written_paid.get(seat, 0) + amount

    def summary_line(self, line: str, k: int, pot_label: re.Pattern[str]) -> bool:
        """Read one summary line: the total pot, its pots (named by ``pot_label``, the
        site's own pattern) and the rake, the board, what a seat won, the cards a seat
        showed. False for a line of none of these kinds (for the reader to judge)."""
        m = _TOTAL.match(line)
        if m:
            self.total_pot = self.chips(m.group(1), k)
            self.rake = self.chips(m.group(3), k)
            self.pot_nets = [self.chips(a, k) for _, a in pot_label.findall(m.group(2))]
            return True
        m = _SUMMARY_BOARD.match(line)
        if m:
            self.summary_board(m.group(1), cards_in(f"[{m.group(2)}]"), line, k)
            return True
        m = _SUMMARY_SEAT.match(line)
        if not m:
            return False
        seat = int(m.group(1))
        name = self.names.get(seat)
        if name is None:
            raise self.fail(k, f"the summary names seat {seat}, where nobody sits: {line}")
        if not line[m.end():].startswith(name):
            raise self.fail(k, f"the summary names another player at seat {seat}, where "
                               f"{name} sits: {line}")
        m = _SUMMARY_OUT.match(line)
        if m and int(m.group(1)) in self.names:
            # Full Tilt may say so only here: out of the hand unless he posted or acted
            seat = int(m.group(1))
            if seat not in self.invested and all(a[0] != seat - 1 for a in self.actions):
                self.out.add(seat)
            return True
        m = _SUMMARY_WON.match(line)
        if "cashed out" in line and _SUMMARY_SEAT.match(line):
            seat = int(_SUMMARY_SEAT.match(line).group(1))  # type: ignore[union-attr]
            self.cash_out_won[seat] = self.chips(m.group(2), k) if m else 0
        elif seat in self.names:
            # every amount the line says he won (one a run, or a half, at some sites)
            self.summary_won += [(seat, self.chips(a, k)) for a in
                                 _SUMMARY_AMOUNTS.findall(line, len(f"Seat {seat}: "))]
        m = _SUMMARY_CARDS.match(line)
        if m:
            self.hole(int(m.group(1)), "".join(m.group(2).split()), k, "the summary shows")
        return True

    def summary_board(self, run: Optional[str], cards: str, text: str, k: int) -> None:
        """The summary's board must be the board the street lines dealt (each board of a
        hand run twice: PokerStars names the run, Full Tilt's summary of each run has
        its own)."""
        second = run == "SECOND" or run is None and self.summary_run == 2
        twice = run is not None or self.summary_run
        dealt = self.board2 if second else self.board
        if twice and self._rit_base is None:
            raise self.fail(k, f"the summary gives a board of a second run, but the board "
                               f"was dealt once ({self.board or 'no cards'}): {text}")
        if second and self._rit_base is not None and len(cards) < len(dealt):
            dealt = dealt[len(self._rit_base):]    # GGPoker: the second run's own cards
        if _card_set(cards) != _card_set(dealt) or len(cards) != len(dealt):
            which = "second " if second else "first " if twice else ""
            raise self.fail(k, f"the summary's {which}board is {cards or 'no cards'}, but "
                               f"the {which}board dealt is {dealt or 'no cards'}: {text}")

    def _unwritten_return(self, dealt: list[int]) -> None:
        """Older histories do not write "Uncalled bet ... returned": when the summary's
        total pot is short of what went in, the difference went back to the one player
        who put in the most."""
        if self.returned or self.total_pot is None:
            return
        ranked = sorted(((self.invested.get(s, 0), s) for s in dealt), reverse=True)
        # some exports write the total pot less the rake
        for total in (self.total_pot, self.total_pot + self.rake):
            excess = sum(self.invested.values()) - total
            if excess > 0 and len(ranked) > 1 and ranked[0][0] - ranked[1][0] >= excess:
                self.returned.append((ranked[0][1], excess))
                self.invested[ranked[0][1]] -= excess
                return

    # ------------------------------------------------------------- the record
    def record(self) -> HandRecord:
        """The hand as a record (raises SiteFormatError naming what is missing)."""
        if self.button is None:
            raise self.fail(self.line, "no button seat")
        n = max([self.table_size, self.button] + list(self.names))
        if not 2 <= n <= 10:
            raise self.fail(self.line, f"a table of {n} seats (2..10 are played)")
        dealt = [s for s in sorted(self.names) if s not in self.out]
        if len(dealt) < 2:
            raise self.fail(self.line, "fewer than two players dealt in")
        self._unwritten_return(dealt)
        stacks: list[Optional[int]] = [None] * n
        holes: list[Optional[str]] = [None] * n
        final: list[Optional[int]] = [None] * n
        summary_pays = not self.collected
        if summary_pays:
            # some histories write no win line: the summary's "collected (...)" stands in
            self.collected = [(0, seat, chips, None) for seat, chips in self.summary_won]
            self.runs = [0] * len(self.collected)
        won: dict[int, int] = {}
        for _, seat, amount, _ in self.collected:
            won[seat] = won.get(seat, 0) + amount
        for s in dealt:
            if self.invested.get(s, 0) > self.stacks[s]:
                raise self.fail(self.line, f"{self.names[s]} puts in more than the "
                                           f"{self.stacks[s]} chips of the seat")
            stacks[s - 1] = self.stacks[s]
            holes[s - 1] = self.holes.get(s)
            final[s - 1] = (self.stacks[s] - self.invested.get(s, 0) + won.get(s, 0) +
                            self.cash_outs.get(s, (0, 0))[0])
        for s in list(self.invested) + list(won):
            if s not in dealt:
                raise self.fail(self.line, f"seat {s} ({self.names.get(s)}) plays but is "
                                           f"listed as sitting out")
        rank = {"ante": 0, "bb_ante": 1, "dead": 1, "blind": 2}
        posts = sorted(self.posts, key=lambda p: rank[p[1]])     # stable: line order
        actions = list(self.actions)
        sources = list(self.sources)
        if self.shows or self.mucks:
            actions.append(["showdown"])
            sources.append(f"line {(self.shows or self.mucks)[0][-1]}")
            for seat, cards, line in self.shows:
                actions.append([seat - 1, "show", cards])
                sources.append(f"line {line}")
            folded = {a[0] + 1 for a in self.actions if len(a) == 3 and a[1] == "fold"}
            for seat, line in self.mucks:
                if seat in folded:      # a player who folded has no hand to muck
                    raise self.fail(line, f"{self.names[seat]} mucks at the showdown but "
                                          f"folded")
                if all(s != seat for s, _, _ in self.shows):
                    actions.append([seat - 1, "muck", None])
                    sources.append(f"line {line}")
        big_blind = self.big_blind
        live = [s for s, k, _ in self.posts if k == "blind"]
        if big_blind is None and live:
            # the big blind went all-in on the ante: the next player after the small blind;
            # else only the small blind posted (heads-up, the other player folding to it)
            after = [s for s in dealt if s > live[0]] + [s for s in dealt if s < live[0]]
            if any(s == after[0] and k == "ante" for s, k, _ in self.posts) and \
                    self.invested.get(after[0], 0) >= self.stacks[after[0]]:
                big_blind = after[0]
        if "big_blind" in self.settings:
            big_blind = (None if self.settings["big_blind"] == "none"
                         else self.setting_int("big_blind"))
        antes = [p for p in posts if p[1] == "ante"]
        if self.settings.get("bb_ante") == "1" or not self.ours and \
                len(antes) == 1 and antes[0][0] == big_blind:
            # one ante, from the big blind: a big-blind ante (dead money for the table)
            posts = [(s, "bb_ante" if k == "ante" else k, a) for s, k, a in posts]
        fixed = self.structure == "fixed-limit"
        small_bet, big_bet = self.stakes
        if "blinds" in self.settings:
            blinds = [self.setting_int("blinds", 0), self.setting_int("blinds", 1)]
        elif fixed:
            blinds = [self.small_blind(), small_bet]
        else:
            blinds = [self.stakes[0], self.stakes[1]]
        get = self.settings.get
        rake = ({"percent": 100, "cap": self.rake, "no_flop_no_drop": False}
                if self.rake else None)
        site = {"format": self.fmt, "names": [self.names.get(s + 1) for s in range(n)],
                "currency": self.currency, "scale": self.scale,
                "tournament": self.tournament,
                "collected": [[p, s - 1, a, h] + ([r] if r else [])
                              for (p, s, a, h), r in zip(self.collected, self.runs)],
                "returned": [[s - 1, a] for s, a in self.returned],
                "total_pot": self.total_pot, "pots": list(self.pot_nets),
                "rake": self.rake, "no_low": self.no_low, "line": self.line,
                "written_by_omaha_fast": self.ours}
        if self.summary_won and not summary_pays:
            # what the summary says each player won, beside the pays: checked against them
            site["summary_won"] = [[s - 1, a] for s, a in self.summary_won]
            site["paid_as_written"] = [[s - 1, a] for s, a in sorted(self.written_paid.items())]
        if self.sb_seat is not None and any(p[0] == self.sb_seat and p[1] == "blind"
                                            for p in self.posts):
            site["small_blind"] = self.sb_seat - 1
        if self.cash_outs:
            site["cash_outs"] = [[s - 1, paid, fee, self.cash_out_won.get(s, 0)]
                                 for s, (paid, fee) in sorted(self.cash_outs.items())]
        if self._rit_base is not None:
            if len(self.board) != 10 or len(self.board2) != 10:
                raise self.fail(self.line, "a hand run twice needs both boards to the river")
            site["boards"] = [self.board, self.board2]
        record = HandRecord(
            game=self.game, structure=self.structure, blinds=blinds, table_size=n,
            button=self.button - 1, stacks=stacks, posts=[[s - 1, k, a] for s, k, a in posts],
            holes=holes, board=self.board, actions=actions, final_stacks=final,
            small_bet=small_bet if fixed else None, big_bet=big_bet if fixed else None,
            cap=self.setting_int("cap") if "cap" in self.settings else 4,
            uncap_heads_up=fixed and (get("uncap_heads_up") == "1" or
                                      not self.ours and self.max_raises > 4),
            min_bet=None if fixed else self.setting_int("min_bet") if "min_bet" in
            self.settings else blinds[1],
            chip=self.setting_int("chip") if "chip" in self.settings else self.split_chip,
            rake=rake,
            odd_chips=get("odd_chips", "left_of_button"),
            # the card rooms let a player fold when he could check; our own table says
            allow_fold_when_check=get("allow_fold_when_check") == "1" if self.ours else True,
            # PokerStars lets a player raise what no opponent can meet (it comes back)
            allow_uncallable_raise=(get("allow_uncallable_raise") == "1" if self.ours
                                    else True),
            big_blind=None if big_blind is None else big_blind - 1,
            id=self.id, origin=self.origin, sources=sources,
            extra={"site": site, **({"forfeits": [s - 1 for s in self.forfeits]}
                                    if self.forfeits else {})})
        record.validate()       # what the history says must make a hand (RecordError)
        return record


__all__ = ["SiteFormatError", "SkippedHand", "UnreadableHand", "SiteItem", "HandBuilder",
           "omaha_game", "uncalled_excess",
           "to_chips", "cards_in", "pot_index", "MONEY", "CURRENCIES"]
