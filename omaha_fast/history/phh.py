"""PHH hand histories: reading them into hand records, and writing records as PHH.

PHH (the poker hand history format pokerkit reads and writes) is TOML: one table per hand
in ``.phhs`` files, or top-level keys in a single ``.phh`` hand. Players are listed from
the first seat left of the button to the button. Omaha variants: ``FO/8`` (fixed-limit
Omaha hi-lo) and ``PO`` (pot-limit Omaha) are PHH's own codes; ``FO``, ``PO/8``, ``NO``
and ``NO/8`` are this package's extensions for the other combinations, and so are the
five- and six-card codes, the hole count after the ``O``: ``PO5/8`` (pot-limit Big O),
``FO5/8``, ``NO5/8``, ``PO5`` (pot-limit five-card Omaha), ``FO5``, ``NO5``, ``PO6``,
``FO6``, ``NO6`` (PHH has no code for them).

The TOML is read by the standard reader (``tomllib``; the ``tomli`` package on Python
3.10), so every field pokerkit writes loads: times, dates, dotted keys. What PHH has no
field for is written as user fields (``_``-prefixed) and read back, so that every hand the
table can play replays from PHH exactly as from JSON:

============================  ============================================================
``_seats``                    the table seat of each player (0-based), ``_table_size`` seats
``_button``                   the button's seat (it may be an empty seat)
``_big_blind``                the big blind's seat, when the blinds alone do not say
``_blinds``                   the table's (small, big) when the posts alone do not say
``_blind_order``              the seats posting blinds, in order, when it is not small, big,
                              then the players coming back
``_dead_blinds``              the part of each player's ``antes`` that is a dead small blind
``_big_blind_ante``           true when the big blind's ante is a big-blind ante
``_cap``                      fixed-limit bets a round (when not 4); ``_uncap_heads_up``
``_chip``                     the chip unit; ``_odd_chips`` the odd-chip rule; ``_rake``
``_id``, ``_burns``           the hand's id; the burn cards
``_allow_fold_when_check``    true when a player may fold with nothing to call
``_allow_uncallable_raise``   true when a player may raise what no opponent can meet
``_site``                     what a card room recorded (a hand read from its history),
                              as JSON text
============================  ============================================================

Blinds are written as the table asked for them: a big blind whose stack cannot cover it
is written in full (the engine, like pokerkit, posts what the stack holds), so the bet to
call is right on replay. Other user fields ``_name`` become the record's extra field
``name`` and are written back the same way.

>>> text = dump_hand(_example_hand())
>>> print(text.splitlines()[0])
variant = "FO/8"
>>> [r.final_stacks for r in load_phh(text)]
[[95, 105]]
"""

from __future__ import annotations

import datetime
import json
import re
import sys
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Optional, Union

from ..cards import format_cards, parse_group
from ..errors import InvalidCardError
from ..game.names import Game
from .checks import (
    chips_problem,
    is_int,
    percent_text,
    percent_value,
    seat_problem,
    short,
    text_problem,
)
from .record import HandRecord, RecordError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 has the same reader as a package
    import tomli as tomllib

if TYPE_CHECKING:
    from ..game.hand import Hand

# variant code -> (structure, game)
VARIANTS = {"FO/8": ("fixed-limit", "hilo"), "PO": ("pot-limit", "high"),
            "FO": ("fixed-limit", "high"), "PO/8": ("pot-limit", "hilo"),
            "NO": ("no-limit", "high"), "NO/8": ("no-limit", "hilo")}
# five and six hole cards: PHH (pokerkit 0.7.7) has no code for them; these extensions
# add the hole count after the O, as PO5/8 for pot-limit Big O
VARIANTS.update({f"{letter}{code}": (structure, game)
                 for letter, structure in (("F", "fixed-limit"), ("P", "pot-limit"),
                                           ("N", "no-limit"))
                 for code, game in (("O5/8", "bigo"), ("O5", "omaha5"), ("O6", "omaha6"))})
