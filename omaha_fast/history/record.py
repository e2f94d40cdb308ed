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

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Optional

from ..cards import format_cards
from ..game.rules import Rake, Rules
from ..game.structures import FixedLimit, NoLimit, PotLimit, Structure

if TYPE_CHECKING:
    from ..game.hand import Hand

STREET_MARKERS = ("flop", "turn", "river", "showdown")
VERBS = ("fold", "check", "call", "bet", "raise_to", "all_in", "check_or_call",
         "bet_or_raise_to", "show", "muck")
_VARIANT_TEXT = {("fixed-limit", "hilo"): "fixed-limit Omaha hi-lo 8 or better",
                 ("pot-limit", "hilo"): "pot-limit Omaha hi-lo 8 or better",
                 ("no-limit", "hilo"): "no-limit Omaha hi-lo 8 or better",
                 ("fixed-limit", "high"): "fixed-limit Omaha",
                 ("pot-limit", "high"): "pot-limit Omaha",
                 ("no-limit", "high"): "no-limit Omaha"}


class RecordError(ValueError):
    """A hand record is incomplete or inconsistent; the message names where."""


@dataclass
class HandRecord:
    """One hand as data. Lists are by table seat; ``None`` marks a seat not in the hand
    (in ``stacks``) or cards nobody saw (in ``holes``).

    ``posts`` lists the forced bets as [seat, kind, amount] with kind ante, bb_ante (dead
    money for the table), dead (a dead small blind) or blind (live). ``actions`` holds
    [seat, verb, amount] entries and [street] markers, as in the JSON format.
    """

    game: str
    structure: str
    blinds: list[int]
    seats: int
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
    id: Optional[str] = None
    origin: str = field(default="", compare=False)
    # where each action came from in the source file, for messages (PHH: its own index)
    sources: Optional[list[str]] = field(default=None, compare=False, repr=False)
    extra: dict[str, Any] = field(default_factory=dict)

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
        raise RecordError(f"{self.where()}unknown structure {self.structure!r} (expected "
                          f"fixed-limit, pot-limit or no-limit)")

    def make_rules(self) -> Rules:
        """The rules to replay the hand under."""
        try:
            rake = Rake(**self.rake) if self.rake else None
            return Rules(structure=self.make_structure(), game=self.game,
                         blinds=(self.blinds[0], self.blinds[1]), chip=self.chip,
                         odd_chips=self.odd_chips, rake=rake)
        except (ValueError, TypeError, IndexError) as e:
            raise RecordError(f"{self.where()}{e}") from None

    def where(self) -> str:
        """Prefix for messages: the origin and id of the record."""
        parts = [p for p in (self.origin, self.id) if p]
        return (": ".join(parts) + ": ") if parts else ""

    # ------------------------------------------------------------- JSON
    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready dictionary (the neutral format, with the exact posts)."""
        d: dict[str, Any] = {"id": self.id, "game": self.game, "structure": self.structure,
                             "variant": _VARIANT_TEXT.get((self.structure, self.game))}
        for key in ("small_bet", "big_bet", "cap", "uncap_heads_up", "min_bet", "blinds"):
            d[key] = getattr(self, key)
        n = self.seats
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
        d.update(seats=n, button=self.button, big_blind=self.big_blind, stacks=self.stacks,
                 holes=self.holes, board=self.board, actions=self.actions,
                 final_stacks=self.final_stacks, chip=self.chip, odd_chips=self.odd_chips,
                 rake=self.rake)
        if self.final_stacks is not None:
            d["net"] = [None if a is None or b is None else b - a
                        for a, b in zip(self.stacks, self.final_stacks)]
        d.update(self.extra)
        return d

    def to_json(self) -> str:
        """One line of JSON."""
        return json.dumps(self.to_dict())

    @classmethod
    def from_dict(cls, d: dict[str, Any], origin: str = "") -> HandRecord:
        """Read the neutral JSON format (the project's own, or the shared data's)."""
        where = f"{origin}: " if origin else ""
        if not isinstance(d, dict):
            raise RecordError(f"{where}a hand must be a JSON object, got {type(d).__name__}")
        required = ("game", "structure", "blinds", "seats", "button", "stacks", "holes",
                    "board", "actions")
        missing = [k for k in required if k not in d]
        if missing:
            raise RecordError(f"{where}missing field(s): {', '.join(missing)}")
        n = d["seats"]
        if not isinstance(n, int) or not 2 <= n <= 10:
            raise RecordError(f"{where}seats must be 2..10, got {n!r}")
        for key in ("stacks", "holes"):
            if not isinstance(d[key], list) or len(d[key]) != n:
                raise RecordError(f"{where}{key} must be a list of {n} entries")
        posts = d.get("posts")
        if posts is None:
            posts = _posts_from_neutral(d, n, where)
        known = {f for f in cls.__dataclass_fields__ if f not in ("extra", "origin")}
        derived = {"variant", "blind_posts", "antes", "net", "posts"}
        kwargs = {k: v for k, v in d.items() if k in known}
        kwargs["posts"] = [list(p) for p in posts]
        kwargs["board"] = d["board"] or ""
        kwargs["actions"] = [list(a) for a in d["actions"]]
        extra = {k: v for k, v in d.items() if k not in known and k not in derived}
        rec = cls(**kwargs, origin=origin, extra=extra)
        return rec

    @classmethod
    def from_json(cls, text: str, origin: str = "") -> HandRecord:
        """Read one hand from a JSON text."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise RecordError(f"{origin + ': ' if origin else ''}invalid JSON: {e}") from None
        return cls.from_dict(data, origin)


