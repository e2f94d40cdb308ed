"""The card rooms' rule that a player may fold when he could check: off by default (the
engine refuses such a fold and changes nothing), on with ``allow_fold_when_check``, and
kept by every format we write (JSON, PHH, PokerStars)."""

from __future__ import annotations

import random

import pytest

from omaha_fast import FixedLimit, IllegalActionError, NoLimit, PotLimit, Table
from omaha_fast.errors import InvalidTypeError
from omaha_fast.game.rules import Rules
from omaha_fast.history import ReplayError, dumps_json, dumps_phh, loads, replay
from omaha_fast.history.pokerstars import loads_pokerstars
from omaha_fast.history.pokerstars_writer import dumps_pokerstars
from omaha_fast.history.record import HandRecord
from omaha_fast.history.verify import verify

STRUCTURES = [dict(structure=FixedLimit(10, 20)),
              dict(structure=PotLimit(), blinds=(5, 10)),
              dict(structure=NoLimit(), blinds=(5, 10), game="high")]


def limped_to_the_big_blind(allow: bool, **settings):
    """Heads-up, the button limps: the big blind has nothing to call."""
    t = Table(seats=2, stacks=[100, 100], seed=5, allow_fold_when_check=allow,
              **(settings or STRUCTURES[0]))
    h = t.start_hand()
    h.call()
    return h


def snapshot(h):
    return (h.finished, h.to_act, h.street, h.stacks, h.bets, h.pot, h.actions,
            h.folded, h.payouts, None if h.finished else h.legal_actions())


@pytest.mark.parametrize("settings", STRUCTURES, ids=lambda s: s["structure"].name)
def test_a_fold_with_nothing_to_call_is_refused_by_default(settings):
    h = limped_to_the_big_blind(False, **settings)
    legal = h.legal_actions()
    assert legal.to_call == 0 and legal.can_check and not legal.can_fold
    assert legal.kinds[0] == "check"
    before = snapshot(h)
    with pytest.raises(IllegalActionError, match="nothing to call; check instead"):
        h.fold()
    assert snapshot(h) == before           # an illegal action changes nothing
    h.check()                              # and the hand goes on as before
    assert h.street == "flop"


@pytest.mark.parametrize("settings", STRUCTURES, ids=lambda s: s["structure"].name)
def test_with_the_setting_the_fold_is_legal_and_ends_the_hand(settings):
    h = limped_to_the_big_blind(True, **settings)
    legal = h.legal_actions()
    assert legal.can_fold and legal.can_check and legal.kinds[:2] == ("fold", "check")
    assert legal.describe().startswith("fold, check")
    big_blind = legal.seat
    action = h.fold()
    assert action.verb == "fold" and action.added == 0
    assert h.finished and h.folded == (big_blind,)
    assert sum(h.stacks.values()) == 200              # no chip created or lost
    assert h.stacks[big_blind] == 100 - 10            # the big blind's bet stays in the pot


def test_facing_a_bet_nothing_changes():
    for allow in (False, True):
        t = Table(structure=FixedLimit(10, 20), seats=3, stacks=[100] * 3, seed=1,
                  allow_fold_when_check=allow)
        h = t.start_hand()
        legal = h.legal_actions()
        assert legal.to_call and legal.can_fold and not legal.can_check


def test_the_setting_is_checked_and_off_by_default():
    assert Rules(structure=FixedLimit(10, 20)).allow_fold_when_check is False
    with pytest.raises(InvalidTypeError, match="allow_fold_when_check"):
        Rules(structure=FixedLimit(10, 20), allow_fold_when_check=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match="allow_fold_when_check"):
        Table(structure=FixedLimit(10, 20), allow_fold_when_check="yes")  # type: ignore


def test_the_rl_action_mask_is_unchanged_by_default():
    from omaha_fast.env.actions import action_mask
    h = limped_to_the_big_blind(False)
    assert action_mask(h)[0] == 0                     # no free fold offered
    h = limped_to_the_big_blind(True)
    assert action_mask(h)[0] == 1


def free_fold_hands(count: int, seed: int) -> tuple[list, int]:
    """Random hands at tables that allow the free fold, and how often it was taken."""
    rng = random.Random(seed)
    hands = []
    taken = 0
    for k in range(count):
        settings = STRUCTURES[k % 3]
        n = rng.randint(2, 6)
        t = Table(seats=n, stacks=[rng.choice((40, 300)) for _ in range(n)],
                  seed=seed * 100 + k, allow_fold_when_check=True, **settings)
        h = t.start_hand()
        while not h.finished:
            legal = h.legal_actions()
            if legal.can_check and rng.random() < 0.3:
                h.fold()
                taken += 1
                continue
            kind = rng.choice(legal.kinds)
            h.act(kind, legal.min_to if kind in ("bet", "raise_to") else None)
        hands.append(h)
    return hands, taken


def test_json_phh_and_pokerstars_keep_the_setting():
    hands, taken = free_fold_hands(60, seed=3)
    assert taken >= 10                                 # free folds did occur
    from_json = loads(dumps_json(hands) + "\n")
    from_phh = loads(dumps_phh(hands))
    assert "_allow_fold_when_check = true" in dumps_phh(hands[:1])
    for k, (h, rj, rp) in enumerate(zip(hands, from_json, from_phh)):
        want = HandRecord.from_hand(h)
        assert want.allow_fold_when_check
        assert rj == want and rp.allow_fold_when_check
        assert replay(rj).agrees and replay(rp).agrees
        [rs] = loads_pokerstars(dumps_pokerstars(h, hand_id=k + 1))
        assert rs.allow_fold_when_check and rs.actions == want.actions
        assert verify(rs).result == "agree"


def test_a_record_without_the_setting_refuses_the_free_fold():
    h = limped_to_the_big_blind(True)
    h.fold()
    record = HandRecord.from_hand(h)
    assert replay(record).agrees
    record.allow_fold_when_check = False
    with pytest.raises(ReplayError, match="nothing to call"):
        replay(record)
    assert "allow_fold_when_check" not in HandRecord.from_hand(
        limped_to_the_big_blind(False)).to_dict()        # default JSON is unchanged