CODES = {v: k for k, v in VARIANTS.items()}
_MARKERS = {3: "flop", 4: "turn", 5: "river"}
# PHH's optional fields (as pokerkit 0.7.7 writes them): kept as the record's extra fields
# under their own names; the ones the record itself holds are read into it
DOCUMENTED = ("author", "event", "url", "venue", "address", "city", "region", "postal_code",
              "country", "time", "time_zone", "day", "month", "year", "hand", "level",
              "seats", "seat_count", "table", "players", "finishing_stacks", "winnings",
              "currency", "currency_symbol", "ante_trimming_status", "time_limit",
              "time_banks")
# fields this module reads into the record itself (never into its extra fields)
_OWN = {"variant", "starting_stacks", "actions", "antes", "blinds_or_straddles", "bring_in",
        "small_bet", "big_bet", "min_bet", "finishing_stacks", "seats", "seat_count",
        "players", "ante_trimming_status", "_seats", "_table_size", "_button",
        "_big_blind", "_blinds", "_blind_order", "_dead_blinds", "_big_blind_ante", "_cap",
        "_uncap_heads_up", "_chip", "_odd_chips", "_rake", "_id", "_burns",
        "_allow_fold_when_check", "_allow_uncallable_raise"}


class PHHError(RecordError):
    """A PHH text cannot be read as an Omaha hand; the message names the line."""


# ------------------------------------------------------------------ reading
def load_phh(text: str, origin: str = "<phh>") -> list[HandRecord]:
    """Every hand in a PHH text (``.phh`` or ``.phhs``), as hand records."""
    if not isinstance(text, str):
        raise PHHError(f"{origin}: PHH text must be a str, got {short(text)}")
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        found = re.search(r"\(at line (\d+), column (\d+)\)", str(e))
        if found:   # the reader's own "(at line 2, column 16)", moved up front
            text = str(e)[:found.start()].rstrip()
            raise PHHError(f"{origin}: line {found.group(1)}: not valid TOML: {text} "
                           f"(column {found.group(2)})") from None
        raise PHHError(f"{origin}: not valid TOML: {e}") from None
    except RecursionError:
        raise PHHError(f"{origin}: not valid TOML: nested too deeply") from None
    except ValueError as e:     # an integer of too many digits
        raise PHHError(f"{origin}: not valid TOML: {e}") from None
    lines = _key_lines(text)
    if "variant" in doc:
        return [_record("", doc, origin, lines)]
    hands = []
    for name, table in doc.items():
        if not isinstance(table, dict):
            line = lines.get(("", name), 1)
            raise PHHError(f"{origin}: line {line}: {name} = ... is outside any hand (a "
                           f"file holds one hand at the top level or hands in [tables])")
        hands.append(_record(name, table, origin, lines))
    if not hands:
        raise PHHError(f"{origin}: no hand found (empty input, or no 'variant' key)")
    return hands


_HEADER = re.compile(r"\s*\[\s*([^\[\]#]+?)\s*\]")
_KEY = re.compile(r"\s*([A-Za-z0-9_-]+|\"[^\"]*\"|'[^']*')\s*[.=]")


def _key_lines(text: str) -> dict[tuple[str, str], int]:
    """Where each (table, key) starts, for messages; the table's own line under key ''.

    A plain scan of the lines: good for every file a writer produces; in an odd file a
    message may name a nearby line."""
    found: dict[tuple[str, str], int] = {}
    table = ""
    for number, line in enumerate(text.splitlines(), 1):
        header = _HEADER.match(line)
        if header and not line.lstrip().startswith("[["):
            table = header.group(1).strip("\"'")
            found.setdefault((table, ""), number)
            continue
        key = _KEY.match(line)
        if key:
            found.setdefault((table, key.group(1).strip("\"'")), number)
    return found


