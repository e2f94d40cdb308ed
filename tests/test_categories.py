"""Hand categories against the pure-Python reference evaluator, by brute force.

The reference side shares nothing with omaha_fast.categories: it scores every two-plus-
three choice with omaha_fast.reference, finds the board's best hands by pairs of hole
cards (checking that four cards can hold each), and deals every next card itself.
"""

from __future__ import annotations

import functools
import random
from itertools import combinations

import numpy as np
import pytest

from omaha_fast import InvalidValueError, parse_cards, reference
from omaha_fast.categories import (
    COUNTERFEIT,
    DRAW,
    HIGH,
    LOW,
    LOW_DRAW,
    WAY,
    CategoryError,
    categorize,
)

LOW_RANKS = {12, 0, 1, 2, 3, 4, 5, 6}


def kind(hole, board):
    """The reference's best (value, category) of a hand."""
    best = max((reference.rank5_value(five), five) for five in reference.choices(hole, board))
    five = best[1]
    ranks = tuple(sorted(c >> 2 for c in five))
    return best[0], reference.strength(ranks, len({c & 3 for c in five}) == 1)[0]


@functools.cache
def pair_highs(board):
    """Each pair of hole cards' best high on the board, and the unseen cards."""
    unseen = [c for c in range(52) if c not in board]
    return {p: max(reference.rank5_value(p + t) for t in combinations(board, 3))
            for p in combinations(unseen, 2)}, unseen


def top_highs(board, k):
    """The k best high values four cards can hold: a pair's value counts when two more
    cards exist that make nothing better with it."""
    values, unseen = pair_highs(board)
    out = []
    for v in sorted(set(values.values()), reverse=True):
        pairs = [p for p, x in values.items() if x == v]
        for a, b in pairs:
            rest = [c for c in unseen if c not in (a, b)]
            if any(all(values[tuple(sorted(q))] <= v
                       for q in combinations((a, b, c, d), 2))
                   for c, d in combinations(rest[:12], 2)):
                out.append(v)
                break
        if len(out) == k:
            return out
    return out


@functools.cache
def board_lows(board):
    """Every low four cards can hold on the board, best first (a low pair with two high
    cards beside it holds its low)."""
    lows = {max(reference.low5_value(p + t) for t in combinations(board, 3))
            for p in combinations([c for c in range(52) if c not in board
                                   and c >> 2 in LOW_RANKS], 2)}
    return sorted((v for v in lows if v), reverse=True)


def straight(hole, board):
    return any(reference._straight_top(tuple(c >> 2 for c in five)) is not None
               for five in reference.choices(hole, board))


