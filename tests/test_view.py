"""The viewer's answers (omaha_fast.view): every figure against the solve's own API and a
brute-force loop over hands, the JSON API through Werkzeug's test client, and the real
``omaha-fast view`` command: its one-line errors and Ctrl-C."""

from __future__ import annotations

import json
import math
import random
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("werkzeug", reason="the view extra (Werkzeug) is not installed")

from view_server import ViewServer  # noqa: E402
from werkzeug.test import Client  # noqa: E402

from omaha_fast.categories import categorize  # noqa: E402
from omaha_fast.ranges import Range, universe  # noqa: E402
from omaha_fast.solve import BetTree, SubgameResult, solve  # noqa: E402
from omaha_fast.solve.report import (  # noqa: E402
    hand_class_labels,
    hand_rows,
    node_dict,
    node_range,
    node_report,
)
from omaha_fast.view import SpotData, ViewError  # noqa: E402
from omaha_fast.view.app import STATIC, make_app  # noqa: E402
from omaha_fast.view.data import colex_index, compatible_weight  # noqa: E402

RIVER = "Ah Kd 7c 8s 2h"
TURN = "Ah Kd 7c 8s"


@pytest.fixture(scope="module")
def river(tmp_path_factory: pytest.TempPathFactory) -> tuple[SubgameResult, Path]:
    r = solve(RIVER, "AA:$ds@100,A3:$ds@100,T9**:$ds@100,KK@50", "QQ:$ds,A2:$ds,JT**:$ds", pot=10,
              stack=30, tree=BetTree(bets=(0.5, 1.0), raise_cap=1), iterations=30)
    path = tmp_path_factory.mktemp("view") / "river.npz"
    r.save(path)
    return SubgameResult.load(path), path


@pytest.fixture(scope="module")
def turn() -> SubgameResult:
    return solve(TURN, "AA:$ds,A3:$ds", "QQ:$ds,A2:$ds", pot=10, stack=20,
                 tree=BetTree(bets=(1.0,), raise_cap=0), iterations=3)


def text_of(cards: Any) -> str:
    ranks, suits = "23456789TJQKA", "cdhs"
    return "".join(ranks[c // 4] + suits[c % 4] for c in sorted((int(x) for x in cards),
                                                                 reverse=True))


def brute_compatible(hands: Any, opponent: Any, weights: Any) -> Any:
    """Per hand: the opponent's weight over the hands sharing no card, hand by hand."""
    out = np.zeros(len(hands))
    theirs = np.asarray(opponent, dtype=np.int64)
    for start in range(0, len(hands), 500):     # a block of hands at a time
        mine = np.asarray(hands[start:start + 500], dtype=np.int64)
        shared = (mine[:, :, None, None] == theirs[None, None, :, :]).any(axis=(1, 3))
        out[start:start + 500] = (~shared * weights[None, :]).sum(axis=1)
    return out


def deals(r: SubgameResult, path: str, **cards: Any) -> Any:
    """The acting player's hands' deal weights at a node: reach times the opponent's
    reach over compatible hands."""
    p = r.player(path)
    # compatible_weight is checked against brute_compatible on random hands below
    return r.reach(path, p, **cards) * compatible_weight(r.hands[p], r.hands[1 - p],
                                                          r.reach(path, 1 - p, **cards))


def weighted(values: Any, weights: Any) -> float:
    ok = np.isfinite(values) & (weights > 0)
    return float((values[ok] * weights[ok]).sum() / weights[ok].sum())


# ---- the helpers -------------------------------------------------------------------------

def test_colex_index_is_the_universe_order() -> None:
    u = universe()
    rng = np.random.default_rng(7)
    picks = rng.choice(len(u), 5000, replace=False)
    shuffled = rng.permuted(u[picks], axis=1)          # any card order within a hand
    assert colex_index(shuffled).tolist() == picks.tolist()


def test_compatible_weight_against_brute_force() -> None:
    u = universe()
    rng = np.random.default_rng(11)
    mine = u[rng.choice(len(u), 400, replace=False)]
    theirs = np.concatenate([u[rng.choice(len(u), 600, replace=False)], mine[:50]])
    w = rng.random(len(theirs))
    assert compatible_weight(mine, theirs, w) == pytest.approx(
        brute_compatible(mine, theirs, w), abs=1e-9)


# ---- the node and its categories --------------------------------------------------------

