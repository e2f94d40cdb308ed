"""The hand state machine: forced bets, dealing, betting rounds, runouts and settlement.

A :class:`Hand` comes from :meth:`Table.start_hand` (or from a replayed history). Ask it
who acts (``to_act``) and what is legal (``legal_actions()``), then apply one action at
a time; streets advance and the hand settles by itself. An illegal action raises
:class:`IllegalActionError` and leaves the hand exactly as it was.

>>> from omaha_fast.game import Table, FixedLimit
>>> t = Table(structure=FixedLimit(10, 20), seats=3, stacks=[100, 100, 100])
>>> h = t.start_hand(holes={0: "AsKs2h3h", 1: "QdQc7d6d", 2: "9c8c5h4h"}, board="Ah7s4c2dJh")
>>> h.to_act, h.legal_actions().describe()
(0, 'fold, call 10, raise to 20')
>>> h.raise_to(25)
Traceback (most recent call last):
...
omaha_fast.errors.IllegalActionError: raise to 25 is not allowed: fixed-limit raises go to exactly 20 (fold, call 10, raise to 20)
>>> _ = h.call(); _ = h.call(); _ = h.check()        # button, small blind, big blind
>>> h.street
'flop'
>>> for _ in range(9): _ = h.check()
>>> h.finished, h.payouts
(True, {1: 0, 2: 0, 0: 30})
"""  # noqa: E501 (a doctest's exception line)

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from types import MethodType
from typing import Any, NamedTuple, Optional, Union

from .._checks import check_bool, check_int
from ..cards import Card, CardsLike, check_disjoint, format_cards, parse_group
from ..errors import IllegalActionError, InvalidValueError
from .betting import Betting
from .deal import SECURE, Dealer
from .names import ActionKind, Game, Street
from .pots import build_pots, pots_in_play
from .settlement import award_pots
from .showdown import choose_shows, fill_values, showdown_order
from .structures import StructureKind
from .values import (
    STREETS,
    Action,
    IndexAward,
    LegalActions,
    PlayerIndex,
    Post,
    Pot,
    PotAward,
    Seat,
    Setup,
    new_action,
    new_award,
    new_index_award,
    new_post,
)
from .view import HandView, make_view

# _CLOCKWISE[k][i]: the k indices after index i clockwise, ending with i itself
_CLOCKWISE = [tuple(tuple((i + step) % k for step in range(1, k + 1)) for i in range(k))
              for k in range(11)]
_INDEX_OF_SEAT: dict[tuple[Seat, ...], dict[Seat, PlayerIndex]] = {}
_FIXED_LIMIT = StructureKind.FIXED_LIMIT
_FOLD, _CHECK, _CALL, _BET, _RAISE_TO, _ALL_IN = ActionKind
_KIND_OF: dict[str, ActionKind] = {kind: kind for kind in ActionKind}   # str -> member
_OVER = Street.OVER
_new_hand = object.__new__


def _index_of_seat(seats: tuple[Seat, ...]) -> dict[Seat, PlayerIndex]:
    """Seat -> dealt-in index, shared by every hand with the same seating (read-only)."""
    if len(_INDEX_OF_SEAT) > 4096:
        _INDEX_OF_SEAT.clear()
    index = _INDEX_OF_SEAT[seats] = {s: i for i, s in enumerate(seats)}
    return index


