"""The ``omaha-fast`` command.

Each subcommand is a pair of functions: ``add_<name>(subparsers)`` declares its arguments
and ``run_<name>(args) -> int`` does the work and returns the exit status.

Conventions shared by every subcommand: ``omaha-fast --version`` prints the version;
``python -m omaha_fast`` is the same command; ``-`` where a file is expected reads standard
input; errors are one line on standard error. Exit statuses:

- 0 (:data:`EXIT_OK`): done;
- 1 (:data:`EXIT_FAILED`): the command ran but its check failed (a replayed hand disagrees
  or is refused; hands skipped as other games, with nothing recorded to check, or that
  differ only by an odd chip at a site whose odd-chip rule is not known, are no
  failure);
- 2 (:data:`EXIT_BAD_INPUT`): bad arguments or input (a bad card, an unreadable or malformed
  file, a usage error);
- 130 (:data:`EXIT_INTERRUPTED`): stopped by Ctrl-C (SIGINT);
- 141 (:data:`EXIT_BROKEN_PIPE`): whatever reads the output stopped reading
  (``omaha-fast replay FILE | head -1``): the command ends at once and says nothing, as a
  command ended by SIGPIPE does;
- 143: ``simulate`` and ``tournament`` ended by SIGTERM (their workers ended first).

>>> main(["eval", "As2s3h4h", "5c6d7hKsKd"])
high: Straight, Seven high (3h4h5c6d7h), value 5856
low:  7-6-5-2-A (As2s5c6d7h), value 41
0
>>> main(["equity", "As2s3h4h", "KcKdQcJd", "--board", "2h7d9c"])
hilo equity, board 2h7d9c: 820 boards (exact)
hand         equity  high win  high tie  low win  low tie   scoop
As2s3h4h     60.67%    39.63%     0.00%   76.83%    0.00%  39.63%
KcKdQcJd     39.33%    60.37%     0.00%    0.00%    0.00%  18.29%
no qualifying low on 23.17% of boards
0
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, Optional

from ._helptext import examples
from ._progress import ProgressBar
from ._version import __version__
from .cards import format_cards
from .errors import OmahaError
from .evaluation import evaluate
from .odds import equity
from .preflop.command import add_preflop, run_preflop
from .sim.command import add_simulate, add_tournament, run_simulate, run_tournament
from .solve.command import add_solve, run_solve
from .solve.report_command import add_report, run_report
from .view.command import add_view, run_view

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report a command stopped by Ctrl-C
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, as shells report `yes | head -1`'s yes

STDIN = "-"
"""The file name that stands for standard input."""


def add_eval(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("eval", help="best high and low of one Omaha hand",
                       description="Print the best high and 8-or-better low of four hole "
                                   "cards (five for Big O, or six) on a board of 3, 4 or 5 "
                                   "cards.",
                       **examples("omaha-fast eval As2s3h4h 5c6d7hKsKd"))
    p.add_argument("hole", help="four hole cards, e.g. As2s3h4h (or five, or six)")
    p.add_argument("board", help="three to five board cards, e.g. 5c6d7hKsKd")
    p.add_argument("--game", choices=("hilo", "high"), default="hilo")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")


def run_eval(args: argparse.Namespace) -> int:
    e = evaluate(args.hole, args.board, game=args.game)
    high = {"value": e.high.value, "category": e.high.category.name,
            "text": str(e.high), "cards": format_cards(e.high.cards)}
    low = None
    if e.low is not None:
        low = {"value": e.low.value, "ranks": list(e.low.ranks), "text": str(e.low),
               "cards": format_cards(e.low.cards)}
    if args.json:
        print(json.dumps({"high": high, "low": low}))
        return 0
    print(f"high: {high['text']} ({high['cards']}), value {high['value']}")
    if args.game == "hilo":
        print(f"low:  {low['text']} ({low['cards']}), value {low['value']}" if low
              else "low:  none (no 8-or-better low)")
    return 0


def add_equity(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("equity", help="hi/lo equity of 2 to 10 hands",
                       description="Exact (every remaining board) or Monte Carlo equity of "
                                   "2 to 10 Omaha hands, with the high/low breakdown.",
                       **examples("omaha-fast equity As2s3h4h KcKdQcJd --board 2h7d9c",
                                  "omaha-fast equity As2s3h4h 'AA:$ds' 15% --samples 100000 "
                                  "--seed 1"))
    p.add_argument("hands", nargs="+",
                   help="four-card hands or ranges, e.g. As2s3h4h KcKdQcJd 'AA:$ds' 15%% "
                        "(five or six cards with --game bigo, omaha5, omaha6)")
    p.add_argument("--board", default="", help="known board cards (0, 3, 4 or 5)")
    p.add_argument("--dead", default="", help="cards known to be out of play")
    p.add_argument("--game", choices=("hilo", "high", "bigo", "omaha5", "omaha6"),
                   default="hilo", help="hilo or high (four cards), bigo (five cards, hi-lo), "
                                        "omaha5 or omaha6 (five or six cards, high)")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", help="enumerate every board")
    how.add_argument("--samples", type=int, help="Monte Carlo with this many boards")
    p.add_argument("--seed", type=int, help="Monte Carlo seed (printed when not given)")
    p.add_argument("--threads", type=int, help="worker threads (default: every core)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.add_argument("--quiet", action="store_true",
                   help="no progress bar on standard error (--json draws none either)")


def run_equity(args: argparse.Namespace) -> int:
    mode = "exact" if args.exact else "mc" if args.samples else "auto"
    with ProgressBar("boards", quiet=args.quiet or args.json) as bar:
        result = equity(args.hands, board=args.board, dead=args.dead, game=args.game,
                        mode=mode, samples=args.samples, seed=args.seed,
                        threads=args.threads, progress=bar)
    if args.json:
        print(json.dumps(result.to_dict()))
        return 0
    how = ("exact" if result.exact
           else f"Monte Carlo, seed {result.seed}")
    print(f"{result.game} equity, board {result.board or '(none)'}: "
          f"{result.boards:,} boards ({how})")
    hilo = result.no_low is not None      # a hi-lo game: hilo or bigo
    width = max([10] + [len(p.hand) for p in result.players])
    head = f"{'hand':<{width}} {'equity':>8} {'high win':>9} {'high tie':>9}"
    if hilo:
        head += f" {'low win':>8} {'low tie':>8} {'scoop':>7}"
    if not result.exact:
        head += f" {'+/-':>7}"
    print(head)
    for p in result.players:
        line = f"{p.hand:<{width}} {p.equity:8.2%} {p.high_win:9.2%} {p.high_tie:9.2%}"
        if hilo:
            line += f" {p.low_win:8.2%} {p.low_tie:8.2%} {p.scoop:7.2%}"
        if p.std_error is not None:
            line += f" {p.std_error:7.2%}"
        print(line)
    if hilo:
        print(f"no qualifying low on {result.no_low:.2%} of boards")
    return 0


def add_range(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("range", help="expand a range: hands, classes and a sample",
                       # a description is printed as written (argparse expands % only
                       # in an argument's help): one % here
                       description="Parse a range in the generic syntax (e.g. 'AA:$ds@100,"
                                   "A2**@50' or 15%) and print how many hands and suit "
                                   "classes it holds, after removing the board and dead "
                                   "cards, with a sample drawn by weight.",
                       **examples("omaha-fast range 'AA:$ds@100,A2**@50' --board Kh7d2c"))
    p.add_argument("range", help="the range text, e.g. 'AA:$ds', 'A2**@50' or 15%%")
    p.add_argument("--board", default="", help="board cards to remove")
    p.add_argument("--dead", default="", help="dead cards to remove")
    p.add_argument("--game", choices=("hilo", "high", "bigo", "omaha5"), default="hilo",
                   help="the ranking that N%% refers to; bigo and omaha5 take five-card "
                        "hands (no N%%)")
    p.add_argument("--sample", type=int, default=8, help="hands to show (default 8)")
    p.add_argument("--seed", type=int, default=0, help="seed of the sample")
    p.add_argument("--json", action="store_true", help="print JSON")


def run_range(args: argparse.Namespace) -> int:
    from .cards import parse_cards
    from .ranges import Range
    r = Range(args.range, game=args.game)
    gone = parse_cards(args.board) + parse_cards(args.dead)
    live = r.without(gone) if gone else r
    weights = live.weights
    info = {"range": r.text, "game": args.game, "removed": format_cards(gone),
            "hands": len(live), "classes": live.canonical_classes,
            "weighted": live.weighted, "total_weight": int(weights.sum()),
            "sample": live.sample(max(args.sample, 0), seed=args.seed)}
    if args.json:
        print(json.dumps(info))
        return 0
    print(f"{r.text}: {info['hands']:,} hands in {info['classes']:,} suit classes"
          + (f" (without {info['removed']})" if gone else "")
          + (f", total weight {info['total_weight']:,}" if live.weighted else ""))
    if info["sample"]:
        print("sample: " + " ".join(info["sample"]))
    return 0


def add_replay(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("replay", help="replay hand histories through the engine",
                       description="Replay every hand of card-room histories "
                                   "(Omaha Hi/Lo and Omaha; the format is found from the "
                                   "content: see the card-rooms guide for the sites), "
                                   "PHH (.phh/.phhs) or JSON (.json/.jsonl) files "
                                   "through the game engine. Site hands are checked pot by "
                                   "pot and half by half against what the site paid, then "
                                   "the final stacks; other hands by their final stacks "
                                   "(a hand that records none is replayed with nothing to "
                                   "check). Hands of other games are skipped (when every "
                                   "hand is, the last line says so). Exits 0 "
                                   "when no hand disagrees or is refused, 1 if one does, "
                                   "2 if a hand cannot be read.",
                       **examples("omaha-fast replay tests/data/sites/pokerstars_plo8_cash.txt"
                                  "   # a file of a clone"))
    p.add_argument("files", nargs="+", help="hand history files (- for standard input)")
    p.add_argument("--json", action="store_true",
                   help="one JSON object per hand (id, format, result, recorded and "
                        "replayed amounts), then one with the counts")


def _replay_items(path: str) -> list[dict[str, Any]]:
    """One dict per hand of a file: a site history is verified pot by pot, JSON and PHH
    hands by their final stacks."""
    from pathlib import Path

    from .history import RecordError, load, loads, replay
    from .history.record import HandRecord
    from .history.sitehand import SkippedHand, UnreadableHand
    from .history.sites import decode_history, not_supported, read_site, site_format
    from .history.verify import verify

    p = Path(path)
    stdin = path == STDIN
    name = "<stdin>" if stdin else p.name
    text = decode_history(sys.stdin.buffer.read() if stdin else p.read_bytes(), name)
    fmt = ("json" if text.lstrip().startswith(("{", "[")) else "phh") if stdin else \
        p.suffix.lstrip(".") or "phh"
    out: list[dict[str, Any]] = []
    site = site_format(text)     # once: it reads the text from the start
    if site is None:
        not_supported(text, name)   # another card room's file: named for what it is
        for record in loads(text, name) if stdin else load(path):
            if isinstance(record.extra.get("site"), dict):
                # a card-room hand kept as JSON or PHH: checked pot by pot, as it was read
                out.append({**verify(record).to_dict(), "format": fmt})
                continue
            entry: dict[str, Any] = {
                "id": record.id or record.origin, "format": fmt,
                "result": "refused", "differences": [],
                "recorded_stacks": record.final_stacks, "replayed_stacks": None}
            try:
                result = replay(record)
            except RecordError as err:    # this hand is refused; the others still replay
                entry["differences"] = [str(err)]
            else:
                entry["replayed_stacks"] = result.replayed
                # a record with no final stacks (pokerkit writes none by default) has
                # nothing to compare: every action was legal, no stack to check
                entry["result"] = ("unchecked" if record.final_stacks is None else
                                   "agree" if result.agrees else "disagree")
            out.append(entry)
        return out
    for item in read_site(text, name):
        if isinstance(item, SkippedHand):
            out.append({"id": item.id, "format": site, "result": "skipped",
                        "game": item.game, "line": item.line})
        elif isinstance(item, UnreadableHand):
            out.append({"id": item.id, "format": site, "result": "unreadable",
                        "error": str(item.error), "line": item.line})
        elif isinstance(item, HandRecord):
            out.append(verify(item).to_dict())
    return out


def run_replay(args: argparse.Namespace) -> int:
    counts = dict.fromkeys(("agree", "disagree", "odd chip", "refused", "unchecked",
                            "skipped", "unreadable"), 0)
    first_error = ""
    games: dict[str, int] = {}       # why hands were skipped: their games, or the reason
    bad_files: list[str] = []        # one message a file that could not be read
    read_any = False
    for path in args.files:
        try:
            entries = _replay_items(path)
        except (OmahaError, ValueError, OSError) as err:
            # this file is not read; the files after it still are
            bad_files.append(_file_error(path, err))
            if read_any:
                _print_bad_file(args.json, path, bad_files[-1])
            continue
        if not read_any:     # the files not read before this one, now that one is
            read_any = True
            for bad_path, message in zip(args.files, bad_files):
                _print_bad_file(args.json, bad_path, message)
        for entry in entries:
            result = entry["result"]
            counts[result] += 1
            if result == "unreadable" and not first_error:
                first_error = entry["error"]
            if result == "skipped":
                games[entry["game"]] = games.get(entry["game"], 0) + 1
            if args.json:
                print(json.dumps(entry))
            elif result == "skipped":
                print(f"{entry['id']}: skipped ({entry['game']})")
            elif result == "unchecked":
                print(f"{entry['id']}: replayed {entry['replayed_stacks']}, nothing recorded "
                      f"to check")
            elif result == "unreadable":
                print(f"UNREADABLE: {entry['error']}")
            elif result == "refused":
                print(f"{entry['id']}: REFUSED: {entry['differences'][0]}")
            else:
                line = (f"{entry['id']}: recorded {entry['recorded_stacks']} replayed "
                        f"{entry['replayed_stacks']} "
                        f"{_VERDICT_WORDS.get(result, 'DISAGREE')}")
                if entry["differences"]:
                    line += ": " + "; ".join(entry["differences"])
                if entry.get("notes"):
                    line += " (" + "; ".join(entry["notes"]) + ")"
                print(line)
    if not read_any:
        # not one file read: its error alone, as for any input that cannot be read
        n = len(bad_files)
        print("omaha-fast replay: error: " + (bad_files[0] if n == 1 else
              f"{n} files could not be read; the first: {bad_files[0]}"), file=sys.stderr)
        return EXIT_BAD_INPUT
    played = counts["agree"] + counts["disagree"] + counts["odd chip"] + counts["refused"]
    kinds = sorted(games.items(), key=lambda kv: -kv[1])
    if args.json:
        summary: dict[str, Any] = {"agreed": counts["agree"], "disagreed": counts["disagree"],
                                   "refused": counts["refused"], "skipped": counts["skipped"],
                                   "unreadable": counts["unreadable"],
                                   "unchecked": counts["unchecked"]}
        if counts["odd chip"]:
            summary["odd_chip"] = counts["odd chip"]
        if games:
            summary["skipped_as"] = dict(kinds)
        if bad_files:
            summary["unreadable_files"] = len(bad_files)
        print(json.dumps({"summary": summary}))
    else:
        # a skipped hand is never skipped quietly: the summary says why (its game)
        why = ", ".join(f"{count} {game}" for game, count in kinds[:3]) + \
            (", ..." if len(kinds) > 3 else "")
        print(f"{counts['agree']} of {played} hands agree: {counts['agree']} agreed, "
              f"{counts['disagree']} disagreed, "
              + (f"{counts['odd chip']} differ by an odd chip (the site's rule not known), "
                 if counts["odd chip"] else "")
              + f"{counts['refused']} refused, "
              f"{counts['skipped']} skipped{f' ({why})' if why else ''}, "
              f"{counts['unreadable']} unreadable"
              + (f", {counts['unchecked']} replayed with nothing recorded to check"
                 if counts["unchecked"] else "")
              + (f", {len(bad_files)} file{'s' if len(bad_files) > 1 else ''} not read"
                 if bad_files else ""))
    if counts["unreadable"] or bad_files:  # bad input: one line on stderr, the worst status
        n, f = counts["unreadable"], len(bad_files)
        what = " and ".join(
            ([f"{n} hand{'s' if n > 1 else ''}"] if n else []) +
            ([f"{f} file{'s' if f > 1 else ''}"] if f else []))
        first = bad_files[0] if bad_files else first_error
        print(f"omaha-fast replay: error: {what} could not be read; the first: {first}",
              file=sys.stderr)
        return EXIT_BAD_INPUT
    if not played and not counts["unchecked"] and not args.json:
        # every hand was of another game: nothing failed, but nothing was checked either;
        # said on stdout (standard error is for errors, and this is none)
        n = counts["skipped"]
        said = ", ".join(f"{count} {game}" for game, count in kinds[:3])
        print(f"no hand replayed: {n} hand{'s' if n > 1 else ''} skipped, of "
              f"{'other games' if n > 1 else 'another game'} ({said}"
              f"{', ...' if len(kinds) > 3 else ''})")
    return EXIT_FAILED if counts["disagree"] or counts["refused"] else EXIT_OK


# how a checked hand's line ends: what it is (a difference is in capitals)
_VERDICT_WORDS = {"agree": "agree", "odd chip": "ODD CHIP"}


def _print_bad_file(as_json: bool, path: str, message: str) -> None:
    print(json.dumps({"file": path, "result": "unreadable", "error": message}) if as_json
          else f"UNREADABLE FILE: {message}")


def _file_error(path: str, err: Exception) -> str:
    """One line for a file that cannot be read at all (its name first)."""
    if isinstance(err, OSError):
        return f"{err.filename or path}: {err.strerror or err}"
    return str(err)


COMMANDS: dict[str, tuple[Callable[..., None], Callable[[argparse.Namespace], int]]] = {
    "eval": (add_eval, run_eval),
    "equity": (add_equity, run_equity),
    "range": (add_range, run_range),
    "replay": (add_replay, run_replay),
    "simulate": (add_simulate, run_simulate),
    "tournament": (add_tournament, run_tournament),
    "preflop": (add_preflop, run_preflop),
    "solve": (add_solve, run_solve),
    "report": (add_report, run_report),
    "view": (add_view, run_view),
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="omaha-fast",
                                     description="Fast Omaha Hi-Lo and Omaha High tools.",
                                     epilog="Exit status: 0 done, 1 a check failed, 2 bad "
                                            "arguments or input, 130 interrupted, 141 "
                                            "the output's reader gone.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    for add, _ in COMMANDS.values():
        add(sub)
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Entry point; returns the exit status (see the module docstring).

    Usage errors exit through argparse (status 2), as ``--version`` and ``--help`` do
    (status 0).
    """
    try:
        status = _run(argv)
        sys.stdout.flush()    # a reader gone is found here, not while Python exits
        return status
    except KeyboardInterrupt:  # Ctrl-C: the C core has stopped; one line, no traceback
        print("omaha-fast: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _drop_stdout()
        return EXIT_BROKEN_PIPE


def _drop_stdout() -> None:
    """Point standard output at the null device: what is left in its buffer, flushed
    when Python exits, would raise BrokenPipeError again (and print it)."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return        # not a file (a caller's StringIO): nothing is flushed at exit
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, fd)
    os.close(null)


def _run(argv: Optional[Sequence[str]]) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return COMMANDS[args.command][1](args)
    except (OmahaError, ValueError) as err:
        print(f"omaha-fast {args.command}: error: {err}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        raise                # no file of the user's: the output's reader is gone
    except OSError as err:   # a file that cannot be read
        print(f"omaha-fast {args.command}: error: {err.filename or ''}: {err.strerror or err}",
              file=sys.stderr)
        return EXIT_BAD_INPUT


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
