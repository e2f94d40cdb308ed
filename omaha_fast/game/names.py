"""The engine's vocabulary: games, streets and action kinds as string enums.

Each member *is* its string (a ``str`` subclass: equal to it, hashed like it, written
as it in JSON, f-strings and TOML), so every caller that passes or compares plain strings
keeps working, while the engine compares members and a reader sees the whole list of
names in one place. ``repr`` is the plain string's too, so the records that carry these
names (:class:`~omaha_fast.game.values.Action`, :class:`~omaha_fast.game.rules.Rules`)
print as before and their ``repr`` still evaluates. The betting structures' names are
:class:`~omaha_fast.game.structures.StructureKind`, beside the structures.

>>> Game.HILO == "hilo", Street("flop") is Street.FLOP, f"{ActionKind.RAISE_TO}"
(True, True, 'raise_to')
>>> ActionKind.CALL, [k for k in ActionKind]
('call', ['fold', 'check', 'call', 'bet', 'raise_to', 'all_in'])
>>> Street.TURN.number, Street.of(3)
(2, 'river')
"""

from __future__ import annotations

import sys
from enum import Enum

if sys.version_info >= (3, 11):
    from enum import StrEnum as _StrEnum
else:  # pragma: no cover - Python 3.10
    class _StrEnum(str, Enum):
        """Python 3.10's stand-in for :class:`enum.StrEnum`: str() and format() give the
        value, as 3.11's do."""

        def __str__(self) -> str:
            return str.__str__(self)

        def __format__(self, spec: str) -> str:
            return str.__format__(self, spec)


class NameEnum(_StrEnum):
    """A string enum whose ``repr`` is the string's: records holding members print (and
    evaluate) exactly as they did when they held plain strings."""

    def __repr__(self) -> str:
        return repr(self._value_)


class Game(NameEnum):
    """The game: Omaha hi-lo 8 or better or Omaha high, with four hole cards (``hilo``,
    ``high``) or five (``bigo``: Big O, five-card Omaha hi-lo 8 or better; ``omaha5``:
    five-card Omaha high), or six (``omaha6``: six-card Omaha high). Every game makes its
    hands of exactly two hole cards and three board cards; the betting structure is the
    table's, apart from the game.

    >>> Game.BIGO.hole_cards, Game.BIGO.split_low, Game.BIGO.evaluation
    (5, True, 'hilo')
    >>> Game("omaha5").evaluation, Game.OMAHA6.max_players, Game.HILO.max_players
    ('high', 7, 10)
    """

    HILO = "hilo"
    HIGH = "high"
    BIGO = "bigo"
    OMAHA5 = "omaha5"
    OMAHA6 = "omaha6"

    @property
    def hole_cards(self) -> int:
        """Hole cards a player is dealt: 4, 5 or 6."""
        return _HOLE_CARDS[self]

    @property
    def split_low(self) -> bool:
        """True when the pot is split with an 8-or-better low."""
        return self in (Game.HILO, Game.BIGO)

    @property
    def evaluation(self) -> Game:
        """The evaluator's game for this one's hands: ``hilo`` or ``high``."""
        return Game.HILO if self.split_low else Game.HIGH

    @property
    def max_players(self) -> int:
        """The most players one deck deals: hole cards, three burns and five board cards
        in 52 cards (10 for four cards, 8 for five, 7 for six)."""
        return min(10, (52 - 8) // self.hole_cards)


class Street(NameEnum):
    """A betting round; ``OVER`` is what ``Hand.street`` says once the hand is settled.

    Records number the streets (``Action.street`` is 0 for preflop .. 3 for the river):
    :attr:`number` and :meth:`of` convert.
    """

    PREFLOP = "preflop"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"
    OVER = "over"

    @property
    def number(self) -> int:
        """0 preflop, 1 flop, 2 turn, 3 river (4 once the hand is over)."""
        return _STREET_NUMBER[self]

    @staticmethod
    def of(index: int) -> Street:
        """The street numbered ``index`` (0..3; 4 is ``OVER``)."""
        return STREETS_AND_OVER[index]


class ActionKind(NameEnum):
    """What a player may ask for. ``ALL_IN`` is a request only: the engine records an
    all-in as the call, bet or raise it is, with ``Action.all_in`` set."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE_TO = "raise_to"
    ALL_IN = "all_in"


_HOLE_CARDS = {Game.HILO: 4, Game.HIGH: 4, Game.BIGO: 5, Game.OMAHA5: 5, Game.OMAHA6: 6}
STREETS_AND_OVER: tuple[Street, ...] = tuple(Street)
_STREET_NUMBER = {street: i for i, street in enumerate(STREETS_AND_OVER)}

__all__ = ["NameEnum", "Game", "Street", "ActionKind", "STREETS_AND_OVER"]
