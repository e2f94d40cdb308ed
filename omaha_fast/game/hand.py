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
from collections.abc import Callable
from typing import Any, Optional

from .._checks import check_int
from ..cards import Card, CardsLike, check_disjoint, format_cards, parse_group
from ..errors import IllegalActionError, InvalidValueError
from .betting import FL as _FL, NL as _NL, PL as _PL, Betting
from .deal import SECURE, Dealer
from .pots import build_pots, pots_in_play
from .rules import Rules
from .settlement import award_pots
from .showdown import choose_shows, fill_values, showdown_order
from .structures import FixedLimit, PotLimit
from .values import (
    STREETS,
    Action,
    LegalActions,
    Post,
    Pot,
    PotAward,
    Setup,
    new_action,
    new_award,
    new_post,
)
from .view import HandView, make_view

_PARAMS: dict[int, tuple[Rules, tuple]] = {}  # type: ignore[type-arg]
# _ORDER[k][i]: the k positions after position i clockwise, ending with i itself
_ORDER = [tuple(tuple((i + step) % k for step in range(1, k + 1)) for i in range(k))
          for k in range(11)]
_INDEX: dict[tuple[int, ...], dict[int, int]] = {}


def _index(seats: tuple[int, ...]) -> dict[int, int]:
    """Seat -> position, shared by every hand with the same seating (read-only)."""
    if len(_INDEX) > 4096:
        _INDEX.clear()
    index = _INDEX[seats] = {s: i for i, s in enumerate(seats)}
    return index


def _params(rules: Rules) -> tuple:  # type: ignore[type-arg]
    """What the betting code needs from the rules, worked out once per Rules object."""
    cached = _PARAMS.get(id(rules))
    if cached is not None and cached[0] is rules:
        return cached[1]
    s = rules.structure
    if isinstance(s, FixedLimit):
        params = (_FL, s.cap, s.uncap_heads_up, (s.small_bet, s.small_bet, s.big_bet,
                                                  s.big_bet), rules.min_bet,
                  rules.game == "hilo")
    else:
        params = (_PL if isinstance(s, PotLimit) else _NL, 0, False, (0, 0, 0, 0),
                  rules.min_bet, rules.game == "hilo")
    if len(_PARAMS) > 256:
        _PARAMS.clear()
    _PARAMS[id(rules)] = (rules, params)
    return params


