"""The one module that talks to the compiled C core.

It checks sizes and types before each call and the status code after it, turns every
failure into a Python exception, and returns plain Python values, never cdata. Wrappers
take the arrays themselves and work out their row counts (no count travels apart from its
buffer); every status becomes an exception in :func:`status_error`, which names the
refused row and its bad card, so no status code or bad-row index leaves this module.
"""

from __future__ import annotations

import math
import os
import sys
import threading
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, NoReturn, Optional

from .._checks import check_choice, check_int
from ..cards import Card
from ..errors import (
    InvalidCardError,
    InvalidTypeError,
    InvalidValueError,
    NoDealError,
    OmahaError,
    OutOfMemoryError,
)
from ._lib import ffi, lib

lib.of_init()

GAME_CODES = {"high": lib.OF_GAME_HIGH, "hilo": lib.OF_GAME_HILO}
HOLE_SIZES = tuple(range(lib.OF_MIN_HOLE, lib.OF_MAX_HOLE + 1))   # 4, 5, 6 hole cards
# every game by name: (the evaluator's game, hole cards); the engine's Game says the same
VARIANTS = {"hilo": ("hilo", 4), "high": ("high", 4), "bigo": ("hilo", 5),
            "omaha5": ("high", 5), "omaha6": ("high", 6)}


class Variant(NamedTuple):
    """A game as the C core plays it: its game code and the hole cards of a hand."""

    code: int
    n_hole: int


def variant(game: str) -> Variant:
    """The C core's game code and hole cards of a game name; a bad name raises, naming
    the games."""
    if not (isinstance(game, str) and game in VARIANTS):
        check_choice(game, tuple(VARIANTS), "game")
    evaluation, n_hole = VARIANTS[game]
    return Variant(GAME_CODES[evaluation], n_hole)

_STATUS_TEXT = {
    lib.OF_ERR_CARD: "card out of range 0..51",
    lib.OF_ERR_DUPLICATE: "duplicate card",
    lib.OF_ERR_COUNT: "wrong number of cards",
    lib.OF_ERR_ARG: "bad argument",
    lib.OF_ERR_NOMEM: "out of memory",
    lib.OF_ERR_CANCELLED: "cancelled",
    lib.OF_ERR_THREAD: "could not start a worker thread",
    lib.OF_ERR_NO_DEAL: "the ranges never fit together: every combination shares a card",
    lib.OF_ERR_NO_LOW: "the hand makes no 8-or-better low",
    lib.OF_ERR_WEIGHT: "a weight is negative or not finite, or the weights overflow",
}


def status_error(rc: int, context: str = "",
                 cards: Optional[dict[str, Sequence[int]]] = None,
                 counts: Optional[dict[str, Sequence[int]]] = None) -> Exception:
    """The exception for a non-OK status of the C core: the one place a status becomes an
    exception. ``cards`` holds the groups of the refused row by name ({"hole": ...,
    "board": ...}); for a card status the message then says which card is wrong and
    where, and ``counts`` the number of cards each group may have.
    """
    text = _STATUS_TEXT.get(rc, f"status {rc}")
    card_status = rc in (lib.OF_ERR_CARD, lib.OF_ERR_DUPLICATE, lib.OF_ERR_COUNT)
    if cards is not None and card_status:
        shown = ", ".join(_group_text(g) for k, g in cards.items() if k != "board")
        if "board" in cards:
            shown = f"{shown} on {_group_text(cards['board'])}" if shown else \
                f"board {_group_text(cards['board'])}"
        text = f"({shown}): {_card_problem(cards, counts or {}) or text}"
        if context:
            text = f"{context} {text}"
        return InvalidCardError(text)
    if context:
        text = f"{context}: {text}"
    if card_status:
        return InvalidCardError(text)
    if rc == lib.OF_ERR_NOMEM:
        return OutOfMemoryError(text)
    if rc == lib.OF_ERR_NO_DEAL:
        return NoDealError(text)
    if rc in (lib.OF_ERR_ARG, lib.OF_ERR_NO_LOW):
        return InvalidValueError(text)
    return OmahaError(text)


