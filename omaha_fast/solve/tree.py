"""The bet tree: a spec (:class:`BetTree`) and the game tree it builds for a spot.

A bet tree is data: bet and raise sizes as fractions of the pot, an all-in option, a cap
on raises per street and the betting structure. Pot limit clamps every size to the pot;
no limit lets any size through (a raise at least the last raise); fixed limit ignores the
fractions and bets ``fixed_bet``. Any size that reaches the stack becomes the all-in.

>>> tree = BetTree(bets=(0.5,), raises=(1.0,), raise_cap=1, allin=False)
>>> nodes = build(tree, pot=10, stack=20, street="river")
>>> [n.path for n in nodes if n.kind == "action"]   # a pot raise to 25 is the all-in, 20
['', 'check', 'check/bet 5', 'check/bet 5/raise 20', 'bet 5', 'bet 5/raise 20']
>>> [(n.kind, n.path) for n in nodes if n.kind != "action"][:3]
[('showdown', 'check/check'), ('fold', 'check/bet 5/fold'), ('showdown', 'check/bet 5/call')]
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Optional

from .errors import BetTreeError, SubgameTypeError

LIMITS = ("pot", "no", "fixed")
STREETS = ("flop", "turn", "river")
_NEXT = {"flop": "turn", "turn": "river"}
ACTION, FOLD, SHOWDOWN, CHANCE = "action", "fold", "showdown", "chance"
_EPS = 1e-9


def _fraction(x: object, what: str) -> float:
    if isinstance(x, bool) or not isinstance(x, numbers.Real):
        raise SubgameTypeError(f"{what} must be a number (a pot fraction), got {x!r}")
    f = float(x)
    if not math.isfinite(f) or f <= 0 or f > 100:
        raise BetTreeError(f"{what} must be a pot fraction above 0 and at most 100, got {x!r}")
    return f


def _sizes(sizes: object, what: str) -> tuple[float, ...]:
    if isinstance(sizes, (str, bytes)) or not isinstance(sizes, Iterable):
        raise SubgameTypeError(f"{what} must be a sequence of pot fractions, got {sizes!r}")
    return tuple(sorted({_fraction(x, f"{what} size") for x in sizes}))


@dataclass(frozen=True)
class BetTree:
    """Which bets and raises each player may make, on every street of the subgame.

    ``bets`` and ``raises`` are pot fractions (0.75 = three quarters of the pot; a raise
    of 1.0 raises the pot after calling); ``allin`` adds the all-in; ``raise_cap`` is the
    number of raises allowed after the first bet of a street; ``limit`` is ``"pot"``,
    ``"no"`` or ``"fixed"`` (then ``fixed_bet`` is the bet and raise size in chips and the
    fractions are not used).

    >>> BetTree.parse("33,75,pot", raises="pot,allin").bets
    (0.33, 0.75, 1.0)
    """

    bets: Sequence[float] = (0.75,)
    raises: Sequence[float] = (1.0,)
    allin: bool = True
    raise_cap: int = 2
    limit: str = "pot"
    fixed_bet: Optional[float] = None

    def __post_init__(self) -> None:
        if self.limit not in LIMITS:
            raise BetTreeError(f"limit must be one of {', '.join(LIMITS)}, got {self.limit!r}")
        object.__setattr__(self, "bets", _sizes(self.bets, "bet"))
        object.__setattr__(self, "raises", _sizes(self.raises, "raise"))
        if self.allin is not True and self.allin is not False:
            raise SubgameTypeError(f"allin must be True or False, got {self.allin!r}")
        cap = self.raise_cap
        if isinstance(cap, bool) or not isinstance(cap, numbers.Integral):
            raise SubgameTypeError(f"raise_cap must be an int, got {cap!r}")
        if not 0 <= cap <= 10:
            raise BetTreeError(f"raise_cap must be from 0 to 10, got {cap}")
        object.__setattr__(self, "raise_cap", int(cap))
        if self.limit == "fixed":
            if self.fixed_bet is None:
                raise BetTreeError("a fixed-limit tree needs fixed_bet, the bet size in chips")
            bet = self.fixed_bet
            if isinstance(bet, bool) or not isinstance(bet, numbers.Real):
                raise SubgameTypeError(f"fixed_bet must be a number of chips, got {bet!r}")
            if not math.isfinite(float(bet)) or bet <= 0:
                raise BetTreeError(f"fixed_bet must be a positive number of chips, got {bet!r}")
            object.__setattr__(self, "fixed_bet", float(bet))
        elif self.fixed_bet is not None:
            raise BetTreeError("fixed_bet is for limit='fixed' only")

    @classmethod
    def parse(cls, bets: str, raises: Optional[str] = None, **options: Any) -> BetTree:
        """Sizes from text as the command line writes them: percents of the pot
        (``33``), ``pot`` (100), ``allin`` or ``a``; ``raises`` defaults to ``bets``."""
        b, allin_b = _parse_sizes(bets, "bets")
        r, allin_r = _parse_sizes(bets if raises is None else raises, "raises")
        if allin_b or allin_r:
            options.setdefault("allin", True)
        else:
            options.setdefault("allin", False)
        return cls(bets=b, raises=r, **options)

    def to_dict(self) -> dict[str, Any]:
        return {"bets": list(self.bets), "raises": list(self.raises), "allin": self.allin,
                "raise_cap": self.raise_cap, "limit": self.limit, "fixed_bet": self.fixed_bet}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> BetTree:
        return cls(bets=d["bets"], raises=d["raises"], allin=d["allin"],
                   raise_cap=d["raise_cap"], limit=d["limit"], fixed_bet=d["fixed_bet"])


def _parse_sizes(text: str, what: str) -> tuple[list[float], bool]:
    if not isinstance(text, str):
        raise SubgameTypeError(f"{what} must be text such as '33,75,pot', got {text!r}")
    sizes: list[float] = []
    allin = False
    for part in (p.strip().lower() for p in text.split(",")):
        if not part:        # ',,,' or '' once read as a tree without bets
            raise BetTreeError(f"{what} {text!r}: an empty size (sizes are percents of "
                               f"the pot such as 33, 'pot' or 'allin', between commas)")
        if part in ("allin", "all-in", "a"):
            allin = True
        elif part == "pot":
            sizes.append(1.0)
        else:
            try:
                sizes.append(float(part.rstrip("%")) / 100)
            except ValueError:
                raise BetTreeError(f"{what}: cannot read size {part!r} (a percent of the "
                                   f"pot such as 33, 'pot' or 'allin')") from None
    return sizes, allin


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
    while street != "river":
        parent = _add(nodes, _node(CHANCE, -1, street, s.contrib, path, parent, depth))
        street, depth = _NEXT[street], depth + 1
        if s.contrib[0] < stack - _EPS:
            nxt = _State(street, s.contrib, s.contrib[0], 0, 0, 0.0, False)
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
            called = (c[opp], c[opp])
            _end_street(nodes, tree, pot, stack, _State(s.street, called, s.base, opp, 0, 0.0,
                                                        False), p, node, depth)
        elif label == "check":
            if s.checked or me == 1:
                _end_street(nodes, tree, pot, stack, s, p, node, depth)
            else:
                _grow(nodes, tree, pot, stack,
                      _State(s.street, s.contrib, s.base, opp, 0, 0.0, True), p, node, depth)
        else:
            new = list(c)
            new[me] = target
            inc = target - c[opp]
            _grow(nodes, tree, pot, stack,
                  _State(s.street, (new[0], new[1]), s.base, opp, s.raises + 1,
                         max(inc, s.last_inc), s.checked), p, node, depth)


def _targets(tree: BetTree, pot: float, stack: float, s: _State, me: int) -> list[float]:
    """The totals (in the subgame) the player may bet or raise to."""
    c = s.contrib
    opp = 1 - me
    to_call = c[opp] - c[me]
    size = pot + c[0] + c[1] + to_call       # the pot after calling
    if tree.limit == "fixed":
        assert tree.fixed_bet is not None
        wanted = [c[opp] + tree.fixed_bet]
        if s.raises >= tree.raise_cap + 1:
            return []
        return [min(wanted[0], stack)]
    fractions = tree.bets if to_call <= _EPS else tree.raises
    wanted = [c[opp] + f * size for f in fractions]
    if s.raises >= tree.raise_cap + 1:
        return []
    top = stack if tree.limit == "no" else min(stack, c[opp] + size)
    if tree.allin:
        wanted.append(top)
    least = c[opp] + (s.last_inc if to_call > _EPS else _EPS)
    out: list[float] = []
    for w in wanted:
        w = min(max(w, least), top)
        if w >= stack - _EPS:
            w = stack
        if w > c[opp] + _EPS and all(abs(w - o) > _EPS for o in out):
            out.append(w)
    return sorted(out)


__all__ = ["BetTree", "Node", "build", "LIMITS", "STREETS"]
