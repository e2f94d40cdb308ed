"""Optional dependencies: a clear error naming the extra that installs them.

>>> require("rl", "json")                     # present: nothing happens
>>> require("rl", "a_module_that_is_not_there")
Traceback (most recent call last):
...
omaha_fast._extras.MissingExtraError: this needs a_module_that_is_not_there, which is not installed: pip install 'omaha_fast[rl]'
"""  # noqa: E501 (a doctest's exception line)

from __future__ import annotations

import importlib.util

from .errors import OmahaError


class MissingExtraError(OmahaError, ImportError):
    """An optional dependency is missing; the message names the extra to install."""


def _missing(extra: str, missing: list[str]) -> MissingExtraError:
    return MissingExtraError(f"this needs {', '.join(missing)}, which "
                             f"{'is' if len(missing) == 1 else 'are'} not installed: "
                             f"pip install 'omaha_fast[{extra}]'")


def require(extra: str, *modules: str) -> None:
    """Raise :class:`MissingExtraError` unless every module in ``modules`` can be imported."""
    missing = [m for m in modules if importlib.util.find_spec(m) is None]
    if missing:
        raise _missing(extra, missing)


__all__ = ["MissingExtraError", "require"]
