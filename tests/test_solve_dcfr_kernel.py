"""The DCFR node update in C (csrc/dcfr.c) against the same update written in numpy."""

import numpy as np
import pytest

from omaha_fast import _core
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
    node = np.empty(count)
    _core.dcfr_update(regrets.reshape(-1), sums.reshape(-1), current.reshape(-1), values,
                      own, disc, node)
    tol = 1e-12 if dtype == np.float64 else 1e-5
    for got, exp in zip((node, regrets, sums, current), want):
        np.testing.assert_allclose(got, exp, rtol=tol, atol=tol)
    np.testing.assert_allclose(current.sum(axis=0), 1.0, rtol=1e-6)


def test_bad_buffers_are_refused_and_change_nothing():
    count, actions = 10, 3
    regrets = np.ones((actions, count))
    sums, current = np.zeros_like(regrets), np.full_like(regrets, 1 / 3)
    values = [np.ones(count)] * actions
    own, node = np.ones(count), np.empty(count)
    before = regrets.copy()
    with pytest.raises(InvalidValueError, match="expected 3 actions x 10 hands"):
        _core.dcfr_update(regrets[:, :9].copy().reshape(-1), sums.reshape(-1),
                          current.reshape(-1), values, own, (1, 1, 1), node)
    with pytest.raises(InvalidValueError, match="must hold 10 items"):
        _core.dcfr_update(regrets.reshape(-1), sums.reshape(-1), current.reshape(-1),
                          values[:2] + [np.ones(9)], own, (1, 1, 1), node)
    with pytest.raises(InvalidValueError, match="1 to 16 actions"):
        _core.dcfr_update(regrets.reshape(-1), sums.reshape(-1), current.reshape(-1),
                          [], own, (1, 1, 1), node)
    with pytest.raises(InvalidTypeError, match="strategy sums must hold double"):
        _core.dcfr_update(regrets.reshape(-1), sums.astype(np.float32).reshape(-1),
                          current.reshape(-1), values, own, (1, 1, 1), node)
    with pytest.raises(InvalidTypeError, match="values of action 0"):
        _core.dcfr_update(regrets.reshape(-1), sums.reshape(-1), current.reshape(-1),
                          [v.astype(np.float32) for v in values], own, (1, 1, 1), node)
    with pytest.raises(InvalidValueError, match="writable"):
        frozen = regrets.reshape(-1)
        frozen.flags.writeable = False
        _core.dcfr_update(frozen, sums.reshape(-1), current.reshape(-1), values, own,
                          (1, 1, 1), node)
    assert (regrets == before).all()


@pytest.mark.parametrize("threads", [0, 1, 2, 3])
def test_threads_give_the_same_update(threads):
    """Blocks of hands per thread (from 50,000 hands a thread): the same numbers."""
    rng = np.random.default_rng(threads)
    count, actions = 160_003, 3
    state = [rng.normal(size=(actions, count)).astype(np.float32) for _ in range(3)]
    values = [rng.normal(size=count) for _ in range(actions)]
    own = rng.random(count)
    want = [a.copy() for a in state]
    node_want, node = np.empty(count), np.empty(count)
    _core.dcfr_update(*(a.reshape(-1) for a in want), values, own, (0.9, 0.4, 0.7),
                      node_want, 1)
    _core.dcfr_update(*(a.reshape(-1) for a in state), values, own, (0.9, 0.4, 0.7),
                      node, threads)
    for got, exp in zip(state + [node], want + [node_want]):
        np.testing.assert_array_equal(got, exp)
    with pytest.raises(InvalidValueError, match="threads"):
        _core.dcfr_update(*(a.reshape(-1) for a in state), values, own, (1, 1, 1), node, -1)


@pytest.mark.parametrize("threads", [1, 2])
def test_children_reaches(threads):
    """dcfr_reach: each child's reach is the node's reach times the action's frequency,
    for the children asked for only; bad buffers are refused."""
    rng = np.random.default_rng(7)
    count, actions = 120_001, 4
    reach = rng.random(count)
    strategy = rng.random((actions, count)).astype(np.float32)
    outs = [np.full(count, -1.0) for _ in range(actions)]
    outs[2] = None
    _core.dcfr_reach(reach, strategy.reshape(-1), outs, threads)
    for a, out in enumerate(outs):
        if out is not None:
            np.testing.assert_array_equal(out, reach * strategy[a].astype(np.float64))
    with pytest.raises(InvalidValueError, match="strategy holds"):
        _core.dcfr_reach(reach, strategy[:3].reshape(-1), outs, threads)
    with pytest.raises(InvalidTypeError, match="strategy must hold float"):
        _core.dcfr_reach(reach, strategy.astype(np.float64).reshape(-1), outs, threads)
    with pytest.raises(InvalidValueError, match="reach of action 0 output holds"):
        _core.dcfr_reach(reach, strategy.reshape(-1), [np.empty(5)] + outs[1:], threads)
