"""Differential test: pot-limit and no-limit Omaha hands played by this engine, exported to
PHH and replayed by pokerkit, give the same actions and the same stacks; so do fixed-limit
Omaha hi-lo hands, for pokerkit's hand ranking and pot splitting.

pokerkit has no no-limit Omaha class of its own; the test composes one from pokerkit's own
no-limit and Omaha parts (its NoLimit mixin over its Omaha hold'em game). Outside its
known defects the stacks must agree: hands where odd chips arise, where a side pot has no
low while another pot has one, or (fixed limit, which pokerkit plays as pot limit) where
an all-in raise was short are left out of the stack comparison.

The default run plays 100 hands of each kind (times ``OMAHA_FAST_TEST_SCALE``, see
conftest.py); ``-m slow`` plays the full 300.
"""

from __future__ import annotations

import random

import pytest
from conftest import sizes

from omaha_fast import FixedLimit, NoLimit, PotLimit, Table
from omaha_fast.history.phh import dump_hand

pokerkit = pytest.importorskip("pokerkit")


class _NoLimitOmaha(pokerkit.NoLimitPokerMixin, pokerkit.OmahaHoldemMixin,
                    pokerkit.UnfixedLimitHoldem):
    """No-limit Omaha hold'em from pokerkit's parts."""

    hand_types = (pokerkit.OmahaHoldemHand,)


class _Histories(pokerkit.HandHistory):
    game_types = {**pokerkit.HandHistory.game_types, "NO": _NoLimitOmaha}
    required_field_names = {**pokerkit.HandHistory.required_field_names,
                            "NO": pokerkit.HandHistory.required_field_names["PO"]}


def random_hands(structure, blinds, seed, game, count):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        n = rng.randint(2, 6)
        stacks = [rng.choice((40, 150, 600)) for _ in range(n)]
        t = Table(structure=structure, blinds=blinds, game=game, seats=n, stacks=stacks,
                  seed=len(out) + seed)
        h = t.start_hand()
        while not h.finished:
            la = h.legal_actions()
            kind = rng.choice(la.kinds)
            if kind in ("bet", "raise_to"):
                h.act(kind, rng.choice((la.min_to, la.max_to, rng.randint(la.min_to,
                                                                            la.max_to))))
            else:
                h.act(kind)
        out.append(h)
    return out


def known_defect(hand):
    """Whether pokerkit's known defects could change this hand's chips."""
    for award in hand.awards:
        amount = award.amount - award.rake
        halves = [(amount, award.high_winners)]
        if award.low_winners and award.low_winners != award.high_winners:
            halves = [(amount - amount // 2, award.high_winners),
                      (amount // 2, award.low_winners)]
            if amount % 2:
                return True     # an odd chip between the high and the low half
        if any(chips % len(winners) for chips, winners in halves):
            return True         # odd chips among tied winners
    lows = [bool(a.low_winners) for a in hand.awards]
    if any(lows) and not all(lows):
        return True             # a side pot without a low
    # pokerkit's fixed-limit Omaha 8 bets pot limit: all-in bets and raises may differ
    return isinstance(hand.rules.structure, FixedLimit) and any(
        a.all_in and a.kind in ("bet", "raise_to") for a in hand.actions)


def pokerkit_replay(text):
    """Final stacks and the betting actions as pokerkit played them."""
    history = _Histories.loads(text)
    *_, state = history
    actions = []
    for op in state.operations:
        name = type(op).__name__
        if name == "Folding":
            actions.append((op.player_index, "f", None))
        elif name == "CheckingOrCalling":
            actions.append((op.player_index, "cc", None))
        elif name == "CompletionBettingOrRaisingTo":
            actions.append((op.player_index, "cbr", op.amount))
    return list(state.stacks), actions


def our_actions(hand):
    pos = {seat: p for p, seat in enumerate(hand.seats)}
    out = []
    for a in hand.actions:
        if a.kind == "fold":
            out.append((pos[a.seat], "f", None))
        elif a.kind in ("check", "call"):
            out.append((pos[a.seat], "cc", None))
        else:
            out.append((pos[a.seat], "cbr", a.to))
    return out


@pytest.mark.parametrize("hands", sizes(100, 300))
@pytest.mark.parametrize("structure, game, seed", [(PotLimit(), "high", 1),
                                                   (NoLimit(), "high", 2),
                                                   (FixedLimit(10, 20), "hilo", 3)])
def test_pokerkit_replays_our_hands_to_the_same_stacks(structure, game, seed, hands):
    compared = 0
    blinds = None if isinstance(structure, FixedLimit) else (5, 10)
    for hand in random_hands(structure, blinds, seed, game, hands):
        text = dump_hand(hand)
        if known_defect(hand):
            continue
        stacks, actions = pokerkit_replay(text)
        assert actions == our_actions(hand), text
        assert stacks == [hand.stacks[s] for s in hand.seats], text
        compared += 1
    assert compared > hands // 2
