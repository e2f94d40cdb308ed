"""GGPoker histories: each convention of the format (invented hands, amounts worked out by
hand) is read and checked to the chip, and a wrong amount in each is caught."""

from __future__ import annotations

from pathlib import Path

from omaha_fast.cli import main
from omaha_fast.history.ggpoker import loads_ggpoker, read_ggpoker
from omaha_fast.history.sitehand import SkippedHand, UnreadableHand
from omaha_fast.history.sites import decode_history, site_format
from omaha_fast.history.verify import verify

FIXTURE = Path(__file__).parent / "data" / "sites" / "ggpoker_conventions.txt"
TEXT = FIXTURE.read_text()


def hand(hand_id: str, text: str = TEXT):
    return next(r for r in loads_ggpoker(text, "g.txt") if r.id == hand_id)


def result(hand_id: str, old: str, new: str) -> tuple[str, list[str]]:
    """The check of one hand of the fixture with ``old`` replaced by ``new`` in it."""
    start = TEXT.index(f"Poker Hand #{hand_id}")
    end = TEXT.find("Poker Hand #", start + 1)
    chunk = TEXT[start:end if end > 0 else len(TEXT)]
    assert old in chunk
    v = verify(hand(hand_id, chunk.replace(old, new)))
    return v.result, v.differences


def test_every_omaha_hand_agrees_and_other_games_are_counted():
    items = read_ggpoker(TEXT, "g.txt")
    assert [i.game for i in items if isinstance(i, SkippedHand)] == [
        "PLO ($0.1/$0.25) (a straddle, which the engine does not play)"]
    checked = [verify(r) for r in items if not isinstance(r, SkippedHand)]
    assert [v.result for v in checked] == ["agree"] * 4, [v.differences for v in checked]
    assert [r.game for r in items if not isinstance(r, SkippedHand)].count("omaha5") == 1


def test_pots_from_pot_a_missed_blind_and_the_rake_in_parts():
    r = hand("OM900000001")
    assert r.id == "OM900000001" and r.game == "high" and r.structure == "pot-limit"
    assert [3, "dead", 50] in r.posts and r.extra["site"]["rake"] == 550   # rake + jackpot
    v = verify(r)
    assert v.pots[0]["replayed"] == {"Hero": 2000, "9c0d1e2f": 11350}     # side + main
    verdict, _ = result("OM900000001", "Hero collected $20 from pot\n9c0d1e2f collected "
                        "$113.5", "9c0d1e2f collected $20 from pot\nHero collected $113.5")
    assert verdict == "disagree"


def test_hi_lo_run_twice_with_the_showdown_before_the_boards():
    r = hand("OM900000002")
    assert r.game == "hilo" and r.extra["site"]["boards"] == ["2c7d9hJs3d", "Qs8cTd6sKd"]
    assert verify(r).result == "agree"
    assert result("OM900000002", "*** FIRST SHOWDOWN ***\na1b2c3d4 collected $2.85",
                  "*** FIRST SHOWDOWN ***\na1b2c3d4 collected $2.80")[0] == "disagree"


def test_a_tournament_with_antes_and_thousands():
    r = hand("TM900000003")
    assert r.extra["site"]["tournament"] == "4242" and r.stacks[:3] == [1500, 2000, 1200]
    assert r.final_stacks[:3] == [2170, 1890, 640]
    assert result("TM900000003", "collected 1,230", "collected 1,200")[0] == "disagree"


def test_chips_added_by_the_site_and_a_third_run_are_refused_with_their_line():
    cash_drop = TEXT.replace("*** HOLE CARDS ***\nDealt to 1a2b3c4d",
                             "Cash Drop to Pot : total $1\n*** HOLE CARDS ***\nDealt to 1a2b3c4d")
    item = read_ggpoker(cash_drop, "g.txt")[0]
    assert isinstance(item, UnreadableHand) and "line 11" in str(item.error)
    assert "chips the site adds to the pot" in str(item.error)
    thrice = TEXT.replace("Hand was run two times", "Hand was run three times")
    item = read_ggpoker(thrice, "g.txt")[1]
    assert isinstance(item, UnreadableHand) and "run more than twice" in str(item.error)


