"""The subgame solver's API: inputs, trees, results, save/load, the command line."""

from __future__ import annotations

import json

import numpy as np
import pytest

from omaha_fast import InvalidTypeError, InvalidValueError, Range, parse_cards
from omaha_fast.cli import main
from omaha_fast.kernels import all_hands
from omaha_fast.solve import (
    BetTree,
    BetTreeError,
    SolvedFileError,
    SubgameResult,
    SubgameTypeError,
    SubgameValueError,
    load,
    solve,
)
from omaha_fast.solve.showdown import Blockers
from omaha_fast.solve.tree import build

BOARD = "Ah Kd 7c 8s 2h"
OOP = ["3c4dKsKh", "5c6c9d9h", "As3s4hTd", "QdQh3d4s"]
IP = ["3d4hQsQc", "JcJdTcTd", "3h5d6s9c", "2c2dAcJh"]


def small(**kw):
    args = dict(pot=10, stack=30, tree=BetTree(bets=(0.5,), raise_cap=1), target=0.1)
    args.update(kw)
    return solve(BOARD, OOP, IP, **args)


# ---- trees -------------------------------------------------------------------------------

def test_pot_limit_clamps_to_the_pot_and_no_limit_does_not():
    pl = build(BetTree(bets=(2.0,), allin=False), 10, 100, "river")
    nl = build(BetTree(bets=(2.0,), allin=False, limit="no"), 10, 100, "river")
    assert pl[0].actions == ["check", "bet 10"]
    assert nl[0].actions == ["check", "bet 20"]
    # a size past the stack is the all-in, once
    short = build(BetTree(bets=(0.5, 2.0), limit="no"), 10, 8, "river")
    assert short[0].actions == ["check", "bet 5", "bet 8"]


def test_pot_limit_raise_is_the_pot_after_calling():
    nodes = build(BetTree(bets=(1.0,), raises=(1.0,), allin=False), 10, 1000, "river")
    bet = next(n for n in nodes if n.path == "bet 10")
    assert bet.actions == ["fold", "call", "raise 40"]   # call 10, pot 30, raise 30 more


def test_raise_cap_and_no_limit_minimum_raise():
    nodes = build(BetTree(bets=(1.0,), raises=(0.1,), raise_cap=1, allin=False, limit="no"),
                  10, 1000, "river")
    bet = next(n for n in nodes if n.path == "bet 10")
    assert bet.actions == ["fold", "call", "raise 20"]   # at least the last bet again
    capped = next(n for n in nodes if n.path == "bet 10/raise 20")
    assert capped.actions == ["fold", "call"]


def test_fixed_limit_uses_its_own_bet():
    nodes = build(BetTree(limit="fixed", fixed_bet=4, raise_cap=1), 10, 100, "river")
    assert nodes[0].actions == ["check", "bet 4"]
    assert next(n for n in nodes if n.path == "bet 4").actions == ["fold", "call", "raise 8"]
    with pytest.raises(BetTreeError):
        BetTree(limit="fixed")


def test_turn_tree_has_a_chance_node_before_the_river():
    nodes = build(BetTree(bets=(1.0,), raise_cap=0, allin=False), 10, 100, "turn")
    chance = [n for n in nodes if n.kind == "chance"]
    assert {n.path for n in chance} == {"check/check", "check/bet 10/call", "bet 10/call"}
    assert all(nodes[c].river for n in chance for c in n.children)


@pytest.mark.parametrize("kw,error", [
    (dict(bets=(0,)), BetTreeError), (dict(bets=(-1,)), BetTreeError),
    (dict(bets=("a",)), SubgameTypeError), (dict(bets=0.5), SubgameTypeError),
    (dict(raise_cap=-1), BetTreeError), (dict(raise_cap=1.5), SubgameTypeError),
    (dict(limit="spread"), BetTreeError), (dict(allin=1), SubgameTypeError),
    (dict(fixed_bet=3), BetTreeError)])
def test_bad_trees(kw, error):
    with pytest.raises(error):
        BetTree(**kw)


