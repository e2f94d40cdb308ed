"""Side pots, the high/low split of each pot, odd chips and rake.

Players are given by their dealt-in index (:data:`~omaha_fast.game.values.PlayerIndex`):
index 0 is the first player left of the button and the indices run clockwise, so "odd
chips one each from the button's left" is simply ascending index order (the "first shown"
rule passes its own order). The records are the index ones, :class:`IndexPot` and
:class:`IndexAward`; the hand gives its callers pots and awards by seat.

>>> pots = build_pots([100, 300, 300], [False, False, False])
>>> [(p.amount, p.eligible) for p in pots]
[(300, (0, 1, 2)), (400, (1, 2))]
>>> split_evenly(10, [2, 0, 1], chip=1)
{2: 4, 0: 3, 1: 3}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

from ..errors import InvalidValueError
from .rules import Rake
from .values import (
    IndexAward,
    IndexPot,
    PlayerIndex,
    Pot,  # noqa: F401 (the seat records keep their old import path here)
    PotAward,  # noqa: F401
    new_index_award,
    new_index_pot,
)


def build_pots(contributed: Sequence[int], folded: Sequence[bool],
               dead: int = 0) -> list[IndexPot]:
    """Main pot and side pots from what each player put in this hand.

    Each contribution level of a player still in the hand closes a pot that only the
    players who reached that level may win; folded players' chips stay in the pots they
    reached. ``dead`` chips (a big-blind ante) go to the main pot. Chips above the highest
    live level (possible only with dead money of folded players) join the last pot.

    >>> pots = build_pots([50, 200, 120, 200], [False, False, True, False])
    >>> [(p.amount, p.eligible) for p in pots]
    [(200, (0, 1, 3)), (370, (1, 3))]
    """
    levels = sorted({c for c, f in zip(contributed, folded) if not f})
    if not levels:
        raise InvalidValueError("every player folded: nobody can win the pot")
    if len(levels) == 1:
        # the usual showdown, nobody all-in for less: one pot, every live player in it
        amount = sum(contributed) + dead
        return [new_index_pot((amount, tuple(j for j, f in enumerate(folded) if not f)))
                ] if amount else []
    pots: list[IndexPot] = []
    below = 0
    last = len(levels) - 1
    for i, level in enumerate(levels):
        if i == last:
            amount = sum(c - min(c, below) for c in contributed)
        else:
            amount = sum(min(c, level) - min(c, below) for c in contributed)
        if i == 0:
            amount += dead
        eligible = tuple(j for j, (c, f) in enumerate(zip(contributed, folded))
                         if not f and c >= level)
        if amount:
            pots.append(new_index_pot((amount, eligible)))
        below = level
    return pots


def pots_in_play(contributed: Sequence[int], folded: Sequence[bool], all_in: Sequence[bool],
                 dead: int = 0) -> list[IndexPot]:
    """The pots as they stand during a hand: a side pot closes only at an all-in level;
    players who can still bet are eligible for every pot, since they will match it.

    >>> [(p.amount, p.eligible) for p in pots_in_play([0, 5, 10], [False] * 3, [False] * 3)]
    [(15, (0, 1, 2))]
    >>> [(p.amount, p.eligible) for p in pots_in_play([40, 60, 60], [False] * 3,
    ...                                               [True, False, False])]
    [(120, (0, 1, 2)), (40, (1, 2))]
    """
    levels = sorted({c for c, f, a in zip(contributed, folded, all_in) if a and not f})
    pots: list[IndexPot] = []
    below = 0
    players = list(zip(contributed, folded, all_in))
    for level in levels:
        amount = sum(min(c, level) - min(c, below) for c in contributed)
        eligible = tuple(j for j, (c, f, a) in enumerate(players)
                         if not f and (not a or c >= level))
        if amount:
            pots.append(new_index_pot((amount, eligible)))
        below = level
    rest = sum(c - min(c, below) for c in contributed)
    if rest or not pots:
        pots.append(new_index_pot((rest, tuple(j for j, (c, f, a) in enumerate(players)
                                              if not f and not a))))
    if dead:
        pots[0] = new_index_pot((pots[0].amount + dead, pots[0].eligible))
    return pots


def split_evenly(amount: int, winners: Sequence[PlayerIndex],
                 chip: int) -> dict[PlayerIndex, int]:
    """Divide ``amount`` among ``winners`` (listed in odd-chip order) in units of ``chip``.

    The odd chips go one each to the first winners in the given order; chips smaller than
    the unit (only when amounts are not multiples of it) go to the first winner.

    >>> split_evenly(25, [3, 1], chip=5)
    {3: 15, 1: 10}
    """
    units, fraction = divmod(amount, chip)
    each, odd = divmod(units, len(winners))
    shares = {w: (each + (1 if k < odd else 0)) * chip for k, w in enumerate(winners)}
    if fraction:
        shares[winners[0]] += fraction
    return shares


def award_pot(pot: IndexPot, high: Sequence[int], low: Sequence[int], *, split_low: bool,
              order: Sequence[int], chip: int, rake: int = 0) -> IndexAward:
    """Award one pot: best high, and half to the best qualifying low when there is one.

    ``high``/``low`` hold each player's values (low 0 means none); ``order`` ranks the
    players for odd chips (smaller first). The high half is the larger one; if the same
    players win both halves the pot is divided as one.

    >>> a = award_pot(IndexPot(66, (0, 1)), [9, 9], [5, 5], split_low=True, order=[0, 1],
    ...               chip=1)
    >>> a.shares
    {0: 33, 1: 33}
    >>> a = award_pot(IndexPot(101, (0, 1)), [9, 3], [0, 5], split_low=True, order=[0, 1],
    ...               chip=1)
    >>> a.shares
    {0: 51, 1: 50}
    """
    amount = pot.amount - rake
    eligible = pot.eligible
    best_high = max(high[i] for i in eligible)
    rank = order.__getitem__
    high_winners = sorted((i for i in eligible if high[i] == best_high), key=rank)
    low_winners: list[int] = []
    if split_low:
        best_low = max(low[i] for i in eligible)
        if best_low:
            low_winners = sorted((i for i in eligible if low[i] == best_low), key=rank)
    if not low_winners or low_winners == high_winners:
        shares = split_evenly(amount, high_winners, chip)
    else:
        units = amount // chip
        low_amount = units // 2 * chip            # the high half takes the odd unit
        shares = split_evenly(amount - low_amount, high_winners, chip)
        for i, chips in split_evenly(low_amount, low_winners, chip).items():
            shares[i] = shares.get(i, 0) + chips
    return new_index_award((pot.amount, rake, eligible, tuple(high_winners), tuple(low_winners),
                      shares))


def settle_pots(pots: Sequence[IndexPot], high: Sequence[int], low: Sequence[int], *,
                split_low: bool, order: Sequence[int], chip: int,
                rake: Optional[Rake] = None) -> list[IndexAward]:
    """Award every pot on its own, taking the rake (capped per hand) from each first.

    >>> awards = settle_pots(build_pots([10, 10], [False, False]), [5, 7], [0, 0],
    ...                      split_low=False, order=[0, 1], chip=1, rake=Rake(10))
    >>> [(a.rake, a.shares) for a in awards]
    [(2, {1: 18})]
    """
    awards = []
    raked = 0
    for pot in pots:
        taken = rake.take(pot.amount, already=raked, chip=chip) if rake is not None else 0
        raked += taken
        awards.append(award_pot(pot, high, low, split_low=split_low, order=order,
                                chip=chip, rake=taken))
    return awards


def payouts(awards: Sequence[IndexAward], n: int) -> list[int]:
    """Total chips each of ``n`` players receives from the awards."""
    out = [0] * n
    for award in awards:
        for i, chips in award.shares.items():
            out[i] += chips
    return out


__all__ = ["Pot", "PotAward", "IndexPot", "IndexAward", "build_pots", "pots_in_play",
           "split_evenly", "award_pot", "settle_pots", "payouts"]
