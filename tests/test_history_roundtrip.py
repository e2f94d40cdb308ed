"""Round trips: engine hands exported to JSON and to PHH, read back and replayed, give the
same actions, cards and stacks: 300 random hands of each structure and 200 on random tables
in the default run (times ``OMAHA_FAST_TEST_SCALE``, see conftest.py), the full 1,000 and
600 under ``-m slow``."""

from __future__ import annotations

import os
import random
from fractions import Fraction

import pytest
from conftest import sizes
from history_hands import random_hands as random_hands_anywhere

from omaha_fast import FixedLimit, NoLimit, PotLimit, Rake, Table
from omaha_fast.cards import format_cards
from omaha_fast.history import ReplayError, dumps_json, dumps_phh, loads, replay
from omaha_fast.history.phh import dump_hand
from omaha_fast.history.record import HandRecord

STRUCTURES = {
    "fixed-limit": dict(structure=FixedLimit(10, 20)),
    "pot-limit": dict(structure=PotLimit(), blinds=(5, 10), big_blind_ante=10),
    "no-limit": dict(structure=NoLimit(), blinds=(5, 10), ante=1, game="high"),
}


def random_hands(name, count, seed):
    rng = random.Random(seed)
    hands = []
    k = 0
    while len(hands) < count:
        n = rng.randint(2, 10)
        t = Table(seats=n, stacks=[rng.choice((60, 300, 1000)) for _ in range(n)],
                  seed=seed * 1000 + k, **STRUCTURES[name])
        k += 1
        for _ in range(25):
            h = t.start_hand()
            while not h.finished:
                la = h.legal_actions()
                kind = rng.choice(la.kinds)
                if kind in ("bet", "raise_to"):
                    h.act(kind, rng.choice((la.min_to, la.max_to)))
                else:
                    h.act(kind)
            hands.append(h)
            for seat, stack in t.stacks.items():
                if stack < 30:
                    t.add_chips(seat, 300)
    return hands[:count]


def same_hand(a, b):
    assert a.actions == b.actions
    assert a.stacks == b.stacks and a.starting_stacks == b.starting_stacks
    assert a.board == b.board and a.button == b.button and a.seats == b.seats
    assert a.payouts == b.payouts and a.shown == b.shown and a.mucked == b.mucked
    assert [a.hole(s) for s in a.seats] == [b.hole(s) for s in b.seats]
    assert a.posts == b.posts and a.burns == b.burns


@pytest.mark.parametrize("count", sizes(300, 1000))
@pytest.mark.parametrize("name", sorted(STRUCTURES))
def test_json_and_phh_round_trips(name, count):
    hands = random_hands(name, count, seed=len(name))
    from_json = loads(dumps_json(hands) + "\n")
    from_phh = loads(dumps_phh(hands))
    assert len(from_json) == len(from_phh) == count
    for h, rj, rp in zip(hands, from_json, from_phh):
        assert rj.final_stacks == HandRecord.from_hand(h).final_stacks
        for record in (rj, rp):
            result = replay(record)
            assert result.agrees
            same_hand(h, result.hand)
        assert HandRecord.from_json(rj.to_json()) == rj


def test_replayed_json_record_is_identical():
    hand = random_hands("no-limit", 1, seed=3)[0]
    record = HandRecord.from_hand(hand)
    again = HandRecord.from_hand(replay(HandRecord.from_json(record.to_json())).hand)
    assert again.to_dict() == record.to_dict()


def test_an_all_in_runout_needs_every_board_card_in_the_record():
    t = Table(structure=NoLimit(), blinds=(5, 10), seats=2, stacks=[100, 100], seed=7)
    h = t.start_hand()
    h.all_in()
    h.call()
    assert len(h.board) == 5 and h.street == "over"
    record = HandRecord.from_hand(h)
    assert replay(record).agrees
    record.board = record.board[:6]              # the flop only
    with pytest.raises(ReplayError, match="showdown but the record's board has only 3 cards "
                                          ".*: the turn and river cards are missing"):
        replay(record)
    text = dump_hand(h)
    river = f'"d db {format_cards(h.board[4:])}", '
    assert text.count(river) == 1
    [short] = loads(text.replace(river, ""))
    with pytest.raises(ReplayError, match="only 4 cards .*: the river card is missing"):
        replay(short)


def test_records_that_end_before_the_board_is_complete_still_replay():
    t = Table(structure=FixedLimit(10, 20), seats=3, stacks=[100] * 3, seed=7)
    h = t.start_hand()
    h.call(), h.call(), h.check()
    h.bet(10), h.fold(), h.fold()               # folded out on the flop
    record = HandRecord.from_hand(h)
    assert len(record.board) == 6 and replay(record).agrees
    [again] = loads(dump_hand(h))
    assert again.board == record.board and replay(again).agrees
    h = t.start_hand()
    h.fold(), h.fold()                          # folded out preflop: no board at all
    record = HandRecord.from_hand(h)
    assert record.board == "" and replay(record).agrees


