"""A griffe extension for the API reference: doctest examples become code blocks.

The docstrings hold plain doctest examples (``>>>`` lines and their output, up to a blank
line), which Markdown would read as nested quotes; this fences them as ``pycon`` code. It
also turns Sphinx roles such as :class:`Hand` into code spans. Only the rendered text
changes: the docstrings and their doctests stay as they are.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

_ROLE = re.compile(r":(?:class|func|meth|mod|data|attr|exc|obj):`~?([^`]+)`")


def fence_doctests(text: str) -> str:
    """Wrap each run of doctest lines (a ``>>>`` line to the next blank line) in a fence.

    >>> fence_doctests("Text.\\n>>> 1 + 1\\n2\\n\\nMore.").splitlines()
    ['Text.', '```pycon', '>>> 1 + 1', '2', '```', '', 'More.']
    """
    out: list[str] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith(">>>"):
            indent = line[: len(line) - len(line.lstrip())]
            block = []
            while i < len(lines) and lines[i].strip():
                block.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i])
                i += 1
            out += [f"{indent}```pycon", *(indent + b for b in block), f"{indent}```"]
            continue
        out.append(line)
        i += 1
    return "\n".join(out)


class DoctestFences(griffe.Extension):
    """Fence the doctest examples and turn Sphinx roles into code in every docstring."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = _ROLE.sub(r"`\1`", fence_doctests(obj.docstring.value))
