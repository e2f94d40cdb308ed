"""The action history in the observation: two betting lines that reach the same flop are
told apart, and the slots decode back to the actions taken, in every structure, with
short and with no history."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from omaha_fast.agents import lazy_view  # noqa: E402
from omaha_fast.env import omaha_hilo_v0  # noqa: E402
from omaha_fast.env.encoding import ObservationEncoder, default_history_slots  # noqa: E402
from omaha_fast.errors import InvalidTypeError, InvalidValueError  # noqa: E402
from omaha_fast.game import FixedLimit, NoLimit, Table  # noqa: E402
from omaha_fast.sim import RandomAgent  # noqa: E402


def _flop_observations(preflop, **settings):
    """Both seats' observations on the flop of one deal after the preflop line given as
    (kind, amount) pairs, through the environment."""
    raw = omaha_hilo_v0.raw_env(seats=2, structure="pot-limit", blinds=(1, 2), stacks=200,
                                **settings)
    raw.reset(seed=21)
    for kind, amount in preflop:
        raw.step_decision(kind, amount)
    assert raw.hand.street == "flop"
    return raw, [raw.observe(a)["observation"] for a in raw.possible_agents]


def test_two_preflop_lines_to_the_same_flop_give_different_observations():
    # the button (small blind) raises and the big blind calls, or the button limps and
    # the big blind raises and gets called: the same pot, stacks and cards on the flop
    raising = [("raise_to", 6), ("call", None)]
    limping = [("call", None), ("raise_to", 6), ("call", None)]
    raised, by_button = _flop_observations(raising)
    limped, by_blind = _flop_observations(limping)
    enc = raised._encoder
    before = enc.history_at
    button = raised.hand.button
    for seat in (0, 1):
        # everything the observation held before the history agrees...
        assert np.array_equal(by_button[seat][:before], by_blind[seat][:before])
        # ...and the history tells the two lines apart, naming the raiser
        assert not np.array_equal(by_button[seat], by_blind[seat])
        first = enc.decode_history(by_button[seat], seat)
        second = enc.decode_history(by_blind[seat], seat)
        assert [a[1:3] for a in first] == [(button, "raise_to"), (1 - button, "call")]
        assert [a[1:3] for a in second] == [(button, "call"), (1 - button, "raise_to"),
                                            (button, "call")]
    # without the history (the layout before it), the two lines looked the same
    _, short_a = _flop_observations(raising, history_slots=0)
    _, short_b = _flop_observations(limping, history_slots=0)
    assert all(np.array_equal(a, b) for a, b in zip(short_a, short_b))


def _taken(hand, slots):
    """The hand's actions as decode_history gives them: the last ``slots`` a street."""
    by_street = [[(a.street, a.seat, a.kind, a.to, a.all_in) for a in hand.actions
                  if a.street == s] for s in range(4)]
    kept = [actions[len(actions) - slots:] if slots and len(actions) > slots else
            (actions if slots else []) for actions in by_street]
    cut = [bool(slots) and len(actions) > slots for actions in by_street]
    return [a for street in kept for a in street], cut


HISTORY_CONFIGS = [
    dict(seats=2, structure="no-limit", stacks=[400, 1000]),
    dict(seats=6, structure="pot-limit", stacks=[30, 200, 75, 400, 12, 200]),
    dict(seats=4, structure=FixedLimit(2, 4, uncap_heads_up=True), hands=3),
    dict(seats=3, structure="no-limit", history_slots=2),        # streets cut short
    dict(seats=10, structure="pot-limit", blinds=(5, 10), stacks=500, history_slots=0),
]


@pytest.mark.parametrize("config", HISTORY_CONFIGS,
                         ids=lambda c: f"{c['seats']}-{c.get('history_slots', 'default')}")
