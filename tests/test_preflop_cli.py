"""``omaha-fast preflop``: build and solve on small data, JSON, the plot, and one-line
errors with exit status 2."""

from __future__ import annotations

import json
import os
import sys
from typing import Any

import pytest

from omaha_fast.cli import main


@pytest.fixture(scope="module")
def data_file(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = str(tmp_path_factory.mktemp("preflop") / "top8.npz")
    assert main(["preflop", "build", "--top", "8", "--samples", "200", "--processes", "1",
                 "--out", path, "--json"]) == 0
    return path


def test_build_summary(data_file: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert os.path.exists(data_file)
    out = data_file + ".again.npz"
    assert main(["preflop", "build", "--top", "3", "--samples", "10", "--processes", "1",
                 "--out", out, "--json"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["rows"] == 3 and summary["groups"] == 3 and summary["samples"] == 10


def test_solve_json(data_file: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["preflop", "solve", "--data", data_file, "--stacks", "1,5-6", "--json",
                 "--iterations", "500"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [s["stack"] for s in doc["stacks"]] == [1.0, 5.0, 6.0]
    first = doc["stacks"][0]
    assert first["call_hands"] == pytest.approx(1.0, abs=0.01)   # 1 bb: the BB always calls
    for s in doc["stacks"]:
        assert 0 <= s["jam_hands"] <= 1 and s["exploitability_mbb"] >= 0
        assert s["class_exploitability_mbb"] >= s["exploitability_mbb"] - 1e-6
        assert len(s["marginal_sb"]) == 1 and len(s["marginal_sb"][0]["hand"]) == 8


def test_solve_table_and_plot(data_file: str, tmp_path: str,
                              capsys: pytest.CaptureFixture[str]) -> None:
    png = str(tmp_path / "jf.png")
    assert main(["preflop", "solve", "--data", data_file, "--stacks", "2,10", "--plot", png,
                 "--iterations", "300", "--marginal", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:2] == ["S", "jam"] and len(lines) == 3
    assert lines[1].split()[0] == "2" and lines[2].count(",") == 2
    with open(png, "rb") as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("argv,message", [
    (["solve", "--stacks", "ten"], "stacks 'ten'"),
    (["solve", "--stacks", "0.5"], "below the big blind"),
    (["solve", "--ante", "-1"], "ante must be >= 0"),
    (["solve", "--iterations", "0"], "iterations"),
    (["solve", "--marginal", "-1"], "--marginal"),
    (["build", "--samples", "0"], "--samples must be at least 1"),
    (["build", "--exact", "--samples", "5"], "do not go together"),
    (["build", "--top", "1"], "--top must be in"),
    (["build", "--buckets", "64"], "needs --out"),
    (["build", "--top", "4", "--samples", "5"], "needs --out"),
    (["build", "--buckets", "0", "--out", "x.npz"], "buckets must be in"),
])
def test_bad_input_is_one_line(data_file: str, argv: list[str], message: str,
                               capsys: pytest.CaptureFixture[str]) -> None:
    if argv[0] == "solve":
        argv = [*argv, "--data", data_file]
    assert main(["preflop", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1
    assert err.startswith("omaha-fast preflop: error:")


def test_missing_or_bad_data(tmp_path: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["preflop", "solve", "--data", str(tmp_path / "none.npz")]) == 2
    assert "omaha-fast preflop build" in capsys.readouterr().err
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a zip")
    assert main(["preflop", "solve", "--data", str(bad)]) == 2
    assert "not preflop equity data" in capsys.readouterr().err


def test_python_dash_m_preflop() -> None:
    import subprocess
    import sys
    run = subprocess.run([sys.executable, "-m", "omaha_fast.preflop", "solve", "--stacks",
                          "1-x"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.startswith("omaha-fast preflop: error: stacks '1-x'")
    assert len(run.stderr.strip().splitlines()) == 1


def test_blocks_only_then_estimate(tmp_path: str, capsys: pytest.CaptureFixture[str]) -> None:
    d = str(tmp_path / "blocks")
    argv = ["preflop", "build", "--top", "5", "--samples", "20", "--processes", "1",
            "--blocks", d, "--blocks-only", "--json"]
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out) == {"blocks": d, "computed": 1}
    assert main(argv) == 0                       # a rerun finds the block done
    assert json.loads(capsys.readouterr().out)["computed"] == 0
    assert main(["preflop", "build", "--top", "6", "--exact", "--estimate", "--json",
                 "--processes", "2"]) == 0
    est = json.loads(capsys.readouterr().out)
    assert est["cells"] == 36 and est["seconds_per_cell"] > 0
    assert est["seconds"] == pytest.approx(est["core_seconds"] / 2)
    assert main(["preflop", "build", "--blocks-only"]) == 2
    assert "--blocks-only needs --blocks" in capsys.readouterr().err
    assert main(["preflop", "build", "--blocks-only", "--blocks", d]) == 2
    assert "needs --top or --one-pass" in capsys.readouterr().err


def test_the_default_data_path(data_file: str, tmp_path: str, monkeypatch: pytest.MonkeyPatch,
                               capsys: pytest.CaptureFixture[str]) -> None:
    """Solves read the default data (here named by OMAHA_FAST_PREFLOP_DATA) without
    --data; a missing default says how to build it."""
    from omaha_fast.preflop import default_path, load_data
    monkeypatch.setenv("OMAHA_FAST_PREFLOP_DATA", data_file)
    assert default_path() == data_file and len(load_data().rows) == 8
    assert main(["preflop", "solve", "--stacks", "3", "--json", "--iterations", "50"]) == 0
    assert json.loads(capsys.readouterr().out)["stacks"][0]["stack"] == 3.0
    monkeypatch.setenv("OMAHA_FAST_PREFLOP_DATA", str(tmp_path / "none.npz"))
    assert main(["preflop", "solve"]) == 2
    assert "'omaha-fast preflop build'" in capsys.readouterr().err


def test_plot_without_matplotlib_names_the_extra(data_file: str, tmp_path: str,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    import sys
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)   # import fails as if absent
    assert main(["preflop", "solve", "--data", data_file, "--stacks", "2", "--iterations",
                 "20", "--plot", str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err
    assert "pip install 'omaha_fast[plot]'" in err and len(err.strip().splitlines()) == 1


def test_the_default_data_lives_in_the_platforms_cache(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Any) -> None:
    from platformdirs import user_cache_dir

    from omaha_fast.preflop import default_path
    monkeypatch.delenv("OMAHA_FAST_PREFLOP_DATA", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    path = default_path()
    assert os.path.dirname(path) == user_cache_dir("omaha_fast", appauthor=False)
    assert os.path.basename(path) == "preflop-hilo-b128-s256.npz"
    if sys.platform.startswith("linux"):         # the XDG variable is Linux's
        assert path == str(tmp_path / "omaha_fast" / "preflop-hilo-b128-s256.npz")


def test_the_build_serves_the_dask_dashboard_on_request(tmp_path: Any,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    """--dashboard with an embedded cluster prints where its dashboard is, and builds the
    same data as local processes; beside a scheduler address it is refused."""
    pytest.importorskip("distributed")
    pytest.importorskip("bokeh")
    import numpy as np

    from omaha_fast.preflop import load_data
    base = ["preflop", "build", "--top", "3", "--samples", "10", "--quiet"]
    assert main(base + ["--processes", "1", "--out", str(tmp_path / "local.npz")]) == 0
    assert main(base + ["--dask", "--processes", "1", "--dashboard", "127.0.0.1:0",
                        "--out", str(tmp_path / "dask.npz")]) == 0
    assert "the Dask dashboard: http://127.0.0.1:" in capsys.readouterr().err
    local, dask = load_data(str(tmp_path / "local.npz")), load_data(str(tmp_path / "dask.npz"))
    assert np.array_equal(local.share, dask.share)
    assert main(base + ["--dask", "tcp://127.0.0.1:1", "--dashboard"]) == 2
    assert "--dashboard is the embedded cluster's" in capsys.readouterr().err
