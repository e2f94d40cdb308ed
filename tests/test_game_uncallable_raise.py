"""PokerStars lets a player raise when no opponent can put in more than the bet already
made (the raise comes back as an uncalled bet). Off by default: the engine refuses such
a raise and changes nothing; on with ``allow_uncallable_raise``, and kept by JSON, PHH and
the PokerStars writer."""

from __future__ import annotations

import pytest

from omaha_fast import IllegalActionError, NoLimit, PotLimit, Table
from omaha_fast.errors import InvalidTypeError
from omaha_fast.history import dumps_json, dumps_phh, loads, replay
from omaha_fast.history.pokerstars import loads_pokerstars
from omaha_fast.history.pokerstars_writer import dumps_pokerstars
from omaha_fast.history.record import HandRecord
from omaha_fast.history.verify import verify


def facing_a_short_all_in(allow: bool, structure=None):
    """The button (100 chips) faces the first player's all-in to 35; the blinds still to
    act hold 30 and 20 chips: none of them can meet a raise."""
    t = Table(structure=structure or NoLimit(), blinds=(5, 10), seats=4,
              stacks=[100, 30, 20, 35], seed=2, allow_uncallable_raise=allow)
    h = t.start_hand()
    h.all_in()          # the first player goes all-in to 35
    return h


def snapshot(h):
    return (h.finished, h.to_act, h.street, h.stacks, h.bets, h.pot, h.actions,
            h.legal_actions())


def test_a_raise_nobody_can_meet_is_refused_by_default():
    h = facing_a_short_all_in(False)
    legal = h.legal_actions()
    assert legal.seat == 0 and not legal.can_raise and legal.call == 35
    assert not legal.all_in_to
    before = snapshot(h)
    with pytest.raises(IllegalActionError, match="no other player has chips to meet a raise"):
        h.raise_to(100)
    assert snapshot(h) == before                            # an illegal action changes nothing


@pytest.mark.parametrize("structure", [NoLimit(), PotLimit()], ids=["no-limit", "pot-limit"])
def test_with_the_setting_the_raise_is_legal_and_comes_back(structure):
    h = facing_a_short_all_in(True, structure)
    legal = h.legal_actions()
    assert legal.can_raise and legal.min_to == 60 and legal.all_in_to == 100
    h.all_in()                                              # raises to 100
    h.fold()
    h.fold()
    assert h.finished
    assert h.uncalled_returns == ((0, 65),)                 # nobody could meet 35..100
    assert sum(h.stacks.values()) == 185


def test_the_setting_is_checked():
    with pytest.raises(InvalidTypeError, match="allow_uncallable_raise"):
        Table(structure=NoLimit(), blinds=(5, 10), allow_uncallable_raise=None)  # type: ignore


def test_json_phh_and_pokerstars_keep_the_setting():
    h = facing_a_short_all_in(True)
    h.all_in()
    h.call()
    h.fold()
    want = HandRecord.from_hand(h)
    assert want.allow_uncallable_raise and want.to_dict()["allow_uncallable_raise"] is True
    [from_json] = loads(dumps_json([h]) + "\n")
    [from_phh] = loads(dumps_phh([h]))
    assert "_allow_uncallable_raise = true" in dumps_phh([h])
    assert from_json == want and from_phh.allow_uncallable_raise
    assert replay(from_json).agrees and replay(from_phh).agrees
    [from_stars] = loads_pokerstars(dumps_pokerstars(h, hand_id=7))
    assert from_stars.allow_uncallable_raise and verify(from_stars).result == "agree"
    from_json.allow_uncallable_raise = False
    with pytest.raises(ValueError, match="the record goes all-in to 100 but an all-in goes "
                                         "to nothing"):
        replay(from_json)