def expected(hole, board, game):
    """Every family's label for one hand, from the rule book and the reference."""
    out = {}
    value, cat = kind(hole, board)
    ranks = [c >> 2 for c in hole]
    board_ranks = {c >> 2 for c in board}
    top = max(board_ranks)
    pocket = {r for r in ranks if ranks.count(r) >= 2}
    names = {reference.STRAIGHT_FLUSH: "straight flush", reference.QUADS: "quads",
             reference.FULL_HOUSE: "full house", reference.FLUSH: "flush",
             reference.STRAIGHT: "straight", reference.TWO_PAIR: "two pair",
             reference.HIGH_CARD: "no pair"}
    if cat == reference.TRIPS:
        high = "set" if pocket & board_ranks else "trips"
    elif cat == reference.PAIR:
        high = "overpair" if any(r > top for r in pocket) else \
            "top pair" if top in ranks else "pair"
    else:
        high = names[cat]
    best = top_highs(tuple(board), 2)
    high = "nuts" if value == best[0] else "second nuts" if value == best[1] else high
    out["high"] = high
    unseen = [c for c in range(52) if c not in board and c not in hole]
    if len(board) < 5:
        flush = ""
        for s in range(4):
            on = sum(1 for c in board if c & 3 == s)
            mine = [c for c in hole if c & 3 == s]
            best_card = max(c for c in range(52) if c & 3 == s and c not in board)
            if len(mine) < 2:
                continue
            if on == 2:
                if best_card in mine:
                    flush = "nut flush draw"
                elif flush != "nut flush draw":
                    flush = "flush draw"
                # the reference agrees: every card of the suit gives a flush choice
                assert all(any(len({x & 3 for x in five}) == 1
                               for five in reference.choices(hole, board + [c]))
                           for c in unseen if c & 3 == s)
            elif on == 1 and len(board) == 3 and best_card in mine and not flush:
                flush = "backdoor nut flush draw"
        outs = 0
        if cat <= reference.TRIPS and not straight(hole, board):
            outs = sum(straight(hole, board + [c]) for c in unseen)
        s = "wrap" if outs >= 9 else "open-ended" if outs >= 5 else "gutshot" if outs else ""
        out["draw"] = " + ".join(x for x in (flush, s) if x) or "no draw"
        out["outs"] = outs
    if game == "hilo":
        lows = board_lows(tuple(board))
        lo = reference.best_low(hole, board)
        pos = lows.index(lo) if lo else None
        out["low"] = "no low" if lo == 0 else LOW[min(pos, 3)]
        nut_draw = False
        if len(board) < 5:
            any_low, worse = False, 0
            for c in unseen:
                after = sorted(board + [c])
                got = reference.best_low(hole, after)
                lows_after = board_lows(tuple(after))
                any_low |= got > 0
                nut_draw |= lo == 0 and bool(lows_after) and got == lows_after[0]
                if lo:
                    worse += lows_after.index(got) > pos
            if lo:
                out["low draw"] = "low made"
                out["counterfeit"] = "counterfeit risk" if worse else "no counterfeit risk"
                out["share"] = worse / len(unseen)
            else:
                out["counterfeit"] = "no low"
                held = {r for r in ranks if r in LOW_RANKS}
                backdoor = len(board) == 3 and any(
                    len((board_ranks & LOW_RANKS) - {a, b}) == 1
                    for a, b in combinations(held, 2))
                out["low draw"] = ("nut low draw" if nut_draw else "low draw" if any_low
                                   else "backdoor low draw" if backdoor else "no low draw")
        if len(board) == 5:
            possible = bool(lows)
        elif len(board) == 4:
            possible = any(board_lows(tuple(sorted(board + [c]))) for c in range(52)
                           if c not in board)
        else:
            possible = bool(board_ranks & LOW_RANKS)
        strong_high = high in ("nuts", "second nuts")
        strong_low = out["low"] in ("nut low", "second nut low") or nut_draw
        out["way"] = ("scoop candidate" if strong_high and (strong_low or not possible)
                      else "high one-way" if strong_high else
                      "low one-way" if strong_low else "neither")
    return out


def deal(rng, board_size, low_heavy):
    deck = list(range(52))
    if low_heavy:     # lows and draws come up more often among the low cards
        deck = [c for c in deck if c >> 2 in LOW_RANKS or rng.random() < 0.6]
    cards = rng.sample(deck, board_size + 32)
    board = cards[:board_size]
    hands = [cards[board_size + 4 * k: board_size + 4 * k + 4] for k in range(8)]
    return board, hands


def check(board, hands, game):
    got = categorize(np.array(hands, dtype=np.uint8), board, game)
    for i, hole in enumerate(hands):
        want = expected(list(hole), list(board), game)
        for family in got.families:
            assert got.labels(family)[i] == want[family], (family, hole, board)
        if "outs" in want:
            assert int(got.straight_outs[i]) == want["outs"], (hole, board)
        if "share" in want:
            assert got.counterfeit_share[i] == pytest.approx(want["share"])


@pytest.mark.parametrize("board_size, game, low_heavy", [
    (3, "hilo", True), (4, "hilo", True), (5, "hilo", False), (4, "high", False)])
def test_random_hands_and_boards_match_the_reference(board_size, game, low_heavy):
    rng = random.Random(29 + board_size)
    board, hands = deal(rng, board_size, low_heavy)
    check(board, hands, game)


