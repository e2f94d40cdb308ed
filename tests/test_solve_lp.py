"""The subgame solver against exact answers on tiny games.

The game value comes from the sequence-form linear program (scipy's linprog); best
responses from enumerating every pure strategy of the responder; payoffs from
omaha_fast.evaluate hand by hand. None of it shares code with the solver beyond the
tree's shape.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from omaha_fast import evaluate, parse_cards
from omaha_fast.solve import BetTree, solve
from omaha_fast.solve.reference_engine import Engine
from omaha_fast.solve.tree import ACTION, CHANCE, FOLD, SHOWDOWN, build

scipy_optimize = pytest.importorskip("scipy.optimize")

BOARD = "Ah Kd 7c 8s 2h"
# hands picked to meet: lows that split and quarter, sets, blockers of each other
OOP = ["3c4dKsKh", "5c6c9d9h", "As3s4hTd", "QdQh3d4s"]
IP = ["3d4hQsQc", "JcJdTcTd", "3h5d6s9c", "2c2dAcJh"]


def cards(h):
    return [int(c) for c in parse_cards(h)]


def share(h0, h1, board, game):
    """Player 0's share of the pot at showdown."""
    e0, e1 = evaluate(h0, board, game=game), evaluate(h1, board, game=game)
    hi = 1.0 if e0.high.value > e1.high.value else 0.5 if e0.high.value == e1.high.value else 0
    if game == "high":
        return hi
    l0 = e0.low.value if e0.low is not None else 0
    l1 = e1.low.value if e1.low is not None else 0
    if not l0 and not l1:
        return hi
    lo = 1.0 if l0 > l1 else 0.5 if l0 == l1 else 0.0
    return (hi + lo) / 2


class Game:
    """The tiny game spelled out: deals with their probabilities, payoffs per leaf."""

    def __init__(self, board, oop, ip, pot, stack, tree, game, w0=None, w1=None):
        self.board, self.pot, self.game = board, pot, game
        self.hands = (oop, ip)
        self.w = (np.ones(len(oop)) if w0 is None else np.asarray(w0, float),
                  np.ones(len(ip)) if w1 is None else np.asarray(w1, float))
        self.nodes = build(tree, pot, stack, "river")
        bset = set(cards(board))
        self.deals = []
        for i, a in enumerate(oop):
            for j, b in enumerate(ip):
                if set(cards(a)) & set(cards(b)) or set(cards(a) + cards(b)) & bset:
                    continue
                self.deals.append((i, j, self.w[0][i] * self.w[1][j], share(a, b, board, game)))
        z = sum(d[2] for d in self.deals)
        self.deals = [(i, j, p / z, s) for i, j, p, s in self.deals]

    def payoff0(self, k, s0):
        n = self.nodes[k]
        c0, c1 = n.contrib
        if n.kind == FOLD:
            return -c0 if n.player == 0 else self.pot + c1
        assert n.kind == SHOWDOWN
        return s0 * (self.pot + c0 + c1) - c0

    def value(self, k, i, j, s0, strategies):
        """Player 0's expected payoff below node k for deal (i, j); strategies[k] is a
        function (hand) -> action probabilities."""
        n = self.nodes[k]
        if n.kind != ACTION:
            return self.payoff0(k, s0)
        probs = strategies[k](i if n.player == 0 else j)
        return sum(p * self.value(c, i, j, s0, strategies)
                   for p, c in zip(probs, n.children) if p)

    def ev0(self, strategies):
        return sum(p * self.value(0, i, j, s, strategies) for i, j, p, s in self.deals)

    def infosets(self, player):
        return [(k, h) for k, n in enumerate(self.nodes) if n.kind == ACTION
                and n.player == player for h in range(len(self.hands[player]))]

    def best_response(self, player, strategies):
        """Player's best value by trying every pure strategy (brute force)."""
        sets = self.infosets(player)
        sizes = [len(self.nodes[k].children) for k, _ in sets]
        best = -np.inf
        for choice in itertools.product(*[range(s) for s in sizes]):
            pure = dict(zip(sets, choice))
            mixed = dict(strategies)
            for k in {k for k, _ in sets}:
                mixed[k] = self._pure(k, pure)
            v = self.ev0(mixed)
            best = max(best, v if player == 0 else self.pot - v)
        return best

    def _pure(self, k, pure):
        eye = np.eye(len(self.nodes[k].children))
        return lambda h: eye[pure[(k, h)]]

    def lp_value(self):
        """Player 0's equilibrium value, from the sequence-form linear program."""
        seqs = []
        index = [{(): 0}, {(): 0}]
        for p in (0, 1):
            for k, h in self.infosets(p):
                for a in range(len(self.nodes[k].children)):
                    index[p][(k, h, a)] = len(index[p])
        del seqs
        last = {0: [None, None]}
        for k, n in enumerate(self.nodes):
            for a, c in enumerate(n.children):
                prev = list(last[k])
                if n.kind == ACTION:
                    prev[n.player] = (k, a)
                last[c] = prev

        def seq(p, k, h):
            la = last[k][p]
            return 0 if la is None else index[p][(la[0], h, la[1])]

        n0, n1 = len(index[0]), len(index[1])
        A = np.zeros((n0, n1))
        for k, n in enumerate(self.nodes):
            if n.kind in (FOLD, SHOWDOWN):
                for i, j, p, s in self.deals:
                    A[seq(0, k, i), seq(1, k, j)] += p * self.payoff0(k, s)

        def constraints(p):
            sets = self.infosets(p)
            M = np.zeros((1 + len(sets), len(index[p])))
            M[0, 0] = 1
            for r, (k, h) in enumerate(sets, 1):
                M[r, seq(p, k, h)] = -1
                for a in range(len(self.nodes[k].children)):
                    M[r, index[p][(k, h, a)]] = 1
            return M

        E, F = constraints(0), constraints(1)
        nq = F.shape[0]
        # variables: x (n0, >= 0) then q (nq, free); maximise q[0]
        c = np.zeros(n0 + nq)
        c[n0] = -1
        A_ub = np.hstack([-A.T, F.T])
        b_ub = np.zeros(n1)
        A_eq = np.hstack([E, np.zeros((E.shape[0], nq))])
        b_eq = np.zeros(E.shape[0])
        b_eq[0] = 1
        bounds = [(0, None)] * n0 + [(None, None)] * nq
        res = scipy_optimize.linprog(c, A_ub=A_ub, b_ub=b_ub, A_eq=A_eq, b_eq=b_eq,
                                     bounds=bounds, method="highs")
        assert res.status == 0, res.message
        return -res.fun


