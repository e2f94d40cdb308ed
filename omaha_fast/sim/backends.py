"""Where blocks run: in this process, in local worker processes, or on a Dask cluster.

Every backend runs whole blocks (never one task per hand) and hands back each block's
result; the caller adds them up, so the total is the same whatever ran them.

- ``workers=1``: in this process, one block after another.
- ``workers=N`` (default: every core): a pool of N local processes (forkserver where the
  platform has it). The first Ctrl-C cancels the blocks not started and says on stderr
  that it waits for the few running ones (their results are still handed back, so a
  results file keeps them), then raises KeyboardInterrupt here; a second Ctrl-C, or
  :class:`Terminated` (SIGTERM under :func:`sigterm_stops_the_run`), ends the workers at
  once. An error in a block cancels the rest and is raised here.
- Dask: ``client=`` a ``dask.distributed.Client`` or a scheduler address
  (``"tcp://host:8786"``), or ``backend="dask"`` alone for an embedded ``LocalCluster``
  bound to 127.0.0.1 (``workers`` processes of one thread, no dashboard). Blocks are
  submitted with ``pure=False``; a worker lost mid-run has its blocks run again elsewhere
  (Dask's own retry), which gives the same result since a block depends only on its seed.
  Dask's own logging is quietened for the run (``verbose=True`` keeps it) and the embedded
  cluster's processes ignore Ctrl-C, which this process handles. A scheduler that cannot
  be reached, that is lost mid-run, or that has no worker for ``timeout`` seconds is a
  :class:`ClusterError` naming it. Dask is the ``dask`` extra:
  ``pip install "omaha_fast[dask]"``.

Tasks may be a lazy iterable: only a few blocks a worker are planned ahead, so memory does
not grow with the number of blocks.

>>> list(run_blocks(abs, [-1, -2, -3], sizes=[1, 1, 1], workers=1))
[(0, 1), (1, 2), (2, 3)]
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import multiprocessing
import os
import pickle
import signal
import socket
import sys
import threading
import time
import warnings
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import (
    FIRST_COMPLETED,
    Future,
    InvalidStateError,
    ProcessPoolExecutor,
    process as futures_process,
    wait,
)
from multiprocessing import forkserver
from typing import Any, Optional

from .._checks import check_choice, check_int
from .._extras import MissingExtraError
from ..errors import InvalidTypeError, InvalidValueError, OmahaError

BACKENDS = ("local", "dask")

DEFAULT_TIMEOUT = 30.0
"""Seconds to wait for a Dask scheduler (connecting, or lost mid-run) or for its first
worker before giving up with a :class:`ClusterError`."""

Progress = Callable[[int, int], Any]

# what a Dask wait raises at its timeout: asyncio's is not the builtin before Python 3.11
_TIMEOUTS = (TimeoutError, asyncio.TimeoutError)


class Terminated(KeyboardInterrupt):
    """The run was asked to stop by SIGTERM (see :func:`sigterm_stops_the_run`): a
    KeyboardInterrupt, so whatever stops on Ctrl-C stops on it too, but at once."""


class ClusterError(OmahaError, ConnectionError):
    """The Dask scheduler cannot be reached, was lost mid-run, or has no workers."""


class NotPicklableError(InvalidTypeError):
    """A task (usually an agent) cannot be sent to a worker process."""


def default_workers() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover (not Linux)
        return os.cpu_count() or 1


@contextlib.contextmanager
def sigterm_stops_the_run() -> Iterator[None]:
    """Within the block, SIGTERM raises :class:`Terminated` in the main thread (as Ctrl-C
    raises KeyboardInterrupt), so the worker processes are ended before this one exits.

    >>> with sigterm_stops_the_run():
    ...     signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL
    True
    """
    def stop(signum: int, frame: Any) -> None:
        raise Terminated()

    try:
        before = signal.signal(signal.SIGTERM, stop)
    except ValueError:        # not the main thread: signals are not ours to handle
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


def _check_workers(workers: Optional[int]) -> Optional[int]:
    if workers is None:
        return None
    return check_int(workers, "workers", low=1)


def run_blocks(fn: Callable[[Any], Any], tasks: Iterable[Any], *, sizes: Iterable[int],
               total: Optional[int] = None, workers: Optional[int] = None,
               client: Any = None, backend: Optional[str] = None,
               progress: Optional[Progress] = None, timeout: Optional[float] = None,
               verbose: bool = False) -> Generator[tuple[int, Any], None, None]:
    """Run ``fn(task)`` for every task; yield ``(task index, result)`` as they finish.

    ``sizes`` are the work units of each task (hands, tournaments), read alongside the
    tasks, and ``total`` their sum (default: ``sum(sizes)``, which needs a sequence), for
    ``progress(done, total)``, called after every finished task. Both may be lazy
    iterables. The first task error stops the run (the remaining tasks are cancelled) and
    is raised here. ``timeout`` and ``verbose`` are for Dask (see the module docstring).
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
        results = _run_dask(fn, queued, workers, client, float(wait_for), verbose)
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


