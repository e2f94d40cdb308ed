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
from math import comb
from typing import Any, Optional

from . import _core
from ._checks import check_choice, check_int
from .cards import CardsLike, check_disjoint, format_cards, parse_cards, parse_group
from .errors import CardTypeError, InvalidCardError, InvalidTypeError

EXACT_LIMIT = 2_000_000
"""``mode="auto"`` without ``samples`` enumerates exactly when at most this many boards
remain, otherwise it samples. From a full deck the largest space (heads-up, no board) is
1,086,008 boards, which the C core enumerates in milliseconds, so every standard spot is
exact under "auto"."""

DEFAULT_SAMPLES = 1_000_000
"""Boards drawn by Monte Carlo when ``samples`` is not given."""

MAX_SAMPLES = 2**53
"""The most Monte Carlo boards one call draws: counts stay exact in a double."""

MAX_THREADS = 256


def _check_int(name: str, value: Optional[int], low: int, high: int) -> None:
    """None, or an int (not a bool) in low..high; otherwise the error naming it."""
    if value is not None:
        check_int(value, name, low=low, high=high)


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


def equity(hands: Sequence[CardsLike], board: CardsLike = "", dead: CardsLike = "",
           game: str = "hilo", mode: str = "auto", samples: Optional[int] = None,
           seed: Optional[int] = None, threads: Optional[int] = None,
           progress: Optional[ProgressCallback] = None) -> EquityResult:
    """Equity of 2 to 10 Omaha hands on a known board (0, 3, 4 or 5 cards).

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
    if isinstance(hands, str) or not isinstance(hands, Iterable):
        raise CardTypeError(f"equity needs a list of 2 to 10 hands, got {hands!r}")
    hands = list(hands)
    if not 2 <= len(hands) <= 10:
        raise InvalidCardError(f"equity needs a list of 2 to 10 hands, got {len(hands)} hands")
    holes = [parse_group(h, (4,), f"hand {i + 1}") for i, h in enumerate(hands)]
    known = parse_group(board, (0, 3, 4, 5), "board")
    out = parse_cards(dead)
    check_disjoint(**{f"hand {i + 1}": h for i, h in enumerate(holes)}, board=known, dead=out)
    game_code = _core.game_code(game)
    check_choice(mode, ("auto", "exact", "mc"), "mode")
    if progress is not None and not callable(progress):
        raise InvalidTypeError(f"progress must be a function (done, total) or None, "
                               f"got {progress!r}")
    remaining = 52 - 4 * len(holes) - len(known) - len(out)
    to_deal = 5 - len(known)
    if remaining < to_deal:
        raise InvalidCardError(f"only {remaining} cards left to deal {to_deal} board cards")
    space = comb(remaining, to_deal)
    # "auto" samples when asked for a number of samples, and otherwise when the space is big
    exact = mode == "exact" or (mode == "auto" and samples is None and space <= EXACT_LIMIT)
    _check_int("samples", samples, 1, MAX_SAMPLES)
    _check_int("threads", threads, 1, MAX_THREADS)
    _check_int("seed", seed, 0, 2**64 - 1)
    if not exact and seed is None:
        seed = secrets.randbits(63)
    n_samples = 0 if exact else (samples or DEFAULT_SAMPLES)
    sums, boards, no_low = _core.equity(
        b"".join(bytes(h) for h in holes), len(holes), bytes(known), bytes(out), game_code,
        exact, n_samples, seed or 0, threads or 0, progress)
    players = []
    for hole, s in zip(holes, sums):
        mean = s["equity"] / boards
        std_error = None
        if not exact:
            variance = max(s["eq_sq"] / boards - mean * mean, 0.0)
            std_error = math.sqrt(variance / boards)
        players.append(PlayerEquity(
            hand=format_cards(hole), equity=mean, high_win=s["high_win"] / boards,
            high_tie=s["high_tie"] / boards, low_win=s["low_win"] / boards,
            low_tie=s["low_tie"] / boards, scoop=s["scoop"] / boards,
            high_share=s["high_share"] / boards, low_share=s["low_share"] / boards,
            std_error=std_error))
    return EquityResult(players=tuple(players), board=format_cards(known), game=game,
                        boards=int(boards), exact=exact,
                        no_low=no_low / boards if game == "hilo" else None,
                        seed=None if exact else seed)


__all__ = ["equity", "EquityResult", "PlayerEquity", "EXACT_LIMIT", "DEFAULT_SAMPLES"]
