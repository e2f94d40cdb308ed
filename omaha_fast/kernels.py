"""Building blocks for solvers: showdown values against a weighted range, a suit-isomorphism
hand indexer and hand-strength features. Thin typed wrappers over the C core.

Every function takes hands as an (n, 4) array of card ints (numpy, any 2-D buffer, a list
of four-card strings, or an object with ``combos`` and ``weights`` such as a range).

>>> sv = showdown_values("2c7d9hJsKs", ["AsAhQdTd", "3c4c5h6h"], ["AsAhQdTd", "8c8d3h3d"])
>>> sv.value.tolist(), sv.reach.tolist()   # aces meet only the eights: card removal
([1.0, 0.0], [1.0, 2.0])
"""

from __future__ import annotations

import numbers
import os
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from itertools import chain, combinations
from typing import Any, NamedTuple

from . import _core
from ._arrays import as_rows
from ._checks import check_int, is_int
from .cards import Card, CardsLike, parse_cards, parse_group
from .errors import InvalidCardError, InvalidTypeError, InvalidValueError


class InvalidWeightsError(InvalidValueError):
    """Range weights that are not one finite, non-negative real number per hand, or so
    large that the sums overflow."""


class SolverValueError(InvalidValueError):
    """An argument out of its range (a round, an index, a number of samples)."""


class SolverTypeError(InvalidTypeError):
    """An argument of the wrong type (a round, an index, rounds, samples)."""


def _int(value: object, what: str, low: int | None = None, high: int | None = None) -> int:
    """check_int with the solver's own error classes (still InvalidValueError and
    InvalidTypeError)."""
    try:
        return check_int(value, what, low=low, high=high)
    except InvalidTypeError as err:
        raise SolverTypeError(str(err)) from None
    except InvalidValueError as err:
        raise SolverValueError(str(err)) from None


@lru_cache(maxsize=1)
def _every_hand() -> Any:
    """All 270,725 four-card hands (ascending cards, rows in lexicographic order) and
    their 64-bit card masks."""
    import numpy as np
    rows = np.fromiter(chain.from_iterable(combinations(range(52), 4)), dtype=np.uint8,
                       count=270_725 * 4).reshape(-1, 4)
    rows.flags.writeable = False
    masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), rows.astype(np.uint64)), axis=1)
    masks.flags.writeable = False
    return rows, masks


def all_hands(dead: CardsLike = ()) -> Any:
    """Every four-card hand holding none of ``dead``, as an (n, 4) uint8 array.

    >>> all_hands().shape, all_hands("2c3c4c5c6c").shape
    ((270725, 4), (178365, 4))
    """
    import numpy as np
    rows, masks = _every_hand()
    blocked = 0
    for c in parse_cards(dead):
        blocked |= 1 << int(c)
    if not blocked:
        return rows.copy()
    return rows[(masks & np.uint64(blocked)) == 0]


def _hand_rows(hands: Any, what: str) -> tuple[Any, Any]:
    """(contiguous (n, 4) uint8 rows, the weights an object carried or None)."""
    import numpy as np
    weights = None
    if hasattr(hands, "combos"):
        weights = getattr(hands, "weights", None)
        hands = hands.combos
    if isinstance(hands, (list, tuple)) and hands and all(isinstance(h, str) for h in hands):
        hands = np.array([parse_group(h, (4,), f"{what} hand {i}") for i, h in enumerate(hands)],
                         dtype=np.uint8).reshape(-1, 4)
    elif isinstance(hands, (list, tuple)) and not hands:
        hands = np.zeros((0, 4), dtype=np.uint8)
    rows, _, _ = as_rows(hands, (4,), what)
    return np.asarray(rows), weights


def _weights(weights: Any, m: int) -> Any:
    import numpy as np
    try:
        given = np.asarray(weights)
        if given.dtype.kind == "O" and all(isinstance(x, numbers.Real) for x in given.flat):
            given = given.astype(np.float64)      # Python numbers such as Fractions
        elif given.dtype.kind not in "biuf":      # complex, text: refused, not cast
            given = given.astype(np.float64, casting="same_kind")
        w = np.ascontiguousarray(given, dtype=np.float64)
    except (TypeError, ValueError):
        raise InvalidWeightsError(
            f"villain_weights must be real numbers, got {_kind_of(weights)}") from None
    if w.shape != (m,):
        raise InvalidWeightsError(f"villain_weights must hold one weight per villain hand "
                                  f"({m}), got shape {w.shape}")
    bad = ~np.isfinite(w) | (w < 0)
    if bad.any():
        i = int(np.argmax(bad))
        raise InvalidWeightsError(f"villain weight {i} is {w[i]}: weights must be finite and >= 0")
    with np.errstate(over="ignore"):
        total = w.sum()
    if not np.isfinite(total):
        raise InvalidWeightsError(f"villain weights add up to more than a float holds "
                                  f"(largest {w.max():g}): scale them down")
    return w


def _kind_of(weights: Any) -> str:
    dtype = getattr(weights, "dtype", None)
    return f"an array of {dtype}" if dtype is not None else type(weights).__name__


