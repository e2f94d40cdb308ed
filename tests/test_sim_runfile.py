"""Results files (``out=``, ``--out``) and resuming them (``resume=True``, ``--resume``):
an interrupted run keeps what was played, and finishing it gives exactly the result of an
uninterrupted run with the same seed. Also: blocks are planned lazily, so memory does not
grow with the number of hands asked for."""

from __future__ import annotations

import json
import os
import signal
import tracemalloc

import pytest

from omaha_fast import FixedLimit, PotLimit
from omaha_fast.cli import main
from omaha_fast.errors import InvalidValueError, OmahaError
from omaha_fast.sim import simulate, tournament
from omaha_fast.sim.runfile import RunFileError, read_run_file

AGENTS = ["random", "station", "random"]
FL = FixedLimit(10, 20)
RUN = {"hands": 2000, "seed": 17, "block_size": 200}


class Stop(Exception):
    """Raised by a progress callback to stop a run after some blocks."""


def stop_after(blocks):
    seen = []

    def progress(done, total):
        seen.append(done)
        if len(seen) >= blocks:
            raise KeyboardInterrupt
    return progress


@pytest.fixture(scope="module")
def whole():
    return simulate(AGENTS, FL, workers=1, **RUN)


@pytest.mark.parametrize("workers", [1, 2])
def test_an_interrupted_run_resumed_gives_the_uninterrupted_result(tmp_path, whole, workers):
    path = tmp_path / "run.jsonl"
    with pytest.raises(KeyboardInterrupt):
        simulate(AGENTS, FL, workers=workers, out=path, progress=stop_after(3), **RUN)
    settings, parts, _ = read_run_file(str(path))
    assert settings["seed"] == 17 and settings["hands"] == 2000
    assert 3 <= len(parts) < 10                 # what was played is kept, not more
    kept = sorted(parts)
    calls = []
    resumed = simulate(AGENTS, FL, workers=workers, out=path, resume=True,
                       progress=lambda done, total: calls.append((done, total)), **RUN)
    assert resumed == whole
    assert calls[-1] == (2000, 2000) and calls[0][0] > 200 * len(kept)   # counted from
    lines = path.read_text().splitlines()                                 # what was kept
    assert json.loads(lines[-1])["result"] == json.loads(json.dumps(whole.to_dict()))
    assert len(lines) == 1 + 10 + 1             # settings, every block once, the result


def test_a_resumed_run_takes_the_seed_of_its_file(tmp_path):
    path = tmp_path / "run.jsonl"
    with pytest.raises(KeyboardInterrupt):
        simulate(AGENTS, FL, hands=1000, block_size=100, workers=1, out=path,
                 progress=stop_after(2))
    seed = read_run_file(str(path))[0]["seed"]
    resumed = simulate(AGENTS, FL, hands=1000, block_size=100, workers=1, out=path,
                       resume=True)
    assert resumed.seed == seed
    assert resumed == simulate(AGENTS, FL, hands=1000, block_size=100, workers=1, seed=seed)


def test_a_line_cut_short_is_played_again(tmp_path, whole):
    path = tmp_path / "run.jsonl"
    with pytest.raises(KeyboardInterrupt):
        simulate(AGENTS, FL, workers=1, out=path, progress=stop_after(4), **RUN)
    text = path.read_text()
    path.write_text(text[:-40])                 # a crash in the middle of a line
    assert len(read_run_file(str(path))[1]) == 3
    assert simulate(AGENTS, FL, workers=1, out=path, resume=True, **RUN) == whole


def test_resuming_with_other_settings_is_refused(tmp_path):
    path = tmp_path / "run.jsonl"
    simulate(AGENTS, FL, workers=1, out=path, hands=400, seed=1, block_size=200)
    with pytest.raises(RunFileError, match="another run: its hands differs"):
        simulate(AGENTS, FL, workers=1, out=path, resume=True, hands=600, seed=1,
                 block_size=200)
    with pytest.raises(RunFileError, match="agents, labels differ"):
        simulate(["random", "random", "random"], FL, workers=1, out=path, resume=True,
                 hands=400, seed=1, block_size=200)
    (tmp_path / "other.txt").write_text("hello\n")
    with pytest.raises(RunFileError, match="not a results file"):
        simulate(AGENTS, FL, workers=1, out=tmp_path / "other.txt", resume=True, hands=400)
    assert issubclass(RunFileError, OmahaError) and issubclass(RunFileError, ValueError)


