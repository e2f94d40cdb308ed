"""Showdown: hand values, the order in which hands are shown, and who may muck.

>>> hand_values(parse_cards("As2s3h4h"), parse_cards("5c6d7hKsKd"), "hilo")
(5856, 41)
>>> showdown_order([0, 2, 3], aggressor=3)
[3, 0, 2]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional, Union

from .. import _core
from ..cards import Card, parse_cards  # noqa: F401  (parse_cards is used by the doctests)
from ..evaluation import evaluate
from .names import Game
from .values import IndexPot, PlayerIndex

# the C core's code of each game (a str key finds its member: they hash alike); the
# five- and six-card games evaluate as their four-card kin (the hole size is the hole's)
_GAME_CODE: dict[str, int] = {game: _core.game_code(game.evaluation) for game in Game}


def hand_values(hole: Sequence[Card], board: Sequence[Card],
                game: Union[Game, str]) -> tuple[int, int]:
    """(high value, low value or 0) of a hand: the one call into the evaluator.

    The engine has already checked the cards, so the packed C entry point is used; any
    refusal is re-raised with its full explanation by :func:`evaluate`.
    """
    packed = _core.eval_packed(bytes(hole), bytes(board), _GAME_CODE[game])
    if packed < 0:
        evaluate(hole, board, Game(game).evaluation)  # raises the precise InvalidCardError
        raise AssertionError("evaluator refused cards it later accepted")
    return packed >> 8, packed & 0xFF


def fill_values(holes: Sequence[Sequence[Card]], board: Sequence[Card],
                game: Union[Game, str], players: Sequence[PlayerIndex], high: list[int],
                low: list[int]) -> None:
    """:func:`hand_values` of each of ``players`` (indices into ``holes``) into
    ``high``/``low``: the board is packed once for the whole showdown."""
    packed_board = bytes(board)
    code = _GAME_CODE[game]
    eval_packed = _core.eval_packed
    for i in players:
        packed = eval_packed(bytes(holes[i]), packed_board, code)
        if packed < 0:
            high[i], low[i] = hand_values(holes[i], board, game)   # raises the reason
        else:
            high[i] = packed >> 8
            low[i] = packed & 0xFF


def showdown_order(contenders: Sequence[PlayerIndex],
                   aggressor: Optional[PlayerIndex]) -> list[PlayerIndex]:
    """Contenders (indices clockwise from the button's left) in the order they show.

    The last river bettor or raiser shows first; otherwise the first player left of the
    button, then clockwise.
    """
    order = sorted(contenders)
    if aggressor is not None and aggressor in order:
        k = order.index(aggressor)
        order = order[k:] + order[:k]
    return order


def choose_shows(order: Sequence[PlayerIndex], pots: Sequence[IndexPot], high: Sequence[int],
                 low: Sequence[int], split_low: bool) -> list[PlayerIndex]:
    """Who shows, in showdown order; the others muck.

    A player shows when his hand could still win some part of some pot given the hands
    already shown (at least ties the best shown high, or the best shown low with a low of
    his own, in a pot he is eligible for); a hand that cannot win is mucked.

    >>> pots = [IndexPot(100, (0, 1, 2))]
    >>> choose_shows([1, 2, 0], pots, high=[50, 60, 40], low=[0, 0, 0], split_low=True)
    [1]
    >>> choose_shows([1, 2, 0], pots, high=[50, 60, 40], low=[0, 0, 30], split_low=True)
    [1, 2]
    """
    best_high = [0] * len(pots)
    best_low = [0] * len(pots)
    shown = []
    for i in order:
        could_win = False
        for k, pot in enumerate(pots):
            if i not in pot.eligible:
                continue
            if high[i] >= best_high[k] or split_low and low[i] and low[i] >= best_low[k]:
                could_win = True
        if not could_win:
            continue
        shown.append(i)
        for k, pot in enumerate(pots):
            if i in pot.eligible:
                best_high[k] = max(best_high[k], high[i])
                best_low[k] = max(best_low[k], low[i])
    return shown


__all__ = ["hand_values", "fill_values", "showdown_order", "choose_shows"]
