"""Betting structures: fixed limit, pot limit, no limit.

Each structure is a small frozen value that names the game and holds its bet sizes. The
betting rules themselves (how big a bet or a raise may be) are in ``betting.py``; a hand
copies the sizes it needs from the rules once (``Rules.settings``).

>>> FixedLimit(10, 20).name, PotLimit().name is StructureKind.POT_LIMIT
('fixed-limit', True)
>>> FixedLimit(10, 20)
FixedLimit(small_bet=10, big_bet=20, cap=4, uncap_heads_up=False)
>>> PotLimit(min_bet=100).min_bet
100
>>> FixedLimit(10, 5)
Traceback (most recent call last):
...
omaha_fast.errors.InvalidValueError: FixedLimit big_bet (5) must be at least small_bet (10)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Union

from .._checks import check_bool, check_int
from ..errors import InvalidValueError
from .names import NameEnum


class StructureKind(NameEnum):
    """The name of a betting structure (each structure's ``name``); a str, as elsewhere
    in the engine's vocabulary (:mod:`omaha_fast.game.names`)."""

    FIXED_LIMIT = "fixed-limit"
    POT_LIMIT = "pot-limit"
    NO_LIMIT = "no-limit"


# frozen dataclasses store the checked value (a plain int, even from a numpy integer)
_set = object.__setattr__


def check_chips(value: object, what: str, *, positive: bool = False) -> int:
    """An int chip amount (not a bool), >= 0 (or > 0); otherwise InvalidTypeError or
    InvalidValueError naming ``what``.

    >>> check_chips(5, "ante")
    5
    >>> check_chips(-1, "ante")
    Traceback (most recent call last):
    ...
    omaha_fast.errors.InvalidValueError: ante must be >= 0, got -1
    """
    number = check_int(value, what, kind="an int number of chips")
    if positive and number <= 0:
        raise InvalidValueError(f"{what} must be > 0, got {number}")
    if number < 0:
        raise InvalidValueError(f"{what} must be >= 0, got {number}")
    return number


@dataclass(frozen=True)
class FixedLimit:
    """Fixed limit: every bet and raise is the small bet (preflop, flop) or the big bet.

    ``cap`` counts the bet and the raises of one round (4: a bet and three raises);
    ``uncap_heads_up`` lifts the cap once only two players are left before it is reached.
    """

    small_bet: int
    big_bet: int
    cap: int = 4
    uncap_heads_up: bool = False

    def __post_init__(self) -> None:
        _set(self, "small_bet", check_chips(self.small_bet, "FixedLimit small_bet",
                                            positive=True))
        _set(self, "big_bet", check_chips(self.big_bet, "FixedLimit big_bet", positive=True))
        if self.big_bet < self.small_bet:
            raise InvalidValueError(f"FixedLimit big_bet ({self.big_bet}) must be at least "
                                    f"small_bet ({self.small_bet})")
        _set(self, "cap", check_int(self.cap, "FixedLimit cap", low=1))
        check_bool(self.uncap_heads_up, "FixedLimit uncap_heads_up")

    name = StructureKind.FIXED_LIMIT

    def default_blinds(self) -> tuple[int, int]:
        """Half the small bet rounded down (the rules round it to the chip unit), then the
        small bet."""
        return self.small_bet // 2, self.small_bet


@dataclass(frozen=True)
class PotLimit:
    """Pot limit: a raise may go up to the pot after the raiser's call.

    ``min_bet`` is the smallest opening bet; ``None`` means the big blind.
    """

    min_bet: Optional[int] = None

    def __post_init__(self) -> None:
        if self.min_bet is not None:
            _set(self, "min_bet", check_chips(self.min_bet, "PotLimit min_bet", positive=True))

    name = StructureKind.POT_LIMIT


@dataclass(frozen=True)
class NoLimit:
    """No limit: any bet or raise up to the whole stack.

    ``min_bet`` is the smallest opening bet; ``None`` means the big blind.
    """

    min_bet: Optional[int] = None

    def __post_init__(self) -> None:
        if self.min_bet is not None:
            _set(self, "min_bet", check_chips(self.min_bet, "NoLimit min_bet", positive=True))

    name = StructureKind.NO_LIMIT


Structure = Union[FixedLimit, PotLimit, NoLimit]

__all__ = ["FixedLimit", "PotLimit", "NoLimit", "Structure", "check_chips"]


_KINDS = {"fl": "fl", "fixed-limit": "fl", "pl": "pl", "pot-limit": "pl", "nl": "nl",
          "no-limit": "nl"}


def parse_structure(text: Union[str, Structure], *, big_blind: Optional[int] = None
                    ) -> tuple[Structure, Optional[tuple[int, int]]]:
    """A betting structure from its text, with the blinds the text names (or None).

    ``fl:SMALL/BIG`` is fixed limit with those bets (and the default blinds);
    ``pl:SB/BB`` and ``nl:SB/BB`` are pot and no limit with those blinds (a space may
    stand for the colon, as :func:`describe_structure` writes it). The names
    ``fixed-limit``, ``pot-limit`` and ``no-limit`` (or ``fl``, ``pl``, ``nl``) name the
    structure alone: fixed limit then bets the big blind, ``big_blind``, and twice that.
    When both the text and ``big_blind`` give a big blind, they must agree. A structure
    object is returned as it is. The one parser of the command line, ``simulate()`` and
    the RL environment.

    >>> parse_structure("fl:10/20")
    (FixedLimit(small_bet=10, big_bet=20, cap=4, uncap_heads_up=False), None)
    >>> parse_structure("PL:1/2") == parse_structure("pl 1/2") == (PotLimit(), (1, 2))
    True
    >>> parse_structure("fixed-limit", big_blind=2)
    (FixedLimit(small_bet=2, big_bet=4, cap=4, uncap_heads_up=False), None)
    >>> parse_structure("no-limit")
    (NoLimit(min_bet=None), None)
    >>> parse_structure("limit")
    Traceback (most recent call last):
    ...
    omaha_fast.errors.InvalidValueError: structure must be fl:SMALL/BIG, pl:SB/BB, nl:SB/BB, 'fixed-limit', 'pot-limit' or 'no-limit', got 'limit'
    """  # noqa: E501 (a doctest's exception line)
    from ..errors import InvalidTypeError
    if isinstance(text, (FixedLimit, PotLimit, NoLimit)):
        return text, None
    if not isinstance(text, str):
        raise InvalidTypeError(f"structure must be a text such as 'fl:10/20' or a "
                               f"FixedLimit, PotLimit or NoLimit, got {text!r}")
    words = text.strip().lower().replace(":", " ", 1).split(None, 1)
    name, amounts = (words + ["", ""])[:2]
    colon = bool(amounts)
    kind = _KINDS.get(name.strip())
    if kind is None:
        raise InvalidValueError(f"structure must be fl:SMALL/BIG, pl:SB/BB, nl:SB/BB, "
                                f"'fixed-limit', 'pot-limit' or 'no-limit', got {text!r}")
    if not colon:
        if kind != "fl":
            return (PotLimit() if kind == "pl" else NoLimit()), None
        if big_blind is None:
            raise InvalidValueError(f"{text!r} needs its bets: write fl:SMALL/BIG, "
                                    "e.g. fl:10/20")
        bb = check_chips(big_blind, "big blind", positive=True)
        return FixedLimit(bb, 2 * bb), None
    parts = amounts.split("/")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise InvalidValueError(f"structure amounts must be two whole numbers A/B, as in "
                                f"fl:10/20, pl:1/2 or nl:1/2, got {text!r}")
    a, b = (int(p) for p in parts)
    if kind == "fl":
        return FixedLimit(a, b), None
    if not 0 < a <= b:
        raise InvalidValueError(f"the blinds of {text!r} must be 0 < small <= big")
    if big_blind is not None and big_blind != b:
        raise InvalidValueError(f"structure {text!r} has the big blind {b} but the blinds "
                                f"say {big_blind}")
    return (PotLimit() if kind == "pl" else NoLimit()), (a, b)


def describe_structure(structure: Structure, blinds: Optional[tuple[int, int]] = None) -> str:
    """The structure as a short text for headers, which :func:`parse_structure` reads
    back: ``fl 10/20`` (the bets), ``pl 1/2`` or ``nl 1/2`` (the blinds, when known).

    >>> describe_structure(PotLimit(), (1, 2)), describe_structure(FixedLimit(10, 20))
    ('pl 1/2', 'fl 10/20')
    """
    if isinstance(structure, FixedLimit):
        return f"fl {structure.small_bet}/{structure.big_bet}"
    kind = "pl" if isinstance(structure, PotLimit) else "nl"
    return kind if blinds is None else f"{kind} {blinds[0]}/{blinds[1]}"


__all__ += ["parse_structure", "describe_structure"]
