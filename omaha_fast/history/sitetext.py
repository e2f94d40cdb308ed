r"""Reading a card room's text file, whatever the room: clean lines, then one chunk per hand.
Every reader of a text format uses these (PokerStars and the rooms that write in its
format, Full Tilt, GGPoker, Winamax, ...), so they live below all of them.

>>> text_lines("\ufeffHand #1  \n  Seat 1: ann")
['Hand #1', 'Seat 1: ann']
>>> import re
>>> list(split_hands(["x", "Hand #1", "a", "Hand #2"], re.compile("Hand #")))
[(2, ['Hand #1', 'a']), (4, ['Hand #2'])]
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Optional


def split_hands(lines: list[str], header: re.Pattern[str]) -> Iterator[tuple[int, list[str]]]:
    """(first line number, lines) of each hand: a hand starts at a header line."""
    start: Optional[int] = None
    for i, line in enumerate(lines):
        if header.match(line):
            if start is not None:
                yield start + 1, lines[start:i]
            start = i
    if start is not None:
        yield start + 1, lines[start:]


def text_lines(text: str) -> list[str]:
    """Lines without byte-order marks (files joined together keep one at each join), line
    ends or blanks at either end (archives and some exports indent every line)."""
    return [ln.replace("\ufeff", "").strip() for ln in text.splitlines()]


__all__ = ["split_hands", "text_lines"]
