"""The ``omaha-fast simulate`` and ``omaha-fast tournament`` subcommands.

Structures are read by :func:`~omaha_fast.game.structures.parse_structure`, the parser
``simulate()`` and the RL environment use too:

>>> parse_structure("fl:10/20")
(FixedLimit(small_bet=10, big_bet=20, cap=4, uncap_heads_up=False), None)
>>> parse_structure("nl:1/2")
(NoLimit(min_bet=None), (1, 2))

Stopping: Ctrl-C stops the run (the running blocks of a local pool finish first; a second
Ctrl-C ends them at once), exit status 130; SIGTERM ends every worker at once, exit status
143. With ``--out FILE`` what was played is kept, and ``--resume FILE`` continues it.
Agents named ``module:Class`` are imported from the installed packages or, failing that,
from the current directory.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from typing import Any, Optional

from .._helptext import examples
from .._progress import ProgressBar
from ..errors import InvalidValueError
from ..game.structures import parse_structure
from ..runner import Terminated, WorkerLostError, sigterm_stops_the_run

EXIT_TERMINATED = 143   # 128 + SIGTERM, as shells report a command ended by SIGTERM


_EXIT_STATUS = ("Exit status: 0 done, 2 bad arguments, an agent error or a Dask cluster lost "
                "or out of reach, 130 interrupted (Ctrl-C), 143 terminated (SIGTERM).")


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--agents",
                   help="one agent per seat, comma-separated: built-in names (random, "
                        "station, smart) or module:Class (the current directory is "
                        "searched too); needed unless --resume")
    p.add_argument("--structure",
                   help="fl:SMALL/BIG, pl:SB/BB or nl:SB/BB (default fl:10/20)")
    p.add_argument("--game", choices=("hilo", "high", "bigo", "omaha5", "omaha6"),
                   help="default hilo; bigo, omaha5 and omaha6 deal five or six cards")
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
    p.add_argument("--dashboard", nargs="?", const="127.0.0.1:8787", metavar="ADDRESS",
                   help="with --dask, serve the cluster's dashboard (default address "
                        "127.0.0.1:8787; :0 any free port) and print its link")
    p.add_argument("--timeout", type=float, metavar="SECONDS",
                   help="how long to wait for the Dask scheduler (to connect, or when "
                        "lost) and for its workers before giving up (default 30)")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="let Dask log, and show worker tracebacks")
    p.add_argument("--out", metavar="FILE",
                   help="write the results to FILE (JSON Lines) as blocks finish, so an "
                        "interrupted run keeps what was played")
    p.add_argument("--resume", metavar="FILE",
                   help="continue the run whose results file is FILE (its settings are "
                        "used; the same seed gives the result of an uninterrupted run)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.add_argument("--quiet", action="store_true",
                   help="no progress bar on standard error (--json draws none either)")


def add_simulate(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("simulate", help="play a cash game between agents",
                       description="Play hands between agents (one per seat) in seeded "
                                   "blocks, locally or on Dask, and print per-agent results: "
                                   "bb/100 with a 95% interval, VPIP, PFR, showdowns, "
                                   "scoops and quartered pots.",
                       **examples("omaha-fast simulate --agents smart,random,station "
                                  "--hands 500 --seed 1", before=_EXIT_STATUS))
    _common(p)
    p.add_argument("--hands", type=int, help="hands to play (default 10000)")
    p.add_argument("--stacks", choices=("reset", "carry"),
                   help="reset every stack each hand (default) or carry them")
    p.add_argument("--plot", metavar="FILE",
                   help="draw cumulative winnings with 95%% bands (needs matplotlib); "
                        "the format follows the extension (png, svg, pdf...)")


def add_tournament(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("tournament", help="play single-table tournaments between agents",
                       description="Play sit-and-go tournaments (button by high card, "
                                   "rising blinds) and print places and ROI per agent.",
                       **examples("omaha-fast tournament --agents smart,random,station,random "
                                  "--tournaments 5 --seed 1", before=_EXIT_STATUS))
    _common(p)
    p.add_argument("--tournaments", type=int, help="tournaments to play (default 100)")
    p.add_argument("--hands-per-level", type=int, help="default 10")
    p.add_argument("--payouts", help="percent of the prize pool by place, e.g. 65,35")
    p.add_argument("--buy-in", type=int, help="default 100")


def _where(args: argparse.Namespace) -> dict[str, Any]:
    if args.dask and args.scheduler:
        raise InvalidValueError("--dask starts a local cluster; --scheduler uses an "
                                "existing one: give one of them")
    if args.dashboard is not None and not args.dask:
        raise InvalidValueError("--dashboard is the embedded cluster's (--dask); a scheduler "
                                "serves its own")
    where: dict[str, Any] = {"timeout": args.timeout, "verbose": args.verbose}
    if args.dashboard is not None:
        where["dashboard"] = args.dashboard
    if args.scheduler:
        return {"client": args.scheduler, **where}
    return {"workers": args.workers, "backend": "dask" if args.dask else None, **where}


# the options that define a run, the keyword they become, and their default
_SIMULATE = {"hands": 10_000, "stacks": "reset"}
_TOURNAMENT = {"tournaments": 100, "hands_per_level": 10, "buy_in": 100, "payouts": None}
_SHARED = {"agents": None, "structure": "fl:10/20", "game": "hilo", "stack": None,
           "seed": None, "block_size": None}


def _settings(args: argparse.Namespace, run: str, own: dict[str, Any]) -> dict[str, Any]:
    """The run's settings: the options given, else (with --resume) the results file's,
    else the defaults."""
    options = {**_SHARED, **own}
    saved: dict[str, Any] = {}
    if args.resume:
        from .runfile import read_run_file
        if args.out and os.path.abspath(args.out) != os.path.abspath(args.resume):
            raise InvalidValueError("--resume FILE writes to FILE: drop --out or give "
                                    "the same file")
        saved = read_run_file(args.resume)[0]
        if saved.get("run") != run:
            raise InvalidValueError(f"{args.resume} is the results file of a "
                                    f"{saved.get('run')} run, not a {run} run")
        saved = dict(saved, agents=",".join(saved["agents"]))
        if saved.get("payouts") is not None:
            saved["payouts"] = ",".join(map(str, saved["payouts"]))
    values = {}
    for name, default in options.items():
        given = getattr(args, name)
        values[name] = given if given is not None else saved.get(name, default)
    if not values["agents"]:
        raise InvalidValueError("--agents is needed (or --resume FILE)")
    return values


def _agents_from_here() -> None:
    """Let ``module:Class`` agents come from the current directory, as ``python -m``
    allows (after the installed packages, so a file here cannot hide one of them)."""
    here = os.getcwd()
    if here not in sys.path and "" not in sys.path:
        sys.path.append(here)


def _run(what: str, play: Callable[[Any], Any], unit: str, out: Optional[str],
         args: argparse.Namespace) -> tuple[int, Any]:
    """Play with a progress bar, SIGTERM handled like Ctrl-C; (exit status, result)."""
    bar = ProgressBar(unit, quiet=args.quiet or args.json)
    kept = f"; what was played is in {out} (continue with --resume {out})" if out else ""
    try:
        with sigterm_stops_the_run():
            result = play(bar)
    except WorkerLostError as err:
        bar.close()
        print(f"omaha-fast {what}: error: {err}{kept}", file=sys.stderr)
        return 2, None
    except KeyboardInterrupt as stop:
        bar.close()     # before the message, on a line of its own
        word = "terminated" if isinstance(stop, Terminated) else "interrupted"
        print(f"omaha-fast {what}: {word}{kept}", file=sys.stderr)
        return (EXIT_TERMINATED if isinstance(stop, Terminated) else 130), None
    finally:
        bar.close()
    return 0, result


def run_simulate(args: argparse.Namespace) -> int:
    from .runs import simulate
    values = _settings(args, "simulate", _SIMULATE)
    if args.plot:
        from .plot import check_plot_path
        check_plot_path(args.plot)          # fail before the run, not after it
    _agents_from_here()
    out = args.resume or args.out
    extra = {} if values["block_size"] is None else {"block_size": values["block_size"]}
    code, result = _run("simulate", lambda bar: simulate(
        values["agents"].split(","), values["structure"], values["game"], values["hands"],
        stack=values["stack"], stacks=values["stacks"], seed=values["seed"], progress=bar,
        out=out, resume=bool(args.resume), **_where(args), **extra), "hands", out, args)
    if result is None:
        return code
    print(json.dumps(result.to_dict()) if args.json else result.table(), flush=True)
    if args.plot:
        from .plot import plot_winnings
        try:
            plot_winnings(result, args.plot)
        except (OSError, ValueError) as err:     # the results are printed all the same
            print(f"omaha-fast simulate: error: cannot write the plot {args.plot}: {err}",
                  file=sys.stderr)
            return 2
    return 0


def run_tournament(args: argparse.Namespace) -> int:
    from .runs import tournament
    values = _settings(args, "tournament", _TOURNAMENT)
    payouts = None
    if values["payouts"]:
        try:
            payouts = [int(x) for x in values["payouts"].split(",")]
        except ValueError:
            raise InvalidValueError(f"payouts must be whole percents like 65,35, "
                                    f"got {values['payouts']!r}") from None
    _agents_from_here()
    out = args.resume or args.out
    extra = {} if values["block_size"] is None else {"block_size": values["block_size"]}
    code, result = _run("tournament", lambda bar: tournament(
        values["agents"].split(","), values["structure"], values["game"],
        values["tournaments"], hands_per_level=values["hands_per_level"],
        stack=values["stack"], payouts=payouts, buy_in=values["buy_in"],
        seed=values["seed"], progress=bar, out=out, resume=bool(args.resume),
        **_where(args), **extra), "tournaments", out, args)
    if result is None:
        return code
    print(json.dumps(result.to_dict()) if args.json else result.table())
    return 0


__all__ = ["add_simulate", "run_simulate", "add_tournament", "run_tournament",
           "parse_structure", "EXIT_TERMINATED"]
