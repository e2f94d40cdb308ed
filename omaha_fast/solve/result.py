"""A solved subgame: strategies at every node, EVs, equities, exploitability; save/load.

A saved tree is one ``.npz`` file (numpy's zip of arrays, read without pickle): the hands,
weights, per-hand EVs and equities and the average strategy of every action node, plus a
``meta.json`` entry (UTF-8 JSON: the spot, the bet tree, the node list, the measures).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Optional, Union

from ..cards import Card, format_cards, parse_cards
from ..errors import InvalidCardError
from .errors import SolvedFileError, SubgameTypeError, SubgameValueError
from .tree import ACTION, CHANCE, FOLD, SHOWDOWN, BetTree, Node

FORMAT = "omaha_fast-subgame-1"

Cards = Union[str, int, Card, None]
"""A dealt card as ``strategy`` and the other per-node methods take it: text, an int or
a Card."""


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
    """Per action node kept as rows: (B, n, A) float32, the acting player's chips per deal
    reaching the node for taking each action (see :meth:`action_ev`); None for a file
    saved without them."""
    stopped: str = "iterations"
    rake: tuple[float, Optional[float]] = (0.0, None)
    engine: Any = field(default=None, repr=False, compare=False)
    worker_memory: Optional[list[int]] = field(default=None, compare=False)
    """A solve spread over processes: each worker's peak resident memory, in bytes (not
    saved)."""
    # a loaded file's engine storage: (regrets or None, sums, isomorphism, compact)
    saved: Optional[tuple[Any, Any, bool, bool]] = field(default=None, repr=False,
                                                          compare=False)
    _index: dict[str, int] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self._index = {n.path: k for k, n in enumerate(self.nodes) if n.kind == ACTION}

    @property
    def street(self) -> str:
        """``"flop"``, ``"turn"`` or ``"river"``, the street the subgame starts on."""
        return {3: "flop", 4: "turn"}.get(len(parse_cards(self.board)), "river")

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

    def strategy(self, path: str = "", *, turn: Cards = None, river: Cards = None) -> Any:
        """The acting player's average strategy at the node: (hands, actions), each row
        one hand of :attr:`hands` of that player, adding to 1. Nodes after a card dealt in
        the subgame need it: ``river`` (a turn spot's river nodes), ``turn`` and, on the
        river, ``river`` too (a flop spot's). Hands holding a dealt card get a uniform
        row."""
        k = self._node(path)
        node = self.nodes[k]
        dealt = self._dealt(path, node.depth, turn, river)
        if k not in self.strategies:   # kept in the engine's storage, not as rows
            engine = _engine_of(self)
            if engine is None:
                raise SolvedFileError(f"the strategies at node {path!r} were not kept")
            return engine.strategy(k, dealt)
        s = self.strategies[k]
        return s[self.rivers.index(dealt[0])] if dealt else s[0]

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
        dealt = self._dealt(path, self.nodes[k].depth, turn, river)
        if self.action_values is not None and k in self.action_values:
            v = self.action_values[k]
            return v[self.rivers.index(dealt[0])] if dealt else v[0]
        engine = _engine_of(self)
        if engine is None:
            raise SubgameValueError("action values not saved in this file (solve the spot "
                                    "again to have them)")
        return engine.action_ev(k, dealt)

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
        import numpy as np
        if player not in (0, 1):
            raise SubgameValueError(f"player is 0 (out of position) or 1, got {player!r}")
        k = self._node(path)
        dealt = self._dealt(path, self.nodes[k].depth, turn, river)
        w = np.array(self.weights[player], dtype=np.float64)
        if dealt:
            w[np.isin(self.hands[player], dealt).any(axis=1)] = 0.0
        names = ("turn", "river") if self.street == "flop" else ("river",)
        child = k
        while self.nodes[child].parent >= 0:
            a = self.nodes[child].parent
            nd = self.nodes[a]
            if nd.kind == ACTION and nd.player == player:
                cards = dict(zip(names, dealt[:nd.depth]))
                s = self.strategy(nd.path, **cards)
                w *= s[:, nd.children.index(child)]
            child = a
        return w

    def _dealt(self, path: str, depth: int, turn: Any, river: Any) -> list[int]:
        """The cards dealt below the first street to reach a node of this depth, checked:
        the turn then the river on a flop spot, the river on a turn spot."""
        names = ("turn", "river") if self.street == "flop" else ("river",)
        wanted = names[:depth]
        given = {"turn": turn, "river": river}
        for name in ("turn", "river"):
            if given[name] is not None and name not in names:
                raise SubgameValueError(f"node {path!r}: a {self.street} spot deals no "
                                        f"{name} card")
            if given[name] is not None and name not in wanted:
                raise SubgameValueError(f"node {path!r} comes before any {name} card")
        board = [int(c) for c in parse_cards(self.board)]
        out: list[int] = []
        for name in wanted:
            if given[name] is None:
                raise SubgameValueError(f"node {path!r} is on the {names[depth - 1]}: say "
                                        f"which {name} card")
            try:
                cards = parse_cards(given[name])
            except InvalidCardError as err:
                raise SubgameValueError(f"{name}: {err}") from None
            if len(cards) != 1 or int(cards[0]) in board + out:
                raise SubgameValueError(f"{name} must be one card not on the board, got "
                                        f"{given[name]!r}")
            out.append(int(cards[0]))
        return out

    def _storage(self) -> Optional[tuple[Any, Any, bool, bool]]:
        """(regrets, sums, isomorphism, compact) of the engine, or None without one."""
        engine = _engine_of(self)
        if engine is None:
            return None
        regrets, sums = engine.storage()
        return regrets, sums, bool(engine.spec.ptr.isomorphism), bool(engine.compact)

    def hand_names(self, player: int) -> list[str]:
        """The hands of a player as text, in the order of every per-hand array."""
        return [format_cards([int(c) for c in h]) for h in self.hands[player]]

    def root_summary(self) -> dict[str, Any]:
        """The root node: who acts, the actions and how often the range takes each."""
        import numpy as np
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

    def save(self, path: Union[str, os.PathLike[str]], regrets: bool = False) -> None:
        """Write the solved tree to ``path`` (an ``.npz`` file; no pickle inside). A flop
        spot's file also keeps the strategy sums of every node, so that its turn and
        river strategies can be read back; ``regrets`` keeps the regrets too, all a
        later ``solve(..., resume=path)`` needs to go on."""
        import numpy as np
        meta = {"format": FORMAT, "board": self.board, "game": self.game, "pot": self.pot,
                "stack": self.stack, "tree": self.tree.to_dict(), "rivers": self.rivers,
                "iterations": self.iterations, "seconds": self.seconds,
                "exploitability": self.exploitability, "history": self.history,
                "ev": list(self.ev), "equity": list(self.equity), "stopped": self.stopped,
                "rake": list(self.rake),
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
        storage = self._storage()
        deep = any(n.kind == ACTION and k not in self.strategies
                   for k, n in enumerate(self.nodes))
        if storage is not None and (regrets or deep):
            meta["engine"] = {"isomorphism": storage[2], "compact": storage[3],
                              "regrets": bool(regrets)}
            arrays["engine_sums"] = storage[1]
            if regrets:
                arrays["engine_regrets"] = storage[0]
            arrays["meta.json"] = np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8)
        with open(path, "wb") as f:
            np.savez_compressed(f, **arrays)

    @classmethod
    def load(cls, path: Union[str, os.PathLike[str]]) -> SubgameResult:
        """A solved tree written by :meth:`save`. A file that is missing raises as
        ``open`` does; one that is not a solved tree, is damaged, or whose arrays
        contradict each other or its node list (see :func:`_saved_problem`),
        :class:`SolvedFileError`."""
        import numpy as np
        try:
            with np.load(path, allow_pickle=False) as data:
                meta = json.loads(bytes(data["meta.json"]).decode())
                if not isinstance(meta, dict) or meta.get("format") != FORMAT:
                    raise SolvedFileError(f"{path}: not a solved tree ({FORMAT})")
                arrays = {name: np.array(data[name]) for name in data.files}
            result = cls._from_saved(np, meta, arrays)
            problem = _saved_problem(np, result)
        except (FileNotFoundError, IsADirectoryError, PermissionError, SolvedFileError):
            raise
        except Exception as err:
            # whatever a damaged file makes numpy's reader raise (BadZipFile, zlib.error,
            # EOFError, a SyntaxError from an array header, KeyError for a member missing)
            raise SolvedFileError(f"{path}: not a solved tree saved by omaha_fast "
                                  f"({type(err).__name__}: {err})") from None
        if problem:
            raise SolvedFileError(f"{path}: a damaged solved tree ({problem})")
        return result

    @classmethod
    def _from_saved(cls, np: Any, meta: dict[str, Any], arrays: dict[str, Any]) -> SubgameResult:
        nodes = [Node(d["kind"], d["player"], d["street"], tuple(d["contrib"]), d["path"],
                      d["parent"], list(d["children"]), list(d["actions"]), d["river"],
                      int(d.get("depth", d["river"])))
                 for d in meta["nodes"]]
        # a flop spot's file keeps the first street's rows (and a big turn spot's), the
        # rest is in its engine storage
        strategies = {k: arrays[f"strategy{k}"].astype(np.float32)
                      for k, n in enumerate(nodes)
                      if n.kind == ACTION and f"strategy{k}" in arrays}
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
                   action_values=_saved_values(arrays, strategies),
                   stopped=str(meta.get("stopped", "iterations")),
                   saved=None if "engine" not in meta else (
                       arrays.get("engine_regrets"), arrays["engine_sums"],
                       bool(meta["engine"]["isomorphism"]), bool(meta["engine"]["compact"])),
                   rake=(float(meta.get("rake", [0.0])[0]),
                         None if meta.get("rake", [0, None])[1] is None
                         else float(meta["rake"][1])))


def _saved_values(arrays: dict[str, Any], strategies: dict[int, Any]) -> Optional[dict[int, Any]]:
    """The saved action values of the nodes kept as rows (files saved before they were
    kept have none)."""
    values = {k: arrays[f"action_values{k}"] for k in strategies
              if f"action_values{k}" in arrays}
    return values if len(values) == len(strategies) else None


def _engine_of(result: SubgameResult) -> Any:
    """The result's engine: the solve's own, or one made again from the saved storage."""
    if result.engine is None and result.saved is not None:
        import numpy as np

        from .engine import ArenaEngine
        regrets, sums, iso, compact = result.saved
        e = ArenaEngine(result.nodes, [int(c) for c in parse_cards(result.board)],
                        result.hands, result.weights, result.pot, result.game, rake=result.rake,
                        isomorphism=iso, compact=compact)
        e.restore(regrets if regrets is not None else np.zeros_like(sums), sums,
                  result.iterations)
        result.engine = e
    return result.engine


# The per-hand arrays of a saved tree, each with its shape for a player's n hands and the
# kind of its numbers (i signed or unsigned integers, f floats); a new field is a new line.
_PER_HAND: dict[str, tuple[Callable[[int], tuple[int, ...]], str]] = {
    "hands": (lambda n: (n, 4), "iu"),
    "weights": (lambda n: (n,), "f"),
    "hand_ev": (lambda n: (n,), "f"),
    "hand_equity": (lambda n: (n,), "f"),
}
_ROW_SUM = 1e-3     # strategies are saved in float32


def _saved_problem(np: Any, r: SubgameResult) -> str:
    """What contradicts itself in a loaded tree, or '': each array against the node list
    and the hands (a strategy is (B, n, A) at every action node: B the river cards below
    the turn or 1, n the acting player's hands, A its actions; its rows add up to 1), the
    cards against the board, the chip figures finite."""
    board = {int(c) for c in parse_cards(r.board)}
    for name in ("pot", "stack", "exploitability", "seconds"):
        value = getattr(r, name)
        if not isinstance(value, (int, float)) or not np.isfinite(value) or value < 0:
            return f"its {name} is {value!r}"
    if not all(np.isfinite(x) for x in (*r.ev, *r.equity)):
        return "its EVs or equities are not numbers"
    if any(not isinstance(c, int) or not 0 <= c < 52 or c in board for c in r.rivers) \
            or len(set(r.rivers)) != len(r.rivers):
        return "its river cards are not cards off the board"
    n = []
    for q in (0, 1):
        hands = r.hands[q]
        n.append(len(hands) if getattr(hands, "ndim", 0) >= 1 else -1)
        for name, (shape, kinds) in _PER_HAND.items():
            a = getattr(r, name)[q]
            if a.shape != shape(n[q]) or a.dtype.kind not in kinds:
                return (f"player {q}'s {name} is {a.dtype}{list(a.shape)} for "
                        f"{n[q]} hands")
        if n[q] == 0 or (hands >= 52).any() or (hands < 0).any() \
                or (np.diff(np.sort(hands, axis=1), axis=1) == 0).any() \
                or np.isin(hands, sorted(board)).any():
            return f"player {q}'s hands are not four cards off the board each"
        w = r.weights[q]
        if not np.isfinite(w).all() or (w < 0).any() or not w.sum() > 0:
            return f"player {q}'s weights are not weights"
    count = len(r.nodes)
    for k, node in enumerate(r.nodes):
        links = [node.parent, *node.children] if k else node.children
        players = (0, 1) if node.kind in (ACTION, FOLD) else (-1, 0, 1)
        if node.kind not in (ACTION, FOLD, SHOWDOWN, CHANCE) or node.player not in players \
                or any(not isinstance(j, int) or not 0 <= j < count for j in links):
            return f"node {k} is not a node of a tree"
        if node.kind != ACTION:
            continue
        if k not in r.strategies:   # nodes below a dealt card kept in the storage
            if node.depth == 0 or r.saved is None:
                return f"the strategy at node {k} is missing"
            continue
        s = r.strategies[k]
        batch = len(r.rivers) if (node.river and r.rivers) else 1
        want = (batch, n[node.player], len(node.actions))
        if s.shape != want or len(node.children) != len(node.actions):
            return f"the strategy at node {k} is {list(s.shape)}, not {list(want)}"
        if not np.isfinite(s).all() or (s < 0).any() \
                or (np.abs(s.sum(axis=2) - 1) > _ROW_SUM).any():
            return f"the strategy at node {k} has rows that are not probabilities"
    if r.saved is not None:
        regrets, sums = r.saved[0], r.saved[1]
        if sums.ndim != 1 or sums.dtype != np.float32 or not np.isfinite(sums).all() \
                or (sums < 0).any():
            return "its strategy sums are not sums"
        if regrets is not None and (regrets.shape != sums.shape or
                                    regrets.dtype != np.float32 or
                                    not np.isfinite(regrets).all()):
            return "its regrets do not match its strategy sums"
    return ""


def _clean(a: Any) -> list[Optional[float]]:
    """Floats for JSON, None for NaN (a hand that meets no opposing hand)."""
    return [None if x != x else round(float(x), 6) for x in a.tolist()]


def load(path: Union[str, os.PathLike[str]]) -> SubgameResult:
    """A solved tree written by :meth:`SubgameResult.save`."""
    return SubgameResult.load(path)
