"""The card-room readers miss nothing: every line that moves chips or cards is read, or
the hand is refused naming its line (a player with no seat, a form the reader does not
know); the summary's board and seats must be the hand's; the cards a line gives a
player must be the cards he holds. Lines that move nothing (chat, prizes) still pass."""

from __future__ import annotations

from pathlib import Path

import pytest

from omaha_fast.cli import main
from omaha_fast.history.sitehand import SkippedHand, UnreadableHand
from omaha_fast.history.sites import decode_history, read_site
from omaha_fast.history.verify import verify

DATA = Path(__file__).parent / "data" / "sites"
STARS = (DATA / "pokerstars_plo8_cash.txt").read_text()
STARS_HAND = STARS[:STARS.index("\n\n\n")]        # hand 100000000001, $0.05/$0.10
TILT = decode_history((DATA / "fulltilt_2014_format.txt").read_bytes())
TILT_HAND = TILT[:TILT.index("\n\n\n")]           # hand 34400000001, $0.50/$1
STARS_TWICE = (DATA / "pokerstars_run_twice.txt").read_text()
TILT_TWICE = (DATA / "fulltilt_run_twice_sitting_out.txt").read_text()


def inject(hand: str, anchor: str, line: str, after: bool = True) -> tuple[str, int]:
    """The hand with ``line`` put after (or before) the line ``anchor``, and its number."""
    lines = hand.split("\n")
    at = lines.index(anchor) + (1 if after else 0)
    lines.insert(at, line)
    return "\n".join(lines), at + 1


def only_item(text: str):
    [item] = read_site(text, "h.txt")
    return item


def test_the_hands_injected_into_agree_as_they_are():
    assert verify(only_item(STARS_HAND)).result == "agree"
    assert verify(only_item(TILT_HAND)).result == "agree"


# each kind of line that moves chips or cards, from a name that has no seat
STARS_GHOST = [
    ("Bob: posts big blind $0.10", "GhostPlayer: posts small blind $0.01"),
    ("Bob: posts big blind $0.10", "GhostPlayer: posts big blind $0.02"),
    ("Bob: posts big blind $0.10", "GhostPlayer: posts small & big blinds $0.15"),
    ("Bob: posts big blind $0.10", "GhostPlayer: posts the ante $0.01"),
    ("Cara: calls $0.10", "GhostPlayer: calls $0.02"),
    ("Cara: calls $0.10", "GhostPlayer: folds"),
    ("Cara: calls $0.10", "GhostPlayer: checks"),
    ("Bob: bets $0.30", "GhostPlayer: raises $0.30 to $0.60"),
    ("Alice: checks ", "GhostPlayer: bets $0.10"),
    ("Cara: calls $0.10", "GhostPlayer: calls $0.02 and is all-in"),
    ("Bob collected $0.28 from pot", "GhostPlayer collected $0.10 from pot"),
    ("Bob collected $0.28 from pot", "GhostPlayer collected $0.10 from side pot-1"),
    ("Bob collected $0.28 from pot", "Uncalled bet ($0.05) returned to GhostPlayer"),
    ("Bob collected $0.28 from pot",
     "GhostPlayer cashed out the hand for $0.10 | Cash Out Fee $0.01"),
    ("Dealt to Alice [Kd Kc 4c As]", "Dealt to GhostPlayer [2h 3h 4h 5h]"),
    ("*** SHOW DOWN ***", "GhostPlayer: shows [2h 3h 4h 5h] (HI: a straight)"),
    ("*** SHOW DOWN ***", "GhostPlayer: mucks hand"),
    # a seated player's line in a form no rule reads, holding an amount or cards
    ("Bob collected $0.28 from pot", "Bob: Pays Cashout Risk ($0.10)"),
    ("Bob collected $0.28 from pot", "Bob collected $0.10 from the table"),
    ("*** SHOW DOWN ***", "Bob: flashes [Ad]"),
]