def _posts_from_neutral(d: dict[str, Any], n: int, where: str) -> list[list[Any]]:
    """Posts from ``antes`` and ``blind_posts`` (the shared data's format)."""
    posts: list[list[Any]] = []
    antes = d.get("antes") or {"kind": "none"}
    kind = antes.get("kind", "none")
    posted = antes.get("posted") or [antes.get("amount", 0)] * n
    if kind == "big-blind-ante":
        seat = antes.get("seat")
        posts.append([seat, "bb_ante", posted[seat] if seat is not None else 0])
    elif kind in ("ante", "dead"):
        posts.extend([s, "ante", a] for s, a in enumerate(posted) if a)
    elif kind != "none":
        raise RecordError(f"{where}unknown antes kind {kind!r}")
    blind_posts = d.get("blind_posts")
    if blind_posts is None:
        raise RecordError(f"{where}missing field: blind_posts (or posts)")
    button = d["button"]
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
    if hand.finished:
        extra["pots"] = [{"amount": a.amount, "rake": a.rake, "eligible": list(a.eligible),
                          "high": list(a.high_winners), "low": list(a.low_winners),
                          "shares": {str(k): v for k, v in a.shares.items()}}
                         for a in hand.awards]
        extra["returned"] = [list(r) for r in hand.uncalled_returns]
    assert rules.blinds is not None   # Rules fills in the default blinds
    return HandRecord(
        game=rules.game, structure=s.name, blinds=list(rules.blinds), seats=n,
        button=setup.button, stacks=stacks, posts=[list(p) for p in hand.posts],
        holes=holes, board=format_cards(hand.board), actions=actions, final_stacks=final,
        small_bet=getattr(s, "small_bet", None), big_bet=getattr(s, "big_bet", None),
        cap=getattr(s, "cap", 4), uncap_heads_up=getattr(s, "uncap_heads_up", False),
        min_bet=None if isinstance(s, FixedLimit) else rules.min_bet, chip=rules.chip,
        odd_chips=rules.odd_chips, rake=rake, big_blind=setup.big_blind, id=setup.hand_id,
        extra=extra)


__all__ = ["HandRecord", "RecordError", "STREET_MARKERS", "VERBS"]
