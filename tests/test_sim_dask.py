"""The Dask backend: the same results as local runs on an embedded LocalCluster and on a
cluster started here as separate processes (``dask scheduler`` + ``dask worker``), a
worker killed mid-run, agent errors, and the message when Dask is missing."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time

import pytest
from dask_cluster import dask_command, free_port, running_cluster, stop

from omaha_fast import FixedLimit
from omaha_fast.cli import main
from omaha_fast.runner import ClusterError
from omaha_fast.sim import AgentError, simulate

distributed = pytest.importorskip("distributed")

AGENTS = ["random", "station", "random", "random"]
FL = FixedLimit(10, 20)
RUN = {"hands": 600, "seed": 21, "block_size": 60}       # ten blocks


@pytest.fixture(scope="module")
def cluster():
    """A scheduler and two single-threaded workers as separate processes on 127.0.0.1
    (no nanny: a worker killed by a test stays dead, and the scheduler gives its blocks
    to the other); yields the scheduler's address."""
    with running_cluster(2) as (address, _):
        yield address


@pytest.fixture(scope="module")
def reference():
    return simulate(AGENTS, FL, workers=1, **RUN)


def test_every_backend_gives_the_same_result(cluster, reference):
    assert simulate(AGENTS, FL, workers=2, **RUN) == reference
    # an embedded LocalCluster of one worker process (the cluster above has two)
    assert simulate(AGENTS, FL, backend="dask", workers=1, **RUN) == reference
    assert simulate(AGENTS, FL, client=cluster, **RUN) == reference
    with distributed.Client(cluster, timeout=60) as client:
        assert simulate(AGENTS, FL, client=client, **RUN) == reference
        assert client.status == "running"          # a caller's client is left open


def test_a_worker_killed_mid_run_changes_nothing(cluster, reference):
    with distributed.Client(cluster, timeout=60) as client:
        client.wait_for_workers(2, timeout=120)
        pids = client.run(os.getpid)                 # worker address -> process id
        victim = sorted(pids.values())[0]
        killed = []

        def kill_one(done, total):
            if not killed:
                os.kill(victim, signal.SIGKILL)      # a real crash, mid-run
                killed.append(done)

        result = simulate(AGENTS, FL, client=client, progress=kill_one, **RUN)
        assert killed and killed[0] < RUN["hands"]
        assert result == reference


class Overbet:
    def act(self, view, legal):
        if legal.can_raise:
            return ("raise_to", legal.max_to + 5)
        return ("check", None) if legal.can_check else ("call", None)


def test_an_agent_error_on_a_worker_stops_the_run(cluster):
    with pytest.raises(AgentError, match="agent 'Overbet' at seat 1 answered"):
        simulate(["random", "test_sim_dask:Overbet"], FL, hands=2000, seed=1,
                 block_size=100, client=cluster)


def test_without_dask_the_error_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)     # as if not installed
    with pytest.raises(ImportError, match=r"pip install 'omaha_fast\[dask\]'"):
        simulate(AGENTS, FL, hands=10, backend="dask")
    started = time.monotonic()
    with pytest.raises(ImportError, match=r"omaha_fast\[dask\]"):
        simulate(AGENTS, FL, hands=10, client="tcp://127.0.0.1:1")
    assert time.monotonic() - started < 5


def test_a_malformed_or_unreachable_address_leaves_no_thread_behind():
    """A Dask Client that fails to connect keeps its event-loop thread: such addresses
    are refused before one is made (a long-lived process would gather threads)."""
    before = set(threading.enumerate())
    for address in ("nonsense", "tcp://127.0.0.1", f"tcp://127.0.0.1:{free_port()}"):
        with pytest.raises(ClusterError, match="bad Dask scheduler address|no answer"):
            simulate(AGENTS, FL, hands=10, client=address, timeout=0.5)
    assert set(threading.enumerate()) <= before


