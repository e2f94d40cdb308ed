"""The bet tree: a spec (:class:`BetTree`) and the game tree it builds for a spot.

A bet tree is data: bet and raise sizes (pot fractions, the all-in, geometric sizes) by
street, by raise level and by player, the leads of the player out of position, a cap on
raises per street and the betting structure. Pot limit clamps every size to the pot; no
limit lets any size through (a raise at least the last raise); fixed limit ignores the
sizes and bets ``fixed_bet`` (``big_bet`` on the turn and the river when given). Any size
that reaches the stack becomes the all-in.

>>> tree = BetTree(bets=(0.5,), raises=(1.0,), raise_cap=1, allin=False)
>>> nodes = build(tree, pot=10, stack=20, street="river")
>>> [n.path for n in nodes if n.kind == "action"]   # a pot raise to 25 is the all-in, 20
['', 'check', 'check/bet 5', 'check/bet 5/raise 20', 'bet 5', 'bet 5/raise 20']
>>> [(n.kind, n.path) for n in nodes if n.kind != "action"][:3]
[('showdown', 'check/check'), ('fold', 'check/bet 5/fold'), ('showdown', 'check/bet 5/call')]

On a later street the player out of position leads only as the tree lets him: after the
other called his bet (a donk bet, none unless ``donk`` sizes are given) or checked back
(a probe bet, ``probe`` sizes, by default his bets):

>>> tree = BetTree(bets=(1.0,), raise_cap=0, allin=False, probe=(0.5,))
>>> nodes = build(tree, pot=10, stack=100, street="turn")
>>> for n in nodes:
...     if n.kind == "action" and nodes[n.parent].kind == "chance":   # the river's first
...         print(f"{n.path:18} {n.actions}")
check/check        ['check', 'bet 5']
check/bet 10/call  ['check']
bet 10/call        ['check', 'bet 30']
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass, field, replace
from typing import Any, Optional, cast

from .errors import BetTreeError, SubgameTypeError
from .sizes import (
    ALLIN,
    STREETS,
    ByStreet,
    Sizes,
    SizesLike,
    field_dict,
    geo_streets,
    geometric_fraction,
    read_field,
    read_text,
)

LIMITS = ("pot", "no", "fixed")
KINDS = ("bets", "raises", "reraises", "donk", "probe")
LEADS = ("turn", "river")         # the streets a lead into the last street's betting has
_NEXT = {"flop": "turn", "turn": "river"}
ACTION, FOLD, SHOWDOWN, CHANCE = "action", "fold", "showdown", "chance"
_EPS = 1e-9


def _on(value: Optional[SizesLike], street: str) -> Optional[Sizes]:
    # a field once checked is None, a tuple or a ByStreet
    return value.on(street) if isinstance(value, ByStreet) else cast(Optional[Sizes], value)


def _chips(x: object, what: str) -> float:
    if isinstance(x, bool) or not isinstance(x, numbers.Real):
        raise SubgameTypeError(f"{what} must be a number of chips, got {x!r}")
    if not math.isfinite(float(x)) or float(x) <= 0:
        raise BetTreeError(f"{what} must be a positive number of chips, got {x!r}")
    return float(x)


def _share(x: object, what: str, low: float, high: float, low_in: bool) -> float:
    if isinstance(x, bool) or not isinstance(x, numbers.Real):
        raise SubgameTypeError(f"{what} must be a number, got {x!r}")
    v = float(x)
    if not (math.isfinite(v) and (v >= low if low_in else v > low) and v <= high):
        raise BetTreeError(f"{what} must be {'from' if low_in else 'above'} {low:g} "
                           f"{'to' if low_in else 'and at most'} {high:g}, got {x!r}")
    return v


@dataclass(frozen=True)
class BetTree:
    """Which bets and raises each player may make, on every street of the subgame.

    Sizes are pot fractions (0.75 = three quarters of the pot; a raise of 1.0 raises the
    pot after calling), ``"allin"``, or geometric: ``"geo"`` bets the fraction that, bet
    and called on each street left (3 on the flop, 2 on the turn, 1 on the river), puts
    the stack in by the river, ``"2e"`` the same over two streets (see
    :func:`~omaha_fast.solve.sizes.geometric_fraction`; a later raise spreads the stack
    over one street fewer for each raise before it). Each list is one list for every
    street or a mapping by street (``{"flop": (0.33,), "river": (0.75, "allin")}``; a
    street left out keeps its fallback).

    ``bets`` are the first bet of a street, ``raises`` the first raise, ``reraises`` the
    raises after it (default: ``raises``), for both players; ``ip_bets``, ``ip_raises``
    and ``ip_reraises`` give the player in position his own (default: the same). On the
    turn and the river the player out of position leads only as the tree lets him: into
    the player who made the last bet or raise of the street before (a donk bet) with
    ``donk`` sizes, none by default, as commercial solvers do; after the other checked
    the street before back (a probe bet) with ``probe`` sizes, by default his bets.

    ``allin`` adds the all-in to every bet and raise (not to an empty ``donk`` or
    ``probe`` list: no lead there); ``allin_threshold`` (a share of the stack behind,
    0.67) turns a bet or raise putting in more than that share of what the player has
    behind into the all-in (in pot limit, the pot bet if the pot is smaller); ``merge``
    (0.1) keeps one of two sizes that are close: from the largest down, a size of y of
    the pot goes where a kept size of x has ``(1 + x) / (1 + y) < 1 + merge``.
    ``raise_cap`` is the number of raises allowed after the first bet of a street;
    ``limit`` is ``"pot"``, ``"no"`` or ``"fixed"``: then ``fixed_bet`` is the bet and
    raise in chips (``big_bet`` on the turn and the river, default ``fixed_bet``) and the
    sizes, threshold and merge are not used (every lead is open, as before).

    >>> BetTree.parse("33,75,pot", raises="pot,allin").bets
    (0.33, 0.75, 1.0)
    >>> t = BetTree(bets={"flop": (0.33,), "river": (0.75, "allin")}, ip_bets=(0.5,))
    >>> t.sizes("bets", "flop"), t.sizes("bets", "turn"), t.sizes("bets", "river", 1)
    ((0.33,), (0.75,), (0.5,))
    """

    bets: SizesLike = (0.75,)
    raises: SizesLike = (1.0,)
    allin: bool = True
    raise_cap: int = 2
    limit: str = "pot"
    fixed_bet: Optional[float] = None
    reraises: Optional[SizesLike] = None
    ip_bets: Optional[SizesLike] = None
    ip_raises: Optional[SizesLike] = None
    ip_reraises: Optional[SizesLike] = None
    donk: Optional[SizesLike] = None
    probe: Optional[SizesLike] = None
    allin_threshold: Optional[float] = None
    merge: float = 0.0
    big_bet: Optional[float] = None

    def __post_init__(self) -> None:
        if self.limit not in LIMITS:
            raise BetTreeError(f"limit must be one of {', '.join(LIMITS)}, got {self.limit!r}")
        for name in ("bets", "raises", "reraises", "ip_bets", "ip_raises", "ip_reraises",
                     "donk", "probe"):
            what = name.replace("_", " ").rstrip("s")
            streets = LEADS if name in ("donk", "probe") else STREETS
            value = read_field(getattr(self, name), what, streets)
            if value is None and name in ("bets", "raises"):
                raise SubgameTypeError(f"{name} must be a sequence of pot fractions, got None")
            object.__setattr__(self, name, value)
        if self.allin is not True and self.allin is not False:
            raise SubgameTypeError(f"allin must be True or False, got {self.allin!r}")
        cap = self.raise_cap
        if isinstance(cap, bool) or not isinstance(cap, numbers.Integral):
            raise SubgameTypeError(f"raise_cap must be an int, got {cap!r}")
        if not 0 <= cap <= 10:
            raise BetTreeError(f"raise_cap must be from 0 to 10, got {cap}")
        object.__setattr__(self, "raise_cap", int(cap))
        if self.allin_threshold is not None:
            object.__setattr__(self, "allin_threshold",
                               _share(self.allin_threshold, "allin_threshold", 0, 1, False))
        object.__setattr__(self, "merge", _share(self.merge, "merge", 0, 1, True))
        if self.limit == "fixed":
            if self.fixed_bet is None:
                raise BetTreeError("a fixed-limit tree needs fixed_bet, the bet size in chips")
            object.__setattr__(self, "fixed_bet", _chips(self.fixed_bet, "fixed_bet"))
            if self.big_bet is not None:
                object.__setattr__(self, "big_bet", _chips(self.big_bet, "big_bet"))
        elif self.fixed_bet is not None or self.big_bet is not None:
            raise BetTreeError(f"{'fixed_bet' if self.big_bet is None else 'big_bet'} is "
                               f"for limit='fixed' only")

    def sizes(self, kind: str, street: str, player: int = 0) -> Sizes:
        """The sizes ``player`` (0 out of position, 1 in position) may use on ``street``:
        ``kind`` is ``"bets"`` (a street's first bet), ``"raises"`` (its first raise),
        ``"reraises"`` (the raises after it), ``"donk"`` or ``"probe"`` (the leads of the
        player out of position, on the turn and the river). The ``allin`` flag is not in
        these lists.

        >>> BetTree(raises=(1.0,), reraises=(0.5,)).sizes("reraises", "turn", 1)
        (0.5,)
        """
        if kind not in KINDS or street not in STREETS or player not in (0, 1):
            raise BetTreeError(f"no sizes {kind!r} on {street!r} for player {player!r} "
                               f"(kinds {', '.join(KINDS)}; streets {', '.join(STREETS)}; "
                               f"player 0 or 1)")
        ip = player == 1

        def first(*options: Optional[Sizes]) -> Sizes:
            return next(o for o in options if o is not None)

        if kind == "bets":
            return first(_on(self.ip_bets, street) if ip else None, _on(self.bets, street),
                         (0.75,))
        if kind == "raises":
            return first(_on(self.ip_raises, street) if ip else None,
                         _on(self.raises, street), (1.0,))
        if kind == "reraises":
            return first(_on(self.ip_reraises, street) if ip else None,
                         _on(self.reraises, street), self.sizes("raises", street, player))
        if street not in LEADS:
            return ()
        if kind == "donk":
            return first(_on(self.donk, street), ())
        return first(_on(self.probe, street), self.sizes("bets", street, 0))

    @classmethod
    def parse(cls, bets: str, raises: Optional[str] = None, **options: Any) -> BetTree:
        """Sizes from text as the command line writes them (see
        :mod:`~omaha_fast.solve.sizes`): one list, ``"33,75,pot"``, or lists by street,
        ``"flop:33,75;turn,river:75,allin"``; ``raises`` defaults to ``bets``; the other
        lists (``reraises``, ``ip_bets``, ``ip_raises``, ``ip_reraises``, ``donk``,
        ``probe``) may be given as text too. An ``allin`` in ``bets`` or ``raises``
        written as one list adds the all-in to every bet and raise, as it always did;
        anywhere else it adds it to its own list.

        >>> t = BetTree.parse("33,75;river:75,allin", donk="turn:50")
        >>> t.sizes("bets", "turn"), t.sizes("bets", "river"), t.allin
        ((0.33, 0.75), (0.75, 'allin'), False)
        >>> t.sizes("donk", "turn"), t.sizes("donk", "river")
        ((0.5,), ())
        """
        b = read_text(bets, "bets")
        r = b if raises is None else read_text(raises, "raises")
        flag = False
        plain: list[Any] = []
        for sizes in (b, r):
            if isinstance(sizes, tuple) and ALLIN in sizes:
                flag = True
                sizes = tuple(x for x in sizes if x != ALLIN)
            plain.append(sizes)
        options.setdefault("allin", flag)
        for name in ("reraises", "ip_bets", "ip_raises", "ip_reraises", "donk", "probe"):
            if isinstance(options.get(name), str):
                what = name.replace("_", " ").rstrip("s")
                options[name] = read_text(options[name], what,
                                          LEADS if name in ("donk", "probe") else STREETS)
        return cls(bets=plain[0], raises=plain[1], **options)

    def to_dict(self) -> dict[str, Any]:
        return {"bets": field_dict(self.bets), "raises": field_dict(self.raises),
                "allin": self.allin, "raise_cap": self.raise_cap, "limit": self.limit,
                "fixed_bet": self.fixed_bet, "reraises": field_dict(self.reraises),
                "ip_bets": field_dict(self.ip_bets), "ip_raises": field_dict(self.ip_raises),
                "ip_reraises": field_dict(self.ip_reraises), "donk": field_dict(self.donk),
                "probe": field_dict(self.probe), "allin_threshold": self.allin_threshold,
                "merge": self.merge, "big_bet": self.big_bet}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> BetTree:
        """The tree of :meth:`to_dict`; a tree saved before leads had their own sizes led
        with the bets, and reads back so."""
        # (an empty lead list is no lead at all, where the old tree went all in)
        lead = d["donk"] if "donk" in d else list(d["bets"]) + ([ALLIN] if d["allin"] else [])
        return cls(bets=d["bets"], raises=d["raises"], allin=d["allin"],
                   raise_cap=d["raise_cap"], limit=d["limit"], fixed_bet=d["fixed_bet"],
                   reraises=d.get("reraises"), ip_bets=d.get("ip_bets"),
                   ip_raises=d.get("ip_raises"), ip_reraises=d.get("ip_reraises"),
                   donk=lead, probe=d.get("probe"),
                   allin_threshold=d.get("allin_threshold"), merge=d.get("merge", 0.0),
                   big_bet=d.get("big_bet"))


@dataclass
class Node:
    """One node of the game tree. ``contrib`` is what each player has put in during the
    subgame; ``player`` is who acts (an action node) or who folded (a fold). The tree is a
    template: a chance node (the end of the flop or the turn) has one child standing for
    every card dealt there, and ``depth`` counts the chance nodes above a node (0 on the
    spot's first street). ``river`` is True below a chance node on the river (one copy per
    river card in a turn spot)."""

    kind: str
    player: int
    street: str
    contrib: tuple[float, float]
    path: str
    parent: int
    children: list[int] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    river: bool = False
    depth: int = 0


def fmt(x: float) -> str:
    """A chip amount as short text: 7.5, 20, 3.33."""
    return f"{round(x, 2):.2f}".rstrip("0").rstrip(".")


@dataclass
class _State:
    street: str
    contrib: tuple[float, float]
    base: float          # what each had put in when the street began
    actor: int
    raises: int          # bets and raises made on this street
    last_inc: float      # the last bet or raise increment (no limit's minimum raise)
    checked: bool        # the first player checked
    aggressor: int = -1  # who made the street's last bet or raise (-1: nobody)
    lead: str = "bets"   # the sizes of a first bet out of position: bets, donk or probe


def build(tree: BetTree, pot: float, stack: float, street: str) -> list[Node]:
    """The nodes of the game tree, parents before children (node 0 is the root)."""
    pot, stack = float(pot), float(stack)
    if street not in STREETS:
        raise BetTreeError(f"street must be 'flop', 'turn' or 'river', got {street!r}")
    nodes: list[Node] = []
    start = _State(street, (0.0, 0.0), 0.0, 0, 0, 0.0, False)
    _grow(nodes, tree, pot, stack, start, "", -1, 0)
    if len(nodes) > 20_000:
        raise BetTreeError(f"the bet tree has {len(nodes):,} nodes: use fewer sizes or a "
                           f"lower raise cap")
    return nodes


def _add(nodes: list[Node], node: Node) -> int:
    nodes.append(node)
    if node.parent >= 0:
        nodes[node.parent].children.append(len(nodes) - 1)
    return len(nodes) - 1


def _join(path: str, label: str) -> str:
    return f"{path}/{label}" if path else label


def _node(kind: str, player: int, street: str, contrib: tuple[float, float], path: str,
          parent: int, depth: int) -> Node:
    return Node(kind, player, street, contrib, path, parent,
                river=street == "river" and depth > 0, depth=depth)


def _end_street(nodes: list[Node], tree: BetTree, pot: float, stack: float, s: _State,
                path: str, parent: int, depth: int) -> None:
    """Both players have acted and matched: a showdown on the river, else the next card
    (a chance node) and the next street; all in, the cards come and the hands are shown."""
    street = s.street
    # a first bet out of position next street: into the last aggressor in position (a
    # donk bet), after a street checked through (a probe bet), or after his own bet
    lead = {1: "donk", -1: "probe"}.get(s.aggressor, "bets")
    while street != "river":
        parent = _add(nodes, _node(CHANCE, -1, street, s.contrib, path, parent, depth))
        street, depth = _NEXT[street], depth + 1
        if s.contrib[0] < stack - _EPS:
            nxt = _State(street, s.contrib, s.contrib[0], 0, 0, 0.0, False, lead=lead)
            _grow(nodes, tree, pot, stack, nxt, path, parent, depth)
            return
    _add(nodes, _node(SHOWDOWN, -1, "river", s.contrib, path, parent, depth))


def _grow(nodes: list[Node], tree: BetTree, pot: float, stack: float, s: _State, path: str,
          parent: int, depth: int) -> None:
    me, opp = s.actor, 1 - s.actor
    node = _add(nodes, _node(ACTION, me, s.street, s.contrib, path, parent, depth))
    c = list(s.contrib)
    to_call = c[opp] - c[me]
    options: list[tuple[str, Any]] = []
    if to_call > _EPS:
        options.append(("fold", None))
        options.append(("call", None))
    else:
        options.append(("check", None))
    opp_all_in = c[opp] >= stack - _EPS
    if not opp_all_in and c[me] + to_call < stack - _EPS and s.raises <= tree.raise_cap:
        for target in _targets(tree, pot, stack, s, me):
            word = "bet" if to_call <= _EPS else "raise"
            options.append((f"{word} {fmt(target - s.base)}", target))
    nodes[node].actions = [label for label, _ in options]
    for label, target in options:
        p = _join(path, label)
        if label == "fold":
            _add(nodes, _node(FOLD, me, s.street, s.contrib, p, node, depth))
        elif label == "call":
            called = replace(s, contrib=(c[opp], c[opp]), actor=opp, raises=0, last_inc=0.0,
                             checked=False)
            _end_street(nodes, tree, pot, stack, called, p, node, depth)
        elif label == "check":
            if s.checked or me == 1:
                _end_street(nodes, tree, pot, stack, s, p, node, depth)
            else:
                _grow(nodes, tree, pot, stack, replace(s, actor=opp, checked=True), p,
                      node, depth)
        else:
            new = list(c)
            new[me] = target
            inc = target - c[opp]
            _grow(nodes, tree, pot, stack,
                  replace(s, contrib=(new[0], new[1]), actor=opp, raises=s.raises + 1,
                          last_inc=max(inc, s.last_inc), aggressor=me), p, node, depth)


def _menu(tree: BetTree, s: _State, me: int, to_call: float) -> Sizes:
    """The sizes the player to act may use here."""
    if to_call > _EPS:
        return tree.sizes("raises" if s.raises <= 1 else "reraises", s.street, me)
    if me == 0 and s.street in LEADS:
        return tree.sizes(s.lead, s.street, 0)
    return tree.sizes("bets", s.street, me)


def _targets(tree: BetTree, pot: float, stack: float, s: _State, me: int) -> list[float]:
    """The totals (in the subgame) the player may bet or raise to."""
    c = s.contrib
    opp = 1 - me
    to_call = c[opp] - c[me]
    size = pot + c[0] + c[1] + to_call       # the pot after calling
    if s.raises >= tree.raise_cap + 1:
        return []
    if tree.limit == "fixed":
        bet = tree.big_bet if s.street != "flop" and tree.big_bet is not None else tree.fixed_bet
        assert bet is not None
        return [min(c[opp] + bet, stack)]
    menu = _menu(tree, s, me, to_call)
    if not menu and to_call <= _EPS and me == 0 and s.street in LEADS and (
            s.lead == "donk" or s.lead == "probe" and _on(tree.probe, s.street) is not None):
        return []                            # no lead here: not even the all-in
    top = stack if tree.limit == "no" else min(stack, c[opp] + size)
    behind = stack - c[opp]                  # what each has left after calling
    wanted: list[float] = []
    for x in menu:
        if x == ALLIN:
            wanted.append(top)
        elif isinstance(x, str):             # geometric: one street fewer a raise before
            streets = max(geo_streets(x, s.street) - max(s.raises - 1, 0), 1)
            wanted.append(c[opp] + geometric_fraction(size, behind, streets) * size)
        else:
            wanted.append(c[opp] + x * size)
    if tree.allin:
        wanted.append(top)
    least = c[opp] + (s.last_inc if to_call > _EPS else _EPS)
    threshold = tree.allin_threshold
    out: list[float] = []
    for w in wanted:
        w = min(max(w, least), top)
        if threshold is not None and w - c[me] > threshold * (stack - c[me]) + _EPS:
            w = top
        if w >= stack - _EPS:
            w = stack
        if w > c[opp] + _EPS and all(abs(w - o) > _EPS for o in out):
            out.append(w)
    if tree.merge > 0:
        out = _merged(out, c[opp], size, tree.merge)
    return sorted(out)


def _merged(totals: list[float], called: float, size: float, merge: float) -> list[float]:
    """From the largest size down, a size goes when the last one kept is close to it:
    (1 + x) / (1 + y) < 1 + merge, x and y the kept and the smaller one as pot fractions."""
    kept: list[float] = []
    for w in sorted(totals, reverse=True):
        if kept and (size + kept[-1] - called) / (size + w - called) < 1 + merge - _EPS:
            continue
        kept.append(w)
    return kept


__all__ = ["BetTree", "Node", "build", "LIMITS", "STREETS", "KINDS"]
