"""The reports of :mod:`omaha_fast.solve.report` on the command line: the options ``solve``
and ``report`` share, and their text.

    omaha-fast report spot.npz --node 'check/bet 15' --river Qs --report class --top 10
    omaha-fast report spot.npz --node check/check --report runout
    omaha-fast report spot.npz --node 'bet 10' --report hands --filter 'AA,A2**' --sort ev
    omaha-fast report spot.npz --node 'bet 10/call' --range-out calls.txt --range-player ip
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from .._helptext import examples
from .errors import SubgameValueError

REPORTS = ("category", "class", "hands", "runout")


def add_report_options(p: Any, top: bool = True) -> None:
    """The node and report options (``top``: add ``--top``, which ``solve`` has already)."""
    g = p.add_argument_group("reports", "the node to report on and how (every node of "
                                        "the tree, not only the root)")
    g.add_argument("--node", default=None, metavar="PATH",
                   help="the node's path, its actions from the root joined by '/', e.g. "
                        "'check/bet 15' (default: the root)")
    g.add_argument("--turn", default=None, metavar="CARD",
                   help="the turn card, for a node of a flop spot after the turn is dealt")
    g.add_argument("--river", default=None, metavar="CARD",
                   help="the river card, for a node after the river is dealt")
    g.add_argument("--report", choices=REPORTS, default="class",
                   help="rows by hand category (--family), by hand class (default), one "
                        "per hand (--filter, --sort), or one per card dealt at the chance "
                        "node above the node (runout)")
    g.add_argument("--family", default=None,
                   help="the category families, comma-separated: high, draw, low, low draw, "
                        "counterfeit, way (default: high,low in hi-lo, high in high)")
    g.add_argument("--sort", default=None,
                   help="row order: order, weight, ev, equity, label (categories and "
                        "classes); weight, ev, equity, hand, an action, or ev:ACTION (hands)")
    g.add_argument("--filter", default=None, metavar="RANGE",
                   help="hands report: only the hands in this range, e.g. 'AA,A2$L'")
    g.add_argument("--category", default=None,
                   help="hands report: only the hands of these labels, e.g. 'low=nut low' "
                        "or 'high=set,way=scoop candidate'")
    g.add_argument("--class", dest="hand_class", default=None, metavar="LABEL",
                   help="hands report: only the hands of this class, e.g. AsQs5x2x")
    g.add_argument("--offset", type=int, default=0, help="hands report: skip this many")
    g.add_argument("--range-out", default=None, metavar="FILE",
                   help="write the range reaching the node (any node, 'bet 10/call' too) to "
                        "this file as range text")
    g.add_argument("--range-player", choices=("oop", "ip"), default=None,
                   help="whose range --range-out writes (default: the player acting at the "
                        "node, or the one who acted last before it)")
    g.add_argument("--tree", action="store_true",
                   help="list the tree's action nodes (path, who acts, street, actions) "
                        "instead of a report")
    if top:
        g.add_argument("--top", type=int, default=20,
                       help="rows to print, most weight first (default 20; 0: all)")


def wants_node(args: argparse.Namespace) -> bool:
    """Whether any report option was given (``solve --json`` then prints the node)."""
    return any(getattr(args, name) is not None for name in
               ("node", "turn", "river", "family", "sort", "filter", "range_out",
                "category", "hand_class")) or \
        args.report != "class" or args.tree


def check_node(args: argparse.Namespace, tree: Any) -> None:
    """Before a solve: the node ``--node`` names is in the tree it will build (a typo is
    told at once, not after the solve). A spot that does not read is left for the solve
    to name."""
    if args.node is None:
        return
    from ..cards import parse_cards
    from ..errors import OmahaError
    from .spot import read_amount, read_stack
    from .tree import ACTION, build
    try:
        street = {3: "flop", 4: "turn", 5: "river"}[len(parse_cards(args.board))]
        nodes = build(tree, read_amount(args.pot, "pot", True), read_stack(args.stack),
                      street)
    except (OmahaError, KeyError, ValueError):
        return
    actions = [n.path for n in nodes if n.kind == ACTION]
    if args.node in actions or (args.range_out is not None and
                                args.node in {n.path for n in nodes}):
        return
    near = ", ".join(repr(p) for p in actions[:6])
    raise SubgameValueError(f"--node: no action node {args.node!r} in this tree; the "
                            f"nodes start {near}, ...")


# a small solve to read back: the help examples of report and view start with it
SOLVE_EXAMPLE = ("omaha-fast solve --board AhKd7c8s --pot 10 --stack 10 --oop 'AA:$ds' "
                 "--ip 'KK:$ds' --bets pot --raise-cap 0 --save spot.npz")


def add_report(sub: Any) -> None:
    p = sub.add_parser("report", help="reports at any node of a solve saved by solve --save",
                       description="Read a solve saved by 'omaha-fast solve --save' and "
                                   "print a node's strategy, frequencies, EVs and equities "
                                   "by hand category, by hand class, per hand or per card "
                                   "dealt; or write the range reaching a node.",
                       **examples(SOLVE_EXAMPLE,
                                  "omaha-fast report spot.npz --node check/check --river Qs "
                                  "--report category"))
    p.add_argument("file", help="the .npz file written by solve --save")
    add_report_options(p)
    p.add_argument("--json", action="store_true", help="print the report as JSON")


def run_report(args: argparse.Namespace) -> int:
    from .result import load
    return print_report(load(args.file), args)


def header(r: Any) -> None:
    """The spot, its exploitability, EVs and the root's frequencies."""
    n0, n1 = len(r.hands[0]), len(r.hands[1])
    print(f"{r.game} {r.street}, board {r.board}, pot {r.pot:g}, stack {r.stack:g}: "
          f"{n0:,} hands out of position, {n1:,} in position")
    why = {"target": "the target reached", "iterations": "the iteration budget spent",
           "seconds": "the time budget spent", "interrupted": "interrupted"}[r.stopped]
    print(f"exploitability {r.exploitability:.3f}% of the pot after {r.iterations} "
          f"iterations ({r.seconds:.1f} s; stopped: {why})")
    if r.worker_memory:
        from .memory import size_text
        print(f"spread over {len(r.worker_memory)} workers, peak memory each: " +
              ", ".join(size_text(b) for b in r.worker_memory))
    print(f"EV: OOP {r.ev[0]:.3f}, IP {r.ev[1]:.3f} (equity {r.equity[0]:.2%} / "
          f"{r.equity[1]:.2%})")
    root = r.root_summary()
    who = "OOP" if root["player"] == 0 else "IP"
    print(f"root ({who}): " + ", ".join(f"{a} {f:.1%}" for a, f in
                                        zip(root["actions"], root["frequencies"])))


