"""Card-room histories: reading PokerStars text, and verifying hands pot by pot.

Run with ``python -m pytest benches/bench_sites.py --benchmark-enable``; the figures are
hands per second = HANDS / median time. The text is written by ``dumps_pokerstars`` from
random hands of our table (all-ins and side pots included), so both benches see the same
hands: the reader alone, and the reader plus the verify replay.
"""

from __future__ import annotations

import random

from omaha_fast import PotLimit, Table
from omaha_fast.history.pokerstars import loads_pokerstars
from omaha_fast.history.pokerstars_writer import dumps_pokerstars_file
from omaha_fast.history.verify import verify

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
