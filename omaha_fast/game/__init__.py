"""The game engine: table, hand state machine, betting, pots and showdown (no file formats).

>>> from omaha_fast.game import Table, PotLimit
>>> t = Table(structure=PotLimit(), blinds=(1, 2), game="high", seats=2, stacks=[100, 100])
>>> h = t.start_hand(seed=5)
>>> h.to_act == h.button, h.legal_actions().max_to     # heads-up: the button acts first
(True, 6)
"""

from .actions import Action, LegalActions
from .hand import Hand
from .names import ActionKind, Game, Street
from .pots import Pot, PotAward
from .rules import Rake, Rules
from .settlement import settle
from .structures import FixedLimit, NoLimit, PotLimit, StructureKind
from .table import Table
from .view import HandView

__all__ = ["Table", "Hand", "HandView", "Action", "LegalActions", "FixedLimit", "PotLimit",
           "NoLimit", "Rake", "Rules", "Pot", "PotAward", "settle", "Game", "Street",
           "ActionKind", "StructureKind"]
