"""The flop solver on a realistic spot: exploitability against time, peak memory.

    python benches/bench_flop.py --stack 100 --minutes 30 --compact        # the target
    python benches/bench_flop.py --stack 30 --minutes 2                     # a quick look
    python benches/bench_flop.py --stack 60 --compact --dask --workers 2    # on Dask

Omaha Hi-Lo on a two-tone flop (Ah 7h 2c: diamonds and spades interchangeable), the top
1.7% of hands for each player (2,128 hands a side once the board's cards are out), pot
10; the bet tree bets 75% of the pot or the pot (pot limit's all-in), raises the pot, one
raise per street. It prints the memory estimate, then each exploitability check (the
iteration, seconds, % of the pot), and the peak resident memory (ru_maxrss) at the end.
Timings are wall clock on whatever else the machine is doing: run it alone.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time

from omaha_fast.solve import BetTree, solve
from omaha_fast.solve.memory import size_text
from omaha_fast.solve.subgame import estimate

BOARD, RANGE, POT = "Ah 7h 2c", "1.7%", 10.0
# the later streets lead with the bets, donk bets too: the tree the figures were measured on
TREE = BetTree(bets=(0.75,), raises=(1.0,), allin=True, raise_cap=1, donk=(0.75,))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stack", type=float, default=100.0)
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--target", type=float, default=0.5, help="% of the pot")
    parser.add_argument("--every", type=int, default=5, help="iterations between checks")
    parser.add_argument("--compact", action="store_true")
    parser.add_argument("--threads", type=int, default=None)
    parser.add_argument("--iterations", type=int, default=100_000)
    parser.add_argument("--workers", type=int, default=None,
                        help="spread over this many local worker processes")
    parser.add_argument("--dask", action="store_true", help="on an embedded LocalCluster")
    parser.add_argument("--scheduler", default=None, help="on the Dask cluster there")
    args = parser.parse_args(argv)
    where = ({"client": args.scheduler} if args.scheduler else
             {"backend": "dask", "workers": args.workers} if args.dask else
             {"workers": args.workers} if args.workers else {})
    need = estimate(BOARD, RANGE, RANGE, pot=POT, stack=args.stack, tree=TREE,
                    compact=args.compact)
    print(f"{BOARD}, {RANGE} a side, stack {args.stack:g}, pot {POT:g}, "
          f"{'compact' if args.compact else 'float'} storage: estimate "
          f"{size_text(need['total'])} (storage {size_text(need['storage'])}, tables "
          f"{size_text(need['tables'])}), {need['nodes']:,} nodes", flush=True)
    start = time.perf_counter()

    def report(it: int, total: int, pct: float) -> None:
        print(f"  iteration {it:>5}  {time.perf_counter() - start:8.1f} s  {pct:.4f}% of the pot",
              flush=True)

    r = solve(BOARD, RANGE, RANGE, pot=POT, stack=args.stack, tree=TREE, target=args.target,
              iterations=args.iterations, seconds=args.minutes * 60, check_every=args.every,
              progress=report, compact=args.compact, threads=args.threads, **where)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    print(f"{r.exploitability:.4f}% of the pot after {r.iterations} iterations, "
          f"{r.seconds:.0f} s ({r.stopped}); peak memory {size_text(peak)}; "
          f"{len(r.hands[0]):,} and {len(r.hands[1]):,} hands")
    if r.worker_memory:
        print("workers' peak memory: " + ", ".join(size_text(b) for b in r.worker_memory))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
