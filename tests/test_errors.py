"""The error contract: every error raised on purpose is an OmahaError; a wrong type is
also a TypeError, a wrong value also a ValueError. One list of bad calls, one check."""

from __future__ import annotations

import ast
import builtins
import importlib
import pkgutil
from pathlib import Path

import numpy as np
import pytest

import omaha_fast
import omaha_fast.kernels
import omaha_fast.ranges
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
from omaha_fast.kernels import (
    HandIndexer,
    InvalidWeightsError,
    SolverTypeError,
    SolverValueError,
    hand_strength,
    showdown_values,
)
from omaha_fast.odds import equity_batch
from omaha_fast.ranges import Range, RangeError

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
    # silent coercions that are refused now (each of these passed, or gave a builtin
    # error, before): floats are not cards or range weights, a pattern holding a card
    # twice is not an empty range, and so on
    ("equity_batch(51.5)", lambda: equity_batch([[[51.5, 47, 11, 7], [46, 45, 42, 41]]],
                                                [[16, 29, 30, 2]]), CardTypeError, T),
    ("equity_batch(board 2.0)", lambda: equity_batch([[[51, 47, 11, 7], [46, 45, 42, 41]]],
                                                     [[16.0, 29, 30, 2]]), CardTypeError, T),
    ("Range.from_hands(weight 50.5)", lambda: Range.from_hands(["AsKsQsJs"], [50.5]),
     InvalidTypeError, T),
    ("Range.from_hands(weight nan)", lambda: Range.from_hands(["AsKsQsJs"], [float("nan")]),
     InvalidTypeError, T),
    ("Range.from_hands(weight 101)", lambda: Range.from_hands(["AsKsQsJs"], [101]),
     InvalidValueError, V),
    ("Range.from_hands(3 cards)", lambda: Range.from_hands(["AsKsQs"]), InvalidCardError, V),
    ("Range('AsAsKdKc')", lambda: Range("AsAsKdKc"), RangeError, V),
    ("showdown_values(1e308 weights)",
     lambda: showdown_values(RIVER, ["3c4dKsKh"], ["3d4hQsQc", "5d6hJsJc"], [1e308, 1e308]),
     InvalidWeightsError, V),
    ("showdown_values(complex weights)",
     lambda: showdown_values(RIVER, ["3c4dKsKh"], ["3d4hQsQc"], np.array([1 + 2j])),
     InvalidWeightsError, V),
    ("showdown_values(text weights)",
     lambda: showdown_values(RIVER, ["3c4dKsKh"], ["3d4hQsQc"], ["1"]), InvalidWeightsError, V),
    ("hand_strength(samples=-5) on the turn",
     lambda: hand_strength(["KcQhJd9c"], "Ah 4d 7c 8s", samples=-5), SolverValueError, V),
    ("hand_strength(samples=1.5) on the river",
     lambda: hand_strength(["KcQhJd9c"], RIVER, samples=1.5), SolverTypeError, T),
    ("hand_strength(seed=2**64)",
     lambda: hand_strength(["KcQhJd9c"], "Ah 4d 7c", samples=10, seed=2**64),
     SolverValueError, V),
    ("hand_strength(seed=-1)",
     lambda: hand_strength(["KcQhJd9c"], "Ah 4d 7c", samples=10, seed=-1),
     SolverValueError, V),
    ("Range.sample(k=2.5)", lambda: Range("AA").sample(2.5), InvalidTypeError, T),
    ("Range.sample(seed=-1)", lambda: Range("AA").sample(2, seed=-1), InvalidValueError, V),
    ("HandIndexer(rounds=(4, 3.0))", lambda: HandIndexer((4, 3.0)), SolverTypeError, T),
    ("HandIndexer().size(True)", lambda: HandIndexer().size(True), SolverTypeError, T),
    ("HandIndexer().unindex(0, 16432)", lambda: HandIndexer().unindex(0, 16432),
     SolverValueError, V),
]

RIVER = "Ah Kd 7c 8s 2h"


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


# --- what the silent coercions give now ------------------------------------------------------

def test_a_pattern_holding_a_card_twice_names_it():
    with pytest.raises(RangeError, match="AsAsKdKc holds As twice"):
        Range("AsAsKdKc")
    with pytest.raises(RangeError, match="position 4: KsKs holds Ks twice"):
        Range("AA,KsKs")
    with pytest.raises(RangeError, match="RxRx holds Rx twice"):
        Range("RxRx")                           # one rank and one suit: the same card
    assert len(Range("AsKs")) == 1225          # one card of each is fine
    assert len(Range("RxRy")) > 0 and len(Range("[A,K]s[A,K]s")) == 1225


