"""888poker histories: each convention of the format (invented hands, amounts worked out
by hand) is read and checked to the chip, and a wrong amount in each is caught."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from omaha_fast.cli import main
from omaha_fast.history.pacific import amount_text, cards_of, loads_pacific, read_pacific
from omaha_fast.history.sitehand import SiteFormatError, SkippedHand, UnreadableHand
from omaha_fast.history.sites import decode_history, read_site, site_format
from omaha_fast.history.verify import verify

FIXTURE = Path(__file__).parent / "data" / "sites" / "pacific_conventions.txt"
TEXT = FIXTURE.read_text()


def hand(number: int, text: str = TEXT):
    """The fixture's hand 90000000<number>, read from ``text``."""
    return next(r for r in loads_pacific(text, "p.txt") if r.id == f"90000000{number}")


def result(number: int, old: str = "", new: str = "") -> tuple[str, list[str]]:
    """The check of one hand of the fixture, with ``old`` replaced by ``new`` in it."""
    start = TEXT.index(f"#Game No : 90000000{number}")
    end = TEXT.find("#Game No", start + 1)
    chunk = TEXT[start:end if end > 0 else len(TEXT)]
    assert old in chunk
    v = verify(hand(number, chunk.replace(old, new)))
    return v.result, v.differences


def test_every_omaha_hand_agrees_and_other_games_are_counted():
    items = read_pacific(TEXT, "p.txt")
    skipped = [i for i in items if isinstance(i, SkippedHand)]
    assert [s.game for s in skipped] == ["No Limit Holdem"]
    checked = [verify(r) for r in items if not isinstance(r, SkippedHand)]
    assert [v.result for v in checked] == ["agree"] * 8, [v.differences for v in checked]
    # the last hand is dealt five cards under "Pot Limit Omaha": five-card Omaha high
    assert [r.game for r in items if not isinstance(r, SkippedHand)][-1] == "omaha5"


def test_the_uncalled_bet_is_not_written_and_comes_back():
    # ann's $5 bet is not called: 888 writes no line for it and pays $7.70 of the $8 pot
    r = hand(1)
    assert r.extra["site"]["returned"] == [[0, 500]]
    assert r.extra["site"]["rake"] == 30 and r.final_stacks[0] == 125470
    assert result(1, "ann collected", "bob collected")[0] == "disagree"


def test_the_rake_is_what_the_pot_did_not_pay():
    # 888 writes no rake: a cash pot paid to one player is checked for its winner, and the
    # rake is what he was not paid; where a pot is shared, its division is checked
    assert hand(1, TEXT.replace("[ $7.70 ]", "[ $7.60 ]")).extra["site"]["rake"] == 40


def test_a_collection_holding_the_uncalled_bet_is_counted_in_it():
    # some 888 files pay the uncalled bet in the winner's collection ($7.70 + $5)
    r = hand(1, TEXT.replace("[ $7.70 ]", "[ $12.70 ]"))
    assert r.extra["site"]["returned"] == [] and r.extra["site"]["rake"] == 30
    assert verify(r).result == "agree"


def test_amounts_are_what_each_action_adds():
    r = hand(1)
    assert [1, "call", 300] in r.actions and [0, "raise_to", 350] in r.actions
    with pytest.raises(SiteFormatError, match="bob calls more than the bet"):
        result(1, "bob calls [$3]", "bob calls [$3.50]")


def test_one_line_per_half_and_the_odd_cent_to_the_high_half():
    verdict, _ = result(2)
    assert verdict == "agree"
    assert result(2, "bob collected [ $1.43 ]\ncy collected [ $1.42 ]",
                  "bob collected [ $1.42 ]\ncy collected [ $1.43 ]")[0] == "disagree"


def test_a_scoop_is_written_as_two_lines_one_per_half():
    assert result(3)[0] == "agree"
    verdict, differences = result(3, "bob collected [ $0.95 ]\nbob collected [ $0.95 ]",
                                  "bob collected [ $1.90 ]")
    assert verdict == "disagree" and "the halves differ" in differences[0]


