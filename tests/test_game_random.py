"""Property test: random hands with random legal actions, every structure, 2 to 10 players.
Chips are conserved after every action, no action the engine offers is refused, and the
pots, awards and payouts agree with each other and with settle().

The default run plays 5,000 hands (times ``OMAHA_FAST_TEST_SCALE``, see conftest.py;
``OMAHA_FAST_RANDOM_HANDS`` sets a count of its own); ``-m slow`` plays the full 100,000."""

from __future__ import annotations

import os
import random

import pytest
from conftest import scaled

from omaha_fast import FixedLimit, NoLimit, PotLimit, Table, settle
from omaha_fast.cards import format_cards
from omaha_fast.game import Rake

DEFAULT_HANDS = int(os.environ.get("OMAHA_FAST_RANDOM_HANDS", scaled(5000)))
FULL_HANDS = 100_000


def configs():
    """Table settings to cycle through: every structure with 2..10 seats and extras."""
    out = []
    for n in range(2, 11):
        out.append(dict(structure=FixedLimit(10, 20), seats=n))
        out.append(dict(structure=FixedLimit(10, 20, uncap_heads_up=True), seats=n,
                        game="high", ante=1))
        out.append(dict(structure=PotLimit(), blinds=(5, 10), seats=n, big_blind_ante=10))
        out.append(dict(structure=NoLimit(), blinds=(5, 10), seats=n, chip=5,
                        rake=Rake(percent=5, cap=15), odd_chips="first_shown"))
        out.append(dict(structure=NoLimit(), blinds=(2, 5), seats=n, game="high"))
        if n <= 8:    # five hole cards: a deck deals eight players at most
            out.append(dict(structure=PotLimit(), blinds=(5, 10), seats=n, game="bigo"))
            out.append(dict(structure=FixedLimit(10, 20), seats=n, game="bigo", ante=1))
            out.append(dict(structure=PotLimit(), blinds=(5, 10), seats=n, game="omaha5"))
        if n <= 7:
            out.append(dict(structure=NoLimit(), blinds=(2, 5), seats=n, game="omaha6"))
    return out


def random_action(h, rng):
    la = h.legal_actions()
    kind = rng.choice(la.kinds)
    if kind in ("bet", "raise_to"):
        # favour the edges, where the rules bite
        chip = h.rules.chip             # amounts are whole chips
        amount = rng.choice((la.min_to, la.max_to,
                             rng.randint(la.min_to // chip, la.max_to // chip) * chip))
        h.act(kind, amount)
    else:
        h.act(kind)


def check_settlement(h, start_total, showdown_sample):
    """Awards add up; with a showdown, settle() on the same contributions agrees."""
    pot_total = sum(h.contributed.values()) + sum(p.amount for p in h.posts
                                                  if p.kind == "bb_ante")
    awards = h.awards
    assert sum(a.amount for a in awards) == pot_total
    assert sum(sum(a.shares.values()) for a in awards) + h.rake == pot_total
    assert sum(h.payouts.values()) + h.rake == pot_total
    assert sum(h.stacks.values()) + h.rake == start_total
    for a in awards:
        assert set(a.shares) <= set(a.eligible) and a.shares
        assert set(a.high_winners) <= set(a.eligible)
    if showdown_sample and (h.shown or h.mucked):
        n = h.setup.table_size
        contributed = [h.contributed.get(s, 0) for s in range(n)]
        folded = set(h.folded) | {s for s in range(n) if s not in h.seats}
        holes = [format_cards(h.hole(s)) if s in h.seats and s not in folded else None
                 for s in range(n)]
        rules = h.rules
        dead = sum(p.amount for p in h.posts if p.kind == "bb_ante")
        expected = settle(h.board, holes, contributed, folded, h.button, game=rules.game,
                          odd_chips=rules.odd_chips, chip=rules.chip, dead=dead,
                          rake=rules.rake, shown_order=list(h.shown))
        assert [h.payouts.get(s, 0) for s in range(n)] == expected


@pytest.mark.parametrize("total_hands", [
    DEFAULT_HANDS, pytest.param(FULL_HANDS, marks=pytest.mark.slow)])
def test_random_hands_conserve_chips_and_settle_consistently(total_hands):
    rng = random.Random(20240601)
    cfgs = configs()
    per_config = total_hands // len(cfgs) + 1
    played = 0
    showdowns = 0
    for k, cfg in enumerate(cfgs):
        n = cfg["seats"]
        t = Table(stacks=[rng.choice((100, 400, 1000))] * n, seed=k, **cfg)
        for i in range(per_config):
            h = t.start_hand()
            start_total = sum(h.starting_stacks.values())
            while not h.finished:
                random_action(h, rng)
                assert sum(h.stacks.values()) + h.pot + h.rake == start_total
            played += 1
            showdowns += bool(h.shown)
            check_settlement(h, start_total, showdown_sample=i % 8 == 0)
            assert all(t.stacks[s] == stack for s, stack in h.stacks.items())
            for seat, stack in t.stacks.items():     # rebuy the short stacks
                if stack < 60:
                    t.add_chips(seat, rng.choice((100, 400, 1000)))
    assert played >= total_hands
    assert showdowns > total_hands // 10