def test_the_history_decodes_to_the_actions_taken(config):
    """Random play, half of the seats at any legal size (the simulator's random agent),
    half through the six actions: at every step every seat's observation decodes to the
    hand's actions, its flags say which streets were cut, and the vector is in its
    space."""
    raw = omaha_hilo_v0.raw_env(**config)
    enc = raw._encoder
    slots = enc.history_slots
    space = raw.observation_space("player_0")["observation"]
    if slots == 0:
        assert enc.features_at == enc.history_at
    sizer = RandomAgent(seed=3)
    rng = random.Random(4)
    checked = cut_streets = 0
    for episode in range(40):
        raw.reset(seed=episode)
        for agent in raw.agent_iter():
            _, _, term, trunc, _ = raw.last()
            if term or trunc:
                raw.step(None)
                continue
            hand = raw.hand
            for seat, other in enumerate(raw.possible_agents):
                if other not in raw.agents:
                    continue
                obs = raw.observe(other)["observation"]
                assert space.contains(obs)
                expected, cut = _taken(hand, slots)
                assert enc.decode_history(obs, seat) == expected
                assert enc.history_cut(obs) == cut
                cut_streets += sum(cut)
                checked += 1
            seat = hand.to_act
            if seat % 2:
                raw.step_decision(*sizer.act(lazy_view(hand, seat), hand.legal_actions()))
            else:
                mask = raw.observe(agent)["action_mask"]
                raw.step(rng.choice(np.flatnonzero(mask).tolist()))
    assert checked > 200
    if slots == 2:
        assert cut_streets


def test_the_history_of_a_finished_hand_stays_in_the_final_observation():
    raw = omaha_hilo_v0.raw_env(seats=3, structure="fixed-limit")
    raw.reset(seed=5)
    for agent in raw.agent_iter():
        _, _, term, trunc, _ = raw.last()
        raw.step(None if term or trunc else 1)            # check or call to the showdown
        if term:
            hand, _ = raw._final[agent]
            seat = raw.possible_agents.index(agent)
            obs = raw.observe(agent)["observation"]
            assert raw._encoder.decode_history(obs, seat) == _taken(hand, 8)[0]
            assert {a[0] for a in _taken(hand, 8)[0]} == {0, 1, 2, 3}


def test_history_slots_setting():
    assert default_history_slots(2) == 8 and default_history_slots(10) == 20
    for seats in (2, 6, 10):
        enc = ObservationEncoder(seats=seats, big_blind=2, total_chips=400)
        slots = default_history_slots(seats)
        assert enc.size == 108 + 5 * seats + 2 + 4 * (1 + slots * (seats + 7))
    short = omaha_hilo_v0.raw_env(seats=2, history_slots=0)
    assert short.observation_space("player_0")["observation"].shape == (120,)
    with pytest.raises(InvalidValueError, match="history_slots must be an int >= 0"):
        omaha_hilo_v0.raw_env(history_slots=-1)
    with pytest.raises(InvalidTypeError, match="history_slots must be an int"):
        omaha_hilo_v0.raw_env(history_slots=2.0)


def test_amounts_are_street_totals_in_big_blinds():
    t = Table(structure=NoLimit(), blinds=(5, 10), seats=3, stacks=[1000, 1000, 35])
    h = t.start_hand(seed=2)
    enc = ObservationEncoder(seats=3, big_blind=10, total_chips=2035)
    line = []
    while h.street == "preflop" and not h.finished:
        seat = h.to_act
        kind = "all_in" if h.stacks[seat] <= 60 else ("raise_to" if not line else "call")
        line.append(h.act(kind, 60 if kind == "raise_to" else None))
    for seat in range(3):
        decoded = enc.decode_history(enc.encode(h, seat), seat)
        assert decoded == [(0, a.seat, a.kind, a.to, a.all_in) for a in line]
    assert any(a.all_in for a in line)
    slot = enc.history_at + 1
    first = enc.encode(h, line[0].seat)[slot:slot + enc.slot_size]
    assert first[0] == 1.0 and first[3 + 4] == 1.0 and first[-1] == 6.0   # raise to 6 bb
