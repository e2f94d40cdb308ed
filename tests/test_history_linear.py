"""The card-room readers run in linear time on any line: each reader is fed a valid hand
with a megabyte of digits, spaces or brackets after its header, as one line and as lines
just under the longest a hand may have (a pattern quadratic in a run of digits took
1.3 s on 8,000 digits, and a 100 KB line ran for minutes). The check runs in a child
process with a generous timeout: it finishes in seconds when every pattern is linear."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from omaha_fast.history.siteformat import MAX_LINE

DATA = Path(__file__).parent / "data" / "sites"
FIXTURES = {"pokerstars": "pokerstars_conventions.txt", "fulltilt": "fulltilt_2014_format.txt",
            "888poker": "pacific_conventions.txt", "wpn": "wpn_conventions.txt",
            "ggpoker": "ggpoker_conventions.txt", "bovada": "bovada_conventions.txt",
            "winamax": "winamax_conventions.txt", "ipoker": "ipoker_conventions.xml",
            "partypoker": "partypoker_conventions.txt"}
JUNK = ("1", "1 ", "[", "]", "(", "1,", "[1 ", " (1", "1/", " ")

# in the child: every reader, every junk, as one line and as lines under the cap, after
# the first line and after the fourth; the kinds of items each gave
CHILD = r"""
import json, sys
from omaha_fast.history.sites import site_formats
fixtures, junk, cap = json.loads(sys.argv[1])
out = {}
for fmt in site_formats():
    lines = open(fixtures[fmt.name], encoding="utf-8").read().splitlines()
    kinds = set()
    for j in junk:
        for size in (1_000_000, cap - 100):
            line = j * (size // len(j))
            copies = max(1_000_000 // size, 1)    # a megabyte in all
            for appended in (True, False):        # after the header, or a line of its own
                hand = list(lines[:12])
                if appended:
                    hand[0] += " " + line
                else:
                    hand.insert(4, line)
                try:
                    items = fmt.read("\n".join(hand * copies), "x.txt")
                except ValueError as e:      # the reader's error (an OmahaError)
                    kinds.add(type(e).__name__)
                else:
                    kinds.update(type(i).__name__ for i in items)
    out[fmt.name] = sorted(kinds)
print(json.dumps(out))
"""


@pytest.mark.parametrize("junk", [pytest.param(("1", "[ "), id="short"),
                                  pytest.param(JUNK, id="full", marks=pytest.mark.slow)])
def test_every_reader_is_linear_on_long_lines_of_digits_spaces_and_brackets(junk):
    fixtures = {name: str(DATA / file) for name, file in FIXTURES.items()}
    done = subprocess.run([sys.executable, "-c", CHILD, json.dumps([fixtures, junk, MAX_LINE])],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    kinds = json.loads(done.stdout)
    assert sorted(kinds) == sorted(FIXTURES)
    for name, found in kinds.items():
        # every hand is a record, skipped as before, or unreadable: never a traceback
        assert set(found) <= {"HandRecord", "SkippedHand", "UnreadableHand",
                              "SiteFormatError"}, (name, found)


def test_a_line_longer_than_a_hand_may_have_is_named():
    from omaha_fast.history.pokerstars import read_pokerstars
    text = (DATA / "pokerstars_plo8_cash.txt").read_text()
    first, rest = text.split("\n", 1)
    [item, *_] = read_pokerstars(first + "\n" + "1" * 100_000 + "\n" + rest, "p.txt")
    assert type(item).__name__ == "UnreadableHand"
    assert str(item.error).startswith("p.txt: line 2: hand ")
    assert str(item.error).endswith(": a line of 100,000 characters (a hand history's lines "
                                    f"have at most {MAX_LINE:,})")
