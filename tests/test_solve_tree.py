"""Bet trees by street, raise level and player: the leads out of position (donk and probe
bets), the all-in threshold, merged sizes, geometric sizes, fixed limit's big bet, the
text form and the command line. Expected trees are written out by hand; thresholds and
geometric sizes are computed here from their definitions."""

from __future__ import annotations

import json
import math
import random

import pytest

from omaha_fast.cli import main
from omaha_fast.errors import InvalidValueError
from omaha_fast.solve import BetTree, BetTreeError, SubgameTypeError
from omaha_fast.solve.sizes import read_text
from omaha_fast.solve.tree import ACTION, CHANCE, build

STREETS = ("flop", "turn", "river")


def actions(nodes):
    return {n.path: n.actions for n in nodes if n.kind == ACTION}


def first_of_street(nodes):
    """{path: actions} of each street's first action node below a card."""
    return {n.path: n.actions for n in nodes
            if n.kind == ACTION and nodes[n.parent].kind == CHANCE}


# ---- hand-built trees --------------------------------------------------------------------

def test_no_donk_by_default_and_a_probe_with_the_bets():
    nodes = build(BetTree(bets=(1.0,), raise_cap=0, allin=False), 10, 100, "turn")
    assert actions(nodes) == {
        "": ["check", "bet 10"],
        "check": ["check", "bet 10"],
        "check/bet 10": ["fold", "call"],
        "bet 10": ["fold", "call"],
        # the river after a turn checked through: OOP may probe, with his bets
        "check/check": ["check", "bet 10"],
        "check/check/check": ["check", "bet 10"],
        "check/check/check/bet 10": ["fold", "call"],
        "check/check/bet 10": ["fold", "call"],
        # IP bet the turn and OOP called: no donk bet into him
        "check/bet 10/call": ["check"],
        "check/bet 10/call/check": ["check", "bet 30"],
        "check/bet 10/call/check/bet 30": ["fold", "call"],
        # OOP bet the turn himself: he bets the river as he likes
        "bet 10/call": ["check", "bet 30"],
        "bet 10/call/check": ["check", "bet 30"],
        "bet 10/call/check/bet 30": ["fold", "call"],
        "bet 10/call/bet 30": ["fold", "call"],
    }


def test_donk_and_probe_sizes_of_their_own():
    tree = BetTree(bets=(1.0,), raise_cap=0, allin=False, donk=(0.5,), probe=(0.25,))
    assert first_of_street(build(tree, 10, 100, "turn")) == {
        "check/check": ["check", "bet 2.5"],          # probe: a quarter of 10
        "check/bet 10/call": ["check", "bet 15"],     # donk: half of 30
        "bet 10/call": ["check", "bet 30"],           # his own bet: the pot
    }
    # a donk lead is OOP's only: IP's bet after OOP checks is one of his bets
    assert actions(build(tree, 10, 100, "turn"))["check/bet 10/call/check"] == \
        ["check", "bet 30"]


def test_a_raise_after_a_check_raise_makes_the_raiser_the_aggressor():
    tree = BetTree(bets=(0.5,), raises=(1.0,), raise_cap=1, allin=False, donk=(0.25,))
    first = first_of_street(build(tree, 10, 1000, "turn"))
    # OOP check-raised IP's bet and IP called: OOP bets the river with his bets
    assert first["check/bet 5/raise 25/call"] == ["check", "bet 30"]
    # IP raised OOP's bet and OOP called: a donk bet, a quarter of 60
    assert first["bet 5/raise 25/call"] == ["check", "bet 15"]


