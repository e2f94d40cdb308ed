"""The flop solver against the sequence-form linear program of tiny flop games.

A game here is spelled out from nothing but the bet tree's shape (solve.tree.build) and
omaha_fast.evaluate hand by hand: every deal of the two ranges, every turn and river card
(each card not on the board or in either hand equally likely), every information set of
each player (its hand, the cards dealt, the node). Its value comes from scipy's linprog
(HiGHS) over sparse matrices; the solver must agree within its exploitability, with rake
and with a locked node as well.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from test_solve_lp import share  # player 0's share of the pot at a showdown

from omaha_fast import parse_cards
from omaha_fast.solve import BetTree, solve
from omaha_fast.solve.tree import CHANCE, FOLD, SHOWDOWN, build

scipy_optimize = pytest.importorskip("scipy.optimize")
scipy_sparse = pytest.importorskip("scipy.sparse")


def cards(text):
    return [int(c) for c in parse_cards(text)]


class FlopGame:
    """A heads-up flop game: deals of the two hand lists, every runout, the tree."""

    def __init__(self, board, oop, ip, pot, stack, tree, game="hilo", rake=0.0, cap=None,
                 locks=None):
        self.board, self.pot, self.game = cards(board), pot, game
        self.rake, self.cap = rake, cap
        self.hands = ([cards(h) for h in oop], [cards(h) for h in ip])
        self.nodes = build(tree, pot, stack, "flop")
        self.locks = locks or {}         # {path: [probabilities]} for every hand of the actor
        self.deals = [(i, j) for i, a in enumerate(self.hands[0])
                      for j, b in enumerate(self.hands[1]) if not set(a) & set(b)]
        self.prior = 1.0 / len(self.deals)
        self.index = [{}, {}]             # (node, dealt, hand, action) -> sequence
        self.sets = [[], []]              # information sets: (node, dealt, hand, parent seq)
        self.entries = {}                 # (seq0, seq1) -> player 0's expected payoff
        self._walk(0, (), 1.0, {d: (None, None) for d in self.deals})

    def _seq(self, p, node, dealt, hand, action):
        key = (node, dealt, hand, action)
        if key not in self.index[p]:
            self.index[p][key] = len(self.index[p]) + 1      # 0 is the empty sequence
        return self.index[p][key]

    def _payoff(self, k, deal, dealt):
        nd = self.nodes[k]
        c0, c1 = nd.contrib
        size = self.pot + c0 + c1
        taken = min(self.rake * size, self.cap) if self.cap is not None else self.rake * size
        if nd.kind == FOLD:
            return -c0 if nd.player == 0 else size - taken - c0
        h0, h1 = self.hands[0][deal[0]], self.hands[1][deal[1]]
        return share(h0, h1, self.board + list(dealt), self.game) * (size - taken) - c0

    def _walk(self, k, dealt, chance, last):
        """last: for each live deal, the two players' last sequences (None: empty)."""
        nd = self.nodes[k]
        if nd.kind in (FOLD, SHOWDOWN):
            for deal, (s0, s1) in last.items():
                key = (s0 or 0, s1 or 0)
                self.entries[key] = self.entries.get(key, 0.0) + \
                    self.prior * chance * self._payoff(k, deal, dealt)
            return
        if nd.kind == CHANCE:
            used = set(self.board) | set(dealt)
            for c in range(52):
                if c in used:
                    continue
                live = {d: s for d, s in last.items()
                        if c not in self.hands[0][d[0]] and c not in self.hands[1][d[1]]}
                # each card a pair of hands can see is as likely: 52 - board - 8 of them
                self._walk(nd.children[0], dealt + (c,), chance / (52 - len(used) - 8), live)
            return
        p = nd.player
        hands = {d[p] for d in last}
        for h in hands:
            parent = next(s[p] for d, s in last.items() if d[p] == h)
            self.sets[p].append((k, dealt, h, parent or 0))
        for a, c in enumerate(nd.children):
            nxt = {}
            for d, (s0, s1) in last.items():
                s = self._seq(p, k, dealt, d[p], a)
                nxt[d] = (s, s1) if p == 0 else (s0, s)
            self._walk(c, dealt, chance, nxt)

    def lp_value(self):
        """Player 0's equilibrium value per deal (sequence-form LP)."""
        n0, n1 = len(self.index[0]) + 1, len(self.index[1]) + 1
        keys = list(self.entries)
        A = scipy_sparse.csr_matrix(([self.entries[k] for k in keys],
                                     ([k[0] for k in keys], [k[1] for k in keys])),
                                    shape=(n0, n1))

        def constraints(p, n):
            rows, cols, vals = [0], [0], [1.0]
            for r, (k, dealt, h, parent) in enumerate(self.sets[p], 1):
                rows.append(r), cols.append(parent), vals.append(-1.0)
                for a in range(len(self.nodes[k].children)):
                    rows.append(r), cols.append(self.index[p][(k, dealt, h, a)]), vals.append(1.0)
            return scipy_sparse.csr_matrix((vals, (rows, cols)), shape=(len(self.sets[p]) + 1, n))

        E, F = constraints(0, n0), constraints(1, n1)
        # a lock of player 0: each locked action's sequence is its probability times the
        # information set's parent sequence
        lr, lc, lv = [], [], []
        for k, dealt, h, parent in self.sets[0]:
            if self.nodes[k].path not in self.locks:
                continue
            for a, pa in enumerate(self.locks[self.nodes[k].path][h]):
                r = len(lr) // 2                       # a row for each action
                lr += [r, r]
                lc += [self.index[0][(k, dealt, h, a)], parent]
                lv += [1.0, -pa]
        nq = F.shape[0]
        c = np.zeros(n0 + nq)
        c[n0] = -1.0
        A_ub = scipy_sparse.hstack([-A.T, F.T])
        A_eq = scipy_sparse.hstack([E, scipy_sparse.csr_matrix((E.shape[0], nq))])
        b_eq = np.zeros(E.shape[0])
        b_eq[0] = 1.0
        if lr:
            L = scipy_sparse.csr_matrix((lv, (lr, lc)), shape=(max(lr) + 1, n0))
            A_eq = scipy_sparse.vstack([A_eq, scipy_sparse.hstack(
                [L, scipy_sparse.csr_matrix((L.shape[0], nq))])])
            b_eq = np.concatenate([b_eq, np.zeros(L.shape[0])])
        res = scipy_optimize.linprog(c, A_ub=A_ub, b_ub=np.zeros(n1), A_eq=A_eq, b_eq=b_eq,
                                     bounds=[(0, None)] * n0 + [(None, None)] * nq,
                                     method="highs")
        assert res.status == 0, res.message
        return -res.fun


