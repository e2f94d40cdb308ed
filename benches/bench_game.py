"""Game engine speed: complete 6-max fixed-limit Omaha Hi-Lo hands with random legal actions.

Run with ``python -m pytest benches/bench_game.py --benchmark-enable``. The figure to
report is hands per second = HANDS / median time (in the summary table). pokerkit (when
installed) plays the same kind of hands for the ratio: its fixed-limit Omaha hi-lo class
with random legal actions.
"""

from __future__ import annotations

import random

import pytest

from omaha_fast import FixedLimit, Table

HANDS = 2000


def play_random_hands(table: Table, rng: random.Random, hands: int) -> int:
    """Play ``hands`` complete hands choosing uniformly among the legal action kinds
    (bets and raises at a uniformly random legal size); returns the number of actions."""
    actions = 0
    random_ = rng.random
    for n in range(hands):
        hand = table.start_hand()
        act = hand.act
        while not hand.finished:
            legal = hand.legal_actions()
            kinds = legal.kinds
            kind = kinds[int(random_() * len(kinds))]
            if kind == "bet" or kind == "raise_to":
                lo, hi = legal.min_to, legal.max_to
                act(kind, lo if lo == hi else rng.randint(lo, hi))
            else:
                act(kind)
            actions += 1
        if n % 16 == 15:
            for seat, stack in table.stacks.items():
                if stack < 400:
                    table.add_chips(seat, 1000)
    return actions


def test_engine_fixed_limit_6max(benchmark, record_rate):  # type: ignore[no-untyped-def]
    table = Table(structure=FixedLimit(10, 20), seats=6, stacks=[1000] * 6, seed=1)
    rng = random.Random(2)
    actions = benchmark(play_random_hands, table, rng, HANDS)
    assert actions > HANDS * 3
    record_rate(HANDS, kind="complete 6-max fixed-limit hi-lo hands")


def _pokerkit_hands(hands: int, rng: random.Random) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    for _ in range(hands):
        state = pokerkit.FixedLimitOmahaHoldemHighLowSplitEightOrBetter.create_state(
            tuple(pokerkit.Automation), True, 0, (5, 10), 10, 20, (1000,) * 6, 6)
        while state.status:
            options = []
            if state.can_fold():
                options.append(state.fold)
            if state.can_check_or_call():
                options.append(state.check_or_call)
            if state.can_complete_bet_or_raise_to():
                options.append(lambda s=state: s.complete_bet_or_raise_to(
                    s.min_completion_betting_or_raising_to_amount))
            rng.choice(options)()


def test_pokerkit_fixed_limit_6max(benchmark, record_rate):  # type: ignore[no-untyped-def]
    pytest.importorskip("pokerkit")
    benchmark.pedantic(_pokerkit_hands, args=(50, random.Random(3)), rounds=3)
    record_rate(50, kind="complete 6-max fixed-limit hi-lo hands")
