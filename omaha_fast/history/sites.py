"""Card-room histories: the encoding and format of a file, found from its content.

>>> decode_history("\\ufeffPokerStars Hand #1: x\\r\\n".encode("utf-8"))
'PokerStars Hand #1: x\\r\\n'
>>> site_format("\\ufeff\\nFull Tilt Poker Game #5: ..."), site_format("variant = 'FO/8'")
('fulltilt', None)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Optional

from .bovada import HEADER as BOVADA_HEADER, read_bovada
from .fulltilt import HEADER as FULLTILT_HEADER, read_fulltilt
from .ggpoker import HEADER as GGPOKER_HEADER, read_ggpoker
from .ipoker import HEADER as IPOKER_HEADER, read_ipoker
from .pacific import HEADER as PACIFIC_HEADER, read_pacific
from .partypoker import HEADER as PARTYPOKER_HEADER, read_partypoker
from .pokerstars import HEADER as POKERSTARS_HEADER, read_pokerstars
from .sitehand import SiteFormatError, SiteItem
from .sitetext import text_lines
from .winamax import HEADER as WINAMAX_HEADER, read_winamax
from .winning import HEADER as WINNING_HEADER, read_winning

# the card rooms read: (format, the pattern of a hand's first line, the reader); one
# line a site, in the order they are tried
_READERS: tuple[tuple[str, re.Pattern[str], Callable[[str, str], list[SiteItem]]], ...] = (
    ("pokerstars", POKERSTARS_HEADER, read_pokerstars),
    ("fulltilt", FULLTILT_HEADER, read_fulltilt),
    ("888poker", PACIFIC_HEADER, read_pacific),
    ("wpn", WINNING_HEADER, read_winning),
    ("ggpoker", GGPOKER_HEADER, read_ggpoker),
    ("bovada", BOVADA_HEADER, read_bovada),
    ("winamax", WINAMAX_HEADER, read_winamax),
    ("ipoker", IPOKER_HEADER, read_ipoker),
    ("partypoker", PARTYPOKER_HEADER, read_partypoker),
)
# what each format is called in messages
_NAMES = {"pokerstars": "PokerStars", "fulltilt": "Full Tilt", "888poker": "888poker",
          "wpn": "WPN (ACR)", "ggpoker": "GGPoker", "bovada": "Bovada",
          "winamax": "Winamax", "ipoker": "iPoker (XML)", "partypoker": "partypoker"}


def decode_history(data: bytes) -> str:
    """Text of a history file as the sites wrote them: UTF-16 or UTF-8 with a byte-order
    mark, UTF-8 without one, or Windows-1252 (older Full Tilt files)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        if len(data) % 2 and data[-1:] in (b"\n", b"\r", b" ", b"\x00"):
            data = data[:-1]     # a byte-wide line end added to a UTF-16 file by a tool
        return data.decode("utf-16", errors="replace")
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def site_format(text: str) -> Optional[str]:
    """The card room whose history the text is ("pokerstars", "fulltilt", "winamax",
    ...: the first hand header decides; a preamble may come before it), else None."""
    for line in text_lines(text):
        for name, header, _ in _READERS:
            if header.match(line):
                return name
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
                              f"supported ({', '.join(_NAMES.values())}, PHH and JSON "
                              f"are read)")


def read_site(text: str, origin: str = "<history>") -> list[SiteItem]:
    """Every hand of a card room's text (the format found from its content): records,
    skipped hands (other games) and unreadable hands (each with the error naming its
    line)."""
    fmt = site_format(text)
    for name, _, reader in _READERS:
        if name == fmt:
            return reader(text, origin)
    raise SiteFormatError(f"{origin}: not a history of a card room read here "
                          f"({', '.join(_NAMES.values())})")


__all__ = ["decode_history", "site_format", "read_site", "other_site", "not_supported"]
