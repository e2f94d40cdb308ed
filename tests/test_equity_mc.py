"""Monte Carlo and exact equity for three to ten fixed hands: the kernels compiled per
player count and the tables laid out by board (one row a board, the winners found by SIMD)
against a Python enumeration, against exact equity, and against the seeded figures of the
kernels they replaced."""

from __future__ import annotations

import pytest
from test_equity_exact import FIELDS, python_equity

from omaha_fast import equity

SIX = ["As2s3h4h", "KcKdQcJd", "AhAd9s8s", "7c6c5d4d", "TsTh9h8h", "QsJs3c2d"]
TEN = SIX + ["5s5h6s7h", "8c8d9d3s", "2c3d4c6d", "JhJcTcTd"]


@pytest.mark.parametrize("hands, board, game", [
    (SIX, "Kh7d2h", "hilo"),          # 300 boards: the board-indexed tables
    (SIX[:4] + ["Ks5s8c9c", "Qh3sJc6h"], "7sTsKh", "high"),   # spades to come
    (SIX + ["5s5h6s7h"], "8c8d9d", "hilo"),                   # seven players, 210 boards
])
def test_exact_many_players_matches_python_enumeration(hands, board, game):
    want, boards, no_low = python_equity(hands, board, "", game)
    got = equity(hands, board=board, game=game, mode="exact")
    assert got.boards == boards
    for p, w in zip(got.players, want):
        for field in FIELDS:
            assert getattr(p, field) == pytest.approx(w[field], abs=1e-12), field


@pytest.mark.parametrize("hands, board", [(SIX, ""), (TEN, ""), (SIX[:3], "Kh7d2h")])
def test_monte_carlo_many_players_within_four_standard_errors(hands, board):
    exact = equity(hands, board=board, mode="exact")
    mc = equity(hands, board=board, mode="mc", samples=300_000, seed=5)
    for e, m in zip(exact.players, mc.players):
        assert abs(m.equity - e.equity) < 4 * m.std_error + 1e-12
        assert abs(m.scoop - e.scoop) < 4 * (e.scoop * (1 - e.scoop) / 300_000) ** 0.5 + 1e-12


# (players, board, game, dead, equities, scoops) of 150,000 seeded deals, as computed by the
# Monte Carlo kernel before it was compiled per player count and given board-indexed
# tables: the same seed must give the same figures
GOLDEN = [
    (3, '', 'hilo', '',
     [0.477495, 0.31731, 0.205195],
     [0.28223333333333334, 0.2159, 0.10846]),
    (6, '', 'hilo', '',
     [0.3311805555555556, 0.23612888888888886, 0.060535, 0.1477822222222222, 0.16788388888888892,
      0.05648944444444445],
     [0.0492, 0.14665333333333333, 0.015266666666666666, 0.040426666666666666, 0.09258666666666666,
      0.0115]),
    (6, 'Kh7d2h', 'high', '',
     [0.02346, 0.5407766666666667, 0.0577, 0.08970666666666667, 0.28022, 0.008136666666666667],
     [0.02346, 0.53264, 0.04296666666666667, 0.08970666666666667, 0.26548666666666665, 0.0]),
    (10, '', 'hilo', '',
     [0.2291111111111111, 0.2758933333333333, 0.10014777777777778, 0.016853333333333335,
      0.08634444444444445, 0.054384444444444444, 0.022073333333333334, 0.00652111111111111,
      0.10465444444444445, 0.10401666666666666],
     [0.017526666666666666, 0.21314, 0.037186666666666666, 0.004026666666666666, 0.0188, 0.00758,
      0.005353333333333333, 0.0, 0.0, 0.07702666666666666]),
    (10, '', 'hilo', 'Ks9c',
     [0.28898333333333326, 0.11936, 0.14833222222222223, 0.025736666666666668, 0.10522222222222222,
      0.07804666666666667, 0.02736, 0.014802222222222224, 0.15674, 0.035416666666666666],
     [0.0, 0.09135333333333333, 0.03609333333333333, 0.004186666666666667, 0.0,
      0.0038466666666666666, 0.0, 0.0, 0.0, 0.0]),
]


@pytest.mark.parametrize("n, board, game, dead, equities, scoops", GOLDEN)
def test_seeded_figures_are_those_of_the_earlier_kernel(n, board, game, dead, equities, scoops):
    hands = TEN[:n]
    for threads in (1, 2):
        r = equity(hands, board=board, dead=dead, game=game, mode="mc", samples=150_000,
                   seed=2024, threads=threads)
        # (to 1e-12, not to the bit: a compiler may fuse the result sums' multiply-adds;
        # other draws would differ by about 1e-3)
        assert [p.equity for p in r.players] == pytest.approx(equities, rel=1e-12, abs=1e-15)
        assert [p.scoop for p in r.players] == pytest.approx(scoops, rel=1e-12, abs=1e-15)
