"""The engine driven by random method calls (hypothesis stateful testing), with the
invariants checked after every call:

- chips are conserved (stacks, the pot in play and the rake always add up to what was
  brought to the table);
- a refused call changes nothing (table and hand alike), and is an OmahaError;
- each seat's view hides every card it may not see;
- legal_actions() and verify()/can() agree on every kind of action.

A short run is part of the default suite. The long run is
``OMAHA_FUZZ_EXAMPLES=2000 python -m pytest -m slow tests/test_fuzz_engine.py``
(the number of random call sequences; 2000 by default under ``-m slow``).
"""

from __future__ import annotations

import os

import pytest
from conftest import scaled
from hypothesis import HealthCheck, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from omaha_fast import FixedLimit, NoLimit, OmahaError, PotLimit, Rake, Table
from omaha_fast.game.values import KINDS

# anything a caller might pass as an amount or a seat, good or bad
WEIRD = st.one_of(st.none(), st.booleans(), st.floats(allow_nan=True), st.text(max_size=3),
                  st.integers(-5, 5), st.integers(-(10**20), 10**20), st.just([1]))

STRUCTURES = st.sampled_from([
    dict(structure=FixedLimit(10, 20)),
    dict(structure=FixedLimit(10, 20, cap=3, uncap_heads_up=True)),
    dict(structure=PotLimit(), blinds=(5, 10)),
    dict(structure=NoLimit(), blinds=(5, 10)),
    dict(structure=NoLimit(min_bet=20), blinds=(10, 10)),
])


def table_state(t):
    """Everything observable about a table between hands."""
    return (t.stacks, t.names, t.button, t._button, t._sb_pos, t._bb, t._hands,
            [None if p is None else (p.stack, p.sitting_out, p.waiting, p.post, p.missed_sb,
                                     p.missed_bb) for p in t._players])


def hand_state(h):
    """Everything observable about a hand."""
    return (h.finished, h.street, h.to_act, h.board, h.burns, h.stacks, h.bets,
            h.contributed, h.pot, h.pots, h.folded, h.actions, h.posts, h.payouts, h.awards,
            h.shown, h.mucked, h.uncalled_returns, h.awaiting_cards,
            None if h.to_act is None else h.legal_actions())