def test_sizes_by_player_and_raise_level():
    tree = BetTree(bets=(0.5,), raises=(1.0,), reraises=(0.5,), ip_bets=(1.0,),
                   ip_raises=(0.5,), raise_cap=2, allin=False)
    assert actions(build(tree, 10, 1000, "river")) == {
        "": ["check", "bet 5"],
        "check": ["check", "bet 10"],                           # IP's bet: the pot
        "check/bet 10": ["fold", "call", "raise 40"],           # OOP's first raise: pot
        "check/bet 10/raise 40": ["fold", "call", "raise 85"],  # a later raise: half
        "check/bet 10/raise 40/raise 85": ["fold", "call"],
        "bet 5": ["fold", "call", "raise 15"],                  # IP's first raise: half
        "bet 5/raise 15": ["fold", "call", "raise 35"],         # later raises: half
        "bet 5/raise 15/raise 35": ["fold", "call"],
    }


def test_sizes_by_street_on_a_flop_tree():
    tree = BetTree(bets={"flop": (0.5,), "turn": (1.0,), "river": ()}, raise_cap=0,
                   allin=False, donk=(0.25,))
    nodes = build(tree, 10, 100, "flop")
    assert first_of_street(nodes) == {
        "check/check": ["check", "bet 10"],                      # turn: a probe, the pot
        "check/check/check/check": ["check"],                    # river: no bets
        "check/check/check/bet 10/call": ["check", "bet 7.5"],   # river donk: 30 / 4
        "check/check/bet 10/call": ["check"],
        "check/bet 5/call": ["check", "bet 5"],                  # turn donk: 20 / 4
        "check/bet 5/call/check/check": ["check"],
        "check/bet 5/call/check/bet 20/call": ["check", "bet 15"],
        "check/bet 5/call/bet 5/call": ["check"],
        "bet 5/call": ["check", "bet 20"],
        "bet 5/call/check/check": ["check"],
        "bet 5/call/check/bet 20/call": ["check", "bet 15"],
        "bet 5/call/bet 20/call": ["check"],
    }
    assert actions(nodes)["check/bet 5/call/check"] == ["check", "bet 20"]


def test_fixed_limit_doubles_on_the_turn_and_river_when_told():
    tree = BetTree(limit="fixed", fixed_bet=2, big_bet=4, raise_cap=1)
    nodes = build(tree, 10, 100, "flop")
    assert actions(nodes)[""] == ["check", "bet 2"]
    assert actions(nodes)["bet 2"] == ["fold", "call", "raise 4"]
    assert first_of_street(nodes)["bet 2/call"] == ["check", "bet 4"]
    river = [n for n in nodes if n.kind == ACTION and n.street == "river" and
             nodes[n.parent].kind == CHANCE]
    assert river and all(n.actions == ["check", "bet 4"] for n in river)
    # without big_bet, one bet on every street and every lead, as before
    same = build(BetTree(limit="fixed", fixed_bet=2, raise_cap=1), 10, 100, "turn")
    assert all(a in (["check", "bet 2"], ["fold", "call", "raise 4"], ["fold", "call"])
               for a in actions(same).values())
    assert first_of_street(same)["check/bet 2/call"] == ["check", "bet 2"]


# ---- thresholds, merging, geometric sizes ------------------------------------------------

def test_the_allin_threshold_against_its_definition():
    rng = random.Random(3)
    for _ in range(60):
        pot, stack = rng.choice([4, 10, 30]), rng.choice([20, 50, 120])
        fractions = sorted(rng.sample([0.25, 0.33, 0.5, 0.75, 1.0, 1.5, 2.5, 4.0], 3))
        share = rng.choice([0.3, 0.5, 0.67, 0.9])
        limit = rng.choice(["no", "pot"])
        tree = BetTree(bets=fractions, raises=fractions, raise_cap=1, allin=False,
                       limit=limit, allin_threshold=share)
        nodes = build(tree, pot, stack, "river")
        top = stack if limit == "no" else min(stack, pot)

        def bet(f, pot=pot, stack=stack, share=share, top=top):
            b = min(f * pot, top)
            return min(stack if b > share * stack + 1e-9 else b, top)

        want = sorted({round(bet(f), 6) for f in fractions})
        root = actions(nodes)[""]
        assert [round(float(a.split()[1]), 2) for a in root[1:]] == \
            [round(w, 2) for w in want], (pot, stack, fractions, share, limit)
        # a raise over the smallest bet b: to b + f (pot + 2b), the raiser's stack behind
        b = want[0]
        if b < stack:
            size = pot + 2 * b
            top_r = stack if limit == "no" else min(stack, b + size)
            raises = set()
            for f in fractions:
                r = min(max(b + f * size, 2 * b), top_r)
                raises.add(round(min(stack if r > share * stack + 1e-9 else r, top_r), 6))
            got = actions(nodes)[f"bet {root[1].split()[1]}"][2:]
            assert [round(float(a.split()[1]), 2) for a in got] == \
                [round(r, 2) for r in sorted(raises)]


