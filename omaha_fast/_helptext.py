"""The examples that end every subcommand's ``--help``: kept as written (argparse would
wrap a long command line across lines), each a command that runs in seconds as it stands
(the test suite runs them all).

>>> import argparse
>>> p = argparse.ArgumentParser(prog="omaha-fast eval", description="Evaluate a hand.",
...                             **examples("omaha-fast eval As2s3h4h 5c6d7hKsKd"))
>>> p.format_help().splitlines()[-2:]
['example:', '  omaha-fast eval As2s3h4h 5c6d7hKsKd']
"""

from __future__ import annotations

import argparse
from typing import Any

EXAMPLE_HEADINGS = ("example:", "examples:")


class HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, but the part of a text from a line "example:" or
    "examples:" on is printed line for line (what comes before it is wrapped)."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        lines = text.splitlines()
        for k, line in enumerate(lines):
            if line in EXAMPLE_HEADINGS:
                before = "\n".join(lines[:k]).strip()
                kept = "\n".join(indent + x for x in lines[k:])
                return (super()._fill_text(before, width, indent) + "\n\n" + kept
                        if before else kept)
        return super()._fill_text(text, width, indent)


def examples(*commands: str, before: str = "") -> dict[str, Any]:
    """``add_parser`` keywords for an epilog of ``commands``, one a line, after the text
    ``before`` (a ``#`` comment after a command is shell syntax, kept)."""
    heading = EXAMPLE_HEADINGS[len(commands) > 1]
    return {"epilog": "\n".join([before, heading] + [f"  {c}" for c in commands]),
            "formatter_class": HelpFormatter}


def examples_in(help_text: str) -> list[str]:
    """The example commands at the end of a ``--help`` text."""
    lines = help_text.splitlines()
    for k, line in enumerate(lines):
        if line.strip() in EXAMPLE_HEADINGS:
            return [x.strip() for x in lines[k + 1:] if x.strip()]
    return []


__all__ = ["HelpFormatter", "examples", "examples_in"]
