"""Small checks shared by the history readers: each returns the value or a message.

A reader calls them on every field it uses and turns a message into its own error with
the hand and the field or line, so no malformed file reaches the engine.

>>> chips_problem(5), chips_problem(-1), chips_problem(True)
(None, 'must be >= 0, got -1', 'must be a whole number of chips, got True')
>>> depth(["a", [1, {"b": [2]}]])
4
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Optional, Union

# Chip amounts beyond 64 bits are refused: no real history has them, and they would only
# make the engine's arithmetic slow.
MAX_CHIPS = 2 ** 63 - 1
# Nesting deeper than this in a hand's extra fields is refused before it can exhaust the
# stack of a writer or a reader (a record itself nests three levels).
MAX_DEPTH = 32
# Text fields (cards, names, ids) longer than this are refused.
MAX_TEXT = 10_000


def is_int(value: Any) -> bool:
    """An int that is not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def chips_problem(value: Any, least: int = 0) -> Optional[str]:
    """None when ``value`` is a chip amount >= ``least``, else what is wrong."""
    if not is_int(value):
        return f"must be a whole number of chips, got {short(value)}"
    if value < least:
        return f"must be >= {least}, got {value}"
    if value > MAX_CHIPS:
        return f"is too large ({short(value)}; at most {MAX_CHIPS})"
    return None


def seat_problem(value: Any, size: int) -> Optional[str]:
    """None when ``value`` is a seat number of a table of ``size`` seats."""
    if not is_int(value) or not 0 <= value < size:
        return f"must be a seat number 0..{size - 1}, got {short(value)}"
    return None


def text_problem(value: Any) -> Optional[str]:
    """None when ``value`` is a string of a sensible length."""
    if not isinstance(value, str):
        return f"must be a string, got {short(value)}"
    if len(value) > MAX_TEXT:
        return f"is too long ({len(value)} characters)"
    return None


def depth(value: Any) -> int:
    """How deeply lists and dicts nest in ``value`` (0 for a scalar), without recursion."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, level)
        if level > MAX_DEPTH:
            break
        stack.extend((child, level + 1) for child in children)
    return deepest


def percent_value(value: Any) -> Union[int, float, Fraction]:
    """A rake percentage from a file: a number, or a fraction written "5/2" (exact).

    >>> percent_value("5/2"), percent_value(5), percent_value("2.5")
    (Fraction(5, 2), 5, Fraction(5, 2))
    """
    if isinstance(value, str) and len(value) <= 40:
        try:
            number = Fraction(value.strip())
        except (ValueError, ZeroDivisionError):
            raise ValueError(f"rake percent must be a number or a fraction like '5/2', "
                             f"got {short(value)}") from None
        return int(number) if number.denominator == 1 else number
    if isinstance(value, (int, float, Fraction)) and not isinstance(value, bool):
        return value
    raise ValueError(f"rake percent must be a number or a fraction like '5/2', "
                     f"got {short(value)}")


def percent_text(value: Union[int, float, Fraction]) -> Union[int, float, str]:
    """How a rake percentage is written: ints and floats as they are (both read back
    exactly), a Fraction as "p/q" (or an int when it is whole).

    >>> percent_text(Fraction(5, 2)), percent_text(Fraction(4, 2)), percent_text(2.5)
    ('5/2', 2, 2.5)
    """
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    return value


def one_line(text: str) -> str:
    """``text`` for a one-line message: line breaks and other control characters escaped,
    and cut short.

    >>> one_line("a\\nb")
    'a\\\\nb'
    """
    if not text.isprintable():
        text = repr(text)[1:-1]
    return text if len(text) <= 200 else text[:197] + "..."


def short(value: Any) -> str:
    """``repr`` of a value, cut short for messages (a file may hold anything)."""
    if isinstance(value, (list, dict)):
        text = f"a {type(value).__name__} of {len(value)}"
        return text + (" entries" if len(value) != 1 else " entry")
    if is_int(value) and value.bit_length() > 64:
        return f"an int of {value.bit_length()} bits"   # str() refuses the longest ints
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


__all__ = ["MAX_CHIPS", "MAX_DEPTH", "MAX_TEXT", "is_int", "chips_problem", "seat_problem",
           "text_problem", "depth", "percent_value", "percent_text", "short", "one_line"]
