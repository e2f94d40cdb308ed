"""What the viewer shows, read from a solved tree: the one place the server asks the solve.

Every figure the page shows comes from a :class:`SpotData` method, each returning
JSON-ready data for one node (its path, and the turn and river cards dealt on the way):
the node and its children, the strategy by hand category and by hand class or hand (a
page of rows, filtered by the range syntax and sorted), one hand's actions, the run-out
below a chance node, the range reaching the node. Aggregates are numpy over the whole
range; only a page of rows is ever turned into text.

>>> from omaha_fast.solve import BetTree, solve
>>> r = solve("Ah Kd 7c 8s 2h", ["3c4dKsKh", "5c6c9d9h"], ["3d4hQsQc", "JcJdTcTd"],
...           pot=10, stack=10, tree=BetTree(bets=(1.0,), raise_cap=0), iterations=20)
>>> d = SpotData(r)
>>> node = d.node("")
>>> node["player"], [c["action"] for c in node["children"]]
(0, ['check', 'bet 10'])
>>> round(sum(a["frequency"] for a in node["actions"]), 6)
1.0
>>> page = d.hands("", group="hand", filter="KK")
>>> [row["name"] for row in page["rows"]]
['KsKh4d3c']
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any, Optional

import numpy as np

from ..cards import format_cards, parse_cards
from ..categories import FAMILIES, categorize
from ..ranges import Range
from ..solve import report
from ..solve.result import SubgameResult
from ..solve.tree import ACTION, CHANCE, FOLD
from .errors import ViewError

_MAX_PAGE = 500
_SORTS = ("weight", "ev", "name", "hands")



def _card_text(c: int) -> str:
    return format_cards([c])


def colex_index(hands: Any) -> Any:
    """Each hand's index in :func:`omaha_fast.ranges.universe` (colex order of its sorted
    cards), for a whole (n, 4) array at once.

    >>> from omaha_fast.ranges import universe
    >>> colex_index(universe()[[0, 1, 270724]]).tolist()
    [0, 1, 270724]
    """
    h = np.sort(np.asarray(hands, dtype=np.int64), axis=1)
    out = np.zeros(len(h), dtype=np.int64)
    for k in range(4):                     # C(c, k + 1) for the k-th smallest card
        c = h[:, k]
        term = np.ones_like(c)
        for j in range(k + 1):
            term = term * (c - j)
        fact = 1
        for j in range(2, k + 2):
            fact *= j
        out += term // fact
    return out


@dataclass
class _Node:
    """One node with its dealt cards, read once: who acts, their reach, strategy and EVs."""

    index: int
    path: str
    dealt: list[int]
    player: int
    actions: list[str]
    strategy: Any          # (n, A) of the acting player
    action_ev: Any         # (n, A), NaN where a hand meets no opposing hand
    reach: tuple[Any, Any]
    deal: Any              # (n,) each hand's share of the deals here: its reach times the
    #                        opponent's reach over the hands sharing no card with it


class SpotData:
    """The viewer's questions, answered from a :class:`SubgameResult` (see the module
    doc). Nodes and categories are cached, a few at a time."""

    def __init__(self, result: SubgameResult) -> None:
        self.result = result
        self._nodes: dict[tuple[str, tuple[int, ...]], _Node] = {}
        self._categories: dict[tuple[int, tuple[int, ...]], Any] = {}
        self._classes: dict[tuple[int, tuple[int, ...]], tuple[list[str], Any]] = {}
        self._names: dict[int, tuple[Any, Any]] = {}
        self._index: dict[int, Any] = {}
        self._reports: dict[tuple[str, tuple[int, ...], str, str], Any] = {}

    @classmethod
    def load(cls, path: str) -> SpotData:
        """A saved solve (``SubgameResult.load``; a file that is not one raises
        :class:`omaha_fast.solve.SolvedFileError`)."""
        return cls(SubgameResult.load(path))

    # ---- the spot and the tree ---------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        """The spot: board, game, pot, stack, the solve's measures, the range sizes."""
        r = self.result
        return {"board": format_cards([int(c) for c in parse_cards(r.board)]),
                "game": r.game, "street": r.street, "pot": r.pot, "stack": r.stack,
                "iterations": r.iterations, "exploitability_pct": r.exploitability,
                "ev": list(r.ev), "equity": list(r.equity),
                "hands": [len(r.hands[0]), len(r.hands[1])],
                "tree": r.tree.to_dict(), "families": list(FAMILIES[r.game])}

    def tree(self) -> dict[str, Any]:
        """Every action node of the tree, parents first (the reports'
        :func:`~omaha_fast.solve.report.tree_outline`: path, who acts, street, the cards
        dealt above it, where each action leads), and the cards each chance deals."""
        return {"deals": list(self._dealt_names()),
                "nodes": report.tree_outline(self.result)}

    def _dealt_names(self) -> tuple[str, ...]:
        return ("turn", "river") if self.result.street == "flop" else ("river",)

    def _read(self, path: str, turn: Optional[str], river: Optional[str]) -> _Node:
        r = self.result
        try:
            k = r._node(path)
            dealt = r._dealt(path, r.nodes[k].depth, turn, river)
        except (TypeError, ValueError) as err:
            raise ViewError(str(err)) from None
        key = (path, tuple(dealt))
        if key in self._nodes:
            return self._nodes[key]
        cards = dict(zip(self._dealt_names(), (_card_text(c) for c in dealt)))
        p = r.player(path)
        reach = (r.reach(path, 0, **cards), r.reach(path, 1, **cards))
        deal = reach[p] * compatible_weight(r.hands[p], r.hands[1 - p], reach[1 - p])
        node = _Node(k, path, dealt, p, r.actions(path),
                     np.asarray(r.strategy(path, **cards), dtype=np.float64),
                     np.asarray(r.action_ev(path, **cards), dtype=np.float64), reach, deal)
        if len(self._nodes) >= 16:
            self._nodes.pop(next(iter(self._nodes)))
        self._nodes[key] = node
        return node

    def _board(self, dealt: list[int]) -> list[int]:
        return [int(c) for c in parse_cards(self.result.board)] + dealt

    def node(self, path: str = "", turn: Optional[str] = None, river: Optional[str] = None,
             family: Optional[str] = None) -> dict[str, Any]:
        """The node: who acts, the pot, each action's frequency and EV over the range
        reaching it, the children (an action node, a chance node asking for a card, or
        the end of the hand), the line of actions from the root, the chance node just
        above (when a card was dealt right before it), and the strategy by hand
        category in ``family`` (the board's first family when it has no such family:
        a river has no draws)."""
        r = self.result
        n = self._read(path, turn, river)
        nd = r.nodes[n.index]
        w = n.reach[n.player]
        total = float(w.sum())
        freq = (w[:, None] * n.strategy).sum(axis=0) / max(total, 1e-300)
        actions = []
        for a, name in enumerate(n.actions):
            actions.append({"action": name, "frequency": float(freq[a]),
                            "ev": _mean(np, n.action_ev[:, a], n.deal * n.strategy[:, a])})
        children = []
        for a, c in enumerate(nd.children):
            child = r.nodes[c]
            entry: dict[str, Any] = {"action": nd.actions[a], "kind": child.kind,
                                     "path": child.path}
            if child.kind == CHANCE:
                entry["deals"] = self._dealt_names()[child.depth]
            elif child.kind == FOLD:
                entry["folded"] = child.player
            children.append(entry)
        line = []
        k = n.index
        while r.nodes[k].parent >= 0:
            parent = r.nodes[k].parent
            if r.nodes[parent].kind == ACTION:
                pn = r.nodes[parent]
                line.append({"path": pn.path, "player": pn.player,
                             "action": pn.actions[pn.children.index(k)],
                             "street": pn.street})
            k = parent
        above = r.nodes[nd.parent] if nd.parent >= 0 else None
        chance = None if above is None or above.kind != CHANCE else {
            "path": above.path, "deals": self._dealt_names()[above.depth]}
        families = self._category_codes(n.player, n.dealt)[1].families
        fam = family if family is not None and family in families else families[0]
        return {"path": path, "player": n.player, "street": nd.street,
                "board": format_cards(self._board(n.dealt)),
                "dealt": {name: _card_text(c) for name, c in
                          zip(self._dealt_names(), n.dealt)},
                "pot": r.pot + nd.contrib[0] + nd.contrib[1],
                "contrib": list(nd.contrib),
                "reach": [float(n.reach[0].sum()), float(n.reach[1].sum())],
                "combos": [int((n.reach[0] > 0).sum()), int((n.reach[1] > 0).sum())],
                "ev": _mean(np, _hand_value(np, n.strategy, n.action_ev), n.deal),
                "equity": self._report(n, "category", fam).equity,
                "actions": actions, "children": children, "line": list(reversed(line)),
                "chance_above": chance,
                "categories": self.categories(path, turn, river, fam)}

    # ---- categories --------------------------------------------------------------------

    def _category_codes(self, player: int, dealt: list[int]) -> Any:
        """The player's hands' categories on the node's board (hands holding a dealt card
        are left out: their rows say -1)."""
        key = (player, tuple(dealt))
        if key not in self._categories:
            hands = self.result.hands[player]
            live = ~np.isin(hands, dealt).any(axis=1) if dealt else np.ones(len(hands), bool)
            cats = categorize(hands[live], self._board(dealt), self.result.game)
            if len(self._categories) >= 8:
                self._categories.pop(next(iter(self._categories)))
            self._categories[key] = (live, cats)
        return self._categories[key]

    def _family_codes(self, player: int, dealt: list[int], family: str) -> tuple[Any, list[str]]:
        live, cats = self._category_codes(player, dealt)
        if family not in cats.codes:
            raise ViewError(f"no hand category family {family!r} on this board; it has "
                            f"{', '.join(cats.families)}")
        codes = np.full(len(live), -1, dtype=np.int64)
        codes[live] = cats.codes[family]
        return codes, list(cats.names[family])

    def categories(self, path: str = "", turn: Optional[str] = None,
                   river: Optional[str] = None, family: str = "high") -> dict[str, Any]:
        """The strategy by hand category: for each label of ``family`` that the range
        reaching the node holds, its share of the range, each action's frequency, its EV."""
        n = self._read(path, turn, river)
        codes, names = self._family_codes(n.player, n.dealt, family)
        w = n.reach[n.player]
        total = max(float(w.sum()), 1e-300)
        rows = []
        for code, label in enumerate(names):
            sel = (codes == code) & (w > 0)
            if not sel.any():
                continue
            ws = w[sel]
            s = n.strategy[sel]
            weight = float(ws.sum())
            rows.append({"label": label, "share": weight / total, "hands": int(sel.sum()),
                         "frequencies": [float(x) for x in
                                         (ws[:, None] * s).sum(axis=0) / weight],
                         "ev": _mean(np, _hand_value(np, s, n.action_ev[sel]),
                                     n.deal[sel])})
        equity = self._equities(n, "category", family)
        for row in rows:
            row["equity"] = equity.get(str(row["label"]))
        families = self._category_codes(n.player, n.dealt)[1].families
        return {"family": family, "families": families, "rows": rows}

    # ---- the table of hands ------------------------------------------------------------

    def _high_first(self, player: int) -> Any:
        """The player's hands, each with its cards high first (as the range syntax
        prints them), and a number per hand that orders them so (``name`` sorts)."""
        if player not in self._names:
            h = -np.sort(-self.result.hands[player].astype(np.int64), axis=1)
            self._names[player] = (h, _key(h, (0, 1, 2, 3)))
        return self._names[player]

    def _hand_text(self, player: int, rows: Any) -> list[str]:
        """The texts of some of the player's hands (a page's: never all at once)."""
        h = self._high_first(player)[0]
        return [format_cards(c) for c in h[rows].tolist()]

    def _colex(self, player: int) -> Any:
        if player not in self._index:
            self._index[player] = colex_index(self.result.hands[player])
        return self._index[player]

    def _classes_of(self, player: int, dealt: list[int]) -> tuple[list[str], Any]:
        """(class labels in order, each hand's class number) on the node's board: the
        reports' classes (:func:`omaha_fast.solve.report.hand_class_labels`, suits
        relative to the board's flush suits); a hand holding a dealt card has none."""
        key = (player, tuple(dealt))
        if key not in self._classes:
            hands = self.result.hands[player]
            live = ~np.isin(hands, dealt).any(axis=1) if dealt else np.ones(len(hands), bool)
            labels = np.full(len(hands), "", dtype=object)
            labels[live] = report.hand_class_labels(hands[live], self._board(dealt))
            names, of_hand = np.unique(labels.astype(str), return_inverse=True)
            if len(self._classes) >= 8:
                self._classes.pop(next(iter(self._classes)))
            self._classes[key] = ([str(x) for x in names], of_hand.reshape(-1))
        return self._classes[key]

    def _report(self, n: _Node, by: str, family: str = "") -> Any:
        """The node report by category of ``family`` or by class (kept: each page of a
        class table asks it again)."""
        key = (n.path, tuple(n.dealt), by, family)
        if key not in self._reports:
            if len(self._reports) >= 16:
                self._reports.pop(next(iter(self._reports)))
            self._reports[key] = report.node_report(
                self.result, n.path, by=by, family=family or None, **self._cards(n.dealt))
        return self._reports[key]

    def _equities(self, n: _Node, by: str, family: str = "") -> dict[str, Optional[float]]:
        """Each row's equity (pot share at showdown against the opponent's range here,
        every card to come dealt), from the node reports: by category of ``family`` or
        by class."""
        return {row.label: row.equity for row in self._report(n, by, family).rows}

    def _cards(self, dealt: list[int]) -> dict[str, Optional[str]]:
        """The dealt cards as the reports take them: ``turn`` and ``river``."""
        cards = dict(zip(self._dealt_names(), (_card_text(c) for c in dealt)))
        return {"turn": cards.get("turn"), "river": cards.get("river")}

    def _select(self, n: _Node, filter: str, category: str, hand_class: str) -> Any:
        """The hands of the acting player reaching the node that pass every filter."""
        w = n.reach[n.player]
        sel = w > 0
        if filter.strip():
            try:
                rng = Range(filter, self.result.game)
            except (TypeError, ValueError) as err:
                raise ViewError(f"filter {filter!r}: {err}") from None
            sel &= np.isin(self._colex(n.player), colex_index(rng.combos))
        if category:
            family, _, label = category.partition(":")
            codes, names = self._family_codes(n.player, n.dealt, family)
            if label not in names:
                raise ViewError(f"no category {label!r} in {family}")
            sel &= codes == names.index(label)
        if hand_class:
            names, classes = self._classes_of(n.player, n.dealt)
            if hand_class not in names:
                raise ViewError(f"no hand class {hand_class!r} in this range")
            sel &= classes == names.index(hand_class)
        return sel

    def hands(self, path: str = "", turn: Optional[str] = None, river: Optional[str] = None,
              *, group: str = "class", filter: str = "", category: str = "",
              hand_class: str = "", sort: str = "weight", descending: bool = True,
              offset: int = 0, limit: int = 50) -> dict[str, Any]:
        """A page of the table: one row per hand class (``group="class"``) or per hand
        (``"hand"``) of the acting player's range reaching the node, each with its
        weight (reach), share, each action's frequency and EV, and its EV. ``filter``
        keeps the hands of a range (the package's range syntax), ``category`` those of
        one label (``"high:nuts"``), ``hand_class`` one class. ``sort`` is ``weight``,
        ``ev``, ``name``, ``hands`` (classes), ``freq:A`` or ``ev:A`` (action A's column);
        ties go by weight, then EV, then name. ``total`` counts the rows of every page."""
        if group not in ("class", "hand"):
            raise ViewError(f"group is 'class' or 'hand', got {group!r}")
        n = self._read(path, turn, river)
        sel = self._select(n, filter, category, hand_class)
        w = n.reach[n.player]
        idx = np.flatnonzero(sel)
        s, ev = n.strategy[idx], n.action_ev[idx]
        ws, ds = w[idx], n.deal[idx]
        value = _hand_value(np, s, ev)
        A = len(n.actions)
        if group == "hand":
            weight, count = ws, np.ones(len(idx), dtype=np.int64)
            freq, aev, tot_ev = s, ev, value
            name_key = self._high_first(n.player)[1][idx]
        else:
            cnames, classes = self._classes_of(n.player, n.dealt)
            g_all = classes[idx]
            uniq, g = np.unique(g_all, return_inverse=True)
            m = len(uniq)
            weight = np.bincount(g, ws, minlength=m)
            count = np.bincount(g, minlength=m)
            safe = np.where(weight > 0, weight, 1.0)
            freq = np.stack([np.bincount(g, ws * s[:, a], minlength=m) / safe
                             for a in range(A)], axis=1) if A else np.zeros((m, 0))
            aev = np.stack([_group_mean(np, g, m, ev[:, a], ds * s[:, a])
                            for a in range(A)], axis=1) if A else np.zeros((m, 0))
            tot_ev = _group_mean(np, g, m, value, ds)
            name_key = uniq               # classes are numbered in the order of their labels
        total_w = max(float(w.sum()), 1e-300)
        order = self._order(np, sort, descending, weight, tot_ev, freq, aev, name_key,
                            count, A)
        offset = max(0, int(offset))
        limit = max(1, min(int(limit), _MAX_PAGE))
        page = order[offset:offset + limit]
        if group == "hand":
            names = self._hand_text(n.player, idx[page])
            equity = self._hand_equities(n, names)
        else:
            names = [cnames[k] for k in uniq[page].tolist()]
            equity = self._equities(n, "class") if names else {}
        rows = []
        for i, name in zip(page.tolist(), names):
            rows.append({"name": name, "hands": int(count[i]),
                         "weight": float(weight[i]), "share": float(weight[i]) / total_w,
                         "frequencies": [float(x) for x in freq[i]],
                         "action_ev": [_num(x) for x in aev[i]], "ev": _num(tot_ev[i]),
                         "equity": equity.get(name)})
        return {"path": path, "player": n.player, "actions": n.actions, "group": group,
                "total": len(order), "offset": offset, "limit": limit,
                "weight": float(weight.sum()), "share": float(weight.sum()) / total_w,
                "rows": rows}

    def _hand_equities(self, n: _Node, names: list[str]) -> dict[str, Optional[float]]:
        """The equity of each of these hands (a page's), from the node reports."""
        if not names:
            return {}
        cards = self._cards(n.dealt)
        page = report.hand_rows(self.result, n.path, filter=",".join(names),
                                limit=len(names), families=[], turn=cards["turn"],
                                river=cards["river"])
        return {row.hand: row.equity for row in page.rows}

    @staticmethod
    def _order(np: Any, sort: str, descending: bool, weight: Any, ev: Any, freq: Any,
               aev: Any, name_key: Any, count: Any, n_actions: int) -> Any:
        """Row order: the sort key, then weight, EV and name to break ties (weight and
        EV in the same direction, names from low to high: ``name_key`` orders the rows
        by their hands' ranks, high card first, then suits)."""
        key, _, col = sort.partition(":")
        if key not in _SORTS + ("freq",) or (key in ("freq",) and not col) \
                or (col and key not in ("freq", "ev")):
            raise ViewError(f"sort by weight, ev, name, hands, freq:A or ev:A, got {sort!r}")
        if col and not (col.isdigit() and int(col) < n_actions):
            raise ViewError(f"sort {sort!r}: no action {col!r} here")
        sign = -1.0 if descending else 1.0
        ev_key = np.nan_to_num(ev, nan=-np.inf if descending else np.inf)
        name_rank = name_key
        keys = [name_rank, sign * ev_key, sign * weight]   # lexsort: last key first
        if key == "ev" and col:
            keys.append(sign * np.nan_to_num(aev[:, int(col)],
                                             nan=-np.inf if descending else np.inf))
        elif key == "ev":
            keys = [name_rank, sign * weight, sign * ev_key]
        elif key == "freq":
            keys.append(sign * freq[:, int(col)])
        elif key == "name":
            keys = [sign * weight, name_rank if not descending else -name_rank]
        elif key == "hands":
            keys.append(sign * count)
        return np.lexsort(keys) if len(weight) else np.zeros(0, dtype=np.int64)

    def hand(self, path: str, hand: str, turn: Optional[str] = None,
             river: Optional[str] = None) -> dict[str, Any]:
        """One hand of the acting player at the node: its reach, each action's frequency
        and EV, its EV, and its category in each family."""
        n = self._read(path, turn, river)
        try:
            cards = sorted(int(c) for c in parse_cards(hand))
        except ValueError as err:
            raise ViewError(f"hand {hand!r}: {err}") from None
        hands = np.sort(self.result.hands[n.player].astype(np.int64), axis=1)
        hit = np.flatnonzero((hands == np.array(cards)).all(axis=1)) if len(cards) == 4 \
            else np.zeros(0, dtype=np.int64)
        if not len(hit):
            raise ViewError(f"hand {hand!r} is not in the range of the player to act")
        i = int(hit[0])
        live, cats = self._category_codes(n.player, n.dealt)
        labels = {}
        if live[i]:
            j = int(live[:i].sum())
            labels = {f: cats.names[f][int(cats.codes[f][j])] for f in cats.families}
        name = self._hand_text(n.player, [i])[0]
        classes = self._classes_of(n.player, n.dealt)
        return {"hand": name, "player": n.player,
                "weight": float(n.reach[n.player][i]),
                "prior": float(self.result.weights[n.player][i]),
                "actions": [{"action": a, "frequency": float(n.strategy[i, k]),
                             "ev": _num(n.action_ev[i, k])}
                            for k, a in enumerate(n.actions)],
                "ev": _num(_hand_value(np, n.strategy[i:i + 1], n.action_ev[i:i + 1])[0]),
                "equity": self._hand_equities(n, [name]).get(name),
                "class": classes[0][classes[1][i]], "categories": labels}

    # ---- the run-out and the range -----------------------------------------------------

    def runout(self, path: str, turn: Optional[str] = None) -> dict[str, Any]:
        """Below the chance node at ``path`` (the street's last action was a call or a
        check behind): for each card that can come, the strategy of the player acting
        next (each action's frequency over the range reaching there) and the EV of both
        players' ranges. ``turn`` is the turn card when ``path`` ends the turn of a flop
        spot."""
        r = self.result
        chance = [k for k, nd in enumerate(r.nodes) if nd.kind == CHANCE and nd.path == path]
        if not chance:
            raise ViewError(f"no chance node {path!r} (a street's end where a card comes)")
        cn = r.nodes[chance[0]]
        names = self._dealt_names()
        try:
            before = r._dealt(path, cn.depth, turn, None) if cn.depth else []
        except ValueError as err:
            raise ViewError(str(err)) from None
        deal = names[cn.depth]
        board = self._board(before)
        rows = []
        actions: list[str] = []
        for c in range(52):
            if c in board:
                continue
            cards = dict(zip(names, [_card_text(x) for x in before] + [_card_text(c)]))
            n = self._read(path, cards.get("turn"), cards.get("river"))
            actions = n.actions
            w = n.reach[n.player]
            total = float(w.sum())
            freq = (w[:, None] * n.strategy).sum(axis=0) / max(total, 1e-300)
            rows.append({"card": _card_text(c), "player": n.player,
                         "frequencies": [float(x) for x in freq],
                         "ev": _mean(np, _hand_value(np, n.strategy, n.action_ev), n.deal),
                         "reach": [float(n.reach[0].sum()), float(n.reach[1].sum())]})
        return {"path": path, "deals": deal, "board": format_cards(board),
                "actions": actions, "rows": rows}

    def node_range(self, path: str, player: int, turn: Optional[str] = None,
                   river: Optional[str] = None, preview: Optional[int] = None
                   ) -> dict[str, Any]:
        """The range of ``player`` reaching the node: as range text (the reports'
        :func:`~omaha_fast.solve.report.node_range`: each hand ``@`` its reach scaled so
        that the most reached weighs 100, hands under half a percent of it left out; it
        reads back to the same range) and as arrays (hands as card ints, the exact reach
        in the solve's own weights), so it feeds the next street's solve or
        ``equity()``. With ``preview``, only that many of the heaviest hands' text and no
        arrays: what a page shows of a range of thousands."""
        if player not in (0, 1):
            raise ViewError(f"player is 0 (out of position) or 1, got {player!r}")
        n = self._read(path, turn, river)
        w = n.reach[player]
        idx = np.flatnonzero(w > 0)
        rng = report.node_range(self.result, path, player, **self._cards(n.dealt))
        out: dict[str, Any] = {"path": path, "player": player, "hands": int(len(idx)),
                               "weight": float(w.sum()), "in_text": len(rng)}
        if preview is None:
            out["text"] = str(rng)
            out["arrays"] = {"hands": self.result.hands[player][idx].astype(int).tolist(),
                             "weights": [float(x) for x in w[idx]]}
        else:
            top = np.argsort(-rng.weights.astype(np.int64), kind="stable")[:max(0, preview)]
            h = -np.sort(-rng.combos[top].astype(np.int64), axis=1)
            out["text"] = ",".join(f"{format_cards(c)}@{x}" for c, x in
                                   zip(h.tolist(), rng.weights[top].tolist()))
        return out

    def node_export(self, path: str, turn: Optional[str] = None,
                    river: Optional[str] = None) -> dict[str, Any]:
        """The node as the reports write it (:func:`omaha_fast.solve.report.node_dict`:
        where it is, the category and class reports): the page's JSON export."""
        n = self._read(path, turn, river)
        cards = self._cards(n.dealt)
        out: dict[str, Any] = report.node_dict(self.result, path, turn=cards["turn"],
                                               river=cards["river"])
        return out


