"""Round trips: engine hands exported to JSON and to PHH, read back and replayed, give the
same actions, cards and stacks (1,000 random hands of each structure)."""

from __future__ import annotations

import random

import pytest

from omaha_fast import FixedLimit, NoLimit, PotLimit, Table
from omaha_fast.cards import format_cards
from omaha_fast.history import ReplayError, dumps_json, dumps_phh, loads, replay
from omaha_fast.history.phh import dump_hand
from omaha_fast.history.record import HandRecord
from omaha_fast.history.toml_subset import parse

HANDS = 1000
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


@pytest.mark.parametrize("name", sorted(STRUCTURES))
def test_json_and_phh_round_trips(name):
    hands = random_hands(name, HANDS, seed=len(name))
    from_json = loads(dumps_json(hands) + "\n")
    from_phh = loads(dumps_phh(hands))
    assert len(from_json) == len(from_phh) == HANDS
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


def test_phh_output_is_valid_toml_read_the_same_by_tomllib():
    tomllib = pytest.importorskip("tomllib")    # in the standard library from 3.11
    hands = random_hands("fixed-limit", 20, seed=9)
    text = dumps_phh(hands)
    ours = parse(text)
    ours.pop("")
    assert tomllib.loads(text) == {k: dict(v) for k, v in ours.items()}
    single = dump_hand(hands[0])
    assert tomllib.loads(single) == dict(parse(single)[""])


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
    river = f"'d db {format_cards(h.board[4:])}', "
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