def test_sniffed_and_replayed_with_a_bom_and_crlf(tmp_path, capsys):
    path = tmp_path / "gg.txt"
    path.write_bytes(b"\xef\xbb\xbf" + TEXT.replace("\n", "\r\n").encode())
    assert site_format(decode_history(path.read_bytes())) == "ggpoker"
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        "4 of 4 hands agree: 4 agreed, 0 disagreed, 0 refused, 1 skipped "
        "(1 PLO ($0.1/$0.25) (a straddle, which the engine does not play)), 0 unreadable")


def test_an_all_in_insurance_is_refused_with_its_line():
    text = TEXT.replace("*** TURN *** [2d 4h Ac] [7h]", "*** TURN *** [2d 4h Ac] [7h]\n"
                        "Hero: get an all-in insurance (premium ($0/$4/$0) for ($0/$10.8/$0)"
                        " - (Mandatory/Main/Sub))")
    item = read_ggpoker(text, "g.txt")[0]
    assert isinstance(item, UnreadableHand) and "all-in insurance" in str(item.error)


def test_stakes_with_the_table_ante():
    text = TEXT.replace("PLO ($0.5/$1) - 2021/01/21 02:41:55", "PLO ($0.5/$1($0.1)) - "
                        "2021/01/21 02:41:55")
    assert hand("OM900000001", text).blinds == [50, 100]


def test_a_hand_run_twice_from_the_flop_gives_the_second_runs_cards_alone():
    # the flop dealt once, then two turns and rivers: the summary's second board is only
    # the second run's turn and river (as GGPoker's real five-card hands write it)
    start = TEXT.index("Poker Hand #OM900000002")
    chunk = TEXT[start:TEXT.index("Poker Hand #", start + 1)]
    for old, new in [
            ("*** FIRST FLOP *** [2c 7d 9h]\n", "*** FLOP *** [2c 7d 9h]\n"),
            ("*** SECOND FLOP *** [Qs 8c Td]\n", ""),
            ("*** SECOND TURN *** [Qs 8c Td] [6s]", "*** SECOND TURN *** [2c 7d 9h] [6s]"),
            ("*** SECOND RIVER *** [Qs 8c Td 6s] [Kd]",
             "*** SECOND RIVER *** [2c 7d 9h 6s] [Kd]"),
            # the second board 2c 7d 9h 6s Kd: three kings high, Hero's 7-6-5-4-2 low
            ("*** SECOND SHOWDOWN ***\na1b2c3d4 collected $5.7 from pot",
             "*** SECOND SHOWDOWN ***\na1b2c3d4 collected $2.85 from pot\n"
             "Hero collected $2.85 from pot"),
            ("SECOND Board [Qs 8c Td 6s Kd]", "SECOND Board [6s Kd]"),
            ("and won ($5.7) with Three Kings", "and won ($2.85) with Three Kings"),
            ("and lost with Three Queens", "and won ($2.85) with 7-6-5-4-2 low")]:
        assert old in chunk
        chunk = chunk.replace(old, new)
    v = verify(hand("OM900000002", chunk))
    assert v.result == "agree", v.differences
    wrong = chunk.replace("SECOND Board [6s Kd]", "SECOND Board [6s Kc]")
    [item] = read_ggpoker(wrong, "g.txt")
    assert isinstance(item, UnreadableHand) and "second board" in str(item.error)


def test_a_straddle_written_without_posts_is_a_straddle():
    start = TEXT.index("Poker Hand #OM900000001")
    chunk = TEXT[start:TEXT.index("Poker Hand #", start + 1)]
    line = next(x for x in chunk.splitlines() if x.endswith("posts big blind $1"))
    name = chunk.splitlines()[2].split(": ")[1].split(" (")[0]
    text = chunk.replace(line, f"{line}\n{name}: straddle $2")
    [item] = read_ggpoker(text, "g.txt")
    assert isinstance(item, SkippedHand) and "a straddle" in item.game
