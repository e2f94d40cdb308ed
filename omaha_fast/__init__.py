"""omaha_fast: fast Omaha Hi-Lo (8 or better) and Omaha High.

>>> from omaha_fast import evaluate
>>> str(evaluate("As2s3h4h", "5c6d7hKsKd").low)
'7-6-5-2-A'
"""

from ._version import __version__ as __version__
from .cards import Card, Deck, format_cards, parse_cards, random_deals
from .errors import (
                     ActionTypeError,
                     CardTypeError,
                     IllegalActionError,
                     InvalidCardError,
                     InvalidTypeError,
                     InvalidValueError,
                     NoDealError,
                     OmahaError,
                     RangeError,
)
from .evaluation import Category, Evaluation, HighHand, LowHand, evaluate, evaluate_batch, rank5
from .game import FixedLimit, Hand, HandView, LegalActions, NoLimit, PotLimit, Rake, Table, settle
from .odds import EquityResult, PlayerEquity, equity, equity_batch
from .ranges import Range

__all__ = ["Card", "Deck", "format_cards", "parse_cards", "random_deals", "OmahaError",
           "InvalidValueError", "InvalidTypeError", "InvalidCardError", "CardTypeError",
           "IllegalActionError", "ActionTypeError", "Category", "Evaluation", "HighHand",
           "LowHand", "evaluate", "evaluate_batch", "rank5", "equity", "EquityResult",
           "PlayerEquity", "Table", "Hand", "HandView", "LegalActions", "FixedLimit", "PotLimit",
           "NoLimit", "Rake", "settle", "Range", "RangeError", "NoDealError", "equity_batch"]