def compatible_weight(hands: Any, opponent: Any, weights: Any) -> Any:
    """Per hand of ``hands``: the total of ``weights`` over the ``opponent`` hands that
    share no card with it, by inclusion-exclusion over the cards they share (one, two,
    three or all four), so that no (hands x opponents) table is ever made. A hand's EV
    is per deal: these are the deals' weights, and the range's EV weighs each hand by
    its reach times this.

    >>> compatible_weight([[0, 1, 2, 3]], [[0, 4, 5, 6], [4, 5, 6, 7], [0, 1, 2, 3]],
    ...                   [1.0, 2.0, 4.0]).tolist()
    [2.0]
    """
    mine = np.sort(np.asarray(hands, dtype=np.int64).reshape(-1, 4), axis=1)
    theirs = np.sort(np.asarray(opponent, dtype=np.int64).reshape(-1, 4), axis=1)
    w = np.asarray(weights, dtype=np.float64)
    out = np.full(len(mine), float(w.sum()))
    if not len(theirs):
        return out
    for k in (1, 2, 3, 4):
        # the weight of the opposing hands holding each k cards, keyed by those cards
        subsets = list(combinations(range(4), k))
        keys = np.concatenate([_key(theirs, cs) for cs in subsets])
        uniq, inv = np.unique(keys, return_inverse=True)
        sums = np.bincount(inv.reshape(-1), np.tile(w, len(subsets)), minlength=len(uniq))
        for cs in subsets:
            ask = _key(mine, cs)
            at = np.minimum(np.searchsorted(uniq, ask), len(uniq) - 1)
            out += (-1) ** k * np.where(uniq[at] == ask, sums[at], 0.0)
    return out


