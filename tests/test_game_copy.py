"""Hand copies for search: independent both ways, cheap, picklable with the secure shuffle,
sharing no future cards; and hands whose board the caller deals street by street."""

from __future__ import annotations

import copy
import pickle
import random
from types import SimpleNamespace

import pytest

from omaha_fast import (
    FixedLimit,
    IllegalActionError,
    InvalidCardError,
    NoLimit,
    PotLimit,
    Rake,
    Table,
)
from omaha_fast.game.hand import Hand, _HandState


def snapshot(h):
    """Everything observable about a hand."""
    return (h.finished, h.street, h.to_act, h.board, h.burns, h.stacks, h.bets,
            h.contributed, h.pot, h.pots, h.folded, h.actions, h.posts, h.payouts, h.awards,
            h.shown, h.mucked, h.uncalled_returns, h.awaiting_cards,
            None if h.to_act is None else h.legal_actions(),
            tuple(h.hole(s) for s in h.seats),
            tuple(h.view(s) for s in h.seats))


def random_action(h, rng):
    legal = h.legal_actions()
    kind = rng.choice(legal.kinds)
    if kind in ("bet", "raise_to"):
        return h.act(kind, rng.randint(legal.min_to, legal.max_to))
    return h.act(kind)


def play_out(h, rng):
    while not h.finished:
        if h.awaiting_cards:
            deal_open(h, rng)
        else:
            random_action(h, rng)


def deal_open(h, rng):
    used = set(h.board)
    for s in h.seats:
        used.update(h.hole(s))
    free = [c for c in range(52) if c not in used]
    return h.deal(rng.sample(free, h.awaiting_cards))


STRUCTURES = [dict(structure=FixedLimit(10, 20)), dict(structure=PotLimit(), blinds=(5, 10)),
              dict(structure=NoLimit(), blinds=(5, 10), rake=Rake(5, cap=30))]


def make_table(rng, seeded=True):
    n = rng.randint(2, 6)
    return Table(seats=n, stacks=[rng.choice((60, 200, 1000)) for _ in range(n)],
                 seed=rng.randrange(1 << 30) if seeded else None, **rng.choice(STRUCTURES))


CHANGING = {"_" + name for name in _HandState._fields}
# the fields typed as lists are changed in place (copied); the rest are only replaced
IN_PLACE = {"_" + name for name, annotation in _HandState.__annotations__.items()
            if getattr(annotation, "__forward_arg__", annotation).startswith("list[")}
FIXED = set(Hand.__slots__) - CHANGING - {"_dealer", "_undo", "_on_end"}


def test_the_state_snapshot_names_slots_and_keeps_them_in_order():
    assert CHANGING <= set(Hand.__slots__)
    # a distinct value in every slot: taking the state and restoring it must put each
    # value back in its own slot (a field out of order in of() or restore() fails here)
    source = SimpleNamespace(**{name: [name] for name in Hand.__slots__})
    state = _HandState.of(source)
    for field in _HandState._fields:
        assert getattr(state, field) == ["_" + field], field
    target = SimpleNamespace()
    state.restore(target)
    assert vars(target) == {name: [name] for name in CHANGING}
    copied = SimpleNamespace()                  # and hand to hand, with lists of its own
    _HandState.copy(source, copied)
    assert vars(copied) == {name: [name] for name in CHANGING}
    # the fields changed in place are copied, the rest shared, both ways
    for field in _HandState._fields:
        name = "_" + field
        assert (getattr(state, field) is not getattr(source, name)) == (name in IN_PLACE)
        assert (getattr(copied, name) is not getattr(source, name)) == (name in IN_PLACE)


@pytest.mark.parametrize("seed", range(20))
def test_copy_covers_every_slot_and_shares_nothing_it_changes(seed):
    rng = random.Random(seed)
    h = make_table(rng).start_hand(open_board=seed % 3 == 0)
    for _ in range(rng.randint(0, 8)):
        if h.finished:
            break
        deal_open(h, rng) if h.awaiting_cards else random_action(h, rng)
    fixed = {name: getattr(h, name) for name in FIXED}
    for name, value in fixed.items():
        # fixed values are never changed in place: immutable, or read-only caches
        assert not isinstance(value, (list, set)), name
        assert not isinstance(value, dict) or name == "_index_of_seat", name
    for c in (h.copy(), h.copy(exact=True)):
        for name in FIXED:
            assert getattr(c, name) is fixed[name], name
        for name in CHANGING:
            mine, theirs = getattr(h, name), getattr(c, name)
            assert theirs == mine, name
            assert (theirs is not mine) == (name in IN_PLACE), name
    replaced = {name: (getattr(h, name), list(getattr(h, name)))
                for name in CHANGING - IN_PLACE if isinstance(getattr(h, name), list)}
    play_out(h, rng)
    for name, (value, items) in replaced.items():   # replaced, but never changed in place
        assert value == items, name
    for name in FIXED:       # and the fixed ones really are fixed for the whole hand
        assert getattr(h, name) is fixed[name], name


@pytest.mark.parametrize("seed", range(60))
def test_acting_on_a_copy_never_changes_the_original_nor_the_reverse(seed):
    rng = random.Random(seed)
    table = make_table(rng, seeded=seed % 2 == 0)
    h = table.start_hand(open_board=seed % 3 == 0)
    for _ in range(rng.randint(0, 12)):       # a random point in the hand
        if h.finished:
            break
        deal_open(h, rng) if h.awaiting_cards else random_action(h, rng)
    stacks_before = table.stacks
    c = copy.copy(h) if seed % 4 else copy.deepcopy(h)
    assert type(c) is Hand and c is not h
    assert snapshot(c) == snapshot(h)
    before = snapshot(h)
    play_out(c, rng)
    assert snapshot(h) == before                 # the copy's moves left the original alone
    assert table.stacks == stacks_before         # and a copy is detached from the table
    assert sum(c.stacks.values()) + c.rake == sum(c.starting_stacks.values())
    after_copy = snapshot(c)
    play_out(h, rng)
    assert snapshot(c) == after_copy             # and the original's left the copy alone
    assert sum(h.stacks.values()) + h.rake == sum(h.starting_stacks.values())
    if h.finished:
        assert {s: table.stacks[s] for s in h.seats} == h.stacks   # the original pays out


