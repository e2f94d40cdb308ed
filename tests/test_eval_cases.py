"""Hand-picked hard cases. Each expectation is worked out by hand from docs/rules.md: the
five cards that must be used, their category and name; values come from the counted scale in
``scales`` (or are the well-known anchors: royal 7462, wheel 5854), never from the code
under test."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import numpy as np
import pytest
import scales

from omaha_fast import Category, LowHand, evaluate, evaluate_batch, parse_cards, reference


@dataclass(frozen=True)
class Case:
    name: str
    hole: str
    board: str
    high_cards: str            # the five cards; "7?" where either of two sevens will do
    category: Category
    text: str                  # str() of the high hand
    low: Optional[tuple]       # low ranks highest first (ace 1), or None for no low
    low_cards: Optional[str] = None
    why: str = ""


CASES = [
    Case("counterfeited A-2", "As2s9hTc", "Ah2d3cKsQd",
         "As 2s Ah 2d Ks", Category.TWO_PAIR, "Two Pair, Aces and Twos", None,
         why="the board pairs both low hole cards and offers only the 3 besides"),
    Case("counterfeited to an eight", "As2s8d9c", "Ah2d3c4hKs",
         "As 2s Ah 2d Ks", Category.TWO_PAIR, "Two Pair, Aces and Twos", (8, 4, 3, 2, 1),
         why="A-2 from the hole is counterfeited; A-8 or 2-8 with the other three low "
             "board ranks still makes 8-4-3-2-A"),
    Case("four low hole cards, low board ranks all duplicated", "As2s3d4d", "Ah2c3hKsQd",
         "As 3d Ah 3h Ks", Category.TWO_PAIR, "Two Pair, Aces and Threes", None,
         why="only the 4 is a hole rank the board lacks; aces-and-threes beats "
             "aces-and-twos"),
    Case("four low hole cards, two low board cards", "As2s3d4d", "5h6cKsQdJh",
         "As 4d Ks Qd Jh", Category.HIGH_CARD, "High Card, Ace", None,
         why="a low needs three low board ranks; 3-4 with 5-6 needs a 2 or 7 on board"),
    Case("three eights on board", "Ad4cKhQh", "8c8d8h2s3s",
         "Ad Kh 8c 8d 8h", Category.TRIPS, "Three of a Kind, Eights", (8, 4, 3, 2, 1),
         "Ad 4c 8? 2s 3s",
         why="the eights count once for the low (A-4 with 8-3-2); the high keeps the "
             "three eights and takes A-K from the hole"),
    Case("three eights on board, pocket deuces", "2c2dKhQh", "8c8d8h2s3s",
         "2c 2d 8c 8d 8h", Category.FULL_HOUSE, "Full House, Eights full of Twos", None,
         why="eights full beats deuces full (2-2 + 2s 8 8); one low hole rank, no low"),
    Case("four-flush board, two suited hole cards", "AsTs3h4c", "KsQs7s2s9d",
         "As Ts Ks Qs 7s", Category.FLUSH, "Flush, Ace high", None,
         why="exactly three board spades may play: K Q 7 over K Q 2"),
    Case("four-flush board, one suited hole card", "As3h4c5d", "KsQs7s2s9d",
         "As 5d Ks Qs 9d", Category.HIGH_CARD, "High Card, Ace", None,
         why="one spade in the hole cannot make a flush; A-5 and K-Q-9"),
    Case("flush board, one suited hole card", "Qh2c2d7s", "AhKh9h6h3h",
         "2c 2d Ah Kh 9h", Category.PAIR, "Pair of Twos", (7, 6, 3, 2, 1), "2? 7s Ah 6h 3h",
         why="no flush with one heart in the hole; the low plays 2-7 with A-6-3"),
    Case("flush board, two suited hole cards", "Qh2h2d7s", "AhKh9h6h3h",
         "Qh 2h Ah Kh 9h", Category.FLUSH, "Flush, Ace high", (7, 6, 3, 2, 1), "2? 7s Ah 6h 3h",
         why="Q-2 of hearts with the three best board hearts"),
    Case("wheel beats trips", "As2dKcKd", "3c4h5sKh9c",
         "As 2d 3c 4h 5s", Category.STRAIGHT, "Straight, Five high", (5, 4, 3, 2, 1),
         "As 2d 3c 4h 5s",
         why="A-2 with 3-4-5 is both the wheel straight and the best low"),
    Case("six-high straight, wheel low from other hole cards", "As2d6cKd", "3c4h5sKh9c",
         "2d 6c 3c 4h 5s", Category.STRAIGHT, "Straight, Six high", (5, 4, 3, 2, 1),
         "As 2d 3c 4h 5s",
         why="high and low may use different hole cards"),
    Case("steel wheel", "As2sKcKd", "3s4s5sKh9c",
         "As 2s 3s 4s 5s", Category.STRAIGHT_FLUSH, "Straight Flush, Five high",
         (5, 4, 3, 2, 1), "As 2s 3s 4s 5s"),
    Case("three suited hole cards in a straight-flush window", "5s6s7sAh", "8s9s2sKcKd",
         "7s 6s 9s 8s 2s", Category.FLUSH, "Flush, Nine high", None,
         why="5-6-7-8-9 of spades would take three hole cards; two hole spades with the "
             "three board spades make only a flush, and 8 and 2 are too few for a low"),
    Case("royal flush over trips", "AsKs2c2d", "QsJsTs2h3c",
         "As Ks Qs Js Ts", Category.STRAIGHT_FLUSH, "Royal Flush", None,
         why="only two low board ranks (2, 3): no low"),
    Case("quads on board, pocket aces", "AcAdKcQd", "9c9d9h9s2c",
         "Ac Ad 9? 9? 9?", Category.FULL_HOUSE, "Full House, Nines full of Aces", None,
         why="only three board nines may play"),
    Case("quads on board, no pair in the hole", "AcKdQh5s", "9c9d9h9s2c",
         "Ac Kd 9? 9? 9?", Category.TRIPS, "Three of a Kind, Nines", None),
    Case("quads from a hole pair and a board pair", "9c9dAhKh", "9h9s2c5d7c",
         "9c 9d 9h 9s 7c", Category.QUADS, "Four of a Kind, Nines", None,
         why="the fifth card must come from the board: the seven, not the hole ace"),
    Case("board straight, pocket aces", "AsAdKcKh", "5c6d7h8s9c",
         "As Ad 9c 8s 7h", Category.PAIR, "Pair of Aces", None,
         why="the board straight needs five board cards; one low hole rank, no low"),
    Case("board straight, hole T-J", "TsJdKcKh", "5c6d7h8s9c",
         "Ts Jd 7h 8s 9c", Category.STRAIGHT, "Straight, Jack high", None),
    Case("board straight, A-2 in the hole", "As2dKcKh", "5c6d7h8s9c",
         "Kc Kh 9c 8s 7h", Category.PAIR, "Pair of Kings", (7, 6, 5, 2, 1), "As 2d 5c 6d 7h"),
    Case("paired board, full house", "Kc7cAhAd", "KdKs7d7s2h",
         "Kc 7c Kd Ks 7?", Category.FULL_HOUSE, "Full House, Kings full of Sevens", None),
    Case("paired board, overpair is only two pair", "AhAdQcJc", "KdKs7d7s2h",
         "Ah Ad Kd Ks 7?", Category.TWO_PAIR, "Two Pair, Aces and Kings", None,
         why="A-A with K-K-7: two pair; a full house needs three of a rank"),
    Case("paired board, deuces full", "2c2dQcJc", "KdKs7d7s2h",
         "2c 2d 2h Kd Ks", Category.FULL_HOUSE, "Full House, Twos full of Kings", None),
    Case("paired low board still gives a wheel", "As5dKcKh", "2c2d3h4sQs",
         "As 5d 2? 3h 4s", Category.STRAIGHT, "Straight, Five high", (5, 4, 3, 2, 1)),
    Case("flop only", "As2dKcKd", "3c4h5s",
         "As 2d 3c 4h 5s", Category.STRAIGHT, "Straight, Five high", (5, 4, 3, 2, 1)),
    Case("turn, trips on a three-card choice", "KcKdQsJs", "Kh4c8d2s",
         "Kc Kd Kh 8d 4c", Category.TRIPS, "Three of a Kind, Kings", None,
         why="two hole kings plus the board king; kickers 8 and 4 from the board"),
    Case("worst low is also an eight-high straight", "4c5dKsKh", "6h7c8sQdJd",
         "4c 5d 6h 7c 8s", Category.STRAIGHT, "Straight, Eight high", (8, 7, 6, 5, 4),
         "4c 5d 6h 7c 8s",
         why="straights do not count against a low: the same five cards make both"),
]


def _matches(actual_cards, pattern: str) -> bool:
    """The five cards equal the pattern, where '?' stands for any suit."""
    want = pattern.split()
    got = [str(c) for c in actual_cards]
    exact = sorted(w for w in want if "?" not in w)
    wild = sorted(w[0] for w in want if "?" in w)
    rest = list(got)
    for w in exact:
        if w not in rest:
            return False
        rest.remove(w)
    return sorted(c[0] for c in rest) == wild


def _expected_high_value(case: Case) -> int:
    ranks = [scales_rank(tok[0]) for tok in case.high_cards.split()]
    flush = case.category in (Category.FLUSH, Category.STRAIGHT_FLUSH)
    return scales.high_value(ranks, flush)


def scales_rank(char: str) -> int:
    return "23456789TJQKA".index(char)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_case(case: Case):
    e = evaluate(case.hole, case.board)
    hole, board = parse_cards(case.hole), parse_cards(case.board)
    assert e.high.category is case.category
    assert e.high.value == _expected_high_value(case)
    assert str(e.high) == case.text
    assert _matches(e.high.cards, case.high_cards), [str(c) for c in e.high.cards]
    assert sum(c in hole for c in e.high.cards) == 2
    assert sum(c in board for c in e.high.cards) == 3
    if case.low is None:
        assert e.low is None
    else:
        assert e.low is not None
        assert e.low.ranks == case.low
        assert e.low.value == scales.low_value(case.low)
        assert str(e.low) == "-".join("A" if r == 1 else str(r) for r in case.low)
        assert sorted((scales.low_rank(c) for c in e.low.cards), reverse=True) == list(case.low)
        assert sum(c in hole for c in e.low.cards) == 2
        assert sum(c in board for c in e.low.cards) == 3
        if case.low_cards:
            assert _matches(e.low.cards, case.low_cards), [str(c) for c in e.low.cards]
    # the same through the batch API and the reference
    high, low = evaluate_batch(np.array([hole], dtype=np.uint8), np.array([board], dtype=np.uint8))
    assert (int(high[0]), int(low[0])) == (e.high.value, e.low.value if e.low else 0)
    assert reference.evaluate(case.hole, case.board) == (int(high[0]), int(low[0]))
    # the high-only game never reports a low
    assert evaluate(case.hole, case.board, game="high").low is None


def test_anchor_values():
    assert evaluate("AsKs2c2d", "QsJsTs2h3c").high.value == 7_462
    assert evaluate("As2sKcKd", "3s4s5sKh9c").high.value == 7_453
    assert evaluate("As2dKcKd", "3c4h5sKh9c").high.value == 5_854
    assert evaluate("As2d6cKd", "3c4h5sKh9c").high.value == 5_855
    assert evaluate("As2dKcKd", "3c4h5sKh9c").low.value == 56
    assert evaluate("4c5dKsKh", "6h7c8sQdJd").low.value == 1


def test_low_ordering_from_the_highest_card_down():
    six_four = evaluate("As2dKcKh", "3h4s6cQdJd").low        # 6-4-3-2-A
    seven_five = evaluate("7c5cKdKh", "2h3s4dQcJc").low      # 7-5-4-3-2
    seven_six_three = evaluate("As2dKcKh", "3h6s7cQdJd").low  # 7-6-3-2-A
    seven_six_four = evaluate("As2dKcKh", "4h6s7cQdJd").low   # 7-6-4-2-A
    assert six_four.ranks == (6, 4, 3, 2, 1) and seven_five.ranks == (7, 5, 4, 3, 2)
    assert six_four > seven_five
    assert seven_six_three.ranks == (7, 6, 3, 2, 1) and seven_six_four.ranks == (7, 6, 4, 2, 1)
    assert seven_six_three > seven_six_four
    assert max([seven_five, six_four, seven_six_four]) is six_four


def test_ties_compare_equal_across_suits():
    a = evaluate("AsKs2c3c", "QdJdTc9h8s")   # ace-high straights, no flush either way
    b = evaluate("AhKh2d3d", "QdJdTc9h8s")
    assert a.high == b.high and hash(a.high) == hash(b.high)
    assert a == b


def test_value_types_are_ordered_and_hashable():
    lows = [LowHand(v) for v in (3, 56, 1)]
    assert sorted(lows) == [LowHand(1), LowHand(3), LowHand(56)]
    assert str(LowHand(56)) == "5-4-3-2-A" and str(LowHand(1)) == "8-7-6-5-4"
    assert len({LowHand(5), LowHand(5), LowHand(6)}) == 2
    with pytest.raises(ValueError):
        LowHand(57)
    with pytest.raises(ValueError):
        LowHand(0)
    royal = evaluate("AsKs2c2d", "QsJsTs2h3c").high
    with pytest.raises(AttributeError):
        royal.value = 1   # immutable