def test_all_in_without_words_and_pots_without_names():
    r = hand(4)
    assert [0, "all_in", 2000] in r.actions and [1, "all_in", 5000] in r.actions
    v = verify(r)
    assert v.result == "agree" and len(v.pots) == 1      # the pots checked as one
    assert v.pots[0]["replayed"] == {"ann": 5900, "bob": 6000}
    assert result(4, "ann collected [ $59 ]\nbob collected [ $60 ]",
                  "ann collected [ $60 ]\nbob collected [ $59 ]")[0] == "disagree"


def test_local_amounts_cards_a_dead_blind_and_a_fold_before_the_deal():
    r = hand(5)
    assert r.extra["site"]["currency"] == "EUR" and r.stacks[0] == 123450
    assert r.holes[0] == "JhQdTsAc"                     # Swedish Kn, D, E and a 10
    assert [4, "dead", 50] in r.posts and [4, "blind", 100] in r.posts
    assert r.stacks[5] is None                          # eve folded before the deal
    assert r.final_stacks[4] == 5280
    assert verify(r).result == "agree"
    assert result(5, "dee collected", "cy collected")[0] == "disagree"


@pytest.mark.parametrize("text, plain", [
    ("$1,234.50", "1234.50"), ("$ 3.243", "3243"), ("552,72", "552.72"), ("6 497 $", "6497"),
    ("15\xa0788,50 $", "15788.50"), ("1.234,5 €", "1234.5"), ("$0.02", "0.02")])
def test_amount_formats(text, plain):
    assert amount_text(text) == plain


@pytest.mark.parametrize("bad", ["$1,23,4", "12.345.6789", "$", "1 2"])
def test_bad_amounts_are_refused(bad):
    with pytest.raises(SiteFormatError):
        amount_text(bad)


def test_local_card_ranks():
    assert cards_of("[ Hc, Vd, Bh, As ]") == "KcQdJhAs"       # Dutch
    assert cards_of("[ Knh, Dd, Kc, Es ]") == "JhQdKcAs"      # Swedish
    with pytest.raises(SiteFormatError, match="not a card"):
        cards_of("[ Xc ]")


def test_a_tournament_counts_chips_written_as_dollars_and_takes_no_rake():
    r = hand(6)
    site = r.extra["site"]
    assert site["tournament"] == "4242" and site["scale"] == 1 and site["rake"] == 0
    assert r.stacks[:3] == [1500, 3000, 2000] and r.final_stacks[:3] == [1562, 2875, 2063]
    assert verify(r).result == "agree"
    assert result(6, "[ $1,563 ]", "[ $1,562 ]")[0] == "disagree"


def test_practice_play_fixed_limit_with_cents():
    r = hand(7)
    assert r.structure == "fixed-limit" and r.extra["site"]["currency"] == "play"
    assert (r.small_bet, r.big_bet, r.blinds) == (3000, 6000, [1500, 3000])
    assert r.stacks[0] == 145913 and verify(r).result == "agree"


def test_a_hand_with_no_collection_disagrees():
    verdict, differences = result(1, "ann collected [ $7.70 ]\n", "")
    assert verdict == "disagree"
    assert differences[0] == "hand 900000001, pot: ann collected 0.00 on the site, 8.00 in " \
                             "the replay"


def test_a_line_moving_chips_in_an_unknown_form_is_unreadable():
    text = TEXT.replace("bob checks\nann bets [$5]", "bob checks\nann pays [$5]")
    item = next(i for i in read_pacific(text, "p.txt") if i.id == "900000001")
    assert isinstance(item, UnreadableHand)
    assert "line 19" in str(item.error) and "ann pays [$5]" in str(item.error)


def test_sniffed_and_replayed_from_utf16_with_crlf(tmp_path, capsys):
    path = tmp_path / "888.txt"
    path.write_bytes(TEXT.replace("\n", "\r\n").encode("utf-16"))
    text = decode_history(path.read_bytes())
    assert site_format(text) == "888poker"
    assert len(read_site(text, "888.txt")) == 9
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        "8 of 8 hands agree: 8 agreed, 0 disagreed, 0 refused, 1 skipped (1 No Limit Holdem), "
        "0 unreadable")


