"""Take the viewer's screenshots for docs/guides/viewer.md (PNG files in docs/images/).

    python docs/screenshots.py

Solves a small turn spot, serves it with ``omaha-fast view`` and drives a headless
Chromium (Selenium and the system's chromedriver, as tests/test_view_browser.py does)
through the main views: a node with its strategy by category, the table of hand classes
filtered by a range, one hand, and the run-out below a chance node.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402
from view_server import ViewServer, browser_missing, chromium  # noqa: E402

from omaha_fast.solve import BetTree, solve  # noqa: E402

IMAGES = ROOT / "docs" / "images"


def wait_node(driver: Any, node: str) -> None:
    WebDriverWait(driver, 60, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: d.execute_script("return document.body.dataset.node") == node)


def wait_tables(driver: Any, before: str) -> None:
    WebDriverWait(driver, 60).until(
        lambda d: d.execute_script("return document.body.dataset.tables") != before)


def tables(driver: Any) -> str:
    return str(driver.execute_script("return document.body.dataset.tables"))


def shoot(driver: Any, element_id: str, name: str) -> None:
    """A screenshot of one panel of the page."""
    element = driver.find_element(By.ID, element_id)
    driver.execute_script("arguments[0].scrollIntoView()", element)
    element.screenshot(str(IMAGES / name))
    print(f"wrote docs/images/{name}")


def main() -> int:
    missing = browser_missing()
    if missing:
        print(f"cannot take the screenshots: {missing}")
        return 1
    IMAGES.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        spot = Path(tmp) / "spot.npz"
        r = solve("Ah Kd 7c 8s", "AA:$ds,A3:$ds,A2**:$ds", "QQ:$ds,KK:$ds,A2:$ds", pot=10,
                  stack=20, tree=BetTree(bets=(0.5, 1.0), raise_cap=0), iterations=40)
        r.save(spot)
        driver = chromium(1400, 1000)
        try:
            with ViewServer(str(spot)) as server:
                driver.get(server.url)
                wait_node(driver, "||")
                driver.save_screenshot(str(IMAGES / "view-page.png"))
                print("wrote docs/images/view-page.png")
                Select(driver.find_element(By.ID, "family")).select_by_value("low")
                WebDriverWait(driver, 30, ignored_exceptions=(
                    StaleElementReferenceException,)).until(lambda d: d.find_element(
                    By.CSS_SELECTOR, "#categories .label").get_attribute(
                    "data-category").startswith("low:"))
                shoot(driver, "strategy-panel", "view-strategy.png")
                before = tables(driver)
                box = driver.find_element(By.ID, "filter")
                box.send_keys("A2**")
                driver.find_element(By.ID, "apply-filter").click()
                wait_tables(driver, before)
                shoot(driver, "hands-panel", "view-hands.png")
                before = tables(driver)
                Select(driver.find_element(By.ID, "group")).select_by_value("hand")
                wait_tables(driver, before)
                driver.find_elements(By.CSS_SELECTOR, "#hands tbody tr")[0].click()
                WebDriverWait(driver, 30).until(
                    lambda d: d.execute_script("return document.body.dataset.hand"))
                shoot(driver, "hand-panel", "view-hand.png")
                driver.find_element(By.CSS_SELECTOR,
                                    '#children button[data-action="check"]').click()
                wait_node(driver, "check||")
                driver.find_element(By.CSS_SELECTOR,
                                    '#children button[data-action="check"]').click()
                WebDriverWait(driver, 60).until(lambda d: len(d.find_elements(
                    By.CSS_SELECTOR, "#runout tbody tr")) > 40)
                shoot(driver, "tree-panel", "view-runout.png")
        finally:
            driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