def test_every_node_against_the_solve(river: tuple[SubgameResult, Path]) -> None:
    r, _ = river
    d = SpotData(r)
    for path in r.paths:
        n = d.node(path)
        p = r.player(path)
        w = r.reach(path, p)
        s = r.strategy(path)
        ev = r.action_ev(path)
        dw = deals(r, path)
        assert n["player"] == p and [a["action"] for a in n["actions"]] == r.actions(path)
        for a, entry in enumerate(n["actions"]):
            assert entry["frequency"] == pytest.approx(float((w * s[:, a]).sum() / w.sum()),
                                                       abs=1e-9)
            assert entry["ev"] == pytest.approx(weighted(ev[:, a], dw * s[:, a]), abs=1e-6)
        value = (s * np.nan_to_num(ev)).sum(axis=1)
        value[np.isnan(ev).all(axis=1)] = np.nan
        assert n["ev"] == pytest.approx(weighted(value, dw), abs=1e-6)
        assert n["reach"] == pytest.approx([float(r.reach(path, 0).sum()),
                                            float(r.reach(path, 1).sum())])
        node = r.nodes[r._node(path)]
        assert n["pot"] == pytest.approx(r.pot + sum(node.contrib))
        kinds = [r.nodes[c].kind for c in node.children]
        assert [c["kind"] for c in n["children"]] == kinds
        # the line leads from the root to this node, one action a step
        steps = [e["action"] for e in n["line"]]
        assert "/".join(steps) == path


def test_root_equals_the_saved_root_summary(river: tuple[SubgameResult, Path]) -> None:
    r, _ = river
    n = SpotData(r).node("")
    assert [a["frequency"] for a in n["actions"]] == pytest.approx(
        r.root_summary()["frequencies"], abs=1e-6)
    assert n["ev"] == pytest.approx(r.ev[0], abs=1e-4)    # the root's EV is the spot's
    assert n["equity"] == pytest.approx(r.equity[0], abs=1e-4)      # and its equity


def test_categories_against_a_loop_over_hands(river: tuple[SubgameResult, Path]) -> None:
    r, _ = river
    d = SpotData(r)
    path = "check"
    p = r.player(path)
    w, s = r.reach(path, p), r.strategy(path)
    cats = categorize(r.hands[p], RIVER, r.game)
    for family in cats.families:
        got = {row["label"]: row for row in d.categories(path, family=family)["rows"]}
        labels = cats.labels(family)
        want: dict[str, list[int]] = {}
        for i, label in enumerate(labels):
            if w[i] > 0:
                want.setdefault(label, []).append(i)
        assert set(got) == set(want)
        equity = {row.label: row.equity
                  for row in node_report(r, path, by="category", family=family).rows}
        for label, idx in want.items():
            assert got[label]["equity"] == equity[label]
            ww = w[idx]
            assert got[label]["hands"] == len(idx)
            assert got[label]["share"] == pytest.approx(float(ww.sum() / w.sum()))
            assert got[label]["frequencies"] == pytest.approx(
                list((ww[:, None] * s[idx]).sum(axis=0) / ww.sum()), abs=1e-9)


# ---- the table ---------------------------------------------------------------------------

def all_rows(d: SpotData, path: str, **kw: Any) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    while True:
        page = d.hands(path, offset=len(rows), limit=37, **kw)
        rows += page["rows"]
        if not page["rows"] or len(rows) >= page["total"]:
            return rows


def test_class_rows_against_a_loop_over_hands(river: tuple[SubgameResult, Path]) -> None:
    r, _ = river
    d = SpotData(r)
    path = "bet 10"
    p = r.player(path)
    w, s, ev = r.reach(path, p), r.strategy(path), r.action_ev(path)
    dw = deals(r, path)
    groups: dict[str, list[int]] = {}
    for i, label in enumerate(hand_class_labels(r.hands[p], RIVER)):
        if w[i] > 0:
            groups.setdefault(label, []).append(i)
    equity = {row.label: row.equity for row in node_report(r, path, by="class").rows}
    rows = all_rows(d, path, group="class")
    assert sorted(row["name"] for row in rows) == sorted(groups)
    for row in rows:
        idx = groups[row["name"]]
        ww = w[idx]
        assert row["hands"] == len(idx)
        assert row["equity"] == equity[row["name"]]
        assert row["weight"] == pytest.approx(float(ww.sum()))
        assert row["frequencies"] == pytest.approx(
            list((ww[:, None] * s[idx]).sum(axis=0) / ww.sum()), abs=1e-9)
        for a in range(s.shape[1]):
            if row["action_ev"][a] is not None:
                assert row["action_ev"][a] == pytest.approx(
                    weighted(ev[idx, a], dw[idx] * s[idx, a]), abs=1e-6)


