"""A heads-up turn and river subgame solver for Omaha Hi-Lo and Omaha High.

:func:`solve` takes a board (4 cards: the subgame starts on the turn; 5: on the river), the
pot, the effective stack, two weighted ranges and a :class:`BetTree`, and runs discounted
CFR vectorised over the hands until the exploitability (an exact best response for each
side, in percent of the pot) reaches a target or a budget runs out. The
:class:`SubgameResult` holds each hand's strategy at every node, its EV and equity, and
saves to one ``.npz`` file (:func:`load` reads it back).

>>> r = solve("Ah Kd 7c 8s 2h", "AA:$ds", "KK:$ds", pot=10, stack=30,
...           tree=BetTree(bets=(0.5,), raise_cap=1), target=0.5)
>>> r.street, r.actions(""), r.exploitability <= 0.5
('river', ['check', 'bet 5', 'bet 10'], True)
"""

from .errors import BetTreeError, SolvedFileError, SubgameTypeError, SubgameValueError
from .result import SubgameResult, load
from .subgame import solve
from .tree import BetTree

__all__ = ["solve", "load", "SubgameResult", "BetTree", "BetTreeError", "SolvedFileError",
           "SubgameTypeError", "SubgameValueError"]