def test_engine_imports_no_file_format():
    """The engine sits below the histories: no module of game/ imports history/."""
    import ast
    from pathlib import Path

    import omaha_fast.game
    for path in Path(omaha_fast.game.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                names = [f"{'.' * node.level}{node.module or ''}"]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            for name in names:
                assert "history" not in name, f"{path.name} imports {name}"


# ------------------------------------------------- every table setting, JSON and PHH alike
def replays_exactly(hand):
    """The hand replays from its JSON and from its PHH to the very same hand; returns the
    two replayed hands."""
    replayed = []
    for text in (dumps_json([hand]), dumps_phh([hand])):
        [record] = loads(text)
        result = replay(record)
        assert result.agrees, text
        same_hand(hand, result.hand)
        assert result.hand.awards == hand.awards and result.hand.rake == hand.rake
        for name in ("game", "blinds", "chip", "odd_chips", "rake", "min_bet"):
            assert getattr(result.hand.rules, name) == getattr(hand.rules, name), text
        structure = hand.rules.structure    # PotLimit() and PotLimit(min_bet=big) are alike
        assert result.hand.rules.structure == structure or type(
            result.hand.rules.structure) is type(structure) and structure.min_bet is None
        replayed.append(result.hand)
    return replayed


def test_rake_percent_as_a_fraction_reads_back_exactly():
    t = Table(structure=NoLimit(), blinds=(5, 10), seats=3, stacks=[500] * 3, seed=2,
              rake=Rake(percent=Fraction(10, 3), cap=None, no_flop_no_drop=False))
    h = t.start_hand()
    h.call(), h.call(), h.check()
    while not h.finished:
        h.check()
    record = HandRecord.from_hand(h)
    assert '"percent": "10/3"' in record.to_json()
    assert HandRecord.from_json(record.to_json()).make_rules().rake == t.rules.rake
    assert h.rake == 1                                    # 10/3 % of 30 rounds down to 1
    from_json, from_phh = replays_exactly(h)
    for again in (from_json, from_phh):
        assert again.rake == 1 and again.rules.rake.percent == Fraction(10, 3)


@pytest.mark.parametrize("settings", [
    dict(structure=FixedLimit(10, 20, cap=2)),
    dict(structure=FixedLimit(10, 20, cap=3, uncap_heads_up=True)),
    dict(structure=NoLimit(), blinds=(5, 10), rake=Rake(percent=5, cap=2)),
    dict(structure=PotLimit(min_bet=20), blinds=(5, 10), rake=Rake(percent=2.5)),
    dict(structure=PotLimit(), blinds=(5, 10), big_blind_ante=10),
    dict(structure=NoLimit(), blinds=(10, 10), ante=5, odd_chips="first_shown"),
    dict(structure=FixedLimit(10, 20), chip=5),
])
def test_every_setting_replays_from_phh_as_from_json(settings):
    rng = random.Random(5)
    for k in range(40):
        t = Table(seats=3, stacks=[rng.choice((5, 10, 15, 200)) for _ in range(3)],
                  seed=k, **settings)
        h = t.start_hand()
        while not h.finished:
            la = h.legal_actions()
            kind = rng.choice(la.kinds)
            h.act(kind, la.max_to if kind in ("bet", "raise_to") else None)
        replays_exactly(h)


def test_a_short_big_blind_is_written_as_the_blind():
    """The big blind all-in for less still sets the bet to call: others may raise."""
    for short, ante in ((8, 0), (14, 10)):
        t = Table(structure=NoLimit(), blinds=(5, 10), seats=3, stacks=[short, 500, 500],
                  button=1, seed=1, big_blind_ante=ante)
        h = t.start_hand()                  # seat 2 posts the small blind, seat 0 the big
        assert h.posts[-1].seat == 0 and h.posts[-1].amount < 10 and h.to_act == 1
        h.raise_to(30)                      # a full raise over the 10 the big blind owed
        h.call()
        while not h.finished:
            h.check()
        assert "blinds_or_straddles = [5, 10, 0]" in dumps_phh([h])   # small, big, button
        replays_exactly(h)


def test_dead_blinds_and_returning_players_replay_from_phh():
    t = Table(structure=FixedLimit(10, 20), seats=4, stacks=[200] * 4, seed=3)
    for k in range(12):
        if k == 1:
            t.sit_out(3)
        if k == 6:
            t.come_back(3)
        h = t.start_hand()
        while not h.finished:
            h.call() if h.legal_actions().to_call else h.check()
        replays_exactly(h)
        if k == 6:
            assert {p.kind for p in h.posts} == {"blind", "dead"}
            assert "_dead_blinds" in dumps_phh([h])


@pytest.mark.parametrize("count", sizes(200, 600))
def test_random_tables_round_trip(count):
    """Random settings (every structure, rake, caps, antes, big-blind ante, chip units,
    odd-chip rules, short stacks, sit-outs and returns): every hand replays from JSON and
    from PHH to the same hand. OMAHA_FAST_ROUND_TRIPS sets another count."""
    count = int(os.environ.get("OMAHA_FAST_ROUND_TRIPS", count))
    for hand in random_hands_anywhere(seed=14, count=count):
        replays_exactly(hand)
