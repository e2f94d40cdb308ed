"""Reading PHH and JSON: good files load, malformed ones give errors that name the line."""

from __future__ import annotations

import contextlib
import datetime
import json
import random

import pytest

from omaha_fast.history import (
    PHHError,
    RecordError,
    ReplayError,
    dump_hand,
    load,
    load_phh,
    loads_json,
    replay,
)

GOOD = """\
# one hand, top-level keys
variant = 'FO/8'
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
small_bet = 10
big_bet = 20
starting_stacks = [100, 100, 100]
actions = [
  'd dh p1 AsKs2h3h', 'd dh p2 QdQc7d6d', 'd dh p3 ????????',
  'p3 f', 'p1 cc', 'p2 cc',          # limp
  'd db Ah7s4c', 'p1 cbr 10', 'p2 cc',
  'd db 2d', 'p1 cc', 'p2 cc',
  'd db Kh', 'p1 cc', 'p2 cc',
  'p1 sm AsKs2h3h', 'p2 sm',
]
finishing_stacks = [120, 80, 100]
"""


def phh_with(**changes):
    lines = []
    for line in GOOD.splitlines():
        key = line.split(" = ")[0]
        if key in changes:
            if changes[key] is not None:
                lines.append(f"{key} = {changes[key]}")
            continue
        lines.append(line)
    return "\n".join(lines) + "\n"


def test_good_single_hand_file_replays():
    [record] = load_phh(GOOD, "good.phh")
    assert record.holes == ["AsKs2h3h", "QdQc7d6d", None]
    assert record.board == "Ah7s4c2dKh" and record.button == 2
    result = replay(record)
    assert result.agrees and result.replayed == [120, 80, 100]
    assert not result.hand.hole_known(2)


def test_phhs_tables_and_files_on_disk(tmp_path):
    body = GOOD.split("\n", 1)[1]
    text = "[1]\n" + body + "\n[2]\n" + body
    path = tmp_path / "two.phhs"
    path.write_text(text)
    records = load(path)
    assert [r.id for r in records] == ["1", "2"]
    assert all(replay(r).agrees for r in records)


@pytest.mark.parametrize("text, message", [
    (phh_with(variant="'NT'"), "line 2: unsupported variant 'NT'"),
    (phh_with(starting_stacks=None), "missing field 'starting_stacks'"),
    (phh_with(antes="[0, 0]"), "line 3: antes must list 3 chip amounts"),
    (phh_with(small_bet=None), "FO/8 needs small_bet"),
    (phh_with(variant="'FO/8"), "line 2: not valid TOML: "),
    (phh_with(big_bet="twenty"), "line 6: not valid TOML: Invalid value"),
    (phh_with(big_bet="-20"), "line 6: big_bet must be >= 1, got -20"),
    (phh_with(big_bet="20.5"), "line 6: big_bet must be a whole number of chips, got 20.5"),
    (GOOD.replace("'d dh p2 QdQc7d6d'", "'d dh p2 QdQc7d'"),
     "line 8: action 1 'd dh p2 QdQc7d': hole needs 4 cards"),
    (GOOD.replace("'d dh p2 QdQc7d6d'", "'d dh p9 QdQc7d6d'"), "no player 'p9'"),
    (GOOD.replace("'p1 sm AsKs2h3h'", "'p1 sm AsKs2h4h'"), "shows AsKs2h4h but was dealt"),
    (GOOD.replace("'p3 f'", "'p3 sd AsKs'"), "not an Omaha action"),
    (GOOD.replace("'d db Kh'", "'d db KhQh'"), "board cards needs 1 or 3 cards"),
    ("", "no hand found"),
])
def test_malformed_phh_names_the_problem(text, message):
    with pytest.raises(PHHError, match=message.replace("(", "\\(")):
        load_phh(text, "bad.phh")


def test_duplicate_cards_are_refused_with_the_line():
    text = GOOD.replace("'d db Ah7s4c'", "'d db As7s4c'")
    [record] = load_phh(text, "dup.phh")
    with pytest.raises(ReplayError) as e:
        replay(record)
    assert "dup.phh line 8" in str(e.value) and "duplicate card As" in str(e.value)


