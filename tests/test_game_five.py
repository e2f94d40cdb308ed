"""Five- and six-card Omaha through the engine and the histories: Big O (``bigo``),
five-card Omaha high (``omaha5``) and six-card Omaha high (``omaha6``).

Showdowns are checked against the pure-Python reference (not the C core the engine uses),
and random hands of every structure go through JSON, PHH and PokerStars text and back to
the very same hand.
"""

from __future__ import annotations

import random

import pytest

from omaha_fast import FixedLimit, NoLimit, PotLimit, Table, reference
from omaha_fast.errors import InvalidCardError, InvalidValueError
from omaha_fast.game import Game
from omaha_fast.history import ReplayError, dumps_json, dumps_phh, loads, replay
from omaha_fast.history.pokerstars import loads_pokerstars, read_pokerstars
from omaha_fast.history.pokerstars_writer import dumps_pokerstars
from omaha_fast.history.record import HandRecord
from omaha_fast.history.sitehand import SkippedHand
from omaha_fast.history.verify import verify

GAMES = {"bigo": 5, "omaha5": 5, "omaha6": 6}
TABLES = [
    dict(structure=PotLimit(), blinds=(5, 10), game="bigo"),
    dict(structure=FixedLimit(10, 20), game="bigo", ante=1),
    dict(structure=NoLimit(), blinds=(5, 10), game="bigo", big_blind_ante=10),
    dict(structure=PotLimit(), blinds=(5, 10), game="omaha5"),
    dict(structure=NoLimit(), blinds=(2, 5), game="omaha6"),
]


def test_the_games_and_their_hole_cards():
    assert [(g.value, g.hole_cards, g.split_low) for g in Game] == [
        ("hilo", 4, True), ("high", 4, False), ("bigo", 5, True), ("omaha5", 5, False),
        ("omaha6", 6, False)]
    t = Table(structure=PotLimit(), blinds=(1, 2), seats=8, stacks=[100] * 8, game="bigo")
    h = t.start_hand()
    assert all(len(h.hole(s)) == 5 for s in h.seats)
    dealt = [c for s in h.seats for c in h.hole(s)]
    assert len(set(dealt)) == 40


def test_a_big_o_showdown_splits_as_the_reference_says():
    t = Table(structure=FixedLimit(10, 20), seats=3, stacks=[100] * 3, game="bigo")
    holes = {0: "AsKs2h3hQd", 1: "QcQh7d6d5s", 2: "9c8c5h4hJd"}
    board = "Ah7s4c2dJh"
    h = t.start_hand(holes=holes, board=board)
    h.call(), h.call(), h.check()
    for _ in range(9):
        h.check()
    assert h.finished
    values = {s: reference.evaluate(holes[s], board) for s in holes}
    best_high = max(v[0] for v in values.values())
    best_low = max(v[1] for v in values.values())
    high_winners = {s for s, v in values.items() if v[0] == best_high}
    low_winners = {s for s, v in values.items() if v[1] == best_low and best_low}
    [award] = h.awards
    assert set(award.high_winners) == high_winners and set(award.low_winners) == low_winners
    assert sum(h.payouts.values()) == 30 and len(low_winners) == 1


def test_hole_sizes_are_the_game_s():
    t = Table(structure=PotLimit(), blinds=(1, 2), seats=2, stacks=[100, 100], game="bigo")
    with pytest.raises(InvalidCardError, match="hole needs 5 cards"):
        t.start_hand(holes={0: "AsKs2h3h"})
    t4 = Table(structure=PotLimit(), blinds=(1, 2), seats=2, stacks=[100, 100])
    with pytest.raises(InvalidCardError, match="hole needs 4 cards"):
        t4.start_hand(holes={0: "AsKs2h3h4d"})
    with pytest.raises(ValueError, match="game must be one of"):
        Table(structure=PotLimit(), blinds=(1, 2), game="bigO")


def test_one_deck_deals_eight_big_o_hands_and_seven_six_card_hands():
    t = Table(structure=PotLimit(), blinds=(1, 2), seats=9, stacks=[100] * 9, game="bigo")
    with pytest.raises(InvalidValueError, match="at most 8"):
        t.start_hand()
    t.leave(8)
    assert len(t.start_hand().seats) == 8
    t6 = Table(structure=NoLimit(), blinds=(1, 2), seats=8, stacks=[100] * 8, game="omaha6")
    with pytest.raises(InvalidValueError, match="at most 7"):
        t6.start_hand()


