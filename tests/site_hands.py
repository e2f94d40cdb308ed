"""Random hands from our table for the card-room format tests (all-ins and side pots)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from omaha_fast import FixedLimit, NoLimit, PotLimit, Rake, Table
from omaha_fast.game import Hand

STRUCTURES = {
    "fixed-limit": dict(structure=FixedLimit(10, 20)),
    "pot-limit": dict(structure=PotLimit(), blinds=(5, 10)),
    "no-limit": dict(structure=NoLimit(), blinds=(5, 10)),
}


def random_hands(structure: str, count: int, seed: int) -> Iterator[Hand]:
    """``count`` finished hands at tables of 2..10 with uneven stacks, random legal
    actions (all-ins often), some with antes, rake or Omaha High."""
    rng = random.Random(seed)
    for _ in range(count):
        n = rng.randint(2, 10)
        seats = rng.randint(n, 10)
        stacks: list = [None] * seats
        for s in rng.sample(range(seats), n):
            stacks[s] = rng.choice([rng.randint(1, 60), rng.randint(40, 400),
                                    rng.randint(200, 2000)])
        extra: dict = {}
        if rng.random() < 0.2:
            extra["ante"] = rng.choice([1, 2])
        elif rng.random() < 0.1:
            extra["big_blind_ante"] = 10
        if rng.random() < 0.3:
            extra["rake"] = Rake(percent=5, cap=rng.choice([None, 3, 30]),
                                 no_flop_no_drop=rng.random() < 0.5)
        button = rng.choice([s for s in range(seats) if stacks[s] is not None])
        table = Table(seats=seats, stacks=stacks, button=button, seed=rng.randrange(2**32),
                      game=rng.choice(["hilo", "hilo", "high"]),
                      **STRUCTURES[structure], **extra)
        hand = table.start_hand()
        while not hand.finished:
            legal = hand.legal_actions()
            kinds = legal.kinds
            roll = rng.random()
            if "all_in" in kinds and roll < 0.15:
                hand.all_in()
            elif "fold" in kinds and roll < 0.3:
                hand.fold()
            elif ("raise_to" in kinds or "bet" in kinds) and roll < 0.55:
                to = rng.randint(legal.min_to, legal.max_to)
                hand.act("raise_to" if "raise_to" in kinds else "bet", to)
            elif "call" in kinds:
                hand.call()
            else:
                hand.check()
        yield hand
