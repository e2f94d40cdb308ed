"""HandIndexer: sizes proved by Burnside's lemma, every starting hand, random round trips."""

from __future__ import annotations

from itertools import permutations

import numpy as np
import pytest

from omaha_fast import OmahaError, random_deals  # noqa: E402
from omaha_fast.errors import InvalidCardError  # noqa: E402
from omaha_fast.kernels import HandIndexer, SolverValueError, all_hands  # noqa: E402

PERMS = np.array(list(permutations(range(4))), dtype=np.int64)   # the 24 suit permutations


def burnside(rounds):
    """Classes of deals under suit permutations, counted as the average number of deals
    each permutation fixes. A deal is fixed when every round's card set is, i.e. when at
    each rank the rounds' suits are unions of the permutation's cycles; so the fixed deals
    are the coefficient of x_0^n_0 .. x_k^n_k in P(x)^13, P = prod over cycles of length L
    of (1 + x_0^L + .. + x_k^L) (each cycle at a rank is undealt or dealt in one round)."""
    cycle_types = {(1, 1, 1, 1): 1, (2, 1, 1): 6, (2, 2): 3, (3, 1): 8, (4,): 6}
    k = len(rounds)

    def mul(a, b):
        out = {}
        for ea, ca in a.items():
            for eb, cb in b.items():
                e = tuple(x + y for x, y in zip(ea, eb))
                if all(x <= n for x, n in zip(e, rounds)):
                    out[e] = out.get(e, 0) + ca * cb
        return out

    total = 0
    for cycles, count in cycle_types.items():
        per_rank = {(0,) * k: 1}
        for length in cycles:
            factor = {(0,) * k: 1}
            for r in range(k):
                factor[tuple(length if i == r else 0 for i in range(k))] = 1
            per_rank = mul(per_rank, factor)
        power = {(0,) * k: 1}
        for _ in range(13):
            power = mul(power, per_rank)
        total += count * power.get(tuple(rounds), 0)
    assert total % 24 == 0
    return total // 24


