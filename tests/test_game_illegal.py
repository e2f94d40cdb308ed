"""Every illegal action raises IllegalActionError, says why, and changes nothing."""

from __future__ import annotations

import random

import pytest

from omaha_fast import FixedLimit, IllegalActionError, NoLimit, PotLimit, Table

STRUCTURES = [(FixedLimit(10, 20), None), (PotLimit(), (5, 10)), (NoLimit(), (5, 10))]


def snapshot(h):
    return (h.finished, h.to_act, h.street, h.stacks, h.bets, h.pot, h.board, h.actions,
            h.contributed, h.folded, h.payouts, None if h.finished else h.legal_actions())


def illegal_attempts(h):
    """(kind, amount, seat) attempts that must all be refused in this state."""
    la = h.legal_actions()
    wrong_seat = next(s for s in h.seats if s != la.seat)
    out = [("fold", None, wrong_seat), ("check", None, wrong_seat),
           ("call", None, wrong_seat), ("teleport", None, None),
           ("bet" if la.can_bet else "raise_to", la.min_to or 20, wrong_seat)]
    out.append(("call", None, None) if la.can_check else ("check", None, None))
    out.append(("raise_to", 100, None) if h.current_bet == 0 else ("bet", 100, None))
    for kind, ok in (("bet", la.can_bet), ("raise_to", la.can_raise)):
        if ok:
            out += [(kind, la.min_to - 1, None), (kind, la.max_to + 1, None),
                    (kind, "20", None), (kind, True, None), (kind, None, None),
                    (kind, -5, None), (kind, float(la.min_to), None)]
        else:
            out.append((kind, 10**9, None))
    if not la.all_in_to:
        out.append(("all_in", None, None))
    else:
        out += [("all_in", la.all_in_to - 1, None), ("all_in", str(la.all_in_to), None)]
    # amounts that do not fit the action: any with fold or check, and a call amount other
    # than the chips the call adds (the street total included, when it differs)
    out += [("fold", 0, None), ("fold", -5, None), ("check", 0, None), ("check", 5, None)]
    if la.call:
        out += [("call", la.call + 1, None), ("call", la.call - 1, None),
                ("call", la.call + 999, None), ("call", str(la.call), None),
                ("call", float(la.call), None)]
        total = h.bets[la.seat] + la.call
        if total != la.call:
            out.append(("call", total, None))
    return out


