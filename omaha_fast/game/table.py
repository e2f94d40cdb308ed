"""The table: seats and stacks, the button and the blinds from hand to hand.

>>> t = Table(structure=FixedLimit(10, 20), seats=4, stacks=[200, 200, 200, None])
>>> t.button, t.stacks
(0, {0: 200, 1: 200, 2: 200})
>>> h = t.start_hand(seed=1)
>>> [(p.seat, p.kind, p.amount) for p in h.posts]
[(1, 'blind', 5), (2, 'blind', 10)]
>>> while not h.finished:
...     _ = h.fold() if h.legal_actions().to_call else h.check()
>>> t.stacks, t.start_hand(seed=2).button    # the big blind won the small blind
({0: 200, 1: 195, 2: 205}, 1)
>>> Table(structure=FixedLimit(10, 20), seats=11)
Traceback (most recent call last):
...
omaha_fast.errors.InvalidValueError: seats must be an int from 2 to 10, got 11
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, Sequence
from typing import Optional, Union

from .._checks import check_bool, check_int
from ..cards import Card, CardsLike, Deck, check_disjoint, parse_group
from ..errors import InvalidTypeError, InvalidValueError
from .hand import Hand
from .names import Game
from .rules import Rake, Rules, check_unit
from .structures import FixedLimit, Structure, check_chips  # noqa: F401 (doctests)
from .values import Post, new_post, new_setup


class _Player:
    __slots__ = ("stack", "name", "sitting_out", "waiting", "post", "missed_sb", "missed_bb")

    def __init__(self, stack: int, name: Optional[str], waiting: bool, post: bool) -> None:
        self.stack = stack
        self.name = name
        self.sitting_out = False
        self.waiting = waiting      # new at a running table: not dealt in until it posts
        self.post = post            # willing to post what it owes instead of waiting
        self.missed_sb = False
        self.missed_bb = False


class Table:
    """A poker table with its rules, its seats and the button.

    Every setting is a keyword: ``structure`` (required), ``seats`` (2..10), ``game``
    ("hilo" or "high"), ``blinds`` (small, big; fixed limit defaults to half the small
    bet and the small bet), ``ante`` (every player), ``big_blind_ante`` (posted by the big
    blind for the table), ``chip`` (the smallest chip: every amount, stacks and bets
    included, is a whole number of them), ``button_rule`` ("dead" or "moving"),
    ``odd_chips`` ("left_of_button" or "first_shown"), ``rake`` (a :class:`Rake`),
    ``allow_fold_when_check`` (a player may fold when he could check, as the card rooms
    allow; default False: such a fold is refused), ``allow_uncallable_raise`` (a player
    may raise when no opponent can put in more than the bet, as PokerStars allows; default
    False),
    ``stacks`` (starting stacks by seat, None for an empty seat), ``button`` (first
    button seat; default the lowest occupied seat) and ``seed`` (a seeded shuffle for
    simulations; default a CSPRNG).
    """

    def __init__(self, *, structure: Structure, seats: int = 6,
                 game: Union[Game, str] = Game.HILO,
                 blinds: Optional[tuple[int, int]] = None, ante: int = 0,
                 big_blind_ante: int = 0, chip: int = 1, button_rule: str = "dead",
                 odd_chips: str = "left_of_button", rake: Optional[Rake] = None,
                 allow_fold_when_check: bool = False, allow_uncallable_raise: bool = False,
                 stacks: Optional[Sequence[Optional[int]]] = None,
                 button: Optional[int] = None, seed: Optional[int] = None) -> None:
        seats = check_int(seats, "seats", low=2, high=10)
        if seed is not None:
            seed = check_int(seed, "seed")   # a plain int: random.Random refuses numpy ints
        self.rules = Rules(structure=structure, game=game, blinds=blinds, ante=ante,
                           big_blind_ante=big_blind_ante, chip=chip, button_rule=button_rule,
                           odd_chips=odd_chips, rake=rake,
                           allow_fold_when_check=allow_fold_when_check,
                           allow_uncallable_raise=allow_uncallable_raise)
        self.size = seats
        self._players: list[Optional[_Player]] = [None] * seats
        self._rng: random.Random = (random.Random(seed) if seed is not None
                                    else secrets.SystemRandom())
        self._hand: Optional[Hand] = None
        self._hands = 0
        self._button: Optional[int] = None
        self._sb_pos: Optional[int] = None     # where the small blind was due last hand
        self._bb: Optional[int] = None         # who posted the big blind last hand
        if stacks is not None:
            if isinstance(stacks, (str, bytes)) or not isinstance(stacks, Sequence):
                raise InvalidTypeError(f"stacks must be a list of chip counts by seat (None "
                                       f"for an empty seat), got {stacks!r}")
            if len(stacks) > seats:
                raise InvalidValueError(f"{len(stacks)} stacks for a table of {seats} seats")
            for seat, stack in enumerate(stacks):
                if stack is not None:
                    self.sit_down(seat, stack)
        if button is not None:
            self._button = self._check_seat(button)

    # ----------------------------------------------------------------- seats
    def _check_seat(self, seat: int) -> int:
        return check_int(seat, "seat", low=0, high=self.size - 1)

    def _player(self, seat: int) -> _Player:
        seat = self._check_seat(seat)
        player = self._players[seat]
        if player is None:
            raise InvalidValueError(f"seat {seat} is empty")
        return player

    def _between_hands(self, what: str) -> None:
        if self._hand is not None and not self._hand.finished:
            raise InvalidValueError(f"cannot {what} while a hand is being played")

    def sit_down(self, seat: int, stack: int, *, name: Optional[str] = None,
                 post: bool = False) -> None:
        """Seat a player. At a running table he waits for the big blind, or with
        ``post=True`` posts a big blind to be dealt in at once.

        >>> t = Table(structure=FixedLimit(10, 20), seats=3)
        >>> t.sit_down(1, 100); t.sit_down(1, 50)
        Traceback (most recent call last):
        ...
        omaha_fast.errors.InvalidValueError: seat 1 is taken
        """
        seat = self._check_seat(seat)
        stack = check_unit(check_chips(stack, "stack", positive=True), self.rules.chip,
                           "stack")
        if name is not None and not isinstance(name, str):
            raise InvalidTypeError(f"name must be a str or None, got {name!r}")
        check_bool(post, "post")
        self._between_hands("sit down")
        if self._players[seat] is not None:
            raise InvalidValueError(f"seat {seat} is taken")
        running = self._hands > 0
        self._players[seat] = _Player(stack, name, waiting=running, post=post)

    def leave(self, seat: int) -> int:
        """Remove the player and return his chips."""
        player = self._player(seat)
        self._between_hands("leave")
        self._players[seat] = None
        return player.stack

    def sit_out(self, seat: int) -> None:
        """Keep the seat but stop being dealt in; blinds that pass are owed on return."""
        self._between_hands("sit out")
        self._player(seat).sitting_out = True

    def come_back(self, seat: int, *, post: bool = True) -> None:
        """Be dealt in again: posting what was missed (big blind live, small blind dead),
        or with ``post=False`` waiting for the big blind."""
        self._between_hands("come back")
        check_bool(post, "post")
        player = self._player(seat)
        player.sitting_out = False
        player.post = post

    def add_chips(self, seat: int, amount: int, *, post: bool = True) -> None:
        """Add chips to a stack between hands (table stakes: never during a hand).

        A player who busted is back in the game like one who sat out: blinds that passed
        him while he had no chips are owed, posted at once or, with ``post=False``, by
        waiting for the big blind.
        """
        amount = check_unit(check_chips(amount, "amount", positive=True), self.rules.chip,
                            "amount")
        check_bool(post, "post")
        self._between_hands("add chips")
        player = self._player(seat)
        if player.stack == 0:
            player.post = post      # coming back from a bust, as come_back(post=...)
        player.stack += amount

    @property
    def stacks(self) -> dict[int, int]:
        """Chips of every seated player (at the start of the next hand)."""
        return {s: p.stack for s, p in enumerate(self._players) if p is not None}

    @property
    def names(self) -> dict[int, Optional[str]]:
        """Names of the seated players."""
        return {s: p.name for s, p in enumerate(self._players) if p is not None}

    @property
    def button(self) -> Optional[int]:
        """The button of the current (or last) hand, or the first button if none yet."""
        if self._button is None:
            seated = [s for s, p in enumerate(self._players) if p is not None]
            return seated[0] if seated else None
        return self._button

    @property
    def hand(self) -> Optional[Hand]:
        """The current or last hand."""
        return self._hand

    def draw_for_button(self, *, seed: Optional[int] = None) -> int:
        """Tournament start: one card to each player, highest card (suits s > h > d > c)
        takes the button. Returns the seat.

        >>> t = Table(structure=FixedLimit(10, 20), seats=3, stacks=[100, 100, 100])
        >>> t.draw_for_button(seed=3) in (0, 1, 2)
        True
        """
        if self._hands:
            raise InvalidValueError("the button is drawn before the first hand only")
        seated = [s for s, p in enumerate(self._players) if p is not None]
        if len(seated) < 2:
            raise InvalidValueError("at least two players are needed to draw for the button")
        deck = Deck(seed=seed) if seed is not None else Deck()
        cards = dict(zip(seated, deck.deal(len(seated))))
        # a card's int is rank * 4 + suit with suits c < d < h < s: the largest wins
        self._button = max(seated, key=lambda s: int(cards[s]))
        self.last_draw: dict[int, Card] = cards
        return self._button

    # ----------------------------------------------------------------- positions
    def _flags(self) -> tuple[list[bool], list[bool]]:
        """(active, entrant) by seat: active players are dealt in as things stand; an
        entrant (waiting or owing blinds) may also take the big blind when it reaches him."""
        active = []
        entrant = []
        for p in self._players:
            if p is not None and not p.sitting_out and p.stack > 0:
                entrant.append(True)
                active.append(not p.waiting)
            else:
                entrant.append(False)
                active.append(False)
        return active, entrant

    def _next(self, seat: int, ok: list[bool]) -> int:
        size = self.size
        for step in range(1, size + 1):
            s = (seat + step) % size
            if ok[s]:
                return s
        raise InvalidValueError("no player to deal to")

    def _positions(self, active: list[bool],
                   entrant: list[bool]) -> tuple[int, Optional[int], int, Optional[int]]:
        """(button, small-blind seat or None, big-blind seat, small-blind position)."""
        n_active = sum(active)
        if self._bb is None or self.rules.button_rule == "moving":
            if self._bb is None:
                button = self.button if self.button is not None else 0
            else:
                button = self._next(self._button, active)   # type: ignore[arg-type]
            if n_active == 2:
                return button, button, self._next(button, active), button
            sb = self._next(button, active)
            return button, sb, self._next(sb, entrant), sb
        # dead button: the big blind moves one player, the small blind and button follow it
        bb = self._next(self._bb, entrant)
        if n_active + (not active[bb]) == 2:
            # heads-up: the other player has the button and posts the small blind
            other = self._next(bb, [a and s != bb for s, a in enumerate(active)])
            return other, other, bb, other
        sb_pos = self._bb
        button = self._sb_pos if self._sb_pos is not None else self._bb
        return button, (sb_pos if active[sb_pos] else None), bb, sb_pos

    def _mark_missed(self, bb: int, sb_pos: Optional[int]) -> None:
        """Players out of the game whose blinds passed owe them on return: sitting out or
        busted (no chips) alike, so a bust topped up with add_chips owes what a player who
        sat out the same hands owes."""
        if self._bb is None:
            return
        s = self._bb
        while True:
            s = (s + 1) % self.size
            if s == bb:
                break
            p = self._players[s]
            if p is not None and (p.sitting_out or p.stack == 0):
                p.missed_bb = p.missed_sb = True
        if sb_pos is not None:
            p = self._players[sb_pos]
            if p is not None and (p.sitting_out or p.stack == 0):
                p.missed_sb = True

    # ----------------------------------------------------------------- hands
    def start_hand(self, *, holes: Optional[Mapping[int, Optional[CardsLike]]] = None,
                   board: Optional[CardsLike] = None, seed: Optional[int] = None,
                   open_board: bool = False) -> Hand:
        """Start the next hand: move the button, post antes and blinds, deal.

        With ``open_board=True`` the hand deals the hole cards only: when a street is due
        it waits (``awaiting_cards``) for the caller to deal it (``hand.deal("Kh")``).

        ``holes`` ({seat: "As2s3d4d"}) and ``board`` (up to five cards in dealing order)
        preset cards for replays and tests; the rest comes from a fresh shuffle (the
        table's generator, or ``seed`` for this hand only).

        Everything is worked out and checked before the table changes: a refused call
        (InvalidValueError) leaves seats, flags, button and blinds as they were.

        A game is running while at least two players are in it (neither new nor owing
        blinds). Then a new or returning player is dealt in on the big blind, or at once
        if he posts, but never in the small-blind position: there he waits a hand and
        nobody posts the small blind. With fewer than two such players nobody has a game
        to wait for: everyone seated, not sitting out and with chips is dealt in as at a
        new table (the blinds only; entry and missed blinds are not owed).
        """
        self._between_hands("start a hand")
        if seed is not None:
            seed = check_int(seed, "seed")
        if open_board is not False:
            check_bool(open_board, "open_board")
        if open_board and board:
            raise InvalidValueError("open_board deals the board by hand: preset no board")
        if holes is not None and not isinstance(holes, Mapping):
            raise InvalidTypeError(f"holes must be a mapping {{seat: cards}}, got {holes!r}")
        active, entrant = self._flags()
        if sum(entrant) < 2:
            raise InvalidValueError("at least two players with chips who are not sitting out are "
                             "needed to start a hand: seat a player (sit_down), add chips "
                             "(add_chips) or bring a player back (come_back)")
        players = self._players
        ready = [a and not (p.missed_bb or p.missed_sb)  # type: ignore[union-attr]
                 for a, p in zip(active, players)]
        size = self.size
        order = (*range(size), *range(size))
        if sum(ready) >= 2:
            button, sb, bb, sb_pos = self._positions(active, entrant)
            dealt = []
            owing = []
            for s in order[button + 1:button + 1 + size]:   # clockwise from the button
                if ready[s]:
                    dealt.append(s)
                elif entrant[s] and (s == bb or (players[s].post
                                                 and s != sb)):
                    dealt.append(s)
                    owing.append(s)
                # anyone else waits for the big blind (or, on the small blind, a hand)
            if sb is not None and sb not in dealt:
                sb = None        # the small-blind player owes and waits: no small blind
        else:
            # no game running: deal everyone in as at a new table
            button, sb, bb = self._fresh_positions(entrant)
            sb_pos = sb
            dealt = [s for s in order[button + 1:button + 1 + size] if entrant[s]]
            owing = []
        game = Game(self.rules.game)
        if len(dealt) > game.max_players:
            raise InvalidValueError(f"{len(dealt)} players in a hand of {game}: one deck deals "
                                    f"{game.hole_cards} hole cards to at most "
                                    f"{game.max_players} (seat fewer players)")
        preset_board: tuple[Card, ...] = ()
        preset_holes: dict[int, Optional[tuple[Card, ...]]] = {}
        if holes or board:
            preset_board = self._preset_board(board)
            preset_holes = self._preset_holes(holes, preset_board, dealt)
        rules = self.rules
        assert rules.blinds is not None   # Rules fills in the default blinds
        small, big = rules.blinds
        posts: list[Post] = []
        if rules.ante:
            posts.extend(new_post((s, "ante", rules.ante)) for s in dealt)
        if rules.big_blind_ante:
            posts.append(new_post((bb, "bb_ante", rules.big_blind_ante)))
        for s in owing:
            p = players[s]
            if s != bb and p.missed_sb and not p.waiting:
                posts.append(new_post((s, "dead", small)))
        if sb is not None and small:
            posts.append(new_post((sb, "blind", small)))
        posts.append(new_post((bb, "blind", big)))
        for s in owing:
            p = players[s]
            if s != bb and (p.waiting or p.missed_bb):
                posts.append(new_post((s, "blind", big)))
        setup = new_setup((rules, size, button, tuple(dealt),
                           tuple([players[s].stack for s in dealt]),
                           tuple(posts), bb, big, preset_holes, preset_board,
                           random.Random(seed) if seed is not None else self._rng,
                           None, (), open_board))
        # nothing can be refused from here on: commit
        self._mark_missed(bb, sb_pos)
        for s in dealt:
            p = players[s]
            p.waiting = p.missed_bb = p.missed_sb = False
        self._button, self._sb_pos, self._bb = button, sb_pos, bb
        self._hands += 1
        self._hand = Hand(setup, on_end=self._hand_over)
        return self._hand

    def _fresh_positions(self, entrant: list[bool]) -> tuple[int, int, int]:
        """(button, small blind, big blind) among the entrants as at a new table: the
        first button, or the next player after the last button."""
        if self._bb is None and self.button is not None and entrant[self.button]:
            button = self.button
        else:
            button = self._next(self._button if self._button is not None else -1, entrant)
        if sum(entrant) == 2:
            return button, button, self._next(button, entrant)
        sb = self._next(button, entrant)
        return button, sb, self._next(sb, entrant)

    def _preset_holes(self, holes: Optional[Mapping[int, Optional[CardsLike]]],
                      board: tuple[Card, ...],
                      dealt: list[int]) -> dict[int, Optional[tuple[Card, ...]]]:
        out: dict[int, Optional[tuple[Card, ...]]] = {}
        if holes:
            for seat, cards in holes.items():
                if seat not in dealt:
                    raise InvalidValueError(f"hole cards given for seat {seat}, which is not dealt "
                                     f"in this hand (dealt: {dealt})")
                out[seat] = None if cards is None else parse_group(
                    cards, (Game(self.rules.game).hole_cards,), f"seat {seat}'s hole")
        groups = {f"seat {s}'s hole": c for s, c in out.items() if c}
        groups["board"] = board
        check_disjoint(**groups)
        return out

    @staticmethod
    def _preset_board(board: Optional[CardsLike]) -> tuple[Card, ...]:
        if board is None:
            return ()
        return parse_group(board, (0, 1, 2, 3, 4, 5), "board")

    def _hand_over(self, hand: Hand) -> None:
        players = self._players
        for seat, stack in zip(hand.seats, hand._stacks):
            players[seat].stack = stack  # type: ignore[union-attr]

    def __repr__(self) -> str:
        return (f"<Table {self.rules.game} {self.rules.structure.name} seats={self.size} "
                f"button={self.button} stacks={self.stacks}>")


__all__ = ["Table"]
