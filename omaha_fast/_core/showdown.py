"""The solver's showdown kernels (csrc/of_showdown.h): river values, and prepared river
and turn tables."""

from __future__ import annotations

import os
import threading
from typing import Any, NoReturn, Optional

from .._checks import check_int
from ..errors import (
    InvalidValueError,
)
from ._lib import ffi, lib
from .buffers import _buffer, _outputs
from .common import _fail, _fail_hands


def showdown_values(board: bytes, hero: Any, villain: Any, weights: Any, game: int,
                    value: Any, reach: Any, low_part: Any) -> None:
    """The showdown kernel on a river: hero and villain rows of 4 uint8 cards, float64
    villain ``weights`` (None: all 1) and outputs of one float64 per hero hand. A hand that
    holds a card twice or touches the board raises, naming it."""
    if len(board) != 5:
        _fail(lib.OF_ERR_COUNT, "showdown", {"board": list(board)}, {"board": (5,)})
    h, n = _buffer(hero, "uint8_t", 4, "hero")
    v, m = _buffer(villain, "uint8_t", 4, "villain")
    w = ffi.NULL
    if weights is not None:
        w, n_weights = _buffer(weights, "double", 1, "villain weights")
        if n_weights != m:
            raise InvalidValueError(f"{n_weights} villain weights for {m} villain hands")
    c_value, c_reach, c_low = _outputs(n, "showdown", (value, "double", 1),
                                       (reach, "double", 1), (low_part, "double", 1))
    bad_row = ffi.new("size_t *")
    bad_side = ffi.new("int *")
    rc = lib.of_showdown_values(board, 5, h, n, v, m, w, game, c_value, c_reach, c_low,
                                bad_row, bad_side)
    if rc != lib.OF_OK:
        _fail_hands(rc, "showdown values", int(bad_side[0]), int(bad_row[0]), hero, villain,
                    board)


def _weight_fail(rc: int, bad_row: int, bad_col: int, weights: Any, k: int, m: int,
                 error: type[Exception]) -> NoReturn:
    """The error for a refused row of weights: ``error`` (the caller's class) naming it."""
    if rc != lib.OF_ERR_WEIGHT:
        _fail(rc, "showdown table")
    where = f" (row {bad_row})" if k > 1 else ""
    if bad_col >= m:
        raise error(f"villain weights{where} add up to more than a float holds: scale them "
                    f"down")
    value = memoryview(weights).cast("B").cast("d")[bad_row * m + bad_col]
    raise error(f"villain weight {bad_col}{where} is {value}: weights must be finite and >= 0")


def _new_table(kind: str, make: Any, free: Any, board: bytes, n_board: int, hero: Any,
               villain: Any, game: int) -> tuple[Any, int, int]:
    """A prepared table of the C core (``make``, freed by ``free`` with its owner), and
    its numbers of hero and villain hands; a refused board or hand named."""
    if len(board) != n_board:
        _fail(lib.OF_ERR_COUNT, f"{kind} table", {"board": list(board)},
              {"board": (n_board,)})
    h, n = _buffer(hero, "uint8_t", 4, "hero")
    v, m = _buffer(villain, "uint8_t", 4, "villain")
    out = ffi.new(f"of_{kind}_table **")
    bad_row = ffi.new("size_t *")
    bad_side = ffi.new("int *")
    rc = make(board, n_board, h, n, v, m, game, out, bad_row, bad_side)
    if rc != lib.OF_OK:
        _fail_hands(rc, f"{kind} table", int(bad_side[0]), int(bad_row[0]), hero, villain,
                    board)
    return ffi.gc(out[0], free), n, m


# work areas kept for one call's threads at most (the C core caps its threads at 256)
_MAX_WORKS = 64


