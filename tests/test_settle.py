"""Settlement: side pots, hi/lo halves, odd chips and rake, through settle() and a Table.

Hand values used below (board "Ah7s4c2dKh" unless said otherwise), checked by the
reference evaluator in test_settle_values_used_here:
  KsKd9c9d  high: three kings          low: none
  QdQc7d6d  high: pair of queens       low: 7-6-4-2-A
  Tc9h6h3d  high: ace high             low: 6-4-3-2-A (Ts9s6d3c: the very same values)
"""

from __future__ import annotations

import pytest

from omaha_fast import FixedLimit, IllegalActionError, NoLimit, Table, settle
from omaha_fast.errors import InvalidCardError, OmahaError
from omaha_fast.game import Rake
from omaha_fast.game.pots import build_pots, split_evenly
from omaha_fast.reference import evaluate as ref_evaluate

BOARD = "Ah7s4c2dKh"
KINGS, QUEENS, LOW6, LOW6B = "KsKd9c9d", "QdQc7d6d", "Tc9h6h3d", "Ts9s6d3c"


def test_settle_values_used_here():
    k, q, l6, l6b = (ref_evaluate(h, BOARD) for h in (KINGS, QUEENS, LOW6, LOW6B))
    assert k[0] > q[0] > l6[0] and l6 == l6b
    assert l6[1] > q[1] > k[1] == 0


def test_scoop_when_nobody_else_has_a_low():
    assert ref_evaluate("QsJcJdTd", BOARD)[1] == 0
    assert settle(BOARD, [KINGS, "QsJcJdTd"], [100, 100], [], button=1) == [200, 0]


def test_high_and_low_halves():
    assert settle(BOARD, [KINGS, QUEENS, LOW6], [100] * 3, [], button=2) == [150, 0, 150]


def test_one_player_scoops_both_halves():
    # 5-3 makes the wheel: the best high (a straight) and the best low at once
    assert settle(BOARD, [KINGS, "Td8c5h3d"], [100, 100], [], button=1) == [0, 200]


def test_quartered_low():
    # two identical lows share the low half; the high half goes to the kings
    holes = [KINGS, LOW6, LOW6B]
    assert settle(BOARD, holes, [100] * 3, [], button=2) == [150, 75, 75]


def test_low_split_three_ways_with_odd_chips_one_each_from_the_button():
    holes = [LOW6, LOW6B, KINGS, "JsTh6s3s"]
    assert ref_evaluate("JsTh6s3s", BOARD)[1] == ref_evaluate(LOW6, BOARD)[1]
    # pot 400: high (kings) 200, low 200 = 66 * 3 + 2 shared by seats 3, 0, 1 (in order
    # from the button's left): the two odd chips go to seats 3 and 0
    out = settle(BOARD, holes, [100, 100, 100, 103], [], button=2)
    assert out == [67, 66, 200, 67 + 3]         # seat 3 takes back its 3 unmatched chips
    # pot 404 low 202 = 67 * 3 + 1: the odd chip to the first winner left of the button (3)
    out = settle(BOARD, holes, [101, 101, 101, 101], [], button=2)
    assert out == [67, 67, 202, 68]


def test_side_pots_with_three_all_in_levels():
    board = "AhKs9c9dJh"             # high only: no low card pair possible
    holes = ["AsAd2c3c", "KhKd4c5c", "QhQd6c7c", "JsJd8c8h"]
    highs = [ref_evaluate(h, board)[0] for h in holes]      # aces full > kings full >
    assert highs[0] > highs[1] > highs[3] > highs[2]        # jacks full > queens up
    contributed = [50, 150, 300, 300]
    out = settle(board, holes, contributed, [], button=3)
    # main 200 to seat 0, side 300 to seat 1, side 300 to seat 3
    assert out == [200, 300, 0, 300]
    pots = build_pots(contributed, [False] * 4)
    assert [(p.amount, p.eligible) for p in pots] == [(200, (0, 1, 2, 3)), (300, (1, 2, 3)),
                                                     (300, (2, 3))]


def test_folded_chips_stay_in_the_pots_they_reached():
    out = settle(BOARD, [KINGS, None, QUEENS], [50, 200, 100], [False, True, False], button=2)
    # main 150 (seats 0, 2, with seat 1's 50): kings 75, the queens' low 75; the rest
    # (50 of seat 2 and 150 of the folded seat 1) to seat 2, the only one left in it
    assert out == [75, 0, 75 + 200]


def test_uncontested_pot_no_showdown():
    out = settle("", [None, "AsKsQsJs", None], [10, 40, 20], {0, 2}, button=2)
    assert out == [0, 70, 0]


def test_odd_chip_rules_first_shown_alternative():
    holes = [LOW6, LOW6B, None]          # identical hands; seat 2 folded one chip in
    pot = [50, 50, 1]
    assert settle(BOARD, holes, pot, [2], button=2) == [51, 50, 0]    # seat 0 is first left
    assert settle(BOARD, holes, pot, [2], button=0) == [50, 51, 0]    # seat 1 is first left
    out = settle(BOARD, holes, pot, [2], button=2, odd_chips="first_shown", shown_order=[1, 0])
    assert out == [50, 51, 0]


