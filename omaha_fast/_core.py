"""The one module that talks to the compiled C core.

It checks sizes and types before each call and the status code after it, turns every
failure into a Python exception, and returns plain Python values, never cdata.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Optional

from ._checks import check_choice
from ._lib import ffi, lib
from .errors import InvalidCardError, InvalidValueError, NoDealError, OmahaError

lib.of_init()

ERR_COUNT: int = lib.OF_ERR_COUNT

GAME_CODES = {"high": lib.OF_GAME_HIGH, "hilo": lib.OF_GAME_HILO}

_STATUS_TEXT = {
    lib.OF_ERR_CARD: "card out of range 0..51",
    lib.OF_ERR_DUPLICATE: "duplicate card",
    lib.OF_ERR_COUNT: "wrong number of cards",
    lib.OF_ERR_ARG: "bad argument",
    lib.OF_ERR_NOMEM: "out of memory",
    lib.OF_ERR_CANCELLED: "cancelled",
    lib.OF_ERR_THREAD: "could not start a worker thread",
    lib.OF_ERR_NO_DEAL: "the ranges never fit together: every combination shares a card",
}


def status_error(rc: int, context: str = "") -> Exception:
    """The exception for a non-OK status of the C core."""
    text = _STATUS_TEXT.get(rc, f"status {rc}")
    if context:
        text = f"{context}: {text}"
    if rc in (lib.OF_ERR_CARD, lib.OF_ERR_DUPLICATE, lib.OF_ERR_COUNT):
        return InvalidCardError(text)
    if rc == lib.OF_ERR_NOMEM:
        return MemoryError(text)
    if rc == lib.OF_ERR_NO_DEAL:
        return NoDealError(text)
    return OmahaError(text)


def game_code(game: str) -> int:
    if isinstance(game, str) and game in GAME_CODES:
        return GAME_CODES[game]
    return GAME_CODES[check_choice(game, ("hilo", "high"), "game")]  # raises, naming them


def eval_packed(hole: bytes, board: bytes, game: int) -> int:
    """high << 8 | low, or -status (the caller explains the error)."""
    return lib.of_eval_packed(hole, board, len(board), game)


def best_cards(hole: bytes, board: bytes, want_low: bool) -> bytes:
    out = ffi.new("uint8_t[5]")
    rc = lib.of_best_cards(hole, board, len(board), int(want_low), out)
    if rc != lib.OF_OK:
        raise status_error(rc, "best cards")
    return bytes(out)


def rank5(cards: bytes) -> int:
    out = ffi.new("uint16_t *")
    rc = lib.of_rank5(cards, out)
    if rc != lib.OF_OK:
        raise status_error(rc)
    return int(out[0])


def eval_batch(holes: Any, boards: Any, n: int, n_board: int, game: int,
               high: Any, low: Any) -> tuple[int, int]:
    """Run the batch over contiguous uint8 buffers; returns (status, bad row)."""
    bad = ffi.new("size_t *")
    rc = lib.of_eval_batch(ffi.from_buffer("uint8_t[]", holes),
                           ffi.from_buffer("uint8_t[]", boards), n, n_board, game,
                           ffi.from_buffer("uint16_t[]", high, require_writable=True),
                           ffi.from_buffer("uint8_t[]", low, require_writable=True), bad)
    return rc, int(bad[0])


def rank5_batch(cards: Any, n: int, values: Any) -> tuple[int, int]:
    bad = ffi.new("size_t *")
    rc = lib.of_rank5_batch(ffi.from_buffer("uint8_t[]", cards), n,
                            ffi.from_buffer("uint16_t[]", values, require_writable=True), bad)
    return rc, int(bad[0])


def low_of_masks(hole_mask: int, board_mask: int) -> int:
    if not (0 <= hole_mask < 256 and 0 <= board_mask < 256):
        raise InvalidValueError("low-rank masks are 8-bit")
    return int(lib.of_low_of_masks(hole_mask, board_mask))


def table_bytes() -> int:
    return int(lib.of_table_bytes())


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


def equity(hands: bytes, n_players: int, board: bytes, dead: bytes, game: int, exact: bool,
           samples: int, seed: int, threads: int, progress: ProgressFn
           ) -> tuple[list[dict[str, float]], float, float]:
    """Run the C equity engine; per-player sums, boards and boards with no low."""
    results = ffi.new("of_player_result[]", n_players)
    boards = ffi.new("double *")
    no_low = ffi.new("double *")
    state = _ProgressState(progress)
    handle = ffi.new_handle(state)
    outer = getattr(_running, "state", None)
    _running.state = state
    try:
        rc = lib.of_equity(hands, n_players, board, len(board), dead, len(dead), game,
                           0 if exact else 1, samples, seed, threads, lib._equity_progress,
                           handle, results, boards, no_low)
    finally:
        _running.state = outer
    if state.error is not None:
        raise state.error
    if rc == lib.OF_ERR_CANCELLED:
        raise OmahaError("equity calculation stopped by the progress callback")
    if rc != lib.OF_OK:
        raise status_error(rc, "equity")
    fields = ("equity", "high_win", "high_tie", "low_win", "low_tie", "scoop", "high_share",
              "low_share", "eq_sq")
    return ([{f: float(getattr(r, f)) for f in fields} for r in results],
            float(boards[0]), float(no_low[0]))


_RESULT_FIELDS = ("equity", "high_win", "high_tie", "low_win", "low_tie", "scoop", "high_share",
                  "low_share", "eq_sq")


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


def range_equity(hands: bytes, weights: Any, sizes: list[int], board: bytes, dead: bytes,
                 game: int, exact: bool, samples: int, seed: int, threads: int,
                 progress: ProgressFn) -> tuple[list[dict[str, float]], float, float, float]:
    """Equity of ranges: per-player weighted sums, their total, the no-low part and the
    number of (combination, board) pairs or deals. `weights` is a uint32 buffer."""
    n = len(sizes)
    results = ffi.new("of_player_result[]", n)
    out = ffi.new("double[3]")
    c_sizes = ffi.new("uint32_t[]", sizes)
    c_weights = ffi.from_buffer("uint32_t[]", weights)
    rc = _with_progress(progress, lambda handle: lib.of_range_equity(
        hands, c_weights, c_sizes, n, board, len(board), dead, len(dead), game,
        0 if exact else 1, samples, seed, threads, lib._equity_progress, handle, results,
        out, out + 1, out + 2))
    if rc != lib.OF_OK:
        raise status_error(rc, "range equity")
    return ([{f: float(getattr(r, f)) for f in _RESULT_FIELDS} for r in results],
            float(out[0]), float(out[1]), float(out[2]))


def equity_batch(hands: Any, boards: Any, n_spots: int, n_players: int, n_board: int,
                 game: int, out: Any) -> tuple[int, int]:
    """Exact equities of many small spots into the float64 buffer out; (status, bad spot)."""
    bad = ffi.new("size_t *")
    rc = lib.of_equity_batch(ffi.from_buffer("uint8_t[]", hands),
                             ffi.from_buffer("uint8_t[]", boards), n_spots, n_players, n_board,
                             game, ffi.from_buffer("double[]", out, require_writable=True), bad)
    return int(rc), int(bad[0])


RANGE_UNIVERSE = int(lib.OF_RANGE_UNIVERSE)
RANGE_VARS = int(lib.OF_RANGE_VARS)
SHAPES = {"ds": lib.OF_SHAPE_DS, "ss": lib.OF_SHAPE_SS, "rb": lib.OF_SHAPE_RB,
          "np": lib.OF_SHAPE_NP}


def range_universe(out: Any) -> None:
    """Write the 270,725 hands (rows of 4 sorted cards, colex order) into a uint8 buffer."""
    buf = ffi.from_buffer("uint8_t[]", out, require_writable=True)
    if len(buf) != 4 * RANGE_UNIVERSE:
        raise ValueError("the universe needs a buffer of 4 x 270,725 bytes")
    lib.of_range_universe(buf)


def range_index(cards: bytes) -> int:
    """Universe index of four distinct cards."""
    idx = int(lib.of_range_index(cards))
    if idx < 0:
        raise status_error(-idx, "hand")
    return idx


def range_match(terms: list[tuple[int, int, int, int]], fixed_ranks: int, fixed_suits: int,
                out: Any) -> None:
    """out[i] = 1 where universe hand i matches the pattern; terms are
    (ranks, rank_var, suits, suit_var)."""
    c_terms = ffi.new("of_term[]", len(terms))
    for t, (ranks, rank_var, suits, suit_var) in zip(c_terms, terms):
        t.ranks, t.rank_var, t.suits, t.suit_var = ranks, rank_var, suits, suit_var
    buf = ffi.from_buffer("uint8_t[]", out, require_writable=True)
    rc = lib.of_range_match(c_terms, len(terms), fixed_ranks, fixed_suits, buf, len(buf))
    if rc != lib.OF_OK:
        raise status_error(rc, "pattern")


def range_shape(shape: str, out: Any) -> None:
    buf = ffi.from_buffer("uint8_t[]", out, require_writable=True)
    rc = lib.of_range_shape(SHAPES[shape], buf, len(buf))
    if rc != lib.OF_OK:
        raise status_error(rc, "shape")


def range_classes(out: Any) -> int:
    """Suit-isomorphism class of every universe hand into a uint16 buffer; the count."""
    n = ffi.new("uint32_t *")
    buf = ffi.from_buffer("uint16_t[]", out, require_writable=True)
    rc = lib.of_range_classes(buf, len(buf), n)
    if rc != lib.OF_OK:
        raise status_error(rc, "classes")
    return int(n[0])
def showdown_values(board: bytes, hero: Any, n: int, villain: Any, m: int, weights: Any,
                    game: int, value: Any, reach: Any, low_part: Any
                    ) -> tuple[int, int, int]:
    """Run the showdown kernel over contiguous buffers; returns (status, bad row, bad side)."""
    bad_row = ffi.new("size_t *")
    bad_side = ffi.new("int *")
    w = ffi.NULL if weights is None else ffi.from_buffer("double[]", weights)
    rc = lib.of_showdown_values(board, len(board), ffi.from_buffer("uint8_t[]", hero), n,
                                ffi.from_buffer("uint8_t[]", villain), m, w, game,
                                ffi.from_buffer("double[]", value, require_writable=True),
                                ffi.from_buffer("double[]", reach, require_writable=True),
                                ffi.from_buffer("double[]", low_part, require_writable=True),
                                bad_row, bad_side)
    return rc, int(bad_row[0]), int(bad_side[0])


class Indexer:
    """An opaque C hand indexer, freed with this object."""

    __slots__ = ("_ptr", "rounds")

    def __init__(self, rounds: tuple[int, ...]) -> None:
        out = ffi.new("of_indexer **")
        rc = lib.of_indexer_new(bytes(rounds), len(rounds), out)
        if rc == lib.OF_ERR_COUNT:
            raise ValueError(f"rounds {rounds}: 1 to {lib.OF_INDEXER_MAX_ROUNDS} rounds of 1 to "
                             f"13 cards, 52 in all, with every round's size below 2**64")
        if rc != lib.OF_OK:
            raise status_error(rc, "hand indexer")
        self._ptr = ffi.gc(out[0], lib.of_indexer_free)
        self.rounds = rounds

    def size(self, round_: int) -> int:
        out = ffi.new("uint64_t *")
        rc = lib.of_indexer_size(self._ptr, round_, out)
        if rc != lib.OF_OK:
            raise status_error(rc, "indexer size")
        return int(out[0])

    def index_batch(self, round_: int, cards: Any, n: int, out: Any) -> tuple[int, int]:
        bad = ffi.new("size_t *")
        rc = lib.of_indexer_index_batch(self._ptr, round_, ffi.from_buffer("uint8_t[]", cards), n,
                                        ffi.from_buffer("uint64_t[]", out, require_writable=True),
                                        bad)
        return rc, int(bad[0])

    def unindex_batch(self, round_: int, indices: Any, n: int, out: Any) -> tuple[int, int]:
        bad = ffi.new("size_t *")
        rc = lib.of_indexer_unindex_batch(self._ptr, round_,
                                          ffi.from_buffer("uint64_t[]", indices), n,
                                          ffi.from_buffer("uint8_t[]", out, require_writable=True),
                                          bad)
        return rc, int(bad[0])


def strength_sample(holes: Any, n: int, board: bytes, game: int, samples: int, seed: int,
                    outputs: tuple[Any, Any, Any, Any, Any]) -> tuple[int, int]:
    """Run the Monte Carlo hand-strength kernel; returns (status, bad row)."""
    bad = ffi.new("size_t *")
    out = [ffi.from_buffer("double[]", o, require_writable=True) for o in outputs]
    rc = lib.of_strength_sample(ffi.from_buffer("uint8_t[]", holes), n, board, len(board), game,
                                samples, seed, *out, bad)
    return rc, int(bad[0])


def preflop_sample(hero: Any, row_keys: Any, villain: Any, group_start: Any, col_keys: Any,
                   game: int, samples: int, seed: int,
                   outputs: tuple[Any, Any, Any, Any]) -> tuple[int, int, int]:
    """Run the preflop Monte Carlo kernel (csrc/preflop.c) into the four n_hero x n_groups
    outputs (share, high, share_sq as float64, compat as uint32); returns (status, bad
    row, bad side). The caller checks shapes and dtypes."""
    bad = ffi.new("size_t *")
    side = ffi.new("int *")
    c_hero, c_villain = ffi.from_buffer("uint8_t[]", hero), ffi.from_buffer("uint8_t[]", villain)
    c_start = ffi.from_buffer("uint32_t[]", group_start)
    n_hero, n_villain, n_groups = len(row_keys), len(c_villain) // 4, len(col_keys)
    share, high, sq, compat = outputs
    cells = [ffi.from_buffer("double[]", o, require_writable=True) for o in (share, high, sq)]
    c_compat = ffi.from_buffer("uint32_t[]", compat, require_writable=True)
    if (len(c_hero) != 4 * n_hero or len(c_villain) % 4 or len(c_start) != n_groups + 1
            or any(len(c) != n_hero * n_groups for c in (*cells, c_compat))):
        raise ValueError("preflop_sample: buffer sizes do not agree")
    rc = lib.of_preflop_sample(
        c_hero, n_hero, ffi.from_buffer("uint64_t[]", row_keys), c_villain, n_villain,
        c_start, n_groups,
        ffi.from_buffer("uint64_t[]", col_keys), game, samples, seed,
        *cells, c_compat, bad, side)
    return int(rc), int(bad[0]), int(side[0])
