"""Stopping a run: SIGTERM as a KeyboardInterrupt, Ctrl-C handled by this process
alone, and workers that end with the process that started them."""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Iterator
from typing import Any


class Terminated(KeyboardInterrupt):
    """The run was asked to stop by SIGTERM (see :func:`sigterm_stops_the_run`): a
    KeyboardInterrupt, so whatever stops on Ctrl-C stops on it too, but at once."""


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


def worker_start(lifeline: Any) -> None:
    """The first thing a worker process does: leave Ctrl-C to the parent, and end as soon
    as the parent does.

    The terminal sends SIGINT to the whole process group: the parent handles it and stops
    the pool, so a worker must not die mid-block on its own. ``lifeline`` is the reading
    end of a pipe whose one writing end the parent holds: it reads end-of-file when the
    parent is gone, however it died (SIGKILL included), and the worker then ends at once.
    Without that a worker outlives a killed parent, and holds up the fork server and the
    resource tracker with it (each ends once no worker holds its pipe).
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_end_with_parent, args=(lifeline,),
                     name="omaha_fast-lifeline", daemon=True).start()


def _end_with_parent(lifeline: Any) -> None:
    with contextlib.suppress(EOFError, OSError):
        while True:
            lifeline.recv_bytes()      # nothing is ever sent: this waits for the end
    os._exit(EXIT_PARENT_GONE)


EXIT_PARENT_GONE = 128 + 9
"""A worker's exit status when its parent died: as if killed (the parent was)."""
