"""Bad input gives a clear InvalidCardError (a ValueError) that names what is wrong: through
evaluate(), rank5() and evaluate_batch() with every kind of array it accepts."""

from __future__ import annotations

import array
import random

import numpy as np
import pytest

from omaha_fast import InvalidCardError, OmahaError, evaluate, evaluate_batch, format_cards, rank5

HOLE, BOARD = "As2s3h4h", "5c6d7hKsKd"


def _raises(func, *args, match=None, **kwargs):
    with pytest.raises(InvalidCardError, match=match) as info:
        func(*args, **kwargs)
    assert isinstance(info.value, ValueError) and isinstance(info.value, OmahaError)
    return str(info.value)


# --- evaluate -----------------------------------------------------------------------------

@pytest.mark.parametrize("hole, board, token", [
    ("Zs2s3h4h", BOARD, "Zs"),
    ("As1s3h4h", BOARD, "1s"),
    ("As2s3h4x", BOARD, "4x"),
    (HOLE, "5c6d7hKsKz", "Kz"),
    (HOLE, "5c 6d 7h Ks 0d", "0d"),
    (["As", "2s", "3h", "AA"], BOARD, "AA"),
    (["As", "2s", "3h", "10h"], BOARD, "10h"),
])
def test_unknown_tokens_are_named(hole, board, token):
    message = _raises(evaluate, hole, board)
    assert repr(token) in message or token in message


@pytest.mark.parametrize("text", ["As2s3h4", "As 2s 3h 4hh", "10s2s3s4s"])
def test_text_that_does_not_split_into_cards(text):
    assert text in _raises(evaluate, text, BOARD)


@pytest.mark.parametrize("hole, board, what, count", [
    ("As2s3h", BOARD, "hole", 3),
    ("As2s3h4h8c9cTc", BOARD, "hole", 7),
    ("As", BOARD, "hole", 1),
    ("", BOARD, "hole", 0),
    (HOLE, "5c6d", "board", 2),
    (HOLE, "5c6d7hKsKd9c", "board", 6),
    (HOLE, "", "board", 0),
])
def test_wrong_counts(hole, board, what, count):
    message = _raises(evaluate, hole, board)
    assert what in message and f"got {count}" in message


def test_short_hole_is_refused_even_when_the_board_would_hide_it():
    # three hole cards must never be padded with whatever follows them in memory
    for hole in ("As2s3h", [51, 3, 6], b"\x33\x03"):
        with pytest.raises(InvalidCardError, match="hole needs 4"):
            evaluate(hole, "KdQdJd")


@pytest.mark.parametrize("hole, board, card, where", [
    ("AsAs3h4h", BOARD, "As", None),
    ("As2sas4h", BOARD, "As", None),                # case does not make it another card
    (HOLE, "5c6d7h5cKd", "5c", None),
    (HOLE, "5c6d7hKsAs", "As", "in hole and in board"),
    ([51, 3, 6, 10], [10, 20, 30], "4h", "in hole and in board"),
])
def test_duplicates_name_the_card(hole, board, card, where):
    message = _raises(evaluate, hole, board)
    assert f"duplicate card {card}" in message
    if where:
        assert where in message


@pytest.mark.parametrize("bad", [52, -1, 255, 1.5, None, True, "Xx"])
def test_bad_card_objects_in_lists(bad):
    message = _raises(evaluate, [51, 3, 6, bad], [20, 21, 22])
    assert str(bad) in message or repr(bad) in message


@pytest.mark.parametrize("game", ["omaha", "HILO", "", None, 1])
def test_bad_game(game):
    # a wrong name is a ValueError, a wrong type a TypeError; both are OmahaErrors
    error = ValueError if isinstance(game, str) else TypeError
    with pytest.raises(error, match="game") as info:
        evaluate(HOLE, BOARD, game=game)
    assert isinstance(info.value, OmahaError)


def test_errors_leave_later_calls_alone():
    with pytest.raises(InvalidCardError):
        evaluate("AsAs3h4h", BOARD)
    assert evaluate(HOLE, BOARD).high.value == evaluate(HOLE, BOARD).high.value


def test_rank5_errors():
    assert "got 4" in _raises(rank5, "AsKsQsJs")
    assert "got 6" in _raises(rank5, "AsKsQsJsTs9s")
    assert "duplicate card Ks" in _raises(rank5, "AsKsQsJsKs")
    assert "52" in _raises(rank5, [0, 1, 2, 3, 52])


