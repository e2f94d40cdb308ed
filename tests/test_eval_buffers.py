"""evaluate_batch reads byte buffers (flat or 2-D) as well as arrays and lists, always
returns numpy arrays, and names what is wrong with a bad buffer; the command line starts
(``--version``, ``eval``) without importing numpy."""

from __future__ import annotations

import array
import subprocess
import sys

import numpy as np
import pytest

from omaha_fast import InvalidCardError, evaluate, evaluate_batch, parse_cards

HOLE, BOARD = "As2s3s4s", "5s6s7sAhKh"


def test_flat_and_two_dimensional_buffers():
    want = evaluate(HOLE, BOARD)
    hole, board = bytes(parse_cards(HOLE)), bytes(parse_cards(BOARD))
    high, low = evaluate_batch(hole * 3, board * 3)
    assert isinstance(high, np.ndarray) and high.dtype == np.uint16 and low.dtype == np.uint8
    assert high.tolist() == [want.high.value] * 3 and low.tolist() == [want.low.value] * 3
    two_d = memoryview(bytearray(hole * 2)).cast("B", (2, 4))
    high, _ = evaluate_batch(two_d, array.array("B", board * 2))
    assert high.tolist() == [want.high.value] * 2
    high, _ = evaluate_batch([list(parse_cards(HOLE))], [list(parse_cards(BOARD))])
    assert high.tolist() == [want.high.value]


@pytest.mark.parametrize("holes, boards, message", [
    (bytes(3), bytes(5), r"holes must be an \(n, 4"),
    ([[51, 3, 7]], bytes(5), "holes row 0 has 3 cards"),
    (bytes([51, 3, 7, 11]), bytes([15, 19, 23, 50, 51]),
     r"row 0 \(As 2s 3s 4s on 5s 6s 7s Ah As\): As is on the board"),
    (bytes([51, 3, 7, 11]), bytes([15, 19, 23, 50, 60]),
     r"row 0 \(.*\): card 60 in board is out of range"),
    (np.array([[51, 3, 7, 72]]), bytes(5), r"holes row 0: card out of range 0..51"),
])
def test_errors_name_the_problem(holes, boards, message):
    with pytest.raises(InvalidCardError, match=message):
        evaluate_batch(holes, boards)


@pytest.mark.parametrize("argv", [["--version"], ["eval", HOLE, BOARD]])
def test_the_command_line_starts_without_numpy(argv):
    """numpy is a dependency, but a one-hand command does not pay for importing it."""
    code = ("import sys\n"
            "from omaha_fast.cli import main\n"
            "try:\n"
            "    status = main(sys.argv[1:])\n"
            "except SystemExit as end:\n"              # --version ends by SystemExit
            "    status = end.code\n"
            "assert 'numpy' not in sys.modules, 'numpy imported'\n"
            "sys.exit(status)\n")
    done = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
