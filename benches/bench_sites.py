"""Card-room histories: reading PokerStars text, and verifying hands pot by pot.

Run with ``python -m pytest benches/bench_sites.py --benchmark-enable``; the figures are
hands per second = HANDS / median time. The text is written by ``dumps_pokerstars`` from
random hands of our table (all-ins and side pots included), so both benches see the same
hands: the reader alone, and the reader plus the verify replay. A third bench runs
``omaha-fast replay`` on files of 1,000 and 4,000 hands of another game (skipped): the two
rates are alike when the command is linear in the hands (it was once quadratic: 2.0 s and
56 s, medians, where it now takes tens of milliseconds). The other card rooms' readers
(Winamax, iPoker, partypoker) read their invented fixtures (every convention of the site)
repeated to about as many hands: compare their us/hand with PokerStars'.
"""

from __future__ import annotations

import contextlib
import io
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from omaha_fast import PotLimit, Table
from omaha_fast.cli import main
from omaha_fast.history.bovada import loads_bovada
from omaha_fast.history.fulltilt import loads_fulltilt
from omaha_fast.history.ggpoker import loads_ggpoker
from omaha_fast.history.ipoker import loads_ipoker
from omaha_fast.history.pacific import loads_pacific
from omaha_fast.history.partypoker import loads_partypoker
from omaha_fast.history.pokerstars import loads_pokerstars
from omaha_fast.history.pokerstars_writer import dumps_pokerstars_file
from omaha_fast.history.verify import verify
from omaha_fast.history.winamax import loads_winamax
from omaha_fast.history.winning import loads_winning

HANDS = 300


def _text() -> str:
    rng = random.Random(5)
    hands = []
    table = Table(structure=PotLimit(), blinds=(5, 10), seats=6, stacks=[1000] * 6, seed=6)
    for _ in range(HANDS):
        for seat, stack in table.stacks.items():
            if stack < 500:
                table.add_chips(seat, 1000)
        hand = table.start_hand()
        while not hand.finished:
            legal = hand.legal_actions()
            kind = rng.choice(legal.kinds)
            if kind in ("bet", "raise_to"):
                hand.act(kind, rng.randint(legal.min_to, legal.max_to))
            else:
                hand.act(kind)
        hands.append(hand)
    return dumps_pokerstars_file(hands)


TEXT = _text()


def test_read_pokerstars(benchmark, record_rate):  # type: ignore[no-untyped-def]
    records = benchmark(loads_pokerstars, TEXT, "bench")
    assert len(records) == HANDS
    record_rate(HANDS, kind="PokerStars hands read")


def test_read_and_verify_pokerstars(benchmark, record_rate):  # type: ignore[no-untyped-def]
    def run() -> int:
        return sum(verify(r).result == "agree" for r in loads_pokerstars(TEXT, "bench"))
    assert benchmark(run) == HANDS
    record_rate(HANDS, kind="PokerStars hands read and verified")


# the other card rooms' readers, per hand beside the PokerStars reader: each reads a file of
# HANDS Omaha hands, the invented hands of its conventions fixture in turn (numbered anew)
_FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "data" / "sites"
_ROOMS = {
    "888poker": ("pacific_conventions.txt", r"(?m)^#Game No : ", loads_pacific),
    "wpn": ("wpn_conventions.txt", r"(?m)^(?=(?:Game )?Hand #)", loads_winning),
    "ggpoker": ("ggpoker_conventions.txt", r"(?m)^(?=Poker Hand #)", loads_ggpoker),
    "bovada": ("bovada_conventions.txt", r"(?m)^(?=Bovada Hand #)", loads_bovada),
}


def _room_text(room: str) -> str:
    """HANDS Omaha hands in a room's format, each with its own number."""
    name, split, reader = _ROOMS[room]
    text = (_FIXTURES / name).read_text()
    hands = [h for h in re.split(split, text) if h.strip()]
    ids = [r.id for r in reader(text, name)]
    omaha = [h for h in hands if any(i in h.split("\n", 2)[0] + h.split("\n", 2)[1]
                                     for i in ids if i)]
    out = []
    for k in range(HANDS):
        hand = omaha[k % len(omaha)]
        for i in ids:
            hand = hand.replace(i, f"{i[:-6]}{k:06d}")
        out.append(("#Game No : " if room == "888poker" else "") + hand)
    return "\n\n".join(out)