def test_a_port_where_no_scheduler_answers_is_an_error_at_the_timeout():
    """Something listens there but never speaks Dask (Dask's own Client waits for its
    handshake without end), and it opens after 0.6 of the 1 s asked for: the error comes
    at 1 s (the steps share the timeout) and leaves no thread behind."""
    before = set(threading.enumerate())
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    address = f"tcp://127.0.0.1:{silent.getsockname()[1]}"
    opener = threading.Timer(0.6, silent.listen)      # refused until then
    opener.start()
    started = time.monotonic()
    try:
        with pytest.raises(ClusterError, match=f"cannot reach the Dask scheduler at "
                                               f"{address} within 1 s \\(no answer\\)"):
            simulate(AGENTS, FL, hands=10, client=address, timeout=1)
        waited = time.monotonic() - started
    finally:
        opener.join()
        silent.close()
    assert 1 <= waited < 1.5                          # 1.6 s if each step took its own
    assert set(threading.enumerate()) <= before


def test_a_scheduler_still_starting_is_waited_for():
    """Refused connections are tried again until the timeout: a listener that opens a
    little after the call is found (and one that never opens is an error at the end)."""
    from omaha_fast.runner.cluster import _wait_for_listener
    port = free_port()
    server = socket.socket()

    def open_late():
        time.sleep(0.3)
        server.bind(("127.0.0.1", port))
        server.listen()

    opener = threading.Thread(target=open_late)
    opener.start()
    try:
        started = time.monotonic()
        _wait_for_listener("127.0.0.1", port, 10)
        assert 0.2 < time.monotonic() - started < 10
    finally:
        opener.join()
        server.close()
    with pytest.raises(ConnectionRefusedError):
        _wait_for_listener("127.0.0.1", free_port(), 0.3)


# The command against real Dask processes: one line on stderr and a non-zero exit, within
# the timeout the user gives, whatever goes wrong with the cluster.

from test_sim_signals import Run  # noqa: E402  (the command in a session of its own)


