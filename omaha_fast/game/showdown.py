"""Showdown: hand values, the order in which hands are shown, and who may muck.

>>> hand_values(parse_cards("As2s3h4h"), parse_cards("5c6d7hKsKd"), "hilo")
(5856, 41)
>>> showdown_order([0, 2, 3], aggressor=3)
[3, 0, 2]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional, Union

from ..cards import Card, parse_cards  # noqa: F401  (parse_cards is used by the doctests)
from ..evaluation import evaluate_values
from .names import Game
from .values import IndexPot, PlayerIndex

# the evaluator's game of each game: the five- and six-card games evaluate as their
# four-card kin (the hole size is the hole's); a str key finds its member: they hash alike
_EVALUATION: dict[str, str] = {game: game.evaluation for game in Game}


def hand_values(hole: Sequence[Card], board: Sequence[Card],
                game: Union[Game, str]) -> tuple[int, int]:
    """(high value, low value or 0) of a hand: the one call into the evaluator."""
    return evaluate_values(bytes(hole), bytes(board), _EVALUATION[game])


def fill_values(holes: Sequence[Sequence[Card]], board: Sequence[Card],
                game: Union[Game, str], players: Sequence[PlayerIndex], high: list[int],
                low: list[int]) -> None:
    """:func:`hand_values` of each of ``players`` (indices into ``holes``) into
    ``high``/``low``: the board is packed once for the whole showdown."""
    packed_board = bytes(board)
    evaluation = _EVALUATION[game]
    for i in players:
        high[i], low[i] = evaluate_values(bytes(holes[i]), packed_board, evaluation)


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
