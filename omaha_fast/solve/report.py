"""Reports at any node of a solve: strategy, frequency, EV and equity by hand category and
by hand class, each hand's row, the run-out below a chance node, the range reaching it.

Pure functions over a :class:`~omaha_fast.solve.result.SubgameResult` (numpy, nothing
printed); each per-hand figure is computed for the whole range at once and kept for the
next call at the same node.

- :func:`node_report`: one row per category (``by="category"``, the labels of a
  :mod:`omaha_fast.categories` family) or per hand class (``by="class"``, see
  :func:`hand_class_labels`) of the player acting at the node;
- :func:`hand_rows`: a page of hands, filtered by range text and sorted;
- :func:`runout_report`: one row per card dealt at the chance node above a node;
- :func:`node_range`: the range reaching a node as a :class:`~omaha_fast.ranges.Range`;
- :func:`node_dict`: all of it as JSON-ready data.

Figures per row (weights are each hand's reach, :meth:`SubgameResult.reach`, of the
player acting at the node: its prior weight times its own strategy along the path):
``weight`` (the reach summed), ``share`` (of the node's whole reach), ``frequency`` of
each action (reach-weighted), ``ev`` (chips per deal reaching the node, as
``action_ev``: the strategy's mix) and ``action_ev`` (each action's), ``equity`` (the pot
share at showdown against the opponent's range reaching the node, every card to come
dealt): means over the row's hands weighted by their deals, each hand's reach times the
opponent's reach it meets, so that the root's EV and equity are the range's
(:attr:`SubgameResult.ev`, :attr:`SubgameResult.equity`). A hand meeting no opposing hand
(its EV is NaN) counts in the weight and frequencies but not in the EVs and equity.

Row order: categories in their family's order (the nuts first; see
:data:`omaha_fast.categories.HIGH`); hand classes by weight, most first, then by EV,
highest first, then by label (so that classes of equal weight, as in a full range, show
the ones that gain most first); ``sort`` picks another.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Optional, Union

import numpy as np

from ..cards import format_cards, parse_cards
from ..categories import FAMILIES, categorize
from ..errors import RangeError
from ..ranges import Range, universe
from .errors import SubgameValueError
from .result import Cards, SubgameResult
from .tree import ACTION, CHANCE

BY = ("category", "class")
ROW_SORTS = ("order", "weight", "ev", "equity", "label")
HAND_SORTS = ("weight", "ev", "equity", "hand")
SUITS = "cdhs"
RANKS = "23456789TJQKA"
_VARIABLES = "xyzw"



# ---- data returned ---------------------------------------------------------------------------

@dataclass
class ReportRow:
    """One category or hand class of the acting player's range at a node."""

    label: str
    hands: int
    """Hands of the row reaching the node (reach above 0)."""
    weight: float
    share: float
    frequency: list[float]
    ev: Optional[float]
    action_ev: list[Optional[float]]
    equity: Optional[float]


@dataclass
class NodeReport:
    """:func:`node_report`'s answer: the node, its actions and the rows."""

    path: str
    dealt: list[str]
    player: int
    actions: list[str]
    by: str
    family: list[str]
    weight: float
    frequency: list[float]
    ev: Optional[float]
    equity: Optional[float]
    rows: list[ReportRow] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data."""
        return asdict(self)


@dataclass
class HandRow:
    """One hand at a node: its reach, strategy, EVs, equity and category labels."""

    hand: str
    hand_class: str
    weight: float
    strategy: list[float]
    ev: Optional[float]
    action_ev: list[Optional[float]]
    equity: Optional[float]
    categories: dict[str, str]


@dataclass
class HandPage:
    """:func:`hand_rows`'s answer: ``total`` hands match, ``rows`` from ``offset``."""

    path: str
    dealt: list[str]
    player: int
    actions: list[str]
    total: int
    offset: int
    rows: list[HandRow] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data."""
        return asdict(self)


@dataclass
class RunoutRow:
    """One card dealt at the chance node above a node: the acting player's range there."""

    card: str
    weight: float
    share: float
    """Of the reach summed over every card: how much of the range sees this card."""
    frequency: list[float]
    ev: Optional[float]
    action_ev: list[Optional[float]]
    equity: Optional[float]


