"""The error contract: every error raised on purpose is an OmahaError; a wrong type is
also a TypeError, a wrong value also a ValueError. One list of bad calls, one check."""

from __future__ import annotations

import numpy as np
import pytest

import omaha_fast
from omaha_fast import (
    ActionTypeError,
    Card,
    CardTypeError,
    Deck,
    FixedLimit,
    IllegalActionError,
    InvalidCardError,
    InvalidTypeError,
    InvalidValueError,
    NoLimit,
    OmahaError,
    PotLimit,
    Rake,
    Table,
    equity,
    evaluate,
    evaluate_batch,
    format_cards,
    parse_cards,
    random_deals,
    rank5,
    settle,
)
from omaha_fast.evaluation import HighHand, LowHand, category_of

T, V = TypeError, ValueError


def _table(**kwargs):
    return Table(structure=FixedLimit(10, 20), seats=3, stacks=[100, 100, 100], **kwargs)


def _hand():
    return _table().start_hand(seed=1)


SETTLE = ("As2d7h9cKd", ["3c4c5h6h", "KsKcQsQc"], [10, 10], [])

BAD_CALLS = [
    # cards
    ("Card(None)", lambda: Card(None), CardTypeError, T),
    ("Card(2.5)", lambda: Card(2.5), CardTypeError, T),
    ("Card(True)", lambda: Card(True), CardTypeError, T),
    ("Card(52)", lambda: Card(52), InvalidCardError, V),
    ("Card('Zz')", lambda: Card("Zz"), InvalidCardError, V),
    ("parse_cards(None)", lambda: parse_cards(None), CardTypeError, T),
    ("parse_cards(2-D array)", lambda: parse_cards(np.array([[1, 2], [3, 4]])),
     CardTypeError, T),
    ("parse_cards(float)", lambda: parse_cards(5.0), CardTypeError, T),
    ("format_cards(None)", lambda: format_cards(None), CardTypeError, T),
    ("Deck(seed='x')", lambda: Deck(seed="x"), InvalidTypeError, T),
    ("Deck().deal('3')", lambda: Deck(seed=1).deal("3"), InvalidTypeError, T),
    ("Deck().deal(53)", lambda: Deck(seed=1).deal(53), InvalidCardError, V),
    ("random_deals(seed='x')", lambda: random_deals(3, seed="x"), InvalidTypeError, T),
    ("random_deals(seed=-1)", lambda: random_deals(3, seed=-1), InvalidValueError, V),
    ("random_deals(n=2.0)", lambda: random_deals(2.0), InvalidTypeError, T),
    ("random_deals(width=53)", lambda: random_deals(2, 53), InvalidValueError, V),
    # evaluation
    ("evaluate(2-D hole)", lambda: evaluate(np.array([[51, 3], [7, 11]]), "5c6d7h"),
     CardTypeError, T),
    ("evaluate(None hole)", lambda: evaluate(None, "5c6d7h"), CardTypeError, T),
    ("evaluate(game=1)", lambda: evaluate("As2s3h4h", "5c6d7h", game=1), InvalidTypeError, T),
    ("evaluate(game='razz')", lambda: evaluate("As2s3h4h", "5c6d7h", game="razz"),
     InvalidValueError, V),
    ("evaluate_batch(floats)", lambda: evaluate_batch(np.zeros((2, 4)), np.zeros((2, 5))),
     CardTypeError, T),
    ("rank5(4 cards)", lambda: rank5("AsKsQsJs"), InvalidCardError, V),
    ("HighHand('1')", lambda: HighHand("1"), InvalidTypeError, T),
    ("HighHand(0)", lambda: HighHand(0), InvalidValueError, V),
    ("LowHand(57)", lambda: LowHand(57), InvalidValueError, V),
    ("category_of(None)", lambda: category_of(None), InvalidTypeError, T),
    ("HighHand(5).cards", lambda: HighHand(5).cards, InvalidValueError, V),
    # equity
    ("equity(progress=5)", lambda: equity(["As2s3h4h", "KcKdQcJd"], progress=5),
     InvalidTypeError, T),
    ("equity(hands=5)", lambda: equity(5), CardTypeError, T),
    ("equity(mode=1)", lambda: equity(["As2s3h4h", "KcKdQcJd"], mode=1), InvalidTypeError, T),
    ("equity(mode='fast')", lambda: equity(["As2s3h4h", "KcKdQcJd"], mode="fast"),
     InvalidValueError, V),
    ("equity(seed='x')", lambda: equity(["As2s3h4h", "KcKdQcJd"], mode="mc", seed="x"),
     InvalidTypeError, T),
    ("equity(threads=0)", lambda: equity(["As2s3h4h", "KcKdQcJd"], threads=0),
     InvalidValueError, V),
    # structures and settings
    ("FixedLimit('10', 20)", lambda: FixedLimit("10", 20), InvalidTypeError, T),
    ("FixedLimit(10, 5)", lambda: FixedLimit(10, 5), InvalidValueError, V),
    ("FixedLimit(cap=1.5)", lambda: FixedLimit(10, 20, cap=1.5), InvalidTypeError, T),
    ("FixedLimit(uncap_heads_up=1)", lambda: FixedLimit(10, 20, uncap_heads_up=1),
     InvalidTypeError, T),
    ("PotLimit(min_bet=0)", lambda: PotLimit(min_bet=0), InvalidValueError, V),
    ("NoLimit(min_bet='2')", lambda: NoLimit(min_bet="2"), InvalidTypeError, T),
    ("Rake(percent='5')", lambda: Rake(percent="5"), InvalidTypeError, T),
    ("Rake(percent=120)", lambda: Rake(percent=120), InvalidValueError, V),
    ("Rake(cap=2.5)", lambda: Rake(5, cap=2.5), InvalidTypeError, T),
    ("Table(seats='6')", lambda: Table(structure=FixedLimit(10, 20), seats="6"),
     InvalidTypeError, T),
    ("Table(seats=11)", lambda: Table(structure=FixedLimit(10, 20), seats=11),
     InvalidValueError, V),
    ("Table(structure='FL')", lambda: Table(structure="FL"), InvalidTypeError, T),
    ("Table(game=1)", lambda: Table(structure=FixedLimit(10, 20), game=1), InvalidTypeError, T),
    ("Table(game='razz')", lambda: Table(structure=FixedLimit(10, 20), game="razz"),
     InvalidValueError, V),
    ("Table(blinds=5)", lambda: Table(structure=NoLimit(), blinds=5), InvalidTypeError, T),
    ("Table(blinds=(1, 2, 3))", lambda: Table(structure=NoLimit(), blinds=(1, 2, 3)),
     InvalidValueError, V),
    ("Table(stacks=100)", lambda: Table(structure=FixedLimit(10, 20), stacks=100),
     InvalidTypeError, T),
    ("Table(stacks=['100'])", lambda: Table(structure=FixedLimit(10, 20), stacks=["100"]),
     InvalidTypeError, T),
    ("Table(seed='x')", lambda: Table(structure=FixedLimit(10, 20), seed="x"),
     InvalidTypeError, T),
    ("Table(button='0')", lambda: _table(button="0"), InvalidTypeError, T),
    ("Table(button=5)", lambda: _table(button=5), InvalidValueError, V),
    ("Table(chip=0)", lambda: Table(structure=FixedLimit(10, 20), chip=0), InvalidValueError, V),
    # table methods
    ("sit_down('1', 100)", lambda: Table(structure=FixedLimit(10, 20)).sit_down("1", 100),
     InvalidTypeError, T),
    ("sit_down(1, 100, name=5)",
     lambda: Table(structure=FixedLimit(10, 20)).sit_down(1, 100, name=5), InvalidTypeError, T),
    ("sit_down(0, 100) taken", lambda: _table().sit_down(0, 100), InvalidValueError, V),
    ("add_chips(0, '5')", lambda: _table().add_chips(0, "5"), InvalidTypeError, T),
    ("add_chips(0, -5)", lambda: _table().add_chips(0, -5), InvalidValueError, V),
    ("sit_out(None)", lambda: _table().sit_out(None), InvalidTypeError, T),
    ("come_back(0, post='yes')", lambda: _table().come_back(0, post="yes"),
     InvalidTypeError, T),
    ("start_hand(seed=1.5)", lambda: _table().start_hand(seed=1.5), InvalidTypeError, T),
    ("start_hand(holes='As2s3s4s')", lambda: _table().start_hand(holes="As2s3s4s"),
     InvalidTypeError, T),
    ("start_hand(holes={5: ...})", lambda: _table().start_hand(holes={5: "As2s3s4s"}),
     InvalidValueError, V),
    # hand actions and queries
    ("bet('20')", lambda: _hand().raise_to("20"), ActionTypeError, T),
    ("raise_to(20.0)", lambda: _hand().raise_to(20.0), ActionTypeError, T),
    ("raise_to(True)", lambda: _hand().raise_to(True), ActionTypeError, T),
    ("raise_to(25)", lambda: _hand().raise_to(25), IllegalActionError, V),
    ("act(None)", lambda: _hand().act(None), ActionTypeError, T),
    ("act('dance')", lambda: _hand().act("dance"), IllegalActionError, V),
    ("call(seat='0')", lambda: _hand().call(seat="0"), ActionTypeError, T),
    ("hole('x')", lambda: _hand().hole("x"), InvalidTypeError, T),
    ("hole(9)", lambda: _hand().hole(9), InvalidValueError, V),
    ("view('x')", lambda: _hand().view("x"), InvalidTypeError, T),
    # settle
    ("settle(button='1')", lambda: settle(*SETTLE, button="1"), InvalidTypeError, T),
    ("settle(button=5)", lambda: settle(*SETTLE, button=5), InvalidValueError, V),
    ("settle(folded=5)", lambda: settle(*SETTLE[:3], 5, button=0), InvalidTypeError, T),
    ("settle(game=None)", lambda: settle(*SETTLE, button=0, game=None), InvalidTypeError, T),
    ("settle(holes=None)", lambda: settle(SETTLE[0], None, SETTLE[2], [], button=0),
     InvalidTypeError, T),
    ("settle(contributed=['10', 10])",
     lambda: settle(SETTLE[0], SETTLE[1], ["10", 10], [], button=0), InvalidTypeError, T),
    ("settle(rake=5)", lambda: settle(*SETTLE, button=0, rake=5), InvalidTypeError, T),
    ("settle(odd_chips=3)", lambda: settle(*SETTLE, button=0, odd_chips=3),
     InvalidTypeError, T),
]