class ShowdownValues(NamedTuple):
    """Per hero hand: ``value`` = sum of w_j * pot share over the villain hands j that
    share no card with it, ``reach`` = sum of those w_j; ``value / reach`` is the equity
    against the range. ``high`` and ``low`` split ``value`` by the half that pays it."""

    value: Any
    reach: Any
    high: Any
    low: Any


def showdown_values(board: CardsLike, hero: Any, villain: Any, villain_weights: Any = None,
                    game: str = "hilo") -> ShowdownValues:
    """Heads-up river showdown of every hero hand against a weighted villain range.

    A hero hand's share of the pot against one villain hand is 1, 1/2 or 0 in ``"high"``;
    in ``"hilo"`` 1, 3/4, 1/2, 1/4 or 0 (each half won, split or lost; when neither hand
    makes a low the high takes the whole pot). Villain hands that share a card with the hero
    hand are left out of both its sums (card removal). Runs in time linear in the two
    ranges after a counting sort (see csrc/showdown.c), not hero x villain.

    ``villain_weights`` defaults to the villain's own ``weights`` when it carries them, else
    to 1 for every hand. Hands touching the board are refused.

    >>> board = "Ah Kd 7c 8s 2h"
    >>> sv = showdown_values(board, ["3c4dKsKh", "5c6c9d9h", "QdQh3s4s"], ["3d4hQsQc"])
    >>> sv.value.tolist()      # high won and low split: 3/4; both split: 1/2
    [0.75, 0.0, 0.5]
    >>> sv.high.tolist(), sv.low.tolist()
    ([0.5, 0.0, 0.25], [0.25, 0.0, 0.25])
    >>> showdown_values(board, ["AsAd3c8s"], ["QsQh8c9c"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    omaha_fast.errors.InvalidCardError: hero hand 0 (As Ad 3c 8s on Ah ...): 8s is on the board
    """
    import numpy as np
    b = bytes(parse_group(board, (5,), "board"))
    h, _ = _hand_rows(hero, "hero")
    v, carried = _hand_rows(villain, "villain")
    n, m = h.shape[0], v.shape[0]
    if villain_weights is None:
        villain_weights = carried
    w = None if villain_weights is None else _weights(villain_weights, m)
    value, reach, low = np.empty(n), np.empty(n), np.empty(n)
    _core.showdown_values(b, h, v, w, _core.game_code(game), value, reach, low)
    if w is not None and not (np.isfinite(value).all() and np.isfinite(reach).all()):
        raise InvalidWeightsError("the villain weights overflow the sums (a sum is not "
                                  "finite): scale them down")
    return ShowdownValues(value, reach, value - low, low)


def _float_rows(np: Any, weights: Any, shape: tuple[int, ...], what: str) -> Any:
    """A C-contiguous float64 array of ``shape`` from weights; values are checked in C. An
    array that is one already passes through as it is (the fast path of a solver loop)."""
    if (type(weights) is np.ndarray and weights.dtype == np.float64
            and weights.flags.c_contiguous and weights.shape == shape):
        return weights
    try:
        given = np.asarray(weights)
        if given.dtype.kind == "O" and all(isinstance(x, numbers.Real) for x in given.flat):
            given = given.astype(np.float64)
        elif given.dtype.kind not in "biuf":
            given = given.astype(np.float64, casting="same_kind")
        w = np.ascontiguousarray(given, dtype=np.float64)
    except (TypeError, ValueError):
        raise InvalidWeightsError(f"{what} must be real numbers, got {_kind_of(weights)}") \
            from None
    if w.shape != shape:
        raise InvalidWeightsError(f"{what} must have shape {shape} (one weight per villain "
                                  f"hand), got shape {w.shape}")
    return w


def _amounts(np: Any, amounts: Any, k: int, what: str) -> Any:
    """A (k,) float64 array of finite chip amounts, or SolverValueError."""
    try:
        a = np.ascontiguousarray(amounts, dtype=np.float64)
    except (TypeError, ValueError):
        raise SolverValueError(f"{what} must be numbers, got {_kind_of(amounts)}") from None
    if a.shape != (k,) or not np.isfinite(a).all():
        raise SolverValueError(f"{what} must be {k} finite numbers (one per row it is for), "
                               f"got {a.tolist() if a.size <= 8 else a.shape}")
    return a


def _out_arrays(np: Any, out: Any, shape: tuple[int, ...]) -> ShowdownValues:
    """The caller's four output arrays, or four new ones (the C wrapper checks their
    types and sizes)."""
    if type(out) is ShowdownValues:
        return out
    if out is None:
        return ShowdownValues(np.empty(shape), np.empty(shape), np.empty(shape),
                              np.empty(shape))
    try:
        arrays = tuple(out)
    except TypeError:
        arrays = ()
    if len(arrays) != 4:
        raise SolverTypeError(f"out must be four float64 arrays (value, reach, high, low), "
                              f"such as a ShowdownValues, got {type(out).__name__}")
    for a in arrays:
        if getattr(a, "shape", None) != shape:
            raise SolverValueError(f"each out array must have shape {shape}, got "
                                   f"{getattr(a, 'shape', type(a).__name__)}")
    return out if isinstance(out, ShowdownValues) else ShowdownValues(*arrays)


