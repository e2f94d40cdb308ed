"""The hand record: everything needed to replay a hand, and its JSON form.

The JSON form is the project's neutral hand format (the one the WSOP sample in the shared
data uses): arrays by seat, action verbs ``fold``, ``check``, ``call`` (chips added),
``bet``/``raise_to``/``all_in`` (street total), street markers and showdown entries.
Records read from PHH may also hold the generic verbs ``check_or_call`` and
``bet_or_raise_to``; the replay resolves them against the engine.

>>> from omaha_fast.game import Table, FixedLimit
>>> t = Table(structure=FixedLimit(10, 20), seats=2, stacks=[100, 100], seed=3)
>>> h = t.start_hand()
>>> _ = h.fold()
>>> r = HandRecord.from_hand(h)
>>> r.final_stacks, r.actions
([95, 105], [[0, 'fold', None]])
>>> HandRecord.from_json(r.to_json()) == r
True
"""

from __future__ import annotations

import datetime
import json
import warnings
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Optional

from ..cards import format_cards
from ..errors import InvalidValueError
from ..game.rules import GAMES, Rake, Rules, odd_chip_rule
from ..game.structures import FixedLimit, NoLimit, PotLimit, Structure
from .checks import (
    MAX_DEPTH,
    chips_problem,
    depth,
    is_int,
    one_line,
    percent_text,
    percent_value,
    seat_problem,
    short,
    text_problem,
)

if TYPE_CHECKING:
    from ..game.hand import Hand

STREET_MARKERS = ("flop", "turn", "river", "showdown")
VERBS = ("fold", "check", "call", "bet", "raise_to", "all_in", "check_or_call",
         "bet_or_raise_to", "show", "muck")
POST_KINDS = ("ante", "bb_ante", "dead", "blind")
STRUCTURES = ("fixed-limit", "pot-limit", "no-limit")
_VARIANT_TEXT = {("fixed-limit", "hilo"): "fixed-limit Omaha hi-lo 8 or better",
                 ("pot-limit", "hilo"): "pot-limit Omaha hi-lo 8 or better",
                 ("no-limit", "hilo"): "no-limit Omaha hi-lo 8 or better",
                 ("fixed-limit", "high"): "fixed-limit Omaha",
                 ("pot-limit", "high"): "pot-limit Omaha",
                 ("no-limit", "high"): "no-limit Omaha"}
_VARIANT_TEXT.update({  # five and six hole cards
    (structure, game): f"{structure} {name}"
    for structure in ("fixed-limit", "pot-limit", "no-limit")
    for game, name in (("bigo", "Big O (five-card Omaha hi-lo 8 or better)"),
                       ("omaha5", "five-card Omaha"), ("omaha6", "six-card Omaha"))})
_RAKE_KEYS = ("percent", "cap", "no_flop_no_drop")


class RecordError(InvalidValueError):
    """A hand record is incomplete or inconsistent; the message names the hand and where."""


