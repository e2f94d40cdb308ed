"""Where blocks run: in this process, in local worker processes, or on a Dask cluster.

Every backend runs whole blocks (never one task per hand) and hands back each block's
result; the caller adds them up, so the total is the same whatever ran them.

- ``workers=1``: in this process, one block after another.
- ``workers=N`` (default: every core): a pool of N local processes (forkserver where the
  platform has it); Ctrl-C (or an error) cancels the blocks not started, lets the ones
  running finish, stops the workers and raises KeyboardInterrupt (or the error) here.
- Dask: ``client=`` a ``dask.distributed.Client`` or a scheduler address
  (``"tcp://host:8786"``), or ``backend="dask"`` alone for an embedded ``LocalCluster``
  bound to 127.0.0.1 (``workers`` processes of one thread, no dashboard). Blocks are
  submitted with ``pure=False``; a worker lost mid-run has its blocks run again elsewhere
  (Dask's own retry), which gives the same result since a block depends only on its seed.
  Dask is the ``dask`` extra: ``pip install "omaha_fast[dask]"``.

>>> list(run_blocks(abs, [-1, -2, -3], sizes=[1, 1, 1], workers=1))
[(0, 1), (1, 2), (2, 3)]
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import signal
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, Optional

from ..errors import OmahaError

BACKENDS = ("local", "dask")

Progress = Callable[[int, int], Any]


def default_workers() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover (not Linux)
        return os.cpu_count() or 1


def _check_workers(workers: Optional[int]) -> None:
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int)
                                or workers < 1):
        raise ValueError(f"workers must be an int >= 1 or None, got {workers!r}")


def run_blocks(fn: Callable[[Any], Any], tasks: Sequence[Any], *, sizes: Sequence[int],
               workers: Optional[int] = None, client: Any = None,
               backend: Optional[str] = None,
               progress: Optional[Progress] = None) -> Iterator[tuple[int, Any]]:
    """Run ``fn(task)`` for every task; yield ``(task index, result)`` as they finish.

    ``sizes`` are the work units of each task (hands, tournaments) for ``progress(done,
    total)``, called after every finished task. The first task error stops the run (the
    remaining tasks are cancelled) and is raised here.
    """
    _check_workers(workers)
    if backend is None:
        backend = "dask" if client is not None else "local"
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKENDS)}, got {backend!r}")
    if backend == "local" and client is not None:
        raise ValueError("client= runs on Dask: drop backend='local' or the client")
    total = sum(sizes)
    if backend == "dask":
        results = _run_dask(fn, tasks, workers, client)
    elif (workers or default_workers()) == 1 or len(tasks) <= 1:
        results = ((i, fn(task)) for i, task in enumerate(tasks))
    else:
        results = _run_pool(fn, tasks, workers or default_workers())
    done = 0
    for i, result in results:
        done += sizes[i]
        yield i, result
        if progress is not None:
            progress(done, total)


def _ignore_sigint() -> None:
    # the parent handles Ctrl-C and stops the pool; workers must not die mid-block on
    # their own (the terminal sends SIGINT to the whole process group)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _context() -> Any:
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["omaha_fast.sim.cash", "omaha_fast.sim.tourney"])
        return ctx
    return multiprocessing.get_context("spawn")  # pragma: no cover


class NotPicklableError(OmahaError, TypeError):
    """A task (usually an agent) cannot be sent to a worker process."""


def _check_picklable(task: Any) -> None:
    try:
        pickle.dumps(task)
    except Exception as err:
        raise NotPicklableError(
            f"cannot send the agents to worker processes ({err}): name agents by a "
            "built-in name or module:Class, or define their classes in a module; "
            "agents defined at the prompt run with workers=1") from None


def _run_pool(fn: Callable[[Any], Any], tasks: Sequence[Any],
              workers: int) -> Iterator[tuple[int, Any]]:
    _check_picklable(tasks[0])
    n = min(workers, len(tasks))
    executor = ProcessPoolExecutor(n, mp_context=_context(), initializer=_ignore_sigint)
    # A few blocks in flight a worker, not every block at once: thousands of submits can
    # fill the executor's wake-up pipe while its manager thread waits for the lock the
    # submitting thread holds, which hangs the run (CPython issue 105829); and Ctrl-C then
    # has only these few to cancel.
    window = 4 * n
    pending: dict[Future[Any], int] = {}
    queued = iter(range(len(tasks)))

    def top_up() -> None:
        for i in queued:
            pending[executor.submit(fn, tasks[i])] = i
            if len(pending) >= window:
                return

    try:
        top_up()
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            finished = [(pending.pop(future), future.result()) for future in done]
            top_up()         # before handing results over: the workers stay busy meanwhile
            yield from finished
    except BaseException:
        # Ctrl-C, an agent error, or the caller stopped reading: blocks not started are
        # cancelled, the few already handed to a worker finish, every worker exits
        executor.shutdown(wait=True, cancel_futures=True)
        raise
    executor.shutdown(wait=True)


def _dask() -> Any:
    try:
        import distributed
    except ImportError:
        raise ImportError('the Dask backend needs the dask extra: '
                          'pip install "omaha_fast[dask]"') from None
    return distributed


def _run_dask(fn: Callable[[Any], Any], tasks: Sequence[Any], workers: Optional[int],
              client: Any) -> Iterator[tuple[int, Any]]:
    distributed = _dask()
    own: list[Any] = []      # what this run started, closed at the end
    try:
        if client is None:
            cluster = distributed.LocalCluster(
                host="127.0.0.1", n_workers=workers or default_workers(),
                threads_per_worker=1, processes=True, dashboard_address=None)
            own.append(cluster)
            client = distributed.Client(cluster)
            own.append(client)
        elif isinstance(client, str):
            client = distributed.Client(client, timeout=30)
            own.append(client)
        futures = [client.submit(fn, task, pure=False) for task in tasks]
        index = {f.key: i for i, f in enumerate(futures)}
        try:
            for future in distributed.as_completed(futures):
                yield index[future.key], future.result()
        except BaseException:
            client.cancel(futures)
            raise
    finally:
        for thing in reversed(own):
            thing.close()


__all__ = ["run_blocks", "default_workers", "BACKENDS", "NotPicklableError"]