def _set_up(table: Any, core_class: Any, cards: Sequence[Card], hero: Any, villain: Any,
            game: str) -> None:
    """The set-up a river and a turn table share: the C table of both ranges, the
    numbers of hands, the board, and the villain's default weights (the range's, else 1
    a hand; read-only)."""
    import numpy as np
    h, _ = _hand_rows(hero, "hero")
    v, carried = _hand_rows(villain, "villain")
    table.game = game
    table._np = np
    table._core = core_class(bytes(cards), np.ascontiguousarray(h), np.ascontiguousarray(v),
                             _core.game_code(game), InvalidWeightsError)
    table.n, table.m = table._core.n, table._core.m
    table.board = tuple(cards)
    w = np.ones(table.m) if carried is None else _weights(carried, table.m)
    w.flags.writeable = False
    table.default_weights = w


class ShowdownTable:
    """A river showdown prepared once for many weight vectors: the board and both ranges
    are fixed, every hand is evaluated and sorted at construction, and each call runs only
    the linear sweeps of :func:`showdown_values` (csrc/prepared.c) with the same results.

    ``hero`` and ``villain`` are taken as by :func:`showdown_values`; hands touching the
    board are refused. Weights are float64 arrays (strategy frequencies times reach
    probabilities: any finite numbers >= 0); a :class:`~omaha_fast.ranges.Range` carries
    integer weights 1..100, so pass ``range.weights`` (or the villain itself, whose weights
    are the default) or your own floats. A call allocates nothing when given ``out``
    arrays, and the table is read-only after construction: threads may share it (each
    thread gets its own scratch on its first call, and the C call releases the GIL). It
    remembers the last few arrays it was given, so that a solver passing the same ones
    call after call does not pay for checking them again; that keeps them alive while the
    table lives.

    >>> board = "Ah Kd 7c 8s 2h"
    >>> table = ShowdownTable(board, ["3c4dKsKh", "5c6c9d9h", "QdQh3s4s"], ["3d4hQsQc",
    ...                       "9c9hTcJc"])
    >>> table.n, table.m
    (3, 2)
    >>> sv = table.values([1.0, 0.5])
    >>> sv.value.tolist(), sv.reach.tolist()      # 5c6c9d9h is blocked by 9c9hTcJc
    ([1.25, 0.0, 1.0], [1.5, 1.0, 1.5])
    >>> table.blockers([1.0, 0.5]).tolist()
    [1.5, 1.0, 1.5]
    >>> table.values_batch([[1.0, 0.0], [0.0, 1.0]]).value.tolist()
    [[0.75, 0.0, 0.5], [1.0, 0.0, 1.0]]
    """

    __slots__ = ("_core", "_np", "n", "m", "game", "board", "default_weights")

    n: int
    """Number of hero hands."""
    m: int
    """Number of villain hands."""
    game: str
    """``"hilo"`` or ``"high"``."""
    board: tuple[Card, ...]
    """The five board cards."""
    _np: Any
    _core: Any
    default_weights: Any
    """The villain weights a call uses when given none (read-only float64, shape (m,)):
    the weights the villain carried (a range's), else 1 for every hand."""

    def __init__(self, board: CardsLike, hero: Any, villain: Any, game: str = "hilo") -> None:
        _set_up(self, _core.ShowdownTable, parse_group(board, (5,), "board"), hero, villain,
                game)

    def values(self, villain_weights: Any = None, out: Any = None) -> ShowdownValues:
        """Showdown values against one weight vector (shape (m,); None: the defaults),
        equal to :func:`showdown_values` with the same weights. ``out`` (four float64
        arrays of shape (n,), e.g. a previous result) is written and returned instead of
        new arrays."""
        w = self.default_weights if villain_weights is None else \
            _float_rows(self._np, villain_weights, (self.m,), "villain_weights")
        res = _out_arrays(self._np, out, (self.n,))
        self._core.values(w, res.value, res.reach, res.high, res.low, 1)
        return res

    def values_batch(self, weights: Any, out: Any = None,
                     threads: int | None = None) -> ShowdownValues:
        """Showdown values against each row of a (k, m) array of weights, in one C call:
        arrays of shape (k, n). ``threads`` splits the rows (None: one per core)."""
        np = self._np
        w = _batch_rows(np, weights, self.m)
        res = _out_arrays(np, out, (w.shape[0], self.n))
        self._core.values(w, res.value, res.reach, res.high, res.low, _threads(threads))
        return res

    def blockers(self, villain_weights: Any = None, out: Any = None) -> Any:
        """The villain weight each hero hand meets once card removal is applied (the
        ``reach`` of :meth:`values`, with no evaluation): what a fold node pays against.
        Linear in the two ranges; ``out`` an (n,) float64 array to write."""
        w = self.default_weights if villain_weights is None else \
            _float_rows(self._np, villain_weights, (self.m,), "villain_weights")
        reach = self._np.empty(self.n) if out is None else out
        self._core.blockers(w, reach, 1)
        return reach

    def blockers_batch(self, weights: Any, out: Any = None,
                       threads: int | None = None) -> Any:
        """:meth:`blockers` for each row of a (k, m) array of weights in one C call (the
        rows walked together, up to 8 at a time): a (k, n) array, row r equal to
        ``blockers(weights[r])``. ``out`` a (k, n) float64 array to write; ``threads``
        splits the rows (None: one per core).

        >>> table = ShowdownTable("Ah Kd 7c 8s 2h", ["5c6c9d9h", "QdQh3s4s"],
        ...                       ["3d4hQsQc", "9c9hTcJc"])
        >>> table.blockers_batch([[1.0, 0.5], [2.0, 0.0]]).tolist()   # 9c9hTcJc blocks 9d9h
        [[1.0, 1.5], [2.0, 2.0]]
        """
        np = self._np
        w = _batch_rows(np, weights, self.m)
        reach = np.empty((w.shape[0], self.n)) if out is None else out
        self._core.blockers(w, reach, _threads(threads))
        return reach

    def values_reach_batch(self, weights: Any, n_folds: int, value: Any = None,
                           reach: Any = None, threads: int | None = None,
                           pot: Any = None, hero_put: Any = None,
                           fold_pay: Any = None) -> tuple[Any, Any]:
        """What a solver's pass needs of its showdown and fold nodes, in one C call whose
        threads share the two: for a (k, m) array of weights, the showdown ``value`` of
        its first k - ``n_folds`` rows (as :meth:`values_batch`, without the high and low
        halves) and the ``reach`` of every row (for the last ``n_folds`` rows, their fold
        sums: :meth:`blockers_batch`). Returns (value, reach), shapes (k - n_folds, n) and
        (k, n); ``value`` and ``reach`` are float64 arrays of those shapes to write.
        Given ``pot`` and ``hero_put`` (one number per showdown row: the whole pot at
        showdown and what the hero put in), the value rows are chips instead:
        ``value * pot - reach * hero_put`` (:func:`showdown_payoff` without rake), and
        the fold rows' reach is multiplied by ``fold_pay`` (one number per fold row; 1 if
        not given): a fold node's chips.

        >>> table = ShowdownTable("Ah Kd 7c 8s 2h", ["5c6c9d9h", "QdQh3s4s"],
        ...                       ["3d4hQsQc", "9c9hTcJc"])
        >>> value, reach = table.values_reach_batch([[1.0, 0.0], [1.0, 0.5]], n_folds=1)
        >>> value.tolist(), reach.tolist()
        ([[0.0, 0.5]], [[1.0, 1.0], [1.0, 1.5]])
        >>> value.tolist() == table.values_batch([[1.0, 0.0]]).value.tolist()
        True
        >>> table.values_reach_batch([[1.0, 0.0]], 0, pot=[30.0], hero_put=[10.0])[0].tolist()
        [[-10.0, 5.0]]
        """
        np = self._np
        w = _batch_rows(np, weights, self.m)
        k = w.shape[0]
        j = _int(n_folds, "n_folds", low=0, high=k)
        payoff = None
        if (pot is None) != (hero_put is None):
            raise SolverValueError("pot and hero_put go together: give both or neither")
        if pot is not None:
            payoff = (_amounts(np, pot, k - j, "pot"), _amounts(np, hero_put, k - j, "hero_put"),
                      _amounts(np, np.ones(j) if fold_pay is None else fold_pay, j,
                               "fold_pay"))
        elif fold_pay is not None:
            raise SolverValueError("fold_pay goes with pot and hero_put")
        value = np.empty((k - j, self.n)) if value is None else value
        reach = np.empty((k, self.n)) if reach is None else reach
        for a, shape, what in ((value, (k - j, self.n), "value"), (reach, (k, self.n), "reach")):
            if getattr(a, "shape", None) != shape:
                raise SolverValueError(f"{what} must have shape {shape}, got "
                                       f"{getattr(a, 'shape', type(a).__name__)}")
        if not self.m:     # nothing to walk: no villain weight is met
            value[...] = 0.0
            reach[...] = 0.0
            return value, reach
        self._core.values_reach(w, k - j, value, reach, _threads(threads), payoff)
        return value, reach

    def __repr__(self) -> str:
        return (f"ShowdownTable(board={''.join(map(str, self.board))!r}, n={self.n}, "
                f"m={self.m}, game={self.game!r})")


