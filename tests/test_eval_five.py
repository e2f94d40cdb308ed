"""Five (and six) hole cards: the C evaluator against the pure-Python reference, exhaustively
over small decks and on seeded random deals, and against pokerkit's Omaha high.

The rule is four-card Omaha's: exactly two hole cards with exactly three board cards, for
the high and for the 8-or-better low, so five hole cards choose among 10 pairs (six among
15). The default run checks every deal of a few 12- and 13-card decks and 150,000 random
deals; ``-m slow`` adds a 16-card deck (2 million deals) and 3 million random deals.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from test_eval_random import _vector_reference_tables, vector_reference  # noqa: E402

from omaha_fast import evaluate, evaluate_batch, format_cards, parse_cards, reference  # noqa: E402
from omaha_fast.cards import random_deals  # noqa: E402
from omaha_fast.errors import InvalidCardError, InvalidValueError  # noqa: E402

SEED = 20_261_202


@pytest.fixture(scope="module")
def tables():
    return _vector_reference_tables()


def _all_deals(deck, n_hole, n_board):
    """Every (hole, board) of the deck's cards, as two uint8 arrays."""
    holes, boards = [], []
    for hole in combinations(deck, n_hole):
        rest = [c for c in deck if c not in hole]
        for board in combinations(rest, n_board):
            holes.append(hole)
            boards.append(board)
    return np.array(holes, dtype=np.uint8), np.array(boards, dtype=np.uint8)


def _check(holes, boards, tables, games=("hilo",)):
    """The C values of every game in ``games`` against one reference computation."""
    want_high, hilo_low = vector_reference(holes, boards, tables)
    results = [evaluate_batch(holes, boards, game=game) for game in games]
    for game, (high, low) in zip(games, results):
        want_low = hilo_low if game == "hilo" else np.zeros_like(hilo_low)
        bad = np.nonzero((high != want_high) | (low != want_low))[0]
        assert len(bad) == 0, [(game, format_cards(holes[i]), format_cards(boards[i]),
                                int(high[i]), int(want_high[i]), int(low[i]),
                                int(want_low[i])) for i in bad[:5]]
    return results[0]


# Small decks that make every hard case common: straight flushes and wheels in one suit,
# flushes with four and five suited hole cards, quads and full houses, lows with
# counterfeited and paired low cards.
DECKS = {
    "wheel-suits": "As 2s 3s 4s 5s 6s Ah 2h 3h Kh Qh Jh Th",
    "paired": "Ac Ad Ah As Kc Kd Kh 2c 2d 3c 3d 8s 8h",
    "low-ranks": "Ac 2c 3c 4c 5c 6d 7d 8d 9h Ah 2h 3d",
}


@pytest.mark.parametrize("name", sorted(DECKS))
def test_every_deal_of_a_small_deck(name, tables):
    deck = [int(c) for c in parse_cards(DECKS[name])]
    holes, boards = _all_deals(deck, 5, 5)
    assert len(holes) > 10_000
    high, low = _check(holes, boards, tables, games=("hilo", "high"))
    assert len(np.unique(high)) > 20


@pytest.mark.parametrize("n_board", [3, 4])
def test_every_deal_of_a_small_deck_on_short_boards(n_board, tables):
    deck = [int(c) for c in parse_cards(DECKS["wheel-suits"])]
    _check(*_all_deals(deck, 5, n_board), tables)


def test_every_six_card_deal_of_a_small_deck(tables):
    deck = [int(c) for c in parse_cards(DECKS["low-ranks"])]
    _check(*_all_deals(deck[:12], 6, 5), tables)


@pytest.mark.parametrize("n_hole, n_board", [(5, 3), (5, 4), (5, 5), (6, 5)])
def test_random_deals_match_the_reference(n_hole, n_board, tables):
    cards = random_deals(40_000, n_hole + n_board, SEED + 10 * n_hole + n_board)
    holes, boards = np.ascontiguousarray(cards[:, :n_hole]), np.ascontiguousarray(cards[:, n_hole:])
    high, low = _check(holes, boards, tables)
    assert 0 < np.count_nonzero(low) < len(low) and len(np.unique(high)) > 1_000
    # the pure reference itself, call by call, and evaluate() with its best cards
    for i in range(0, len(holes), 400):
        hole, board = holes[i].tolist(), boards[i].tolist()
        assert reference.evaluate(hole, board) == (high[i], low[i])
        e = evaluate(hole, board)
        assert (e.high.value, e.low.value if e.low else 0) == (high[i], low[i])
        assert sum(c in hole for c in e.high.cards) == 2
        assert reference.rank5_value(e.high.cards) == high[i]
        if e.low:
            assert sum(c in hole for c in e.low.cards) == 2
            assert reference.low5_value(e.low.cards) == low[i]


