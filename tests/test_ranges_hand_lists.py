"""A range text that only lists hands (as a solve's reaching range is written) is read at
once, to the same weights as the parser gives it hand by hand; anything else, or a list
with a problem, goes to the parser, which names the problem."""

from __future__ import annotations

import numpy as np
import pytest

from omaha_fast import Range, RangeError
from omaha_fast.ranges import _hand_list, _hand_text, universe


def hands(n, seed):
    u = universe()
    return [_hand_text(h) for h in u[np.random.default_rng(seed).choice(len(u), n,
                                                                          replace=False)]]


@pytest.mark.parametrize("weighted", [False, True])
def test_a_hand_list_reads_as_the_parser_reads_it(weighted):
    texts = hands(400, 1)
    rng = np.random.default_rng(2)
    # repeats too: a hand listed twice takes its highest weight, as in the syntax
    texts += texts[:50]
    if weighted:
        texts = [f"{t}@{w}" for t, w in zip(texts, rng.integers(1, 101, len(texts)))]
    text = ",".join(texts)
    assert _hand_list(text) is not None
    fast = Range(text)
    slow = Range(", ".join(texts))          # blanks: the parser reads this one
    assert _hand_list(", ".join(texts)) is None
    assert fast == slow and len(fast) == 400
    assert (fast.weights == slow.weights).all()


def test_card_order_and_one_hand():
    assert Range("2c3dAsKh") == Range("AsKh3d2c") == Range("As Kh 3d 2c")
    assert Range("AsKh3d2c@40").weights.tolist() == [40]


@pytest.mark.parametrize("text, message", [
    ("AsKh3d2c@40,QsQh9c9d", "no weight"),
    ("AsAs3d2c", "As"),
    ("AsKh3d2c@0", "weight"),
    ("AsKh3d2c@101", "weight"),
])
def test_a_list_with_a_problem_is_named_by_the_parser(text, message):
    assert _hand_list(text) is None
    with pytest.raises(RangeError, match=message):
        Range(text)


def test_other_texts_are_left_to_the_parser():
    for text in ("AA", "AsKh3d2c,KK", "AsKh3d", "AsKh3d2c5s", "15%", "(AsKh3d2c)@50"):
        assert _hand_list(text) is None
    assert len(Range("AsKh3d2c,KK")) == 1 + len(Range("KK"))
