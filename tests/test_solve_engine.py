"""The C engine (omaha_fast.solve.engine) against the Python engine it replaced, and its
own promises: suit isomorphism changes nothing but the size, threads change no bit, rake
and locks do what they say, and the memory estimate is the memory held."""

from __future__ import annotations

import numpy as np
import pytest

from omaha_fast import parse_cards
from omaha_fast.solve import BetTree, solve
from omaha_fast.solve.engine import ArenaEngine, estimate, spec
from omaha_fast.solve.errors import SpotTooLargeError
from omaha_fast.solve.reference_engine import Engine
from omaha_fast.solve.spot import read_range
from omaha_fast.solve.tree import ACTION, build


def sample(hands, weights, size, swap=None):
    """At most size hands (fixed seed); with swap (two suits), closed under trading them."""
    if len(hands) <= size:
        return hands, weights
    pick = set(np.random.default_rng(5).choice(len(hands), size, replace=False).tolist())
    if swap is not None:
        a, b = swap
        keys = {tuple(sorted(h)): i for i, h in enumerate(hands.tolist())}
        for i in list(pick):
            image = [c - c % 4 + (b if c % 4 == a else a if c % 4 == b else c % 4)
                     for c in hands[i].tolist()]
            pick.add(keys[tuple(sorted(image))])
    rows = sorted(pick)
    return hands[rows], weights[rows]


def spot(board, oop, ip, game="hilo", tree=None, pot=10.0, stack=30.0, size=None, swap=None):
    cards = [int(c) for c in parse_cards(board)]
    street = {3: "flop", 4: "turn", 5: "river"}[len(cards)]
    h0, w0 = read_range(oop, cards, game, "oop")
    h1, w1 = read_range(ip, cards, game, "ip")
    if size is not None:
        (h0, w0), (h1, w1) = sample(h0, w0, size, swap), sample(h1, w1, size, swap)
    nodes = build(tree or BetTree(bets=(0.75,), raise_cap=1), pot, stack, street)
    return nodes, cards, (h0, h1), (w0, w1), pot, game


RANDOM = np.random.default_rng(11)


def weighted(text, board, game):
    hands, _ = read_range(text, [int(c) for c in parse_cards(board)], game, "x")
    return hands, RANDOM.uniform(0.2, 1.0, len(hands))


SPOTS = [
    ("Ah Kd 7c 8s 2h", "AA:$ds,KK", "QQ,JJ", "hilo", BetTree(bets=(0.5, 1.0), raise_cap=2)),
    ("Ah Kd 7c 8s 2h", "AA,23**", "KK,45**", "high", BetTree(bets=(0.75,), limit="no")),
    ("Ah Kd 7c 8s", "AA:$ds", "QQ:$ds,KK:$ds", "hilo", BetTree(bets=(0.75,), raise_cap=1)),
    ("2c 5d 9h Js", "A2**:$ds", "KK:$ds", "hilo",
     BetTree(limit="fixed", fixed_bet=2.0, raise_cap=2)),
    ("Ah Kd 7c 8s", "weighted AA", "QQ:$ds", "high", BetTree(bets=(0.75,), raise_cap=0)),
]


def range_ev(engine, p):
    return float((engine.weights[p] * engine.root_values(p, "ev")).sum()) / engine.deal_weight()


@pytest.mark.parametrize("board,oop,ip,game,tree", SPOTS)
def test_it_agrees_with_the_python_engine(board, oop, ip, game, tree):
    """Same DCFR, same tree, same kernels. After one iteration (both average strategies
    uniform) every hand's value agrees to rounding; after more, the two solves' values
    agree within their exploitability (a hand whose actions tie to the last bit may take
    either, so the paths may part, as any two summation orders would make them)."""
    if oop.startswith("weighted"):
        oop = weighted(oop.split()[1], board, game)
    nodes, cards, hands, weights, pot, game = spot(board, oop, ip, game, tree, size=80)
    old = Engine(nodes, cards, hands, weights, pot, game)
    new = ArenaEngine(nodes, cards, hands, weights, pot, game, threads=1)
    old.iterate()
    new.iterate()
    for p in (0, 1):
        np.testing.assert_allclose(new.root_values(p, "ev"), old.root_values(p, "ev"),
                                   rtol=1e-9, atol=1e-9 * pot)
    assert new.exploitability()[2] == pytest.approx(old.exploitability()[2], rel=1e-6)
    for _ in range(59):
        old.iterate()
        new.iterate()
    e_old, e_new = old.exploitability()[2], new.exploitability()[2]
    assert e_new < 0.02 * pot and e_old < 0.02 * pot
    ev_old = float((weights[0] * old.root_values(0, "ev")).sum()) / old.deal_weight()
    assert abs(range_ev(new, 0) - ev_old) <= e_old + e_new + 1e-9


