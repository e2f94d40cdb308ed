"""A real Dask cluster for the tests: ``dask scheduler`` and ``dask worker`` started as
separate processes on 127.0.0.1, and stopped (their whole process groups) at the end."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def dask_command() -> list[str]:
    here = Path(sys.executable).parent / "dask"
    found = str(here) if here.exists() else shutil.which("dask")
    if found is None:
        pytest.skip("the dask command is not installed")
    return [found]


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=15)


def start_worker(address: str, env: dict[str, str]) -> subprocess.Popen:
    """One single-threaded worker, no nanny: a worker killed by a test stays dead."""
    return subprocess.Popen(
        dask_command() + ["worker", address, "--nthreads", "1", "--no-nanny",
                          "--host", "127.0.0.1", "--no-dashboard", "--death-timeout", "60"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
        start_new_session=True)


@contextlib.contextmanager
def running_cluster(workers: int = 2) -> Iterator[tuple[str, list[subprocess.Popen]]]:
    """A scheduler and ``workers`` workers; yields the scheduler's address and the
    worker processes. The workers import the package under test (PYTHONPATH kept) and
    the test modules here."""
    distributed = pytest.importorskip("distributed")
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        p for p in (str(Path(__file__).parent), os.environ.get("PYTHONPATH")) if p))
    started = []
    try:
        started.append(subprocess.Popen(
            dask_command() + ["scheduler", "--host", "127.0.0.1", "--port", str(port),
                              "--no-dashboard"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True))
        for _ in range(workers):
            started.append(start_worker(address, env))
        with distributed.Client(address, timeout=60) as client:
            client.wait_for_workers(workers, timeout=120)
        yield address, started[1:]
    finally:
        for process in reversed(started):
            stop(process)
