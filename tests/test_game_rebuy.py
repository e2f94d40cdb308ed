"""A player who busts, misses blinds while broke and is topped up with ``add_chips`` owes
them exactly as one who sat out the same hands (docs/rules.md: a player who comes back after
missing blinds posts them, or waits for the big blind)."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from omaha_fast import FixedLimit, NoLimit, Table

BOARD = "AhKhQhJh4c"      # two low ranks only (A, 4): nobody has a low
LOSER = "2c2d3c3d"        # at best a pair of threes on this board
# every other hand holds a pair of fives or better, so it beats LOSER at any showdown
WINNERS = ["5c5d5s6s", "6c6d7s8s", "7c7d9sTs", "8c8dJsQs", "9c9dKsAs", "TcTd2h2s",
           "JcJd3h3s", "QcQd4d4h", "KcKd5h6h"]


def _first_hand(table: Table, x: int, bust: bool) -> None:
    """Everyone calls or checks down; seat x goes all-in (bust) or folds (sit out)."""
    seats = [s for s, st_ in table.stacks.items() if st_ > 0]
    others = iter(WINNERS)
    holes = {s: (LOSER if s == x else next(others)) for s in seats}
    hand = table.start_hand(holes=holes, board=BOARD)
    while not hand.finished:
        legal = hand.legal_actions()
        if hand.to_act == x:
            if bust:
                hand.all_in() if legal.all_in_to else hand.call()
            else:
                hand.fold() if legal.to_call else hand.check()
        else:
            hand.call() if legal.to_call else hand.check()


def _fold_out(table: Table) -> list[tuple[int, str, int]]:
    hand = table.start_hand()
    posts = [(p.seat, p.kind, p.amount) for p in hand.posts]
    dealt = hand.seats
    while not hand.finished:
        hand.fold() if hand.legal_actions().to_call else hand.check()
    return [("dealt", dealt)] + posts  # type: ignore[list-item]


def _run(n, x, missed, post, rule, structure, bust):
    stacks = [1000] * n
    stacks[x] = 15 if bust else 1000
    table = Table(structure=structure, seats=n, stacks=stacks, button_rule=rule,
                  blinds=None if isinstance(structure, FixedLimit) else (5, 10))
    _first_hand(table, x, bust)
    if bust:
        assert table.stacks[x] == 0
    else:
        table.sit_out(x)
    history = [_fold_out(table) for _ in range(missed)]
    if bust:
        table.add_chips(x, 1000, post=post)
    else:
        table.come_back(x, post=post)
    history += [_fold_out(table) for _ in range(n + 2)]
    return history


def test_bust_and_top_up_posts_the_missed_blinds():
    # seat 3 busts in the first hand; the big blind passes him while he has no chips
    history = _run(4, 3, 1, True, "dead", FixedLimit(10, 20), bust=True)
    assert 3 not in history[0][0][1]
    back = history[1]
    assert 3 in back[0][1]                                   # dealt in at once
    assert [p for p in back[1:] if p[0] == 3] == [(3, "dead", 5), (3, "blind", 10)]
    assert history == _run(4, 3, 1, True, "dead", FixedLimit(10, 20), bust=False)


def test_bust_and_top_up_may_wait_for_the_big_blind():
    history = _run(4, 3, 1, False, "dead", FixedLimit(10, 20), bust=True)
    waiting = [h for h in history[1:] if 3 not in h[0][1]]
    assert waiting, "he waits at least one hand"
    first = next(h for h in history[1:] if 3 in h[0][1])
    assert [p for p in first[1:] if p[0] == 3] == [(3, "blind", 10)]   # as the big blind
    assert history == _run(4, 3, 1, False, "dead", FixedLimit(10, 20), bust=False)


def test_leaving_and_returning_owes_a_big_blind_too():
    table = Table(structure=FixedLimit(10, 20), seats=4, stacks=[1000] * 4)
    _fold_out(table)
    table.leave(3)
    _fold_out(table)
    table.sit_down(3, 1000, post=True)
    back = _fold_out(table)
    assert 3 in back[0][1] and (3, "blind", 10) in back[1:]


@settings(max_examples=60, deadline=None)
@given(n=st.integers(3, 10), data=st.data(), missed=st.integers(0, 6), post=st.booleans(),
       rule=st.sampled_from(["dead", "moving"]),
       structure=st.sampled_from([FixedLimit(10, 20), NoLimit()]))
def test_busting_and_sitting_out_end_the_same_way(n, data, missed, post, rule, structure):
    x = data.draw(st.integers(0, n - 1), label="x")
    bust = _run(n, x, missed, post, rule, structure, bust=True)
    sat_out = _run(n, x, missed, post, rule, structure, bust=False)
    assert bust == sat_out
    # and once back he is dealt in within an orbit (after posting or on the big blind)
    assert any(x in h[0][1] for h in bust[missed:])