def _ignore_sigint() -> None:
    # the parent handles Ctrl-C and stops the pool; workers must not die mid-block on
    # their own (the terminal sends SIGINT to the whole process group)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _context() -> Any:
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["omaha_fast.sim.cash", "omaha_fast.sim.tourney"])
        # The fork server imports the preloaded modules before it ignores SIGINT itself,
        # and resets it for each worker it forks before the worker's initializer runs: a
        # Ctrl-C in those moments killed it (or the new worker) with a traceback. Started
        # with SIGINT ignored, it and every worker it forks ignore the terminal's Ctrl-C
        # from birth (this process handles it and stops them).
        with _children_ignore_sigint():
            forkserver.ensure_running()
        return ctx
    return multiprocessing.get_context("spawn")  # pragma: no cover


def _check_picklable(task: Any) -> None:
    try:
        pickle.dumps(task)
    except Exception as err:
        raise NotPicklableError(
            f"cannot send the agents to worker processes ({err}): name agents by a "
            "built-in name or module:Class, or define their classes in a module; "
            "agents defined at the prompt run with workers=1") from None


_previous_excepthook: Optional[Callable[[Any], Any]] = None


def _thread_excepthook(args: Any) -> None:
    # the pool's manager thread dying of a cancelled block, as below: nothing to say
    manager_class = getattr(futures_process, "_ExecutorManagerThread", ())
    if isinstance(args.thread, manager_class) and issubclass(args.exc_type,
                                                             InvalidStateError):
        return
    (_previous_excepthook or threading.__excepthook__)(args)


def _quiet_broken_pool_thread() -> None:
    """Before Python 3.12, the executor's manager thread, failing the blocks of a pool
    whose workers were killed, also tries to fail the blocks cancelled meanwhile and dies
    of InvalidStateError with a traceback on stderr (a second Ctrl-C printed it now and
    then); Python 3.12 ignores that error there, and so does this thread hook."""
    global _previous_excepthook
    if sys.version_info >= (3, 12) or threading.excepthook is _thread_excepthook:
        return
    _previous_excepthook = threading.excepthook
    threading.excepthook = _thread_excepthook


def _end_workers(executor: ProcessPoolExecutor) -> None:
    """Stop every worker process now (their blocks are lost) and the executor with them."""
    _quiet_broken_pool_thread()
    # the executor has no public way to do this before Python 3.14 (kill_workers)
    processes = dict(getattr(executor, "_processes", None) or {})     # pid -> process
    manager = getattr(executor, "_executor_manager_thread", None)
    # A block still being sent down the pipe when the pool is torn down fails in the
    # queue's feeder thread (EBADF), which would print a traceback after the one-line
    # message; nobody will run that block, so its failure is dropped.
    call_queue = getattr(executor, "_call_queue", None)
    if call_queue is not None:
        call_queue._on_queue_feeder_error = lambda err, obj: None
    kill = getattr(executor, "kill_workers", None)
    if kill is not None:  # pragma: no cover (Python 3.14+)
        kill()
    else:
        for process in processes.values():
            with contextlib.suppress(Exception):
                process.kill()
    executor.shutdown(wait=False, cancel_futures=True)
    deadline = time.monotonic() + 5
    for pid in processes:
        while time.monotonic() < deadline:
            try:
                if os.waitpid(pid, os.WNOHANG) != (0, 0):
                    break
            except ChildProcessError:      # already reaped by the executor
                break
            time.sleep(0.01)
    # The manager thread closes its wake-up pipe as it ends. Before Python 3.12, waking
    # it at exit could race that close and print a traceback (EBADF): it ends first.
    if manager is not None:
        manager.join(max(0.0, deadline - time.monotonic()))


