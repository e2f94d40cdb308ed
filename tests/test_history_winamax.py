"""Winamax histories: each convention of the site in an invented hand (our own players,
cards and amounts, tests/data/sites/winamax_conventions.txt), read, replayed and checked
pot by pot; each test fails when the reader or the verifier ignores its convention."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from omaha_fast.cli import main
from omaha_fast.history.record import HandRecord
from omaha_fast.history.sitehand import SkippedHand, UnreadableHand
from omaha_fast.history.sites import decode_history, read_site, site_format
from omaha_fast.history.verify import verify
from omaha_fast.history.winamax import loads_winamax, read_winamax

PATH = Path(__file__).parent / "data" / "sites" / "winamax_conventions.txt"
TEXT = PATH.read_text(encoding="utf-8")


def hand(n: int):  # type: ignore[no-untyped-def]
    found = {i.id.split("-")[-2]: i for i in read_winamax(TEXT, PATH.name)}
    return found[str(n)]


def without(record, key):  # type: ignore[no-untyped-def]
    """The record as read, less one of the site's conventions."""
    record.extra["site"].pop(key)
    return record


def test_the_format_is_sniffed_and_every_hand_agrees_or_is_skipped():
    assert site_format(TEXT) == "winamax"
    items = read_site(TEXT, PATH.name)
    kinds = [type(i).__name__ for i in items]
    assert kinds == ["HandRecord"] * 9 + ["SkippedHand"] + ["HandRecord"] * 2
    for item in items[:9] + items[10:]:
        v = verify(item)    # type: ignore[arg-type]
        assert v.result == "agree", (item.id, v.differences)


def test_halves_are_marked_hi_and_lo_and_the_euro_comes_after_the_amount():
    record = hand(1)
    assert record.stacks[:2] == [8000, 9550] and record.final_stacks[:2] == [7978, 9527]
    v = verify(record)
    assert [(h["player"], h["half"], h["amount"]) for h in v.pots[0]["halves"]] == \
        [("lucie", "high", 428), ("marc", "low", 427)]
    swapped = TEXT.replace("lucie collected 4.28€ from pot(HI)", "lucie collected 4.28€ "
                           "from pot(LO)").replace("marc collected 4.27€ from pot(LO)",
                                                   "marc collected 4.27€ from pot(HI)")
    assert verify(loads_winamax(swapped)[0]).result == "disagree"


def test_an_uncalled_bet_is_collected_with_the_pot():
    record = hand(2)
    assert record.extra["site"]["returned"] == [[4, 400]]
    assert record.extra["site"]["collected"] == [[0, 4, 500, None]]
    assert record.final_stacks[4] == 6020 + 300


def test_an_uncalled_bet_collected_as_a_side_pot_and_the_rake_taken_from_every_pot():
    record = hand(3)
    assert record.extra["site"]["returned"] == [[5, 200]]
    v = verify(record)
    assert v.result == "agree", v.differences
    assert [(p["amount"], p["rake"]) for p in v.pots] == [(300, 15), (400, 20)]
    # the rake from the main pot first (as PokerStars takes it) pays other amounts
    assert verify(without(hand(3), "rake_split")).result == "disagree"


def test_pots_won_by_the_same_player_are_one_collection():
    v = verify(hand(4))
    assert v.result == "agree", v.differences
    assert [p["recorded"] for p in v.pots] == [{"hugo": 665}]
    differences = verify(without(hand(4), "merge_pots")).differences
    assert differences[0] == ("hand 7000001-4-1600000004, main pot: hugo collected 6.65 on "
                              "the site, 2.85 in the replay")


def test_both_blinds_posted_out_of_position_and_a_player_not_dealt_in():
    record = hand(5)
    assert [4, "dead", 100] in record.posts and [4, "blind", 200] in record.posts
    assert record.stacks[3] is None          # karl "folded" on no street: not dealt in
    assert record.final_stacks[4] == 5743 - 300 + 855
    assert verify(record).result == "agree"
    dealt_in = TEXT.replace("Seat 4: karl folded\n", "")
    [item] = [i for i in read_winamax(dealt_in) if i.id.startswith("7000001-5-")]
    assert verify(item).result == "refused"     # type: ignore[arg-type]


def test_a_raise_of_an_all_in_player_is_a_call_and_the_rest_comes_back():
    record = hand(6)
    assert [1, "call", 55] in record.actions and record.extra["site"]["returned"] == []
    assert record.final_stacks[:2] == [0, 590]
    assert verify(record).result == "agree"


