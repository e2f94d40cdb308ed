"""What fits in a given memory: the largest top-N% ranges a spot can solve, by the solver's
own estimate (nothing large is allocated), float and compact storage.

    python benches/fits.py                 # 16 GB, the flop and turn spots below
    python benches/fits.py --gb 8 --stack 60

Omaha Hi-Lo, both players the top N% (a whole number of percent between 1 and 100, or 0.5
steps below 5), the bet tree of the flop bench (75% of the pot and the all-in, a pot raise,
one raise a street), pot 10. Each line: the street and board, the storage, the largest
range that fits, its hands a side, the tree's nodes and the estimate.
"""

from __future__ import annotations

import argparse
import sys

from omaha_fast.solve import BetTree
from omaha_fast.solve.memory import size_text
from omaha_fast.solve.subgame import estimate

SPOTS = (("flop", "Ah 7h 2c"), ("turn", "Ah Kd 7c 8s"))
TREE = BetTree(bets=(0.75,), raises=(1.0,), allin=True, raise_cap=1, donk=(0.75,))
STEPS = [0.5 * k for k in range(1, 10)] + list(range(5, 101))


def largest(board: str, stack: float, compact: bool, limit: float) -> tuple[float, dict]:
    """The largest step whose estimate is at most limit (a bisection: estimates grow with
    the range), and that estimate."""
    lo, hi, best = 0, len(STEPS) - 1, (0.0, {})
    while lo <= hi:
        mid = (lo + hi) // 2
        pct = STEPS[mid]
        need = estimate(board, f"{pct:g}%", f"{pct:g}%", pot=10, stack=stack, tree=TREE,
                        compact=compact)
        if need["total"] <= limit:
            best, lo = (pct, need), mid + 1
        else:
            hi = mid - 1
    return best


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gb", type=float, default=16.0)
    parser.add_argument("--stack", type=float, default=100.0)
    args = parser.parse_args(argv)
    from omaha_fast.solve.spot import read_board, read_range
    for street, board in SPOTS:
        for compact in (False, True):
            pct, need = largest(board, args.stack, compact, args.gb * 1e9)
            storage = "compact" if compact else "float"
            if not need:
                print(f"{street} {board}, {storage}: not even 0.5% fits")
                continue
            n = len(read_range(f"{pct:g}%", read_board(board), "hilo", "oop")[0])
            print(f"{street} {board}, stack {args.stack:g}, {storage}: top {pct:g}% "
                  f"({n:,} hands a side), {need['nodes']:,} nodes, estimate "
                  f"{size_text(need['total'])}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
