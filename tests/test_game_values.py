"""The engine's positional records: their fields are pinned here, so the fast constructors
(which fill fields by position) can never silently put a value in the wrong field."""

from __future__ import annotations

import random

import pytest

from omaha_fast.game import values
from omaha_fast.game.rules import Rules
from omaha_fast.game.structures import FixedLimit

PINNED = {
    values.Action: ("street", "seat", "kind", "to", "added", "all_in"),
    values.LegalActions: ("seat", "can_fold", "can_check", "to_call", "call", "can_bet",
                          "can_raise", "min_to", "max_to", "all_in_to"),
    values.Post: ("seat", "kind", "amount"),
    values.Setup: ("rules", "table_size", "button", "seats", "stacks", "posts", "big_blind",
                   "level", "holes", "board", "rng", "hand_id", "burns", "open_board"),
    values.Pot: ("amount", "eligible"),
    values.PotAward: ("amount", "rake", "eligible", "high_winners", "low_winners", "shares"),
}
FAST = {values.Action: values.new_action, values.LegalActions: values.new_legal,
        values.Post: values.new_post, values.Setup: values.new_setup,
        values.PotAward: values.new_award}


@pytest.mark.parametrize("cls", list(PINNED), ids=lambda c: c.__name__)
def test_fields_are_pinned(cls):
    assert cls._fields == PINNED[cls]


@pytest.mark.parametrize("cls", list(FAST), ids=lambda c: c.__name__)
def test_fast_constructor_fills_each_field_by_name(cls):
    # a distinct value per field: the fast (positional) record must equal the keyword one
    distinct = {name: (name, i) for i, name in enumerate(cls._fields)}
    if cls is values.Setup:
        distinct["rules"] = Rules(structure=FixedLimit(10, 20))
        distinct["rng"] = random.Random(1)
    fast = FAST[cls](tuple(distinct[n] for n in cls._fields))
    assert type(fast) is cls
    assert fast == cls(**distinct)
    for name in cls._fields:
        assert getattr(fast, name) is distinct[name]


def test_the_old_import_paths_still_work():
    from omaha_fast.game.actions import Action, LegalActions
    from omaha_fast.game.hand import Post, Setup
    from omaha_fast.game.pots import Pot, PotAward
    assert (Action, LegalActions, Post, Setup, Pot, PotAward) == (
        values.Action, values.LegalActions, values.Post, values.Setup, values.Pot,
        values.PotAward)