class Hand(Betting):
    """One hand of Omaha at a table. See the module docstring for a short tour."""

    __slots__ = ("_able", "_acted", "_acted_level", "_actions", "_actor", "_aggressor",
                 "_allin", "_awaiting", "_awards", "_bet", "_bets", "_cap", "_contrib",
                 "_current", "_dead", "_dealer", "_exposed", "_finished", "_folded",
                 "_forfeits",
                 "_full_level", "_holes", "_in_pot", "_inc", "_index", "_k", "_floor",
                 "_kind", "_known", "_legal", "_live", "_min_bet", "_mucked", "_on_end",
                 "_order", "_out", "_payout", "_posted", "_returns", "_seats", "_shown",
                 "_size", "_sizes", "_split_low", "_stack", "_start_stacks", "_street",
                 "_uncap_hu", "_uncapped", "rules", "setup")

    def __init__(self, setup: Setup,
                 on_end: Optional[Callable[[Hand], None]] = None) -> None:
        rules = setup.rules
        self.setup = setup
        self.rules = rules
        self._on_end = on_end
        seats = setup.seats
        k = len(seats)
        self._k = k
        self._seats = seats
        self._index = _INDEX.get(seats) or _index(seats)
        self._order = _ORDER[k]
        (self._kind, self._cap, self._uncap_hu, self._sizes, self._min_bet,
         self._split_low) = _params(rules)
        self._start_stacks = tuple(setup.stacks)
        self._stack = list(setup.stacks)
        self._bet = [0] * k
        self._contrib = [0] * k
        self._folded = [False] * k
        self._allin = [False] * k
        self._out = [False] * k  # folded or all-in: no more decisions in this hand
        self._acted_level = [0] * k
        self._dead = 0          # big-blind ante: dead money for the main pot
        self._in_pot = 0        # every chip committed to the hand, bets in front included
        self._live = k          # players not folded
        self._able = k          # players not folded and not all-in: they can still bet
        self._legal: Optional[LegalActions] = None   # legal_actions() of the actor
        self._street = 0
        self._actions: list[Action] = []
        self._returns: list[tuple[int, int]] = []    # (seat, chips) uncalled bets returned
        self._posted: list[Post] = []
        self._awards: list[PotAward] = []
        self._payout: list[int] = []
        self._shown: list[int] = []
        self._mucked: list[int] = []
        self._exposed = False   # all-in: every hand is turned face up at once
        self._forfeits: list[int] = []   # seats all-in that gave up the pot (forfeit)
        self._finished = False
        self._awaiting = 0      # open board: the street whose cards the caller must deal
        self._aggressor: Optional[int] = None
        # hole cards now (preset or dealt); the board street by street (see Dealer)
        self._dealer = dealer = Dealer(setup.rng or SECURE, setup.board, setup.burns,
                                       setup.open_board)
        self._holes, self._known = dealer.deal_holes(seats, setup.holes)
        self._post(setup)
        self._start_round(0, setup)

    # ----------------------------------------------------------------- setup

    def _post(self, setup: Setup) -> None:
        index, stacks, posted = self._index, self._stack, self._posted
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
                self._dead += amount
            else:
                self._contrib[i] += amount
                if kind == "blind":
                    self._bet[i] += amount
            if stack == 0:
                self._allin[i] = self._out[i] = True
                self._able -= 1
            posted.append(new_post((seat, kind, amount)))

    def _start_round(self, street: int, setup: Optional[Setup] = None) -> None:
        self._street = street
        k = self._k
        self._acted = [False] * k
        self._aggressor = None
        if street and not self._dealer.open:
            self._dealer.turn(street)
        if street == 0 and setup is not None:
            self._current = current = max(setup.level, max(self._bet))
            big_blind = setup.big_blind
            if big_blind is not None:
                self._full_level = current
                self._bets = 1
                self._inc = setup.level
                start = self._index[big_blind]
            else:
                self._full_level = self._bets = 0
                self._inc = self._min_bet
                start = k - 1
        else:
            self._current = 0
            self._full_level = 0
            self._bets = 0
            self._inc = self._min_bet
            start = k - 1  # so the search begins at the first seat left of the button
        self._size = self._sizes[street]
        # every stack plus bet is at least this all round (see Betting.legal_actions)
        self._floor = min(self._stack)
        self._legal = None
        self._uncapped = False
        if self._uncap_hu:
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
    def street(self) -> str:
        """"preflop", "flop", "turn", "river", or "over" once settled."""
        return "over" if self._finished else STREETS[self._street]

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
        return dict(zip(self._seats, self._stack))

    @property
    def starting_stacks(self) -> dict[int, int]:
        """Each dealt-in seat's stack before antes and blinds."""
        return dict(zip(self._seats, self._start_stacks))

    @property
    def bets(self) -> dict[int, int]:
        """Chips each seat has in front of it on the current street."""
        return dict(zip(self._seats, self._bet))

    @property
    def current_bet(self) -> int:
        """The street total a player must reach to call (0 when nobody has bet)."""
        return self._current

    @property
    def contributed(self) -> dict[int, int]:
        """Chips each seat has put in this hand (its big-blind ante excluded: dead money)."""
        return dict(zip(self._seats, self._contrib))

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
                for p in pots_in_play(self._contrib, self._folded, self._allin, self._dead)]

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
        return tuple(self._posted)

    @property
    def uncalled_returns(self) -> tuple[tuple[int, int], ...]:
        """(seat, chips) of each uncalled bet given back."""
        return tuple(self._returns)

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
        return dict(zip(self._seats, self._payout))

    @property
    def awards(self) -> tuple[PotAward, ...]:
        """How each pot was awarded, with seats in place of indices."""
        s = self._seats
        return tuple(PotAward(a.amount, a.rake, tuple(s[i] for i in a.eligible),
                              tuple(s[i] for i in a.high_winners),
                              tuple(s[i] for i in a.low_winners),
                              {s[i]: c for i, c in a.shares.items()}) for a in self._awards)

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
            return self._index[seat]
        except (KeyError, TypeError):
            check_int(seat, "seat")   # a seat of the wrong type is an InvalidTypeError
            raise InvalidValueError(f"seat {seat!r} is not dealt in this hand "
                             f"(seats {list(self._seats)})") from None

    # ----------------------------------------------------------------- actions
    def act(self, kind: str, amount: Optional[int] = None, *,
            seat: Optional[int] = None) -> Action:
        """Apply one action (see :meth:`verify`) and return its record.

        ``amount`` is the street total for bet, raise_to and (optionally) all_in; for call
        it is optional and means the chips the call adds, as ``legal_actions().call`` and
        the returned Action's ``added`` report; fold and check take none. An amount that
        does not fit raises IllegalActionError and changes nothing.
        """
        i = self._actor
        # Fast path past verify(), same outcome: with no seat and no amount to check, a
        # check is legal exactly when nothing is to call, a call or a fold exactly when
        # something is (verify's own tests), and the call adds legal_actions().call as
        # verify would. A bet or raise to exactly min_to is legal whenever min_to > 0 and
        # the kind matches the current bet. _actor >= 0 means the hand is not over (_close
        # sets it to -1). Anything else takes the full verify().
        if seat is None and amount is None and i >= 0:
            # the common cases, already known to be legal: no need for the full check
            bet = self._bet[i]
            if kind == "check" and self._current == bet:
                return self._put(i, "check", bet)
            if kind == "call" and self._current > bet:
                return self._put(i, "call", bet + (self._legal or self.legal_actions()).call)
            if kind == "fold" and self._current > bet:
                return self._fold(i)
        elif seat is None and i >= 0 and amount.__class__ is int:
            # a bet or raise to exactly the minimum (every fixed-limit one): legal as such
            lo = (self._legal or self.legal_actions()).min_to
            if lo and amount == lo and (kind == "raise_to" if self._current
                                        else kind == "bet"):
                return self._put(i, kind, amount)
        to = self.verify(kind, amount, seat=seat)
        if kind == "fold":
            return self._fold(i)
        if kind == "check":
            return self._put(i, "check", to)
        if kind == "all_in":
            kind = ("call" if to <= self._current else
                    "bet" if not self._current else "raise_to")
        return self._put(i, kind, to)

    def fold(self, *, seat: Optional[int] = None) -> Action:
        """Fold."""
        return self.act("fold", seat=seat)

    def check(self, *, seat: Optional[int] = None) -> Action:
        """Check (nothing to call)."""
        return self.act("check", seat=seat)

    def call(self, *, seat: Optional[int] = None) -> Action:
        """Call (all-in for less when the stack is short). To state the chips, use
        ``act("call", chips_added)``."""
        return self.act("call", seat=seat)

    def bet(self, to: int, *, seat: Optional[int] = None) -> Action:
        """Open the betting on a street; ``to`` is the bet."""
        return self.act("bet", to, seat=seat)

    def raise_to(self, amount: int, *, seat: Optional[int] = None) -> Action:
        """Raise so that the street total becomes ``amount``."""
        return self.act("raise_to", amount, seat=seat)

    def all_in(self, *, seat: Optional[int] = None) -> Action:
        """Put every chip in: a call, bet or raise as the amount makes it."""
        return self.act("all_in", seat=seat)

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
        if not self._allin[i] or self._folded[i] or self._actions:
            raise IllegalActionError(f"seat {seat} cannot forfeit: only a player put all-in "
                                     f"by his blind or ante gives up the pot, before anyone "
                                     f"acts (the others fold in turn)")
        self._folded[i] = True
        self._forfeits.append(seat)
        self._live -= 1
        self._legal = None
        if self._live == 1:
            self._return_uncalled()
            self._settle(showdown=False)

    @property
    def forfeits(self) -> tuple[int, ...]:
        """Seats that forfeited the pot while all-in (see :meth:`forfeit`)."""
        return tuple(self._forfeits)

    def _fold(self, i: int) -> Action:
        self._folded[i] = self._out[i] = True
        self._live -= 1
        self._able -= 1
        self._legal = None
        self._acted[i] = True
        action = new_action((self._street, self._seats[i], "fold", self._bet[i], 0,
                             False))
        self._actions.append(action)
        if self._live == 1:
            self._return_uncalled()
            self._settle(showdown=False)
            return action
        self._next_actor(i)
        return action

    def _put(self, i: int, kind: str, to: int) -> Action:
        added = to - self._bet[i]
        all_in = False
        if added:     # a check moves no chips
            stack = self._stack[i] - added
            self._stack[i] = stack
            self._bet[i] = to
            self._contrib[i] += added
            self._in_pot += added
            all_in = stack == 0
        current = self._current
        if to > current:
            if self._kind == _FL:
                # TDA 47B: an all-in of half a bet or more counts as a full bet or raise
                if not all_in or 2 * (to - self._full_level) >= self._size:
                    self._bets += 1
                    self._full_level = to
            elif to - current >= self._inc:
                self._inc = to - current
            self._current = current = to
            self._aggressor = i
        if all_in:
            self._allin[i] = self._out[i] = True
            self._able -= 1
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
        if self._uncap_hu and not self._uncapped:
            self._check_uncap()
        actor = self._find_actor(i)
        if actor < 0:
            self._end_round()
        else:
            self._actor = actor

    def _check_uncap(self) -> None:
        if self._uncap_hu and self._live == 2 and self._bets < self._cap:
            self._uncapped = True

    def _find_actor(self, after: int) -> int:
        """The next player after index ``after`` who still has to act, or -1."""
        current = self._current
        out, acted, bet = self._out, self._acted, self._bet
        for j in self._order[after]:
            if not out[j] and (not acted[j] or bet[j] < current):
                return j
        return -1

    def _return_uncalled(self) -> None:
        """Give back the part of the highest bet that nobody matched."""
        bets = self._bet
        top = max(bets)
        if top == 0 or bets.count(top) > 1:    # nothing bet, or the top bet was matched
            return
        # one top bet above all others: the second highest is strictly below it
        second = sorted(bets)[-2]
        i = bets.index(top)
        if self._folded[i]:
            return       # a forfeit's bet (see forfeit) stays in the pot, matched or not
        back = top - second
        self._bet[i] -= back
        self._stack[i] += back
        self._contrib[i] -= back
        self._in_pot -= back
        if self._stack[i] and self._allin[i]:
            self._allin[i] = self._out[i] = False
            self._able += 1
        self._returns.append((self._seats[i], back))

    def _end_round(self) -> None:
        self._return_uncalled()
        self._bet = [0] * self._k
        street = self._street
        if street == 3 or self._able <= 1:
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
        k = self._k
        if not showdown and rules.rake is None:
            # everyone else folded: one pot, all of it to the last player, nothing shown
            winner = self._folded.index(False)
            amount = self._in_pot
            # (what award_pots gives here, without building the pots)
            self._awards = [new_award((amount, 0, (winner,), (winner,), (),
                                       {winner: amount}))]
            self._payout = [0] * k
            self._payout[winner] = amount
            self._stack[winner] += amount
            self._close()
            return
        pots = build_pots(self._contrib, self._folded, self._dead)
        high = [0] * k
        low = [0] * k
        board = self._dealer.board
        if showdown:
            folded, known = self._folded, self._known
            contenders = [i for i in range(k) if not folded[i]]
            revealed = [i for i in contenders if known[i]]
            fill_values(self._holes, board, rules.game, revealed, high, low)
            ranked = showdown_order(revealed, self._aggressor if self._street == 3 else None)
            if self._exposed:
                self._shown = ranked
            else:
                self._shown = choose_shows(ranked, pots, high, low, self._split_low)
            self._mucked = [i for i in contenders if i not in self._shown]
        self._awards, self._payout = award_pots(
            pots, high, low, split_low=self._split_low and showdown,
            odd_chips=rules.odd_chips, shown=self._shown, chip=rules.chip, rake=rules.rake,
            flop_dealt=bool(board))
        for i in range(k):
            self._stack[i] += self._payout[i]
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
    def copy(self, *, seed: Optional[int] = None) -> Hand:
        """An independent hand in the same state: acting on it never changes this hand,
        nor the reverse. ``copy.copy`` and ``copy.deepcopy`` give the same.

        The copy keeps every card dealt so far (hole cards and the board turned so far)
        but none to come: cards this hand drew and has not turned go back to the deck, and
        the copy draws its future cards from a new generator, ``random.Random(seed)`` or,
        by default, the secure source. So neither hand's next cards can be told from the
        other's, whatever generator this hand uses. A board preset by the caller stays
        preset; an open board stays open (the caller deals both). The copy is detached
        from the table: its result does not change the table's stacks.

        >>> from omaha_fast import Table, FixedLimit
        >>> t = Table(structure=FixedLimit(10, 20), seats=3, stacks=[100, 100, 100])
        >>> h = t.start_hand()
        >>> c = h.copy()
        >>> _ = c.fold()
        >>> len(c.actions), len(h.actions), h.to_act, c.to_act
        (1, 0, 0, 1)
        """
        return _copy_state(self, self._dealer.copy(
            None if seed is None else random.Random(check_int(seed, "seed"))))

    def __copy__(self) -> Hand:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Hand:
        return self.copy()

    def __getstate__(self) -> tuple[None, dict[str, Any]]:
        # Pickles: a hand detached from its table (the table is not saved with it); the
        # dealer saves a seeded generator exactly and nothing of the secure source
        state = {name: getattr(self, name) for name in _SHARED + _LISTS}
        state["_dealer"] = self._dealer
        state["_on_end"] = None
        state["setup"] = self.setup._replace(rng=None)
        return None, state

    def __setstate__(self, state: tuple[None, dict[str, Any]]) -> None:
        for name, value in state[1].items():
            _set(self, name, value)


