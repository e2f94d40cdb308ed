"""Optional dependencies: a clear error naming the extra that installs them.

>>> require("rl", "json")                     # present: nothing happens
>>> require("rl", "a_module_that_is_not_there")
Traceback (most recent call last):
...
omaha_fast._extras.MissingExtraError: this needs a_module_that_is_not_there, which is not installed: pip install 'omaha_fast[rl]' (from a clone: pip install '.[rl]')
"""  # noqa: E501 (a doctest's exception line)

from __future__ import annotations

import importlib.util

from .errors import OmahaError


class MissingExtraError(OmahaError, ImportError):
    """An optional dependency is missing; the message names the extra to install."""


def missing_extra(extra: str, missing: list[str], what: str = "this") -> MissingExtraError:
    """The error for ``missing`` modules of ``extra``, with the two ways to install it (the
    package's name once published, the clone's folder meanwhile)."""
    return MissingExtraError(f"{what} needs {', '.join(missing)}, which "
                             f"{'is' if len(missing) == 1 else 'are'} not installed: "
                             f"pip install 'omaha_fast[{extra}]' (from a clone: "
                             f"pip install '.[{extra}]')")


def require(extra: str, *modules: str) -> None:
    """Raise :class:`MissingExtraError` unless every module in ``modules`` can be imported."""
    missing = [m for m in modules if importlib.util.find_spec(m) is None]
    if missing:
        raise missing_extra(extra, missing)


__all__ = ["MissingExtraError", "require", "missing_extra"]