def test_impossible_action_is_refused_with_the_engine_reason():
    text = GOOD.replace("'p1 cbr 10'", "'p1 cbr 15'")
    [record] = load_phh(text, "bad.phh")
    with pytest.raises(ReplayError) as e:
        replay(record)
    message = str(e.value)
    assert message.startswith("bad.phh line 8: ")
    assert "action 7" in message and "bet 15" in message and "exactly 10" in message


def test_out_of_turn_and_early_end_are_refused():
    [record] = load_phh(GOOD.replace("'p3 f', 'p1 cc'", "'p1 cc', 'p3 f'"), "x.phh")
    with pytest.raises(ReplayError, match="seat 0 acts out of turn: seat 2 is to act"):
        replay(record)
    [record] = load_phh(GOOD.replace("'p1 sm AsKs2h3h', 'p2 sm',", "").replace(
        "'d db Kh', 'p1 cc', 'p2 cc',", ""), "x.phh")
    with pytest.raises(ReplayError, match="ends before the hand is over"):
        replay(record)


def test_malformed_json_names_the_line():
    with pytest.raises(RecordError, match="bad.jsonl line 1: invalid JSON"):
        loads_json('{oops\n{"game": "hilo"}\n', "bad.jsonl")
    with pytest.raises(RecordError, match="missing field\\(s\\): structure, blinds"):
        loads_json('{"game": "hilo"}\n', "bad.json")


def test_stacks_and_posts_must_be_whole_chips_of_the_record():
    [record] = load_phh(GOOD + "_chip = 5\n", "five.phh")
    assert replay(record).agrees                 # every amount is a multiple of 5
    [record] = load_phh(phh_with(starting_stacks="[100, 100, 103]") + "_chip = 5\n",
                        "odd.phh")
    with pytest.raises(ReplayError, match="odd.phh.*seat 2's stack \\(103\\) is not a "
                                          "multiple of the chip unit 5"):
        replay(record)
    [record] = load_phh(GOOD, "x.phh")
    record.posts[0][2] = -5
    with pytest.raises(RecordError, match="posts\\[0\\] amount must be >= 0, got -5"):
        replay(record)


# ---------------------------------------------------------------- the standard TOML reader
@contextlib.contextmanager
def pokerkit_deals_from(seed):
    """pokerkit shuffles with the random module's own generator: seeded for the block
    (and given back as it was after), so that its deals, and the checks on them, are the
    same every run."""
    outside = random.getstate()
    random.seed(seed)
    try:
        yield
    finally:
        random.setstate(outside)


def pokerkit_histories(variant, count, seed):
    """``count`` random hands played by pokerkit itself, as its HandHistory objects, with
    the metadata its writer emits (time, date, players, a user field)."""
    pokerkit = pytest.importorskip("pokerkit")
    a = pokerkit.Automation
    automations = (a.ANTE_POSTING, a.BET_COLLECTION, a.BLIND_OR_STRADDLE_POSTING,
                   a.CARD_BURNING, a.HOLE_DEALING, a.BOARD_DEALING,
                   a.HOLE_CARDS_SHOWING_OR_MUCKING, a.HAND_KILLING, a.CHIPS_PUSHING,
                   a.CHIPS_PULLING)
    rng = random.Random(seed)
    out = []
    for k in range(count):
        n = rng.randint(2, 6)
        if variant == "PO":
            game = pokerkit.PotLimitOmahaHoldem(automations, True, 0, (1, 2), 2)
        else:
            game = pokerkit.FixedLimitOmahaHoldemHighLowSplitEightOrBetter(
                automations, True, 0, (4, 8), 8, 16)   # even halves: no odd chips
        # fixed limit: deep stacks and at most three raises a street, as pokerkit plays
        # fixed-limit Omaha's all-ins and cap by pot-limit rules
        stacks = (30, 200, 500) if variant == "PO" else (800, 2000)
        with pokerkit_deals_from(rng.getrandbits(64)):
            state = game([rng.choice(stacks) for _ in range(n)], n)
            raises: dict = {}
            while state.status:
                street = state.street_index
                if state.can_complete_bet_or_raise_to() and rng.random() < 0.3 and \
                        raises.get(street, 0) < 3:
                    raises[street] = raises.get(street, 0) + 1
                    state.complete_bet_or_raise_to(
                        state.min_completion_betting_or_raising_to_amount)
                elif state.can_fold() and rng.random() < 0.15:
                    state.fold()
                else:
                    state.check_or_call()
        history = pokerkit.HandHistory.from_game_state(game, state)
        history.time = datetime.time(20, 53, k % 60)
        history.day, history.month, history.year = 30, 11, 2026
        history.players = [f"Player {p}" for p in range(n)]
        history.players[0] = "Ann O'Hara"      # pokerkit writes it '''Ann O'Hara'''
        history.finishing_stacks = list(state.stacks)
        history.user_defined_fields["_id"] = f"pk-{variant}-{k}"
        out.append(history)
    return out


