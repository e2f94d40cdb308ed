"""The 8-or-better low: the whole 256 x 256 table against a brute-force formula, and every
(hole low-rank set, board low-rank set) pair dealt as real cards against the reference."""

from __future__ import annotations

import random
from itertools import combinations, permutations

import numpy as np
import pytest
import scales

from omaha_fast import _core, evaluate, reference

# Low-rank masks: bit 0 is the ace, bit 1 the deuce .. bit 7 the eight (rank = bit + 1).
LOW_RANK_OF_BIT = {bit: bit + 1 for bit in range(8)}
CARD_RANK_OF_LOW = {1: 12, **{r: r - 2 for r in range(2, 9)}}   # low rank -> card rank 0..12
HIGH_FILL_RANKS = range(7, 12)                                   # nine .. king: never low


def _subsets(mask: int, k: int) -> list[int]:
    bits = [b for b in range(8) if mask >> b & 1]
    return [sum(1 << b for b in chosen) for chosen in combinations(bits, k)]


def _five_value(mask: int) -> int:
    return scales.low_value([LOW_RANK_OF_BIT[b] for b in range(8) if mask >> b & 1])


# memos of the brute force, keyed by rank masks
_PAIRS: dict[int, list[int]] = {}
_TRIPLES: dict[int, list[int]] = {}
_FIVE: dict[int, int] = {}


def brute_low(hole_mask: int, board_mask: int) -> int:
    """Best low with two ranks of the hole set and three other ranks of the board set,
    by trying every such choice; 0 when there is none."""
    pairs = _PAIRS.get(hole_mask)
    if pairs is None:
        pairs = _PAIRS[hole_mask] = _subsets(hole_mask, 2)
    triples = _TRIPLES.get(board_mask)
    if triples is None:
        triples = _TRIPLES[board_mask] = _subsets(board_mask, 3)
    best = 0
    for p in pairs:
        for t in triples:
            if p & t == 0:
                five = p | t
                v = _FIVE.get(five)
                if v is None:
                    v = _FIVE[five] = _five_value(five)
                if v > best:
                    best = v
    return best


def test_low_table_against_brute_force():
    wrong = []
    for hole_mask in range(256):
        for board_mask in range(256):
            got = _core.low_of_masks(hole_mask, board_mask)
            want = brute_low(hole_mask, board_mask)
            if got != want:
                wrong.append((hole_mask, board_mask, got, want))
    assert not wrong, f"{len(wrong)} entries differ, e.g. {wrong[:5]}"


def test_low_table_spot_checks():
    def mask(*ranks):
        return sum(1 << (r - 1) for r in ranks)
    # the wheel needs A-2 from the hole (or any two) and the other three from the board
    assert _core.low_of_masks(mask(1, 2), mask(3, 4, 5)) == 56
    # counterfeited: the board duplicates both hole ranks and offers only one other
    assert _core.low_of_masks(mask(1, 2), mask(1, 2, 3)) == 0
    # four low hole ranks, two low board ranks: no low
    assert _core.low_of_masks(mask(1, 2, 3, 4), mask(5, 6)) == 0
    # 8-7-6-5-4 is the worst low, value 1
    assert _core.low_of_masks(mask(4, 5), mask(6, 7, 8)) == 1
    # the hole must supply two ranks; one hole rank cannot make a low on any board
    assert all(_core.low_of_masks(1 << b, 255) == 0 for b in range(8))


def test_low_of_masks_rejects_wide_masks():
    for bad in ((256, 0), (0, 256), (-1, 0)):
        with pytest.raises(ValueError):
            _core.low_of_masks(*bad)


SUIT_ORDERS = list(permutations(range(4)))


