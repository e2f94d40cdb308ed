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

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Union

from ..game.hand import Hand
from .checks import short
from .phh import PHHError, dump_hand, dump_phhs, load_phh
from .record import HandRecord, RecordError, parse_json
from .replay import ReplayError, ReplayResult, replay, start_from_record
from .sites import not_supported


def loads_json(text: str, origin: str = "<json>") -> list[HandRecord]:
    """Hands from JSON text: one object per line (JSONL), a list, or one object."""
    if not isinstance(text, str):
        raise RecordError(f"{origin}: JSON text must be a str, got {short(text)}")
    stripped = text.strip()
    if not stripped:
        raise RecordError(f"{origin}: no hand found (empty input)")
    if stripped.startswith("["):
        items = parse_json(stripped, origin)
        if not isinstance(items, list) or not items:
            raise RecordError(f"{origin}: no hand found (an empty list)")
        return [HandRecord.from_dict(d, f"{origin} hand {i}") for i, d in enumerate(items, 1)]
    lines = text.splitlines()
    if len([ln for ln in lines if ln.strip()]) > 1:
        return [HandRecord.from_json(ln, f"{origin} line {i}")
                for i, ln in enumerate(lines, 1) if ln.strip()]
    return [HandRecord.from_json(stripped, origin)]


def loads(text: str, origin: str = "<text>") -> list[HandRecord]:
    """Hands from PHH or JSON text (JSON when it starts with '{' or '[' and a JSON value
    follows; a PHH table header such as ``[1]`` starts a PHH text)."""
    if not isinstance(text, str):
        raise RecordError(f"{origin}: hand history text must be a str, got {short(text)}")
    start = text.lstrip()
    if not start:
        raise RecordError(f"{origin}: no hand found (empty input)")
    not_supported(text, origin)     # another card room's file: named, not parsed as PHH
    if start.startswith("{") or start.startswith("[") and not _PHH_TABLE.match(start):
        return loads_json(text, origin)
    return load_phh(text, origin)


# a PHH table header line, such as [1] or ["hand 1"]
_PHH_TABLE = re.compile(r"\[\s*([A-Za-z0-9_.-]+|\"[^\"\n]*\"|'[^'\n]*')\s*\][ \t]*(#[^\n]*)?\r?\n")


def load(path: Union[str, Path]) -> list[HandRecord]:
    """Hands from a file: ``.json``/``.jsonl`` as JSON, ``.phh``/``.phhs`` as PHH,
    anything else sniffed. The file must be UTF-8 (a byte-order mark is allowed)."""
    p = Path(path)
    try:
        text = p.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise RecordError(f"{p.name}: not UTF-8 text (byte {e.start})") from None
    if p.suffix.lower() in (".json", ".jsonl"):
        return loads_json(text, p.name)
    if p.suffix.lower() in (".phh", ".phhs"):
        if not text.strip():
            raise RecordError(f"{p.name}: no hand found (empty input)")
        not_supported(text, p.name)
        return load_phh(text, p.name)
    return loads(text, p.name)


def dumps_json(hands: Iterable[Union[Hand, HandRecord]]) -> str:
    """Hands (or records) as JSON lines (one hand per line, no final newline)."""
    return "\n".join(_record(h).to_json() for h in hands)


def dumps_phh(hands: Iterable[Union[Hand, HandRecord]]) -> str:
    """Hands (or records) as one ``.phhs`` text."""
    return dump_phhs(list(hands))


def _record(hand: Union[Hand, HandRecord]) -> HandRecord:
    return hand if isinstance(hand, HandRecord) else HandRecord.from_hand(hand)


__all__ = ["HandRecord", "RecordError", "PHHError", "ReplayError", "ReplayResult", "load",
           "loads", "loads_json", "load_phh", "dumps_json", "dumps_phh", "dump_hand",
           "replay", "start_from_record"]
