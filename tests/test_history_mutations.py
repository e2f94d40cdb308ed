"""The verifier checks every money figure a card-room history states: each real fixture
hand, with one of its amounts changed (a cent or a chip more, or doubled) or one of its
action words changed, disagrees or is unreadable, unless the figure is one the card-rooms
guide names as unchecked (listed here with the reason). A corrupt hand is unreadable,
never skipped as another game."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from omaha_fast.cli import main
from omaha_fast.history.record import HandRecord
from omaha_fast.history.sitehand import UnreadableHand
from omaha_fast.history.sites import decode_history, read_site

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
