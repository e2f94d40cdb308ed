"""The viewer's local server: Werkzeug's threaded WSGI server on one address, until Ctrl-C."""

from __future__ import annotations

import socket
import sys
import webbrowser
from collections.abc import Callable
from typing import Any, Optional

from werkzeug.serving import WSGIRequestHandler, make_server

from .errors import PortError


def serve(app: Callable[..., Any], host: str = "127.0.0.1", port: int = 0,
          open_browser: bool = False, announce: Optional[Callable[[str], None]] = None,
          fragment: str = "") -> None:
    """Serve ``app`` on ``host``:``port`` (0: a free port) until interrupted. ``announce``
    is given the page's URL once the server listens (default: printed); ``open_browser``
    opens it (with ``fragment``, the page's state) in the user's browser. A port that
    cannot be had raises :class:`PortError`. Ctrl-C (Werkzeug's loop takes the
    ``KeyboardInterrupt`` itself) closes the socket and returns."""
    # the socket is bound here, not by Werkzeug, which would print its own advice and exit
    # on a port in use
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        sock = socket.create_server((host, port), family=family)
    except (OSError, OverflowError) as err:
        why = getattr(err, "strerror", None) or str(err)
        raise PortError(f"cannot listen on {host}:{port}: {why}") from None
    port = sock.getsockname()[1]
    try:
        server = make_server(host, port, app, threaded=True, fd=sock.fileno(),
                             request_handler=_QuietHandler)
    finally:
        sock.close()       # the server holds its own duplicate of the socket
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/"
    (announce or _print)(url)
    if open_browser:
        webbrowser.open(url + fragment)
    try:
        server.serve_forever()
    finally:
        server.server_close()


class _QuietHandler(WSGIRequestHandler):
    """Werkzeug's handler without a line on standard error per request (the page asks
    several a click); errors are still written."""

    def log_request(self, code: object = "-", size: object = "-") -> None:
        pass


def _print(url: str) -> None:
    print(f"omaha-fast view: serving on {url} (Ctrl-C stops)", flush=True)
    sys.stdout.flush()


__all__ = ["serve"]