def test_merge_keeps_one_of_two_close_sizes():
    tree = BetTree(bets=(0.5, 0.55, 1.0, 2.0), allin=False, limit="no", merge=0.1)
    # from 2.0 down: 3 / 2 and 2 / 1.55 are far enough, 1.55 / 1.5 is not
    assert build(tree, 100, 10_000, "river")[0].actions == \
        ["check", "bet 55", "bet 100", "bet 200"]
    rng = random.Random(8)
    for _ in range(40):
        fractions = sorted(rng.sample([0.2, 0.25, 0.3, 0.33, 0.4, 0.5, 0.6, 0.66, 0.75,
                                       0.8, 1.0, 1.2, 1.5], 5))
        merge = rng.choice([0.05, 0.1, 0.2, 0.4])
        tree = BetTree(bets=fractions, allin=False, limit="no", merge=merge)
        kept = sorted(float(a.split()[1]) / 100 for a in
                      build(tree, 100, 10_000, "river")[0].actions[1:])
        assert kept[-1] == fractions[-1]                   # the largest stays
        for x, y in zip(kept[1:], kept):                   # kept sizes are apart
            assert (1 + x) / (1 + y) >= 1 + merge - 1e-9
        for f in set(fractions) - set(kept):                # a dropped one is near one kept
            assert any(k > f and (1 + k) / (1 + f) < 1 + merge for k in kept)


def _geo(pot, behind, streets):
    """The fraction f with pot * ((1 + 2f) ** streets - 1) / 2 == behind, by bisection."""
    lo, hi = 0.0, 1000.0
    for _ in range(200):
        f = (lo + hi) / 2
        lo, hi = (f, hi) if pot * ((1 + 2 * f) ** streets - 1) / 2 < behind else (lo, f)
    return lo


@pytest.mark.parametrize("pot,stack", [(10, 100), (6, 200), (20, 35)])
def test_a_geometric_bet_puts_the_stack_in_by_the_river(pot, stack):
    tree = BetTree(bets=("geo",), raise_cap=0, allin=False, limit="no")
    nodes = build(tree, pot, stack, "flop")
    by_path = {n.path: n for n in nodes}
    f = _geo(pot, stack, 3)
    line, bets = "", []
    for _ in range(3):        # OOP bets, IP calls: the same fraction of each street's pot
        node = by_path[line]
        label = next(a for a in node.actions if a.startswith("bet"))
        bets.append(nodes[node.children[node.actions.index(label)]].contrib[0] -
                    node.contrib[0])
        assert bets[-1] == pytest.approx(f * (pot + sum(node.contrib)), rel=1e-9)
        line = f"{line}/{label}/call".lstrip("/")
    assert by_path[line].contrib == (stack, stack)       # all in on the river
    assert sum(bets) == pytest.approx(stack, rel=1e-9)
    # "2e" on the flop spreads the stack over the flop and the turn: "1e" then bets it all
    two = build(BetTree(bets={"flop": ("2e",), "turn": ("1e",)}, raise_cap=0, allin=False,
                        limit="no"), pot, stack, "flop")
    flop = two[two[0].children[1]].contrib[0]
    assert flop == pytest.approx(_geo(pot, stack, 2) * pot, rel=1e-9)
    turn = {n.path: n for n in two}[f"{two[0].actions[1]}/call"]   # the action node
    assert turn.kind == ACTION and turn.street == "turn"
    assert two[turn.children[-1]].contrib[0] == stack
    # the streets are counted from the street bet on: "2e" on the turn is "geo" there,
    # and on the river still two streets' share, where "geo" is the whole stack
    geo = [build(BetTree(bets=(x,), raise_cap=0, allin=False, limit="no"), pot, stack,
                 "turn") for x in ("2e", "geo")]
    assert geo[0][0].actions == geo[1][0].actions
    river = [{n.path: n.actions for n in g if n.street == "river"}["check/check"]
             for g in geo]
    assert river[1] == ["check", f"bet {stack:g}"]
    assert float(river[0][1].split()[1]) == pytest.approx(_geo(pot, stack, 2) * pot, abs=0.006)


