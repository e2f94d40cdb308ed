"""The simulator's name for the shared block runner, :mod:`omaha_fast.runner` (its home
below every floor that runs blocks: the simulator, the preflop builder, the data tools).

>>> from omaha_fast.sim.backends import run_blocks
>>> list(run_blocks(abs, [-1, -2], sizes=[1, 1], workers=1))
[(0, 1), (1, 2)]
"""

from __future__ import annotations

from ..runner import (
    BACKENDS,
    DEFAULT_TIMEOUT,
    ClusterError,
    NotPicklableError,
    Progress,
    Terminated,
    WorkerLostError,
    default_workers,
    run_blocks,
    sigterm_stops_the_run,
)

__all__ = ["run_blocks", "default_workers", "BACKENDS", "DEFAULT_TIMEOUT", "Progress",
           "NotPicklableError", "ClusterError", "Terminated", "WorkerLostError",
           "sigterm_stops_the_run"]