SYMMETRIC_FLOP = ("Ah Kh 7c", "AA:$ds", "QQ:$ds")   # diamonds and spades interchangeable


def test_isomorphic_and_full_trees_give_the_same_solve():
    nodes, cards, hands, weights, pot, game = spot(
        *SYMMETRIC_FLOP, tree=BetTree(bets=(1.0,), raise_cap=0, allin=False), stack=10.0,
        size=24, swap=(1, 3))
    iso = ArenaEngine(nodes, cards, hands, weights, pot, game, isomorphism=True)
    full = ArenaEngine(nodes, cards, hands, weights, pot, game, isomorphism=False)
    assert iso.size().chance_children < full.size().chance_children
    assert iso.size().boards < full.size().boards
    iso.iterate()
    full.iterate()
    for p in (0, 1):   # uniform strategies: the same values to rounding
        np.testing.assert_allclose(iso.root_values(p, "ev"), full.root_values(p, "ev"),
                                   rtol=1e-9, atol=1e-9)
    iso.iterate(29)
    full.iterate(29)
    e_iso, e_full = iso.exploitability()[2], full.exploitability()[2]
    assert abs(range_ev(iso, 0) - range_ev(full, 0)) <= e_iso + e_full
    # a turn node under a diamond and under a spade (one kept, one its twin), and a river
    # node under both: the same strategies read through the suit swap, where they are
    # played (weighted by the reach of the hands)
    turn = next(k for k, n in enumerate(nodes) if n.kind == ACTION and n.depth == 1)
    river = next(k for k, n in enumerate(nodes) if n.kind == ACTION and n.depth == 2)
    for k, dealt in [(turn, ("Qd",)), (turn, ("Qs",)), (turn, ("2s",)),
                     (river, ("Qs", "3d")), (river, ("3s", "3d")), (river, ("5d", "9s"))]:
        cs = tuple(int(c) for c in parse_cards(" ".join(dealt)))
        p = nodes[k].player
        live = ~np.isin(hands[p], cs).any(axis=1)
        w = weights[p] * live
        gap = np.abs(iso.strategy(k, cs) - full.strategy(k, cs)).sum(axis=1)
        assert float((w * gap).sum() / w.sum()) < 0.05


def test_ranges_that_are_not_symmetric_are_not_merged():
    board, oop, ip = SYMMETRIC_FLOP
    nodes, cards, hands, weights, pot, game = spot(board, oop, ip, size=24, swap=(1, 3),
                                                   tree=BetTree(bets=(1.0,), raise_cap=0))
    w = weights[0].copy()
    w[0] *= 0.5                    # one hand's weight breaks the diamonds-spades symmetry
    iso = ArenaEngine(nodes, cards, hands, (w, weights[1]), pot, game, isomorphism=True)
    full = ArenaEngine(nodes, cards, hands, (w, weights[1]), pot, game, isomorphism=False)
    assert iso.size().chance_children == full.size().chance_children


def test_threads_change_no_bit():
    nodes, cards, hands, weights, pot, game = spot("Ah Kd 7c 8s", "AA:$ds,KK", "QQ,JJ",
                                                   size=300)
    one = ArenaEngine(nodes, cards, hands, weights, pot, game, threads=1)
    two = ArenaEngine(nodes, cards, hands, weights, pot, game, threads=2)
    one.iterate(3)
    two.iterate(3)
    assert one.storage()[0].tobytes() == two.storage()[0].tobytes()
    assert one.storage()[1].tobytes() == two.storage()[1].tobytes()
    assert one.exploitability() == two.exploitability()


