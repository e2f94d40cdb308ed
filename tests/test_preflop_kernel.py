"""The preflop equity data: the C Monte Carlo kernel against exact enumeration (the
public ``omaha_fast.equity``, one hand pair at a time), card removal against a count
written here, the stated error against the measured one, blocks and resumption."""

from __future__ import annotations

import os

import numpy as np
import pytest

from omaha_fast import _core, equity, format_cards
from omaha_fast.errors import InvalidCardError, InvalidValueError
from omaha_fast.preflop import EquityData, PreflopValueError, build, class_table
from omaha_fast.preflop.matrix import exact_cells

T = class_table()


def cls(text: str) -> int:
    return T.index(text)


def brute_cell(row: int, group: list[int], game: str = "hilo") -> tuple[int, float, float]:
    """(compatible hands, mean pot share, mean high part) of a class's canonical hand
    against every hand of the group's classes that shares no card with it, each pair
    enumerated exactly by omaha_fast.equity."""
    hero = [int(c) for c in T.canonical[row]]
    hands, _ = T.member_rows(group)
    shares, highs = [], []
    for v in hands.tolist():
        if set(v) & set(hero):
            continue
        r = equity([format_cards(hero), format_cards(v)], game=game, mode="exact", threads=1)
        shares.append(r.players[0].equity)
        highs.append(r.players[0].high_share)
    return len(shares), float(np.mean(shares)), float(np.mean(highs))


# hand-picked: a blocker-heavy pair (the villain class shares ranks and suits with the
# hero), a dominated pair, a low against a high, and a class against itself
CELLS = [("AsAh2s3h", ["AdAc2d3c"]), ("AsAh2s3h", ["KsKhQdJd"]),
         ("KsKhQdJd", ["KcKdQhJh", "7c7d7h2s"]), ("2c3d4h5s", ["AsAhKsKh"]),
         ("9c8d7h6s", ["9c8d7h6s"])]


@pytest.mark.parametrize("hero,villains", CELLS)
def test_kernel_matches_exact_enumeration(hero: str, villains: list[str]) -> None:
    row, group = cls(hero), sorted({cls(v) for v in villains})
    n, share, high = brute_cell(row, group)
    data = build([row], [group], samples=20_000, workers=1, seed=7)
    assert int(data.compat[0, 0]) == n
    err = float(data.std_error[0, 0])
    assert err < 0.006          # 0 only where every deal ends alike (9876 rainbow: a chop)
    assert abs(float(data.share[0, 0]) - share) <= 5 * err + 1e-12
    assert abs(float(data.high[0, 0]) - high) <= 5 * err + 0.003
    assert abs(float(data.low[0, 0]) - (share - high)) <= 5 * err + 0.003


def test_random_cells_within_their_stated_error() -> None:
    """Random small classes against random groups: the z-scores of the Monte Carlo cells
    against exact enumeration look like standard normals (none beyond 4.5, mean square
    not far above 1), so the stated error is the real one."""
    rng = np.random.default_rng(3)
    small = np.flatnonzero(T.combos <= 4)        # few hands a class: quick exact cells
    rows = rng.choice(small, 3, replace=False)
    groups = [sorted(rng.choice(small, 2, replace=False).tolist()) for _ in range(3)]
    data = build(rows, groups, samples=4_000, workers=1, seed=11)
    exact = build(rows, groups, samples=0, workers=1)
    z = []
    for i in range(3):
        for g in range(3):
            assert data.compat[i, g] == exact.compat[i, g]
            if data.compat[i, g]:
                z.append((data.share[i, g] - exact.share[i, g]) / data.std_error[i, g])
    z = np.array(z)
    assert len(z) >= 6 and np.abs(z).max() < 4.5 and float(np.mean(z ** 2)) < 3.0


def test_exact_cells_agree_with_brute_force() -> None:
    row, group = cls("AsAh2s3h"), [cls("KsKhQdJd")]
    n, share, high = brute_cell(row, group)
    s, h, e, c = exact_cells(np.array([row]), np.array(group), np.array([0, 1]))
    assert int(c[0, 0]) == n and s[0, 0] == pytest.approx(share, abs=1e-12)
    assert h[0, 0] == pytest.approx(high, abs=1e-12) and e[0, 0] == 0


def test_high_game() -> None:
    row, group = cls("AsAhKsKh"), [cls("QcQdJcJd")]
    n, share, _ = brute_cell(row, group, game="high")
    data = build([row], [group], samples=20_000, workers=1, game="high")
    assert int(data.compat[0, 0]) == n
    assert abs(float(data.share[0, 0]) - share) < 5 * float(data.std_error[0, 0])
    assert np.array_equal(data.share, data.high)        # no low half in the high game


def test_card_removal_counts_against_a_direct_count() -> None:
    rng = np.random.default_rng(5)
    rows = rng.choice(T.n, 4, replace=False)
    groups = [rng.choice(T.n, 3, replace=False).tolist() for _ in range(2)]
    data = build(rows, groups, samples=1, workers=1)
    for i, r in enumerate(rows):
        hero = set(T.canonical[r].tolist())
        for g, group in enumerate(groups):
            hands, _ = T.member_rows(group)
            assert data.compat[i, g] == sum(not (set(h) & hero) for h in hands.tolist())


