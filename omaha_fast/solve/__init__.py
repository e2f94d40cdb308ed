"""A heads-up flop, turn and river subgame solver for Omaha Hi-Lo and Omaha High.

:func:`solve` takes a board (3 cards: the subgame starts on the flop; 4: on the turn; 5: on
the river), the pot, the effective stack, two weighted ranges and a :class:`BetTree`, and
runs discounted CFR in C (every turn and river card dealt) until the exploitability (an
exact best response for each side, in percent of the pot) reaches a target or a budget
runs out; :func:`estimate` gives the memory it will take first. The
:class:`SubgameResult` holds each hand's strategy at every node, its EV and equity, and
saves to one ``.npz`` file (:func:`load` reads it back).

>>> from omaha_fast.solve import solve
>>> r = solve("Ah Kd 7c 8s 2h", "AA:$ds", "KK:$ds", pot=10, stack=30,
...           tree=BetTree(bets=(0.5,), raise_cap=1), target=0.5)
>>> r.street, r.actions(""), r.exploitability <= 0.5
('river', ['check', 'bet 5', 'bet 10'], True)
"""

from typing import TYPE_CHECKING, Any

from .errors import (
    BetTreeError,
    SolvedFileError,
    SpotTooLargeError,
    SubgameTypeError,
    SubgameValueError,
)
from .result import SubgameResult, load
from .tree import BetTree

if TYPE_CHECKING:
    from .subgame import estimate, solve


def __getattr__(name: str) -> Any:
    """``solve`` and ``estimate``, imported when first asked for: the solver imports numpy,
    and the command line (which lists ``solve`` among its commands) starts without it."""
    if name in ("solve", "estimate"):
        from . import subgame
        return getattr(subgame, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["solve", "estimate", "load", "SubgameResult", "BetTree", "BetTreeError",
           "SolvedFileError", "SpotTooLargeError", "SubgameTypeError", "SubgameValueError"]
