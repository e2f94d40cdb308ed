"""``omaha-fast solve``: a heads-up flop, turn or river spot, and the report of a node
(the root's hand classes unless told otherwise: see :mod:`.report_command`).

    omaha-fast solve --board AhKd7c8s2h --pot 10 --stack 50 --oop 'AA:$ds' --ip 'KK:$ds' \\
        --bets 33,75,pot --target 0.3%
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .._helptext import examples
from .._progress import ProgressBar
from .errors import SubgameValueError
from .report_command import add_report_options, check_node, print_report, wants_node
from .tree_options import add_tree_options, tree_from_args


def add_solve(sub: Any) -> None:
    p = sub.add_parser("solve", help="solve a heads-up flop, turn or river spot (DCFR)",
                       description="Solve a heads-up subgame from the flop (3 board cards), "
                                   "the turn (4) or the river (5) by discounted CFR, every "
                                   "turn and river card dealt, to a target exploitability "
                                   "in percent of the pot, and print the root strategy per "
                                   "hand class. The memory the solve needs is printed "
                                   "first; a solve that would not fit is refused.",
                       **examples("omaha-fast solve --board AhKd7c8s2h --pot 10 --stack 50 "
                                  "--oop 'AA:$ds@100,A2**@50' --ip 'KK:$ds' --bets 75,allin"))
    p.add_argument("--board", required=True, help="3, 4 or 5 board cards, e.g. AhKd7c8s2h")
    p.add_argument("--pot", required=True, type=float, help="the pot before the subgame")
    p.add_argument("--stack", required=True, type=float, help="the effective stack behind")
    p.add_argument("--oop", required=True, help="range of the player out of position "
                                                "(acts first), e.g. 'AA:$ds@100,A2**@50'")
    p.add_argument("--ip", required=True, help="range of the player in position")
    p.add_argument("--game", choices=("hilo", "high"), default="hilo")
    add_tree_options(p)     # --bets, --raises, ..., --limit: solve/tree_options.py
    p.add_argument("--target", default="0.3%",
                   help="stop at this exploitability, %% of the pot (default 0.3%%)")
    p.add_argument("--iterations", type=int, default=1000, help="at most this many "
                                                                "iterations (default 1000)")
    p.add_argument("--time", type=float, default=None, help="at most this many seconds")
    p.add_argument("--save", default=None, help="write the solved tree to this .npz file")
    p.add_argument("--save-regrets", action="store_true",
                   help="keep the regrets in the --save file too, so that --resume can go on")
    p.add_argument("--resume", default=None,
                   help="go on from a file saved by --save --save-regrets of this spot")
    p.add_argument("--rake", default="0", help="rake, %% of every pot (default 0), e.g. 5%%")
    p.add_argument("--rake-cap", type=float, default=None, help="the most rake a pot pays, "
                                                               "in chips (default: no cap)")
    p.add_argument("--compact", action="store_true",
                   help="16-bit regrets and strategy sums: half the memory")
    p.add_argument("--no-isomorphism", action="store_true",
                   help="solve every turn and river card apart, even where suits are "
                        "interchangeable")
    p.add_argument("--max-memory", type=float, default=None,
                   help="refuse a solve needing more than this many GB (default: the "
                        "memory available)")
    p.add_argument("--threads", type=int, default=None,
                   help="threads a pass uses (default: every core)")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, default=None,
                       help="spread the subtrees below the first card dealt over this many "
                            "worker processes (each with --threads threads, default 1); "
                            "with --dask, the embedded cluster's workers")
    where.add_argument("--scheduler", metavar="ADDR", default=None,
                       help="spread them over the Dask cluster at this scheduler address, "
                            "e.g. tcp://127.0.0.1:8786")
    p.add_argument("--dask", action="store_true",
                   help="spread them over an embedded Dask LocalCluster (127.0.0.1)")
    p.add_argument("--timeout", type=float, default=None, metavar="SECONDS",
                   help="how long to wait for the Dask scheduler and its workers "
                        "(default 30)")
    p.add_argument("--top", type=int, default=20,
                   help="rows of the report to print (default 20; 0: all)")
    p.add_argument("--quiet", action="store_true",
                   help="no progress bar on standard error (--json draws none either)")
    p.add_argument("--json", action="store_true",
                   help="print everything (per-hand strategies at the root, EVs, "
                        "equities, the exploitability history) as JSON")
    # ---- the node and report options, shared with 'omaha-fast report'
    add_report_options(p, top=False)


def _percent(text: str, what: str = "target", example: str = "0.3%") -> float:
    try:
        return float(text.strip().rstrip("%"))
    except ValueError:
        raise SubgameValueError(f"{what} {text!r}: a percent of the pot such as "
                                f"{example}") from None


def _where(args: argparse.Namespace) -> dict[str, Any]:
    """Where the solve runs: this process, local workers or Dask."""
    if args.dask and args.scheduler:
        raise SubgameValueError("--dask starts a local cluster; --scheduler uses an "
                                "existing one: give one of them")
    if args.scheduler:
        return {"client": args.scheduler, "timeout": args.timeout}
    if args.dask:
        return {"backend": "dask", "workers": args.workers, "timeout": args.timeout}
    return {"workers": args.workers} if args.workers is not None else {}


def run_solve(args: argparse.Namespace) -> int:
    from .memory import size_text
    from .result import SubgameResult
    from .subgame import estimate, solve

    tree = tree_from_args(args)
    check_node(args, tree)           # the report's node, before the solve (report_command.py)
    rake = _percent(args.rake, "rake", "5%") / 100
    max_memory = None if args.max_memory is None else args.max_memory * 1e9
    need = estimate(args.board, args.oop, args.ip, pot=args.pot, stack=args.stack, tree=tree,
                    game=args.game, isomorphism=not args.no_isomorphism,
                    threads=args.threads, compact=args.compact)
    if not args.json:
        print(f"memory: {size_text(need['total'])} (regrets and strategy sums "
              f"{size_text(need['storage'])}, showdown tables {size_text(need['tables'])}; "
              f"{need['nodes']:,} nodes)", flush=True)
    bar = ProgressBar("iterations", quiet=args.quiet or args.json)

    def progress(done: int, total: int, exploitability: float) -> None:
        bar.note(f"exploitability {exploitability:.3f}% of the pot")
        bar(done, total)
    target = _percent(args.target)
    try:
        result: SubgameResult = solve(args.board, args.oop, args.ip, pot=args.pot,
                                      stack=args.stack, tree=tree, game=args.game,
                                      target=target,
                                      iterations=args.iterations, seconds=args.time,
                                      progress=progress, rake=rake, rake_cap=args.rake_cap,
                                      compact=args.compact, max_memory=max_memory,
                                      isomorphism=not args.no_isomorphism,
                                      threads=args.threads, resume=args.resume,
                                      **_where(args))
    finally:
        bar.close()
    if result.stopped in ("iterations", "seconds") and result.exploitability > target:
        # the budget ran out first: say so, still exit 0
        budget = (f"{args.iterations} iterations" if result.stopped == "iterations"
                  else f"{args.time:g} s")
        print(f"omaha-fast solve: stopped at the budget of {budget}, "
              f"{result.exploitability:.3f}% of the pot above the target {target:g}%",
              file=sys.stderr)
    if args.save:
        result.save(args.save, regrets=args.save_regrets)
    # ---- the report: the root's classes, or any node's (report_command.py)
    if args.json and not wants_node(args):
        print(json.dumps(result.to_dict()))
    else:
        print_report(result, args)
    if result.stopped == "interrupted":
        print("omaha-fast solve: interrupted: the strategy so far is shown"
              + (f" and saved to {args.save}" if args.save else ""), file=sys.stderr)
        return 130
    return 0


