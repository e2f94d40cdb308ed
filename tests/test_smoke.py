"""The compiled module loads, its tables are small, and its entry points refuse bad input
with status codes instead of crashing."""

from __future__ import annotations

import subprocess
import sys

from omaha_fast._core._lib import ffi, lib

from omaha_fast import _core


def test_module_loads_and_evaluates_one_hand():
    assert lib.of_init() == lib.OF_OK
    hole = bytes([51, 47, 2, 6])            # As Ks 2h 3h
    board = bytes([43, 39, 35, 0, 1])       # Qs Js Ts 2c 2d: a royal flush, no low
    high = ffi.new("uint16_t *")
    low = ffi.new("uint8_t *")
    assert lib.of_eval(hole, board, 5, high, low) == lib.OF_OK
    assert high[0] == 7_462 and low[0] == 0


def test_tables_are_small():
    size = _core.table_bytes()
    assert 256 * 256 <= size < 4 * 1024 * 1024   # at least the low table, under 4 MB


def test_import_in_a_fresh_interpreter():
    code = ("import omaha_fast; e = omaha_fast.evaluate('As2s3h4h', '5c6d7hKsKd'); "
            "print(e.high.value, e.low.value)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.split() == ["5856", "41"]


def test_status_codes_are_distinct():
    codes = [lib.OF_OK, lib.OF_ERR_CARD, lib.OF_ERR_DUPLICATE, lib.OF_ERR_COUNT, lib.OF_ERR_ARG,
             lib.OF_ERR_NOMEM, lib.OF_ERR_CANCELLED, lib.OF_ERR_THREAD]
    assert lib.OF_OK == 0 and len(set(codes)) == len(codes)


def test_entry_points_check_their_input():
    out16 = ffi.new("uint16_t *")
    out8 = ffi.new("uint8_t *")
    five = ffi.new("uint8_t[5]")
    good_hole, good_board = bytes([0, 1, 2, 3]), bytes([4, 5, 6, 7, 8])
    assert lib.of_rank5(ffi.NULL, out16) == lib.OF_ERR_ARG
    assert lib.of_rank5(bytes([0, 1, 2, 3, 52]), out16) == lib.OF_ERR_CARD
    assert lib.of_rank5(bytes([0, 1, 2, 3, 3]), out16) == lib.OF_ERR_DUPLICATE
    assert lib.of_eval(good_hole, good_board, 2, out16, out8) == lib.OF_ERR_COUNT
    assert lib.of_eval(good_hole, good_board, 6, out16, out8) == lib.OF_ERR_COUNT
    assert lib.of_eval(ffi.NULL, good_board, 5, out16, out8) == lib.OF_ERR_ARG
    assert lib.of_eval(good_hole, bytes([4, 5, 6, 7, 3]), 5, out16, out8) == lib.OF_ERR_DUPLICATE
    assert lib.of_eval(good_hole, bytes([4, 5, 6, 7, 99]), 5, out16, out8) == lib.OF_ERR_CARD
    assert lib.of_eval(good_hole, good_board, 5, ffi.NULL, ffi.NULL) == lib.OF_OK
    assert lib.of_eval_packed(good_hole, good_board, 5, 7) == -lib.OF_ERR_ARG
    assert lib.of_eval_packed(good_hole, good_board, 9, 1) == -lib.OF_ERR_COUNT
    assert lib.of_best_cards(good_hole, good_board, 5, 0, ffi.NULL) == lib.OF_ERR_ARG
    # no low on this board: asking for the low cards is an error (its own), not garbage
    assert lib.of_best_cards(bytes([0, 1, 2, 3]), bytes([40, 41, 44]), 3, 1, five) == \
        lib.OF_ERR_NO_LOW
    bad = ffi.new("size_t *")
    hi = ffi.new("uint16_t[1]")
    lo = ffi.new("uint8_t[1]")
    assert lib.of_eval_batch(good_hole, good_board, 1, 5, 2, hi, lo, bad) == lib.OF_ERR_ARG
    assert lib.of_eval_batch(good_hole, good_board, 1, 6, 1, hi, lo, bad) == lib.OF_ERR_COUNT
    assert lib.of_eval_batch(good_hole, good_board, 1, 5, 1, hi, lo, ffi.NULL) == lib.OF_ERR_ARG
    assert lib.of_eval_batch(ffi.NULL, ffi.NULL, 0, 5, 1, ffi.NULL, ffi.NULL, bad) == lib.OF_OK
    assert lib.of_rank5_batch(bytes(5), 1, ffi.new("uint16_t[1]"), bad) == lib.OF_ERR_DUPLICATE
    assert bad[0] == 0
    assert lib.of_low_of_masks(256, 0) == -lib.OF_ERR_ARG
    assert lib.of_low_of_masks(0, -1) == -lib.OF_ERR_ARG