def orbit_keys(deals, rounds):
    """The least, over the 24 suit permutations, of the deal with each round sorted, as
    one int: equal keys exactly when two deals differ by a suit permutation."""
    deals = np.asarray(deals, dtype=np.int64)
    best = None
    for perm in PERMS:
        moved = (deals // 4) * 4 + perm[deals % 4]
        start, parts = 0, []
        for n in rounds:
            if start >= deals.shape[1]:
                break
            parts.append(np.sort(moved[:, start:start + n], axis=1))
            start += n
        key = np.zeros(len(deals), dtype=np.int64)
        for col in np.concatenate(parts, axis=1).T:
            key = key * 52 + col
        best = key if best is None else np.minimum(best, key)
    return best


def test_omaha_sizes_match_burnside():
    ix = HandIndexer()
    expected = [16_432, 204_461_673, 8_964_883_057, 389_802_959_832]
    assert [burnside((4, 3, 1, 1)[:r + 1]) for r in range(4)] == expected
    assert [ix.size(r) for r in range(4)] == expected
    assert [ix.cards(r) for r in range(4)] == [4, 7, 8, 9]


@pytest.mark.parametrize("rounds", [(2, 3, 1, 1), (1,), (5,), (3, 2), (2, 2, 2), (4, 5), (13,),
                                    (6, 1, 1, 1, 1)])
def test_other_deals_sizes_match_burnside(rounds):
    ix = HandIndexer(rounds)
    assert [ix.size(r) for r in range(len(rounds))] == [
        burnside(rounds[:r + 1]) for r in range(len(rounds))]


def test_holdem_sizes():
    assert [HandIndexer((2, 3, 1, 1)).size(r) for r in range(4)] == [
        169, 1_286_792, 55_190_538, 2_428_287_420]


def test_every_starting_hand():
    ix = HandIndexer()
    hands = all_hands()
    index = ix.index_batch(hands).astype(np.int64)
    assert index.min() == 0 and index.max() == 16_431
    assert len(np.unique(index)) == 16_432                       # every index reached
    keys = orbit_keys(hands, (4,))
    pairs = np.unique(np.stack([index, keys]), axis=1)
    assert pairs.shape[1] == 16_432                              # one class per index
    canon = ix.unindex_batch(0, np.arange(16_432))
    assert (ix.index_batch(canon) == np.arange(16_432)).all()    # round trip from the index
    assert (orbit_keys(canon[index], (4,)) == keys).all()        # same class as the hand
    assert (np.diff(canon.astype(int), axis=1) > 0).all()        # canonical: sorted rows
    assert len(np.unique(orbit_keys(canon, (4,)))) == 16_432


@pytest.mark.parametrize("round_", [1, 2, 3])
def test_random_round_trips(round_):
    rounds = (4, 3, 1, 1)
    ix = HandIndexer()
    width = ix.cards(round_)
    rng = np.random.default_rng(round_)
    deals = random_deals(20_000, width, round_)
    index = ix.index_batch(deals)
    assert (index < ix.size(round_)).all()
    canon = ix.unindex_batch(round_, index)
    assert (ix.index_batch(canon) == index).all()
    assert (orbit_keys(canon, rounds) == orbit_keys(deals, rounds)).all()
    # a suit permutation and any order within each round: the same index
    perm = PERMS[rng.integers(24, size=len(deals))]
    cards = deals.astype(np.int64)
    moved = (cards // 4) * 4 + np.take_along_axis(perm, cards % 4, 1)
    start = 0
    for n in rounds[:round_ + 1]:
        block = moved[:, start:start + n]
        moved[:, start:start + n] = np.take_along_axis(block, rng.permuted(
            np.tile(np.arange(n), (len(block), 1)), axis=1), 1)
        start += n
    assert (ix.index_batch(moved.astype(np.uint8)) == index).all()
    # distinct classes get distinct indices, on the sample
    keys = orbit_keys(deals, rounds)
    assert len(np.unique(keys)) == len(np.unique(index))
    # random indices come back to themselves, the last one included
    picks = np.concatenate([rng.integers(0, ix.size(round_), 20_000, dtype=np.uint64),
                            np.array([0, ix.size(round_) - 1], dtype=np.uint64)])
    assert (ix.index_batch(ix.unindex_batch(round_, picks)) == picks).all()


def test_single_calls_and_cards():
    ix = HandIndexer()
    assert ix.index("AsKs2d3d") == ix.index(["Ah", "Kh", "2c", "3c"]) == ix.index("3c2cKhAh")
    assert ix.index("AsKs2d3d") != ix.index("AsKd2s3d")
    i = ix.index("Ah Kh 2c 3c 4c 9d 9s Td 2s")
    assert ix.index(ix.unindex(3, i)) == i
    assert ix.index("AhKh2c3c" "9d9s4c" "Td" "2s") == i               # order within rounds
    assert ix.index("AhKh2c3c" "9d9s4c" "2s" "Td") != i               # rounds are kept apart
    assert repr(ix) == "HandIndexer(rounds=(4, 3, 1, 1))"


def test_bad_input():
    ix = HandIndexer()
    with pytest.raises(InvalidCardError, match="4 or 7 or 8 or 9 cards"):
        ix.index("AsKs2d3d4h")
    with pytest.raises(InvalidCardError, match="duplicate|twice"):
        ix.index_batch(np.array([[1, 2, 3, 3]], dtype=np.uint8))
    with pytest.raises(InvalidCardError, match="out of range"):
        ix.index_batch(np.array([[1, 2, 3, 60]]))
    with pytest.raises(ValueError, match=r"not in 0\.\.16431"):
        ix.unindex(0, 16_432)
    with pytest.raises(ValueError, match="not in 0..16431"):
        ix.unindex_batch(0, [5, 16_432])
    with pytest.raises(ValueError, match="negative"):
        ix.unindex_batch(0, [-1])
    with pytest.raises(ValueError, match="round 4 is not in 0..3"):
        ix.size(4)
    with pytest.raises(TypeError, match="round must be an int"):
        ix.size("1")
    with pytest.raises(TypeError):
        ix.unindex(0, 1.5)
    for rounds in [(), (0, 3), (14,), (13, 13, 13, 13, 1), (1,) * 9, (300,), (-1, 4),
                   (13, 13, 13)]:                       # the last: more than 2**64 classes
        with pytest.raises(SolverValueError, match="rounds"):
            HandIndexer(rounds)
    with pytest.raises(TypeError, match="sequence of ints"):
        HandIndexer((4.0, 3))
    with pytest.raises(OmahaError):
        HandIndexer("431")
