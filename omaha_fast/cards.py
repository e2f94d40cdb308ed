"""Cards: parsing, formatting and the deck.

A card is an int ``rank * 4 + suit``: rank 0 is the deuce and 12 the ace, suit 0..3 is
clubs, diamonds, hearts, spades. :class:`Card` is an ``int`` subclass, so card values go
straight into arrays and C calls while still printing as ``"As"``.

>>> Card("As"), int(Card("As")), Card(0)
(Card('As'), 51, Card('2c'))
>>> format_cards(parse_cards("as 2S 3d4d"))
'As2s3d4d'
>>> parse_cards("As Ks Zz")
Traceback (most recent call last):
...
omaha_fast.errors.InvalidCardError: unknown card 'Zz' (expected rank 2-9TJQKA then suit cdhs, e.g. 'As')
"""  # noqa: E501 (a doctest's exception line)

from __future__ import annotations

import operator
import random
import secrets
from collections.abc import Iterable, Sequence
from typing import Any, Union, cast

from ._checks import check_int, is_int
from .errors import CardTypeError, InvalidCardError

RANKS = "23456789TJQKA"
SUITS = "cdhs"
RANK_NAMES = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
              "Jack", "Queen", "King", "Ace")


class Card(int):
    """One card, an int in 0..51 that prints as its two-letter name.

    >>> c = Card("Td")
    >>> c.rank, c.suit, str(c)
    (8, 1, 'Td')
    >>> Card(52)
    Traceback (most recent call last):
    ...
    omaha_fast.errors.InvalidCardError: card number 52 is out of range 0..51
    """

    __slots__ = ()

    def __new__(cls, value: Union[int, str, Card]) -> Card:
        if isinstance(value, Card):
            return value
        if isinstance(value, str):
            card = _BY_NAME.get(value.strip().lower())
            if card is None:
                raise InvalidCardError(f"unknown card {value!r} (expected rank 2-9TJQKA "
                                       f"then suit cdhs, e.g. 'As')")
            return card
        if value.__class__ is int:
            number: int = value
        else:
            number = _card_number(value)
        if not 0 <= number < 52:
            raise InvalidCardError(f"card number {number} is out of range 0..51")
        return _ALL[number]

    @property
    def rank(self) -> int:
        """0 for a deuce up to 12 for an ace."""
        return int(self) >> 2

    @property
    def suit(self) -> int:
        """0..3 for clubs, diamonds, hearts, spades."""
        return int(self) & 3

    def __str__(self) -> str:
        return RANKS[int(self) >> 2] + SUITS[int(self) & 3]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


def _card_number(value: object) -> int:
    """The int of an integer scalar that is not an int subclass (numpy's), via __index__;
    anything else (None, a float, a bool, an array) is a CardTypeError."""
    if is_int(value) and getattr(value, "ndim", 0) == 0:
        try:
            return operator.index(value)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            pass
    raise CardTypeError(f"cannot read a card from {value!r} (a card is a name like 'As', "
                        f"an int 0..51 or a Card)")


_ALL: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(52))
_BY_NAME: dict[str, Card] = {str(c).lower(): c for c in _ALL}

CardsLike = Union[str, Card, int, Iterable[Union[str, int, Card]]]


def _tokens(text: str) -> list[str]:
    """Split "As2s", "As 2s" or "As,2s" into two-letter tokens."""
    compact = "".join(text.replace(",", " ").split())
    if len(compact) % 2:
        raise InvalidCardError(f"cannot split {text!r} into two-letter cards")
    return [compact[i:i + 2] for i in range(0, len(compact), 2)]


def parse_cards(cards: CardsLike) -> tuple[Card, ...]:
    """Read cards from a string, a Card, an int, or an iterable of those.

    Duplicates inside the group raise :class:`InvalidCardError`.

    >>> parse_cards(["Kd", 0, Card("As")])
    (Card('Kd'), Card('2c'), Card('As'))
    >>> parse_cards("AsAs")
    Traceback (most recent call last):
    ...
    omaha_fast.errors.InvalidCardError: duplicate card As
    """
    if isinstance(cards, str):
        items: Iterable[Union[str, int, Card]] = _tokens(cards)
    elif is_int(cards) and getattr(cards, "ndim", 0) == 0:
        items = (cast(int, cards),)           # one card: an int, a Card or a numpy integer
    else:
        if getattr(cards, "ndim", 1) != 1:
            # a numpy array of rows, or a scalar: a group of cards is one flat sequence
            raise CardTypeError(f"a group of cards must be flat (one dimension), got an "
                                f"array of shape {getattr(cards, 'shape', '?')}")
        try:
            items = iter(cast(Iterable[Union[str, int, Card]], cards))
        except TypeError:
            raise CardTypeError(f"cannot read cards from {cards!r} (expected a string like "
                                f"'As2s3d4d' or a sequence of cards)") from None
    out: list[Card] = []
    for item in items:
        if isinstance(item, str) and len(item.strip()) != 2:
            out.extend(parse_cards(item))
            continue
        out.append(Card(item))
    _check_distinct(out)
    return tuple(out)


