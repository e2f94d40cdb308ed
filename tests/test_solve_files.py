"""``omaha_fast.solve.load`` checks what it reads: a damaged file (any flipped byte, cut
short) or one whose arrays contradict each other or the node list is one
``SolvedFileError``, never a zlib, zip or numpy error and never a tree that is wrong."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from omaha_fast.cards import parse_cards  # noqa: E402
from omaha_fast.solve import BetTree, SolvedFileError, load, solve  # noqa: E402


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    r = solve("Ah Kd 7c 8s", "AA", "QQ", pot=10, stack=20,
              tree=BetTree(bets=(1.0,), raise_cap=0), iterations=2)
    path = tmp_path_factory.mktemp("solved") / "spot.npz"
    r.save(path)
    load(path)                                  # a sound file loads
    return path


def members(path: Path) -> dict[str, Any]:
    with np.load(path) as f:
        return {name: np.array(f[name]) for name in f.files}


def meta_of(m: dict[str, Any]) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(bytes(m["meta.json"]).decode())
    return doc


def with_meta(m: dict[str, Any], doc: dict[str, Any]) -> None:
    m["meta.json"] = np.frombuffer(json.dumps(doc).encode(), dtype=np.uint8)


def first_strategy(m: dict[str, Any]) -> str:
    return min((k for k in m if k.startswith("strategy")), key=lambda k: int(k[8:]))


def _nan_strategy(m: dict[str, Any]) -> None:
    m[first_strategy(m)][0, 0, 0] = np.nan


def _rows_off(m: dict[str, Any]) -> None:
    m[first_strategy(m)][0, 0, :] = 0.2


def _negative(m: dict[str, Any]) -> None:
    s = m[first_strategy(m)]
    s[0, 0, 0], s[0, 0, 1] = -0.5, 1.5


def _strategy_short(m: dict[str, Any]) -> None:
    k = first_strategy(m)
    m[k] = m[k][:, :-1]


def _strategy_wide(m: dict[str, Any]) -> None:
    k = first_strategy(m)
    m[k] = np.concatenate([m[k], np.zeros_like(m[k][:, :, :1])], axis=2)


def _hands_shape(m: dict[str, Any]) -> None:
    m["hands0"] = m["hands0"][:, :3]


def _hand_on_board(m: dict[str, Any]) -> None:
    m["hands1"][0, 0] = int(parse_cards("Ah")[0])


def _hand_not_a_card(m: dict[str, Any]) -> None:
    m["hands1"][0, 0] = 60


def _weights_short(m: dict[str, Any]) -> None:
    m["weights0"] = m["weights0"][:-1]


def _weights_negative(m: dict[str, Any]) -> None:
    m["weights0"][0] = -1.0


def _weights_nan(m: dict[str, Any]) -> None:
    m["weights1"][0] = np.nan


def _ev_short(m: dict[str, Any]) -> None:
    m["hand_ev1"] = m["hand_ev1"][:-1]


def _missing_strategy(m: dict[str, Any]) -> None:
    del m[first_strategy(m)]


def _meta(change: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    def apply(m: dict[str, Any]) -> None:
        doc = meta_of(m)
        change(doc)
        with_meta(m, doc)
    return apply


def _bad_child(doc: dict[str, Any]) -> None:
    doc["nodes"][0]["children"][0] = 10_000


def _an_action_too_many(doc: dict[str, Any]) -> None:
    doc["nodes"][0]["actions"].append("bet 99")


def _pot(doc: dict[str, Any]) -> None:
    doc["pot"] = float("inf")


def _river_on_board(doc: dict[str, Any]) -> None:
    doc["rivers"][0] = int(parse_cards("Kd")[0])


FAULTS = {
    "NaN strategy": _nan_strategy, "rows not adding to 1": _rows_off,
    "negative probability": _negative, "strategy for fewer hands": _strategy_short,
    "strategy with an action too many": _strategy_wide, "hands of three cards": _hands_shape,
    "hand holding a board card": _hand_on_board, "card 60": _hand_not_a_card,
    "weights for fewer hands": _weights_short, "negative weight": _weights_negative,
    "NaN weight": _weights_nan, "EVs for fewer hands": _ev_short,
    "missing strategy": _missing_strategy, "child out of the tree": _meta(_bad_child),
    "actions without children": _meta(_an_action_too_many), "infinite pot": _meta(_pot),
    "river card on the board": _meta(_river_on_board),
}


@pytest.mark.parametrize("fault", list(FAULTS))
def test_contradicting_arrays_are_refused(saved: Path, tmp_path: Path, fault: str) -> None:
    m = members(saved)
    FAULTS[fault](m)
    path = tmp_path / "bad.npz"
    np.savez_compressed(path, **m)
    with pytest.raises(SolvedFileError, match=str(path)):
        load(path)


def test_every_flipped_byte_is_one_error(saved: Path, tmp_path: Path) -> None:
    # was: zlib.error from a damaged compressed member
    data = saved.read_bytes()
    path = tmp_path / "flipped.npz"
    step = max(1, len(data) // 120)
    refused = 0
    for at in range(0, len(data), step):
        changed = bytearray(data)
        changed[at] ^= 0x5A
        path.write_bytes(bytes(changed))
        try:
            load(path)
        except SolvedFileError:
            refused += 1
    # a byte of the zip's own bookkeeping (a timestamp, a comment field) may change
    # nothing that is read: those load; every other is one SolvedFileError
    assert refused > 0.8 * len(range(0, len(data), step))


@pytest.mark.parametrize("keep", [0, 30, 100, 1000])
def test_a_file_cut_short_is_one_error(saved: Path, tmp_path: Path, keep: int) -> None:
    path = tmp_path / "cut.npz"
    path.write_bytes(saved.read_bytes()[:keep])
    with pytest.raises(SolvedFileError):
        load(path)