def test_a_geometric_raise_spreads_the_stack_over_the_streets_left():
    pot, stack = 10, 300
    tree = BetTree(bets=(0.5,), raises=("geo",), raise_cap=2, allin=False, limit="no")
    nodes = actions(build(tree, pot, stack, "turn"))
    # the first raise on the turn: two streets; the pot after calling 5 is 20
    f = _geo(20, stack - 5, 2)
    assert nodes["bet 5"][2] == f"raise {5 + f * 20:.2f}".rstrip("0").rstrip(".")
    # the raise after it: one street fewer, so the whole stack (the all-in)
    r = float(nodes["bet 5"][2].split()[1])
    assert nodes[f"bet 5/{nodes['bet 5'][2]}"][2] == f"raise {stack:g}"
    assert r < stack


def test_sizes_appear_only_on_their_street_kind_and_player():
    """Random trees whose every list holds sizes of its own: each bet or raise in the
    tree is a size of the list its street, raise level, player and lead call for."""
    pool = [round(0.5 + 0.037 * i, 3) for i in range(60)]   # above any minimum raise
    rng = random.Random(11)
    for trial in range(12):
        sizes = iter(rng.sample(pool, 60))

        def lists(streets=STREETS, sizes=sizes):
            return {s: (next(sizes),) for s in streets}

        spec = dict(bets=lists(), raises=lists(), reraises=lists(), ip_bets=lists(),
                    ip_raises=lists(), ip_reraises=lists(), donk=lists(("turn", "river")),
                    probe=lists(("turn", "river")))
        tree = BetTree(raise_cap=2, allin=False, limit="no", **spec)
        street = rng.choice(["flop", "turn"])
        nodes = build(tree, 10, 1e12, street)        # no size reaches the stack
        seen = set()
        for k, n in enumerate(nodes):
            if n.kind != ACTION:
                continue
            kind, player = _kind(nodes, k), n.player
            c = n.contrib
            size = 10 + c[0] + c[1] + (c[1 - player] - c[player])
            for child, label in zip(n.children, n.actions):
                if label.split()[0] not in ("bet", "raise"):
                    continue
                f = (nodes[child].contrib[player] - c[1 - player]) / size
                name = ("ip_" if player == 1 and kind in ("bets", "raises", "reraises")
                        else "") + kind
                assert (f,) == pytest.approx(spec[name][n.street], abs=1e-9), \
                    (trial, n.path, kind, player, f)
                seen.add((name, n.street))
        assert ("donk", "river") in seen and ("probe", "river") in seen
        assert ("ip_reraises", "river") in seen and ("reraises", "river") in seen


def _line(nodes, k):
    """The actions above node k: (street, player, bet/raise/check/call) from the root."""
    chain = []                          # (street, player, label) from the root down
    while nodes[k].parent >= 0:
        parent = nodes[nodes[k].parent]
        if parent.kind == ACTION:
            chain.append((parent.street, parent.player,
                          parent.actions[parent.children.index(k)].split()[0]))
        k = nodes[k].parent
    chain.reverse()
    return chain


