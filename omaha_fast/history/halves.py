"""How a card room writes a pot's award: one line per winner of each half. Both the
PokerStars writer and the verifier (which checks a record's collections against the
engine's split) need it, so it lives below both.

>>> from omaha_fast.game.values import PotAward
>>> half_lines(PotAward(101, 0, (0, 1), (0,), (1,), {0: 51, 1: 50}))
[(0, 'high', 51), (1, 'low', 50)]
"""

from __future__ import annotations

from typing import Optional

from ..game.pots import PotAward, split_evenly


def half_lines(award: PotAward, chip: int = 1,
               net: Optional[int] = None) -> Optional[list[tuple[int, str, int]]]:
    """(seat, "high" or "low", chips) for each share of each half of an award, as a site
    writes them; None when the same several players won both halves (the pot is then
    divided as one and a site's per-half lines cannot be predicted). ``net`` divides
    that many chips among the award's winners instead of the pot less its rake (one
    run of a hand run twice)."""
    if net is None:
        net = award.amount - award.rake
    high, low = award.high_winners, award.low_winners
    if not low:
        return [(s, "high", c) for s, c in split_evenly(net, high, chip).items() if c]
    if set(low) == set(high) and len(high) > 1:
        return None
    low_amount = net // chip // 2 * chip       # the high half takes the odd unit
    lines = [(s, "high", c) for s, c in split_evenly(net - low_amount, high, chip).items()]
    lines += [(s, "low", c) for s, c in split_evenly(low_amount, low, chip).items()]
    return [line for line in lines if line[2]]      # a site writes no line for nothing


__all__ = ["half_lines"]
