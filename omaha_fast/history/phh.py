"""PHH hand histories: reading them into hand records, and writing hands as PHH.

PHH (the poker hand history format pokerkit reads and writes) is TOML: one table per hand
in ``.phhs`` files, or top-level keys in a single ``.phh`` hand. Players are listed from
the first seat left of the button to the button. Omaha variants: ``FO/8`` (fixed-limit
Omaha hi-lo) and ``PO`` (pot-limit Omaha) are PHH's own codes; ``FO``, ``PO/8``, ``NO``
and ``NO/8`` are this package's extensions for the other combinations.

>>> text = dump_hand(_example_hand())
>>> print(text.splitlines()[0])
variant = 'FO/8'
>>> [r.final_stacks for r in load_phh(text)]
[[95, 105]]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from ..cards import format_cards, parse_group
from ..errors import InvalidCardError
from .record import HandRecord, RecordError
from .toml_subset import Table, TomlError, parse

if TYPE_CHECKING:
    from ..game.hand import Hand

# variant code -> (structure, game)
VARIANTS = {"FO/8": ("fixed-limit", "hilo"), "PO": ("pot-limit", "high"),
            "FO": ("fixed-limit", "high"), "PO/8": ("pot-limit", "hilo"),
            "NO": ("no-limit", "high"), "NO/8": ("no-limit", "hilo")}
CODES = {v: k for k, v in VARIANTS.items()}
_MARKERS = {3: "flop", 4: "turn", 5: "river"}


class PHHError(RecordError):
    """A PHH text cannot be read as an Omaha hand; the message names the line."""


# ------------------------------------------------------------------ reading
def load_phh(text: str, origin: str = "<phh>") -> list[HandRecord]:
    """Every hand in a PHH text (``.phh`` or ``.phhs``), as hand records."""
    try:
        tables = parse(text)
    except TomlError as e:
        raise PHHError(f"{origin}: {e}") from None
    top = tables.pop("")
    hands = [(name, t) for name, t in tables.items()]
    if "variant" in top:
        if hands:
            raise PHHError(f"{origin}: line {top.lines['variant']}: a file holds either one "
                           f"hand at the top level or hands in tables, not both")
        hands = [("", top)]
    if not hands:
        raise PHHError(f"{origin}: no hand found (no 'variant' key)")
    return [_record(name, t, origin) for name, t in hands]


def _record(name: str, t: Table, origin: str) -> HandRecord:
    def fail(key: Optional[str], message: str) -> PHHError:
        line = t.lines.get(key, t.line) if key else t.line
        label = f"[{name}] " if name else ""
        return PHHError(f"{origin}: line {line}: {label}{message}")

    for key in ("variant", "starting_stacks", "actions", "antes", "blinds_or_straddles"):
        if key not in t:
            raise fail(None, f"missing field {key!r}")
    variant = t["variant"]
    if variant not in VARIANTS:
        raise fail("variant", f"unsupported variant {variant!r} (Omaha variants: "
                              f"{', '.join(sorted(VARIANTS))})")
    structure, game = VARIANTS[variant]
    stacks = t["starting_stacks"]
    n = len(stacks) if isinstance(stacks, list) else 0
    if not 2 <= n <= 10 or not all(_chips(s) for s in stacks):
        raise fail("starting_stacks", "starting_stacks must list 2 to 10 chip counts")
    for key in ("antes", "blinds_or_straddles"):
        if not isinstance(t[key], list) or len(t[key]) != n or not all(_chips(x, 0)
                                                                         for x in t[key]):
            raise fail(key, f"{key} must list {n} chip amounts, one per player")
    size = t.get("_table_size", n)
    seats = t.get("_seats", list(range(n)))
    if not isinstance(seats, list) or len(seats) != n or len(set(seats)) != n or not all(
            isinstance(s, int) and 0 <= s < size for s in seats):
        raise fail("_seats", f"_seats must name {n} different seats of a {size}-seat table")
    button = t.get("_button", seats[-1])
    if isinstance(button, bool) or not isinstance(button, int) or not 0 <= button < size:
        raise fail("_button", f"_button must be a seat number of the {size}-seat table")
    blinds = list(t["blinds_or_straddles"])
    if n == 2:
        blinds.reverse()    # heads-up the button (the second player) posts the small blind
    posts: list[list[Any]] = []
    antes = t["antes"]
    live = [b for b in blinds if b]
    big = max(live) if live else 0
    bb_player = max(range(n), key=lambda p: (blinds[p], p)) if live else None
    dead = [p for p in range(n) if antes[p]]
    if len(dead) == 1 and dead[0] == bb_player:
        posts.append([seats[bb_player], "bb_ante", antes[bb_player]])
    else:
        posts.extend([seats[p], "ante", antes[p]] for p in dead)
    order = sorted(range(n), key=lambda p: blinds[p])
    posts.extend([seats[p], "blind", blinds[p]] for p in order if blinds[p])
    others = [b for p, b in enumerate(blinds) if b and p != bb_player]
    stacks_by_seat: list[Optional[int]] = [None] * size
    for p, s in enumerate(seats):
        stacks_by_seat[s] = stacks[p]
    holes: list[Optional[str]] = [None] * size
    board = ""
    actions: list[list[Any]] = []
    sources: list[str] = []
    shown = False
    for k, raw in enumerate(t["actions"] if isinstance(t["actions"], list) else [None]):
        if not isinstance(raw, str):
            raise fail("actions", f"actions must be a list of strings, got {raw!r}")
        where = f"action {k} {raw!r}"
        words = raw.split("#", 1)[0].split()
        try:
            if words[:2] == ["d", "dh"] and len(words) == 4:
                p = _player(words[2], n)
                if "?" not in words[3]:
                    holes[seats[p]] = format_cards(parse_group(words[3], (4,), "hole"))
                elif len(words[3]) != 8:
                    raise PHHError("an unknown hole is written ????????")
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
                    amount = int(words[2])
                    actions.append([seat, "bet_or_raise_to", amount])
                elif verb == "sm" and len(words) in (2, 3):
                    if not shown:
                        actions.append(["showdown"])
                        shown = True
                    if len(words) == 2 or words[2] == "-" or "?" in words[2]:
                        actions.append([seat, "muck", None])
                    else:
                        cards = format_cards(parse_group(words[2], (4,), "shown hand"))
                        dealt = holes[seat]
                        if dealt is None:
                            holes[seat] = cards
                        elif set(parse_group(dealt, (4,), "hole")) != \
                                set(parse_group(cards, (4,), "shown hand")):
                            raise PHHError(f"shows {cards} but was dealt {dealt}")
                        actions.append([seat, "show", cards])
                else:
                    raise PHHError("not an Omaha action (expected f, cc, cbr AMOUNT or "
                                   "sm [CARDS])")
            else:
                raise PHHError("not an Omaha action (expected 'd dh pN CARDS', "
                               "'d db CARDS' or 'pN ...')")
        except (PHHError, InvalidCardError, ValueError) as e:
            raise fail("actions", f"{where}: {e}") from None
        sources.extend([where] * (len(actions) - len(sources)))
    if structure == "fixed-limit":
        for key in ("small_bet", "big_bet"):
            if not _chips(t.get(key), 1):
                raise fail(None if key not in t else key, f"{variant} needs {key}")
    elif "min_bet" in t and not _chips(t["min_bet"], 1):
        raise fail("min_bet", "min_bet must be a positive chip amount")
    finishing = t.get("finishing_stacks")
    final: Optional[list[Optional[int]]] = None
    if finishing is not None:
        if not isinstance(finishing, list) or len(finishing) != n:
            raise fail("finishing_stacks", f"finishing_stacks must list {n} chip counts")
        final = [None] * size
        for p, s in enumerate(seats):
            final[s] = finishing[p]
    known = {"variant", "starting_stacks", "actions", "antes", "blinds_or_straddles",
             "small_bet", "big_bet", "min_bet", "finishing_stacks", "_seats", "_table_size",
             "_button", "_id", "_chip", "_odd_chips", "ante_trimming_status", "_burns"}
    extra = {k: v for k, v in t.items() if k not in known}
    if "_burns" in t:
        extra["burns"] = t["_burns"]
    record = HandRecord(
        game=game, structure=structure, blinds=[min(others) if others else 0, big],
        seats=size, button=button, stacks=stacks_by_seat, posts=posts, holes=holes,
        board=board, actions=actions, final_stacks=final, small_bet=t.get("small_bet"),
        big_bet=t.get("big_bet"), min_bet=t.get("min_bet"), chip=t.get("_chip", 1),
        odd_chips=t.get("_odd_chips", "left_of_button"),
        id=t.get("_id", name or None), origin=f"{origin} line {t.lines['actions']}",
        extra=extra, sources=sources)
    return record


def _chips(value: Any, least: int = 0) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


def _player(word: str, n: int) -> int:
    if not word.startswith("p") or not word[1:].isdigit() or not 1 <= int(word[1:]) <= n:
        raise PHHError(f"no player {word!r} (players are p1..p{n})")
    return int(word[1:]) - 1


# ------------------------------------------------------------------ writing
def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return "'''" + v + "'''" if "'" in v else "'" + v + "'"
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, (int, float)):
        return repr(v)
    raise ValueError(f"cannot write {v!r} in PHH")


def hand_fields(hand: Hand) -> dict[str, Any]:
    """The PHH fields of a hand, in the usual order."""
    rules = hand.rules
    s = rules.structure
    seats = list(hand.seats)
    n = len(seats)
    pos = {seat: p for p, seat in enumerate(seats)}
    antes = [0] * n
    blinds = [0] * n
    for post in hand.posts:
        if post.kind == "blind":
            blinds[pos[post.seat]] += post.amount
        else:
            antes[pos[post.seat]] += post.amount
    if n == 2:
        blinds.reverse()   # PHH lists the heads-up blinds small first
    f: dict[str, Any] = {"variant": CODES[(s.name, rules.game)],
                         "ante_trimming_status": False, "antes": antes,
                         "blinds_or_straddles": blinds}
    if s.name == "fixed-limit":
        f["small_bet"] = s.small_bet  # type: ignore[union-attr]
        f["big_bet"] = s.big_bet      # type: ignore[union-attr]
    else:
        f["min_bet"] = rules.min_bet
    f["starting_stacks"] = [hand.starting_stacks[seat] for seat in seats]
    acts = []
    for seat in seats:
        cards = format_cards(hand.hole(seat)) if hand.hole_known(seat) else "????????"
        acts.append(f"d dh p{pos[seat] + 1} {cards}")
    board = format_cards(hand.board)
    dealt = 0
    cuts = (6, 8, 10)

    def deal_to(street: int) -> None:
        nonlocal dealt
        while dealt < street and len(board) >= cuts[dealt]:
            acts.append(f"d db {board[(0, 6, 8)[dealt]:cuts[dealt]]}")
            dealt += 1

    for a in hand.actions:
        deal_to(a.street)
        p = f"p{pos[a.seat] + 1}"
        if a.kind == "fold":
            acts.append(f"{p} f")
        elif a.kind in ("check", "call"):
            acts.append(f"{p} cc")
        else:
            acts.append(f"{p} cbr {a.to}")
    deal_to(3)
    for seat in hand.shown:
        acts.append(f"p{pos[seat] + 1} sm {format_cards(hand.hole(seat))}")
    for seat in hand.mucked:
        acts.append(f"p{pos[seat] + 1} sm")
    f["actions"] = acts
    if hand.finished:
        f["finishing_stacks"] = [hand.stacks[seat] for seat in seats]
    f["_seats"] = seats
    f["_table_size"] = hand.setup.table_size
    f["_button"] = hand.button
    if hand.burns:
        f["_burns"] = format_cards(hand.burns)
    if rules.chip != 1:
        f["_chip"] = rules.chip
    if rules.odd_chips != "left_of_button":
        f["_odd_chips"] = rules.odd_chips
    if hand.setup.hand_id:
        f["_id"] = hand.setup.hand_id
    return f


def dump_hand(hand: Hand, name: Optional[str] = None) -> str:
    """A hand as PHH text: top-level keys, or a ``[name]`` table for a ``.phhs`` file."""
    lines = [f"[{name}]"] if name is not None else []
    lines.extend(f"{k} = {_value(v)}" for k, v in hand_fields(hand).items())
    return "\n".join(lines) + "\n"


def dump_phhs(hands: list[Hand]) -> str:
    """Several hands as one ``.phhs`` text, tables ``[1]``, ``[2]``, ..."""
    return "\n".join(dump_hand(h, str(i)) for i, h in enumerate(hands, 1))


def _example_hand() -> Hand:
    from ..game.structures import FixedLimit
    from ..game.table import Table
    t = Table(structure=FixedLimit(10, 20), seats=2, stacks=[100, 100], seed=3)
    h = t.start_hand()
    h.fold()
    return h


__all__ = ["load_phh", "dump_hand", "dump_phhs", "hand_fields", "PHHError", "VARIANTS"]
