"""Equity (csrc/of_equity.h): fixed hands, the river, ranges and many small spots, with
the progress callback the C core calls."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any, Optional

from .._checks import check_int
from ..errors import (
    InvalidCardError,
    InvalidValueError,
    OmahaError,
)
from ._lib import ffi, lib
from .buffers import _buffer, _outputs, _row
from .common import HOLE_SIZES, _fail

ProgressFn = Optional[Callable[[float, float], Optional[bool]]]


class _ProgressState:
    """What the progress callback needs: the user's function and the first error raised."""

    __slots__ = ("progress", "error")

    def __init__(self, progress: ProgressFn) -> None:
        self.progress = progress
        self.error: Optional[BaseException] = None


# The C core calls back on the thread that called it, so the run in progress on this
# thread is found here even when the callback fails before it can read its argument
# (a Ctrl-C is delivered at the first Python instruction the callback runs).
_running = threading.local()


def _progress_error(exc_type: Any, exc: BaseException, tb: Any) -> int:
    state = getattr(_running, "state", None)
    if state is not None and state.error is None:
        state.error = exc
    return 1  # any exception in the callback, Ctrl-C included, cancels the run


@ffi.def_extern(onerror=_progress_error)
def _equity_progress(user: Any, done: float, total: float) -> int:
    state: _ProgressState = ffi.from_handle(user)
    if state.progress is not None and state.progress(done, total):
        return 1
    return 0


# the doubles of of_player_result, in their order in the struct
_RESULT_FIELDS = ("equity", "high_win", "high_tie", "low_win", "low_tie", "scoop", "high_share",
                  "low_share", "eq_sq")


def _check_run(board: bytes, dead: bytes, samples: int, seed: int,
               threads: int) -> tuple[int, int, int]:
    """What the two equity engines share: a board of 0, 3, 4 or 5 cards, at most 52 dead
    cards, and counts that fit their C types."""
    if len(board) not in (0, 3, 4, 5):
        raise InvalidCardError(f"a board has 0, 3, 4 or 5 cards, not {len(board)}")
    if len(dead) > 52:
        raise InvalidCardError(f"{len(dead)} dead cards: a deck has 52")
    return (check_int(samples, "samples", low=0, high=2**64 - 1),
            check_int(seed, "seed", low=0, high=2**64 - 1),
            check_int(threads, "threads", low=0, high=1024))


def equity(hands: bytes, board: bytes, dead: bytes, game: int, exact: bool,
           samples: int, seed: int, threads: int, progress: ProgressFn, n_hole: int = 4
           ) -> tuple[list[dict[str, float]], float, float]:
    """Run the C equity engine on rows of ``n_hole`` (4, 5 or 6) cards, one per player;
    per-player sums, boards and boards with no low."""
    if n_hole not in HOLE_SIZES:
        raise InvalidCardError(f"a hand has 4, 5 or 6 hole cards, not {n_hole}")
    if len(hands) % n_hole or not 2 <= len(hands) // n_hole <= lib.OF_MAX_PLAYERS:
        raise InvalidCardError(f"equity needs 2 to {lib.OF_MAX_PLAYERS} rows of {n_hole} "
                               f"cards, got {len(hands)} cards")
    samples, seed, threads = _check_run(board, dead, samples, seed, threads)
    n_players = len(hands) // n_hole
    results = ffi.new("of_player_result[]", n_players)
    boards = ffi.new("double *")
    no_low = ffi.new("double *")
    if progress is None and len(board) == 5:
        # one board, answered at once: no callback (it is only there to report, and to let
        # Ctrl-C stop a long run)
        rc = lib.of_equity_n(hands, n_hole, n_players, board, 5, dead, len(dead), game,
                             0 if exact else 1, samples, seed, threads, ffi.NULL, ffi.NULL,
                             results, boards, no_low)
    else:
        rc = _with_progress(progress, lambda handle: lib.of_equity_n(
            hands, n_hole, n_players, board, len(board), dead, len(dead), game,
            0 if exact else 1, samples, seed, threads, lib._equity_progress, handle, results,
            boards, no_low))
    if rc != lib.OF_OK:
        _fail(rc, "equity")
    return _result_sums(results, n_players), float(boards[0]), float(no_low[0])


_river_buffers = threading.local()


def river_equity(hands: bytes, board: bytes, game: int) -> tuple[list[float], float]:
    """Exact equity of rows of four cards on a complete board (5 cards), every card
    distinct and in range as the caller checked: the per-player sums (9 a player, in
    _RESULT_FIELDS order) over the one board, and 1.0 when it has no low, else 0.0."""
    n_players = len(hands) // 4
    try:
        results, out = _river_buffers.value
    except AttributeError:   # this thread's first call: its own buffers, kept
        results = ffi.new("of_player_result[]", lib.OF_MAX_PLAYERS)
        out = ffi.new("double[2]")
        _river_buffers.value = results, out
    rc = lib.of_equity(hands, n_players, board, 5, b"", 0, game, 0, 0, 0, 1, ffi.NULL,
                       ffi.NULL, results, out, out + 1)
    if rc != lib.OF_OK:
        groups: dict[str, Sequence[int]] = {f"hand {i + 1}": list(hands[4 * i:4 * i + 4])
                                            for i in range(n_players)}
        _fail(rc, "equity", {**groups, "board": list(board)})
    sums: list[float] = ffi.unpack(ffi.cast("double *", results), 9 * n_players)
    return sums, float(out[1])


