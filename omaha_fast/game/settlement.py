"""Settlement as one function, for card-room software and tests.

>>> settle("Ah7s4c2dJh", ["KsKd8h3h", "QdQc7d6d", "Tc9c6h3d"], [100, 100, 100],
...        [False, False, False], button=2)     # kings win the high, 6-4-3-2-A the low
[150, 0, 150]
>>> settle("KsQsJs2h3d", ["AhAd5c9c", "AcAs5d9d"], [33, 33], [], button=1)  # identical
[33, 33]
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import Optional, Union

from .._checks import check_choice, check_int
from ..cards import CardsLike, check_disjoint, parse_group
from ..errors import InvalidCardError, InvalidTypeError, InvalidValueError
from .names import Game
from .pots import build_pots, payouts, settle_pots
from .rules import GAMES, Rake, check_unit, odd_chip_rule
from .showdown import hand_values, showdown_order
from .structures import check_chips
from .values import IndexAward, IndexPot, PlayerIndex


def settle(board: CardsLike, holes: Sequence[Optional[CardsLike]],
           contributed: Sequence[int], folded: Union[Sequence[bool], Collection[int]],
           button: int, *, game: Union[Game, str] = Game.HILO, odd_chips: str = "left_of_button",
           chip: int = 1, dead: int = 0, rake: Optional[Rake] = None,
           shown_order: Optional[Sequence[int]] = None) -> list[int]:
    """Gross chips each seat receives from the pots.

    ``holes``, ``contributed`` (chips each seat put in this hand) and, when given as
    booleans, ``folded`` are lists by seat; ``folded`` may also be a collection of seat
    numbers. Folded players' cards are ignored (None is fine), as are seats that put in
    nothing and hold no cards. ``dead`` chips (a big-blind ante) join the main pot.
    ``chip`` is the smallest chip in play (a positive int): every contribution, ``dead``
    and the rake cap must be a whole number of chips, so every payout is one too.
    Odd chips go one each clockwise from the button's left, or with
    ``odd_chips="first_shown"`` in ``shown_order`` (default: clockwise from the button's
    left). A part of a contribution that nobody matched comes back to its owner.

    >>> settle("Ah7s4c2dJh", ["KsKd8h3h", None, "Tc9c6h3d"], [50, 100, 100], {1}, button=1)
    [75, 0, 175]
    """
    for name, value in (("holes", holes), ("contributed", contributed)):
        if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
            raise InvalidTypeError(f"{name} must be a list by seat, got {value!r}")
    n = len(contributed)
    if len(holes) != n:
        raise InvalidValueError(f"holes has {len(holes)} seats but contributed has {n}")
    game = Game(check_choice(game, GAMES, "game"))
    odd_chips = odd_chip_rule(odd_chips)
    button = check_int(button, "button", low=0, high=n - 1)
    chip = check_chips(chip, "chip", positive=True)
    for seat, c in enumerate(contributed):
        check_unit(check_chips(c, f"contributed[{seat}]"), chip, f"contributed[{seat}]")
    check_unit(check_chips(dead, "dead"), chip, "dead")
    if rake is not None:
        if not isinstance(rake, Rake):
            raise InvalidTypeError(f"rake must be a Rake(...) or None, got {rake!r}")
        if rake.cap is not None:
            check_unit(rake.cap, chip, "rake cap")
    is_folded = _folded_flags(folded, n)
    # seats clockwise from the first seat left of the button: index order = odd-chip order
    seats = [(button + 1 + k) % n for k in range(n)]
    seats = [s for s in seats if contributed[s] or holes[s] is not None]   # who played
    board_cards = parse_group(board, (0, 3, 4, 5), "board")
    contenders = [s for s in seats if not is_folded[s]]
    groups = {"board": board_cards}
    for s in contenders:
        hole = holes[s]
        if hole is None:
            raise InvalidCardError(f"seat {s} has not folded, so it needs hole cards")
        groups[f"seat {s}'s hole"] = parse_group(hole, (game.hole_cards,),
                                                 f"seat {s}'s hole")
    if not contenders:
        raise InvalidValueError("every seat folded: nobody can win the pot")
    check_disjoint(**groups)
    k = len(seats)
    high = [0] * k
    low = [0] * k
    showdown = len(contenders) > 1
    if showdown:
        if len(board_cards) != 5:
            raise InvalidCardError(f"a showdown needs a board of 5 cards, got "
                                   f"{len(board_cards)}")
        for i, s in enumerate(seats):
            if not is_folded[s]:
                high[i], low[i] = hand_values(groups[f"seat {s}'s hole"], board_cards, game)
    if shown_order is not None:
        index = {s: i for i, s in enumerate(seats)}
        shown = [index[s] for s in shown_order if s in index]
    else:
        shown = showdown_order(range(k), None)
    pots = build_pots([contributed[s] for s in seats], [is_folded[s] for s in seats], dead)
    _, paid = award_pots(pots, high, low, split_low=showdown and game.split_low,
                         odd_chips=odd_chips, shown=shown, chip=chip, rake=rake,
                         flop_dealt=len(board_cards) >= 3)
    out = [0] * n
    for i, chips in enumerate(paid):
        out[seats[i]] = chips
    return out


def award_pots(pots: Sequence[IndexPot], high: Sequence[int], low: Sequence[int], *,
               split_low: bool, odd_chips: str, shown: Sequence[PlayerIndex], chip: int,
               rake: Optional[Rake], flop_dealt: bool) -> tuple[list[IndexAward], list[int]]:
    """The one settlement routine, of the table's hands and of :func:`settle`: every pot
    awarded on its own with its odd chips, after the rake; returns the awards and each
    player's chips.

    Players are indices clockwise from the button's left. Odd chips go in that order, or
    with ``odd_chips="first_shown"`` to the players in ``shown`` order first (the others
    after, clockwise). No rake is taken when no flop was dealt and the rake is "no flop,
    no drop".

    >>> awards, paid = award_pots(build_pots([5, 5, 5], [False] * 3), [9, 9, 1], [0] * 3,
    ...                           split_low=False, odd_chips="first_shown", shown=[1, 0, 2],
    ...                           chip=1, rake=None, flop_dealt=True)
    >>> paid          # seat index 1 showed first: it takes the odd chip
    [7, 8, 0]
    """
    k = len(high)
    if odd_chips == "first_shown":
        rank = {i: r for r, i in enumerate(shown)}
        order = [rank.get(i, k + i) for i in range(k)]
    else:
        order = list(range(k))
    if rake is not None and rake.no_flop_no_drop and not flop_dealt:
        rake = None
    awards = settle_pots(pots, high, low, split_low=split_low, order=order, chip=chip,
                         rake=rake)
    return awards, payouts(awards, k)


def _folded_flags(folded: Union[Sequence[bool], Collection[int]], n: int) -> list[bool]:
    if isinstance(folded, (str, bytes)) or not isinstance(folded, Iterable):
        raise InvalidTypeError(f"folded must be booleans by seat or seat numbers, got "
                               f"{folded!r}")
    items = list(folded)
    if len(items) == n and all(isinstance(x, bool) for x in items):
        return [bool(x) for x in items]
    flags = [False] * n
    for s in items:
        flags[check_int(s, "a folded seat", low=0, high=n - 1,
                        kind="a seat number (or all booleans by seat)")] = True
    return flags


__all__ = ["settle", "award_pots"]
