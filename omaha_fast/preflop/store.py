"""Where the equity data lives: built once (``omaha-fast preflop build``) into the user's
cache, then read by every solve.

The default data is 16,432 class rows against 128 buckets of the hi/lo ranking, 256
Monte Carlo trials a cell (about 3 minutes on 2 cores, 15 MB): see the solver guide for
why this shape and what its error is. ``OMAHA_FAST_PREFLOP_DATA`` names another file.
"""

from __future__ import annotations

import os
from typing import Any, Optional

from ..errors import OmahaError
from .classes import buckets
from .matrix import EquityData

DEFAULT_BUCKETS = 128
DEFAULT_SAMPLES = 256


class MissingDataError(OmahaError, FileNotFoundError):
    """No equity data at the path asked for (build it first)."""


def default_path() -> str:
    """``$OMAHA_FAST_PREFLOP_DATA``, or the file in the user's cache directory."""
    env = os.environ.get("OMAHA_FAST_PREFLOP_DATA")
    if env:
        return env
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "omaha_fast",
                        f"preflop-hilo-b{DEFAULT_BUCKETS}-s{DEFAULT_SAMPLES}.npz")


def bucket_groups(k: int) -> list[Any]:
    """The classes of each of ``k`` buckets, strongest bucket first."""
    import numpy as np
    b = buckets(k)
    return [np.flatnonzero(b == g) for g in range(k)]


def load_data(path: Optional[str] = None) -> EquityData:
    """Read the equity data (default: :func:`default_path`)."""
    path = path or default_path()
    if not os.path.exists(path):
        raise MissingDataError(f"no preflop equity data at {path}: build it with "
                               f"'omaha-fast preflop build' (a few minutes)")
    return EquityData.load(path)


__all__ = ["DEFAULT_BUCKETS", "DEFAULT_SAMPLES", "MissingDataError", "default_path",
           "bucket_groups", "load_data"]
