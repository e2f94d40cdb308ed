"""The viewer's errors: each an InvalidValueError (a ValueError)."""

from __future__ import annotations

from ..errors import InvalidValueError


class ViewError(InvalidValueError):
    """A question the solve cannot answer: a node, hand, card, filter or sort that does not
    exist in it, or a query argument that is not what the API takes."""


class PortError(InvalidValueError):
    """An address the server cannot listen on: a port in use, a host that is not here."""


__all__ = ["ViewError", "PortError"]
