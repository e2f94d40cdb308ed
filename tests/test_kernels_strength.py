"""hand_strength: exact streets against brute force, sampled streets against equity()."""

from __future__ import annotations

import math

import numpy as np
import pytest

from omaha_fast import equity, evaluate, evaluate_batch, format_cards, parse_cards  # noqa: E402
from omaha_fast.errors import InvalidCardError  # noqa: E402
from omaha_fast.kernels import (  # noqa: E402
    SolverTypeError,
    SolverValueError,
    all_hands,
    hand_strength,
)


def brute_river(hero, board, game):
    """(equity, high, low, makes_low) of one hand against every opponent hand, pair by
    pair, from evaluate_batch values."""
    b = [int(c) for c in board]
    villains = all_hands(list(hero) + b)
    boards = np.tile(np.array(b, dtype=np.uint8), (len(villains), 1))
    vh, vl = evaluate_batch(villains, boards, game=game)
    hh, hl = evaluate_batch(np.array([hero], dtype=np.uint8), boards[:1], game=game)
    hs = (int(hh[0]) > vh.astype(int)) + 0.5 * (int(hh[0]) == vh.astype(int))
    ls = (int(hl[0]) > vl.astype(int)) + 0.5 * (int(hl[0]) == vl.astype(int))
    no_low = (int(hl[0]) == 0) & (vl == 0)
    high = np.where(no_low, hs, 0.5 * hs).sum()
    low = np.where(no_low, 0.0, 0.5 * ls).sum()
    return np.array([high + low, high, low, float(hl[0] > 0) * len(villains)]), len(villains)


def random_hands(rng, board, k):
    hands = all_hands(board)
    return hands[rng.choice(len(hands), k, replace=False)]


def as_array(hs):
    return np.stack([hs.equity, hs.high, hs.low, hs.makes_low])


@pytest.mark.parametrize("game", ["hilo", "high"])
def test_river_exact(game):
    rng = np.random.default_rng(5)
    for board in ("Ah Kd 7c 8s 2h", "Kc Qd 9h 9s Jc", format_cards(rng.choice(52, 5, False))):
        b = parse_cards(board)
        hands = random_hands(rng, board, 4)
        hs = hand_strength(hands, board, game=game)
        assert (hs.std_error == 0).all()
        for i, hero in enumerate(hands):
            sums, count = brute_river(hero.tolist(), b, game)
            np.testing.assert_allclose(as_array(hs)[:, i], sums / count, rtol=1e-12, atol=1e-12)


def test_turn_exact():
    """Every river card, then every opponent hand: the mean of the river brute force."""
    rng = np.random.default_rng(8)
    board = parse_cards("Ah 4d 7c Ks")
    hands = random_hands(rng, board, 2)
    hs = hand_strength(hands, board)
    for i, hero in enumerate(hands):
        total, pairs = np.zeros(4), 0
        for river in range(52):
            if river in hero.tolist() or river in board:
                continue
            sums, count = brute_river(hero.tolist(), [*board, river], "hilo")
            total += sums
            pairs += count
        assert pairs == 44 * 123_410
        np.testing.assert_allclose(as_array(hs)[:, i], total / pairs, rtol=1e-12, atol=1e-12)


def against_sampled_opponents(hero, board, opponents, game="hilo"):
    """equity() enumerations (every runout) against each of the given opponent hands:
    their mean is an unbiased estimate of the hand strength, with its standard error."""
    figures = []
    for villain in opponents:
        p = equity([format_cards(hero), format_cards(villain)], format_cards(board), game=game,
                   mode="exact").players[0]
        figures.append((p.equity, p.high_share, p.low_share))
    figures = np.array(figures)
    return figures.mean(axis=0), figures.std(axis=0, ddof=1) / math.sqrt(len(figures))


@pytest.mark.parametrize("board", ["Ah 4d 7c", "Kc Qd 9h", ""])
def test_sampled_streets_agree_with_equity(board):
    rng = np.random.default_rng(len(board))
    b = parse_cards(board)
    heroes = random_hands(rng, b, 2)
    hs = hand_strength(heroes, b, samples=20_000, seed=3)
    n_opponents = 150 if b else 40
    for i, hero in enumerate(heroes):
        opponents = random_hands(rng, list(hero) + list(b), n_opponents)
        mean, se = against_sampled_opponents(hero, b, opponents)
        got = np.array([hs.equity[i], hs.high[i], hs.low[i]])
        tolerance = 4.5 * np.sqrt(se ** 2 + hs.std_error[i] ** 2) + 1e-9
        assert (np.abs(got - mean) <= tolerance).all(), (got, mean, tolerance)
    np.testing.assert_allclose(hs.high + hs.low, hs.equity)


