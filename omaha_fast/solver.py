"""Building blocks for solvers: showdown values against a weighted range, a suit-isomorphism
hand indexer and hand-strength features. Thin typed wrappers over the C core; numpy needed.

Every function takes hands as an (n, 4) array of card ints (numpy, any 2-D buffer, a list
of four-card strings, or an object with ``combos`` and ``weights`` such as a range).

>>> sv = showdown_values("2c7d9hJsKs", ["AsAhQdTd", "3c4c5h6h"], ["AsAhQdTd", "8c8d3h3d"])
>>> sv.value.tolist(), sv.reach.tolist()   # aces meet only the eights: card removal
([1.0, 0.0], [1.0, 2.0])
"""

from __future__ import annotations

from functools import lru_cache
from itertools import chain, combinations
from typing import Any, NamedTuple

from . import _core
from .cards import Card, CardsLike, parse_cards, parse_group
from .errors import InvalidCardError, OmahaError
from .evaluation import _as_rows


class InvalidWeightsError(OmahaError, ValueError):
    """Range weights that are not one finite, non-negative number per hand."""


def _numpy() -> Any:
    try:
        import numpy as np
    except ImportError:  # pragma: no cover - numpy is in the test extra
        raise ImportError("omaha_fast.solver needs numpy: "
                          "pip install 'omaha_fast[numpy]'") from None
    return np


@lru_cache(maxsize=1)
def _every_hand() -> Any:
    """All 270,725 four-card hands (ascending cards, rows in lexicographic order) and
    their 64-bit card masks."""
    np = _numpy()
    rows = np.fromiter(chain.from_iterable(combinations(range(52), 4)), dtype=np.uint8,
                       count=270_725 * 4).reshape(-1, 4)
    rows.flags.writeable = False
    masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), rows.astype(np.uint64)), axis=1)
    masks.flags.writeable = False
    return rows, masks


def all_hands(dead: CardsLike = ()) -> Any:
    """Every four-card hand holding none of ``dead``, as an (n, 4) uint8 array.

    >>> all_hands().shape, all_hands("2c3c4c5c6c").shape
    ((270725, 4), (178365, 4))
    """
    np = _numpy()
    rows, masks = _every_hand()
    blocked = 0
    for c in parse_cards(dead):
        blocked |= 1 << int(c)
    if not blocked:
        return rows.copy()
    return rows[(masks & np.uint64(blocked)) == 0]


def _hand_rows(hands: Any, what: str) -> tuple[Any, Any]:
    """(contiguous (n, 4) uint8 rows, the weights an object carried or None)."""
    np = _numpy()
    weights = None
    if hasattr(hands, "combos"):
        weights = getattr(hands, "weights", None)
        hands = hands.combos
    if isinstance(hands, (list, tuple)) and hands and all(isinstance(h, str) for h in hands):
        hands = np.array([parse_cards(h) for h in hands], dtype=np.uint8).reshape(-1, 4)
    elif isinstance(hands, (list, tuple)) and not hands:
        hands = np.zeros((0, 4), dtype=np.uint8)
    rows, _, _ = _as_rows(hands, (4,), what)
    return np.asarray(rows), weights


def _weights(weights: Any, m: int) -> Any:
    np = _numpy()
    try:
        w = np.ascontiguousarray(weights, dtype=np.float64)
    except (TypeError, ValueError):
        raise InvalidWeightsError(
            f"villain_weights must be numbers, got {type(weights).__name__}") from None
    if w.shape != (m,):
        raise InvalidWeightsError(f"villain_weights must hold one weight per villain hand "
                                  f"({m}), got shape {w.shape}")
    bad = ~np.isfinite(w) | (w < 0)
    if bad.any():
        i = int(np.argmax(bad))
        raise InvalidWeightsError(f"villain weight {i} is {w[i]}: weights must be finite and >= 0")
    return w


class ShowdownValues(NamedTuple):
    """Per hero hand: ``value`` = sum of w_j * pot share over the villain hands j that
    share no card with it, ``reach`` = sum of those w_j; ``value / reach`` is the equity
    against the range. ``high`` and ``low`` split ``value`` by the half that pays it."""

    value: Any
    reach: Any
    high: Any
    low: Any


def showdown_values(board: CardsLike, hero: Any, villain: Any, villain_weights: Any = None,
                    game: str = "hilo") -> ShowdownValues:
    """Heads-up river showdown of every hero hand against a weighted villain range.

    A hero hand's share of the pot against one villain hand is 1, 1/2 or 0 in ``"high"``;
    in ``"hilo"`` 1, 3/4, 1/2, 1/4 or 0 (each half won, split or lost; when neither hand
    makes a low the high takes the whole pot). Villain hands that share a card with the hero
    hand are left out of both its sums (card removal). Runs in time linear in the two
    ranges after a counting sort (see csrc/showdown.c), not hero x villain.

    ``villain_weights`` defaults to the villain's own ``weights`` when it carries them, else
    to 1 for every hand. Hands touching the board are refused.

    >>> board = "Ah Kd 7c 8s 2h"
    >>> sv = showdown_values(board, ["3c4dKsKh", "5c6c9d9h", "QdQh3s4s"], ["3d4hQsQc"])
    >>> sv.value.tolist()      # high won and low split: 3/4; both split: 1/2
    [0.75, 0.0, 0.5]
    >>> sv.high.tolist(), sv.low.tolist()
    ([0.5, 0.0, 0.25], [0.25, 0.0, 0.25])
    >>> showdown_values(board, ["AsAd3c8s"], ["QsQh8c9c"])
    Traceback (most recent call last):
    ...
    omaha_fast.errors.InvalidCardError: hero hand 0 (As Ad 3c 8s): 8s is on the board
    """
    np = _numpy()
    b = bytes(parse_group(board, (5,), "board"))
    h, _ = _hand_rows(hero, "hero")
    v, carried = _hand_rows(villain, "villain")
    n, m = h.shape[0], v.shape[0]
    if villain_weights is None:
        villain_weights = carried
    w = None if villain_weights is None else _weights(villain_weights, m)
    value, reach, low = np.empty(n), np.empty(n), np.empty(n)
    rc, bad_row, bad_side = _core.showdown_values(b, h, n, v, m, w, _core.game_code(game),
                                                  value, reach, low)
    if rc != 0:
        if bad_side in (0, 1):
            side, rows = ("hero", h) if bad_side == 0 else ("villain", v)
            raise InvalidCardError(f"{side} hand {bad_row} "
                                   f"({_row_problem(rows[bad_row].tolist(), b)}")
        raise _core.status_error(rc, "showdown values")
    return ShowdownValues(value, reach, value - low, low)


def _row_problem(row: list[int], board: bytes) -> str:
    if any(c > 51 for c in row):
        return f"{row}): card out of range 0..51"
    cards = [Card(c) for c in row]
    text = " ".join(map(str, cards))
    on_board = [c for c in cards if int(c) in board]
    if on_board:
        return f"{text}): {on_board[0]} is on the board"
    return f"{text}): a card twice"
