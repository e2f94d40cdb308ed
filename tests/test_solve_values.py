"""Each action's EV at every node and the ranges reaching a node, against a brute force.

The brute force walks the tree for every pair of hands, both players on their average
strategies, and scores showdowns with the pure-Python reference evaluator: it shares
nothing with the solver's vectorised passes.
"""

from __future__ import annotations

import functools

import numpy as np
import pytest

from omaha_fast import parse_cards, reference
from omaha_fast.solve import BetTree, SubgameValueError, load, solve
from omaha_fast.solve.tree import ACTION, CHANCE, FOLD

RIVER = "Ah Kd 7c 8s 2h"
TURN = "Ah Kd 7c 8s"
OOP = ["3c4dKsKh", "5c6c9d9h", "As3s4hTd", "QdQh3d4s", "QcJs9h6h"]
IP = ["3d4hQsQc", "JcJdTcTd", "3h5d6s9c", "2c2dAcJh", "KcQh5s5h"]


@functools.cache
def _value(hand, board):
    return reference.evaluate(list(hand), list(board))


def share(hero, villain, board, game):
    """hero's share of the pot at showdown."""
    h, v = _value(tuple(hero), tuple(board)), _value(tuple(villain), tuple(board))
    def half(a, b):
        return 1.0 if a > b else 0.5 if a == b else 0.0
    if game == "high" or (h[1] == 0 and v[1] == 0):
        return half(h[0], v[0])
    return 0.5 * half(h[0], v[0]) + 0.5 * half(h[1], v[1])


def pair_value(r, k, p, i, j, board, rows):
    """p's chips at node k for hand i of p against hand j of the opponent, both on their
    average strategies below k (``rows``: the node's row, or None to deal every river)."""
    nd = r.nodes[k]
    q = 1 - p
    if nd.kind == FOLD:
        return -nd.contrib[p] if nd.player == p else r.pot + nd.contrib[q]
    if nd.kind == CHANCE:
        hi, hj = set(r.hands[p][i].tolist()), set(r.hands[q][j].tolist())
        live = [c for c in r.rivers if c not in hi and c not in hj]
        return sum(pair_value(r, nd.children[0], p, i, j, board + [c], r.rivers.index(c))
                   for c in live) / len(live)
    if nd.kind != ACTION:
        s = share(r.hands[p][i].tolist(), r.hands[q][j].tolist(), board, r.game)
        return s * (r.pot + nd.contrib[0] + nd.contrib[1]) - nd.contrib[p]
    row = 0 if rows is None else rows
    hand = i if nd.player == p else j
    strategy = r.strategies[k][row][hand]
    return sum(strategy[a] * pair_value(r, c, p, i, j, board, rows)
               for a, c in enumerate(nd.children))


def dealt(r, k, row):
    return {"river": r.rivers[row]} if r.nodes[k].depth else {}


@pytest.mark.parametrize("board, game", [(RIVER, "hilo"), (TURN, "high")])
def test_action_values_and_reach_match_a_brute_force(board, game, tmp_path):
    r = solve(board, OOP, IP, pot=10, stack=20, game=game,
              tree=BetTree(bets=(0.5, 1.0), raise_cap=1), target=0.5)
    cards = [int(c) for c in parse_cards(board)]
    checked = 0
    for k, nd in enumerate(r.nodes):
        if nd.kind != ACTION:
            continue
        # on the turn, the nodes after the river for two river cards
        rows = [0] if not nd.depth else [0, 17]
        for row in rows:
            kw = dealt(r, k, row)
            p, q = nd.player, 1 - nd.player
            opp = r.reach(nd.path, q, **kw)
            mine = r.reach(nd.path, p, **kw)
            got = r.action_ev(nd.path, **kw)
            board_here = cards + ([r.rivers[row]] if nd.depth else [])
            for i in range(len(r.hands[p])):
                hi = set(r.hands[p][i].tolist())
                met = [j for j in range(len(r.hands[q]))
                       if not hi & set(r.hands[q][j].tolist()) and opp[j] > 0]
                if set(board_here) & hi or not met:
                    assert np.isnan(got[i]).all()
                    continue
                for a, c in enumerate(nd.children):
                    want = sum(opp[j] * pair_value(r, c, p, i, j, board_here,
                                                   row if nd.depth else None)
                               for j in met) / sum(opp[j] for j in met)
                    assert got[i, a] == pytest.approx(want, abs=1e-3)
                    checked += 1
            # the reach: the prior times the player's own strategy along the path
            want_reach = np.array(r.weights[p], dtype=float)
            want_reach[[bool(set(board_here) & set(h.tolist())) for h in r.hands[p]]] = 0
            child = k
            while r.nodes[child].parent >= 0:
                a = r.nodes[child].parent
                if r.nodes[a].player == p and r.nodes[a].kind == ACTION:
                    s = r.strategies[a][row if r.nodes[a].depth else 0]
                    want_reach *= s[:, r.nodes[a].children.index(child)]
                child = a
            np.testing.assert_allclose(mine, want_reach, atol=1e-12)
    assert checked > 100
    # saved and read back with the file
    r.save(tmp_path / "spot.npz")
    back = load(tmp_path / "spot.npz")
    for k in r.action_values:
        np.testing.assert_array_equal(back.action_values[k], r.action_values[k])


def test_the_root_action_values_average_to_each_hands_ev():
    r = solve(RIVER, OOP, IP, pot=10, stack=20, tree=BetTree(bets=(0.5,)), target=0.5)
    mixed = np.nansum(r.strategy("") * r.action_ev(""), axis=1)
    ok = ~np.isnan(r.hand_ev[0])
    np.testing.assert_allclose(mixed[ok], r.hand_ev[0][ok], atol=1e-4)


def test_dealt_cards_are_checked_once_for_every_method():
    r = solve(TURN, OOP, IP, pot=10, stack=20, tree=BetTree(bets=(1.0,), raise_cap=0),
              target=1)
    for method in (r.strategy, r.action_ev):
        with pytest.raises(SubgameValueError, match="say which river"):
            method("check/check")
        with pytest.raises(SubgameValueError, match="before any river"):
            method("", river="Qs")
        with pytest.raises(SubgameValueError, match="deals no turn"):
            method("", turn="Qs")
        with pytest.raises(SubgameValueError, match="not on the board"):
            method("check/check", river="Ah")
        with pytest.raises(SubgameValueError, match="one card"):
            method("check/check", river="QsQh")
        with pytest.raises(SubgameValueError, match="river: "):
            method("check/check", river="Qx")
    with pytest.raises(SubgameValueError, match="say which river"):
        r.reach("check/check", 0)
    with pytest.raises(SubgameValueError, match="player is 0"):
        r.reach("", 2)
    # a hand holding the river reaches no node after it
    reach = r.reach("check/check", 0, river="Qc")
    qc = int(parse_cards("Qc")[0])
    holds = [qc in h.tolist() for h in r.hands[0]]
    assert reach[holds].sum() == 0 and reach[~np.array(holds)].sum() > 0


def test_a_file_without_action_values_loads_and_says_so(tmp_path):
    r = solve(RIVER, OOP, IP, pot=10, stack=20, tree=BetTree(bets=(1.0,)), target=1)
    r.action_values = None
    r.save(tmp_path / "old.npz")
    back = load(tmp_path / "old.npz")
    assert back.action_values is None
    np.testing.assert_array_equal(back.strategy(""), r.strategy(""))
    with pytest.raises(SubgameValueError, match="action values not saved"):
        back.action_ev("")
