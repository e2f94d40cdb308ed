"""The exception hierarchy: one base class, each error also a builtin it resembles."""

from __future__ import annotations


class OmahaError(Exception):
    """Base class of every error omaha_fast raises on purpose."""


class InvalidCardError(OmahaError, ValueError):
    """A card token, card count or duplicate card is not acceptable.

    >>> isinstance(InvalidCardError("x"), ValueError)
    True
    """


class IllegalActionError(OmahaError, ValueError):
    """A betting action is not allowed in the current state of the hand."""


class RangeError(OmahaError, ValueError):
    """A range text that does not parse, or a range that cannot be used (empty after card
    removal). The message names the position and the problem."""


class NoDealError(OmahaError, ValueError):
    """The ranges of an equity question never fit together: every combination shares a
    card."""


__all__ = ["OmahaError", "InvalidCardError", "IllegalActionError", "RangeError", "NoDealError"]
