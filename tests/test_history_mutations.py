"""The verifier checks every money figure a card-room history states: each real fixture
hand, with one of its amounts changed (a cent or a chip more, or doubled) or one of its
action words changed, disagrees or is unreadable, unless the figure is one the card-rooms
guide names as unchecked (listed here with the reason). A corrupt hand is unreadable,
never skipped as another game."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Optional

import pytest

from omaha_fast.cli import main
from omaha_fast.history.record import HandRecord
from omaha_fast.history.sitehand import UnreadableHand
from omaha_fast.history.sites import decode_history, read_site, site_formats
from omaha_fast.history.sitetext import text_lines
from omaha_fast.history.verify import verify

DATA = Path(__file__).parent / "data" / "sites"
TEXT_FIXTURES = sorted(p for p in DATA.iterdir() if p.suffix == ".txt" and
                       not decode_history(p.read_bytes()).startswith("\ufeff") and
                       not p.read_bytes().startswith((b"\xff\xfe", b"\xfe\xff")))


def _header(text: str) -> str:
    """The first line of the text's first Omaha hand (the line its site knows a hand by)."""
    record = next(i for i in read_site(text, "h.txt") if isinstance(i, HandRecord))
    return text.splitlines()[record.extra["site"]["line"] - 1].lstrip("\ufeff")


@pytest.mark.parametrize("path", TEXT_FIXTURES, ids=lambda p: p.name)
def test_random_bytes_after_a_hand_header_are_an_unreadable_hand(path, tmp_path, capsys):
    header = _header(decode_history(path.read_bytes())).encode("utf-8")
    rng = random.Random(path.name)
    for _ in range(4):
        data = header + b"\n" + bytes(rng.randrange(256) for _ in range(400))
        items = read_site(decode_history(data, "h.txt"), "h.txt")
        assert items and all(isinstance(i, UnreadableHand) for i in items), items
    bad = tmp_path / "bad.txt"
    bad.write_bytes(data)
    assert main(["replay", str(bad)]) == 2
    out, err = capsys.readouterr()
    assert ": skipped (" not in out and err.startswith("omaha-fast replay: error: 1 hand could "
                                                   "not be read; the first: bad.txt: line ")


# ---------------------------------------------------------------- every figure, mutated

FIXTURES = sorted(DATA.iterdir())
# an amount a text history writes with its currency: "$1,234.50", "0.50€", "€80"
CURRENCY = re.compile(r"[$€£] ?[0-9][0-9,]*(?:\.[0-9]+)?|(?<![0-9.,])[0-9][0-9,]*"
                      r"(?:\.[0-9]+)?(?: ?€)")
# iPoker's amounts and action types, in the XML's attributes
XML_FIGURE = re.compile(r'\b(?:sum|win|bet|chips)="(?P<figure>[^"]*[0-9][^"]*)"')
XML_TYPE = re.compile(r'<action [^>]*\btype="(?P<figure>[0-9]+)"')
XML_TYPES = ("0", "1", "2", "3", "4", "5", "6", "7", "15", "23")
# the action words of the text sites, each with what it is changed to
KEYWORDS = {"folds": "checks", "checks": "folds", "calls": "bets", "bets": "calls",
            "Folds": "Checks", "Checks": "Folds", "Calls": "Bets", "Bets": "Calls"}
KEYWORD = re.compile(r"(?<=[: ])(?P<figure>" + "|".join(KEYWORDS) + r")\b")

# The figures the verifier does not check, each with the reason the card-rooms guide
# gives: a mutated figure inside the group "figure" of one of these may still agree.
UNCHECKED = [
    (re.compile(r"^Seat[ +]?[0-9]{1,2}: .*?\( ?(?P<figure>[$€£]? ?[0-9][0-9., ]*(?: ?€)?)"
                r"(?: in chips| USD)? ?\)"),
     "a starting stack: where the replay starts, stated nowhere else in the hand"),
    (re.compile(r'<player [^>]*\bchips="(?P<figure>[^"]*)"'),
     "a starting stack: where the replay starts, stated nowhere else in the hand"),
]