def test_sampled_makes_low():
    """P(low) on the flop: two more board cards from the 45 the hand and the flop leave,
    counted exactly."""
    board = parse_cards("Ah 4d Kc")
    hero = parse_cards("2s3s9d9h")
    hs = hand_strength([list(map(int, hero))], board, samples=40_000, seed=9)
    left = [c for c in range(52) if c not in hero and c not in board]
    runs = np.array([(a, b) for i, a in enumerate(left) for b in left[i + 1:]], dtype=np.uint8)
    boards = np.concatenate([np.tile(np.array(board, dtype=np.uint8), (len(runs), 1)), runs], 1)
    _, low = evaluate_batch(np.tile(np.array(hero, dtype=np.uint8), (len(runs), 1)), boards)
    p = (low > 0).mean()
    assert abs(hs.makes_low[0] - p) < 4.5 * math.sqrt(p * (1 - p) / 40_000)


def test_seeded_and_reproducible():
    hands = ["AsAd2s3d", "KcQhJd9c", "5h6h7d8d"]
    a = hand_strength(hands, "Ah 4d 7c", samples=500, seed=11)
    b = hand_strength(hands, "Ah 4d 7c", samples=500, seed=11)
    c = hand_strength(hands, "Ah 4d 7c", samples=500, seed=12)
    assert all((x == y).all() for x, y in zip(a, b))
    assert not (a.equity == c.equity).all()
    assert ((a.std_error > 0) & (a.std_error < 0.05)).all()
    alone = hand_strength(hands[:1], "Ah 4d 7c", samples=500, seed=11)
    assert alone.equity[0] == a.equity[0]          # a hand's draws ignore the other hands
    high = hand_strength(hands, "Ah 4d 7c", game="high", samples=500, seed=11)
    assert (high.low == 0).all() and (high.makes_low == 0).all()


def test_bad_input():
    with pytest.raises(InvalidCardError, match="hand 1 .*Ah is on the board"):
        hand_strength(["KcQhJd9c", "AhAd2s3d"], "Ah 4d 7c")
    with pytest.raises(InvalidCardError, match="hand 0 .*twice"):
        hand_strength(np.array([[1, 1, 2, 3]]), "Ah 4d 7c")
    with pytest.raises(InvalidCardError, match="board needs 0 or 3 or 4 or 5 cards"):
        hand_strength(["KcQhJd9c"], "Ah 4d")
    with pytest.raises(SolverValueError, match="from 1 to"):
        hand_strength(["KcQhJd9c"], "", samples=0)
    with pytest.raises(SolverTypeError, match="samples must be an int"):
        hand_strength(["KcQhJd9c"], "", samples=10.0)
    with pytest.raises(SolverTypeError, match="seed must be an int"):
        hand_strength(["KcQhJd9c"], "", samples=10, seed="x")
    with pytest.raises(SolverValueError, match="threads must be an int from 1"):
        hand_strength(["KcQhJd9c"], "", samples=10, threads=0)
    with pytest.raises(SolverTypeError, match="threads must be an int"):
        hand_strength(["KcQhJd9c"], "Ah 4d 7c 8c", threads=1.5)
    with pytest.raises(ValueError, match="game"):
        hand_strength(["KcQhJd9c"], "Ah 4d 7c 8c 9c", game="razz")


M64 = (1 << 64) - 1


class Stream:
    """The C sampler's random source, written out: splitmix64 seeding a xoshiro256**
    stream of (seed, hand position), and uniform draws below n by multiply-shift with
    rejection (csrc/rng.h)."""

    def __init__(self, seed, stream):
        x = (seed ^ (stream * 0xD1B54A32D192ED03)) & M64
        self.s = []
        for _ in range(4):
            x = (x + 0x9E3779B97F4A7C15) & M64
            z = x
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
            self.s.append(z ^ (z >> 31))

    def next(self):
        s = self.s
        rotl = lambda x, k: ((x << k) | (x >> (64 - k))) & M64  # noqa: E731
        result = (rotl((s[1] * 5) & M64, 7) * 9) & M64
        t = (s[1] << 17) & M64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
        return result

    def below(self, n):
        m = (self.next() >> 32) * n
        if (m & 0xFFFFFFFF) < n:
            floor = ((1 << 32) - n) % n
            while (m & 0xFFFFFFFF) < floor:
                m = (self.next() >> 32) * n
        return m >> 32


