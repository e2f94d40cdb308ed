"""Mutators for fuzzing the hand-history readers: valid files changed the way a hostile
or careless user would (fields deleted, duplicated, retyped; files truncated; lists nested
thousands deep; numbers too large for any machine).

Each mutator takes a ``random.Random`` and a valid text and returns a new text. They are
format-agnostic where they work on text, and structure-aware for JSON and TOML (PHH).
``mutate(rng, text, kind)`` picks one at random. A new reader (a card-room format, say)
gets fuzzed by adding its corpus and its ``kind`` in ``tests/test_fuzz_readers.py``; its
own structure-aware mutator, if any, goes in ``STRUCTURED`` here.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

from omaha_fast.history.phh import toml_key, toml_value

# values a field may be replaced by: every JSON/TOML type, edges of every range
WEIRD: list[Any] = [None, True, False, 0, -1, 1, 2, 7, 10, 11, 2 ** 31, 2 ** 63, 2 ** 64 + 1,
                    10 ** 30, -10 ** 30, 0.5, 1e308, float("inf"), float("nan"), "", "x",
                    "As", "AsKs2h3h", "AsAsAsAs", "????????", "p1 cbr 10", "fold", "flop",
                    "blind", "5/0", "1/3", "-5", [], [0], [None], [[]], ["flop"],
                    [0, "fold", None], [0, "call", -5], {}, {"kind": "dead"},
                    {"percent": 5}, "\u0000", "é\n\"'\\"]


def deep(level: int) -> Any:
    """A list nested ``level`` deep, built without recursion."""
    value: Any = []
    for _ in range(level):
        value = [value]
    return value


# ------------------------------------------------------------------ text mutations
def truncate(rng: random.Random, text: str) -> str:
    return text[:rng.randrange(len(text) + 1)]


def delete_span(rng: random.Random, text: str) -> str:
    i = rng.randrange(len(text) + 1)
    return text[:i] + text[i + rng.randint(1, 40):]


def duplicate_span(rng: random.Random, text: str) -> str:
    i = rng.randrange(len(text) + 1)
    j = min(len(text), i + rng.randint(1, 200))
    return text[:j] + text[i:j] + text[j:]


def duplicate_line(rng: random.Random, text: str) -> str:
    lines = text.splitlines(keepends=True) or [""]
    k = rng.randrange(len(lines))
    lines.insert(k, lines[k])
    return "".join(lines)


def delete_line(rng: random.Random, text: str) -> str:
    lines = text.splitlines(keepends=True) or [""]
    del lines[rng.randrange(len(lines))]
    return "".join(lines)


def insert_junk(rng: random.Random, text: str) -> str:
    junk = rng.choice(["\x00", "\ufeff", "\r", "\n", "[", "]", "{", "}", ",", "\"", "'",
                       "=", "#", "\\", "9" * rng.choice((20, 400, 5000)), "-", ".", "e9",
                       "[" * 3000, "{\"a\":" * 2000, "nan", "inf", "é", "\U0001F0A1"])
    i = rng.randrange(len(text) + 1)
    return text[:i] + junk + text[i:]


def huge_number(rng: random.Random, text: str) -> str:
    """Replace a digit run by a number too large for any sensible (or any) integer."""
    digits = [i for i, ch in enumerate(text) if ch.isdigit()]
    if not digits:
        return text
    i = rng.choice(digits)
    j = i
    while j < len(text) and text[j].isdigit():
        j += 1
    return text[:i] + rng.choice(("9" * 25, "9" * 5000, "1" + "0" * 4400, "1e400",
                                  "0.5", "-3")) + text[j:]


TEXT: list[Callable[[random.Random, str], str]] = [
    truncate, delete_span, duplicate_span, duplicate_line, delete_line, insert_junk,
    huge_number]


# ------------------------------------------------------------------ structure mutations
def _containers(value: Any) -> list[Any]:
    """Every dict and list inside ``value`` (itself included), without recursion."""
    found, stack = [], [value]
    while stack:
        item = stack.pop()
        if isinstance(item, (dict, list)):
            found.append(item)
            stack.extend(item.values() if isinstance(item, dict) else item)
    return found


def mutate_tree(rng: random.Random, tree: Any) -> Any:
    """Delete, duplicate, retype or deepen one entry somewhere in a parsed document."""
    target = rng.choice(_containers(tree))
    if not target:
        if isinstance(target, list):
            target.append(rng.choice(WEIRD))
        else:
            target["x"] = rng.choice(WEIRD)
        return tree
    keys = list(target) if isinstance(target, dict) else list(range(len(target)))
    key = rng.choice(keys)
    op = rng.randrange(6)
    if op == 0:
        del target[key]
    elif op == 1 and isinstance(target, list):
        target.insert(key, target[key])
    elif op == 2:
        target[key] = deep(rng.choice((3, 50, 2000)))
    elif op == 3:
        target[key] = [target[key]]
    else:
        target[key] = rng.choice(WEIRD)
    return tree


def mutate_json(rng: random.Random, text: str) -> str:
    lines = [ln for ln in text.splitlines() if ln.strip()]
    k = rng.randrange(len(lines))
    tree = mutate_tree(rng, json.loads(lines[k]))
    try:
        lines[k] = json.dumps(tree)
    except (ValueError, RecursionError):   # an int too long for str(): write it as text
        lines[k] = json.dumps(tree, default=str)[:100_000]
    return "\n".join(lines)


def _toml_document(tree: dict[str, Any]) -> str:
    """A TOML document; a value TOML cannot hold (a null) is left out."""
    out = []
    for name, table in tree.items():
        if isinstance(table, dict) and "variant" not in tree:
            out.append(f"[{toml_key(name)}]")
            items = table.items()
        else:
            items = [(name, table)]
        for key, value in items:
            try:
                out.append(f"{toml_key(key)} = {toml_value(value)}")
            except (ValueError, RecursionError):
                continue
    return "\n".join(out) + "\n"


def mutate_toml(rng: random.Random, text: str) -> str:
    tree = mutate_tree(rng, tomllib.loads(text))
    return _toml_document(tree)


STRUCTURED: dict[str, Callable[[random.Random, str], str]] = {
    "json": mutate_json, "phh": mutate_toml}


def mutate(rng: random.Random, text: str, kind: str, rounds: int = 0) -> str:
    """``text`` after one to three random mutations (structured ones when ``kind`` has
    them and the text still parses)."""
    for _ in range(rounds or rng.randint(1, 3)):
        structured = STRUCTURED.get(kind)
        if structured is not None and rng.random() < 0.6:
            try:
                text = structured(rng, text)
                continue
            except Exception:        # the text no longer parses: mutate it as text
                pass
        text = rng.choice(TEXT)(rng, text)
    return text
