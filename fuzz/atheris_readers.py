"""Coverage-guided fuzzing of the hand-history readers and the card parser with atheris
(optional: ``pip install atheris``; it is not part of the test suite).

    python fuzz/atheris_readers.py -max_total_time=600

The first byte of each input picks the reader (JSON, PHH, sniffed, cards); the rest is
the text. Every answer must be a result or one of the library's errors (an OmahaError
that is also a ValueError or TypeError, with a one-line message); anything else stops the
run with the input that caused it. Records that load are replayed and written back. A seed
corpus of hands from the engine is written to ``fuzz/corpus-readers`` on the first run.
"""

from __future__ import annotations

import sys
from pathlib import Path

import atheris

with atheris.instrument_imports():
    from omaha_fast import Table, parse_cards
    from omaha_fast.errors import OmahaError
    from omaha_fast.game import FixedLimit, NoLimit, PotLimit
    from omaha_fast.history import (
        HandRecord,
        dump_hand,
        dumps_json,
        dumps_phh,
        load_phh,
        loads,
        loads_json,
        replay,
    )

CORPUS = Path(__file__).resolve().parent / "corpus-readers"
READERS = (loads_json, load_phh, loads)


def ours(e: BaseException) -> bool:
    return isinstance(e, OmahaError) and isinstance(e, (ValueError, TypeError)) and \
        "\n" not in str(e)


def check(records: list[HandRecord]) -> None:
    for record in records:
        text = record.to_json()
        assert HandRecord.from_json(text).to_json() == text
        try:
            replayed = replay(record).replayed
        except Exception as e:
            if not ours(e):
                raise
            continue
        [again] = load_phh(dump_hand(record))
        assert replay(again).replayed == replayed


def one_input(data: bytes) -> None:
    if not data:
        return
    text = data[1:].decode("utf-8", errors="replace")
    choice = data[0] % 4
    try:
        if choice == 3:
            parse_cards(text)
            return
        check(READERS[choice](text, "fuzz"))
    except Exception as e:
        if not ours(e):
            raise


def seed_corpus() -> None:
    CORPUS.mkdir(exist_ok=True)
    if any(CORPUS.iterdir()):
        return
    settings = [dict(structure=FixedLimit(10, 20)),
                dict(structure=PotLimit(), blinds=(5, 10), big_blind_ante=10),
                dict(structure=NoLimit(), blinds=(5, 10), ante=1, game="high")]
    k = 0
    for setting in settings:
        table = Table(seats=4, stacks=[60, 200, 35, 500], seed=k, **setting)
        for _ in range(5):
            for seat, stack in table.stacks.items():
                if stack < 20:
                    table.add_chips(seat, 100)
            hand = table.start_hand()
            while not hand.finished:
                legal = hand.legal_actions()
                hand.act(legal.kinds[k % len(legal.kinds)],
                         legal.min_to if legal.kinds[k % len(legal.kinds)] in
                         ("bet", "raise_to") else None)
                k += 1
            for choice, text in enumerate((dumps_json([hand]), dumps_phh([hand]))):
                (CORPUS / f"seed{k}-{choice}").write_bytes(bytes([choice]) + text.encode())


if __name__ == "__main__":
    seed_corpus()
    atheris.Setup(sys.argv + [str(CORPUS)], one_input)
    atheris.Fuzz()
