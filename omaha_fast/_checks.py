"""Argument checks shared by the public API: one place that says what an int argument or
a named choice is, and raises the library's errors.

>>> check_int(3, "seats", low=2, high=10)
3
>>> check_int("6", "seats", low=2, high=10)
Traceback (most recent call last):
...
omaha_fast.errors.InvalidTypeError: seats must be an int, got '6'
>>> check_int(11, "seats", low=2, high=10)
Traceback (most recent call last):
...
omaha_fast.errors.InvalidValueError: seats must be an int from 2 to 10, got 11
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Optional, SupportsIndex, cast

from .errors import InvalidTypeError, InvalidValueError


def is_int(value: object) -> bool:
    """True for an int or an integer scalar such as numpy's, never for a bool."""
    if value.__class__ is int:
        return True
    if isinstance(value, bool) or type(value).__name__.startswith("bool"):
        return False
    return isinstance(value, int) or hasattr(type(value), "__index__")


def check_int(value: object, what: str, *, low: Optional[int] = None,
              high: Optional[int] = None, kind: str = "an int") -> int:
    """``value`` as a plain int when it is one (bools refused; numpy integers accepted)
    and within ``low..high`` (either bound may be None); otherwise InvalidTypeError or
    InvalidValueError naming ``what``. ``kind`` names what was expected in the messages.
    """
    if not is_int(value):
        raise InvalidTypeError(f"{what} must be {kind}, got {value!r}")
    try:
        number = operator.index(cast(SupportsIndex, value))
    except (TypeError, ValueError):   # an __index__ that refuses (a numpy float array)
        raise InvalidTypeError(f"{what} must be {kind}, got {value!r}") from None
    if (low is not None and number < low) or (high is not None and number > high):
        if low is not None and high is not None:
            bounds = f"from {low} to {high}"
        elif low is not None:
            bounds = f">= {low}"
        else:
            bounds = f"<= {high}"
        raise InvalidValueError(f"{what} must be {kind} {bounds}, got {number}")
    return number


def check_choice(value: object, allowed: Sequence[str], what: str) -> str:
    """``value`` when it is one of the names in ``allowed``; a str that is not is an
    InvalidValueError, anything else an InvalidTypeError.

    >>> check_choice("high", ("hilo", "high"), "game")
    'high'
    >>> check_choice(1, ("hilo", "high"), "game")
    Traceback (most recent call last):
    ...
    omaha_fast.errors.InvalidTypeError: game must be one of 'hilo', 'high', got 1
    """
    if isinstance(value, str) and value in allowed:
        return value
    names = ", ".join(repr(a) for a in allowed)
    error = InvalidValueError if isinstance(value, str) else InvalidTypeError
    raise error(f"{what} must be one of {names}, got {value!r}")


def check_bool(value: object, what: str) -> bool:
    """``value`` when it is True or False, else an InvalidTypeError naming ``what``."""
    if value is True or value is False:
        return value
    raise InvalidTypeError(f"{what} must be True or False, got {value!r}")


__all__ = ["is_int", "check_int", "check_choice", "check_bool"]
