"""Replaying a hand record through the real engine.

Every recorded action is checked by the engine as it is applied; the engine's own
settlement gives the final stacks, which are compared with the recorded ones. Unknown
hole cards (``None``) are dealt at random, but board cards never are: a record whose
actions reach a street, or an all-in runout, without the board cards for it is refused.

>>> from omaha_fast.game import Table, FixedLimit
>>> t = Table(structure=FixedLimit(10, 20), seats=3, stacks=[100, 100, 100], seed=1)
>>> h = t.start_hand()
>>> while not h.finished:
...     _ = h.call() if h.legal_actions().to_call else h.check()
>>> result = replay(HandRecord.from_hand(h))
>>> result.agrees, result.replayed == [h.stacks[s] for s in range(3)]
(True, True)
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple, Optional

from ..cards import Card, check_disjoint, format_cards, parse_group
from ..errors import IllegalActionError, InvalidCardError
from ..game.hand import Hand, Post, Setup
from ..game.names import Game
from ..game.rules import check_unit
from ..game.structures import check_chips
from .checks import short
from .record import HandRecord, RecordError

_MARKER_STREET = {"flop": "flop", "turn": "turn", "river": "river"}
_STREET_INDEX = {"preflop": 0, "flop": 1, "turn": 2, "river": 3}


class ReplayError(RecordError):
    """The engine refused a recorded action, or the record cannot start a hand."""


class ReplayResult(NamedTuple):
    """A replayed hand: the engine's hand, and the recorded and replayed final stacks."""

    record: HandRecord
    hand: Hand
    recorded: Optional[list[Optional[int]]]
    replayed: list[Optional[int]]

    @property
    def agrees(self) -> bool:
        """True when the record has final stacks and the engine reached the same ones."""
        return self.recorded is not None and self.recorded == self.replayed


def start_from_record(record: HandRecord) -> Hand:
    """A hand set up exactly as the record says (seats, button, stacks, posts, cards)."""
    where = record.where()
    rules = record.make_rules()      # checks every field first
    n = record.table_size
    order = [(record.button + k) % n for k in range(1, n + 1)]
    seats = tuple(s for s in order if record.stacks[s] is not None)
    game = Game(rules.game)
    n_hole = game.hole_cards
    if len(seats) > game.max_players:
        raise ReplayError(f"{where}{len(seats)} players in a hand of {game}: one deck deals "
                          f"{n_hole} hole cards to at most {game.max_players}")
    try:
        for s in seats:     # whole numbers of the table's chips, like every amount
            check_unit(check_chips(record.stacks[s], f"seat {s}'s stack", positive=True),
                       rules.chip, f"seat {s}'s stack")
        for seat, kind, amount in record.posts:
            check_unit(check_chips(amount, f"seat {seat}'s {kind}"), rules.chip,
                       f"seat {seat}'s {kind}")
    except ValueError as e:
        raise ReplayError(f"{where}{e}") from None
    try:
        holes: dict[int, Any] = {}
        groups: dict[str, tuple[Card, ...]] = {}
        for s in seats:
            text = record.holes[s]
            holes[s] = None if text is None else parse_group(text, (n_hole,), f"seat {s}'s hole")
        for entry in record.actions:    # cards shown at showdown are the hole, known or not
            if len(entry) == 3 and entry[1] == "show":
                s = entry[0]
                cards = parse_group(entry[2], (n_hole,), f"seat {s}'s shown hand")
                if holes[s] is not None and set(holes[s]) != set(cards):
                    raise InvalidCardError(f"seat {s} shows {format_cards(cards)} but was "
                                           f"dealt {format_cards(holes[s])}")
                holes[s] = cards
        for s in seats:
            if holes[s]:
                groups[f"seat {s}'s hole"] = holes[s]
        board = parse_group(record.board or "", (0, 3, 4, 5), "board")
        burns = record.extra.get("burns") or ""
        if not isinstance(burns, str):
            raise InvalidCardError(f"burns must be a string of cards, got {short(burns)}")
        burned = parse_group(burns, (0, 1, 2, 3), "burns")
        check_disjoint(**groups, board=board, burns=burned)
    except InvalidCardError as e:
        raise ReplayError(f"{where}{e}") from None
    posts = [Post(seat, kind, amount) for seat, kind, amount in record.posts]
    big_blind = record.big_blind
    if big_blind is None:
        blinds = [(p.amount, seats.index(p.seat)) for p in posts if p.kind == "blind"]
        if blinds:
            big_blind = seats[max(blinds)[1]]   # the largest blind, the later on a tie
    assert rules.blinds is not None   # Rules fills in the default blinds
    setup = Setup(rules=rules, table_size=n, button=record.button, seats=seats,
                  stacks=tuple(record.stacks[s] for s in seats),  # type: ignore[misc]
                  posts=tuple(posts), big_blind=big_blind,
                  level=rules.blinds[1] if big_blind is not None else 0,
                  holes=holes, board=board, rng=random.Random(0), hand_id=record.id,
                  burns=burned)
    return Hand(setup)


