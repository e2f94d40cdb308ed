"""Conventions of real card-room histories beyond the basics: hands run twice (PokerStars
and Full Tilt), archives and exports with a preamble or indented lines, Full Tilt's later
PokerStars-style histories, capitals in the header, UTF-16 files with a stray byte,
players sitting out named only in the summary, cancelled hands, a fold with nothing to
call, and what converted histories do with a second small blind and an uncalled bet."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from omaha_fast.cli import main
from omaha_fast.history.fulltilt import loads_fulltilt
from omaha_fast.history.pokerstars import loads_pokerstars, read_pokerstars
from omaha_fast.history.replay import ReplayError, replay
from omaha_fast.history.sitehand import SiteFormatError, SkippedHand, UnreadableHand
from omaha_fast.history.sites import decode_history, read_site, site_format
from omaha_fast.history.verify import verify

DATA = Path(__file__).parent / "data" / "sites"
STARS_TWICE = DATA / "pokerstars_run_twice.txt"
TILT_TWICE = DATA / "fulltilt_run_twice_sitting_out.txt"
CONVENTIONS = DATA / "pokerstars_conventions.txt"


def items(path: Path) -> dict:
    return {i.id: i for i in read_site(decode_history(path.read_bytes()), path.name)}


def test_a_pokerstars_hand_run_twice_is_checked_run_by_run():
    [record] = loads_pokerstars(STARS_TWICE.read_text())
    assert record.extra["site"]["boards"] == ["8d5cKh2sQc", "8d5cKh3h9d"]
    v = verify(record)
    assert v.result == "agree", v.differences
    [pot] = v.pots
    assert pot["replayed"] == {"Bob": 1202, "Ann": 1201}      # the first run: the odd cent
    runs = {(h["run"], h["player"], h["half"]): h["amount"] for h in pot["halves"]}
    assert runs == {(1, "Bob", "high"): 601, (1, "Bob", "low"): 301, (1, "Ann", "low"): 300,
                    (2, "Ann", "high"): 601, (2, "Bob", "low"): 300, (2, "Ann", "low"): 300}
    assert v.replayed[:3] == [1968, 1202, 2950]


def test_a_wrong_run_is_caught_even_when_the_totals_agree():
    # Bob and Ann swap their low quarters between the runs: same totals, wrong runs
    text = STARS_TWICE.read_text().replace(
        "Bob collected $3.01 from pot\nAnn collected $3 from pot",
        "Bob collected $3 from pot\nAnn collected $3 from pot").replace(
        "Ann collected $6.01 from pot\nBob collected $3 from pot",
        "Ann collected $6.01 from pot\nBob collected $3.01 from pot")
    v = verify(loads_pokerstars(text)[0])
    assert v.result == "disagree"
    assert v.differences == ["hand 300000000001, pot: the halves differ: site run 1: Ann 3.00, "
                             "run 1: Bob 3.00, run 1: Bob 6.01, run 2: Ann 3.00, run 2: Ann "
                             "6.01, run 2: Bob 3.01, replay run 1: Ann 3.00, run 1: Bob 3.01, "
                             "run 1: Bob 6.01, run 2: Ann 3.00, run 2: Ann 6.01, run 2: Bob "
                             "3.00"]


def test_a_board_run_three_times_is_reported_with_its_line():
    text = STARS_TWICE.read_text().replace("*** SECOND RIVER *** [8d 5c Kh 3h] [9d]",
                                           "*** SECOND RIVER *** [8d 5c Kh 3h] [9d]\n"
                                           "*** THIRD RIVER *** [8d 5c Kh 3h] [Jd]")
    [item] = read_pokerstars(text, "three.txt")
    assert isinstance(item, UnreadableHand)
    assert str(item.error) == ("three.txt: line 21: hand 300000000001: a board run more than "
                               "twice, or in an unknown way: *** THIRD RIVER *** [8d 5c Kh 3h]"
                               " [Jd]")


def test_a_full_tilt_hand_run_twice_with_a_side_pot_for_one_player():
    hand = items(TILT_TWICE)["33300000001"]
    v = verify(hand)
    assert v.result == "agree", v.differences
    main_pot, side_pot = v.pots
    assert main_pot["rake"] == 200 and main_pot["replayed"] == {"eve": 2225, "dan": 2225}
    assert [h.get("run") for h in main_pot["halves"]] == [1, 2]
    assert side_pot["replayed"] == {"dan": 1500} and "run" not in side_pot["halves"][0]
    assert v.replayed[:4] == [16425, 2225, 20000, 5700]


def test_a_player_sitting_out_only_in_the_summary_is_not_dealt_in():
    hand = items(TILT_TWICE)["33300000002"]
    assert hand.stacks[3] is None                        # gus sat out all hand
    assert verify(hand).result == "agree"


def test_utf16_with_a_stray_byte_and_a_preamble(tmp_path, capsys):
    path = tmp_path / "tilt.txt"
    path.write_bytes(TILT_TWICE.read_text().replace("\n", "\r\n").encode("utf-16") + b"\n")
    assert site_format(decode_history(path.read_bytes())) == "fulltilt"
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        "2 of 2 hands agree: 2 agreed, 0 disagreed, 0 refused, 0 skipped, 0 unreadable")


def test_archives_exports_and_full_tilt_in_the_pokerstars_format(capsys):
    assert site_format(CONVENTIONS.read_text()) == "pokerstars"
    found = items(CONVENTIONS)
    zoom, tilt, cancelled, capitals, converted = (found[f"300000000{k}01"] for k in range(1, 6))
    assert isinstance(cancelled, SkippedHand) and cancelled.game.startswith("hand cancelled")
    assert tilt.extra["site"]["format"] == "fulltilt" and tilt.extra["site"]["currency"] == "play"
    assert capitals.structure == "fixed-limit" and capitals.game == "hilo"
    for record in (zoom, tilt, capitals, converted):
        assert verify(record).result == "agree", verify(record).differences
    assert main(["replay", "--json", str(CONVENTIONS)]) == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])["summary"]
    assert summary == {"agreed": 5, "disagreed": 0, "refused": 0, "skipped": 1,
                       "unreadable": 0, "unchecked": 0,
                       "skipped_as": {"hand cancelled: no chips moved": 1}}


def test_a_site_hand_may_fold_with_nothing_to_call():
    zoom = items(CONVENTIONS)["300000000101"]     # the big blind folds after two limps
    assert zoom.allow_fold_when_check and [2, "fold", None] in zoom.actions
    assert replay(zoom).agrees
    zoom.allow_fold_when_check = False
    with pytest.raises(ReplayError, match="line 12: fold is not allowed: there is nothing to"
                                          " call; check instead"):
        replay(zoom)


def test_a_second_small_blind_is_live_when_its_call_says_so():
    capitals = items(CONVENTIONS)["300000000401"]
    assert [p for p in capitals.posts if p[0] == 3] == [[3, "blind", 100]]
    # called in full, the same post is a returning player's dead small blind
    text = CONVENTIONS.read_text().replace("rex: calls $1\n", "rex: calls $2\n").replace(
        "Total pot $6 |", "Total pot $7 |").replace("quo collected $6", "quo collected $7").replace(
        "collected ($6)", "collected ($7)")
    hand = next(r for r in loads_pokerstars(text) if r.id == "300000000401")
    assert [p for p in hand.posts if p[0] == 3] == [[3, "dead", 100]]
    assert verify(hand).result == "agree"


def test_an_uncalled_bet_counted_in_the_collection_agrees_only_to_the_chip():
    converted = items(CONVENTIONS)["300000000501"]
    assert converted.extra["site"]["returned"] == []
    assert verify(converted).result == "agree"
    text = CONVENTIONS.read_text().replace("vic collected $15", "vic collected $14")
    hand = next(r for r in loads_pokerstars(text) if r.id == "300000000501")
    assert verify(hand).result == "disagree"


def test_the_readers_still_refuse_what_is_not_a_history():
    with pytest.raises(SiteFormatError, match="no Full Tilt hand header"):
        loads_fulltilt("BEGIN\nnothing here")


TILT_2014 = DATA / "fulltilt_2014_format.txt"


def test_full_tilt_divides_a_pot_in_the_smallest_chip_in_play():
    # every amount is a whole number of nickels: the $8.55 the pot holds after the rake
    # splits $4.30 / $4.25, not $4.28 / $4.27
    hand = items(TILT_2014)["34400000001"]
    assert hand.structure == "fixed-limit" and hand.chip == 5
    v = verify(hand)
    assert v.result == "agree", v.differences
    assert v.pots[0]["replayed"] == {"tia": 430, "sam": 425}
    # one amount in cents (a stack of $12.41) and the chip in play is a cent again
    text = TILT_2014.read_text(encoding="utf-8-sig").replace("sam ($12.40)", "sam ($12.41)")
    cents = next(r for r in loads_fulltilt(text) if r.id == "34400000001")
    assert cents.chip == 1
    assert sorted(verify(cents).differences) == [
        "hand 34400000001, pot: sam collected 4.25 on the site, 4.27 in the replay",
        "hand 34400000001, pot: tia collected 4.30 on the site, 4.28 in the replay",
        "hand 34400000001: sam ends with 12.16 on the site, 12.18 in the replay",
        "hand 34400000001: tia ends with 5.80 on the site, 5.78 in the replay"]


def test_full_tilt_2013_game_names_and_capped_games():
    found = items(TILT_2014)
    assert found["34400000002"].structure == "pot-limit"
    assert found["34400000002"].game == "high" and found["34400000002"].table_size == 2
    capped = found["34400000003"]
    assert isinstance(capped, SkippedHand) and capped.game == "$15 Cap Pot Limit Omaha H/L"


CASH_OUT = DATA / "pokerstars_cash_out.txt"


def test_a_player_who_cashed_out_is_paid_by_the_site_not_the_pot():
    winner, loser = (items(CASH_OUT)[f"30000000070{k}"] for k in (1, 2))
    # the winner cashed out: nobody collects, the summary says what the pot would have paid
    assert winner.extra["site"]["cash_outs"] == [[0, 7041, 71, 7800]]
    assert winner.final_stacks[:2] == [5000 - 4000 + 7041, 0]
    v = verify(winner)
    assert v.result == "agree", v.differences
    assert v.pots[0]["recorded"] == v.pots[0]["replayed"] == {}
    # the loser cashed out: the winner collects the whole pot as usual
    assert loser.extra["site"]["cash_outs"] == [[0, 2050, 21, 0]]
    assert verify(loser).result == "agree"
    # a would-be win the pot would not have paid is caught
    text = CASH_OUT.read_text().replace("and won ($78) with HI: three", "and won ($70) with HI: "
                                        "three")
    hand = next(r for r in loads_pokerstars(text) if r.id == "300000000701")
    assert verify(hand).differences == [
        "hand 300000000701: xan cashed out; the pot would have paid him 70.00 on the site, "
        "78.00 in the replay"]


def test_pokerstars_lets_a_player_raise_what_nobody_can_meet():
    hand = items(CONVENTIONS)["300000000601"]     # abe raises; the blinds hold less than 3
    assert hand.allow_uncallable_raise
    v = verify(hand)
    assert v.result == "agree", v.differences
    assert v.replayed[:4] == [993, 145, 190, 292]
    hand.allow_uncallable_raise = False
    assert verify(hand).result == "refused"


FORFEIT = DATA / "pokerstars_tournament_forfeit.txt"


def test_a_sitting_out_player_all_in_on_his_blind_forfeits_and_closes_a_main_pot():
    [hand] = loads_pokerstars(FORFEIT.read_text())
    assert hand.extra["forfeits"] == [2]        # "cat: folds" while all-in
    assert all(a[0] != 2 for a in hand.actions if len(a) == 3)
    v = verify(hand)
    assert v.result == "agree", v.differences
    assert [(p["pot"], p["amount"], p["replayed"]) for p in v.pots] == [
        ("main pot", 240, {"amy": 120, "ben": 60, "del": 60}),
        ("side pot-1", 735, {"amy": 368, "ben": 184, "del": 183})]
    assert v.replayed[:4] == [3183, 2439, 0, 1738]


def test_full_tilt_tournament_stakes_in_thousands():
    hand = items(TILT_2014)["34400000004"]
    assert hand.blinds == [5000, 10000] and hand.extra["site"]["tournament"] == "250000001"
    assert verify(hand).result == "agree"
    assert verify(hand).replayed[:2] == [244000, 186000]


def test_a_pokerstars_capped_game_is_skipped():
    text = CONVENTIONS.read_text().replace("Omaha Hi/Lo No Limit ($0.05/$0.10 USD)",
                                           "Omaha Hi/Lo No Limit ($0.05/$0.10 - $10 Cap - USD)")
    skipped = next(i for i in read_pokerstars(text) if i.id == "300000000601")
    assert isinstance(skipped, SkippedHand)
    assert skipped.game == "capped game: Omaha Hi/Lo No Limit ($0.05/$0.10 - $10 Cap - USD)"


def test_an_export_that_writes_the_total_pot_less_the_rake_and_no_uncalled_bet():
    text = CONVENTIONS.read_text().replace(" Uncalled bet ($0.75) returned to ida\n", "")
    text = text.replace(" Total pot $0.75 | Rake $0.04", " Total pot $0.71 | Rake $0.04")
    zoom = next(r for r in loads_pokerstars(text) if r.id == "300000000101")
    assert zoom.extra["site"]["returned"] == [[1, 75]]
    assert verify(zoom).result == "agree"


def test_rupees_as_pokerstars_india_writes_them():
    cash = DATA / "pokerstars_plo8_cash.txt"
    text = cash.read_text().replace("$", "Rs. ").replace(" USD)", " INR)")
    records = loads_pokerstars(text)
    assert records and all(r.extra["site"]["currency"] == "INR" for r in records)
    assert records[0].stacks[0] == 1000                   # Rs. 10 in paise
    assert all(verify(r).result == "agree" for r in records)


def test_files_joined_together_keep_a_byte_order_mark_at_each_join(tmp_path, capsys):
    one = STARS_TWICE.read_bytes()
    path = tmp_path / "joined.txt"
    path.write_bytes(b"\xef\xbb\xbf" + one + b"\xef\xbb\xbf" + one.replace(b"300000000001",
                                                                         b"300000000002"))
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("2 of 2 hands agree")


def test_a_site_hand_kept_as_json_is_still_checked_pot_by_pot(tmp_path, capsys):
    from omaha_fast.history import dumps_json
    records = [r for path in (STARS_TWICE, TILT_TWICE, CASH_OUT, FORFEIT)
               for r in items(path).values() if not isinstance(r, SkippedHand)]
    path = tmp_path / "hands.json"
    path.write_text(dumps_json(records) + "\n")
    assert main(["replay", "--json", str(path)]) == 0
    lines = [json.loads(ln) for ln in capsys.readouterr().out.splitlines()]
    assert lines[-1]["summary"]["agreed"] == len(records) == 6
    assert lines[0]["format"] == "json" and lines[0]["pots"][0]["halves"][0]["run"] == 1


def test_a_site_hand_kept_as_phh_keeps_what_the_site_recorded(tmp_path, capsys):
    from omaha_fast.history import dumps_phh, load
    records = [r for path in (STARS_TWICE, CASH_OUT, FORFEIT, TILT_2014)
               for r in items(path).values() if not isinstance(r, SkippedHand)]
    path = tmp_path / "hands.phhs"
    path.write_text(dumps_phh(records))
    back = load(path)
    assert [r.extra["site"] for r in back] == [r.extra["site"] for r in records]
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith(f"{len(records)} of "
                                                               f"{len(records)} hands agree")
