"""The default equity data: how it is built, and where it lives (built once by ``omaha-fast
preflop build`` into the user's cache, then read by every solve).

The default data is 16,432 class rows against 128 buckets, 256 Monte Carlo trials a cell
(15 MB), built in two passes: the first with buckets of the hi/lo ranking, whose
equilibria at a few stacks give every class its jam and call margins; the second with
buckets of classes ordered by those margins, which play alike far more often than classes
of equal raw equity (the abstraction's loss at 20 big blinds falls from 7.4 to about 4
mbb/hand). About 6 minutes on 2 cores; see the solver guide for the figures.
``OMAHA_FAST_PREFLOP_DATA`` names another file.
"""

from __future__ import annotations

import os
from typing import Any, Optional

from ..errors import OmahaError
from .classes import buckets, class_table
from .matrix import ROOT_SEED, EquityData, Progress, build

DEFAULT_BUCKETS = 128
DEFAULT_SAMPLES = 256


class MissingDataError(OmahaError, FileNotFoundError):
    """No equity data at the path asked for (build it first)."""


def default_path() -> str:
    """``$OMAHA_FAST_PREFLOP_DATA``, or the file in the user's cache directory (as the
    platform has it: ``$XDG_CACHE_HOME/omaha_fast`` or ``~/.cache/omaha_fast`` on Linux,
    ``~/Library/Caches/omaha_fast`` on macOS, ``%LOCALAPPDATA%\\omaha_fast\\Cache`` on
    Windows)."""
    env = os.environ.get("OMAHA_FAST_PREFLOP_DATA")
    if env:
        return env
    from platformdirs import user_cache_dir
    return os.path.join(user_cache_dir("omaha_fast", appauthor=False),
                        f"preflop-hilo-b{DEFAULT_BUCKETS}-s{DEFAULT_SAMPLES}.npz")


def bucket_groups(k: int, order: Any = None) -> list[Any]:
    """The classes of each of ``k`` buckets, strongest bucket first (see
    :func:`omaha_fast.preflop.classes.buckets`)."""
    import numpy as np
    b = buckets(k, order)
    return [np.flatnonzero(b == g) for g in range(k)]


ORDER_STACKS = (5.0, 10.0, 20.0)


def margin_order(data: EquityData, stacks: Any = ORDER_STACKS) -> Any:
    """The data's row classes, strongest first, by their mean rank over six margins: the
    jam and the call margins (EV minus fold EV, per big blind of stack) at each of
    ``stacks``, against the equilibrium of the data's game."""
    import numpy as np

    from .jamfold import JamFold
    solver = JamFold(data)
    ranks = []
    for stack in stacks:
        s = solver.solve(float(stack))
        for margin in (s.jam_margin, np.nan_to_num(s.call_margin, nan=-np.inf)):
            ranks.append(np.argsort(np.argsort(-margin, kind="stable"), kind="stable"))
    mean = np.mean(ranks, axis=0)
    rows = np.asarray(data.rows, dtype=np.int64)
    return rows[np.lexsort((rows, mean))]


def build_two_pass(rows: Any = None, *, k: int = DEFAULT_BUCKETS,
                   samples: int = DEFAULT_SAMPLES, seed: int = ROOT_SEED,
                   blocks: Optional[str] = None, workers: Optional[int] = None,
                   dask: Optional[str] = None,
                   progress: Optional[Progress] = None,
                   dashboard: Optional[str] = None) -> EquityData:
    """The default data's recipe over ``rows`` (default every class): a first pass against
    ``k`` buckets in ranking order, then the data against ``k`` buckets in
    :func:`margin_order` (another seed, so the second pass's noise is not the first's).
    With ``blocks``, each pass keeps its blocks in a subdirectory (resumable)."""
    import numpy as np
    t = class_table()
    ids = t.order if rows is None else \
        t.order[np.isin(t.order, np.asarray(rows, dtype=np.int64))]
    first = build(ids, bucket_groups(k, ids), samples=samples, seed=seed,
                  directory=os.path.join(blocks, "pass1") if blocks else None,
                  workers=workers, dask=dask, progress=progress, dashboard=dashboard)
    order = margin_order(first)
    return build(order, bucket_groups(k, order), samples=samples, seed=seed + 1,
                 directory=os.path.join(blocks, "pass2") if blocks else None,
                 workers=workers, dask=dask, progress=progress, dashboard=dashboard)


def load_data(path: Optional[str] = None) -> EquityData:
    """Read the equity data (default: :func:`default_path`)."""
    path = path or default_path()
    if not os.path.exists(path):
        raise MissingDataError(f"no preflop equity data at {path}: build it with "
                               f"'omaha-fast preflop build' (a few minutes)")
    return EquityData.load(path)


__all__ = ["DEFAULT_BUCKETS", "DEFAULT_SAMPLES", "MissingDataError", "default_path",
           "bucket_groups", "margin_order", "build_two_pass", "load_data"]