# --- evaluate_batch -----------------------------------------------------------------------

N_ROWS = 1_000
FIRST_BAD, LATER_BAD = 517, 800


def _good_rows(n_board=5, seed=5):
    rng = random.Random(seed)
    rows = [rng.sample(range(52), 4 + n_board) for _ in range(N_ROWS)]
    holes = np.array([r[:4] for r in rows], dtype=np.uint8)
    boards = np.array([r[4:] for r in rows], dtype=np.uint8)
    return holes, boards


def _spoil(holes, boards, row, kind):
    """Make one row bad; returns the card text the message must name."""
    if kind == "hole out of range":
        holes[row, 2] = 52
        return "52"
    if kind == "board out of range":
        boards[row, 4] = 200
        return "200"
    if kind == "duplicate in hole":
        holes[row, 3] = holes[row, 0]
        return format_cards([holes[row, 0]])
    if kind == "duplicate in board":
        boards[row, 1] = boards[row, 2]
        return format_cards([boards[row, 2]])
    if kind == "hole and board share a card":
        boards[row, 0] = holes[row, 1]
        return format_cards([holes[row, 1]])
    raise AssertionError(kind)


KINDS = ["hole out of range", "board out of range", "duplicate in hole", "duplicate in board",
         "hole and board share a card"]

FORMS = {
    "numpy uint8": lambda h, b: (h, b),
    "numpy int64": lambda h, b: (h.astype(np.int64), b.astype(np.int64)),
    "numpy uint16": lambda h, b: (h.astype(np.uint16), b.astype(np.uint16)),
    "non-contiguous": lambda h, b: (np.asfortranarray(h), np.asfortranarray(b)),
    "bytes": lambda h, b: (h.tobytes(), b.tobytes()),
    "bytearray": lambda h, b: (bytearray(h.tobytes()), bytearray(b.tobytes())),
    "2-D memoryview": lambda h, b: (memoryview(h.tobytes()).cast("B", h.shape),
                                    memoryview(b.tobytes()).cast("B", b.shape)),
    "array module": lambda h, b: (array.array("B", h.tobytes()), array.array("B", b.tobytes())),
    "nested lists": lambda h, b: (h.tolist(), b.tolist()),
}


@pytest.mark.parametrize("form", FORMS)
def test_batch_accepts_every_form(form):
    holes, boards = _good_rows()
    want_high, want_low = evaluate_batch(holes, boards)
    high, low = evaluate_batch(*FORMS[form](holes, boards))
    assert (high == want_high).all() and (low == want_low).all()


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("kind", KINDS)
def test_batch_names_the_first_bad_row(form, kind):
    holes, boards = _good_rows()
    card = _spoil(holes, boards, FIRST_BAD, kind)
    _spoil(holes, boards, LATER_BAD, kind)
    message = _raises(evaluate_batch, *FORMS[form](holes, boards))
    assert f"row {FIRST_BAD}" in message and f"row {LATER_BAD}" not in message
    assert card in message


@pytest.mark.parametrize("game", ["hilo", "high"])
def test_batch_bad_row_in_the_high_only_game(game):
    holes, boards = _good_rows(n_board=3)
    card = _spoil(holes, boards, 0, "hole and board share a card")
    message = _raises(evaluate_batch, holes, boards, game=game)
    assert "row 0" in message and card in message


def test_batch_negative_card_in_a_signed_array():
    holes, boards = _good_rows()
    holes = holes.astype(np.int16)
    holes[FIRST_BAD, 1] = -3
    message = _raises(evaluate_batch, holes, boards)
    assert f"row {FIRST_BAD}" in message and "-3" in message


def test_batch_large_ints_do_not_wrap_into_range():
    holes, boards = _good_rows()
    holes = holes.astype(np.int64)
    holes[FIRST_BAD, 0] = 256 + 3   # 3 after a uint8 cast: must still be refused
    assert f"row {FIRST_BAD}" in _raises(evaluate_batch, holes, boards)


@pytest.mark.parametrize("holes_shape, boards_shape, what", [
    ((10, 3), (10, 5), "holes"),
    ((10, 7), (10, 5), "holes"),
    ((10, 4), (10, 2), "boards"),
    ((10, 4), (10, 6), "boards"),
    ((10, 4, 1), (10, 5), "holes"),
    ((10, 4), (2, 5, 5), "boards"),
])
def test_batch_wrong_shapes(holes_shape, boards_shape, what):
    holes = np.zeros(holes_shape, dtype=np.uint8)
    boards = np.zeros(boards_shape, dtype=np.uint8)
    message = _raises(evaluate_batch, holes, boards)
    assert what in message


