"""``omaha-fast view`` in a real browser: the command serves a solved spot, a headless
Chromium (driven by Selenium) clicks into nodes, filters a range, opens a hand and a
run-out, and every figure read back from the page is checked against the solve's own
Python API. Skips, saying why, where Selenium, Chromium or chromedriver is missing
(``.ci/run`` installs them)."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from view_server import ViewServer, browser_missing, chromium

pytest.importorskip("werkzeug", reason="the view extra (Werkzeug) is not installed")
if browser_missing():
    pytest.skip(f"no headless browser to drive: {browser_missing()}", allow_module_level=True)

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

from omaha_fast.ranges import Range  # noqa: E402
from omaha_fast.solve import BetTree, SubgameResult, solve  # noqa: E402

RIVER = "Ah Kd 7c 8s 2h"
TURN = "Ah Kd 7c 8s"


@pytest.fixture(scope="module")
def river(tmp_path_factory: pytest.TempPathFactory) -> tuple[SubgameResult, Path]:
    r = solve(RIVER, "AA:$ds,A3:$ds,T9**:$ds", "QQ:$ds,A2:$ds,JT**:$ds", pot=10, stack=30,
              tree=BetTree(bets=(0.5, 1.0), raise_cap=1), iterations=20)
    path = tmp_path_factory.mktemp("browser") / "river.npz"
    r.save(path)
    return r, path


@pytest.fixture(scope="module")
def turn(tmp_path_factory: pytest.TempPathFactory) -> tuple[SubgameResult, Path]:
    r = solve(TURN, "AA:$ds,A3:$ds", "QQ:$ds,A2:$ds", pot=10, stack=20,
              tree=BetTree(bets=(1.0,), raise_cap=0), iterations=3)
    path = tmp_path_factory.mktemp("browser") / "turn.npz"
    r.save(path)
    return r, path


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    driver = chromium()
    try:
        yield driver
    finally:
        driver.quit()


def wait(driver: Any, test: Any, timeout: float = 30) -> Any:
    return WebDriverWait(driver, timeout).until(lambda d: test(d))


def shown(driver: Any, node: str) -> None:
    """Until the page shows the node ``path|turn|river`` complete."""
    wait(driver, lambda d: d.execute_script("return document.body.dataset.node") == node)


def next_table(driver: Any, after: str) -> None:
    wait(driver, lambda d: d.execute_script("return document.body.dataset.tables") != after)


def tables(driver: Any) -> str:
    return str(driver.execute_script("return document.body.dataset.tables"))


def percent(text: str) -> float:
    return float(text.rstrip("%")) / 100


def chips(text: str) -> float:
    return math.nan if text == "–" else float(text)


def actions_table(driver: Any, table: str) -> dict[str, tuple[float, float]]:
    out = {}
    for row in driver.find_elements(By.CSS_SELECTOR, f"#{table} tbody tr"):
        freq = row.find_element(By.CSS_SELECTOR, ".freq").text
        ev = row.find_element(By.CSS_SELECTOR, ".ev").text
        out[row.get_attribute("data-action")] = (percent(freq), chips(ev))
    return out


def range_frequencies(r: SubgameResult, path: str, **cards: Any) -> list[float]:
    p = r.player(path)
    w, s = r.reach(path, p, **cards), r.strategy(path, **cards)
    return list((w[:, None] * s).sum(axis=0) / w.sum())


def text_of(cards: Any) -> str:
    ranks, suits = "23456789TJQKA", "cdhs"
    return "".join(ranks[c // 4] + suits[c % 4] for c in sorted((int(x) for x in cards),
                                                                 reverse=True))


def test_click_into_a_node_filter_a_range_open_a_hand(
        river: tuple[SubgameResult, Path], browser: Any) -> None:
    r, path = river
    with ViewServer(str(path)) as server:
        browser.get(server.url)
        shown(browser, "||")
        # the root: OOP's frequencies as the page prints them (0.1%)
        root = actions_table(browser, "actions")
        assert list(root) == r.actions("")
        for a, f in zip(r.actions(""), range_frequencies(r, "")):
            assert root[a][0] == pytest.approx(f, abs=0.0006)
        # click into the bet of the pot: IP to act, fold, call or raise
        browser.find_element(By.CSS_SELECTOR, '#children button[data-action="bet 10"]').click()
        shown(browser, "bet 10||")
        assert browser.find_element(By.ID, "node-player").text == "IP"
        facing = actions_table(browser, "actions")
        assert list(facing) == r.actions("bet 10")
        for a, f in zip(r.actions("bet 10"), range_frequencies(r, "bet 10")):
            assert facing[a][0] == pytest.approx(f, abs=0.0006)
        # a hand at a time, filtered by a range: the rows are the range's hands here
        before = tables(browser)
        Select(browser.find_element(By.ID, "group")).select_by_value("hand")
        next_table(browser, before)
        before = tables(browser)
        box = browser.find_element(By.ID, "filter")
        box.clear()
        box.send_keys("QsQdJ*")
        browser.find_element(By.ID, "apply-filter").click()
        next_table(browser, before)
        members = {text_of(c) for c in Range("QsQdJ*").combos}
        p = r.player("bet 10")
        w, s = r.reach("bet 10", p), r.strategy("bet 10")
        index = {text_of(h): i for i, h in enumerate(r.hands[p])}
        want = {name for name, i in index.items() if name in members and w[i] > 0}
        rows = browser.find_elements(By.CSS_SELECTOR, "#hands tbody tr")
        assert 0 < len(want) <= 50
        assert {row.get_attribute("data-name") for row in rows} == want
        for row in rows:
            i = index[row.get_attribute("data-name")]
            freqs = [percent(td.text) for td in row.find_elements(By.CSS_SELECTOR, "td.freq")]
            assert freqs == pytest.approx(list(s[i]), abs=0.0006)
        # a filter that is not a range: the page says why, in one line
        box.clear()
        box.send_keys("AA@300")
        browser.find_element(By.ID, "apply-filter").click()
        wait(browser, lambda d: d.find_element(By.ID, "error").is_displayed())
        assert "filter 'AA@300'" in browser.find_element(By.ID, "error").text
        # one hand: its actions and their EVs
        rows = browser.find_elements(By.CSS_SELECTOR, "#hands tbody tr")
        rows[0].click()
        name = rows[0].get_attribute("data-name")
        wait(browser, lambda d: d.execute_script("return document.body.dataset.hand") == name)
        hand = actions_table(browser, "hand-actions")
        i = index[name]
        ev = r.action_ev("bet 10")[i]
        for k, a in enumerate(r.actions("bet 10")):
            assert hand[a][0] == pytest.approx(float(s[i, k]), abs=0.0006)
            if not math.isnan(ev[k]):
                assert hand[a][1] == pytest.approx(float(ev[k]), abs=0.006)


def test_a_category_lists_its_hands(river: tuple[SubgameResult, Path], browser: Any) -> None:
    from omaha_fast.categories import categorize
    r, path = river
    with ViewServer(str(path), "--node", "check") as server:
        browser.get(server.url + "#path=check")
        shown(browser, "check||")
        labels = browser.find_elements(By.CSS_SELECTOR, "#categories .label")
        assert labels
        label = labels[0]
        family, _, name = label.get_attribute("data-category").partition(":")
        before = tables(browser)
        Select(browser.find_element(By.ID, "group")).select_by_value("hand")
        next_table(browser, before)
        before = tables(browser)
        label.click()
        next_table(browser, before)
        p = r.player("check")
        w = r.reach("check", p)
        cats = categorize(r.hands[p], RIVER, r.game).labels(family)
        count = sum(1 for i, c in enumerate(cats) if c == name and w[i] > 0)
        info = browser.find_element(By.ID, "page-info").text
        assert info.endswith(f"of {count:,}"), info


def test_the_run_out_below_a_chance_node(turn: tuple[SubgameResult, Path],
                                         browser: Any) -> None:
    r, path = turn
    with ViewServer(str(path)) as server:
        browser.get(server.url + "#path=check")
        shown(browser, "check||")
        browser.find_element(By.CSS_SELECTOR, '#children button[data-action="check"]').click()
        wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#runout tbody tr")) == 48)
        rows = {row.get_attribute("data-card"): row
                for row in browser.find_elements(By.CSS_SELECTOR, "#runout tbody tr")}
        for card in ("2c", "Qd", "As"):
            freqs = [percent(td.text)
                     for td in rows[card].find_elements(By.CSS_SELECTOR, "td.freq")]
            assert freqs == pytest.approx(range_frequencies(r, "check/check", river=card),
                                          abs=0.0006)
        rows["Qd"].click()
        shown(browser, "check/check||Qd")
        # the outline: a river node with its river chosen goes there; back on the turn
        # (no river), the same node opens the run-out of the river first
        outline = browser.find_element(By.ID, "outline-box")
        outline.find_element(By.TAG_NAME, "summary").click()
        browser.find_element(By.CSS_SELECTOR, '#outline li[data-path="check/check/bet 10"]').click()
        shown(browser, "check/check/bet 10||Qd")
        assert browser.find_element(By.ID, "node-player").text == "IP"
        browser.find_element(By.CSS_SELECTOR, '#line a[data-path="check"]').click()
        shown(browser, "check||")
        browser.find_element(By.CSS_SELECTOR, '#outline li[data-path="check/check/bet 10"]').click()
        shown(browser, "check||")
        wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#runout tbody tr")) == 48)
        rows["Qd"] = browser.find_element(By.CSS_SELECTOR, '#runout tr[data-card="Qd"]')
        rows["Qd"].click()
        shown(browser, "check/check||Qd")
        board = browser.find_element(By.ID, "node-info").text
        assert "Qd" in board
        got = actions_table(browser, "actions")
        want = range_frequencies(r, "check/check", river="Qd")
        assert [got[a][0] for a in r.actions("check/check")] == pytest.approx(want, abs=6e-4)
        assert np.isfinite(list(v[1] for v in got.values())).all()
