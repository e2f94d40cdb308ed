"""Hand values (csrc/of_evaluation.h): one hand, batches, five-card ranks, lows."""

from __future__ import annotations

from typing import Any

from ..errors import (
    InvalidCardError,
    InvalidValueError,
)
from ._lib import ffi, lib
from .buffers import _buffer, _outputs, _row
from .common import HOLE_SIZES, _fail


def eval_packed(hole: bytes, board: bytes, game: int) -> int:
    """high << 8 | low of four (five, six) hole cards on a board of 3 to 5 cards."""
    if len(hole) == 4 and 3 <= len(board) <= 5:
        packed = int(lib.of_eval_packed(hole, board, len(board), game))   # the common case
        if packed >= 0:
            return packed
    elif len(hole) in HOLE_SIZES and 3 <= len(board) <= 5:
        packed = int(lib.of_eval_packed_n(hole, len(hole), board, len(board), game))
        if packed >= 0:
            return packed
    else:
        packed = -lib.OF_ERR_COUNT
    _fail(-packed, "evaluate", {"hole": list(hole), "board": list(board)},
          {"hole": HOLE_SIZES, "board": (3, 4, 5)})


def best_cards(hole: bytes, board: bytes, want_low: bool) -> bytes:
    if len(hole) not in HOLE_SIZES or not 3 <= len(board) <= 5:
        _fail(lib.OF_ERR_COUNT, "best cards", {"hole": list(hole), "board": list(board)},
              {"hole": HOLE_SIZES, "board": (3, 4, 5)})
    out = ffi.new("uint8_t[5]")
    rc = lib.of_best_cards_n(hole, len(hole), board, len(board), int(want_low), out)
    if rc != lib.OF_OK:
        _fail(rc, "best cards")
    return bytes(out)


def rank5(cards: bytes) -> int:
    if len(cards) != 5:
        _fail(lib.OF_ERR_COUNT, "rank5", {"hand": list(cards)}, {"hand": (5,)})
    out = ffi.new("uint16_t *")
    rc = lib.of_rank5(cards, out)
    if rc != lib.OF_OK:
        _fail(rc, "rank5", {"hand": list(cards)})
    return int(out[0])


def eval_batch(holes: Any, boards: Any, n_board: int, game: int, high: Any,
               low: Any, n_hole: int = 4) -> None:
    """High and low values of rows of ``n_hole`` (4, 5 or 6) hole cards (uint8) on rows of
    ``n_board`` board cards into the uint16 ``high`` and uint8 ``low`` buffers; a bad row
    raises, naming it."""
    if n_board not in (3, 4, 5):
        raise InvalidCardError(f"a board has 3, 4 or 5 cards, not {n_board}")
    if n_hole not in HOLE_SIZES:
        raise InvalidCardError(f"a hand has 4, 5 or 6 hole cards, not {n_hole}")
    h, n = _buffer(holes, "uint8_t", n_hole, "holes")
    b, nb = _buffer(boards, "uint8_t", n_board, "boards")
    if nb != n:
        raise InvalidCardError(f"holes has {n} rows but boards has {nb}")
    out_high, out_low = _outputs(n, "evaluate", (high, "uint16_t", 1), (low, "uint8_t", 1))
    bad = ffi.new("size_t *")
    rc = lib.of_eval_batch_n(h, n_hole, b, n, n_board, game, out_high, out_low, bad)
    if rc != lib.OF_OK:
        i = int(bad[0])
        _fail(rc, f"row {i}", {"hole": _row(holes, n_hole, i),
                               "board": _row(boards, n_board, i)})


def rank5_batch(cards: Any, values: Any) -> None:
    """High values of rows of five uint8 cards into the uint16 buffer ``values``."""
    c, n = _buffer(cards, "uint8_t", 5, "cards")
    (out,) = _outputs(n, "rank5", (values, "uint16_t", 1))
    bad = ffi.new("size_t *")
    rc = lib.of_rank5_batch(c, n, out, bad)
    if rc != lib.OF_OK:
        i = int(bad[0])
        _fail(rc, f"row {i}", {"hand": _row(cards, 5, i)})


def low_of_masks(hole_mask: int, board_mask: int) -> int:
    if not (0 <= hole_mask < 256 and 0 <= board_mask < 256):
        raise InvalidValueError("low-rank masks are 8-bit")
    low = int(lib.of_low_of_masks(hole_mask, board_mask))
    if low < 0:
        _fail(-low, "low of masks")
    return low
