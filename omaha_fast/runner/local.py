"""Blocks on a pool of local worker processes (forkserver where the platform has it)."""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import os
import pickle
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import (
    FIRST_COMPLETED,
    Future,
    InvalidStateError,
    ProcessPoolExecutor,
    process as futures_process,
    wait,
)
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import forkserver
from typing import Any, Optional

from ..errors import InvalidTypeError, OmahaError
from .stopping import Terminated, _children_ignore_sigint, worker_start


class NotPicklableError(InvalidTypeError):
    """A task (usually an agent) cannot be sent to a worker process."""


def default_workers() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover (not Linux)
        return os.cpu_count() or 1


def _context(preload: Sequence[str] = ()) -> Any:
    """The start method's context: forkserver (with ``preload`` imported by the fork
    server when this call starts it, so each worker starts with them), else spawn."""
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        if preload:
            ctx.set_forkserver_preload(list(preload))
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
    if sys.version_info < (3, 11) and call_queue is not None:
        # Before 3.11 a block still being written to the killed workers' pipe blocks the
        # queue's feeder thread for good (its reading end is open here), so the manager
        # thread, and the interpreter's exit that joins it, wait forever (CPython issue
        # 94777, whose fix 3.11 made the same way: that reading end closed)
        with contextlib.suppress(Exception):
            call_queue._reader.close()
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


class WorkerLostError(OmahaError, RuntimeError):
    """A worker process died mid-block (killed, or out of memory): the run stops."""


def _run_pool(fn: Callable[[Any], Any], jobs: Iterator[tuple[int, Any]],
              workers: int) -> Iterator[tuple[int, Any]]:
    first = next(jobs)
    _check_picklable(first[1])
    jobs = itertools.chain([first], jobs)
    module = getattr(fn, "__module__", None)
    ctx = _context([module] if module and module != "__main__" else [])
    # the workers' lifeline: this process holds the only writing end (see worker_start)
    lifeline, alive = ctx.Pipe(duplex=False)
    executor = ProcessPoolExecutor(workers, mp_context=ctx, initializer=worker_start,
                                   initargs=(lifeline,))
    # A few blocks in flight a worker, not every block at once: thousands of submits can
    # fill the executor's wake-up pipe while its manager thread waits for the lock the
    # submitting thread holds, which hangs the run (CPython issue 105829); Ctrl-C then
    # has only these few to cancel, and the blocks are planned only as they are needed.
    window = 4 * workers
    pending: dict[Future[Any], int] = {}
    finished: list[tuple[int, Any]] = []

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
            while finished:
                yield finished.pop(0)
        executor.shutdown(wait=True)
    except GeneratorExit:
        # the caller stopped reading (closed this generator, perhaps on a Ctrl-C that
        # reached its own code): nobody will read the running blocks
        _end_workers(executor)
        raise
    except Terminated:
        # SIGTERM: the running blocks are lost, those already back are handed over
        finished += [(pending[f], f.result()) for f in pending
                     if f.done() and not f.cancelled() and f.exception() is None]
        _end_workers(executor)
        yield from finished
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
        finished += [(pending[f], f.result()) for f in running
                     if not f.cancelled() and f.exception() is None]
        yield from finished
        raise
    except BrokenProcessPool:
        # a worker was killed (by a signal, or the system out of memory): the pool is
        # broken and its other workers are being ended by the executor
        _end_workers(executor)
        raise WorkerLostError("a worker process died mid-block (killed, or out of "
                              "memory): the run stopped") from None
    except BaseException:
        # an agent error: blocks not started are cancelled, the few already handed to a
        # worker finish, every worker exits
        try:
            executor.shutdown(wait=True, cancel_futures=True)
        except KeyboardInterrupt:
            _end_workers(executor)
            raise
        raise
    finally:
        alive.close()
        lifeline.close()
