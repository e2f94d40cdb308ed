"""Hand histories: read PHH and the project's JSON, write them, replay them.

Both formats load into the same :class:`HandRecord`; :func:`replay` drives the real
engine with it, checking every action, and compares the final stacks.

>>> from omaha_fast import Table, FixedLimit
>>> t = Table(structure=FixedLimit(10, 20), seats=3, stacks=[100, 100, 100], seed=4)
>>> h = t.start_hand()
>>> while not h.finished:
...     _ = h.call() if h.legal_actions().to_call else h.check()
>>> [replay(r).agrees for r in loads(dumps_json([h]) + "\\n")]
[True]
>>> [replay(r).agrees for r in loads(dumps_phh([h]))]
[True]
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Union

from ..game.hand import Hand
from .phh import PHHError, dump_hand, dump_phhs, load_phh
from .record import HandRecord, RecordError
from .replay import ReplayError, ReplayResult, replay, start_from_record


def loads_json(text: str, origin: str = "<json>") -> list[HandRecord]:
    """Hands from JSON text: one object per line (JSONL), a list, or one object."""
    stripped = text.strip()
    if not stripped:
        return []
    if stripped.startswith("["):
        try:
            items = json.loads(stripped)
        except json.JSONDecodeError as e:
            raise RecordError(f"{origin}: invalid JSON: {e}") from None
        return [HandRecord.from_dict(d, f"{origin} hand {i}") for i, d in enumerate(items, 1)]
    lines = text.splitlines()
    if len([ln for ln in lines if ln.strip()]) > 1:
        return [HandRecord.from_json(ln, f"{origin} line {i}")
                for i, ln in enumerate(lines, 1) if ln.strip()]
    return [HandRecord.from_json(stripped, origin)]


def loads(text: str, origin: str = "<text>") -> list[HandRecord]:
    """Hands from PHH or JSON text (JSON when it starts with '{' or '[')."""
    if text.lstrip().startswith(("{", "[{", "[\n", "[ ")) or text.lstrip() == "[]":
        return loads_json(text, origin)
    return load_phh(text, origin)


def load(path: Union[str, Path]) -> list[HandRecord]:
    """Hands from a file: ``.json``/``.jsonl`` as JSON, anything else sniffed."""
    p = Path(path)
    text = p.read_text(encoding="utf-8")
    if p.suffix.lower() in (".json", ".jsonl"):
        return loads_json(text, p.name)
    if p.suffix.lower() in (".phh", ".phhs"):
        return load_phh(text, p.name)
    return loads(text, p.name)


def dumps_json(hands: Iterable[Hand]) -> str:
    """Hands as JSON lines (one hand per line, no final newline)."""
    return "\n".join(HandRecord.from_hand(h).to_json() for h in hands)


def dumps_phh(hands: Iterable[Hand]) -> str:
    """Hands as one ``.phhs`` text."""
    return dump_phhs(list(hands))


__all__ = ["HandRecord", "RecordError", "PHHError", "ReplayError", "ReplayResult", "load",
           "loads", "loads_json", "load_phh", "dumps_json", "dumps_phh", "dump_hand",
           "replay", "start_from_record"]