def _check_distinct(cards: Sequence[Card], context: str = "") -> None:
    seen: set[int] = set()
    for c in cards:
        if c in seen:
            raise InvalidCardError(f"duplicate card {c}{context}")
        seen.add(c)


def parse_group(cards: CardsLike, counts: Sequence[int], what: str) -> tuple[Card, ...]:
    """Parse a hole, board or other group whose size must be one of ``counts``.

    >>> parse_group("As2s3d", (4,), "hole")
    Traceback (most recent call last):
    ...
    omaha_fast.errors.InvalidCardError: hole needs 4 cards, got 3 (As2s3d)
    """
    if cards is None:
        raise CardTypeError(f"{what} is missing (got None)")
    group = parse_cards(cards)
    if len(group) not in counts:
        want = " or ".join(str(c) for c in counts)
        raise InvalidCardError(f"{what} needs {want} cards, got {len(group)} "
                               f"({format_cards(group)})")
    return group


def check_disjoint(**groups: Sequence[Card]) -> None:
    """Raise InvalidCardError naming the card that appears in two groups.

    >>> check_disjoint(hole=parse_cards("As2s3d4d"), board=parse_cards("Kc4dJh"))
    Traceback (most recent call last):
    ...
    omaha_fast.errors.InvalidCardError: duplicate card 4d: in hole and in board
    """
    owner: dict[int, str] = {}
    for name, cards in groups.items():
        for c in cards:
            if c in owner:
                raise InvalidCardError(f"duplicate card {c}: in {owner[c]} and in {name}")
            owner[c] = name


def format_cards(cards: Iterable[Union[int, Card]]) -> str:
    """Canonical text of a group of cards, no separators.

    >>> format_cards([51, 0])
    'As2c'
    """
    try:
        items = iter(cards)
    except TypeError:
        raise CardTypeError(f"cannot read cards from {cards!r}") from None
    return "".join(str(Card(c)) for c in items)


class Deck:
    """A 52-card deck shuffled by a CSPRNG, or by a seeded generator for simulations.

    >>> d = Deck(seed=7)
    >>> len(d), len(d.deal(4)), len(d)
    (52, 4, 48)
    >>> Deck(seed=7).deal(5) == Deck(seed=7).deal(5)
    True
    """

    def __init__(self, seed: Union[int, None] = None, exclude: CardsLike = ()) -> None:
        if seed is not None:
            seed = check_int(seed, "seed")     # a numpy integer as a plain int
        gone = set(parse_cards(exclude))
        self._cards = [c for c in _ALL if int(c) not in gone]
        rng: random.Random = random.Random(seed) if seed is not None else secrets.SystemRandom()
        rng.shuffle(self._cards)  # Fisher-Yates: unbiased for either source

    def __len__(self) -> int:
        return len(self._cards)

    def deal(self, n: int = 1) -> tuple[Card, ...]:
        """Take ``n`` cards from the top."""
        n = check_int(n, "n")
        if not 0 <= n <= len(self._cards):
            raise InvalidCardError(f"cannot deal {n} cards from a deck of {len(self._cards)}")
        taken, self._cards = self._cards[:n], self._cards[n:]
        return tuple(taken)


def random_deals(n: int, width: int = 9, seed: Union[int, None] = None) -> Any:
    """``n`` rows of ``width`` distinct cards each, as a numpy uint8 array.

    Each row is the top of its own shuffled deck (a partial Fisher-Yates shuffle), so the
    rows feed :func:`omaha_fast.evaluate_batch` directly: the first four columns as holes
    and the rest as boards.

    >>> deals = random_deals(1000, 9, seed=1)
    >>> deals.shape, str(deals.dtype), bool((deals == random_deals(1000, 9, seed=1)).all())
    ((1000, 9), 'uint8', True)
    >>> all(len(set(row)) == 9 for row in deals.tolist())
    True
    """
    n = check_int(n, "n", low=0)
    width = check_int(width, "width", low=1, high=52)
    if seed is not None:
        seed = check_int(seed, "seed", low=0)
    import numpy as np

    rng = np.random.default_rng(seed)
    decks = np.tile(np.arange(52, dtype=np.uint8), (n, 1))
    rows = np.arange(n)
    for i in range(width):
        j = rng.integers(i, 52, size=n)
        picked = decks[rows, j].copy()
        decks[rows, j] = decks[rows, i]
        decks[rows, i] = picked
    return np.ascontiguousarray(decks[:, :width])
