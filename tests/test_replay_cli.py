"""`omaha-fast replay` at its edges: files of skipped hands, hands with nothing to check,
other card rooms' files."""

from __future__ import annotations

import json

import pytest

from omaha_fast.cli import main
from omaha_fast.history import pokerstars, sites

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
    real = pokerstars.text_lines

    def counting(text: str) -> list[str]:
        calls.append(len(text))
        return real(text)
    monkeypatch.setattr(pokerstars, "text_lines", counting)
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
    assert code == 0
    assert out.splitlines()[0] == "1: skipped (Hold'em No Limit ($0.01/$0.02 USD))"
    assert err == ("omaha-fast replay: no hand replayed: 2 hands skipped, of other games "
                   "(2 Hold'em No Limit ($0.01/$0.02 USD))\n")
    # with one Omaha hand beside them, the skipped hands are only counted
    mixed = tmp_path / "mixed.txt"
    omaha = HOLDEM.format(id=3).replace("Hold'em No Limit", "Omaha Pot Limit")
    mixed.write_text(path.read_text() + "\n" + omaha)
    code, out, err = run(capsys, "replay", str(mixed))
    assert code == 0 and err == "" and out.splitlines()[-1].startswith("1 of 1 hands agree")


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
