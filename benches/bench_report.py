"""Node reports on a full-range river: what a viewer pays to page through 178,365 hands.

    pytest benches/bench_report.py -m slow -s

The spot is solved once (every hand not on the board a side, a bet of 75% and a pot
raise, 20 iterations); then each report is timed at the root and at the node after a
check: the first page of hands (the node's figures read, the showdown equities against
the other range computed), a later page in another order, a filtered page, the class
and category reports, and the range reaching the node with its text read back.
"""

from __future__ import annotations

import time

import pytest

pytest.importorskip("numpy")

from omaha_fast import Range  # noqa: E402
from omaha_fast.kernels import all_hands  # noqa: E402
from omaha_fast.solve import BetTree, solve  # noqa: E402
from omaha_fast.solve.report import hand_rows, node_range, node_report  # noqa: E402

BOARD = "Ah Kd 7c 8s 2h"


def timed(call, *args, **kw):
    start = time.perf_counter()
    out = call(*args, **kw)
    return out, time.perf_counter() - start


@pytest.mark.slow
def test_full_range_river_reports():
    hands = all_hands(BOARD)
    r = solve(BOARD, hands, hands, pot=10, stack=20, iterations=20,
              tree=BetTree(bets=(0.75,), raise_cap=1))
    for path in ("", "check"):
        page, first = timed(hand_rows, r, path, limit=50)
        _, later = timed(hand_rows, r, path, offset=1000, limit=50, sort="ev")
        filtered, filt = timed(hand_rows, r, path, filter="AA:$ds", sort="equity")
        classes, cls = timed(node_report, r, path, by="class")
        _, cat = timed(node_report, r, path)
        rng, export = timed(node_range, r, path, r.player(path))
        back, read = timed(Range, str(rng))
        assert page.total == len(hands) or path and page.total > 0
        assert back == rng and filtered.total > 0 and len(classes.rows) > 1000
        print(f"\nnode {path!r}: first page {first:.3f} s, a later page {later:.3f} s, "
              f"filtered {filt:.3f} s, {len(classes.rows):,} classes {cls:.3f} s, "
              f"categories {cat:.3f} s, range of {len(rng):,} hands {export:.2f} s, "
              f"read back {read:.2f} s")