def test_five_cards_need_two_hole_cards_exactly():
    # four suited hole cards and two suited board cards: no flush without three board cards
    assert evaluate("AsKsQsJs2d", "Ts9s3c4h8d").high.category.name != "FLUSH"
    # five to a straight in the hole and a high board: never a straight from three hole cards
    assert evaluate("9c8d7h6s5c", "KdKhQc2s3h").high.category.name == "PAIR"
    # the low takes two low hole cards with three low board cards, not four low hole cards
    assert evaluate("Ac2d3h4s5c", "6d7hKsQs9d").low is None
    assert str(evaluate("Ac2d3h4s5c", "6d7h8sQs9d").low) == "8-7-6-2-A"


def test_a_fifth_card_only_adds_choices(tables):
    """Dropping any one of five hole cards never makes the hand better (and one of the five
    four-card subsets makes exactly the five-card value)."""
    cards = random_deals(4_000, 10, SEED + 5)
    holes5, boards = cards[:, :5], np.ascontiguousarray(cards[:, 5:])
    high5, low5 = evaluate_batch(np.ascontiguousarray(holes5), boards)
    sub_high, sub_low = [], []
    for drop in range(5):
        h4 = np.ascontiguousarray(np.delete(holes5, drop, axis=1))
        high4, low4 = evaluate_batch(h4, boards)
        assert (high4 <= high5).all() and (low4 <= low5).all()
        sub_high.append(high4)
        sub_low.append(low4)
    assert (np.max(sub_high, axis=0) == high5).all() and (np.max(sub_low, axis=0) == low5).all()


def test_batch_shapes_and_errors():
    holes = np.array([[51, 3, 7, 11, 47]], dtype=np.uint8)
    boards = np.array([[15, 19, 23, 50, 46]], dtype=np.uint8)
    high, low = evaluate_batch(holes, boards)
    assert (int(high[0]), int(low[0])) == reference.evaluate(holes[0].tolist(), boards[0].tolist())
    with pytest.raises(InvalidCardError, match="row 0"):
        evaluate_batch(np.array([[51, 3, 7, 11, 15]], dtype=np.uint8), boards)  # 5s twice
    with pytest.raises(InvalidCardError, match="holes"):
        evaluate_batch(np.zeros((2, 7), dtype=np.uint8), np.zeros((2, 5), dtype=np.uint8))
    with pytest.raises(InvalidCardError, match="hole needs"):
        evaluate("As2s3s4s5s6s7s", "KdKhQc")


def test_pokerkit_five_card_omaha_high_agrees():
    """pokerkit's Omaha hand takes any number of hole cards with the same two-plus-three
    rule; its high ordering must be ours on five-card deals."""
    pokerkit = pytest.importorskip("pokerkit")
    cards = random_deals(400, 15, SEED + 7)   # two five-card holes on one board

    def sign(x, y):
        return (x > y) - (x < y)

    for row in cards.tolist():
        a, b, board = row[:5], row[5:10], row[10:]
        ea, eb = evaluate(a, board, game="high"), evaluate(b, board, game="high")
        ha = pokerkit.OmahaHoldemHand.from_game(format_cards(a), format_cards(board))
        hb = pokerkit.OmahaHoldemHand.from_game(format_cards(b), format_cards(board))
        assert sign(ea.high, eb.high) == sign(ha, hb), format_cards(row)


@pytest.mark.slow
def test_every_deal_of_a_sixteen_card_deck(tables):
    deck = [int(c) for c in parse_cards("As 2s 3s 4s 5s Ah 2h 3h 4h Kd Qd Jd Td 8c 8d 8h")]
    holes, boards = _all_deals(deck, 5, 5)
    assert len(holes) == 2_018_016
    _check(holes, boards, tables)


@pytest.mark.slow
@pytest.mark.parametrize("n_board", [3, 4, 5])
def test_a_million_random_deals_per_board(n_board, tables):
    for k in range(10):
        cards = random_deals(100_000, 5 + n_board, SEED + 1_000 * n_board + k)
        _check(np.ascontiguousarray(cards[:, :5]), np.ascontiguousarray(cards[:, 5:]), tables)


def test_the_core_wrappers_refuse_other_hole_sizes():
    from omaha_fast import _core
    holes = np.zeros((2, 7), np.uint8)
    boards = np.zeros((2, 5), np.uint8)
    high, low = np.empty(2, np.uint16), np.empty(2, np.uint8)
    with pytest.raises(InvalidCardError, match="4, 5 or 6 hole cards, not 7"):
        _core.eval_batch(holes, boards, 5, 1, high, low, n_hole=7)
    with pytest.raises(InvalidValueError, match="rows of 5"):
        _core.eval_batch(np.zeros((2, 4), np.uint8), boards, 5, 1, high, low, n_hole=5)
    with pytest.raises(InvalidCardError, match="4, 5 or 6 hole cards, not 3"):
        _core.equity(bytes(range(6)), b"", b"", 1, True, 0, 0, 1, None, n_hole=3)
    with pytest.raises(InvalidCardError, match="rows of 5 cards, got 8 cards"):
        _core.equity(bytes(range(8)), b"", b"", 1, True, 0, 0, 1, None, n_hole=5)
    with pytest.raises(InvalidCardError, match="more than a deck"):
        _core.equity_batch(np.zeros((1, 60), np.uint8), np.zeros((1, 3), np.uint8), 10, 3, 1,
                           np.empty((1, 10)), n_hole=6)