@dataclass
class RunoutReport:
    """:func:`runout_report`'s answer: one row per card, in the deck's order (aces first)."""

    path: str
    street: str
    dealt: list[str]
    player: int
    actions: list[str]
    frequency: list[float]
    ev: Optional[float]
    rows: list[RunoutRow] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data."""
        return asdict(self)


# ---- the figures of one node, kept for the next call -------------------------------------------

class _View:
    """Every per-hand figure of the acting player at one node, read once."""

    def __init__(self, result: SubgameResult, path: str, dealt: list[int],
                 kw: dict[str, Any]) -> None:
        self.result = result
        self.path = path
        self.dealt = dealt
        self.kw = kw
        self.player = result.player(path)
        self.actions = result.actions(path)
        self.board = [int(c) for c in parse_cards(result.board)] + dealt
        self.hands = np.asarray(result.hands[self.player])
        self.strategy = np.asarray(result.strategy(path, **kw), dtype=np.float64)
        self.action_ev = np.asarray(result.action_ev(path, **kw), dtype=np.float64)
        self.reach = np.asarray(result.reach(path, self.player, **kw), dtype=np.float64)
        with np.errstate(invalid="ignore"):
            self.ev = (self.strategy * self.action_ev).sum(axis=1)
        self._equity: Any = None
        self._deals: Any = None
        self._classes: Optional[tuple[Any, list[str]]] = None
        self.categories: Any = None     # HandCategories, read when first asked for

    @property
    def deals(self) -> Any:
        """Each hand's reach times the opponent's reach it meets (sharing no card): the
        weight of its deals reaching the node, by which EVs and equities average (as the
        range's EV does)."""
        if self._deals is None:
            self._read_showdown()
        return self._deals

    @property
    def equity(self) -> Any:
        """Each hand's pot share at showdown against the opponent's reach at the node
        (NaN for a hand meeting none)."""
        if self._equity is None:
            self._read_showdown()
        return self._equity

    def _read_showdown(self) -> None:
        """The equities and the opposing reach each hand meets, from the one showdown
        call that gives both."""
        with _LOCK:
            if self._equity is None:
                equity, met = _node_equity(self)
                self._deals = self.reach * np.maximum(met, 0.0)
                self._equity = equity

    def classes(self) -> tuple[Any, list[str]]:
        """(code per hand, label per code) of :func:`hand_class_labels`."""
        with _LOCK:
            if self._classes is None:
                self._classes = _class_codes(self.hands, self.board)
            return self._classes


_CACHE: dict[int, tuple[Any, dict[tuple[str, tuple[int, ...]], _View]]] = {}
_KEPT = 12     # views kept per result (a full river's is some 10 MB)
_LOCK = threading.RLock()


def _view(result: SubgameResult, path: str, turn: Cards, river: Cards) -> _View:
    if not isinstance(result, SubgameResult):
        raise SubgameValueError(f"a report reads a SubgameResult, got "
                                f"{type(result).__name__}")
    k = result._node(path)
    dealt = result._dealt(path, result.nodes[k].depth, turn, river)
    kw = _keywords(result, dealt)
    key_of = id(result)
    with _LOCK:      # a server may ask from several threads: one reads, the others wait
        entry = _CACHE.get(key_of)
        if entry is None or entry[0]() is not result:
            entry = _CACHE[key_of] = (weakref.ref(result, _forget(key_of)), {})
        views = entry[1]
        key = (path, tuple(dealt))
        if key not in views:
            if len(views) >= _KEPT:
                views.pop(next(iter(views)))
            views[key] = _View(result, path, dealt, kw)
        return views[key]


def _forget(key: int) -> Any:
    """The callback dropping a result's views once it is gone (the cache held by the
    closure: at the interpreter's exit the module's names may be gone first)."""
    cache = _CACHE

    def drop(_: Any) -> None:
        cache.pop(key, None)
    return drop


def _keywords(result: SubgameResult, dealt: Sequence[int]) -> dict[str, Any]:
    names = ("turn", "river") if result.street == "flop" else ("river",)
    return dict(zip(names, (int(c) for c in dealt)))


def _node_equity(v: _View) -> tuple[Any, Any]:
    """Showdown equity of each hand of the acting player against the other's reach, and
    the other's reach it meets (sharing no card): the river kernel on five cards, the turn
    kernel (every river) on four, on the flop an engine whose tree deals both cards and
    shows down."""
    from ..kernels import showdown_values, turn_showdown_values
    r = v.result
    other = 1 - v.player
    villain = np.asarray(r.hands[other])
    w = np.asarray(r.reach(v.path, other, **v.kw), dtype=np.float64)
    out = np.full(len(v.hands), np.nan)
    meets = np.zeros(len(v.hands))
    mask = 0
    for c in v.board:
        mask |= 1 << c
    hero_live = _free(np, v.hands, mask)
    keep = _free(np, villain, mask) & (w > 0)
    if not keep.any() or not hero_live.any():
        return out, meets
    hero = np.ascontiguousarray(v.hands[hero_live])
    vill = np.ascontiguousarray(villain[keep])
    board = bytes(v.board)
    if len(v.board) == 5:
        sv = showdown_values(board, hero, vill, w[keep], game=r.game)
        value, met = np.asarray(sv.value), np.asarray(sv.reach)
    elif len(v.board) == 4:
        sv = turn_showdown_values(board, hero, vill, w[keep], game=r.game)
        value, met = np.asarray(sv.value), np.asarray(sv.reach)
    else:
        value, met = _flop_equity(np, r, v.board, hero, vill, w[keep])
    with np.errstate(invalid="ignore", divide="ignore"):
        out[hero_live] = np.where(met > 0, value / met, np.nan)
    meets[hero_live] = met
    return out, meets


def _flop_equity(np: Any, r: SubgameResult, board: list[int], hero: Any, villain: Any,
                 weights: Any) -> tuple[Any, Any]:
    """A flop's showdown equity: an engine of a tree that deals the turn and the river
    and shows down (pot 1), as the solve's own equities."""
    from .engine import ArenaEngine
    from .showdown import Blockers
    from .tree import SHOWDOWN, Node
    chain = [Node(CHANCE, -1, "flop", (0.0, 0.0), "", -1, [1], depth=0),
             Node(CHANCE, -1, "turn", (0.0, 0.0), "", 0, [2], depth=1),
             Node(SHOWDOWN, -1, "river", (0.0, 0.0), "", 1, depth=2)]
    hands = (np.ascontiguousarray(hero, dtype=np.uint8),
             np.ascontiguousarray(villain, dtype=np.uint8))
    engine = ArenaEngine(chain, board, hands, (np.ones(len(hero)), weights), 1.0, r.game)
    met = Blockers(hero, villain)(weights[None, :])[0]
    return engine.root_values(0, "ev"), met


def _free(np: Any, rows: Any, mask: int) -> Any:
    """Rows holding none of the cards in ``mask``."""
    out = np.ones(len(rows), dtype=bool)
    for c in range(52):
        if mask >> c & 1:
            out &= ~(rows == c).any(axis=1)
    return out


# ---- hand classes relative to the board's suits -------------------------------------------------

def flush_suits(board: Sequence[int]) -> list[int]:
    """The suits a flush can still come in or be made in on ``board``: those it shows
    twice or more before the river, three times or more on the river.

    >>> flush_suits([int(c) for c in parse_cards("Qs Jh 5s")])    # spades: 3
    [3]
    """
    need = 3 if len(board) >= 5 else 2
    return [s for s in range(4) if sum(1 for c in board if c % 4 == s) >= need]


def hand_class_labels(hands: Any, board: Any) -> list[str]:
    """Each hand's class on ``board``, written in the range syntax: its ranks high first,
    each card of a suit the board can make a flush in (:func:`flush_suits`) with its suit,
    the other cards with suit variables (``x``, ``y``, ``z``, ``w``: one letter a suit,
    the suit with the most cards first), so that an ace-high flush draw is not lumped
    with a small one, nor a hand suited in the board's suit with one suited off it.

    >>> hand_class_labels(["AsQs5d2d", "As5s2dQd", "AhQh5d2d", "KsKh9c8d"], "Qs Jh 5s")
    ['AsQs5x2x', 'AsQx5s2x', 'AxQx5y2y', 'KsKx9y8z']
    """
    h = _hand_array(np, hands)
    cards = [int(c) for c in parse_cards(board)]
    codes, labels = _class_codes(h, cards)
    return [labels[c] for c in codes.tolist()]


def class_range(label: str, board: Any) -> str:
    """The range text of exactly the hands of a class label on ``board`` (the label, and
    none of the flush suits it does not name).

    >>> class_range("AxQx5y2y", "Qs Jh 5s")
    'AxQx5y2y!s'
    >>> len(Range(class_range("AxQx5y2y", "Qs Jh 5s")).without("Qs Jh 5s"))
    6
    """
    cards = [int(c) for c in parse_cards(board)]
    missing = [SUITS[s] for s in flush_suits(cards) if SUITS[s] not in label]
    return label + "".join(f"!{s}" for s in missing)


def _hand_array(np: Any, hands: Any) -> Any:
    if isinstance(hands, (list, tuple)) and hands and isinstance(hands[0], str):
        hands = [[int(c) for c in parse_cards(x)] for x in hands]
    return np.asarray(hands, dtype=np.int64).reshape(-1, 4)


def _class_codes(hands: Any, board: Sequence[int]) -> tuple[Any, list[str]]:
    """(code per hand, label per code): a hand's code packs its four cards as (rank,
    token) high first, the token its suit (0..3) in a flush suit, else 4 + its suit
    variable."""
    h = np.asarray(hands, dtype=np.int64)
    n = len(h)
    if not n:
        return np.zeros(0, np.int64), []
    ranks, suits = h // 4, h % 4
    flush = np.zeros(4, dtype=bool)
    flush[flush_suits(board)] = True
    # order the other suits: most cards first, then the higher ranks (rank masks)
    key = np.zeros((n, 4), dtype=np.int64)
    for s in range(4):
        inside = suits == s
        count = inside.sum(axis=1)
        mask = (inside * (np.int64(1) << ranks)).sum(axis=1)
        key[:, s] = np.where(flush[s] | (count == 0), -1, count * (1 << 13) + mask)
    order = np.argsort(-key, axis=1, kind="stable")          # suits by key, best first
    variable = np.empty((n, 4), dtype=np.int64)
    variable[np.arange(n)[:, None], order] = np.arange(4)[None, :]
    token = np.where(flush[suits], suits, 4 + np.take_along_axis(variable, suits, axis=1))
    # cards high first, then by token, packed 7 bits a card
    card_key = ranks * 8 + (7 - token)
    card_key = -np.sort(-card_key, axis=1)
    code = np.zeros(n, dtype=np.int64)
    for k in range(4):
        code = code * 128 + card_key[:, k]
    uniq, inverse = np.unique(code, return_inverse=True)
    labels = []
    for c in uniq.tolist():
        parts = []
        for k in range(4):
            ck = (c >> (7 * (3 - k))) & 127
            rank, tok = ck // 8, 7 - ck % 8
            parts.append(RANKS[rank] + (SUITS[tok] if tok < 4 else _VARIABLES[tok - 4]))
        labels.append("".join(parts))
    return inverse.reshape(-1), labels


# ---- rows ---------------------------------------------------------------------------------------

def _families(result: SubgameResult, board: Sequence[int],
              family: Union[str, Sequence[str], None]) -> list[str]:
    have = [f for f in FAMILIES[result.game] if len(board) < 5 or f not in
            ("draw", "low draw", "counterfeit")]
    if family is None:
        return ["high", "low"] if "low" in have else ["high"]
    wanted = [family] if isinstance(family, str) else list(family)
    if not wanted:
        raise SubgameValueError("family: name at least one")
    for f in wanted:
        if f not in have:
            raise SubgameValueError(f"family {f!r}: this {result.game} node has "
                                    f"{', '.join(have)}")
    return wanted


def _mean(np: Any, groups: Any, count: int, weight: Any, values: Any) -> Any:
    """Per group: the weighted mean of ``values`` over its finite entries (NaN if none)."""
    ok = np.isfinite(values) & (weight > 0)
    num = np.bincount(groups, weights=np.where(ok, weight * np.where(ok, values, 0), 0),
                      minlength=count)
    den = np.bincount(groups, weights=np.where(ok, weight, 0), minlength=count)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(den > 0, num / np.where(den > 0, den, 1), np.nan)


def _opt(x: Any) -> Optional[float]:
    f = float(x)
    return None if f != f else round(f, 6) + 0.0     # no -0.0


def node_report(result: SubgameResult, path: str = "", *, turn: Cards = None,
                river: Cards = None, by: str = "category",
                family: Union[str, Sequence[str], None] = None,
                sort: Optional[str] = None) -> NodeReport:
    """The acting player's range at the node by category or hand class: per row its
    weight, share, each action's frequency, EV (overall and per action) and equity.

    ``family`` (``by="category"``) names one family of :mod:`omaha_fast.categories` or
    several, a row for each combination met (default: ``high`` and ``low`` in hi-lo,
    ``high`` in high). ``sort``: ``"order"`` (the family's order: the default for
    categories), ``"weight"`` (the default for classes; ties by EV, then by label),
    ``"ev"`` (ties by weight, then label), ``"equity"``, ``"label"``.

    >>> from omaha_fast.solve import BetTree, solve
    >>> r = solve("Ah Kd 7c 8s 2h", "AA:$ds", "KK:$ds@100,A2**@20", pot=10, stack=10,
    ...           tree=BetTree(bets=(1.0,), raise_cap=0), target=0.5)
    >>> rep = node_report(r, "bet 10", family="low")
    >>> rep.player, rep.actions, [row.label for row in rep.rows][:3]
    (1, ['fold', 'call'], ['nut low', 'second nut low', 'third nut low'])
    >>> [round(f, 2) for f in rep.rows[0].frequency]          # the nut low calls
    [0.0, 1.0]
    >>> rep.rows[-1].label, rep.rows[-1].action_ev[1] < 0     # calling without a low loses
    ('no low', True)
    """
    if by not in BY:
        raise SubgameValueError(f"by is 'category' or 'class', got {by!r}")
    if sort is not None and sort not in ROW_SORTS:
        raise SubgameValueError(f"sort is one of {', '.join(ROW_SORTS)}, got {sort!r}")
    v = _view(result, path, turn, river)
    w = v.reach
    live = w > 0
    if by == "class":
        fams: list[str] = []
        groups, labels = v.classes()
    else:
        fams = _families(result, v.board, family)
        groups, labels = _category_codes(np, result, v, fams)
    count = len(labels)
    weight = np.bincount(groups, weights=w, minlength=count)
    hands = np.bincount(groups, weights=live.astype(np.float64), minlength=count)
    freq: Any = np.stack([np.bincount(groups, weights=w * v.strategy[:, a], minlength=count)
                     for a in range(len(v.actions))], axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        freq = freq / np.where(weight > 0, weight, 1)[:, None]
    d = v.deals
    ev = _mean(np, groups, count, d, v.ev)
    aev = [_mean(np, groups, count, d, v.action_ev[:, a]) for a in range(len(v.actions))]
    eq = _mean(np, groups, count, d, v.equity)
    total = float(w.sum())
    shown = [g for g in range(count) if weight[g] > 0]
    how = sort or ("weight" if by == "class" else "order")
    evk = np.where(np.isfinite(ev), ev, -np.inf)
    eqk = np.where(np.isfinite(eq), eq, -np.inf)
    keys = {"order": lambda g: (g,),
            "weight": lambda g: (-weight[g], -evk[g], labels[g]),
            "ev": lambda g: (-evk[g], -weight[g], labels[g]),
            "equity": lambda g: (-eqk[g], -weight[g], labels[g]),
            "label": lambda g: (labels[g],)}
    shown.sort(key=keys[how])
    rows = [ReportRow(label=labels[g], hands=int(hands[g]), weight=round(float(weight[g]), 6),
                      share=round(float(weight[g]) / total, 6) if total > 0 else 0.0,
                      frequency=[round(float(f), 6) for f in freq[g]], ev=_opt(ev[g]),
                      action_ev=[_opt(a[g]) for a in aev], equity=_opt(eq[g]))
            for g in shown]
    zero = np.zeros(len(w), dtype=np.int64)
    with np.errstate(invalid="ignore", divide="ignore"):
        overall = (w[:, None] * v.strategy).sum(axis=0) / (total if total > 0 else 1)
    return NodeReport(path=path, dealt=[format_cards([c]) for c in v.dealt],
                      player=v.player, actions=v.actions, by=by, family=fams,
                      weight=round(total, 6), frequency=[round(float(f), 6) for f in overall],
                      ev=_opt(_mean(np, zero, 1, d, v.ev)[0]),
                      equity=_opt(_mean(np, zero, 1, d, v.equity)[0]), rows=rows)


def _category_codes(np: Any, result: SubgameResult, v: _View,
                    fams: list[str]) -> tuple[Any, list[str]]:
    cats = _categories(result, v)
    code = np.zeros(len(v.hands), dtype=np.int64)
    names: list[tuple[str, ...]] = []
    for f in fams:
        size = len(cats.names[f])
        code = code * size + cats.codes[f].astype(np.int64)
        names.append(cats.names[f])
    labels = [""]
    for nm in names:
        labels = [(a + ", " if a else "") + b for a in labels for b in nm]
    return code, labels


def _categories(result: SubgameResult, v: _View) -> Any:
    """The categories of every hand of the acting player on the node's board (hands
    holding a dealt card take each family's last label: their reach is 0)."""
    with _LOCK:
        return _read_categories(result, v)


def _read_categories(result: SubgameResult, v: _View) -> Any:
    if v.categories is not None:
        return v.categories
    hands = v.hands
    mask = 0
    for c in v.dealt:
        mask |= 1 << c
    live = _free(np, hands, mask)
    if live.all():
        cats = categorize(hands, v.board, result.game)
    else:
        part = categorize(hands[live], v.board, result.game)
        codes = {f: np.zeros(len(hands), dtype=c.dtype) for f, c in part.codes.items()}
        for f, c in part.codes.items():
            codes[f][live] = c
            codes[f][~live] = len(part.names[f]) - 1
        part.codes = codes
        cats = part
    v.categories = cats
    return cats


# ---- hands --------------------------------------------------------------------------------------

def hand_rows(result: SubgameResult, path: str = "", *, turn: Cards = None,
              river: Cards = None, filter: Optional[str] = None, sort: str = "weight",
              descending: bool = True, offset: int = 0, limit: int = 100,
              families: Optional[Sequence[str]] = None,
              category: Optional[Mapping[str, str]] = None,
              hand_class: Optional[str] = None) -> HandPage:
    """A page of the acting player's hands reaching the node (reach above 0), those in
    the range ``filter`` (range text) when given, of the labels ``category`` names
    (``{"low": "nut low"}``: a report row's hands) and of the class ``hand_class``: per
    hand its reach, strategy, EV (the mix, and each action's), equity, class and
    category labels (of ``families``, default every family the node has).

    ``sort``: ``"weight"``, ``"ev"``, ``"equity"``, ``"hand"`` (the deck's order), an
    action's name (its frequency) or ``"ev:"`` and an action's name; ties go by the
    deck's order. ``offset`` and ``limit`` page through the ``total`` that match.

    >>> from omaha_fast.solve import BetTree, solve
    >>> r = solve("Ah Kd 7c 8s 2h", "AA:$ds", "KK:$ds@100,A2**@20", pot=10, stack=10,
    ...           tree=BetTree(bets=(1.0,), raise_cap=0), target=0.5)
    >>> page = hand_rows(r, "bet 10", filter="34", sort="ev", limit=2)
    >>> page.total, len(page.rows), page.rows[0].hand, page.rows[0].hand_class
    (150, 2, 'Ac4d3d2c', 'Ax4y3y2x')
    >>> page.rows[0].categories["low"], page.rows[0].strategy[1] > 0.9
    ('nut low', True)
    >>> hand_rows(r, "bet 10", category={"low": "nut low", "high": "two pair"}).total
    144
    """
    v = _view(result, path, turn, river)
    idx = np.flatnonzero(v.reach > 0)
    if filter is not None:
        if not isinstance(filter, str):
            raise SubgameValueError(f"filter is range text, got {filter!r}")
        try:
            inside = Range(filter, result.game)._w > 0 if filter.strip() else None
        except RangeError as err:
            raise SubgameValueError(f"filter {filter!r}: {err}") from None
        if inside is not None:
            idx = idx[inside[_universe_index(np, v.hands[idx])]]
    if category:
        cats = _categories(result, v)
        for fam, label in dict(category).items():
            have = _families(result, v.board, fam)[0]
            if label not in cats.names[have]:
                raise SubgameValueError(f"category {fam!r}: no label {label!r}; the "
                                        f"labels are {', '.join(cats.names[have])}")
            idx = idx[cats.codes[have][idx] == cats.names[have].index(label)]
    if hand_class is not None:
        codes, labels = v.classes()
        if not isinstance(hand_class, str):
            raise SubgameValueError(f"hand_class is a class label, got {hand_class!r}")
        idx = idx[codes[idx] == labels.index(hand_class)] if hand_class in labels \
            else idx[:0]
    key = _hand_key(np, v, sort, idx)
    deck = _universe_index(np, v.hands[idx])
    order = np.lexsort((deck, -key if descending else key))
    for name, x in (("offset", offset), ("limit", limit)):
        if isinstance(x, bool) or not isinstance(x, int) or x < 0:
            raise SubgameValueError(f"{name} is a whole number 0 or more, got {x!r}")
    pick = idx[order[offset:offset + limit]]
    every = [f for f in FAMILIES[result.game]
             if len(v.board) < 5 or f not in ("draw", "low draw", "counterfeit")]
    fams = every if families is None else _families(result, v.board, list(families)) \
        if families else []
    cats = categorize(v.hands[pick], v.board, result.game) if len(pick) else None
    codes, labels = v.classes()
    rows = []
    for j, i in enumerate(pick.tolist()):
        rows.append(HandRow(
            hand=format_cards(sorted(v.hands[i].tolist(), reverse=True)),
            hand_class=labels[codes[i]], weight=round(float(v.reach[i]), 6),
            strategy=[round(float(x), 6) for x in v.strategy[i]], ev=_opt(v.ev[i]),
            action_ev=[_opt(x) for x in v.action_ev[i]], equity=_opt(v.equity[i]),
            categories={f: cats.names[f][int(cats.codes[f][j])] for f in fams
                        if cats is not None}))
    return HandPage(path=path, dealt=[format_cards([c]) for c in v.dealt], player=v.player,
                    actions=v.actions, total=int(len(idx)), offset=offset, rows=rows)


def _hand_key(np: Any, v: _View, sort: str, idx: Any) -> Any:
    if not isinstance(sort, str):
        raise SubgameValueError(f"sort is text, got {sort!r}")
    if sort == "weight":
        return v.reach[idx]
    if sort == "ev":
        return np.nan_to_num(v.ev[idx], nan=-np.inf)
    if sort == "equity":
        return np.nan_to_num(v.equity[idx], nan=-np.inf)
    if sort == "hand":
        return -_universe_index(np, v.hands[idx]).astype(np.float64)
    if sort in v.actions:
        return v.strategy[idx, v.actions.index(sort)]
    if sort.startswith("ev:") and sort[3:] in v.actions:
        return np.nan_to_num(v.action_ev[idx, v.actions.index(sort[3:])], nan=-np.inf)
    raise SubgameValueError(f"sort is one of {', '.join(HAND_SORTS)}, an action "
                            f"({', '.join(v.actions)}) or 'ev:' and an action, got {sort!r}")


def _universe_index(np: Any, hands: Any) -> Any:
    """Each hand's index in :func:`omaha_fast.ranges.universe` (its masks ascend)."""
    from ..ranges import _card_masks
    m = np.zeros(len(hands), dtype=np.uint64)
    for k in range(4):
        m |= np.uint64(1) << hands[:, k].astype(np.uint64)
    return np.searchsorted(_card_masks(), m)


# ---- run-outs -----------------------------------------------------------------------------------

def runout_report(result: SubgameResult, path: str, *, turn: Cards = None,
                  equity: bool = False) -> RunoutReport:
    """For a node below a chance node (a turn spot's river node; a flop spot's turn node,
    or its river node given ``turn``): each card that chance node deals, the acting
    player's reach, each action's frequency and the EV (overall and per action) of its
    range there; ``equity`` adds the showdown equity per card (a showdown per card).

    >>> from omaha_fast.solve import BetTree, solve
    >>> r = solve("Ah Kd 7c 8s", "AA:$ds", "KK:$ds", pot=10, stack=10,
    ...           tree=BetTree(bets=(1.0,), raise_cap=0, allin=False), iterations=30)
    >>> out = runout_report(r, "check/check")
    >>> out.street, len(out.rows), out.rows[0].card        # every river: 48, aces first
    ('river', 48, 'Ac')
    """
    k = result._node(path)
    depth = result.nodes[k].depth
    if depth == 0:
        raise SubgameValueError(f"node {path!r} is on the {result.street}, before any card "
                                f"is dealt: a run-out is of a node below a chance node")
    names = ("turn", "river") if result.street == "flop" else ("river",)
    street = names[depth - 1]
    if turn is not None and result.street != "flop":
        raise SubgameValueError(f"node {path!r}: a {result.street} spot deals no turn card")
    if street == "turn" and turn is not None:
        raise SubgameValueError(f"node {path!r} is on the turn: its run-out deals every "
                                f"turn card (leave out turn)")
    if street == "river" and result.street == "flop" and turn is None:
        raise SubgameValueError(f"node {path!r} is on the river: say which turn card")
    before = result._dealt(path, depth - 1, turn, None) if depth > 1 else []
    board = [int(c) for c in parse_cards(result.board)] + before
    cards = sorted((c for c in range(52) if c not in board), key=lambda c: (-(c // 4), c % 4))
    rows = []
    first = None
    weights, freqs, evs, deals = [], [], [], []
    for c in cards:
        # each card's node read apart, not kept: 48 of them would push out the views
        # the caller is looking at
        dealt = before + [c]
        v = _View(result, path, dealt, _keywords(result, dealt))
        first = first or v
        w = v.reach
        tw = float(w.sum())
        zero = np.zeros(len(w), dtype=np.int64)
        with np.errstate(invalid="ignore", divide="ignore"):
            f = (w[:, None] * v.strategy).sum(axis=0) / (tw if tw > 0 else 1)
        d = v.deals
        ev = _mean(np, zero, 1, d, v.ev)[0]
        aev = [_mean(np, zero, 1, d, v.action_ev[:, a])[0] for a in range(len(v.actions))]
        eq = _mean(np, zero, 1, d, v.equity)[0] if equity else float("nan")
        weights.append(tw)
        deals.append(float(d[np.isfinite(v.ev)].sum()))
        freqs.append(f * tw)
        evs.append(ev)
        rows.append(RunoutRow(card=format_cards([c]), weight=round(tw, 6), share=0.0,
                              frequency=[round(float(x), 6) for x in f], ev=_opt(ev),
                              action_ev=[_opt(a) for a in aev], equity=_opt(eq)))
    total = sum(weights)
    for row, tw in zip(rows, weights):
        row.share = round(tw / total, 6) if total > 0 else 0.0
    dsum = np.array(deals)
    evarr = np.array(evs)
    ok = np.isfinite(evarr) & (dsum > 0)
    overall_ev = float((dsum[ok] * evarr[ok]).sum() / dsum[ok].sum()) if ok.any() \
        else float("nan")
    overall = np.sum(freqs, axis=0) / (total if total > 0 else 1)
    assert first is not None
    return RunoutReport(path=path, street=street, dealt=[format_cards([c]) for c in before],
                        player=first.player, actions=first.actions,
                        frequency=[round(float(x), 6) for x in overall], ev=_opt(overall_ev),
                        rows=rows)


# ---- the range reaching a node -----------------------------------------------------------------

def node_range(result: SubgameResult, path: str, player: int, *, turn: Cards = None,
               river: Cards = None) -> Range:
    """The range of ``player`` reaching the node as a :class:`~omaha_fast.ranges.Range`:
    each hand's reach scaled so that the most reached weighs 100, rounded to the range
    syntax's whole weights 1..100 (a hand below half a percent of the most reached is left
    out; :meth:`SubgameResult.reach` has the exact figures). Its text (``str``) is range
    text the range reader reads back to the same range; ``combos`` and ``weights`` are its
    arrays; it feeds the next street's solve or ``equity`` as it is.

    >>> from omaha_fast.solve import BetTree, solve
    >>> r = solve("Ah Kd 7c 8s 2h", "AA:$ds", "KK:$ds@100,A2**@20", pot=10, stack=10,
    ...           tree=BetTree(bets=(1.0,), raise_cap=0), target=0.5)
    >>> calls = node_range(r, "bet 10/call", 1)
    >>> Range(str(calls)) == calls, 0 < len(calls) < len(r.hands[1])
    (True, True)
    """
    if player not in (0, 1):
        raise SubgameValueError(f"player is 0 (out of position) or 1, got {player!r}")
    w = reach_at(result, path, player, turn=turn, river=river)
    hands = np.asarray(result.hands[player])
    top = float(w.max()) if len(w) else 0.0
    q = np.rint(100 * w / top).astype(np.int64) if top > 0 else np.zeros(len(w), np.int64)
    keep = q >= 1
    weights = np.zeros(len(universe()), dtype=np.uint8)
    weights[_universe_index(np, hands[keep])] = q[keep].astype(np.uint8)
    text = _range_text(np, weights)
    return Range._from_weights(weights, text, "hilo")


def reach_at(result: SubgameResult, path: str, player: int, *, turn: Cards = None,
             river: Cards = None) -> Any:
    """:meth:`SubgameResult.reach` at any node of the tree, an action node or not: a
    showdown, a fold or the chance node ending a street (``"bet 10/call"``) takes the
    reach at the action node above it times the action taken there.

    >>> from omaha_fast.solve import BetTree, solve
    >>> r = solve("Ah Kd 7c 8s 2h", "AA:$ds", "KK:$ds", pot=10, stack=10,
    ...           tree=BetTree(bets=(1.0,), raise_cap=0), target=0.5)
    >>> import numpy as np
    >>> calls = reach_at(r, "bet 10/call", 1)
    >>> bool(np.allclose(calls, r.reach("bet 10", 1) * r.strategy("bet 10")[:, 1]))
    True
    """
    if path in result._index:
        return np.asarray(result.reach(path, player, turn=turn, river=river),
                          dtype=np.float64)
    found = [k for k, n in enumerate(result.nodes) if n.path == path and k]
    if not isinstance(path, str) or not found:
        result._node(path)                       # names the nodes there are
    k = found[0]
    while result.nodes[result.nodes[k].parent].kind != ACTION:
        k = result.nodes[k].parent
    a = result.nodes[k].parent
    above = result.nodes[a]
    w = np.array(result.reach(above.path, player, turn=turn, river=river), dtype=np.float64)
    if above.player == player:
        w *= np.asarray(result.strategy(above.path, turn=turn, river=river))[
            :, above.children.index(k)]
    return w


def _range_text(np: Any, weights: Any) -> str:
    """Range text of a weight per hand of the universe: the hands comma-separated, each
    with ``@weight`` unless every weight is 1 (the syntax weighs each sub-range or none,
    and a weight after a group of many hands would nest as deep as the group is long)."""
    idx = np.flatnonzero(weights)
    if not len(idx):
        return ""
    names = [format_cards([c]) for c in range(52)]
    hands = -np.sort(-universe()[idx].astype(np.int64), axis=1)      # high cards first
    texts = ["".join(names[c] for c in h) for h in hands.tolist()]
    if bool(weights[idx].max() == 1):
        return ",".join(texts)
    return ",".join(f"{t}@{w}" for t, w in zip(texts, weights[idx].tolist()))


# ---- JSON ---------------------------------------------------------------------------------------

def node_dict(result: SubgameResult, path: str = "", *, turn: Cards = None,
              river: Cards = None, family: Union[str, Sequence[str], None] = None,
              hands: bool = False) -> dict[str, Any]:
    """The node as JSON-ready data: where it is (board, cards dealt, pot, who acts), the
    category and class reports, and with ``hands`` every hand's row.

    >>> from omaha_fast.solve import BetTree, solve
    >>> r = solve("Ah Kd 7c 8s 2h", "AA:$ds", "KK:$ds", pot=10, stack=10,
    ...           tree=BetTree(bets=(1.0,), raise_cap=0), target=0.5)
    >>> d = node_dict(r, "check")
    >>> d["path"], d["player"], d["actions"], sorted(d["reports"])
    ('check', 1, ['check', 'bet 10'], ['category', 'class'])
    """
    k = result._node(path)
    node = result.nodes[k]
    cat = node_report(result, path, turn=turn, river=river, by="category", family=family)
    cls = node_report(result, path, turn=turn, river=river, by="class")
    out: dict[str, Any] = {
        "board": result.board, "game": result.game, "street": node.street,
        "path": path, "dealt": cat.dealt, "player": cat.player, "actions": cat.actions,
        "pot": round(result.pot + sum(node.contrib), 6), "contrib": list(node.contrib),
        "children": [c for c in result.paths if _is_child(result, k, c)],
        "next": _next(result, k),
        "weight": cat.weight, "frequency": cat.frequency, "ev": cat.ev,
        "equity": cat.equity,
        "reports": {"category": cat.to_dict(), "class": cls.to_dict()}}
    if hands:
        page = hand_rows(result, path, turn=turn, river=river, limit=len(result.hands[
            cat.player]))
        out["hands"] = page.to_dict()["rows"]
    return out


def _next(result: SubgameResult, k: int) -> list[dict[str, Any]]:
    """Where each action of node ``k`` leads: the node's path and kind (``"action"``,
    ``"fold"``, ``"showdown"``, or ``"chance"``: a card is dealt, ``deals`` names the
    street, then the path is the next street's first action node, or its showdown)."""
    node = result.nodes[k]
    out = []
    for action, child in zip(node.actions, node.children):
        c = result.nodes[child]
        deals = None
        if c.kind == CHANCE:
            deals = result.nodes[c.children[0]].street if c.children else None
        out.append({"action": action, "path": c.path, "kind": c.kind, "deals": deals,
                    "player": c.player if c.kind == ACTION else None})
    return out


def tree_outline(result: SubgameResult) -> list[dict[str, Any]]:
    """Every action node of the tree, parents first, for a view of the tree: its path,
    who acts, its street, how many cards are dealt above it (``depth``: 0 on the spot's
    first street) and where each action leads (as :func:`node_dict`'s ``next``).

    >>> from omaha_fast.solve import BetTree, solve
    >>> r = solve("Ah Kd 7c 8s", "AA:$ds", "KK:$ds", pot=10, stack=10,
    ...           tree=BetTree(bets=(1.0,), raise_cap=0, allin=False), iterations=5)
    >>> top = tree_outline(r)[1]
    >>> top["path"], top["player"], [(n["action"], n["kind"], n["deals"]) for n in top["next"]]
    ('check', 1, [('check', 'chance', 'river'), ('bet 10', 'action', None)])
    """
    out = []
    for path in result.paths:
        k = result._index[path]
        node = result.nodes[k]
        out.append({"path": path, "player": node.player, "street": node.street,
                    "depth": node.depth, "actions": list(node.actions),
                    "pot": round(result.pot + sum(node.contrib), 6),
                    "next": _next(result, k)})
    return out


def _is_child(result: SubgameResult, k: int, path: str) -> bool:
    """Whether the action node at ``path`` is the next one below node ``k`` (through a
    chance node or not)."""
    j = result._index[path]
    parent = result.nodes[j].parent
    while parent >= 0 and result.nodes[parent].kind == CHANCE:
        parent = result.nodes[parent].parent
    return parent == k and result.nodes[j].kind == ACTION


__all__ = ["node_report", "hand_rows", "runout_report", "node_range", "node_dict", "reach_at",
           "tree_outline",
           "hand_class_labels", "class_range", "flush_suits", "NodeReport", "ReportRow",
           "HandPage", "HandRow", "RunoutReport", "RunoutRow"]
