"""Check that the built API reference documents every public name.

    python docs/check_reference.py SITE_DIR

A public module is one whose dotted path has no part starting with an underscore and that
is not one of the internal ones below (the command line's modules, a shim kept for old
imports, the data tools); its public names are its ``__all__``. Each must have an anchor
``module.name`` in the generated reference pages. Run by .ci/run after ``mkdocs build``.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# modules that are not part of the API a user programs against: the command line (its
# documentation is the cli page and each --help), the old name of the block runner, the
# tool that makes the shipped rankings
INTERNAL = ("omaha_fast.cli", "omaha_fast.sim.backends", "omaha_fast.tools")
INTERNAL_NAMES = ("command",)       # omaha_fast.sim.command, .preflop.command, ...


def is_public(parts: list[str]) -> bool:
    """Whether the module of these dotted-name parts gets an API reference page."""
    name = ".".join(parts)
    return (not any(p.startswith("_") for p in parts) and parts[-1] not in INTERNAL_NAMES
            and not any(name == m or name.startswith(m + ".") for m in INTERNAL))


def public_modules() -> dict[str, Path]:
    """Dotted name -> file of every public module."""
    found = {}
    for path in sorted((ROOT / "omaha_fast").rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if is_public(parts):
            found[".".join(parts)] = path
    return found


def public_names() -> dict[str, list[str]]:
    """Dotted module name -> the names in its ``__all__``, for every public module."""
    found: dict[str, list[str]] = {}
    for name, path in public_modules().items():
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if (isinstance(node, (ast.Assign, ast.AnnAssign))
                    and any(getattr(t, "id", None) == "__all__"
                            for t in (node.targets if isinstance(node, ast.Assign)
                                      else [node.target]))
                    and node.value is not None):
                found[name] = list(ast.literal_eval(node.value))
    return found


def main(site: str) -> int:
    anchors: set[str] = set()
    for page in Path(site, "reference").rglob("*.html"):
        anchors.update(re.findall(r'id="(omaha_fast[\w.]*)"', page.read_text(encoding="utf-8")))
    missing = [f"{module}.{name}" for module, names in public_names().items()
               for name in names if f"{module}.{name}" not in anchors]
    for name in missing:
        print(f"not in the API reference: {name}")
    total = sum(len(v) for v in public_names().values())
    print(f"API reference: {total - len(missing)} of {total} public names documented")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