def test_blocks_and_seeds_do_not_change_the_result(tmp_path: str) -> None:
    rows = T.order[:7]
    groups = [T.order[k:k + 3] for k in range(0, 9, 3)]
    one = build(rows, groups, samples=300, workers=1, block=7)
    many = build(rows, groups, samples=300, workers=1, block=2)
    assert np.array_equal(one.share, many.share) and np.array_equal(one.compat, many.compat)
    other = build(rows, groups, samples=300, workers=1, seed=1)
    assert not np.array_equal(one.share, other.share)


def test_a_rerun_skips_finished_blocks(tmp_path: str) -> None:
    rows = T.order[:6]
    groups = [T.order[:3], T.order[3:6]]
    d = str(tmp_path / "blocks")
    first = build(rows, groups, samples=200, workers=1, block=2, directory=d)
    files = sorted(os.listdir(d))
    assert files == ["block-000000.npz", "block-000002.npz", "block-000004.npz",
                     "question.json"]
    os.remove(os.path.join(d, "block-000002.npz"))
    computed: list[int] = []
    again = build(rows, groups, samples=200, workers=1, block=2, directory=d,
                  progress=lambda done, total: computed.append(done))
    assert computed == [6]                     # one block of two rows ran: 4 + 2
    assert np.array_equal(first.share, again.share)
    with pytest.raises(PreflopValueError, match="another build"):
        build(rows, groups, samples=100, workers=1, block=2, directory=d)


def test_local_processes_give_the_same_cells() -> None:
    rows = T.order[:4]
    groups = [T.order[:2], T.order[2:4]]
    here = build(rows, groups, samples=100, workers=1, block=1)
    pool = build(rows, groups, samples=100, workers=2, block=1)
    assert np.array_equal(here.share, pool.share)


def test_save_and_load(tmp_path: str) -> None:
    data = build(T.order[:3], [T.order[:3]], samples=50, workers=1)
    path = str(tmp_path / "d.npz")
    data.save(path)
    back = EquityData.load(path)
    assert np.array_equal(back.share, data.share) and back.samples == 50
    bad = tmp_path / "bad.npz"
    np.savez(bad, x=np.zeros(2))
    with pytest.raises(PreflopValueError, match="not preflop equity data"):
        EquityData.load(str(bad))


@pytest.mark.parametrize("kw,match", [
    ({"samples": -1}, "samples"), ({"samples": 1.5}, "samples"), ({"block": 0}, "block"),
    ({"game": "razz"}, "game")])
def test_bad_arguments(kw: dict, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        build([0], [[1]], workers=1, **kw)


@pytest.mark.parametrize("rows,groups,match", [
    ([16432], [[1]], "class 16432"), ([0], [[-1]], "class -1"), ([0], [[]], "empty"),
    ([0], [[1], [1]], "two column groups"), ([0.5], [[1]], "rows must be"),
    ([0], [["AsKs"]], "a column group must be"), ([[0, 1]], [[1]], "rows must be")])
def test_bad_classes(rows: list[int], groups: list[list[int]], match: str) -> None:
    with pytest.raises(PreflopValueError, match=match):
        build(rows, groups, samples=1, workers=1)


def test_kernel_refuses_bad_hands_and_offsets() -> None:
    out = (np.empty(1), np.empty(1), np.empty(1), np.empty(1, np.uint32))
    good = np.array([0, 1, 2, 3], np.uint8)
    villain = np.array([4, 5, 6, 7], np.uint8)
    keys = np.zeros(1, np.uint64)
    start = np.array([0, 1], np.uint32)
    code = _core.game_code("hilo")
    _core.preflop_sample(good, keys, villain, start, keys, code, 10, 1, out)
    assert out[3][0] == 1
    dup = np.array([0, 1, 1, 3], np.uint8)
    with pytest.raises(InvalidCardError, match=r"hero row 0 .*twice"):
        _core.preflop_sample(dup, keys, villain, start, keys, code, 10, 1, out)
    high = np.array([4, 5, 6, 52], np.uint8)
    with pytest.raises(InvalidCardError, match="villain row 0"):
        _core.preflop_sample(good, keys, high, start, keys, code, 10, 1, out)
    with pytest.raises(InvalidValueError, match="bad argument"):    # offsets past the rows
        _core.preflop_sample(good, keys, villain, np.array([0, 2], np.uint32), keys, code,
                             10, 1, out)
    with pytest.raises(InvalidValueError, match="group starts"):
        _core.preflop_sample(good, keys, villain, np.array([0], np.uint32), keys, code, 10,
                             1, out)
    with pytest.raises(InvalidValueError, match="preflop cells output"):
        _core.preflop_sample(good, keys, villain, start, keys, code, 10, 1, out[:3] + (
            np.empty(2, np.uint32),))


@pytest.mark.slow
def test_dask_local_cluster_gives_the_same_cells() -> None:
    pytest.importorskip("distributed")
    rows = T.order[:6]
    groups = [T.order[:3], T.order[3:6]]
    here = build(rows, groups, samples=100, workers=1, block=2)
    cluster = build(rows, groups, samples=100, workers=2, block=2, dask="")
    assert np.array_equal(here.share, cluster.share)
    assert np.array_equal(here.compat, cluster.compat)