def engine_strategies(engine, game):
    return {k: (lambda s: lambda h: s[0, h])(engine.average(k))
            for k, n in enumerate(game.nodes) if n.kind == ACTION}


SPOTS = [
    ("hilo", BetTree(bets=(1.0,), raise_cap=0), 10, 10),
    ("high", BetTree(bets=(1.0,), raise_cap=0), 10, 10),
    ("hilo", BetTree(bets=(0.5,), raises=(1.0,), raise_cap=1, allin=False), 10, 40),
    ("high", BetTree(bets=(0.5,), raises=(1.0,), raise_cap=1, allin=False), 4, 40),
    # sizes by player: IP bets the pot and raises half the pot
    ("hilo", BetTree(bets=(0.5,), ip_bets=(1.0,), raises=(1.0,), ip_raises=(0.5,),
                     raise_cap=1, allin=False), 10, 200),
]
# and by raise level: the raises after the first are 0.75 of the pot (too many pure
# strategies for the brute-force best response: the linear program's value only)
LEVELS = ("hilo", BetTree(bets=(0.5,), ip_bets=(1.0,), raises=(1.0,), ip_raises=(0.5,),
                          reraises=(0.75,), raise_cap=2, allin=False), 10, 200)


@pytest.mark.parametrize("game_name,tree,pot,stack", SPOTS + [LEVELS])
def test_value_matches_the_linear_program(game_name, tree, pot, stack):
    g = Game(BOARD, OOP[:3], IP[:3], pot, stack, tree, game_name)
    v = g.lp_value()
    r = solve(BOARD, OOP[:3], IP[:3], pot=pot, stack=stack, tree=tree, game=game_name,
              target=0.02, iterations=4000)
    expl = r.exploitability / 100 * pot
    assert r.exploitability <= 0.02
    # EV0 lies between pot - br1 and br0, and so does the game value
    assert abs(r.ev[0] - v) <= 2 * expl + 1e-9
    assert r.ev[0] + r.ev[1] == pytest.approx(pot, abs=1e-9)


@pytest.mark.parametrize("game_name,tree,pot,stack", SPOTS)
def test_best_response_matches_brute_force(game_name, tree, pot, stack):
    """At a strategy far from equilibrium (a few iterations) and near it."""
    oop, ip = OOP[:3], IP[:3]
    w0, w1 = [1.0, 0.4, 2.5], [0.7, 1.0, 0.3]
    g = Game(BOARD, oop, ip, pot, stack, tree, game_name, w0, w1)
    hands = (np.array([cards(h) for h in oop], np.uint8),
             np.array([cards(h) for h in ip], np.uint8))
    engine = Engine(g.nodes, cards(BOARD), hands, (np.array(w0), np.array(w1)), pot,
                    game_name)
    for rounds in (3, 200):
        while engine.iterations < rounds:
            engine.iterate()
        strategies = engine_strategies(engine, g)
        br0, br1, expl = engine.exploitability()
        assert br0 == pytest.approx(g.best_response(0, strategies), abs=1e-9)
        assert br1 == pytest.approx(g.best_response(1, strategies), abs=1e-9)
        assert expl == pytest.approx((br0 + br1 - pot) / 2)
        ev = (engine.weights[0] * engine.root_values(0, "ev")).sum() / engine.deal_weight()
        assert ev == pytest.approx(g.ev0(strategies), abs=1e-9)


