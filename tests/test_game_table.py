"""The table between hands: button, blinds, leaving, sitting out, new players, settings."""

from __future__ import annotations

import random

import pytest

from omaha_fast import FixedLimit, IllegalActionError, NoLimit, OmahaError, PotLimit, Table
from omaha_fast.cards import Deck
from omaha_fast.game import Rake


def fold_out(h):
    """Everybody folds to the big blind (or checks when nothing is to call)."""
    while not h.finished:
        h.fold() if h.legal_actions().to_call else h.check()


def positions(h):
    """(button, small-blind seat or None, big-blind seat) of a hand."""
    blinds = [p for p in h.posts if p.kind == "blind"]
    sb = [p.seat for p in blinds if p.amount == h.rules.blinds[0]]
    bb = [p.seat for p in blinds if p.amount == h.rules.blinds[1]]
    return h.button, (sb[0] if sb else None), bb[0]


def play(t, n=1):
    out = []
    for _ in range(n):
        h = t.start_hand()
        out.append(positions(h))
        fold_out(h)
    return out


def test_cash_start_button_on_the_lowest_seat_and_moves_each_hand():
    t = Table(structure=FixedLimit(10, 20), seats=6, stacks=[None, 100, 100, None, 100])
    assert t.button == 1
    assert play(t, 4) == [(1, 2, 4), (2, 4, 1), (4, 1, 2), (1, 2, 4)]


def test_stacks_carry_from_hand_to_hand():
    t = Table(structure=FixedLimit(10, 20), seats=3, stacks=[100, 100, 100])
    play(t)                       # the big blind (seat 2) wins the small blind
    assert t.stacks == {0: 100, 1: 95, 2: 105}
    h = t.start_hand()
    assert h.starting_stacks == {0: 100, 1: 95, 2: 105}


def test_dead_button_when_a_player_leaves():
    t = Table(structure=FixedLimit(10, 20), seats=5, stacks=[100] * 5)
    assert play(t, 3) == [(0, 1, 2), (1, 2, 3), (2, 3, 4)]
    t.leave(3)                    # last hand's small blind
    # the big blind moves on one player; the small blind is the last big blind;
    # the button stays on the seat where the small blind was: the empty seat 3
    assert play(t) == [(3, 4, 0)]
    assert play(t) == [(4, 0, 1)]


def test_dead_small_blind_when_the_last_big_blind_left():
    t = Table(structure=FixedLimit(10, 20), seats=5, stacks=[100] * 5)
    assert play(t, 2) == [(0, 1, 2), (1, 2, 3)]
    t.leave(3)                    # last hand's big blind
    h = t.start_hand()
    assert positions(h) == (2, None, 4)          # no small blind this hand
    assert [p.kind for p in h.posts] == ["blind"]
    fold_out(h)
    assert play(t) == [(3, 4, 0)]                # then the button skips to the empty seat


def test_moving_button_rule_skips_empty_seats():
    t = Table(structure=FixedLimit(10, 20), seats=5, stacks=[100] * 5, button_rule="moving")
    assert play(t, 2) == [(0, 1, 2), (1, 2, 3)]
    t.leave(3)
    assert play(t, 2) == [(2, 4, 0), (4, 0, 1)]


def test_heads_up_button_posts_the_small_blind_and_nobody_posts_the_big_twice():
    t = Table(structure=FixedLimit(10, 20), seats=3, stacks=[100] * 3)
    assert play(t) == [(0, 1, 2)]
    t.leave(1)
    hands = play(t, 3)
    assert hands == [(2, 2, 0), (0, 0, 2), (2, 2, 0)]
    bbs = [2] + [bb for _, _, bb in hands]
    assert all(a != b for a, b in zip(bbs, bbs[1:]))


