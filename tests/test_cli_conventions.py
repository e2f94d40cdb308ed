"""The command's shared conventions: --version, python -m, '-' for standard input, the exit
statuses (0 done, 1 a check failed, 2 bad input, 130 interrupted, 141 the output's reader
gone)."""

from __future__ import annotations

import dataclasses
import importlib.metadata
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import omaha_fast
from omaha_fast import FixedLimit, Table
from omaha_fast.cli import (
    EXIT_BAD_INPUT,
    EXIT_BROKEN_PIPE,
    EXIT_FAILED,
    EXIT_INTERRUPTED,
    EXIT_OK,
    main,
)
from omaha_fast.history import HandRecord

# Children run from the tests folder, so that they import the installed package even when
# these tests run from an unpacked sdist (whose top folder holds the uncompiled source).
HERE = Path(__file__).resolve().parent


def _command(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "omaha_fast", *argv], input=stdin,
                          capture_output=True, text=True, timeout=120, cwd=HERE)


def _history(seed: int) -> HandRecord:
    t = Table(structure=FixedLimit(10, 20), seats=3, stacks=[200, 200, 200], seed=seed)
    h = t.start_hand()
    while not h.finished:
        _ = h.call() if h.legal_actions().to_call else h.check()
    return HandRecord.from_hand(h)


def test_the_statuses_have_their_documented_values():
    assert (EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT, EXIT_INTERRUPTED, EXIT_BROKEN_PIPE) == \
        (0, 1, 2, 130, 141)


def test_version_is_the_installed_version(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert out == f"omaha-fast {omaha_fast.__version__}\n"
    assert omaha_fast.__version__ == importlib.metadata.version("omaha_fast")


def test_python_dash_m_is_the_same_command(capsys):
    assert main(["eval", "As2s3h4h", "5c6d7hKsKd", "--json"]) == EXIT_OK
    in_process = capsys.readouterr().out
    run = _command("eval", "As2s3h4h", "5c6d7hKsKd", "--json")
    assert run.returncode == EXIT_OK and run.stdout == in_process and run.stderr == ""
    run = _command("--version")
    assert run.returncode == 0 and run.stdout.strip() == f"omaha-fast {omaha_fast.__version__}"


def test_dash_reads_a_history_from_standard_input(tmp_path):
    records = [_history(1), _history(2)]
    text = "\n".join(r.to_json() for r in records)
    path = tmp_path / "hands.jsonl"
    path.write_text(text, encoding="utf-8")
    from_file = _command("replay", str(path))
    from_stdin = _command("replay", "-", stdin=text)
    assert from_file.returncode == from_stdin.returncode == EXIT_OK
    assert from_stdin.stdout == from_file.stdout.replace("hands.jsonl", "<stdin>")
    assert "2 of 2 hands agree" in from_stdin.stdout


def test_a_disagreeing_history_exits_1():
    record = _history(3)
    final = record.final_stacks
    assert final is not None and final[0] is not None
    wrong = dataclasses.replace(record, final_stacks=[final[0] + 10, *final[1:]])
    run = _command("replay", "-", stdin=wrong.to_json())
    assert run.returncode == EXIT_FAILED and "DISAGREE" in run.stdout


@pytest.mark.parametrize("argv", [
    ["eval", "As2s3h4h", "5c6dZz"],          # a bad card
    ["replay", "no-such-file.json"],        # a file that cannot be read
    ["equity", "As2s3h4h", "KcKdQcJd", "--samples", "x"],   # a usage error (argparse)
    ["no-such-command"],
])
def test_bad_input_exits_2_with_one_line(argv):
    run = _command(*argv)
    assert run.returncode == EXIT_BAD_INPUT and run.stdout == ""
    assert "Traceback" not in run.stderr
    assert run.stderr.strip().splitlines()[-1].startswith("omaha-fast")


def test_ctrl_c_during_a_long_equity_prints_one_line_and_exits_130():
    # Monte Carlo on one thread with far more boards than can finish: the run is in the C
    # core when the interrupt arrives. The child says when main() is about to start.
    script = ("import sys\nfrom omaha_fast.cli import main\nprint('ready', flush=True)\n"
              "sys.exit(main(['equity', 'As2s3h4h', 'KcKdQcJd', 'QsJsTs9s', "
              "'--samples', '100000000000', '--seed', '1', '--threads', '1']))\n")
    child = subprocess.Popen([sys.executable, "-c", script], stdin=subprocess.DEVNULL,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             cwd=HERE)
    try:
        assert child.stdout is not None and child.stdout.readline() == "ready\n"
        time.sleep(0.5)           # main() reaches the C core in milliseconds
        assert child.poll() is None, "the equity run ended before it was interrupted"
        started = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
    finally:
        child.kill()
    assert time.monotonic() - started < 10          # the work stops at once
    assert child.returncode == EXIT_INTERRUPTED
    assert out == "" and err == "omaha-fast: interrupted\n"


HISTORY = HERE / "data" / "sites" / "pokerstars_written_by_omaha_fast.txt"


def test_a_reader_that_stops_reading_ends_the_command_quietly_with_141():
    # `omaha-fast replay FILE | head -1`: a real pipe, read for one line and closed while
    # the command still has far more to write than the pipe holds (8 x 23 KB of JSON)
    child = subprocess.Popen([sys.executable, "-m", "omaha_fast", "replay", "--json",
                              *[str(HISTORY)] * 8], stdin=subprocess.DEVNULL,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=HERE)
    try:
        assert child.stdout is not None and child.stderr is not None
        assert child.stdout.readline().startswith(b'{"id": ')
        child.stdout.close()
        err = child.stderr.read()
        child.wait(timeout=60)
    finally:
        child.kill()
    assert child.returncode == EXIT_BROKEN_PIPE and err == b""


def test_output_to_a_pipe_already_closed_is_no_error_either():
    # the pipe's reader gone before the first write (the end of the output is then found
    # when it is flushed): still no message and 141, never "error: : Broken pipe"
    read, write = os.pipe()
    os.close(read)
    try:
        run = subprocess.run([sys.executable, "-m", "omaha_fast", "replay", str(HISTORY)],
                             stdin=subprocess.DEVNULL, stdout=write, stderr=subprocess.PIPE,
                             timeout=60, cwd=HERE)
    finally:
        os.close(write)
    assert run.returncode == EXIT_BROKEN_PIPE and run.stderr == b""
