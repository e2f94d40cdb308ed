"""The reference engine: discounted CFR in Python and numpy over a turn or river bet tree,
vectorised over hands, and the exact best response. ``solve()`` runs the C engine
(:mod:`omaha_fast.solve.engine`); this one, which it replaced, stays as the reference the
tests and benches compare it with.

Counterfactual values are arrays indexed by hand: a pass for player p walks the tree once,
carrying the opponent's reach (one weight per opponent hand) down and p's values (one per
hand of p) up. Below a turn's chance node every array gains a leading axis of river cards;
hands holding a row's river card carry zero reach there. A pair of hands that share no
card with each other or the board sees each of the 52 - 4 - 8 = 40 other cards as the
river equally often, so the chance node sums the rows and divides by 40 for every pair.

Updates alternate (player 0, then player 1, each iteration). Discounting follows DCFR: at
iteration t, accumulated positive regrets are scaled by (t-1)^alpha / ((t-1)^alpha + 1),
negative ones by (t-1)^beta / ((t-1)^beta + 1), and the average strategy by
((t-1) / t)^gamma; the average strategy is weighted by the player's own reach.

Where the time goes, and how it is kept down: the terminals of a pass (every showdown and
fold node's opponent reach) go to the prepared table in one C call, threaded, which also
turns them into chips; a node's update (regrets, strategy sums, the next strategy) and its
children's reaches are one C pass each over the hands (csrc/dcfr.c); the state is float32;
a river's hands are kept in the order the table walks them.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

from ..cfr_kernels import child_reaches, dcfr_update
from ..evaluation import evaluate_batch
from .showdown import Blockers, Showdowns
from .tree import ACTION, CHANCE, FOLD, SHOWDOWN, Node


class Engine:
    """The solver state of one spot: regrets and strategy sums at every action node."""

    def __init__(self, nodes: list[Node], board: list[int], hands: tuple[Any, Any],
                 weights: tuple[Any, Any], pot: float, game: str,
                 alpha: float = 1.5, beta: float = 0.0, gamma: float = 2.0,
                 prepared: bool = True, threads: Any = None) -> None:
        self.nodes = nodes
        self.pot = float(pot)
        self.hands = hands          # as given; the arrays below are in the walk order
        self.weights = weights
        # A river's hands are kept in the order the prepared showdowns walk them (by low,
        # then high value, then cards): the sweeps then read weights and write values in
        # sequence, and whatever order the ranges came in, an iteration costs the same (a
        # shuffled full range: 783 ms CPU in its own order, 248 ms sorted). The public
        # methods give every per-hand array back in the given order.
        order = _walk_order(np, board, hands, game) if len(board) == 5 else \
            tuple(np.arange(len(h)) for h in hands)
        self._inverse = tuple(np.argsort(o) for o in order)
        hands = (hands[0][order[0]], hands[1][order[1]])
        self._w = (np.ascontiguousarray(weights[0][order[0]], dtype=np.float64),
                   np.ascontiguousarray(weights[1][order[1]], dtype=np.float64))
        self._met: dict[int, Any] = {}
        self.threads = 0 if threads is None else int(threads)
        self._buffers: dict[tuple[int, int, str], Any] = {}
        self._plans = (_TerminalPlan(nodes, 0, self.pot), _TerminalPlan(nodes, 1, self.pot))
        self.alpha, self.beta, self.gamma = alpha, beta, gamma
        self.turn = len(board) == 4
        self.rivers = [c for c in range(52) if c not in board] if self.turn else []
        self.deals = 52 - len(board) - 8      # rivers each pair of live hands can see
        n = (len(hands[0]), len(hands[1]))
        self.n = n
        if self.turn:
            boards = [bytes(board + [r]) for r in self.rivers]
            self.masks = tuple(
                np.stack([(hands[p] != r).all(axis=1) for r in self.rivers]).astype(np.float64)
                for p in (0, 1))
        else:
            boards = [bytes(board)]
            self.masks = (np.ones((1, n[0])), np.ones((1, n[1])))
        self.showdowns = (Showdowns(boards, hands[0], hands[1], game, prepared, threads),
                          Showdowns(boards, hands[1], hands[0], game, prepared, threads))
        self.blockers = (Blockers(hands[0], hands[1]), Blockers(hands[1], hands[0]))
        self.batch = [len(self.rivers) if (self.turn and nd.river) else 1 for nd in nodes]
        # per action node, action-major (A, B, n): a child's slice is contiguous, and the
        # update (csrc/dcfr.c) reads and writes each hand once
        self.regrets: dict[int, Any] = {}
        self.sums: dict[int, Any] = {}
        self.strategy: dict[int, Any] = {}     # the current strategy: regret matching
        for k, nd in enumerate(nodes):
            if nd.kind == ACTION:
                shape = (len(nd.children), self.batch[k], n[nd.player])
                # float32 halves the memory the updates walk (and a turn's rows, one per
                # river card); solves converge as in float64 (the 2,000-hand river of
                # benches/bench_subgame.py: 0.044% after 100 iterations either way)
                kind = np.float32
                self.regrets[k] = np.zeros(shape, dtype=kind)
                self.sums[k] = np.zeros(shape, dtype=kind)
                self.strategy[k] = np.full(shape, 1.0 / len(nd.children), dtype=kind)
        self.iterations = 0

    # ---- strategies --------------------------------------------------------------------

    def current(self, k: int) -> Any:
        """The current strategy at node k (regret matching): (B, n, A), hands as given."""
        return np.moveaxis(self.strategy[k], 0, 2)[:, self._inverse[self.nodes[k].player]]

    def average(self, k: int) -> Any:
        """The average strategy at node k: (B, n, A), hands as given; uniform where a hand
        never got there."""
        return np.moveaxis(self._average(k), 0, 2)[:, self._inverse[self.nodes[k].player]]

    def _average(self, k: int) -> Any:
        """The average strategy at node k, action-major (A, B, n), in float64."""
        return _normalised(self.sums[k].astype(np.float64))

    # ---- the passes --------------------------------------------------------------------

    def iterate(self) -> None:
        """One DCFR iteration: an update for each player in turn."""
        self.iterations += 1
        t = self.iterations - 1.0
        ta, tb = t ** self.alpha, t ** self.beta
        disc = (ta / (ta + 1.0), tb / (tb + 1.0), (t / (t + 1.0)) ** self.gamma)
        for p in (0, 1):
            self._pass(p, "cfr", disc)

    def root_values(self, p: int, mode: str) -> Any:
        """Player p's counterfactual value of each hand (as given) at the root, against
        the opponent's average strategy: ``"br"`` best response, ``"ev"`` p's own average."""
        return self._pass(p, mode, None)[0][self._inverse[p]]

    def action_values(self, p: int) -> dict[int, Any]:
        """Per action node k of player p: (B, n, A) float32, each hand's (as given) chips
        for taking each action there, against the opponent's average strategy, per deal
        reaching the node (its values over the opponent's reach it meets); NaN where it
        meets none, or holds the row's river card."""
        kept: dict[int, tuple[Any, Any]] = {}
        self._pass(p, "ev", None, kept)
        out = {}
        for k, (kids, opp) in kept.items():
            met = self.blockers[p](opp)
            if met.shape[0] > 1:
                met = met * self.masks[p]
            with np.errstate(invalid="ignore", divide="ignore"):
                v = np.where(met > 0, kids / met, np.nan)
            out[k] = np.moveaxis(v, 0, 2)[:, self._inverse[p]].astype(np.float32)
        return out

    def _pass(self, p: int, mode: str, disc: Any,
              kept: Optional[dict[int, tuple[Any, Any]]] = None) -> Any:
        """One walk for player p: reaches down the tree (nodes are in preorder), every
        terminal evaluated in one batch, values back up (and, in ``"cfr"``, the update).
        Returns p's values at the root, (1, n). ``kept`` (``"ev"`` only) receives, at each
        of p's action nodes, its children's values (A, B, n) and the opponent's reach."""
        q = 1 - p
        nodes = self.nodes
        count = len(nodes)
        opp: list[Any] = [None] * count
        own: list[Any] = [None] * count
        strategy: dict[int, Any] = {}
        opp[0], own[0] = self._w[q][None, :], self._w[p][None, :]
        # p's own reach matters only where p's strategy sums are updated: not below a
        # terminal, and not in the measuring passes
        owned = mode == "cfr"
        plan = self._plans[p]
        # on a river the terminals' opponent reaches are written straight into the rows
        # of the batch the table walks
        sd = self.showdowns[p]
        rows = sd.weight_rows(len(plan.rows)) if sd.single and plan.showdowns else None
        for k, nd in enumerate(nodes):
            o, w = opp[k], own[k]
            if nd.kind == ACTION:
                s = self.strategy[k] if mode == "cfr" else self._average(k)
                strategy[k] = s
                mine = nd.player == p
                # the actor's reach into each child: into the batch row of a terminal (on
                # a river), else a new array; p's own reach only where it is used
                out = []
                for c in nd.children:
                    if not mine and rows is not None and c in plan.rows:
                        out.append(rows[plan.rows[c]][None, :])
                    elif not mine or (owned and nodes[c].kind in (ACTION, CHANCE)):
                        out.append(self._buffer(p, c, "reach", s.shape[1:]))
                    else:
                        out.append(None)
                if any(x is not None for x in out):
                    self._reach(w if mine else o, s, out)
                for a, c in enumerate(nd.children):
                    if not mine:
                        own[c], opp[c] = w, out[a]
                    elif rows is not None and c in plan.rows:   # the opponent's reach, as is
                        own[c], opp[c] = None, rows[plan.rows[c]][None, :]
                        np.copyto(opp[c], o)
                    else:
                        own[c], opp[c] = out[a], o
            elif nd.kind == CHANCE:
                c = nd.children[0]
                opp[c] = o * self.masks[q]
                own[c] = w * self.masks[p] if owned else None
        value: list[Any] = [None] * count
        if rows is not None:
            self._river_terminals(p, value)
        else:
            self._terminals(p, opp, value)
        for k in range(count - 1, -1, -1):
            nd = nodes[k]
            if nd.kind == CHANCE:
                cfv = value[nd.children[0]]
                value[k] = (cfv * self.masks[p]).sum(axis=0, keepdims=True) / self.deals
            elif nd.kind == ACTION:
                kids = [value[c] for c in nd.children]
                if nd.player != p:
                    # each child's values are read here only: summed into the first's
                    total = kids[0]
                    for v in kids[1:]:
                        total += v
                    value[k] = total
                    continue
                if mode == "br":
                    value[k] = np.maximum.reduce(kids)
                elif mode == "ev":
                    if kept is not None:      # copied: terminals' rows are reused buffers
                        kept[k] = (np.stack(kids), np.array(opp[k]))
                    s = strategy[k]
                    value[k] = sum((s[a] * v for a, v in enumerate(kids[1:], 1)),
                                   s[0] * kids[0])
                else:
                    value[k] = self._update(k, kids, own[k], disc)
            for c in nd.children:
                value[c] = None
        return value[0]

    def _buffer(self, p: int, k: int, what: str, shape: tuple[int, ...]) -> Any:
        """An array for node k's ``what`` in p's pass, kept from pass to pass where it has
        one row (B = 1): a full range's arrays are megabytes, and making them anew each
        pass costs page faults. Below a turn's chance node (B rows) a new array."""
        if shape[0] != 1:
            return np.empty(shape)
        key = (p, k, what)
        buf = self._buffers.get(key)
        if buf is None or buf.shape != shape:
            buf = self._buffers[key] = np.empty(shape)
        return buf

    def _reach(self, reach: Any, s: Any, out: list[Any]) -> None:
        """out[a] = reach * s[a] for each child a whose out[a] is not None: one C pass
        when the strategy is the solver's own (float32), numpy for an average."""
        if s.dtype == np.float32:
            child_reaches(reach, s, out, self.threads or None)
            return
        for a, o in enumerate(out):
            if o is not None:
                np.multiply(reach, s[a], out=o)

    def _update(self, k: int, kids: list[Any], own: Any, disc: Any) -> Any:
        """The DCFR update of node k from its children's values (each (B, n)), in one C
        pass over the hands: regrets, strategy sums and the next current strategy. Returns
        the node's value under the strategy it had, (B, n)."""
        node_value = self._buffer(self.nodes[k].player, k, "value", kids[0].shape)
        return dcfr_update(self.regrets[k], self.sums[k], self.strategy[k], kids, own, disc,
                           node_value, self.threads or None)

    def _terminals(self, p: int, opp: list[Any], value: list[Any]) -> None:
        """Showdown and fold payoffs of a pass, the weights of every node in one batch
        per board. Fold sums (the weight each hand meets) go through the prepared table's
        kernel where there is one (a node below a turn's chance node: row r is river r),
        else through :class:`Blockers`; a fold of p reuses its call's reach (see
        :class:`_TerminalPlan`)."""
        sd = self.showdowns[p]
        plan = self._plans[p]
        showdowns = plan.showdowns
        prepared = [k for k in plan.walked if sd.prepared and (self.batch[k] > 1 or not self.turn)]
        results = sd.values_many([opp[k] for k in showdowns]) if showdowns else []
        sums = sd.blockers_many([opp[k] for k in prepared]) if prepared else []
        met = dict(zip(prepared, sums))
        for k, (v, reach) in zip(showdowns, results):
            nd = self.nodes[k]
            size = self.pot + nd.contrib[0] + nd.contrib[1]
            value[k] = v * size - nd.contrib[p] * reach
            met[k] = reach
        for k in plan.folds:
            nd = self.nodes[k]
            pay = -nd.contrib[p] if nd.player == p else self.pot + nd.contrib[1 - p]
            m = met[plan.known.get(k, k)] if plan.known.get(k, k) in met else \
                self.blockers[p](opp[k])
            value[k] = pay * m * self.masks[p] if self.batch[k] > 1 else pay * m

    def _river_terminals(self, p: int, value: list[Any]) -> None:
        """_terminals on a river, where the forward walk wrote the weights in the table's
        batch rows: one call of the table, the payoffs computed in place in its result
        buffers, a row a node (valid until the next pass)."""
        plan = self._plans[p]
        showdowns, walked = plan.showdowns, plan.walked
        v, reach = self.showdowns[p].values_reach_rows(len(showdowns), len(walked),
                                                       *plan.payoffs)
        met = reach[len(showdowns):]
        reach = reach[:len(showdowns)]
        for i, k in enumerate(showdowns):
            value[k] = v[i][None, :]
        for i, k in enumerate(walked):       # already times what the fold pays
            value[k] = met[i][None, :]
        for k, call in plan.known.items():   # p folds: the reach its call met
            value[k] = plan.pays[k] * reach[plan.rows[call]][None, :]

    # ---- measures ----------------------------------------------------------------------

    def met(self, p: int) -> Any:
        """Per hand of p (as given): the opponent's prior weight it meets (no shared card)."""
        return self._met_walk(p)[self._inverse[p]]

    def _met_walk(self, p: int) -> Any:
        """met, in the walk order; the priors never change, so it is computed once."""
        if p not in self._met:
            self._met[p] = self.blockers[p](self._w[1 - p][None, :])[0]
        return self._met[p]

    def deal_weight(self) -> float:
        """The total weight of all compatible pairs of hands."""
        return float((self._w[0] * self._met_walk(0)).sum())

    def exploitability(self) -> tuple[float, float, float]:
        """(best response value of player 0, of player 1, exploitability), in chips per
        deal; exploitability = (br0 + br1 - pot) / 2."""
        z = self.deal_weight()
        br = [float((self._w[p] * self._pass(p, "br", None)[0]).sum()) / z for p in (0, 1)]
        return br[0], br[1], (br[0] + br[1] - self.pot) / 2

    def equities(self, p: int) -> Any:
        """Per hand of p (as given): (pot share summed over the opponent's prior, that
        weight)."""
        w = self._w[1 - p][None, :] * self.masks[1 - p]
        value, reach = self.showdowns[p].values(w)
        value = (value * self.masks[p]).sum(axis=0)
        reach = (reach * self.masks[p]).sum(axis=0)
        return value[self._inverse[p]], reach[self._inverse[p]]


class _TerminalPlan:
    """Player p's terminals in the order a pass batches them: the showdowns, then the
    folds whose sums are walked (``rows``: node -> batch row). Where p folds, the
    opponent's reach is the one p's call meets (p's action leaves it as it was), and that
    showdown sums it anyway: such a fold (``known``: fold -> the call's showdown) is not
    walked."""

    def __init__(self, nodes: list[Node], p: int, pot: float) -> None:
        self.showdowns = [k for k, nd in enumerate(nodes) if nd.kind == SHOWDOWN]
        self.folds = [k for k, nd in enumerate(nodes) if nd.kind == FOLD]
        self.known: dict[int, int] = {}
        for k in self.folds:
            parent = nodes[nodes[k].parent]
            calls = [c for c in parent.children if nodes[c].kind == SHOWDOWN]
            if nodes[k].player == p and parent.kind == ACTION and parent.player == p and calls:
                self.known[k] = calls[0]
        self.walked = [k for k in self.folds if k not in self.known]
        self.rows = {k: i for i, k in enumerate(self.showdowns + self.walked)}
        # a showdown's chips: its value times the whole pot, less p's reach times p's
        # part; a fold's: the reach times what p loses (p folded) or wins
        self.pays = {k: -nodes[k].contrib[p] if nodes[k].player == p else
                     pot + nodes[k].contrib[1 - p] for k in self.folds}
        self.payoffs = ([pot + nodes[k].contrib[0] + nodes[k].contrib[1] for k in self.showdowns],
                        [float(nodes[k].contrib[p]) for k in self.showdowns],
                        [self.pays[k] for k in self.walked])


def _walk_order(np: Any, board: list[int], hands: tuple[Any, Any], game: str) -> Any:
    """Each side's hands in the order csrc/prepared.c walks them on this river: by low
    value, then high value (high only when no hand of either side makes a low); hands of
    equal values by their cards, so that hands sharing cards (and so the walk's
    accumulator cells) sit together whatever order they were given in."""
    values = [evaluate_batch(h, np.tile(np.array(board, dtype=np.uint8), (len(h), 1)), game)
              for h in hands]
    by_low = game == "hilo" and any(bool(lo.any()) for _, lo in values)
    orders = []
    for h, (hi, lo) in zip(hands, values):
        cards = np.sort(h, axis=1)
        keys = [cards[:, 3], cards[:, 2], cards[:, 1], cards[:, 0], hi] + ([lo] if by_low else [])
        orders.append(np.lexsort(keys))
    return tuple(orders)


def _normalised(x: Any) -> Any:
    """``x`` (a fresh non-negative action-major (A, ...) array) scaled to add to 1 over
    the actions; uniform where it adds to 0. Works in place."""
    total = x.sum(axis=0, keepdims=True)
    np.divide(x, total, out=x, where=total > 0)
    zero = total[0] <= 0
    if zero.any():
        x[:, zero] = 1.0 / x.shape[0]
    return x