def test_filter_by_range_against_membership(river: tuple[SubgameResult, Path]) -> None:
    r, _ = river
    d = SpotData(r)
    p = r.player("")
    w = r.reach("", p)
    names = [text_of(h) for h in r.hands[p]]
    for text in ("AA", "A3:$ds", "T9**,KK", "AsAd**", "T9**!T98*"):
        members = {text_of(c) for c in Range(text).combos}
        want = {name for i, name in enumerate(names) if w[i] > 0 and name in members}
        got = {row["name"] for row in all_rows(d, "", group="hand", filter=text)}
        assert got == want, text
    assert d.hands("", group="hand", filter="JJJ")["total"] == 0


def test_sort_orders_and_their_ties(river: tuple[SubgameResult, Path]) -> None:
    r, _ = river
    d = SpotData(r)
    rows = all_rows(d, "", group="class")
    keys = [(-row["weight"], -(row["ev"] if row["ev"] is not None else -math.inf),
             row["name"]) for row in rows]
    assert keys == sorted(keys)                       # weight, then EV, then name
    by_bet = all_rows(d, "", group="hand", sort="freq:1")
    f = [row["frequencies"][1] for row in by_bet]
    assert f == sorted(f, reverse=True)
    up = all_rows(d, "", group="hand", sort="ev", descending=False)
    evs = [row["ev"] for row in up if row["ev"] is not None]
    assert evs == sorted(evs)
    names = [row["name"] for row in all_rows(d, "", group="class", sort="name",
                                             descending=False)]
    assert names == sorted(names)
    hands = [row["name"] for row in all_rows(d, "", group="hand", sort="name")]
    key = [["23456789TJQKA".index(h[k]) * 4 + "cdhs".index(h[k + 1]) for k in (0, 2, 4, 6)]
           for h in hands]
    assert key == sorted(key, reverse=True)


def test_one_hand_and_its_categories(river: tuple[SubgameResult, Path]) -> None:
    r, _ = river
    d = SpotData(r)
    path = "check/bet 10"
    p = r.player(path)
    w = r.reach(path, p)
    cats = categorize(r.hands[p], RIVER, r.game)
    for i in random.Random(5).sample(range(len(r.hands[p])), 20):
        h = d.hand(path, text_of(r.hands[p][i]))
        assert h["weight"] == pytest.approx(float(w[i]))
        assert [a["frequency"] for a in h["actions"]] == pytest.approx(
            list(r.strategy(path)[i]), abs=1e-7)
        ev = r.action_ev(path)[i]
        assert [a["ev"] for a in h["actions"]] == [
            None if math.isnan(x) else pytest.approx(float(x)) for x in ev]
        assert h["categories"] == {f: cats.labels(f)[i] for f in cats.families}
        assert h["class"] == hand_class_labels([r.hands[p][i]], RIVER)[0]
        want = hand_rows(r, path, filter=h["hand"]).rows[0]
        assert h["equity"] == want.equity and want.hand == h["hand"]


def test_the_range_reaching_a_node_feeds_a_range(river: tuple[SubgameResult, Path]) -> None:
    r, _ = river
    d = SpotData(r)
    out = d.node_range("check/bet 10", 0)
    w = r.reach("check/bet 10", 0)
    assert out["weight"] == pytest.approx(float(w.sum()))
    assert np.array(out["arrays"]["weights"]) == pytest.approx(w[w > 0])
    assert [text_of(h) for h in out["arrays"]["hands"]] == \
        [text_of(h) for h in r.hands[0][w > 0]]
    rng = Range(out["text"])                          # the text is range syntax
    assert rng == node_range(r, "check/bet 10", 0)    # the reports' range
    # each hand @ its reach, the most reached at 100
    want = np.rint(w * 100 / w.max())
    got = dict(zip((text_of(h) for h in rng.combos), rng.weights.tolist()))
    assert len(got) == out["in_text"] == int((want > 0).sum())
    for i in np.flatnonzero(want > 0)[:300]:
        assert got[text_of(r.hands[0][i])] == int(want[i])
    shown = d.node_range("check/bet 10", 0, preview=7)
    assert "arrays" not in shown and len(shown["text"].split(",")) == 7
    top = Range(shown["text"])                        # the heaviest seven, as in the range
    assert sorted(top.weights.tolist()) == sorted(rng.weights.tolist())[-7:]
    assert all(got[text_of(h)] == x for h, x in zip(top.combos, top.weights.tolist()))


