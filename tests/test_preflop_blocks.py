"""A preflop build's block directory is verified on resume: a block of another build,
another block size, or a damaged file is refused with one line naming it, never trusted
and never a zip or pickle traceback; a resume of sound blocks equals a fresh build."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from omaha_fast.cli import main  # noqa: E402
from omaha_fast.preflop.blocks import BlockFileError  # noqa: E402
from omaha_fast.preflop.classes import class_table  # noqa: E402
from omaha_fast.preflop.matrix import build  # noqa: E402


def small(directory: Path, block: int = 2, seed: int = 3) -> Any:
    t = class_table()
    rows = t.order[:5]
    return build(rows, [[int(c)] for c in t.order[:3]], samples=16, seed=seed, block=block,
                 directory=str(directory), workers=1)


def test_a_resume_equals_a_fresh_build(tmp_path: Path) -> None:
    first = small(tmp_path / "b")
    assert sorted(p.name for p in (tmp_path / "b").iterdir()) == [
        "block-000000.npz", "block-000002.npz", "block-000004.npz", "question.json"]
    (tmp_path / "b" / "block-000002.npz").unlink()       # one block to compute again
    again = small(tmp_path / "b")
    fresh = small(tmp_path / "fresh")
    for name in ("share", "high", "std_error", "compat"):
        assert np.array_equal(getattr(again, name), getattr(fresh, name))
        assert np.array_equal(getattr(first, name), getattr(fresh, name))


@pytest.mark.parametrize("block", [1, 3, 5])
def test_another_block_size_is_refused(tmp_path: Path, block: int) -> None:
    # was: rows between the old blocks' ends and the new ones' left uninitialised
    small(tmp_path, block=2)
    with pytest.raises(BlockFileError, match=f"block 2, this build's is {block}"):
        small(tmp_path, block=block)


def test_another_question_is_refused(tmp_path: Path) -> None:
    small(tmp_path)
    with pytest.raises(BlockFileError, match="seed 3, this build's is 4"):
        small(tmp_path, seed=4)
    (tmp_path / "question.json").write_text("{not json")
    with pytest.raises(BlockFileError, match="question.json: unreadable"):
        small(tmp_path)


def _flip(path: Path) -> None:
    data = bytearray(path.read_bytes())
    # a byte inside the first member's data (past the zip and npy headers)
    data[200] ^= 0x01
    path.write_bytes(bytes(data))


def _rewrite(path: Path, **change: Any) -> None:
    """The block file with members changed (the checksum left as it was)."""
    with np.load(path) as f:
        members = {name: f[name] for name in f.files}
    members.update(change)
    for name in [k for k, v in change.items() if v is None]:
        del members[name]
    np.savez(str(path)[:-4], **members)


def _nan_share(path: Path) -> None:
    with np.load(path) as f:
        share = f["share"].copy()
    share[0, 0] = np.nan
    _rewrite(path, share=share)


def _more_share(path: Path) -> None:
    with np.load(path) as f:
        share = f["share"].copy()
    share[0, 0] = min(1.0, share[0, 0] + 0.1)
    _rewrite(path, share=share)


def _other_shape(path: Path) -> None:
    with np.load(path) as f:
        share = f["share"][:1].copy()
    _rewrite(path, share=share)


def _one_member_less(path: Path) -> None:
    with zipfile.ZipFile(path) as z:
        members = {n: z.read(n) for n in z.namelist() if n != "high.npy"}
    with zipfile.ZipFile(path, "w") as z:
        for name, data in members.items():
            z.writestr(name, data)


DAMAGE = {
    "flipped byte": (_flip, "damaged block file"),
    "truncated": (lambda p: p.write_bytes(p.read_bytes()[:300]), "damaged block file"),
    "empty": (lambda p: p.write_bytes(b""), "damaged block file"),
    "not a zip": (lambda p: p.write_bytes(b"PK\x03\x04" + b"\x00" * 64), "damaged"),
    "missing member": (_one_member_less, "no high"),
    "changed value": (_more_share, "checksum does not match"),
    "NaN": (_nan_share, "checksum does not match"),
    "other shape": (_other_shape, "checksum does not match"),
}


@pytest.mark.parametrize("how", list(DAMAGE))
def test_a_damaged_block_is_refused_naming_it(tmp_path: Path, how: str) -> None:
    small(tmp_path)
    path = tmp_path / "block-000002.npz"
    damage, message = DAMAGE[how]
    damage(path)
    with pytest.raises(BlockFileError, match=message) as err:
        small(tmp_path)
    assert str(path) in str(err.value) and "delete it" in str(err.value)


def test_a_consistent_forgery_is_still_checked(tmp_path: Path) -> None:
    # a block whose checksum was made to fit: its rows and values are checked all the same
    from omaha_fast.preflop.blocks import _checksum
    small(tmp_path)
    path = tmp_path / "block-000002.npz"
    with np.load(path) as f:
        members = {name: f[name] for name in f.files}
    members["share"] = members["share"].copy()
    members["share"][0, 0] = np.nan
    members["checksum"] = np.str_(_checksum(members))
    np.savez(str(path)[:-4], **members)
    with pytest.raises(BlockFileError, match="not a number"):
        small(tmp_path)
    members["share"][0, 0] = 0.5
    members["rows"] = members["rows"][::-1].copy()
    members["checksum"] = np.str_(_checksum(members))
    np.savez(str(path)[:-4], **members)
    with pytest.raises(BlockFileError, match="rows"):
        small(tmp_path)


@pytest.mark.parametrize("how", ["flipped byte", "truncated", "missing member"])
def test_the_command_says_one_line(tmp_path: Path, how: str,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    d, out = tmp_path / "blocks", tmp_path / "data.npz"
    argv = ["preflop", "build", "--top", "3", "--samples", "10", "--processes", "1",
            "--blocks", str(d), "--out", str(out), "--json"]
    assert main(argv) == 0
    capsys.readouterr()
    DAMAGE[how][0](d / "block-000000.npz")
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and str(d / "block-000000.npz") in err
    assert "Traceback" not in err


@pytest.mark.parametrize("how", ["flipped byte", "truncated", "empty"])
def test_damaged_equity_data_is_one_error(tmp_path: Path, how: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "data.npz"
    assert main(["preflop", "build", "--top", "3", "--samples", "10", "--processes", "1",
                 "--out", str(out), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rows"] == 3
    DAMAGE[how][0](out)
    assert main(["preflop", "solve", "--stack", "5", "--data", str(out)]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and str(out) in err and "not preflop equity" in err


def test_any_flipped_byte_is_refused_or_changes_nothing(tmp_path: Path) -> None:
    fresh = small(tmp_path)
    path = tmp_path / "block-000002.npz"
    data = path.read_bytes()
    for at in range(0, len(data), max(1, len(data) // 80)):
        changed = bytearray(data)
        changed[at] ^= 0x5A
        path.write_bytes(bytes(changed))
        try:
            again = small(tmp_path)
        except BlockFileError as err:
            assert str(path) in str(err)
        else:       # a byte of the zip's bookkeeping that nothing reads
            assert np.array_equal(again.share, fresh.share)
