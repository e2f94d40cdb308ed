"""The one progress bar of the long commands (equity, simulate, tournament, preflop build,
solve): tqdm on standard error, as ``progress(done, total)`` callbacks take it.

On a terminal the bar redraws often and clears itself at the end; off a terminal (a log,
a CI job) it writes a line at most every ten seconds, each on a line of its own, and the
last one at the end, so a long run is not silent. Either way nothing is drawn for a run
shorter than the delay, and a quiet bar (``--quiet``, ``--json``) draws nothing at all.

>>> import io
>>> log = io.StringIO()
>>> with ProgressBar("hands", stream=log, delay=0) as bar:
...     bar(500, 2000)
...     bar(2000, 2000)
>>> "2000/2000" in log.getvalue() and "hands" in log.getvalue()
True
>>> quiet = io.StringIO()
>>> with ProgressBar("hands", stream=quiet, quiet=True, delay=0) as bar:
...     bar(500, 2000)
>>> quiet.getvalue()
''
"""

from __future__ import annotations

import sys
import threading
from types import TracebackType
from typing import Any, Optional, TextIO

TERMINAL_INTERVAL = 0.1     # seconds between redraws on a terminal
LOG_INTERVAL = 10.0         # and between lines in a log, where each redraw is kept
DELAY = 1.0                 # a run shorter than this draws nothing


class _Lines:
    """A log's view of the bar: tqdm redraws a line with a carriage return, which a log
    file or a CI page would keep as one endless line; here each redraw is a line."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.count = ""

    def write(self, text: str) -> None:
        line = text.replace("\r", "").rstrip()
        count = line.split("[")[0]       # "100%|#####| 40/40 ": the closing redraw repeats it
        if line and count != self.count:
            self.stream.write(line + "\n")
            self.count = count

    def flush(self) -> None:
        self.stream.flush()


def _tqdm() -> Any:
    """tqdm's class, without its monitor thread and with a thread lock: its default lock
    is a multiprocessing one, which would start the semaphore tracker in every command
    that draws a bar (and the pools' workers inherit it)."""
    from tqdm import tqdm

    class Bar(tqdm):  # type: ignore[misc]  # tqdm ships no types
        monitor_interval = 0

    Bar.set_lock(threading.RLock())
    return Bar


class ProgressBar:
    """A callback ``bar(done, total)`` drawing a bar of ``unit`` on ``stream`` (standard
    error); ``bar.note(text)`` sets the text after it (solve: the exploitability).
    ``close()`` ends it (a ``with`` block closes it too)."""

    def __init__(self, unit: str, *, quiet: bool = False, stream: Optional[TextIO] = None,
                 delay: Optional[float] = None) -> None:
        self.unit = unit
        self.quiet = quiet
        self.stream = stream if stream is not None else sys.stderr
        self.delay = DELAY if delay is None else delay
        self._bar: Any = None

    def _open(self, total: float) -> Any:
        terminal = bool(getattr(self.stream, "isatty", lambda: False)())
        return _tqdm()(total=total, unit=f" {self.unit}",
                       file=self.stream if terminal else _Lines(self.stream),
                       delay=self.delay, leave=not terminal, dynamic_ncols=terminal,
                       ascii=not terminal,
                       mininterval=TERMINAL_INTERVAL if terminal else LOG_INTERVAL)

    def __call__(self, done: float, total: float, *_: Any) -> None:
        if self.quiet:
            return
        if float(total).is_integer() and float(done).is_integer():
            done, total = int(done), int(total)     # boards counted as floats drawn as ints
        if self._bar is None:
            self._bar = self._open(total)
        elif done < self._bar.n:
            self._bar.reset(total)          # a second pass counts from 0 again
        elif self._bar.total != total:
            self._bar.total = total
        step = done - self._bar.n
        if step > 0:
            self._bar.update(step)

    def note(self, text: str) -> None:
        """Text shown after the bar (and updated with it)."""
        if self._bar is not None:
            self._bar.set_postfix_str(text, refresh=False)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(self, kind: Optional[type[BaseException]], error: Optional[BaseException],
                 trace: Optional[TracebackType]) -> None:
        self.close()


__all__ = ["ProgressBar"]