# Seeded deals, since pokerkit and the rule book part on one rare case: a pot tied three
# or more ways with two or more odd chips left, pokerkit gives them all to the first
# winner left of the button, the rule book one each (RULES.md). Unseeded, this check
# failed on it in CI, and in 1 of 254 tries here (a 32-chip pot tied 3 ways: 502/200/200
# by pokerkit, 501/201/200 by the rule book).
@pytest.mark.parametrize("variant", ["PO", "FO/8"])
def test_phh_written_by_pokerkit_loads_and_replays(variant):
    histories = pokerkit_histories(variant, 30, seed=len(variant))
    import pokerkit
    text = pokerkit.HandHistory.dumps_all(histories)
    assert "time = 20:53:00" in text and "'''Ann O'Hara'''" in text
    records = load_phh(text, "pokerkit.phhs")
    assert [r.id for r in records] == [f"pk-{variant}-{k}" for k in range(30)]
    for history, record in zip(histories, records):
        assert record.players[record.button] == history.players[-1]
        assert record.extra["year"] == 2026 and str(record.extra["time"])[:5] == "20:53"
        result = replay(record)
        assert result.agrees, (record.id, result.recorded, result.replayed)
        # every field survives a trip through our JSON and our PHH
        [again] = loads_json(record.to_json())
        assert again.extra["time"] == history.time.isoformat()
        [phh_again] = load_phh(dump_hand(record))
        assert phh_again.extra["time"] == history.time and phh_again.players == record.players
        assert replay(phh_again).replayed == result.replayed
    single = histories[0].dumps()          # a .phh file: one hand at the top level
    [record] = load_phh(single)
    assert replay(record).agrees


def test_standard_toml_dates_dotted_keys_and_user_fields():
    text = GOOD + ('date = 2026-11-30\nstarted = 2026-11-30T20:53:00Z\nseat_count = 3\n'
                   '_venue.city = "Montréal"\n_venue.tables = [1, 2]\n"_odd key" = \'\'\'x\'\'\'\n')
    [record] = load_phh(text, "x.phh")
    assert str(record.extra["date"]) == "2026-11-30"
    assert record.extra["venue"] == {"city": "Montréal", "tables": [1, 2]}
    assert record.extra["odd key"] == "x"
    assert replay(record).agrees
    data = json.loads(record.to_json())     # dates and times become ISO text in JSON
    assert data["date"] == "2026-11-30" and data["started"] == "2026-11-30T20:53:00+00:00"
    [again] = load_phh(dump_hand(record), "again.phh")
    assert again.extra == record.extra and again.holes == record.holes


@pytest.mark.parametrize("text, message", [
    (GOOD + "_table_size = 11\n", "line 17: _table_size must be a table size 3..10, got 11"),
    (GOOD + "_seats = [0, 0, 1]\n", "line 17: _seats must name 3 different seats"),
    (GOOD + "_button = 'two'\n", "line 17: _button must be a seat number 0..2, got 'two'"),
    (GOOD + "_cap = 0\n", "line 17: _cap must be a number of bets 1..1000, got 0"),
    (GOOD + "_rake = {percent = 'lots'}\n", "line 17: rake percent must be a number"),
    (GOOD + "_odd_chips = 'random'\n", "line 17: _odd_chips must be one of"),
    (GOOD + "players = ['a', 'b']\n", "line 17: players must list 3 names"),
    (GOOD + "_dead_blinds = [1, 0, 0]\n", "line 17: _dead_blinds must be part of"),
    (phh_with(antes="5"), "line 3: antes must list 3 chip amounts, one per player, got 5"),
    (phh_with(starting_stacks="[100, 100, 1e400]"), "line 7: starting_stacks: player 3's"),
    (phh_with(small_bet="99999999999999999999999"), "line 5: small_bet is too large"),
    (phh_with(antes="[[[[[[" * 400 + "]]]]]]" * 400), "nested too deeply"),
    ("[1]\nvariant = 'PO'\n[2]\nx = 1\n", "line 1: \\[1\\] missing field 'starting_stacks'"),
    (GOOD.replace("variant = 'FO/8'\n", ""), "line 2: antes = ... is outside any hand"),
    ("x = 1\n", "line 1: x = ... is outside any hand"),
])
def test_every_field_is_checked_and_named_with_its_line(text, message):
    with pytest.raises(PHHError, match=message) as e:
        load_phh(text, "bad.phh")
    assert isinstance(e.value, ValueError) and "\n" not in str(e.value)


