"""Optional dependencies: a clear error naming the extra that installs them.

>>> require("rl", "json")                     # present: nothing happens
>>> require("rl", "a_module_that_is_not_there")
Traceback (most recent call last):
...
omaha_fast._extras.MissingExtraError: this needs a_module_that_is_not_there, which is not installed: pip install 'omaha_fast[rl]'
>>> import_extra("numpy", "json").__name__    # the module itself, imported where used
'json'
"""  # noqa: E501 (a doctest's exception line)

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

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


def import_extra(extra: str, module: str) -> ModuleType:
    """``module`` imported, or :class:`MissingExtraError` naming the extra that installs
    it: for a function that needs an optional dependency only when it runs."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise _missing(extra, [module]) from None


__all__ = ["MissingExtraError", "require", "import_extra"]
