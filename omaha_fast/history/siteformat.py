r"""A card room's history format as a class: what every reader shares, written once.

A site is a subclass of :class:`SiteFormat` in a module of this package: its ``name``
(the format's key), its ``title`` (how messages name it), the ``header`` pattern of a
hand's first line (the hand's id in group 1), the ``rules`` by which it divides and rakes
pots (data the verifier reads: see :mod:`omaha_fast.history.verify`), and ``parse``,
which turns one hand's lines into a record through :class:`HandBuilder`. Finding the hands
of a text, naming a hand that cannot be read, the rules on every record, and the registry
(``SiteFormat.formats``, which :mod:`omaha_fast.history.sites` searches) are here, so
adding a site is one file.

>>> from omaha_fast.history.sitehand import SkippedHand
>>> class Tiny(SiteFormat):
...     title, header = "Tiny", re.compile(r"^Tiny #([0-9]+)$")
...     def parse(self, chunk, first, hand_id, origin):
...         return SkippedHand(hand_id, origin, first, " ".join(chunk[1:]))
>>> [(i.id, i.line, i.game) for i in Tiny().read("Tiny #1\nStud\nTiny #2\nRazz", "t.txt")]
[('1', 1, 'Stud'), ('2', 3, 'Razz')]
>>> Tiny().read("nothing", "t.txt")
Traceback (most recent call last):
...
omaha_fast.history.sitehand.SiteFormatError: t.txt: no Tiny hand header found
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

from .record import HandRecord
from .sitehand import (
    SiteFormatError,
    SiteItem,
    SkippedHand,
    UnreadableHand,
    parse_guarded,
    records_only,
)
from .sitetext import split_hands, text_lines

# the longest line of a card room's hand read (see SiteFormat.max_line)
MAX_LINE = 5_000


class SiteFormat(ABC):
    """One card room's format: subclass it, set the class data, write ``parse``.

    A subclass with a ``name`` is registered in ``SiteFormat.formats`` (detection tries
    them by ``order``, then name)."""

    name: ClassVar[str] = ""             # the format's key ("pokerstars"); "" for no site
    title: ClassVar[str] = ""            # as messages name it ("PokerStars")
    header: ClassVar[re.Pattern[str]]    # a hand's first line: the hand's id in group 1
    order: ClassVar[int] = 50            # where detection tries it (lower first)
    # the longest line a hand may have: no site writes one of more than a few hundred
    # characters, and a longer one is refused before any pattern reads it (0: no limit,
    # for a format whose hands are not lines)
    max_line: ClassVar[int] = MAX_LINE
    # how the site divides and rakes pots, copied into each record's extra["site"]:
    # "odd_chip" ("unknown": no rule found, a one-chip difference is reported as such),
    # "rake_split" and "rake_percent" (how each pot's rake is found, and the most the site
    # takes of a pot), "drops" (jackpot drops beyond the stated rake), "unnamed_pots",
    # "halves_joined", "low_in_whole_units", "merge_pots" (how it writes the pays)
    rules: ClassVar[Mapping[str, Any]] = {}

    formats: ClassVar[list[type[SiteFormat]]] = []

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("name"):
            SiteFormat.formats.append(cls)
            SiteFormat.formats.sort(key=lambda f: (f.order, f.name))

    # ------------------------------------------------------------- what a site may change
    def detects(self, line: str) -> bool:
        """True when ``line`` (a clean line of the text) starts a hand of this site."""
        return bool(self.header.match(line))

    def lines(self, text: str) -> list[str]:
        """The text's clean lines (see :func:`text_lines`)."""
        return text_lines(text)

    def hand_id(self, chunk: list[str], first: int) -> str:
        """The id of the hand whose lines are ``chunk`` (from its header)."""
        m = self.header.match(chunk[0])
        return m.group(1) if m is not None and m.lastindex else f"line {first}"

    def hands(self, text: str, origin: str) -> Iterator[tuple[int, list[str], str]]:
        """(first line number, lines, id) of each hand of the text."""
        lines = self.lines(text)
        if not any(self.detects(line) for line in lines):
            raise SiteFormatError(f"{origin}: no {self.title} hand header found")
        for first, chunk in split_hands(lines, self.header):
            yield first, chunk, self.hand_id(chunk, first)

    @abstractmethod
    def parse(self, chunk: list[str], first: int, hand_id: str, origin: str) -> SiteItem:
        """One hand: a record, or a skipped hand (another game); raises SiteFormatError
        (or a ValueError) naming the line when the hand cannot be read."""

    # ------------------------------------------------------------- written once
    def read(self, text: str, origin: str = "") -> list[SiteItem]:
        """Every hand of the text: a record, a skipped hand (another game) or an
        unreadable hand (with the error that names its line)."""
        origin = origin or f"<{self.name or self.title}>"
        items: list[SiteItem] = []
        rules, parse, cap = self.rules, self.parse, self.max_line
        lists = [k for k, v in rules.items() if isinstance(v, list)]
        for first, chunk, hand_id in self.hands(text, origin):
            if cap and len(max(chunk, key=len)) > cap:
                items.append(_too_long(chunk, first, hand_id, origin, cap))
                continue
            item = parse_guarded(parse, chunk, first, hand_id, origin)
            if isinstance(item, SkippedHand) and not names_a_game(item.game):
                item = _not_a_game(item)
            if rules and isinstance(item, HandRecord):
                site = item.extra["site"]
                site.update(rules)
                for key in lists:      # each record its own list, which a caller may change
                    site[key] = site[key][:]
            items.append(item)
        return items

    def loads(self, text: str, origin: str = "") -> list[HandRecord]:
        """The hands of the text that are read (other games left out); raises
        SiteFormatError on the first hand that cannot be read."""
        return records_only(self.read(text, origin))


