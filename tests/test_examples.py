"""The example scripts run end to end (tiny sizes), so they cannot rot."""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_tabular_learner_trains_and_evaluates(capsys):
    example = _load("tabular_vs_random")
    result = example.main(["--episodes", "150", "--eval", "40", "--seed", "3"])
    out = capsys.readouterr().out
    assert "after 150 hands of training, over 40 hands against random" in out
    assert f"{result['learned_bb_per_episode']:+.3f} bb/episode" in out
    for key in ("learned_bb_per_episode", "random_bb_per_episode"):
        assert math.isfinite(result[key]) and -100 <= result[key] <= 100   # stacks of 100 bb
    assert 5 <= result["states"] <= 4 * 5 * 2
    again = example.main(["--episodes", "150", "--eval", "40", "--seed", "3"])
    assert again == result                      # seeded: the same run twice