def print_report(result: Any, args: argparse.Namespace, head: bool = True) -> int:
    """The report the options ask for, as text (after :func:`header` when ``head``) or
    JSON (``args.json``); writes ``--range-out``. Everything is read before anything is
    printed, so that a node that does not exist is one line of error alone. Returns the
    exit status."""
    from . import report
    path = args.node or ""
    cards = {"turn": args.turn, "river": args.river}
    family = None if args.family is None else [f.strip() for f in args.family.split(",")]
    top = args.top if args.top > 0 else None
    rng, player = None, 0
    if args.range_out is not None:
        player = {"oop": 0, "ip": 1}.get(args.range_player or "", _last_player(result, path))
        rng = report.node_range(result, path, player, **cards)
    lines: list[str] = []
    data: Any = None
    if args.tree:
        outline = report.tree_outline(result)
        data, lines = outline, _tree_lines(outline)
    elif rng is not None and path not in result.paths:
        # a terminal or a chance node: its range is all there is to show
        lines.append(f"range of {_who(player)} reaching {path!r}: {len(rng):,} hands")
        data = {"path": path, "player": player, "hands": len(rng)}
    elif args.report == "runout":
        if args.river is not None and result.street != "flop":
            raise SubgameValueError("a run-out deals every river card: leave out --river")
        out = report.runout_report(result, path, turn=args.turn)
        data, lines = out.to_dict(), _runout_lines(out)
    elif args.report == "hands":
        page = report.hand_rows(result, path, **cards, filter=args.filter,
                                sort=args.sort or "weight", offset=args.offset,
                                limit=top or len(result.hands[result.player(path)]),
                                category=_labels(args.category),
                                hand_class=args.hand_class)
        data, lines = page.to_dict(), _hand_lines(page)
    else:
        rep = report.node_report(result, path, **cards, by=args.report, family=family,
                                 sort=args.sort)
        lines = _row_lines(rep, top)
        data = report.node_dict(result, path, **cards, family=family) if args.json else None
    if rng is not None:
        with open(args.range_out, "w", encoding="utf-8") as f:
            f.write(str(rng) + "\n")
        lines.append(f"range of {_who(player)} reaching the node ({len(rng):,} hands) "
                     f"written to {args.range_out}")
        if isinstance(data, dict):
            data["range_out"] = {"file": args.range_out, "player": player,
                                 "hands": len(rng)}
    if args.json:
        print(json.dumps(data))
        return 0
    if head:
        header(result)
    print("\n".join(lines))
    return 0


def _labels(text: Any) -> Any:
    """``--category``'s 'family=label,...' as a dict."""
    if text is None:
        return None
    out = {}
    for part in text.split(","):
        fam, sep, label = part.partition("=")
        if not sep or not fam.strip() or not label.strip():
            raise SubgameValueError(f"--category {text!r}: family=label pairs such as "
                                    f"'low=nut low', comma-separated")
        out[fam.strip()] = label.strip()
    return out


def _tree_lines(outline: list[dict[str, Any]]) -> list[str]:
    out = [f"{len(outline)} action nodes (a path's actions from the root; '+ card' where "
           f"a card is dealt before the next node)"]
    for n in outline:
        steps = ", ".join(a["action"] + {"chance": f" (+ {a['deals']} card)", "fold": " (ends)",
                                          "showdown": " (showdown)"}.get(a["kind"], "")
                          for a in n["next"])
        out.append(f"{n['path'] or '(root)'}  [{_who(n['player'])}, {n['street']}, pot "
                   f"{n['pot']:g}]: {steps}")
    return out


