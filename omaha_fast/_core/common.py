"""What every part of the binding shares (csrc/omaha_fast.h): the games and variants,
the status codes turned into exceptions, and the tables' size."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple, NoReturn, Optional

from .._checks import check_choice
from ..cards import Card
from ..errors import (
    InvalidCardError,
    InvalidValueError,
    NoDealError,
    OmahaError,
    OutOfMemoryError,
)
from ._lib import lib
from .buffers import _row

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


def game_code(game: str) -> int:
    if isinstance(game, str) and game in GAME_CODES:
        return GAME_CODES[game]
    return GAME_CODES[check_choice(game, ("hilo", "high"), "game")]  # raises, naming them


def table_bytes() -> int:
    return int(lib.of_table_bytes())
