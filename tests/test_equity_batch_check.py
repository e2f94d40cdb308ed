"""Exact preflop equity against an enumeration built on evaluate_batch.

The exact engine and evaluate_batch share only the five-card tables: the engine works from
per-player multiset and flush tables and a histogram of winners, evaluate_batch ranks each
hand on its own (and is itself checked against the reference on 200,000 deals). Every
board of a preflop spot is enumerated here with numpy and ranked through evaluate_batch.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from omaha_fast import equity, evaluate_batch, parse_cards


def batch_equity(hands, board="", dead="", game="hilo"):
    holes = [[int(c) for c in parse_cards(h)] for h in hands]
    known = [int(c) for c in parse_cards(board)]
    used = set(known) | {int(c) for c in parse_cards(dead)} | {c for h in holes for c in h}
    deck = np.array([c for c in range(52) if c not in used], dtype=np.uint8)
    extra = np.array(list(combinations(range(len(deck)), 5 - len(known))), dtype=np.intp)
    boards = np.concatenate([np.tile(np.array(known, dtype=np.uint8), (len(extra), 1)),
                             deck[extra]], axis=1) if len(known) else deck[extra]
    boards = np.ascontiguousarray(boards, dtype=np.uint8)
    highs, lows = [], []
    for h in holes:
        hi, lo = evaluate_batch(np.tile(np.array(h, dtype=np.uint8), (len(boards), 1)), boards,
                                game=game)
        highs.append(hi.astype(np.int32))
        lows.append(lo.astype(np.int32))
    highs, lows = np.array(highs), np.array(lows)
    hw = highs == highs.max(axis=0)
    top_low = lows.max(axis=0)
    lw = (lows == top_low) & (top_low > 0)
    has_low = lw.any(axis=0)
    high_part = np.where(has_low, 0.5, 1.0) / hw.sum(axis=0)
    low_part = np.where(has_low, 0.5 / np.maximum(lw.sum(axis=0), 1), 0.0)
    share = hw * high_part + lw * low_part
    scoop = hw & (hw.sum(axis=0) == 1) & (~has_low | (lw & (lw.sum(axis=0) == 1)))
    return share.mean(axis=1), scoop.mean(axis=1), (hw & (hw.sum(axis=0) == 1)).mean(axis=1), \
        len(boards), 1 - has_low.mean()


@pytest.mark.parametrize("hands, board, dead, game", [
    (["As2s3h4h", "KcKdQcJd"], "", "", "hilo"),
    (["AhAd2c3c", "KsKh8d9d"], "", "", "hilo"),
    (["AsKs2d3d", "QhJhTc9c", "7s6s5h4h"], "", "", "hilo"),
    (["AcKcQcJc", "AdKdQdJd"], "", "", "high"),                 # mirrored hands: ties
    (["As2s3s4s", "5h6h7h8h"], "", "9s9hTc", "hilo"),           # four-suited hands, dead
    (["Ah2h3d4d", "KsKhQsQh", "8c7c6d5d", "AdTsJs2c"], "", "Qd", "hilo"),
])
def test_exact_matches_batch_enumeration(hands, board, dead, game):
    share, scoop, high_alone, boards, no_low = batch_equity(hands, board, dead, game)
    got = equity(hands, board=board, dead=dead, game=game, mode="exact")
    assert got.boards == boards
    assert got.no_low == (pytest.approx(no_low, abs=1e-12) if game == "hilo" else None)
    for p, s, sc, ha in zip(got.players, share, scoop, high_alone):
        assert p.equity == pytest.approx(s, abs=1e-12)
        assert p.scoop == pytest.approx(sc, abs=1e-12)
        assert p.high_win == pytest.approx(ha, abs=1e-12)