def _batch_rows(np: Any, weights: Any, m: int) -> Any:
    """A (k, m) float64 array of weight rows, or InvalidWeightsError."""
    try:
        given = weights if hasattr(weights, "shape") else np.asarray(weights)
    except (TypeError, ValueError):     # ragged rows
        raise InvalidWeightsError(f"weights must be a (k, {m}) array of real numbers, got "
                                  f"{_kind_of(weights)}") from None
    k = given.shape[0] if len(getattr(given, "shape", ())) == 2 else -1
    if k < 0:
        raise InvalidWeightsError(f"weights must be a (k, {m}) array, got shape "
                                  f"{getattr(given, 'shape', None)}")
    return _float_rows(np, given, (k, m), "weights")


def _threads(threads: int | None) -> int:
    return 0 if threads is None else _int(threads, "threads", low=1, high=1024)


def showdown_payoff(values: ShowdownValues, pot: Any, hero_put: Any, villain_put: Any,
                    rake: Any = 0.0) -> Any:
    """Each hero hand's expected net chips at a showdown, summed over the villain range:
    ``value * (pot + hero_put + villain_put - rake) - reach * hero_put``.

    ``pot`` is the money in the middle before the contributions counted in ``hero_put``
    and ``villain_put`` (the starting pot of a subgame, dead money); the payoff is the hero's
    chips after the showdown less its chips when ``pot`` was counted, so it is relative to
    that point. The halves are paid in real numbers, with no odd chip: a hand that wins the
    high and ties the low (quartered) gets 3/4 of the pot, as ``value`` counts it
    (``value = high + low``), whatever the two contributions. ``rake`` is taken from the
    pot before it is split. Each argument may be a number or an array that broadcasts
    against ``values.value`` (e.g. shape (k, 1) against :meth:`ShowdownTable.values_batch`);
    divide by ``reach`` for the EV of a hand that reaches the showdown.

    >>> sv = showdown_values("Ah Kd 7c 8s 2h", ["3c4dKsKh", "QdQh3s4s"], ["3d4hQsQc"])
    >>> showdown_payoff(sv, pot=10, hero_put=20, villain_put=20).tolist()   # 3/4, 1/2 of 50
    [17.5, 5.0]
    """
    import numpy as np
    if not (hasattr(values, "value") and hasattr(values, "reach")):
        raise SolverTypeError(f"values must be a ShowdownValues (from showdown_values or a "
                              f"ShowdownTable), not {type(values).__name__}")
    parts = {}
    for name, x in (("pot", pot), ("hero_put", hero_put), ("villain_put", villain_put),
                    ("rake", rake)):
        try:
            a = np.asarray(x, dtype=np.float64)
        except (TypeError, ValueError):
            raise SolverTypeError(f"{name} must be a number or an array of numbers, not "
                                  f"{type(x).__name__}") from None
        if not (np.isfinite(a).all() and (a >= 0).all()):
            raise SolverValueError(f"{name} must be finite and >= 0, got {x!r}")
        parts[name] = a
    total = parts["pot"] + parts["hero_put"] + parts["villain_put"] - parts["rake"]
    if (total < 0).any():
        raise SolverValueError("rake is larger than the pot")
    return values.value * total - values.reach * parts["hero_put"]


