"""partypoker histories: each convention of the site in an invented hand (our own
players, cards and amounts, tests/data/sites/partypoker_conventions.txt), read, replayed
and checked; each test fails when the reader or the verifier ignores its convention."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from omaha_fast.cli import main
from omaha_fast.history.partypoker import read_partypoker
from omaha_fast.history.record import HandRecord
from omaha_fast.history.sitehand import SkippedHand, UnreadableHand
from omaha_fast.history.sites import decode_history, read_site, site_format
from omaha_fast.history.verify import verify

PATH = Path(__file__).parent / "data" / "sites" / "partypoker_conventions.txt"
TEXT = PATH.read_text(encoding="utf-8")


def hand(n: int, text: str = TEXT):  # type: ignore[no-untyped-def]
    return {i.id[:10]: i for i in read_partypoker(text, PATH.name)}[f"500000000{n}"]


def test_the_format_is_sniffed_and_every_omaha_hand_agrees():
    assert site_format(TEXT) == "partypoker"
    items = read_site(TEXT, PATH.name)
    kinds = [type(i).__name__ for i in items]
    assert kinds == ["HandRecord"] * 6 + ["SkippedHand"] + ["HandRecord"] * 2
    for item in items[:6] + items[7:]:
        assert verify(item).result == "agree", verify(item).differences  # type: ignore


def test_amounts_are_the_chips_added_and_the_blinds_come_from_the_posts():
    record = hand(1)
    assert record.blinds == [50, 100]            # the header names the buy-in, not them
    assert [0, "raise_to", 250] in record.actions   # "raises [$2 USD]": two more
    assert record.holes[1] == "As2dKhKc" and record.board == "3c7hQd9s5d"


def test_the_low_half_is_named_and_the_rake_is_what_the_wins_leave():
    record = hand(1)
    assert record.extra["site"]["collected"] == [[0, 0, 428, None], [0, 1, 427, "low"]]
    assert record.extra["site"]["rake"] == 45
    swapped = TEXT.replace("lucie wins $4.28 USD", "lucie wins Lo ($4.28 USD)").replace(
        "marc wins Lo ($4.27 USD)", "marc wins $4.27 USD")
    assert verify(hand(1, swapped)).result == "disagree"
    # two cents more to lucie: the rake is two cents less, and the division disagrees
    more = TEXT.replace("lucie wins $4.28 USD", "lucie wins $4.30 USD")
    assert verify(hand(1, more)).differences[0] == (
        "hand 5000000001, pot: lucie collected 4.30 on the site, 4.29 in the replay")


def test_an_uncalled_bet_is_won_back_and_a_silent_seat_was_not_dealt_in():
    record = hand(2)
    assert record.structure == "fixed-limit" and record.small_bet == 2000
    assert record.extra["site"]["returned"] == [[8, 4000]]
    assert record.extra["site"]["collected"] == [[0, 8, 19800, None]]
    assert record.stacks[4] is None              # pia: seated, named by no line
    assert record.final_stacks[8:] == [39800, 10000]


def test_a_tournament_with_a_side_pot_chips_with_commas_and_chat():
    record = hand(3)
    assert record.extra["site"]["tournament"] == "4242" and record.stacks[:3] == [2910, 300,
                                                                                 1500]
    assert [1, "all_in", 220] in record.actions       # "is all-In  [220]": 220 more
    v = verify(record)
    assert [p["recorded"] for p in v.pots] == [{"saul": 450, "rosa": 450},
                                               {"saul": 400, "quinn": 400}]


def test_the_format_since_2016_has_a_summary_with_the_rake_and_balances():
    record = hand(4)
    assert record.extra["site"]["rake"] == 10 and record.extra["site"]["returned"] == [
        [0, 120]]
    assert record.final_stacks[:3] == [5085, 2010, 2915]
    wrong = TEXT.replace("tara balance $50.85", "tara balance $50.95")
    item = hand(4, wrong)
    assert isinstance(item, UnreadableHand)
    assert "tara ends with 5095 in the summary, but its bet and collection leave 5085" in \
        str(item.error)


def test_a_cash_out_is_paid_by_the_site_not_the_pot():
    record = hand(5)
    assert record.extra["site"]["cash_outs"] == [[1, 760, 0, 0]]
    assert record.final_stacks[:2] == [6035, 760]
    assert verify(record).result == "agree"


def test_five_card_omaha_is_read_and_other_games_are_skipped_and_counted():
    five, holdem = hand(6), hand(7)
    assert isinstance(five, HandRecord) and five.game == "bigo" and len(five.holes[1]) == 10
    assert verify(five).result == "agree"
    assert isinstance(holdem, SkippedHand) and holdem.game == "$100 USD NL Texas Hold'em"


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16"])
def test_the_replay_command_reads_every_encoding_and_line_end(encoding, tmp_path, capsys):
    path = tmp_path / "party.txt"
    path.write_bytes(TEXT.replace("\n", "\r\n").encode(encoding))
    assert site_format(decode_history(path.read_bytes())) == "partypoker"
    assert main(["replay", "--json", str(path)]) == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])["summary"]
    assert summary == {"agreed": 8, "disagreed": 0, "refused": 0, "skipped": 1,
                       "unreadable": 0, "unchecked": 0,
                       "skipped_as": {"$100 USD NL Texas Hold'em": 1}}


def test_exit_codes_for_a_disagreement_and_an_unreadable_hand(tmp_path, capsys):
    path = tmp_path / "p.txt"
    path.write_text(TEXT.replace("rosa wins Lo (450 chips)", "rosa wins Lo (460 chips)"))
    assert main(["replay", str(path)]) == 1
    assert "rosa collected 460 on the site, 450 in the replay" in capsys.readouterr().out
    path.write_text(TEXT.replace("saul calls [220]", "ghost calls [220]"))
    assert main(["replay", str(path)]) == 2
    assert "'ghost' has no seat, yet this line moves chips or cards" in \
        capsys.readouterr().err


def test_both_blinds_posted_the_small_part_dead():
    record = hand(8)
    assert [3, "dead", 50] in record.posts and [3, "blind", 100] in record.posts
    assert record.extra["site"]["returned"] == [[3, 300]]      # live chips: 1 against 1
    assert record.extra["site"]["rake"] == 15 and record.final_stacks[:4] == [
        10000, 9950, 4900, 6135]


def test_no_limit():
    record = hand(9)
    assert record.structure == "no-limit" and record.blinds == [50, 100]
    assert [1, "raise_to", 1000] in record.actions
    assert record.extra["site"]["returned"] == [[1, 900]]
    assert record.final_stacks[:2] == [9900, 10100] and verify(record).result == "agree"


def test_a_board_dealt_twice_is_unreadable():
    twice = TEXT.replace("** Dealing River ** [ 5d ]\nmarc checks",
                         "** Dealing River ** [ 5d ]\n** Dealing Flop ** [ 2d, 4d, 6d ]\n"
                         "marc checks", 1)
    item = hand(1, twice)
    assert isinstance(item, UnreadableHand) and "the flop comes after" in str(item.error)