def random_hands(config, count, seed):
    rng = random.Random(seed)
    hands, k = [], 0
    game = Game(config["game"])
    while len(hands) < count:
        n = rng.randint(2, game.max_players)
        t = Table(seats=n, stacks=[rng.choice((60, 300, 1000)) for _ in range(n)],
                  seed=seed * 1000 + k, **config)
        k += 1
        for _ in range(10):
            h = t.start_hand()
            while not h.finished:
                la = h.legal_actions()
                kind = rng.choice(la.kinds)
                if kind in ("bet", "raise_to"):
                    h.act(kind, rng.choice((la.min_to, la.max_to)))
                else:
                    h.act(kind)
            hands.append(h)
            for seat, stack in t.stacks.items():
                if stack < 30:
                    t.add_chips(seat, 300)
    return hands[:count]


def same_hand(a, b):
    assert a.actions == b.actions and a.stacks == b.stacks and a.board == b.board
    assert a.payouts == b.payouts and a.shown == b.shown and a.mucked == b.mucked
    assert [a.hole(s) for s in a.seats] == [b.hole(s) for s in b.seats]
    assert a.posts == b.posts and a.burns == b.burns


@pytest.mark.parametrize("k", range(len(TABLES)))
def test_json_phh_and_pokerstars_round_trips(k):
    config = TABLES[k]
    hands = random_hands(config, 120, seed=k + 1)
    from_json = loads(dumps_json(hands) + "\n")
    from_phh = loads(dumps_phh(hands))
    showdowns = 0
    for i, (h, rj, rp) in enumerate(zip(hands, from_json, from_phh, strict=True)):
        assert rj.game == rp.game == config["game"]
        for record in (rj, rp):
            result = replay(record)
            assert result.agrees
            same_hand(h, result.hand)
        text = dumps_pokerstars(h, hand_id=i + 1)
        [stars] = loads_pokerstars(text, "written")
        want = HandRecord.from_hand(h)
        for name in ("game", "structure", "holes", "board", "actions", "final_stacks"):
            assert getattr(stars, name) == getattr(want, name), (name, text)
        assert verify(stars).result == "agree", text
        showdowns += len(h.shown) > 1
    assert showdowns > 5


def test_written_names_and_codes():
    [h] = random_hands(TABLES[0], 1, seed=9)
    assert '\nvariant = "PO5/8"\n' in dumps_phh([h])
    assert "5 Card Omaha Hi/Lo Pot Limit (5/10)" in dumps_pokerstars(h).splitlines()[0]
    assert "5 Card Omaha Pot Limit" in dumps_pokerstars(random_hands(TABLES[3], 1, 9)[0])
    assert '"game": "bigo"' in dumps_json([h])
    six = random_hands(TABLES[4], 1, 9)[0]
    assert '\nvariant = "NO6"\n' in dumps_phh([six])
    assert dumps_pokerstars(six).splitlines()[0].split(":  ")[1].startswith(
        "6 Card Omaha No Limit")


def test_a_four_card_hole_in_a_big_o_record_is_refused():
    [h] = random_hands(TABLES[0], 1, seed=4)
    record = HandRecord.from_hand(h)
    seat = h.seats[0]
    record.holes[seat] = record.holes[seat][:8]
    with pytest.raises(ReplayError, match="needs 5 cards"):
        replay(record)
    record = HandRecord.from_hand(h)
    record.game = "hilo"
    with pytest.raises(ReplayError, match="needs 4 cards"):
        replay(record)


def test_six_card_hi_lo_is_skipped_by_the_pokerstars_reader():
    [h] = random_hands(TABLES[0], 1, seed=5)
    text = dumps_pokerstars(h).replace("5 Card Omaha Hi/Lo", "6 Card Omaha Hi/Lo")
    [item] = read_pokerstars(text)
    assert isinstance(item, SkippedHand) and "6 Card Omaha Hi/Lo" in item.game


def test_a_pokerstars_big_o_hand_dealt_four_cards_is_refused():
    import re

    from omaha_fast.history.sitehand import SiteFormatError
    [h] = random_hands(TABLES[0], 1, seed=6)
    text = dumps_pokerstars(h)
    four = re.sub(r"(Dealt to \S+ \[)\S\S ", r"\1", text, count=1)
    with pytest.raises(SiteFormatError, match="4 hole cards dealt \\(bigo deals five\\)"):
        loads_pokerstars(four)


def test_the_core_and_the_engine_name_the_same_games():
    from omaha_fast import _core
    assert set(_core.VARIANTS) == set(Game)
    for g in Game:
        assert _core.VARIANTS[g] == (g.evaluation, g.hole_cards)
