"""WPN (ACR) histories: each convention of the format (invented hands, amounts worked out
by hand) is read and checked to the chip, and a wrong amount in each is caught."""

from __future__ import annotations

import json
from pathlib import Path

from omaha_fast.cli import main
from omaha_fast.history.sitehand import SkippedHand, UnreadableHand
from omaha_fast.history.sites import decode_history, read_site, site_format
from omaha_fast.history.verify import verify
from omaha_fast.history.winning import loads_winning, read_winning

FIXTURE = Path(__file__).parent / "data" / "sites" / "wpn_conventions.txt"
TEXT = FIXTURE.read_text()


def hand(number: int, text: str = TEXT):
    return next(r for r in loads_winning(text, "w.txt") if r.id == f"70000000{number}")


def result(number: int, old: str, new: str) -> tuple[str, list[str]]:
    """The check of one hand of the fixture with ``old`` replaced by ``new`` in it."""
    start = TEXT.index(f"Hand #70000000{number}")
    end = TEXT.find("Hand #", start + 1)
    chunk = TEXT[start:end if end > 0 else len(TEXT)]
    assert old in chunk
    v = verify(hand(number, chunk.replace(old, new)))
    return v.result, v.differences


def test_every_omaha_hand_agrees_and_other_games_are_counted():
    items = read_winning(TEXT, "w.txt")
    assert [i.game for i in items if isinstance(i, SkippedHand)] == ["Holdem(No Limit)"]
    checked = [verify(r) for r in items if not isinstance(r, SkippedHand)]
    assert [v.result for v in checked] == ["agree"] * 5, [v.differences for v in checked]
    assert [r.game for r in items if not isinstance(r, SkippedHand)].count("bigo") == 1


def test_a_players_halves_in_one_line_and_the_jackpot_fee_with_the_rake():
    r = hand(1)
    assert r.extra["site"]["rake"] == 30 and r.extra["site"]["total_pot"] == 1020
    v = verify(r)
    assert v.pots[0]["replayed"] == {"ann": 765, "bob": 255}     # high and a quarter
    assert result(1, "ann collected $7.65 from main pot\nbob collected $2.55",
                  "ann collected $7.66 from main pot\nbob collected $2.54")[0] == "disagree"
    # the fee is taken from the pot: a cent more of it leaves a cent less to share
    verdict, differences = result(1, "JP Fee $0.02", "JP Fee $0.03")
    assert verdict == "disagree" and "ann collected 7.65 on the site, 7.64" in differences[0]


def test_a_dead_small_blind_posted_with_the_big_one():
    r = hand(1)
    assert [3, "dead", 50] in r.posts and [3, "blind", 100] in r.posts
    assert r.final_stacks[3] == 1850


def test_run_it_twice_is_checked_run_by_run():
    r = hand(2)
    assert r.extra["site"]["boards"] == ["2c7d9hJs3d", "Qs8cTd6sKd"]
    assert verify(r).result == "agree"
    verdict, _ = result(2, "ann collected $20.25 from main pot 1\nbob collected $20.25 from "
                        "main pot 1", "ann collected $40.50 from main pot 1")
    assert verdict == "disagree"


def test_a_tournament_seat_draw_antes_and_a_win_written_only_in_the_summary():
    r = hand(3)
    assert r.holes[1] is None and r.holes[0] == "Ks9h3dTh"     # the draw's cards ignored
    assert [p[1] for p in r.posts].count("ante") == 3
    assert r.extra["site"]["collected"] == [[0, 0, 125, None]]
    assert r.final_stacks == [1570, 1485, 1445] + [None] * 6
    assert result(3, "did not show and won 125.00", "did not show and won 124.00")[0] == \
        "disagree"


def test_fixed_limit_stakes_are_the_bets_and_a_scoop_is_one_line():
    r = hand(4)
    assert (r.small_bet, r.big_bet, r.blinds) == (200, 400, [100, 200])
    assert r.holes[0] == "Kd4c9s6s"                          # mucked, named in the summary
    assert verify(r).result == "agree"


def test_a_line_moving_chips_in_an_unknown_form_is_unreadable():
    text = TEXT.replace("bob checks\nann bets $2.00", "bob checks\nann pays $2.00")
    item = next(i for i in read_winning(text, "w.txt") if i.id == "700000004")
    assert isinstance(item, UnreadableHand) and "ann pays $2.00" in str(item.error)


def test_sniffed_and_replayed_from_utf16_with_crlf(tmp_path, capsys):
    path = tmp_path / "acr.txt"
    path.write_bytes(TEXT.replace("\n", "\r\n").encode("utf-16"))
    text = decode_history(path.read_bytes())
    assert site_format(text) == "wpn" and len(read_site(text, "acr.txt")) == 6
    assert main(["replay", "--json", str(path)]) == 0
    out = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert out[0]["format"] == "wpn"
    assert out[-1]["summary"] == {"agreed": 5, "disagreed": 0, "refused": 0, "skipped": 1,
                                  "unreadable": 0, "unchecked": 0,
                                  "skipped_as": {"Holdem(No Limit)": 1}}


# ----------------------------------------------------------- the older format (to 2019)
CLASSIC = (Path(__file__).parent / "data" / "sites" / "wpn_classic_conventions.txt").read_text()


def classic(number: int, text: str = CLASSIC):
    return next(r for r in loads_winning(text, "c.txt") if r.id == f"60000000{number}")


def test_the_older_format_agrees_and_skips_capped_tables_and_other_games():
    items = read_winning(CLASSIC, "c.txt")
    assert [i.game for i in items if isinstance(i, SkippedHand)] == [
        "capped game: Ours - CAP - 6-Max", "Hold'em"]
    assert [verify(r).result for r in items if not isinstance(r, SkippedHand)] == \
        ["agree", "agree"]
    assert site_format(CLASSIC) == "wpn"