def turn_showdown_values(turn_board: CardsLike, hero: Any, villain: Any,
                         villain_weights: Any = None, game: str = "hilo",
                         threads: int | None = None) -> ShowdownValues:
    """Showdown values on a turn (4 board cards), the river to come: the chance node of
    an all-in or checked-down turn.

    For hero hand i and each villain hand j sharing no card with it, 40 river cards are
    left (52 less the board and the two hands), each equally likely; the pair counts
    w_j times its mean pot share over those 40 rivers in ``value`` and w_j in ``reach``
    (so ``reach`` is the turn's card-removed villain weight, as on the river), with
    ``high`` and ``low`` the halves. That is the right chance node for a solver: given
    both hands the river is uniform over the unseen cards, so the turn value is the
    river value averaged per hand pair. It runs the river kernel over the (up to) 48
    river cards, each without the hands that hold it, threaded in C (``threads``: None
    for one per core; sums may differ in the last bits between thread counts).

    >>> tv = turn_showdown_values("Ah Kd 7c 8s", ["3c4dKsKh"], ["2c3hQsQc"])
    >>> round(float(tv.value[0]), 4), tv.reach.tolist()
    (0.5375, [1.0])
    """
    import numpy as np
    b = bytes(parse_group(turn_board, (4,), "turn_board"))
    h, _ = _hand_rows(hero, "hero")
    v, carried = _hand_rows(villain, "villain")
    n, m = h.shape[0], v.shape[0]
    if villain_weights is None:
        villain_weights = carried
    w = None if villain_weights is None else _float_rows(np, villain_weights, (m,),
                                                         "villain_weights")
    res = ShowdownValues(np.empty(n), np.empty(n), np.empty(n), np.empty(n))
    _core.turn_showdown_values(b, np.ascontiguousarray(h), np.ascontiguousarray(v), w,
                               _core.game_code(game), _threads(threads), tuple(res),
                               InvalidWeightsError)
    return res


