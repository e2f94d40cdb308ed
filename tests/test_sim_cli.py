"""omaha-fast simulate and tournament: JSON against the API, errors, the progress bar,
the plot (Ctrl-C and SIGTERM: test_sim_signals.py)."""

from __future__ import annotations

import json

import pytest

from omaha_fast import FixedLimit, NoLimit
from omaha_fast.cli import main
from omaha_fast.sim import simulate, tournament


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_json_matches_the_api(capsys):
    code, out, _ = run(capsys, "simulate", "--agents", "random,station,random", "--hands",
                       "400", "--seed", "3", "--workers", "1", "--json")
    want = simulate(["random", "station", "random"], FixedLimit(10, 20), hands=400, seed=3,
                    workers=1)
    assert code == 0 and json.loads(out) == json.loads(json.dumps(want.to_dict()))


def test_simulate_table_names_every_agent(capsys):
    code, out, _ = run(capsys, "simulate", "--agents", f"station,{__name__}:Folder",
                       "--structure", "nl:1/2", "--hands", "200", "--seed", "1",
                       "--workers", "1", "--stacks", "carry")
    want = simulate(["station", Folder], NoLimit(), blinds=(1, 2), hands=200, seed=1,
                    workers=1, stacks="carry")
    assert code == 0 and out.strip() == want.table()
    assert "Folder" in out and "seed 1" in out


def test_tournament_json_matches_the_api(capsys):
    code, out, _ = run(capsys, "tournament", "--agents", "random,station,random,random",
                       "--tournaments", "6", "--seed", "2", "--workers", "1",
                       "--payouts", "70,30", "--json")
    want = tournament(["random", "station", "random", "random"], FixedLimit(10, 20),
                      tournaments=6, seed=2, workers=1, payouts=[70, 30])
    data = json.loads(out)
    assert code == 0 and data == json.loads(json.dumps(want.to_dict()))
    assert sum(a["places"][0] for a in data["agents"]) == 6


@pytest.mark.parametrize("argv, message", [
    (["simulate", "--agents", "random,random", "--structure", "fl10/20"], "structure must"),
    (["simulate", "--agents", "random,nobody"], "unknown agent 'nobody'"),
    (["simulate", "--agents", "random"], "2 to 10 agents"),
    (["simulate", "--agents", "random,random", "--hands", "0"], "hands must be"),
    (["simulate", "--agents", "random,random", "--dask", "--scheduler", "tcp://x:1"],
     "give one of them"),
    (["tournament", "--agents", "random,random,random", "--payouts", "50,40"],
     "payouts must"),
])
def test_bad_input_exits_2_with_the_reason(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert message in err and err.startswith(f"omaha-fast {argv[0]}: error:")


class Folder:
    def act(self, view, legal):
        return ("fold", None) if legal.can_fold else ("check", None)


def test_plot_writes_a_png(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "winnings.png"
    code, out, _ = run(capsys, "simulate", "--agents", "random,station", "--hands", "300",
                       "--seed", "1", "--workers", "1", "--block-size", "50", "--plot",
                       str(path))
    assert code == 0 and "station" in out
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_help_shows_plain_percent_signs(capsys, command):
    with pytest.raises(SystemExit) as info:
        main([command, "--help"])
    out = capsys.readouterr().out
    assert info.value.code == 0
    assert "%%" not in out
    if command == "simulate":
        assert "95% interval" in out and "95% bands" in out


@pytest.mark.parametrize("name, message", [
    ("winnings.xyz", "the extension says the format, .xyz is none of"),
    ("winnings", "no extension is none of"),
    ("missing-folder/winnings.png", "there is no folder"),
])
def test_a_bad_plot_path_is_refused_before_the_run(capsys, tmp_path, name, message):
    pytest.importorskip("matplotlib")
    # the results come before the plot (the next test): a refusal after the run would
    # follow them on stdout
    code, out, err = run(capsys, "simulate", "--agents", "random,random", "--hands", "2000",
                         "--workers", "1", "--plot", str(tmp_path / name))
    assert code == 2 and out == ""
    assert err.startswith("omaha-fast simulate: error: cannot plot to ") and message in err
    assert err.count("\n") == 1


def test_the_results_are_printed_before_the_plot_is_drawn(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "winnings.svg"
    code, out, _ = run(capsys, "simulate", "--agents", "random,station", "--hands", "200",
                       "--seed", "1", "--workers", "1", "--plot", str(path))
    assert code == 0 and out.startswith("hilo fl 10/20, 200 hands, seed 1")
    assert path.read_text().lstrip().startswith("<?xml")


AGENT_FILE = """
class Folder:
    def act(self, view, legal):
        return ("fold", None) if legal.can_fold else ("check", None)

class NoAct:
    pass

class Broken:
    def __init__(self):
        raise RuntimeError("no model file")

    def act(self, view, legal):
        return ("call", None)
"""


def test_module_class_agents_come_from_the_current_directory(tmp_path):
    from test_sim_signals import Run
    (tmp_path / "house_agents.py").write_text(AGENT_FILE)
    run_ = Run("simulate", "--agents", "house_agents:Folder,station", "--hands", "600",
               "--seed", "1", "--workers", "2", "--block-size", "200", cwd=str(tmp_path))
    code, out, err = run_.finish(timeout=60)
    assert code == 0, err
    assert out.splitlines()[2].split()[:3] == ["0", "Folder", "600"]


@pytest.mark.parametrize("agent, message", [
    ("house_agents:NoAct", "agent 'house_agents:NoAct' has no act(view, legal) method"),
    ("house_agents:Broken", "agent 'house_agents:Broken' could not be made: its constructor "
                            "raised RuntimeError: no model file"),
    ("house_agents:Nobody", "cannot load agent 'house_agents:Nobody'"),
])
def test_an_agent_that_cannot_be_made_is_one_line_naming_it(tmp_path, capsys, monkeypatch,
                                                            agent, message):
    (tmp_path / "house_agents.py").write_text(AGENT_FILE)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    code, out, err = run(capsys, "simulate", "--agents", f"random,{agent}", "--hands", "10")
    assert code == 2 and out == ""
    assert err.startswith(f"omaha-fast simulate: error: {message}")
    assert err.count("\n") == 1


@pytest.mark.parametrize("text", ["pl:1/2", "pl 1/2", "pot-limit:1/2"])
def test_the_command_reads_structures_with_the_shared_parser(capsys, text):
    code, out, _ = run(capsys, "simulate", "--agents", "random,station", "--structure", text,
                       "--hands", "200", "--seed", "4", "--workers", "1")
    want = simulate(["random", "station"], "pl:1/2", hands=200, seed=4, workers=1)
    assert code == 0 and out.strip() == want.table()
    assert out.startswith("hilo pl 1/2, 200 hands, seed 4")       # the blinds are shown
