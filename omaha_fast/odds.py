"""Hi/lo equity: how often each hand wins the high, the low and the whole pot.

Exact mode enumerates every remaining board; Monte Carlo samples boards from a seed. The
loops run in C on every core with the GIL released; Ctrl-C stops a long run cleanly.

>>> r = equity(["As2s3h4h", "KcKdQcJd"])
>>> r.exact, r.boards, [round(p.equity, 5) for p in r.players]
(True, 1086008, [0.57465, 0.42535])
>>> round(equity(["As2s3h4h", "KcKdQcJd"], game="high").players[0].equity, 5)
0.42973
>>> r = equity(["As2s3h4h", "KcKdQcJd"], mode="mc", samples=200_000, seed=1)
>>> r.exact, abs(r.players[0].equity - 0.57465) < 4 * r.players[0].std_error
(False, True)
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from functools import lru_cache
from math import comb
from typing import TYPE_CHECKING, Any, Optional, Union, cast

from . import _core
from ._checks import check_choice, check_int
from .cards import Card, CardsLike, check_disjoint, format_cards, parse_cards, parse_group
from .errors import CardTypeError, InvalidCardError, InvalidTypeError, OmahaError, RangeError

if TYPE_CHECKING:
    from .ranges import Range

EXACT_LIMIT = 2_000_000
"""``mode="auto"`` without ``samples`` enumerates exactly when at most this many boards
remain, otherwise it samples. From a full deck the largest space (heads-up, no board) is
1,086,008 boards, which the C core enumerates in milliseconds, so every standard spot is
exact under "auto"."""

RANGE_EXACT_LIMIT = 30_000_000
"""With ranges, ``mode="auto"`` (and no ``samples``) enumerates exactly when the number of
compatible hand combinations times (boards per combination + 100) is at most this, and
otherwise samples. The + 100 stands for the tables built for each combination. On one
core exact range work runs at roughly 100 M combination-boards per second, so this bounds
an automatic exact run at about a third of a second: hand against any range on the turn
or river, and hand against ranges of up to about 30,000 hands on the flop."""

DEFAULT_SAMPLES = 1_000_000
"""Boards drawn by Monte Carlo when ``samples`` is not given."""

MAX_SAMPLES = 2**53
"""The most Monte Carlo boards one call draws: counts stay exact in a double."""

MAX_THREADS = 256


def _check_int(name: str, value: Optional[int], low: int, high: int) -> Optional[int]:
    """None, or an int (not a bool; a numpy integer as a plain int) in low..high;
    otherwise the error naming it."""
    return None if value is None else check_int(value, name, low=low, high=high)


@dataclass(frozen=True)
class PlayerEquity:
    """One hand's results; every figure is a fraction of the boards (0..1).

    ``equity`` is the expected share of the pot, ``high_share + low_share``. ``high_win``
    and ``low_win`` count boards won alone, ``high_tie`` and ``low_tie`` boards shared;
    ``scoop`` boards where the hand takes the whole pot alone. ``std_error`` is the Monte
    Carlo standard error of ``equity`` (``None`` when exact).
    """

    hand: str
    equity: float
    high_win: float
    high_tie: float
    low_win: float
    low_tie: float
    scoop: float
    high_share: float
    low_share: float
    std_error: Optional[float]


@dataclass(frozen=True)
class EquityResult:
    """The result of :func:`equity`: per-player figures plus what was evaluated."""

    players: tuple[PlayerEquity, ...]
    board: str
    game: str
    boards: int
    exact: bool
    no_low: Optional[float]
    """Fraction of boards on which nobody made a qualifying low (None for Omaha High)."""
    seed: Optional[int]
    """The Monte Carlo seed used (``None`` when exact): pass it again to repeat the run."""

    def to_dict(self) -> dict[str, Any]:
        """Plain data, for JSON."""
        return {"board": self.board, "game": self.game, "boards": self.boards,
                "exact": self.exact, "no_low": self.no_low, "seed": self.seed,
                "players": [asdict(p) for p in self.players]}


ProgressCallback = Callable[[float, float], Optional[bool]]

HandOrRange = Union[CardsLike, "Range"]


def _read_player(item: Any, i: int, game: str) -> Union[tuple[Card, ...], Range]:
    """A hand when the item reads as cards (four, or the game's five or six), otherwise a
    range (a Range, or text that is not a list of cards)."""
    from .ranges import Range
    if isinstance(item, Range):
        return item
    if not _is_range_like(item):
        return parse_group(item, (_core.variant(game)[1],), f"hand {i + 1}")
    try:
        return Range(item, game)
    except RangeError as err:
        raise InvalidCardError(f"hand {i + 1} ({item!r}) is neither cards nor a range: "
                               f"{err}") from None


def equity(hands: Sequence[HandOrRange], board: CardsLike = "", dead: CardsLike = "",
           game: str = "hilo", mode: str = "auto", samples: Optional[int] = None,
           seed: Optional[int] = None, threads: Optional[int] = None,
           progress: Optional[ProgressCallback] = None) -> EquityResult:
    """Equity of 2 to 10 Omaha hands or ranges on a known board (0, 3, 4 or 5 cards).

    ``game`` is "hilo" or "high" (four hole cards), "bigo" (Big O: five hole cards,
    hi-lo), "omaha5" (five, high) or "omaha6" (six, high); as many players as one deck
    deals with the board.

    >>> r = equity(["As2d3h4cKs", "KdKhQcJd9s"], game="bigo", board="5s7d8h")
    >>> r.boards, round(r.players[0].low_share, 4) > 0
    (741, True)

    Each entry of ``hands`` is four cards, or a range: a :class:`~omaha_fast.Range` or
    range text such as ``"AA:$ds"`` (read with this ``game``'s percent ranking). With
    ranges, exact mode weighs every combination of hands that share no card by the product
    of their weights; Monte Carlo draws all the hands of a trial by weight and throws the
    whole deal away when two share a card. "auto" is exact up to
    :data:`RANGE_EXACT_LIMIT`.

    ``mode`` is "exact", "mc" (``samples`` boards drawn from ``seed``) or "auto" (Monte
    Carlo when ``samples`` is given, otherwise exact up to :data:`EXACT_LIMIT` boards;
    ``samples`` is ignored in exact mode). The same seed gives the same numbers whatever
    ``threads`` is (``None`` uses every core). ``progress(done, total)`` is called about
    ten times a second on long runs; returning True stops the run with an OmahaError.
    Ties split a half equally, as fractions.

    >>> r = equity(["AhAd2c3c", "KsKh8d9d"], board="2h7d9c")
    >>> r.boards, round(sum(p.equity for p in r.players), 12)
    (820, 1.0)
    >>> equity(["AhAd2c3c", "AhKh8d9d"])
    Traceback (most recent call last):
    ...
    omaha_fast.errors.InvalidCardError: duplicate card Ah: in hand 1 and in hand 2
    """
    if (progress is None and samples is None and seed is None and threads is None
            and type(dead) is str and not dead and type(board) is str
            and type(hands) in (list, tuple)):
        done = _complete_board(hands, board, game, mode)
        if done is not None:
            return done
    if isinstance(hands, str) or not isinstance(hands, Iterable):
        raise CardTypeError(f"equity needs a list of 2 to 10 hands, got {hands!r}")
    hands = list(hands)
    if not 2 <= len(hands) <= 10:
        raise InvalidCardError(f"equity needs a list of 2 to 10 hands, got {len(hands)} hands")
    game_code, n_hole = _core.variant(game)
    check_choice(mode, ("auto", "exact", "mc"), "mode")
    if progress is not None and not callable(progress):
        raise InvalidTypeError(f"progress must be a function (done, total) or None, "
                               f"got {progress!r}")
    if any(_is_range_like(h) for h in hands):
        players = [_read_player(h, i, game) for i, h in enumerate(hands)]
        if any(not isinstance(p, tuple) for p in players):
            if n_hole != 4 and mode == "exact":
                raise RangeError(f"equity of {game} ranges is Monte Carlo only: use "
                                 f"mode='mc' or 'auto'")
            return _range_equity(players, board, dead, game, mode, samples, seed, threads,
                                 progress)
        hands = players
    holes = [parse_group(cast(CardsLike, h), (n_hole,), f"hand {i + 1}")
             for i, h in enumerate(hands)]
    known = parse_group(board, (0, 3, 4, 5), "board")
    out = parse_cards(dead)
    check_disjoint(**{f"hand {i + 1}": h for i, h in enumerate(holes)}, board=known, dead=out)
    remaining = 52 - n_hole * len(holes) - len(known) - len(out)
    to_deal = 5 - len(known)
    if remaining < to_deal:
        raise InvalidCardError(f"only {remaining} cards left to deal {to_deal} board cards")
    space = comb(remaining, to_deal)
    # "auto" samples when asked for a number of samples, and otherwise when the space is big
    exact = mode == "exact" or (mode == "auto" and samples is None and space <= EXACT_LIMIT)
    samples = _check_int("samples", samples, 1, MAX_SAMPLES)
    threads = _check_int("threads", threads, 1, MAX_THREADS)
    seed = _check_int("seed", seed, 0, 2**64 - 1)
    if not exact and seed is None:
        seed = secrets.randbits(63)
    n_samples = 0 if exact else (samples or DEFAULT_SAMPLES)
    sums, boards, no_low = _core.equity(
        b"".join(bytes(h) for h in holes), bytes(known), bytes(out), game_code,
        exact, n_samples, seed or 0, threads or 0, progress, n_hole)
    return _result([format_cards(h) for h in holes], sums, boards, no_low, known, game, exact,
                   seed, int(boards))


@lru_cache(maxsize=8192)
def _text_cards(text: str) -> Optional[tuple[bytes, str]]:
    """The card numbers and the canonical text of distinct cards written as text, or None
    when the text is anything else (the full parse then says what is wrong)."""
    try:
        cards = parse_cards(text)
    except OmahaError:
        return None
    return bytes(cards), format_cards(cards)


def _complete_board(hands: Sequence[Any], board: str, game: str,
                    mode: str) -> Optional[EquityResult]:
    """The common call on a river, hands and board as text, answered without the general
    path's parsing and checks; None for anything else (or anything wrong), which the
    general path then handles (and explains)."""
    known = _text_cards(board)
    if known is None or len(known[0]) != 5 or not 2 <= len(hands) <= 10 \
            or mode not in ("auto", "exact") or game not in _core.GAME_CODES:
        return None
    holes = []
    for hand in hands:
        read = _text_cards(hand) if type(hand) is str else None
        if read is None or len(read[0]) != 4:
            return None
        holes.append(read)
    cards = b"".join(h[0] for h in holes)
    if len(set(cards + known[0])) != 4 * len(holes) + 5:
        return None
    sums, no_low = _core.river_equity(cards, known[0], _core.GAME_CODES[game])
    # One board: the sums are the fractions, in the order of _PLAYER_SUMS (eq_sq, the
    # ninth, is only for Monte Carlo). The frozen results are filled in directly: their
    # __init__ sets each field through object.__setattr__, a third of this path's time.
    players = []
    for p, h in enumerate(holes):
        player = object.__new__(PlayerEquity)
        player.__dict__.update(zip(_PLAYER_SUMS, sums[9 * p:9 * p + 8]), hand=h[1],
                               std_error=None)
        players.append(player)
    result = object.__new__(EquityResult)
    result.__dict__.update(players=tuple(players), board=known[1], game=game, boards=1,
                           exact=True, no_low=no_low if game == "hilo" else None, seed=None)
    return result


_PLAYER_SUMS = ("equity", "high_win", "high_tie", "low_win", "low_tie", "scoop", "high_share",
                "low_share")


def _result(names: list[str], sums: list[dict[str, float]], boards: float, no_low: float,
            known: Sequence[Card], game: str, exact: bool, seed: Optional[int],
            count: int) -> EquityResult:
    """Per-player fractions from the C core's sums over `boards` (weighted) boards."""
    players = []
    for name, s in zip(names, sums):
        mean = s["equity"] / boards
        std_error = None
        if not exact:
            variance = max(s["eq_sq"] / boards - mean * mean, 0.0)
            std_error = math.sqrt(variance / boards)
        players.append(PlayerEquity(
            hand=name, equity=mean, high_win=s["high_win"] / boards,
            high_tie=s["high_tie"] / boards, low_win=s["low_win"] / boards,
            low_tie=s["low_tie"] / boards, scoop=s["scoop"] / boards,
            high_share=s["high_share"] / boards, low_share=s["low_share"] / boards,
            std_error=std_error))
    return EquityResult(players=tuple(players), board=format_cards(known), game=game,
                        boards=count, exact=exact,
                        no_low=no_low / boards if _core.VARIANTS[game][0] == "hilo" else None,
                        seed=None if exact else seed)


def _is_range_like(item: object) -> bool:
    """A Range, or text that does not read as a list of cards: "KcKdQc" is three cards
    (and so an error as a hand); the range of hands holding them is "KcKdQc*"."""
    from .ranges import Range
    if isinstance(item, Range):
        return True
    if not isinstance(item, str):
        return False
    try:
        parse_cards(item)
    except InvalidCardError as err:
        return "duplicate" not in str(err)
    return False


def _range_equity(players: list[Any], board: CardsLike, dead: CardsLike, game: str,
                  mode: str, samples: Optional[int], seed: Optional[int],
                  threads: Optional[int], progress: Optional[ProgressCallback]) -> EquityResult:
    """Equity when some players hold ranges: exact over every compatible combination of
    hands (weighted by the product of the weights) and every board, or Monte Carlo drawing
    whole deals by weight and rejecting any deal in which two hands share a card."""
    import numpy as np

    from .ranges import Range
    known = parse_group(board, (0, 3, 4, 5), "board")
    out = parse_cards(dead)
    fixed = {f"hand {i + 1}": p for i, p in enumerate(players) if isinstance(p, tuple)}
    check_disjoint(**fixed, board=known, dead=out)
    samples = _check_int("samples", samples, 1, MAX_SAMPLES)
    threads = _check_int("threads", threads, 1, MAX_THREADS)
    seed = _check_int("seed", seed, 0, 2**64 - 1)
    gone = list(known) + list(out) + [c for h in fixed.values() for c in h]
    rows, weights, sizes, names = [], [], [], []
    for i, p in enumerate(players):
        if isinstance(p, tuple):
            rows.append(np.array([p], dtype=np.uint8))
            weights.append(np.ones(1, dtype=np.uint32))
            names.append(format_cards(p))
        else:
            hands, hand_weights = p.live_hands(gone)
            if not len(hands):
                raise RangeError(f"hand {i + 1}: the range {p.text!r} is empty once the "
                                 f"board, dead cards and fixed hands are removed")
            rows.append(hands)
            weights.append(hand_weights.astype(np.uint32))
            names.append(p.text if isinstance(p, Range) else str(p))
        sizes.append(len(rows[-1]))
    n_hole = _core.variant(game).n_hole
    for i, p in enumerate(players):
        if isinstance(p, Range) and p.n_hole != n_hole:
            raise RangeError(f"hand {i + 1}: the range {p.text!r} holds {p.n_hole}-card "
                             f"hands, but {game} deals {n_hole}")
    remaining = 52 - len(known) - len(out) - n_hole * len(players)
    if remaining < 5 - len(known):
        raise InvalidCardError(f"only {remaining} cards left to deal {5 - len(known)} board "
                               f"cards")
    per_combo = comb(remaining, 5 - len(known))
    combos = math.prod(sizes)
    exact = mode == "exact" or (mode == "auto" and samples is None and n_hole == 4
                                and combos * (per_combo + 100) <= RANGE_EXACT_LIMIT)
    if exact and math.prod(int(w.sum()) for w in weights) * per_combo >= 4.6e18:
        raise RangeError("too much work for an exact answer (weighted counts would "
                         "overflow): use mode='mc'")
    if not exact and seed is None:
        seed = secrets.randbits(63)
    n_samples = 0 if exact else (samples or DEFAULT_SAMPLES)
    sums, total, no_low, count = _core.range_equity(
        np.ascontiguousarray(np.concatenate(rows), dtype=np.uint8),
        np.ascontiguousarray(np.concatenate(weights)), sizes, bytes(known),
        bytes(out), _core.variant(game).code, exact, n_samples, seed or 0, threads or 0,
        progress, n_hole)
    return _result(names, sums, total, no_low, known, game, exact, None if exact else seed,
                   int(count))


def equity_batch(hands: Any, boards: Any, game: str = "hilo") -> Any:
    """Exact pot shares of many small spots in one C call: for solvers that score
    millions of turn or river spots, where a Python call per spot would cost more than
    the work. ``hands`` is (spots, players, 4) card ints ((spots, players, 5) for
    ``game="bigo"`` or ``"omaha5"``, 6 for ``"omaha6"``), ``boards`` (spots, k) with k =
    3, 4 or 5 (numpy arrays or nested lists); returns a (spots, players) float64 array of
    each player's expected share of the pot over every remaining board.

    >>> import numpy as np
    >>> eq = equity_batch([[[51, 47, 11, 7], [46, 45, 42, 41]]], [[16, 29, 30, 2]])
    >>> eq.shape, round(float(eq.sum()), 12)
    ((1, 2), 1.0)
    >>> float(eq[0, 0]) == equity(["AsKs4s3s", "KhKdQhQd"], board="6c9d9h2h").players[0].equity
    True
    """
    import numpy as np
    code, n_hole = _core.variant(game)
    h = _card_array(np, hands, 3, "hands", f"(spots, players, {n_hole})")
    b = _card_array(np, boards, 2, "boards", "(spots, 3..5)")
    if h.shape[2] != n_hole:
        raise InvalidCardError(f"hands must be (spots, players, {n_hole}) card ints for "
                               f"{game}, got shape {h.shape}")
    if b.shape[0] != h.shape[0] or b.shape[1] not in (3, 4, 5):
        raise InvalidCardError(f"boards must be (spots, 3..5) card ints for {h.shape[0]} "
                               f"spots, got shape {b.shape}")
    if not 2 <= h.shape[1] <= 10:
        raise InvalidCardError(f"a spot has 2 to 10 players, got {h.shape[1]}")
    for name, a in (("hands", h), ("boards", b)):
        wrong = (a < 0) | (a > 51)
        if wrong.any():
            spot = int(np.argmax(wrong.reshape(len(a), -1).any(axis=1)))
            raise InvalidCardError(f"{name} of spot {spot}: card ints must be in 0..51, got "
                                   f"{a[spot].tolist()}")
    out = np.empty((h.shape[0], h.shape[1]), dtype=np.float64)
    _core.equity_batch(np.ascontiguousarray(h, dtype=np.uint8),
                       np.ascontiguousarray(b, dtype=np.uint8), h.shape[1], b.shape[1],
                       code, out, n_hole)
    return out


def _card_array(np: Any, cards: Any, ndim: int, what: str, shape: str) -> Any:
    """Cards as an integer array of ``ndim`` dimensions. Floats are refused, not truncated
    (51.5 is no card); so are bools and nested lists of uneven lengths."""
    try:
        a = np.asarray(cards)
    except (TypeError, ValueError):
        raise InvalidCardError(f"{what} must be {shape} card ints, and its rows must all "
                               f"have the same length") from None
    if a.ndim != ndim:
        raise InvalidCardError(f"{what} must be {shape} card ints, got shape {a.shape}")
    if a.size and a.dtype.kind not in "iu":
        raise CardTypeError(f"{what} must hold integer card values, not {a.dtype}")
    return a.astype(np.int64)


__all__ = ["equity", "equity_batch", "EquityResult", "PlayerEquity", "EXACT_LIMIT",
           "RANGE_EXACT_LIMIT", "DEFAULT_SAMPLES"]