def test_tree_parse():
    t = BetTree.parse("33,75,pot,allin")
    assert t.bets == (0.33, 0.75, 1.0) and t.allin
    with pytest.raises(BetTreeError):
        BetTree.parse("33,big")


# ---- blockers ----------------------------------------------------------------------------

def test_blockers_against_every_pair():
    rng = np.random.default_rng(5)
    hands = all_hands(BOARD)
    hero = hands[rng.choice(len(hands), 150, replace=False)]
    villain = hands[rng.choice(len(hands), 120, replace=False)]
    villain[:40] = hero[:40]                     # the same hand on both sides
    free = [c for c in range(52) if c not in [int(b) for b in parse_cards(BOARD)]]
    for i in range(40, 60):                      # three cards shared with a hero hand
        keep = hero[20 + i, :3].tolist()
        villain[i] = sorted(keep + [next(c for c in free[i - 40:] if c not in keep)])
    villain = np.unique(villain, axis=0)
    assert (np.diff(np.sort(villain, axis=1), axis=1) > 0).all()
    w = rng.random((4, len(villain)))
    fits = np.array([[not set(a) & set(b) for b in villain.tolist()] for a in hero.tolist()])
    got = Blockers(hero, villain)(w)
    assert np.allclose(got, w @ fits.T.astype(float), atol=1e-12)
    assert np.allclose(Blockers(hero, villain)(w[:1]), w[:1] @ fits.T.astype(float))


# ---- inputs ------------------------------------------------------------------------------

def test_ranges_as_text_range_and_arrays_agree():
    hands = np.array([[int(c) for c in parse_cards(h)] for h in IP], dtype=np.uint8)
    a = small(target=0, iterations=30)
    b = solve(BOARD, Range.from_hands(OOP), (hands, [1.0] * 4), pot=10, stack=30,
              tree=BetTree(bets=(0.5,), raise_cap=1), target=0, iterations=30)
    # the same solve but for rounding: the CFR passes sum the showdowns in single
    # precision, in an order that follows the order of the hands given, and thirty
    # iterations carry that rounding to about 1e-3 of the exploitability
    assert a.exploitability == pytest.approx(b.exploitability, rel=1e-2)
    assert a.ev == pytest.approx(b.ev, abs=1e-4)
    # a Range keeps its own order of hands
    order = [b.hand_names(0).index(h) for h in a.hand_names(0)]
    assert np.allclose(a.strategy(""), b.strategy("")[order], atol=1e-3)


def test_the_order_of_the_hands_changes_nothing():
    """The engine keeps a river's hands in its own walk order and gives every result back
    in the order given: the same ranges in another order give each hand the same
    strategies, EV and equity."""
    rng = np.random.default_rng(11)
    hands = all_hands(BOARD)
    oop, ip = (hands[rng.choice(len(hands), 300, replace=False)] for _ in range(2))
    w0, w1 = rng.random(300), rng.random(300)
    tree = BetTree(bets=(0.5,), raises=(1.0,), raise_cap=1)
    a = solve(BOARD, (oop, w0), (ip, w1), pot=10, stack=30, tree=tree, target=0,
              iterations=25)
    p0, p1 = rng.permutation(300), rng.permutation(300)
    b = solve(BOARD, (oop[p0], w0[p0]), (ip[p1], w1[p1]), pot=10, stack=30, tree=tree,
              target=0, iterations=25)
    for path in ("", "check", "bet 5"):
        perm = p0 if path != "check" else p1       # who acts there: OOP, IP, IP
        perm = p1 if path == "bet 5" else perm
        np.testing.assert_allclose(b.strategy(path), a.strategy(path)[perm], atol=1e-5)
    for q, perm in ((0, p0), (1, p1)):
        np.testing.assert_allclose(b.hand_ev[q], a.hand_ev[q][perm], rtol=1e-6, atol=1e-9)
        np.testing.assert_allclose(b.hand_equity[q], a.hand_equity[q][perm], rtol=1e-9)
    assert b.exploitability == pytest.approx(a.exploitability, rel=1e-4)


