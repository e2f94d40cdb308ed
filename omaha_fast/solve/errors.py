"""The subgame solver's errors: each is an InvalidValueError or an InvalidTypeError."""

from __future__ import annotations

from ..errors import InvalidTypeError, InvalidValueError, OutOfMemoryError


class SubgameValueError(InvalidValueError):
    """A spot that cannot be solved: a bad board, pot, stack, range or budget."""


class SubgameTypeError(InvalidTypeError):
    """A spot argument of the wrong type (a pot given as text, a range as a number)."""


class BetTreeError(SubgameValueError):
    """A bet tree that cannot be built: a size that is not a positive pot fraction, a
    raise cap out of range, a fixed-limit tree without its bet."""


class SolvedFileError(SubgameValueError):
    """A file that is not a solved tree saved by :meth:`SubgameResult.save`."""


class SpotTooLargeError(OutOfMemoryError):
    """A solve that would need more memory than it may take: refused before the memory is
    allocated, naming the figure and what would shrink it (also a MemoryError)."""


__all__ = ["SubgameValueError", "SubgameTypeError", "BetTreeError", "SolvedFileError",
           "SpotTooLargeError"]