def brute_sampled(hero, board, game, samples, seed, position):
    """The sampler's draws for one hand, replayed with the same stream and the same partial
    Fisher-Yates, every draw scored by evaluate(): sums in quarters of the pot."""
    deck = [c for c in range(52) if c not in hero and c not in board]
    g = Stream(seed, position)
    need = 4 + 5 - len(board)
    sums = np.zeros(5)
    for _ in range(samples):
        for k in range(need):
            j = k + g.below(len(deck) - k)
            deck[k], deck[j] = deck[j], deck[k]
        full = list(board) + deck[4:need]
        mine, theirs = evaluate(hero, full, game=game), evaluate(deck[:4], full, game=game)
        hs = 2 if mine.high > theirs.high else 1 if mine.high == theirs.high else 0
        ml = mine.low.value if mine.low else 0
        tl = theirs.low.value if theirs.low else 0
        ls = 2 if ml > tl else 1 if ml == tl else 0      # low values: larger is better
        hq, lq = (2 * hs, 0) if not ml and not tl else (hs, ls)
        sums += (hq + lq, (hq + lq) ** 2, hq, lq, ml != 0)
    return sums / (4, 16, 4, 4, 1)


@pytest.mark.parametrize("game", ["hilo", "high"])
def test_sampled_against_brute_force(game):
    """Draw by draw, the C sampler (the board half shared by both hands, threads) against
    evaluate() on the same draws: the sums agree exactly, on random hands and boards and on
    flush and low boards picked by hand."""
    rng = np.random.default_rng(21)
    boards = [[], parse_cards("Ah Kh 7h"), parse_cards("2c 3d 4h"), parse_cards("Ts Js Qs Ks"),
              parse_cards("As 2s 9d 9c"), list(rng.choice(52, 3, replace=False)),
              list(rng.choice(52, 4, replace=False))]
    samples, seed = 60, 77
    for board in boards:
        b = [int(c) for c in board]
        hands = random_hands(rng, b, 5)
        hs = hand_strength(hands, b, game=game, samples=samples, seed=seed, threads=2) \
            if len(b) != 4 else None
        if hs is None:      # turn boards are exact in hand_strength: call the kernel itself
            outs = tuple(np.zeros(len(hands)) for _ in range(5))
            from omaha_fast import _core
            _core.strength_sample(hands, bytes(b), _core.game_code(game), samples, seed, outs, 2)
            got = np.stack(outs)
        else:
            got = np.stack([hs.equity, hs.equity ** 2 + hs.std_error ** 2 * (samples - 1),
                            hs.high, hs.low, hs.makes_low]) * samples
        for i, hero in enumerate(hands):
            want = brute_sampled([int(c) for c in hero], b, game, samples, seed, i)
            if hs is None:
                assert got[:, i].tolist() == want.tolist(), (board, hero)
            else:
                np.testing.assert_allclose(got[:, i], want, rtol=1e-9, atol=1e-9)


# the flop's samples are split in C; the turn's rivers in Python threads (each river an
# exact river evaluation, half a second a call here: fewer counts)
@pytest.mark.parametrize("board, counts", [("Ah 4d 7c", (2, 3, 64, None)),
                                           ("Ah 4d 7c 9s", (3,))],
                         ids=["flop", "turn"])
def test_same_for_any_threads(board, counts):
    rng = np.random.default_rng(4)
    hands = random_hands(rng, parse_cards(board), 37)
    one = hand_strength(hands, board, samples=300, seed=2, threads=1)
    for threads in counts:
        other = hand_strength(hands, board, samples=300, seed=2, threads=threads)
        assert all((x == y).all() for x, y in zip(one, other))


@pytest.mark.slow
def test_river_against_equity_for_every_opponent():
    """One equity() call per opponent hand (123,410 of them): their mean is exact."""
    board = parse_cards("Ah Kd 7c 8s 2h")
    hero = parse_cards("3c4dKsKh")
    hs = hand_strength([list(map(int, hero))], board)
    total = np.zeros(3)
    opponents = all_hands(list(hero) + list(board))
    for villain in opponents:
        p = equity([hero, tuple(int(c) for c in villain)], board).players[0]
        total += (p.equity, p.high_share, p.low_share)
    np.testing.assert_allclose([hs.equity[0], hs.high[0], hs.low[0]], total / len(opponents),
                               rtol=1e-12)