def test_board_hands_are_left_out_and_float_weights_kept():
    r = solve(BOARD, OOP + ["AhQcJd3s"], (IP, [0.5, 1.5, 1.0, 2.0]), pot=10, stack=30,
              tree=BetTree(bets=(0.5,), raise_cap=0), target=1)
    assert len(r.hands[0]) == 4 and r.weights[1].tolist() == [0.5, 1.5, 1.0, 2.0]


@pytest.mark.parametrize("kw,error", [
    (dict(board="Ah Kd"), SubgameValueError), (dict(board="Ah Kd 7c 7c 2h"), SubgameValueError),
    (dict(board="Ah Kd 7c 8s Zz"), SubgameValueError),
    (dict(pot=0), SubgameValueError), (dict(pot="10"), SubgameTypeError),
    (dict(stack=-1), SubgameValueError), (dict(stack=float("nan")), SubgameValueError),
    (dict(stack=(10, 20, 30)), SubgameValueError),
    (dict(oop="AAAAA"), SubgameValueError), (dict(oop=3), SubgameTypeError),
    (dict(oop=["AhKsQsJs"]), SubgameValueError),           # every hand on the board
    (dict(oop=(OOP, [1, 2])), SubgameValueError), (dict(oop=(OOP, [1, 1, -1, 1])),
                                                   SubgameValueError),
    (dict(oop=OOP + OOP[:1]), SubgameValueError),
    (dict(tree="pot"), SubgameTypeError), (dict(iterations=-5), SubgameValueError),
    (dict(target="x"), SubgameTypeError), (dict(game="razz"), SubgameValueError),
    (dict(check_every=0), SubgameValueError), (dict(progress=5), SubgameTypeError),
    (dict(threads=0), SubgameValueError), (dict(threads=1.5), SubgameTypeError),
    (dict(alpha=float("nan")), SubgameValueError), (dict(alpha=-1), SubgameValueError),
    (dict(beta=-0.5), SubgameValueError), (dict(gamma=101), SubgameValueError),
    (dict(gamma="2"), SubgameTypeError), (dict(rake=1.5), SubgameValueError),
    (dict(rake=0.05, rake_cap=-1), SubgameValueError), (dict(max_memory=-1), SubgameValueError),
    (dict(locks={"bet 99": [[1.0]]}), SubgameValueError)])
def test_bad_spots_raise_the_package_errors(kw, error):
    args = dict(board=BOARD, oop=OOP, ip=IP, pot=10, stack=30)
    args.update(kw)
    with pytest.raises(error) as info:
        solve(**args)
    assert isinstance(info.value, (InvalidValueError, InvalidTypeError))


def test_ranges_that_never_meet():
    with pytest.raises(SubgameValueError, match="never fit"):
        solve(BOARD, ["3c4c5c6c"], ["3c4d5d6d"], pot=10, stack=10)


# ---- results -----------------------------------------------------------------------------

def test_result_holds_strategies_evs_and_equities():
    r = small()
    assert r.street == "river" and r.exploitability <= 0.1
    assert r.ev[0] + r.ev[1] == pytest.approx(10)
    for path in r.paths:
        s = r.strategy(path)
        assert s.shape == (4, len(r.actions(path)))
        assert np.allclose(s.sum(axis=1), 1)
    assert 0 <= r.equity[0] <= 1 and r.equity[0] + r.equity[1] == pytest.approx(1)
    # a range's EV is its hands' EVs weighted by the weight each meets
    met = np.array([sum(1 for v in IP if not set(parse_cards(h)) & set(parse_cards(v)))
                    for h in OOP], dtype=float)
    assert (r.hand_ev[0] * met).sum() / met.sum() == pytest.approx(r.ev[0])
    with pytest.raises(SubgameValueError):
        r.strategy("bet 999")
    with pytest.raises(SubgameValueError):
        r.strategy("", river="2c")


def test_progress_reports_falling_exploitability():
    seen = []
    small(target=0, iterations=40, check_every=10, progress=lambda i, n, e: seen.append((i, e)))
    assert [i for i, _ in seen] == [10, 20, 30, 40]
    assert seen[-1][1] < seen[0][1]


