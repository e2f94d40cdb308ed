"""Without numpy: evaluate_batch takes byte buffers and returns array.array, equity takes
hands (ranges need the extra), and the errors are clear."""

from __future__ import annotations

import array
import sys

import pytest

from omaha_fast import InvalidCardError, evaluate, evaluate_batch, parse_cards

HOLE, BOARD = "As2s3s4s", "5s6s7sAhKh"


@pytest.fixture
def no_numpy(monkeypatch):
    monkeypatch.setitem(sys.modules, "numpy", None)   # makes `import numpy` fail


def test_flat_and_two_dimensional_buffers(no_numpy):
    want = evaluate(HOLE, BOARD)
    hole, board = bytes(parse_cards(HOLE)), bytes(parse_cards(BOARD))
    high, low = evaluate_batch(hole * 3, board * 3)
    assert isinstance(high, array.array) and high.typecode == "H" and low.typecode == "B"
    assert list(high) == [want.high.value] * 3 and list(low) == [want.low.value] * 3
    two_d = memoryview(bytearray(hole * 2)).cast("B", (2, 4))
    high, _ = evaluate_batch(two_d, array.array("B", board * 2))
    assert list(high) == [want.high.value] * 2


@pytest.mark.parametrize("holes, boards, message", [
    ([51, 3, 7, 11], bytes(5), "install numpy to pass lists"),
    (bytes(3), bytes(5), "rows of 4"),
    (array.array("H", [1, 2, 3, 4]), bytes(5), "item size 2"),
    (bytes([51, 3, 7, 11]), bytes([15, 19, 23, 50, 51]),
     r"row 0 \(As 2s 3s 4s on 5s 6s 7s Ah As\): As is on the board"),
    (bytes([51, 3, 7, 11]), bytes([15, 19, 23, 50, 60]),
     r"row 0 \(.*\): card 60 in board is out of range"),
])
def test_errors_name_the_problem(no_numpy, holes, boards, message):
    with pytest.raises(InvalidCardError, match=message):
        evaluate_batch(holes, boards)


def test_equity_without_numpy_tells_a_mistyped_hand_from_a_range(no_numpy):
    """Hands need no numpy, ranges do: a hand that is neither cards nor range text is
    named as such, and only real range text asks for the extra."""
    from omaha_fast import equity
    from omaha_fast._extras import MissingExtraError

    assert equity(["As2s3h4h", "KcKdQcJd"], board="5c6d7h8s9s").boards == 1
    with pytest.raises(InvalidCardError, match=r"hand 2 \('KcKdQcX1'\) is neither cards nor "
                                               r"a range: position 8: unexpected '1'"):
        equity(["As2s3h4h", "KcKdQcX1"])
    with pytest.raises(MissingExtraError, match=r"pip install 'omaha_fast\[numpy\]'"):
        equity(["As2s3h4h", "AA:$ds"])
