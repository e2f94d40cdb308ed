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
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, NamedTuple, Optional

from .._checks import check_int
from ..cards import Card, format_cards
from ..errors import InvalidValueError
from .actions import STREETS, Action, LegalActions
from .betting import FL as _FL, NL as _NL, PL as _PL, Betting, new_tuple as _new
from .deal import DECK as _DECK, draw
from .pots import Pot, PotAward, build_pots, payouts, pots_in_play, settle_pots
from .rules import Rules
from .showdown import choose_shows, fill_values, showdown_order
from .structures import FixedLimit, PotLimit

if TYPE_CHECKING:
    from .view import HandView

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


class Post(NamedTuple):
    """A forced bet: ``kind`` is "ante", "bb_ante" (dead, for the table), "dead" (a dead
    small blind) or "blind" (live: it counts toward calling)."""

    seat: int
    kind: str
    amount: int


class Setup(NamedTuple):
    """Everything a hand needs to start; built by Table or by a replay.

    ``seats`` are the dealt-in seats clockwise from the first seat left of the button;
    ``posts`` are the forced bets in posting order (requested amounts: a short stack posts
    what it has); ``big_blind`` is the seat whose blind sets the preflop action (None when
    no blind is posted); ``level`` is the preflop bet to call.
    """

    rules: Rules
    table_size: int
    button: int
    seats: tuple[int, ...]
    stacks: tuple[int, ...]
    posts: tuple[Post, ...]
    big_blind: Optional[int]
    level: int
    holes: Mapping[int, Optional[tuple[Card, ...]]]
    board: tuple[Card, ...]
    rng: random.Random
    hand_id: Optional[str] = None
    burns: tuple[Card, ...] = ()     # preset burn cards (replays)


