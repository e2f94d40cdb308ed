"""Card-room histories: the encoding and format of a file, found from its content.

>>> decode_history("\\ufeffPokerStars Hand #1: x\\r\\n".encode("utf-8"))
'PokerStars Hand #1: x\\r\\n'
>>> site_format("\\ufeff\\nFull Tilt Poker Game #5: ..."), site_format("variant = 'FO/8'")
('fulltilt', None)
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path
from typing import Optional

from .siteformat import SiteFormat
from .sitehand import SiteFormatError, SiteItem
from .sitetext import text_lines


def site_formats() -> tuple[SiteFormat, ...]:
    """The card rooms read, in the order detection tries them: a site is a
    :class:`SiteFormat` subclass in any module of this package, so every module is
    imported once, the first time the rooms are needed.

    >>> [f.name for f in site_formats()][:3]
    ['pokerstars', 'fulltilt', '888poker']
    """
    if not _FORMATS:
        for module in pkgutil.iter_modules([str(Path(__file__).parent)]):
            importlib.import_module(f"{__package__}.{module.name}")
        _FORMATS.extend(cls() for cls in SiteFormat.formats)
    return tuple(_FORMATS)


_FORMATS: list[SiteFormat] = []


def _names() -> str:
    """What each room is called in messages, in the order tried."""
    return ", ".join(f.title for f in site_formats())


def decode_history(data: bytes, origin: str = "<history>") -> str:
    """Text of a history file as the sites wrote them: UTF-16 or UTF-8 with a byte-order
    mark, UTF-8 without one, or Windows-1252 (older Full Tilt files).

    A UTF-8 byte-order mark says what the rest is, so bytes after it that are not UTF-8
    make the file unreadable (a :class:`SiteFormatError` naming ``origin``), never text
    guessed in another encoding:

    >>> try:
    ...     decode_history(b"\\xef\\xbb\\xbfPokerStars \\xff", "h.txt")
    ... except ValueError as err:
    ...     print(type(err).__name__, err)
    SiteFormatError h.txt: not UTF-8 text after its UTF-8 byte-order mark (byte 14)
    """
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        if len(data) % 2 and data[-1:] in (b"\n", b"\r", b" ", b"\x00"):
            data = data[:-1]     # a byte-wide line end added to a UTF-16 file by a tool
        return data.decode("utf-16", errors="replace")
    if data.startswith(b"\xef\xbb\xbf"):
        try:
            return data[3:].decode("utf-8")
        except UnicodeDecodeError as e:
            raise SiteFormatError(f"{origin}: not UTF-8 text after its UTF-8 byte-order "
                                  f"mark (byte {e.start + 3})") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def site_format(text: str) -> Optional[str]:
    """The card room whose history the text is ("pokerstars", "fulltilt", "winamax",
    ...: the first hand header decides; a preamble may come before it), else None."""
    found = _format_of(text)
    return found.name if found else None


def _format_of(text: str) -> Optional[SiteFormat]:
    formats = site_formats()
    for line in text_lines(text):
        for fmt in formats:
            if fmt.detects(line):
                return fmt
    return None


# the first lines of other card rooms' histories, which are not read: each is named, so
# that such a file is refused for what it is rather than as a malformed PHH file
_OTHER_SITES = (
    ("an 888poker tournament summary (no hands)", re.compile(r"^\*{5} \S+ Tournament Summary")),
    ("a Microgaming (MPN) XML hand history", re.compile(r"^<Game hhversion=")),
    ("a Winamax tournament summary (no hands in it)",
     re.compile(r"^Winamax Poker - Tournament summary")),
)


def other_site(text: str) -> Optional[str]:
    """What a text looks like when its first lines are another card room's history
    that is not read (a Microgaming XML file, a tournament summary); else None.

    >>> other_site('<Game hhversion="4" id="1">')
    'a Microgaming (MPN) XML hand history'
    >>> other_site("variant = 'FO/8'") is None
    True
    """
    lines = [ln.strip() for ln in text[:2000].replace("\ufeff", "").splitlines() if ln.strip()]
    for line in lines[:5]:
        for name, pattern in _OTHER_SITES:
            if pattern.match(line):
                return name
    return None


def not_supported(text: str, origin: str) -> None:
    """Raise SiteFormatError when the text is another card room's history."""
    found = other_site(text)
    if found:
        raise SiteFormatError(f"{origin}: this looks like {found}, a format that is not "
                              f"supported ({_names()}, PHH and JSON "
                              f"are read)")


def read_site(text: str, origin: str = "<history>") -> list[SiteItem]:
    """Every hand of a card room's text (the format found from its content): records,
    skipped hands (other games) and unreadable hands (each with the error naming its
    line)."""
    found = _format_of(text)
    if found is None:
        raise SiteFormatError(f"{origin}: not a history of a card room read here "
                              f"({_names()})")
    return found.read(text, origin)


__all__ = ["decode_history", "site_format", "site_formats", "read_site", "other_site",
           "not_supported"]