class Hand(Betting):
    """One hand of Omaha at a table. See the module docstring for a short tour.

    Inside, every per-player list is by dealt-in index (0 is the first seat left of the
    button, then clockwise; ``_seats[i]`` is index i's seat); the few lists of seats say
    so in their names (``_forfeit_seats``), and the records callers see are by seat.
    What an action can change is listed once, in :class:`_HandState`; the rest is fixed
    when the cards are dealt.
    """

    __slots__ = (
        # fixed once the hand is dealt (a copy shares them)
        "rules", "setup", "_on_end", "_n_players", "_seats", "_index_of_seat", "_clockwise",
        "_structure", "_cap", "_uncap_heads_up", "_bet_sizes", "_min_bet", "_split_low",
        "_starting_stacks", "_dead_money", "_posted", "_holes", "_known",
        # what actions change: the fields of _HandState
        "_street", "_actor", "_current_bet", "_full_level", "_min_raise", "_bet_count",
        "_bet_size", "_stack_floor", "_uncapped", "_aggressor", "_in_pot", "_n_live",
        "_n_can_bet", "_exposed", "_finished", "_awaiting", "_shown", "_mucked", "_payouts",
        "_awards", "_stacks", "_street_bets", "_contributed", "_folded", "_all_in", "_out",
        "_acted", "_acted_level", "_actions", "_returns_by_seat", "_forfeit_seats",
        "_legal",
        # the cards, and the states saved by push()
        "_dealer", "_undo")

    def __init__(self, setup: Setup,
                 on_end: Optional[Callable[[Hand], None]] = None) -> None:
        rules = setup.rules
        self.setup = setup
        self.rules = rules
        self._on_end = on_end
        self._undo: Optional[list[tuple[_HandState, list[Card], list[Card]]]] = None
        seats = setup.seats
        n = len(seats)
        self._n_players = n
        self._seats = seats
        self._index_of_seat = _INDEX_OF_SEAT.get(seats) or _index_of_seat(seats)
        self._clockwise = _CLOCKWISE[n]
        (self._structure, self._cap, self._uncap_heads_up, self._bet_sizes, self._min_bet,
         self._split_low) = rules.settings
        self._starting_stacks = tuple(setup.stacks)
        self._stacks = list(setup.stacks)
        self._street_bets = [0] * n
        self._contributed = [0] * n     # chips put in this hand (a big-blind ante aside)
        self._folded = [False] * n
        self._all_in = [False] * n
        self._out = [False] * n         # folded or all-in: no more decisions in this hand
        self._acted_level = [0] * n
        self._dead_money = 0            # big-blind ante: dead money for the main pot
        self._in_pot = 0         # every chip committed to the hand, bets in front included
        self._n_live = n         # players not folded
        self._n_can_bet = n      # players not folded and not all-in: they can still bet
        self._legal: Optional[LegalActions] = None   # legal_actions() of the actor
        self._street = 0
        self._actions: list[Action] = []
        self._returns_by_seat: list[tuple[Seat, int]] = []  # (seat, chips) uncalled bets returned
        # set once, at settlement: replaced, never changed in place (a copy shares them)
        self._awards: Sequence[IndexAward] = ()
        self._payouts: Sequence[int] = ()
        self._shown: Sequence[PlayerIndex] = ()
        self._mucked: Sequence[PlayerIndex] = ()
        self._exposed = False   # all-in: every hand is turned face up at once
        self._forfeit_seats: list[Seat] = []   # all-in players who gave up the pot
        self._finished = False
        self._awaiting = 0      # open board: the street whose cards the caller must deal
        self._aggressor: Optional[PlayerIndex] = None
        # hole cards now (preset or dealt); the board street by street (see Dealer)
        self._dealer = dealer = Dealer(setup.rng or SECURE, setup.board, setup.burns,
                                       setup.open_board)
        self._holes, self._known = dealer.deal_holes(seats, setup.holes,
                                                     Game(rules.game).hole_cards)
        self._post(setup)
        self._start_round(0, setup)

    # ----------------------------------------------------------------- setup

    def _post(self, setup: Setup) -> None:
        index, stacks = self._index_of_seat, self._stacks
        posted: list[Post] = []
        for seat, kind, amount in setup.posts:
            i = index[seat]
            stack = stacks[i]
            if amount > stack:
                amount = stack   # a short stack posts what it has
            if amount <= 0:
                continue
            stacks[i] = stack = stack - amount
            self._in_pot += amount
            if kind == "bb_ante":
                self._dead_money += amount
            else:
                self._contributed[i] += amount
                if kind == "blind":
                    self._street_bets[i] += amount
            if stack == 0:
                self._all_in[i] = self._out[i] = True
                self._n_can_bet -= 1
            posted.append(new_post((seat, kind, amount)))
        self._posted = tuple(posted)

    def _start_round(self, street: int, setup: Optional[Setup] = None) -> None:
        self._street = street
        n = self._n_players
        self._acted = [False] * n
        self._aggressor = None
        if street and not self._dealer.open:
            self._dealer.turn(street)
        if street == 0 and setup is not None:
            self._current_bet = current = max(setup.level, max(self._street_bets))
            big_blind = setup.big_blind
            if big_blind is not None:
                self._full_level = current
                self._bet_count = 1
                self._min_raise = setup.level
                start = self._index_of_seat[big_blind]
            else:
                self._full_level = self._bet_count = 0
                self._min_raise = self._min_bet
                start = n - 1
        else:
            self._current_bet = 0
            self._full_level = 0
            self._bet_count = 0
            self._min_raise = self._min_bet
            start = n - 1  # so the search begins at the first seat left of the button
        self._bet_size = self._bet_sizes[street]
        # every stack plus bet is at least this all round (see Betting.legal_actions)
        self._stack_floor = min(self._stacks)
        self._legal = None
        self._uncapped = False
        if self._uncap_heads_up:
            self._check_uncap()
        actor = self._actor = self._find_actor(start)
        if actor < 0:
            self._end_round()

    # ----------------------------------------------------------------- queries
    @property
    def finished(self) -> bool:
        """True once the hand is settled."""
        return self._finished

    @property
    def to_act(self) -> Optional[int]:
        """The seat to act, or None when the hand is over."""
        actor = self._actor   # -1 once the hand is over or while it waits for cards
        return None if actor < 0 else self._seats[actor]

    @property
    def street(self) -> Street:
        """"preflop", "flop", "turn", "river", or "over" once settled (a :class:`Street`)."""
        return _OVER if self._finished else STREETS[self._street]

    @property
    def button(self) -> int:
        """The button's seat (it may be an empty seat under the dead-button rule)."""
        return self.setup.button

    @property
    def seats(self) -> tuple[int, ...]:
        """Dealt-in seats, clockwise from the first seat left of the button."""
        return self._seats

    @property
    def board(self) -> tuple[Card, ...]:
        """The board cards dealt so far."""
        return tuple(self._dealer.board)

    @property
    def stacks(self) -> dict[int, int]:
        """Chips behind each dealt-in seat (not counting bets in front)."""
        return dict(zip(self._seats, self._stacks))

    @property
    def starting_stacks(self) -> dict[int, int]:
        """Each dealt-in seat's stack before antes and blinds."""
        return dict(zip(self._seats, self._starting_stacks))

    @property
    def bets(self) -> dict[int, int]:
        """Chips each seat has in front of it on the current street."""
        return dict(zip(self._seats, self._street_bets))

    @property
    def current_bet(self) -> int:
        """The street total a player must reach to call (0 when nobody has bet)."""
        return self._current_bet

    @property
    def contributed(self) -> dict[int, int]:
        """Chips each seat has put in this hand (its big-blind ante excluded: dead money)."""
        return dict(zip(self._seats, self._contributed))

    @property
    def pot(self) -> int:
        """All chips in the middle, bets in front included (0 once awarded)."""
        return 0 if self._finished else self._in_pot

    @property
    def pots(self) -> list[Pot]:
        """The main pot and side pots as the chips stand now (bets in front included),
        with the seats that may win each; empty once the hand is settled."""
        if self._finished:
            return []
        s = self._seats
        return [Pot(p.amount, tuple(s[i] for i in p.eligible))
                for p in pots_in_play(self._contributed, self._folded, self._all_in,
                                      self._dead_money)]

    @property
    def folded(self) -> tuple[int, ...]:
        """Seats that have folded."""
        return tuple(s for s, f in zip(self._seats, self._folded) if f)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every player action so far, in order."""
        return tuple(self._actions)

    @property
    def posts(self) -> tuple[Post, ...]:
        """The forced bets as actually posted."""
        return self._posted

    @property
    def uncalled_returns(self) -> tuple[tuple[int, int], ...]:
        """(seat, chips) of each uncalled bet given back."""
        return tuple(self._returns_by_seat)

    @property
    def shown(self) -> tuple[int, ...]:
        """Seats whose cards were shown, in the order they were shown."""
        return tuple(self._seats[i] for i in self._shown)

    @property
    def mucked(self) -> tuple[int, ...]:
        """Seats that reached showdown and mucked."""
        return tuple(self._seats[i] for i in self._mucked)

    @property
    def payouts(self) -> dict[int, int]:
        """Chips each dealt-in seat received at settlement (pots and uncalled bets not
        included: those went back before); empty until the hand is over."""
        if not self._finished:
            return {}
        return dict(zip(self._seats, self._payouts))

    @property
    def awards(self) -> tuple[PotAward, ...]:
        """How each pot was awarded, by seat."""
        s = self._seats
        return tuple(new_award((a.amount, a.rake, tuple(s[i] for i in a.eligible),
                                tuple(s[i] for i in a.high_winners),
                                tuple(s[i] for i in a.low_winners),
                                {s[i]: c for i, c in a.shares.items()})) for a in self._awards)

    @property
    def rake(self) -> int:
        """Chips the house took."""
        return sum(a.rake for a in self._awards)

    def hole(self, seat: int) -> tuple[Card, ...]:
        """The hole cards of ``seat`` (the full truth, for audit: use :meth:`view` for
        what a player may see)."""
        return self._holes[self._seat_index(seat)]

    def hole_known(self, seat: int) -> bool:
        """False for a replayed seat whose real cards were never seen."""
        return self._known[self._seat_index(seat)]

    @property
    def burns(self) -> tuple[Card, ...]:
        """The burn cards of the streets dealt so far (audit only)."""
        return tuple(self._dealer.burns)

    def _seat_index(self, seat: int) -> int:
        try:
            return self._index_of_seat[seat]
        except (KeyError, TypeError):
            check_int(seat, "seat")   # a seat of the wrong type is an InvalidTypeError
            raise InvalidValueError(f"seat {seat!r} is not dealt in this hand "
                             f"(seats {list(self._seats)})") from None

    # ----------------------------------------------------------------- actions
    def act(self, kind: Union[ActionKind, str], amount: Optional[int] = None, *,
            seat: Optional[int] = None) -> Action:
        """Apply one action (see :meth:`verify`) and return its record.

        ``kind`` is an :class:`ActionKind` or its string (fold, check, call, bet, raise_to,
        all_in); the record's ``kind`` is always the member.

        ``amount`` is the street total for bet, raise_to and (optionally) all_in; for call
        it is optional and means the chips the call adds, as ``legal_actions().call`` and
        the returned Action's ``added`` report; fold and check take none. An amount that
        does not fit raises IllegalActionError and changes nothing.
        """
        i = self._actor
        if kind.__class__ is str:       # the name of a kind: its member, compared by identity
            kind = _KIND_OF.get(kind, kind)
        # Fast path past verify(), same outcome: with no seat and no amount to check, a
        # check is legal exactly when nothing is to call, a call or a fold exactly when
        # something is (verify's own tests), and the call adds legal_actions().call as
        # verify would. A bet or raise to exactly min_to is legal whenever min_to > 0 and
        # the kind matches the current bet. _actor >= 0 means the hand is not over (_close
        # sets it to -1). Anything else takes the full verify().
        if seat is None and amount is None and i >= 0:
            # the common cases, already known to be legal: no need for the full check
            bet = self._street_bets[i]
            if kind is _CHECK:
                if self._current_bet == bet:
                    return self._put(i, _CHECK, bet)
            elif kind is _CALL:
                if self._current_bet > bet:
                    return self._put(i, _CALL,
                                     bet + (self._legal or self.legal_actions()).call)
            elif kind is _FOLD and self._current_bet > bet:
                return self._fold(i)
        elif seat is None and i >= 0 and amount.__class__ is int:
            # a bet or raise to exactly the minimum (every fixed-limit one): legal as such
            lo = (self._legal or self.legal_actions()).min_to
            if lo and amount == lo:
                if self._current_bet:
                    if kind is _RAISE_TO:
                        return self._put(i, _RAISE_TO, amount)
                elif kind is _BET:
                    return self._put(i, _BET, amount)
        to = self.verify(kind, amount, seat=seat)
        member = _KIND_OF[kind]       # verify() accepted it: one of the kinds
        if member is _FOLD:
            return self._fold(i)
        if member is _ALL_IN:
            member = (_CALL if to <= self._current_bet else
                      _BET if not self._current_bet else _RAISE_TO)
        return self._put(i, member, to)

    def fold(self, *, seat: Optional[int] = None) -> Action:
        """Fold."""
        return self.act(_FOLD, seat=seat)

    def check(self, *, seat: Optional[int] = None) -> Action:
        """Check (nothing to call)."""
        return self.act(_CHECK, seat=seat)

    def call(self, *, seat: Optional[int] = None) -> Action:
        """Call (all-in for less when the stack is short). To state the chips, use
        ``act("call", chips_added)``."""
        return self.act(_CALL, seat=seat)

    def bet(self, to: int, *, seat: Optional[int] = None) -> Action:
        """Open the betting on a street; ``to`` is the bet."""
        return self.act(_BET, to, seat=seat)

    def raise_to(self, amount: int, *, seat: Optional[int] = None) -> Action:
        """Raise so that the street total becomes ``amount``."""
        return self.act(_RAISE_TO, amount, seat=seat)

    def all_in(self, *, seat: Optional[int] = None) -> Action:
        """Put every chip in: a call, bet or raise as the amount makes it."""
        return self.act(_ALL_IN, seat=seat)

    def forfeit(self, seat: int) -> None:
        """An all-in player gives up his claim to the pot; his chips stay in it. Card rooms
        do this to a player sitting out whose blind or ante put him all-in (PokerStars
        writes it as his fold). Only a player put all-in by his blind or ante forfeits,
        before anyone acts (anyone else folds in turn); otherwise IllegalActionError, and
        nothing changes.

        >>> from omaha_fast import Table, NoLimit
        >>> t = Table(structure=NoLimit(), blinds=(5, 10), seats=3, stacks=[100, 100, 8])
        >>> h = t.start_hand(seed=1)       # the big blind posts his 8 chips: all-in
        >>> h.forfeit(2)
        >>> _ = h.call(); _ = h.call()     # the button calls, the small blind completes
        >>> h.folded, h.forfeits, h.pot, h.street
        ((2,), (2,), 28, 'flop')
        """
        i = self._seat_index(seat)
        if self._finished:
            raise IllegalActionError(f"seat {seat} cannot forfeit: the hand is over")
        if not self._all_in[i] or self._folded[i] or self._actions:
            raise IllegalActionError(f"seat {seat} cannot forfeit: only a player put all-in "
                                     f"by his blind or ante gives up the pot, before anyone "
                                     f"acts (the others fold in turn)")
        self._folded[i] = True
        self._forfeit_seats.append(seat)
        self._n_live -= 1
        self._legal = None
        if self._n_live == 1:
            self._return_uncalled()
            self._settle(showdown=False)

    @property
    def forfeits(self) -> tuple[int, ...]:
        """Seats that forfeited the pot while all-in (see :meth:`forfeit`)."""
        return tuple(self._forfeit_seats)

    def _fold(self, i: int) -> Action:
        self._folded[i] = self._out[i] = True
        self._n_live -= 1
        self._n_can_bet -= 1
        self._legal = None
        self._acted[i] = True
        action = new_action((self._street, self._seats[i], _FOLD, self._street_bets[i], 0,
                             False))
        self._actions.append(action)
        if self._n_live == 1:
            self._return_uncalled()
            self._settle(showdown=False)
            return action
        self._next_actor(i)
        return action

    def _put(self, i: PlayerIndex, kind: ActionKind, to: int) -> Action:
        added = to - self._street_bets[i]
        all_in = False
        if added:     # a check moves no chips
            stack = self._stacks[i] - added
            self._stacks[i] = stack
            self._street_bets[i] = to
            self._contributed[i] += added
            self._in_pot += added
            all_in = stack == 0
        current = self._current_bet
        if to > current:
            if self._structure is _FIXED_LIMIT:
                # TDA 47B: an all-in of half a bet or more counts as a full bet or raise
                if not all_in or 2 * (to - self._full_level) >= self._bet_size:
                    self._bet_count += 1
                    self._full_level = to
            elif to - current >= self._min_raise:
                self._min_raise = to - current
            self._current_bet = current = to
            self._aggressor = i
        if all_in:
            self._all_in[i] = self._out[i] = True
            self._n_can_bet -= 1
        self._legal = None
        self._acted[i] = True
        self._acted_level[i] = current
        action = new_action((self._street, self._seats[i], kind, to, added, all_in))
        self._actions.append(action)
        self._next_actor(i)   # a bet, call or check never leaves one player alone
        return action

    # ----------------------------------------------------------------- flow
    def _next_actor(self, i: int) -> None:
        """After seat index i acted: the heads-up uncap, then the next actor or round end."""
        if self._uncap_heads_up and not self._uncapped:
            self._check_uncap()
        # _find_actor(i), written in: this runs after every action
        current = self._current_bet
        out, acted, bet = self._out, self._acted, self._street_bets
        for j in self._clockwise[i]:
            if not out[j] and (not acted[j] or bet[j] < current):
                self._actor = j
                return
        self._end_round()

    def _check_uncap(self) -> None:
        if self._uncap_heads_up and self._n_live == 2 and self._bet_count < self._cap:
            self._uncapped = True

    def _find_actor(self, after: int) -> int:
        """The next player after index ``after`` who still has to act, or -1."""
        current = self._current_bet
        out, acted, bet = self._out, self._acted, self._street_bets
        for j in self._clockwise[after]:
            if not out[j] and (not acted[j] or bet[j] < current):
                return j
        return -1

    def _return_uncalled(self) -> None:
        """Give back the part of the highest bet that nobody matched."""
        bets = self._street_bets
        top = max(bets)
        if top == 0 or bets.count(top) > 1:    # nothing bet, or the top bet was matched
            return
        # one top bet above all others: the second highest is strictly below it
        second = sorted(bets)[-2]
        i = bets.index(top)
        if self._folded[i]:
            return       # a forfeit's bet (see forfeit) stays in the pot, matched or not
        back = top - second
        self._street_bets[i] -= back
        self._stacks[i] += back
        self._contributed[i] -= back
        self._in_pot -= back
        if self._stacks[i] and self._all_in[i]:
            self._all_in[i] = self._out[i] = False
            self._n_can_bet += 1
        self._returns_by_seat.append((self._seats[i], back))

    def _end_round(self) -> None:
        self._return_uncalled()
        self._street_bets = [0] * self._n_players
        street = self._street
        if street == 3 or self._n_can_bet <= 1:
            if street < 3:
                self._exposed = True   # all-in: no more betting, hands shown at once
                if self._dealer.open:
                    self._await(street + 1)
                    return
                self._dealer.turn(3)
            self._settle(showdown=True)
            return
        if self._dealer.open:
            self._await(street + 1)
            return
        self._start_round(street + 1)

    def _await(self, street: int) -> None:
        """Open board: stop until the caller deals ``street`` (nobody acts meanwhile)."""
        self._street = self._awaiting = street
        self._actor = -1
        self._legal = None
        self._aggressor = None   # nobody bets on a street not yet dealt (nor in a runout)

    @property
    def awaiting_cards(self) -> int:
        """Open board: how many cards the caller must :meth:`deal` now (3 for the flop, 1
        for the turn or the river), 0 when none are due."""
        return (0, 3, 1, 1)[self._awaiting]

    def deal(self, cards: CardsLike) -> tuple[Card, ...]:
        """Open board: deal the street that is due (``awaiting_cards`` cards), then play
        on. Cards already in a hole or on the board are refused with InvalidCardError,
        and a deal when none is due with IllegalActionError; a refused deal changes
        nothing.

        >>> from omaha_fast import Table, FixedLimit
        >>> t = Table(structure=FixedLimit(10, 20), seats=2, stacks=[100, 100])
        >>> h = t.start_hand(holes={0: "AsKs2h3h", 1: "QdQc7d6d"}, open_board=True)
        >>> _ = h.call(); _ = h.check()
        >>> h.street, h.awaiting_cards, h.to_act
        ('flop', 3, None)
        >>> h.deal("Qh7s2d")
        (Card('Qh'), Card('7s'), Card('2d'))
        >>> h.deal("Kh")
        Traceback (most recent call last):
        ...
        omaha_fast.errors.IllegalActionError: no cards are due: seat 1 is to act on the flop
        >>> _ = h.check(); _ = h.check(); h.deal("As")
        Traceback (most recent call last):
        ...
        omaha_fast.errors.InvalidCardError: duplicate card As: in the hole cards and in the turn
        """
        street = self._awaiting
        if not street:
            if self._finished:
                raise IllegalActionError("no cards are due: the hand is over")
            if not self._dealer.open:
                raise IllegalActionError("no cards are due: this hand deals its own board "
                                         "(start it with open_board=True to deal it)")
            raise IllegalActionError(f"no cards are due: seat {self.to_act} is to act on "
                                     f"the {STREETS[self._street]}")
        name = STREETS[street]
        group = parse_group(cards, ((0, 3, 1, 1)[street],), f"the {name}")
        dealer = self._dealer
        check_disjoint(**{"the hole cards": dealer.hole_cards, "the board": dealer.board,
                          f"the {name}": group})
        dealer.board = dealer.board + list(group)
        self._awaiting = 0
        if self._exposed:     # an all-in runout: the next street, or the showdown
            if street == 3:
                self._settle(showdown=True)
            else:
                self._await(street + 1)
        else:
            self._start_round(street)
        return group

    def _settle(self, showdown: bool) -> None:
        rules = self.rules
        n = self._n_players
        if not showdown and rules.rake is None:
            # everyone else folded: one pot, all of it to the last player, nothing shown
            winner = self._folded.index(False)
            amount = self._in_pot
            # (what award_pots gives here, without building the pots)
            self._awards = (new_index_award((amount, 0, (winner,), (winner,), (),
                                             {winner: amount})),)
            paid = [0] * n
            paid[winner] = amount
            self._payouts = paid
            self._stacks[winner] += amount
            self._close()
            return
        pots = build_pots(self._contributed, self._folded, self._dead_money)
        high = [0] * n
        low = [0] * n
        board = self._dealer.board
        if showdown:
            folded, known = self._folded, self._known
            contenders = [i for i in range(n) if not folded[i]]
            revealed = [i for i in contenders if known[i]]
            fill_values(self._holes, board, rules.game, revealed, high, low)
            ranked = showdown_order(revealed, self._aggressor if self._street == 3 else None)
            if self._exposed:
                shown = ranked
            else:
                shown = choose_shows(ranked, pots, high, low, self._split_low)
            self._shown = shown
            self._mucked = [i for i in contenders if i not in shown]
        awards, paid = award_pots(
            pots, high, low, split_low=self._split_low and showdown,
            odd_chips=rules.odd_chips, shown=self._shown, chip=rules.chip, rake=rules.rake,
            flop_dealt=bool(board))
        self._awards = awards
        self._payouts = paid
        stacks = self._stacks
        for i in range(n):
            stacks[i] += paid[i]
        self._close()

    def _close(self) -> None:
        self._in_pot = 0
        self._finished = True
        self._actor = -1
        if self._on_end is not None:
            self._on_end(self)

    # ----------------------------------------------------------------- views
    def view(self, seat: Optional[int]) -> HandView:
        """What ``seat`` may know: see :class:`omaha_fast.game.view.HandView`."""
        if seat is not None:
            check_int(seat, "seat")
        return make_view(self, seat)

    def visible_hole(self, seat: int, viewer: Optional[int]) -> Optional[tuple[Card, ...]]:
        """The cards of ``seat`` as ``viewer`` sees them (None: face down or mucked)."""
        i = self._seat_index(seat)
        if seat == viewer or (i in self._shown) or (self._exposed and not self._folded[i]
                                                    and self._known[i]):
            return self._holes[i]
        return None

    def __repr__(self) -> str:
        board = format_cards(self.board) or "-"
        return (f"<Hand {self.street} board={board} pot={self.pot} "
                f"to_act={self.to_act}>")

    # ----------------------------------------------------------------- copies
    def copy(self, *, seed: Optional[int] = None, exact: bool = False) -> Hand:
        """An independent hand in the same state: acting on it never changes this hand,
        nor the reverse, and it equals this hand (``==``) until one of them moves.
        ``copy.copy`` and ``copy.deepcopy`` give ``copy()``.

        By default the copy keeps every card dealt so far (hole cards and the board turned
        so far) but none to come: cards this hand drew and has not turned go back to the
        deck, and the copy draws its future cards from a new generator,
        ``random.Random(seed)`` or, by default, the secure source. So neither hand's next
        cards can be told from the other's, whatever generator this hand uses: what a
        search that samples chance wants. A board preset by the caller stays preset; an
        open board stays open (the caller deals both).

        With ``exact=True`` the copy is a clone: the same cards to come as well, so the
        same actions lead both to the same board (see
        :meth:`Dealer.clone <omaha_fast.game.deal.Dealer.clone>`). It takes no ``seed``,
        and costs what a plain copy costs, except before the flop of a hand dealt from a
        seeded generator: that generator's state is copied then (about 20 us), so that
        cloning never changes the cards this hand, or its table's later hands, are dealt.

        Either copy is detached from the table: its result does not change the table's
        stacks.

        >>> from omaha_fast import Table, FixedLimit
        >>> t = Table(structure=FixedLimit(10, 20), seats=3, stacks=[100, 100, 100])
        >>> h = t.start_hand()
        >>> c = h.copy()
        >>> c == h
        True
        >>> _ = c.fold()
        >>> len(c.actions), len(h.actions), h.to_act, c.to_act, c == h
        (1, 0, 0, 1, False)
        >>> a, b = h.copy(exact=True), h.copy(exact=True)
        >>> for x in (a, b):
        ...     while x.street == "preflop":
        ...         _ = x.call() if x.legal_actions().to_call else x.check()
        >>> a.board == b.board, a == b
        (True, True)
        """
        if exact is not False:
            check_bool(exact, "exact")
            if seed is not None:
                raise InvalidValueError("an exact copy deals this hand's own cards to come: "
                                        "it takes no seed")
            dealer = self._dealer.clone()
        else:
            dealer = self._dealer.copy(
                None if seed is None else random.Random(check_int(seed, "seed")))
        new: Hand = _new_hand(Hand)
        # fixed once the hand is dealt: shared
        new.rules = self.rules
        new.setup = self.setup
        new._on_end = None
        new._n_players = self._n_players
        new._seats = self._seats
        new._index_of_seat = self._index_of_seat
        new._clockwise = self._clockwise
        new._structure = self._structure
        new._cap = self._cap
        new._uncap_heads_up = self._uncap_heads_up
        new._bet_sizes = self._bet_sizes
        new._min_bet = self._min_bet
        new._split_low = self._split_low
        new._starting_stacks = self._starting_stacks
        new._dead_money = self._dead_money
        new._posted = self._posted
        new._holes = self._holes
        new._known = self._known
        # what actions change
        _HandState.copy(self, new)
        new._dealer = dealer
        new._undo = None
        return new

    def __copy__(self) -> Hand:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Hand:
        return self.copy()

    # ----------------------------------------------------------------- search
    def __eq__(self, other: object) -> bool:
        """Two hands are equal when they are in the same state: the same rules and
        setting (seats, button, stacks, forced bets), the same cards dealt so far (hole
        cards, board, burns) and cards preset to come, and the same play since. The cards
        still in the deck and the generator are not compared (a ``copy()`` is equal to
        its hand), nor is the table a hand reports to, nor what :meth:`push` saved."""
        if not isinstance(other, Hand):
            return NotImplemented
        return self is other or self._full_key() == other._full_key()

    # A hand changes with every action: a hash of its state would change while the hand
    # sat in a set or as a dict key, losing it there. Hands are unhashable; key(seat)
    # gives a hashable value of a state (what one player knows of it).
    __hash__ = None  # type: ignore[assignment]

    def _full_key(self) -> tuple[Any, ...]:
        """Everything __eq__ compares, as one tuple."""
        setup = self.setup
        dealer = self._dealer
        board, burns = dealer.board, dealer.burns
        return (setup[:8], setup.hand_id, setup.open_board, self._holes, self._known,
                tuple(board), tuple(burns), tuple(dealer.preset_board[len(board):]),
                tuple(dealer.preset_burns[len(burns):]), _HandState.of(self)[:-1])

    def key(self, seat: Seat) -> Hashable:
        """A hashable key of what ``seat`` knows: two states give equal keys exactly when
        that player cannot tell them apart. It holds the rules and the setting (seats,
        button, starting stacks, forced bets), his own hole cards, the board, every
        action and forfeit, and the cards shown (at showdown, or turned up all-in); not
        the other players' hidden cards, the burns or the deck. For transposition tables
        and information sets (CFR, MCTS).

        >>> from omaha_fast import Table, FixedLimit
        >>> def deal(seat_1_holds):
        ...     t = Table(structure=FixedLimit(10, 20), seats=2, stacks=[100, 100])
        ...     return t.start_hand(holes={0: "AsKs2h3h", 1: seat_1_holds}, board="Ah7s4c2dJh")
        >>> h, other = deal("QdQc7d6d"), deal("9c8c5h4h")
        >>> h.key(0) == other.key(0), h.key(1) == other.key(1)   # seat 1's cards differ
        (True, False)
        >>> _ = h.call(); h.key(0) == other.key(0)               # and now the action
        False
        >>> len({h.key(0), h.copy().key(0)})
        1
        """
        i = self._seat_index(seat)
        holes = self._holes
        shown = self._shown
        if shown or self._exposed:     # others' cards he has seen, by index
            folded, known, exposed = self._folded, self._known, self._exposed
            seen = tuple((j, holes[j]) for j in range(self._n_players)
                         if j != i and (j in shown or exposed and not folded[j] and known[j]))
        else:
            seen = ()
        setup = self.setup
        return (seat, setup[:8], setup.hand_id, setup.open_board, holes[i],
                tuple(self._dealer.board), tuple(self._actions), tuple(self._forfeit_seats),
                seen, tuple(shown), tuple(self._mucked), self._awaiting)

    def push(self, kind: Union[ActionKind, str], amount: Optional[int] = None, *,
             seat: Optional[int] = None) -> Action:
        """:meth:`act`, saving the state first, so that :meth:`pop` can undo it: the
        do/undo of a depth-first search, cheaper than a copy per node. A refused action
        changes nothing and saves nothing.

        Only a hand detached from its table pushes (a copy: the table's own hand pays
        the table when it ends, which no pop could undo).

        >>> from omaha_fast import Table, FixedLimit
        >>> t = Table(structure=FixedLimit(10, 20), seats=2, stacks=[100, 100], seed=1)
        >>> h = t.start_hand().copy(exact=True)
        >>> before = h.copy(exact=True)
        >>> _ = h.push("call"); _ = h.push("check"); h.street
        'flop'
        >>> h.pop(); h.pop(); h == before, h.street
        (True, 'preflop')
        """
        saved = self._save()
        action = self.act(kind, amount, seat=seat)
        self._saved(saved)
        return action

    def push_deal(self, cards: CardsLike) -> tuple[Card, ...]:
        """:meth:`deal` (open board), saving the state first for :meth:`pop`."""
        saved = self._save()
        group = self.deal(cards)
        self._saved(saved)
        return group

    def pop(self) -> None:
        """Undo the last :meth:`push` or :meth:`push_deal`: the hand is again exactly as
        it was before it (``==``). A copy or a pickle starts with nothing to pop."""
        if not self._undo:
            raise IllegalActionError("nothing to pop: no push since this hand was made, "
                                     "copied or pickled")
        state, board, burns = self._undo.pop()
        state.restore(self)
        dealer = self._dealer
        dealer.board = board
        dealer.burns = burns

    def _save(self) -> tuple[_HandState, list[Card], list[Card]]:
        if self._on_end is not None:
            raise InvalidValueError("push needs a hand detached from its table (the "
                                    "table's hand pays the table when it ends): push on "
                                    "hand.copy(exact=True)")
        dealer = self._dealer   # board and burns are replaced, never changed in place
        return _HandState.of(self), dealer.board, dealer.burns

    def _saved(self, saved: tuple[_HandState, list[Card], list[Card]]) -> None:
        if self._undo is None:
            self._undo = []
        self._undo.append(saved)

    # ----------------------------------------------------------------- pickles
    def __getstate__(self) -> tuple[None, dict[str, Any]]:
        # Pickles: a hand detached from its table (the table is not saved with it); the
        # dealer saves a seeded generator exactly and nothing of the secure source
        state = {name: getattr(self, name) for name in Hand.__slots__}
        state["_on_end"] = None
        state["_undo"] = None
        state["setup"] = self.setup._replace(rng=None)
        return None, state

    def __setstate__(self, state: tuple[None, dict[str, Any]]) -> None:
        for name, value in state[1].items():
            _set(self, name, value)


_set = object.__setattr__


class _HandState(NamedTuple):
    """Everything an action (or an open-board deal) can change in a hand, written out
    field by field: python-chess's ``_BoardState``. :meth:`of` takes it, copying the
    lists the hand changes in place; :meth:`restore` moves it back in, the lists as they
    are (a state is restored once: ``pop`` drops it). :meth:`copy` copies it from hand
    to hand directly, for ``Hand.copy``: as python-chess's ``Board.copy`` does, with no
    snapshot in between (that would cost a third more). The rest of a hand is fixed
    once it is dealt, and a copy shares it. ``tests/test_game_copy.py`` checks that the
    three written-out lists follow these fields in order and that these fields and the
    fixed ones are every slot of :class:`Hand`.
    """

    street: int
    actor: PlayerIndex
    current_bet: int
    full_level: int
    min_raise: int
    bet_count: int
    bet_size: int
    stack_floor: int
    uncapped: bool
    aggressor: Optional[PlayerIndex]
    in_pot: int
    n_live: int
    n_can_bet: int
    exposed: bool
    finished: bool
    awaiting: int
    shown: Sequence[PlayerIndex]          # set at settlement, never changed in place
    mucked: Sequence[PlayerIndex]
    payouts: Sequence[int]
    awards: Sequence[IndexAward]
    stacks: list[int]                     # lists, by index: changed in place
    street_bets: list[int]
    contributed: list[int]
    folded: list[bool]
    all_in: list[bool]
    out: list[bool]
    acted: list[bool]
    acted_level: list[int]
    actions: list[Action]
    returns_by_seat: list[tuple[Seat, int]]
    forfeit_seats: list[Seat]
    legal: Optional[LegalActions]         # a cache (last: equality leaves it out)

    @staticmethod
    def of(hand: Hand) -> _HandState:
        """The state of ``hand`` now."""
        return _new_state((
            hand._street, hand._actor, hand._current_bet, hand._full_level,
            hand._min_raise, hand._bet_count, hand._bet_size, hand._stack_floor,
            hand._uncapped, hand._aggressor, hand._in_pot, hand._n_live, hand._n_can_bet,
            hand._exposed, hand._finished, hand._awaiting, hand._shown, hand._mucked,
            hand._payouts, hand._awards, hand._stacks[:], hand._street_bets[:],
            hand._contributed[:], hand._folded[:], hand._all_in[:], hand._out[:],
            hand._acted[:], hand._acted_level[:], hand._actions[:], hand._returns_by_seat[:],
            hand._forfeit_seats[:], hand._legal))

    def restore(self, hand: Hand) -> None:
        """Put this state into ``hand`` (its lists go in as they are)."""
        (hand._street, hand._actor, hand._current_bet, hand._full_level,
         hand._min_raise, hand._bet_count, hand._bet_size, hand._stack_floor,
         hand._uncapped, hand._aggressor, hand._in_pot, hand._n_live, hand._n_can_bet,
         hand._exposed, hand._finished, hand._awaiting, hand._shown, hand._mucked,
         hand._payouts, hand._awards, hand._stacks, hand._street_bets,
         hand._contributed, hand._folded, hand._all_in, hand._out,
         hand._acted, hand._acted_level, hand._actions, hand._returns_by_seat,
         hand._forfeit_seats, hand._legal) = self

    @staticmethod
    def copy(hand: Hand, new: Hand) -> None:
        """Copy the state of ``hand`` into ``new`` (``new`` gets its own lists)."""
        new._street = hand._street
        new._actor = hand._actor
        new._current_bet = hand._current_bet
        new._full_level = hand._full_level
        new._min_raise = hand._min_raise
        new._bet_count = hand._bet_count
        new._bet_size = hand._bet_size
        new._stack_floor = hand._stack_floor
        new._uncapped = hand._uncapped
        new._aggressor = hand._aggressor
        new._in_pot = hand._in_pot
        new._n_live = hand._n_live
        new._n_can_bet = hand._n_can_bet
        new._exposed = hand._exposed
        new._finished = hand._finished
        new._awaiting = hand._awaiting
        new._shown = hand._shown
        new._mucked = hand._mucked
        new._payouts = hand._payouts
        new._awards = hand._awards
        new._stacks = hand._stacks[:]
        new._street_bets = hand._street_bets[:]
        new._contributed = hand._contributed[:]
        new._folded = hand._folded[:]
        new._all_in = hand._all_in[:]
        new._out = hand._out[:]
        new._acted = hand._acted[:]
        new._acted_level = hand._acted_level[:]
        new._actions = hand._actions[:]
        new._returns_by_seat = hand._returns_by_seat[:]
        new._forfeit_seats = hand._forfeit_seats[:]
        new._legal = hand._legal


_new_state: Callable[[tuple[Any, ...]], _HandState] = MethodType(tuple.__new__, _HandState)


__all__ = ["Hand", "Setup", "Post"]
