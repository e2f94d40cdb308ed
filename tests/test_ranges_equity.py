"""Equity with ranges against an enumeration over today's hand-vs-hand ``equity()``.

Exact range equity must be the weighted average, over every combination of hands that
share no card, of the exact hand-vs-hand figures (to 1e-9); Monte Carlo must land within
four standard errors of it, including on spots where card removal is heavy, and must not
depend on the number of threads.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from omaha_fast import NoDealError, Range, RangeError, equity, equity_batch
from omaha_fast.cards import format_cards

FIELDS = ("equity", "high_win", "high_tie", "low_win", "low_tie", "scoop", "high_share",
          "low_share")


def brute_force(players, board, game="hilo", dead=""):
    """Weighted average of exact hand-vs-hand results over every compatible combination.
    players: lists of (hand text, weight)."""
    total = 0.0
    sums = np.zeros((len(players), len(FIELDS)))
    no_low = 0.0
    for combo in itertools.product(*players):
        cards = [frozenset(h[i:i + 2] for i in range(0, 8, 2)) for h, _ in combo]
        if sum(len(c) for c in cards) != len(frozenset().union(*cards)):
            continue
        w = float(np.prod([wt for _, wt in combo]))
        r = equity([h for h, _ in combo], board=board, dead=dead, game=game, mode="exact")
        total += w
        sums += w * np.array([[getattr(p, f) for f in FIELDS] for p in r.players])
        no_low += w * (r.no_low or 0.0)
    return sums / total, no_low / total


def hands_of(r, board="", dead=""):
    live = r.without(board + dead) if board or dead else r
    return [(format_cards(c), int(w)) for c, w in zip(live.combos.tolist(), live.weights.tolist())]


def figures(result):
    return np.array([[getattr(p, f) for f in FIELDS] for p in result.players])


@pytest.mark.parametrize("hero, villain, board", [
    ("As2s3h4h", "AA:$ds", "Ks7d2h5c"),
    ("As2s3h4h", "KK:$ds@100,QQ:$ds@25", "Ks7d2h5c"),
    ("KcKdQcJd", "A2$L$L:$ds", "9c8c3h"),
    ("7c6c5d4d", "AA$ds,A2[3-4]*:xxyy", "Th9h2s3sQd"),
])
def test_exact_hand_vs_range_is_the_weighted_average(hero, villain, board):
    r = Range(villain)
    got = equity([hero, r], board=board)
    assert got.exact
    want, no_low = brute_force([[(hero, 1)], hands_of(r, board + hero)], board)
    assert np.abs(figures(got) - want).max() < 1e-9
    assert abs(got.no_low - no_low) < 1e-9
    assert got.players[1].hand == villain


def test_exact_range_vs_range_three_way_high():
    a, b = Range("AhAd[K-Q]*"), Range("KsKh[A-Q]*")
    board = "2c7d9s8h"
    ha = hands_of(a, board + "QcQdJc9c")[::7]
    hb = hands_of(b, board + "QcQdJc9c")[::9]
    ra = Range.from_hands([h for h, _ in ha])
    rb = Range.from_hands([h for h, _ in hb], [1 + k % 5 for k in range(len(hb))])
    weights_b = dict(zip((format_cards(c) for c in rb.combos.tolist()), rb.weights.tolist()))
    got = equity(["QcQdJc9c", ra, rb], board=board, game="high")
    hands_a = [(format_cards(c), 1) for c in ra.combos.tolist()]
    want, _ = brute_force([[("QcQdJc9c", 1)], hands_a, list(weights_b.items())], board,
                          game="high")
    assert got.exact and np.abs(figures(got) - want).max() < 1e-9


def test_dead_cards_and_board_are_removed_from_ranges():
    r = Range("AA:$ds")
    got = equity(["As2s3h4h", r], board="Kd7d2h5c", dead="Ac9c")
    want, _ = brute_force([[("As2s3h4h", 1)], hands_of(r, "Kd7d2h5cAs2s3h4h", "Ac9c")],
                          "Kd7d2h5c", dead="Ac9c")
    assert np.abs(figures(got) - want).max() < 1e-9


def within(mc, exact, k=4.0):
    for p, e in zip(mc.players, exact.players):
        assert abs(p.equity - e.equity) < k * p.std_error, (p, e)


def test_monte_carlo_hand_vs_range_within_four_standard_errors():
    spot = dict(hands=["As2s3h4h", "AA:$ds@3,KK:$ds@1"], board="Ks7d2h")
    exact = equity(**spot, mode="exact")
    mc = equity(**spot, mode="mc", samples=200_000, seed=3)
    assert not mc.exact and mc.boards == 200_000
    within(mc, exact)


def test_rejection_sampler_unbiased_under_heavy_card_removal():
    # three players whose hands all come from the same sixteen cards (aces, kings, queens
    # and four low cards): most deals collide, and redrawing one player at a time would
    # favour the hands that collide least
    board = "2c7d9s8h3d"
    pool = [c for c in "AhAdAcAsKhKdKcKsQhQdQcQs4c5c6h6s".replace("", " ").split()]
    pool = ["".join(p) for p in zip(pool[::2], pool[1::2])]
    rng = np.random.default_rng(5)
    ranges = []
    for _ in range(3):
        picks = {tuple(sorted(rng.choice(16, 4, replace=False))) for _ in range(18)}
        hands = ["".join(pool[i] for i in p) for p in sorted(picks)]
        ranges.append(Range.from_hands(hands, [1 + k % 3 for k in range(len(hands))]))
    exact = equity(ranges, board=board, mode="exact")
    want, _ = brute_force([hands_of(r) for r in ranges], board)
    assert np.abs(figures(exact) - want).max() < 1e-9
    mc = equity(ranges, board=board, mode="mc", samples=150_000, seed=11)
    within(mc, exact)


def test_monte_carlo_same_numbers_whatever_the_threads():
    spot = dict(hands=["As2s3h4h", "AA:$ds@50,KK@20", "15%"], mode="mc", samples=150_000,
                seed=99)
    one = equity(**spot, threads=1)
    assert one == equity(**spot, threads=2) == equity(**spot, threads=3)
    assert one != equity(**{**spot, "seed": 100}, threads=1)


def test_auto_picks_exact_for_small_and_mc_for_big():
    assert equity(["As2s3h4h", "AA:$ds"], board="Ks7d2h").exact
    sampled = equity(["As2s3h4h", "AA"], samples=1000, seed=1)
    assert not sampled.exact and sampled.boards == 1000
    big = equity(["As2s3h4h", "AA"], seed=1)       # 6,000 hands x 1,000,000 boards: too many
    assert not big.exact and big.boards == 1_000_000


def test_empty_and_impossible_ranges():
    from omaha_fast.errors import InvalidCardError
    with pytest.raises(RangeError, match="hand 2: the range 'AsAh\\*' is empty"):
        equity(["AsKs3h4h", "AsAh*"])
    with pytest.raises(NoDealError, match="never fit together"):
        equity(["AhAd*", "AhAc*", "Kc2c3c4c"], board="9s8s7s6s5s", mode="exact")
    with pytest.raises(InvalidCardError, match="neither cards nor a range: position 3"):
        equity(["As2s3h4h", "As#d"])
    with pytest.raises(InvalidCardError, match="hand 2 needs 4 cards"):
        equity(["As2s3h4h", "KcKdQc"])           # cards, not the range "KcKdQc*"
    assert len(equity(["As2s3h4h", "KcKdQc*"], board="2h7d9c").players) == 2


def test_plain_hands_keep_their_old_path_and_messages():
    from omaha_fast.errors import InvalidCardError
    with pytest.raises(InvalidCardError, match="duplicate card Ah: in hand 1 and in hand 2"):
        equity(["AhAd2c3c", "AhKh8d9d"])
    r = equity(["As2s3h4h", Range("KcKdQcJd")], board="2h7d9c")
    assert r.players[0].equity == pytest.approx(0.6067, abs=1e-4)


def random_spots(n, players, board_cards, seed):
    rng = np.random.default_rng(seed)
    deals = np.array([rng.permutation(52)[:4 * players + board_cards] for _ in range(n)])
    return deals[:, :4 * players].reshape(n, players, 4), deals[:, 4 * players:]


@pytest.mark.parametrize("players, board_cards, game", [(2, 5, "hilo"), (2, 4, "hilo"),
                                                        (3, 4, "high"), (2, 3, "hilo")])
def test_equity_batch_matches_equity(players, board_cards, game):
    n = 40 if board_cards > 3 else 8
    hands, boards = random_spots(n, players, board_cards, seed=board_cards)
    got = equity_batch(hands, boards, game=game)
    for k in range(len(hands)):
        want = equity([h.tolist() for h in hands[k]], board=boards[k].tolist(), game=game)
        assert got[k].tolist() == pytest.approx([p.equity for p in want.players], abs=1e-12)


def test_equity_batch_errors():
    from omaha_fast.errors import InvalidCardError
    hands, boards = random_spots(3, 2, 4, seed=1)
    hands[2, 1, 0] = boards[2, 0]
    with pytest.raises(InvalidCardError, match="spot 2"):
        equity_batch(hands, boards)
    with pytest.raises(InvalidCardError, match="boards must be"):
        equity_batch(hands, boards[:, :2])
    with pytest.raises(InvalidCardError, match="0..51"):
        equity_batch(hands + 60, boards)


def test_progress_and_cancel_with_ranges():
    from omaha_fast import OmahaError
    seen = []
    r = equity(["As2s3h4h", "AA:$ds"], mode="mc", samples=300_000, seed=1,
               progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1] == (300_000, 300_000) and r.boards == 300_000
    with pytest.raises(OmahaError, match="stopped by the progress callback"):
        equity(["As2s3h4h", "AA:$ds"], mode="mc", samples=50_000_000, seed=1,
               progress=lambda d, t: True)
