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


__all__ = ["OmahaError", "InvalidCardError", "IllegalActionError"]
