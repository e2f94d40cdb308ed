"""The range universe (csrc/of_ranges.h): its hands, patterns, shapes and suit classes."""

from __future__ import annotations

from typing import Any

from .._checks import check_choice
from ..errors import (
    InvalidValueError,
)
from ._lib import ffi, lib
from .buffers import _buffer
from .common import _fail

RANGE_UNIVERSE = int(lib.OF_RANGE_UNIVERSE)
RANGE_UNIVERSES = {4: RANGE_UNIVERSE, 5: int(lib.OF_RANGE_UNIVERSE5)}   # hands by hole size
RANGE_VARS = int(lib.OF_RANGE_VARS)
SHAPES = {"ds": lib.OF_SHAPE_DS, "ss": lib.OF_SHAPE_SS, "rb": lib.OF_SHAPE_RB,
          "np": lib.OF_SHAPE_NP}


def _range_size(n_hole: int) -> int:
    if n_hole not in RANGE_UNIVERSES:
        raise InvalidValueError(f"ranges hold hands of 4 or 5 cards, not {n_hole}")
    return RANGE_UNIVERSES[n_hole]


def range_universe(out: Any, n_hole: int = 4) -> None:
    """Write every hand of ``n_hole`` (4 or 5) cards (rows of sorted cards, colex order)
    into a uint8 buffer."""
    size = _range_size(n_hole)
    buf, rows = _buffer(out, "uint8_t", n_hole, "universe", writable=True)
    if rows != size:
        raise InvalidValueError(f"the universe needs {size:,} rows of {n_hole} cards, "
                                f"got {rows}")
    (lib.of_range_universe if n_hole == 4 else lib.of_range_universe5)(buf)


def range_index(cards: bytes) -> int:
    """Universe index of four (or five) distinct cards."""
    if len(cards) not in RANGE_UNIVERSES:
        _fail(lib.OF_ERR_COUNT, "hand", {"hand": list(cards)}, {"hand": (4, 5)})
    idx = int((lib.of_range_index if len(cards) == 4 else lib.of_range_index5)(cards))
    if idx < 0:
        _fail(-idx, "hand", {"hand": list(cards)})
    return idx


def _universe_flags(out: Any, what: str, n_hole: int) -> Any:
    size = _range_size(n_hole)
    buf, n = _buffer(out, "uint8_t", 1, what, writable=True)
    if n != size:
        raise InvalidValueError(f"{what} needs one byte per hand ({size:,}), got {n}")
    return buf


def range_match(terms: list[tuple[int, int, int, int]], fixed_ranks: int, fixed_suits: int,
                out: Any, n_hole: int = 4) -> None:
    """out[i] = 1 where universe hand i (of ``n_hole`` cards) matches the pattern; terms
    are (ranks, rank_var, suits, suit_var)."""
    if not 1 <= len(terms) <= n_hole:
        raise InvalidValueError(f"a pattern has 1 to {n_hole} terms, not {len(terms)}")
    c_terms = ffi.new("of_term[]", len(terms))
    for t, (ranks, rank_var, suits, suit_var) in zip(c_terms, terms):
        t.ranks, t.rank_var, t.suits, t.suit_var = ranks, rank_var, suits, suit_var
    buf = _universe_flags(out, "pattern", n_hole)
    match = lib.of_range_match if n_hole == 4 else lib.of_range_match5
    rc = match(c_terms, len(terms), fixed_ranks, fixed_suits, buf, RANGE_UNIVERSES[n_hole])
    if rc != lib.OF_OK:
        _fail(rc, "pattern")


def range_shape(shape: str, out: Any, n_hole: int = 4) -> None:
    code = SHAPES[check_choice(shape, tuple(SHAPES), "shape")]
    buf = _universe_flags(out, "shape", n_hole)
    rc = (lib.of_range_shape if n_hole == 4 else lib.of_range_shape5)(
        code, buf, RANGE_UNIVERSES[n_hole])
    if rc != lib.OF_OK:
        _fail(rc, "shape")


def range_classes(out: Any, n_hole: int = 4) -> int:
    """Suit-isomorphism class of every universe hand into a uint16 buffer (uint32 for five
    cards); the count."""
    size = _range_size(n_hole)
    n = ffi.new("uint32_t *")
    ctype = "uint16_t" if n_hole == 4 else "uint32_t"
    buf, rows = _buffer(out, ctype, 1, "classes", writable=True)
    if rows != size:
        raise InvalidValueError(f"classes needs one entry per hand ({size:,}), got {rows}")
    rc = (lib.of_range_classes if n_hole == 4 else lib.of_range_classes5)(buf, rows, n)
    if rc != lib.OF_OK:
        _fail(rc, "classes")
    return int(n[0])
