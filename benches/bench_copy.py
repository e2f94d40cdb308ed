"""Copying a hand for search: ``Hand.copy()`` against the generic deep copy that
``copy.deepcopy(hand)`` made before copies were routed to ``Hand.copy``; and the other
search affordances on the same hand: an exact copy, a push/pop pair, an information-set
key with its hash.

Run with ``python -m pytest benches/bench_copy.py --benchmark-enable``; the ratio of the
medians is the figure to report (the summary table gives copies per second). The
baseline deep-copies every slot of the hand, as the default ``deepcopy`` of a slotted
object does (its table comes along through the end-of-hand callback), on a seeded table:
the default secure shuffle could not be deep-copied at all.
"""

from __future__ import annotations

import copy

from omaha_fast import FixedLimit, Table
from omaha_fast.game.hand import Hand

COPIES = 200


def _flop_hand() -> Hand:
    """A 6-max fixed-limit hand on the flop, every player in."""
    table = Table(structure=FixedLimit(10, 20), seats=6, stacks=[1000] * 6, seed=1)
    hand = table.start_hand()
    while hand.street == "preflop":
        hand.call() if hand.legal_actions().to_call else hand.check()
    return hand


def generic_deepcopy(hand: Hand) -> Hand:
    """What ``copy.deepcopy(hand)`` did before Hand had ``__deepcopy__``: a new object with
    a deep copy of every slot, sharing one memo."""
    memo: dict[int, object] = {}
    new = object.__new__(Hand)
    for name in Hand.__slots__:
        object.__setattr__(new, name, copy.deepcopy(getattr(hand, name), memo))
    return new


def _many(make, hand: Hand) -> None:  # type: ignore[no-untyped-def]
    for _ in range(COPIES):
        make(hand)


def test_generic_deepcopy_baseline(benchmark, record_rate):  # type: ignore[no-untyped-def]
    hand = _flop_hand()
    benchmark(_many, generic_deepcopy, hand)
    record_rate(COPIES, kind="hand copies (generic deepcopy, the old copy.deepcopy)")
    c = generic_deepcopy(hand)
    c.check()
    assert hand.actions != c.actions


def test_hand_copy(benchmark, record_rate):  # type: ignore[no-untyped-def]
    hand = _flop_hand()
    benchmark(_many, Hand.copy, hand)
    record_rate(COPIES, kind="hand copies (Hand.copy)")
    c = hand.copy()
    c.check()
    assert hand.actions != c.actions


def test_hand_copy_exact(benchmark, record_rate):  # type: ignore[no-untyped-def]
    hand = _flop_hand()
    benchmark(_many, lambda h: h.copy(exact=True), hand)
    record_rate(COPIES, kind="exact hand copies (Hand.copy(exact=True))")
    assert hand.copy(exact=True) == hand


def _push_pop(hand: Hand) -> None:
    for _ in range(COPIES):
        hand.push("check")
        hand.pop()


def test_push_pop(benchmark, record_rate):  # type: ignore[no-untyped-def]
    hand = _flop_hand().copy(exact=True)      # push works on a hand detached from its table
    before = hand.copy(exact=True)
    benchmark(_push_pop, hand)
    record_rate(COPIES, kind="push('check') + pop() pairs")
    assert hand == before


def _keys(hand: Hand) -> None:
    seat = hand.seats[0]
    for _ in range(COPIES):
        hash(hand.key(seat))


def test_information_set_key(benchmark, record_rate):  # type: ignore[no-untyped-def]
    hand = _flop_hand()
    benchmark(_keys, hand)
    record_rate(COPIES, kind="hash(hand.key(seat))")