def replay(record: HandRecord) -> ReplayResult:
    """Play the record's actions through the engine; raise ReplayError, naming the action
    and the engine's reason, if one is refused or the record stops before the end, or
    if the hand reaches a street (or a showdown or all-in runout) whose board cards the
    record does not list."""
    hand = start_from_record(record)
    where = record.where()
    for seat in record.extra.get("forfeits") or ():   # all-in on the posts, gave up the pot
        try:
            hand.forfeit(seat)
        except IllegalActionError as e:
            raise ReplayError(f"{where}{e}") from None
    sources = record.sources
    marked = 0      # the last street the record has dealt (1 flop .. 3 river)
    for k, entry in enumerate(record.actions):
        label = sources[k] if sources and k < len(sources) else f"action {k} {entry!r}"
        if not entry:
            raise ReplayError(f"{where}action {k} is empty")
        _check_board(hand, where, label)
        head = entry[0]
        if isinstance(head, str):
            street = _MARKER_STREET.get(head)
            if head not in ("flop", "turn", "river", "showdown"):
                raise ReplayError(f"{where}action {k}: unknown street marker {head!r}")
            if street and not hand.finished and hand.street != street:
                at = sources[k] if sources and k < len(sources) else f"action {k}"
                raise ReplayError(f"{where}{at}: the record deals the {street} but the "
                                  f"{hand.street} betting is not over (seat {hand.to_act} "
                                  f"to act)")
            if street:
                marked = max(marked, _STREET_INDEX[street])
            continue
        if len(entry) != 3:
            raise ReplayError(f"{where}action {k} must be [seat, verb, amount], "
                              f"got {entry!r}")
        seat, verb, amount = entry
        if verb in ("show", "muck"):
            continue    # the engine decides the showdown itself; chips do not depend on it
        street_now = _STREET_INDEX.get(hand.street, 0)
        if street_now > marked:     # a record says where each street starts
            raise ReplayError(f"{where}{label}: the {hand.street} betting has started but the "
                              f"record does not deal the {hand.street} (no "
                              f"[\"{hand.street}\"] marker before this action)")
        try:
            _apply(hand, seat, verb, amount)
        except IllegalActionError as e:
            raise ReplayError(f"{where}{label}: {e}") from None
    if not hand.finished:
        raise ReplayError(f"{where}the record ends before the hand is over (seat "
                          f"{hand.to_act} to act on the {hand.street})")
    _check_board(hand, where, "at the end of the record")
    replayed: list[Optional[int]] = [None] * record.table_size
    for s, stack in hand.stacks.items():
        replayed[s] = stack
    return ReplayResult(record, hand, record.final_stacks, replayed)


_STREET_CARDS = ((3, "flop"), (4, "turn"), (5, "river"))


def _check_board(hand: Hand, where: str, after: str) -> None:
    """Refuse the record once the hand has turned over more board cards than it lists:
    the engine would have made them up."""
    recorded = hand.setup.board
    dealt = len(hand.board)
    if dealt <= len(recorded):
        return
    missing = [name for cards, name in _STREET_CARDS if len(recorded) < cards <= dealt]
    if not hand.finished:
        reach = f"reaches the {hand.street}"
    elif hand.street == "over" and dealt == 5 and len(hand.shown) + len(hand.mucked) > 1:
        reach = "goes to a showdown"
    else:
        reach = f"deals the {missing[-1]}"
    listed = (f"only {len(recorded)} cards ({format_cards(recorded)})" if recorded
              else "no cards")
    raise ReplayError(f"{where}{after}: the hand {reach} but the record's board has "
                      f"{listed}: the {' and '.join(missing)} "
                      f"{'card is' if missing == ['turn'] or missing == ['river'] else 'cards are'}"
                      f" missing")


def _apply(hand: Hand, seat: int, verb: str, amount: Optional[int]) -> None:
    if hand.finished:
        raise IllegalActionError(f"seat {seat} {verb} after the hand is over")
    if seat != hand.to_act:
        raise IllegalActionError(f"seat {seat} acts out of turn: seat {hand.to_act} "
                                 f"is to act")
    legal = hand.legal_actions()
    if verb == "check_or_call":
        verb = "call" if legal.to_call else "check"
    if verb in ("fold", "check"):
        hand.act(verb)
    elif verb == "call":
        if amount is not None and amount != legal.call:
            raise IllegalActionError(f"the record calls {amount} but a call adds "
                                     f"{legal.call}")
        hand.act("call")
    elif verb in ("bet", "raise_to", "bet_or_raise_to", "all_in"):
        if verb == "all_in" or amount == legal.all_in_to and legal.all_in_to:
            if amount is not None and amount != legal.all_in_to:
                raise IllegalActionError(f"the record goes all-in to {amount} but an all-in "
                                         f"goes to {legal.all_in_to or 'nothing'}"
                                         f" ({legal.describe()})")
            hand.act("all_in")
        else:
            # a bet or a raise as the engine sees it (sources differ on the first raise)
            hand.act("raise_to" if hand.current_bet else "bet", amount)
    else:
        raise IllegalActionError(f"unknown verb {verb!r}")


__all__ = ["replay", "start_from_record", "ReplayResult", "ReplayError"]
