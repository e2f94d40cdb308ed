"""Five-card Omaha (Big O and five-card Omaha high) in the card-room readers: each site's
wording of the game (invented hands, one a site, in tests/data/sites/) is read, checked
pot by pot, and a hole of the wrong size is refused naming the game's count."""

from __future__ import annotations

from pathlib import Path

import pytest

from omaha_fast.cli import main
from omaha_fast.history.record import HandRecord
from omaha_fast.history.sitehand import SkippedHand, UnreadableHand, omaha_game
from omaha_fast.history.sites import read_site, site_format
from omaha_fast.history.verify import verify

DATA = Path(__file__).parent / "data" / "sites"

# (fixture, the format sniffed, the game read, the site's name of the game)
FIXTURES = [
    ("wpn_bigo.txt", "wpn", "bigo", "5Card Omaha H/L(Pot Limit)"),
    ("ggpoker_plo5.txt", "ggpoker", "omaha5", "PLO-5 ("),
    ("winamax_bigo.txt", "winamax", "bigo", "5 Card Omaha Hi/Lo pot limit"),
    ("winamax_omaha5.txt", "winamax", "omaha5", "Omaha5 pot limit"),
    ("partypoker_bigo.txt", "partypoker", "bigo", "PL 5 Card Omaha Hi-Lo"),
    ("ipoker_plo5.xml", "ipoker", "omaha5", "<gametype>PL $0.05/$0.10"),
    ("fulltilt_plo5.txt", "fulltilt", "omaha5", "- PL 5 Card Omaha Hi -"),
    ("pacific_bigo.txt", "888poker", "bigo", "Blinds Pot Limit OmahaHL -"),
    ("bovada_omaha5.txt", "bovada", "omaha5", "TBL#81 OMAHA Pot Limit -"),
]