# What a copy shares (values never changed in place) and what it copies (lists the hand
# changes in place); tests/test_game_copy.py checks that together with _dealer and
# _on_end they are every slot.
_LISTS = ("_acted", "_acted_level", "_actions", "_allin", "_awards", "_bet", "_contrib",
          "_folded", "_forfeits", "_holes", "_known", "_mucked", "_out", "_payout", "_posted",
          "_returns", "_shown", "_stack")
_SHARED = tuple(n for n in Hand.__slots__ if n not in _LISTS and n not in ("_dealer",
                                                                          "_on_end"))
_set = object.__setattr__


def _copier() -> Callable[[Hand, Dealer], Hand]:
    """The body of Hand.copy, written out from _SHARED and _LISTS: one plain assignment per
    slot (a loop over setattr costs five times as much, and searches copy often)."""
    lines = [f"    new.{n} = hand.{n}\n" for n in _SHARED]
    lines += [f"    new.{n} = hand.{n}[:]\n" for n in _LISTS]
    source = ("def copy_state(hand, dealer):\n    new = new_hand(Hand)\n" + "".join(lines) +
              "    new._dealer = dealer\n    new._on_end = None\n    return new\n")
    namespace: dict[str, Any] = {"new_hand": object.__new__, "Hand": Hand}
    exec(source, namespace)   # our own slot names only: nothing from outside
    copier: Callable[[Hand, Dealer], Hand] = namespace["copy_state"]
    return copier


_copy_state = _copier()


__all__ = ["Hand", "Setup", "Post"]
