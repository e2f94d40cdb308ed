"""Reports at any node of a solve (omaha_fast.solve.report and the report command), each
figure recomputed here by brute force: a row's weight, frequencies and EVs as the
reach-weighted sums over its hands of the result's own strategy, action values and reach;
the equity from exact pot shares of every pair of hands (equity_batch, not the solver's
showdown kernels); the hand classes against the range reader; the exported range
through the reader; and the command line's one-line errors."""

from __future__ import annotations

import json

import numpy as np
import pytest

from omaha_fast import Range
from omaha_fast.cards import format_cards, parse_cards
from omaha_fast.categories import categorize
from omaha_fast.cli import main
from omaha_fast.odds import equity, equity_batch
from omaha_fast.ranges import universe
from omaha_fast.solve import BetTree, SubgameValueError, load, solve
from omaha_fast.solve.report import (
    class_range,
    flush_suits,
    hand_class_labels,
    hand_rows,
    node_dict,
    node_range,
    node_report,
    reach_at,
    runout_report,
    tree_outline,
)

RIVER = "Ah Kh 7h 8s 2c"          # hearts: a flush suit on the river
TURN = "Ah Kh 7c 8s"              # two hearts: a flush suit before the river
FLOP = "Ah 7h 2c"


def cards_of(board: str) -> list[int]:
    return [int(c) for c in parse_cards(board)]


