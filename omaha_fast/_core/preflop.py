"""Preflop all-in pot shares by Monte Carlo (csrc/of_preflop.h)."""

from __future__ import annotations

from typing import Any

from .._checks import check_int
from ..errors import (
    InvalidValueError,
)
from ._lib import ffi, lib
from .buffers import _buffer, _outputs, _row
from .common import _fail


def preflop_sample(hero: Any, row_keys: Any, villain: Any, group_start: Any, col_keys: Any,
                   game: int, samples: int, seed: int,
                   outputs: tuple[Any, Any, Any, Any]) -> None:
    """The preflop Monte Carlo kernel (csrc/preflop.c): rows of four uint8 hero cards with
    one uint64 key each, against groups of villain rows (uint32 offsets, one more than the
    uint64 group keys), into four n_hero x n_groups outputs (share, high, share_sq as
    float64, compat as uint32; samples=0 counts the compatible hands only); a bad hand
    raises, naming its side and row."""
    samples = check_int(samples, "samples", low=0, high=2**64 - 1)
    seed = check_int(seed, "seed", low=0, high=2**64 - 1)
    c_hero, n_hero = _buffer(hero, "uint8_t", 4, "hero hands")
    c_rows, n_rows = _buffer(row_keys, "uint64_t", 1, "row keys")
    c_villain, n_villain = _buffer(villain, "uint8_t", 4, "villain hands")
    c_start, n_start = _buffer(group_start, "uint32_t", 1, "group starts")
    c_cols, n_groups = _buffer(col_keys, "uint64_t", 1, "column keys")
    if n_rows != n_hero:
        raise InvalidValueError(f"{n_rows} row keys for {n_hero} hero hands")
    if n_start != n_groups + 1:
        raise InvalidValueError(f"{n_start} group starts for {n_groups} groups (want one more)")
    cells = _outputs(n_hero, "preflop cells", *((o, "double", n_groups) for o in outputs[:3]),
                     (outputs[3], "uint32_t", n_groups))
    bad = ffi.new("size_t *")
    side = ffi.new("int *")
    rc = lib.of_preflop_sample(c_hero, n_hero, c_rows, c_villain, n_villain, c_start,
                               n_groups, c_cols, game, samples, seed, *cells, bad, side)
    if rc != lib.OF_OK:
        i = int(bad[0])
        who, rows = ("hero", hero) if side[0] == 0 else ("villain", villain)
        _fail(rc, f"{who} row {i}", {"hand": _row(rows, 4, i)})
