"""The real ``omaha-fast`` command stopped by signals: Ctrl-C twice, SIGTERM, Ctrl-C on an
embedded Dask cluster. Each run is a new session (its own process group, as a terminal
gives a job), so the test can signal the whole group and then check in /proc that no
process of the group outlives the command."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from paced_agents import playing

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(),
                                reason="reads the process table in /proc")


def command() -> list[str]:
    """The installed console script (not ``python -m``: its search path differs)."""
    script = Path(sys.executable).parent / "omaha-fast"
    if not script.exists():
        pytest.skip("the omaha-fast command is not installed")
    return [str(script)]


def group_states(pgid: int) -> dict[int, str]:
    """Live (not zombie) processes of the process group ``pgid`` and their states (R
    running or ready to run, S sleeping, ...)."""
    members = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:           # gone meanwhile
            continue
        state, _ppid, group = stat[stat.rindex(")") + 2:].split()[:3]
        if int(group) == pgid and state != "Z":
            members[int(entry)] = state
    return members


def group_members(pgid: int) -> list[int]:
    """Live (not zombie) processes of the process group ``pgid``."""
    return list(group_states(pgid))


class Run:
    """``omaha-fast ARGS`` in a session of its own; stderr is read line by line as it
    comes, and the whole group is killed if the test overruns."""

    def __init__(self, *args: str, cwd: str | None = None, guard: float = 120,
                 paced: Path | None = None) -> None:
        """``paced``: a folder where ``paced_agents.PacedRandom`` marks the processes
        that play it (and is slowed to a millisecond a decision)."""
        env = None
        if paced is not None:
            here = str(Path(__file__).parent)
            env = dict(os.environ, PACED_AGENTS_DIR=str(paced), PYTHONPATH=os.pathsep.join(
                p for p in (here, os.environ.get("PYTHONPATH")) if p))
        self.process = subprocess.Popen(command() + list(args), stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True, cwd=cwd, env=env,
                                        start_new_session=True)
        self.pid = self.process.pid
        self.lines: list[str] = []
        self.out: list[str] = []
        # both pipes read by threads: workers left alive would hold them open
        self._readers = [threading.Thread(target=self._read, args=(stream, into),
                                          daemon=True)
                         for stream, into in ((self.process.stderr, self.lines),
                                              (self.process.stdout, self.out))]
        for reader in self._readers:
            reader.start()
        self._guard = threading.Timer(guard, self.kill)
        self._guard.start()

    @staticmethod
    def _read(stream: Any, into: list[str]) -> None:
        for line in stream:
            into.append(line)

    def kill(self) -> None:
        try:
            os.killpg(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    def wait_for_workers(self, paced: Path, count: int, timeout: float = 60) -> None:
        """Until ``count`` worker processes play ``PacedRandom`` (marked in the folder
        ``paced``). The signal comes at once: no pause for the pool to settle (a pause
        of a second here once hid the executor's manager thread failing on the cancelled
        blocks with a traceback, now fixed in the package)."""
        deadline = time.monotonic() + timeout
        while playing(paced) < count:
            assert self.process.poll() is None, "".join(self.lines)
            assert time.monotonic() < deadline, \
                f"the workers did not start: {group_states(self.pid)}"
            time.sleep(0.05)

    def wait_for_blocks(self, path: Path, count: int, timeout: float = 90) -> None:
        """Until the results file at ``path`` holds ``count`` finished blocks."""
        deadline = time.monotonic() + timeout
        while not path.exists() or path.read_text().count("\n") < count + 1:
            assert self.process.poll() is None, "".join(self.lines)
            assert time.monotonic() < deadline, "no block finished"
            time.sleep(0.1)

    def wait_for_line(self, text: str, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while not any(text in line for line in self.lines):
            assert time.monotonic() < deadline, f"no {text!r} on stderr: {self.lines}"
            time.sleep(0.05)

    def finish(self, timeout: float) -> tuple[int, str, str]:
        """Exit status, stdout and stderr once the command ends (within ``timeout``)."""
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            self.process.wait()
            pytest.fail(f"the command did not end within {timeout} s: {self.lines}")
        finally:
            self._guard.cancel()
        for reader in self._readers:
            reader.join(5)
        return self.process.returncode, "".join(self.out), "".join(self.lines)

    def assert_nothing_left(self, timeout: float = 10) -> None:
        deadline = time.monotonic() + timeout
        while group_members(self.pid):
            if time.monotonic() > deadline:
                left = group_members(self.pid)
                self.kill()
                pytest.fail(f"processes left behind: {left}")
            time.sleep(0.1)


# PacedRandom at a millisecond a decision: a block of 200,000 hands outlasts any test, and
# the workers playing it sleep rather than keep the machine's two cores busy
LONG = ["simulate", "--agents", ",".join(["paced_agents:PacedRandom"] * 3), "--hands",
        "100000000000", "--workers", "2", "--block-size", "200000", "--seed", "1"]


def test_a_second_ctrl_c_ends_a_local_run_at_once(tmp_path):
    run = Run(*LONG, paced=tmp_path)
    run.wait_for_workers(tmp_path, 2)
    os.killpg(run.pid, signal.SIGINT)        # Ctrl-C reaches the whole group
    run.wait_for_line("waiting for")         # says it waits for the running blocks
    started = time.monotonic()
    os.killpg(run.pid, signal.SIGINT)
    code, out, err = run.finish(timeout=20)
    assert code == 130 and out == ""
    assert time.monotonic() - started < 20
    lines = err.splitlines()
    assert "Ctrl-C again to stop at once" in lines[0]
    assert lines[-1] == "omaha-fast simulate: interrupted" and "Traceback" not in err
    run.assert_nothing_left()


def test_one_ctrl_c_waits_for_the_running_blocks_then_exits(tmp_path):
    # blocks of 25 hands: a few tenths of a second each at the agents' pace
    run = Run("simulate", "--agents", ",".join(["paced_agents:PacedRandom"] * 3), "--hands",
              "100000000", "--workers", "2", "--block-size", "25", "--seed", "1",
              paced=tmp_path)
    run.wait_for_workers(tmp_path, 2)
    os.killpg(run.pid, signal.SIGINT)
    code, out, err = run.finish(timeout=60)
    assert code == 130 and out == "" and "Traceback" not in err
    assert err.splitlines()[0].startswith("interrupted: waiting for the ")
    assert err.splitlines()[-1] == "omaha-fast simulate: interrupted"
    run.assert_nothing_left()


@pytest.mark.parametrize("whole_group", [False, True], ids=["command", "group"])
def test_sigterm_ends_the_command_and_its_workers(tmp_path, whole_group):
    run = Run(*LONG, paced=tmp_path)
    run.wait_for_workers(tmp_path, 2)
    if whole_group:
        os.killpg(run.pid, signal.SIGTERM)   # as `timeout` and `kill -- -PGID` do
    else:
        os.kill(run.pid, signal.SIGTERM)     # the command alone, as a service manager
    code, out, err = run.finish(timeout=20)
    assert code == 143 and out == ""
    assert err == "omaha-fast simulate: terminated\n"
    run.assert_nothing_left()


def test_sigterm_keeps_what_was_played_in_the_results_file(tmp_path):
    out_file = tmp_path / "run.jsonl"
    run = Run("simulate", "--agents", "random,random", "--hands", "100000000",
              "--workers", "2", "--block-size", "300", "--seed", "5", "--out",
              str(out_file))
    run.wait_for_blocks(out_file, 2)
    os.kill(run.pid, signal.SIGTERM)
    code, _, err = run.finish(timeout=20)
    assert code == 143
    assert f"continue with --resume {out_file}" in err
    run.assert_nothing_left()
    from omaha_fast.sim.runfile import read_run_file
    settings, parts, _ = read_run_file(str(out_file))
    assert settings["seed"] == 5 and len(parts) >= 2
    assert all(p.hands == 300 for p in parts.values())


def test_ctrl_c_on_an_embedded_dask_cluster_is_one_line(tmp_path):
    pytest.importorskip("distributed")
    out_file = tmp_path / "run.jsonl"
    run = Run("simulate", "--agents", "random,random,random", "--hands", "100000000",
              "--workers", "1", "--block-size", "1000", "--seed", "1", "--dask", "--out",
              str(out_file))     # one worker process: the cluster starts sooner
    run.wait_for_blocks(out_file, 2)          # the cluster is up and playing
    os.killpg(run.pid, signal.SIGINT)
    code, out, err = run.finish(timeout=60)
    assert code == 130 and out == ""
    assert err == (f"omaha-fast simulate: interrupted; what was played is in {out_file} "
                   f"(continue with --resume {out_file})\n")
    run.assert_nothing_left(timeout=20)
