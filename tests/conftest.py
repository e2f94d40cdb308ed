"""The suite's one size knob, shared by the test files.

The default run (``pytest -n auto``) plays its random and fuzz checks at a short size;
each of them also has a full-size form marked ``slow`` (``pytest -m slow``).
``OMAHA_FAST_TEST_SCALE`` multiplies the short sizes (hands played, random deals,
hypothesis examples): ``OMAHA_FAST_TEST_SCALE=10 pytest -n auto`` runs the default
checks ten times as long, ``0.5`` at half size. The full sizes under ``-m slow`` are fixed.

A test file takes its sizes with ``from conftest import scaled, sizes``.
"""

from __future__ import annotations

import os
import signal
import sys

import pytest

# The suite starts some hundreds of Python processes (the command line, pool workers,
# Dask): let them read the package's compiled bytecode rather than compile it in each,
# and let pytest keep its rewritten test modules, even where the environment sets
# PYTHONDONTWRITEBYTECODE (that stops only the writing; the processes still read).
sys.dont_write_bytecode = False

# A suite started in the background by a script (`pytest -n auto &`) inherits an ignored
# SIGINT, and every command it started would too (an ignored SIGINT survives exec): the
# Ctrl-C checks need what a terminal gives, so the test processes take Python's handler
# back (a handler, unlike "ignore", is reset to the default in the commands they start).
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

_RAW = os.environ.get("OMAHA_FAST_TEST_SCALE", "1")
try:
    SCALE = float(_RAW)
except ValueError:
    SCALE = float("nan")
if not SCALE > 0:         # also refuses nan
    raise pytest.UsageError(f"OMAHA_FAST_TEST_SCALE must be a number above 0 (1 is the "
                            f"default size), got {_RAW!r}")


def scaled(short: int, least: int = 1) -> int:
    """The default run's size ``short`` times the knob, and at least ``least``."""
    return max(least, round(short * SCALE))


def sizes(short: int, full: int, least: int = 1) -> list:
    """Parameters for a sized check: ``short`` (scaled) in the default run, ``full``
    under ``-m slow``."""
    return [pytest.param(scaled(short, least), id="short"),
            pytest.param(full, id="full", marks=pytest.mark.slow)]


def pytest_report_header(config: pytest.Config) -> str:
    return f"OMAHA_FAST_TEST_SCALE={SCALE:g} (the default run's random and fuzz sizes)"


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    """Under ``-n``, a worker that runs out of tests takes half of another's queue
    (xdist's work stealing) instead of waiting: with xdist's default split, one of two
    workers sat idle for the last 4-7 s of the run. Any other ``--dist`` is kept."""
    if config.getoption("dist") != "load":
        return None
    from xdist.scheduler import WorkStealingScheduling
    return WorkStealingScheduling(config, log)
