"""The ``omaha-fast simulate`` and ``omaha-fast tournament`` subcommands.

>>> parse_structure("fl:10/20")
(FixedLimit(small_bet=10, big_bet=20, cap=4, uncap_heads_up=False), None)
>>> parse_structure("nl:1/2")
(NoLimit(min_bet=None), (1, 2))
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any, Optional, TextIO

from ..game.structures import FixedLimit, NoLimit, PotLimit, Structure


def parse_structure(text: str) -> tuple[Structure, Optional[tuple[int, int]]]:
    """``fl:SMALL/BIG`` (fixed limit, default blinds), ``pl:SB/BB`` or ``nl:SB/BB``
    (pot or no limit with those blinds) -> (structure, blinds)."""
    kind, _, amounts = text.strip().lower().partition(":")
    try:
        a, b = (int(x) for x in amounts.split("/"))
    except ValueError:
        raise ValueError(f"structure must look like fl:10/20, pl:1/2 or nl:1/2, "
                         f"got {text!r}") from None
    if kind == "fl":
        return FixedLimit(a, b), None
    if kind in ("pl", "nl"):
        return (PotLimit() if kind == "pl" else NoLimit()), (a, b)
    raise ValueError(f"structure must start with fl:, pl: or nl:, got {text!r}")


class RateBar:
    """A one-line progress bar with the rate and the time left, drawn on ``stream``
    (stderr) only when it is a terminal."""

    def __init__(self, unit: str, stream: Optional[TextIO] = None) -> None:
        self.unit = unit
        self.stream = stream if stream is not None else sys.stderr
        self.started = time.monotonic()
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        if not self.stream.isatty():
            return
        elapsed = max(time.monotonic() - self.started, 1e-9)
        rate = done / elapsed
        left = (total - done) / rate if rate else 0.0
        width = 30
        filled = int(width * done / total) if total else width
        minutes, seconds = divmod(int(left + 0.5), 60)
        self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done:,}/{total:,} "
                          f"{self.unit}  {rate:,.0f} {self.unit}/s  ETA {minutes}:{seconds:02d}")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * 100 + "\r")
            self.stream.flush()


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--agents", required=True,
                   help="one agent per seat, comma-separated: built-in names (random, "
                        "station, smart) or module:Class")
    p.add_argument("--structure", default="fl:10/20",
                   help="fl:SMALL/BIG, pl:SB/BB or nl:SB/BB (default fl:10/20)")
    p.add_argument("--game", choices=("hilo", "high"), default="hilo")
    p.add_argument("--stack", type=int, help="starting stack in chips")
    p.add_argument("--seed", type=int, help="root seed (printed when not given)")
    p.add_argument("--block-size", type=int, help="hands (or tournaments) per block")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int,
                       help="local worker processes (default: every core); with --dask, "
                            "the embedded cluster's workers")
    where.add_argument("--scheduler", metavar="ADDR",
                       help="run on the Dask cluster at this scheduler address, "
                            "e.g. tcp://127.0.0.1:8786")
    p.add_argument("--dask", action="store_true",
                   help="run on an embedded Dask LocalCluster (127.0.0.1)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")


def add_simulate(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("simulate", help="play a cash game between agents",
                       description="Play hands between agents (one per seat) in seeded "
                                   "blocks, locally or on Dask, and print per-agent results: "
                                   "bb/100 with a 95%% interval, VPIP, PFR, showdowns, "
                                   "scoops and quartered pots.")
    _common(p)
    p.add_argument("--hands", type=int, default=10_000)
    p.add_argument("--stacks", choices=("reset", "carry"), default="reset",
                   help="reset every stack each hand (default) or carry them")
    p.add_argument("--plot", metavar="FILE",
                   help="draw cumulative winnings with 95%% bands (needs matplotlib)")


def add_tournament(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("tournament", help="play single-table tournaments between agents",
                       description="Play sit-and-go tournaments (button by high card, "
                                   "rising blinds) and print places and ROI per agent.")
    _common(p)
    p.add_argument("--tournaments", type=int, default=100)
    p.add_argument("--hands-per-level", type=int, default=10)
    p.add_argument("--payouts", help="percent of the prize pool by place, e.g. 65,35")
    p.add_argument("--buy-in", type=int, default=100)


def _where(args: argparse.Namespace) -> dict[str, Any]:
    if args.dask and args.scheduler:
        raise ValueError("--dask starts a local cluster; --scheduler uses an existing one: "
                         "give one of them")
    if args.scheduler:
        return {"client": args.scheduler}
    return {"workers": args.workers, "backend": "dask" if args.dask else None}


def _block(args: argparse.Namespace) -> dict[str, Any]:
    return {} if args.block_size is None else {"block_size": args.block_size}


def run_simulate(args: argparse.Namespace) -> int:
    from .runs import simulate
    structure, blinds = parse_structure(args.structure)
    if args.plot:
        from .plot import _matplotlib
        _matplotlib()          # fail before the run, not after it
    bar = RateBar("hands")
    try:
        result = simulate(args.agents.split(","), structure, args.game, args.hands,
                          blinds=blinds, stack=args.stack, stacks=args.stacks, seed=args.seed,
                          progress=bar, **_where(args), **_block(args))
    except KeyboardInterrupt:
        bar.close()
        print("omaha-fast simulate: interrupted", file=sys.stderr)
        return 130
    bar.close()
    if args.plot:
        from .plot import plot_winnings
        plot_winnings(result, args.plot)
    print(json.dumps(result.to_dict()) if args.json else result.table())
    return 0


def run_tournament(args: argparse.Namespace) -> int:
    from .runs import tournament
    structure, blinds = parse_structure(args.structure)
    payouts = None
    if args.payouts:
        try:
            payouts = [int(x) for x in args.payouts.split(",")]
        except ValueError:
            raise ValueError(f"payouts must be whole percents like 65,35, "
                             f"got {args.payouts!r}") from None
    bar = RateBar("tournaments")
    try:
        result = tournament(args.agents.split(","), structure, args.game, args.tournaments,
                            blinds=blinds, hands_per_level=args.hands_per_level,
                            stack=args.stack, payouts=payouts, buy_in=args.buy_in,
                            seed=args.seed, progress=bar, **_where(args), **_block(args))
    except KeyboardInterrupt:
        bar.close()
        print("omaha-fast tournament: interrupted", file=sys.stderr)
        return 130
    bar.close()
    print(json.dumps(result.to_dict()) if args.json else result.table())
    return 0


__all__ = ["add_simulate", "run_simulate", "add_tournament", "run_tournament",
           "parse_structure", "RateBar"]
