"""The exception hierarchy: one base class, each error also the builtin it resembles.

Every error omaha_fast raises on purpose is an :class:`OmahaError`. A wrong value is also
a :class:`ValueError`, a wrong type also a :class:`TypeError`, so callers can catch
either the library's class or the builtin.

>>> from omaha_fast import Card, Table, FixedLimit
>>> try:
...     Card(None)
... except TypeError as err:
...     print(type(err).__name__, isinstance(err, InvalidCardError), err)
CardTypeError True cannot read a card from None (a card is a name like 'As', an int 0..51 or a Card)
>>> try:
...     Table(structure=FixedLimit(10, 20), seats=11)
... except OmahaError as err:
...     print(type(err).__name__, isinstance(err, ValueError))
InvalidValueError True
"""

from __future__ import annotations


class OmahaError(Exception):
    """Base class of every error omaha_fast raises on purpose."""


class InvalidValueError(OmahaError, ValueError):
    """An argument or setting has the right type but a value that is not acceptable."""


class InvalidTypeError(OmahaError, TypeError):
    """An argument or setting has the wrong type."""


class InvalidCardError(InvalidValueError):
    """A card token, card count or duplicate card is not acceptable.

    >>> isinstance(InvalidCardError("x"), ValueError)
    True
    """


class CardTypeError(InvalidCardError, InvalidTypeError):
    """Something that cannot be a card or a group of cards at all (None, a float, a
    two-dimensional array): an :class:`InvalidCardError`, so one ``except`` catches every
    card problem, that is also a :class:`TypeError`."""


class IllegalActionError(InvalidValueError):
    """A betting action is not allowed in the current state of the hand."""


class ActionTypeError(IllegalActionError, InvalidTypeError):
    """An action's amount or seat of the wrong type (a str, a float, a bool): refused like
    any illegal action, and also a :class:`TypeError`."""


class RangeError(InvalidValueError):
    """A range text that does not parse, or a range that cannot be used (empty after card
    removal). The message names the position and the problem."""


class NoDealError(InvalidValueError):
    """The ranges of an equity question never fit together: every combination shares a
    card."""


class OutOfMemoryError(OmahaError, MemoryError):
    """The C core could not allocate the memory a call needs."""


__all__ = ["OmahaError", "InvalidValueError", "InvalidTypeError", "InvalidCardError",
           "CardTypeError", "IllegalActionError", "ActionTypeError", "RangeError",
           "NoDealError", "OutOfMemoryError"]
