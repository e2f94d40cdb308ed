"""`omaha-fast replay` at its edges: files of skipped hands, hands with nothing to check,
other card rooms' files."""

from __future__ import annotations

import json

import pytest

from omaha_fast.cli import main
from omaha_fast.history import siteformat, sites

HOLDEM = """PokerStars Hand #{id}:  Hold'em No Limit ($0.01/$0.02 USD) - 2009/11/26 10:37:39 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: ann ($1 in chips)
Seat 2: bob ($2 in chips)
ann: posts small blind $0.01
bob: posts big blind $0.02
*** HOLE CARDS ***
ann: folds
Uncalled bet ($0.01) returned to bob
bob collected $0.02 from pot
*** SUMMARY ***
Total pot $0.02 | Rake $0
"""


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_skipped_hands_do_not_make_the_file_be_read_again(tmp_path, capsys, monkeypatch):
    # the file's lines are split a fixed number of times, not once per skipped hand (which
    # made a file of 4,000 skipped hands take minutes); see benches/bench_sites.py
    calls = []
    real = siteformat.text_lines

    def counting(text: str) -> list[str]:
        calls.append(len(text))
        return real(text)
    monkeypatch.setattr(siteformat, "text_lines", counting)
    monkeypatch.setattr(sites, "text_lines", counting)
    path = tmp_path / "holdem.txt"
    for hands in (3, 30):
        calls.clear()
        path.write_text("\n".join(HOLDEM.format(id=k) for k in range(hands)))
        run(capsys, "replay", str(path))
        assert len(calls) <= 3, (hands, len(calls))


def test_a_file_whose_hands_are_all_skipped_says_so_and_fails_nothing(tmp_path, capsys):
    path = tmp_path / "holdem.txt"
    path.write_text("\n".join(HOLDEM.format(id=k) for k in (1, 2)))
    code, out, err = run(capsys, "replay", str(path))
    # as the docs say: 1 only when a hand disagrees or is refused
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "1: skipped (Hold'em No Limit ($0.01/$0.02 USD))"
    assert lines[-1] == ("no hand replayed: 2 hands skipped, of other games "
                         "(2 Hold'em No Limit ($0.01/$0.02 USD))")
    # with one Omaha hand beside them, the skipped hands are only counted
    mixed = tmp_path / "mixed.txt"
    omaha = HOLDEM.format(id=3).replace("Hold'em No Limit", "Omaha Pot Limit")
    mixed.write_text(path.read_text() + "\n" + omaha)
    code, out, err = run(capsys, "replay", str(mixed))
    assert code == 0 and err == "" and out.splitlines()[-1].startswith("1 of 1 hands agree")
    assert "no hand replayed" not in out


def pokerkit_phh() -> tuple[str, list[int]]:
    """A fixed-limit Omaha hi-lo hand played and written by pokerkit, which writes no
    finishing_stacks unless told to, and the stacks it ended with."""
    pokerkit = pytest.importorskip("pokerkit")
    a = pokerkit.Automation
    automations = (a.ANTE_POSTING, a.BET_COLLECTION, a.BLIND_OR_STRADDLE_POSTING,
                   a.CARD_BURNING, a.HOLE_DEALING, a.BOARD_DEALING,
                   a.HOLE_CARDS_SHOWING_OR_MUCKING, a.HAND_KILLING, a.CHIPS_PUSHING,
                   a.CHIPS_PULLING)
    game = pokerkit.FixedLimitOmahaHoldemHighLowSplitEightOrBetter(automations, True, 0,
                                                                   (4, 8), 8, 16)
    state = game([200, 300, 400], 3)
    state.complete_bet_or_raise_to()
    while state.status:
        state.check_or_call()
    text = pokerkit.HandHistory.from_game_state(game, state).dumps()
    assert "finishing_stacks" not in text
    return text, list(state.stacks)


def test_a_phh_hand_without_final_stacks_is_replayed_with_nothing_to_check(tmp_path, capsys):
    text, stacks = pokerkit_phh()
    path = tmp_path / "pk.phh"
    path.write_text(text)
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0 and err == "", err
    first, last = out.splitlines()
    assert first.endswith(f": replayed {stacks}, nothing recorded to check"), first
    assert "DISAGREE" not in out and last.endswith("1 replayed with nothing recorded to check")
    code, out, _ = run(capsys, "replay", "--json", str(path))
    entry, summary = (json.loads(line) for line in out.splitlines())
    assert code == 0 and entry["result"] == "unchecked" and entry["replayed_stacks"] == stacks
    assert entry["recorded_stacks"] is None
    assert summary["summary"]["unchecked"] == 1 and summary["summary"]["disagreed"] == 0
    # the same hand with final stacks is checked against them, a wrong one disagrees
    for finish, want in ((stacks, 0), ([s + 1 for s in stacks[:-1]] + [stacks[-1] - 2], 1)):
        path.write_text(text.rstrip("\n") + f"\nfinishing_stacks = {finish}\n")
        assert run(capsys, "replay", str(path))[0] == want


# the first lines of other card rooms' histories, invented for the test (names, numbers
# and amounts made up), in each room's layout
OTHER_ROOMS = {
    "Microgaming": '<Game hhversion="4" id="77001" date="2021-01-02 10:11:12" '
                   'tablename="Oak 6" stakes="0.01|0.02" betlimit="PL" gametype="Omaha H/L">\n'
                   '   <Seats>\n',
}