def test_play_money_has_no_sign_and_a_space_before_the_half():
    record = hand(7)
    assert record.extra["site"]["currency"] == "play"
    assert record.extra["site"]["collected"] == [[0, 1, 10, "high"], [0, 0, 9, "low"]]
    assert verify(record).result == "agree"


def test_a_tournament_has_antes_half_chips_and_a_rounded_total():
    record = hand(8)
    site = record.extra["site"]
    assert site["tournament"] == "Omaha Dimanche" and site["total_pot"] is None
    assert record.posts[:3] == [[0, "ante", 2500], [1, "ante", 2500], [2, "ante", 2500]]
    assert record.chip == 50                       # a pot is divided in half chips
    assert record.final_stacks[:3] == [271300, 211250, 237500]
    assert verify(record).result == "agree"


def test_five_card_omaha_is_read_and_other_games_are_skipped_and_counted():
    five, holdem = hand(9), hand(10)
    assert isinstance(five, HandRecord) and five.game == "bigo"
    assert verify(five).result == "agree"
    assert isinstance(holdem, SkippedHand) and holdem.game == "Holdem no limit (1€/2€)"


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16"])
def test_the_replay_command_reads_every_encoding_and_line_end(encoding, tmp_path, capsys):
    path = tmp_path / "winamax.txt"
    path.write_bytes(TEXT.replace("\n", "\r\n").encode(encoding))
    assert site_format(decode_history(path.read_bytes())) == "winamax"
    assert main(["replay", "--json", str(path)]) == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])["summary"]
    assert summary == {"agreed": 11, "disagreed": 0, "refused": 0, "skipped": 1,
                       "unreadable": 0, "unchecked": 0,
                       "skipped_as": {"Holdem no limit (1€/2€)": 1}}


def test_exit_codes_for_a_disagreement_and_an_unreadable_hand(tmp_path, capsys):
    path = tmp_path / "w.txt"
    path.write_text(TEXT.replace("chloe collected 9€ from pot", "chloe collected 10€ from pot"))
    assert main(["replay", str(path)]) == 1
    assert "chloe collected 6.00 on the site, 5.00 in the replay" in capsys.readouterr().out
    path.write_text(TEXT.replace("emil calls 1.05€ and is all-in", "emil pays 1.05€"))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "line 69: hand 7000001-3-1600000003: a line that moves chips or cards" in err
    [item] = [i for i in read_winamax(path.read_text()) if isinstance(i, UnreadableHand)]
    assert item.id == "7000001-3-1600000003"


def test_a_decimal_comma_and_a_space_before_the_euro_read_the_same():
    import re
    commas = re.sub(r"([0-9]+)\.([0-9]+)€", r"\1,\2€", TEXT).replace("€", " €")
    assert "4,28 €" in commas and "(0,50 €/1 €)" in commas
    pairs = list(zip(read_winamax(TEXT), read_winamax(commas)))
    assert len(pairs) == 12
    for plain, other in pairs[:8]:      # the records (the skipped games name the stakes)
        assert plain == other


def test_fixed_limit_stakes_are_the_bets():
    record = hand(11)
    assert record.structure == "fixed-limit" and record.blinds == [100, 200]
    assert (record.small_bet, record.big_bet) == (200, 400)
    assert record.extra["site"]["returned"] == [[0, 400]]
    assert record.final_stacks[:2] == [10750, 9200] and verify(record).result == "agree"


def test_a_tournament_summary_is_named_for_what_it_is(tmp_path, capsys):
    path = tmp_path / "summary.txt"
    path.write_text("Winamax Poker - Tournament summary : Omaha Dimanche(123456)\n"
                    "Player : tina\nBuy-In : 4.50€ + 0.50€\n")
    assert main(["replay", str(path)]) == 2
    assert "this looks like a Winamax tournament summary (no hands in it)" in \
        capsys.readouterr().err


def test_no_limit_lets_a_raise_exceed_the_pot():
    record = hand(12)
    assert record.structure == "no-limit" and [1, "raise_to", 1000] in record.actions
    assert record.final_stacks[:2] == [0, 12750] and verify(record).result == "agree"
    record.structure = "pot-limit"           # the same raise is too big for pot limit
    assert verify(record).result == "refused"


def test_a_board_dealt_twice_is_unreadable():
    twice = TEXT.replace("*** RIVER *** [2c 7d 9h Js][Kd]\n",
                         "*** RIVER *** [2c 7d 9h Js][Kd]\n*** FLOP *** [2d 3d 4d]\n", 1)
    item = {i.id: i for i in read_winamax(twice)}["7000001-3-1600000003"]
    assert isinstance(item, UnreadableHand) and "the flop comes after" in str(item.error)