def test_sitting_out_player_owes_missed_blinds_on_return():
    t = Table(structure=FixedLimit(10, 20), seats=4, stacks=[100] * 4)
    assert play(t) == [(0, 1, 2)]
    t.sit_out(3)
    h = t.start_hand()
    assert 3 not in h.seats and positions(h) == (1, 2, 0)   # the big blind passes seat 3
    fold_out(h)
    t.come_back(3)
    h = t.start_hand()
    assert positions(h) == (2, 0, 1)
    owed = [(p.kind, p.amount) for p in h.posts if p.seat == 3]
    assert owed == [("dead", 5), ("blind", 10)]     # small blind dead, big blind live
    assert h.contributed[3] == 15 and h.bets[3] == 10
    assert h.legal_actions().seat == 2
    fold_out(h)
    h = t.start_hand()
    assert [(p.seat, p.kind) for p in h.posts] == [(1, "blind"), (2, "blind")]


def test_returning_player_may_wait_for_the_big_blind():
    t = Table(structure=FixedLimit(10, 20), seats=4, stacks=[100] * 4)
    play(t)
    t.sit_out(3)
    play(t)
    t.come_back(3, post=False)
    for _ in range(4):
        h = t.start_hand()
        if positions(h)[2] == 3:
            break
        assert 3 not in h.seats
        fold_out(h)
    assert positions(h)[2] == 3 and 3 in h.seats      # dealt in as the big blind
    assert [p.kind for p in h.posts if p.seat == 3] == ["blind"]


def test_new_player_waits_for_the_big_blind_or_posts():
    t = Table(structure=FixedLimit(10, 20), seats=6, stacks=[100, None, 100, None, 100])
    assert play(t) == [(0, 2, 4)]
    t.sit_down(1, 100)                 # waits
    t.sit_down(3, 100, post=True)      # posts a big blind to be dealt in now
    h = t.start_hand()
    assert 1 not in h.seats and 3 in h.seats
    assert [(p.seat, p.kind, p.amount) for p in h.posts] == [(4, "blind", 5), (0, "blind", 10),
                                                            (3, "blind", 10)]
    h.fold()                           # seat 2 first: left of the big blind
    assert h.to_act == 3 and h.legal_actions().can_check   # his live blind counts
    fold_out(h)
    h = t.start_hand()
    assert positions(h) == (4, 0, 1) and 1 in h.seats   # the big blind reached seat 1


def test_tournament_start_draws_for_the_button():
    t = Table(structure=NoLimit(), blinds=(5, 10), seats=4, stacks=[100, 100, None, 100])
    seat = t.draw_for_button(seed=11)
    cards = Deck(seed=11).deal(3)
    expected = max(zip((0, 1, 3), cards), key=lambda sc: int(sc[1]))[0]
    assert seat == expected and t.button == seat
    assert {s: str(c) for s, c in t.last_draw.items()} == {s: str(c) for s, c in
                                                           zip((0, 1, 3), cards)}
    assert t.start_hand().button == seat


def test_draw_ties_are_broken_by_suit_spades_high():
    # the suit order s > h > d > c is the int order of cards of one rank
    from omaha_fast.cards import Card
    assert int(Card("As")) > int(Card("Ah")) > int(Card("Ad")) > int(Card("Ac"))


def test_antes_and_big_blind_ante_are_dead_money():
    t = Table(structure=NoLimit(), blinds=(5, 10), ante=2, seats=3, stacks=[100] * 3)
    h = t.start_hand()
    assert [(p.seat, p.kind, p.amount) for p in h.posts] == [
        (1, "ante", 2), (2, "ante", 2), (0, "ante", 2), (1, "blind", 5), (2, "blind", 10)]
    assert h.bets == {1: 5, 2: 10, 0: 0} and h.pot == 21
    assert h.legal_actions().to_call == 10
    t = Table(structure=PotLimit(), blinds=(5, 10), big_blind_ante=10, seats=3,
              stacks=[100] * 3)
    h = t.start_hand()
    assert [(p.seat, p.kind, p.amount) for p in h.posts][0] == (2, "bb_ante", 10)
    assert h.pot == 25 and h.legal_actions().max_to == 10 + 25 + 10
    fold_out(h)
    assert t.stacks == {0: 100, 1: 95, 2: 105}    # the big blind wins back its ante


