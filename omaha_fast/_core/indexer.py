"""The hand indexer (csrc/of_indexer.h): suit isomorphism over rounds of cards."""

from __future__ import annotations

from typing import Any

from .._checks import check_int
from ..errors import (
    InvalidValueError,
)
from ._lib import ffi, lib
from .buffers import _buffer, _outputs, _row
from .common import _fail


class Indexer:
    """An opaque C hand indexer, freed with this object."""

    __slots__ = ("_ptr", "rounds", "_widths")

    def __init__(self, rounds: tuple[int, ...]) -> None:
        out = ffi.new("of_indexer **")
        if not 1 <= len(rounds) <= lib.OF_INDEXER_MAX_ROUNDS or not all(
                1 <= r <= 13 for r in rounds):
            rc = lib.OF_ERR_COUNT
        else:
            rc = lib.of_indexer_new(bytes(rounds), len(rounds), out)
        if rc == lib.OF_ERR_COUNT:
            raise InvalidValueError(f"rounds {rounds}: 1 to {lib.OF_INDEXER_MAX_ROUNDS} rounds "
                                    f"of 1 to 13 cards, 52 in all, with every round's size "
                                    f"below 2**64")
        if rc != lib.OF_OK:
            _fail(rc, "hand indexer")
        self._ptr = ffi.gc(out[0], lib.of_indexer_free)
        self.rounds = rounds
        self._widths = [int(lib.of_indexer_cards(self._ptr, r)) for r in range(len(rounds))]

    def _round(self, round_: int) -> int:
        return check_int(round_, "round", low=0, high=len(self.rounds) - 1)

    def size(self, round_: int) -> int:
        out = ffi.new("uint64_t *")
        rc = lib.of_indexer_size(self._ptr, self._round(round_), out)
        if rc != lib.OF_OK:
            _fail(rc, "indexer size")
        return int(out[0])

    def index_batch(self, round_: int, cards: Any, out: Any) -> None:
        """Class numbers of rows of cards dealt through ``round_`` into the uint64 ``out``;
        a bad row raises, naming it."""
        width = self._widths[self._round(round_)]
        c_cards, n = _buffer(cards, "uint8_t", width, "deals")
        (c_out,) = _outputs(n, "index", (out, "uint64_t", 1))
        bad = ffi.new("size_t *")
        rc = lib.of_indexer_index_batch(self._ptr, round_, c_cards, n, c_out, bad)
        if rc != lib.OF_OK:
            i = int(bad[0])
            _fail(rc, f"deal {i}", {"deal": _row(cards, width, i)})

    def unindex_batch(self, round_: int, indices: Any, out: Any) -> None:
        """Canonical deals (rows of uint8 cards into ``out``) of uint64 class numbers; an
        index out of the round's range raises, naming it."""
        width = self._widths[self._round(round_)]
        c_indices, n = _buffer(indices, "uint64_t", 1, "indices")
        (c_out,) = _outputs(n, "unindex", (out, "uint8_t", width))
        bad = ffi.new("size_t *")
        rc = lib.of_indexer_unindex_batch(self._ptr, round_, c_indices, n, c_out, bad)
        if rc != lib.OF_OK:
            i = int(bad[0])
            index = int(memoryview(indices).cast("B").cast("Q")[i])
            raise InvalidValueError(f"index {index} is not in 0..{self.size(round_) - 1} "
                                    f"(round {round_})")
