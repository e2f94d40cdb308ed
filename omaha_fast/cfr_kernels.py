"""The discounted-CFR kernels a solver runs at every action node, over all its hands at
once, in C (csrc/dcfr.c) and threaded, on numpy arrays.

Arrays are action-major: a node with A actions keeps its regrets, strategy sums and
current strategy as (A, ...) arrays, row a for action a, the hands (or rows of hands)
after it. :func:`dcfr_update` is the update of one node from its children's values;
:func:`child_reaches` gives the reach into each child. ``omaha_fast.solve`` is built on
them.

>>> import numpy as np
>>> regrets = np.zeros((2, 3), dtype=np.float32)           # 2 actions, 3 hands
>>> sums = np.zeros_like(regrets)
>>> strategy = np.full_like(regrets, 0.5)                   # uniform so far
>>> values = [np.array([1.0, 0.0, 2.0]), np.array([3.0, 0.0, -2.0])]
>>> dcfr_update(regrets, sums, strategy, values, np.ones(3), (1.0, 1.0, 1.0)).tolist()
[2.0, 0.0, 0.0]
>>> strategy.tolist()       # regret matching: all on the better action, uniform on a tie
[[0.0, 0.5, 1.0], [1.0, 0.5, 0.0]]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional

import numpy as np

from . import _core
from .errors import InvalidTypeError, InvalidValueError


class CfrValueError(InvalidValueError):
    """A bad array for a CFR kernel: a wrong shape, layout or number of actions."""


class CfrTypeError(InvalidTypeError):
    """A CFR kernel's argument of the wrong type (not an array of the float type it needs)."""


def _threads(threads: Optional[int]) -> int:
    if threads is None:
        return 0
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
        raise CfrValueError(f"threads must be an int >= 1 or None (every core), got "
                            f"{threads!r}")
    return threads


def _state(np: Any, array: Any, what: str, dtype: Any, shape: Optional[tuple[int, ...]]) -> Any:
    """A writable C-contiguous array of ``dtype`` (None: float32 or float64) and ``shape``
    (None: any), checked, as it is (the kernels work in place)."""
    if type(array) is not np.ndarray:
        raise CfrTypeError(f"{what} must be a numpy array, got {type(array).__name__}")
    if dtype is None and array.dtype not in (np.float32, np.float64):
        raise CfrTypeError(f"{what} must be float32 or float64, got {array.dtype}")
    if dtype is not None and array.dtype != dtype:
        raise CfrTypeError(f"{what} must be {np.dtype(dtype).name}, got {array.dtype}")
    if shape is not None and array.shape != shape:
        raise CfrValueError(f"{what} must have shape {shape}, got {array.shape}")
    if not array.flags.c_contiguous:
        raise CfrValueError(f"{what} must be C-contiguous")
    return array


def _values(np: Any, arrays: Any, shape: tuple[int, ...], what: str,
            broadcast: bool = False) -> Any:
    """A float64 C-contiguous array of ``shape`` (converted when it is not one; with
    ``broadcast``, broadcast to it)."""
    try:
        a = np.asarray(arrays, dtype=np.float64)
    except (TypeError, ValueError):
        raise CfrTypeError(f"{what} must be numbers") from None
    if broadcast and a.shape != shape:
        try:
            a = np.broadcast_to(a, shape)
        except ValueError:
            pass            # refused below, naming the shape
    if a.shape != shape:
        raise CfrValueError(f"{what} must have shape {shape}, got {a.shape}")
    return np.ascontiguousarray(a)


def dcfr_update(regrets: Any, sums: Any, strategy: Any, values: Sequence[Any], own: Any,
                discounts: tuple[float, float, float], node_value: Any = None,
                threads: Optional[int] = None) -> Any:
    """The discounted-CFR update of one node, in place, in one pass over its hands.

    ``regrets``, ``sums`` and ``strategy`` are the node's (A, ...) arrays, all float32 or
    all float64; ``strategy`` holds the strategy played this iteration. ``values`` has one
    array per action (the child's counterfactual values, shape ``regrets.shape[1:]``) and
    ``own`` is the acting player's reach. For each hand: the node's value is the
    strategy's mix of the children's values; each regret is scaled by ``discounts[0]``
    when positive, else ``discounts[1]``, then gains its action's value less the node's;
    each strategy sum is scaled by ``discounts[2]`` and gains own reach times the
    strategy; ``strategy`` becomes the regret matching of the new regrets (uniform where
    none is positive). Returns the node's values (``node_value``, a float64 array to
    write, or a new one). The results are the same for any ``threads`` (None: every
    core, used from 50,000 hands a thread).
    """
    regrets = _state(np, regrets, "regrets", None, None)
    if regrets.ndim < 1 or not 1 <= regrets.shape[0] <= 16:
        raise CfrValueError(f"regrets must be (A, ...) with 1 to 16 actions, got shape "
                            f"{regrets.shape}")
    shape = regrets.shape[1:]
    sums = _state(np, sums, "sums", regrets.dtype, regrets.shape)
    strategy = _state(np, strategy, "strategy", regrets.dtype, regrets.shape)
    if len(values) != regrets.shape[0]:
        raise CfrValueError(f"values must hold one array per action ({regrets.shape[0]}), "
                            f"got {len(values)}")
    flat = [_values(np, v, shape, f"values[{a}]").reshape(-1) for a, v in enumerate(values)]
    own_flat = _values(np, own, shape, "own", broadcast=True).reshape(-1)
    out = np.empty(shape) if node_value is None else \
        _state(np, node_value, "node_value", np.float64, shape)
    try:
        d = tuple(float(x) for x in discounts)
    except (TypeError, ValueError):
        raise CfrTypeError(f"discounts must be three numbers, got {discounts!r}") from None
    if len(d) != 3:
        raise CfrValueError(f"discounts must be three numbers, got {len(d)}")
    _core.dcfr_update(regrets.reshape(-1), sums.reshape(-1), strategy.reshape(-1), flat,
                      own_flat, (d[0], d[1], d[2]), out.reshape(-1), _threads(threads))
    return out


def child_reaches(reach: Any, strategy: Any, out: Sequence[Any],
                  threads: Optional[int] = None) -> None:
    """The reach into each child of a node: ``out[a] = reach * strategy[a]`` for each
    action whose ``out[a]`` is not None, in one pass. ``strategy`` is the node's (A, ...)
    float32 strategy, ``reach`` float64 of ``strategy.shape[1:]`` (or broadcast to it),
    each output a float64 array of that shape.

    >>> import numpy as np
    >>> s = np.array([[0.25, 1.0], [0.75, 0.0]], dtype=np.float32)
    >>> a, b = np.empty(2), np.empty(2)
    >>> child_reaches(np.array([2.0, 3.0]), s, [a, b])
    >>> a.tolist(), b.tolist()
    ([0.5, 3.0], [1.5, 0.0])
    """
    strategy = _state(np, strategy, "strategy", np.float32, None)
    if strategy.ndim < 1 or len(out) != strategy.shape[0]:
        raise CfrValueError(f"out must hold one array (or None) per action of the strategy, "
                            f"got {len(out)} for shape {strategy.shape}")
    shape = strategy.shape[1:]
    flat = _values(np, reach, shape, "reach", broadcast=True).reshape(-1)
    outs = [None if o is None else _state(np, o, f"out[{a}]", np.float64, shape).reshape(-1)
            for a, o in enumerate(out)]
    _core.dcfr_reach(flat, strategy.reshape(-1), outs, _threads(threads))


__all__ = ["dcfr_update", "child_reaches", "CfrValueError", "CfrTypeError"]
