"""What a search needs from a hand: exact clones, equality of states, an information-set
key per seat (equal exactly when that player cannot tell two states apart), push/pop."""

from __future__ import annotations

import pickle
import random

import pytest
from test_game_copy import deal_open, play_out, random_action, snapshot

from omaha_fast import (
    FixedLimit,
    IllegalActionError,
    InvalidValueError,
    NoLimit,
    PotLimit,
    Rake,
    Table,
)

STRUCTURES = [dict(structure=FixedLimit(10, 20)), dict(structure=PotLimit(), blinds=(5, 10)),
              dict(structure=NoLimit(), blinds=(5, 10), rake=Rake(5, cap=30)),
              dict(structure=NoLimit(), blinds=(5, 10), game="high")]


def settings_for(rng, most=5):
    n = rng.randint(2, most)
    return dict(seats=n, stacks=[rng.choice((30, 60, 200, 1000)) for _ in range(n)],
                **rng.choice(STRUCTURES))


def advance(h, rng, steps):
    for _ in range(steps):
        if h.finished:
            break
        deal_open(h, rng) if h.awaiting_cards else random_action(h, rng)


def same_moves(hands, rng):
    """One random move, the same on every hand (their legal actions agree)."""
    state = rng.getstate()
    for h in hands:
        rng.setstate(state)
        random_action(h, rng)


# ----------------------------------------------------------------- exact copies
@pytest.mark.parametrize("seed", range(24))
def test_an_exact_copy_has_the_same_cards_to_come(seed):
    rng = random.Random(seed)
    seeded = seed % 2 == 0
    table = Table(seed=seed if seeded else None, **settings_for(rng))
    h = table.start_hand()
    advance(h, rng, rng.randint(0, 4))
    a, b = h.copy(exact=True), h.copy(exact=True)
    assert a == h and b == h
    moves = random.Random(seed + 100)
    while not h.finished:
        same_moves([h, a, b], moves)
    assert snapshot(a) == snapshot(b) == snapshot(h)


def test_a_plain_copy_draws_other_cards_an_exact_one_the_same():
    h = Table(structure=FixedLimit(10, 20), seats=2, stacks=[500, 500]).start_hand()
    flops = {tuple(_flop(h.copy())) for _ in range(12)}
    exact = {tuple(_flop(h.copy(exact=True))) for _ in range(12)}
    assert len(flops) > 6 and len(exact) == 1
    assert exact == {tuple(_flop(h))}        # and the original deals that flop too


def _flop(h):
    h.call()
    h.check()
    return h.board


def test_an_exact_copy_leaves_a_seeded_tables_later_hands_alone():
    def second_hand(clone):
        table = Table(structure=FixedLimit(10, 20), seats=3, stacks=[200] * 3, seed=5)
        h = table.start_hand()
        if clone:
            c = h.copy(exact=True)            # preflop: the runout is not drawn yet
            while not c.finished:
                c.call() if c.legal_actions().to_call else c.check()
        while not h.finished:
            h.fold()
        after = table.start_hand()
        return [after.hole(s) for s in after.seats]
    assert second_hand(clone=True) == second_hand(clone=False)


def test_an_exact_copy_takes_no_seed():
    h = Table(structure=FixedLimit(10, 20), seats=2, stacks=[100, 100]).start_hand()
    with pytest.raises(InvalidValueError, match="takes no seed"):
        h.copy(exact=True, seed=3)
    with pytest.raises(TypeError, match="exact must be True or False"):
        h.copy(exact=1)


# ----------------------------------------------------------------- equality
@pytest.mark.parametrize("seed", range(24))
def test_equal_exactly_when_in_the_same_state(seed):
    rng = random.Random(seed)
    h = Table(seed=seed, **settings_for(rng)).start_hand(open_board=seed % 3 == 0)
    advance(h, rng, rng.randint(0, 6))
    copies = [h.copy(), h.copy(seed=1), h.copy(exact=True), pickle.loads(pickle.dumps(h))]
    assert all(c == h and h == c for c in copies)
    if not h.finished and not h.awaiting_cards:
        legal = h.legal_actions()
        assert copies[0] == h                 # a cached legal-actions summary is no state
        other = h.copy(exact=True)
        random_action(h, rng)
        assert h != other and other == copies[2]
        if len(legal.kinds) > 1:
            for kind in legal.kinds:          # a different action: a different state
                c = copies[2].copy(exact=True)
                c.act(kind, legal.min_to if kind in ("bet", "raise_to") else None)
                assert (c == h) == (c.actions[-1] == h.actions[-1])


def test_hands_are_unhashable_and_compare_only_with_hands():
    h = Table(structure=FixedLimit(10, 20), seats=2, stacks=[100, 100]).start_hand()
    with pytest.raises(TypeError, match="unhashable"):
        hash(h)
    assert h != 5 and h != h.key(h.seats[0])
    c = h.copy()
    h.call()
    h.check()
    c.call()
    c.check()                        # the same moves, but the copy drew its own flop
    assert c.actions == h.actions and (c == h) == (c.board == h.board)