def test_exploitability_does_not_rise_once_settled():
    tree = BetTree(bets=(0.5,), raises=(1.0,), raise_cap=1)
    r = solve(BOARD, OOP, IP, pot=10, stack=40, tree=tree, target=0, iterations=600,
              check_every=20)
    values = [e for _, _, e in r.history]
    assert values[-1] < 0.05
    settled = values[len(values) // 3:]
    for a, b in zip(settled, settled[1:]):
        assert b <= a + 0.02, values


def test_turn_chance_node_matches_enumeration():
    """The river chance node: EV by the solver's arrays equals EV by dealing every river
    to every pair of hands, with the pair's own count of rivers."""
    board = "Ah Kd 7c 8s"
    oop, ip = OOP[:3], IP[:3]
    tree = BetTree(bets=(1.0,), raise_cap=0)
    nodes = build(tree, 10, 20, "turn")
    hands = (np.array([cards(h) for h in oop], np.uint8),
             np.array([cards(h) for h in ip], np.uint8))
    w = (np.array([1.0, 2.0, 0.5]), np.array([1.5, 1.0, 1.0]))
    engine = Engine(nodes, cards(board), hands, w, 10, "hilo")
    for _ in range(7):
        engine.iterate()
    rivers = engine.rivers
    avg = {k: engine.average(k) for k, n in enumerate(nodes) if n.kind == ACTION}

    def value(k, i, j, r):
        n = nodes[k]
        if n.kind == FOLD:
            return -n.contrib[0] if n.player == 0 else 10 + n.contrib[1]
        if n.kind == SHOWDOWN:
            s = share(oop[i], ip[j], board + " " + str(parse_cards([r])[0]), "hilo")
            return s * (10 + n.contrib[0] + n.contrib[1]) - n.contrib[0]
        if n.kind == CHANCE:
            used = set(cards(board) + cards(oop[i]) + cards(ip[j]))
            live = [c for c in range(52) if c not in used]
            return sum(value(n.children[0], i, j, c) for c in live) / len(live)
        row = rivers.index(r) if n.river else 0
        probs = avg[k][row, i if n.player == 0 else j]
        return sum(p * value(c, i, j, r) for p, c in zip(probs, n.children))

    total = z = 0.0
    for i, a in enumerate(oop):
        for j, b in enumerate(ip):
            if set(cards(a)) & set(cards(b)):
                continue
            total += w[0][i] * w[1][j] * value(0, i, j, None)
            z += w[0][i] * w[1][j]
    ev = (w[0] * engine.root_values(0, "ev")).sum() / engine.deal_weight()
    assert engine.deal_weight() == pytest.approx(z)
    assert ev == pytest.approx(total / z, abs=1e-9)


@pytest.mark.parametrize("board", [BOARD, "Ah Kd 7c 8s"])
def test_prepared_kernels_agree_with_showdown_values(board):
    """The prepared tables (batched showdowns, C fold sums) against showdown_values and
    the numpy fold sums: the same regrets after a few iterations."""
    tree = BetTree(bets=(0.5,), raises=(1.0,), raise_cap=1)
    street = "river" if len(board.split()) == 5 else "turn"
    nodes = build(tree, 10, 40, street)
    hands = (np.array([cards(h) for h in OOP], np.uint8),
             np.array([cards(h) for h in IP], np.uint8))
    w = (np.array([1.0, 2.0, 0.5, 1.0]), np.array([1.5, 1.0, 1.0, 0.2]))
    fast = Engine(nodes, cards(board), hands, w, 10, "hilo")
    slow = Engine(nodes, cards(board), hands, w, 10, "hilo", prepared=False)
    assert fast.showdowns[0].prepared and not slow.showdowns[0].prepared
    for _ in range(5 if street == "river" else 2):      # the turn's slow engine is slow
        fast.iterate()
        slow.iterate()
    for k in fast.regrets:
        assert np.allclose(fast.regrets[k], slow.regrets[k], rtol=1e-5, atol=1e-6)
    assert fast.exploitability() == pytest.approx(slow.exploitability(), rel=1e-6)
