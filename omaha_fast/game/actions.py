"""Action records and the legal-action summary the hand gives the player to act.

The types live in :mod:`omaha_fast.game.values` with the engine's other positional
records; this module keeps their familiar import path.

>>> a = Action(street=1, seat=2, kind="raise_to", to=40, added=30, all_in=False)
>>> a.amount, str(a)
(40, 'seat 2 raise_to 40')
"""

from __future__ import annotations

from .values import KINDS, STREETS, Action, LegalActions

__all__ = ["Action", "LegalActions", "STREETS", "KINDS"]