TREE = BetTree(bets=(1.0,), raise_cap=0, allin=False)   # bet the pot, which is all in
BOARD = "Ah Kh 7c"
GAMES = [
    (["2c3dQsQd", "5d6d9s9c"], ["3h4h8d8s", "JcJdTsTd"], "hilo"),
    (["2c3dQsQd", "As2s5h6h"], ["3h4h8d8s", "JcJdTsTd", "2d3cKsKd"], "hilo"),
    (["QsQdJhTh", "5d6d9s9c"], ["8d8s3h4h", "AsAd2c4c"], "high"),
]


def weights_of(hands):
    return [cards(h) for h in hands]


@pytest.mark.parametrize("oop,ip,game", [GAMES[0], pytest.param(*GAMES[1], marks=pytest.mark.slow),
                                         pytest.param(*GAMES[2], marks=pytest.mark.slow)])
def test_a_flop_solve_matches_the_linear_program(oop, ip, game):
    value = FlopGame(BOARD, oop, ip, 10, 10, TREE, game).lp_value()
    r = solve(BOARD, oop, ip, pot=10, stack=10, tree=TREE, game=game, target=0.002,
              iterations=3000, check_every=25)
    slack = r.exploitability / 100 * 10
    assert r.exploitability <= 0.002
    assert abs(r.ev[0] - value) <= slack + 1e-6


# OOP has no bets of his own; IP bets a quarter on the flop, half on the turn, nothing on
# the river; on the turn OOP may lead half the pot into IP's flop bet (a donk bet, all in)
# or after the flop went check-check (a probe bet)
LEADS = BetTree(bets=(), ip_bets={"flop": (0.25,), "turn": (0.5,), "river": ()},
                donk={"turn": (0.5,)}, probe={"turn": (0.5,)}, raise_cap=0, allin=False)


def test_a_tree_with_leads_and_sizes_by_street_matches_the_linear_program():
    oop, ip, game = GAMES[0]
    g = FlopGame(BOARD, oop, ip, 10, 10, LEADS, game)
    turn = {n.path: n.actions for n in g.nodes
            if n.street == "turn" and g.nodes[n.parent].kind == CHANCE}
    assert turn == {"check/check": ["check", "bet 5"], "check/bet 2.5/call": ["check",
                                                                             "bet 7.5"]}
    value = g.lp_value()
    r = solve(BOARD, oop, ip, pot=10, stack=10, tree=LEADS, game=game, target=0.002,
              iterations=3000, check_every=25)
    assert r.exploitability <= 0.002
    assert abs(r.ev[0] - value) <= r.exploitability / 100 * 10 + 1e-6


def test_rake_matches_the_linear_program():
    oop, ip, game = GAMES[0]
    value = FlopGame(BOARD, oop, ip, 10, 10, TREE, game, rake=0.05, cap=0.7).lp_value()
    r = solve(BOARD, oop, ip, pot=10, stack=10, tree=TREE, game=game, target=0.002,
              iterations=3000, check_every=25, rake=0.05, rake_cap=0.7)
    assert abs(r.ev[0] - value) <= r.exploitability / 100 * 10 + 1e-6


def test_a_locked_root_matches_the_linear_program_with_it_fixed():
    oop, ip, game = GAMES[0]
    lock = [[0.25, 0.75], [1.0, 0.0]]              # OOP's two hands at the root
    value = FlopGame(BOARD, oop, ip, 10, 10, TREE, game, locks={"": lock}).lp_value()
    free = FlopGame(BOARD, oop, ip, 10, 10, TREE, game).lp_value()
    r = solve(BOARD, oop, ip, pot=10, stack=10, tree=TREE, game=game, target=0.002,
              iterations=3000, check_every=25, locks={"": np.array(lock)})
    np.testing.assert_allclose(r.strategy(""), lock, atol=1e-6)
    assert value <= free + 1e-9                    # a constraint cannot help OOP
    assert abs(r.ev[0] - value) <= r.exploitability / 100 * 10 + 1e-6


def test_the_game_is_spelled_out_whole():
    """Every runout is there: a pair of hands meets 41 turns and 40 rivers each."""
    oop, ip, game = GAMES[0]
    g = FlopGame(BOARD, oop, ip, 10, 10, BetTree(bets=(), allin=False), game)
    # a tree of checks: one showdown leaf per runout, probabilities adding to 1 per deal
    total = sum(g.entries.values()) / (10 * 1.0)   # payoff = share * 10
    shares = []
    for i, j in g.deals:
        h0, h1 = g.hands[0][i], g.hands[1][j]
        rest = [c for c in range(52) if c not in set(g.board) | set(h0) | set(h1)]
        shares.append(np.mean([share(h0, h1, g.board + [t, r], game)
                               for t, r in itertools.permutations(rest, 2)]))
    assert total == pytest.approx(np.mean(shares))
