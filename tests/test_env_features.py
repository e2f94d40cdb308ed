"""The optional hand features: class and low agree with evaluate(); the equity estimate
agrees with the solver's heads-up hand strength and with exact multiway equity."""

from __future__ import annotations

import numpy as np
import pytest

from omaha_fast import equity, evaluate, parse_cards, random_deals  # noqa: E402
from omaha_fast.env.features import N_FEATURES, equity_estimate, hand_features  # noqa: E402
from omaha_fast.kernels import hand_strength  # noqa: E402


@pytest.mark.parametrize("game", ["hilo", "high"])
def test_class_and_low_agree_with_evaluate(game):
    deals = random_deals(300, 9, seed=4)
    rng = np.random.default_rng(0)
    for row in deals.tolist():
        hole, board = row[:4], row[4:4 + 3 + len(row) % 3]
        f = hand_features(hole, board, game, opponents=1, rng=rng, samples=4)
        e = evaluate(hole, board, game)
        assert f.shape == (N_FEATURES,) and f.dtype == np.float32
        assert np.flatnonzero(f[:9]).tolist() == [int(e.high.category)]
        assert f[9] == (e.low is not None)
        assert f[10] == pytest.approx(e.low.value / 56 if e.low else 0.0)
        assert 0.0 <= f[11] <= 1.0


def test_preflop_has_no_class_and_no_low():
    f = hand_features([51, 47, 3, 7], [], "hilo", opponents=2,
                      rng=np.random.default_rng(1), samples=64)
    assert not f[:11].any() and 0.0 < f[11] < 1.0


def test_heads_up_equity_agrees_with_the_solver():
    for hole, board in (("As2s3h4h", "5c6d7hKsKd"), ("KcKdQcJd", "2h7d9c"),
                        ("AhAd2c3c", "Ks8h4d")):
        h, b = [int(c) for c in parse_cards(hole)], [int(c) for c in parse_cards(board)]
        ours = equity_estimate(h, b, "hilo", 1, np.random.default_rng(2), 6000)
        theirs = float(hand_strength([hole], board, samples=20_000, seed=3).equity[0])
        assert abs(ours - theirs) < 0.02, (hole, board, ours, theirs)


def test_multiway_equity_agrees_with_exact_equity_on_average():
    """Against two random hands the estimate is the mean over their hands of the exact
    equity; a few thousand deals pin it down."""
    hole, board = "As2s3h4h", "5c6dKh"
    h, b = [int(c) for c in parse_cards(hole)], [int(c) for c in parse_cards(board)]
    ours = equity_estimate(h, b, "hilo", 2, np.random.default_rng(5), 8000)
    rng = np.random.default_rng(6)
    unseen = [c for c in range(52) if c not in h + b]
    exact = []
    for _ in range(400):
        cards = rng.choice(unseen, 8, replace=False).tolist()
        r = equity([h, cards[:4], cards[4:]], board=b)
        exact.append(r.players[0].equity)
    assert abs(ours - float(np.mean(exact))) < 0.03