class _Fields:
    """The fields of one hand with the checks that name their line."""

    def __init__(self, name: str, table: dict[str, Any], origin: str,
                 lines: dict[tuple[str, str], int]) -> None:
        self.name, self.table, self.origin, self.lines = name, table, origin, lines

    def line(self, key: Optional[str]) -> int:
        return self.lines.get((self.name, key or ""), self.lines.get((self.name, ""), 1))

    def fail(self, key: Optional[str], message: str) -> PHHError:
        label = f"[{self.name}] " if self.name else ""
        return PHHError(f"{self.origin}: line {self.line(key)}: {label}{message}")

    def get(self, key: str, default: Any = None) -> Any:
        return self.table.get(key, default)

    def need(self, key: str) -> Any:
        if key not in self.table:
            raise self.fail(None, f"missing field {key!r}")
        return self.table[key]

    def chips(self, key: str, least: int = 0, default: Any = None) -> Any:
        value = self.table.get(key, default)
        if value is not None or key in self.table:
            problem = chips_problem(value, least)
            if problem:
                raise self.fail(key, f"{key} {problem}")
        return value

    def chip_list(self, key: str, n: int, least: int = 0) -> list[int]:
        value = self.table[key]
        if not isinstance(value, list) or len(value) != n:
            raise self.fail(key, f"{key} must list {n} chip amounts, one per player, "
                                 f"got {short(value)}")
        for p, amount in enumerate(value):
            problem = chips_problem(amount, least)
            if problem:
                raise self.fail(key, f"{key}: player {p + 1}'s amount {problem}")
        return value

    def flag(self, key: str, default: bool) -> bool:
        value = self.table.get(key, default)
        if not isinstance(value, bool):
            raise self.fail(key, f"{key} must be true or false, got {short(value)}")
        return value