@pytest.mark.parametrize("rake,cap,kept", [(0.05, None, 9.5), (0.05, 0.3, 9.7), (0.0, None, 10)])
def test_rake_leaves_the_pot_less_the_rake(rake, cap, kept):
    """A tree of checks only: every deal shows down a pot of 10, raked the same way."""
    r = solve("Ah Kd 7c 8s 2h", "AA,KK", "QQ,JJ", pot=10, stack=30,
              tree=BetTree(bets=(), allin=False), rake=rake, rake_cap=cap, iterations=2)
    assert r.ev[0] + r.ev[1] == pytest.approx(kept)


def test_rake_with_bets_costs_what_the_pots_pay():
    """With bets the pot sizes differ from deal to deal: the EVs add up to less than the
    pot, by at most the most that can be taken (5% of the biggest pot)."""
    r = solve("Ah Kd 7c 8s 2h", "AA,KK,23**", "QQ,JJ,45**", pot=10, stack=30,
              tree=BetTree(bets=(1.0,), raise_cap=1), rake=0.05, iterations=50, target=0)
    lost = 10 - (r.ev[0] + r.ev[1])
    assert 0.05 * 10 * 0.5 < lost < 0.05 * (10 + 2 * 30)


def test_a_locked_node_keeps_its_strategy_and_the_rest_answers_it():
    board, oop, ip = "Ah Kd 7c 8s 2h", "AA:$ds,KK", "QQ,JJ"
    free = solve(board, oop, ip, pot=10, stack=30, iterations=200, target=0.05)
    n = len(free.hands[0])
    always_check = np.zeros((n, len(free.actions("")))) + np.eye(len(free.actions("")))[0]
    half = always_check.copy()
    half[::2] = np.nan                       # every other hand stays free
    locked = solve(board, oop, ip, pot=10, stack=30, iterations=200, target=0.05,
                   locks={"": half})
    s = locked.strategy("")
    np.testing.assert_allclose(s[1::2], always_check[1::2], atol=1e-6)
    # OOP cannot gain from a constraint: its value falls (or stays) against the best answer
    assert locked.ev[0] <= free.ev[0] + 0.05 * 10 / 100 * 2


# a turn tree by street and player, with a donk bet on the river and no IP raise there
BY_STREET = BetTree(bets={"turn": (0.5,), "river": (0.75, "geo")}, ip_raises={"river": ()},
                    donk=(0.33,), raise_cap=1, allin=False)


@pytest.mark.parametrize("tree", [None, BY_STREET])
def test_the_estimate_is_what_the_engine_holds(tree):
    nodes, cards, hands, weights, pot, game = spot("Ah Kd 7c 8s", "AA:$ds,KK", "QQ,JJ",
                                                   tree=tree)
    guess = estimate(spec(nodes, cards, hands, weights, pot, game, (0.0, None), True), 1)
    held = ArenaEngine(nodes, cards, hands, weights, pot, game, threads=1).size()
    assert guess["storage"] == held.storage_bytes
    assert guess["total"] == pytest.approx(held.total_bytes, rel=0.1)


def test_a_spot_too_large_is_refused_before_it_starts():
    with pytest.raises(SpotTooLargeError, match=r"needs .* more than the 1.0 kB") as info:
        solve("Ah Kd 7c 8s", "AA", "KK", pot=10, stack=30, max_memory=1000)
    assert isinstance(info.value, MemoryError)


def test_compact_storage_halves_the_memory_and_stays_close():
    """16-bit regrets and sums (one scale a node): half the storage; the same first
    iteration; and after 100 iterations an exploitability within 0.05% of the pot of the
    float solve's (the subgame guide states what 400-hand ranges measured)."""
    nodes, cards, hands, weights, pot, game = spot("Ah Kd 7c 8s", "AA:$ds,KK", "QQ,JJ",
                                                   size=150)
    full = ArenaEngine(nodes, cards, hands, weights, pot, game)
    half = ArenaEngine(nodes, cards, hands, weights, pot, game, compact=True)
    assert half.size().storage_bytes < 0.51 * full.size().storage_bytes
    full.iterate()
    half.iterate()
    np.testing.assert_allclose(half.root_values(0, "ev"), full.root_values(0, "ev"),
                               rtol=1e-9, atol=1e-9)
    full.iterate(99)
    half.iterate(99)
    assert half.exploitability()[2] < full.exploitability()[2] + 0.05 / 100 * pot
    regrets, sums = half.storage()          # decoded and encoded again: within a step
    half.restore(regrets, sums, half.iterations)
    step = np.abs(regrets).max() / 32767
    np.testing.assert_allclose(half.storage()[0], regrets, rtol=0, atol=1.01 * step)


