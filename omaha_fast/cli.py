"""The ``omaha-fast`` command.

Each subcommand is a pair of functions: ``add_<name>(subparsers)`` declares its arguments
and ``run_<name>(args) -> int`` does the work and returns the exit status.

>>> main(["eval", "As2s3h4h", "5c6d7hKsKd"])
high: Straight, Seven high (3h4h5c6d7h), value 5856
low:  7-6-5-2-A (As2s5c6d7h), value 41
0
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Callable, Optional, Sequence

from .cards import format_cards
from .errors import OmahaError
from .evaluate import evaluate


def add_eval(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser("eval", help="best high and low of one Omaha hand",
                       description="Print the best high and 8-or-better low of four hole "
                                   "cards on a board of 3, 4 or 5 cards.")
    p.add_argument("hole", help="four hole cards, e.g. As2s3h4h")
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


COMMANDS: dict[str, tuple[Callable[..., None], Callable[[argparse.Namespace], int]]] = {
    "eval": (add_eval, run_eval),
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="omaha-fast",
                                     description="Fast Omaha Hi-Lo and Omaha High tools.")
    sub = parser.add_subparsers(dest="command", required=True)
    for add, _ in COMMANDS.values():
        add(sub)
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Entry point; returns the exit status (2 for bad input)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return COMMANDS[args.command][1](args)
    except (OmahaError, ValueError) as err:
        print(f"omaha-fast {args.command}: error: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