def test_between_hands_only():
    t = Table(structure=FixedLimit(10, 20), seats=3, stacks=[100] * 3)
    t.start_hand()
    for call in (lambda: t.leave(0), lambda: t.sit_out(0), lambda: t.sit_down(1, 5),
                 lambda: t.add_chips(0, 5), lambda: t.start_hand()):
        with pytest.raises(ValueError, match="while a hand is being played"):
            call()


@pytest.mark.parametrize("kwargs, message", [
    (dict(structure=FixedLimit(10, 20), seats=1), "seats must be an int from 2 to 10"),
    (dict(structure=FixedLimit(10, 20), game="razz"), "game must be one of"),
    (dict(structure=NoLimit()), "no-limit needs blinds"),
    (dict(structure=PotLimit(), blinds=(10, 5)), "larger than the big blind"),
    (dict(structure=FixedLimit(10, 20), chip=3), "not a multiple of the chip unit 3"),
    (dict(structure=FixedLimit(10, 20), button_rule="sideways"), "button_rule must be"),
    (dict(structure=FixedLimit(10, 20), odd_chips="random"), "odd_chips must be"),
    (dict(structure="fixed"), "structure must be FixedLimit"),
    (dict(structure=FixedLimit(10, 20), ante=-1), "ante must be >= 0"),
    (dict(structure=FixedLimit(10, 20), ante=1, big_blind_ante=1), "either ante"),
    (dict(structure=FixedLimit(10, 20), rake=5), "rake must be a Rake"),
    (dict(structure=FixedLimit(10, 20), stacks=[1] * 7), "7 stacks for a table of 6"),
    (dict(structure=FixedLimit(10, 20), stacks=[100, 0]), "stack must be > 0"),
    (dict(structure=FixedLimit(10, 20), chip=0), "chip must be > 0"),
    (dict(structure=FixedLimit(10, 20), chip=True), "chip must be an int"),
    (dict(structure=FixedLimit(10, 20), chip=2.5), "chip must be an int"),
    (dict(structure=FixedLimit(10, 20), chip=5, rake=Rake(5, cap=7)),
     "rake cap \\(7\\) is not a multiple of the chip unit 5"),
    (dict(structure=FixedLimit(10, 20), chip=5, stacks=[100, 103]),
     "stack \\(103\\) is not a multiple of the chip unit 5"),
])
def test_settings_are_validated(kwargs, message):
    with pytest.raises(OmahaError, match=message) as info:
        Table(**kwargs)
    # a setting of the wrong type is a TypeError, a wrong value a ValueError
    wrong_type = message.startswith(("chip must be an int", "rake must", "structure must"))
    assert isinstance(info.value, TypeError if wrong_type else ValueError)


def test_settings_are_keyword_only():
    with pytest.raises(TypeError):
        Table(FixedLimit(10, 20))   # type: ignore[misc]


@pytest.mark.parametrize("make, message", [
    (lambda: FixedLimit(0, 20), "small_bet must be > 0"),
    (lambda: FixedLimit(10, 20, cap=0), "cap must be an int >= 1"),
    (lambda: PotLimit(min_bet=-5), "min_bet must be > 0"),
    (lambda: NoLimit(min_bet=2.5), "must be an int number of chips"),
    (lambda: Rake(percent=120), "within 0..100"),
])
def test_structures_are_validated(make, message):
    with pytest.raises(OmahaError, match=message) as info:
        make()
    assert isinstance(info.value, TypeError if "must be an int n" in message else ValueError)


def test_preset_cards_are_checked():
    t = Table(structure=FixedLimit(10, 20), seats=3, stacks=[100] * 3)
    with pytest.raises(ValueError, match="duplicate card As"):
        t.start_hand(holes={0: "AsKsQsJs"}, board="As2c3c")
    with pytest.raises(ValueError, match="hole needs 4 cards"):
        t.start_hand(holes={0: "AsKs"})
    with pytest.raises(ValueError, match="not dealt in"):
        t.start_hand(holes={5: "AsKsQsJs"})
    h = t.start_hand(holes={1: "AsKsQsJs"}, board="2c3c4c")
    assert h.hole(1) == tuple(h.hole(1)) and str(h.hole(1)[0]) == "As"