def test_chip_unit_odd_chips_are_whole_units():
    holes = [KINGS, None, QUEENS]
    # pot 75 in units of 5 = 15 units; high 8 units (40), low 7 units (35) to the queens
    out = settle(BOARD, holes, [25, 25, 25], [1], button=2, chip=5)
    assert out == [40, 0, 35]


def test_rake_percent_and_cap():
    assert settle(BOARD, [KINGS, QUEENS], [100, 100], [], button=1,
                  rake=Rake(percent=5)) == [95, 95]
    assert settle(BOARD, [KINGS, QUEENS], [100, 100], [], button=1,
                  rake=Rake(percent=5, cap=4)) == [98, 98]


def test_settle_checks_its_input():
    with pytest.raises(InvalidCardError, match="duplicate card Ks"):
        settle(BOARD, [KINGS, "KsQd3c4h"], [1, 1], [], button=0)
    with pytest.raises(InvalidCardError, match="needs hole cards"):
        settle(BOARD, [KINGS, None], [1, 1], [], button=0)
    with pytest.raises(ValueError, match="game must be"):
        settle(BOARD, [KINGS, QUEENS], [1, 1], [], button=0, game="razz")
    with pytest.raises(ValueError, match="contributed\\[1\\] must be >= 0"):
        settle(BOARD, [KINGS, QUEENS], [1, -1], [], button=0)
    with pytest.raises(ValueError, match="every seat folded"):
        settle(BOARD, [KINGS, QUEENS], [1, 1], [0, 1], button=0)
    with pytest.raises(InvalidCardError, match="board of 5"):
        settle("Ah7s4c", [KINGS, QUEENS], [1, 1], [], button=0)


def test_split_evenly_never_gives_anyone_two_odd_chips():
    shares = split_evenly(11, [3, 0, 1, 2], chip=1)
    assert shares == {3: 3, 0: 3, 1: 3, 2: 2}
    assert max(shares.values()) - min(shares.values()) <= 1


# ----------------------------------------------------------------- the five pokerkit defects
def test_defect_fixed_limit_is_not_pot_limit():
    # pokerkit 0.7.7's fixed-limit Omaha 8 allows a raise to 7 with blinds 1/2, small bet 2
    t = Table(structure=FixedLimit(2, 4), blinds=(1, 2), seats=3, stacks=[100] * 3,
              button=2, seed=1)
    h = t.start_hand()
    with pytest.raises(IllegalActionError, match="exactly 4"):
        h.raise_to(7)
    h.raise_to(4)
    h.raise_to(6)
    h.raise_to(8)       # the cap: a bet and three raises
    assert not h.legal_actions().can_raise
    assert h.stacks == {0: 94, 1: 92, 2: 96}


def test_defect_side_pot_without_a_low_goes_wholly_to_the_high():
    # seat 0 (all-in for 100) has the only low; the side pot between seats 1 and 2 has none
    board = "Ah7s4c2dJh"
    holes = ["8c8d6c5d", "AsAdKcKd", "JsJdQcQd"]     # 6-5-4-2-A low; two sets, no low
    assert ref_evaluate(holes[0], board)[1] > 0
    assert ref_evaluate(holes[1], board)[1] == 0 and ref_evaluate(holes[2], board)[1] == 0
    out = settle(board, holes, [100, 300, 300], [], button=2)
    high = max(range(3), key=lambda s: ref_evaluate(holes[s], board)[0])
    assert high == 1
    # main 300: high 150 to seat 1, low 150 to seat 0; side 400 wholly to seat 1
    assert out == [150, 550, 0]


def test_defect_odd_chips_are_not_all_given_to_one_player():
    holes = ["AsAd9c9d", "AhAc9h9s", "QdQc7d6d", "KsKdJcJd"]
    board = "2c2d2h5sTc"       # deuces full of aces for seats 0 and 1
    values = [ref_evaluate(h, board, "high")[0] for h in holes]
    assert values[0] == values[1] and values[0] > max(values[2:])
    # 3 players each put in 51, one folded 10: pot 163, two winners: 81 each + 1 odd chip
    out = settle(board, holes, [51, 51, 10, 51], [2], button=3, game="high")
    assert out == [82, 81, 0, 0]
    # three-way tie over 100 chips: 34/33/33, never 35/33/32
    holes = ["JsTs5c6c", "JhTh5h6h", "JcTc7c8c"]
    board = "AcKdQh3s2d"       # everyone makes the broadway straight with J-T
    assert settle(board, holes, [34, 33, 33], [], button=2, game="high") == [34, 33, 33]
    assert settle(board, holes, [33, 33, 34], [], button=2, game="high") == [33, 33, 34]


def test_defect_identical_high_and_low_hands_split_as_one_pot():
    holes = [LOW6, LOW6B]            # the same high and the same low
    assert settle(BOARD, holes, [33, 33], [], button=1) == [33, 33]
    assert settle(BOARD, holes, [34, 33], [], button=1) == [34, 33]  # 1 returned to seat 0


