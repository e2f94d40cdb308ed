"""The shared block runner: blocks run in this process, in local worker processes, or on
a Dask cluster. It knows nothing of poker: the simulator, the preflop builder and the data
tools hand it a function and its tasks (``local``: the pool; ``cluster``: Dask;
``stopping``: signals and the workers' lifeline).

Every backend runs whole blocks (never one task per hand) and hands back each block's
result; the caller adds them up, so the total is the same whatever ran them.

- ``workers=1``: in this process, one block after another.
- ``workers=N`` (default: every core): a pool of N local processes (forkserver where the
  platform has it). The first Ctrl-C cancels the blocks not started and says on stderr
  that it waits for the few running ones (their results are still handed back, so a
  results file keeps them), then raises KeyboardInterrupt here; a second Ctrl-C, or
  :class:`Terminated` (SIGTERM under :func:`sigterm_stops_the_run`), ends the workers at
  once (the blocks already back are still handed over). An error in a block cancels the
  rest and is raised here; a worker that dies mid-block (killed, out of memory) is a
  :class:`WorkerLostError`. The workers end when this process does, however it ends
  (``kill -9`` too): each watches a pipe only this process can write to.
- Dask: ``client=`` a ``dask.distributed.Client`` or a scheduler address
  (``"tcp://host:8786"``), or ``backend="dask"`` alone for an embedded ``LocalCluster``
  bound to 127.0.0.1 (``workers`` processes of one thread, no dashboard unless
  ``dashboard=`` asks for it). Blocks are
  submitted with ``pure=False``; a worker lost mid-run has its blocks run again elsewhere
  (Dask's own retry), which gives the same result since a block depends only on its seed.
  Dask's own logging is quietened for the run (``verbose=True`` keeps it) and the embedded
  cluster's processes ignore Ctrl-C, which this process handles. A scheduler that cannot
  be reached, that is lost mid-run, or that has no worker for ``timeout`` seconds is a
  :class:`ClusterError` naming it. Dask is the ``dask`` extra:
  ``pip install "omaha_fast[dask]"`` (from a clone: ``pip install ".[dask]"``).

Tasks may be a lazy iterable: only a few blocks a worker are planned ahead, so memory does
not grow with the number of blocks.

>>> list(run_blocks(abs, [-1, -2, -3], sizes=[1, 1, 1], workers=1))
[(0, 1), (1, 2), (2, 3)]
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Generator, Iterable, Iterator
from typing import Any, Optional

from .._checks import check_choice, check_int
from ..errors import InvalidTypeError, InvalidValueError
from .cluster import DEFAULT_TIMEOUT, ClusterError, _run_dask
from .local import NotPicklableError, WorkerLostError, _run_pool, default_workers
from .stopping import Terminated, sigterm_stops_the_run

BACKENDS = ("local", "dask")


Progress = Callable[[int, int], Any]


def _check_workers(workers: Optional[int]) -> Optional[int]:
    if workers is None:
        return None
    return check_int(workers, "workers", low=1)


def run_blocks(fn: Callable[[Any], Any], tasks: Iterable[Any], *, sizes: Iterable[int],
               total: Optional[int] = None, workers: Optional[int] = None,
               client: Any = None, backend: Optional[str] = None,
               progress: Optional[Progress] = None, timeout: Optional[float] = None,
               verbose: bool = False, dashboard: Optional[str] = None
               ) -> Generator[tuple[int, Any], None, None]:
    """Run ``fn(task)`` for every task; yield ``(task index, result)`` as they finish.

    ``sizes`` are the work units of each task (hands, tournaments), read alongside the
    tasks, and ``total`` their sum (default: ``sum(sizes)``, which needs a sequence), for
    ``progress(done, total)``, called after every finished task. Both may be lazy
    iterables. The first task error stops the run (the remaining tasks are cancelled) and
    is raised here. ``timeout`` and ``verbose`` are for Dask (see the module docstring);
    ``dashboard`` (an address such as ``"127.0.0.1:8787"``, ``":0"`` for any free port)
    serves the embedded cluster's dashboard there and prints its link on standard error
    (it needs bokeh, in the ``dask`` extra).
    """
    workers = _check_workers(workers)
    if backend is None:
        backend = "dask" if client is not None else "local"
    check_choice(backend, BACKENDS, "backend")
    if backend == "local" and client is not None:
        raise InvalidValueError("client= runs on Dask: drop backend='local' or the client")
    wait_for = DEFAULT_TIMEOUT if timeout is None else timeout
    if isinstance(wait_for, bool) or not isinstance(wait_for, (int, float)) or \
            not wait_for > 0:
        raise InvalidValueError(f"timeout must be a number of seconds > 0, got {timeout!r}")
    if total is None:
        if not isinstance(sizes, (list, tuple)):
            raise InvalidTypeError("total= is needed when sizes is not a list or tuple")
        total = sum(sizes)
    size_of: dict[int, int] = {}

    def jobs() -> Iterator[tuple[int, Any]]:
        for i, (task, size) in enumerate(zip(tasks, sizes)):
            size_of[i] = size
            yield i, task

    queued = jobs()
    if backend == "dask":
        results = _run_dask(fn, queued, workers, client, float(wait_for), verbose, dashboard)
    else:
        ahead = list(itertools.islice(queued, 2))
        queued = itertools.chain(ahead, queued)
        if (workers or default_workers()) == 1 or len(ahead) <= 1:
            results = ((i, fn(task)) for i, task in queued)
        else:
            results = _run_pool(fn, queued, workers or default_workers())
    done = 0
    for i, result in results:
        done += size_of.pop(i)
        yield i, result
        if progress is not None:
            progress(done, total)


__all__ = ["run_blocks", "default_workers", "BACKENDS", "DEFAULT_TIMEOUT", "Progress",
           "NotPicklableError", "ClusterError", "Terminated", "WorkerLostError",
           "sigterm_stops_the_run"]