# the words a hand of another game names it by (the poker games the card rooms deal, a
# betting structure first, as iPoker names a game with no name, and "cancelled" for a
# hand that moved no chips); linear in any text, a run of digits tried once
_GAME_WORDS = re.compile(
    r"^(?:[NPF]L|pot limit|no limit|fixed limit|limit)\b|"
    r"hold'?em|omaha|stud|razz|draw|badugi|badeucy|badacey|courchevel|horse|hose|"
    r"(?<![0-9])[0-9]{1,2}-game|mixed|short ?deck|6\+|pineapple|lowball|2-7|a-5|triple|"
    r"deuce|tempest|fusion|\bplo|\bplh|\bnlh|\bflh|\bcap(?:ped)?\b|cancelled|[0-9] hole cards",
    re.IGNORECASE)
# what text decoded from bytes that were never text holds: control characters, and the
# replacement character a decoding put for bytes it could not read
_NOT_TEXT = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ufffd]")


def names_a_game(description: str) -> bool:
    """True when a skipped hand's description is text that names a game: a hand whose
    header is followed by anything else (random bytes, a line cut short) is unreadable,
    never skipped as another game.

    >>> names_a_game("Hold'em No Limit ($0.01/$0.02 USD)"), names_a_game("Razz Limit")
    (True, True)
    >>> names_a_game("\\x0f\\xda\\x02Y"), names_a_game("x3f9 qq")
    (False, False)
    """
    return not _NOT_TEXT.search(description) and bool(_GAME_WORDS.search(description))


def _not_a_game(item: SkippedHand) -> UnreadableHand:
    shown = _NOT_TEXT.sub("?", item.game)[:60]
    error = SiteFormatError(f"{item.origin}: line {item.line}: hand {item.id}: no game this "
                            f"reader knows, and not text that names one: {shown!r}")
    return UnreadableHand(item.id, item.origin, item.line, error)


def _too_long(chunk: list[str], first: int, hand_id: str, origin: str,
              cap: int) -> UnreadableHand:
    k, line = next((k, ln) for k, ln in enumerate(chunk, first) if len(ln) > cap)
    error = SiteFormatError(f"{origin}: line {k}: hand {hand_id}: a line of {len(line):,} "
                            f"characters (a hand history's lines have at most {cap:,})")
    return UnreadableHand(hand_id, origin, first, error)


__all__ = ["SiteFormat", "MAX_LINE", "names_a_game"]
