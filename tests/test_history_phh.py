"""Reading PHH and JSON: good files load, malformed ones give errors that name the line."""

from __future__ import annotations

import pytest

from omaha_fast.history import (
    PHHError,
    RecordError,
    ReplayError,
    load,
    load_phh,
    loads_json,
    replay,
)
from omaha_fast.history.toml_subset import TomlError, parse

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
    (phh_with(variant="'FO/8"), "line 2: unterminated string"),
    (phh_with(big_bet="twenty"), "line 6: cannot read a value at 'twenty'"),
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


def test_toml_subset_details():
    doc = parse('[a]\nx = [\n 1, # one\n 2,\n]\ny = "tab\\there"\nz = {p = 1, q = \'r\'}\n'
                "w = '''it's'''\nv = -1_000\nu = 2.5\nt = true\n")
    a = doc["a"]
    assert a == {"x": [1, 2], "y": "tab\there", "z": {"p": 1, "q": "r"}, "w": "it's",
                 "v": -1000, "u": 2.5, "t": True}
    assert a.lines["y"] == 6 and a.line == 1
    for bad, message in (("[a]\n[a]\n", "line 2: table \\[a\\] is defined twice"),
                         ("x = 1\nx = 2\n", "line 2: key 'x' is defined twice"),
                         ("[[a]]\n", "arrays of tables"),
                         ("x = [1, 2\n", "unterminated array"),
                         ("x = 1 2\n", "unexpected text after the value")):
        with pytest.raises(TomlError, match=message):
            parse(bad)


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
    with pytest.raises(ReplayError, match="seat 0's blind must be >= 0"):
        replay(record)