def _deal_sets(hole_set, board_set, n_board, rng):
    """Real cards whose low ranks form exactly hole_set and board_set. The rest is filled,
    at random, with more cards of ranks already in the set or with nine-to-king cards."""
    suits: dict[int, list[int]] = {}         # a rank's suits left, shuffled when first used

    def left(rank):
        return rank not in suits or bool(suits[rank])

    def take(rank):
        if rank not in suits:
            suits[rank] = list(rng.choice(SUIT_ORDERS))
        return rank * 4 + suits[rank].pop()

    hole = [take(CARD_RANK_OF_LOW[r]) for r in sorted(hole_set)]
    board = [take(CARD_RANK_OF_LOW[r]) for r in sorted(board_set)]
    for cards, low_set, size in ((hole, hole_set, 4), (board, board_set, n_board)):
        while len(cards) < size:
            lows = [CARD_RANK_OF_LOW[r] for r in low_set if left(CARD_RANK_OF_LOW[r])]
            if lows and rng.random() < 0.5:
                cards.append(take(rng.choice(lows)))
            else:
                cards.append(take(rng.choice([r for r in HIGH_FILL_RANKS if left(r)])))
        rng.shuffle(cards)
    return hole, board


def _all_sets(max_size):
    return [frozenset(c) for k in range(max_size + 1) for c in combinations(range(1, 9), k)]


@pytest.mark.parametrize("n_board", [3, 4, 5])
def test_every_low_set_pair_as_real_cards(n_board):
    rng = random.Random(1000 + n_board)
    holes, boards, expected = [], [], []
    for hole_set in _all_sets(4):
        for board_set in _all_sets(n_board):
            hole, board = _deal_sets(hole_set, board_set, n_board, rng)
            assert {scales.low_rank(c) for c in hole} - {0} == hole_set
            assert {scales.low_rank(c) for c in board} - {0} == board_set
            holes.append(hole)
            boards.append(board)
            expected.append(_low_of_sets(hole_set, board_set))
    n_sets = {3: 93, 4: 163, 5: 219}[n_board]
    assert len(holes) == 163 * n_sets
    _, low = evaluate_batch_rows(holes, boards)
    diff = np.nonzero(low != np.array(expected))[0]
    assert diff.size == 0, [(holes[i], boards[i], int(low[i]), expected[i]) for i in diff[:5]]
    # the rank-set oracle is the reference's answer on these cards (a sample: the
    # reference walks all 60 card combinations of each, 40x the oracle's time)
    for i in range(0, len(holes), 11):
        assert reference.best_low(holes[i], boards[i]) == expected[i], (holes[i], boards[i])
    # and the table entry for the masks is the same number
    for hole, board, want in zip(holes[::7], boards[::7], expected[::7]):
        hm = _mask_of(hole)
        bm = _mask_of(board)
        assert _core.low_of_masks(hm, bm) == want


def _low_of_sets(hole_set, board_set):
    """The best 8-or-better low from two distinct hole ranks and three distinct board
    ranks, none shared, from the low ranks alone (1 = ace .. 8); 0 when there is none."""
    best = None
    for pair in combinations(sorted(hole_set), 2):
        rest = sorted(r for r in board_set if r not in pair)
        if len(rest) >= 3:
            five = tuple(sorted(pair + tuple(rest[:3]), reverse=True))
            best = five if best is None or five < best else best
    return 0 if best is None else scales.low_value(best)


def _mask_of(cards):
    mask = 0
    for c in cards:
        if scales.low_rank(c):
            mask |= 1 << (scales.low_rank(c) - 1)
    return mask


def evaluate_batch_rows(holes, boards):
    from omaha_fast import evaluate_batch
    return evaluate_batch(np.array(holes, dtype=np.uint8), np.array(boards, dtype=np.uint8))


def test_low_through_evaluate_on_set_pairs():
    """A seeded slice of the set pairs through evaluate(): value, ranks, str and cards."""
    rng = random.Random(99)
    pairs = [(h, b) for h in _all_sets(4) for b in _all_sets(5)]
    for hole_set, board_set in rng.sample(pairs, 3_000):
        hole, board = _deal_sets(hole_set, board_set, 5, rng)
        low = evaluate(hole, board).low
        want = reference.best_low(hole, board)
        if want == 0:
            assert low is None
            continue
        assert low is not None and low.value == want
        assert low.ranks == scales.low_ranks(want)
        assert str(low) == "-".join("A" if r == 1 else str(r) for r in low.ranks)
        assert sorted((scales.low_rank(c) for c in low.cards), reverse=True) == list(low.ranks)
        assert sum(c in hole for c in low.cards) == 2
        assert sum(c in board for c in low.cards) == 3
