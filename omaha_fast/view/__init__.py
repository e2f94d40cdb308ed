"""A solve in the browser: ``omaha-fast view spot.npz`` serves a local page to click through.

:class:`~omaha_fast.view.data.SpotData` answers the page's questions from a
:class:`~omaha_fast.solve.SubgameResult` (numpy only); :mod:`omaha_fast.view.app` is the
WSGI application and :mod:`omaha_fast.view.server` the local server, both on Werkzeug
(the ``view`` extra: ``pip install 'omaha_fast[view]'``). The page itself is plain HTML,
JavaScript and CSS in ``static/``, with no build step.
"""

from .data import SpotData
from .errors import PortError, ViewError

__all__ = ["SpotData", "ViewError", "PortError"]