TILT_GHOST = [
    ("sam posts the big blind of $0.50", "GhostPlayer posts the small blind of $0.25"),
    ("sam posts the big blind of $0.50", "GhostPlayer posts the big blind of $0.50"),
    ("sam posts the big blind of $0.50", "GhostPlayer posts a dead small blind of $0.25"),
    ("sam posts the big blind of $0.50", "GhostPlayer antes $0.05"),
    ("tia raises to $1", "GhostPlayer calls $0.50"),
    ("tia raises to $1", "GhostPlayer folds"),
    ("sam checks", "GhostPlayer checks"),
    ("sam checks", "GhostPlayer bets $0.50"),
    ("tia raises to $1", "GhostPlayer raises to $2"),
    ("tia raises to $1", "Ghost Player calls $0.50, and is all in"),
    ("sam wins the low pot ($4.25) with 7,6,4,3,2", "GhostPlayer wins the pot ($1)"),
    ("sam wins the low pot ($4.25) with 7,6,4,3,2", "GhostPlayer wins the high pot ($1)"),
    ("sam wins the low pot ($4.25) with 7,6,4,3,2", "GhostPlayer ties for the low pot ($1)"),
    ("sam wins the low pot ($4.25) with 7,6,4,3,2", "Uncalled bet of $1 returned to GhostPlayer"),
    ("*** HOLE CARDS ***", "Dealt to GhostPlayer [2h 3h 4h 5h]"),
    ("*** SHOW DOWN ***", "GhostPlayer shows [2h 3h 4h 5h] a straight"),
    ("*** SHOW DOWN ***", "GhostPlayer mucks"),
    ("sam wins the low pot ($4.25) with 7,6,4,3,2", "tia wins $1"),
]


@pytest.mark.parametrize("hand,anchor,line",
                         [(STARS_HAND, a, ln) for a, ln in STARS_GHOST] +
                         [(TILT_HAND, a, ln) for a, ln in TILT_GHOST],
                         ids=[ln for _, ln in STARS_GHOST + TILT_GHOST])
def test_a_line_that_moves_chips_or_cards_is_read_or_refused_with_its_line(hand, anchor,
                                                                         line):
    text, number = inject(hand, anchor, line)
    item = only_item(text)
    assert isinstance(item, UnreadableHand), verify(item)
    message = str(item.error)
    assert f"h.txt: line {number}: hand " in message and message.endswith(line.strip())
    if line.startswith(("Ghost", "Dealt to Ghost", "Uncalled")):
        assert "'GhostPlayer' has no seat" in message or "'Ghost Player' has no seat" \
            in message, message


def test_the_command_refuses_a_ghost_s_line(tmp_path, capsys):
    path = tmp_path / "ghost.txt"
    path.write_text(inject(STARS, "Bob collected $0.28 from pot",
                           "GhostPlayer collected $0.10 from pot")[0])
    assert main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert ("ghost.txt: line 33: hand 100000000001: 'GhostPlayer' has no seat, yet this line "
            "moves chips or cards: GhostPlayer collected $0.10 from pot") in captured.err
    assert captured.out.splitlines()[-1].startswith("3 of 3 hands agree")


@pytest.mark.parametrize("hand,anchor,line", [
    (STARS_HAND, "Cara: calls $0.10", 'GhostPlayer said, "I call $5 with [As Ad]"'),
    (STARS_HAND, "Cara: calls $0.10", "GhostPlayer joins the table at seat #5"),
    (STARS_HAND, "Cara: calls $0.10", "Bob: is sitting out"),
    (STARS_HAND, "Cara: calls $0.10", "Bob has timed out"),
    (STARS_HAND, "Cara: calls $0.10", "Cara: doesn't show hand"),
    (STARS_HAND, "Bob collected $0.28 from pot",
     "GhostPlayer finished the tournament in 2nd place and received $5.00."),
    (TILT_HAND, "tia raises to $1", "GhostPlayer: I call $5 [As Ad]"),
    (TILT_HAND, "tia raises to $1", "Rail Bird (Observer): nice $9 pot"),
    (TILT_HAND, "tia raises to $1", "sam: gl [As]"),
    (TILT_HAND, "tia raises to $1", "tia has 15 seconds left to act"),
    (TILT_HAND, "sam wins the low pot ($4.25) with 7,6,4,3,2", "sam shows a straight"),
], ids=lambda v: v if isinstance(v, str) and not v.startswith(("Poker", "\ufeff", "Full"))
    else "")
