"""Bovada / Ignition histories (anonymous seats): each convention of the format (invented
hands, amounts worked out by hand) is read and checked to the chip, and a wrong amount in
each is caught."""

from __future__ import annotations

import re
from pathlib import Path

from omaha_fast.cli import main
from omaha_fast.history.bovada import loads_bovada, read_bovada
from omaha_fast.history.sitehand import SkippedHand, UnreadableHand
from omaha_fast.history.sites import decode_history, site_format
from omaha_fast.history.verify import verify

FIXTURE = Path(__file__).parent / "data" / "sites" / "bovada_conventions.txt"
TEXT = FIXTURE.read_text()


def hand(number: int, text: str = TEXT):
    return next(r for r in loads_bovada(text, "b.txt") if r.id == f"80000000{number}")


def chunk(number: int) -> str:
    start = TEXT.index(f"Bovada Hand #80000000{number}")
    end = TEXT.find("Bovada Hand #", start + 1)
    return TEXT[start:end if end > 0 else len(TEXT)]


def result(number: int, old: str, new: str) -> tuple[str, list[str]]:
    """The check of one hand of the fixture with ``old`` replaced by ``new`` in it."""
    assert old in chunk(number)
    v = verify(hand(number, chunk(number).replace(old, new)))
    return v.result, v.differences


def test_every_omaha_hand_agrees_and_other_games_are_counted():
    items = read_bovada(TEXT, "b.txt")
    assert [i.game for i in items if isinstance(i, SkippedHand)] == ["HOLDEM No Limit"]
    checked = [verify(r) for r in items if not isinstance(r, SkippedHand)]
    assert [v.result for v in checked] == ["agree"] * 5, [v.differences for v in checked]
    # the last hand is dealt five cards under "OMAHA HiLo": Big O
    assert [r.game for r in items if not isinstance(r, SkippedHand)][-1] == "bigo"


def test_anonymous_places_every_hole_card_and_the_rake_left_unwritten():
    r = hand(1)
    assert r.extra["site"]["names"][:4] == ["Dealer", "Small Blind", "Big Blind [ME]", "UTG"]
    assert r.holes[:4] == ["Ah2hKdQs", "As2cJdJc", "8h8dTcJs", "9c9s6h6d"]
    assert r.extra["site"]["rake"] == 38             # $9 went in, $8.62 was paid
    assert [3, "blind", 50] in r.posts                # "Posts chip": a live big blind
    assert result(1, "Dealer : Hand result $6.47", "Dealer : Hand result $6.57")[0] == \
        "disagree"                                    # another winner, not another rake


def test_a_low_half_is_shared_in_whole_cents_and_its_odd_cent_goes_high():
    # $8.62: the low half of $4.31 gives the two low winners $2.15 each, and the odd cent
    # goes to the high half ($4.32), as Bovada pays (the engine would pay $2.16 and $2.15)
    v = verify(hand(1))
    assert v.pots[0]["replayed"] == {"Dealer": 647, "Small Blind": 215}
    assert result(1, "Dealer : Hand result $6.47\nSmall Blind : Hand result $2.15",
                  "Dealer : Hand result $6.46\nSmall Blind : Hand result $2.16")[0] == \
        "disagree"


def test_all_in_forms_a_side_pot_and_the_rake_line():
    r = hand(2)
    assert [0, "all_in", 2000] in r.actions and [1, "all_in", 5000] in r.actions
    # each pot raked: what the main and the side pot paid gives each pot's rake
    assert r.extra["site"]["rake"] == 300 and r.extra["site"]["pots"] == [5800, 5925]
    assert verify(r).pots[0]["replayed"] == {"UTG": 5800, "Dealer [ME]": 5925}
    assert result(2, "Hand result-Side pot $59.25", "Hand result-Side pot $58")[0] == \
        "disagree"


def test_a_tournament_level_antes_and_chips():
    r = hand(3)
    assert r.extra["site"]["tournament"] == "4242" and r.blinds == [15, 30]
    assert [p[1] for p in r.posts].count("ante") == 2 and r.stacks[:2] == [830, 2170]
    assert result(3, "Big Blind [ME] : Hand Result 35", "Big Blind [ME] : Hand Result 36")[0] \
        == "disagree"


def test_a_dead_button_a_dead_chip_and_a_seat_dealt_nothing():
    r = hand(4)
    assert r.button == 1 and r.stacks[1] is None      # the button's seat is empty
    assert r.stacks[5] is None                        # waiting for the big blind
    assert [0, "dead", 2] in r.posts and [0, "blind", 5] in r.posts
    assert r.final_stacks[0] == 509


def test_older_files_without_street_lines_are_refused_with_the_reason():
    old = re.sub(r"\*\*\* (FLOP|TURN|RIVER) \*\*\*[^\n]*\n", "", chunk(1))
    [item] = read_bovada(old, "b.txt")
    assert isinstance(item, UnreadableHand)
    assert "older files write no street lines" in str(item.error)


def test_sniffed_and_replayed_as_utf16(tmp_path, capsys):
    path = tmp_path / "bovada.txt"
    path.write_bytes(TEXT.replace("\n", "\r\n").encode("utf-16"))
    assert site_format(decode_history(path.read_bytes())) == "bovada"
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        "5 of 5 hands agree: 5 agreed, 0 disagreed, 0 refused, 1 skipped (1 HOLDEM No Limit), "
        "0 unreadable")


def test_time_outs_and_automatic_folds_are_actions():
    text = chunk(1).replace("UTG : Folds", "UTG : Folds (auth)").replace(
        "Small Blind : Calls $1.25", "Small Blind : Call(timeout) $1.25")
    assert verify(hand(1, text)).result == "agree"
    [item] = read_bovada(text.replace("Folds (auth)", "Folds (robot)"), "b.txt")
    assert isinstance(item, UnreadableHand)


def test_a_tournament_header_with_the_speed_is_read_as_pot_limit():
    # real tournament headers write the speed where the limit would be: every such hand
    # was skipped as another game, unchecked, with exit 0
    for speed in ("Normal", "Turbo", "Super Turbo"):
        text = chunk(3).replace("Pot Limit- Level 2", f"{speed}- Level 2")
        [r] = read_bovada(text, "b.txt")
        assert not isinstance(r, (SkippedHand, UnreadableHand)), r
        assert r.structure == "pot-limit" and r.blinds == [15, 30]
        assert verify(r).result == "agree"
    # an Omaha header in a form the reader does not know is unreadable, never skipped
    [item] = read_bovada(chunk(3).replace("Pot Limit- Level 2", "PotLimit Level 2"), "b.txt")
    assert isinstance(item, UnreadableHand)
    assert "line 1: hand 800000003: an Omaha header the reader does not know" in str(item.error)