@dataclass
class HandRecord:
    """One hand as data. Lists are by table seat; ``None`` marks a seat not in the hand
    (in ``stacks``) or cards nobody saw (in ``holes``).

    ``posts`` lists the forced bets as [seat, kind, amount] with kind ante, bb_ante (dead
    money for the table), dead (a dead small blind) or blind (live). ``actions`` holds
    [seat, verb, amount] entries and [street] markers, as in the JSON format. ``blinds``
    are the table's (small, big): the big blind is the bet to call preflop even when the
    big blind's seat could post less. ``players`` holds names by seat when known.
    ``allow_fold_when_check`` and ``allow_uncallable_raise`` are the table settings of
    those names (the card rooms' rules). ``table_size`` is the number of seats at the
    table (files written before it was named so say ``seats``; both are read).
    """

    game: str
    structure: str
    blinds: list[int]
    table_size: int
    button: int
    stacks: list[Optional[int]]
    posts: list[list[Any]]
    holes: list[Optional[str]]
    board: str
    actions: list[list[Any]]
    final_stacks: Optional[list[Optional[int]]] = None
    small_bet: Optional[int] = None
    big_bet: Optional[int] = None
    cap: int = 4
    uncap_heads_up: bool = False
    min_bet: Optional[int] = None
    chip: int = 1
    odd_chips: str = "left_of_button"
    rake: Optional[dict[str, Any]] = None
    big_blind: Optional[int] = None
    allow_fold_when_check: bool = False
    allow_uncallable_raise: bool = False
    id: Optional[str] = None
    players: Optional[list[Optional[str]]] = None
    origin: str = field(default="", compare=False)
    # where each action came from in the source file, for messages (PHH: its own index)
    sources: Optional[list[str]] = field(default=None, compare=False, repr=False)
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def seats(self) -> int:
        """Deprecated: the table size, now :attr:`table_size`."""
        warnings.warn("HandRecord.seats is deprecated: use HandRecord.table_size",
                      DeprecationWarning, stacklevel=2)
        return self.table_size

    @classmethod
    def from_hand(cls, hand: Hand) -> HandRecord:
        """The record of a hand played by the engine (finished or not)."""
        return _record_of(hand)

    # ------------------------------------------------------------- rules
    def make_structure(self) -> Structure:
        """The betting structure the record names."""
        if self.structure == "fixed-limit":
            if self.small_bet is None or self.big_bet is None:
                raise RecordError(f"{self.where()}fixed-limit needs small_bet and big_bet")
            return FixedLimit(self.small_bet, self.big_bet, cap=self.cap,
                              uncap_heads_up=self.uncap_heads_up)
        if self.structure == "pot-limit":
            return PotLimit(min_bet=self.min_bet)
        if self.structure == "no-limit":
            return NoLimit(min_bet=self.min_bet)
        raise RecordError(f"{self.where()}unknown structure {short(self.structure)} "
                          f"(expected fixed-limit, pot-limit or no-limit)")

    def make_rules(self) -> Rules:
        """The rules to replay the hand under."""
        self.validate()
        try:
            rake = None
            if self.rake:
                rake = Rake(**{**self.rake, "percent": percent_value(self.rake["percent"])})
            return Rules(structure=self.make_structure(), game=self.game,
                         blinds=(self.blinds[0], self.blinds[1]), chip=self.chip,
                         odd_chips=self.odd_chips, rake=rake,
                         allow_fold_when_check=self.allow_fold_when_check,
                         allow_uncallable_raise=self.allow_uncallable_raise)
        except (ValueError, TypeError) as e:
            if isinstance(e, RecordError):
                raise
            raise RecordError(f"{self.where()}{e}") from None

    def where(self) -> str:
        """Prefix for messages: the origin and id of the record."""
        parts = [one_line(p) for p in (self.origin, self.id) if p and isinstance(p, str)]
        return (": ".join(parts) + ": ") if parts else ""

    # ------------------------------------------------------------- checks
    def validate(self) -> None:
        """Check the type, range and length of every field; raise RecordError naming the
        hand, the field and the problem.

        >>> r = HandRecord(game="hilo", structure="no-limit", blinds=[1, 2], table_size=2,
        ...                button="0", stacks=[10, 10], posts=[], holes=[None, None],
        ...                board="", actions=[], id="h1")
        >>> r.validate()
        Traceback (most recent call last):
        ...
        omaha_fast.history.record.RecordError: h1: button must be a seat number 0..1, got '0'
        """
        def fail(name: str, problem: str) -> RecordError:
            return RecordError(f"{self.where()}{name} {problem}")

        def check(name: str, problem: Optional[str]) -> None:
            if problem:
                raise fail(name, problem)

        if self.id is not None:
            check("id", text_problem(self.id))
        if self.game not in GAMES:
            raise fail("game", f"must be one of {', '.join(GAMES)}, got {short(self.game)}")
        if self.structure not in STRUCTURES:
            raise fail("structure", f"must be one of {', '.join(STRUCTURES)}, "
                                    f"got {short(self.structure)}")
        n = self.table_size
        if not is_int(n) or not 2 <= n <= 10:
            raise fail("table_size", f"must be a table size 2..10, got {short(n)}")
        if not isinstance(self.blinds, list) or len(self.blinds) != 2:
            raise fail("blinds", f"must be [small, big], got {short(self.blinds)}")
        for name, value in zip(("small blind", "big blind"), self.blinds):
            check(f"blinds ({name})", chips_problem(value))
        check("button", seat_problem(self.button, n))
        for name in ("stacks", "holes"):
            value = getattr(self, name)
            if not isinstance(value, list) or len(value) != n:
                raise fail(name, f"must be a list of {n} entries (one per seat), "
                                 f"got {short(value)}")
        for seat, stack in enumerate(self.stacks):
            if stack is not None:
                check(f"stacks (seat {seat})", chips_problem(stack, 1))
        if sum(s is not None for s in self.stacks) < 2:
            raise fail("stacks", "must seat at least two players")
        for seat, hole in enumerate(self.holes):
            if hole is not None:
                check(f"holes (seat {seat})", text_problem(hole))
        check("board", text_problem(self.board))
        self._check_posts(fail)
        self._check_actions(fail)
        if self.final_stacks is not None:
            if not isinstance(self.final_stacks, list) or len(self.final_stacks) != n:
                raise fail("final_stacks", f"must be a list of {n} entries, "
                                           f"got {short(self.final_stacks)}")
            for seat, stack in enumerate(self.final_stacks):
                if stack is not None:
                    check(f"final_stacks (seat {seat})", chips_problem(stack))
                    if self.stacks[seat] is None:
                        raise fail("final_stacks", f"give seat {seat} a stack but it is not "
                                                   f"in the hand")
        for name in ("small_bet", "big_bet", "min_bet"):
            value = getattr(self, name)
            if value is not None or name != "min_bet" and self.structure == "fixed-limit":
                check(name, chips_problem(value, 1))
        if not is_int(self.cap) or not 1 <= self.cap <= 1000:
            raise fail("cap", f"must be a number of bets 1..1000, got {short(self.cap)}")
        if not isinstance(self.uncap_heads_up, bool):
            raise fail("uncap_heads_up", f"must be true or false, "
                                         f"got {short(self.uncap_heads_up)}")
        for flag in ("allow_fold_when_check", "allow_uncallable_raise"):
            if not isinstance(getattr(self, flag), bool):
                raise fail(flag, f"must be true or false, got {short(getattr(self, flag))}")
        check("chip", chips_problem(self.chip, 1))
        check("odd_chips", text_problem(self.odd_chips))
        try:
            odd_chip_rule(self.odd_chips)
        except ValueError as e:
            raise RecordError(f"{self.where()}{e}") from None
        self._check_rake(fail)
        if self.big_blind is not None:
            check("big_blind", seat_problem(self.big_blind, n))
            if self.stacks[self.big_blind] is None:
                raise fail("big_blind", f"names seat {self.big_blind}, which is not in the "
                                        f"hand")
        if self.players is not None:
            if not isinstance(self.players, list) or len(self.players) != n:
                raise fail("players", f"must be a list of {n} names or nulls, "
                                      f"got {short(self.players)}")
            for seat, player in enumerate(self.players):
                if player is not None:
                    check(f"players (seat {seat})", text_problem(player))
        forfeits = self.extra.get("forfeits") if isinstance(self.extra, dict) else None
        if forfeits is not None:
            if not isinstance(forfeits, list) or any(
                    seat_problem(s, n) or self.stacks[s] is None for s in forfeits):
                raise fail("forfeits", f"must be a list of seats in the hand, "
                                       f"got {short(forfeits)}")
        if isinstance(self.extra, dict) and self.extra.get("burns") is not None:
            check("burns", text_problem(self.extra["burns"]))
        if not isinstance(self.extra, dict) or depth(self.extra) > MAX_DEPTH:
            raise fail("extra fields", f"must be a mapping nested at most {MAX_DEPTH} deep")

    def _check_posts(self, fail: Any) -> None:
        if not isinstance(self.posts, list):
            raise fail("posts", f"must be a list of [seat, kind, amount], "
                                f"got {short(self.posts)}")
        for k, post in enumerate(self.posts):
            if not isinstance(post, list) or len(post) != 3:
                raise fail(f"posts[{k}]", f"must be [seat, kind, amount], got {short(post)}")
            seat, kind, amount = post
            problem = seat_problem(seat, self.table_size)
            if problem:
                raise fail(f"posts[{k}] seat", problem)
            if self.stacks[seat] is None:
                raise fail(f"posts[{k}]", f"seat {seat} posts but is not in the hand")
            if kind not in POST_KINDS:
                raise fail(f"posts[{k}] kind", f"must be one of {', '.join(POST_KINDS)}, "
                                               f"got {short(kind)}")
            problem = chips_problem(amount)
            if problem:
                raise fail(f"posts[{k}] amount", problem)

    def _check_actions(self, fail: Any) -> None:
        if not isinstance(self.actions, list):
            raise fail("actions", f"must be a list, got {short(self.actions)}")
        for k, entry in enumerate(self.actions):
            if not isinstance(entry, list) or len(entry) not in (1, 3):
                raise fail(f"actions[{k}]", f"must be [street] or [seat, verb, amount], "
                                            f"got {short(entry)}")
            if len(entry) == 1:
                if entry[0] not in STREET_MARKERS:
                    raise fail(f"actions[{k}]", f"must be a street marker "
                                                f"({', '.join(STREET_MARKERS)}), "
                                                f"got {short(entry[0])}")
                continue
            seat, verb, amount = entry
            problem = seat_problem(seat, self.table_size)
            if problem:
                raise fail(f"actions[{k}] seat", problem)
            if self.stacks[seat] is None:
                raise fail(f"actions[{k}]", f"seat {seat} acts but is not in the hand")
            if verb not in VERBS:
                raise fail(f"actions[{k}] verb", f"must be one of {', '.join(VERBS)}, "
                                                 f"got {short(verb)}")
            if verb == "show":
                problem = text_problem(amount)
            elif verb in ("fold", "check", "check_or_call", "muck"):
                problem = None if amount is None or verb == "check_or_call" and \
                    chips_problem(amount) is None else f"must be null, got {short(amount)}"
            else:
                problem = (chips_problem(amount) if amount is not None or verb != "call"
                           else None)
            if problem:
                raise fail(f"actions[{k}] amount", problem)

    def _check_rake(self, fail: Any) -> None:
        rake = self.rake
        if rake is None:
            return
        if not isinstance(rake, dict) or "percent" not in rake or \
                not set(rake) <= set(_RAKE_KEYS):
            raise fail("rake", f"must be null or a mapping with percent (and cap, "
                               f"no_flop_no_drop), got {short(rake)}")
        try:
            percent_value(rake["percent"])
        except ValueError as e:
            raise fail("rake", str(e)) from None
        if rake.get("cap") is not None:
            problem = chips_problem(rake["cap"])
            if problem:
                raise fail("rake cap", problem)
        if not isinstance(rake.get("no_flop_no_drop", True), bool):
            raise fail("rake no_flop_no_drop", f"must be true or false, "
                                               f"got {short(rake['no_flop_no_drop'])}")

    # ------------------------------------------------------------- JSON
    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready dictionary (the neutral format, with the exact posts)."""
        d: dict[str, Any] = {"id": self.id, "game": self.game, "structure": self.structure,
                             "variant": _VARIANT_TEXT.get((self.structure, self.game))}
        for key in ("small_bet", "big_bet", "cap", "uncap_heads_up", "min_bet", "blinds"):
            d[key] = getattr(self, key)
        n = self.table_size
        blind_posts = [0] * n
        ante_posts = [0] * n
        kinds = set()
        for seat, kind, amount in self.posts:
            if kind == "blind":
                blind_posts[seat] += amount
            else:
                ante_posts[seat] += amount
                kinds.add(kind)
        d["blind_posts"] = blind_posts
        if not kinds:
            d["antes"] = {"kind": "none", "amount": 0}
        elif kinds == {"bb_ante"}:
            seat = next(s for s, k, _ in self.posts if k == "bb_ante")
            d["antes"] = {"kind": "big-blind-ante", "amount": ante_posts[seat], "seat": seat,
                          "posted": ante_posts}
        else:
            d["antes"] = {"kind": "dead", "amount": max(ante_posts), "posted": ante_posts}
        d["posts"] = [list(p) for p in self.posts]
        rake = None
        if self.rake is not None:   # a Fraction percent is written "p/q" to read back exactly
            rake = {**self.rake, "percent": percent_text(self.rake["percent"])}
        d.update(table_size=n, button=self.button, big_blind=self.big_blind, stacks=self.stacks,
                 holes=self.holes, board=self.board, actions=self.actions,
                 final_stacks=self.final_stacks, chip=self.chip, odd_chips=self.odd_chips,
                 rake=rake)
        for flag in ("allow_fold_when_check", "allow_uncallable_raise"):
            if getattr(self, flag):       # written only when on: older readers never see it
                d[flag] = True
        if self.players is not None:
            d["players"] = self.players
        if self.final_stacks is not None:
            d["net"] = [None if a is None or b is None else b - a
                        for a, b in zip(self.stacks, self.final_stacks)]
        d.update({k: v for k, v in self.extra.items() if k not in d})
        return d

    def to_json(self) -> str:
        """One line of JSON."""
        return json.dumps(self.to_dict(), default=_json_value)

    @classmethod
    def from_dict(cls, d: dict[str, Any], origin: str = "") -> HandRecord:
        """Read the neutral JSON format (the project's own, or the shared data's)."""
        where = f"{origin}: " if origin else ""
        if not isinstance(d, dict):
            raise RecordError(f"{where}a hand must be a JSON object, got {short(d)}")
        hand_id = d.get("id")
        if is_int(hand_id):
            hand_id = str(hand_id)
        if hand_id is not None:
            if text_problem(hand_id):
                raise RecordError(f"{where}id {text_problem(hand_id)}")
            where = f"{where}{hand_id}: "
        # the table size is "table_size", or "seats" in files written before that name
        size_key = "table_size" if "table_size" in d or "seats" not in d else "seats"
        required = ("game", "structure", "blinds", size_key, "button", "stacks", "holes",
                    "board", "actions")
        missing = [k for k in required if k not in d]
        if missing:
            raise RecordError(f"{where}missing field(s): {', '.join(missing)}")
        n = d[size_key]
        if not is_int(n) or not 2 <= n <= 10:
            raise RecordError(f"{where}{size_key} must be a table size 2..10, got {short(n)}")
        if "seats" in d and "table_size" in d and d["seats"] != n:
            raise RecordError(f"{where}seats ({short(d['seats'])}) and table_size ({n}) "
                              f"disagree")
        for key in ("stacks", "holes"):
            if not isinstance(d[key], list) or len(d[key]) != n:
                raise RecordError(f"{where}{key} must be a list of {n} entries, "
                                  f"got {short(d[key])}")
        posts = d.get("posts")
        if posts is None:
            posts = _posts_from_neutral(d, n, where)
        for key, value in (("posts", posts), ("actions", d["actions"])):
            if not isinstance(value, list) or not all(isinstance(x, list) for x in value):
                raise RecordError(f"{where}{key} must be a list of lists, got {short(value)}")
        known = {f for f in cls.__dataclass_fields__
                 if f not in ("extra", "origin", "sources")}
        derived = {"variant", "blind_posts", "antes", "net", "posts", "seats"}
        kwargs = {k: v for k, v in d.items() if k in known}
        kwargs["table_size"] = n
        kwargs["id"] = hand_id
        kwargs["posts"] = [list(p) for p in posts]
        kwargs["board"] = d["board"] or ""
        kwargs["actions"] = [list(a) for a in d["actions"]]
        extra = {k: v for k, v in d.items() if k not in known and k not in derived}
        rec = cls(**kwargs, origin=origin, extra=extra)
        rec.validate()
        return rec

    @classmethod
    def from_json(cls, text: str, origin: str = "") -> HandRecord:
        """Read one hand from a JSON text."""
        return cls.from_dict(parse_json(text, origin), origin)


def parse_json(text: str, origin: str = "") -> Any:
    """``json.loads`` whose every failure is a RecordError naming the origin."""
    where = f"{origin}: " if origin else ""
    try:
        return json.loads(text)
    except RecursionError:
        raise RecordError(f"{where}invalid JSON: nested too deeply") from None
    except ValueError as e:   # a decoding error, or an integer of too many digits
        raise RecordError(f"{where}invalid JSON: {e}") from None


def _json_value(value: Any) -> Any:
    """JSON for values other formats bring in: times and dates (PHH) as ISO text."""
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, Fraction):
        return percent_text(value)
    raise TypeError(f"cannot write {short(value)} in JSON")


def _posts_from_neutral(d: dict[str, Any], n: int, where: str) -> list[list[Any]]:
    """Posts from ``antes`` and ``blind_posts`` (the shared data's format)."""
    posts: list[list[Any]] = []
    antes = d.get("antes") or {"kind": "none"}
    if not isinstance(antes, dict):
        raise RecordError(f"{where}antes must be an object with a kind, got {short(antes)}")
    kind = antes.get("kind", "none")
    posted = antes.get("posted")
    if posted is None:
        posted = [antes.get("amount", 0)] * n
    if not isinstance(posted, list) or len(posted) != n or \
            any(chips_problem(a) for a in posted):
        raise RecordError(f"{where}antes: posted (or amount) must give {n} chip amounts, "
                          f"got {short(posted)}")
    if kind == "big-blind-ante":
        seat: Any = antes.get("seat")
        if seat_problem(seat, n):
            raise RecordError(f"{where}antes: seat {seat_problem(seat, n)}")
        posts.append([seat, "bb_ante", posted[seat]])
    elif kind in ("ante", "dead"):
        posts.extend([s, "ante", a] for s, a in enumerate(posted) if a)
    elif kind != "none":
        raise RecordError(f"{where}antes: unknown kind {short(kind)} (expected none, ante, "
                          f"dead or big-blind-ante)")
    blind_posts = d.get("blind_posts")
    if blind_posts is None:
        raise RecordError(f"{where}missing field: blind_posts (or posts)")
    if not isinstance(blind_posts, list) or len(blind_posts) != n or \
            any(chips_problem(a) for a in blind_posts):
        raise RecordError(f"{where}blind_posts must be a list of {n} chip amounts, "
                          f"got {short(blind_posts)}")
    button = d["button"]
    if seat_problem(button, n):
        raise RecordError(f"{where}button {seat_problem(button, n)}")
    for k in range(1, n + 1):
        seat = (button + k) % n
        if blind_posts[seat]:
            posts.append([seat, "blind", blind_posts[seat]])
    return posts


def _record_of(hand: Hand) -> HandRecord:
    setup = hand.setup
    rules = hand.rules
    s = rules.structure
    n = setup.table_size
    stacks: list[Optional[int]] = [None] * n
    holes: list[Optional[str]] = [None] * n
    for seat, stack in hand.starting_stacks.items():
        stacks[seat] = stack
        holes[seat] = format_cards(hand.hole(seat)) if hand.hole_known(seat) else None
    actions: list[list[Any]] = []
    street = 0
    for a in hand.actions:
        while a.street > street:      # a street marker before the street's first action
            street += 1
            actions.append([STREET_MARKERS[street - 1]])
        actions.append([a.seat, a.verb, a.amount])
    dealt_streets = (0, 0, 0, 1, 2, 3)[len(hand.board)]
    while street < dealt_streets:     # streets dealt with no action (all-in runouts)
        street += 1
        actions.append([STREET_MARKERS[street - 1]])
    if hand.finished and (hand.shown or hand.mucked):
        actions.append(["showdown"])
        actions.extend([seat, "show", format_cards(hand.hole(seat))] for seat in hand.shown)
        actions.extend([seat, "muck", None] for seat in hand.mucked)
    final: Optional[list[Optional[int]]] = None
    if hand.finished:
        final = [None] * n
        for seat, stack in hand.stacks.items():
            final[seat] = stack
    rake = None
    if rules.rake is not None:
        rake = {"percent": rules.rake.percent, "cap": rules.rake.cap,
                "no_flop_no_drop": rules.rake.no_flop_no_drop}
    extra: dict[str, Any] = {"burns": format_cards(hand.burns)}
    if hand.forfeits:
        extra["forfeits"] = list(hand.forfeits)
    if hand.finished:
        extra["pots"] = [{"amount": a.amount, "rake": a.rake, "eligible": list(a.eligible),
                          "high": list(a.high_winners), "low": list(a.low_winners),
                          "shares": {str(k): v for k, v in a.shares.items()}}
                         for a in hand.awards]
        extra["returned"] = [list(r) for r in hand.uncalled_returns]
    assert rules.blinds is not None   # Rules fills in the default blinds
    return HandRecord(
        game=rules.game, structure=s.name, blinds=list(rules.blinds), table_size=n,
        button=setup.button, stacks=stacks, posts=[list(p) for p in hand.posts],
        holes=holes, board=format_cards(hand.board), actions=actions, final_stacks=final,
        small_bet=getattr(s, "small_bet", None), big_bet=getattr(s, "big_bet", None),
        cap=getattr(s, "cap", 4), uncap_heads_up=getattr(s, "uncap_heads_up", False),
        min_bet=None if isinstance(s, FixedLimit) else rules.min_bet, chip=rules.chip,
        odd_chips=rules.odd_chips, rake=rake, big_blind=setup.big_blind, id=setup.hand_id,
        allow_fold_when_check=rules.allow_fold_when_check,
        allow_uncallable_raise=rules.allow_uncallable_raise, extra=extra)


__all__ = ["HandRecord", "RecordError", "parse_json", "STREET_MARKERS", "VERBS", "POST_KINDS"]