def test_a_copy_draws_its_own_future_cards():
    table = Table(structure=FixedLimit(10, 20), seats=2, stacks=[500, 500], seed=3)
    h = table.start_hand()
    h.call()
    h.check()  # the flop: turn and river already drawn
    turns = set()
    for i in range(40):
        c = h.copy(seed=i)
        c.check()
        c.check()
        turns.add(c.board[3])
        assert c.board[:3] == h.board
        assert not set(c.board[3:]) & {x for s in h.seats for x in h.hole(s)}
    h.check()
    h.check()
    assert len(turns) > 20                      # not the original's turn every time
    # a seeded copy is reproducible
    a, b = h.copy(seed=9), h.copy(seed=9)
    for x in (a, b):
        x.check()
        x.check()
    assert a.board == b.board


def test_copy_keeps_a_preset_board():
    table = Table(structure=FixedLimit(10, 20), seats=2, stacks=[500, 500])
    h = table.start_hand(holes={0: "AsKs2h3h", 1: "QdQc7d6d"}, board="Ah7s4c2dJh")
    c = h.copy()
    for x in (h, c):
        while not x.finished:
            x.call() if x.legal_actions().to_call else x.check()
    assert c.board == h.board and c.payouts == h.payouts


@pytest.mark.parametrize("seeded", [False, True])
def test_hands_pickle_including_the_secure_shuffle(seeded):
    rng = random.Random(5)
    table = Table(structure=NoLimit(), blinds=(5, 10), seats=4, stacks=[400] * 4,
                  seed=11 if seeded else None)
    h = table.start_hand()
    h.call()
    h.call()
    h.call()
    h.check()  # the flop is out
    data = pickle.dumps(h)
    u = pickle.loads(data)
    assert snapshot(u) == snapshot(h)
    if seeded:
        # a seeded hand is saved exactly: the same moves deal the same cards
        for x in (h, u):
            play_out(x, random.Random(2))
        assert snapshot(u) == snapshot(h)
    else:
        # the secure source has no state: nothing of the cards to come is in the pickle
        assert u._dealer.runout is None and u._dealer.pool is None
        play_out(u, rng)
        assert sum(u.stacks.values()) + u.rake == 1600
        c = copy.deepcopy(h)
        play_out(c, rng)


def test_open_board_refusals_change_nothing():
    table = Table(structure=FixedLimit(10, 20), seats=3, stacks=[200] * 3, seed=4)
    h = table.start_hand(holes={0: "AsKs2h3h"}, open_board=True)
    with pytest.raises(IllegalActionError, match="no cards are due"):
        h.deal("2c3c4c")
    for _ in range(3):
        h.call() if h.legal_actions().to_call else h.check()
    assert (h.street, h.awaiting_cards, h.to_act) == ("flop", 3, None)
    before = snapshot(h)
    for bad, error in (("As7c8c", InvalidCardError),              # in seat 0's hole
                       ("7c8c", InvalidCardError),                # two cards for a flop
                       ("7c7c8c", InvalidCardError),              # a duplicate
                       (None, InvalidCardError), (5.5, InvalidCardError)):
        with pytest.raises(error):
            h.deal(bad)
        assert snapshot(h) == before
    with pytest.raises(IllegalActionError, match="the flop must be dealt first"):
        h.check()
    with pytest.raises(IllegalActionError, match="the flop must be dealt first"):
        h.legal_actions()
    assert snapshot(h) == before
    assert h.deal("7c8c9c") == h.board
    for _ in range(3):
        h.check()
    with pytest.raises(InvalidCardError, match="duplicate card 9c"):
        h.deal("9c")
    assert h.awaiting_cards == 1 and len(h.board) == 3 and h.burns == ()


@pytest.mark.parametrize("seed", range(40))
def test_open_board_plays_exactly_like_the_same_preset_board(seed):
    rng = random.Random(seed)
    n = rng.randint(2, 5)
    settings = dict(seats=n, stacks=[rng.choice((40, 150, 600)) for _ in range(n)],
                    **rng.choice(STRUCTURES))
    deck = rng.sample(range(52), 4 * n + 5)
    holes = {s: deck[4 * s:4 * s + 4] for s in range(n)}
    board = deck[4 * n:]
    preset = Table(**settings).start_hand(holes=holes, board=board)
    opened = Table(**settings).start_hand(holes=holes, open_board=True)
    moves = random.Random(seed + 1000)
    while not preset.finished:
        while opened.awaiting_cards:
            k = len(opened.board)
            opened.deal(board[k:k + opened.awaiting_cards])
        assert opened.to_act == preset.to_act and opened.board == preset.board
        state = moves.getstate()
        random_action(preset, moves)
        moves.setstate(state)
        random_action(opened, moves)
    while opened.awaiting_cards:                # an all-in runout: street by street
        k = len(opened.board)
        opened.deal(board[k:k + opened.awaiting_cards])
    assert opened.finished
    assert (opened.board, opened.payouts, opened.awards, opened.shown, opened.actions) == (
        preset.board, preset.payouts, preset.awards, preset.shown, preset.actions)