class EngineMachine(RuleBasedStateMachine):
    @initialize(n=st.integers(2, 10), structure=STRUCTURES, data=st.data())
    def new_table(self, n, structure, data):
        extra = data.draw(st.fixed_dictionaries({}, optional={
            "ante": st.sampled_from([0, 1, 5]),
            "big_blind_ante": st.sampled_from([0, 10]),
            "rake": st.builds(Rake, st.sampled_from([0, 5, 10]),
                              st.sampled_from([None, 3, 30])),
            "odd_chips": st.sampled_from(["left_of_button", "first_shown"]),
            "button_rule": st.sampled_from(["dead", "moving"]),
            "game": st.sampled_from(["hilo", "high"]),
        }))
        if extra.get("ante") and extra.get("big_blind_ante"):
            del extra["ante"]
        stacks = data.draw(st.lists(st.sampled_from([None, 3, 25, 100, 1000]), min_size=n,
                                    max_size=n))
        self.table = Table(seats=n, stacks=stacks, seed=data.draw(st.integers(0, 2**32)),
                           **structure, **extra)
        self.total = sum(self.table.stacks.values())
        self.raked = 0
        self.hand = None

    # ------------------------------------------------------------ helpers
    def running(self):
        return self.hand is not None and not self.hand.finished

    def refused(self, call):
        """Run ``call``; if it raises, it must be an OmahaError that changed nothing."""
        before = (table_state(self.table),
                  hand_state(self.hand) if self.hand is not None else None)
        try:
            return True, call()
        except OmahaError:
            after = (table_state(self.table),
                     hand_state(self.hand) if self.hand is not None else None)
            assert after == before
            return False, None

    # ------------------------------------------------------------ table calls
    @precondition(lambda self: not self.running())
    @rule(seed=st.integers(0, 2**32), open_board=st.booleans())
    def start_hand(self, seed, open_board):
        ok, hand = self.refused(lambda: self.table.start_hand(seed=seed, open_board=open_board))
        if ok:
            self.hand = hand
            self.counted = False

    @rule(seat=st.one_of(st.integers(-1, 10), WEIRD), amount=st.one_of(st.integers(-5, 500),
                                                                       WEIRD))
    def add_chips(self, seat, amount):
        ok, _ = self.refused(lambda: self.table.add_chips(seat, amount))
        if ok:
            self.total += amount

    @rule(seat=st.one_of(st.integers(-1, 10), WEIRD), stack=st.one_of(st.integers(-5, 500),
                                                                      WEIRD),
          post=st.booleans())
    def sit_down(self, seat, stack, post):
        ok, _ = self.refused(lambda: self.table.sit_down(seat, stack, post=post))
        if ok:
            self.total += stack

    @rule(seat=st.one_of(st.integers(-1, 10), WEIRD))
    def leave(self, seat):
        ok, chips = self.refused(lambda: self.table.leave(seat))
        if ok:
            self.total -= chips

    @rule(seat=st.integers(0, 9), back=st.booleans(), post=st.booleans())
    def sit_out_or_come_back(self, seat, back, post):
        if back:
            self.refused(lambda: self.table.come_back(seat, post=post))
        else:
            self.refused(lambda: self.table.sit_out(seat))

    # ------------------------------------------------------------ hand calls
    @precondition(lambda self: self.running() and self.hand.to_act is not None)
    @rule(data=st.data())
    def legal_action(self, data):
        legal = self.hand.legal_actions()
        kind = data.draw(st.sampled_from(legal.kinds))
        if kind in ("bet", "raise_to"):
            amount = data.draw(st.integers(legal.min_to, legal.max_to))
            amount -= amount % self.hand.rules.chip
            if amount < legal.min_to:
                amount = legal.min_to
        else:
            amount = None
        current = self.hand.current_bet
        self.hand.act(kind, amount)
        self.check_record(current)

    @precondition(lambda self: self.running())
    @rule(data=st.data(), steps=st.integers(1, 12))
    def several_legal_actions(self, data, steps):
        """A run of legal actions (dealing an open board when due), the invariants checked
        after each."""
        for _ in range(steps):
            if not self.running():
                break
            if self.hand.awaiting_cards:
                self.deal(data, True)
            else:
                self.legal_action(data)
            self.chips_are_conserved()
            self.views_hide_unshown_cards()
            self.legal_actions_agree_with_verify()

    @precondition(lambda self: self.running())
    @rule(kind=st.one_of(st.sampled_from(KINDS), WEIRD), amount=st.one_of(
        st.integers(-10, 2000), WEIRD), seat=st.one_of(st.none(), st.integers(-1, 10), WEIRD))
    def any_action(self, kind, amount, seat):
        hand = self.hand
        allowed = hand.can(kind, amount, seat=seat)
        current = hand.current_bet
        ok, _ = self.refused(lambda: hand.act(kind, amount, seat=seat))
        assert ok == allowed
        if ok:
            self.check_record(current)

    @precondition(lambda self: self.running() and self.hand.awaiting_cards > 0)
    @rule(data=st.data(), valid=st.booleans())
    def deal(self, data, valid):
        hand = self.hand
        need = hand.awaiting_cards
        used = set(hand.board)
        for s in hand.seats:
            used.update(hand.hole(s))
        if valid:
            cards = data.draw(st.lists(st.sampled_from(sorted(set(range(52)) - used)),
                                       min_size=need, max_size=need, unique=True))
        else:
            cards = data.draw(st.one_of(WEIRD, st.lists(st.integers(-1, 52), max_size=4)))
        ok, _ = self.refused(lambda: hand.deal(cards))
        if valid:
            assert ok

    @precondition(lambda self: self.hand is not None)
    @rule(data=st.data())
    def play_a_copy(self, data):
        """A copy plays on by itself; the original does not move."""
        before = hand_state(self.hand)
        c = self.hand.copy()
        assert hand_state(c) == before
        for _ in range(data.draw(st.integers(0, 6))):
            if c.finished:
                break
            if c.awaiting_cards:
                used = set(c.board) | {x for s in c.seats for x in c.hole(s)}
                free = sorted(set(range(52)) - used)
                c.deal(free[:c.awaiting_cards])
            else:
                legal = c.legal_actions()
                kind = data.draw(st.sampled_from(legal.kinds))
                c.act(kind, legal.min_to if kind in ("bet", "raise_to") else None)
        assert hand_state(self.hand) == before

    # ------------------------------------------------------------ invariants
    @invariant()
    def chips_are_conserved(self):
        if getattr(self, "table", None) is None:
            return
        hand = self.hand
        if hand is not None and hand.finished and not getattr(self, "counted", True):
            self.raked += hand.rake
            self.counted = True
        stacks = self.table.stacks
        if hand is not None and not hand.finished:
            # the table settles its stacks when the hand ends: meanwhile the hand has them
            stacks.update(hand.stacks)
            assert sum(stacks.values()) + hand.pot + self.raked == self.total
        else:
            assert sum(stacks.values()) + self.raked == self.total
        if hand is not None:
            assert sum(hand.stacks.values()) + hand.pot + hand.rake == \
                sum(hand.starting_stacks.values())

    @invariant()
    def views_hide_unshown_cards(self):
        hand = getattr(self, "hand", None)
        if hand is None:
            return
        shown = set(hand.shown)
        exposed = hand._exposed
        for viewer in (None, *hand.seats):
            view = hand.view(viewer)
            assert view.hole == (hand.hole(viewer) if viewer is not None else None)
            for seat, cards in view.holes.items():
                assert seat != viewer and cards == hand.hole(seat)
                assert seat in shown or (exposed and seat not in hand.folded)
                assert seat not in hand.mucked
            assert view.board == hand.board

    @invariant()
    def legal_actions_agree_with_verify(self):
        hand = getattr(self, "hand", None)
        if hand is None or hand.to_act is None:
            if hand is not None:
                for kind in KINDS:
                    assert not hand.can(kind)
            return
        legal = hand.legal_actions()
        chip = hand.rules.chip
        current = hand.current_bet
        assert legal.seat == hand.to_act
        assert hand.can("fold") == legal.can_fold
        assert hand.can("check") == legal.can_check
        assert hand.can("call") == (legal.to_call > 0)
        assert hand.can("all_in") == (legal.all_in_to > 0)
        if legal.to_call:
            assert hand.can("call", legal.call)
            assert not hand.can("call", legal.call + chip)
        for kind, allowed in (("bet", legal.can_bet), ("raise_to", legal.can_raise)):
            matches = (kind == "bet") == (current == 0)   # a bet opens, a raise answers
            assert not hand.can(kind, None)
            if allowed:
                assert matches and legal.min_to > current
                assert hand.can(kind, legal.min_to) and hand.can(kind, legal.max_to)
                assert not hand.can(kind, legal.max_to + chip)
                assert not hand.can(kind, legal.min_to - chip)
            else:
                # only a short all-in above the bet is still a bet or raise of this kind
                short = legal.all_in_to if legal.all_in_to > current else 0
                for amount in {legal.min_to, legal.max_to, legal.all_in_to, current + chip}:
                    assert hand.can(kind, amount) == (matches and amount == short > 0)
        assert not hand.can("fold", seat=(hand.to_act + 1) % 20)

    def check_record(self, current_before):
        """The action just recorded says what happened."""
        a = self.hand.actions[-1]
        if a.kind == "raise_to":
            assert current_before > 0 and a.to > current_before
        elif a.kind == "bet":
            assert current_before == 0 and a.to > 0
        elif a.kind == "call":
            assert 0 < a.to <= current_before and a.added > 0
        elif a.kind == "check":
            assert a.added == 0 and a.to == current_before
        else:
            assert a.kind == "fold" and a.added == 0


_examples = int(os.environ.get("OMAHA_FUZZ_EXAMPLES", "2000"))

TestEngineShort = EngineMachine.TestCase
# 50 call sequences (times the size knob, see conftest.py); the long run is below
TestEngineShort.settings = settings(max_examples=scaled(50), stateful_step_count=50,
                                    deadline=None,
                                    suppress_health_check=list(HealthCheck))


class LongMachine(EngineMachine):
    pass


@pytest.mark.slow
class TestEngineLong(LongMachine.TestCase):
    settings = settings(max_examples=_examples, stateful_step_count=100, deadline=None,
                        suppress_health_check=list(HealthCheck))