def _verdict(text: str) -> str:
    try:
        items = read_site(text, "h.txt")
    except ValueError:
        return "unreadable"
    if len(items) != 1:
        return f"{len(items)} hands"
    [item] = items
    if isinstance(item, UnreadableHand):
        return "unreadable"
    if not isinstance(item, HandRecord):
        return "skipped"
    return verify(item).result


def _hands() -> list[tuple[str, str, str]]:
    """(fixture, hand id, text) of every Omaha hand of the fixtures that agrees."""
    out = []
    for path in FIXTURES:
        text = decode_history(path.read_bytes())
        fmt = next(f for f in site_formats() if any(f.detects(ln) for ln in
                                                     text_lines(text)))
        for _, chunk, hand_id in fmt.hands(text, path.name):
            hand = "\n".join(chunk)
            if _verdict(hand) == "agree":
                out.append((path.name, hand_id, hand))
    return out


def _more(figure: str, how: str) -> str:
    """The figure a cent or a chip more ("plus") or doubled ("twice"), written alike."""
    m = re.search(r"[0-9][0-9, ]*(?:[.,][0-9]{1,2})?(?![0-9])", figure)
    assert m is not None
    digits = m.group(0)
    decimal = re.search(r"[.,]([0-9]{1,2})$", digits)
    places = len(decimal.group(1)) if decimal else 0
    mark = digits[decimal.start()] if decimal else ""
    units = int(re.sub(r"[^0-9]", "", digits))
    units = units + 1 if how == "plus" else units * 2
    text = str(units).rjust(places + 1, "0")
    new = text[:len(text) - places] + (mark + text[len(text) - places:] if places else "")
    return figure[:m.start()] + new + figure[m.end():]


def _changed(lines: list[str], k: int, start: int, end: int, new: str) -> str:
    """The hand with line ``k``'s characters ``start:end`` replaced by ``new``."""
    line = lines[k][:start] + new + lines[k][end:]
    return "\n".join(lines[:k] + [line] + lines[k + 1:])


def _mutations(hand: str):
    """(what, line, span of the figure in the line, mutated hand) for every money
    figure of the hand (a unit more, doubled) and every action word or type."""
    lines = hand.split("\n")
    for k, line in enumerate(lines):
        found: list[tuple[tuple[int, int], str, str]] = []   # (span, new text, what)
        if line.lstrip().startswith("<"):
            for m in XML_FIGURE.finditer(line):
                found += [(m.span("figure"), _more(m.group("figure"), how),
                           f"{how} {m.group(0)}") for how in ("plus", "twice")]
            for m in XML_TYPE.finditer(line):
                found += [(m.span("figure"), other, f"type {m.group('figure')} -> {other}")
                          for other in XML_TYPES]
        else:
            for m in CURRENCY.finditer(line):
                found += [(m.span(), _more(m.group(0), how), f"{how} {m.group(0)}")
                          for how in ("plus", "twice")]
            for m in KEYWORD.finditer(line):
                word = m.group("figure")
                found.append((m.span("figure"), KEYWORDS[word], f"{word} -> {KEYWORDS[word]}"))
        for (start, end), new, what in found:
            if new != line[start:end]:
                yield what, line, (start, end), _changed(lines, k, start, end, new)


def _excused(line: str, span: tuple[int, int]) -> Optional[str]:
    for pattern, reason in UNCHECKED:
        for m in pattern.finditer(line):
            if m.start("figure") <= span[0] and span[1] <= m.end("figure"):
                return reason
    return None


CAUGHT = ("disagree", "refused", "unreadable", "odd chip")


def _missed(fixture: str, hand_id: str, hand: str) -> list[str]:
    out = []
    for what, line, span, mutated in _mutations(hand):
        result = _verdict(mutated)
        if result not in CAUGHT and _excused(line, span) is None:
            out.append(f"{fixture} {hand_id}: {what} [{result}]: {line.strip()[:120]}")
    return out


HANDS = _hands()


def test_every_fixture_has_hands_to_mutate():
    assert {f for f, _, _ in HANDS} == {p.name for p in FIXTURES}


@pytest.mark.parametrize("fixture,hand_id,hand", HANDS, ids=[f"{f}-{h}" for f, h, _ in HANDS])
def test_every_money_figure_and_action_word_changed_is_a_difference(fixture, hand_id, hand):
    assert _missed(fixture, hand_id, hand) == []
