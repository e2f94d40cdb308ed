"""The discrete action set of the environments and its mask.

Six actions, the same in every structure; the mask allows the ones the betting allows now:

====  ==============  =======================================================================
 id    name            what the table does
====  ==============  =======================================================================
 0     fold            fold (only when facing a bet: a free fold is never offered)
 1     check_call      check, or call (all-in for less with a short stack)
 2     raise_min       bet or raise to the smallest legal total (fixed limit: the one size)
 3     raise_half_pot  bet or raise by half the pot after the call (pot- and no-limit)
 4     raise_pot       bet or raise by the whole pot after the call (pot- and no-limit)
 5     all_in          put every chip in: a call, bet or raise as the amount makes it
====  ==============  =======================================================================

"The pot after the call" is every chip in the middle, bets in front included, plus the
amount to call, so ``raise_pot`` goes to ``current bet + pot + to call``: the pot-limit
maximum. The half-pot and pot sizes are rounded down to the chip unit and are allowed only
when that total is itself legal (at least the minimum raise, at most the limit and the
stack); a size the stack cannot cover is the all-in action's job. Two ids may lead to
the same total (the minimum raise may be half the pot); both are then allowed.

>>> from omaha_fast import Table, PotLimit
>>> t = Table(structure=PotLimit(), blinds=(1, 2), seats=2, stacks=[200, 200])
>>> h = t.start_hand(seed=3)
>>> action_mask(h)          # facing the big blind: no check; all-in is above the limit
[1, 1, 1, 1, 1, 0]
>>> [engine_action(h, a) for a in range(6)]  # doctest: +NORMALIZE_WHITESPACE
[('fold', None), ('call', None), ('raise_to', 4), ('raise_to', 4), ('raise_to', 6),
 ('all_in', None)]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from ..errors import IllegalActionError

if TYPE_CHECKING:
    from ..game import Hand, LegalActions

# the action ids (one name per line, so the API reference lists each)
FOLD = 0
CHECK_CALL = 1
RAISE_MIN = 2
RAISE_HALF_POT = 3
RAISE_POT = 4
ALL_IN = 5
ACTION_NAMES = ("fold", "check_call", "raise_min", "raise_half_pot", "raise_pot", "all_in")
N_ACTIONS = len(ACTION_NAMES)


def _pot_target(hand: Hand, legal: LegalActions, half: bool) -> int:
    """The street total of a half-pot or pot-sized bet or raise, in whole chips."""
    current = hand.current_bet
    beyond = hand.pot + legal.to_call        # the pot once the player has called
    if half:
        beyond //= 2
    chip = hand.rules.chip
    return current + beyond // chip * chip


def _sized(hand: Hand, legal: LegalActions, half: bool) -> int:
    """The half-pot or pot total when it is a legal bet or raise size, else 0."""
    lo = legal.min_to
    if not lo or hand.rules.structure.name == "fixed-limit":
        return 0
    to = _pot_target(hand, legal, half)
    return to if lo <= to <= legal.max_to else 0


def action_mask(hand: Hand) -> list[int]:
    """Which of the six actions the player to act may take (1) or not (0).

    Raises IllegalActionError when the hand is over.
    """
    legal = hand.legal_actions()
    lo = legal.min_to
    return [int(legal.can_fold), 1, int(lo > 0), int(_sized(hand, legal, True) > 0),
            int(_sized(hand, legal, False) > 0), int(legal.all_in_to > 0)]


def engine_action(hand: Hand, action: int) -> tuple[str, Optional[int]]:
    """The engine action (kind, street total or None) that ``action`` stands for now.

    The result may still be illegal (see :func:`action_mask`); :meth:`Hand.act` refuses it.
    """
    legal = hand.legal_actions()
    if action == CHECK_CALL:
        return ("check" if legal.can_check else "call"), None
    if action == FOLD:
        return "fold", None
    if action == ALL_IN:
        return "all_in", None
    kind = "raise_to" if hand.current_bet else "bet"
    if action == RAISE_MIN:
        return kind, legal.min_to
    if action in (RAISE_HALF_POT, RAISE_POT):
        return kind, _pot_target(hand, legal, action == RAISE_HALF_POT)
    raise IllegalActionError(f"action must be an int from 0 to {N_ACTIONS - 1} "
                             f"({', '.join(ACTION_NAMES)}), got {action!r}")


__all__ = ["ACTION_NAMES", "N_ACTIONS", "FOLD", "CHECK_CALL", "RAISE_MIN", "RAISE_HALF_POT",
           "RAISE_POT", "ALL_IN", "action_mask", "engine_action"]
