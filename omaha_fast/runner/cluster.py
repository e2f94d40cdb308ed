"""Blocks on a Dask cluster: an embedded LocalCluster, a scheduler address or a Client."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from typing import Any, Optional

from .._extras import missing_extra, require
from ..errors import InvalidValueError, OmahaError
from .local import default_workers
from .stopping import _children_ignore_sigint

DEFAULT_TIMEOUT = 30.0
"""Seconds to wait for a Dask scheduler (connecting, or lost mid-run) or for its first
worker before giving up with a :class:`ClusterError`."""


# what a Dask wait raises at its timeout: asyncio's is not the builtin before Python 3.11
_TIMEOUTS = (TimeoutError, asyncio.TimeoutError)


class ClusterError(OmahaError, ConnectionError):
    """The Dask scheduler cannot be reached, was lost mid-run, or has no workers."""


def _dask() -> Any:
    try:
        import distributed
    except ImportError:
        raise missing_extra("dask", ["dask[distributed]"], "the Dask backend") from None
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


def embedded_cluster(distributed: Any, workers: Optional[int], verbose: bool,
                     own: list[Any], dashboard: Optional[str] = None) -> Any:
    """A LocalCluster on 127.0.0.1 of ``workers`` single-threaded processes (default: every
    core) that ignore Ctrl-C (this process handles it), and its Client; both appended to
    ``own``, for the caller to close."""
    # no dashboard unless asked for; its small HTTP server then on a free port of this
    # machine only (the default, 8787, may be taken: Dask then warns)
    shown = {"dashboard_address": dashboard} if dashboard is not None else {
        "dashboard_address": None, "scheduler_kwargs": {"dashboard_address": "127.0.0.1:0"}}
    with _children_ignore_sigint():
        cluster = distributed.LocalCluster(
            host="127.0.0.1", n_workers=workers or default_workers(), threads_per_worker=1,
            processes=True, **shown,
            silence_logs=logging.WARNING if verbose else logging.CRITICAL + 10)
        own.append(cluster)
        client = distributed.Client(cluster)
        own.append(client)
    return client


def _run_dask(fn: Callable[[Any], Any], jobs: Iterator[tuple[int, Any]],
              workers: Optional[int], client: Any, timeout: float,
              verbose: bool, dashboard: Optional[str] = None) -> Iterator[tuple[int, Any]]:
    distributed = _dask()
    if dashboard is not None:
        if client is not None:
            raise InvalidValueError("dashboard= is the embedded cluster's: a scheduler "
                                    "serves its own")
        require("dask", "bokeh")      # without it Dask would only log that none is served
    own: list[Any] = []      # what this run started, closed at the end
    with _quiet_dask(verbose), contextlib.ExitStack() as closing:
        closing.callback(lambda: [thing.close() for thing in reversed(own)])
        where = "the embedded Dask cluster"
        if client is None:
            client = embedded_cluster(distributed, workers, verbose, own, dashboard)
            if dashboard is not None:       # asked for: where it is, on standard error
                print(f"the Dask dashboard: {client.dashboard_link}", file=sys.stderr,
                      flush=True)
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
