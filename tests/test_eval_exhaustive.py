"""Every five-card hand through the C core: category counts, distinct values, and agreement
with the pure-Python reference and with the counted scale in ``scales``."""

from __future__ import annotations

import random
from itertools import chain, combinations, combinations_with_replacement

import numpy as np
import pytest
import scales  # noqa: E402
from conftest import sizes  # noqa: E402

from omaha_fast import Category, _core, rank5, reference  # noqa: E402
from omaha_fast.evaluation import category_of  # noqa: E402

N_HANDS = 2_598_960

# The textbook counts of five-card hands by category (straight flush includes royals).
CATEGORY_COUNTS = {
    Category.STRAIGHT_FLUSH: 40,
    Category.QUADS: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200,
    Category.TRIPS: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.PAIR: 1_098_240,
    Category.HIGH_CARD: 1_302_540,
}


@pytest.fixture(scope="module")
def all_hands():
    hands = np.fromiter(chain.from_iterable(combinations(range(52), 5)), dtype=np.uint8,
                        count=5 * N_HANDS).reshape(-1, 5)
    assert hands.shape == (N_HANDS, 5)
    return hands


@pytest.fixture(scope="module")
def all_values(all_hands):
    values = np.zeros(N_HANDS, dtype=np.uint16)
    _core.rank5_batch(all_hands, values)      # raises, naming the row, on a bad one
    return values


def test_values_fill_the_scale(all_values):
    distinct = np.unique(all_values)
    assert len(distinct) == 7_462
    assert distinct[0] == 1 and distinct[-1] == 7_462   # so exactly 1..7462


def test_category_counts(all_values):
    per_value = np.bincount(all_values, minlength=7_463)
    counts = {cat: int(per_value[scales.BASE[cat] + 1:scales.TOP[cat] + 1].sum())
              for cat in Category}
    assert counts == CATEGORY_COUNTS


def test_category_of_matches_the_counted_ranges(all_values):
    # category_of (the public mapping) against ranges counted in scales, for every value
    for value in range(1, 7_463):
        assert category_of(value) == scales.category_of(value), value
    by_public = np.array([category_of(v) for v in range(1, 7_463)])
    counts = np.bincount(by_public[all_values.astype(np.int64) - 1], minlength=9)
    assert {Category(c): int(n) for c, n in enumerate(counts)} == CATEGORY_COUNTS


def test_hands_per_value(all_values):
    # every value is shared by exactly the number of suit patterns its category allows
    per_value = np.bincount(all_values, minlength=7_463)[1:]
    expected = np.array([scales.HANDS_PER_VALUE[scales.category_of(v)]
                         for v in range(1, 7_463)])
    wrong = np.nonzero(per_value != expected)[0]
    assert wrong.size == 0, f"values {wrong[:10] + 1} have {per_value[wrong[:10]]} hands"


def test_extreme_values(all_hands, all_values):
    def value_of(text):
        return int(all_values[_index_of(all_hands, text)])
    assert value_of("AsKsQsJsTs") == 7_462
    assert value_of("5h4h3h2hAh") == 7_453          # steel wheel, the weakest straight flush
    assert value_of("As2d3h4s5c") == 5_854          # the wheel
    assert value_of("7c5d4h3s2c") == 1
    assert value_of("AsAdAcAhKd") == 7_452          # the best quads


def _index_of(hands, text):
    from omaha_fast import parse_cards
    row = np.array(sorted(int(c) for c in parse_cards(text)), dtype=np.uint8)
    return int(np.nonzero((hands == row).all(axis=1))[0][0])


def test_every_value_class_against_reference_and_counted_scale():
    """One hand of every rank multiset (and every flush rank set): all 7,462 values."""
    hands, flush_flags, rank_lists = [], [], []
    for ranks in combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        suit_of = {}
        cards = []
        for r in ranks:   # successive suits for repeated ranks, never all one suit
            s = suit_of.get(r, -1) + 1
            suit_of[r] = s
            cards.append(r * 4 + s)
        if len(set(ranks)) == 5:
            cards[0] = ranks[0] * 4 + 1   # 5 distinct ranks: break the all-clubs flush
        hands.append(cards)
        flush_flags.append(False)
        rank_lists.append(ranks)
    for ranks in combinations(range(13), 5):
        hands.append([r * 4 + 3 for r in ranks])
        flush_flags.append(True)
        rank_lists.append(ranks)
    assert len(hands) == 7_462
    arr = np.array(hands, dtype=np.uint8)
    values = np.zeros(len(arr), dtype=np.uint16)
    _core.rank5_batch(arr, values)
    for cards, flush, ranks, value in zip(hands, flush_flags, rank_lists, values.tolist()):
        assert reference.rank5_value(cards) == value, cards
        assert scales.high_value(list(ranks), flush) == value, cards
    assert sorted(values.tolist()) == list(range(1, 7_463))


@pytest.mark.parametrize("count", sizes(100_000, 300_000))
def test_reference_agrees_on_a_seeded_sample(all_hands, all_values, count):
    """The pure-Python reference hand by hand: 100,000 seeded hands by default (times the
    size knob, see conftest.py), 300,000 under -m slow."""
    rng = random.Random(20240501)
    rows = rng.sample(range(N_HANDS), count)
    for i in rows:
        assert reference.rank5_value(all_hands[i].tolist()) == all_values[i], all_hands[i]


def test_rank5_api_matches_batch_on_a_sample(all_hands, all_values):
    rng = random.Random(7)
    for i in rng.sample(range(N_HANDS), 2_000):
        cards = all_hands[i].tolist()
        hand = rank5(cards)
        assert hand.value == all_values[i]
        assert hand.category == scales.category_of(hand.value)
        assert sorted(hand.cards) == cards


def test_rank5_does_not_depend_on_card_order(all_hands, all_values):
    rng = np.random.default_rng(11)
    rows = rng.choice(N_HANDS, 200_000, replace=False)
    shuffled = rng.permuted(all_hands[rows], axis=1)
    assert not (shuffled == all_hands[rows]).all()
    values = np.zeros(len(rows), dtype=np.uint16)
    _core.rank5_batch(np.ascontiguousarray(shuffled), values)
    assert (values == all_values[rows]).all()
