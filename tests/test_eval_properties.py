"""Properties of evaluate() that must hold for every deal (hypothesis, derandomised): 150
examples each in the default run (times ``OMAHA_FAST_TEST_SCALE``, see conftest.py), 400
under ``-m slow``."""

from __future__ import annotations

from itertools import combinations

import pytest
import scales
from conftest import sizes
from hypothesis import given, settings, strategies as st

from omaha_fast import Card, evaluate, format_cards, rank5, reference

SETTINGS = settings(max_examples=400, deadline=None, derandomize=True)
EXAMPLES = sizes(150, 400)


@st.composite
def deals(draw):
    """(hole, board) of distinct card ints, a board of 3, 4 or 5 cards."""
    n_board = draw(st.sampled_from([3, 4, 5]))
    cards = draw(st.permutations(range(52)))[:4 + n_board]
    return list(cards[:4]), list(cards[4:])


@st.composite
def low_rich_deals(draw):
    """Deals drawn from the low cards (A-8) and a few others, so that lows are common."""
    pool = [c for c in range(52) if scales.low_rank(c)] + draw(
        st.lists(st.integers(28, 47), min_size=0, max_size=4, unique=True))
    n_board = draw(st.sampled_from([3, 4, 5]))
    cards = draw(st.permutations(pool))[:4 + n_board]
    return list(cards[:4]), list(cards[4:])


def _values(e):
    return e.high.value, (e.low.value if e.low else 0)


@pytest.mark.parametrize("examples", EXAMPLES)
def test_card_order_never_matters(examples):
    @settings(SETTINGS, max_examples=examples)
    @given(deals(), st.randoms(use_true_random=False))
    def check(deal, rnd):
        hole, board = deal
        base = evaluate(hole, board)
        hole2, board2 = list(hole), list(board)
        rnd.shuffle(hole2)
        rnd.shuffle(board2)
        assert _values(evaluate(hole2, board2)) == _values(base)
        # nor does the way the cards are written
        spaced = " ".join(str(Card(c)) for c in board2)
        assert _values(evaluate(format_cards(hole2).lower(), spaced)) == _values(base)
        assert _values(evaluate([Card(c) for c in hole], [str(Card(c)) for c in board])) == \
            _values(base)

    check()


@pytest.mark.parametrize("examples", EXAMPLES)
def test_high_cards_rerank_to_the_high(examples):
    @settings(SETTINGS, max_examples=examples)
    @given(deals())
    def check(deal):
        hole, board = deal
        high = evaluate(hole, board).high
        five = high.cards
        assert len(five) == 5 and len(set(five)) == 5
        assert sum(c in hole for c in five) == 2
        assert sum(c in board for c in five) == 3
        assert rank5(five).value == high.value
        assert rank5(five) == high
        assert reference.rank5_value(five) == high.value
        assert high.category == scales.category_of(high.value)

    check()


@pytest.mark.parametrize("examples", EXAMPLES)
def test_high_is_the_best_two_plus_three(examples):
    @settings(SETTINGS, max_examples=examples)
    @given(deals())
    def check(deal):
        hole, board = deal
        value = evaluate(hole, board).high.value
        every = [rank5(list(two) + list(three)).value
                 for two in combinations(hole, 2) for three in combinations(board, 3)]
        assert value == max(every)

    check()


@pytest.mark.parametrize("examples", EXAMPLES)
def test_low_cards_are_five_distinct_low_ranks(examples):
    @settings(SETTINGS, max_examples=examples)
    @given(st.one_of(deals(), low_rich_deals()))
    def check(deal):
        hole, board = deal
        e = evaluate(hole, board)
        if e.low is None:
            assert reference.best_low(hole, board) == 0
            return
        five = e.low.cards
        ranks = [scales.low_rank(c) for c in five]
        assert all(1 <= r <= 8 for r in ranks)
        assert len(set(ranks)) == 5
        assert sum(c in hole for c in five) == 2
        assert sum(c in board for c in five) == 3
        assert tuple(sorted(ranks, reverse=True)) == e.low.ranks
        assert e.low.value == scales.low_value(ranks)

    check()


@pytest.mark.parametrize("examples", EXAMPLES)
def test_adding_a_river_never_weakens_a_hand(examples):
    @settings(SETTINGS, max_examples=examples)
    @given(st.one_of(deals(), low_rich_deals()))
    def check(deal):
        hole, board = deal
        if len(board) == 5:
            board = board[:4]
        before = evaluate(hole, board)
        river = next(c for c in range(52) if c not in hole and c not in board)
        after = evaluate(hole, board + [river])
        assert after.high >= before.high
        if before.low is not None:
            assert after.low is not None and after.low >= before.low

    check()


@pytest.mark.parametrize("examples", EXAMPLES)
def test_suit_relabelling_keeps_values(examples):
    @settings(SETTINGS, max_examples=examples)
    @given(deals())
    def check(deal):
        hole, board = deal
        perm = [2, 0, 3, 1]   # clubs->hearts, diamonds->clubs, hearts->spades, spades->diamonds

        def relabel(cards):
            return [(c & ~3) | perm[c & 3] for c in cards]
        assert _values(evaluate(relabel(hole), relabel(board))) == _values(evaluate(hole, board))

    check()