def test_writer_escapes_every_string():
    names = ['quote " and \'', "back\\slash", "new\nline\ttab", "ünï 🂡", "", "'''"]
    [record] = load_phh(GOOD)
    record.id = "id with \"quotes\", 'apostrophes' and \\ \n"
    record.players = names[:3]
    text = dump_hand(record)
    [again] = load_phh(text)
    assert again.id == record.id and again.players == record.players
    record.players = names[3:]
    [again] = load_phh(dump_hand(record))
    assert again.players == ["ünï 🂡", None, "'''"]     # '' is an unknown name


def test_a_record_must_deal_each_street_before_its_betting():
    [record] = load_phh(GOOD, "x.phh")
    record.actions.remove(["turn"])
    with pytest.raises(ReplayError, match="the turn betting has started but the record does "
                                          "not deal the turn"):
        replay(record)


WSOP_LIKE = {"id": "h1", "game": "hilo", "structure": "fixed-limit", "small_bet": 10,
             "big_bet": 20, "blinds": [5, 10], "blind_posts": [5, 10, 0],
             "antes": {"kind": "none", "amount": 0}, "seats": 3, "button": 2,
             "stacks": [100, 100, 100], "holes": ["AsKs2h3h", "QdQc7d6d", None],
             "board": "", "actions": [[2, "fold", None], [0, "fold", None]],
             "final_stacks": [95, 105, 100]}


@pytest.mark.parametrize("changes, message", [
    ({"big_blind": 7}, "h1: big_blind must be a seat number 0..2, got 7"),
    ({"button": "2"}, "h1: button must be a seat number 0..2, got '2'"),
    ({"antes": 5}, "h1: antes must be an object with a kind, got 5"),
    ({"blind_posts": [5, 10]}, "h1: blind_posts must be a list of 3 chip amounts"),
    ({"seats": 10 ** 30}, "h1: seats must be a table size 2..10"),
    ({"seats": 2.5}, "h1: seats must be a table size 2..10, got 2.5"),
    ({"actions": [[[[[]]]]]}, "h1: actions\\[0\\] must be a street marker"),
    ({"holes": "AsKs2h3h"}, "h1: holes must be a list of 3 entries"),
    ({"rake": {"percent": "1/0"}}, "h1: rake rake percent must be a number"),
    ({"final_stacks": [95, 105, -1]}, "h1: final_stacks \\(seat 2\\) must be >= 0"),
    ({"stacks": [100, 100, True]}, "h1: stacks \\(seat 2\\) must be a whole number of chips"),
    ({"odd_chips": ["x"]}, "h1: odd_chips must be a string"),
])
def test_json_fields_are_checked(changes, message):
    """The reviewer's reproducers: each field of the wrong type, range or length."""
    text = json.dumps(dict(WSOP_LIKE, **changes))
    assert replay(loads_json(json.dumps(WSOP_LIKE))[0]).agrees
    with pytest.raises(RecordError, match=message) as e:
        loads_json(text, "bad.json")
    assert isinstance(e.value, ValueError) and "\n" not in str(e.value)
    # too deep for every Python's JSON reader (3.13's takes 2,000 levels; 3.11's does not)
    deep = text.replace('"board": ""', '"board": ' + "[" * 100_000 + "]" * 100_000)
    with pytest.raises(RecordError, match="nested too deeply"):
        loads_json(deep, "deep.json")
