"""Scripted hands for the betting rules of docs/rules.md: order, sizes, caps, reopening."""

from __future__ import annotations

import pytest

from omaha_fast import FixedLimit, IllegalActionError, NoLimit, PotLimit, Table
from omaha_fast.game.rules import Rules

HOLES4 = {0: "AsKs2h3h", 1: "QdQc7d6d", 2: "9c8c5h4h", 3: "JhJdTsTd"}
BOARD = "Ah7s4c2dKh"


def table(structure, stacks, **kw):
    """A table whose button is the last seat: seat 0 posts the small blind, seat 1 the big."""
    return Table(structure=structure, seats=len(stacks), stacks=stacks,
                 button=len(stacks) - 1, seed=1, **kw)


def start(structure, stacks, **kw):
    holes = {s: h for s, h in HOLES4.items() if s < len(stacks)}
    return table(structure, stacks, **kw).start_hand(holes=holes, board=BOARD)


def limp_to_flop(h):
    while h.street == "preflop":
        h.call() if h.legal_actions().to_call else h.check()


# ----------------------------------------------------------------- fixed limit
def test_fixed_limit_default_blinds_follow_the_rule_book():
    assert Rules(structure=FixedLimit(5, 10)).blinds == (2, 5)
    assert Rules(structure=FixedLimit(10, 20)).blinds == (5, 10)
    assert Rules(structure=FixedLimit(25, 50), chip=5).blinds == (10, 25)


def test_fixed_limit_sizes_and_the_cap_preflop():
    h = start(FixedLimit(10, 20), [1000] * 4)
    assert [(p.seat, p.amount) for p in h.posts] == [(0, 5), (1, 10)]
    assert h.to_act == 2
    la = h.legal_actions()
    assert (la.to_call, la.min_to, la.max_to, la.can_raise) == (10, 20, 20, True)
    with pytest.raises(IllegalActionError, match="fixed-limit raises go to exactly 20"):
        h.raise_to(30)
    h.raise_to(20)       # 2nd bet (the big blind is the 1st)
    h.raise_to(30)       # 3rd
    h.raise_to(40)       # 4th: capped
    la = h.legal_actions()
    assert la.seat == 1 and la.to_call == 30 and not la.can_raise
    assert la.kinds == ("fold", "call")
    with pytest.raises(IllegalActionError, match="capped at 4 bets"):
        h.raise_to(50)
    h.call()                           # big blind
    h.call()
    h.call()                           # seat 3 closes the round
    assert h.street == "flop" and h.pot == 160


def test_fixed_limit_uses_the_big_bet_on_turn_and_river():
    h = start(FixedLimit(10, 20), [1000] * 3)
    limp_to_flop(h)
    h.bet(10)
    h.call()
    h.call()
    assert h.street == "turn"
    with pytest.raises(IllegalActionError, match="exactly 20"):
        h.bet(10)
    h.bet(20)
    assert h.legal_actions().min_to == 40


def test_heads_up_cap_holds_by_default():
    h = start(FixedLimit(10, 20), [1000, 1000])
    h.raise_to(20)      # the button (seat 1) posts the small blind and acts first
    h.raise_to(30)
    h.raise_to(40)
    assert not h.legal_actions().can_raise


def test_uncap_heads_up_lifts_the_cap_for_two_players():
    h = start(FixedLimit(10, 20, uncap_heads_up=True), [1000, 1000])
    for to in range(20, 110, 10):
        h.raise_to(to)
    assert h.bets == {0: 90, 1: 100}
    assert h.legal_actions().max_to == 110


def test_uncap_applies_once_the_action_becomes_heads_up_before_the_cap():
    h = start(FixedLimit(10, 20, uncap_heads_up=True), [1000] * 3)
    h.raise_to(20)      # seat 2
    h.fold()            # seat 0: heads-up now, 2 bets in
    h.raise_to(30)
    h.raise_to(40)
    h.raise_to(50)      # beyond the cap of 4
    assert h.bets[1] == 50 and h.legal_actions().can_raise


def test_cap_reached_before_heads_up_stays_capped():
    h = start(FixedLimit(10, 20, uncap_heads_up=True), [1000] * 3)
    h.raise_to(20)
    h.raise_to(30)
    h.raise_to(40)      # capped with three players in
    h.fold()            # seat 1 folds: heads-up, but the cap was already reached
    assert not h.legal_actions().can_raise


# ----------------------------------------------------------------- order and options
def test_heads_up_button_acts_first_preflop_and_last_after():
    h = start(NoLimit(), [1000, 1000], blinds=(5, 10))
    assert h.button == 1 and h.posts[0].seat == 1 and h.posts[0].amount == 5
    assert h.to_act == 1
    h.call()
    assert h.to_act == 0         # the big blind's option
    h.check()
    assert h.street == "flop" and h.to_act == 0
    h.check()
    assert h.to_act == 1


def test_big_blind_option_check_or_raise():
    h = start(FixedLimit(10, 20), [1000] * 3)
    h.call()
    h.call()
    assert h.to_act == 1
    la = h.legal_actions()
    assert la.can_check and la.can_raise and la.to_call == 0
    h.raise_to(20)
    assert h.street == "preflop" and h.to_act == 2