@pytest.mark.slow
@pytest.mark.parametrize("board_size", [3, 4, 5])
@pytest.mark.parametrize("game", ["hilo", "high"])
def test_many_random_boards_match_the_reference(board_size, game):
    rng = random.Random(290 + board_size)
    for round_ in range(12):
        board, hands = deal(rng, board_size, low_heavy=round_ % 2 == 1)
        check(board, hands, game)


def cards(text):
    return [int(c) for c in parse_cards(text)]


HARD = [
    # top set is the nuts where no straight or flush can come; a wrap of 13 outs; the
    # nut flush draw with a gutshot; a set below it is the second nuts
    ("Qs Jh 5s", ["AsKs2d3c", "QhQd9c8c", "Td9h8s7d", "JcJdKhTh"]),
    # the wheel card pairs: A-2 counterfeited on the river, 3-4 the nut low
    ("Ah Kd 7s 8s 2h", ["As2d7h7c", "3s4sKcKh", "AcQsJd3c", "3c4cQdQh"]),
    # a turn: 2-3 the nut low with counterfeit risk, 3-4-5 the third nut low without
    ("Ah Kd 7s 8s", ["2c3cQdQh", "3c4c5dQh", "3s4sKcKh", "As2d7h7c"]),
    # a paired board: full houses and quads above the flush; overpair and top pair
    ("9s 9h 4s 2s Kd", ["9c9dAhAc", "AsQs3h3c", "KhKc5d6d", "AdAcJhTh", "KsQdJd8c"]),
    # a four-flush turn: every flush is made, the draws are straights only
    ("Ts 8s 6s 2s", ["As3h4d5c", "9h7h5d4d", "Ks9c7d3c"]),
]


@pytest.mark.parametrize("board, hands", HARD)
def test_hand_picked_hard_cases(board, hands):
    check(cards(board), [cards(h) for h in hands], "hilo")


def test_the_labels_read_as_the_module_says():
    c = categorize(["AsKs2d3c", "QhQd9c8c", "Td9h8s7d", "JcJdKhTh"], "Qs Jh 5s")
    assert c.labels("high") == ["no pair", "nuts", "no pair", "second nuts"]
    assert c.labels("draw") == ["nut flush draw + gutshot", "gutshot", "wrap", "open-ended"]
    assert c.straight_outs.tolist() == [4, 4, 13, 8]
    assert set(c.families) == {"high", "draw", "low", "low draw", "counterfeit", "way"}
    river = categorize(["AsKs2d3c"], "Qs Jh 5s 4d 3h", game="high")
    assert river.families == ["high"]
    for labels in (HIGH, DRAW, LOW, LOW_DRAW, COUNTERFEIT, WAY):
        assert len(set(labels)) == len(labels)


@pytest.mark.parametrize("hands, board, match", [
    (["AsKs2d3c"], "Qs Jh", "3 to 5"),
    (["AsKs2d3c"], "Qs Jh 5s 5s", "duplicate"),
    (["QsKs2d3c"], "Qs Jh 5s", "off the board"),
    (["AsKs2d3x"], "Qs Jh 5s", "hand"),
])
def test_bad_input_is_a_category_error(hands, board, match):
    with pytest.raises(CategoryError, match=match) as err:
        categorize(hands, board)
    assert isinstance(err.value, InvalidValueError) and isinstance(err.value, ValueError)


def test_a_full_range_at_once():
    from omaha_fast.ranges import universe
    u = universe()
    board = cards("Ah Kd 7s 8s")
    u = u[~np.isin(u, board).any(axis=1)]
    c = categorize(u, board)
    assert len(c.codes["high"]) == len(u) == 194_580
    # no straight or flush can be made on this turn: the nuts is a set of aces
    nuts = np.array(c.labels("high")) == "nuts"
    assert all(sum(x >> 2 == 12 for x in h) >= 2 for h in u[nuts][:200].tolist())
