"""A solved subgame: strategies at every node, EVs, equities, exploitability; save/load.

A saved tree is one ``.npz`` file (numpy's zip of arrays, read without pickle): the hands,
weights, per-hand EVs and equities and the average strategy of every action node, plus a
``meta.json`` entry (UTF-8 JSON: the spot, the bet tree, the node list, the measures).
"""

from __future__ import annotations

import json
import os
import zipfile
from dataclasses import dataclass, field
from typing import Any, Optional, Union

from .._extras import import_extra
from ..cards import Card, format_cards, parse_cards
from ..errors import InvalidCardError
from .errors import SolvedFileError, SubgameTypeError, SubgameValueError
from .tree import ACTION, BetTree, Node

FORMAT = "omaha_fast-subgame-1"

Cards = Union[str, int, Card, None]
"""A dealt card as ``strategy`` and the other per-node methods take it: text, an int or
a Card."""


def _np() -> Any:
    return import_extra("numpy", "numpy")


@dataclass
class SubgameResult:
    """The outcome of :func:`omaha_fast.solve.solve`.

    Player 0 is out of position (acts first on each street), player 1 in position.
    Chip figures are per deal, in the spot's chips: a player's EV counts what it wins
    from the pot less what it puts in during the subgame, so the two EVs add up to the
    pot. Percentages are of the starting pot.
    """

    board: str
    game: str
    pot: float
    stack: float
    tree: BetTree
    nodes: list[Node]
    hands: tuple[Any, Any]
    weights: tuple[Any, Any]
    strategies: dict[int, Any]
    rivers: list[int]
    iterations: int
    seconds: float
    exploitability: float
    history: list[tuple[int, float, float]]
    ev: tuple[float, float]
    hand_ev: tuple[Any, Any]
    equity: tuple[float, float]
    hand_equity: tuple[Any, Any]
    action_values: Optional[dict[int, Any]] = None
    """Per action node: (B, n, A) float32, the acting player's chips per deal reaching
    the node for taking each action (see :meth:`action_ev`); None for a file saved
    without them."""
    _index: dict[str, int] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self._index = {n.path: k for k, n in enumerate(self.nodes) if n.kind == ACTION}

    @property
    def street(self) -> str:
        """``"turn"`` or ``"river"``, the street the subgame starts on."""
        return "turn" if self.rivers else "river"

    @property
    def paths(self) -> list[str]:
        """The path of every action node ('' is the root; actions joined by '/')."""
        return list(self._index)

    def _node(self, path: str) -> int:
        if not isinstance(path, str):
            raise SubgameTypeError(f"a node path is text such as 'check/bet 5', got {path!r}")
        if path not in self._index:
            near = ", ".join(repr(p) for p in self.paths[:6])
            raise SubgameValueError(f"no action node {path!r}; the nodes start {near}, ...")
        return self._index[path]

    def player(self, path: str = "") -> int:
        """Who acts at the node: 0 (out of position) or 1."""
        return self.nodes[self._node(path)].player

    def actions(self, path: str = "") -> list[str]:
        """The actions at the node, in the order of the strategy's columns."""
        return list(self.nodes[self._node(path)].actions)

    def _row(self, k: int, turn: Cards = None, river: Cards = None) -> int:
        """The row of node k's per-deal arrays (``strategies``, ``action_values``) for the
        cards dealt below the spot's first street: none at depth 0; a turn spot's river
        card at depth 1 (the row is its index in :attr:`rivers`)."""
        nd = self.nodes[k]
        if turn is not None:
            raise SubgameValueError(f"node {nd.path!r}: a {self.street} spot deals no turn "
                                    f"card")
        if nd.depth == 0 or not self.rivers:
            if river is not None:
                raise SubgameValueError(f"node {nd.path!r} comes before any river card")
            return 0
        if river is None:
            raise SubgameValueError(f"node {nd.path!r} is on the river: say which river card")
        card = _one_card(river, "river")
        if card not in self.rivers:
            raise SubgameValueError(f"river must be one card not on the board, got {river!r}")
        return self.rivers.index(card)

    def _dealt(self, k: int, turn: Cards, river: Cards) -> dict[str, Cards]:
        """The keyword pair node k takes, from a pair given for a node at or below it:
        an ancestor nearer the root needs fewer cards."""
        given = {"turn": turn, "river": river}
        names = {"flop": ("turn", "river"), "turn": ("river",)}.get(self.street, ())
        return {name: given[name] for name in names[:self.nodes[k].depth]}

    def strategy(self, path: str = "", *, turn: Cards = None, river: Cards = None) -> Any:
        """The acting player's average strategy at the node: (hands, actions), each row
        one hand of :attr:`hands` of that player, adding to 1. Nodes after the river card
        of a turn spot need ``river``; hands holding it get a uniform row."""
        k = self._node(path)
        return self.strategies[k][self._row(k, turn, river)]

    def action_ev(self, path: str = "", *, turn: Cards = None, river: Cards = None) -> Any:
        """(hands, actions): each hand's EV in chips (per deal reaching the node, as
        :attr:`hand_ev`) of taking each action at the node, against the opponent's
        average strategy; NaN where the hand meets no opposing hand there (or holds a
        dealt card). Averaged over the hand's own strategy it is the node's value.

        >>> from omaha_fast.solve import BetTree, solve
        >>> r = solve("Ah Kd 7c 8s 2h", ["3c4dKsKh", "5c6c9d9h"], ["3d4hQsQc", "JcJdTcTd"],
        ...           pot=10, stack=10, tree=BetTree(bets=(1.0,), raise_cap=0), target=0.01)
        >>> import numpy as np
        >>> r.action_ev("bet 10").shape                 # IP's hands; fold and call
        (2, 2)
        >>> mixed = (r.strategy("") * r.action_ev("")).sum(axis=1)
        >>> bool(np.allclose(mixed, r.hand_ev[0], atol=1e-4))     # the root's EV per hand
        True
        """
        k = self._node(path)
        if self.action_values is None:
            raise SubgameValueError("action values not saved in this file (solve the spot "
                                    "again to have them)")
        return self.action_values[k][self._row(k, turn, river)]

    def reach(self, path: str, player: int, *, turn: Cards = None,
              river: Cards = None) -> Any:
        """(hands,) of ``player``: each hand's weight reaching the node, its prior weight
        times that player's own average strategy along the path; 0 for a hand holding a
        dealt card.

        >>> from omaha_fast.solve import BetTree, solve
        >>> r = solve("Ah Kd 7c 8s 2h", ["3c4dKsKh", "5c6c9d9h"], ["3d4hQsQc", "JcJdTcTd"],
        ...           pot=10, stack=10, tree=BetTree(bets=(1.0,), raise_cap=0), target=0.01)
        >>> bool((r.reach("bet 10", 0) == r.weights[0] * r.strategy("")[:, 1]).all())
        True
        """
        np = _np()
        if player not in (0, 1):
            raise SubgameValueError(f"player is 0 (out of position) or 1, got {player!r}")
        k = self._node(path)
        self._row(k, turn, river)                    # the cards, checked once for the node
        w = np.array(self.weights[player], dtype=np.float64)
        for name, cards in self._dealt(k, turn, river).items():
            w[(self.hands[player] == _one_card(cards, name)).any(axis=1)] = 0.0
        child = k
        while self.nodes[child].parent >= 0:
            a = self.nodes[child].parent
            nd = self.nodes[a]
            if nd.kind == ACTION and nd.player == player:
                row = self._row(a, **self._dealt(a, turn, river))
                w *= self.strategies[a][row][:, nd.children.index(child)]
            child = a
        return w

    def hand_names(self, player: int) -> list[str]:
        """The hands of a player as text, in the order of every per-hand array."""
        return [format_cards([int(c) for c in h]) for h in self.hands[player]]

    def root_summary(self) -> dict[str, Any]:
        """The root node: who acts, the actions and how often the range takes each."""
        np = _np()
        p = self.player("")
        s = self.strategy("")
        w = self.weights[p]
        freq = (w[:, None] * s).sum(axis=0) / w.sum()
        return {"player": p, "actions": self.actions(""),
                "frequencies": [float(f) for f in np.round(freq, 6)]}

    def to_dict(self, hands: bool = True) -> dict[str, Any]:
        """Everything as JSON-ready data (``hands`` False leaves out the per-hand lists)."""
        out: dict[str, Any] = {
            "board": self.board, "street": self.street, "game": self.game, "pot": self.pot,
            "stack": self.stack, "tree": self.tree.to_dict(), "iterations": self.iterations,
            "seconds": round(self.seconds, 3), "exploitability_pct": self.exploitability,
            "history": [list(h) for h in self.history], "ev": list(self.ev),
            "equity": list(self.equity), "root": self.root_summary()}
        if hands:
            p = self.player("")
            s = self.strategy("")
            out["players"] = [
                {"hands": self.hand_names(q), "weights": self.weights[q].tolist(),
                 "ev": _clean(self.hand_ev[q]), "equity": _clean(self.hand_equity[q])}
                for q in (0, 1)]
            out["root"]["strategy"] = [[round(float(x), 6) for x in row] for row in s]
            out["root"]["hands"] = self.hand_names(p)
        return out

    # ---- save and load -----------------------------------------------------------------

    def save(self, path: Union[str, os.PathLike[str]]) -> None:
        """Write the solved tree to ``path`` (an ``.npz`` file; no pickle inside)."""
        np = _np()
        meta = {"format": FORMAT, "board": self.board, "game": self.game, "pot": self.pot,
                "stack": self.stack, "tree": self.tree.to_dict(), "rivers": self.rivers,
                "iterations": self.iterations, "seconds": self.seconds,
                "exploitability": self.exploitability, "history": self.history,
                "ev": list(self.ev), "equity": list(self.equity),
                "nodes": [{"kind": n.kind, "player": n.player, "street": n.street,
                           "contrib": list(n.contrib), "path": n.path, "parent": n.parent,
                           "children": n.children, "actions": n.actions, "river": n.river,
                           "depth": n.depth}
                          for n in self.nodes]}
        arrays: dict[str, Any] = {
            "meta.json": np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8)}
        for q in (0, 1):
            arrays[f"hands{q}"] = self.hands[q]
            arrays[f"weights{q}"] = self.weights[q]
            arrays[f"hand_ev{q}"] = self.hand_ev[q]
            arrays[f"hand_equity{q}"] = self.hand_equity[q]
        for k, s in self.strategies.items():
            arrays[f"strategy{k}"] = s.astype(np.float32)
        for k, v in (self.action_values or {}).items():
            arrays[f"action_values{k}"] = v.astype(np.float32)
        with open(path, "wb") as f:
            np.savez_compressed(f, **arrays)

    @classmethod
    def load(cls, path: Union[str, os.PathLike[str]]) -> SubgameResult:
        """A solved tree written by :meth:`save`. A file that is missing raises as
        ``open`` does; one that is not a solved tree, :class:`SolvedFileError`."""
        np = _np()
        try:
            with np.load(path, allow_pickle=False) as data:
                meta = json.loads(bytes(data["meta.json"]).decode())
                if not isinstance(meta, dict) or meta.get("format") != FORMAT:
                    raise SolvedFileError(f"{path}: not a solved tree ({FORMAT})")
                arrays = {name: np.array(data[name]) for name in data.files}
            return cls._from_saved(np, meta, arrays)
        except (FileNotFoundError, IsADirectoryError, PermissionError, SolvedFileError):
            raise
        except (KeyError, ValueError, TypeError, IndexError, AttributeError, OSError,
                EOFError, zipfile.BadZipFile) as err:
            raise SolvedFileError(f"{path}: not a solved tree saved by omaha_fast "
                                  f"({type(err).__name__}: {err})") from None

    @classmethod
    def _from_saved(cls, np: Any, meta: dict[str, Any], arrays: dict[str, Any]) -> SubgameResult:
        nodes = [Node(d["kind"], d["player"], d["street"], tuple(d["contrib"]), d["path"],
                      d["parent"], list(d["children"]), list(d["actions"]), d["river"],
                      int(d.get("depth", d["river"])))
                 for d in meta["nodes"]]
        strategies = {k: arrays[f"strategy{k}"].astype(np.float64)
                      for k, n in enumerate(nodes) if n.kind == ACTION}
        # files saved before the action values were kept have none
        values = {k: arrays[f"action_values{k}"] for k in strategies
                  if f"action_values{k}" in arrays}
        return cls(board=meta["board"], game=meta["game"], pot=meta["pot"],
                   stack=meta["stack"], tree=BetTree.from_dict(meta["tree"]), nodes=nodes,
                   hands=(arrays["hands0"], arrays["hands1"]),
                   weights=(arrays["weights0"], arrays["weights1"]), strategies=strategies,
                   rivers=list(meta["rivers"]), iterations=meta["iterations"],
                   seconds=meta["seconds"], exploitability=meta["exploitability"],
                   history=[(int(h[0]), float(h[1]), float(h[2])) for h in meta["history"]],
                   ev=(float(meta["ev"][0]), float(meta["ev"][1])),
                   hand_ev=(arrays["hand_ev0"], arrays["hand_ev1"]),
                   equity=(float(meta["equity"][0]), float(meta["equity"][1])),
                   hand_equity=(arrays["hand_equity0"], arrays["hand_equity1"]),
                   action_values=values if len(values) == len(strategies) else None)


def _one_card(cards: Cards, what: str) -> int:
    try:
        parsed = parse_cards(cards)  # type: ignore[arg-type]
    except InvalidCardError as err:
        raise SubgameValueError(f"{what}: {err}") from None
    if len(parsed) != 1:
        raise SubgameValueError(f"{what} must be one card, got {cards!r}")
    return int(parsed[0])


def _clean(a: Any) -> list[Optional[float]]:
    """Floats for JSON, None for NaN (a hand that meets no opposing hand)."""
    return [None if x != x else round(float(x), 6) for x in a.tolist()]


def load(path: Union[str, os.PathLike[str]]) -> SubgameResult:
    """A solved tree written by :meth:`SubgameResult.save`."""
    return SubgameResult.load(path)