def test_older_amounts_are_added_and_collections_come_from_the_summary():
    r = classic(2)
    assert r.structure == "no-limit"                  # no structure is written
    assert [0, "raise_to", 1200] in r.actions and [3, "raise_to", 3400] in r.actions
    assert [0, "all_in", 11600] in r.actions and r.board == "8hTd6cAh2s"
    assert r.table_size == 6
    assert r.extra["site"]["collected"] == [[0, 0, 29850, None]]
    assert verify(classic(2, CLASSIC.replace("Collects: 298.50. Wins: 148.50",
                                             "Collects: 298. Wins: 148"))).result == "disagree"


def test_older_hole_cards_one_a_line_sitting_out_and_a_seat_that_never_acts():
    r = classic(1)
    assert r.holes[0] == "KdKsTd9h" and r.holes[3] == "Ac2cQdQs"
    assert r.stacks[4] is None and r.stacks[5] is None     # dee sat out, eve never acted
    assert r.extra["site"]["rake"] == 25                    # the rake and the jackpot fee
    assert verify(r).pots[0]["replayed"] == {"ann": 250, "cy": 250}


def test_older_summary_bets_must_match_the_play_and_a_disconnection_is_refused():
    bad = CLASSIC.replace("Bets: 1.75. Collects: 0. Loses: 1.75.",
                          "Bets: 1.50. Collects: 0. Loses: 1.50.")
    item = read_winning(bad, "c.txt")[0]
    assert isinstance(item, UnreadableHand) and "the summary says bob bet 1.50" in \
        str(item.error)
    gone = CLASSIC.replace("Player ann allin (116)", "Player ann is disconnected and ALL IN.")
    item = read_winning(gone, "c.txt")[1]
    assert isinstance(item, UnreadableHand) and "disconnection" in str(item.error)


def test_six_card_hi_lo_is_another_game():
    text = TEXT.replace("5Card Omaha H/L(Pot Limit)", "6Card Omaha H/L(Pot Limit)").replace(
        "[Ac Tc Qc Js Qd]", "[Ac Tc Qc Js Qd 2c]")
    skipped = [i.game for i in read_winning(text, "w.txt") if isinstance(i, SkippedHand)]
    assert skipped[0] == "6Card Omaha H/L(Pot Limit)"


def test_a_one_chip_odd_chip_difference_is_reported_as_such():
    # a pot of $10.21 (a cent less rake): the rule book gives the odd cent to the high
    # half (ann), WPN's real hands give it sometimes to the low: no rule can be told, so
    # the one cent is reported as what it is, not as a disagreement
    chunk = TEXT[TEXT.index("Hand #700000001"):TEXT.index("Hand #700000002")]
    odd = chunk.replace("Total pot $10.20 | Rake $0.28", "Total pot $10.21 | Rake $0.27")
    assert verify(hand(1, odd.replace("$7.65", "$7.66"))).result == "agree"
    v = verify(hand(1, odd.replace("$2.55", "$2.56")))     # the odd cent to the low half
    assert v.result == "odd chip", v.differences
    assert "hand 700000001, pot: ann collected 7.65 on the site, 7.66 in the replay" in \
        v.differences
    # two cents moved are a disagreement, and so is one cent created
    assert verify(hand(1, odd.replace("$7.65", "$7.64").replace("$2.55", "$2.57"))
                  ).result == "disagree"
    assert verify(hand(1, odd.replace("$7.65", "$7.66").replace("$2.55", "$2.56"))
                  ).result == "disagree"
    # an even pot has no odd chip: one cent moved there is a disagreement
    assert verify(hand(1, chunk.replace("$7.65", "$7.66").replace("$2.55", "$2.54"))
                  ).result == "disagree"


def test_the_command_counts_an_odd_chip_apart_and_fails_nothing(tmp_path, capsys):
    chunk = TEXT[TEXT.index("Hand #700000001"):TEXT.index("Hand #700000002")]
    path = tmp_path / "w.txt"
    path.write_text(chunk.replace("Total pot $10.20 | Rake $0.28", "Total pot $10.21 | Rake $0.27")
                    .replace("$2.55", "$2.56"))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "ODD CHIP: hand 700000001, pot: ann collected 7.65" in out[0]
    assert out[-1] == ("0 of 1 hands agree: 0 agreed, 0 disagreed, 1 differ by an odd chip "
                       "(the site's rule not known), 0 refused, 0 skipped, 0 unreadable")
    assert main(["replay", "--json", str(path)]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert lines[0]["result"] == "odd chip" and lines[-1]["summary"]["odd_chip"] == 1


def test_a_jackpot_drop_beyond_the_rake_is_reported_as_one():
    # WPN keeps $0.25 of a cash pot beyond its stated rake: $10.20 less $0.25 is $9.95,
    # $4.98 high to ann, the $4.97 low quartered $2.49 to bob (left of the button), $2.48
    chunk = TEXT[TEXT.index("Hand #700000001"):TEXT.index("Hand #700000002")]
    dropped = chunk.replace("$7.65", "$7.46").replace("$2.55", "$2.49")
    v = verify(hand(1, dropped))
    assert v.result == "agree", v.differences
    assert v.notes == ("hand 700000001: a jackpot drop of 0.25 beyond the stated rake",)
    assert v.to_dict()["notes"] == list(v.notes)
    # 26 cents short is no drop WPN makes
    short = chunk.replace("$7.65", "$7.45").replace("$2.55", "$2.49")
    assert verify(hand(1, short)).result == "disagree"