def _record(name: str, table: dict[str, Any], origin: str,
            lines: dict[tuple[str, str], int]) -> HandRecord:
    f = _Fields(name, table, origin, lines)
    for key in ("variant", "starting_stacks", "actions", "antes", "blinds_or_straddles"):
        f.need(key)
    variant = f.get("variant")
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise f.fail("variant", f"unsupported variant {short(variant)} (Omaha variants: "
                                f"{', '.join(sorted(VARIANTS))})")
    structure, game = VARIANTS[variant]
    stacks = f.get("starting_stacks")
    n = len(stacks) if isinstance(stacks, list) else 0
    if not 2 <= n <= 10:
        raise f.fail("starting_stacks", f"starting_stacks must list 2 to 10 chip counts, "
                                        f"got {short(stacks)}")
    f.chip_list("starting_stacks", n, 1)
    antes = f.chip_list("antes", n)
    blinds = list(f.chip_list("blinds_or_straddles", n))
    if f.get("bring_in"):
        raise f.fail("bring_in", "bring_in is for stud games, not Omaha")
    seats, size = _seats(f, n)
    button = f.get("_button", seats[-1])
    if seat_problem(button, size):
        raise f.fail("_button", f"_button {seat_problem(button, size)}")
    if n == 2:
        blinds.reverse()    # heads-up the button (the second player) posts the small blind
    live = [p for p in range(n) if blinds[p]]
    bb_player = _derived_big_blind(blinds)
    if "_big_blind" in table:
        big_seat = f.get("_big_blind")
        if not is_int(big_seat) or big_seat not in seats:
            raise f.fail("_big_blind", f"_big_blind must be the seat of a player, "
                                       f"got {short(big_seat)}")
        bb_player = seats.index(big_seat)
    dead = f.chip_list("_dead_blinds", n) if "_dead_blinds" in table else [0] * n
    if any(d > a for d, a in zip(dead, antes)):
        raise f.fail("_dead_blinds", "_dead_blinds must be part of each player's antes")
    ante_part = [a - d for a, d in zip(antes, dead)]
    with_ante = [p for p in range(n) if ante_part[p]]
    bb_ante = f.flag("_big_blind_ante", with_ante == [bb_player] and bb_player is not None)
    if bb_ante and (bb_player is None or with_ante not in ([], [bb_player])):
        raise f.fail("_big_blind_ante", "_big_blind_ante needs the big blind to be the only "
                                        "player with an ante")
    posts: list[list[Any]] = []
    posts.extend([seats[p], "ante", ante_part[p]] for p in with_ante if not bb_ante)
    if bb_ante and bb_player is not None and ante_part[bb_player]:
        posts.append([seats[bb_player], "bb_ante", ante_part[bb_player]])
    posts.extend([seats[p], "dead", dead[p]] for p in range(n) if dead[p])
    order = _blind_order(blinds, bb_player)
    if "_blind_order" in table:
        named = f.get("_blind_order")
        if not isinstance(named, list) or not all(is_int(s) for s in named) or \
                len(set(named)) != len(named) or \
                sorted(named) != sorted(seats[p] for p in live):
            raise f.fail("_blind_order", f"_blind_order must list the seats that post a "
                                         f"blind, each once, got {short(named)}")
        order = [seats.index(s) for s in named]
    posts.extend([seats[p], "blind", blinds[p]] for p in order)
    if "_blinds" in table:
        blind_pair = f.get("_blinds")
        if not isinstance(blind_pair, list) or len(blind_pair) != 2 or any(
                chips_problem(b) for b in blind_pair):
            raise f.fail("_blinds", f"_blinds must be [small, big], got {short(blind_pair)}")
    else:
        blind_pair = _derived_blinds(blinds, bb_player, f)
    holes, board, actions, sources = _actions(f, n, seats, size, Game(game).hole_cards)
    if structure == "fixed-limit":
        for key in ("small_bet", "big_bet"):
            if key not in table:
                raise f.fail(None, f"{variant} needs {key}")
            f.chips(key, 1)
    else:
        f.chips("min_bet", 1)
    final: Optional[list[Optional[int]]] = None
    if "finishing_stacks" in table:
        finishing = f.chip_list("finishing_stacks", n)
        final = [None] * size
        for p, s in enumerate(seats):
            final[s] = finishing[p]
    stacks_by_seat: list[Optional[int]] = [None] * size
    for p, s in enumerate(seats):
        stacks_by_seat[s] = stacks[p]
    hand_id = f.get("_id", name or None)
    if is_int(hand_id):
        hand_id = str(hand_id)
    if hand_id is not None and text_problem(hand_id):
        raise f.fail("_id", f"_id {text_problem(hand_id)}")
    extra = _extra_fields(table)
    if "_burns" in table:
        if text_problem(f.get("_burns")):
            raise f.fail("_burns", f"_burns {text_problem(f.get('_burns'))}")
        extra["burns"] = f.get("_burns")
    record = HandRecord(
        game=game, structure=structure, blinds=list(blind_pair), table_size=size, button=button,
        stacks=stacks_by_seat, posts=posts, holes=holes, board=board, actions=actions,
        final_stacks=final, small_bet=f.get("small_bet"), big_bet=f.get("big_bet"),
        cap=f.get("_cap", 4), uncap_heads_up=f.get("_uncap_heads_up", False),
        min_bet=f.get("min_bet"), chip=f.get("_chip", 1),
        odd_chips=f.get("_odd_chips", "left_of_button"), rake=_rake(f),
        big_blind=seats[bb_player] if bb_player is not None else None, id=hand_id,
        allow_fold_when_check=f.get("_allow_fold_when_check", False),
        allow_uncallable_raise=f.get("_allow_uncallable_raise", False),
        players=_players(f, n, seats, size), origin=f"{origin} line {f.line('actions')}",
        extra=extra, sources=sources)
    try:
        record.validate()
    except PHHError:
        raise
    except RecordError as e:     # a user field of the wrong kind: name it and its line
        field, _, problem = str(e)[len(record.where()):].partition(" ")
        key = _PHH_KEY.get(field, "_" + field)
        raise f.fail(key if key in table else None, f"{key} {problem}") from None
    return record


# the PHH field behind each record field, for messages
_PHH_KEY = {"table_size": "_table_size", "small_bet": "small_bet", "big_bet": "big_bet",
            "min_bet": "min_bet", "players": "players", "final_stacks": "finishing_stacks",
            "stacks": "starting_stacks"}