def test_lines_that_move_nothing_still_agree(hand, anchor, line):
    text, _ = inject(hand, anchor, line)
    item = only_item(text)
    assert not isinstance(item, UnreadableHand), item.error
    assert verify(item).result == "agree"


@pytest.mark.parametrize("text,old,new", [
    (STARS_HAND, "Board [2c 3d Kh 7s Qd]", "Board [2c 3d Kh 7s Qh]"),
    (STARS_HAND, "Board [2c 3d Kh 7s Qd]", "Board [2c 3d Kh 7s]"),
    (STARS_HAND, "Board [2c 3d Kh 7s Qd]", "Board [2c 3d Kh 7s Qd Qh]"),
    (STARS_HAND, "Board [2c 3d Kh 7s Qd]", "FIRST Board [2c 3d Kh 7s Qd]"),
    (STARS_TWICE, "FIRST Board [8d 5c Kh 2s Qc]", "FIRST Board [8d 5c Kh 3h 9d]"),
    (STARS_TWICE, "SECOND Board [8d 5c Kh 3h 9d]", "SECOND Board [8d 5c Kh 3h 9c]"),
    (TILT_HAND, "Board: [4h 6c Th Qh 7s]", "Board: [4h 6c Th Qh 7d]"),
    (TILT_TWICE, "Board: [Tc 6h 2d Js 4c]", "Board: [Tc 6h 2d Js 4d]"),
    (TILT_TWICE, "Board: [Tc 6h 2d 9s 5d]", "Board: [Tc 6h 2d Js 4c]"),
])
def test_the_summary_board_must_be_the_board_dealt(text, old, new):
    assert text.count(old) == 1
    items = read_site(text.replace(old, new), "h.txt")
    [bad] = [i for i in items if isinstance(i, UnreadableHand)]
    number = text[:text.index(old)].count("\n") + 1
    message = str(bad.error)
    assert f"h.txt: line {number}: " in message and "board" in message, message
    assert message.endswith(new), message
    assert all(verify(i).result == "agree" for i in items
               if not isinstance(i, (UnreadableHand, SkippedHand)))


@pytest.mark.parametrize("text,old,new,says", [
    (STARS_HAND, "Alice: shows [Kd Kc 4c As]", "Alice: shows [Kd Kc 4c Ah]",
     "shows KdKc4cAh but Alice holds KdKc4cAs (line 9)"),
    (STARS_HAND, "Seat 1: Alice (small blind) showed [Kd Kc 4c As]",
     "Seat 1: Alice (small blind) showed [Kd Kc 4c Ad]", "the summary shows"),
    (STARS_HAND, "Dealt to Alice [Kd Kc 4c As]", "Dealt to Alice [Kd Kc]",
     "2 hole cards dealt"),
    (STARS_HAND, "Seat 3: Cara (button) mucked [Jc Jd 8c 8h]",
     "Seat 5: GhostPlayer (button) mucked [Jc Jd 8c 8h]", "seat 5, where nobody sits"),
    (STARS_HAND, "Seat 3: Cara (button) mucked [Jc Jd 8c 8h]",
     "Seat 3: GhostPlayer (button) mucked [Jc Jd 8c 8h]", "where Cara sits"),
    (TILT_HAND, "tia shows [Ah Kh 9c 9s] a flush, Ace high, for high",
     "tia shows [Ah Kh 9c 9d] a flush, Ace high, for high", "the summary shows"),
])
def test_the_cards_and_seats_of_every_line_must_be_the_hand_s(text, old, new, says):
    assert text.count(old) == 1
    item = only_item(text.replace(old, new))
    assert isinstance(item, UnreadableHand)
    assert says in str(item.error), item.error