def _kind(nodes, k):
    """Which list a bet or raise at node k comes from, read off the actions above it."""
    n = nodes[k]
    chain = _line(nodes, k)
    here = [word for street, _, word in chain if street == n.street]
    raised = [w for w in here if w in ("bet", "raise")]
    if raised:
        return "raises" if len(raised) == 1 else "reraises"
    before = [(p, w) for street, p, w in chain
              if STREETS.index(street) == STREETS.index(n.street) - 1]
    if n.player == 1 or not before:
        return "bets"
    aggressors = [p for p, w in before if w in ("bet", "raise")]
    if not aggressors:
        return "probe"
    return "donk" if aggressors[-1] == 1 else "bets"


# ---- the spec: checks, text, files -------------------------------------------------------

@pytest.mark.parametrize("kw,error,word", [
    (dict(donk={"flop": (0.5,)}), BetTreeError, "flop"),
    (dict(bets={"preflop": (0.5,)}), BetTreeError, "preflop"),
    (dict(bets=("big",)), SubgameTypeError, "big"),
    (dict(allin_threshold=0), BetTreeError, "allin_threshold"),
    (dict(allin_threshold=1.5), BetTreeError, "allin_threshold"),
    (dict(allin_threshold="2/3"), SubgameTypeError, "allin_threshold"),
    (dict(merge=-0.1), BetTreeError, "merge"),
    (dict(big_bet=4), BetTreeError, "big_bet"),
    (dict(limit="fixed", fixed_bet=2, big_bet=-4), BetTreeError, "big_bet"),
    (dict(bets=None), SubgameTypeError, "bets"),
])
def test_bad_trees_name_the_problem(kw, error, word):
    with pytest.raises(error, match=word) as info:
        BetTree(**kw)
    assert isinstance(info.value, InvalidValueError) or isinstance(info.value, TypeError)


@pytest.mark.parametrize("text,word", [
    ("flop:33;big", "'big'"), ("33;75", "two parts"), ("river:33;river:50", "twice"),
    ("preflop:33", "'preflop'"), ("flop:", "empty"), ("33,none", "none"),
    ("0", "'0'"), ("nan", "'nan'"), ("0e", "'0e'"), ("2.5e", "'2.5e'")])
def test_bad_text_names_the_token(text, word):
    with pytest.raises(BetTreeError, match=word):
        BetTree.parse(text)


def test_text_by_street():
    assert read_text("flop:33;turn,river:75,a", "bets") == \
        {"flop": (0.33,), "turn": (0.75, "allin"), "river": (0.75, "allin")}
    assert read_text("none", "bets") == ()
    assert read_text("e, 2E, pot, 50%", "bets") == (0.5, 1.0, "geo", "2e")
    t = BetTree.parse("33;river:75,allin", raises="pot", reraises="river:50",
                      ip_bets="flop:none", probe="50")
    assert t.allin is False
    assert t.sizes("bets", "flop", 1) == () and t.sizes("bets", "turn", 1) == (0.33,)
    assert t.sizes("reraises", "river") == (0.5,) and t.sizes("reraises", "turn") == (1.0,)
    assert t.sizes("probe", "turn") == (0.5,)
    # the plain form as it always was: an allin anywhere in it is the all-in everywhere
    old = BetTree.parse("33,75,pot,allin", raises="pot")
    assert old.bets == (0.33, 0.75, 1.0) and old.raises == (1.0,) and old.allin


def test_lists_that_agree_are_one_list():
    t = BetTree(bets={"flop": (0.5,), "turn": (0.5,), "river": (0.5,)})
    assert t.bets == (0.5,) and t == BetTree(bets=(0.5,))
    assert hash(BetTree(bets={"river": (0.5,)})) == hash(BetTree(bets={"river": [0.5]}))