def _seats(f: _Fields, n: int) -> tuple[list[int], int]:
    """Each player's table seat and the table size: ``_seats``/``_table_size`` (0-based,
    this package's), else PHH's ``seats``/``seat_count`` (1-based), else 0..n-1."""
    if "_seats" in f.table:
        key, size_key, base = "_seats", "_table_size", 0
    elif "seats" in f.table:
        key, size_key, base = "seats", "seat_count", 1
    else:
        key, size_key, base = "", "_table_size", 0
    raw = f.get(key) if key else list(range(n))
    if not isinstance(raw, list) or len(raw) != n or not all(is_int(s) for s in raw):
        raise f.fail(key, f"{key} must list the {n} players' seat numbers, got {short(raw)}")
    seats = [s - base for s in raw]
    size = f.get(size_key, max(seats + [n - 1]) + 1)
    if not is_int(size) or not max(2, n) <= size <= 10:
        raise f.fail(size_key, f"{size_key} must be a table size {n}..10, got {short(size)}")
    if len(set(seats)) != n or not all(0 <= s < size for s in seats):
        raise f.fail(key, f"{key} must name {n} different seats of a {size}-seat table, "
                          f"got {short(raw)}")
    return seats, size


def _derived_big_blind(blinds: list[int]) -> Optional[int]:
    """The big blind when no field names it: the largest blind, the later player on a
    tie (a small blind as big as the big blind comes first)."""
    live = [p for p in range(len(blinds)) if blinds[p]]
    return max(live, key=lambda p: (blinds[p], p)) if live else None


def _blind_order(blinds: list[int], bb_player: Optional[int]) -> list[int]:
    """The order blinds are posted in when no field gives it: the small blind (first
    left of the button; the button itself heads-up), the big blind, then the others."""
    n = len(blinds)
    live = [p for p in range(n) if blinds[p]]
    small = n - 1 if n == 2 else 0
    first = [small] if small in live and small != bb_player else []
    return first + ([bb_player] if bb_player is not None else []) + [
        p for p in live if p not in first and p != bb_player]


def _derived_blinds(blinds: list[int], bb_player: Optional[int],
                    f: Optional[_Fields] = None) -> list[int]:
    """The table's (small, big) when no field gives them: the big blind's blind and the
    smallest other blind. A hand without blinds uses the opening bet as its big blind."""
    if bb_player is None:
        opening: Any = (f.get("min_bet") or f.get("small_bet")) if f is not None else None
        return [0, opening if is_int(opening) and opening > 0 else 1]
    others = [b for p, b in enumerate(blinds) if b and p != bb_player]
    return [min(others) if others else 0, blinds[bb_player]]


def _rake(f: _Fields) -> Optional[dict[str, Any]]:
    rake = f.get("_rake")
    if rake is None:
        return None
    if not isinstance(rake, dict) or "percent" not in rake:
        raise f.fail("_rake", f"_rake must be a table with percent (and cap, "
                              f"no_flop_no_drop), got {short(rake)}")
    try:
        return {**rake, "percent": percent_value(rake["percent"])}
    except ValueError as e:
        raise f.fail("_rake", str(e)) from None


def _players(f: _Fields, n: int, seats: list[int], size: int) -> Optional[list[Optional[str]]]:
    names = f.get("players")
    if names is None:
        return None
    if not isinstance(names, list) or len(names) != n or not all(
            isinstance(x, str) for x in names):
        raise f.fail("players", f"players must list {n} names, got {short(names)}")
    by_seat: list[Optional[str]] = [None] * size
    for p, s in enumerate(seats):
        by_seat[s] = names[p] or None      # '' stands for a name not known
    return by_seat


def _extra_fields(table: dict[str, Any]) -> dict[str, Any]:
    """Fields the record does not hold: PHH's own under their names, user fields ``_x``
    as ``x`` (so the WSOP file's ``_source`` is the JSON file's ``source``)."""
    extra = {}
    for key, value in table.items():
        if key in _OWN:
            continue
        if key == "_site" and isinstance(value, str):
            try:        # what a card room recorded, written as JSON (see phh_fields)
                value = json.loads(value)
            except ValueError:
                pass    # a user's own text field: kept as it is
        extra[key[1:] if key.startswith("_") else key] = value
    return extra


