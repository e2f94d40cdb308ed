"""Reading a spot: the board, pot, stack and the two weighted ranges, checked."""

from __future__ import annotations

import math
import numbers
from typing import Any

import numpy as np

from ..cards import CardsLike, parse_cards
from ..errors import InvalidCardError, RangeError
from ..ranges import GAMES, Range
from .errors import SubgameTypeError, SubgameValueError

# The solver's state is float32 (regrets and strategy sums) over float64 showdown values: a
# figure is chips times a product of the two players' weights, summed over up to 270,725
# hands and over the iterations. With chips and weights in these bounds every such figure
# stays finite and normal in float32 (the products of two weights and the pot's least
# chip: 1e-30 and more; the largest sums: about 1e35 after a million iterations), and
# every chip figure is exact in float64 well past a millionth of a chip.
MAX_CHIPS = 1e12
"""The most chips a spot may hold: its pot plus both stacks."""
MIN_POT = 1e-6
MIN_WEIGHT, MAX_WEIGHT = 1e-12, 1e12
"""The range of a weight above 0 (0 leaves the hand out)."""


def read_board(board: CardsLike) -> list[int]:
    """The board as card ints: 3 cards (a flop spot), 4 (a turn spot) or 5 (a river spot),
    all different."""
    try:
        cards = [int(c) for c in parse_cards(board)]
    except InvalidCardError as err:
        raise SubgameValueError(f"board: {err}") from None
    if len(cards) not in (3, 4, 5):
        raise SubgameValueError(f"the board must hold 3 cards (a flop spot), 4 (a turn spot) "
                                f"or 5 (a river spot), got {len(cards)}")
    if len(set(cards)) != len(cards):
        raise SubgameValueError("the board holds a card twice")
    return cards


def read_amount(x: object, what: str, positive: bool) -> float:
    """A pot or stack: a finite real number, above 0 (``positive``) or at least 0."""
    if isinstance(x, bool) or not isinstance(x, numbers.Real):
        raise SubgameTypeError(f"{what} must be a number of chips, got {x!r}")
    v = float(x)
    if not math.isfinite(v) or v < 0 or (positive and v == 0):
        raise SubgameValueError(f"{what} must be a finite number {'above' if positive else 'of at least'} 0, got {x!r}")  # noqa: E501
    return v


def check_chips(pot: float, stack: float) -> None:
    """Refuse a spot whose figures the solver cannot hold finite and exact: a pot under
    :data:`MIN_POT`, or a pot plus two stacks above :data:`MAX_CHIPS`."""
    if pot < MIN_POT:
        raise SubgameValueError(f"pot must be at least {MIN_POT:g} chips, got {pot!r}")
    if pot + 2 * stack > MAX_CHIPS:
        raise SubgameValueError(f"the pot plus both stacks must be at most {MAX_CHIPS:g} "
                                f"chips (the solver's figures must stay finite and exact), "
                                f"got {pot:g} + 2 x {stack:g}")


def read_stack(stack: object) -> float:
    """The effective stack: one number, or the two stacks (the smaller one plays)."""
    if isinstance(stack, (tuple, list)):
        if len(stack) != 2:
            raise SubgameValueError(f"stack must be one number or two (OOP, IP), got {stack!r}")
        return min(read_amount(s, "stack", False) for s in stack)
    return read_amount(stack, "stack", False)


def read_range(item: Any, board: list[int], game: str, what: str) -> tuple[Any, Any]:
    """(hands (n, 4) uint8, weights (n,) float64) of one player, without the hands that
    hold a board card. Takes range text, a :class:`~omaha_fast.Range`, an (n, 4) array or
    list of hands (weight 1 each) or a pair (hands, weights) with float weights."""
    if game not in GAMES:
        raise SubgameValueError(f"game must be 'hilo' or 'high', got {game!r}")
    if isinstance(item, str):
        try:
            item = Range(item, game)
        except RangeError as err:
            raise SubgameValueError(f"{what} range: {err}") from None
    if isinstance(item, Range):
        hands, weights = item.live_hands(board)
        weights = weights.astype(np.float64)
    else:
        hands, weights = _arrays(np, item, what)
        bits = np.left_shift(np.uint64(1), hands.astype(np.uint64))
        mask = 0
        for c in board:
            mask |= 1 << c
        keep = (np.bitwise_or.reduce(bits, axis=1) & np.uint64(mask)) == 0
        hands, weights = hands[keep], weights[keep]
    if not len(hands) or weights.sum() <= 0:
        raise SubgameValueError(f"the {what} range holds no hand with weight above 0 once "
                                f"the board's cards are removed")
    return np.ascontiguousarray(hands, dtype=np.uint8), np.ascontiguousarray(weights)


def _arrays(np: Any, item: Any, what: str) -> tuple[Any, Any]:
    if isinstance(item, tuple) and len(item) == 2:
        hands_in, weights_in = item
    else:
        hands_in, weights_in = item, None
    if isinstance(hands_in, (list, tuple)) and hands_in and all(isinstance(h, str)
                                                                for h in hands_in):
        try:
            hands_in = [[int(c) for c in parse_cards(h)] for h in hands_in]
        except InvalidCardError as err:
            raise SubgameValueError(f"{what} range: {err}") from None
    try:
        hands = np.asarray(hands_in)
    except (TypeError, ValueError):
        raise SubgameTypeError(f"the {what} range must be range text, a Range, hands or "
                               f"(hands, weights), got {type(item).__name__}") from None
    if hands.dtype.kind not in "iu" or hands.ndim != 2 or hands.shape[1] != 4:
        raise SubgameTypeError(f"the {what} hands must be an (n, 4) array of card ints, got "
                               f"{hands.dtype} of shape {hands.shape}")
    if len(hands) and (hands.min() < 0 or hands.max() > 51):
        raise SubgameValueError(f"the {what} hands hold a card outside 0..51")
    hands = np.sort(hands.astype(np.uint8), axis=1)
    if (hands[:, 1:] == hands[:, :-1]).any():
        raise SubgameValueError(f"a {what} hand holds the same card twice")
    if len(np.unique(hands, axis=0)) != len(hands):
        raise SubgameValueError(f"the {what} range lists a hand twice")
    if weights_in is None:
        weights = np.ones(len(hands))
    else:
        try:
            weights = np.asarray(weights_in, dtype=np.float64)
        except (TypeError, ValueError):
            raise SubgameTypeError(f"the {what} weights must be real numbers") from None
        if weights.shape != (len(hands),):
            raise SubgameValueError(f"the {what} weights must be one per hand ({len(hands)}), "
                                    f"got shape {weights.shape}")
        if not np.isfinite(weights).all() or (weights < 0).any():
            raise SubgameValueError(f"the {what} weights must be finite and at least 0")
        live = weights[weights > 0]
        if live.size and (live.min() < MIN_WEIGHT or live.max() > MAX_WEIGHT):
            bad = live.min() if live.min() < MIN_WEIGHT else live.max()
            raise SubgameValueError(
                f"the {what} weights must be 0 or in {MIN_WEIGHT:g}..{MAX_WEIGHT:g} (their "
                f"products must stay normal numbers), got {float(bad):g}")
    return hands, weights