def test_the_run_out_is_each_cards_node(turn: SubgameResult) -> None:
    d = SpotData(turn)
    out = d.runout("check/check")
    assert out["deals"] == "river" and len(out["rows"]) == 48
    for row in out["rows"][::7]:
        n = d.node("check/check", river=row["card"])
        assert row["frequencies"] == pytest.approx([a["frequency"] for a in n["actions"]])
        assert row["ev"] == pytest.approx(n["ev"])
        w = turn.reach("check/check", 0, river=row["card"])
        s = turn.strategy("check/check", river=row["card"])
        assert row["frequencies"] == pytest.approx(list((w[:, None] * s).sum(0) / w.sum()))
    # below the card, the node knows the chance node above it and the card
    n = d.node("check/check", river="2c")
    assert n["chance_above"] == {"path": "check/check", "deals": "river"}
    assert n["dealt"] == {"river": "2c"} and n["board"].endswith("2c")
    assert n["categories"]["families"] == ["high", "low", "way"]


def test_a_flop_spot_deals_the_turn_then_the_river() -> None:
    r = solve("Ah 7h 2c", "AsAd**:$ds", "KsKd**:$ds", pot=10, stack=10,
              tree=BetTree(bets=(1.0,), raise_cap=0, allin=False), iterations=1)
    d = SpotData(r)
    kids = {c["action"]: c for c in d.node("check")["children"]}
    assert kids["check"]["kind"] == "chance" and kids["check"]["deals"] == "turn"
    turns = d.runout("check/check")
    assert turns["deals"] == "turn" and len(turns["rows"]) == 49
    row = next(x for x in turns["rows"] if x["card"] == "Kc")
    assert row["frequencies"] == pytest.approx(range_frequencies(r, "check/check", turn="Kc"))
    rivers = d.runout("check/check/check/check", turn="Kc")
    assert rivers["deals"] == "river" and len(rivers["rows"]) == 48
    assert "Kc" not in {x["card"] for x in rivers["rows"]}
    n = d.node("check/check/check/check", turn="Kc", river="3d")
    assert n["board"] == "Ah7h2cKc3d" and n["dealt"] == {"turn": "Kc", "river": "3d"}
    assert [a["frequency"] for a in n["actions"]] == pytest.approx(
        range_frequencies(r, "check/check/check/check", turn="Kc", river="3d"))
    with pytest.raises(ViewError, match="say which turn card"):
        d.runout("check/check/check/check")


def range_frequencies(r: SubgameResult, path: str, **cards: Any) -> list[float]:
    p = r.player(path)
    w, s = r.reach(path, p, **cards), r.strategy(path, **cards)
    return list((w[:, None] * s).sum(axis=0) / w.sum())


@pytest.mark.parametrize("call, words", [
    (lambda d: d.node("raise"), "no action node 'raise'"),
    (lambda d: d.node("check/check"), "say which river card"),
    (lambda d: d.node("check/check", river="Ah"), "not on the board"),
    (lambda d: d.hands("", filter="AA@300"), "filter 'AA@300'"),
    (lambda d: d.hands("", sort="colour"), "sort by"),
    (lambda d: d.hands("", sort="freq:9"), "no action '9'"),
    (lambda d: d.hands("", group="suit"), "group is"),
    (lambda d: d.hands("", category="high:royal"), "no category 'royal'"),
    (lambda d: d.hand("", "2c2d3c3d"), "not in the range"),
    (lambda d: d.runout(""), "no chance node"),
    (lambda d: d.categories("", family="colour"), "no hand category family"),
    (lambda d: d.node_range("", 2), "player is 0"),
])
def test_questions_it_cannot_answer(turn: SubgameResult, call: Any, words: str) -> None:
    with pytest.raises(ViewError, match=words) as err:
        call(SpotData(turn))
    assert isinstance(err.value, ValueError)


# ---- the JSON API ------------------------------------------------------------------------