def _last_player(result: Any, path: str) -> int:
    """The player acting at ``path``, or for a terminal or chance node the one who acted
    at the action node above it."""
    if path in result.paths:
        return int(result.player(path))
    for k, n in enumerate(result.nodes):
        if n.path == path and k:
            j = n.parent
            while result.nodes[j].kind != "action":
                j = result.nodes[j].parent
            return int(result.nodes[j].player)
    result.player(path)            # names the nodes there are
    return 0


def _who(player: int) -> str:
    return "OOP" if player == 0 else "IP"


def _pct(x: Any) -> str:
    return "-" if x is None else f"{x:.1%}"


def _num(x: Any) -> str:
    return "-" if x is None else f"{x:.3f}"


def _node_line(rep: Any) -> str:
    where = repr(rep.path) if rep.path else "root"
    dealt = f" ({', '.join(rep.dealt)} dealt)" if rep.dealt else ""
    return (f"node {where}{dealt}, {_who(rep.player)} acts, range weight {rep.weight:g}: "
            + ", ".join(f"{a} {f:.1%}" for a, f in zip(rep.actions, rep.frequency))
            + f"; EV {_num(rep.ev)}" + (f", equity {_pct(rep.equity)}"
                                         if hasattr(rep, "equity") else ""))


def _row_lines(rep: Any, top: Any) -> list[str]:
    out = [_node_line(rep)]
    rows = rep.rows if top is None else rep.rows[:top]
    width = max([8] + [len(r.label) for r in rows])
    aw = max(8, *(len(a) for a in rep.actions))
    out.append(f"{'category' if rep.by == 'category' else 'class':<{width}} {'hands':>6} "
               f"{'share':>6} " + " ".join(f"{a:>{aw}}" for a in rep.actions)
               + f" {'EV':>8} " + " ".join(f"{'EV ' + a:>{aw + 3}}" for a in rep.actions)
               + f" {'equity':>7}")
    for r in rows:
        out.append(f"{r.label:<{width}} {r.hands:>6} {r.share:>6.1%} "
                   + " ".join(f"{f:>{aw}.1%}" for f in r.frequency) + f" {_num(r.ev):>8} "
                   + " ".join(f"{_num(e):>{aw + 3}}" for e in r.action_ev)
                   + f" {_pct(r.equity):>7}")
    if top is not None and len(rep.rows) > top:
        out.append(f"... {len(rep.rows) - top} more rows (--top 0 prints all)")
    if rep.by == "class":
        out.append("classes: ranks high first, a suit the board can make a flush in named, "
                   "the others x, y, z, w; most weight first, then the higher EV, then the "
                   "label")
    return out


def _hand_lines(page: Any) -> list[str]:
    where = repr(page.path) if page.path else "root"
    out = [f"node {where}, {_who(page.player)} acts: {page.total:,} hands reach it; "
           f"{len(page.rows)} from {page.offset}"]
    aw = max(8, *(len(a) for a in page.actions))
    out.append(f"{'hand':<8} {'class':<9} {'weight':>8} "
               + " ".join(f"{a:>{aw}}" for a in page.actions)
               + f" {'EV':>8} " + " ".join(f"{'EV ' + a:>{aw + 3}}" for a in page.actions)
               + f" {'equity':>7}  categories")
    for r in page.rows:
        out.append(f"{r.hand:<8} {r.hand_class:<9} {r.weight:>8.4g} "
                   + " ".join(f"{f:>{aw}.1%}" for f in r.strategy) + f" {_num(r.ev):>8} "
                   + " ".join(f"{_num(e):>{aw + 3}}" for e in r.action_ev)
                   + f" {_pct(r.equity):>7}  " + "; ".join(r.categories.values()))
    return out


def _runout_lines(rep: Any) -> list[str]:
    dealt = f" (turn {rep.dealt[0]})" if rep.dealt else ""
    out = [f"run-out of node {rep.path!r}{dealt}, every {rep.street} card; "
           f"{_who(rep.player)} acts: "
           + ", ".join(f"{a} {f:.1%}" for a, f in zip(rep.actions, rep.frequency))
           + f"; EV {_num(rep.ev)}"]
    aw = max(8, *(len(a) for a in rep.actions))
    out.append(f"{'card':<4} {'share':>6} " + " ".join(f"{a:>{aw}}" for a in rep.actions)
               + f" {'EV':>8} " + " ".join(f"{'EV ' + a:>{aw + 3}}" for a in rep.actions))
    for r in rep.rows:
        out.append(f"{r.card:<4} {r.share:>6.1%} "
                   + " ".join(f"{f:>{aw}.1%}" for f in r.frequency) + f" {_num(r.ev):>8} "
                   + " ".join(f"{_num(e):>{aw + 3}}" for e in r.action_ev))
    return out