def test_tournaments_resume_too(tmp_path):
    path = tmp_path / "t.jsonl"
    kw = {"tournaments": 12, "seed": 3, "block_size": 2, "workers": 1}
    with pytest.raises(KeyboardInterrupt):
        tournament(["random", "station", "random"], FL, out=path, progress=stop_after(2),
                   **kw)
    assert tournament(["random", "station", "random"], FL, out=path, resume=True, **kw) == \
        tournament(["random", "station", "random"], FL, **kw)


def test_the_command_resumes_a_run_stopped_by_ctrl_c(tmp_path, capsys):
    from test_sim_signals import Run
    path = tmp_path / "run.jsonl"
    # PacedRandom is the random agent, slowed in the command only (a millisecond a
    # decision there): the Ctrl-C surely comes before the run's 40 blocks are played
    argv = ["simulate", "--agents", "paced_agents:PacedRandom,station", "--structure",
            "pl:1/2", "--hands", "2000", "--block-size", "50", "--seed", "8", "--workers",
            "2"]
    paced = tmp_path / "paced"
    paced.mkdir()
    run = Run(*argv, "--out", str(path), paced=paced)
    run.wait_for_blocks(path, 2)
    os.killpg(run.pid, signal.SIGINT)
    code, out, err = run.finish(timeout=60)
    assert code == 130 and out == ""
    assert f"continue with --resume {path}" in err
    played = read_run_file(str(path))[1]
    assert 2 <= len(played) < 40
    assert main(["simulate", "--resume", str(path), "--workers", "1", "--json"]) == 0
    resumed = capsys.readouterr().out
    assert main(argv[:-2] + ["--workers", "1", "--json"]) == 0
    assert json.loads(resumed) == json.loads(capsys.readouterr().out)
    # another run's file, or settings that differ from the file's: one line, exit 2
    assert main(["tournament", "--resume", str(path)]) == 2
    assert "is the results file of a simulate run" in capsys.readouterr().err
    assert main(["simulate", "--resume", str(path), "--hands", "3000"]) == 2
    assert "its hands differs" in capsys.readouterr().err


def _peak_while_playing(hands):
    tracemalloc.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            simulate(["random", "random"], FL, hands=hands, seed=1, block_size=10,
                     workers=1, progress=stop_after(3))
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_memory_does_not_grow_with_the_hands_asked_for():
    small = _peak_while_playing(30_000)              # 3,000 blocks
    large = _peak_while_playing(3_000_000)           # 300,000 blocks
    assert large < small + 200_000, (small, large)
    assert _peak_while_playing(100_000_000_000) < small + 200_000


def test_a_huge_run_starts_at_once_on_every_backend(tmp_path):
    # the first blocks come back long before a plan of 10**8 blocks could have been made
    with pytest.raises(KeyboardInterrupt):
        simulate(["random", "random"], FL, hands=100_000_000_000, seed=1, block_size=1000,
                 workers=2, progress=stop_after(2))


def test_simulate_reads_the_structure_text_as_the_command_does():
    want = simulate(["random", "station"], PotLimit(), blinds=(1, 2), hands=300, seed=2,
                    workers=1)
    assert simulate(["random", "station"], "pl:1/2", hands=300, seed=2, workers=1) == want
    assert simulate(["random", "station"], "pot-limit", blinds=(1, 2), hands=300, seed=2,
                    workers=1) == want
    assert want.structure == "pl 1/2" and want.table().startswith("hilo pl 1/2, 300 hands")
    assert simulate(["random", "station"], "fixed-limit", blinds=(5, 10), hands=200, seed=2,
                    workers=1) == simulate(["random", "station"], FL, hands=200, seed=2,
                                           workers=1)
    with pytest.raises(InvalidValueError, match="has the big blind 2 but the blinds say 3"):
        simulate(["random", "station"], "nl:1/2", blinds=(1, 3), hands=10)
    with pytest.raises(InvalidValueError, match="needs its bets"):
        simulate(["random", "station"], "fixed-limit", hands=10)
    with pytest.raises(InvalidValueError, match="names the blinds 1/2 but blinds="):
        simulate(["random", "station"], "nl:1/2", blinds=(2, 2), hands=10)


def test_the_rl_environment_reads_structures_with_the_same_parser():
    pytest.importorskip("pettingzoo")
    from omaha_fast.env import omaha_hilo_v0
    from omaha_fast.game.structures import parse_structure
    env = omaha_hilo_v0.raw_env(structure="fl:2/4", blinds=(1, 2))
    assert env._table_settings["structure"] == parse_structure("fl:2/4")[0]
    env = omaha_hilo_v0.raw_env(structure="pl:1/2", blinds=(1, 2))
    assert env._table_settings["structure"] == PotLimit()
    with pytest.raises(InvalidValueError, match="big blind 4 but the blinds say 2"):
        omaha_hilo_v0.raw_env(structure="nl:2/4", blinds=(1, 2))