def test_the_api_serves_the_page_and_the_figures(river: tuple[SubgameResult, Path]) -> None:
    r, _ = river
    d = SpotData(r)
    client = Client(make_app(d))
    page = client.get("/")
    assert page.status_code == 200 and b"static/app.js" in page.data
    for name in STATIC:
        got = client.get(f"/static/{name}")
        assert got.status_code == 200 and len(got.data) > 100, name
    assert client.get("/static/../data.py").status_code == 404
    assert client.get("/api/nothing").status_code == 404
    outline = client.get("/api/tree").json
    assert [t["path"] for t in outline["nodes"]] == r.paths and outline["deals"] == ["river"]
    assert client.post("/api/node").status_code == 405
    assert client.get("/api/node?path=check").json == d.node("check")
    got = client.get("/api/hands?path=&group=hand&filter=AA&sort=ev&desc=0&limit=5").json
    assert got == d.hands("", group="hand", filter="AA", sort="ev", descending=False, limit=5)
    bad = client.get("/api/hands?path=&offset=ten")
    assert bad.status_code == 400 and "offset" in bad.json["error"]
    text = client.get("/api/range?path=check&player=1&format=text")
    assert "attachment" in text.headers["Content-Disposition"]
    whole = d.node_range("check", 1)
    assert text.data.decode().strip() == whole["text"]
    assert client.get("/api/range?path=check&player=1&format=json").json == whole
    shown = client.get("/api/range?path=check&player=1&preview=10").json
    assert shown == d.node_range("check", 1, preview=10)
    export = client.get("/api/export?path=check%2Fbet+10")
    assert "attachment" in export.headers["Content-Disposition"]
    assert export.json == json.loads(json.dumps(node_dict(r, "check/bet 10")))


def test_pages_stay_small_on_a_full_range_river() -> None:
    """The server sends pages: a full-range river (178,365 hands a side) answers each
    question in kilobytes, in about a second at most (a node's first question reads its
    categories, classes and equities; the next pages take a tenth of that)."""
    import time
    board = "Ah Kd 7c 8s 2h"
    r = solve(board, "*", "*", pot=10, stack=10, tree=BetTree(bets=(1.0,), raise_cap=0),
              iterations=1)
    assert len(r.hands[0]) == 178365
    client = Client(make_app(SpotData(r)))
    for url in ("/api/node?path=", "/api/hands?path=&group=class",
                "/api/hands?path=bet+10&group=hand&filter=AA&sort=ev",
                "/api/hand?path=&hand=AsAd3c4d", "/api/categories?path=&family=low",
                "/api/range?path=bet+10&player=0", "/api/hands?path=&group=hand&sort=name"):
        start = time.perf_counter()
        got = client.get(url)
        took = time.perf_counter() - start
        assert got.status_code == 200, got.json
        assert len(got.data) < 60_000, url
        assert took < 15, (url, took)       # a second or two alone; a loaded CI runs slower


# ---- the command -------------------------------------------------------------------------

def view(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "omaha_fast", "view", "--no-browser", *args],
                          capture_output=True, text=True, timeout=60)


def one_line_error(done: subprocess.CompletedProcess[str], words: str) -> None:
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert lines[0].startswith("omaha-fast view: error:") and words in lines[0], lines


def test_a_file_that_is_not_a_solve(tmp_path: Path) -> None:
    junk = tmp_path / "notes.npz"
    junk.write_text("not a solve")
    one_line_error(view(str(junk)), "not a solved tree")
    one_line_error(view(str(tmp_path / "missing.npz")), "missing.npz")


def test_a_node_that_does_not_exist(river: tuple[SubgameResult, Path]) -> None:
    one_line_error(view(str(river[1]), "--node", "check/raise 99"), "no action node")
    one_line_error(view(str(river[1]), "--port", "70000"), "a port is 0")


def test_a_port_in_use(river: tuple[SubgameResult, Path]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        one_line_error(view(str(river[1]), "--port", str(port)), f"127.0.0.1:{port}")


def test_without_the_view_extra(river: tuple[SubgameResult, Path]) -> None:
    code = ("import sys; sys.modules['werkzeug'] = None; from omaha_fast.cli import main; "
            f"sys.exit(main(['view', {str(river[1])!r}, '--no-browser']))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    one_line_error(done, "pip install 'omaha_fast[view]'")


def test_serves_on_the_loopback_and_stops_on_ctrl_c(river: tuple[SubgameResult, Path]) -> None:
    server = ViewServer(str(river[1]), "--node", "check")
    try:
        assert server.url is not None and server.url.startswith("http://127.0.0.1:")
        assert "#path=check" in "".join(server.out)
        with urllib.request.urlopen(server.url + "api/node?path=check", timeout=10) as got:
            assert b'"player": 1' in got.read()
    finally:
        status, out, err = server.interrupt()
    assert status == 130, err                  # stopped by Ctrl-C, as the CLI says it
    assert err.strip() == "omaha-fast view: stopped", err
