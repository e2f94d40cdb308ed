"""No process outlives the command, however it ends: ``preflop build`` stopped by SIGTERM
or Ctrl-C as ``simulate`` is (its finished blocks written, exit 143 or 130); ``kill -9``
of ``simulate`` or ``preflop build`` (the workers watch a pipe only the command holds, so
they end with it, and the fork server and resource tracker with them); a simulation
worker killed mid-run (one line, exit 2). Each run is a new session, as in
test_sim_signals, and the group is checked in /proc."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest
from test_sim_signals import LONG, Run, group_members

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(),
                                reason="reads the process table in /proc")


def build_args(folder: Path) -> list[str]:
    # 65 blocks of 256 rows against 8 buckets, 2,000 trials a cell: a few tenths of a
    # second a block, so blocks are written soon and the whole build outlasts the test
    return ["preflop", "build", "--one-pass", "--buckets", "8", "--samples", "2000",
            "--processes", "2", "--blocks", str(folder / "blocks"), "--out",
            str(folder / "data.npz")]


def blocks_in(folder: Path) -> list[Path]:
    d = folder / "blocks"
    return sorted(d.glob("block-*[0-9].npz")) if d.exists() else []


def wait_for_blocks(run: Run, folder: Path, count: int, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while len(blocks_in(folder)) < count:
        assert run.process.poll() is None, "".join(run.lines)
        assert time.monotonic() < deadline, "no block written"
        time.sleep(0.05)


def wait_for_members(run: Run, count: int, timeout: float = 60) -> None:
    """Until the group holds ``count`` live processes (the command, the resource tracker,
    the fork server and the workers)."""
    deadline = time.monotonic() + timeout
    while len(group_members(run.pid)) < count:
        assert run.process.poll() is None, "".join(run.lines)
        assert time.monotonic() < deadline, "the workers did not start"
        time.sleep(0.05)


def check_blocks(folder: Path) -> None:
    """Every block written is whole and verified (the store refuses a block on any
    fault), for the build's question: one pass over every class against 8 buckets."""
    import numpy as np

    from omaha_fast.preflop.blocks import BlockStore
    from omaha_fast.preflop.classes import class_table
    from omaha_fast.preflop.matrix import ROOT_SEED, _groups
    from omaha_fast.preflop.store import bucket_groups
    rows = np.arange(class_table().n)
    classes, start = _groups(bucket_groups(8))
    store = BlockStore(str(folder / "blocks"), rows, classes, start, samples=2000,
                       seed=ROOT_SEED, game="hilo", block=256)
    for path in blocks_in(folder):
        first = int(path.stem.split("-")[1])
        assert store.read(first, rows[first:first + 256])[0].shape == (256, 8)


@pytest.mark.parametrize("whole_group", [False, True], ids=["command", "group"])
def test_sigterm_of_a_preflop_build_keeps_its_blocks(tmp_path: Path,
                                                     whole_group: bool) -> None:
    # was: the command died at once, its tracker, fork server and workers lived on,
    # and the blocks the workers had finished were never written
    run = Run(*build_args(tmp_path))
    wait_for_blocks(run, tmp_path, 2)
    (os.killpg if whole_group else os.kill)(run.pid, signal.SIGTERM)
    code, out, err = run.finish(timeout=20)
    assert code == 143 and out == ""
    assert err.splitlines() == [f"omaha-fast preflop build: terminated; the finished "
                                f"blocks are in {tmp_path / 'blocks'} (the same command "
                                "goes on from them)"]
    run.assert_nothing_left()
    assert len(blocks_in(tmp_path)) >= 2
    assert not list((tmp_path / "blocks").glob("*.part.npz"))
    check_blocks(tmp_path)


def test_ctrl_c_of_a_preflop_build_writes_the_running_blocks(tmp_path: Path) -> None:
    run = Run(*build_args(tmp_path))
    wait_for_blocks(run, tmp_path, 1)
    os.killpg(run.pid, signal.SIGINT)
    code, out, err = run.finish(timeout=30)
    lines = err.splitlines()
    assert code == 130 and out == "" and "Traceback" not in err
    assert lines[-1].startswith("omaha-fast preflop build: interrupted; the finished")
    run.assert_nothing_left()
    check_blocks(tmp_path)


def test_kill_9_of_a_preflop_build_ends_its_workers(tmp_path: Path) -> None:
    run = Run(*build_args(tmp_path))
    wait_for_members(run, 5)             # the command, tracker, fork server, 2 workers
    wait_for_blocks(run, tmp_path, 1)
    os.kill(run.pid, signal.SIGKILL)
    code, _, _ = run.finish(timeout=10)
    assert code == -signal.SIGKILL
    run.assert_nothing_left(timeout=10)  # was: four processes under pid 1 for minutes


def test_kill_9_of_simulate_ends_its_workers(tmp_path: Path) -> None:
    run = Run(*LONG, paced=tmp_path)
    run.wait_for_workers(tmp_path, 2)
    os.kill(run.pid, signal.SIGKILL)
    code, _, _ = run.finish(timeout=10)
    assert code == -signal.SIGKILL
    run.assert_nothing_left(timeout=10)


def test_a_killed_simulation_worker_is_one_line(tmp_path: Path) -> None:
    # was: a BrokenProcessPool traceback, exit 1
    out_file = tmp_path / "run.jsonl"
    run = Run(*LONG, "--out", str(out_file), paced=tmp_path)
    run.wait_for_workers(tmp_path, 2)
    worker = int(next(p.name for p in tmp_path.iterdir() if p.name.isdigit()))
    os.kill(worker, signal.SIGKILL)
    code, out, err = run.finish(timeout=20)
    assert code == 2 and out == ""
    assert err == ("omaha-fast simulate: error: a worker process died mid-block "
                   "(killed, or out of memory): the run stopped; what was played is in "
                   f"{out_file} (continue with --resume {out_file})\n")
    run.assert_nothing_left()
    from omaha_fast.sim.runfile import read_run_file
    settings, _, _ = read_run_file(str(out_file))        # the results file is whole
    assert settings["seed"] == 1