def test_big_blind_check_closes_preflop():
    h = start(FixedLimit(10, 20), [1000] * 3)
    h.call()
    h.call()
    h.check()
    assert h.street == "flop" and h.to_act == 0 and len(h.board) == 3


def test_first_to_act_after_the_flop_is_left_of_the_button():
    h = start(FixedLimit(10, 20), [1000] * 4)
    h.call()
    h.call()
    h.fold()             # the small blind folds
    h.check()
    assert h.street == "flop" and h.to_act == 1


def test_a_player_never_raises_his_own_bet():
    h = start(NoLimit(), [1000] * 3, blinds=(5, 10))
    limp_to_flop(h)
    h.bet(30)
    h.call()
    h.call()
    assert h.street == "turn"        # round over: the bettor gets no new turn


# ----------------------------------------------------------------- pot limit, no limit
def test_pot_limit_raise_after_the_call_rule_book_example():
    # pot 100 before the flop, a bet of 50: call 50, raise 200, for 250 in all
    h = start(PotLimit(), [1000, 1000], blinds=(25, 50))
    h.call()
    h.check()
    assert h.pot == 100
    h.bet(50)
    la = h.legal_actions()
    assert (la.to_call, la.min_to, la.max_to) == (50, 100, 250)
    with pytest.raises(IllegalActionError, match="pot-limit maximum raise to 250"):
        h.raise_to(260)
    h.raise_to(250)
    assert h.pot == 400


def test_pot_limit_preflop_maximum_is_three_and_a_half_big_blinds():
    h = start(PotLimit(), [1000] * 4, blinds=(5, 10))
    assert h.legal_actions().max_to == 35


def test_pot_limit_opening_bet_up_to_the_pot():
    h = start(PotLimit(), [1000] * 3, blinds=(5, 10))
    limp_to_flop(h)
    la = h.legal_actions()
    assert la.can_bet and (la.min_to, la.max_to) == (10, 30)


def test_no_limit_minimum_raise_is_the_last_raise():
    h = start(NoLimit(), [1000] * 4, blinds=(5, 10))
    h.raise_to(30)                  # a raise of 20
    la = h.legal_actions()
    assert (la.min_to, la.max_to) == (50, 1000)
    with pytest.raises(IllegalActionError) as e:
        h.raise_to(45)
    assert str(e.value) == ("raise to 45 is not allowed: below the minimum raise to 50 "
                            "(fold, call 30, raise to 50..1000, all-in to 1000)")
    h.raise_to(1000)                # all-in is a raise to the whole stack
    assert h.legal_actions().all_in_to == 1000


def test_no_limit_minimum_bet_is_the_big_blind():
    h = start(NoLimit(), [1000] * 3, blinds=(5, 10))
    limp_to_flop(h)
    with pytest.raises(IllegalActionError) as e:
        h.bet(5)
    assert str(e.value) == (f"bet 5 is not allowed: below the minimum bet to 10 "
                            f"({h.legal_actions().describe()})")
    h.bet(10)
    assert h.legal_actions().min_to == 20


def test_min_bet_setting_overrides_the_big_blind():
    h = start(NoLimit(min_bet=40), [1000] * 3, blinds=(5, 10))
    limp_to_flop(h)
    assert h.legal_actions().min_to == 40


# ----------------------------------------------------------------- TDA 47A (PL, NL)
def flop_nl(stacks):
    """Four players limp 100 each (blinds 50/100) and see a flop; seat 0 acts first."""
    h = start(NoLimit(), stacks, blinds=(50, 100))
    limp_to_flop(h)
    assert h.street == "flop" and h.to_act == 0
    return h


def test_short_all_in_does_not_reopen_for_players_who_acted():
    h = flop_nl([1000, 250, 1000, 1000])
    h.bet(100)
    h.all_in()               # seat 1: 150, a raise of 50 (less than a full raise)
    assert h.legal_actions().min_to == 250       # seat 2 has not acted: may raise
    h.call()
    h.call()
    la = h.legal_actions()                          # seat 0 faces 50 more only
    assert la.seat == 0 and not la.can_raise and la.kinds == ("fold", "call")
    with pytest.raises(IllegalActionError, match="not reopened"):
        h.raise_to(400)
    h.call()
    assert h.street == "turn"


def test_short_all_ins_that_add_up_to_a_full_raise_reopen():
    h = flop_nl([1000, 250, 310, 1000])
    h.bet(100)
    h.all_in()               # seat 1 to 150
    h.all_in()               # seat 2 to 210: 110 over seat 0's bet, a full raise in all
    la = h.legal_actions()
    assert la.seat == 3 and la.min_to == 310      # measured from the last full raise
    h.call()
    la = h.legal_actions()
    assert la.seat == 0 and la.can_raise and la.min_to == 310


