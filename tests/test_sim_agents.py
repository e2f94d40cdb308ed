"""Agents: the protocol, the built-in random agent and calling station, lazy seat views."""

from __future__ import annotations

from collections import Counter

import pytest

from omaha_fast import FixedLimit, NoLimit, PotLimit, Table
from omaha_fast.sim import (
    CallingStation,
    Decision,
    RandomAgent,
    StaleViewError,
    agent_label,
    lazy_view,
    make_agent,
)


def play(table, agents, hands, check_views=False):
    """Play hands with one agent per seat; returns every (seat, legal, decision)."""
    seen = []
    for _ in range(hands):
        hand = table.start_hand()
        while not hand.finished:
            seat = hand.to_act
            legal = hand.legal_actions()
            view = lazy_view(hand, seat)
            decision = agents[seat].act(view, legal)
            if check_views:
                assert view.freeze() == hand.view(seat)
            view.close()
            hand.act(*decision)
            seen.append((seat, legal, decision))
        for seat, stack in table.stacks.items():
            if stack < 200:
                table.add_chips(seat, 1000)
    return seen


def test_random_agent_uses_every_kind_and_size_legally():
    table = Table(structure=PotLimit(), blinds=(1, 2), seats=4, stacks=[300] * 4, seed=1)
    agents = [RandomAgent(seed=s) for s in range(4)]
    seen = play(table, agents, 300)
    kinds = Counter(d.kind for _, _, d in seen)
    assert set(kinds) == {"fold", "check", "call", "bet", "raise_to", "all_in"}
    # uniform over the legal kinds: where fold, call and raise were the choices, each
    # comes up about a third of the time
    three = [d.kind for _, legal, d in seen if legal.kinds == ("fold", "call", "raise_to")]
    counts = Counter(three)
    assert len(three) > 300
    for kind in ("fold", "call", "raise_to"):
        assert abs(counts[kind] / len(three) - 1 / 3) < 0.08, counts
    # sizes spread over the whole range
    spans = [(legal.min_to, legal.max_to, d.amount) for _, legal, d in seen
             if d.kind in ("bet", "raise_to") and legal.max_to - legal.min_to >= 20]
    assert spans and all(lo <= a <= hi for lo, hi, a in spans)
    fractions = [(a - lo) / (hi - lo) for lo, hi, a in spans]
    assert min(fractions) < 0.15 and max(fractions) > 0.85


def test_random_agent_is_reproducible_and_reset_reseeds():
    def decisions(agent):
        table = Table(structure=NoLimit(), blinds=(1, 2), seats=3, stacks=[200] * 3, seed=4)
        return [d for _, _, d in play(table, [agent] * 3, 50)]
    first = decisions(RandomAgent(seed=9))
    assert first == decisions(RandomAgent(seed=9))
    assert first != decisions(RandomAgent(seed=10))
    agent = RandomAgent(seed=10)
    agent.reset(9)
    assert decisions(agent) == first


def test_calling_station_never_folds_or_raises_and_sees_every_showdown():
    table = Table(structure=FixedLimit(10, 20), seats=3, stacks=[1000] * 3, seed=2)
    station = CallingStation()
    for _ in range(40):
        hand = table.start_hand()
        while not hand.finished:
            seat = hand.to_act
            legal = hand.legal_actions()
            d = station.act(lazy_view(hand, seat), legal)
            assert d.kind == ("check" if legal.can_check else "call")
            hand.act(*d)
        assert hand.folded == () and len(hand.board) == 5
        for seat, stack in table.stacks.items():
            if stack < 200:
                table.add_chips(seat, 1000)


def test_lazy_views_equal_the_full_view_at_every_decision():
    table = Table(structure=FixedLimit(10, 20), seats=6, stacks=[300] * 6, seed=3)
    seen = play(table, [RandomAgent(seed=s) for s in range(6)], 60, check_views=True)
    assert len(seen) > 200


def test_a_field_first_read_after_the_decision_is_refused():
    hand = Table(structure=FixedLimit(10, 20), seats=2, stacks=[100, 100]).start_hand(seed=1)
    view = lazy_view(hand, hand.to_act)
    assert view.pot == 15
    view.close()
    hand.call()
    assert view.pot == 15             # read during the decision: kept as it was then
    with pytest.raises(StaleViewError, match="'bets' was not read"):
        _ = view.bets
    with pytest.raises(RuntimeError):   # also the builtin it resembles
        _ = view.actions


def test_a_seat_sees_no_other_hole_cards():
    hand = Table(structure=FixedLimit(10, 20), seats=3, stacks=[100] * 3).start_hand(seed=7)
    for seat in hand.seats:
        view = lazy_view(hand, seat)
        assert view.hole == hand.hole(seat) and view.holes == {}


class Folder:
    def act(self, view, legal):
        return ("fold", None) if legal.can_fold else ("check", None)


def test_make_agent_from_names_classes_instances_and_module_paths():
    assert isinstance(make_agent("random"), RandomAgent)
    assert isinstance(make_agent("station"), CallingStation)
    assert isinstance(make_agent(f"{__name__}:Folder"), Folder)
    assert isinstance(make_agent(Folder), Folder)
    original = RandomAgent(seed=1)
    copy = make_agent(original)
    assert copy is not original and isinstance(copy, RandomAgent)
    assert agent_label(Folder) == "Folder" and agent_label("random") == "random"
    assert agent_label(f"{__name__}:Folder") == "Folder"


@pytest.mark.parametrize("spec, error, message", [
    ("nobody", ValueError, "unknown agent 'nobody'"),
    ("no_such_module_xyz:Agent", ValueError, "cannot load agent"),
    (f"{__name__}:Missing", ValueError, "cannot load agent"),
    (42, TypeError, "has no act"),
])
def test_bad_agent_specs_name_the_problem(spec, error, message):
    with pytest.raises(error, match=message):
        make_agent(spec)


def test_a_plain_tuple_maps_onto_act():
    hand = Table(structure=FixedLimit(10, 20), seats=2, stacks=[100, 100]).start_hand(seed=1)
    kind, amount = Decision("raise_to", 20)
    action = hand.act(kind, amount)
    assert (action.kind, action.to) == ("raise_to", 20)
    assert Folder().act(None, hand.legal_actions()) == ("fold", None)