def test_time_budget_stops_the_solve():
    r = small(target=0, iterations=10**6, seconds=0.5)
    assert r.iterations < 10**6 and r.seconds >= 0.5     # stopped by the clock, not a count


def test_turn_spot_strategies_per_river():
    r = solve("Ah Kd 7c 8s", OOP[:3], IP[:3], pot=10, stack=20,
              tree=BetTree(bets=(1.0,), raise_cap=0), target=0.5, iterations=200)
    assert r.street == "turn" and len(r.rivers) == 48
    s = r.strategy("check/check", river="Qs")
    assert s.shape == (3, 2) and np.allclose(s.sum(axis=1), 1)
    assert r.ev[0] + r.ev[1] == pytest.approx(10)
    with pytest.raises(SubgameValueError):
        r.strategy("check/check")


def test_save_and_load_round_trip(tmp_path):
    r = solve("Ah Kd 7c 8s", OOP[:3], IP[:3], pot=10, stack=20,
              tree=BetTree(bets=(1.0,), raise_cap=0), target=1, iterations=50)
    path = tmp_path / "spot.npz"
    r.save(path)
    back = load(path)
    assert isinstance(back, SubgameResult)
    assert json.dumps(back.to_dict(hands=False)) == json.dumps(r.to_dict(hands=False))
    for q in (0, 1):
        assert back.hand_names(q) == r.hand_names(q)
        assert np.array_equal(back.hand_ev[q], r.hand_ev[q], equal_nan=True)
        assert np.array_equal(back.weights[q], r.weights[q])
    for p in r.paths:
        rivers = ["Qs"] if r.nodes[r._index[p]].river else [None]
        for river in rivers:
            assert np.allclose(back.strategy(p, river=river), r.strategy(p, river=river), atol=1e-6)
    assert back.tree == r.tree and back.paths == r.paths
    bad = tmp_path / "bad.npz"
    np.savez(bad, x=np.zeros(3))
    with pytest.raises(SolvedFileError):
        load(bad)
    (tmp_path / "text.npz").write_text("not a zip")
    with pytest.raises(SolvedFileError):
        load(tmp_path / "text.npz")
    cut = tmp_path / "cut.npz"
    cut.write_bytes(path.read_bytes()[:200])            # a truncated zip
    with pytest.raises(SolvedFileError):
        load(cut)
    meta = tmp_path / "meta.npz"                        # the right format, no nodes
    np.savez(meta, **{"meta.json": np.frombuffer(b'{"format": "omaha_fast-subgame-1"}',
                                                 dtype=np.uint8)})
    with pytest.raises(SolvedFileError):
        load(meta)
    with pytest.raises(FileNotFoundError):
        load(tmp_path / "missing.npz")


# ---- command line ------------------------------------------------------------------------

def test_cli_text_and_json(capsys, tmp_path):
    args = ["solve", "--board", "AhKd7c8s2h", "--pot", "10", "--stack", "30",
            "--oop", ",".join(OOP), "--ip", ",".join(IP), "--bets", "50", "--target", "0.5%"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "exploitability" in out and "root (OOP): check" in out
    save = tmp_path / "s.npz"
    assert main(args + ["--json", "--save", str(save)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["exploitability_pct"] <= 0.5 and data["root"]["actions"] == ["check", "bet 5"]
    assert len(data["players"][0]["hands"]) == 4
    assert load(save).iterations == data["iterations"]


@pytest.mark.parametrize("extra", [["--bets", "big"], ["--target", "lots"],
                                   ["--board", "AhKd"], ["--oop", "AAAAA"], ["--pot", "-3"]])
def test_cli_bad_input_is_one_line_and_status_2(capsys, extra):
    args = ["solve", "--board", "AhKd7c8s2h", "--pot", "10", "--stack", "30",
            "--oop", ",".join(OOP), "--ip", ",".join(IP)]
    assert main(args + extra) == 2
    err = capsys.readouterr().err
    assert err.startswith("omaha-fast solve: error:") and err.count("\n") == 1
    assert "Traceback" not in err