def test_a_hand_of_the_wrong_length_is_named():
    with pytest.raises(InvalidCardError, match="hero hand 1 needs 4 cards, got 3"):
        showdown_values(RIVER, ["3c4dKsKh", "3c4dQs"], ["3d4hQsQc"])
    with pytest.raises(InvalidCardError, match="villain row 1 has 3 cards"):
        showdown_values(RIVER, ["3c4dKsKh"], [[0, 1, 2, 3], [4, 5, 6]])
    with pytest.raises(InvalidCardError, match="holes row 2 has 5 cards"):
        hand_strength([[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11, 12]], "Ah 4d 7c")
    with pytest.raises(InvalidCardError, match="hands must be .* same length"):
        equity_batch([[[51, 47, 11, 7], [46, 45, 42]]], [[16, 29, 30, 2]])


def test_weights_that_overflow_are_refused_and_large_finite_ones_work():
    board = RIVER
    big = showdown_values(board, ["3c4dKsKh"], ["3d4hQsQc", "5d6hJsJc"], [1e300, 1e300])
    assert np.isfinite(big.value).all() and big.reach[0] == 2e300
    with pytest.raises(InvalidWeightsError, match="scale them down"):
        showdown_values(board, ["3c4dKsKh"], ["3d4hQsQc", "5d6hJsJc"], [1e308, 1e308])
    # strategy frequencies are floats: they stay accepted (and Python reals such as
    # Fractions), as do bool masks
    from fractions import Fraction
    half = showdown_values(board, ["3c4dKsKh"], ["3d4hQsQc"], [0.25])
    assert half.reach.tolist() == [0.25]
    assert showdown_values(board, ["3c4dKsKh"], ["3d4hQsQc"],
                           np.array([Fraction(1, 4)], dtype=object)).reach.tolist() == [0.25]
    assert showdown_values(board, ["3c4dKsKh"], ["3d4hQsQc"], np.array([True])).reach[0] == 1


def test_numpy_integers_are_ints():
    ix = HandIndexer(np.array([4, 3, 1, 1]))
    assert ix.rounds == (4, 3, 1, 1) and all(type(r) is int for r in ix.rounds)
    assert ix.size(np.int64(1)) == ix.size(1)
    assert ix.cards(np.uint8(2)) == 8
    assert ix.unindex(np.int64(1), np.uint64(5)) == ix.unindex(1, 5)
    a = hand_strength(["AsAd2s3d"], "Ah 4d 7c", samples=np.int64(50), seed=np.uint64(3))
    b = hand_strength(["AsAd2s3d"], "Ah 4d 7c", samples=50, seed=3)
    assert a.equity.tolist() == b.equity.tolist()
    assert parse_cards(np.int64(51)) == (Card("As"),)
    assert Deck(seed=np.int64(3)).deal(np.int64(2)) == Deck(seed=3).deal(2)
    assert Range("AA").sample(np.int64(2), seed=np.uint8(3)) == Range("AA").sample(2, seed=3)
    mc = dict(mode="mc", samples=np.int64(2000), seed=np.uint64(2**64 - 1), threads=np.int8(1))
    assert equity(["As2s3h4h", "KcKdQcJd"], **mc) == equity(
        ["As2s3h4h", "KcKdQcJd"], mode="mc", samples=2000, seed=2**64 - 1, threads=1)
    assert Range.from_hands(["AsKsQsJs"], np.array([40])).weights.tolist() == [40]


def test_numpy_integer_seeds_reach_the_table():
    from omaha_fast import FixedLimit, Table
    def hole(seed, hand_seed):
        t = Table(structure=FixedLimit(2, 4), seats=2, stacks=[100, 100], seed=seed)
        return t.start_hand(seed=hand_seed).hole(0)
    assert hole(np.int64(5), None) == hole(5, None)
    assert hole(None, np.uint32(9)) == hole(None, 9)


