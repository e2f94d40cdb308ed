"""``omaha-fast solve``: a heads-up flop, turn or river spot, the root strategy per hand
class.

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
    p.add_argument("--bets", default="75,allin",
                   help="bet sizes in %% of the pot, 'pot', 'allin' (default 75,allin)")
    p.add_argument("--raises", default=None, help="raise sizes, as --bets (default: pot, "
                                                  "and all-in when --bets has it)")
    p.add_argument("--raise-cap", type=int, default=2,
                   help="raises allowed after the first bet of a street (default 2)")
    p.add_argument("--limit", choices=("pot", "no", "fixed"), default="pot",
                   help="pot limit (default), no limit or fixed limit")
    p.add_argument("--fixed-bet", type=float, default=None,
                   help="the bet size in chips of a fixed-limit tree")
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
    p.add_argument("--top", type=int, default=20,
                   help="hand classes to print, most weight first (default 20; 0: all)")
    p.add_argument("--quiet", action="store_true",
                   help="no progress bar on standard error (--json draws none either)")
    p.add_argument("--json", action="store_true",
                   help="print everything (per-hand strategies at the root, EVs, "
                        "equities, the exploitability history) as JSON")


def _percent(text: str, what: str = "target", example: str = "0.3%") -> float:
    try:
        return float(text.strip().rstrip("%"))
    except ValueError:
        raise SubgameValueError(f"{what} {text!r}: a percent of the pot such as "
                                f"{example}") from None


def hand_class(cards: Any) -> str:
    """A hand's ranks (high first) and suit pattern: 'AAKQ ds', 'A234 ss', 'KQJT r'.

    >>> hand_class([48, 49, 44, 41])     # Ac Ad Kc Qd
    'AAKQ ds'
    """
    ranks = "23456789TJQKA"
    cs = sorted((int(c) for c in cards), reverse=True)
    counts = sorted((sum(1 for c in cs if c % 4 == s) for s in range(4)), reverse=True)
    pattern = {(2, 2): "ds", (2, 1): "ss", (3, 1): "3s", (4, 0): "4s"}.get(
        (counts[0], counts[1]), "r")
    return "".join(ranks[c // 4] for c in cs) + " " + pattern


def run_solve(args: argparse.Namespace) -> int:
    from .memory import size_text
    from .result import SubgameResult
    from .subgame import estimate, solve
    from .tree import BetTree

    raises = args.raises
    if raises is None:
        raises = "pot,allin" if "a" in args.bets.lower() else "pot"
    tree = BetTree.parse(args.bets, raises, raise_cap=args.raise_cap, limit=args.limit,
                         fixed_bet=args.fixed_bet)
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
                                      threads=args.threads, resume=args.resume)
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
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        _print(result, args.top)
    if result.stopped == "interrupted":
        print("omaha-fast solve: interrupted: the strategy so far is shown"
              + (f" and saved to {args.save}" if args.save else ""), file=sys.stderr)
        return 130
    return 0


def _print(r: Any, top: int) -> None:
    import numpy as np
    n0, n1 = len(r.hands[0]), len(r.hands[1])
    print(f"{r.game} {r.street}, board {r.board}, pot {r.pot:g}, stack {r.stack:g}: "
          f"{n0:,} hands out of position, {n1:,} in position")
    why = {"target": "the target reached", "iterations": "the iteration budget spent",
           "seconds": "the time budget spent", "interrupted": "interrupted"}[r.stopped]
    print(f"exploitability {r.exploitability:.3f}% of the pot after {r.iterations} "
          f"iterations ({r.seconds:.1f} s; stopped: {why})")
    print(f"EV: OOP {r.ev[0]:.3f}, IP {r.ev[1]:.3f} (equity {r.equity[0]:.2%} / "
          f"{r.equity[1]:.2%})")
    root = r.root_summary()
    who = "OOP" if root["player"] == 0 else "IP"
    actions = root["actions"]
    print(f"root ({who}): " + ", ".join(f"{a} {f:.1%}" for a, f in
                                        zip(actions, root["frequencies"])))
    p = root["player"]
    s, w = r.strategy(""), r.weights[p]
    classes: dict[str, list[int]] = {}
    for i, h in enumerate(r.hands[p]):
        classes.setdefault(hand_class(h), []).append(i)
    rows = sorted(classes.items(), key=lambda kv: (-float(w[kv[1]].sum()), kv[0]))
    if top > 0:
        rows = rows[:top]
    width = max(8, *(len(a) for a in actions))
    print(f"{'class':<10} {'hands':>6} " + " ".join(f"{a:>{width}}" for a in actions))
    for name, idx in rows:
        ww = w[idx]
        freq = (ww[:, None] * s[idx]).sum(axis=0) / max(float(ww.sum()), 1e-300)
        print(f"{name:<10} {len(idx):>6} " + " ".join(f"{f:>{width}.1%}" for f in freq))
    if top > 0 and len(classes) > top:
        print(f"... {len(classes) - top} more classes (--top 0 prints all)")
    del np