class TurnShowdownTable:
    """:func:`turn_showdown_values` prepared once for many weight vectors: a
    :class:`ShowdownTable` for each of the 48 river cards (of the hands that do not hold
    it), built at construction; each call only runs the river sweeps and averages them,
    with the weighting of :func:`turn_showdown_values` (each hand pair's 40 rivers equally
    likely). Memory grows with both ranges times 48 (about 100 bytes per hand per river):
    for ranges of tens of thousands of hands; full ranges want the one-shot function.

    >>> table = TurnShowdownTable("Ac 2d 7h Ks", ["3c4cKh9s", "QsQh5c5d"], ["3d4hQcJc"])
    >>> tv = table.values([1.0])
    >>> [round(x, 4) for x in tv.value.tolist()], tv.reach.tolist()   # as equity() gives
    ([0.675, 0.425], [1.0, 1.0])
    """

    __slots__ = ("_core", "_np", "n", "m", "game", "board", "default_weights")

    n: int
    """Number of hero hands."""
    m: int
    """Number of villain hands."""
    game: str
    """``"hilo"`` or ``"high"``."""
    board: tuple[Card, ...]
    """The four board cards."""
    _np: Any
    _core: Any
    default_weights: Any
    """The villain weights a call uses when given none (read-only float64, shape (m,))."""

    def __init__(self, turn_board: CardsLike, hero: Any, villain: Any,
                 game: str = "hilo") -> None:
        _set_up(self, _core.TurnTable, parse_group(turn_board, (4,), "turn_board"), hero,
                villain, game)

    def values(self, villain_weights: Any = None, out: Any = None,
               threads: int | None = None) -> ShowdownValues:
        """Turn showdown values against one weight vector (shape (m,); None: the
        defaults), as :func:`turn_showdown_values` gives them; ``out`` as in
        :meth:`ShowdownTable.values`; ``threads`` split the rivers (None: one per core)."""
        w = self.default_weights if villain_weights is None else \
            _float_rows(self._np, villain_weights, (self.m,), "villain_weights")
        res = _out_arrays(self._np, out, (self.n,))
        self._core.values(w, res.value, res.reach, res.high, res.low, _threads(threads))
        return res

    def values_batch(self, weights: Any, out: Any = None,
                     threads: int | None = None) -> ShowdownValues:
        """Turn showdown values against each row of a (k, m) array of weights, in one C
        call: arrays of shape (k, n)."""
        np = self._np
        try:
            given = weights if hasattr(weights, "shape") else np.asarray(weights)
        except (TypeError, ValueError):
            raise InvalidWeightsError(f"weights must be a (k, {self.m}) array of real "
                                      f"numbers, got {_kind_of(weights)}") from None
        k = given.shape[0] if len(getattr(given, "shape", ())) == 2 else -1
        if k < 0:
            raise InvalidWeightsError(f"weights must be a (k, {self.m}) array, got shape "
                                      f"{getattr(given, 'shape', None)}")
        w = _float_rows(np, given, (k, self.m), "weights")
        res = _out_arrays(np, out, (k, self.n))
        self._core.values(w, res.value, res.reach, res.high, res.low, _threads(threads))
        return res

    def __repr__(self) -> str:
        return (f"TurnShowdownTable(board={''.join(map(str, self.board))!r}, n={self.n}, "
                f"m={self.m}, game={self.game!r})")