def _key(hands: Any, cards: tuple[int, ...]) -> Any:
    """The cards at these places of each sorted hand, as one number."""
    key = hands[:, cards[0]].copy()
    for c in cards[1:]:
        key = key * 52 + hands[:, c]
    return key


def _num(x: Any) -> Optional[float]:
    """A float, or None for NaN (JSON has no NaN)."""
    f = float(x)
    return None if f != f else f


def _hand_value(np: Any, s: Any, ev: Any) -> Any:
    """Each hand's EV at the node: its strategy times each action's EV, NaN where no
    action has one."""
    out = (s * np.nan_to_num(ev)).sum(axis=1)
    return np.where(np.isnan(ev).all(axis=1), np.nan, out) if ev.shape[1] else out


def _mean(np: Any, values: Any, weights: Any) -> Optional[float]:
    """The weighted mean of the finite values, or None when no weight is on one."""
    ok = np.isfinite(values) & (weights > 0)
    total = float(weights[ok].sum())
    return float((values[ok] * weights[ok]).sum() / total) if total > 0 else None


def _group_mean(np: Any, g: Any, m: int, values: Any, weights: Any) -> Any:
    """Per group, the weighted mean of the finite values (NaN without one)."""
    ok = np.isfinite(values)
    wv = np.where(ok, weights, 0.0)
    num = np.bincount(g, wv * np.nan_to_num(values), minlength=m)
    den = np.bincount(g, wv, minlength=m)
    return np.where(den > 0, num / np.where(den > 0, den, 1.0), np.nan)


__all__ = ["SpotData", "colex_index", "compatible_weight"]