def test_a_refusal_names_the_site_s_seat_and_the_player(tmp_path, capsys):
    text = STARS_HAND.replace("Cara: calls $0.10\nAlice: calls $0.05",
                              "Alice: calls $0.05\nCara: calls $0.10")
    [message] = verify(only_item(text)).differences
    assert message.endswith("line 10: seat 1 (Alice) acts out of turn: seat 3 (Cara) is to "
                            "act"), message
    text = STARS_HAND.replace("Alice: calls $0.05\nBob: checks", "Alice: calls $0.05")
    [message] = verify(only_item(text)).differences
    assert message.endswith("line 12: the record deals the flop but the preflop betting is "
                            "not over (seat 2 (Bob) to act)"), message
    # Full Tilt: sam sits in seat 1, tia in seat 2
    text = TILT_HAND.replace("sam checks\ntia bets $0.50", "tia bets $0.50")
    [message] = verify(only_item(text)).differences
    assert message.endswith("line 11: seat 2 (tia) acts out of turn: seat 1 (sam) is to "
                            "act"), message
    path = tmp_path / "turn.txt"
    path.write_text(TILT_HAND.replace("sam checks\ntia bets $0.50", "tia bets $0.50"))
    assert main(["replay", str(path)]) == 1
    assert "REFUSED: turn.txt: 34400000001: line 11: seat 2 (tia) acts out of turn" in \
        capsys.readouterr().out


@pytest.mark.parametrize("path", sorted(DATA.iterdir()), ids=lambda p: p.name)
def test_every_fixture_reads_whole_and_agrees(path):
    items = read_site(decode_history(path.read_bytes()), path.name)
    assert not [i.error for i in items if isinstance(i, UnreadableHand)]
    records = [i for i in items if not isinstance(i, SkippedHand)]
    assert records and all(verify(r).result == "agree" for r in records)


@pytest.mark.parametrize("line", ["GhostPlayer: posts the ante 5", "GhostPlayer: calls 50",
                                  "GhostPlayer: raises 100 to 200 and is all-in",
                                  "GhostPlayer collected 915 from pot",
                                  "Dealt to GhostPlayer [2h 3h 4h 5h]"])
def test_tournament_chips_from_a_name_with_no_seat_are_refused(line):
    text = decode_history((DATA / "pokerstars_tournament_bom_crlf.txt").read_bytes())
    anchor = next(ln for ln in text.split("\r\n") if ln.startswith("*** HOLE CARDS"))
    item = only_item(text.replace(anchor + "\r\n", anchor + "\r\n" + line + "\r\n", 1))
    assert isinstance(item, UnreadableHand)
    does = "deals him cards" if "Dealt" in line else "moves chips or cards"
    assert str(item.error).endswith(f"'GhostPlayer' has no seat, yet this line {does}: {line}")


@pytest.mark.parametrize("text,anchor,line", [
    (STARS_HAND, "Total pot $1.20 | Rake $0.05 ", "GhostPlayer collected $0.10 from pot"),
    (STARS_HAND, "Total pot $1.20 | Rake $0.05 ", "Alice collected $0.10 from pot"),
    (STARS_HAND, "Total pot $1.20 | Rake $0.05 ", "Dealt to GhostPlayer [2h 3h 4h 5h]"),
    (TILT_HAND, "Total pot $9 | Rake $0.45", "GhostPlayer wins the pot ($1)"),
    (TILT_HAND, "Total pot $9 | Rake $0.45", "Pot 3 $1"),
])
def test_a_chip_line_in_the_summary_is_refused_too(text, anchor, line):
    injected, number = inject(text, anchor, line)
    item = only_item(injected)
    assert isinstance(item, UnreadableHand)
    assert f"line {number}: " in str(item.error) and str(item.error).endswith(line)