def test_defect_limit_half_bet_all_in_reopens_the_betting():
    t = Table(structure=FixedLimit(100, 200), seats=4, stacks=[1000, 250, 1000, 1000],
              button=3, seed=1)
    h = t.start_hand()
    while h.street == "preflop":
        h.call() if h.legal_actions().to_call else h.check()
    h.bet(100)
    h.all_in()              # 150: half a bet over 100 counts as a full raise (TDA 47B)
    h.call()
    h.call()
    assert h.legal_actions().can_raise and h.legal_actions().min_to == 250
    h.raise_to(250)
    h.call()
    h.call()
    assert h.street == "turn" and h.pot == 400 + 150 + 250 * 3


# ----------------------------------------------------------------- through a table
def test_table_settlement_matches_settle():
    t = Table(structure=NoLimit(), blinds=(5, 10), seats=3, stacks=[100, 300, 300],
              button=2, seed=1)
    h = t.start_hand(holes={0: "8c8d6c5d", 1: "AsAdKcKd", 2: "JsJdQcQd"}, board="Ah7s4c2dJh")
    h.all_in()          # seat 2: 300
    h.call()            # seat 0: all-in 100
    h.call()            # seat 1: 300
    assert h.finished
    expected = settle("Ah7s4c2dJh", ["8c8d6c5d", "AsAdKcKd", "JsJdQcQd"], [100, 300, 300],
                      [], button=2)
    assert h.payouts == {0: expected[0], 1: expected[1], 2: expected[2]}
    assert t.stacks == {0: 150, 1: 550, 2: 0}


def test_table_rake_no_flop_no_drop():
    t = Table(structure=NoLimit(), blinds=(5, 10), seats=2, stacks=[100, 100], button=1,
              seed=1, rake=Rake(percent=10, cap=3))
    h = t.start_hand()
    h.raise_to(30)
    h.fold()
    assert h.rake == 0 and t.stacks == {0: 90, 1: 110}
    h = t.start_hand()
    h.call()
    h.check()
    h.bet(10)           # flop
    h.call()
    h.bet(10)           # turn
    h.fold()
    # pot 40 (the turn bet goes back uncalled): 10% = 4, capped at 3
    assert h.rake == 3 and sum(t.stacks.values()) == 197


def test_seats_that_did_not_play_are_ignored_and_rule_names_are_forgiving():
    holes = [KINGS, None, QUEENS, None]        # seats 1 and 3 are empty
    assert settle(BOARD, holes, [100, 0, 100, 0], [False] * 4, button=3) == [100, 0, 100, 0]
    pair = [LOW6, LOW6B, None]
    assert settle(BOARD, pair, [50, 50, 1], [2], button=2, odd_chips="First-Shown",
                  shown_order=[1, 0]) == [50, 51, 0]
    with pytest.raises(ValueError, match="odd_chips must be one of"):
        settle(BOARD, pair, [50, 50, 1], [2], button=2, odd_chips="random")


@pytest.mark.parametrize("kwargs, message", [
    (dict(dead=-5), "dead must be >= 0, got -5"),
    (dict(dead=2.5), "dead must be an int number of chips"),
    (dict(dead=True), "dead must be an int number of chips"),
    (dict(chip=0), "chip must be > 0, got 0"),
    (dict(chip=-5), "chip must be > 0"),
    (dict(chip=2.0), "chip must be an int number of chips"),
    (dict(chip=5, contributed=[11, 100, 100]),
     "contributed\\[0\\] \\(11\\) is not a multiple of the chip unit 5"),
    (dict(chip=5, dead=3), "dead \\(3\\) is not a multiple of the chip unit 5"),
    (dict(chip=5, rake=Rake(5, cap=7)), "rake cap \\(7\\) is not a multiple of the chip"),
    (dict(rake=5), "rake must be a Rake"),
])
def test_settle_checks_dead_chip_and_whole_chips(kwargs, message):
    args = dict(contributed=[10, 100, 100])
    args.update(kwargs)
    contributed = args.pop("contributed")
    with pytest.raises(OmahaError, match=message) as info:
        settle("As2d7h9cKd", ["3c4c5h6h", "KsKcQsQc", "9s9hJdJh"], contributed, [],
               button=1, **args)
    wrong_type = "must be an int" in message or "must be a Rake" in message
    assert isinstance(info.value, TypeError if wrong_type else ValueError)


def test_settle_in_whole_chips_pays_whole_chips_and_keeps_every_chip():
    holes = ["3c4c5h6h", "KsKcQsQc", "9s9hJdJh"]
    for contributed, dead, chip in (([10, 100, 100], 0, 5), ([10, 100, 100], 5, 5),
                                    ([15, 100, 100], 0, 5), ([3, 9, 9], 3, 3),
                                    ([10, 100, 100], 5, 1)):
        out = settle("As2d7h9cKd", holes, contributed, [], button=1, dead=dead, chip=chip)
        assert sum(out) == sum(contributed) + dead
        assert all(x % chip == 0 for x in out), (contributed, dead, chip, out)
