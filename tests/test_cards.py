"""Cards: the int encoding, parsing in every accepted form, formatting, the deck."""

from __future__ import annotations

import pickle
from collections import Counter

import pytest

from omaha_fast import Card, Deck, InvalidCardError, format_cards, parse_cards

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def test_encoding_is_rank_times_four_plus_suit():
    for r, rank in enumerate(RANKS):
        for s, suit in enumerate(SUITS):
            card = Card(rank + suit)
            assert int(card) == r * 4 + s
            assert (card.rank, card.suit) == (r, s)
            assert str(card) == rank + suit
    assert int(Card("2c")) == 0 and int(Card("As")) == 51 and int(Card("Td")) == 33


def test_all_52_round_trip():
    cards = [Card(i) for i in range(52)]
    assert len({str(c) for c in cards}) == 52
    assert [Card(str(c)) for c in cards] == cards
    assert all(Card(c) is c for c in cards)   # a Card passes through unchanged


@pytest.mark.parametrize("text", ["as", "AS", "aS", " As ", "As"])
def test_case_and_whitespace_insensitive(text):
    assert Card(text) == 51 and str(Card(text)) == "As"


def test_cards_are_ints():
    c = Card("Kh")
    assert isinstance(c, int) and c == 46 and hash(c) == hash(46)
    assert repr(c) == "Card('Kh')"
    assert pickle.loads(pickle.dumps(c)) == c and isinstance(pickle.loads(pickle.dumps(c)), Card)
    assert sorted([Card("As"), Card("2c"), Card("Td")]) == [0, 33, 51]


def test_numpy_integers_are_cards():
    import numpy as np
    assert Card(np.uint8(51)) == Card("As")
    assert Card(np.int64(0)) == Card("2c")
    assert format_cards(np.array([51, 0, 33], dtype=np.uint8)) == "As2cTd"
    with pytest.raises(InvalidCardError, match="52"):
        Card(np.int32(52))
    with pytest.raises(InvalidCardError):
        Card(np.float64(3.0))
    with pytest.raises(InvalidCardError):
        Card(np.bool_(True))


@pytest.mark.parametrize("given", [
    "As2s3d4d", "As 2s 3d 4d", "as2S3D4d", "As,2s,3d,4d", "  As  2s\t3d\n4d ",
    ["As", "2s", "3d", "4d"], [51, 3, 5, 9], ("As", 3, Card("3d"), "4d"), ["As2s", "3d4d"],
    (c for c in [51, 3, 5, 9]),
])
def test_parse_forms(given):
    assert parse_cards(given) == (Card("As"), Card("2s"), Card("3d"), Card("4d"))


def test_parse_single_and_empty():
    assert parse_cards(51) == (Card("As"),)
    assert parse_cards(Card("As")) == (Card("As"),)
    assert parse_cards("") == ()
    assert parse_cards([]) == ()


def test_format_cards_is_canonical():
    assert format_cards(parse_cards("as 2S 3d4D")) == "As2s3d4d"
    assert format_cards([0, 51]) == "2cAs"
    assert format_cards([]) == ""


@pytest.mark.parametrize("bad, named", [
    ("Xs", "'Xs'"), ("A", "'A'"), ("As2", "'As2'"), ("1c", "'1c'"), ("Ay", "'Ay'"),
    ("10c", "'10c'"), (["As", "Kq"], "'Kq'"),
])
def test_unknown_tokens(bad, named):
    with pytest.raises(InvalidCardError) as info:
        parse_cards(bad)
    assert named in str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("bad", [52, -1, 1000])
def test_out_of_range_ints(bad):
    with pytest.raises(InvalidCardError, match=str(bad)):
        Card(bad)


@pytest.mark.parametrize("bad", [1.0, None, True, False, b"As", object()])
def test_non_card_objects(bad):
    with pytest.raises(InvalidCardError):
        Card(bad)


@pytest.mark.parametrize("given, card", [
    ("AsKsAs", "As"), ("As as", "As"), ([0, 1, 0], "2c"), (["Td", 33], "Td"),
])
def test_duplicates_are_named(given, card):
    with pytest.raises(InvalidCardError, match=f"duplicate card {card}"):
        parse_cards(given)


def test_seeded_deck_is_reproducible_and_complete():
    a, b, c = Deck(seed=1), Deck(seed=1), Deck(seed=2)
    da, db, dc = a.deal(52), b.deal(52), c.deal(52)
    assert da == db and da != dc
    assert sorted(da) == list(range(52))
    assert len(a) == 0
    with pytest.raises(InvalidCardError):
        a.deal(1)


def test_deck_deal_and_exclude():
    d = Deck(seed=3, exclude=parse_cards("AsKs"))
    assert len(d) == 50
    hand = d.deal(4)
    assert len(hand) == 4 and len(d) == 46
    rest = d.deal(46)
    assert Card("As") not in hand + rest and Card("Ks") not in hand + rest
    with pytest.raises(InvalidCardError):
        Deck(seed=1).deal(53)
    with pytest.raises(InvalidCardError):
        Deck(seed=1).deal(-1)


def test_unseeded_decks_differ():
    # two secure shuffles agree with probability 1/52!
    assert Deck().deal(52) != Deck().deal(52)


def test_seeded_shuffle_is_roughly_uniform():
    # the top card over 5,200 seeds: each card about 100 times (a biased shuffle, e.g. one
    # that never moves the first card, would fail)
    tops = Counter(Deck(seed=s).deal(1)[0] for s in range(5_200))
    assert len(tops) == 52
    assert min(tops.values()) > 55 and max(tops.values()) < 150
