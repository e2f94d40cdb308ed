"""The discounted-CFR node kernels (csrc/of_dcfr.h)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import (
    InvalidTypeError,
    InvalidValueError,
)
from ._lib import ffi, lib
from .buffers import _NATIVE_ORDER, _buffer, _outputs
from .common import _fail


def dcfr_update(regrets: Any, sums: Any, current: Any, values: Sequence[Any], own: Any,
                discounts: tuple[float, float, float], node_value: Any,
                threads: int = 1) -> None:
    """The DCFR update of one action node (csrc/dcfr.c), on flat (1-D) buffers:
    ``regrets``, ``sums`` and ``current`` action-major, len(values) * count items each,
    all float64 or all float32; ``values`` one float64 buffer of count child values per
    action; ``own`` the actor's reach and ``node_value`` the output, count float64 each;
    ``discounts`` the (positive regret, negative regret, strategy sum) factors;
    ``threads`` 0 for one per core."""
    actions = len(values)
    if not 1 <= actions <= lib.OF_DCFR_MAX_ACTIONS:
        raise InvalidValueError(f"a node must have 1 to {lib.OF_DCFR_MAX_ACTIONS} actions, "
                                f"got {actions}")
    value_ptrs = []
    for a, v in enumerate(values):
        pointer, count = _buffer(v, "double", 0, f"values of action {a}")
        value_ptrs.append(pointer)
    own_ptr, count = _buffer(own, "double", 0, "own reach")
    if any(_buffer(v, "double", 0, "values")[1] != count for v in values):
        raise InvalidValueError(f"every action's values must hold {count} items (the reach)")
    out = _outputs(count, "node value", (node_value, "double", 1))[0]
    try:
        ctype = "float" if memoryview(regrets).format.lstrip(_NATIVE_ORDER) == "f" \
            else "double"
    except TypeError:
        raise InvalidTypeError(f"regrets must be a buffer, got {type(regrets).__name__}") \
            from None
    state = []
    for array, what in ((regrets, "regrets"), (sums, "strategy sums"), (current, "strategy")):
        pointer, items = _buffer(array, ctype, 0, what, writable=True)
        if items != actions * count:
            raise InvalidValueError(f"{what} hold {items} items, expected {actions} actions "
                                    f"x {count} hands")
        state.append(pointer)
    kernel = lib.of_dcfr_update_f if ctype == "float" else lib.of_dcfr_update
    pos, neg, avg = (float(d) for d in discounts)
    if not isinstance(threads, int) or threads < 0:
        raise InvalidValueError(f"threads must be an int >= 0, got {threads!r}")
    rc = kernel(count, actions, *state, ffi.new("double *[]", value_ptrs), own_ptr, pos, neg,
                avg, out, threads)
    if rc != lib.OF_OK:
        _fail(rc, "dcfr update")


def dcfr_reach(reach: Any, strategy: Any, outs: Sequence[Any], threads: int = 1) -> None:
    """The children's reaches of a node (csrc/dcfr.c), on flat buffers: ``outs[a] =
    reach * strategy[a]`` for each action whose output is not None; ``reach`` count
    float64, ``strategy`` action-major float32 (len(outs) * count), each output count
    float64; ``threads`` 0 for one per core."""
    actions = len(outs)
    if not 1 <= actions <= lib.OF_DCFR_MAX_ACTIONS:
        raise InvalidValueError(f"a node must have 1 to {lib.OF_DCFR_MAX_ACTIONS} actions, "
                                f"got {actions}")
    reach_ptr, count = _buffer(reach, "double", 0, "reach")
    strategy_ptr, items = _buffer(strategy, "float", 0, "strategy")
    if items != actions * count:
        raise InvalidValueError(f"strategy holds {items} items, expected {actions} actions "
                                f"x {count} hands")
    ptrs = [ffi.NULL if out is None else _outputs(count, f"reach of action {a}",
                                                  (out, "double", 1))[0]
            for a, out in enumerate(outs)]
    if not isinstance(threads, int) or threads < 0:
        raise InvalidValueError(f"threads must be an int >= 0, got {threads!r}")
    rc = lib.of_dcfr_reach(count, actions, reach_ptr, strategy_ptr,
                           ffi.new("double *[]", ptrs), threads)
    if rc != lib.OF_OK:
        _fail(rc, "dcfr reach")