class Hand(Betting):
    """One hand of Omaha at a table. See the module docstring for a short tour."""

    __slots__ = ("_able", "_acted", "_acted_level", "_actions", "_actor", "_aggressor",
                 "_allin", "_awards", "_bet", "_bets", "_board", "_burn_cards", "_cap",
                 "_contrib", "_current", "_dead", "_drawn", "_exposed", "_finished",
                 "_folded", "_full_level", "_holes", "_in_pot", "_inc", "_index", "_k",
                 "_floor", "_kind", "_known", "_legal", "_live", "_min_bet", "_mucked",
                 "_on_end", "_order", "_out", "_payout", "_pool", "_posted",
                 "_preset_board", "_returns", "_runout", "_rng", "_seats", "_shown", "_size",
                 "_sizes", "_split_low", "_stack", "_start_stacks", "_street", "_uncap_hu",
                 "_uncapped", "rules", "setup")

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
        self._finished = False
        self._aggressor: Optional[int] = None
        self._deal(setup)
        self._post(setup)
        self._start_round(0, setup)

    # ----------------------------------------------------------------- setup
    def _deal(self, setup: Setup) -> None:
        """Hole cards (preset or dealt); board and burn cards come street by street from
        the same shuffled deck (dealing late changes nothing: every order is as likely)."""
        preset = setup.holes
        self._rng = setup.rng
        self._drawn = 0
        seats = self._seats
        k = self._k
        self._known = known = [True] * k
        if not (preset or setup.board or setup.burns):
            self._pool = pool = list(_DECK)
            self._drawn = 4 * k
            deck = iter(draw(self._rng, pool, 4 * k))
            self._holes: list[tuple[Card, ...]] = list(zip(deck, deck, deck, deck))  # 4 by 4
        else:
            used = set(setup.board)
            used.update(setup.burns)
            for cards in preset.values():
                if cards:
                    used.update(cards)
            self._pool = [c for c in _DECK if c not in used]
            drawn = self._draw(4 * sum(1 for s in seats if not preset.get(s)))
            holes: list[tuple[Card, ...]] = []
            at = 0
            for i, seat in enumerate(seats):
                cards = preset.get(seat)
                if cards:
                    holes.append(tuple(cards))
                else:
                    holes.append(tuple(drawn[at:at + 4]))
                    at += 4
                    # a seat named with None has cards nobody knows (replays of real hands)
                    known[i] = seat not in preset
            self._holes = holes
        self._preset_board = setup.board
        self._board: list[Card] = []
        self._burn_cards: list[Card] = []
        self._runout: Optional[tuple[list[Card], list[Card]]] = None

    def _draw(self, m: int) -> list[Card]:
        cards = draw(self._rng, self._pool, m, self._drawn)
        self._drawn += m
        return cards

    def _deal_board(self, street: int) -> None:
        """Burn one card, then turn the flop (3 cards), the turn or the river (1)."""
        if self._runout is None:
            # the three burns and five board cards come off the deck in one draw; they are
            # turned over street by street (the order of the draw is the dealing order)
            if not (self._preset_board or self.setup.burns):
                drawn = self._draw(8)   # nothing preset: three burns, then the board
                self._runout = (drawn[:3], drawn[3:])
            else:
                burns = list(self.setup.burns)
                cards = list(self._preset_board)
                missing_burns = 3 - len(burns)
                drawn = self._draw(missing_burns + 5 - len(cards))
                self._runout = (burns + drawn[:missing_burns], cards + drawn[missing_burns:])
        burns, cards = self._runout
        want = (0, 3, 4, 5)[street]
        self._board = cards[:want]
        self._burn_cards = burns[:street]

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
            posted.append(_new(Post, (seat, kind, amount)))

    def _start_round(self, street: int, setup: Optional[Setup] = None) -> None:
        self._street = street
        k = self._k
        self._acted = [False] * k
        self._aggressor = None
        if street:
            self._deal_board(street)
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
        return None if self._finished else self._seats[self._actor]

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
        return tuple(self._board)

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
        return tuple(self._burn_cards)

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

    def _fold(self, i: int) -> Action:
        self._folded[i] = self._out[i] = True
        self._live -= 1
        self._able -= 1
        self._legal = None
        self._acted[i] = True
        action = _new(Action, (self._street, self._seats[i], "fold", self._bet[i], 0, False))
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
        action = _new(Action, (self._street, self._seats[i], kind, to, added, all_in))
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
        if self._street == 3 or self._able <= 1:
            if self._street < 3:
                self._exposed = True   # all-in: no more betting, hands shown at once
                self._deal_board(3)
            self._settle(showdown=True)
            return
        self._start_round(self._street + 1)

    def _settle(self, showdown: bool) -> None:
        rules = self.rules
        k = self._k
        if not showdown and rules.rake is None:
            # everyone else folded: one pot, all of it to the last player, nothing shown
            winner = self._folded.index(False)
            amount = self._in_pot
            self._awards = [_new(PotAward, (amount, 0, (winner,), (winner,), (),
                                            {winner: amount}))]
            self._payout = [0] * k
            self._payout[winner] = amount
            self._stack[winner] += amount
            self._close()
            return
        pots = build_pots(self._contrib, self._folded, self._dead)
        high = [0] * k
        low = [0] * k
        order = list(range(k))
        if showdown:
            folded, known = self._folded, self._known
            contenders = [i for i in range(k) if not folded[i]]
            revealed = [i for i in contenders if known[i]]
            fill_values(self._holes, self._board, rules.game, revealed, high, low)
            ranked = showdown_order(revealed, self._aggressor if self._street == 3 else None)
            if self._exposed:
                self._shown = ranked
            else:
                self._shown = choose_shows(ranked, pots, high, low, self._split_low)
            self._mucked = [i for i in contenders if i not in self._shown]
            if rules.odd_chips == "first_shown":
                rank = {i: r for r, i in enumerate(self._shown)}
                order = [rank.get(i, k + i) for i in range(k)]
        rake = rules.rake
        if rake is not None and rake.no_flop_no_drop and not self._board:
            rake = None
        self._awards = settle_pots(pots, high, low, split_low=self._split_low and showdown,
                                   order=order, chip=rules.chip, rake=rake)
        self._payout = payouts(self._awards, k)
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
        from .view import make_view
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


__all__ = ["Hand", "Setup", "Post"]