@pytest.mark.parametrize("room", OTHER_ROOMS)
def test_another_card_room_s_file_is_named_not_called_bad_toml(room, tmp_path, capsys):
    path = tmp_path / "hands.txt"
    path.write_text(OTHER_ROOMS[room], encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "TOML" not in err, err
    assert f"hands.txt: this looks like a{'n' if room[0] in 'i8' else ''} {room.split()[0]}" \
        in err and "not supported" in err, err
    # so is it read from Python, as a .phh file and from standard input's text
    from omaha_fast.history import RecordError, load, loads
    with pytest.raises(RecordError, match="not supported"):
        loads(OTHER_ROOMS[room], "x")
    phh = tmp_path / "hands.phh"
    phh.write_text(OTHER_ROOMS[room], encoding="utf-8")
    with pytest.raises(RecordError, match="hands.phh: this looks like"):
        load(phh)


def test_an_unreadable_file_among_others_is_one_line_and_a_count(tmp_path, capsys):
    # a Microgaming file named among others: every other file is still read, the file not
    # read is one line and a count in the summary, and the status is the worst (2)
    good = tmp_path / "a.txt"
    good.write_text(HOLDEM.format(id=1).replace("Hold'em No Limit", "Omaha Pot Limit"))
    other = tmp_path / "b.xml"
    other.write_text(OTHER_ROOMS["Microgaming"])
    later = tmp_path / "c.txt"
    later.write_text(HOLDEM.format(id=2).replace("Hold'em No Limit", "Omaha Pot Limit"))
    missing = tmp_path / "gone.txt"
    code, out, err = run(capsys, "replay", str(good), str(other), str(missing), str(later))
    lines = out.splitlines()
    assert code == 2, out
    assert lines[0].startswith("1: recorded") and lines[0].endswith("agree")
    assert lines[1].startswith("UNREADABLE FILE: b.xml: this looks like a Microgaming")
    assert lines[2] == f"UNREADABLE FILE: {missing}: No such file or directory"
    assert lines[3].startswith("2: recorded") and lines[3].endswith("agree")
    assert lines[-1] == ("2 of 2 hands agree: 2 agreed, 0 disagreed, 0 refused, 0 skipped, "
                         "0 unreadable, 2 files not read")
    assert err.count("\n") == 1 and "2 files could not be read; the first: b.xml" in err
    # the files before the first one read are listed too, and in JSON
    code, out, _ = run(capsys, "replay", "--json", str(other), str(good))
    first, hand, summary = (json.loads(line) for line in out.splitlines())
    assert code == 2 and first["result"] == "unreadable" and first["file"] == str(other)
    assert hand["result"] == "agree"
    assert summary["summary"]["unreadable_files"] == 1 and summary["summary"]["agreed"] == 1
    # every file unreadable: nothing on stdout, one line on stderr, as for one bad file
    code, out, err = run(capsys, "replay", str(other), str(missing))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "2 files could not be read; the first: b.xml: this looks like" in err


def test_the_summary_says_why_hands_were_skipped(tmp_path, capsys):
    path = tmp_path / "mixed.txt"
    omaha = HOLDEM.format(id=3).replace("Hold'em No Limit", "Omaha Pot Limit")
    path.write_text(HOLDEM.format(id=1) + "\n" + omaha)
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    assert out.splitlines()[-1] == ("1 of 1 hands agree: 1 agreed, 0 disagreed, 0 refused, "
                                    "1 skipped (1 Hold'em No Limit ($0.01/$0.02 USD)), "
                                    "0 unreadable")
    code, out, _ = run(capsys, "replay", "--json", str(path))
    summary = json.loads(out.splitlines()[-1])["summary"]
    assert summary["skipped_as"] == {"Hold'em No Limit ($0.01/$0.02 USD)": 1}


def test_bytes_after_a_utf8_byte_order_mark_that_are_not_utf8_name_the_file(tmp_path,
                                                                            capsys):
    from omaha_fast.history.record import RecordError
    data = "\ufeff".encode() + HOLDEM.format(id=1).encode()[:30] + b"\xff\xfe\x80 bad"
    with pytest.raises(RecordError, match=r"^h\.txt: not UTF-8 text after its UTF-8 "
                                          r"byte-order mark \(byte 33\)$"):
        sites.decode_history(data, "h.txt")
    path = tmp_path / "bom.txt"
    path.write_bytes(data)
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2 and out == ""
    assert err == ("omaha-fast replay: error: bom.txt: not UTF-8 text after its UTF-8 "
                   "byte-order mark (byte 33)\n")


@pytest.mark.parametrize("key,value", [("collected", "zz"), ("collected", [[0, 9, 5, None]]),
                                       ("total_pot", "9"), ("pots", [None]),
                                       ("cash_outs", [[0, "a", 1, 2]]), ("returned", [[0]])])
def test_a_json_hand_s_site_data_in_another_shape_is_refused_in_one_line(key, value, tmp_path,
                                                                       capsys):
    # the site data a card-room hand keeps in JSON is read by the verifier: in a shape no
    # reader writes, the hand is refused naming the key (was a TypeError's traceback)
    from pathlib import Path

    from omaha_fast.history import dumps_json
    text = (Path(__file__).parent / "data" / "sites" / "pokerstars_plo8_cash.txt").read_text()
    record = sites.read_site(text, "h.txt")[0]
    data = json.loads(dumps_json([record]))
    data["site"][key] = value
    path = tmp_path / "h.json"
    path.write_text(json.dumps(data))
    code, out, err = run(capsys, "replay", str(path))
    assert code == 1 and err == ""
    assert out.splitlines()[0].startswith(f'100000000001: REFUSED: hand 100000000001: site '
                                          f'data "{key}"')