class ShowdownTable:
    """An opaque prepared showdown (csrc/prepared.c), freed with this object. The C table
    is read-only; each thread gets its own work area (the scratch of a call), made on its
    first call and reused after, so a call allocates nothing. ``weight_error`` is the class
    raised for bad weights."""

    __slots__ = ("_ptr", "n", "m", "_local", "_weight_error", "board", "_seen", "_last")

    # buffers met lately, by id: a solver passes the same arrays call after call, and
    # checking them again would cost more than the C call on small ranges
    _SEEN = 8

    def __init__(self, board: bytes, hero: Any, villain: Any, game: int,
                 weight_error: type[Exception]) -> None:
        self._ptr, self.n, self.m = _new_table(
            "showdown", lib.of_showdown_table_new, lib.of_showdown_table_free, board, 5,
            hero, villain, game)
        self.board = board
        self._local = threading.local()
        self._weight_error = weight_error
        self._seen: dict[int, tuple[Any, ...]] = {}
        self._last: Optional[tuple[Any, ...]] = None

    def _buffer(self, array: Any, width: int, what: str, writable: bool) -> tuple[Any, int]:
        """_buffer, remembered: an array seen before with the same shape (its buffer held
        by the pointer, so it cannot move or be resized) is not checked again."""
        seen = self._seen.get(id(array))
        if (seen is not None and seen[0] is array and seen[1] == width and
                seen[2] >= writable and seen[3] == getattr(array, "shape", None)):
            return seen[4], seen[5]
        pointer, rows = _buffer(array, "double", width, what, writable)
        if len(self._seen) >= self._SEEN:
            self._seen.clear()
        self._seen[id(array)] = (array, width, writable, getattr(array, "shape", None),
                                 pointer, rows)
        return pointer, rows

    def _work(self, threads: int) -> tuple[Any, int, Any]:
        """This Python thread's work areas, one for each C thread a call with ``threads``
        (0: one per core) starts, as a C array and its length, and two size_t for a
        refused row and column. Made on first use and kept: a full range's work area is
        tens of megabytes, too much to make on every call."""
        wanted = min(max(threads, 1) if threads else (os.cpu_count() or 1), _MAX_WORKS)
        held = getattr(self._local, "works", None)
        if held is None or len(held[0]) < wanted:
            areas = list(held[0]) if held is not None else []
            while len(areas) < wanted:
                out = ffi.new("of_showdown_work **")
                rc = lib.of_showdown_work_new(self._ptr, out)
                if rc != lib.OF_OK:
                    _fail(rc, "showdown work area")
                areas.append(ffi.gc(out[0], lib.of_showdown_work_free))
            held = self._local.works = (areas, ffi.new("of_showdown_work *[]", areas),
                                        ffi.new("size_t[2]"))
        return held[1], len(held[0]), held[2]

    def _rows(self, weights: Any, value: Any) -> tuple[Any, int]:
        """Pointer to the rows of weights and their number (from the output when m = 0)."""
        w, k = self._buffer(weights, self.m, "villain weights", False)
        if not self.m:
            k = _buffer(value, "double", self.n, "showdown output")[1] if self.n else 0
        return w, k

    def _outputs(self, k: int, what: str, *arrays: Any) -> list[Any]:
        """Pointers to k rows of n doubles each (no hero hands: empty buffers, unread)."""
        if self.n:
            out = []
            for a in arrays:
                pointer, rows = self._buffer(a, self.n, f"{what} output", True)
                if rows != k:
                    raise InvalidValueError(f"{what} output holds {rows} rows, expected {k}")
                out.append(pointer)
            return out
        for a in arrays:
            if _buffer(a, "double", 0, f"{what} output", writable=True)[1]:
                raise InvalidValueError(f"{what} output must be empty: there are no hero "
                                        f"hands")
        return [ffi.NULL] * len(arrays)

    def values(self, weights: Any, value: Any, reach: Any, high: Any, low: Any,
               threads: int) -> None:
        """k rows of m float64 weights into k rows of n float64 value, reach, high, low."""
        # the same five arrays as last call, same shapes (a resize would change one):
        # their pointers are still good
        last = self._last
        shapes = (getattr(weights, "shape", None), getattr(value, "shape", None),
                  getattr(reach, "shape", None), getattr(high, "shape", None),
                  getattr(low, "shape", None))
        if (last is not None and last[0] is weights and last[1] is value and
                last[2] is reach and last[3] is high and last[4] is low and
                last[5] == shapes):
            w, k, outs = last[6], last[7], last[8]
        else:
            w, k = self._rows(weights, value)
            outs = self._outputs(k, "showdown", value, reach, high, low)
            self._last = (weights, value, reach, high, low, shapes, w, k, outs)
        works, n_works, bad_row = self._work(threads)
        rc = lib.of_showdown_table_values(self._ptr, works, n_works, w, k, threads, *outs,
                                          bad_row, bad_row + 1)
        if rc != lib.OF_OK:
            _weight_fail(rc, int(bad_row[0]), int(bad_row[1]), weights, k, self.m,
                         self._weight_error)

    def values_reach(self, weights: Any, k_values: int, value: Any, reach: Any,
                     threads: int, payoff: Optional[tuple[Any, Any, Any]] = None) -> None:
        """k rows of m float64 weights: the first k_values into rows of ``value`` (no
        halves), every row's reach into the k rows of ``reach`` (for the last rows, their
        fold sums), in one call whose threads share both. ``payoff``: float64 buffers
        (pot, hero_put) of k_values and fold_pay of k - k_values: value row r is then
        value * pot - reach * hero_put, and fold row r's reach times fold_pay[r]."""
        w, k = self._buffer(weights, self.m, "villain weights", False)
        if not self.m:
            raise InvalidValueError("a combined batch needs villain hands")
        if not 0 <= k_values <= k:
            raise InvalidValueError(f"k_values must be 0 to {k} (the rows), got {k_values}")
        (value_ptr,) = self._outputs(k_values, "showdown", value)
        (reach_ptr,) = self._outputs(k, "reach", reach)
        met_ptr = reach_ptr + k_values * self.n if self.n else ffi.NULL
        pot_ptr = put_ptr = pay_ptr = ffi.NULL
        if payoff is not None:
            (pot_ptr, n_pot), (put_ptr, n_put), (pay_ptr, n_pay) = (
                _buffer(a, "double", 0, what) for a, what in
                zip(payoff, ("pot", "hero_put", "fold_pay")))
            if (n_pot, n_put, n_pay) != (k_values, k_values, k - k_values):
                raise InvalidValueError(f"pot and hero_put must hold {k_values} items (the "
                                        f"showdown rows), fold_pay {k - k_values}")
        works, n_works, bad_row = self._work(threads)
        rc = lib.of_showdown_table_run(self._ptr, works, n_works, w, k_values, k - k_values,
                                       threads, value_ptr, reach_ptr, ffi.NULL, ffi.NULL,
                                       met_ptr, pot_ptr, put_ptr, pay_ptr, bad_row,
                                       bad_row + 1)
        if rc != lib.OF_OK:
            _weight_fail(rc, int(bad_row[0]), int(bad_row[1]), weights, k, self.m,
                         self._weight_error)

    def blockers(self, weights: Any, reach: Any, threads: int) -> None:
        """k rows of m float64 weights into k rows of n float64 reaches."""
        w, k = self._rows(weights, reach)
        (out,) = self._outputs(k, "blockers", reach)
        works, n_works, bad_row = self._work(threads)
        rc = lib.of_showdown_table_blockers(self._ptr, works, n_works, w, k, threads, out,
                                            bad_row, bad_row + 1)
        if rc != lib.OF_OK:
            _weight_fail(rc, int(bad_row[0]), int(bad_row[1]), weights, k, self.m,
                         self._weight_error)