def _result_sums(results: Any, n_players: int) -> list[dict[str, float]]:
    """The per-player sums of an of_player_result array, read in one copy."""
    values: list[float] = ffi.unpack(ffi.cast("double *", results), 9 * n_players)
    k = len(_RESULT_FIELDS)
    return [dict(zip(_RESULT_FIELDS, values[k * p:k * p + k])) for p in range(n_players)]


def _with_progress(progress: ProgressFn, call: Callable[[Any], int]) -> int:
    """Run a C call that reports progress; re-raise what the callback raised."""
    state = _ProgressState(progress)
    handle = ffi.new_handle(state)
    outer = getattr(_running, "state", None)
    _running.state = state
    try:
        rc = call(handle)
    finally:
        _running.state = outer
    if state.error is not None:
        raise state.error
    if rc == lib.OF_ERR_CANCELLED:
        raise OmahaError("equity calculation stopped by the progress callback")
    return int(rc)


def range_equity(hands: Any, weights: Any, sizes: Sequence[int], board: bytes, dead: bytes,
                 game: int, exact: bool, samples: int, seed: int, threads: int,
                 progress: ProgressFn, n_hole: int = 4
                 ) -> tuple[list[dict[str, float]], float, float, float]:
    """Equity of ranges: per-player weighted sums, their total, the no-low part and the
    number of (combination, board) pairs or deals. ``hands`` holds every player's rows of
    ``n_hole`` uint8 cards one after the other, ``sizes[p]`` of them for player p, with
    one uint32 weight each in ``weights``. Five- and six-card ranges are Monte Carlo only,
    on the calling thread (``threads`` is not used for them)."""
    n = len(sizes)
    if not 2 <= n <= lib.OF_MAX_PLAYERS:
        raise InvalidValueError(f"range equity needs 2 to {lib.OF_MAX_PLAYERS} players, "
                                f"got {n}")
    if n_hole not in HOLE_SIZES:
        raise InvalidCardError(f"a hand has 4, 5 or 6 hole cards, not {n_hole}")
    if n_hole != 4 and exact:
        raise InvalidValueError(f"equity of {n_hole}-card ranges is Monte Carlo only")
    samples, seed, threads = _check_run(board, dead, samples, seed, threads)
    c_hands, rows = _buffer(hands, "uint8_t", n_hole, "hands")
    c_weights, n_weights = _buffer(weights, "uint32_t", 1, "weights")
    sizes = [check_int(k, "a range size", low=1, high=2**32 - 1) for k in sizes]
    if sum(sizes) != rows or n_weights != rows:
        raise InvalidValueError(f"range sizes add up to {sum(sizes)} hands, but there are "
                                f"{rows} hands and {n_weights} weights")
    results = ffi.new("of_player_result[]", n)
    out = ffi.new("double[3]")
    c_sizes = ffi.new("uint32_t[]", sizes)
    if n_hole == 4:
        rc = _with_progress(progress, lambda handle: lib.of_range_equity(
            c_hands, c_weights, c_sizes, n, board, len(board), dead, len(dead), game,
            0 if exact else 1, samples, seed, threads, lib._equity_progress, handle,
            results, out, out + 1, out + 2))
    else:
        rc = _with_progress(progress, lambda handle: lib.of_range_equity_mc_n(
            c_hands, n_hole, c_weights, c_sizes, n, board, len(board), dead, len(dead),
            game, samples, seed, lib._equity_progress, handle, results, out, out + 1,
            out + 2))
    if rc != lib.OF_OK:
        _fail(rc, "range equity")
    return _result_sums(results, n), float(out[0]), float(out[1]), float(out[2])


def equity_batch(hands: Any, boards: Any, n_players: int, n_board: int, game: int,
                 out: Any, n_hole: int = 4) -> None:
    """Exact equities of many small spots: ``hands`` holds rows of ``n_players`` x
    ``n_hole`` uint8 cards (one row a spot), ``boards`` rows of ``n_board`` cards, ``out``
    gets rows of ``n_players`` float64 pot shares. A bad spot raises, naming it."""
    if not 2 <= n_players <= lib.OF_MAX_PLAYERS:
        raise InvalidCardError(f"a spot has 2 to {lib.OF_MAX_PLAYERS} players, got {n_players}")
    if n_board not in (3, 4, 5):
        raise InvalidCardError(f"a board has 3, 4 or 5 cards, not {n_board}")
    if n_hole not in HOLE_SIZES:
        raise InvalidCardError(f"a hand has 4, 5 or 6 hole cards, not {n_hole}")
    if n_hole * n_players + n_board > 52:
        raise InvalidCardError(f"{n_players} hands of {n_hole} cards and {n_board} board "
                               f"cards are more than a deck")
    h, n = _buffer(hands, "uint8_t", n_hole * n_players, "hands")
    b, nb = _buffer(boards, "uint8_t", n_board, "boards")
    if nb != n:
        raise InvalidCardError(f"hands has {n} spots but boards has {nb}")
    (c_out,) = _outputs(n, "equity", (out, "double", n_players))
    bad = ffi.new("size_t *")
    rc = lib.of_equity_batch_n(h, n_hole, b, n, n_players, n_board, game, c_out, bad)
    if rc != lib.OF_OK:
        i = int(bad[0])
        row = _row(hands, n_hole * n_players, i)
        groups = {f"hand {p + 1}": row[n_hole * p:n_hole * (p + 1)] for p in range(n_players)}
        _fail(rc, f"spot {i}", {**groups, "board": _row(boards, n_board, i)})
