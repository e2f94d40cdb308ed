"""The generic buffer checks every wrapper makes before a call: an array's item type,
byte order, contiguity and size, and the output arrays a call writes."""

from __future__ import annotations

import math
import sys
from typing import Any

from ..errors import (
    InvalidTypeError,
    InvalidValueError,
)
from ._lib import ffi

_NATIVE_ORDER = "@=<" if sys.byteorder == "little" else "@=>!"
# buffer item types: (item size, struct formats that are that type)
_ITEMS = {"uint8_t": (1, "B"), "uint16_t": (2, "H"), "int32_t": (4, "il"),
          "uint32_t": (4, "IL"), "uint64_t": (8, "LQ"), "float": (4, "f"), "double": (8, "d")}


def _buffer(array: Any, ctype: str, width: int, what: str,
            writable: bool = False) -> tuple[Any, int]:
    """A cffi pointer into a C-contiguous buffer of rows of ``width`` items of ``ctype``
    and the number of rows, after checking the buffer is exactly that: the item type, a
    whole number of rows and, for a 2-D buffer, its row width."""
    try:
        view = memoryview(array)
    except TypeError:
        raise InvalidTypeError(f"{what} must be a buffer of {ctype}, got "
                               f"{type(array).__name__}") from None
    size, formats = _ITEMS[ctype]
    if view.itemsize != size or view.format.lstrip(_NATIVE_ORDER) not in formats:
        raise InvalidTypeError(f"{what} must hold {ctype} items, got format "
                               f"{view.format!r} of {view.itemsize} bytes")
    if not view.c_contiguous:
        raise InvalidValueError(f"{what} must be C-contiguous")
    if writable and view.readonly:
        raise InvalidValueError(f"{what} must be writable")
    if view.ndim >= 2 and math.prod((view.shape or ())[1:]) != width:
        raise InvalidValueError(f"{what} must be rows of {width}, got shape {view.shape}")
    items = view.nbytes // size
    if width and items % width:
        raise InvalidValueError(f"{what} holds {items} items, not a whole number of rows "
                                f"of {width}")
    pointer = ffi.from_buffer(f"{ctype}[]", array, require_writable=writable)
    return pointer, (items // width if width else items)


def _outputs(n: int, what: str, *arrays: tuple[Any, str, int]) -> list[Any]:
    """Pointers to output buffers, each checked to hold exactly n rows."""
    out = []
    for array, ctype, width in arrays:
        pointer, rows = _buffer(array, ctype, width, f"{what} output", writable=True)
        if rows != n:
            raise InvalidValueError(f"{what} output holds {rows} rows, expected {n}")
        out.append(pointer)
    return out


def _row(array: Any, width: int, i: int) -> list[int]:
    """Row i of a buffer of rows of uint8 cards."""
    flat = memoryview(array).cast("B")
    return list(flat[width * i:width * (i + 1)])
