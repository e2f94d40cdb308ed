"""The engine's vocabulary: string enums that every caller passing or comparing plain
strings still reads as those strings, and that the engine hands back in its records."""

from __future__ import annotations

import json
import pickle

import pytest

from omaha_fast import FixedLimit, InvalidValueError, NoLimit, PotLimit, Table
from omaha_fast.game import ActionKind, Game, Street, StructureKind
from omaha_fast.game.rules import HandSettings, Rules
from omaha_fast.game.values import KINDS, STREETS, Action

ENUMS = [Game, Street, ActionKind, StructureKind]


@pytest.mark.parametrize("enum", ENUMS, ids=lambda e: e.__name__)
def test_each_member_is_its_string(enum):
    for member in enum:
        text = member.value
        assert isinstance(member, str) and member == text and text == member
        assert hash(member) == hash(text) and {text: 1}[member] == 1
        assert str(member) == f"{member}" == text and repr(member) == repr(text)
        assert json.dumps(member) == json.dumps(text)
        assert enum(text) is member and pickle.loads(pickle.dumps(member)) is member


def test_members_keep_every_str_method():
    # a member property named like a str method would shadow it (Street.number, not index)
    assert Street.FLOP.index("o") == 2 and Street.FLOP.upper() == "FLOP"
    assert [Street.of(s.number) for s in Street] == list(Street)
    assert STREETS == (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER)
    assert KINDS == ("fold", "check", "call", "bet", "raise_to", "all_in")


def hand(**settings):
    table = Table(seats=3, stacks=[200] * 3, **(settings or {"structure": FixedLimit(10, 20)}))
    return table.start_hand(holes={0: "AsKs2h3h", 1: "QdQc7d6d", 2: "9c8c5h4h"},
                            board="Ah7s4c2dJh")


@pytest.mark.parametrize("as_str", [True, False])
def test_actions_take_strings_or_members_and_record_members(as_str):
    h = hand(structure=NoLimit(), blinds=(5, 10))
    plan = [("raise_to", 30), ("call", None), ("fold", None), ("check", None),
            ("bet", 20), ("all_in", None), ("call", None)]
    for kind, amount in plan:
        asked = kind if as_str else ActionKind(kind)
        action = h.act(asked, amount)
        assert type(action.kind) is ActionKind and type(action.verb) is ActionKind
        assert action.verb == ("all_in" if action.all_in else kind)
        assert action.kind == (kind if kind != "all_in" else "raise_to")   # over a bet
    assert h.finished and type(h.street) is Street and h.street == "over"
    assert all(type(k) is ActionKind for k in Table(
        structure=FixedLimit(10, 20), seats=2, stacks=[50, 50]).start_hand().legal_actions().kinds)


def test_records_print_and_evaluate_as_before():
    h = hand()
    a = h.call()
    assert repr(a) == "Action(street=0, seat=0, kind='call', to=10, added=10, all_in=False)"
    assert eval(repr(a)) == a and str(a) == "seat 0 call 10"
    assert json.loads(json.dumps(a)) == [0, 0, "call", 10, 10, False]
    assert Action(0, 0, "call", 10, 10, False) == a      # a plain-str record equals it


def test_rules_store_the_game_and_the_structure_name_as_members():
    rules = Rules(structure=PotLimit(), blinds=(1, 2), game="high")
    assert rules.game is Game.HIGH and rules == Rules(structure=PotLimit(), blinds=(1, 2),
                                                      game=Game.HIGH)
    assert hash(rules) == hash(Rules(structure=PotLimit(), blinds=(1, 2), game=Game.HIGH))
    assert [s.name for s in (FixedLimit(2, 4), PotLimit(), NoLimit())] == list(StructureKind)
    assert "game=<" not in repr(rules) and "game='high'" in repr(rules)
    with pytest.raises(InvalidValueError, match="game must be one of 'hilo', 'high', 'bigo', "
                                                "'omaha5', 'omaha6', got 'x'"):
        Rules(structure=PotLimit(), blinds=(1, 2), game="x")


@pytest.mark.parametrize("structure, settings", [
    (FixedLimit(10, 20, cap=5, uncap_heads_up=True),
     HandSettings(StructureKind.FIXED_LIMIT, 5, True, (10, 10, 20, 20), 10, True)),
    (PotLimit(min_bet=4), HandSettings(StructureKind.POT_LIMIT, 0, False, (0, 0, 0, 0), 4,
                                       True)),
    (NoLimit(), HandSettings(StructureKind.NO_LIMIT, 0, False, (0, 0, 0, 0), 2, True)),
])
def test_the_rules_carry_what_hands_read_from_them(structure, settings):
    rules = Rules(structure=structure, blinds=(1, 2))
    assert rules.settings == settings
    assert Rules(structure=structure, blinds=(1, 2), game="high").settings.split_low is False
    # worked out with the rules, not compared or printed with them
    assert "settings" not in repr(rules)