def test_a_tree_reads_back_from_its_dict():
    tree = BetTree(bets={"flop": (0.33, "geo"), "river": (0.75, "allin")}, raises=(1.0,),
                   reraises=("2e",), ip_bets=(0.5,), donk={"river": (0.25,)},
                   probe=(0.4,), allin_threshold=0.67, merge=0.1, raise_cap=1)
    d = json.loads(json.dumps(tree.to_dict()))
    assert BetTree.from_dict(d) == tree
    for street in STREETS:
        assert build(BetTree.from_dict(d), 10, 100, street) == build(tree, 10, 100, street)


def test_a_tree_saved_before_leads_had_sizes_still_leads_with_its_bets():
    old = {"bets": [1.0], "raises": [1.0], "allin": False, "raise_cap": 0, "limit": "pot",
           "fixed_bet": None}
    tree = BetTree.from_dict(old)
    assert first_of_street(build(tree, 10, 100, "turn"))["check/bet 10/call"] == \
        ["check", "bet 30"]
    # a tree of no bets but the all-in (in pot limit, the pot) led with it
    shove = BetTree.from_dict({**old, "bets": [], "allin": True})
    assert first_of_street(build(shove, 10, 100, "turn"))["check/bet 10/call"] == \
        ["check", "bet 30"]


def test_an_empty_lead_list_is_no_lead_and_the_probe_falls_back_on_the_bets():
    shove = BetTree(bets=(), raises=(), raise_cap=0, limit="no")     # the all-in only
    assert first_of_street(build(shove, 10, 100, "turn")) == \
        {"check/check": ["check", "bet 100"]}          # a probe as his bets: all in
    none = BetTree(bets=(), raises=(), raise_cap=0, limit="no", probe=())
    assert first_of_street(build(none, 10, 100, "turn")) == {"check/check": ["check"]}
    mixed = BetTree(bets=(0.5,), raise_cap=0, allin=False, probe={"river": ()})
    first = first_of_street(build(mixed, 10, 100, "flop"))
    assert first["check/check"] == ["check", "bet 5"]            # the turn: his bets
    assert first["check/check/check/check"] == ["check"]         # the river: none


# ---- the command line --------------------------------------------------------------------

BOARD = "AhKd7c8s"
OOP = ["3c4dKsKh", "5c6c9d9h", "As3s4hTd"]
IP = ["3d4hQsQc", "JcJdTcTd", "3h5d6s9c"]


def test_the_command_line_builds_trees_by_street_and_player(capsys):
    args = ["solve", "--board", BOARD, "--pot", "10", "--stack", "100", "--oop",
            ",".join(OOP), "--ip", ",".join(IP), "--bets", "turn:50;river:75",
            "--ip-bets", "100", "--donk", "33", "--raise-cap", "0", "--iterations", "5",
            "--target", "0", "--json"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["root"]["actions"] == ["check", "bet 5"]
    tree = BetTree.from_dict(data["tree"])
    assert tree.sizes("bets", "turn", 1) == (1.0,) and tree.sizes("donk", "river") == (0.33,)
    assert tree.sizes("raises", "river") == (1.0,) and not tree.allin


@pytest.mark.parametrize("extra", [["--bets", "flop:33;big"], ["--donk", "flop:50"],
                                   ["--allin-threshold", "lots"], ["--merge", "2"],
                                   ["--ip-raises", "river:"], ["--big-bet", "4"]])
def test_bad_tree_options_are_one_line_and_status_2(capsys, extra):
    args = ["solve", "--board", BOARD + "2h", "--pot", "10", "--stack", "30",
            "--oop", ",".join(OOP), "--ip", ",".join(IP)]
    assert main(args + extra) == 2
    err = capsys.readouterr().err
    assert err.startswith("omaha-fast solve: error:") and err.count("\n") == 1
    assert "Traceback" not in err


def test_geometric_text_matches_the_formula():
    assert math.isclose(_geo(10, 90, 2), ((1 + 18) ** 0.5 - 1) / 2, rel_tol=1e-9)
