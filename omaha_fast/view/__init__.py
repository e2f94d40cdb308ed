"""A solve in the browser: ``omaha-fast view spot.npz`` serves a local page to click through.

:class:`~omaha_fast.view.data.SpotData` answers the page's questions from a
:class:`~omaha_fast.solve.SubgameResult` (numpy only); :mod:`omaha_fast.view.app` is the
WSGI application and :mod:`omaha_fast.view.server` the local server, both on Werkzeug
(the ``view`` extra: ``pip install 'omaha_fast[view]'``). The page itself is plain HTML,
JavaScript and CSS in ``static/``, with no build step.
"""

from __future__ import annotations

from typing import Any

from .errors import PortError, ViewError


def __getattr__(name: str) -> Any:
    """``SpotData``, imported when first asked for: it reads the solve with numpy, and the
    command line (which lists ``view`` among its commands) starts without it."""
    if name == "SpotData":
        from .data import SpotData
        return SpotData
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["ViewError", "PortError"]   # SpotData: omaha_fast.view.data (imported when asked for)