def test_a_seed_out_of_range_names_the_range():
    with pytest.raises(SolverValueError, match=r"seed must be an int from 0 to 1844674407370955"):
        hand_strength(["KcQhJd9c"], "Ah 4d 7c", samples=10, seed=2**64 + 1)
    last = hand_strength(["KcQhJd9c"], "Ah 4d 7c", samples=10, seed=2**64 - 1)
    assert 0 <= last.equity[0] <= 1


@pytest.mark.parametrize("module, call, extra", [
    ("matplotlib",
     lambda: importlib.import_module("omaha_fast.sim.plot").check_plot_path("w.png"), "plot"),
    ("pettingzoo", lambda: importlib.import_module("omaha_fast.env"), "rl"),
], ids=["plot", "rl"])
def test_a_missing_extra_is_named(monkeypatch, module, call, extra):
    import sys

    from omaha_fast._extras import MissingExtraError

    monkeypatch.setitem(sys.modules, module, None)   # `import module` now fails
    monkeypatch.delitem(sys.modules, "omaha_fast.env", raising=False)
    with pytest.raises(MissingExtraError, match=rf"pip install .omaha_fast\[{extra}\]") as info:
        call()
    assert isinstance(info.value, ImportError) and isinstance(info.value, OmahaError)


# --- the C seam: _core checks every buffer itself and raises, naming the bad row ----------------

def test_core_checks_the_buffers_it_is_given():
    from omaha_fast import _core

    game = _core.game_code("hilo")
    rows = random_deals(3, 9, seed=2)
    holes, boards = np.ascontiguousarray(rows[:, :4]), np.ascontiguousarray(rows[:, 4:])
    high, low = np.empty(3, np.uint16), np.empty(3, np.uint8)
    _core.eval_batch(holes, boards, 5, game, high, low)
    calls = [
        (lambda: _core.eval_batch(holes, boards[:2], 5, game, high, low), "2"),
        (lambda: _core.eval_batch(holes, boards, 5, game, high[:2], low), "2 rows, expected 3"),
        (lambda: _core.eval_batch(holes, boards, 5, game, high.astype(np.float64), low),
         "uint16_t"),
        (lambda: _core.eval_batch(holes.tobytes()[:-1], boards, 5, game, high, low),
         "whole number of rows of 4"),
        (lambda: _core.eval_batch(holes, boards, 4, game, high, low), "rows of 4"),
        (lambda: _core.eval_batch(holes, boards, 5, game, bytes(6), low), "uint16_t|writable"),
        (lambda: _core.eval_batch(holes[:, ::2], boards, 5, game, high, low), "C-contiguous"),
        (lambda: _core.rank5_batch(rows[:, :5].copy(), np.empty(2, np.uint16)), "expected 3"),
        (lambda: _core.equity(bytes(range(7)), b"", b"", game, True, 0, 0, 1, None), "7 cards"),
        (lambda: _core.equity(bytes(range(8)), b"", b"", game, False, 10, 2**64, 1, None),
         "seed"),
        (lambda: _core.range_equity(rows[:, :4].copy(), np.ones(3, np.uint32), [1, 1], b"", b"",
                                    game, True, 0, 0, 1, None), "add up to 2 hands"),
        (lambda: _core.range_equity(rows[:, :4].copy(), np.ones(2, np.uint32), [1, 2], b"", b"",
                                    game, True, 0, 0, 1, None), "2 weights"),
        (lambda: _core.equity_batch(rows[:, :8].copy(), boards[:2], 2, 5, game,
                                    np.empty((3, 2))), "3 spots but boards has 2"),
        (lambda: _core.range_universe(np.empty((10, 4), np.uint8)), "270,725"),
        (lambda: _core.range_shape("ds", np.empty(10, np.uint8)), "270,725"),
        (lambda: _core.range_index(bytes([1, 2, 3])), "needs 4 or 5 cards"),
        (lambda: _core.showdown_values(bytes(rows[0, 4:]), holes, holes, np.ones(2), game,
                                       np.empty(3), np.empty(3), np.empty(3)),
         "2 villain weights for 3"),
        (lambda: _core.showdown_values(bytes(rows[0, 4:]), holes, holes, None, game,
                                       np.empty(3), np.empty(2), np.empty(3)), "expected 3"),
        (lambda: _core.strength_sample(holes, b"", game, 10, 1,
                                       tuple(np.empty(3) for _ in range(4)) + (np.empty(1),)),
         "expected 3"),
        (lambda: _core.Indexer((4, 3)).index_batch(0, holes, np.empty(2, np.uint64)),
         "expected 3"),
        (lambda: _core.Indexer((4, 3)).index_batch(1, holes, np.empty(3, np.uint64)),
         "rows of 7"),
        (lambda: _core.Indexer((4, 3)).unindex_batch(0, np.zeros(3, np.uint64),
                                                     np.empty((3, 7), np.uint8)), "rows of 4"),
    ]
    for call, message in calls:
        with pytest.raises(OmahaError, match=message) as info:
            call()
        assert isinstance(info.value, (ValueError, TypeError)), message


