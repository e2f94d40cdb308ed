"""Writing a hand played on our table as a PokerStars-style history.

Amounts are written in the table's chips with no currency sign (as PokerStars writes
play-money and tournament hands), every dealt hand as a ``Dealt to`` line, and one
``collected`` line per pot and half. :func:`omaha_fast.history.pokerstars.loads_pokerstars`
reads the text back to the same record.

>>> from omaha_fast import Table, PotLimit
>>> t = Table(structure=PotLimit(), blinds=(1, 2), seats=3, stacks=[100, 100, 100], seed=2)
>>> h = t.start_hand()
>>> _ = h.fold(); _ = h.fold()
>>> print(dumps_pokerstars(h, hand_id=5))   # doctest: +ELLIPSIS
PokerStars Hand #5:  Omaha Hi/Lo Pot Limit (1/2) - 2000/01/01 00:00:00 ET
Table 'omaha_fast' 3-max Seat #1 is the button
Seat 1: Player1 (100 in chips)
Seat 2: Player2 (100 in chips)
Seat 3: Player3 (100 in chips)
Player2: posts small blind 1
Player3: posts big blind 2
*** HOLE CARDS ***
...
Player1: folds
Player2: folds
Uncalled bet (1) returned to Player3
Player3 collected 2 from pot
*** SUMMARY ***
Total pot 2 | Rake 0
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Optional

from ..cards import Card
from ..game.hand import Hand
from ..game.names import Game
from ..game.structures import FixedLimit, NoLimit
from .record import RecordError
from .verify import half_lines

_STREET_LINE = ("FLOP", "TURN", "RIVER")
# the game as PokerStars names it in the header ("5 Card Omaha Hi/Lo Pot Limit")
_GAME_NAMES = {"hilo": "Omaha Hi/Lo", "high": "Omaha", "bigo": "5 Card Omaha Hi/Lo",
               "omaha5": "5 Card Omaha", "omaha6": "6 Card Omaha"}


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def dumps_pokerstars(hand: Hand, *, hand_id: Optional[int] = None,
                     names: Optional[Mapping[int, str]] = None) -> str:
    """One finished hand as a PokerStars-style history (no final newline).

    ``hand_id`` is the hand number (default: the hand's id when it is a number, else 1);
    ``names`` maps seats to player names (default ``Player<seat number>``).
    """
    if not hand.finished:
        raise RecordError("only a finished hand can be written as a history")
    setup = hand.setup
    rules = hand.rules
    s = rules.structure
    who = {seat: (names or {}).get(seat) or f"Player{seat + 1}" for seat in hand.seats}
    if hand_id is None:
        given = setup.hand_id or ""
        hand_id = int(given) if given.isdigit() else 1
    game = _GAME_NAMES[rules.game]
    assert rules.blinds is not None
    if isinstance(s, FixedLimit):
        limit, stakes = "Limit", (s.small_bet, s.big_bet)
    else:
        limit = "No Limit" if isinstance(s, NoLimit) else "Pot Limit"
        stakes = rules.blinds
    out = [f"PokerStars Hand #{hand_id}:  {game} {limit} ({stakes[0]}/{stakes[1]}) - "
           f"2000/01/01 00:00:00 ET",
           f"Table '{_table_name(hand)}' {setup.table_size}-max Seat #{setup.button + 1} "
           f"is the "
           f"button"]
    start = hand.starting_stacks
    for seat in sorted(hand.seats):
        out.append(f"Seat {seat + 1}: {who[seat]} ({start[seat]} in chips)")
    out.extend(_post_lines(hand, who))
    out.append("*** HOLE CARDS ***")
    for seat in hand.seats:
        if hand.hole_known(seat):
            out.append(f"Dealt to {who[seat]} [{_cards(hand.hole(seat))}]")
    for seat in hand.forfeits:      # all-in on the posts, gave up the pot: a fold
        out.append(f"{who[seat]}: folds")
    board = hand.board
    street = 0
    level = 0
    totals: dict[int, int] = {p.seat: p.amount for p in hand.posts if p.kind == "blind"}
    level = max(totals.values(), default=0)

    def deal(to: int) -> None:
        nonlocal street, level, totals
        while street < to:
            street += 1
            shown = (0, 3, 4, 5)[street]
            old = _cards(board[:shown - 1]) if street > 1 else ""
            new = _cards(board[shown - 1:shown]) if street > 1 else _cards(board[:3])
            out.append(f"*** {_STREET_LINE[street - 1]} *** "
                       + (f"[{old}] [{new}]" if street > 1 else f"[{new}]"))
            totals, level = {}, 0

    for a in hand.actions:
        deal(a.street)
        name = who[a.seat]
        tail = " and is all-in" if a.all_in else ""
        if a.kind == "fold":
            out.append(f"{name}: folds")
        elif a.kind == "check":
            out.append(f"{name}: checks")
        elif a.kind == "call":
            out.append(f"{name}: calls {a.added}{tail}")
        elif a.kind == "bet":
            out.append(f"{name}: bets {a.added}{tail}")
        else:
            out.append(f"{name}: raises {a.to - level} to {a.to}{tail}")
        totals[a.seat] = a.to
        level = max(level, a.to)
    for seat, chips in hand.uncalled_returns:
        out.append(f"Uncalled bet ({chips}) returned to {who[seat]}")
    deal((0, 0, 0, 1, 2, 3)[len(board)])
    awards = hand.awards
    if hand.shown or hand.mucked:
        out.append("*** SHOW DOWN ***")
        out.extend(f"{who[seat]}: shows [{_cards(hand.hole(seat))}]" for seat in hand.shown)
        out.extend(f"{who[seat]}: mucks hand" for seat in hand.mucked)
    for k, award in enumerate(awards):
        label = "pot" if len(awards) == 1 else "main pot" if k == 0 else f"side pot-{k}"
        lines = half_lines(award, rules.chip)
        pairs = ([(seat, chips) for seat, _, chips in lines] if lines is not None
                 else list(award.shares.items()))
        out.extend(f"{who[seat]} collected {chips} from {label}" for seat, chips in pairs
                   if chips)
    if (Game(rules.game).split_low and (hand.shown or hand.mucked)
            and not any(a.low_winners for a in awards)):
        out.append("No low hand qualified")
    out.append("*** SUMMARY ***")
    total = sum(a.amount for a in awards)
    pots = ""
    if len(awards) > 1:
        pots = " ".join(("Main pot" if k == 0 else f"Side pot-{k}") + f" {a.amount - a.rake}."
                        for k, a in enumerate(awards)) + " "
    out.append(f"Total pot {total} {pots}| Rake {hand.rake}")
    if board:
        out.append(f"Board [{_cards(board)}]")
    return "\n".join(out)


def _table_name(hand: Hand) -> str:
    """"omaha_fast", then the table settings a PokerStars history has no place for, as
    key=value words (the table name is free text: other readers keep it as a name)."""
    rules = hand.rules
    s = rules.structure
    assert rules.blinds is not None
    words = []
    if rules.chip != 1:
        words.append(f"chip={rules.chip}")
    if isinstance(s, FixedLimit):
        if s.cap != 4:
            words.append(f"cap={s.cap}")
        if s.uncap_heads_up:
            words.append("uncap_heads_up=1")
        if rules.blinds != (s.small_bet // 2 // rules.chip * rules.chip, s.small_bet):
            words.append(f"blinds={rules.blinds[0]}/{rules.blinds[1]}")
    elif rules.min_bet != rules.blinds[1]:
        words.append(f"min_bet={rules.min_bet}")
    if rules.odd_chips != "left_of_button":
        words.append(f"odd_chips={rules.odd_chips}")
    if rules.allow_fold_when_check:
        words.append("allow_fold_when_check=1")
    if rules.allow_uncallable_raise:
        words.append("allow_uncallable_raise=1")
    big = hand.setup.big_blind
    if not any(p.seat == big and p.kind == "blind" for p in hand.posts):
        words.append(f"big_blind={'none' if big is None else big + 1}")
    if any(p.kind == "bb_ante" for p in hand.posts):
        words.append("bb_ante=1")
    blind_seats = {p.seat for p in hand.posts if p.kind == "blind"}
    dead_only = [p.seat + 1 for p in hand.posts if p.kind == "dead"
                 and p.seat not in blind_seats]
    if dead_only:       # a dead small blind alone reads as a live one without this
        words.append("dead=" + ".".join(map(str, dead_only)))
    return " ".join(["omaha_fast"] + words)


def _actual_posts(hand: Hand) -> list[tuple[int, str, int]]:
    """The requested posts in the engine's order with what each actually put in (0 for a
    player who had nothing left: the engine skips those)."""
    done = list(hand.posts)
    out = []
    j = 0
    for p in hand.setup.posts:
        if j < len(done) and (done[j].seat, done[j].kind) == (p.seat, p.kind):
            out.append((p.seat, p.kind, done[j].amount))
            j += 1
        else:
            out.append((p.seat, p.kind, 0))
    return out


def _post_lines(hand: Hand, who: Mapping[int, str]) -> list[str]:
    """Posts in PokerStars' order: antes, small blind, big blind, then players who owe."""
    posts = _actual_posts(hand)
    big = hand.setup.big_blind
    antes = [f"{who[s]}: posts the ante {a}" for s, k, a in posts
             if k in ("ante", "bb_ante") and a]
    blinds = [(s, a) for s, k, a in posts if k == "blind"]
    deads = {s: a for s, k, a in posts if k == "dead" and a}
    at = next((i for i, (s, _) in enumerate(blinds) if s == big), len(blinds))
    lines = [f"{who[s]}: posts small blind {a}" for s, a in blinds[:at] if a]
    lines += [f"{who[s]}: posts big blind {a}" for s, a in blinds[at:at + 1] if a]
    # players who owe, clockwise from the button as the engine posts them: a dead small
    # blind with a big blind is one line, as PokerStars writes it
    owing = {s: a for s, a in blinds[at + 1:] if a}
    setup = hand.setup
    for seat in sorted(set(owing) | set(deads),
                       key=lambda s: (s - setup.button - 1) % setup.table_size):
        if seat in owing and seat in deads:
            lines.append(f"{who[seat]}: posts small & big blinds {deads[seat] + owing[seat]}")
        elif seat in owing:
            lines.append(f"{who[seat]}: posts big blind {owing[seat]}")
        else:
            lines.append(f"{who[seat]}: posts small blind {deads[seat]}")
    return antes + lines


def dumps_pokerstars_file(hands: Iterable[Hand]) -> str:
    """Several hands as one file: hand numbers 1, 2, ... and three blank lines between
    hands, as PokerStars writes them."""
    return "\n\n\n\n".join(dumps_pokerstars(h, hand_id=k)
                           for k, h in enumerate(hands, 1)) + "\n"


__all__ = ["dumps_pokerstars", "dumps_pokerstars_file"]