def test_seeded_tables_are_reproducible():
    def run(seed):
        t = Table(structure=NoLimit(), blinds=(1, 2), seats=4, stacks=[100] * 4, seed=seed)
        h = t.start_hand()
        while not h.finished:
            h.call() if h.legal_actions().to_call else h.check()
        return [h.hole(s) for s in h.seats], h.board, h.burns
    assert run(5) == run(5)
    assert run(5) != run(6)


def test_every_amount_at_the_table_is_whole_chips():
    t = Table(structure=NoLimit(), blinds=(5, 10), chip=5, seats=3, stacks=[300] * 3)
    with pytest.raises(ValueError, match="amount \\(12\\) is not a multiple of the chip"):
        t.add_chips(0, 12)
    with pytest.raises(ValueError, match="stack \\(7\\) is not a multiple of the chip"):
        Table(structure=NoLimit(), blinds=(5, 10), chip=5, seats=3).sit_down(0, 7)
    h = t.start_hand()
    la = h.legal_actions()
    assert (la.min_to, la.max_to) == (20, 300)
    before = (h.actions, h.stacks, h.bets, h.to_act)
    for amount in (23, 41, 299):       # inside the range, but not whole chips of 5
        with pytest.raises(IllegalActionError) as e:
            h.raise_to(amount)
        assert str(e.value) == (f"raise to {amount} is not allowed: the chip unit is 5: "
                                f"amounts must be multiples of it ({la.describe()})")
        assert (h.actions, h.stacks, h.bets, h.to_act) == before
    h.raise_to(25)
    assert h.current_bet == 25


# ------------------------------------------------------------- blinds owed and waiting
def snapshot(t):
    """Everything a refused start_hand must leave alone."""
    players = [None if p is None else (p.stack, p.sitting_out, p.waiting, p.post,
                                       p.missed_sb, p.missed_bb) for p in t._players]
    return players, t._button, t._sb_pos, t._bb, t._hands, t.hand, t._rng.getstate()


@pytest.mark.parametrize("post", [True, False])
def test_owing_player_on_the_small_blind_waits_and_nobody_posts_it(post):
    # moving button: the small blind would fall on seat 3, who still owes his blinds
    t = Table(structure=NoLimit(), blinds=(5, 10), seats=4, stacks=[100] * 4,
              button_rule="moving", seed=1)
    t.sit_out(3)
    play(t, 2)
    t.come_back(3, post=post)
    h = t.start_hand()
    assert h.button == 2 and 3 not in h.seats
    assert [(p.seat, p.kind, p.amount) for p in h.posts] == [(0, "blind", 10)]
    fold_out(h)
    h = t.start_hand()                 # the button reaches him: he posts, or waits on
    assert h.button == 3 and (3 in h.seats) == post
    if post:
        assert [(p.kind, p.amount) for p in h.posts if p.seat == 3] == [("dead", 5),
                                                                         ("blind", 10)]


def test_owing_player_facing_a_heads_up_button_never_crashes():
    # dead button, heads-up branch: the would-be button owes, a new player posts
    t = Table(structure=NoLimit(), blinds=(5, 10), seats=5,
              stacks=[None, None, 100, None, 100], seed=3)
    play(t, 2)                         # seat 2 and 4 alternate the big blind
    t.sit_out(2)
    t.sit_down(3, 100, post=True)
    play(t, 1)
    t.come_back(2, post=False)
    for _ in range(6):
        h = t.start_hand()
        assert set(h.seats) <= {2, 3, 4} and len(h.seats) >= 2
        fold_out(h)


def test_refused_start_changes_nothing():
    t = Table(structure=NoLimit(), blinds=(5, 10), seats=6, stacks=[100, 100, None, 100],
              seed=1)
    fold_out(t.start_hand())
    t.sit_out(3)
    t.sit_down(2, 100, post=True)
    before = snapshot(t)
    with pytest.raises(ValueError, match="duplicate card As"):
        t.start_hand(board="AsAs")
    with pytest.raises(ValueError, match="not dealt in"):
        t.start_hand(holes={3: "AsKsQsJs"})
    assert snapshot(t) == before
    h = t.start_hand()
    assert [(p.kind, p.amount) for p in h.posts if p.seat == 2] == [("blind", 10)]


