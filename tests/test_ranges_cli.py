"""omaha-fast range and omaha-fast equity with ranges: JSON against the API, errors."""

from __future__ import annotations

import json
import re

import pytest

from omaha_fast import Range, equity
from omaha_fast.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_range_json_matches_the_api(capsys):
    code, out, _ = run(capsys, "range", "AA:$ds@100,A2**@50", "--board", "Kh7d2c", "--json")
    data = json.loads(out)
    live = Range("AA:$ds@100,A2**@50").without("Kh7d2c")
    assert code == 0
    assert data["hands"] == len(live) and data["classes"] == live.canonical_classes
    assert data["total_weight"] == int(live.weights.sum()) and data["weighted"]
    assert len(data["sample"]) == 8 and all(h in live for h in data["sample"])
    assert data["removed"] == "Kh7d2c"


def test_range_text(capsys):
    code, out, _ = run(capsys, "range", "AA:$ds")
    assert code == 0 and out.startswith("AA:$ds: 864 hands in 78 suit classes")
    assert out.splitlines()[1].startswith("sample: ")


def test_range_errors_exit_2(capsys):
    code, _, err = run(capsys, "range", "AA,KK@50")
    assert code == 2 and "position 1" in err and "weight" in err
    code, _, err = run(capsys, "range", "AAKKQ")
    assert code == 2 and "position 5: a hand pattern has at most four cards" in err


def test_equity_with_a_range(capsys):
    code, out, _ = run(capsys, "equity", "As2s3h4h", "AA:$ds", "--board", "Ks7d2h", "--json")
    data = json.loads(out)
    want = equity(["As2s3h4h", "AA:$ds"], board="Ks7d2h")
    assert code == 0 and data["exact"]
    assert [p["equity"] for p in data["players"]] == [p.equity for p in want.players]
    assert data["players"][1]["hand"] == "AA:$ds"
    code, out, _ = run(capsys, "equity", "As2s3h4h", "AA:$ds", "--samples", "20000",
                       "--seed", "4")
    assert code == 0 and "Monte Carlo, seed 4" in out and "AA:$ds" in out


def test_every_example_in_range_help_parses(capsys):
    with pytest.raises(SystemExit):
        main(["range", "--help"])
    text = capsys.readouterr().out
    assert "%%" not in text        # a description is printed as written: one % sign
    examples = re.findall(r"'([^']+)'", text) + re.findall(r"(?<![\w%])\d+%(?!\w)", text)
    assert len(examples) >= 4, examples
    for example in examples:
        assert len(Range(example)) > 0, example
