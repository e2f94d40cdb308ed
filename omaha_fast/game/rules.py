"""The table's rules: game, betting structure, blinds, antes, chip unit and house settings.

All settings are keyword-only and checked when the rules are made, so a bad setting fails
at once with a message that names it.

>>> r = Rules(structure=FixedLimit(10, 20))
>>> r.game, r.blinds, r.button_rule, r.odd_chips
('hilo', (5, 10), 'dead', 'left_of_button')
>>> Rules(structure=NoLimit(), blinds=(1, 2), game="high").min_bet
2
>>> Rules(structure=NoLimit())
Traceback (most recent call last):
...
omaha_fast.errors.InvalidValueError: no-limit needs blinds=(small, big)
>>> Rules(structure=FixedLimit(10, 20), chip=5).blinds   # half of 10 rounded down to 5
(5, 10)
>>> Rules(structure=FixedLimit(10, 20), game="high").game is Game.HIGH
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple, Optional, Union

from .._checks import check_bool, check_choice
from ..errors import InvalidTypeError, InvalidValueError
from .names import Game
from .structures import FixedLimit, NoLimit, PotLimit, Structure, StructureKind, check_chips

GAMES: tuple[Game, ...] = tuple(Game)
BUTTON_RULES = ("dead", "moving")
ODD_CHIP_RULES = ("left_of_button", "first_shown")


@dataclass(frozen=True)
class Rake:
    """House rake: ``percent`` of each pot, at most ``cap`` chips a hand (None: no cap).

    With ``no_flop_no_drop`` a hand that ends before the flop is not raked.

    >>> Rake(percent=5, cap=3).take(100, already=0, chip=1)
    3
    >>> Rake(percent=Fraction(5, 2)).take(250, already=0, chip=1)   # 6.25 rounds down
    6
    """

    percent: Union[int, float, Fraction]
    cap: Optional[int] = None
    no_flop_no_drop: bool = True

    def __post_init__(self) -> None:
        number = (int, float, Fraction)
        if isinstance(self.percent, bool) or not isinstance(self.percent, number):
            raise InvalidTypeError(f"rake percent must be a number, got {self.percent!r}")
        if not 0 <= self.percent <= 100:
            raise InvalidValueError(f"rake percent must be within 0..100, got "
                                    f"{self.percent}")
        if self.cap is not None:
            object.__setattr__(self, "cap", check_chips(self.cap, "rake cap"))
        check_bool(self.no_flop_no_drop, "rake no_flop_no_drop")

    def take(self, pot: int, *, already: int, chip: int) -> int:
        """Chips raked from a pot of ``pot`` chips when ``already`` were raked this hand.

        Rounded down to the chip unit; the cap applies to the whole hand.
        """
        units = int(Fraction(self.percent) * pot / 100 / chip)
        amount = units * chip
        if self.cap is not None:
            amount = min(amount, max(0, self.cap - already))
        return amount


class HandSettings(NamedTuple):
    """What a hand's betting and settlement read from the rules, worked out once when the
    rules are made (``Rules.settings``): the structure, the fixed-limit cap and bet size of
    each street (0 in pot and no limit), the smallest opening bet, and whether pots split
    high and low."""

    structure: StructureKind
    cap: int
    uncap_heads_up: bool
    bet_sizes: tuple[int, int, int, int]
    min_bet: int
    split_low: bool


@dataclass(frozen=True)
class Rules:
    """Everything that is fixed for a table. Built by :class:`Table` from its keywords.

    ``allow_fold_when_check`` lets a player fold when he could check, as PokerStars and
    Full Tilt do (off by default: the engine then refuses a fold with nothing to call).
    ``allow_uncallable_raise`` lets a player raise when no opponent can put in more than
    the bet already made (the raise comes back as an uncalled bet), as PokerStars does;
    off by default, such a raise is refused.

    ``game`` is a :class:`Game` (its string is accepted and stored as the member).
    ``settings`` holds what hands read from the rules (:class:`HandSettings`), worked out
    once here rather than by every hand.
    """

    structure: Structure
    game: Union[Game, str] = Game.HILO
    blinds: Optional[tuple[int, int]] = None
    ante: int = 0
    big_blind_ante: int = 0
    chip: int = 1
    button_rule: str = "dead"
    odd_chips: str = "left_of_button"
    rake: Optional[Rake] = None
    allow_fold_when_check: bool = False
    allow_uncallable_raise: bool = False
    min_bet: int = field(init=False, default=0)
    settings: HandSettings = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.structure, (FixedLimit, PotLimit, NoLimit)):
            raise InvalidTypeError(f"structure must be FixedLimit(...), PotLimit(...) or "
                             f"NoLimit(...), got {self.structure!r}")
        object.__setattr__(self, "game", Game(check_choice(self.game, GAMES, "game")))
        check_choice(self.button_rule, BUTTON_RULES, "button_rule")
        check_bool(self.allow_fold_when_check, "allow_fold_when_check")
        check_bool(self.allow_uncallable_raise, "allow_uncallable_raise")
        object.__setattr__(self, "odd_chips", odd_chip_rule(self.odd_chips))
        chip = check_chips(self.chip, "chip", positive=True)
        if self.rake is not None and not isinstance(self.rake, Rake):
            raise InvalidTypeError(f"rake must be a Rake(...) or None, got {self.rake!r}")
        blinds = self.blinds
        if blinds is None:
            if not isinstance(self.structure, FixedLimit):
                raise InvalidValueError(f"{self.structure.name} needs blinds=(small, big)")
            small, big = self.structure.default_blinds()
            blinds = (small // chip * chip, big)
        if not isinstance(blinds, (tuple, list)):
            raise InvalidTypeError(f"blinds must be (small, big), got {blinds!r}")
        if len(blinds) != 2:
            raise InvalidValueError(f"blinds must be (small, big), got {blinds!r}")
        small = check_chips(blinds[0], "small blind")
        big = check_chips(blinds[1], "big blind", positive=True)
        if small > big:
            raise InvalidValueError(f"small blind ({small}) is larger than the big blind ({big})")
        object.__setattr__(self, "blinds", (small, big))
        object.__setattr__(self, "chip", chip)
        object.__setattr__(self, "ante", check_chips(self.ante, "ante"))
        object.__setattr__(self, "big_blind_ante",
                           check_chips(self.big_blind_ante, "big_blind_ante"))
        if self.ante and self.big_blind_ante:
            raise InvalidValueError("use either ante (every player) or big_blind_ante, not both")
        amounts = {"small blind": small, "big blind": big, "ante": self.ante,
                   "big_blind_ante": self.big_blind_ante}
        if isinstance(self.structure, FixedLimit):
            amounts.update(small_bet=self.structure.small_bet, big_bet=self.structure.big_bet)
            min_bet = self.structure.small_bet
        else:
            min_bet = self.structure.min_bet if self.structure.min_bet is not None else big
            amounts["min_bet"] = min_bet
        if self.rake is not None and self.rake.cap is not None:
            amounts["rake cap"] = self.rake.cap
        for name, value in amounts.items():
            check_unit(value, chip, name)
        object.__setattr__(self, "min_bet", min_bet)
        structure = self.structure
        if isinstance(structure, FixedLimit):
            small_bet, big_bet = structure.small_bet, structure.big_bet
            settings = HandSettings(structure.name, structure.cap, structure.uncap_heads_up,
                                    (small_bet, small_bet, big_bet, big_bet), min_bet,
                                    Game(self.game).split_low)
        else:
            settings = HandSettings(structure.name, 0, False, (0, 0, 0, 0), min_bet,
                                    Game(self.game).split_low)
        object.__setattr__(self, "settings", settings)


def check_unit(value: int, chip: int, what: str) -> int:
    """``value`` when it is a whole number of chips of size ``chip``, else a ValueError
    naming ``what``.

    >>> check_unit(15, 5, "ante")
    15
    >>> check_unit(12, 5, "ante")
    Traceback (most recent call last):
    ...
    omaha_fast.errors.InvalidValueError: ante (12) is not a multiple of the chip unit 5
    """
    if value % chip:
        raise InvalidValueError(f"{what} ({value}) is not a multiple of the chip unit {chip}")
    return value


def odd_chip_rule(value: object) -> str:
    """The odd-chip rule's canonical name; dashes, spaces and case do not matter.

    >>> odd_chip_rule("First-Shown"), odd_chip_rule("button")
    ('first_shown', 'left_of_button')
    """
    name = str(value).strip().lower().replace("-", "_").replace(" ", "_") \
        if isinstance(value, str) else value
    name = {"button": "left_of_button", "left": "left_of_button"}.get(name, name)  # type: ignore
    return check_choice(name, ODD_CHIP_RULES, "odd_chips")


__all__ = ["Rules", "Rake", "HandSettings", "Game", "GAMES", "BUTTON_RULES",
           "ODD_CHIP_RULES", "check_unit"]
