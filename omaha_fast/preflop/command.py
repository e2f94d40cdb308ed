"""``omaha-fast preflop``: build the equity data, solve the jam/fold game, print the table.

    omaha-fast preflop build                      # the default data (two passes), every core
    omaha-fast preflop build --dask tcp://host:8786 --blocks ./blocks
    omaha-fast preflop solve --stacks 1-20 --plot jamfold.png
    omaha-fast preflop solve --stack 10 --ante 0.1 --json
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from typing import Any

from .._helptext import examples
from .._progress import ProgressBar
from .classes import PreflopValueError

STACKS_HELP = "stacks in big blinds: 10, 1-20 (every whole stack), or 2,5,12.5"


_RANGE = re.compile(r"\s*(\d+)\s*-\s*(\d+)\s*")


def parse_stacks(text: str) -> list[float]:
    """``"1-20"``, ``"10"`` or ``"2,5,12.5"`` as a list of stacks (a range is two whole
    numbers: ``1e-3`` is a number).

    >>> parse_stacks("1-4"), parse_stacks("2,7.5"), parse_stacks("1e1")
    ([1.0, 2.0, 3.0, 4.0], [2.0, 7.5], [10.0])
    """
    out: list[float] = []
    try:
        for part in text.split(","):
            whole = _RANGE.fullmatch(part)
            if whole:
                a, b = int(whole[1]), int(whole[2])
                if b < a or b - a > 1000:
                    raise PreflopValueError(f"stacks {text!r}: {STACKS_HELP}")
                out += [float(x) for x in range(a, b + 1)]
            else:
                out.append(float(part))
    except ValueError:
        raise PreflopValueError(f"stacks {text!r}: {STACKS_HELP}") from None
    return out


# a small build (a class matrix of the 50 strongest classes, in seconds) and a solve of it
_EXAMPLES = ("omaha-fast preflop build --top 50 --samples 100 --out top50.npz",
             "omaha-fast preflop solve --data top50.npz --stacks 1-10")


def add_preflop(sub: Any) -> None:
    p = sub.add_parser("preflop", help="heads-up jam/fold equilibrium (Omaha Hi-Lo)",
                       description="Heads-up jam/fold for Omaha Hi-Lo: build the class "
                                   "equity data once, then solve it for any stack. "
                                   "Jam/fold is a no-limit game beyond 3 big blinds (a "
                                   "pot-limit small blind can raise to 3 at most).",
                       **examples(*_EXAMPLES))
    inner = p.add_subparsers(dest="preflop_command", required=True)
    b = inner.add_parser("build", help="build the class-against-bucket equity data",
                         description="Every class against buckets of the hi/lo ranking, "
                                     "by Monte Carlo (or --exact), in blocks of rows. The "
                                     "default build (no options) takes minutes on a few "
                                     "cores and is what a solve reads by default.",
                         **examples(_EXAMPLES[0]))
    b.add_argument("--buckets", type=int, default=None,
                   help="column buckets (default 128)")
    b.add_argument("--samples", type=int, default=None,
                   help="Monte Carlo trials per cell (default 256)")
    b.add_argument("--exact", action="store_true",
                   help="exact cells (very slow: see the guide's estimate)")
    b.add_argument("--top", type=int, default=None, metavar="N",
                   help="only the N strongest classes, each its own column (a class matrix)")
    b.add_argument("--seed", type=int, default=None)
    b.add_argument("--blocks", metavar="DIR", help="keep finished blocks here (resumable)")
    b.add_argument("--out", metavar="FILE", help="where to write (default: the user cache)")
    b.add_argument("--processes", type=int, help="local processes (default: every core)")
    b.add_argument("--dask", nargs="?", const="", metavar="ADDRESS",
                   help="run on Dask (a scheduler address, or none for a local cluster)")
    b.add_argument("--dashboard", nargs="?", const="127.0.0.1:8787", metavar="ADDRESS",
                   help="with --dask and no address, serve the embedded cluster's dashboard "
                        "(default 127.0.0.1:8787; :0 any free port) and print its link")
    b.add_argument("--one-pass", action="store_true",
                   help="buckets of the ranking only (the default adds a second pass with "
                        "buckets ordered by the first pass's jam and call margins)")
    b.add_argument("--blocks-only", action="store_true",
                   help="only write the blocks to --blocks DIR (builds too big to hold)")
    b.add_argument("--estimate", action="store_true",
                   help="only time a few rows and print what the whole build would take")
    b.add_argument("--json", action="store_true", help="print a JSON summary")
    b.add_argument("--quiet", action="store_true",
                   help="no progress bar on standard error (--json draws none either)")
    s = inner.add_parser("solve", help="the equilibrium and the jam/call table",
                         description="Solve the jam/fold game by CFR+ for each stack and "
                                     "print the jam/call table. It reads the data of "
                                     "'preflop build' (default: the default build, in the "
                                     "user cache; --data FILE: another).",
                         **examples(*_EXAMPLES))
    s.add_argument("--stacks", "--stack", default="1-20", help=STACKS_HELP)
    s.add_argument("--ante", type=float, default=0.0, help="ante per player, big blinds")
    s.add_argument("--iterations", type=int, default=2000)
    s.add_argument("--target", type=float, default=None,
                   help="stop at this exploitability, mbb/hand")
    s.add_argument("--data", metavar="FILE", help="equity data (default: the user cache)")
    s.add_argument("--marginal", type=int, default=1,
                   help="marginal hands shown per seat")
    s.add_argument("--plot", metavar="FILE", help="write the jam/call plot (plot extra)")
    s.add_argument("--json", action="store_true", help="print JSON instead of text")


def run_preflop(args: argparse.Namespace) -> int:
    if args.preflop_command == "build":
        return _run_build(args)
    return _run_solve(args)


def _run_build(args: argparse.Namespace) -> int:
    """The build, stopped as ``simulate`` is: Ctrl-C lets the running blocks finish, a
    second one or SIGTERM ends the workers at once; the finished blocks are written to
    ``--blocks`` either way, and the exit status is 130 or 143."""
    from ..runner import Terminated, sigterm_stops_the_run
    try:
        with sigterm_stops_the_run():
            return _build(args)
    except KeyboardInterrupt as stop:
        terminated = isinstance(stop, Terminated)
        kept = (f"; the finished blocks are in {args.blocks} (the same command goes on "
                "from them)") if args.blocks else ""
        print(f"omaha-fast preflop build: {'terminated' if terminated else 'interrupted'}"
              f"{kept}", file=sys.stderr)
        return EXIT_TERMINATED if terminated else EXIT_INTERRUPTED


EXIT_INTERRUPTED, EXIT_TERMINATED = 130, 143    # 128 + SIGINT, 128 + SIGTERM


def _build(args: argparse.Namespace) -> int:
    from .matrix import ROOT_SEED
    from .store import DEFAULT_BUCKETS, DEFAULT_SAMPLES, bucket_groups
    samples = 0 if args.exact else (DEFAULT_SAMPLES if args.samples is None else args.samples)
    if args.exact and args.samples is not None:
        raise PreflopValueError("--exact and --samples do not go together")
    if samples < 0 or (samples == 0 and not args.exact):
        raise PreflopValueError(f"--samples must be at least 1, not {samples}")
    if args.top is not None:
        from .classes import class_table
        t = class_table()
        if not 2 <= args.top <= t.n:
            raise PreflopValueError(f"--top must be in 2..{t.n}, not {args.top}")
        if args.buckets is not None:
            raise PreflopValueError("--top (a class matrix) and --buckets do not go together")
        rows: Any = t.order[:args.top]
        groups: Any = [[int(c)] for c in rows]
    else:
        k = DEFAULT_BUCKETS if args.buckets is None else args.buckets
        rows, groups = None, bucket_groups(k)
    two_pass = args.top is None and not args.one_pass
    if args.estimate:
        return _print_estimate(rows, groups, samples, args, 2 if two_pass else 1)
    seed = ROOT_SEED if args.seed is None else args.seed
    if args.dashboard is not None and args.dask != "":
        raise PreflopValueError("--dashboard is the embedded cluster's (--dask with no "
                                "address); a scheduler serves its own")
    with ProgressBar("rows", quiet=args.quiet or args.json) as progress:
        return _build_with(args, rows, groups, samples, seed, two_pass, progress)


def _build_with(args: argparse.Namespace, rows: Any, groups: Any, samples: int, seed: int,
                two_pass: bool, progress: ProgressBar) -> int:
    from .matrix import build, build_blocks
    from .store import build_two_pass, default_path
    if args.blocks_only:
        if not args.blocks:
            raise PreflopValueError("--blocks-only needs --blocks DIR")
        if two_pass:
            raise PreflopValueError("--blocks-only needs --top or --one-pass (the second "
                                    "pass needs the first in memory)")
        ran = build_blocks(args.blocks, rows, groups, samples=samples, seed=seed,
                           workers=args.processes, dask=args.dask, progress=progress,
                           dashboard=args.dashboard)
        print(json.dumps({"blocks": args.blocks, "computed": ran}) if args.json else
              f"{ran} blocks computed in {args.blocks}")
        return 0
    if args.out is None and (args.top, args.buckets, args.samples, args.exact, args.seed,
                             args.one_pass) != (None, None, None, False, None, False):
        # the user cache holds the default data only: solves read it without asking
        raise PreflopValueError("a build other than the default (--top, --buckets, "
                                "--samples, --exact, --seed, --one-pass) needs --out FILE")
    out = args.out or default_path()
    start = time.perf_counter()
    if two_pass:
        data = build_two_pass(k=len(groups), samples=samples, seed=seed, blocks=args.blocks,
                              workers=args.processes, dask=args.dask, progress=progress,
                              dashboard=args.dashboard)
    else:
        data = build(rows, groups, samples=samples, seed=seed, directory=args.blocks,
                     workers=args.processes, dask=args.dask, progress=progress,
                     dashboard=args.dashboard)
    data.save(out)
    seconds = time.perf_counter() - start
    summary = {"path": out, "rows": len(data.rows), "groups": data.n_groups,
               "samples": data.samples, "seconds": seconds,
               "mean_std_error": float(data.std_error.mean())}
    if args.json:
        print(json.dumps(summary))
    else:
        print(f"{summary['rows']:,} classes x {summary['groups']:,} groups, "
              f"{'exact' if not samples else f'{samples:,} trials a cell'}, "
              f"{seconds:.0f} s, mean standard error {summary['mean_std_error']:.4f}: {out}")
    return 0


def _print_estimate(rows: Any, groups: Any, samples: int, args: argparse.Namespace,
                    passes: int) -> int:
    from ..runner import default_workers
    from .matrix import Estimate, estimate
    est = estimate(rows, groups, samples=samples)
    est = Estimate(est.cells * passes, est.seconds_per_cell, est.core_seconds * passes)
    cores = args.processes or default_workers()
    doc = {"cells": est.cells, "seconds_per_cell": est.seconds_per_cell,
           "core_seconds": est.core_seconds, "cores": cores, "seconds": est.on(cores)}
    if args.json:
        print(json.dumps(doc))
    else:
        print(f"{est.cells:,} cells at {1000 * est.seconds_per_cell:.3g} ms a cell: "
              f"{_duration(est.core_seconds)} on one core, {_duration(est.on(cores))} on "
              f"{cores}, {_duration(est.on(1000))} on a 1,000-core Dask cluster")
    return 0


def _duration(seconds: float) -> str:
    for unit, size in (("days", 86400.0), ("hours", 3600.0), ("minutes", 60.0)):
        if seconds >= 2 * size:
            return f"{seconds / size:,.1f} {unit}"
    return f"{seconds:.0f} s"


def _run_solve(args: argparse.Namespace) -> int:
    from .game import payoffs
    from .jamfold import JamFold
    from .report import as_json, format_table, plot
    from .store import load_data
    stacks = parse_stacks(args.stacks)
    for stack in stacks:            # before the data is read: a bad stack says so first
        payoffs(stack, args.ante)
    if args.marginal < 0:
        raise PreflopValueError(f"--marginal must be >= 0, not {args.marginal}")
    data = load_data(args.data)
    solver = JamFold(data)
    solutions = solver.solve_stacks(stacks, ante=args.ante, iterations=args.iterations,
                                    target=args.target)
    if args.plot:
        plot(solutions, args.plot)
    if args.json:
        print(json.dumps({"groups": data.n_groups, "samples": data.samples,
                          "stacks": as_json(solutions, max(args.marginal, 1))}))
    else:
        print(format_table(solutions, args.marginal))
    return 0


__all__ = ["add_preflop", "run_preflop", "parse_stacks"]