def test_core_names_the_bad_row_of_every_batch():
    from omaha_fast import _core

    deals = random_deals(4, 7, seed=3)
    deals[2, 5] = deals[2, 0]
    ix = _core.Indexer((4, 3))
    with pytest.raises(InvalidCardError, match=r"deal 2 \(.*\): .* twice in deal"):
        ix.index_batch(1, deals, np.empty(4, np.uint64))
    with pytest.raises(InvalidValueError, match="index 16432 is not in 0..16431"):
        ix.unindex_batch(0, np.array([3, 16432], np.uint64), np.empty((2, 4), np.uint8))
    holes = np.ascontiguousarray(random_deals(3, 4, seed=4))
    holes[1, 3] = 60
    with pytest.raises(InvalidCardError, match=r"hand 1 \(.*60.*\): card 60 in hand is out"):
        _core.strength_sample(holes, b"", _core.game_code("hilo"), 10, 1,
                              tuple(np.empty(3) for _ in range(5)))


def test_no_status_tuples_leave_core():
    """Wrappers raise; none hands back a status code with a bad row for the caller."""
    import inspect

    from omaha_fast import _core

    # every wrapper of the binding's modules (one per C header, all re-exported here)
    functions = [f for name, f in inspect.getmembers(_core, inspect.isfunction)
                 if f.__module__.startswith(_core.__name__ + ".") and not name.startswith("_")]
    functions += [f for name, f in inspect.getmembers(_core.Indexer, inspect.isfunction)
                  if not name.startswith("_")]
    assert len(functions) > 12
    for f in functions:
        returned = str(inspect.signature(f).return_annotation)
        assert "tuple[int, int" not in returned, f.__name__


# --- the policy over the whole package ----------------------------------------------------------

PACKAGE = Path(omaha_fast.__file__).parent
BUILTIN_ERRORS = frozenset(name for name, value in vars(builtins).items()
                           if isinstance(value, type) and issubclass(value, BaseException))
CONTROL_FLOW = frozenset({"SystemExit", "KeyboardInterrupt", "StopIteration",
                          "StopAsyncIteration", "GeneratorExit"})

# Builtin exceptions made on purpose, by (module, function, exception), each with its reason.
JUSTIFIED = {
    ("history/record.py", "_json_value", "TypeError"):
        "json.dumps calls its default= hook and expects a TypeError for what it cannot write",
    ("history/checks.py", "percent_value", "ValueError"):
        "a signal to its two callers, which catch it and raise RecordError naming the field",
    ("solve/__init__.py", "__getattr__", "AttributeError"):
        "a module's attribute protocol (PEP 562): from-imports and hasattr() expect it",
    ("view/__init__.py", "__getattr__", "AttributeError"):
        "a module's attribute protocol (PEP 562): from-imports and hasattr() expect it",
    ("agents/views.py", "__getattr__", "AttributeError"):
        "the attribute protocol: getattr(view, name, default) and hasattr() expect it",
}


