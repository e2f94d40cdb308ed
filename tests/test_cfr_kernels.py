"""The CFR node kernels (omaha_fast.cfr_kernels over csrc/dcfr.c) against the same update written
in numpy, on random inputs and hand-picked edges."""

import numpy as np
import pytest

from omaha_fast.cfr_kernels import CfrTypeError, CfrValueError, child_reaches, dcfr_update
from omaha_fast.errors import InvalidTypeError, InvalidValueError


def numpy_update(regrets, sums, current, values, own, disc):
    """The update as whole-array operations, action-major (A, count)."""
    pos, neg, avg = disc
    v = np.array(values)
    node = (current * v).sum(axis=0)
    r = regrets * np.where(regrets > 0, pos, neg) + v - node
    s = sums * avg + own * current
    plus = np.maximum(r, 0)
    total = plus.sum(axis=0)
    nxt = np.where(total > 0, plus / np.where(total > 0, total, 1), 1 / len(values))
    return node, r, s, nxt


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("actions", [1, 2, 3, 5, 16])
def test_update_agrees_with_numpy(dtype, actions):
    rng = np.random.default_rng(actions)
    count = 301
    regrets = rng.normal(size=(actions, count)).astype(dtype)
    regrets[:, :40] = -np.abs(regrets[:, :40])          # hands with no positive regret
    regrets[:, 40:50] = 0.0
    sums = rng.random((actions, count)).astype(dtype)
    current = rng.random((actions, count)).astype(dtype)
    current /= current.sum(axis=0)
    values = [rng.normal(size=count) * 10 for _ in range(actions)]
    own = rng.random(count)
    disc = (0.8, 0.5, 0.9)
    want = numpy_update(regrets.astype(np.float64), sums.astype(np.float64),
                        current.astype(np.float64), values, own, disc)
    node = dcfr_update(regrets, sums, current, values, own, disc)
    tol = 1e-12 if dtype == np.float64 else 1e-5
    for got, exp in zip((node, regrets, sums, current), want):
        np.testing.assert_allclose(got, exp, rtol=tol, atol=tol)
    np.testing.assert_allclose(current.sum(axis=0), 1.0, rtol=1e-6)


def test_rows_of_hands_and_a_broadcast_reach():
    """(A, B, n) state (a turn's rows of hands), own reach broadcast from (1, n)."""
    rng = np.random.default_rng(3)
    regrets = rng.normal(size=(3, 4, 50)).astype(np.float32)
    sums, current = np.zeros_like(regrets), np.full_like(regrets, 1 / 3)
    values = [rng.normal(size=(4, 50)) for _ in range(3)]
    own = rng.random((1, 50))
    want = numpy_update(regrets.astype(np.float64), sums.astype(np.float64),
                        current.astype(np.float64), values, np.broadcast_to(own, (4, 50)),
                        (0.5, 0.5, 0.5))
    out = np.empty((4, 50))
    assert dcfr_update(regrets, sums, current, values, own, (0.5, 0.5, 0.5), out) is out
    for got, exp in zip((out, regrets, sums, current), want):
        np.testing.assert_allclose(got, exp, rtol=1e-5, atol=1e-5)


def test_bad_arrays_are_refused_and_change_nothing():
    count, actions = 10, 3
    regrets = np.ones((actions, count))
    sums, current = np.zeros_like(regrets), np.full_like(regrets, 1 / 3)
    values = [np.ones(count)] * actions
    own = np.ones(count)
    before = regrets.copy()
    with pytest.raises(CfrValueError, match=r"sums must have shape \(3, 10\)"):
        dcfr_update(regrets, sums[:, :9].copy(), current, values, own, (1, 1, 1))
    with pytest.raises(CfrValueError, match=r"values\[2\] must have shape \(10,\)"):
        dcfr_update(regrets, sums, current, values[:2] + [np.ones(9)], own, (1, 1, 1))
    with pytest.raises(CfrValueError, match="one array per action"):
        dcfr_update(regrets, sums, current, values[:2], own, (1, 1, 1))
    with pytest.raises(CfrValueError, match="1 to 16 actions"):
        dcfr_update(np.zeros((17, 2)), np.zeros((17, 2)), np.zeros((17, 2)),
                    [np.zeros(2)] * 17, np.ones(2), (1, 1, 1))
    with pytest.raises(CfrTypeError, match="sums must be float64, got float32"):
        dcfr_update(regrets, sums.astype(np.float32), current, values, own, (1, 1, 1))
    with pytest.raises(CfrTypeError, match="regrets must be a numpy array"):
        dcfr_update(regrets.tolist(), sums, current, values, own, (1, 1, 1))
    with pytest.raises(CfrValueError, match="C-contiguous"):
        dcfr_update(regrets, np.asfortranarray(sums), current, values, own, (1, 1, 1))
    with pytest.raises(CfrValueError, match="three numbers"):
        dcfr_update(regrets, sums, current, values, own, (1, 1))
    with pytest.raises(CfrTypeError, match="three numbers"):
        dcfr_update(regrets, sums, current, values, own, ("a", 1, 1))
    with pytest.raises(CfrValueError, match="threads"):
        dcfr_update(regrets, sums, current, values, own, (1, 1, 1), threads=0)
    assert (regrets == before).all()
    assert issubclass(CfrValueError, InvalidValueError) and issubclass(CfrValueError, ValueError)
    assert issubclass(CfrTypeError, InvalidTypeError) and issubclass(CfrTypeError, TypeError)


@pytest.mark.parametrize("threads", [None, 1, 2, 3])
def test_threads_give_the_same_update(threads):
    """Blocks of hands per thread (from 50,000 hands a thread): the same numbers."""
    rng = np.random.default_rng(threads or 0)
    count, actions = 160_003, 3
    state = [rng.normal(size=(actions, count)).astype(np.float32) for _ in range(3)]
    values = [rng.normal(size=count) for _ in range(actions)]
    own = rng.random(count)
    want = [a.copy() for a in state]
    node_want = dcfr_update(*want, values, own, (0.9, 0.4, 0.7), threads=1)
    node = dcfr_update(*state, values, own, (0.9, 0.4, 0.7), threads=threads)
    for got, exp in zip(state + [node], want + [node_want]):
        np.testing.assert_array_equal(got, exp)


@pytest.mark.parametrize("threads", [1, 2])
def test_children_reaches(threads):
    """child_reaches: each child's reach is the node's reach times the action's frequency,
    for the children asked for only; bad arrays are refused."""
    rng = np.random.default_rng(7)
    count, actions = 120_001, 4
    reach = rng.random(count)
    strategy = rng.random((actions, count)).astype(np.float32)
    outs = [np.full(count, -1.0) for _ in range(actions)]
    outs[2] = None
    child_reaches(reach, strategy, outs, threads)
    for a, out in enumerate(outs):
        if out is not None:
            np.testing.assert_array_equal(out, reach * strategy[a].astype(np.float64))
    with pytest.raises(CfrValueError, match="one array"):
        child_reaches(reach, strategy, outs[:3], threads)
    with pytest.raises(CfrTypeError, match="strategy must be float32"):
        child_reaches(reach, strategy.astype(np.float64), outs, threads)
    with pytest.raises(CfrValueError, match=r"out\[0\] must have shape"):
        child_reaches(reach, strategy, [np.empty(5)] + outs[1:], threads)
    with pytest.raises(CfrValueError, match="reach must have shape"):
        child_reaches(reach[:5], strategy, outs, threads)
