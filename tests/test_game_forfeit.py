"""Hand.forfeit: a player put all-in by his blind or ante gives up the pot (card rooms
fold a sitting-out player so); the replay and every format keep it."""

from __future__ import annotations

import pytest

from omaha_fast import IllegalActionError, NoLimit, Table
from omaha_fast.history import dumps_json, dumps_phh, loads, replay
from omaha_fast.history.pokerstars import loads_pokerstars
from omaha_fast.history.pokerstars_writer import dumps_pokerstars
from omaha_fast.history.record import HandRecord, RecordError
from omaha_fast.history.verify import verify


def short_big_blind():
    """Three players; the big blind's 8 chips go in on the post: he is all-in."""
    t = Table(structure=NoLimit(), blinds=(5, 10), seats=3, stacks=[100, 100, 8])
    return t.start_hand(seed=4)


def snapshot(h):
    return (h.finished, h.to_act, h.stacks, h.pot, h.folded, h.forfeits, h.actions)


def test_only_a_player_all_in_on_his_posts_forfeits_and_a_refusal_changes_nothing():
    h = short_big_blind()
    before = snapshot(h)
    for seat in (0, 1):                         # not all-in
        with pytest.raises(IllegalActionError, match="only a player put all-in"):
            h.forfeit(seat)
    assert snapshot(h) == before
    h.call()
    with pytest.raises(IllegalActionError, match="before anyone acts"):
        h.forfeit(2)                            # too late: someone acted
    with pytest.raises(ValueError, match="not dealt"):
        h.forfeit(7)


def test_a_forfeit_leaves_the_chips_in_the_pot_and_the_player_out_of_it():
    h = short_big_blind()
    h.forfeit(2)
    assert h.folded == (2,) and h.forfeits == (2,)
    h.call()                                    # the button
    h.fold()                                    # the small blind: the button wins alone
    assert h.finished and h.stacks == {0: 113, 1: 95, 2: 0}
    assert sum(h.stacks.values()) == 208


def test_heads_up_a_forfeit_ends_the_hand():
    t = Table(structure=NoLimit(), blinds=(5, 10), seats=2, stacks=[100, 6])
    h = t.start_hand(seed=1)
    all_in = next(s for s in h.seats if h.stacks[s] == 0)
    h.forfeit(all_in)
    assert h.finished and sum(h.stacks.values()) == 106
    assert h.stacks[all_in] == 0 and not h.uncalled_returns  # his unmatched chip stays in


def test_every_format_keeps_a_forfeit():
    h = short_big_blind()
    h.forfeit(2)
    h.call()
    h.call()
    while not h.finished:
        h.check()
    want = HandRecord.from_hand(h)
    assert want.extra["forfeits"] == [2]
    [from_json] = loads(dumps_json([h]) + "\n")
    [from_phh] = loads(dumps_phh([h]))
    for record in (from_json, from_phh):
        assert record.extra["forfeits"] == [2]
        result = replay(record)
        assert result.agrees and result.hand.forfeits == (2,)
    text = dumps_pokerstars(h, hand_id=5)
    assert "*** HOLE CARDS ***" in text and "\nPlayer3: folds\n" in text
    [from_stars] = loads_pokerstars(text)
    assert from_stars.extra["forfeits"] == [2] and verify(from_stars).result == "agree"
    bad = HandRecord.from_json(want.to_json())
    bad.extra["forfeits"] = [0]                 # seat 0 was never all-in
    with pytest.raises(RecordError, match="cannot forfeit"):
        replay(bad)
    bad.extra["forfeits"] = [9]
    with pytest.raises(RecordError, match="forfeits must be a list of seats in the hand"):
        bad.validate()