def turn_showdown_values(board: bytes, hero: Any, villain: Any, weights: Any, game: int,
                         threads: int, outputs: tuple[Any, Any, Any, Any],
                         weight_error: type[Exception]) -> None:
    """The turn average of the river kernel (of_turn_showdown_values): rows of 4 uint8
    cards, float64 villain ``weights`` (None: all 1), four float64 outputs per hero hand."""
    if len(board) != 4:
        _fail(lib.OF_ERR_COUNT, "turn showdown", {"board": list(board)}, {"board": (4,)})
    threads = check_int(threads, "threads", low=0, high=1024)
    h, n = _buffer(hero, "uint8_t", 4, "hero")
    v, m = _buffer(villain, "uint8_t", 4, "villain")
    w = ffi.NULL
    if weights is not None:
        w, n_weights = _buffer(weights, "double", 1, "villain weights")
        if n_weights != m:
            raise InvalidValueError(f"{n_weights} villain weights for {m} villain hands")
    outs = _outputs(n, "turn showdown", *((o, "double", 1) for o in outputs))
    bad_row = ffi.new("size_t *")
    bad_side = ffi.new("int *")
    rc = lib.of_turn_showdown_values(board, 4, h, n, v, m, w, game, threads, *outs, bad_row,
                                     bad_side)
    if rc == lib.OF_OK:
        return
    if rc == lib.OF_ERR_WEIGHT:
        _weight_fail(rc, 0, int(bad_row[0]), weights, 1, m, weight_error)
    _fail_hands(rc, "turn showdown values", int(bad_side[0]), int(bad_row[0]), hero, villain,
                board)


class TurnTable:
    """An opaque prepared turn (of_turn_table), freed with this object; read-only, so
    threads may share it. ``weight_error`` is the class raised for bad weights."""

    __slots__ = ("_ptr", "n", "m", "_weight_error")

    def __init__(self, board: bytes, hero: Any, villain: Any, game: int,
                 weight_error: type[Exception]) -> None:
        self._ptr, self.n, self.m = _new_table(
            "turn", lib.of_turn_table_new, lib.of_turn_table_free, board, 4, hero, villain,
            game)
        self._weight_error = weight_error

    def values(self, weights: Any, value: Any, reach: Any, high: Any, low: Any,
               threads: int) -> None:
        """k rows of m float64 weights into k rows of n float64 value, reach, high, low."""
        w, k = _buffer(weights, "double", self.m, "villain weights")
        if not self.m:
            k = _buffer(value, "double", self.n, "turn output")[1] if self.n else 0
        if self.n:
            outs = _outputs(k, "turn", *((a, "double", self.n) for a in (value, reach, high,
                                                                        low)))
        else:
            outs = [ffi.NULL] * 4
        bad = ffi.new("size_t[2]")
        rc = lib.of_turn_table_values(self._ptr, w, k, threads, *outs, bad, bad + 1)
        if rc != lib.OF_OK:
            _weight_fail(rc, int(bad[0]), int(bad[1]), weights, k, self.m, self._weight_error)
