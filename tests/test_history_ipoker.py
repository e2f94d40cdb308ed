"""iPoker (XML) histories: each convention of the site in an invented hand (our own
players, cards and amounts, tests/data/sites/ipoker_conventions.xml), read, replayed
and checked; each test fails when the reader or the verifier ignores its convention."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from omaha_fast.cli import main
from omaha_fast.history.ipoker import read_ipoker, to_cents
from omaha_fast.history.record import HandRecord
from omaha_fast.history.sitehand import SiteFormatError, SkippedHand, UnreadableHand
from omaha_fast.history.sites import decode_history, read_site, site_format
from omaha_fast.history.verify import verify

PATH = Path(__file__).parent / "data" / "sites" / "ipoker_conventions.xml"
TEXT = PATH.read_text(encoding="utf-8")


def hand(n: int):  # type: ignore[no-untyped-def]
    return {i.id: i for i in read_ipoker(TEXT, PATH.name)}[f"800000000{n}"]


def test_the_format_is_sniffed_and_every_omaha_hand_agrees():
    assert site_format(TEXT) == "ipoker"
    items = read_site(TEXT, PATH.name)
    kinds = [type(i).__name__ for i in items]
    assert kinds == ["HandRecord", "HandRecord", "HandRecord", "HandRecord", "HandRecord",
                     "SkippedHand", "HandRecord", "HandRecord"]
    for item in items:
        if not isinstance(item, SkippedHand):
            assert verify(item).result == "agree", verify(item).differences  # type: ignore


@pytest.mark.parametrize("text, cents", [("€1,214.15", 121415), ("1 001,24€", 100124),
                                         ("1\u00a0001,24€", 100124), ("2,50€", 250),
                                         ("50kr", 5000), ("$0.5", 50), ("1,000", 100000)])
def test_amounts_in_every_locale(text, cents):
    assert to_cents(text, 100) == cents


def test_suit_first_cards_actions_by_number_and_the_rake_from_the_wins():
    record = hand(1)
    assert record.holes[:2] == ["QsQh8c6h", "As2dKhKc"]
    assert record.board == "3c7hQd9s5d"
    assert record.stacks[3] is None            # nina sat out (no hole cards dealt)
    assert record.extra["site"]["rake"] == 45 and record.final_stacks[:2] == [9978, 105027]
    # the actions of a round are in the order of their numbers, not of the file
    assert [a for a in record.actions if a[0] == 1 and a[1] == "bet"] == [[1, "bet", 200]]


def test_a_bet_written_as_the_sum_of_the_amounts():
    # lucie's bet="5€" counts her small blind twice (0,50 + a raise to 2,50 + 2): allowed,
    # as some clients write it; any other sum is refused
    assert verify(hand(1)).result == "agree"
    wrong = TEXT.replace('win="4,28€" bet="5€"', 'win="4,28€" bet="5,10€"')
    [item] = [i for i in read_ipoker(wrong) if i.id == "8000000001"]
    assert isinstance(item, UnreadableHand)
    assert "lucie's actions put in 450 but the game says he bet 510" in str(item.error)


def test_both_blinds_posted_and_a_win_without_the_uncalled_bet():
    record = hand(2)
    assert [3, "dead", 50] in record.posts and [3, "blind", 100] in record.posts
    assert record.extra["site"]["returned"] == [[0, 200]]
    assert record.final_stacks[:4] == [10300, 105000, 5900, 7375]


def test_an_older_client_counts_the_uncalled_bet_in_the_win():
    record = hand(4)
    assert record.extra["site"]["returned"] == [[3, 100]]
    assert record.extra["site"]["collected"] == [[0, 2, 341, None], [0, 3, 339, None]]
    assert record.final_stacks[:4] == [290, 0, 341, 439]


def test_the_rake_of_a_side_pot_is_its_share_rounded_to_the_nearest_cent():
    v = verify(hand(4))
    assert v.result == "agree", v.differences
    assert [(p["amount"], p["rake"]) for p in v.pots] == [(710, 30)]   # one pot: the wins
    for split in ("proportional", None):        # rounded down, or all from the main pot
        record = hand(4)
        record.extra["site"]["rake_split"] = split
        assert verify(record).result == "disagree"
    record = hand(4)
    record.extra["site"].pop("unnamed_pots")    # the wins are not pot by pot
    assert verify(record).result == "disagree"


def test_a_tournament_counts_chips_and_antes():
    record = hand(5)
    assert record.extra["site"]["tournament"] == "777"
    assert record.extra["site"]["scale"] == 1 and record.posts[0] == [0, "ante", 5]
    assert record.final_stacks[:3] == [1495, 1475, 1530]


def test_five_card_hands_are_read_and_six_card_hi_lo_is_skipped():
    five, six = hand(3), hand(6)
    assert isinstance(five, HandRecord) and five.game == "bigo"
    assert verify(five).result == "agree"
    assert isinstance(six, SkippedHand) and six.game == "Omaha Hi-Lo PL (6 hole cards)"


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16"])
def test_the_replay_command_reads_every_encoding_and_line_end(encoding, tmp_path, capsys):
    path = tmp_path / "ipoker.xml"
    path.write_bytes(TEXT.replace("\n", "\r\n").encode(encoding))
    assert site_format(decode_history(path.read_bytes())) == "ipoker"
    assert main(["replay", "--json", str(path)]) == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])["summary"]
    assert summary == {"agreed": 7, "disagreed": 0, "refused": 0, "skipped": 1,
                       "unreadable": 0, "unchecked": 0,
                       "skipped_as": {"Omaha Hi-Lo PL (6 hole cards)": 1}}


def test_a_file_cut_short_is_read_to_its_last_game():
    cut = TEXT[:TEXT.index("</game>", TEXT.index('gamecode="8000000005"'))]
    found = {i.id: i for i in read_ipoker(cut)}
    assert verify(found["8000000005"]).result == "agree"      # type: ignore[arg-type]


def test_exit_codes_and_what_is_refused(tmp_path, capsys):
    path = tmp_path / "i.xml"
    # four cents more to saul: the rake, taken from the wins, is four cents less, and the
    # division of what is left (the same for both) is what disagrees
    path.write_text(TEXT.replace('win="$3.41"', 'win="$3.45"'))
    assert main(["replay", str(path)]) == 1
    out = capsys.readouterr().out
    assert "saul collected 3.45 on the site, 3.43 in the replay" in out
    assert "tara collected 3.39 on the site, 3.41 in the replay" in out
    path.write_text(TEXT.replace(' win="4€" bet="3€"', ""))     # an export without wins
    assert main(["replay", str(path)]) == 2
    assert "lucie has no win or bet amount (a partial export)" in capsys.readouterr().err
    bomb = TEXT.replace('<?xml version="1.0" encoding="utf-8"?>',
                        '<?xml version="1.0"?><!DOCTYPE s [<!ENTITY a "aaaa">]>')
    with pytest.raises(SiteFormatError, match="a document type declaration"):
        read_ipoker(bomb, "bomb.xml")
    path.write_text(bomb)
    assert main(["replay", str(path)]) == 2


def test_fixed_limit_hi_lo_with_both_blinds_posted():
    record = hand(7)
    assert record.game == "hilo" and record.structure == "fixed-limit"
    assert (record.small_bet, record.big_bet) == (200, 400) and record.blinds == [100, 200]
    assert [3, "dead", 100] in record.posts and [3, "blind", 200] in record.posts
    assert record.extra["site"]["rake"] == 100
    assert record.final_stacks[:4] == [4800, 5800, 8200, 3100]
    assert verify(record).result == "agree"


def test_wins_that_leave_more_than_a_rake_disagree():
    # a tournament takes no rake; a cash pot at most a tenth
    chips = TEXT.replace('name="wes" chips="1510" dealer="0" win="35"',
                         'name="wes" chips="1510" dealer="0" win="34"')
    [item] = [i for i in read_ipoker(chips) if i.id == "8000000005"]
    assert verify(item).differences[0] == (  # type: ignore[arg-type]
        "hand 8000000005: the site keeps 1 of pots of 35, more than it takes (a tournament "
        "takes no rake)")
    cash = TEXT.replace('win="4,28€" bet="5€"', 'win="3,28€" bet="5€"')
    [item] = [i for i in read_ipoker(cash) if i.id == "8000000001"]
    assert ("hand 8000000001: the site keeps 1.45 of pots of 9.00, more than it takes "
            "(at most 0.90)") in verify(item).differences  # type: ignore[arg-type]


def test_no_limit():
    record = hand(8)
    assert record.structure == "no-limit" and [1, "raise_to", 1000] in record.actions
    assert record.extra["site"]["rake"] == 250
    assert record.final_stacks[:2] == [0, 12750] and verify(record).result == "agree"


def test_a_board_dealt_twice_is_unreadable():
    twice = TEXT.replace('<cards type="River" player="">HQ</cards>',
                         '<cards type="River" player="">HQ</cards>'
                         '<cards type="Flop" player="">D2 D4 D6</cards>')
    item = {i.id: i for i in read_ipoker(twice)}["8000000007"]
    assert isinstance(item, UnreadableHand) and "the flop comes after" in str(item.error)