def scheduler_alone(port: int) -> subprocess.Popen:
    process = subprocess.Popen(
        dask_command() + ["scheduler", "--host", "127.0.0.1", "--port", str(port),
                          "--no-dashboard"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        with distributed.Client(f"tcp://127.0.0.1:{port}", timeout=60):
            pass                                        # it answers
    except BaseException:
        stop(process)                                   # not left running
        raise
    return process


def test_an_address_with_no_scheduler_is_one_line_within_the_timeout(capsys):
    # refused before a Dask Client is made (so in this process: no Dask log could reach
    # stderr; the command's own process is checked with a real scheduler below)
    started = time.monotonic()
    code = main(["simulate", "--agents", "random,random", "--hands", "1000", "--scheduler",
                 f"tcp://127.0.0.1:{free_port()}", "--timeout", "0.5"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("omaha-fast simulate: error: cannot reach the Dask scheduler at "
                          "tcp://127.0.0.1:") and "within 0.5 s" in err
    assert time.monotonic() - started < 20


def test_a_malformed_address_is_one_line(capsys):
    # refused before any connection (so in this process: no Dask log could reach stderr)
    code = main(["simulate", "--agents", "random,random", "--scheduler", "nonsense"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert err.startswith("omaha-fast simulate: error: bad Dask scheduler address 'nonsense'")


def test_a_scheduler_without_workers_then_lost_mid_run_is_one_line_each(tmp_path):
    """One scheduler for two checks (it is slow to start): with no workers the command
    says so after the timeout; given a worker, the scheduler killed mid-run is one line."""
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    scheduler = scheduler_alone(port)
    worker = None
    out_file = tmp_path / "run.jsonl"
    try:
        run = Run("simulate", "--agents", "random,random", "--hands", "1000",
                  "--scheduler", address, "--timeout", "1")
        alone = run.finish(timeout=60)
        worker = subprocess.Popen(      # no nanny: nothing here needs a restart
            dask_command() + ["worker", address, "--nworkers", "1", "--nthreads", "1",
                              "--no-nanny", "--host", "127.0.0.1", "--no-dashboard"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        with distributed.Client(address, timeout=60) as client:
            client.wait_for_workers(1, timeout=120)   # so a busy machine cannot make the
                                                      # run below wait out its timeout
        run = Run("simulate", "--agents", "random,random", "--hands", "100000000",
                  "--block-size", "500", "--seed", "3", "--scheduler", address,
                  "--timeout", "2", "--out", str(out_file))
        run.wait_for_blocks(out_file, 2)
        os.killpg(scheduler.pid, signal.SIGKILL)           # the scheduler dies mid-run
        lost = run.finish(timeout=60)
    finally:
        stop(scheduler)
        if worker is not None:
            stop(worker)
    code, out, err = alone
    assert code == 2 and out == ""
    assert err == (f"omaha-fast simulate: error: the Dask scheduler at {address} "
                   "has no workers (waited 1 s)\n")
    code, out, err = lost
    assert code == 2 and out == ""
    assert err == f"omaha-fast simulate: error: lost the Dask scheduler at {address}\n"


@pytest.mark.parametrize("verbose", [False, pytest.param(True, marks=pytest.mark.slow)],
                         ids=["quiet", "verbose"])
def test_an_agent_error_on_an_embedded_cluster_is_one_line(tmp_path, verbose):
    (tmp_path / "my_agents.py").write_text(
        "class Overbet:\n"
        "    def act(self, view, legal):\n"
        "        if legal.can_raise:\n"
        "            return ('raise_to', legal.max_to + 5)\n"
        "        return ('check', None) if legal.can_check else ('call', None)\n")
    # Dask's default dashboard port taken (by another cluster, say): no warning either
    busy = socket.socket()
    try:
        busy.bind(("", 8787))
        busy.listen()
    except OSError:
        pass                                  # taken already
    try:
        # one worker process: the cluster's start-up is most of the time here
        run = Run("simulate", "--agents", "random,my_agents:Overbet", "--hands", "20000",
                  "--seed", "1", "--dask", "--workers", "1", *(["-v"] if verbose else []),
                  cwd=str(tmp_path))
        code, out, err = run.finish(timeout=90)
    finally:
        busy.close()
    assert code == 2 and out == ""
    last = err.splitlines()[-1]
    assert last.startswith("omaha-fast simulate: error: agent 'Overbet' at seat 1 answered")
    if verbose:                              # Dask's own report of the failed block
        assert "Compute Failed" in err and "Traceback" in err
    else:
        assert err == last + "\n"
    run.assert_nothing_left(timeout=20)


def test_the_embedded_clusters_dashboard_on_request(capsys, reference):
    """--dashboard serves the embedded cluster's dashboard where asked (its link on
    standard error, an HTTP page there while the run lasts) and changes no result; it
    is refused beside a scheduler, and names the extra without bokeh."""
    import urllib.request

    pytest.importorskip("bokeh")
    seen = []

    def look(done, total):          # while the cluster is up: fetch the dashboard page
        if not seen:
            link = capsys.readouterr().err.split("the Dask dashboard: ")[1].split()[0]
            with urllib.request.urlopen(link, timeout=30) as page:
                seen.append((link, page.status))

    port = free_port()
    result = simulate(AGENTS, FL, backend="dask", workers=1, progress=look,
                      dashboard=f"127.0.0.1:{port}", **RUN)
    assert result == reference
    assert seen and seen[0][0].startswith(f"http://127.0.0.1:{port}/") and seen[0][1] == 200
    assert main(["simulate", "--agents", "random,random", "--scheduler", "tcp://x:1",
                 "--dashboard"]) == 2
    assert "--dashboard is the embedded cluster's" in capsys.readouterr().err


def test_the_dashboard_without_bokeh_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "bokeh", None)            # as if not installed
    with pytest.raises(ImportError, match=r"bokeh.*pip install 'omaha_fast\[dask\]'"):
        simulate(AGENTS, FL, hands=10, backend="dask", dashboard=":0")