def check_state(h):
    before = snapshot(h)
    la = before[-1]
    for kind, amount, seat in illegal_attempts(h):
        with pytest.raises(IllegalActionError) as err:
            h.act(kind, amount, seat=seat)
        assert str(err.value)                  # a message, never empty
        if seat is None:                       # every refusal lists what is allowed
            assert str(err.value).endswith(f" ({la.describe()})"), (kind, amount, err.value)
        assert not h.can(kind, amount, seat=seat)
        assert snapshot(h) == before, (kind, amount, seat)
    # and everything the summary allows is accepted by verify
    for kind in la.kinds:
        if kind in ("bet", "raise_to"):
            for amount in {la.min_to, la.max_to, (la.min_to + la.max_to) // 2}:
                assert h.can(kind, amount), (kind, amount, la)
        else:
            assert h.can(kind), (kind, la)
    assert snapshot(h) == before


@pytest.mark.parametrize("structure, blinds", STRUCTURES)
def test_illegal_actions_change_nothing_in_random_states(structure, blinds):
    rng = random.Random(7)
    for players in (2, 3, 6):
        t = Table(structure=structure, blinds=blinds, seats=players, stacks=[300] * players,
                  seed=players)
        for _ in range(40):
            h = t.start_hand()
            while not h.finished:
                check_state(h)
                la = h.legal_actions()
                kind = rng.choice(la.kinds)
                if kind in ("bet", "raise_to"):
                    h.act(kind, rng.randint(la.min_to, la.max_to))
                else:
                    h.act(kind)
            for seat, stack in t.stacks.items():
                if stack < 50:
                    t.add_chips(seat, 300)


def test_nothing_is_possible_after_the_hand_is_over():
    t = Table(structure=FixedLimit(10, 20), seats=2, stacks=[100, 100])
    h = t.start_hand()
    h.fold()
    before = snapshot(h)
    for kind in ("fold", "check", "call", "all_in"):
        with pytest.raises(IllegalActionError, match="the hand is over"):
            h.act(kind)
    with pytest.raises(IllegalActionError, match="the hand is over"):
        h.legal_actions()
    assert snapshot(h) == before and h.to_act is None


def test_out_of_turn_names_both_seats():
    t = Table(structure=NoLimit(), blinds=(1, 2), seats=3, stacks=[100] * 3, button=2)
    h = t.start_hand()
    with pytest.raises(IllegalActionError) as e:
        h.fold(seat=1)
    assert str(e.value) == "seat 1 cannot fold: it is seat 2's turn to act"


def test_messages_say_what_was_asked_and_what_is_allowed():
    t = Table(structure=NoLimit(), blinds=(5, 10), seats=3, stacks=[100] * 3, button=2)
    h = t.start_hand()
    with pytest.raises(IllegalActionError) as e:
        h.check()
    assert str(e.value) == ("check is not allowed: there are 10 to call "
                            "(fold, call 10, raise to 20..100, all-in to 100)")
    with pytest.raises(IllegalActionError) as e:
        h.raise_to(120)
    assert "the stack covers only 100" in str(e.value)
    with pytest.raises(IllegalActionError, match="there is already a bet of 10"):
        h.bet(30)


def test_amounts_that_do_not_fit_fold_check_or_call_are_refused():
    h = Table(structure=FixedLimit(10, 20), seats=3, stacks=[200] * 3).start_hand(seed=5)
    before = snapshot(h)
    allowed = h.legal_actions().describe()
    assert allowed == "fold, call 10, raise to 20"
    for kind, amount, asked in (("call", 999, "call 999"), ("fold", -5, "fold -5"),
                                ("call", "10", "call '10'"), ("call", True, "call True")):
        with pytest.raises(IllegalActionError) as e:
            h.act(kind, amount)
        assert str(e.value).startswith(f"{asked} is not allowed: ")
        assert str(e.value).endswith(f"({allowed})")
        assert snapshot(h) == before
    # the amount of a call is the chips it adds, as the Action record reports them
    a = h.act("call", 10)
    assert (a.kind, a.added, a.amount, a.to) == ("call", 10, 10, 10)
    la = h.legal_actions()                      # the small blind: 5 in, 5 more to call
    assert (h.bets[la.seat], la.call) == (5, 5)
    before = snapshot(h)
    with pytest.raises(IllegalActionError, match="a call adds 5 .*not the street total 10"):
        h.act("call", 10)
    assert snapshot(h) == before
    a = h.act("call", 5)
    assert (a.added, a.amount, a.to) == (5, 5, 10)
    with pytest.raises(IllegalActionError, match="check 0 is not allowed: a check takes no"):
        h.act("check", 0)
    h.act("check", None)
    assert h.street == "flop"


def test_a_seat_that_is_not_an_int_is_refused_as_such():
    t = Table(structure=NoLimit(), blinds=(1, 2), seats=3, stacks=[100] * 3, button=2)
    h = t.start_hand()
    assert h.to_act == 2
    before = snapshot(h)
    for seat in ("2", 2.0, True):
        with pytest.raises(IllegalActionError) as e:
            h.call(seat=seat)
        assert str(e.value) == f"seat must be an int seat number, got {seat!r} (seat 2 is to act)"
        assert snapshot(h) == before
    h.call(seat=2)
    assert h.to_act == 0


def test_an_all_in_below_the_bet_is_a_call_not_a_raise():
    # found by the engine fuzz: raise_to(all-in amount) facing a larger bet was accepted
    # and recorded as a raise although it only called
    t = Table(structure=NoLimit(), blinds=(5, 10), seats=2, stacks=[200, 30])
    h = t.start_hand(seed=1)
    h.raise_to(100)
    before = (h.stacks, h.bets, h.actions)
    for kind in ("raise_to", "bet"):
        with pytest.raises(IllegalActionError):
            h.act(kind, 30)
        assert not h.can(kind, 30)
    assert (h.stacks, h.bets, h.actions) == before
    assert h.all_in().kind == "call"
