"""Betting legality: what the player to act may do, and why anything else is refused.

The rules live here once: :meth:`Betting.legal_actions` summarises them and
:meth:`Betting.verify` applies them to one proposed action (``can`` is ``verify`` as a
bool). :class:`~omaha_fast.game.hand.Hand` builds on this class and applies the actions.

Fixed limit: bets and raises of exactly the street's size, a cap on the number of bets,
and TDA 47B (an all-in of half a bet or more is a full bet or raise). Pot and no limit:
a minimum bet, raises of at least the last full raise, the pot-limit maximum, and TDA 47A
(a player who has acted may raise again only when facing a full raise, or short all-ins
adding up to one). Nobody raises when no opponent could put in more than the bet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from .._checks import is_int
from ..errors import ActionTypeError, IllegalActionError
from .names import ActionKind
from .structures import StructureKind
from .values import STREETS, LegalActions, PlayerIndex, Seat, new_legal

if TYPE_CHECKING:
    from .rules import Rules

_FIXED_LIMIT = StructureKind.FIXED_LIMIT
_POT_LIMIT = StructureKind.POT_LIMIT
_FOLD, _CHECK, _CALL, _BET, _RAISE_TO, _ALL_IN = ActionKind


class Betting:
    """The legality half of a hand; the attributes are set by the Hand.

    Players are numbered by dealt-in index here (``PlayerIndex``: 0 left of the button,
    clockwise); ``_seats[i]`` is index i's table seat, used only in what callers see.
    """

    __slots__ = ()

    _actor: PlayerIndex              # the index to act; -1: nobody (over, or cards due)
    _awaiting: int                   # open board: the street whose cards are due, else 0
    _finished: bool
    _n_players: int                  # players dealt in
    _structure: StructureKind
    _seats: tuple[Seat, ...]         # by index
    _stacks: list[int]               # chips behind, by index
    _street_bets: list[int]          # chips in front on this street, by index
    _out: list[bool]                 # folded or all-in (no more decisions), by index
    _acted: list[bool]               # acted on this street, by index
    _acted_level: list[int]          # the bet each index faced when it last acted
    _current_bet: int                # the street total to call
    _full_level: int                 # fixed limit: the total of the last full bet or raise
    _min_raise: int                  # pot and no limit: the last full raise, the least
                                     # a raise must add
    _bet_count: int                  # fixed limit: bets and raises this street (the cap)
    _cap: int
    _uncapped: bool
    _bet_size: int                   # fixed limit: this street's bet
    _min_bet: int
    _in_pot: int                     # every chip committed, bets in front included
    _n_can_bet: int                  # players neither folded nor all-in
    _stack_floor: int                # the smallest stack + bet this street (see below)
    _legal: Optional[LegalActions]   # legal_actions() of the actor, until the next change
    rules: Rules

    def legal_actions(self) -> LegalActions:
        """What the player to act may do.

        Raises IllegalActionError once the hand is over. Cached until the next action
        changes the state: one pass serves legal_actions, verify and act.
        """
        # The cache is read before _finished: every action clears it (_fold, _put) before
        # it can end the hand, and a finished hand never fills it (it raises below), so a
        # cached value always belongs to a hand still in play.
        legal = self._legal
        if legal is not None:
            return legal
        i = self._actor
        if i < 0:
            raise IllegalActionError(f"no action is possible: {self._no_actor()}")
        stack = self._stacks[i]
        bet = self._street_bets[i]
        current = self._current_bet
        to_call = current - bet
        total = bet + stack
        lo = hi = all_in_to = 0
        if stack <= to_call:
            call = stack
            all_in_to = total if stack else 0
        else:
            call = to_call
            structure = self._structure
            # may i raise? Someone must be left to face it (two players can still bet);
            # fixed limit: below the cap, and reopened by a full bet since i acted;
            # TDA 47A otherwise: reopened only by a full raise, or short all-ins adding
            # up to one
            if self._n_can_bet <= 1:
                open_ = False
            elif structure is _FIXED_LIMIT:
                open_ = ((self._bet_count < self._cap or self._uncapped) and
                         (not self._acted[i] or self._full_level > self._acted_level[i]))
            else:
                open_ = (not self._acted[i] or
                         current - self._acted_level[i] >= self._min_raise)
            # and an opponent who could put in more than the current bet. The search is
            # skipped while the current bet is below _stack_floor, the smallest stack when the
            # round began (bets were 0 then, except the blinds preflop, which only raise
            # a stack + bet). That is sound because:
            # - a player's stack + bet is constant within a round (chips only move from
            #   stack to bet), so every player can still reach at least _stack_floor;
            # - _n_can_bet >= 2 (checked above) means some other player is neither folded
            #   nor all-in, and he can put in stack + bet >= _stack_floor > current;
            # - anyone all-in this round has stack + bet == his bet <= current, so then
            #   _stack_floor <= current and the full search below runs.
            if (open_ and current >= self._stack_floor and
                    not self.rules.allow_uncallable_raise):
                stack_, bet_, out = self._stacks, self._street_bets, self._out
                open_ = any(j != i and not out[j] and stack_[j] + bet_[j] > current
                            for j in range(self._n_players))
            if open_:
                if structure is _FIXED_LIMIT:
                    lo = hi = self._full_level + self._bet_size
                elif structure is _POT_LIMIT:
                    lo = current + self._min_raise if current else self._min_bet
                    hi = max(lo, current + self._in_pot + to_call)
                else:
                    lo = current + self._min_raise if current else self._min_bet
                    hi = total
                if total <= hi:
                    all_in_to = total
                if total < lo:
                    lo = hi = 0
                elif hi > total:
                    hi = total
        legal = self._legal = new_legal((  # type: ignore[misc]  # a slot of Hand
            self._seats[i], to_call > 0 or self.rules.allow_fold_when_check, to_call == 0,
            to_call, call,
            lo > 0 and not current, lo > 0 and current > 0, lo, hi, all_in_to))
        return legal

    def _no_actor(self) -> str:
        """Why nobody may act: the hand is over, or (open board) a street is due."""
        if self._finished:
            return "the hand is over"
        return f"the {STREETS[self._awaiting]} must be dealt first (hand.deal)"

    def verify(self, kind: str, amount: Optional[int] = None, *,
               seat: Optional[int] = None) -> int:
        """Raise IllegalActionError if the action is not allowed now; otherwise return the
        acting player's street total after it.

        ``kind`` is fold, check, call, bet, raise_to or all_in. ``amount`` is the street
        total for bet and raise_to (required) and for all_in (optional); for call it is
        optional and means the chips the call adds (``legal_actions().call``, the
        ``added`` of the call's :class:`Action`), not the street total; fold and check
        take no amount. An optional amount, when given, must be exactly that figure.
        A bet or raise is a whole number of the table's chips. ``seat``, when given, must
        be the (int) seat to act.
        """
        i = self._actor
        if i < 0:
            raise IllegalActionError(f"{_say(kind, amount)} is not allowed: "
                                     f"{self._no_actor()}")
        if seat is not None:
            if seat.__class__ is not int and not is_int(seat):
                raise ActionTypeError(f"seat must be an int seat number, got {seat!r} "
                                         f"(seat {self._seats[i]} is to act)")
            if seat != self._seats[i]:
                raise IllegalActionError(f"seat {seat} cannot {_say(kind, amount)}: it is "
                                         f"seat {self._seats[i]}'s turn to act")
        if amount is not None and amount.__class__ is not int and not is_int(amount):
            raise ActionTypeError(f"{_say(kind, amount)} is not allowed: an amount is an int "
                                  f"number of chips ({self.legal_actions().describe()})")
        legal = self._legal or self.legal_actions()
        # LegalActions by position (cheaper than the names, once per action):
        # [4] call, [7] min_to, [8] max_to, [9] all_in_to
        call, lo, hi, all_in_to = legal[4], legal[7], legal[8], legal[9]
        bet = self._street_bets[i]
        to_call = self._current_bet - bet
        if kind == _FOLD:
            if not to_call and not self.rules.allow_fold_when_check:
                # folding for free would only hand the pot to players who did not pay for it
                # (the card rooms allow it: Rules.allow_fold_when_check)
                raise self._refuse(kind, amount, "there is nothing to call; check instead")
            if amount is not None:
                raise self._refuse(kind, amount, "a fold takes no amount")
            return bet
        if kind == _CHECK:
            if to_call:
                raise self._refuse(kind, amount, f"there are {to_call} to call")
            if amount is not None:
                raise self._refuse(kind, amount, "a check takes no amount")
            return bet
        if kind == _CALL:
            if not to_call:
                raise self._refuse(kind, amount, "there is no bet to call")
            if amount is not None and amount != call:
                total = f", not the street total {bet + call}" if bet else ""
                raise self._refuse(kind, amount, f"a call adds {call} (the amount of a call "
                                                 f"is the chips added{total})")
            return bet + call
        if kind == _ALL_IN:
            if not all_in_to:
                raise self._refuse(kind, amount, "going all-in would exceed what the "
                                                 "betting allows")
            if amount is not None and amount != all_in_to:
                raise self._refuse(kind, amount, f"an all-in goes to {all_in_to} (the "
                                                 f"street total)")
            return all_in_to
        if kind != _BET and kind != _RAISE_TO:
            error = IllegalActionError if isinstance(kind, str) else ActionTypeError
            raise error(f"unknown action {kind!r}: the kinds are fold, check, "
                                     f"call, bet, raise_to and all_in "
                                     f"({self.legal_actions().describe()})")
        if amount is None:
            raise self._refuse(kind, amount, f"{kind} needs an amount, the street total")
        if kind == _BET and self._current_bet:
            raise self._refuse(kind, amount, f"there is already a bet of {self._current_bet}; "
                                             f"raise instead")
        if kind == _RAISE_TO and not self._current_bet:
            raise self._refuse(kind, amount, "there is no bet to raise; bet instead")
        if amount == all_in_to and amount:
            if amount > self._current_bet:
                return amount
            # an all-in that does not reach above the bet is a call, not a bet or raise
            raise self._refuse(kind, amount, f"an all-in to {amount} does not raise the bet "
                                             f"of {self._current_bet}: it is a call")
        if lo and amount == lo:
            return amount
        word = "bet" if kind == _BET else "raise"
        if not lo:
            if all_in_to and amount < all_in_to:
                raise self._refuse(kind, amount, f"only an all-in to {all_in_to} is possible")
            raise self._refuse(kind, amount, self._why_closed(i))
        if amount > bet + self._stacks[i]:
            raise self._refuse(kind, amount, f"the stack covers only {bet + self._stacks[i]}")
        if self._structure is _FIXED_LIMIT:
            raise self._refuse(kind, amount, f"fixed-limit {word}s go to exactly {lo}")
        if amount < lo:
            raise self._refuse(kind, amount, f"below the minimum {word} to {lo}")
        if amount > hi:
            limit = "pot-limit maximum" if self._structure is _POT_LIMIT else "maximum"
            raise self._refuse(kind, amount, f"above the {limit} {word} to {hi}")
        chip = self.rules.chip
        if amount % chip:
            raise self._refuse(kind, amount, f"the chip unit is {chip}: amounts must be "
                                             f"multiples of it")
        return amount

    def _refuse(self, kind: str, amount: object, why: str) -> IllegalActionError:
        """The refusal: what was asked, why not, and in brackets what is allowed."""
        return IllegalActionError(f"{_say(kind, amount)} is not allowed: {why} "
                                  f"({self.legal_actions().describe()})")

    def _why_closed(self, i: int) -> str:
        if self._structure is _FIXED_LIMIT and self._bet_count >= self._cap and not self._uncapped:
            return f"the betting is capped at {self._cap} bets"
        others = [j for j in range(self._n_players) if j != i and not self._out[j]
                  and self._stacks[j] + self._street_bets[j] > self._current_bet]
        if not others:
            return "no other player has chips to meet a raise"
        return "the betting was not reopened by a full raise"

    def can(self, kind: str, amount: Optional[int] = None, *,
            seat: Optional[int] = None) -> bool:
        """True if :meth:`verify` would accept the action."""
        try:
            self.verify(kind, amount, seat=seat)
        except IllegalActionError:
            return False
        return True


def _say(kind: str, amount: object) -> str:
    text = amount if is_int(amount) else repr(amount)
    if kind == _RAISE_TO:
        return f"raise to {text}"
    if kind == _ALL_IN:
        return "all-in" if amount is None else f"all-in to {text}"
    return kind if amount is None else f"{kind} {text}"


__all__ = ["Betting"]