# ----------------------------------------------------------------- information-set keys
def deal_pair(seed):
    """Two hands at the same table settings whose cards differ (or not) in the other
    players' holes, the board and one player's own hole, each by a coin toss."""
    rng = random.Random(seed)
    settings = settings_for(rng, most=4)     # two deals of up to 4 players fit in a deck
    n = settings["seats"]
    me = rng.randrange(n)
    deck = iter(rng.sample(range(52), 52))
    holes = {s: [next(deck) for _ in range(4)] for s in range(n)}
    board = [next(deck) for _ in range(5)]
    other_holes = dict(holes)
    if rng.random() < 0.6:
        for s in range(n):
            if s != me:
                other_holes[s] = [next(deck) for _ in range(4)]
    other_board = board
    if rng.random() < 0.3:
        keep = rng.randint(0, 4)
        other_board = board[:keep] + [next(deck) for _ in range(5 - keep)]
    if rng.random() < 0.15:
        other_holes[me] = [next(deck) for _ in range(4)]
    used = [c for h in other_holes.values() for c in h]
    assert len(set(used + other_board)) == len(used) + 5
    a = Table(**settings).start_hand(holes=holes, board=board)
    b = Table(**settings).start_hand(holes=other_holes, board=other_board)
    return a, b


def test_keys_are_equal_exactly_when_the_player_sees_the_same():
    """Both directions at every step: the views of a seat (all it may know) are equal
    exactly when its keys are, over hands that differ in hidden and in visible cards."""
    seen = {True: 0, False: 0, "shown": 0}
    for seed in range(80):
        a, b = deal_pair(seed)
        moves = random.Random(seed + 1)
        while True:
            for seat in a.seats:
                key_a, key_b = a.key(seat), b.key(seat)
                assert hash(key_a) == hash(a.copy().key(seat))
                same_view = a.view(seat) == b.view(seat)
                assert (key_a == key_b) == same_view, (seed, seat, a.actions)
                seen[same_view] += 1
            if a.finished or b.finished:
                assert a.finished and b.finished
                seen["shown"] += bool(a.shown)
                break
            same_moves([a, b], moves)
    # both answers, and showdowns, come up often enough to mean something
    assert seen[True] > 100 and seen[False] > 100 and seen["shown"] > 10, seen


def two_hands(seat_1_holds, board="Ah7s4c2dJh", seat_0_holds="AsKs2h3h"):
    t = Table(structure=FixedLimit(10, 20), seats=3, stacks=[200, 200, 200])
    return t.start_hand(holes={0: seat_0_holds, 1: seat_1_holds, 2: "TcTd9h9d"}, board=board)


def test_key_cases_by_hand():
    a, b = two_hands("QdQc7d6d"), two_hands("8c8d6h5c")
    assert a.key(0) == b.key(0) and a.key(2) == b.key(2)    # seat 1's cards are hidden
    assert a.key(1) != b.key(1)                             # but not from seat 1
    assert a.key(0) != a.key(2)                             # one player's key per seat
    assert two_hands("QdQc7d6d", seat_0_holds="AsKs2h4h").key(0) != a.key(0)   # own cards
    assert two_hands("QdQc7d6d", board="Ah7s4c2dQh").key(0) == a.key(0)  # board not out
    for h in (a, b):
        h.call()
        h.call()
        h.check()
    assert a.key(0) == b.key(0)
    c = two_hands("QdQc7d6d", board="Ah7s5c2dJh")
    c.call()
    c.call()
    c.check()
    assert c.key(0) != a.key(0)                             # a different flop, seen
    d = two_hands("QdQc7d6d")
    d.raise_to(20)                                          # a different action
    assert d.key(0) != a.key(0)
    for h in (a, b):                                        # check down to a showdown
        while not h.finished:
            h.check()
    assert 1 in a.shown and 1 in b.shown and a.key(0) != b.key(0)   # seat 1 shown
    with pytest.raises(InvalidValueError, match="seat 5 is not dealt"):
        a.key(5)


def test_folded_hands_are_never_seen():
    a, b = two_hands("QdQc7d6d"), two_hands("8c8d6h5c")
    for h in (a, b):
        h.fold()
        h.fold()                      # seat 2 wins, nothing shown
    assert a.finished and a.key(0) == b.key(0) and a.key(2) == b.key(2)


# ----------------------------------------------------------------- push and pop
@pytest.mark.parametrize("seed", range(40))
def test_pop_undoes_push_exactly(seed):
    rng = random.Random(seed)
    table = Table(seed=seed if seed % 2 else None, **settings_for(rng))
    h = table.start_hand(open_board=seed % 4 == 0).copy(exact=True)
    advance(h, rng, rng.randint(0, 3))
    trail = []
    while not h.finished and len(trail) < 30:        # down a random line, saving each state
        before = (h.copy(exact=True), snapshot(h))
        if h.awaiting_cards:
            used = {c for s in h.seats for c in h.hole(s)} | set(h.board)
            h.push_deal(rng.sample([c for c in range(52) if c not in used], h.awaiting_cards))
        else:
            legal = h.legal_actions()
            kind = rng.choice(legal.kinds)
            h.push(kind, rng.randint(legal.min_to, legal.max_to)
                   if kind in ("bet", "raise_to") else None)
        trail.append(before)
    while trail:                                      # and back up it
        copy_before, observed = trail.pop()
        h.pop()
        assert h == copy_before and snapshot(h) == observed
    with pytest.raises(IllegalActionError, match="nothing to pop"):
        h.pop()
    play_out(h, rng)                                  # a popped hand plays on correctly
    assert sum(h.stacks.values()) + h.rake == sum(h.starting_stacks.values())


def test_a_refused_push_saves_nothing_and_the_tables_hand_does_not_push():
    t = Table(structure=FixedLimit(10, 20), seats=2, stacks=[100, 100])
    live = t.start_hand()
    with pytest.raises(InvalidValueError, match="detached from its table"):
        live.push("call")
    assert live.actions == ()
    h = live.copy(exact=True)
    with pytest.raises(IllegalActionError):
        h.push("raise_to", 25)
    with pytest.raises(IllegalActionError, match="nothing to pop"):
        h.pop()
    h.push("fold")                                    # ends the hand; pop brings it back
    assert h.finished
    h.pop()
    assert h == live and not h.finished