def _actions(f: _Fields, n: int, seats: list[int], size: int, n_hole: int) -> tuple[
        list[Optional[str]], str, list[list[Any]], list[str]]:
    holes: list[Optional[str]] = [None] * size
    board = ""
    actions: list[list[Any]] = []
    sources: list[str] = []
    shown = False
    raw_actions = f.get("actions")
    if not isinstance(raw_actions, list):
        raise f.fail("actions", f"actions must be a list of strings, got {short(raw_actions)}")
    for k, raw in enumerate(raw_actions):
        if not isinstance(raw, str) or len(raw) > 200:
            raise f.fail("actions", f"action {k} must be a short string, got {short(raw)}")
        where = f"action {k} {raw!r}"
        words = raw.split("#", 1)[0].split()
        try:
            if words[:2] == ["d", "dh"] and len(words) == 4:
                p = _player(words[2], n)
                if "?" not in words[3]:
                    holes[seats[p]] = format_cards(parse_group(words[3], (n_hole,), "hole"))
                elif words[3] != "??" * n_hole:
                    raise PHHError(f"an unknown hole is written {'??' * n_hole}")
            elif words[:2] == ["d", "db"] and len(words) == 3:
                board += format_cards(parse_group(words[2], (1, 3), "board cards"))
                if len(board) // 2 not in _MARKERS:
                    raise PHHError(f"the board has {len(board) // 2} cards")
                actions.append([_MARKERS[len(board) // 2]])
            elif len(words) >= 2 and words[0].startswith("p"):
                seat = seats[_player(words[0], n)]
                verb = words[1]
                if verb == "f" and len(words) == 2:
                    actions.append([seat, "fold", None])
                elif verb == "cc" and len(words) == 2:
                    actions.append([seat, "check_or_call", None])
                elif verb == "cbr" and len(words) == 3:
                    if not words[2].isdigit() or len(words[2]) > 19:
                        raise PHHError(f"the amount must be a whole number of chips, "
                                       f"got {words[2]!r}")
                    actions.append([seat, "bet_or_raise_to", int(words[2])])
                elif verb == "sm" and len(words) in (2, 3):
                    if not shown:
                        actions.append(["showdown"])
                        shown = True
                    if len(words) == 2 or words[2] == "-" or "?" in words[2]:
                        actions.append([seat, "muck", None])
                    else:
                        cards = format_cards(parse_group(words[2], (n_hole,), "shown hand"))
                        dealt = holes[seat]
                        if dealt is None:
                            holes[seat] = cards
                        elif set(parse_group(dealt, (n_hole,), "hole")) != \
                                set(parse_group(cards, (n_hole,), "shown hand")):
                            raise PHHError(f"shows {cards} but was dealt {dealt}")
                        actions.append([seat, "show", cards])
                else:
                    raise PHHError("not an Omaha action (expected f, cc, cbr AMOUNT or "
                                   "sm [CARDS])")
            else:
                raise PHHError("not an Omaha action (expected 'd dh pN CARDS', "
                               "'d db CARDS' or 'pN ...')")
        except (PHHError, InvalidCardError) as e:
            raise f.fail("actions", f"{where}: {e}") from None
        sources.extend([where] * (len(actions) - len(sources)))
    return holes, board, actions, sources


def _player(word: str, n: int) -> int:
    if not word.startswith("p") or not word[1:].isdigit() or len(word) > 4 or \
            not 1 <= int(word[1:]) <= n:
        raise PHHError(f"no player {word[:12]!r} (players are p1..p{n})")
    return int(word[1:]) - 1


# ------------------------------------------------------------------ writing
_BARE = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f",
            "\r": "\\r"}


def toml_string(text: str) -> str:
    """A TOML basic string that reads back as exactly ``text``.

    >>> print(toml_string('it\\'s "x"\\n'))
    "it's \\"x\\"\\n"
    """
    out = []
    for ch in text:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04X}")
        elif 0xD800 <= ord(ch) <= 0xDFFF:
            raise RecordError(f"cannot write {short(text)} in PHH: a lone surrogate is not "
                              f"text")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def toml_value(v: Any) -> str:
    """A value as TOML (strings escaped; no null: TOML has none)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return toml_string(v)
    if is_int(v):
        return str(v)
    if isinstance(v, float):
        return repr(v) if v == v and abs(v) != float("inf") else \
            ("nan" if v != v else "inf" if v > 0 else "-inf")
    if isinstance(v, Fraction):
        return toml_string(str(percent_text(v)))
    if isinstance(v, (datetime.date, datetime.time)):
        return v.isoformat()
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{toml_key(k)} = {toml_value(x)}" for k, x in v.items()) + "}"
    raise RecordError(f"cannot write {short(v)} in PHH")


def toml_key(key: Any) -> str:
    if not isinstance(key, str):
        raise RecordError(f"cannot write the key {short(key)} in PHH")
    return key if _BARE.fullmatch(key) else toml_string(key)


def phh_fields(record: HandRecord) -> dict[str, Any]:
    """The PHH fields of a record, in the usual order."""
    record.validate()
    n = record.table_size
    seats = [(record.button + k) % n for k in range(1, n + 1)
             if record.stacks[(record.button + k) % n] is not None]
    k = len(seats)
    pos = {seat: p for p, seat in enumerate(seats)}
    antes, blinds, dead = [0] * k, [0] * k, [0] * k
    bb_ante = False
    for seat, kind, amount in record.posts:
        if kind == "blind":
            blinds[pos[seat]] += amount
        else:
            antes[pos[seat]] += amount
            dead[pos[seat]] += amount if kind == "dead" else 0
            bb_ante = bb_ante or kind == "bb_ante"
    big = record.big_blind
    posted = sum(a for s, _, a in record.posts if s == big)
    if big is not None and posted >= (record.stacks[big] or 0):
        # a big blind all-in for less is written as the blind the table asked for: it is
        # still the bet to call (the reader, like pokerkit, posts what the stack holds)
        blinds[pos[big]] = max(blinds[pos[big]], record.blinds[1])
    written = list(reversed(blinds)) if k == 2 else blinds   # PHH: heads-up small first
    f: dict[str, Any] = {"variant": CODES[(record.structure, record.game)],
                         "ante_trimming_status": False, "antes": antes,
                         "blinds_or_straddles": written}
    if record.structure == "fixed-limit":
        f["small_bet"] = record.small_bet
        f["big_bet"] = record.big_bet
    else:
        f["min_bet"] = record.min_bet if record.min_bet is not None else record.blinds[1]
    f["starting_stacks"] = [record.stacks[s] for s in seats]
    f["actions"] = _phh_actions(record, seats, pos, blinds)
    if record.final_stacks is not None and all(record.final_stacks[s] is not None
                                               for s in seats):
        f["finishing_stacks"] = [record.final_stacks[s] for s in seats]
    if record.players is not None and any(record.players[s] for s in seats):
        f["players"] = [record.players[s] or "" for s in seats]
    f["_seats"] = seats
    f["_table_size"] = n
    f["_button"] = record.button
    derived = _derived_big_blind(blinds)
    if big is not None and derived != pos[big]:
        f["_big_blind"] = big
    bb_player = pos[big] if big is not None else derived
    order: list[int] = []
    for seat, kind, _ in record.posts:
        if kind == "blind" and blinds[pos[seat]] and pos[seat] not in order:
            order.append(pos[seat])
    order += [p for p in range(k) if blinds[p] and p not in order]
    if order != _blind_order(blinds, bb_player):
        f["_blind_order"] = [seats[p] for p in order]
    if _derived_blinds(blinds, bb_player, None) != list(record.blinds):
        f["_blinds"] = list(record.blinds)
    if any(dead):
        f["_dead_blinds"] = dead
    ante_part = [a - d for a, d in zip(antes, dead)]
    with_ante = [p for p in range(k) if ante_part[p]]
    if bb_ante != (with_ante == [bb_player] and bb_player is not None):
        f["_big_blind_ante"] = bb_ante
    if record.structure == "fixed-limit":
        if record.cap != 4:
            f["_cap"] = record.cap
        if record.uncap_heads_up:
            f["_uncap_heads_up"] = True
    if record.chip != 1:
        f["_chip"] = record.chip
    if record.odd_chips != "left_of_button":
        f["_odd_chips"] = record.odd_chips
    if record.allow_fold_when_check:
        f["_allow_fold_when_check"] = True
    if record.allow_uncallable_raise:
        f["_allow_uncallable_raise"] = True
    if record.rake is not None:
        f["_rake"] = {key: value for key, value in record.rake.items() if value is not None}
    if record.extra.get("burns"):
        f["_burns"] = record.extra["burns"]
    if record.id:
        f["_id"] = record.id
    for key, value in record.extra.items():
        name = key if key in DOCUMENTED else "_" + key
        if key == "site" and isinstance(value, dict):
            # what a card room recorded (nulls included, which TOML cannot hold): as JSON
            f["_site"] = json.dumps(value, separators=(",", ":"))
            continue
        if key == "burns" or name in _OWN or name in f or not _writable(value):
            continue       # derived, ours, or not expressible in TOML (a null)
        f[name] = value
    return f


def _writable(value: Any) -> bool:
    try:
        toml_value(value)
    except RecordError:
        return False
    return True


def _phh_actions(record: HandRecord, seats: list[int], pos: dict[int, int],
                 blinds: list[int]) -> list[str]:
    acts = []
    n_hole = Game(record.game).hole_cards
    for seat in seats:
        hole = record.holes[seat]
        cards = format_cards(parse_group(hole, (n_hole,), "hole")) if hole else "??" * n_hole
        acts.append(f"d dh p{pos[seat] + 1} {cards}")
    board = format_cards(parse_group(record.board or "", (0, 3, 4, 5), "board"))
    dealt = [0]            # board characters dealt so far
    street_ends = {"flop": 6, "turn": 8, "river": 10}

    def deal(upto: int) -> None:
        for end in (6, 8, 10):
            if dealt[0] < end <= min(upto, len(board)):
                acts.append(f"d db {board[dealt[0]:end]}")
                dealt[0] = end

    bets = {seat: 0 for seat in seats}
    for seat, amount in zip(seats, blinds):
        bets[seat] = amount
    current = max(blinds) if blinds else 0
    for entry in record.actions:
        if len(entry) == 1:
            marker = entry[0]
            deal(street_ends.get(marker, 10))
            if marker != "showdown":
                bets = {seat: 0 for seat in seats}
                current = 0
            continue
        seat, verb, amount = entry
        p = f"p{pos[seat] + 1}"
        if verb in ("show", "muck"):
            deal(10)
            acts.append(f"{p} sm {format_cards(parse_group(amount, (n_hole,), 'shown hand'))}"
                        if verb == "show" else f"{p} sm")
        elif verb == "fold":
            acts.append(f"{p} f")
        elif verb in ("check", "call", "check_or_call") or verb == "all_in" and \
                amount is not None and amount <= current:
            acts.append(f"{p} cc")
            bets[seat] = max(bets[seat], current)
        else:
            acts.append(f"{p} cbr {amount}")
            bets[seat] = amount
            current = max(current, amount)
    deal(10)
    return acts


def dump_hand(hand: Union[Hand, HandRecord], name: Optional[str] = None) -> str:
    """A hand (or a record) as PHH text: top-level keys, or a ``[name]`` table for a
    ``.phhs`` file."""
    record = hand if isinstance(hand, HandRecord) else HandRecord.from_hand(hand)
    lines = [f"[{toml_key(name)}]"] if name is not None else []
    lines.extend(f"{toml_key(k)} = {toml_value(v)}" for k, v in phh_fields(record).items())
    return "\n".join(lines) + "\n"


def dump_phhs(hands: list[Union[Hand, HandRecord]]) -> str:
    """Several hands as one ``.phhs`` text, tables ``[1]``, ``[2]``, ..."""
    return "\n".join(dump_hand(h, str(i)) for i, h in enumerate(hands, 1))


def hand_fields(hand: Hand) -> dict[str, Any]:
    """The PHH fields of a hand played by the engine."""
    return phh_fields(HandRecord.from_hand(hand))


def _example_hand() -> Hand:
    from ..game.structures import FixedLimit
    from ..game.table import Table
    t = Table(structure=FixedLimit(10, 20), seats=2, stacks=[100, 100], seed=3)
    h = t.start_hand()
    h.fold()
    return h


__all__ = ["load_phh", "dump_hand", "dump_phhs", "hand_fields", "phh_fields", "PHHError",
           "VARIANTS", "toml_string", "toml_value"]