@pytest.mark.parametrize("call, error, builtin", [c[1:] for c in BAD_CALLS],
                         ids=[c[0] for c in BAD_CALLS])
def test_bad_call_raises_the_contracted_error(call, error, builtin):
    with pytest.raises(error) as info:
        call()
    err = info.value
    assert isinstance(err, OmahaError) and isinstance(err, builtin)
    # a wrong type is not a ValueError too, unless it is a card or action problem (those
    # stay catchable as InvalidCardError / IllegalActionError, which are ValueErrors)
    if builtin is T and not isinstance(err, (InvalidCardError, IllegalActionError)):
        assert not isinstance(err, ValueError)
    if builtin is V:
        assert not isinstance(err, TypeError)
    assert str(err)


def test_every_exported_error_is_an_omaha_error_and_a_builtin():
    names = [n for n in omaha_fast.__all__ if n.endswith("Error")]
    assert len(names) >= 7
    for name in names:
        cls = getattr(omaha_fast, name)
        assert issubclass(cls, omaha_fast.OmahaError)
        assert name == "OmahaError" or issubclass(cls, (ValueError, TypeError))


def test_hand_value_repr_is_not_a_constructor_call():
    high = rank5("AsAdAcKdKc")
    assert repr(high) == "<HighHand 7296: Full House, Aces full of Kings>"
    assert repr(LowHand(56)) == "<LowHand 56: 5-4-3-2-A>"
    # a value built from its number alone has no cards, yet prints and reprs
    assert repr(HighHand(7296)) == "<HighHand 7296: Full House>"
    assert HighHand(7296) == high


def test_equity_progress_is_checked_before_any_work():
    # a run of 10**12 Monte Carlo boards would take hours: the check comes first
    with pytest.raises(InvalidTypeError, match="progress must be a function"):
        equity(["As2s3h4h", "KcKdQcJd"], mode="mc", samples=10**12, seed=1, progress=5)


def test_refused_action_of_the_wrong_type_changes_nothing():
    hand = _hand()
    before = (hand.to_act, hand.stacks, hand.bets, hand.actions)
    for bad in ("20", 20.0, True, None, [20]):
        with pytest.raises(IllegalActionError):
            hand.raise_to(bad)
    assert (hand.to_act, hand.stacks, hand.bets, hand.actions) == before
