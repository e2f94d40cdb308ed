"""PokerStars and Full Tilt histories: the fixtures (typed from the formats' documented
examples, with amounts worked out by hand) replay and agree pot by pot and half by half;
a wrong amount is caught and named; bad input is one line and exit status 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from omaha_fast.cli import main
from omaha_fast.errors import OmahaError
from omaha_fast.history.fulltilt import loads_fulltilt
from omaha_fast.history.pokerstars import loads_pokerstars, read_pokerstars
from omaha_fast.history.sitehand import SiteFormatError, SkippedHand, to_chips
from omaha_fast.history.sites import decode_history, read_site
from omaha_fast.history.verify import verify

DATA = Path(__file__).parent / "data" / "sites"
CASH = DATA / "pokerstars_plo8_cash.txt"
MIXED = DATA / "pokerstars_horse_mixed.txt"
TOURNAMENT = DATA / "pokerstars_tournament_bom_crlf.txt"
PLAY = DATA / "pokerstars_play_money.txt"
FULLTILT = DATA / "fulltilt_o8_utf16.txt"
WRITTEN = DATA / "pokerstars_written_by_omaha_fast.txt"


def records(path: Path) -> list:
    return [r for r in read_site(decode_history(path.read_bytes()), path.name)
            if not isinstance(r, SkippedHand)]


def by_id(path: Path, hand_id: str):
    return next(r for r in records(path) if r.id == hand_id)


@pytest.mark.parametrize("path", [CASH, MIXED, TOURNAMENT, PLAY, FULLTILT, WRITTEN],
                         ids=lambda p: p.name)
def test_every_omaha_hand_of_the_fixtures_agrees(path):
    verdicts = [verify(r) for r in records(path)]
    assert verdicts and all(v.result == "agree" for v in verdicts), \
        [v.differences for v in verdicts]


def test_a_quartered_pot_with_rake():
    v = verify(by_id(CASH, "100000000001"))
    [pot] = v.pots
    assert pot["rake"] == 5 and pot["amount"] == 120
    assert pot["replayed"] == {"Alice": 87, "Bob": 28}
    # high 58 to the set of kings; the low 57 split 29/28, the odd cent to the first seat
    # left of the button
    assert pot["halves"] == [{"player": "Alice", "half": "high", "amount": 58},
                             {"player": "Alice", "half": "low", "amount": 29},
                             {"player": "Bob", "half": "low", "amount": 28}]


def test_no_qualifying_low_gives_the_whole_pot_to_the_high():
    record = by_id(CASH, "100000000002")
    assert record.extra["site"]["no_low"]
    [pot] = verify(record).pots
    assert pot["halves"] == [{"player": "Cara", "half": "high", "amount": 360}]


def test_side_pots_with_a_low_in_the_main_pot_only():
    v = verify(by_id(CASH, "100000000003"))
    main_pot, side = v.pots
    assert (main_pot["amount"], main_pot["rake"], side["amount"], side["rake"]) == \
        (480, 25, 600, 25)               # each pot's rake as the summary lists the pots
    assert main_pot["replayed"] == {"Cara": 228, "Alice": 227}
    assert side["halves"] == [{"player": "Cara", "half": "high", "amount": 575}]


def test_a_walk_returns_the_uncalled_small_blind_difference():
    record = by_id(CASH, "100000000004")
    assert record.extra["site"]["returned"] == [[2, 5]]
    assert verify(record).pots[0]["replayed"] == {"Cara": 10}


def test_sitting_out_players_are_not_dealt_in():
    record = by_id(CASH, "100000000003")
    assert record.stacks[5] is None and record.extra["site"]["names"][5] == "Eli"


def test_a_mixed_game_file_skips_the_other_games_and_counts_them():
    items = read_pokerstars(MIXED.read_text(), MIXED.name)
    skipped = [i.game for i in items if isinstance(i, SkippedHand)]
    assert skipped == ["HORSE (Razz Limit, $2/$4)", "HORSE (Hold'em Limit, $2/$4)"]
    limit = by_id(MIXED, "200000000004")
    assert (limit.structure, limit.small_bet, limit.big_bet, limit.blinds) == \
        ("fixed-limit", 200, 400, [100, 200])
    # "posts small & big blinds $3": the small blind dead, the big blind live
    assert [p for p in limit.posts if p[0] == 5] == [[5, "dead", 100], [5, "blind", 200]]


def test_tournament_chips_antes_bom_and_crlf():
    raw = TOURNAMENT.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf") and b"\r\n" in raw
    [record] = records(TOURNAMENT)
    site = record.extra["site"]
    assert (site["currency"], site["scale"], site["tournament"]) == ("chips", 1, "400000001")
    assert [p for p in record.posts if p[1] == "ante"] == [[0, "ante", 5], [1, "ante", 5],
                                                          [2, "ante", 5]]
    assert record.final_stacks[:3] == [2430, 1370, 0]


def test_play_money_is_whole_chips():
    [record] = records(PLAY)
    assert record.extra["site"]["currency"] == "play" and record.structure == "no-limit"
    assert record.blinds == [50, 100] and record.stacks[2] == 10000


def test_full_tilt_names_with_spaces_halves_and_utf16():
    assert FULLTILT.read_bytes().startswith(b"\xff\xfe")
    first, second = records(FULLTILT)
    assert first.extra["site"]["names"][:3] == ["Ann Lee", "bob", "Cy"]
    assert [c[1:] for c in first.extra["site"]["collected"]] == [[2, 570, "high"],
                                                                [1, 570, "low"]]
    assert [a for a in second.actions if a[1:2] == ["all_in"]] == [[0, "all_in", 250]]
    assert verify(second).pots[0]["replayed"] == {"zed": 238, "Mike M": 237}


def test_a_wrong_collected_amount_is_named_with_the_pot_and_both_amounts(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text(CASH.read_text().replace("Bob collected $0.28 from pot",
                                            "Bob collected $0.27 from pot"))
    assert main(["replay", str(bad)]) == 1
    out = capsys.readouterr().out
    assert ("hand 100000000001, pot: Bob collected 0.27 on the site, 0.28 in the replay"
            in out)
    assert out.splitlines()[-1].startswith("3 of 4 hands agree: 3 agreed, 1 disagreed")


def test_a_wrong_half_is_caught_even_when_the_total_agrees(tmp_path):
    text = MIXED.read_text().replace("Kim collected $23 from pot\nKim collected $23 from pot",
                                     "Kim collected $24 from pot\nKim collected $22 from pot")
    [record] = [r for r in loads_pokerstars(text) if r.id == "200000000004"]
    differences = verify(record).differences
    assert len(differences) == 1 and "the halves differ" in differences[0]


def test_replay_json_gives_one_object_per_hand_and_the_counts(capsys):
    assert main(["replay", "--json", str(MIXED), str(FULLTILT)]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [d.get("result") for d in lines[:-1]] == ["skipped", "agree", "skipped", "agree",
                                                     "agree", "agree", "skipped"]
    hand = lines[1]
    assert hand["id"] == "200000000002" and hand["format"] == "pokerstars"
    assert hand["pots"][0]["recorded"] == {"Hal": 850} == hand["pots"][0]["replayed"]
    assert hand["recorded_stacks"] == hand["replayed_stacks"]
    assert lines[-1] == {"summary": {"agreed": 4, "disagreed": 0, "refused": 0,
                                     "skipped": 3, "unreadable": 0, "unchecked": 0,
                                     "skipped_as": {"HORSE (Razz Limit, $2/$4)": 1,
                                                    "HORSE (Hold'em Limit, $2/$4)": 1,
                                                    "No Limit Hold'em": 1}}}


def test_an_unreadable_hand_is_one_line_naming_its_line_and_exits_2(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text(CASH.read_text().replace("Bob: bets $0.30", "Bob: bets $0.3x"))
    assert main(["replay", str(bad)]) == 2
    captured = capsys.readouterr()
    out = captured.out.splitlines()
    assert captured.err.count("\n") == 1 and captured.err.startswith(
        "omaha-fast replay: error: 1 hand could not be read; the first: bad.txt: line 15")
    [line] = [ln for ln in out if ln.startswith("UNREADABLE")]
    assert "bad.txt: line 15: hand 100000000001: unreadable action: Bob: bets $0.3x" in line
    assert out[-1].endswith("1 unreadable")


def test_an_action_the_engine_refuses_names_its_line(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text(CASH.read_text().replace("Bob: bets $0.30\nCara: calls $0.30",
                                            "Bob: bets $3\nCara: calls $3"))
    assert main(["replay", str(bad)]) == 1
    out = capsys.readouterr().out
    assert ("100000000001: REFUSED: bad.txt: 100000000001: line 15: bet 300 is not allowed"
            in out)


def test_amounts_are_exact():
    assert to_chips("$1,234.56", 100) == 123456 and to_chips("€0.07", 100) == 7
    with pytest.raises(SiteFormatError, match="finer than one chip"):
        to_chips("10.5", 1)
    assert issubclass(SiteFormatError, OmahaError) and issubclass(SiteFormatError, ValueError)


def test_a_text_that_is_no_site_history_is_refused():
    with pytest.raises(SiteFormatError, match="no PokerStars hand header"):
        loads_pokerstars("hello")
    with pytest.raises(SiteFormatError, match="no Full Tilt hand header"):
        loads_fulltilt("hello")


def test_a_tournament_player_sitting_out_is_dealt_in_when_he_acts():
    text = decode_history(TOURNAMENT.read_bytes())
    text = text.replace("Seat 3: Cyd (900 in chips)\r\n",
                        "Seat 3: Cyd (900 in chips)\r\nSeat 4: Dee (500 in chips) is sitting "
                        "out\r\nSeat 5: Eve (700 in chips) is sitting out\r\n")
    text = text.replace("Aki: raises 125", "Dee: folds\r\nAki: raises 125")
    text = text.replace("Cyd: posts the ante 5\r\n", "Cyd: posts the ante 5\r\n"
                        "Dee: posts the ante 5\r\n")
    text = text.replace("Total pot 1830", "Total pot 1835").replace("won (1830)", "won (1835)")
    text = text.replace("Aki collected 915 from pot\r\nAki collected 915",
                        "Aki collected 918 from pot\r\nAki collected 917")
    [record] = loads_pokerstars(text)
    assert record.stacks[3] == 500 and record.stacks[4] is None   # Eve never played
    v = verify(record)
    assert v.result == "agree", v.differences
    assert v.replayed[:5] == [1500 - 180 - 720 + 1835, 1370, 0, 495, None]


def test_an_unwritten_uncalled_bet_and_win_line_come_from_the_summary():
    text = CASH.read_text()
    walk = text[text.index("PokerStars Hand #100000000004"):]
    bare = (walk.replace("Uncalled bet ($0.05) returned to Cara\n", "")
            .replace("Cara collected $0.10 from pot\n", ""))
    [record] = loads_pokerstars(bare)
    assert record.extra["site"]["returned"] == [[2, 5]]
    assert record.extra["site"]["collected"] == [[0, 2, 10, None]]
    assert verify(record).result == "agree"


def test_a_hand_run_twice_without_its_second_board_is_reported_not_guessed():
    text = CASH.read_text().replace("*** FLOP *** [2c 3d Kh]", "*** FIRST FLOP *** [2c 3d Kh]")
    with pytest.raises(SiteFormatError, match="line 1: hand 100000000001: a hand run twice "
                                              "needs both boards"):
        loads_pokerstars(text, "rit.txt")


def test_a_partial_show_leaves_the_hand_unknown():
    text = CASH.read_text().replace("Cara: doesn't show hand", "Cara: shows [Qd]")
    assert verify(by_id_text(text, "100000000004")).result == "agree"


def by_id_text(text: str, hand_id: str):
    return next(r for r in loads_pokerstars(text) if r.id == hand_id)