def _run_pool(fn: Callable[[Any], Any], jobs: Iterator[tuple[int, Any]],
              workers: int) -> Iterator[tuple[int, Any]]:
    first = next(jobs)
    _check_picklable(first[1])
    jobs = itertools.chain([first], jobs)
    executor = ProcessPoolExecutor(workers, mp_context=_context(), initializer=_ignore_sigint)
    # A few blocks in flight a worker, not every block at once: thousands of submits can
    # fill the executor's wake-up pipe while its manager thread waits for the lock the
    # submitting thread holds, which hangs the run (CPython issue 105829); Ctrl-C then
    # has only these few to cancel, and the blocks are planned only as they are needed.
    window = 4 * workers
    pending: dict[Future[Any], int] = {}

    def top_up() -> None:
        for i, task in jobs:
            pending[executor.submit(fn, task)] = i
            if len(pending) >= window:
                return

    try:
        top_up()
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            finished = [(pending.pop(future), future.result()) for future in done]
            top_up()         # before handing results over: the workers stay busy meanwhile
            yield from finished
    except (Terminated, GeneratorExit):
        # SIGTERM; or the caller stopped reading (closed this generator, perhaps on a
        # Ctrl-C that reached its own code): nobody will read the running blocks
        _end_workers(executor)
        raise
    except KeyboardInterrupt:
        # the first Ctrl-C: the blocks not started are cancelled, the ones running finish
        # and are handed over (a second Ctrl-C ends them at once)
        running = [f for f in pending if not f.cancel()]
        if running:
            print(f"interrupted: waiting for the {len(running)} "
                  f"block{'s' if len(running) > 1 else ''} already started to finish "
                  "(Ctrl-C again to stop at once)", file=sys.stderr, flush=True)
        try:
            wait(running)
        except KeyboardInterrupt:
            _end_workers(executor)
            raise
        executor.shutdown(wait=True)
        finished = [(pending[f], f.result()) for f in running
                    if not f.cancelled() and f.exception() is None]
        yield from finished
        raise
    except BaseException:
        # an agent error: blocks not started are cancelled, the few already handed to a
        # worker finish, every worker exits
        try:
            executor.shutdown(wait=True, cancel_futures=True)
        except KeyboardInterrupt:
            _end_workers(executor)
            raise
        raise
    executor.shutdown(wait=True)


def _dask() -> Any:
    try:
        import distributed
    except ImportError:
        raise MissingExtraError('the Dask backend needs the dask extra: '
                                'pip install "omaha_fast[dask]"') from None
    return distributed


_DASK_LOGGERS = ("distributed", "tornado", "asyncio", "bokeh")


@contextlib.contextmanager
def _quiet_dask(verbose: bool) -> Iterator[None]:
    """Dask's own logging off for the run (this process), unless ``verbose``."""
    if verbose:
        yield
        return
    # every logger under these names: Dask gives some children levels of their own
    names = [name for name in list(logging.root.manager.loggerDict)
             if name.split(".")[0] in _DASK_LOGGERS] + list(_DASK_LOGGERS)
    loggers = [logging.getLogger(name) for name in dict.fromkeys(names)]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL + 10)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    finally:
        for logger, level in zip(loggers, levels):
            logger.setLevel(level)


@contextlib.contextmanager
def _children_ignore_sigint() -> Iterator[None]:
    # processes started meanwhile inherit "ignore SIGINT" (Python keeps an ignored SIGINT
    # ignored), so Ctrl-C at the terminal reaches this process alone, which stops them
    try:
        before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:          # not the main thread: nothing to hand down
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def _connect(distributed: Any, address: str, timeout: float) -> Any:
    # A Client that cannot connect leaves its event-loop thread running in this process
    # (Dask starts the loop first): a malformed address, or a TCP one where no scheduler
    # answers within the timeout, is found here before any Client is made. The steps
    # share one deadline, so the whole wait is the timeout asked for.
    deadline = time.monotonic() + timeout
    try:
        scheme, location = distributed.comm.parse_address(address)
        if scheme in ("tcp", "tls"):
            host, port = distributed.comm.parse_host_port(location)
            _wait_for_listener(host, port, timeout)
            _wait_for_handshake(distributed, address, deadline)
        return distributed.Client(address, timeout=max(deadline - time.monotonic(), 0.1))
    except ValueError as err:
        raise ClusterError(f"bad Dask scheduler address {address!r}: {err}") from None
    except (OSError, *_TIMEOUTS) as err:
        reason = str(err).strip() or type(err).__name__
        if isinstance(err, (ConnectionRefusedError, *_TIMEOUTS)) or "imed out" in reason:
            reason = "no answer"
        raise ClusterError(f"cannot reach the Dask scheduler at {address} within "
                           f"{timeout:g} s ({reason})") from None


def _wait_for_handshake(distributed: Any, address: str, deadline: float) -> None:
    """Until the scheduler at ``address`` completes Dask's handshake; TimeoutError at the
    deadline. Dask waits for the handshake without end: a port where something else
    listens (or a scheduler that hangs) would hold a Client, and the command, forever."""
    args = distributed.Security().get_connection_args("client")
    failed: list[BaseException] = []

    async def handshake() -> None:
        left = max(deadline - time.monotonic(), 0.01)
        comm = await asyncio.wait_for(
            distributed.comm.connect(address, timeout=left, **args), left)
        await comm.close()

    def probe() -> None:
        try:
            asyncio.run(handshake())
        except BaseException as err:          # handed to the caller's thread
            failed.append(err)

    # a thread of its own: the caller's thread may be running an event loop (Jupyter)
    prober = threading.Thread(target=probe, name="omaha_fast-dask-handshake", daemon=True)
    prober.start()
    prober.join()
    if failed:
        raise failed[0]


