"""Hand features from the C core: the current high class, the low, an equity estimate.

>>> import numpy as np
>>> from omaha_fast import parse_cards
>>> f = hand_features(parse_cards("As2s3h4h"), parse_cards("5c6d7hKsKd"), "hilo",
...                   opponents=1, rng=np.random.default_rng(1), samples=400)
>>> f[:9].tolist()                   # one-hot high class: straight
[0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0]
>>> f[9:11].tolist()                 # a low, 7-6-5-2-A (41 of 56)
[1.0, 0.7321428656578064]
>>> 0.8 < float(f[11]) <= 1.0        # the nut low and a straight against one random hand
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .._core import VARIANTS
from ..evaluation import category_of, evaluate_batch

N_FEATURES = 12
"""Nine high classes (one-hot in :class:`~omaha_fast.evaluation.Category` order, high
card first), low made, low strength, equity."""

LOW_VALUES = 56     # 8-or-better lows: 1 (8-7-6-5-4) .. 56 (5-4-3-2-A)


def hand_features(hole: Sequence[int], board: Sequence[int], game: str, *, opponents: int,
                  rng: Any, samples: int) -> Any:
    """The feature vector (float32, :data:`N_FEATURES` values) of ``hole`` on ``board``.

    Before the flop the class and the low are zeros. The equity is the expected share of
    the pot against ``opponents`` uniformly random hands, estimated from ``samples``
    deals of their cards and the rest of the board drawn with ``rng`` (a numpy Generator).
    """
    import numpy as np

    out = np.zeros(N_FEATURES, np.float32)
    hole_row = np.asarray(hole, np.uint8)
    if len(board) >= 3:
        high, low = evaluate_batch(hole_row.reshape(1, -1),
                                   np.asarray(board, np.uint8).reshape(1, -1),
                                   _evaluation(game))
        out[int(category_of(int(high[0])))] = 1.0
        if low[0]:
            out[9] = 1.0
            out[10] = low[0] / LOW_VALUES
    out[11] = equity_estimate(hole_row, board, game, opponents, rng, samples)
    return out


def _evaluation(game: str) -> str:
    """The evaluator's game ("hilo" or "high") of a game name: Big O is scored as hi-lo,
    five- and six-card Omaha as high (the hole size is the hand's)."""
    return VARIANTS[game][0] if game in VARIANTS else game


def equity_estimate(hole: Any, board: Sequence[int], game: str, opponents: int, rng: Any,
                    samples: int) -> float:
    """Monte Carlo share of the pot against ``opponents`` random hands (0..1), each of as
    many cards as ``hole`` (four, or five or six in the larger games)."""
    import numpy as np

    if opponents < 1:
        return 1.0
    game = _evaluation(game)
    n_hole = len(hole)
    known = set(int(c) for c in hole) | set(int(c) for c in board)
    unseen = np.array([c for c in range(52) if c not in known], np.uint8)
    missing = 5 - len(board)
    need = n_hole * opponents + missing
    # a uniform random order of the unseen cards per sample: argsort of uniform keys
    order = np.argsort(rng.random((samples, unseen.size)), axis=1)[:, :need]
    drawn = unseen[order]
    boards = np.empty((samples, 5), np.uint8)
    boards[:, :len(board)] = np.asarray(board, np.uint8)
    boards[:, len(board):] = drawn[:, n_hole * opponents:]
    holes = np.broadcast_to(np.asarray(hole, np.uint8), (samples, n_hole))
    my_high, my_low = evaluate_batch(np.ascontiguousarray(holes), boards, game)
    best_high = np.zeros(samples, np.int32)
    best_low = np.zeros(samples, np.int32)
    ties_high = np.zeros(samples, np.int32)
    ties_low = np.zeros(samples, np.int32)
    my_high = my_high.astype(np.int32)
    my_low = my_low.astype(np.int32)
    for k in range(opponents):
        high, low = evaluate_batch(
            np.ascontiguousarray(drawn[:, n_hole * k:n_hole * (k + 1)]), boards, game)
        high = high.astype(np.int32)
        low = low.astype(np.int32)
        best_high = np.maximum(best_high, high)
        best_low = np.maximum(best_low, low)
        ties_high += high == my_high
        ties_low += (low == my_low) & (low > 0)
    high_share = np.where(my_high > best_high, 1.0,
                          np.where(my_high == best_high, 1.0 / (1 + ties_high), 0.0))
    if game == "high":
        return float(high_share.mean())
    low_share = np.where(my_low == 0, 0.0,
                         np.where(my_low > best_low, 1.0,
                                  np.where(my_low == best_low, 1.0 / (1 + ties_low), 0.0)))
    any_low = (my_low > 0) | (best_low > 0)
    share = np.where(any_low, 0.5 * high_share + 0.5 * low_share, high_share)
    return float(share.mean())


__all__ = ["N_FEATURES", "hand_features", "equity_estimate"]
