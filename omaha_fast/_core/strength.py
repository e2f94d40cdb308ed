"""Monte Carlo hand strength (csrc/of_strength.h)."""

from __future__ import annotations

from typing import Any

from .._checks import check_int
from ..errors import (
    InvalidCardError,
)
from ._lib import ffi, lib
from .buffers import _buffer, _outputs, _row
from .common import _fail


def strength_sample(holes: Any, board: bytes, game: int, samples: int, seed: int,
                    outputs: tuple[Any, Any, Any, Any, Any], threads: int = 0) -> None:
    """The Monte Carlo hand-strength kernel over rows of four uint8 cards, into five
    float64 buffers of one entry per hand (see of_strength_sample; ``threads`` 0: one per
    core); a bad hand raises, naming it."""
    if len(board) not in (0, 3, 4):
        raise InvalidCardError(f"sampled hand strength takes a board of 0, 3 or 4 cards, "
                               f"not {len(board)}")
    samples = check_int(samples, "samples", low=1, high=2**64 - 1)
    seed = check_int(seed, "seed", low=0, high=2**64 - 1)
    threads = check_int(threads, "threads", low=0, high=1024)
    h, n = _buffer(holes, "uint8_t", 4, "holes")
    out = _outputs(n, "hand strength", *((o, "double", 1) for o in outputs))
    bad = ffi.new("size_t *")
    rc = lib.of_strength_sample(h, n, board, len(board), game, samples, seed, threads, *out,
                                bad)
    if rc != lib.OF_OK:
        i = int(bad[0])
        _fail(rc, f"hand {i}", {"hand": _row(holes, 4, i), "board": list(board)})
