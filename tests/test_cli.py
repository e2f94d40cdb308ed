"""The omaha-fast command: eval and equity, text and JSON, errors and exit codes."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from omaha_fast import equity, evaluate
from omaha_fast.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_eval_json_matches_the_api(capsys):
    code, out, _ = run(capsys, "eval", "As2s3h4h", "5c6d7hKsKd", "--json")
    data = json.loads(out)
    e = evaluate("As2s3h4h", "5c6d7hKsKd")
    assert code == 0
    assert data["high"]["value"] == e.high.value and data["low"]["value"] == e.low.value
    assert data["low"]["ranks"] == list(e.low.ranks)
    assert len(data["high"]["cards"]) == 10 and len(data["low"]["cards"]) == 10


def test_eval_without_a_low(capsys):
    code, out, _ = run(capsys, "eval", "AsKsQdJd", "Ts9s2s4s7h", "--json")
    assert code == 0 and json.loads(out)["low"] is None
    code, out, _ = run(capsys, "eval", "AsKsQdJd", "Ts9sKh")
    assert "low:  none" in out


@pytest.mark.parametrize("argv, message", [
    (["eval", "As2s3h4h", "5c6d7hKsAs"], "duplicate card As"),
    (["eval", "As2s3h", "5c6d7h"], "hole needs 4 or 5 or 6 cards"),
    (["eval", "As2s3h4h", "5c6dZz"], "unknown card 'Zz'"),
    (["equity", "As2s3h4h"], "2 to 10 hands"),
    (["equity", "As2s3h4h", "KcKdQcJd", "--board", "2c"], "board needs"),
    (["equity", "As2s3h4h", "KcKdQcJd", "--samples", "0"], "samples must be"),
])
def test_bad_input_exits_2_with_the_reason(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert message in err and err.startswith(f"omaha-fast {argv[0]}: error:")


def test_equity_json_matches_the_api(capsys):
    code, out, _ = run(capsys, "equity", "As2s3h4h", "KcKdQcJd", "--board", "2h7d9c",
                       "--json")
    data = json.loads(out)
    want = equity(["As2s3h4h", "KcKdQcJd"], board="2h7d9c")
    assert code == 0 and data["exact"] and data["boards"] == want.boards
    assert [p["equity"] for p in data["players"]] == [p.equity for p in want.players]


def test_equity_monte_carlo_is_reproducible_and_prints_its_seed(capsys):
    argv = ["equity", "As2s3h4h", "KcKdQcJd", "--samples", "50000", "--seed", "9"]
    _, first, _ = run(capsys, *argv)
    _, second, _ = run(capsys, *argv, "--threads", "1")
    assert first == second and "Monte Carlo, seed 9" in first
    _, unseeded, _ = run(capsys, "equity", "As2s3h4h", "KcKdQcJd", "--samples", "1000",
                         "--json")
    assert isinstance(json.loads(unseeded)["seed"], int)


def test_equity_high_has_no_low_columns(capsys):
    _, out, _ = run(capsys, "equity", "As2s3h4h", "KcKdQcJd", "--game", "high", "--board",
                    "2h7d9c")
    assert "low win" not in out and "no qualifying low" not in out
    assert "high equity" in out


def test_installed_command_runs():
    done = subprocess.run([sys.executable, "-m", "omaha_fast.cli", "eval", "As2s3h4h",
                           "5c6d7hKsKd", "--json"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and json.loads(done.stdout)["high"]["value"] == 5856


def test_replay_refuses_empty_and_malformed_files_in_one_line(capsys, tmp_path):
    for name, text, message in (("empty.jsonl", "", "empty.jsonl: no hand found (empty input)"),
                                ("blank.phh", "\n  \n", "blank.phh: no hand found"),
                                ("bad.json", '{"seats": "x"}', "bad.json: missing field"),
                                ("bad.phh", "variant = 'PO'\nantes = 5\n", "bad.phh: line")):
        path = tmp_path / name
        path.write_text(text)
        code, out, err = run(capsys, "replay", str(path))
        assert code == 2 and out == "", (name, out)
        assert err.count("\n") == 1 and message in err, err