def pick(board: str, n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """n random hands off the board with random float weights."""
    u = universe()
    u = u[~np.isin(u, cards_of(board)).any(axis=1)]
    rng = np.random.default_rng(seed)
    return u[rng.choice(len(u), n, replace=False)], rng.uniform(0.2, 1.0, n)


@pytest.fixture(scope="module")
def river():
    return solve(RIVER, pick(RIVER, 250, 1), pick(RIVER, 250, 2), pot=10, stack=20,
                 tree=BetTree(bets=(0.5, 1.0), raise_cap=1), iterations=50)


@pytest.fixture(scope="module")
def turn():
    return solve(TURN, pick(TURN, 120, 3), pick(TURN, 120, 4), pot=10, stack=10,
                 tree=BetTree(bets=(1.0,), raise_cap=0, allin=False), iterations=20)


@pytest.fixture(scope="module")
def flop():
    return solve(FLOP, pick(FLOP, 30, 5), pick(FLOP, 30, 6), pot=10, stack=10,
                 tree=BetTree(bets=(1.0,), raise_cap=0, allin=False), iterations=5)


# ---- brute force ---------------------------------------------------------------------------

def brute_equity(r, path, board, dealt_kw):
    """Each hand of the acting player: its exact pot share against the opponent's reach at
    the node, hand pair by hand pair (NaN where it meets no hand)."""
    p = r.player(path)
    hero, villain = np.asarray(r.hands[p]), np.asarray(r.hands[1 - p])
    w = r.reach(path, 1 - p, **dealt_kw)
    out = np.full(len(hero), np.nan)
    for i, h in enumerate(hero):
        ok = ~np.isin(villain, list(h) + board).any(axis=1) & (w > 0)
        if np.isin(h, board).any() or not ok.any():
            continue
        pairs = np.stack([np.tile(h, (int(ok.sum()), 1)), villain[ok]], axis=1)
        eq = equity_batch(pairs, np.tile(np.array(board, np.uint8), (len(pairs), 1)),
                          r.game)[:, 0]
        out[i] = float((w[ok] * eq).sum() / w[ok].sum())
    return out


def brute_met(r, path, dealt_kw):
    """Each hand of the acting player: the opponent's reach at the node over the hands
    sharing no card with it."""
    p = r.player(path)
    hero, villain = np.asarray(r.hands[p]), np.asarray(r.hands[1 - p])
    w = r.reach(path, 1 - p, **dealt_kw)
    return np.array([w[~np.isin(villain, h).any(axis=1)].sum() for h in hero])


def brute_rows(r, path, labels, dealt_kw, board):
    """label -> (weight, frequencies, ev, action evs, equity) by a loop over hands: the
    frequencies weighted by reach, the EVs and equity by deals (reach times the opposing
    reach met)."""
    p = r.player(path)
    s, aev = r.strategy(path, **dealt_kw), r.action_ev(path, **dealt_kw)
    w = r.reach(path, p, **dealt_kw)
    deals = w * brute_met(r, path, dealt_kw)
    eq = brute_equity(r, path, board, dealt_kw)
    sums: dict[str, dict[str, np.ndarray]] = {}
    for i, label in enumerate(labels):
        if w[i] <= 0:
            continue
        d = sums.setdefault(label, {"w": 0.0, "f": 0.0, "ev": 0.0, "evw": 0.0,
                                    "a": np.zeros(s.shape[1]), "aw": np.zeros(s.shape[1]),
                                    "eq": 0.0, "eqw": 0.0})
        d["w"] += w[i]
        d["f"] = d["f"] + w[i] * s[i]
        ev = float((s[i] * aev[i]).sum())
        if np.isfinite(ev):
            d["ev"] += deals[i] * ev
            d["evw"] += deals[i]
        fin = np.isfinite(aev[i])
        d["a"][fin] += deals[i] * aev[i][fin]
        d["aw"][fin] += deals[i]
        if np.isfinite(eq[i]):
            d["eq"] += deals[i] * eq[i]
            d["eqw"] += deals[i]
    return {k: (d["w"], d["f"] / d["w"], d["ev"] / d["evw"] if d["evw"] else None,
                [a / b if b else None for a, b in zip(d["a"], d["aw"])],
                d["eq"] / d["eqw"] if d["eqw"] else None)
            for k, d in sums.items()}


def close(a, b, tol=1e-4):
    if a is None or b is None:
        return a is None and b is None
    return abs(a - b) <= tol * max(1.0, abs(b))


def check_rows(rep, expect):
    assert {row.label for row in rep.rows} == set(expect)
    total = sum(e[0] for e in expect.values())
    for row in rep.rows:
        w, f, ev, aev, eq = expect[row.label]
        assert close(row.weight, w) and close(row.share, w / total)
        assert np.allclose(row.frequency, f, atol=1e-5)
        assert close(row.ev, ev) and close(row.equity, eq)
        assert all(close(a, b) for a, b in zip(row.action_ev, aev))


# ---- rows against brute force --------------------------------------------------------------

@pytest.mark.parametrize("family", [["high"], ["low"], ["high", "way"]])
@pytest.mark.parametrize("path", ["", "check/bet 10", "bet 5/raise 20"])
def test_river_category_rows_are_the_reach_weighted_sums(river, family, path):
    p = river.player(path)
    board = cards_of(RIVER)
    cats = categorize(river.hands[p], board, "hilo")
    labels = [", ".join(x) for x in zip(*(cats.labels(f) for f in family))]
    rep = node_report(river, path, by="category", family=family)
    check_rows(rep, brute_rows(river, path, labels, {}, board))
    # the family's order: the nuts first
    order = {name: k for k, name in enumerate(cats.names[family[0]])}
    firsts = [order[row.label.split(", ")[0]] for row in rep.rows]
    assert firsts == sorted(firsts)


def test_the_roots_ev_and_equity_are_the_ranges(river, turn):
    for r in (river, turn):
        rep = node_report(r, "")
        assert close(rep.ev, r.ev[0], 1e-5) and close(rep.equity, r.equity[0], 1e-5)
        assert close(rep.weight, float(r.weights[0].sum()))


@pytest.mark.parametrize("path", ["", "check"])
def test_river_class_rows_and_their_order(river, path):
    p = river.player(path)
    labels = hand_class_labels(river.hands[p], RIVER)
    rep = node_report(river, path, by="class")
    check_rows(rep, brute_rows(river, path, labels, {}, cards_of(RIVER)))
    keys = [(-row.weight, -(row.ev if row.ev is not None else -1e9), row.label)
            for row in rep.rows]
    assert keys == sorted(keys)
    by_ev = node_report(river, path, by="class", sort="ev")
    evs = [row.ev for row in by_ev.rows if row.ev is not None]
    assert evs == sorted(evs, reverse=True)


def test_turn_rows_on_the_turn_and_below_the_river_card(turn):
    board = cards_of(TURN)
    p = turn.player("")
    cats = categorize(turn.hands[p], board, "hilo")
    labels = [", ".join(x) for x in zip(cats.labels("draw"), cats.labels("low draw"))]
    rep = node_report(turn, "", family=["draw", "low draw"])
    check_rows(rep, brute_rows(turn, "", labels, {}, board))
    # a river node: the dealt card keyword, hands holding it out of the rows
    path, card = "check/check", "Qs"
    q = turn.player(path)
    full = board + cards_of(card)
    live = ~np.isin(turn.hands[q], full).any(axis=1)
    labels = np.array(["dead"] * len(live), dtype=object)
    labels[live] = hand_class_labels(turn.hands[q][live], full)
    rep = node_report(turn, path, river=card, by="class")
    assert rep.dealt == ["Qs"]
    check_rows(rep, brute_rows(turn, path, list(labels), {"river": card}, full))


def test_flop_equity_deals_the_turn_and_the_river(flop):
    board = cards_of(FLOP)
    page = hand_rows(flop, "", limit=1000, sort="hand")
    p = flop.player("")
    brute = brute_equity(flop, "", board, {})
    names = flop.hand_names(p)
    got = {row.hand: row.equity for row in page.rows}
    for i, h in enumerate(flop.hands[p]):
        text = format_cards(sorted(h.tolist(), reverse=True))
        assert close(got[text], brute[i], 1e-5), names[i]


# ---- hand classes --------------------------------------------------------------------------

@pytest.mark.parametrize("board", ["Ah 7d 2c", "Qs Jh 5s", "Ks 9s 4s", "Ah Kh 7s 8s",
                                   "Ah Kh 7h 8s 2c", "Ah Kd 7c 8s 2h"])
def test_a_class_label_reads_as_the_range_of_exactly_its_hands(board):
    u = universe()
    u = u[~np.isin(u, cards_of(board)).any(axis=1)]
    hands = u[np.random.default_rng(7).choice(len(u), 4000, replace=False)]
    labels = np.array(hand_class_labels(hands, board))
    names = {format_cards(sorted(h.tolist())) for h in hands}
    for label in sorted(set(labels))[::max(1, len(set(labels)) // 40)]:
        inside = Range(class_range(label, board)).without(board)
        members = {format_cards(sorted(h.tolist())) for h in inside.combos}
        mine = {format_cards(sorted(h.tolist())) for h in hands[labels == label]}
        assert members & names == mine, label


@pytest.mark.parametrize("board", ["Ah 7d 2c", "Qs Jh 5s", "Ah Kh 7s 8s", "Ah Kh 7h 8s 2c"])
def test_hands_the_board_cannot_tell_apart_share_a_class(board):
    """Swapping suits the board cannot make a flush in maps every hand to one of its class;
    a hand whose cards in a flush suit change (swapped with another suit holding other
    ranks) does not stay in it."""
    u = universe()
    u = u[~np.isin(u, cards_of(board)).any(axis=1)]
    hands = u[np.random.default_rng(11).choice(len(u), 3000, replace=False)].astype(np.int64)
    labels = hand_class_labels(hands, board)
    flush = flush_suits(cards_of(board))
    free = [x for x in range(4) if x not in flush]
    rng = np.random.default_rng(12)
    for _ in range(5):
        perm = np.arange(4)
        perm[free] = rng.permutation(free)
        moved = (hands // 4) * 4 + perm[hands % 4]
        keep = ~np.isin(moved, cards_of(board)).any(axis=1)
        assert [x for x, k in zip(hand_class_labels(moved, board), keep) if k] == \
            [x for x, k in zip(labels, keep) if k]
    if flush:
        f, other = flush[0], free[0]
        swap = np.arange(4)
        swap[[f, other]] = [other, f]
        moved = (hands // 4) * 4 + swap[hands % 4]
        def ranks_in(suit):
            return [sorted(h[h % 4 == suit] // 4) for h in hands]
        differ = np.array([a != b for a, b in zip(ranks_in(f), ranks_in(other))])
        keep = ~np.isin(moved, cards_of(board)).any(axis=1) & differ
        changed = [a != b for a, b, k in zip(hand_class_labels(moved, board), labels, keep)
                   if k]
        assert all(changed)


def test_classes_name_the_suits_that_matter_on_the_board():
    board = "Qs Jh 5s"
    assert flush_suits(cards_of(board)) == [3]
    a, b, c, d = hand_class_labels(["AsQs5d2d", "AdQd5s2s", "AhQh5d2d", "AdQh5c2s"], board)
    assert len({a, b, c, d}) == 4                  # the nut flush draw stands apart
    assert a == "AsQs5x2x" and c == "AxQx5y2y"
    # the same hand up to suits the board does not tell apart: the same class
    assert hand_class_labels(["AhQh5d2d", "AdQd5h2h"], board) == ["AxQx5y2y"] * 2
    assert hand_class_labels(["AhQh5d2d"], "Ah Kh 7h 8s 2c") == ["AhQh5x2x"]
    assert hand_class_labels(["AhQh5d2d"], "Ad Kh 7c 8s 2c") == ["AxQx5y2y"]


# ---- hands ---------------------------------------------------------------------------------

def test_hand_rows_filter_sort_and_pages(river):
    path = "check/bet 10"
    p = river.player(path)
    w = river.reach(path, p)
    inside = Range("A,KK")
    want = {format_cards(sorted(h.tolist(), reverse=True)) for h, x in
            zip(river.hands[p], w) if x > 0 and format_cards(h.tolist()) in inside}
    full = hand_rows(river, path, filter="A,KK", sort="ev", limit=10_000)
    assert full.total == len(want) == len(full.rows)
    assert {row.hand for row in full.rows} == want
    evs = [row.ev for row in full.rows if row.ev is not None]
    assert evs == sorted(evs, reverse=True)
    pages = [hand_rows(river, path, filter="A,KK", sort="ev", offset=k, limit=7)
             for k in range(0, full.total, 7)]
    assert [r.hand for pg in pages for r in pg.rows] == [r.hand for r in full.rows]
    s = river.strategy(path)
    aev = river.action_ev(path)
    index = {format_cards(sorted(h.tolist(), reverse=True)): i
             for i, h in enumerate(river.hands[p])}
    for row in full.rows[:20]:
        i = index[row.hand]
        assert np.allclose(row.strategy, s[i], atol=1e-6) and close(row.weight, w[i])
        assert all(close(a, b) for a, b in zip(row.action_ev, aev[i]))
    calls = hand_rows(river, path, sort="call", descending=False, limit=10_000)
    freq = [row.strategy[1] for row in calls.rows]
    assert freq == sorted(freq)
    assert hand_rows(river, path, sort="ev:call", limit=3).rows[0].action_ev[1] == \
        max(row.action_ev[1] for row in calls.rows if row.action_ev[1] is not None)


def test_hand_rows_of_a_report_row(river):
    """A category or class row's hands: the page's total is the row's count, its hands'
    labels the row's."""
    path = "check"
    for row in node_report(river, path, family=["high", "low"]).rows:
        high, low = row.label.split(", ")
        page = hand_rows(river, path, category={"high": high, "low": low}, limit=10_000)
        assert page.total == row.hands
        assert all(x.categories["high"] == high and x.categories["low"] == low
                   for x in page.rows)
    for row in node_report(river, path, by="class").rows[:25]:
        page = hand_rows(river, path, hand_class=row.label, limit=10_000)
        assert page.total == row.hands and {x.hand_class for x in page.rows} == {row.label}
        assert close(sum(x.weight for x in page.rows), row.weight)
    assert hand_rows(river, path, hand_class="2x2y2z2w").total == 0
    with pytest.raises(SubgameValueError, match="no label 'aces'"):
        hand_rows(river, path, category={"high": "aces"})


# ---- run-outs ------------------------------------------------------------------------------

def test_runout_rows_are_each_river_cards_node(turn):
    path = "check/check"
    out = runout_report(turn, path, equity=True)
    board = cards_of(TURN)
    assert out.street == "river" and len(out.rows) == 48
    assert {r.card for r in out.rows} == {format_cards([c]) for c in range(52)
                                           if c not in board}
    assert abs(sum(r.share for r in out.rows) - 1) < 1e-5
    for row in out.rows[::7]:
        rep = node_report(turn, path, river=row.card)
        assert np.allclose(row.frequency, rep.frequency, atol=1e-6)
        assert close(row.weight, rep.weight) and close(row.ev, rep.ev)
        assert close(row.equity, rep.equity)
    weights = np.array([r.weight for r in out.rows])
    freq = np.array([r.frequency for r in out.rows])
    assert np.allclose(out.frequency, (weights[:, None] * freq).sum(0) / weights.sum(),
                       atol=1e-5)


def test_flop_runouts_over_turns_and_rivers(flop):
    turns = runout_report(flop, "check/check")
    assert turns.street == "turn" and len(turns.rows) == 49
    rivers = runout_report(flop, "check/check/check/check", turn="Ks")
    assert rivers.street == "river" and len(rivers.rows) == 48 and rivers.dealt == ["Ks"]
    row = next(r for r in rivers.rows if r.card == "Qd")
    rep = node_report(flop, "check/check/check/check", turn="Ks", river="Qd")
    assert np.allclose(row.frequency, rep.frequency, atol=1e-6)
    with pytest.raises(SubgameValueError, match="which turn"):
        runout_report(flop, "check/check/check/check")


# ---- the range reaching a node ------------------------------------------------------------------

def test_node_range_round_trips_and_feeds_the_next_solve(turn):
    path, card = "check/check", "Qs"
    for player in (0, 1):
        rng = node_range(turn, path, player, river=card)
        assert Range(str(rng)) == rng
        w = turn.reach(path, player, river=card)
        scaled = np.rint(100 * w / w.max())
        keep = scaled >= 1
        assert len(rng) == int(keep.sum())
        for h, x in zip(turn.hands[player][keep][:30], scaled[keep][:30]):
            idx = np.flatnonzero((rng.combos == np.sort(h)).all(axis=1))
            assert rng.weights[idx[0]] == x
    oop, ip = node_range(turn, path, 0, river=card), node_range(turn, path, 1, river=card)
    board = TURN + " " + card
    nxt = solve(board, oop, ip, pot=10, stack=10, tree=BetTree(bets=(1.0,), raise_cap=0),
                iterations=5)
    assert len(nxt.hands[0]) == len(oop) and len(nxt.hands[1]) == len(ip)
    eq = equity([oop, ip], board=board)
    assert abs(eq.players[0].equity + eq.players[1].equity - 1) < 1e-9


def test_the_range_after_an_action_at_a_terminal_node(river):
    assert river.player("check/bet 10") == 0               # OOP calls the bet or not
    calls = reach_at(river, "check/bet 10/call", 0)
    assert np.allclose(calls, river.reach("check/bet 10", 0) *
                       river.strategy("check/bet 10")[:, 1])
    bettor = reach_at(river, "check/bet 10/call", 1)
    assert np.allclose(bettor, river.reach("check/bet 10", 1))
    rng = node_range(river, "check/bet 10/call", 0)
    assert Range(str(rng)) == rng and len(rng) <= int((calls > 0).sum())
    # a root's range of equal weights is 100 for every hand: it reads back as it is
    even = solve(RIVER, "KK:$ds", "QQ:$ds", pot=10, stack=10, iterations=2,
                 tree=BetTree(bets=(1.0,), raise_cap=0))
    root = node_range(even, "", 0)
    assert set(root.weights.tolist()) == {100} and Range(str(root)) == root


# ---- JSON ----------------------------------------------------------------------------------------

def test_node_dict_for_any_node(turn):
    d = json.loads(json.dumps(node_dict(turn, "check/check", river="Qs", hands=True)))
    assert d["path"] == "check/check" and d["dealt"] == ["Qs"] and d["street"] == "river"
    assert d["children"] == ["check/check/check", "check/check/bet 10"]
    assert len(d["hands"]) == int((turn.reach("check/check", 0, river="Qs") > 0).sum())
    root = node_dict(turn, "")
    assert root["children"] == ["check", "bet 10"] and "hands" not in root
    assert root["reports"]["category"]["family"] == ["high", "low"]
    assert [(n["action"], n["kind"], n["deals"]) for n in d["next"]] == \
        [("check", "action", None), ("bet 10", "action", None)]


def test_the_outline_walks_every_action_node(turn):
    outline = tree_outline(turn)
    assert [n["path"] for n in outline] == turn.paths
    for n in outline:
        assert n["player"] == turn.player(n["path"]) and n["actions"] == \
            turn.actions(n["path"])
        for step in n["next"]:
            # a next action node is one of the paths; a chance step leads to the next street
            if step["kind"] == "action":
                assert step["path"] in turn.paths and step["deals"] is None
            if step["kind"] == "chance":
                assert step["deals"] == "river"
    check = next(n for n in outline if n["path"] == "check")
    assert [s["kind"] for s in check["next"]] == ["chance", "action"]


def test_a_loaded_flop_file_reports_as_the_solve_did(flop, tmp_path):
    path = tmp_path / "flop.npz"
    flop.save(path)
    back = load(path)
    for node, cards in [("", {}), ("check/check", {"turn": "Ks"}),
                        ("check/check/check/check", {"turn": "Ks", "river": "2d"})]:
        a = node_report(flop, node, by="class", **cards)
        b = node_report(back, node, by="class", **cards)
        assert [x.label for x in a.rows] == [x.label for x in b.rows]
        for x, y in zip(a.rows, b.rows):
            assert np.allclose(x.frequency, y.frequency, atol=1e-6)
            assert close(x.ev, y.ev, 1e-4) and close(x.equity, y.equity, 1e-6)


def test_omaha_high_reports_have_no_low_families():
    r = solve(RIVER, pick(RIVER, 150, 8), pick(RIVER, 150, 9), pot=10, stack=10,
              game="high", tree=BetTree(bets=(1.0,), raise_cap=0), iterations=30)
    rep = node_report(r, "check")
    assert rep.family == ["high"]
    p = r.player("check")
    labels = categorize(r.hands[p], cards_of(RIVER), "high").labels("high")
    check_rows(rep, brute_rows(r, "check", labels, {}, cards_of(RIVER)))
    with pytest.raises(SubgameValueError, match="family 'low'"):
        node_report(r, "", family="low")


# ---- errors --------------------------------------------------------------------------------------

@pytest.mark.parametrize("call, match", [
    (lambda r: node_report(r, "check/fold"), "no action node"),
    (lambda r: node_report(r, "check/check"), "say which river"),
    (lambda r: node_report(r, "", river="Qs"), "before any river"),
    (lambda r: node_report(r, "check/check", river="Ah"), "not on the board"),
    (lambda r: node_report(r, "", by="suit"), "by is"),
    (lambda r: node_report(r, "", sort="luck"), "sort is"),
    (lambda r: node_report(r, "", family="flush"), "family"),
    (lambda r: hand_rows(r, "", sort="luck"), "sort is"),
    (lambda r: hand_rows(r, "", limit=-1), "limit is"),
    (lambda r: hand_rows(r, "", offset="10"), "offset is"),
    (lambda r: hand_rows(r, "", families=["luck"]), "family 'luck'"),
    (lambda r: runout_report(r, ""), "before any card"),
    (lambda r: runout_report(r, "check/check", turn="Qs"), "deals no turn"),
    (lambda r: node_range(r, "", 2), "player is"),
])
def test_bad_reports_name_the_problem(turn, call, match):
    with pytest.raises(SubgameValueError, match=match):
        call(turn)


# ---- the command line ---------------------------------------------------------------

@pytest.fixture(scope="module")
def saved(turn, tmp_path_factory):
    path = tmp_path_factory.mktemp("report") / "turn.npz"
    turn.save(path)
    return path


def test_report_command_prints_each_report(saved, capsys):
    r = load(saved)
    assert main(["report", str(saved), "--node", "check/check", "--river", "Qs",
                 "--report", "category", "--family", "high"]) == 0
    out = capsys.readouterr().out
    rep = node_report(r, "check/check", river="Qs", family="high")
    assert "node 'check/check' (Qs dealt), OOP acts" in out
    assert rep.rows[0].label in out and "root (OOP)" in out
    assert main(["report", str(saved), "--node", "check/check", "--report", "runout"]) == 0
    out = capsys.readouterr().out
    assert "every river card" in out and out.count("\n") > 48
    assert main(["report", str(saved), "--report", "hands", "--filter", "A", "--top", "3",
                 "--sort", "ev"]) == 0
    out = capsys.readouterr().out
    top = hand_rows(r, "", filter="A", sort="ev", limit=3)
    assert all(row.hand in out for row in top.rows)
    assert main(["report", str(saved), "--report", "hands", "--category", "low=nut low",
                 "--top", "0", "--json"]) == 0
    page = json.loads(capsys.readouterr().out)
    assert page["total"] == hand_rows(r, "", category={"low": "nut low"}).total > 0
    assert {x["categories"]["low"] for x in page["rows"]} == {"nut low"}
    assert main(["report", str(saved), "--node", "check/check", "--river", "Qs",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["reports"]["class"]["rows"] == \
        node_report(r, "check/check", river="Qs", by="class").to_dict()["rows"]


def test_report_tree_lists_every_node(saved, capsys):
    assert main(["report", str(saved), "--tree"]) == 0
    out = capsys.readouterr().out
    r = load(saved)
    assert f"{len(r.paths)} action nodes" in out
    assert "check  [IP, turn, pot 10]: check (+ river card), bet 10" in out
    assert main(["report", str(saved), "--tree", "--json"]) == 0
    assert [n["path"] for n in json.loads(capsys.readouterr().out)] == r.paths


def test_range_out_writes_the_range_reaching_the_node(saved, tmp_path, capsys):
    out = tmp_path / "calls.txt"
    assert main(["report", str(saved), "--node", "check/bet 10/call", "--range-out",
                 str(out)]) == 0
    assert "written to" in capsys.readouterr().out
    r = load(saved)
    assert Range(out.read_text().strip()) == node_range(r, "check/bet 10/call", 0)
    assert main(["report", str(saved), "--node", "bet 10", "--range-out", str(out),
                 "--range-player", "oop", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["range_out"]["player"] == 0
    assert Range(out.read_text().strip()) == node_range(r, "bet 10", 0)


def test_solve_reports_a_node_it_just_solved(capsys):
    args = ["solve", "--board", "AhKd7c8s2h", "--pot", "10", "--stack", "10", "--oop",
            "AsAd3c4c,AhAc2d5d", "--ip", "KsKh3d4d,QsQh9c9d", "--bets", "pot",
            "--raise-cap", "0", "--iterations", "20"]
    assert main(args + ["--node", "check", "--report", "class", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["path"] == "check" and data["player"] == 1
    assert main(args + ["--node", "check"]) == 0
    assert "node 'check', IP acts" in capsys.readouterr().out


@pytest.mark.parametrize("extra, match", [
    (["--node", "check/fold"], "no action node 'check/fold'"),
    (["--node", "check/check"], "say which river card"),
    (["--node", "check/check", "--river", "Zz"], "river"),
    (["--report", "runout"], "before any card"),
    (["--report", "hands", "--filter", "AAAAA"], "filter 'AAAAA'"),
    (["--family", "flush", "--report", "category"], "family 'flush'"),
    (["--report", "hands", "--category", "nut low"], "family=label"),
])
def test_report_errors_are_one_line_and_status_2(saved, capsys, extra, match):
    assert main(["report", str(saved), *extra]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert captured.err.startswith("omaha-fast report: error:") and match in captured.err


def test_a_file_that_is_not_a_solve_is_one_line(tmp_path, capsys):
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"not a zip")
    assert main(["report", str(junk)]) == 2
    assert main(["report", str(tmp_path / "missing.npz")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 2 and "Traceback" not in err


def test_reports_from_several_threads_agree():
    """A server asks from several threads at once: every answer is the one a single
    thread gets."""
    from concurrent.futures import ThreadPoolExecutor
    fresh = solve(TURN, pick(TURN, 60, 13), pick(TURN, 60, 14), pot=10, stack=10,
                  tree=BetTree(bets=(1.0,), raise_cap=0, allin=False), iterations=5)
    cards = ["Qs", "2d", "9h", "Tc"] * 4

    def ask(card):
        rep = node_report(fresh, "check/check", river=card, by="class")
        page = hand_rows(fresh, "check/check", river=card, sort="ev", limit=5)
        return rep.to_dict(), page.to_dict()

    with ThreadPoolExecutor(max_workers=8) as pool:
        answers = list(pool.map(ask, cards))
    for card, answer in zip(cards, answers):
        assert answer == ask(card)


def test_solve_names_a_node_not_in_its_tree_before_solving(capsys):
    args = ["solve", "--board", "AhKd7c8s2h", "--pot", "10", "--stack", "10", "--oop",
            "AA", "--ip", "KK", "--bets", "pot", "--raise-cap", "0", "--iterations",
            "100000", "--node", "check/raise 10"]
    assert main(args) == 2                 # at once: 100,000 iterations would take minutes
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert "no action node 'check/raise 10' in this tree" in captured.err
