"""A reader for the small part of TOML that PHH hand histories use.

Tables ``[name]``, ``key = value`` pairs, comments, and values that are strings (basic,
literal, and their triple-quoted forms), integers, floats, booleans, arrays (over several
lines too) and inline tables. Anything else is an error that names the line. Every key
remembers the line it was on, so later checks can point at the line too.

>>> doc = parse('a = 1\\n[1]\\nvariant = "PO"  # comment\\nxs = [1, 2,\\n 3]\\n')
>>> doc[""]["a"], doc["1"]["variant"], doc["1"]["xs"], doc["1"].lines["xs"]
(1, 'PO', [1, 2, 3], 4)
>>> parse("x = tru")
Traceback (most recent call last):
...
omaha_fast.history.toml_subset.TomlError: line 1: cannot read a value at 'tru'
"""

from __future__ import annotations

import re
from typing import Any

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_NUMBER = re.compile(r"[+-]?(?:inf|nan|[0-9][0-9_]*(?:\.[0-9_]+)?(?:[eE][+-]?[0-9]+)?)")
_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}


class TomlError(ValueError):
    """The text is not in the TOML subset this reader knows."""


class Table(dict):  # type: ignore[type-arg]
    """A TOML table: a dict that also knows the line of each key (``lines``) and of its
    header (``line``)."""

    def __init__(self, line: int = 0) -> None:
        super().__init__()
        self.line = line
        self.lines: dict[str, int] = {}


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.line = 1

    def fail(self, message: str) -> TomlError:
        return TomlError(f"line {self.line}: {message}")

    def peek(self) -> str:
        return self.text[self.pos:self.pos + 1]

    def skip_space(self, newlines: bool = False) -> None:
        """Skip blanks and comments (and line ends inside arrays)."""
        text = self.text
        while self.pos < len(text):
            c = text[self.pos]
            if c in " \t\r":
                self.pos += 1
            elif c == "#":
                end = text.find("\n", self.pos)
                self.pos = len(text) if end < 0 else end
            elif c == "\n" and newlines:
                self.pos += 1
                self.line += 1
            else:
                return

    def key(self) -> str:
        c = self.peek()
        if c in ("'", '"'):
            return self.string()
        m = _BARE_KEY.match(self.text, self.pos)
        if not m:
            raise self.fail(f"expected a key at {self.snippet()!r}")
        self.pos = m.end()
        return m.group()

    def snippet(self) -> str:
        end = self.text.find("\n", self.pos)
        return self.text[self.pos:end if end >= 0 else None][:20]

    def string(self) -> str:
        text = self.text
        for quote in ("'''", '"""'):
            if text.startswith(quote, self.pos):
                end = text.find(quote, self.pos + 3)
                if end < 0:
                    raise self.fail("unterminated string")
                body = text[self.pos + 3:end]
                self.line += body.count("\n")
                self.pos = end + 3
                if body.startswith("\n"):
                    body = body[1:]
                return body if quote == "'''" else self.unescape(body)
        quote = text[self.pos]
        end = self.pos + 1
        while True:
            if end >= len(text) or text[end] == "\n":
                raise self.fail("unterminated string")
            if text[end] == "\\" and quote == '"':
                end += 2
                continue
            if text[end] == quote:
                break
            end += 1
        body = text[self.pos + 1:end]
        self.pos = end + 1
        return body if quote == "'" else self.unescape(body)

    def unescape(self, body: str) -> str:
        out = []
        i = 0
        while i < len(body):
            c = body[i]
            if c != "\\":
                out.append(c)
                i += 1
                continue
            e = body[i + 1:i + 2]
            if e in _ESCAPES:
                out.append(_ESCAPES[e])
                i += 2
            elif e in ("u", "U"):
                width = 4 if e == "u" else 8
                try:
                    out.append(chr(int(body[i + 2:i + 2 + width], 16)))
                except ValueError:
                    raise self.fail("bad unicode escape") from None
                i += 2 + width
            else:
                raise self.fail(f"unknown escape \\{e}")
        return "".join(out)

    def value(self) -> Any:
        c = self.peek()
        if c in ("'", '"'):
            return self.string()
        if c == "[":
            return self.array()
        if c == "{":
            return self.inline_table()
        for word, val in (("true", True), ("false", False)):
            if self.text.startswith(word, self.pos) and not \
                    _BARE_KEY.match(self.text, self.pos + len(word)):
                self.pos += len(word)
                return val
        m = _NUMBER.match(self.text, self.pos)
        if m and not _BARE_KEY.match(self.text, m.end()) and self.text[m.end():m.end() + 1] \
                not in (":", "-"):
            self.pos = m.end()
            raw = m.group().replace("_", "")
            if any(ch in raw for ch in ".eEn") or raw.lstrip("+-") == "inf":
                return float(raw)
            return int(raw)
        raise self.fail(f"cannot read a value at {self.snippet()!r}")

    def array(self) -> list[Any]:
        self.pos += 1
        items: list[Any] = []
        while True:
            self.skip_space(newlines=True)
            if self.peek() == "]":
                self.pos += 1
                return items
            if not self.peek():
                raise self.fail("unterminated array")
            items.append(self.value())
            self.skip_space(newlines=True)
            c = self.peek()
            if not c:
                raise self.fail("unterminated array")
            if c == ",":
                self.pos += 1
            elif c != "]":
                raise self.fail(f"expected ',' or ']' in an array at {self.snippet()!r}")

    def inline_table(self) -> dict[str, Any]:
        self.pos += 1
        table: dict[str, Any] = {}
        self.skip_space()
        if self.peek() == "}":
            self.pos += 1
            return table
        while True:
            self.skip_space()
            key = self.key()
            self.skip_space()
            if self.peek() != "=":
                raise self.fail(f"expected '=' after {key!r}")
            self.pos += 1
            self.skip_space()
            table[key] = self.value()
            self.skip_space()
            c = self.peek()
            self.pos += 1
            if c == "}":
                return table
            if c != ",":
                raise self.fail("expected ',' or '}' in an inline table")


def parse(text: str) -> dict[str, Table]:
    """Tables by name; keys before the first header are in the table named "".

    >>> list(parse("[a]\\nx = 'it''s'\\n")["a"].items())
    Traceback (most recent call last):
    ...
    omaha_fast.history.toml_subset.TomlError: line 2: unexpected text after the value: "'s'"
    """
    r = _Reader(text)
    tables: dict[str, Table] = {"": Table(0)}
    current = tables[""]
    while True:
        r.skip_space()
        c = r.peek()
        if not c:
            return tables
        if c == "\n":
            r.pos += 1
            r.line += 1
            continue
        if c == "[":
            if r.text.startswith("[[", r.pos):
                raise r.fail("arrays of tables ([[...]]) are not supported")
            r.pos += 1
            r.skip_space()
            name = r.key()
            r.skip_space()
            if r.peek() != "]":
                raise r.fail("expected ']' to close the table header")
            r.pos += 1
            if name in tables:
                raise r.fail(f"table [{name}] is defined twice")
            current = tables[name] = Table(r.line)
        else:
            key = r.key()
            r.skip_space()
            if r.peek() != "=":
                raise r.fail(f"expected '=' after the key {key!r}")
            r.pos += 1
            r.skip_space()
            line = r.line
            value = r.value()
            if key in current:
                raise TomlError(f"line {line}: key {key!r} is defined twice")
            current[key] = value
            current.lines[key] = line
        r.skip_space()
        if r.peek() not in ("\n", ""):
            raise r.fail(f"unexpected text after the value: {r.snippet()!r}")


__all__ = ["parse", "Table", "TomlError"]