def _modules():
    return sorted(p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.py"))


def _builtin_errors_made(path):
    return _builtin_errors_in((PACKAGE / path).read_text(encoding="utf-8"))


def _builtin_errors_in(source):
    """(function, exception, line) of every builtin exception the source constructs or
    raises by name: ``raise ValueError(...)``, ``raise ValueError``, ``return
    MemoryError(...)``; re-raising a caught error and naming one in ``except`` or
    ``isinstance`` are not counted."""
    found = []

    def visit(node, function):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            function = node.name
        named = None
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            named = node.func.id
        elif isinstance(node, ast.Raise) and isinstance(node.exc, ast.Name):
            named = node.exc.id
        if named in BUILTIN_ERRORS and named not in CONTROL_FLOW:
            found.append((function, named, node.lineno))
        for child in ast.iter_child_nodes(node):
            visit(child, function)

    visit(ast.parse(source), "<module>")
    return found


@pytest.mark.parametrize("path", _modules())
def test_no_module_raises_a_bare_builtin_error(path):
    bad = [f"{path}:{line} {function}() makes a bare {name}"
           for function, name, line in _builtin_errors_made(path)
           if (path, function, name) not in JUSTIFIED]
    assert not bad, "\n".join(bad)


def test_the_walk_sees_what_it_must_and_nothing_else():
    source = (
        "def f(x):\n"
        "    try:\n"
        "        g()\n"
        "    except (ValueError, TypeError) as err:\n"
        "        if isinstance(err, KeyError):\n"
        "            raise\n"
        "        raise InvalidValueError(str(err)) from None\n"
        "    if x:\n"
        "        raise SystemExit(2)\n"
        "    if x > 1:\n"
        "        raise ValueError('no')\n"
        "    return MemoryError('full')\n"
        "def h():\n"
        "    raise IndexError\n")
    assert _builtin_errors_in(source) == [("f", "ValueError", 11), ("f", "MemoryError", 12),
                                          ("h", "IndexError", 14)]


def test_every_exception_class_of_the_package_is_an_omaha_error():
    from omaha_fast._extras import MissingExtraError

    classes = {}
    for info in pkgutil.walk_packages(omaha_fast.__path__, "omaha_fast."):
        if info.name.endswith("__main__"):
            continue                                # running it would start the CLI
        if info.name == "omaha_fast._core._build":
            continue                                # the build script: it reads csrc/,
                                                    # which a wheel does not ship
        try:
            module = importlib.import_module(info.name)
        except MissingExtraError:                   # an optional part whose extra is absent
            continue
        for name, value in vars(module).items():
            if (isinstance(value, type) and issubclass(value, BaseException)
                    and value.__module__ == module.__name__):
                classes[f"{module.__name__}.{name}"] = value
    assert len(classes) >= 15 and "omaha_fast.kernels.SolverValueError" in classes
    # a stop request (SIGTERM) is not an error: it is a KeyboardInterrupt, so that no
    # ``except Exception`` swallows it; every other class is an OmahaError
    signals = {name for name, cls in classes.items() if not issubclass(cls, Exception)}
    assert signals == {"omaha_fast.runner.stopping.Terminated"}, signals
    assert all(issubclass(classes[name], KeyboardInterrupt) for name in signals)
    strays = [name for name, cls in classes.items()
              if name not in signals and not issubclass(cls, OmahaError)]
    assert not strays, strays
    # a ValueError of the package is an InvalidValueError, a TypeError an
    # InvalidTypeError, so one except clause of the package's catches every such error
    loose = [name for name, cls in classes.items()
             if ((issubclass(cls, ValueError) and not issubclass(cls, InvalidValueError))
                  or (issubclass(cls, TypeError) and not issubclass(cls, InvalidTypeError)))]
    assert not loose, loose
    # and each but the base is also the builtin it resembles
    plain = [name for name, cls in classes.items()
             if cls is not OmahaError and cls.__mro__[-2:] == (Exception, BaseException)
             and not any(b.__module__ == "builtins" and b not in (Exception, BaseException,
                                                                    object)
                         for b in cls.__mro__)]
    assert not plain, plain


def test_status_error_is_the_one_door_and_keeps_the_kind():
    from omaha_fast import _core
    from omaha_fast.errors import NoDealError, OutOfMemoryError

    lib = _core.lib
    row = {"hand": [1, 2, 3, 60], "board": [10, 11, 12]}
    assert isinstance(_core.status_error(lib.OF_ERR_CARD, "row 3", row), InvalidCardError)
    full = _core.status_error(lib.OF_ERR_NOMEM, "row 3", row)   # not a card problem
    assert isinstance(full, OutOfMemoryError) and isinstance(full, MemoryError)
    assert isinstance(full, OmahaError) and str(full) == "row 3: out of memory"
    assert isinstance(_core.status_error(lib.OF_ERR_NO_DEAL), NoDealError)
    assert isinstance(_core.status_error(lib.OF_ERR_ARG), InvalidValueError)
    dup = _core.status_error(lib.OF_ERR_DUPLICATE, "row 1", {"hole": [0, 1, 2, 3],
                                                             "board": [3, 8, 9]})
    assert str(dup) == "row 1 (2c 2d 2h 2s on 2s 4c 4d): 2s is on the board"