def card_error(context: str, cards: dict[str, Sequence[int]]) -> Exception:
    """The error for groups of cards found bad before any C call, worded as the C core's."""
    return status_error(lib.OF_ERR_DUPLICATE, context, cards)


def _group_text(cards: Sequence[int]) -> str:
    if all(0 <= c <= 51 for c in cards):
        return " ".join(str(Card(c)) for c in cards)
    return str(list(cards))


def _card_problem(groups: dict[str, Sequence[int]],
                  counts: dict[str, Sequence[int]]) -> Optional[str]:
    """What is wrong with groups of cards the C core refused, or None if nothing shows."""
    for name, cards in groups.items():
        for c in cards:
            if not 0 <= c <= 51:
                return f"card {c} in {name} is out of range 0..51"
    for name, want in counts.items():
        if len(groups[name]) not in want:
            return (f"{name} needs {' or '.join(map(str, want))} cards, got "
                    f"{len(groups[name])}")
    owner: dict[int, str] = {}
    for name, cards in groups.items():
        for c in cards:
            if c in owner:
                if owner[c] == name:
                    return f"{Card(c)} twice in {name}"
                if name == "board":
                    return f"{Card(c)} is on the board"
                return f"duplicate card {Card(c)}: in {owner[c]} and in {name}"
            owner[c] = name
    return None


def _fail(rc: int, context: str = "", cards: Optional[dict[str, Sequence[int]]] = None,
          counts: Optional[dict[str, Sequence[int]]] = None) -> NoReturn:
    raise status_error(rc, context, cards, counts)


def _fail_hands(rc: int, context: str, side: int, row: int, hero: Any, villain: Any,
                board: bytes) -> NoReturn:
    """Raise for a refused hero (side 0) or villain (side 1) hand, naming it and its cards;
    any other side: the call's own failure."""
    if side in (0, 1):
        name, rows = ("hero", hero) if side == 0 else ("villain", villain)
        _fail(rc, f"{name} hand {row}", {"hand": _row(rows, 4, row), "board": list(board)})
    _fail(rc, context)


_NATIVE_ORDER = "@=<" if sys.byteorder == "little" else "@=>!"
# buffer item types: (item size, struct formats that are that type)
_ITEMS = {"uint8_t": (1, "B"), "uint16_t": (2, "H"), "int32_t": (4, "il"),
          "uint32_t": (4, "IL"), "uint64_t": (8, "LQ"), "float": (4, "f"), "double": (8, "d")}


