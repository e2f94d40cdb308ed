"""The long commands' one progress bar: drawn on standard error on a terminal (and cleared)
and off one (kept, for a log), nothing for a short run, nothing with --quiet or --json; and
every long command (equity, simulate, tournament, preflop build, solve) draws it."""

from __future__ import annotations

import io
import json

import pytest

import omaha_fast._progress as progress
from omaha_fast._progress import ProgressBar
from omaha_fast.cli import main


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_sees_the_bar_and_it_is_cleared_at_the_end():
    screen = Terminal()
    with ProgressBar("boards", stream=screen, delay=0) as bar:
        bar(500, 1000)
        bar.note("exploitability 1.000% of the pot")
        bar(1000, 1000)
    text = screen.getvalue()
    assert "boards" in text and "\r" in text
    assert text.rstrip(" \r\x1b[A").endswith("\r") or text.endswith("\r")


def test_a_log_gets_whole_lines_and_keeps_the_last(monkeypatch):
    monkeypatch.setattr(progress, "LOG_INTERVAL", 0.0)
    log = io.StringIO()
    with ProgressBar("hands", stream=log, delay=0) as bar:
        bar(10, 40)
        bar(40, 40)
    lines = log.getvalue().splitlines()
    assert "\r" not in log.getvalue() and log.getvalue().endswith("\n")
    assert "10/40" in lines[1] and "40/40" in lines[-1] and "hands" in lines[-1]
    assert "40/40" not in lines[-2]              # the end is one line, not two


def test_a_short_run_and_a_quiet_bar_draw_nothing():
    for bar in (ProgressBar("hands", stream=io.StringIO(), delay=60),
                ProgressBar("hands", stream=io.StringIO(), quiet=True, delay=0)):
        bar(1, 2)
        bar(2, 2)
        bar.close()
        assert bar.stream.getvalue() == ""


def test_a_second_pass_counts_from_zero_again():
    log = io.StringIO()
    bar = ProgressBar("rows", stream=log, delay=0)
    bar(30, 30)
    bar(5, 20)
    assert bar._bar.n == 5 and bar._bar.total == 20
    bar.close()


@pytest.fixture
def at_once(monkeypatch):
    """Every bar drawn from its first call, every call a line."""
    monkeypatch.setattr(progress, "DELAY", 0.0)
    monkeypatch.setattr(progress, "LOG_INTERVAL", 0.0)


SOLVE = ["solve", "--board", "AhKd7c8s2h", "--pot", "10", "--stack", "30", "--oop",
         "AsAd2c3c,KsKd2h3h", "--ip", "QsQdJcTc,9h9d8h7h", "--bets", "50", "--iterations",
         "20", "--target", "0.01%"]


@pytest.mark.parametrize("argv, unit", [
    (["equity", "As2s3h4h", "KcKdQcJd", "--board", "2h7d9c"], "boards"),
    (["simulate", "--agents", "random,station", "--hands", "200", "--workers", "1"], "hands"),
    (["tournament", "--agents", "random,station", "--tournaments", "4", "--workers", "1",
      "--stack", "200"], "tournaments"),
    (SOLVE, "iterations"),
], ids=["equity", "simulate", "tournament", "solve"])
def test_every_long_command_draws_the_bar_unless_quiet(capsys, at_once, argv, unit):
    unit = f"{unit}/s"                  # the bar's rate: no other message says it
    assert main(argv) == 0
    assert unit in capsys.readouterr().err
    assert main(argv + ["--quiet"]) == 0
    assert unit not in capsys.readouterr().err
    assert main(argv + ["--json"]) == 0
    out, err = capsys.readouterr()
    json.loads(out.strip().splitlines()[-1])
    assert unit not in err


def test_preflop_build_draws_the_bar(capsys, at_once, tmp_path):
    argv = ["preflop", "build", "--top", "3", "--samples", "10", "--processes", "1",
            "--out", str(tmp_path / "top3.npz")]
    assert main(argv) == 0
    assert "rows/s" in capsys.readouterr().err
    assert main(argv + ["--quiet"]) == 0
    assert "rows/s" not in capsys.readouterr().err
