"""The solver's engine: discounted CFR in C over a node arena (csrc/of_engine.h).

Python hands the engine the template tree of :func:`~omaha_fast.solve.tree.build` (a
chance node standing for every card dealt there), the board, the two ranges and the pot;
the C core expands the tree (one chance child per card, isomorphic cards sharing one),
holds the regrets and strategy sums, and runs every pass. Python reads the results.

Per-hand arrays here are in the order the hands were given. A node below a chance node is
addressed by its template node and the cards dealt; with suit isomorphism the engine may
keep it as another node with two suits swapped, and :meth:`ArenaEngine.strategy` reads the
hands through that swap.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, Optional

import numpy as np

from .._core import engine as core, game_code
from .errors import SubgameValueError
from .showdown import Blockers
from .tree import ACTION, CHANCE, FOLD, SHOWDOWN, Node

_KIND = {ACTION: core.KINDS["action"], FOLD: core.KINDS["fold"],
         SHOWDOWN: core.KINDS["showdown"], CHANCE: core.KINDS["chance"]}


def template_arrays(nodes: Sequence[Node]) -> dict[str, Any]:
    """The template tree as the C engine reads it: kind, player, child offsets, contrib."""
    counts = np.array([len(n.children) for n in nodes], dtype=np.int32)
    child_start = np.zeros(len(nodes) + 1, dtype=np.int32)
    np.cumsum(counts, out=child_start[1:])
    children = np.array([c for n in nodes for c in n.children] or [0], dtype=np.int32)
    return {
        "kind": np.array([_KIND[n.kind] for n in nodes], dtype=np.int32),
        "player": np.array([n.player if n.kind in (ACTION, FOLD) else -1 for n in nodes],
                           dtype=np.int32),
        "child_start": child_start, "children": children,
        "contrib": np.ascontiguousarray([n.contrib for n in nodes], dtype=np.float64)}


def spec(nodes: Sequence[Node], board: Sequence[int], hands: tuple[Any, Any],
         weights: tuple[Any, Any], pot: float, game: str, rake: tuple[float, Optional[float]],
         isomorphism: bool, compact: bool = False,
         part: Optional[Sequence[int]] = None, double_walks: bool = False) -> core.Spec:
    """The C engine's spec of a spot (its arrays kept alive with it)."""
    return core.Spec(game=game_code(game), board=np.array(board, dtype=np.uint8),
                     hands=(np.ascontiguousarray(hands[0], dtype=np.uint8),
                            np.ascontiguousarray(hands[1], dtype=np.uint8)),
                     weights=(np.ascontiguousarray(weights[0], dtype=np.float64),
                              np.ascontiguousarray(weights[1], dtype=np.float64)),
                     pot=float(pot), rake_pct=float(rake[0]), rake_cap=rake[1],
                     isomorphism=isomorphism, compact=compact, part=part,
                     double_walks=double_walks, **template_arrays(nodes))


def estimate(spot: core.Spec, threads: Optional[int]) -> dict[str, int]:
    """The bytes an engine of this spot would hold (nothing large allocated): ``total``,
    ``storage`` (regrets and strategy sums), ``tables`` (river showdowns), ``other``,
    and the arena's ``nodes`` and river ``boards``."""
    size = core.estimate(spot, 0 if threads is None else threads)
    return {"total": size.total_bytes, "storage": size.storage_bytes,
            "tables": size.table_bytes, "other": size.other_bytes, "nodes": size.nodes,
            "boards": size.boards}