@pytest.mark.parametrize("rule", ["dead", "moving"])
@pytest.mark.parametrize("post", [True, False])
def test_new_players_at_an_empty_table_are_dealt_in_as_at_a_new_table(rule, post):
    t = Table(structure=NoLimit(), blinds=(5, 10), seats=4, stacks=[100, 100],
              button_rule=rule, seed=1)
    t.start_hand().fold()
    t.leave(0)
    t.leave(1)
    t.sit_down(2, 100, post=post)
    t.sit_down(3, 100, post=post)
    h = t.start_hand()               # nobody has a game to wait for: no entry blinds
    assert h.button == 2 and sorted(h.seats) == [2, 3]
    assert [(p.seat, p.kind, p.amount) for p in h.posts] == [(2, "blind", 5),
                                                            (3, "blind", 10)]
    fold_out(h)
    assert positions(t.start_hand()) == (3, 3, 2)


def test_one_player_left_in_the_game_plays_the_newcomer_heads_up():
    t = Table(structure=NoLimit(), blinds=(5, 10), seats=4, stacks=[100, 100, 100],
              seed=1)
    play(t, 2)
    t.leave(0)
    t.leave(2)
    t.sit_down(3, 100)               # waits, but seat 1 alone has no game running
    h = t.start_hand()
    assert sorted(h.seats) == [1, 3] and len([p for p in h.posts if p.seat == 3]) == 1


def test_too_few_players_is_refused_with_what_to_do():
    t = Table(structure=NoLimit(), blinds=(5, 10), seats=3, stacks=[100, 100], seed=1)
    t.sit_out(1)
    before = snapshot(t)
    with pytest.raises(ValueError, match=r"at least two players .*\(come_back\)"):
        t.start_hand()
    assert snapshot(t) == before


def _random_action(h, rng):
    la = h.legal_actions()
    choices = ["fold"] if la.can_fold else []
    choices += ["check"] if la.can_check else []
    choices += ["call"] if la.call else []
    choices += ["raise"] if la.min_to else []
    choices += ["all_in"] if la.all_in_to else []
    kind = rng.choice(choices)
    if kind == "raise":
        chip = h.rules.chip
        amount = rng.randrange(la.min_to, la.max_to + 1, chip) if la.max_to > la.min_to \
            else la.min_to
        h.bet(amount) if h.current_bet == 0 else h.raise_to(amount)
    else:
        h.act(kind)


@pytest.mark.parametrize("seed", range(40))
def test_random_seating_never_breaks_start_hand(seed):
    rng = random.Random(seed)
    n = rng.randint(2, 10)
    rule = rng.choice(("dead", "moving"))
    stacks = [rng.choice((None, 30, 100, 250)) for _ in range(n)]
    t = Table(structure=NoLimit(), blinds=(5, 10), seats=n, stacks=stacks,
              button_rule=rule, seed=seed)
    total = sum(t.stacks.values())
    for _ in range(30):
        for s in range(n):
            r = rng.random()
            stack = t.stacks.get(s)
            if stack is None:
                if r < 0.2:
                    add = rng.choice((30, 100, 250))
                    t.sit_down(s, add, post=rng.random() < 0.5)
                    total += add
            elif stack == 0 or r < 0.06:
                total -= t.leave(s)
            elif r < 0.15:
                t.sit_out(s)
            elif r < 0.35:
                t.come_back(s, post=rng.random() < 0.5)
        before = snapshot(t)
        try:
            h = t.start_hand(seed=rng.randrange(1 << 30))
        except ValueError as e:
            assert "at least two players with chips" in str(e)
            assert sum(1 for s, p in enumerate(t._players) if p is not None
                       and not p.sitting_out and p.stack > 0) < 2
            assert snapshot(t) == before
            continue
        assert len(h.seats) >= 2
        assert sum(h.starting_stacks.values()) + sum(
            st for s, st in t.stacks.items() if s not in h.seats) == total
        while not h.finished:
            _random_action(h, rng)
        assert sum(t.stacks.values()) + h.rake == total
        total = sum(t.stacks.values())