def text_of(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def only(text: str):  # type: ignore[no-untyped-def]
    [item] = read_site(text, "five.txt")
    return item


@pytest.mark.parametrize("name, fmt, game, wording", FIXTURES)
def test_each_site_reads_its_five_card_hand_and_it_agrees(name, fmt, game, wording):
    text = text_of(name)
    assert wording in text and site_format(text) == fmt
    record = only(text)
    assert isinstance(record, HandRecord), record
    assert record.game == game
    shown = [h for h in record.holes if h]
    assert shown and all(len(h) == 10 for h in shown)
    v = verify(record)
    assert v.result == "agree", v.differences


@pytest.mark.parametrize("name", [f[0] for f in FIXTURES])
def test_the_replay_command_checks_each_five_card_fixture(name, capsys):
    assert main(["replay", str(DATA / name)]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("1 of 1 hands agree")


def test_a_straight_made_with_the_fifth_card_is_counted():
    # Hero's Ad Jd Jc 5c 3h makes the wheel with 5c and 3h (the fifth card) on 2d 4h Ac 7h
    # Qs, as 9c0d1e2f's 5d 3s does: the main pot is split, so the site's lines (which give
    # it all to 9c0d1e2f) disagree; with four cards Hero would have no straight
    text = text_of("ggpoker_plo5.txt").replace("Ad Jd Jc Ks Ah", "Ad Jd Jc 5c 3h")
    v = verify(only(text))
    assert v.result == "disagree"
    assert any("9c0d1e2f" in d for d in v.differences), v.differences


def test_a_wrong_amount_in_a_five_card_hand_is_caught():
    text = text_of("wpn_bigo.txt").replace("ann collected $7.65", "ann collected $7.55")
    item = only(text)
    assert isinstance(item, UnreadableHand) or verify(item).result == "disagree"


def test_a_big_o_hole_of_four_cards_is_refused_naming_the_game():
    text = text_of("wpn_bigo.txt").replace("Dealt to ann [Ah 2h Kd Qs Ac]",
                                           "Dealt to ann [Ah 2h Kd Qs]")
    item = only(text)
    assert isinstance(item, UnreadableHand)
    assert "4 hole cards dealt (bigo deals five)" in str(item.error)


@pytest.mark.parametrize("name, five, four", [
    ("ggpoker_plo5.txt", "PLO-5 (", "PLO ("),
    ("wpn_bigo.txt", "5Card Omaha H/L(", "Omaha H/L("),
    ("partypoker_bigo.txt", "PL 5 Card Omaha Hi-Lo", "PL Omaha Hi-Lo"),
])
def test_five_cards_under_a_four_card_name_are_refused(name, five, four):
    item = only(text_of(name).replace(five, four))
    assert isinstance(item, UnreadableHand)
    assert "5 hole cards dealt (Omaha deals four)" in str(item.error)


@pytest.mark.parametrize("wording, game", [("Omaha5", "omaha5"), ("5 Card Omaha", "omaha5"),
                                           ("5 Card Omaha Hi/Lo", "bigo"),
                                           ("Omaha5 Hi/Lo", "bigo"), ("5 Card Omaha8", "bigo")])
def test_every_winamax_five_card_name(wording, game):
    text = text_of("winamax_omaha5.txt").replace("- Omaha5 pot limit", f"- {wording} pot limit")
    record = only(text)
    assert isinstance(record, HandRecord) and record.game == game


@pytest.mark.parametrize("old, new, game", [("PLO-5 (", "PLO-6 (", "omaha6"),
                                            ("PLO-5 (", "PLO-6 Hi/Lo (", None),
                                            ("PLO-5 (", "PLO-7 (", None)])
def test_ggpoker_six_and_seven_card_names(old, new, game):
    # the six-card name is read as six-card Omaha high (here the holes are five cards, so
    # the hand is refused naming six); six-card hi/lo and seven cards are other games
    item = only(text_of("ggpoker_plo5.txt").replace(old, new))
    if game is None:
        assert isinstance(item, SkippedHand)
    else:
        assert isinstance(item, UnreadableHand)
        assert "(omaha6 deals six)" in str(item.error)


def test_an_ipoker_game_with_no_name_is_omaha_only_with_five_pockets():
    text = text_of("ipoker_plo5.xml")
    for five, four in [("SK CK D6 S7 C5", "SK CK D6 S7"), ("HQ C2 D10 H4 S2", "HQ C2 D10 H4"),
                       ("CQ D7 S10 H9 D4", "CQ D7 S10 H9"), ("X X X X X", "X X X X")]:
        text = text.replace(five, four)
    item = only(text)
    assert isinstance(item, SkippedHand) and item.game == "PL $0.05/$0.10"


def test_full_tilt_wins_with_the_fifth_card_and_names_six_cards():
    text = text_of("fulltilt_plo5.txt")
    # sam's straight is 3s 5c (the fifth card) with 4h 6c 7s: with Kd in its place he has
    # a pair of jacks against tia's queens, and the site's award to him disagrees
    assert verify(only(text.replace("Jd Jc 5c", "Jd Jc Kd"))).result == "disagree"
    # the six-card name is read as six-card Omaha; a hole shown of five cards is then only
    # a part of one (the hand stays unknown), and six-card hi/lo is another game
    six = only(text.replace("5 Card Omaha Hi", "6 Card Omaha Hi"))
    assert isinstance(six, HandRecord) and six.game == "omaha6" and six.holes == [None, None]
    four = only(text.replace("5 Card Omaha Hi", "Omaha Hi"))
    assert isinstance(four, UnreadableHand)
    assert "5 hole cards shown (Omaha deals four): sam shows 2d3sJdJc5c" in str(four.error)
    assert isinstance(only(text.replace("5 Card Omaha Hi", "6 Card Omaha H/L")), SkippedHand)


def test_the_engine_games_of_the_sites_names():
    assert [omaha_game(n, hilo) for n in (4, 5, 6) for hilo in (True, False)] == [
        "hilo", "high", "bigo", "omaha5", None, "omaha6"]


# 888poker and Bovada: no real five-card history of theirs was found. A name with a count
# ("Pot Limit 5 Card OmahaHL") is read as it says; a name with none as the hole cards dealt
# (or, with nobody dealt in the file, shown) say.
PACIFIC_ANN = "Dealt to ann [ Ah, 2h, Kd, 9s, Qs ]"


@pytest.mark.parametrize("wording, game", [
    ("Pot Limit 5 Card OmahaHL", "bigo"), ("Pot Limit Five Card Omaha Hi/Lo", "bigo"),
    ("Pot Limit 5-Card Omaha Hi-Lo", "bigo"), ("Pot Limit 5 Card Omaha", "omaha5"),
    ("No Limit Omaha", "omaha5")])
def test_every_888poker_five_card_name(wording, game):
    text = text_of("pacific_bigo.txt").replace("Pot Limit OmahaHL", wording)
    record = only(text)
    assert isinstance(record, HandRecord) and record.game == game


def test_888poker_with_nobody_dealt_in_the_file_takes_the_count_shown():
    text = text_of("pacific_bigo.txt").replace(PACIFIC_ANN + "\n", "")
    record = only(text)
    assert isinstance(record, HandRecord) and record.game == "bigo"
    assert verify(record).result == "agree"


def test_888poker_four_cards_under_a_five_card_name_are_refused():
    text = text_of("pacific_bigo.txt").replace("Pot Limit OmahaHL", "Pot Limit 5 Card OmahaHL")
    item = only(text.replace(PACIFIC_ANN, "Dealt to ann [ Ah, 2h, Kd, 9s ]"))
    assert isinstance(item, UnreadableHand)
    assert "4 hole cards dealt (bigo deals five)" in str(item.error)


def test_888poker_a_show_of_more_cards_than_dealt_is_refused():
    text = text_of("pacific_bigo.txt").replace(PACIFIC_ANN, "Dealt to ann [ Ah, 2h, Kd, 9s ]")
    item = only(text.replace("Blinds Pot Limit OmahaHL", "Blinds Pot Limit Omaha Hi/Lo"))
    assert isinstance(item, UnreadableHand)
    assert "5 hole cards shown (Omaha deals four)" in str(item.error)


@pytest.mark.parametrize("name, six, expected", [
    ("Pot Limit Omaha", True, "omaha6"), ("Pot Limit OmahaHL", True, None),
    ("Pot Limit 6 Card Omaha", False, "refused"), ("Pot Limit Six Card OmahaHL", False, None)])
def test_888poker_six_cards(name, six, expected):
    text = text_of("pacific_bigo.txt").replace("Pot Limit OmahaHL", name)
    if six:
        text = text.replace(PACIFIC_ANN, "Dealt to ann [ Ah, 2h, Kd, 9s, Qs, 4c ]")
    item = only(text)
    if expected is None:              # six-card hi/lo: skipped, naming the count
        assert isinstance(item, SkippedHand) and "6" in item.game
    elif expected == "refused":       # five cards dealt under a six-card name
        assert isinstance(item, UnreadableHand)
        assert "5 hole cards dealt (omaha6 deals six)" in str(item.error)
    else:      # six-card high; the five cards each player showed are a part of his hand
        assert isinstance(item, HandRecord) and item.game == expected
        assert item.holes[0] == "Ah2hKd9sQs4c"


def test_bovada_wins_with_the_fifth_card():
    # the small blind's straight is Jd 9h (the fifth card) with Th 8s 7s, above the
    # dealer's 9c 6c; with 2h in its place he has three jacks, and the site's award to him
    # disagrees
    text = text_of("bovada_omaha5.txt")
    v = verify(only(text.replace("[Jd Jc 4h 3h 9h]", "[Jd Jc 4h 3h 2h]")))
    assert v.result == "disagree"
    assert any("Small Blind" in d for d in v.differences), v.differences


@pytest.mark.parametrize("old, new, expected", [
    ("OMAHA Pot Limit", "OMAHA HiLo Pot Limit", "bigo"),
    ("OMAHA Pot Limit", "5 Card OMAHA Pot Limit", "omaha5"),
    ("[Ah Ad 9c 6c Kc]", "[Ah Ad 9c 6c]", "5 hole cards dealt (Omaha deals four)"),
    ("[Ah Ad 9c 6c Kc]", "[Ah Ad 9c 6c Kc 5h]", "5 hole cards dealt (omaha6 deals six)"),
])
def test_bovada_names_and_counts(old, new, expected):
    # with no count in the name, the first dealt line gives it; the others must agree
    item = only(text_of("bovada_omaha5.txt").replace(old, new))
    if expected in ("bigo", "omaha5"):
        assert isinstance(item, HandRecord) and item.game == expected
    else:
        assert isinstance(item, UnreadableHand) and expected in str(item.error)


def test_bovada_four_cards_under_a_five_card_name_are_refused():
    text = text_of("bovada_omaha5.txt").replace("OMAHA Pot Limit", "5 Card OMAHA Pot Limit")
    for five, four in [("Ah Ad 9c 6c Kc", "Ah Ad 9c 6c"), ("Jd Jc 4h 3h 9h", "Jd Jc 4h 3h"),
                       ("Ks Kd 2c 3c 4d", "Ks Kd 2c 3c")]:
        text = text.replace(f"[{five}]", f"[{four}]")
    item = only(text)
    assert isinstance(item, UnreadableHand)
    assert "4 hole cards dealt (omaha5 deals five)" in str(item.error)


def test_bovada_six_card_hi_lo_is_skipped_and_six_card_high_read():
    text = text_of("bovada_omaha5.txt")
    for five, six in [("Ah Ad 9c 6c Kc", "Ah Ad 9c 6c Kc 5h"),
                      ("Jd Jc 4h 3h 9h", "Jd Jc 4h 3h 9h 5d"),
                      ("Ks Kd 2c 3c 4d", "Ks Kd 2c 3c 4d 5c")]:
        text = text.replace(f"[{five}]", f"[{six}]")
    record = only(text)
    assert isinstance(record, HandRecord) and record.game == "omaha6"
    assert verify(record).result == "agree"
    skipped = only(text.replace("OMAHA Pot Limit", "OMAHA HiLo Pot Limit"))
    assert isinstance(skipped, SkippedHand)
    assert skipped.game == "OMAHA HiLo Pot Limit (6 hole cards)"