@pytest.mark.parametrize("room", sorted(_ROOMS))
def test_read_other_rooms(benchmark, record_rate, room):  # type: ignore[no-untyped-def]
    """Each room's reader, hands/s beside the PokerStars reader's (same HANDS a round)."""
    text = _room_text(room)
    records = benchmark(_ROOMS[room][2], text, "bench")
    assert len(records) == HANDS
    record_rate(HANDS, kind=f"{room} hands read")


# Winamax, iPoker and partypoker: each invented fixture (every convention of the site)
# repeated to about HANDS Omaha hands (an XML session cannot be cut at a line)


def _site_text(name: str, read: Callable[[str, str], list[Any]]) -> tuple[str, int]:
    text = (_FIXTURES / name).read_text(encoding="utf-8")
    per = len(read(text, "bench"))
    copies = -(-HANDS // per)
    return "\n\n".join([text] * copies), per * copies


_SITES = {"Winamax": ("winamax_conventions.txt", loads_winamax),
          "iPoker": ("ipoker_conventions.xml", loads_ipoker),
          "partypoker": ("partypoker_conventions.txt", loads_partypoker)}


@pytest.mark.parametrize("site", sorted(_SITES))
def test_read_other_sites(benchmark, record_rate, site):  # type: ignore[no-untyped-def]
    name, read = _SITES[site]
    text, hands = _site_text(name, read)
    records = benchmark(read, text, "bench")
    assert len(records) == hands
    record_rate(hands, kind=f"{site} hands read")


# five-card hands: each room's invented five-card fixture (one hand) repeated to HANDS
_FIVE = {"WPN Big O": ("wpn_bigo.txt", loads_winning),
         "GGPoker PLO-5": ("ggpoker_plo5.txt", loads_ggpoker),
         "Winamax Big O": ("winamax_bigo.txt", loads_winamax),
         "partypoker Big O": ("partypoker_bigo.txt", loads_partypoker),
         "Full Tilt PLO5": ("fulltilt_plo5.txt", loads_fulltilt)}


@pytest.mark.parametrize("site", sorted(_FIVE))
def test_read_five_card(benchmark, record_rate, site):  # type: ignore[no-untyped-def]
    name, read = _FIVE[site]
    text, hands = _site_text(name, read)
    records = benchmark(read, text, "bench")
    assert len(records) == hands and records[0].game in ("bigo", "omaha5")
    record_rate(hands, kind=f"{site} hands read")


# a hand of another game: `omaha-fast replay` skips it and counts it
_SKIPPED = """PokerStars Hand #{id}:  Hold'em No Limit ($0.01/$0.02 USD) - 2009/11/26 10:37:39 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: ann ($1 in chips)
Seat 2: bob ($2 in chips)
ann: posts small blind $0.01
bob: posts big blind $0.02
*** HOLE CARDS ***
ann: folds
Uncalled bet ($0.01) returned to bob
bob collected $0.02 from pot
*** SUMMARY ***
Total pot $0.02 | Rake $0
"""


@pytest.mark.parametrize("hands", [1000, 4000])
def test_replay_skipped_hands(benchmark, record_rate, tmp_path, hands):  # type: ignore[no-untyped-def]
    """The replay command on a file of skipped hands: linear in the hands (it once read
    the whole file again for each skipped hand). Compare the two hands/s figures: they
    are alike when the time is linear, 4,000 hands four times slower when it is
    quadratic."""
    path = tmp_path / "skipped.txt"
    path.write_text("\n\n".join(_SKIPPED.format(id=k) for k in range(1, hands + 1)))

    def run() -> int:
        with contextlib.redirect_stdout(io.StringIO()), \
                contextlib.redirect_stderr(io.StringIO()):
            return main(["replay", str(path)])
    assert benchmark.pedantic(run, rounds=5, iterations=1) in (0, 1)
    record_rate(hands, kind="skipped hands replayed")
