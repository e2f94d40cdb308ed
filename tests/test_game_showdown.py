"""Showdown order, mucking, winning without a showdown, and what each seat may see."""

from __future__ import annotations

from omaha_fast import FixedLimit, NoLimit, Table
from omaha_fast.cards import parse_cards
from omaha_fast.reference import evaluate as ref_evaluate

BOARD = "Ah7s4c2dKh"
HOLES = {0: "KsKd9c9d", 1: "QdQc7d6d", 2: "Tc9h6h3d", 3: "JsJd8c5s"}


FL_10_20 = FixedLimit(10, 20)


def new_hand(n=4, structure=FL_10_20, blinds=None, **kw):
    t = Table(structure=structure, blinds=blinds, seats=n, stacks=[500] * n, button=n - 1,
              seed=1, **kw)
    return t, t.start_hand(holes={s: HOLES[s] for s in range(n)}, board=BOARD)


def to_river(h):
    while h.street != "river":
        h.call() if h.legal_actions().to_call else h.check()


def test_values_of_the_hands_used():
    v = {s: ref_evaluate(c, BOARD) for s, c in HOLES.items()}
    assert v[0][0] > v[1][0] > v[3][0] > v[2][0]       # kings set best high
    assert v[2][1] > v[1][1] > v[3][1] > v[0][1] == 0   # 6-4-3-2-A best low


def test_river_aggressor_shows_first_and_beaten_hands_muck():
    t, h = new_hand()
    to_river(h)
    h.check()            # seat 0
    h.bet(20)            # seat 1, the last aggressor
    h.call()
    h.call()
    h.call()
    assert h.finished
    # seat 1 shows first, then clockwise: 2 (best low), 3 (beaten both ways), 0 (best high)
    assert h.shown == (1, 2, 0) and h.mucked == (3,)
    assert h.payouts[0] == h.payouts[2] and h.payouts[1] == h.payouts[3] == 0


def test_checked_river_shows_from_the_button_left():
    t, h = new_hand()
    to_river(h)
    for _ in range(4):
        h.check()
    assert h.shown[0] == 0


def test_win_without_showdown_shows_nothing():
    t, h = new_hand()
    h.fold()
    h.fold()
    h.fold()
    assert h.finished and h.shown == () and h.mucked == ()
    assert h.uncalled_returns == ((1, 5),)           # the big blind's unmatched half
    assert h.payouts == {0: 0, 1: 10, 2: 0, 3: 0}
    for viewer in range(4):
        assert h.view(viewer).holes == {}


def test_views_hold_only_what_the_seat_may_know():
    t, h = new_hand()
    v = h.view(2)
    assert v.hole == parse_cards(HOLES[2]) and v.holes == {}
    assert v.legal is not None and v.legal.seat == 2 and h.view(1).legal is None
    assert v.board == () and v.pot == 15 and v.stacks == {0: 495, 1: 490, 2: 500, 3: 500}
    spectator = h.view(None)
    assert spectator.hole is None and spectator.holes == {}
    to_river(h)
    h.check()
    h.bet(20)
    h.call()
    h.call()
    h.call()
    for viewer in range(4):
        v = h.view(viewer)
        assert set(v.holes) == {0, 1, 2} - {viewer}      # the mucked seat 3 never appears
        assert all(v.holes[s] == parse_cards(HOLES[s]) for s in v.holes)
    assert h.view(3).hole == parse_cards(HOLES[3])       # his own cards, to himself only
    assert 3 not in h.view(None).holes


def test_folded_cards_stay_private():
    t, h = new_hand()
    h.fold()             # seat 2 folds
    to_river(h)
    for _ in range(3):
        h.check()
    assert all(2 not in h.view(v).holes for v in (0, 1, 3, None))


def test_all_in_hands_are_turned_up_at_once():
    t = Table(structure=NoLimit(), blinds=(5, 10), seats=3, stacks=[100, 100, 500],
              button=2, seed=1)
    h = t.start_hand(holes={s: HOLES[s] for s in range(3)}, board=BOARD)
    h.all_in()           # seat 2 (button) 500
    h.call()             # seat 0 all-in 100
    h.fold()             # seat 1
    assert h.finished and set(h.shown) == {0, 2}
    assert set(h.view(1).holes) == {0, 2}


def test_first_shown_odd_chip_rule_in_a_hand():
    # seats 0 and 1 hold identical hands and split a pot of 17 (antes make it odd)
    holes = {0: "Tc9h6h3d", 1: "Ts9s6d3c", 2: "QdQc7d5h"}
    results = {}
    for rule in ("left_of_button", "first_shown"):
        t = Table(structure=NoLimit(), blinds=(1, 2), ante=1, seats=3, stacks=[100] * 3,
                  button=2, seed=1, odd_chips=rule)
        h = t.start_hand(holes=holes, board=BOARD)
        h.call()         # seat 2
        h.call()         # seat 0
        h.check()        # seat 1
        h.check()        # flop: seat 0
        h.bet(2)         # seat 1
        h.fold()         # seat 2
        h.call()         # seat 0
        h.check()        # turn
        h.check()
        h.check()        # river: seat 0 checks, seat 1 bets: seat 1 shows first
        h.bet(2)
        h.call()
        results[rule] = (h.shown, h.payouts)
    shown, pay = results["left_of_button"]
    assert shown[0] == 1 and (pay[0], pay[1]) == (9, 8)     # seat 0 is first left of button
    shown, pay = results["first_shown"]
    assert shown[0] == 1 and (pay[0], pay[1]) == (8, 9)     # seat 1 showed first