class HandIndexer:
    """Suit isomorphism: deals numbered so that two deals differing only by a permutation
    of the suits share a number, and every number in ``0..size(round)-1`` is one class.

    ``rounds`` gives the cards dealt in each round; Omaha's default is the four hole cards,
    the flop, the turn and the river. Rounds are numbered from 0. ``index`` takes the cards
    dealt so far (hole cards first, then each board round; any order within a round) and
    works out the round from their number; ``unindex`` gives the class's canonical deal.

    >>> ix = HandIndexer()
    >>> [ix.size(r) for r in range(4)]
    [16432, 204461673, 8964883057, 389802959832]
    >>> ix.index("AsKs2d3d") == ix.index("AhKh2c3c") != ix.index("AsKh2d3d")
    True
    >>> from omaha_fast import format_cards
    >>> i = ix.index("AsKs2d3d" "4d5h9c")
    >>> format_cards(ix.unindex(1, i)), ix.index(ix.unindex(1, i)) == i
    ('2c3cKdAd4c5h9s', True)
    """

    __slots__ = ("_core", "_widths")

    def __init__(self, rounds: Sequence[int] = (4, 3, 1, 1)) -> None:
        try:
            given = list(rounds) if not isinstance(rounds, (str, bytes)) else None
        except TypeError:
            given = None
        if given is None or not all(is_int(r) for r in given):
            raise SolverTypeError(f"rounds must be a sequence of ints, not {rounds!r}")
        counts = tuple(_int(r, "a round's cards") for r in given)
        if not 1 <= len(counts) <= 8 or not all(1 <= r <= 13 for r in counts) or sum(counts) > 52:
            raise SolverValueError(f"rounds {counts}: 1 to 8 rounds of 1 to 13 cards, "
                                   f"52 cards in all")
        try:
            self._core = _core.Indexer(counts)
        except InvalidValueError as err:     # a class count beyond 64 bits
            raise SolverValueError(str(err)) from None
        self._widths = tuple(_accumulate(counts))

    @property
    def rounds(self) -> tuple[int, ...]:
        """Cards dealt in each round."""
        return self._core.rounds

    def size(self, round: int) -> int:
        """Number of classes of deals through ``round``."""
        return self._core.size(self._round(round))

    def cards(self, round: int) -> int:
        """Cards dealt through ``round`` (the width of a deal)."""
        return self._widths[self._round(round)]

    def _round(self, round: int) -> int:
        round = _int(round, "round")
        if not 0 <= round < len(self._widths):
            raise SolverValueError(f"round {round} is not in 0..{len(self._widths) - 1}")
        return round

    def _round_of(self, width: int) -> int:
        if width not in self._widths:
            raise InvalidCardError(f"a deal has {' or '.join(map(str, self._widths))} cards "
                                   f"(rounds {self.rounds}), not {width}")
        return self._widths.index(width)

    def index(self, cards: CardsLike) -> int:
        """The class number of the cards dealt so far."""
        deal = parse_cards(cards)
        self._round_of(len(deal))
        return int(self.index_batch([list(map(int, deal))])[0])

    def unindex(self, round: int, index: int) -> tuple[Card, ...]:
        """The canonical deal of class ``index`` of ``round``."""
        index = _int(index, "index")
        size = self.size(round)
        if not 0 <= index < size:
            raise SolverValueError(f"index {index} is not in 0..{size - 1} (round {round})")
        return tuple(Card(int(c)) for c in self.unindex_batch(round, [index])[0])

    def index_batch(self, deals: Any) -> Any:
        """Class numbers (uint64 array) of deals given as an (n, cards) array."""
        import numpy as np
        if isinstance(deals, (list, tuple)) and not deals:
            return np.zeros(0, dtype=np.uint64)
        rows, n, width = as_rows(deals, self._widths, "deals")
        round_ = self._round_of(width)
        out = np.empty(n, dtype=np.uint64)
        self._core.index_batch(round_, rows, out)
        return out

    def unindex_batch(self, round: int, indices: Any) -> Any:
        """Canonical deals, an (n, cards) uint8 array, of class numbers of ``round``."""
        import numpy as np
        round_ = self._round(round)
        idx = np.asarray(indices)
        if idx.ndim != 1 or (idx.size and idx.dtype.kind not in "iu"):
            raise SolverTypeError(f"indices must be a 1-D array of ints, got "
                                           f"{idx.dtype} of shape {idx.shape}")
        if idx.size and idx.dtype.kind == "i" and (idx < 0).any():
            raise SolverValueError(f"negative index {int(idx[idx < 0][0])}")
        idx = np.ascontiguousarray(idx, dtype=np.uint64)
        size = self.size(round_)
        if idx.size and int(idx.max()) >= size:
            raise SolverValueError(f"index {int(idx[idx >= size][0])} is not in 0..{size - 1} "
                                   f"(round {round_})")
        out = np.empty((len(idx), self._widths[round_]), dtype=np.uint8)
        self._core.unindex_batch(round_, idx, out)
        return out

    def __repr__(self) -> str:
        return f"HandIndexer(rounds={self.rounds})"


def _accumulate(rounds: Sequence[int]) -> list[int]:
    out, total = [], 0
    for r in rounds:
        total += r
        out.append(total)
    return out


class HandStrength(NamedTuple):
    """Per hand, against one uniformly random opponent hand (and, before the river, a
    uniformly random runout): ``equity`` = expected pot share = ``high + low`` (the parts
    won by each half), ``makes_low`` = the probability of making an 8-or-better low, and
    ``std_error`` of ``equity`` (0 where exact)."""

    equity: Any
    high: Any
    low: Any
    makes_low: Any
    std_error: Any


DEFAULT_SAMPLES = 2_000
MAX_SAMPLES = 2**48 - 1


def hand_strength(holes: Any, board: CardsLike = "", game: str = "hilo",
                  samples: int | None = None, seed: int | None = None,
                  threads: int | None = None) -> HandStrength:
    """Each hand's expected share of a heads-up pot against a uniformly random opponent.

    Exact on the river (every opponent hand, through :func:`showdown_values`) and on the
    turn (every river card, then every opponent hand). On the flop and preflop (board of 3
    or 0 cards) it is Monte Carlo: ``samples`` draws of an opponent hand and the rest of
    the board per hand (default 2,000), reproducible with ``seed``: a hand's draws come from
    a stream seeded by the seed and its position in ``holes``. ``threads`` split the hands
    (sampled streets) or the river cards (the turn); None: one per core. The figures are
    the same for any number.

    >>> hs = hand_strength(["AsAd2s3d", "KcQhJd9c"], "Ah Kd 7c 8s")
    >>> hs.equity.round(4).tolist(), hs.makes_low.tolist()
    ([0.9049, 0.3842], [1.0, 0.0])
    >>> hs.high.round(4).tolist(), hs.low.round(4).tolist()
    ([0.4438, 0.3842], [0.4611, 0.0])
    >>> hs = hand_strength(["AsAd2s3d"], samples=20_000, seed=1)     # preflop
    >>> bool(0.71 < hs.equity[0] < 0.74), bool(hs.std_error[0] < 0.003)
    (True, True)
    """
    import numpy as np
    b = parse_group(board, (0, 3, 4, 5), "board")
    rows, _ = _hand_rows(holes, "holes")
    _core.game_code(game)       # checks the name
    _check_hands(rows, b)
    # checked on every board, though exact boards use neither: a bad value is a mistake
    if samples is not None:
        samples = _int(samples, "samples", low=1, high=MAX_SAMPLES)
    if seed is not None:
        seed = _int(seed, "seed", low=0, high=2**64 - 1)
    n_threads = _threads(threads)
    if len(b) == 5:
        return _river_strength(rows, b, game)
    if len(b) == 4:
        return _turn_strength(rows, b, game, n_threads)
    return _sampled_strength(np, rows, b, game, samples or DEFAULT_SAMPLES, seed, n_threads)


