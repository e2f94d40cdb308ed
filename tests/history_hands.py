"""Random tables and hands for the history tests: every setting ``Table`` accepts, and
sessions where players bust, sit out, come back, leave and join, so that short blinds,
big-blind antes, dead small blinds and returning big blinds all occur.

Shared by the round-trip property test and the reader fuzz harness (its corpus of valid
files); the site readers' tests can draw their hands from here too.
"""

from __future__ import annotations

import random
from fractions import Fraction

from omaha_fast import FixedLimit, NoLimit, PotLimit, Rake, Table


def random_table(rng: random.Random) -> Table:
    """A table with random settings: structure, game, blinds, antes, chip unit, odd-chip
    rule, rake, caps, seats, stacks (short ones included), button, the free fold and the
    uncallable raise."""
    chip = rng.choice((1, 1, 1, 5))
    seats = rng.randint(2, 10)
    kind = rng.choice(("fixed-limit", "pot-limit", "no-limit"))
    big = chip * rng.choice((2, 4, 10))
    small = rng.choice((0, chip, big // 2 // chip * chip or chip, big))
    if kind == "fixed-limit":
        structure = FixedLimit(big, 2 * big, cap=rng.choice((1, 2, 3, 4, 4, 5)),
                               uncap_heads_up=rng.random() < 0.5)
    else:
        min_bet = rng.choice((None, None, big * 2))
        structure = (PotLimit if kind == "pot-limit" else NoLimit)(min_bet=min_bet)
    antes = rng.choice(("none", "none", "ante", "bb"))
    ante = chip * rng.randint(1, 3) if antes == "ante" else 0
    bb_ante = big * rng.choice((1, 2)) if antes == "bb" else 0
    rake = None
    if rng.random() < 0.5:
        percent = rng.choice((5, 10, 2.5, Fraction(5, 2), Fraction(10, 3)))
        rake = Rake(percent=percent, cap=rng.choice((None, 3 * chip, 50 * chip)),
                    no_flop_no_drop=rng.random() < 0.5)
    stacks = [None if rng.random() < 0.15 else chip * rng.choice((1, 3, 7, 20, 60, 300))
              for _ in range(seats)]
    while sum(s is not None for s in stacks) < 2:
        stacks[rng.randrange(seats)] = chip * 100
    occupied = [s for s, v in enumerate(stacks) if v is not None]
    return Table(structure=structure, seats=seats, game=rng.choice(("hilo", "high")),
                 blinds=(small, big), ante=ante, big_blind_ante=bb_ante, chip=chip,
                 button_rule=rng.choice(("dead", "moving")),
                 odd_chips=rng.choice(("left_of_button", "first_shown")), rake=rake,
                 stacks=stacks, button=rng.choice(occupied), seed=rng.randrange(2 ** 32),
                 allow_fold_when_check=rng.random() < 0.3,
                 allow_uncallable_raise=rng.random() < 0.3)


def play(rng: random.Random, hand) -> None:
    """Finish a hand with random legal actions (bets of every size, all-ins included)."""
    while not hand.finished:
        legal = hand.legal_actions()
        kind = rng.choice(legal.kinds)
        if kind in ("bet", "raise_to"):
            chip = hand.rules.chip
            between = legal.min_to + chip * rng.randint(0, (legal.max_to - legal.min_to) // chip)
            hand.act(kind, rng.choice((legal.min_to, legal.max_to, between)))
        else:
            hand.act(kind)


def _between_hands(rng: random.Random, table: Table) -> None:
    """Busts, sit-outs, returns, leaving and joining between hands."""
    chip = table.rules.chip
    for seat in range(table.size):
        stacks = table.stacks
        roll = rng.random()
        if seat not in stacks:
            if roll < 0.2:
                table.sit_down(seat, chip * rng.choice((3, 50, 200)), post=rng.random() < 0.5)
            continue
        if stacks[seat] == 0 and roll < 0.7:
            table.add_chips(seat, chip * rng.choice((1, 5, 100)))
        elif roll < 0.08:
            table.sit_out(seat)
        elif roll < 0.25:
            table.come_back(seat, post=rng.random() < 0.7)
        elif roll < 0.28 and len(stacks) > 2:
            table.leave(seat)


def random_hands(seed: int, count: int, per_table: int = 8) -> list:
    """``count`` finished hands from random tables, ``per_table`` hands a table."""
    rng = random.Random(seed)
    hands: list = []
    while len(hands) < count:
        table = random_table(rng)
        for _ in range(per_table):
            try:
                hand = table.start_hand()
            except ValueError:          # nobody left with chips to play
                break
            play(rng, hand)
            hands.append(hand)
            _between_hands(rng, table)
    return hands[:count]
