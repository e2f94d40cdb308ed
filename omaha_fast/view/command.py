"""``omaha-fast view``: a saved solve in the browser, served on this machine only.

    omaha-fast view spot.npz [--port N] [--host 127.0.0.1] [--no-browser] [--node PATH]
"""

from __future__ import annotations

import argparse
import sys
from typing import Any
from urllib.parse import urlencode

from .._extras import require
from .._helptext import examples
from ..solve.report_command import SOLVE_EXAMPLE
from .errors import ViewError


def add_view(sub: Any) -> None:
    p = sub.add_parser("view", help="browse a saved solve in the browser (a local page)",
                       description="Serve a local web page to click through a solve "
                                   "saved by 'omaha-fast solve --save': the tree, the "
                                   "strategy, EVs and equities by hand category and by "
                                   "hand class, each hand's actions and EVs, the "
                                   "run-out below a chance node and the range reaching "
                                   "a node. The server listens on 127.0.0.1 only unless "
                                   "--host says otherwise; "
                                   "Ctrl-C stops it (exit 130). Needs the view extra: "
                                   "pip install 'omaha_fast[view]'.",
                       **examples(SOLVE_EXAMPLE, "omaha-fast view spot.npz --no-browser"))
    p.add_argument("file", help="a solved tree (.npz) written by omaha-fast solve --save")
    p.add_argument("--port", type=int, default=0, metavar="N",
                   help="the port to listen on (default: a free one)")
    p.add_argument("--host", default="127.0.0.1", metavar="ADDRESS",
                   help="the address to listen on (default 127.0.0.1, this machine only)")
    p.add_argument("--no-browser", action="store_true",
                   help="print the page's address only; do not open a browser")
    p.add_argument("--node", default=None, metavar="PATH",
                   help="open the page at this node, e.g. 'check/bet 15' ('' is the root)")
    p.add_argument("--turn", default=None, metavar="CARD",
                   help="the turn card on the way to --node")
    p.add_argument("--river", default=None, metavar="CARD",
                   help="the river card on the way to --node")


def run_view(args: argparse.Namespace) -> int:
    require("view", "werkzeug")
    from .app import make_app
    from .data import SpotData
    from .server import serve

    if not 0 <= args.port <= 65535:
        raise ViewError(f"a port is 0 (any free one) to 65535, got {args.port}")
    data = SpotData.load(args.file)
    fragment = ""
    if args.node is not None or args.turn or args.river:
        data.node(args.node or "", args.turn, args.river)    # a node that is not there
        state = {"path": args.node or ""}
        state.update({k: v for k, v in (("turn", args.turn), ("river", args.river)) if v})
        fragment = "#" + urlencode(state)

    def announce(url: str) -> None:
        print(f"omaha-fast view: {args.file} on {url}{fragment} (Ctrl-C stops)", flush=True)

    serve(make_app(data), args.host, args.port, open_browser=not args.no_browser,
          announce=announce, fragment=fragment)
    # the server runs until Ctrl-C: its end is an interruption, as the command line
    # reports one
    print("omaha-fast view: stopped", file=sys.stderr)
    return 130
