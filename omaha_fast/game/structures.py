"""Betting structures: fixed limit, pot limit, no limit.

Each structure is a small frozen value that names the game and holds its bet sizes. The
betting rules themselves (how big a bet or a raise may be) are in ``betting.py``; a hand
copies the sizes it needs from the structure once (``hand._params``).

>>> FixedLimit(10, 20)
FixedLimit(small_bet=10, big_bet=20, cap=4, uncap_heads_up=False)
>>> PotLimit(min_bet=100).min_bet
100
>>> FixedLimit(10, 5)
Traceback (most recent call last):
...
ValueError: FixedLimit big_bet (5) must be at least small_bet (10)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Union


def check_chips(value: object, what: str, *, positive: bool = False) -> int:
    """An int chip amount (not a bool), >= 0 (or > 0), or a ValueError naming ``what``.

    >>> check_chips(5, "ante")
    5
    >>> check_chips(-1, "ante")
    Traceback (most recent call last):
    ...
    ValueError: ante must be >= 0, got -1
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be an int number of chips, got {value!r}")
    if positive and value <= 0:
        raise ValueError(f"{what} must be > 0, got {value}")
    if value < 0:
        raise ValueError(f"{what} must be >= 0, got {value}")
    return value


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
        check_chips(self.small_bet, "FixedLimit small_bet", positive=True)
        check_chips(self.big_bet, "FixedLimit big_bet", positive=True)
        if self.big_bet < self.small_bet:
            raise ValueError(f"FixedLimit big_bet ({self.big_bet}) must be at least "
                             f"small_bet ({self.small_bet})")
        if isinstance(self.cap, bool) or not isinstance(self.cap, int) or self.cap < 1:
            raise ValueError(f"FixedLimit cap must be an int >= 1, got {self.cap!r}")
        if not isinstance(self.uncap_heads_up, bool):
            raise ValueError(f"FixedLimit uncap_heads_up must be True or False, "
                             f"got {self.uncap_heads_up!r}")

    name = "fixed-limit"

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
            check_chips(self.min_bet, "PotLimit min_bet", positive=True)

    name = "pot-limit"


@dataclass(frozen=True)
class NoLimit:
    """No limit: any bet or raise up to the whole stack.

    ``min_bet`` is the smallest opening bet; ``None`` means the big blind.
    """

    min_bet: Optional[int] = None

    def __post_init__(self) -> None:
        if self.min_bet is not None:
            check_chips(self.min_bet, "NoLimit min_bet", positive=True)

    name = "no-limit"


Structure = Union[FixedLimit, PotLimit, NoLimit]

__all__ = ["FixedLimit", "PotLimit", "NoLimit", "Structure", "check_chips"]