def test_a_resumed_solve_ends_where_one_that_never_stopped_does(tmp_path):
    args = dict(board="Ah Kd 7c 8s", oop="AA:$ds", ip="QQ:$ds", pot=10, stack=30,
                target=0, check_every=5, threads=1)
    straight = solve(iterations=20, **args)
    half = solve(iterations=10, **args)
    half.save(tmp_path / "half.npz", regrets=True)
    resumed = solve(iterations=20, resume=tmp_path / "half.npz", **args)
    assert resumed.iterations == 20 and [h[0] for h in resumed.history] == [5, 10, 15, 20]
    for path in straight.paths:
        if straight.nodes[straight._node(path)].depth == 0:
            assert np.array_equal(resumed.strategy(path), straight.strategy(path))
    assert resumed.exploitability == straight.exploitability
    half.save(tmp_path / "plain.npz")
    with pytest.raises(ValueError, match="keeps no regrets"):
        solve(iterations=20, resume=tmp_path / "plain.npz", **args)
    with pytest.raises(ValueError, match="another spot"):
        solve(iterations=20, resume=tmp_path / "half.npz", **dict(args, pot=12))


def test_a_flop_file_reads_back_its_turn_and_river_strategies(tmp_path):
    r = solve("Ah Kh 7c", "AA:$ds", "QQ:$ds", pot=10, stack=10, iterations=3, target=0,
              tree=BetTree(bets=(1.0,), raise_cap=0, allin=False))
    assert r.street == "flop"
    r.save(tmp_path / "flop.npz")
    back = type(r).load(tmp_path / "flop.npz")
    river = next(p for p in r.paths if r.nodes[r._node(p)].depth == 2)
    np.testing.assert_allclose(back.strategy(river, turn="2d", river="3s"),
                               r.strategy(river, turn="2d", river="3s"), atol=1e-6)
    with pytest.raises(ValueError, match="say which turn card"):
        back.strategy(river)


def test_action_evs_are_what_the_actions_are_worth():
    """At the root, the EV of the actor's average strategy over its actions' EVs is its
    EV at the root; and each action's EV at the river nodes of a turn spot is finite for
    a live hand."""
    nodes, cards, hands, weights, pot, game = spot("Ah Kd 7c 8s", "AA:$ds", "QQ:$ds",
                                                   size=60)
    e = ArenaEngine(nodes, cards, hands, weights, pot, game)
    e.iterate(20)
    ev = e.action_ev(0)
    s = e.strategy(0)
    met = e.met(0)
    live = met > 0
    np.testing.assert_allclose((s * ev).sum(axis=1)[live],
                               (e.root_values(0, "ev") / met)[live], rtol=1e-9)
    river = next(k for k, n in enumerate(nodes) if n.kind == ACTION and n.depth == 1)
    card = int(parse_cards("2c")[0])
    ev = e.action_ev(river, (card,))
    holds = np.isin(hands[nodes[river].player], [card]).any(axis=1)
    assert np.isnan(ev[holds]).all() and np.isfinite(ev[~holds]).any()


def test_a_turn_too_big_for_rows_reads_its_river_strategies_from_the_engine(tmp_path,
                                                                            monkeypatch):
    import omaha_fast.solve.subgame as subgame
    args = dict(board="Ah Kd 7c 8s", oop="AA:$ds", ip="QQ:$ds", pot=10, stack=30,
                iterations=6, target=0, threads=1)
    rows = solve(**args)
    monkeypatch.setattr(subgame, "ROWS_KEPT", 0)
    lazy = solve(**args)
    river = next(p for p in rows.paths if rows.nodes[rows._node(p)].depth == 1)
    assert rows._node(river) in rows.strategies and lazy._node(river) not in lazy.strategies
    np.testing.assert_allclose(lazy.strategy(river, river="2c"), rows.strategy(river, river="2c"),
                               atol=1e-6)
    lazy.save(tmp_path / "lazy.npz")
    back = type(lazy).load(tmp_path / "lazy.npz")
    np.testing.assert_allclose(back.strategy(river, river="2c"), rows.strategy(river, river="2c"),
                               atol=1e-6)
