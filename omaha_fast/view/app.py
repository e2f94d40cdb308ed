"""The viewer's web application: Werkzeug's routing over :class:`SpotData`, a JSON API and
the page's static files.

Werkzeug parses every request and writes every response (its ``Map`` routes, its
``Request`` reads the query, its ``Response`` answers); this module only maps a URL to a
:class:`SpotData` method. The API answers GET requests only, with JSON:

- ``/api/spot``: the spot; ``/api/tree``: every action node;
- ``/api/node?path=&turn=&river=&family=``: a node, its children and its categories;
- ``/api/hands?path=...&group=class|hand&filter=&category=&class=&sort=&desc=&offset=&limit=``:
  a page of the table;
- ``/api/hand?path=...&hand=``: one hand's actions and EVs;
- ``/api/runout?path=&turn=``: each card below a chance node;
- ``/api/range?path=...&player=``: the range reaching a node, its heaviest hands
  (``preview``, default 60); ``format=text`` (range text) or ``format=json`` (arrays too)
  downloads the whole of it;
- ``/api/export?path=...``: the node as the reports write it (a JSON download).

A request the solve cannot answer (no such node, a bad filter) gets status 400 and
``{"error": "..."}``.

>>> from werkzeug.test import Client
>>> from omaha_fast.solve import BetTree, solve
>>> r = solve("Ah Kd 7c 8s 2h", ["3c4dKsKh", "5c6c9d9h"], ["3d4hQsQc", "JcJdTcTd"],
...           pot=10, stack=10, tree=BetTree(bets=(1.0,), raise_cap=0), iterations=20)
>>> client = Client(make_app(SpotData(r)))
>>> client.get("/api/node?path=bet+10").json["player"]
1
>>> answer = client.get("/api/node?path=raise")
>>> answer.status_code, answer.json["error"][:25]
(400, "no action node 'raise'; t")
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterable
from importlib import resources
from typing import Any, Optional

from werkzeug.exceptions import HTTPException, NotFound
from werkzeug.routing import Map, Rule
from werkzeug.utils import send_file
from werkzeug.wrappers import Request, Response

from ..errors import OmahaError
from .data import SpotData
from .errors import ViewError

STATIC = ("index.html", "app.js", "style.css")
_TYPES = {"html": "text/html", "js": "text/javascript", "css": "text/css"}


def _opt(req: Request, name: str) -> Optional[str]:
    value = req.args.get(name, "")
    return value or None


def _int(req: Request, name: str, default: int) -> int:
    text = req.args.get(name, "")
    if not text:
        return default
    try:
        return int(text)
    except ValueError:
        raise ViewError(f"{name} is a whole number, got {text!r}") from None


def make_app(data: SpotData) -> Callable[[dict[str, Any], Any], Iterable[bytes]]:
    """The WSGI application serving ``data`` (one solve) and the page."""
    lock = threading.Lock()      # one question at a time: the solve's caches are shared

    def spot(req: Request) -> Any:
        return data.summary()

    def tree(req: Request) -> Any:
        return data.tree()

    def node(req: Request) -> Any:
        return data.node(req.args.get("path", ""), _opt(req, "turn"), _opt(req, "river"),
                         _opt(req, "family"))

    def categories(req: Request) -> Any:
        return data.categories(req.args.get("path", ""), _opt(req, "turn"),
                               _opt(req, "river"), req.args.get("family", "high"))

    def hands(req: Request) -> Any:
        return data.hands(req.args.get("path", ""), _opt(req, "turn"), _opt(req, "river"),
                          group=req.args.get("group", "class"),
                          filter=req.args.get("filter", ""),
                          category=req.args.get("category", ""),
                          hand_class=req.args.get("class", ""),
                          sort=req.args.get("sort", "weight"),
                          descending=req.args.get("desc", "1") != "0",
                          offset=_int(req, "offset", 0), limit=_int(req, "limit", 50))

    def hand(req: Request) -> Any:
        return data.hand(req.args.get("path", ""), req.args.get("hand", ""),
                         _opt(req, "turn"), _opt(req, "river"))

    def runout(req: Request) -> Any:
        return data.runout(req.args.get("path", ""), _opt(req, "turn"))

    def node_range(req: Request) -> Any:
        kind = req.args.get("format", "")
        if kind not in ("", "text", "json"):
            raise ViewError(f"a range's format is text or json, got {kind!r}")
        out = data.node_range(req.args.get("path", ""), _int(req, "player", 0),
                              _opt(req, "turn"), _opt(req, "river"),
                              preview=None if kind else _int(req, "preview", 60))
        if not kind:                    # what the page shows: the heaviest hands
            return out
        name = f"range-{'oop' if out['player'] == 0 else 'ip'}.{'txt' if kind == 'text' else kind}"
        body = out["text"] + "\n" if kind == "text" else json.dumps(out)
        return Response(body, mimetype="text/plain" if kind == "text" else "application/json",
                        headers={"Content-Disposition": f"attachment; filename={name}"})

    def export(req: Request) -> Any:
        out = data.node_export(req.args.get("path", ""), _opt(req, "turn"),
                               _opt(req, "river"))
        return Response(json.dumps(out, allow_nan=False), mimetype="application/json",
                        headers={"Content-Disposition": "attachment; filename=node.json"})

    api: dict[str, Callable[[Request], Any]] = {
        "spot": spot, "tree": tree, "node": node, "categories": categories, "hands": hands,
        "hand": hand, "runout": runout, "range": node_range, "export": export}
    urls = Map([Rule("/", endpoint="page"), Rule("/static/<name>", endpoint="static"),
                *(Rule(f"/api/{name}", endpoint=name, methods=["GET"]) for name in api)])

    def static(req: Request, name: str) -> Response:
        if name not in STATIC:
            raise NotFound()
        path = resources.files(__package__).joinpath("static").joinpath(name)
        mimetype = _TYPES[name.rsplit(".", 1)[1]]
        with resources.as_file(path) as real:
            return send_file(real, req.environ, mimetype=mimetype, max_age=0)

    def application(environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        req = Request(environ)
        try:
            endpoint, values = urls.bind_to_environ(environ).match()
            if endpoint == "page":
                resp = static(req, "index.html")
            elif endpoint == "static":
                resp = static(req, values["name"])
            else:
                with lock:
                    out = api[endpoint](req)
                resp = out if isinstance(out, Response) else _json(out)
        except HTTPException as err:
            resp = _json({"error": err.description or err.name}, err.code or 500)
        except (OmahaError, ValueError, TypeError) as err:
            resp = _json({"error": str(err)}, 400)
        result: Iterable[bytes] = resp(environ, start_response)
        return result

    return application


def _json(out: Any, status: int = 200) -> Response:
    return Response(json.dumps(out, allow_nan=False), status=status,
                    mimetype="application/json", headers={"Cache-Control": "no-store"})


__all__ = ["make_app", "STATIC"]