def _check_hands(rows: Any, board: Sequence[Card]) -> None:
    import numpy as np
    if rows.size and rows.max() > 51:
        i = int(np.argmax((rows > 51).any(axis=1)))
        raise InvalidCardError(f"hand {i} ({rows[i].tolist()}): card out of range 0..51")
    on_board = np.isin(rows, np.array([int(c) for c in board], dtype=np.uint8))
    s = np.sort(rows, axis=1)
    twice = (s[:, 1:] == s[:, :-1]).any(axis=1)
    bad = on_board.any(axis=1) | twice
    if bad.any():
        i = int(np.argmax(bad))
        raise _core.card_error(f"hand {i}", {"hand": rows[i].tolist(),
                                             "board": [int(c) for c in board]})


def _river_strength(rows: Any, board: Sequence[Card], game: str) -> HandStrength:
    import numpy as np
    sv = showdown_values(board, rows, all_hands(board), game=game)
    reach = np.where(sv.reach > 0, sv.reach, 1.0)
    _, low = _evaluate_on(rows, board, game)
    return HandStrength(sv.value / reach, sv.high / reach, sv.low / reach,
                        (low > 0).astype(np.float64), np.zeros(len(rows)))


def _evaluate_on(rows: Any, board: Sequence[Card], game: str) -> tuple[Any, Any]:
    import numpy as np

    from .evaluation import evaluate_batch
    boards = np.tile(np.array([int(c) for c in board], dtype=np.uint8), (len(rows), 1))
    return evaluate_batch(rows, boards, game=game)


def _turn_strength(rows: Any, board: Sequence[Card], game: str, threads: int) -> HandStrength:
    """The mean over river cards of the river strength: every (river, opponent) pair
    open to a hand is equally likely, and each river leaves it C(43, 4) opponents. The
    rivers run on ``threads`` threads (0: one per core; the C kernel lets the GIL go) and
    are added up in card order, so the figures do not depend on them."""
    import numpy as np
    n = len(rows)
    sums = np.zeros((4, n))
    count = np.zeros(n)
    on_board = {int(c) for c in board}
    rivers = []
    for river in range(52):
        if river in on_board:
            continue
        open_rows = np.flatnonzero(~(rows == river).any(axis=1))
        if len(open_rows):
            rivers.append((river, open_rows))

    def one(job: tuple[int, Any]) -> HandStrength:
        river, open_rows = job
        return _river_strength(rows[open_rows], [*board, Card(river)], game)

    workers = min(threads or os.cpu_count() or 1, len(rivers))
    if workers > 1:
        with ThreadPoolExecutor(workers) as pool:
            parts = list(pool.map(one, rivers))
    else:
        parts = [one(job) for job in rivers]
    for (_, open_rows), part in zip(rivers, parts):
        sums[:, open_rows] += np.stack([part.equity, part.high, part.low, part.makes_low])
        count[open_rows] += 1
    count = np.where(count > 0, count, 1.0)
    eq, high, low, makes_low = sums / count
    return HandStrength(eq, high, low, makes_low, np.zeros(n))


def _sampled_strength(np: Any, rows: Any, board: Sequence[Card], game: str, samples: int,
                      seed: int | None, threads: int) -> HandStrength:
    """Monte Carlo in C (csrc/strength.c): each hand draws from its own stream, seeded by
    (seed, its position), so a hand's figures depend only on those."""
    if seed is None:
        seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0])
    n = len(rows)
    outputs = share_sum, share_sq, high_sum, low_sum, made_low = tuple(
        np.zeros(n) for _ in range(5))
    _core.strength_sample(rows, bytes(board), _core.game_code(game), samples, seed, outputs,
                          threads)
    mean = share_sum / samples
    var = np.maximum(share_sq / samples - mean * mean, 0.0)
    std_error = np.sqrt(var / max(samples - 1, 1))
    return HandStrength(mean, high_sum / samples, low_sum / samples, made_low / samples,
                        std_error)
