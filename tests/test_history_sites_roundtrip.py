"""Hands from our table written as PokerStars histories read back to the same record and
verify pot by pot against the engine."""

from __future__ import annotations

import pytest
from site_hands import STRUCTURES, random_hands

from omaha_fast.history.pokerstars import loads_pokerstars
from omaha_fast.history.pokerstars_writer import dumps_pokerstars, dumps_pokerstars_file
from omaha_fast.history.record import HandRecord
from omaha_fast.history.verify import verify

# every field the text carries (the rake is checked by the replay: a history states the
# chips taken, not the house's percentage)
FIELDS = ("game", "structure", "blinds", "table_size", "button", "stacks", "posts", "holes",
          "board", "actions", "final_stacks", "small_bet", "big_bet", "cap",
          "uncap_heads_up", "min_bet", "chip", "big_blind")


def check_round_trip(structure: str, count: int, seed: int) -> dict[str, int]:
    seen = {"side pots": 0, "all-in": 0, "low halves": 0, "raked": 0}
    for k, hand in enumerate(random_hands(structure, count, seed)):
        text = dumps_pokerstars(hand, hand_id=k + 1)
        [record] = loads_pokerstars(text, "written")
        want = HandRecord.from_hand(hand)
        for name in FIELDS:
            assert getattr(record, name) == getattr(want, name), (name, text)
        verdict = verify(record)
        assert verdict.result == "agree", (verdict.differences, text)
        seen["side pots"] += len(hand.awards) > 1
        seen["all-in"] += any(a.all_in for a in hand.actions)
        seen["low halves"] += any(a.low_winners for a in hand.awards)
        seen["raked"] += hand.rake > 0
    return seen


@pytest.mark.parametrize("structure", sorted(STRUCTURES))
def test_written_hands_read_back_to_the_same_record(structure):
    seen = check_round_trip(structure, 250, seed=11)
    assert all(n >= 5 for n in seen.values()), seen    # the hard cases did occur


@pytest.mark.slow
@pytest.mark.parametrize("structure", sorted(STRUCTURES))
def test_a_thousand_written_hands_per_structure_read_back(structure):
    check_round_trip(structure, 1000, seed=12)


def test_a_file_of_written_hands_reads_back_hand_by_hand():
    hands = list(random_hands("pot-limit", 20, seed=3))
    text = dumps_pokerstars_file(hands)
    records = loads_pokerstars(text.replace("\n", "\r\n"), "file")
    assert [r.id for r in records] == [str(k) for k in range(1, 21)]
    assert [r.final_stacks for r in records] == [HandRecord.from_hand(h).final_stacks
                                                 for h in hands]


def test_an_unfinished_hand_is_not_written():
    from omaha_fast import FixedLimit, Table
    hand = Table(structure=FixedLimit(10, 20), seats=2, stacks=[100, 100]).start_hand()
    with pytest.raises(ValueError, match="finished"):
        dumps_pokerstars(hand)


def check_any_table(count: int, seed: int) -> None:
    """Hands from tables with every setting (chip units, caps, odd-chip rules, minimum
    bets, antes, players sitting out and coming back with dead blinds) read back to the
    same record, the settings a PokerStars history has no place for kept in its table
    name."""
    from history_hands import random_hands as any_table_hands
    for k, hand in enumerate(any_table_hands(seed=seed, count=count)):
        text = dumps_pokerstars(hand, hand_id=k + 1)
        [record] = loads_pokerstars(text, "written")
        want = HandRecord.from_hand(hand)
        for name in FIELDS + ("odd_chips",):
            assert getattr(record, name) == getattr(want, name), (name, text)
        verdict = verify(record)
        assert verdict.result == "agree", (verdict.differences, text)


def test_hands_from_tables_with_any_settings_read_back():
    check_any_table(200, seed=5)


@pytest.mark.slow
def test_a_thousand_hands_from_tables_with_any_settings_read_back():
    check_any_table(1000, seed=6)
