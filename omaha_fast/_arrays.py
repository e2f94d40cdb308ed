"""Card arrays for the batch calls: any 2-D array or buffer of card ints made into the
C-contiguous uint8 rows the C core reads. On the base floor, so every value API
(evaluation, the solver kernels) shares one reading of its array arguments.

>>> as_rows(bytes([0, 1, 2, 3, 4, 5, 6, 7]), (4,), "holes")[1:]
(2, 4)
"""

from __future__ import annotations

from typing import Any, Optional

from .errors import CardTypeError, InvalidCardError


def as_rows(array: Any, widths: tuple[int, ...], what: str,
            rows: Optional[int] = None, flat_width: Optional[int] = None
            ) -> tuple[Any, int, int]:
    """A C-contiguous uint8 copy-or-view of a 2-D card array, its rows and width.

    A 1-D buffer (bytes, array.array, a flat memoryview or ndarray) is read as consecutive
    rows: of ``flat_width`` or the only width in ``widths``, or else of ``rows`` rows.
    """
    if flat_width is not None:
        widths = (flat_width,) + tuple(w for w in widths if w != flat_width)
    import numpy as np  # here, not at the top: the command line starts without numpy

    if not isinstance(array, np.ndarray):
        try:
            memoryview(array)
        except TypeError:
            array = nested_array(np, array, widths, what)
        else:
            array = np.asarray(memoryview(array))
    if array.ndim == 1:
        width = widths[0] if len(widths) == 1 or flat_width else (
            array.shape[0] // rows if rows else max(widths))
        if width in widths and array.shape[0] % width == 0:
            array = array.reshape(-1, width)
    if array.ndim != 2 or array.shape[1] not in widths:
        raise InvalidCardError(f"{what} must be an (n, {' or '.join(map(str, widths))}) "
                               f"array of card ints, got shape {array.shape}")
    if array.dtype != np.uint8:
        if array.dtype.kind not in "iu":
            raise CardTypeError(f"{what} must hold integer card values, not {array.dtype}")
        out_of_range = (array < 0) | (array > 51)
        if out_of_range.any():
            row = int(np.argmax(out_of_range.any(axis=1)))
            raise InvalidCardError(f"{what} row {row}: card out of range 0..51 "
                                   f"({array[row].tolist()})")
        array = array.astype(np.uint8)
    return np.ascontiguousarray(array), array.shape[0], array.shape[1]


def nested_array(np: Any, array: Any, widths: tuple[int, ...], what: str) -> Any:
    """A nested list of rows as an array; a row of the wrong length is named, rather than
    left to numpy's message about an inhomogeneous shape."""
    if isinstance(array, (list, tuple)):
        first: Optional[int] = None
        for i, row in enumerate(array):
            if isinstance(row, (list, tuple)) or getattr(row, "ndim", 0) == 1:
                if len(row) not in widths:
                    raise InvalidCardError(f"{what} row {i} has {len(row)} cards, expected "
                                           f"{' or '.join(map(str, widths))}: {list(row)!r}")
                if first is not None and len(row) != first:
                    raise InvalidCardError(f"{what} row {i} has {len(row)} cards but the "
                                           f"rows before it have {first}")
                first = len(row)
    try:
        return np.asarray(array)
    except (TypeError, ValueError) as err:
        raise CardTypeError(f"{what} must be rows of card ints: {err}") from None


__all__ = ["as_rows", "nested_array"]