class ArenaEngine:
    """The solver state of one spot, in C. ``nodes`` is the template tree.

    The CFR passes sum the river showdowns in single precision (twice the rows a walk;
    the best responses and every reported value stay in double): ``double_walks=True``
    sums them in double too, slower, for comparing the two."""

    def __init__(self, nodes: Sequence[Node], board: Sequence[int], hands: tuple[Any, Any],
                 weights: tuple[Any, Any], pot: float, game: str,
                 rake: tuple[float, Optional[float]] = (0.0, None), isomorphism: bool = True,
                 threads: Optional[int] = None, alpha: float = 1.5, beta: float = 0.0,
                 gamma: float = 2.0, compact: bool = False,
                 part: Optional[Sequence[int]] = None, double_walks: bool = False) -> None:
        self.nodes = list(nodes)
        self.board = [int(c) for c in board]
        self.hands = hands
        self.weights = (np.asarray(weights[0], dtype=np.float64),
                        np.asarray(weights[1], dtype=np.float64))
        self.pot = float(pot)
        self.game = game
        self.rake = rake
        self.alpha, self.beta, self.gamma = alpha, beta, gamma
        self.threads = 0 if threads is None else int(threads)
        self.compact = compact
        self.isomorphism = isomorphism
        self.spec = spec(nodes, board, hands, weights, pot, game, rake, isomorphism, compact,
                         part, double_walks)
        self._engine = core.Engine(self.spec, self.threads)
        self.iterations = 0
        self._keys = [_hand_keys(np.asarray(h)) for h in hands]

    def size(self) -> core.EngineSize:
        return self._engine.size()

    # ---- iterations and measures -------------------------------------------------------

    def iterate(self, count: int = 1) -> None:
        """count DCFR iterations, each a pass of player 0 then of player 1."""
        self._engine.iterate(self.iterations, count, self.alpha, self.beta, self.gamma)
        self.iterations += count

    def root_values(self, p: int, mode: str) -> Any:
        """Player p's counterfactual value of each hand at the root against the other's
        average strategy: ``"br"`` its best response, ``"ev"`` its own average."""
        out = np.empty(len(self.hands[p]))
        self._engine.root_values(p, mode, out)
        return out

    @functools.cached_property
    def _met(self) -> tuple[Any, Any]:
        return tuple(Blockers(self.hands[p], self.hands[1 - p])(self.weights[1 - p][None, :])[0]
                     for p in (0, 1))

    def met(self, p: int) -> Any:
        """The opposing prior weight each hand of p meets (sharing no card with it)."""
        return self._met[p]

    def deal_weight(self) -> float:
        return float((self.weights[0] * self.met(0)).sum())

    def exploitability(self) -> tuple[float, float, float]:
        """(best response value of player 0, of player 1, exploitability) in chips per
        deal: the mean of what each player gains by switching to a best response."""
        z = self.deal_weight()
        br = [float((self.weights[p] * self.root_values(p, "br")).sum()) / z for p in (0, 1)]
        ev = [float((self.weights[p] * self.root_values(p, "ev")).sum()) / z for p in (0, 1)]
        return br[0], br[1], ((br[0] - ev[0]) + (br[1] - ev[1])) / 2

    # ---- nodes ----------------------------------------------------------------------

    def _permuted(self, p: int, suits: bytes) -> Any:
        """For each hand of p, the row of the hand it is at a node that sees suit s as
        suits[s] (the identity without a swap)."""
        if suits == b"\x00\x01\x02\x03":
            return None
        h = np.asarray(self.hands[p])
        mapped = (h - h % 4) + np.frombuffer(suits, dtype=np.uint8)[h % 4]
        keys = _hand_keys(mapped)
        order = np.argsort(self._keys[p])
        at = np.searchsorted(self._keys[p][order], keys)
        return order[np.minimum(at, len(order) - 1)]

    def strategy(self, k: int, cards: Sequence[int] = (), average: bool = True) -> Any:
        """The strategy at template node k after ``cards``: (hands, actions)."""
        nd = self.nodes[k]
        out = np.empty((len(nd.children), len(self.hands[nd.player])))
        suits = self._engine.strategy(k, bytes(cards), average, out)
        rows = self._permuted(nd.player, suits)
        return (out if rows is None else out[:, rows]).T

    def average(self, k: int) -> Any:
        """The average strategy at template node k, (B, n, A) float32: B = 1 before any card
        is dealt, else one row per card of :attr:`rivers` (a turn spot's river nodes)."""
        depth = self.nodes[k].depth
        if depth == 0:
            return self.strategy(k)[None].astype(np.float32)
        if depth != 1 or len(self.board) != 4:
            raise SubgameValueError("rows (B, n, A) are a turn or river spot's; a flop "
                                    "spot's nodes are read one dealt card at a time")
        nd = self.nodes[k]
        out = np.empty((len(self.rivers), len(self.hands[nd.player]), len(nd.children)),
                       dtype=np.float32)
        for r, card in enumerate(self.rivers):
            out[r] = self.strategy(k, (card,))
        return out

    @property
    def rivers(self) -> list[int]:
        return [c for c in range(52) if c not in self.board] if len(self.board) == 4 else []

    def action_values(self, k: int, cards: Sequence[int] = ()) -> tuple[Any, Any]:
        """At template node k after ``cards``: the actor's counterfactual value of each
        action (hands, actions) and the opposing weight each hand meets there (hands)."""
        nd = self.nodes[k]
        n = len(self.hands[nd.player])
        values = np.empty((len(nd.children), n))
        met = np.empty(n)
        suits = self._engine.action_values(k, bytes(cards), values, met)
        rows = self._permuted(nd.player, suits)
        if rows is not None:
            values, met = values[:, rows], met[rows]
        return values.T, met

    def action_ev(self, k: int, cards: Sequence[int] = ()) -> Any:
        """Each hand's EV in chips of each action at template node k after ``cards``,
        (hands, actions), per deal reaching the node, against the other's average
        strategy: NaN where the hand meets no opposing weight (or holds a dealt card)."""
        values, met = self.action_values(k, cards)
        with np.errstate(invalid="ignore", divide="ignore"):
            ev = np.where(met[:, None] > 0, values / met[:, None], np.nan)
        held = np.isin(np.asarray(self.hands[self.nodes[k].player]), list(cards)).any(axis=1)
        ev[held] = np.nan
        return ev

    def lock(self, k: int, cards: Sequence[int], mask: Any, strategy: Any) -> None:
        """Fix the actor's strategy (hands, actions) at template node k for the hands
        where mask is true."""
        self._engine.lock(k, bytes(cards), np.ascontiguousarray(mask, dtype=np.uint8),
                          np.ascontiguousarray(np.asarray(strategy, dtype=np.float64).T))

    def storage(self) -> tuple[Any, Any]:
        """Copies of the regrets and strategy sums (for saving a solve to resume)."""
        n = self._engine.entries
        regrets, sums = np.empty(n, dtype=np.float32), np.empty(n, dtype=np.float32)
        self._engine.storage(True, regrets, sums)
        return regrets, sums

    # ---- parts (a solve spread over processes: omaha_fast.solve.spread) ----------------

    def top(self) -> tuple[int, list[int]]:
        """(the top chance nodes, the cards kept at each): the parts are the cards."""
        return self._engine.top()

    def discount(self, iteration: int) -> None:
        """Set the DCFR discounts of iteration ``iteration`` (1, 2, ...) for the passes
        that follow (a pass split in three: pass_down, pass_children, pass_up)."""
        self._engine.discount(iteration, self.alpha, self.beta, self.gamma)

    def pass_down(self, p: int, mode: str) -> tuple[Any, Any]:
        """Down the top segment for a pass of p (mode ``"cfr"``, ``"br"`` or ``"ev"``):
        the other player's and p's reaches at each top chance node, flat (n_top rows)."""
        n_top, _ = self.top()
        opp = np.empty(n_top * len(self.hands[1 - p]))
        own = np.zeros(n_top * len(self.hands[p]))
        self._engine.pass_down(p, mode, n_top, opp, own)
        return opp, own

    def pass_children(self, p: int, mode: str, opp: Any, own: Any) -> Any:
        """p's values at the root of each part this engine holds, from the reaches of
        :meth:`pass_down`: (kept cards, n_top, hands), zero in the rows of parts not held."""
        n_top, kept = self.top()
        values = np.zeros((len(kept), n_top, len(self.hands[p])))
        self._engine.pass_children(p, mode, n_top, len(kept), opp, own, values.reshape(-1))
        return values

    def pass_up(self, p: int, values: Any) -> Any:
        """Up the top segment after :meth:`pass_down`, with every part's values: p's
        values at the root."""
        n_top, kept = self.top()
        root = np.empty(len(self.hands[p]))
        self._engine.pass_up(p, n_top, len(kept),
                             np.ascontiguousarray(values, dtype=np.float64).reshape(-1), root)
        return root

    def located(self, k: int, cards: Sequence[int]) -> bool:
        """Whether this engine holds template node k after ``cards`` (a partial engine
        holds its parts only)."""
        try:
            self._engine.locate(k, bytes(cards))
        except Exception:
            return False
        return True

    def part(self, index: int) -> Any:
        """Part ``index``'s storage, raw bytes (-1: the top segment; c: the subtrees below
        the top chance nodes' children of card index c)."""
        out = np.empty(self._engine.part_bytes(index), dtype=np.uint8)
        self._engine.part_storage(index, True, out)
        return out

    def set_part(self, index: int, storage: Any) -> None:
        self._engine.part_storage(index, False, np.ascontiguousarray(storage, dtype=np.uint8))

    def restore(self, regrets: Any, sums: Any, iterations: int) -> None:
        self._engine.storage(False, np.ascontiguousarray(regrets, dtype=np.float32),
                             np.ascontiguousarray(sums, dtype=np.float32))
        self.iterations = int(iterations)


def _hand_keys(hands: Any) -> Any:
    """One int a hand, the same for its cards in any order."""
    h = np.sort(np.asarray(hands, dtype=np.int64), axis=1)
    return ((h[:, 0] * 52 + h[:, 1]) * 52 + h[:, 2]) * 52 + h[:, 3]