def _buffer(array: Any, ctype: str, width: int, what: str,
            writable: bool = False) -> tuple[Any, int]:
    """A cffi pointer into a C-contiguous buffer of rows of ``width`` items of ``ctype``
    and the number of rows, after checking the buffer is exactly that: the item type, a
    whole number of rows and, for a 2-D buffer, its row width."""
    try:
        view = memoryview(array)
    except TypeError:
        raise InvalidTypeError(f"{what} must be a buffer of {ctype}, got "
                               f"{type(array).__name__}") from None
    size, formats = _ITEMS[ctype]
    if view.itemsize != size or view.format.lstrip(_NATIVE_ORDER) not in formats:
        raise InvalidTypeError(f"{what} must hold {ctype} items, got format "
                               f"{view.format!r} of {view.itemsize} bytes")
    if not view.c_contiguous:
        raise InvalidValueError(f"{what} must be C-contiguous")
    if writable and view.readonly:
        raise InvalidValueError(f"{what} must be writable")
    if view.ndim >= 2 and math.prod((view.shape or ())[1:]) != width:
        raise InvalidValueError(f"{what} must be rows of {width}, got shape {view.shape}")
    items = view.nbytes // size
    if width and items % width:
        raise InvalidValueError(f"{what} holds {items} items, not a whole number of rows "
                                f"of {width}")
    pointer = ffi.from_buffer(f"{ctype}[]", array, require_writable=writable)
    return pointer, (items // width if width else items)


def _outputs(n: int, what: str, *arrays: tuple[Any, str, int]) -> list[Any]:
    """Pointers to output buffers, each checked to hold exactly n rows."""
    out = []
    for array, ctype, width in arrays:
        pointer, rows = _buffer(array, ctype, width, f"{what} output", writable=True)
        if rows != n:
            raise InvalidValueError(f"{what} output holds {rows} rows, expected {n}")
        out.append(pointer)
    return out


def game_code(game: str) -> int:
    if isinstance(game, str) and game in GAME_CODES:
        return GAME_CODES[game]
    return GAME_CODES[check_choice(game, ("hilo", "high"), "game")]  # raises, naming them


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


def _row(array: Any, width: int, i: int) -> list[int]:
    """Row i of a buffer of rows of uint8 cards."""
    flat = memoryview(array).cast("B")
    return list(flat[width * i:width * (i + 1)])


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


RANGE_UNIVERSE = int(lib.OF_RANGE_UNIVERSE)
RANGE_UNIVERSES = {4: RANGE_UNIVERSE, 5: int(lib.OF_RANGE_UNIVERSE5)}   # hands by hole size
RANGE_VARS = int(lib.OF_RANGE_VARS)
SHAPES = {"ds": lib.OF_SHAPE_DS, "ss": lib.OF_SHAPE_SS, "rb": lib.OF_SHAPE_RB,
          "np": lib.OF_SHAPE_NP}


def _range_size(n_hole: int) -> int:
    if n_hole not in RANGE_UNIVERSES:
        raise InvalidValueError(f"ranges hold hands of 4 or 5 cards, not {n_hole}")
    return RANGE_UNIVERSES[n_hole]


def range_universe(out: Any, n_hole: int = 4) -> None:
    """Write every hand of ``n_hole`` (4 or 5) cards (rows of sorted cards, colex order)
    into a uint8 buffer."""
    size = _range_size(n_hole)
    buf, rows = _buffer(out, "uint8_t", n_hole, "universe", writable=True)
    if rows != size:
        raise InvalidValueError(f"the universe needs {size:,} rows of {n_hole} cards, "
                                f"got {rows}")
    (lib.of_range_universe if n_hole == 4 else lib.of_range_universe5)(buf)


def range_index(cards: bytes) -> int:
    """Universe index of four (or five) distinct cards."""
    if len(cards) not in RANGE_UNIVERSES:
        _fail(lib.OF_ERR_COUNT, "hand", {"hand": list(cards)}, {"hand": (4, 5)})
    idx = int((lib.of_range_index if len(cards) == 4 else lib.of_range_index5)(cards))
    if idx < 0:
        _fail(-idx, "hand", {"hand": list(cards)})
    return idx


def _universe_flags(out: Any, what: str, n_hole: int) -> Any:
    size = _range_size(n_hole)
    buf, n = _buffer(out, "uint8_t", 1, what, writable=True)
    if n != size:
        raise InvalidValueError(f"{what} needs one byte per hand ({size:,}), got {n}")
    return buf


def range_match(terms: list[tuple[int, int, int, int]], fixed_ranks: int, fixed_suits: int,
                out: Any, n_hole: int = 4) -> None:
    """out[i] = 1 where universe hand i (of ``n_hole`` cards) matches the pattern; terms
    are (ranks, rank_var, suits, suit_var)."""
    if not 1 <= len(terms) <= n_hole:
        raise InvalidValueError(f"a pattern has 1 to {n_hole} terms, not {len(terms)}")
    c_terms = ffi.new("of_term[]", len(terms))
    for t, (ranks, rank_var, suits, suit_var) in zip(c_terms, terms):
        t.ranks, t.rank_var, t.suits, t.suit_var = ranks, rank_var, suits, suit_var
    buf = _universe_flags(out, "pattern", n_hole)
    match = lib.of_range_match if n_hole == 4 else lib.of_range_match5
    rc = match(c_terms, len(terms), fixed_ranks, fixed_suits, buf, RANGE_UNIVERSES[n_hole])
    if rc != lib.OF_OK:
        _fail(rc, "pattern")


def range_shape(shape: str, out: Any, n_hole: int = 4) -> None:
    code = SHAPES[check_choice(shape, tuple(SHAPES), "shape")]
    buf = _universe_flags(out, "shape", n_hole)
    rc = (lib.of_range_shape if n_hole == 4 else lib.of_range_shape5)(
        code, buf, RANGE_UNIVERSES[n_hole])
    if rc != lib.OF_OK:
        _fail(rc, "shape")


def range_classes(out: Any, n_hole: int = 4) -> int:
    """Suit-isomorphism class of every universe hand into a uint16 buffer (uint32 for five
    cards); the count."""
    size = _range_size(n_hole)
    n = ffi.new("uint32_t *")
    ctype = "uint16_t" if n_hole == 4 else "uint32_t"
    buf, rows = _buffer(out, ctype, 1, "classes", writable=True)
    if rows != size:
        raise InvalidValueError(f"classes needs one entry per hand ({size:,}), got {rows}")
    rc = (lib.of_range_classes if n_hole == 4 else lib.of_range_classes5)(buf, rows, n)
    if rc != lib.OF_OK:
        _fail(rc, "classes")
    return int(n[0])


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


def preflop_sample(hero: Any, row_keys: Any, villain: Any, group_start: Any, col_keys: Any,
                   game: int, samples: int, seed: int,
                   outputs: tuple[Any, Any, Any, Any]) -> None:
    """The preflop Monte Carlo kernel (csrc/preflop.c): rows of four uint8 hero cards with
    one uint64 key each, against groups of villain rows (uint32 offsets, one more than the
    uint64 group keys), into four n_hero x n_groups outputs (share, high, share_sq as
    float64, compat as uint32; samples=0 counts the compatible hands only); a bad hand
    raises, naming its side and row."""
    samples = check_int(samples, "samples", low=0, high=2**64 - 1)
    seed = check_int(seed, "seed", low=0, high=2**64 - 1)
    c_hero, n_hero = _buffer(hero, "uint8_t", 4, "hero hands")
    c_rows, n_rows = _buffer(row_keys, "uint64_t", 1, "row keys")
    c_villain, n_villain = _buffer(villain, "uint8_t", 4, "villain hands")
    c_start, n_start = _buffer(group_start, "uint32_t", 1, "group starts")
    c_cols, n_groups = _buffer(col_keys, "uint64_t", 1, "column keys")
    if n_rows != n_hero:
        raise InvalidValueError(f"{n_rows} row keys for {n_hero} hero hands")
    if n_start != n_groups + 1:
        raise InvalidValueError(f"{n_start} group starts for {n_groups} groups (want one more)")
    cells = _outputs(n_hero, "preflop cells", *((o, "double", n_groups) for o in outputs[:3]),
                     (outputs[3], "uint32_t", n_groups))
    bad = ffi.new("size_t *")
    side = ffi.new("int *")
    rc = lib.of_preflop_sample(c_hero, n_hero, c_rows, c_villain, n_villain, c_start,
                               n_groups, c_cols, game, samples, seed, *cells, bad, side)
    if rc != lib.OF_OK:
        i = int(bad[0])
        who, rows = ("hero", hero) if side[0] == 0 else ("villain", villain)
        _fail(rc, f"{who} row {i}", {"hand": _row(rows, 4, i)})


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


def dcfr_update(regrets: Any, sums: Any, current: Any, values: Sequence[Any], own: Any,
                discounts: tuple[float, float, float], node_value: Any,
                threads: int = 1) -> None:
    """The DCFR update of one action node (csrc/dcfr.c), on flat (1-D) buffers:
    ``regrets``, ``sums`` and ``current`` action-major, len(values) * count items each,
    all float64 or all float32; ``values`` one float64 buffer of count child values per
    action; ``own`` the actor's reach and ``node_value`` the output, count float64 each;
    ``discounts`` the (positive regret, negative regret, strategy sum) factors;
    ``threads`` 0 for one per core."""
    actions = len(values)
    if not 1 <= actions <= lib.OF_DCFR_MAX_ACTIONS:
        raise InvalidValueError(f"a node must have 1 to {lib.OF_DCFR_MAX_ACTIONS} actions, "
                                f"got {actions}")
    value_ptrs = []
    for a, v in enumerate(values):
        pointer, count = _buffer(v, "double", 0, f"values of action {a}")
        value_ptrs.append(pointer)
    own_ptr, count = _buffer(own, "double", 0, "own reach")
    if any(_buffer(v, "double", 0, "values")[1] != count for v in values):
        raise InvalidValueError(f"every action's values must hold {count} items (the reach)")
    out = _outputs(count, "node value", (node_value, "double", 1))[0]
    try:
        ctype = "float" if memoryview(regrets).format.lstrip(_NATIVE_ORDER) == "f" \
            else "double"
    except TypeError:
        raise InvalidTypeError(f"regrets must be a buffer, got {type(regrets).__name__}") \
            from None
    state = []
    for array, what in ((regrets, "regrets"), (sums, "strategy sums"), (current, "strategy")):
        pointer, items = _buffer(array, ctype, 0, what, writable=True)
        if items != actions * count:
            raise InvalidValueError(f"{what} hold {items} items, expected {actions} actions "
                                    f"x {count} hands")
        state.append(pointer)
    kernel = lib.of_dcfr_update_f if ctype == "float" else lib.of_dcfr_update
    pos, neg, avg = (float(d) for d in discounts)
    if not isinstance(threads, int) or threads < 0:
        raise InvalidValueError(f"threads must be an int >= 0, got {threads!r}")
    rc = kernel(count, actions, *state, ffi.new("double *[]", value_ptrs), own_ptr, pos, neg,
                avg, out, threads)
    if rc != lib.OF_OK:
        _fail(rc, "dcfr update")


def dcfr_reach(reach: Any, strategy: Any, outs: Sequence[Any], threads: int = 1) -> None:
    """The children's reaches of a node (csrc/dcfr.c), on flat buffers: ``outs[a] =
    reach * strategy[a]`` for each action whose output is not None; ``reach`` count
    float64, ``strategy`` action-major float32 (len(outs) * count), each output count
    float64; ``threads`` 0 for one per core."""
    actions = len(outs)
    if not 1 <= actions <= lib.OF_DCFR_MAX_ACTIONS:
        raise InvalidValueError(f"a node must have 1 to {lib.OF_DCFR_MAX_ACTIONS} actions, "
                                f"got {actions}")
    reach_ptr, count = _buffer(reach, "double", 0, "reach")
    strategy_ptr, items = _buffer(strategy, "float", 0, "strategy")
    if items != actions * count:
        raise InvalidValueError(f"strategy holds {items} items, expected {actions} actions "
                                f"x {count} hands")
    ptrs = [ffi.NULL if out is None else _outputs(count, f"reach of action {a}",
                                                  (out, "double", 1))[0]
            for a, out in enumerate(outs)]
    if not isinstance(threads, int) or threads < 0:
        raise InvalidValueError(f"threads must be an int >= 0, got {threads!r}")
    rc = lib.of_dcfr_reach(count, actions, reach_ptr, strategy_ptr,
                           ffi.new("double *[]", ptrs), threads)
    if rc != lib.OF_OK:
        _fail(rc, "dcfr reach")