def test_batch_flat_buffers_of_a_wrong_length():
    holes, boards = _good_rows()
    assert "holes" in _raises(evaluate_batch, holes.tobytes()[:-1], boards.tobytes())
    assert "boards" in _raises(evaluate_batch, holes.tobytes(), boards.tobytes()[:-1])
    assert "boards" in _raises(evaluate_batch, holes.tobytes(), bytes(2 * N_ROWS))


def test_batch_mismatched_row_counts():
    holes, boards = _good_rows()
    message = _raises(evaluate_batch, holes, boards[:-1])
    assert str(N_ROWS) in message and str(N_ROWS - 1) in message


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.bool_, np.complex64, object, "U2"])
def test_batch_non_integer_dtypes(dtype):
    holes, boards = _good_rows()
    if dtype == "U2":
        bad = np.array([[format_cards([c]) for c in row] for row in holes.tolist()])
    else:
        bad = holes.astype(dtype)
    message = _raises(evaluate_batch, bad, boards)
    assert "holes" in message


@pytest.mark.parametrize("game", ["omaha", None, 0])
def test_batch_bad_game(game):
    holes, boards = _good_rows()
    with pytest.raises(ValueError if isinstance(game, str) else TypeError, match="game"):
        evaluate_batch(holes, boards, game=game)


def test_batch_empty_is_fine():
    high, low = evaluate_batch(np.zeros((0, 4), np.uint8), np.zeros((0, 5), np.uint8))
    assert high.shape == (0,) and low.shape == (0,)
    assert high.dtype == np.uint16 and low.dtype == np.uint8


def test_batch_does_not_modify_its_inputs():
    holes, boards = _good_rows()
    h0, b0 = holes.copy(), boards.copy()
    evaluate_batch(holes, boards)
    _spoil(holes, boards, 3, "duplicate in board")
    spoiled = boards.copy()
    with pytest.raises(InvalidCardError):
        evaluate_batch(holes, boards)
    assert (holes == h0).all() and (boards == spoiled).all()
    assert not (boards == b0).all()


# --- the C API's status convention (csrc/omaha_fast.h) ----------------------------------------

def test_status_codes_are_distinct_and_positive():
    from omaha_fast._core._lib import lib
    codes = {name: getattr(lib, name) for name in dir(lib) if name.startswith("OF_ERR_")}
    assert lib.OF_OK == 0 and all(code > 0 for code in codes.values())
    assert len(set(codes.values())) == len(codes), codes


def test_no_low_has_its_own_status():
    from omaha_fast._core._lib import ffi, lib

    from omaha_fast import _core
    from omaha_fast.cards import parse_cards
    from omaha_fast.errors import InvalidValueError

    hole = bytes(int(c) for c in parse_cards("KsKdQhJh"))
    board = bytes(int(c) for c in parse_cards("9c9dTs"))
    out = ffi.new("uint8_t[5]")
    assert lib.of_best_cards(hole, board, 3, 1, out) == lib.OF_ERR_NO_LOW
    assert lib.of_best_cards(hole, board, 3, 0, out) == lib.OF_OK
    assert lib.of_best_cards(hole, board, 3, 1, ffi.NULL) == lib.OF_ERR_ARG   # a bad argument
    with pytest.raises(InvalidValueError, match="no 8-or-better low"):
        _core.best_cards(hole, board, want_low=True)
    assert evaluate("KsKdQhJh", "9c9dTs").low is None


def test_value_returning_functions_give_the_negated_status():
    from omaha_fast._core._lib import ffi, lib
    assert lib.of_low_of_masks(256, 0) == -lib.OF_ERR_ARG
    assert lib.of_low_of_masks(0, -1) == -lib.OF_ERR_ARG
    assert lib.of_indexer_cards(ffi.NULL, 0) == -lib.OF_ERR_ARG
    assert lib.of_eval_packed(b"\x00\x01\x02\x03", b"\x04\x05\x40", 3, 1) == -lib.OF_ERR_CARD
    assert lib.of_eval_packed(b"\x00\x01\x02\x03", b"\x04\x05\x06", 3, 7) == -lib.OF_ERR_ARG
    assert lib.of_range_index(b"\x00\x00\x02\x03") == -lib.OF_ERR_DUPLICATE