def test_pot_limit_short_all_in_does_not_reopen():
    h = start(PotLimit(), [1000, 250, 1000, 1000], blinds=(50, 100))
    limp_to_flop(h)
    h.bet(100)
    h.all_in()
    h.call()
    h.call()
    assert not h.legal_actions().can_raise


# ----------------------------------------------------------------- TDA 47B (fixed limit)
def flop_fl(stacks):
    """FL 100/200, blinds 50/100; four players limp and see the flop (bet 100)."""
    h = start(FixedLimit(100, 200), stacks)
    limp_to_flop(h)
    assert h.street == "flop" and h.to_act == 0
    return h


def test_limit_all_in_below_half_a_bet_does_not_reopen():
    h = flop_fl([1000, 240, 1000, 1000])
    h.bet(100)
    h.all_in()              # seat 1: 140, 40 more: less than half of 100
    la = h.legal_actions()
    assert la.seat == 2 and la.min_to == 200        # a full raise over the full bet
    h.call()
    h.call()
    la = h.legal_actions()
    assert la.seat == 0 and not la.can_raise


def test_limit_all_in_of_half_a_bet_counts_as_a_raise_and_reopens():
    h = flop_fl([1000, 250, 1000, 1000])
    h.bet(100)
    h.all_in()              # seat 1: 150, half a bet more: a full raise
    h.call()
    h.call()
    la = h.legal_actions()
    assert la.seat == 0 and la.can_raise and la.min_to == 250
    h.raise_to(250)
    assert h.bets[0] == 250


def test_limit_short_all_in_bet_may_be_completed():
    h = flop_fl([140, 1000, 1000, 1000])
    h.all_in()              # seat 0 bets its last 40: less than half a bet
    la = h.legal_actions()
    assert la.seat == 1 and la.to_call == 40 and la.can_raise and la.min_to == 100
    h.raise_to(100)         # completes to a full bet
    la = h.legal_actions()
    assert la.min_to == 200 and la.to_call == 100


def test_limit_all_in_may_be_more_than_a_call_but_not_more_than_a_raise():
    h = flop_fl([1000, 1000, 1000, 1000])
    la = h.legal_actions()
    assert la.all_in_to == 0          # 900 behind: far more than the bet of 100
    with pytest.raises(IllegalActionError, match="exceed"):
        h.all_in()


# ----------------------------------------------------------------- all-ins and returns
def test_uncalled_bet_goes_back():
    h = start(NoLimit(), [1000, 1000], blinds=(5, 10))
    h.call()
    h.check()
    h.bet(500)
    h.fold()
    assert h.finished and h.uncalled_returns == ((0, 500),)
    assert h.stacks == {0: 1010, 1: 990}


def test_all_in_larger_than_the_caller_returns_the_excess_and_runs_out():
    h = start(NoLimit(), [300, 1000], blinds=(5, 10))
    h.all_in()                  # the button, seat 1: 1000
    assert h.legal_actions().all_in_to == 300 and not h.legal_actions().can_raise
    h.call()                    # seat 0 calls all-in for 300
    assert h.finished and h.uncalled_returns == ((1, 700),)
    assert len(h.board) == 5 and set(h.shown) == {0, 1}
    assert sum(h.stacks.values()) == 1300


def test_call_for_less_than_the_big_blind():
    h = start(FixedLimit(250, 500), [10_000, 10_000, 10_000, 125])
    h.fold()
    h.call()                      # seat 3 calls all-in for 125
    a = h.actions[-1]
    assert (a.kind, a.added, a.all_in, a.verb, a.amount) == ("call", 125, True, "all_in", 125)
    h.raise_to(500)               # seat 0: 375 more
    h.call()
    assert h.street == "flop" and h.pot == 125 + 500 * 2


def test_blinds_short_stack_posts_what_it_has():
    h = start(NoLimit(), [1000, 6, 1000], blinds=(5, 10))
    assert [(p.seat, p.amount) for p in h.posts] == [(0, 5), (1, 6)]
    assert h.legal_actions().to_call == 10      # the full big blind is still owed


def test_all_in_runout_plays_no_more_betting():
    h = start(NoLimit(), [1000, 200, 1000], blinds=(5, 10))
    h.call()
    h.call()
    h.check()
    h.bet(100)          # seat 0
    h.all_in()          # seat 1: 190
    h.fold()            # seat 2
    h.call()            # seat 0: nobody else can bet -> runout
    assert h.finished and len(h.board) == 5


def test_pots_during_the_hand_form_at_all_in_levels():
    h = start(NoLimit(), [100, 500, 500], blinds=(5, 10))
    assert [(p.amount, p.eligible) for p in h.pots] == [(15, (0, 1, 2))]
    h.raise_to(50)       # seat 2
    h.all_in()           # seat 0: 100
    h.call()             # seat 1
    h.call()             # seat 2
    assert h.street == "flop"
    h.bet(100)           # seat 1
    h.call()             # seat 2
    assert h.street == "turn"
    assert [(p.amount, p.eligible) for p in h.pots] == [(300, (0, 1, 2)), (200, (1, 2))]
    assert sum(p.amount for p in h.pots) == h.pot
    assert h.view(0).pots == h.pots