def _wait_for_listener(host: str, port: int, timeout: float) -> None:
    """Until something accepts a TCP connection at (host, port), retrying refusals (a
    scheduler may still be starting); the last error once ``timeout`` seconds pass."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            socket.create_connection((host, port), max(deadline - time.monotonic(),
                                                       0.01)).close()
            return
        except OSError:
            left = deadline - time.monotonic()
            if left <= 0:
                raise
            time.sleep(min(0.1, left))


def _run_dask(fn: Callable[[Any], Any], jobs: Iterator[tuple[int, Any]],
              workers: Optional[int], client: Any, timeout: float,
              verbose: bool) -> Iterator[tuple[int, Any]]:
    distributed = _dask()
    own: list[Any] = []      # what this run started, closed at the end
    with _quiet_dask(verbose), contextlib.ExitStack() as closing:
        closing.callback(lambda: [thing.close() for thing in reversed(own)])
        where = "the embedded Dask cluster"
        if client is None:
            with _children_ignore_sigint():
                cluster = distributed.LocalCluster(
                    host="127.0.0.1", n_workers=workers or default_workers(),
                    threads_per_worker=1, processes=True, dashboard_address=None,
                    # no dashboard; its small HTTP server on a free port of this machine
                    # only (the default, 8787, may be taken: Dask then warns)
                    scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
                    silence_logs=logging.WARNING if verbose else logging.CRITICAL + 10)
                own.append(cluster)
                client = distributed.Client(cluster)
                own.append(client)
        elif isinstance(client, str):
            where = f"the Dask scheduler at {client}"
            client = _connect(distributed, client, timeout)
            own.append(client)
        else:
            where = f"the Dask scheduler at {getattr(client.scheduler, 'address', '?')}"
        yield from _dask_loop(distributed, fn, jobs, client, where, timeout)


def _dask_loop(distributed: Any, fn: Callable[[Any], Any], jobs: Iterator[tuple[int, Any]],
               client: Any, where: str, timeout: float) -> Iterator[tuple[int, Any]]:
    pending: dict[Any, int] = {}
    window = 256          # blocks planned ahead: enough to keep a large cluster busy

    def top_up() -> None:
        for i, task in jobs:
            pending[client.submit(fn, task, pure=False)] = i
            if len(pending) >= window:
                return

    healthy = time.monotonic()
    try:
        top_up()
        while pending:
            try:
                done, _ = distributed.wait(list(pending), timeout=0.5,
                                           return_when="FIRST_COMPLETED")
            except _TIMEOUTS:
                done = set()
            except (KeyboardInterrupt, GeneratorExit):
                raise
            except BaseException:
                # Dask cancels every future once it gives up on a lost scheduler
                if client.status != "running":
                    raise ClusterError(f"lost {where}") from None
                raise
            if not done:
                problem = _cluster_problem(client, where)
                if problem is None:
                    healthy = time.monotonic()
                elif time.monotonic() - healthy > timeout:
                    raise ClusterError(f"{problem} (waited {timeout:g} s)")
                continue
            healthy = time.monotonic()
            finished = []
            for future in done:
                if future.status == "cancelled" or client.status != "running":
                    raise ClusterError(f"lost {where}")
                try:
                    result = future.result()
                except distributed.comm.CommClosedError:
                    # the scheduler died between the block finishing and its result
                    # coming back (the client has not noticed yet)
                    raise ClusterError(f"lost {where}") from None
                finished.append((pending.pop(future), result))
            top_up()
            yield from finished
    except BaseException:
        with contextlib.suppress(Exception):
            if client.status == "running":
                client.cancel(list(pending))
        raise


def _cluster_problem(client: Any, where: str) -> Optional[str]:
    """Why no block can finish now (the scheduler gone, no workers), or None."""
    if client.status != "running":
        return f"lost {where}"
    try:    # bounded: a scheduler that hangs must not hang the run
        workers = client.nthreads(callback_timeout=5)
    except Exception:
        return f"lost {where}"
    return None if workers else f"{where} has no workers"


__all__ = ["run_blocks", "default_workers", "BACKENDS", "DEFAULT_TIMEOUT",
           "NotPicklableError", "ClusterError", "Terminated", "sigterm_stops_the_run"]