def test_replay_exit_codes(tmp_path, capsys):
    wrong = tmp_path / "wrong.txt"
    wrong.write_text("\ufeff" + TEXT.replace("ann collected [ $7.70 ]", "cy collected [ $7.70 ]"))
    assert main(["replay", "--json", str(wrong)]) == 1
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert lines[0]["format"] == "888poker" and lines[0]["result"] == "disagree"
    assert lines[-1]["summary"]["disagreed"] == 1
    bad = tmp_path / "bad.txt"
    bad.write_text(TEXT.replace("Seat 2: bob ( $80 )", "Seat 2: bob ( $8O )"))
    assert main(["replay", str(bad)]) == 2
    assert "line 8: hand 900000001: not an amount: '$8O'" in capsys.readouterr().err


def test_partypoker_banner_is_not_taken_for_888():
    party = "***** Hand History for Game 11614201072 *****\n$50 USD PL Texas Hold'em - x"
    assert site_format(party) == "partypoker"


@pytest.mark.parametrize("banner", ["888poker", "888poker Snap Poker", "888.pt", "Cassava",
                                    "888poker.ca-on", "Pacific Poker"])
def test_the_skins_banners_are_read(banner):
    text = TEXT.replace("***** 888poker Hand History", f"***** {banner} Hand History")
    assert site_format(text) == "888poker"
    assert len(loads_pacific(text, "p.txt")) == 8


def test_a_tournament_summary_is_named_not_read(tmp_path, capsys):
    path = tmp_path / "summary.txt"
    path.write_text("***** Cassava Tournament Summary *****\nTournament ID: 1\n")
    assert main(["replay", str(path)]) == 2
    assert "this looks like an 888poker tournament summary (no hands)" in \
        capsys.readouterr().err


ONLY_SMALL_BLIND = """#Game No : 8
***** 888poker Hand History for Game 8 *****
$0.50/$1 Blinds Pot Limit OmahaHL - *** 06 01 2014 23:00:36
Table Ours 6 Max (Real Money)
Seat 1 is the button
Total number of players : 2
Seat 1: ann ( $10 )
Seat 2: bob ( $12.50 )
ann posts small blind [$0.50]
** Dealing down cards **
bob folds
** Summary **
ann did not show his hand
ann collected [ $0.50 ]
"""


def test_a_hand_where_only_the_small_blind_posts_is_read_and_checked():
    # heads-up, the other player folds rather than post his big blind: no big blind, he
    # acts first, and the small blind takes back her own
    [r] = loads_pacific(ONLY_SMALL_BLIND, "p.txt")
    assert r.posts == [[0, "blind", 50]] and r.big_blind is None
    v = verify(r)
    assert v.result == "agree", v.differences
    assert v.replayed[:2] == [1000, 1250]
    wrong = verify(loads_pacific(ONLY_SMALL_BLIND.replace("[ $0.50 ]", "[ $0.40 ]"))[0])
    assert wrong.result == "disagree"


def test_the_rake_is_taken_from_each_pot_rounded_down_pot_by_pot():
    # a main pot of $60.30 and a side pot of $59.80: 5% of each, rounded down, is $3.01
    # and $2.99; taken whole from the main pot, the hand disagreed
    text = TEXT[TEXT.index("#Game No : 900000004"):TEXT.index("#Game No : 900000005")]
    text = (text.replace("ann ( $20 )", "ann ( $20.10 )").replace("ann raises [$20]",
                                                                  "ann raises [$20.10]")
            .replace("ann collected [ $59 ]", "ann collected [ $57.29 ]")
            .replace("bob collected [ $60 ]", "bob collected [ $56.81 ]"))
    [r] = loads_pacific(text, "p.txt")
    v = verify(r)
    assert r.extra["site"]["rake"] == 600 and v.result == "agree", v.differences
    # a cent from one pot to the other is a difference
    moved = text.replace("$57.29", "$57.28").replace("$56.81", "$56.82")
    assert verify(loads_pacific(moved, "p.txt")[0]).result == "disagree"


def test_a_pot_paid_far_short_is_no_rake():
    # a quarter of the pot missing is no rake of 5%: the shortfall is a difference
    result_, differences = result(1, "ann collected [ $7.70 ]", "ann collected [ $6.00 ]")
    assert result_ == "disagree"
    assert ("hand 900000001: the site keeps 2.00 of pots of 8.00, more than it takes (at most "
            "0.40)") in differences
