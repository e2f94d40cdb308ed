"""Five-card ranges (Big O, five-card Omaha): the range syntax over the 2,598,960 five-card
hands, checked against predicates written here on random hands and against counts worked
out by hand."""

from __future__ import annotations

import random
from collections import Counter
from math import comb

import numpy as np
import pytest

from omaha_fast import Range, RangeError, format_cards  # noqa: E402
from omaha_fast.ranges import hand_classes, universe  # noqa: E402


def ranks(hand):
    return Counter(c >> 2 for c in hand)


def suits(hand):
    return Counter(c & 3 for c in hand)


A, K, J, TWO = 12, 11, 9, 0
LOW = {12, 0, 1, 2, 3, 4, 5, 6}

PREDICATES = {
    "AA": lambda h: ranks(h)[A] >= 2,
    "AAK": lambda h: ranks(h)[A] >= 2 and ranks(h)[K] >= 1,
    "RR": lambda h: max(ranks(h).values()) >= 2,
    "RRSS": lambda h: sum(n >= 2 for n in ranks(h).values()) >= 2,   # two ranks, not quads
    "RxSx": lambda h: max(suits(h).values()) >= 2,
    "AxKx": lambda h: any(c >> 2 == A and (c & 3) == (d & 3) and d >> 2 == K
                          for c in h for d in h),
    "$ds": lambda h: sorted(suits(h).values()) == [1, 2, 2],
    "$ss": lambda h: sorted(suits(h).values()) == [1, 1, 1, 2],
    "$np": lambda h: len(ranks(h)) == 5,
    "A2$L": lambda h: ranks(h)[A] >= 1 and ranks(h)[TWO] >= 1 and
    sum(n for r, n in ranks(h).items() if r in LOW) >= 3,
    "[A-T][A-T][A-T][A-T][A-T]": lambda h: all(c >> 2 >= 8 for c in h),
    "JJ!JJJ": lambda h: ranks(h)[J] == 2,
    "AA:$ds": lambda h: ranks(h)[A] >= 2 and sorted(suits(h).values()) == [1, 2, 2],
    "Ks": lambda h: 47 in h,
}


@pytest.fixture(scope="module")
def sample():
    rng = random.Random(20_261_202)
    u = universe(5)
    idx = rng.sample(range(len(u)), 20_000)
    return idx, [tuple(row) for row in u[idx].tolist()]


@pytest.mark.parametrize("text", sorted(PREDICATES))
def test_patterns_match_their_predicate(text, sample):
    idx, hands = sample
    r = Range(text, game="bigo")
    inside = r._w[idx] > 0
    want = [PREDICATES[text](h) for h in hands]
    bad = [format_cards(h) for h, got, w in zip(hands, inside, want) if got != w]
    assert not bad, bad[:5]
    assert 0 < sum(want) or text == "[A-T][A-T][A-T][A-T][A-T]"


def test_counts_worked_out_by_hand():
    assert len(Range("*", game="bigo")) == comb(52, 5) == len(universe(5))
    assert len(Range("AA", game="bigo")) == 6 * comb(48, 3) + 4 * comb(48, 2) + 48
    assert len(Range("$ds", game="omaha5")) == 4 * 3 * comb(13, 2) ** 2 * 13
    assert len(Range("$ss", game="bigo")) == 4 * comb(13, 2) * 13 ** 3
    assert len(Range("$np", game="bigo")) == comb(13, 5) * 4 ** 5
    assert len(Range("$rb", game="bigo")) == 0     # five cards never have five suits
    assert len(Range("AsKsQsJsTs", game="bigo")) == 1
    assert hand_classes(5)[1] == 134_459


def test_the_universe_is_every_sorted_hand_in_colex_order():
    u = universe(5)
    assert u.shape == (2_598_960, 5)
    assert (np.diff(u.astype(int), axis=1) > 0).all()
    for i in (0, 1, 5, 1_000_000, len(u) - 1):
        c = u[i].tolist()
        assert sum(comb(c[k], k + 1) for k in range(5)) == i


def test_explicit_hands_weights_and_card_removal():
    r = Range("AA@100,KK@50", game="bigo")
    assert sorted(set(r.weights.tolist())) == [50, 100]
    assert r._w[Range("AsAhKsKhQd", game="bigo")._w > 0].tolist() == [100]
    hands = Range.from_hands(["AsKs2h3h4d", "KcKdQcJd9h"], [100, 40], game="bigo")
    assert len(hands) == 2 and hands.combos.shape == (2, 5)
    assert "As Ks 2h 3h 4d" in hands and "Kc Kd Qc Jd 8h" not in hands
    assert len(Range("AA", game="bigo").without("Ah")) == comb(3, 2) * comb(48, 3) + comb(48, 2)
    live, weights = Range("AA:$ds", game="bigo").live_hands("As")
    assert live.shape[1] == 5 and not (live == 51).any() and len(weights) == len(live)


def test_what_five_card_ranges_refuse():
    with pytest.raises(RangeError, match="at most five cards"):
        Range("AAKKQQ", game="bigo")
    with pytest.raises(RangeError, match="four-card hands only"):
        Range("15%", game="bigo")
    with pytest.raises(RangeError, match="six-card"):
        Range("AA", game="omaha6")
    with pytest.raises(RangeError, match="cannot combine"):
        _ = Range("AA", game="bigo") | Range("AA")
    with pytest.raises(RangeError, match="a hand has 5 cards"):
        _ = "AsKsQsJs" in Range("AA", game="bigo")
