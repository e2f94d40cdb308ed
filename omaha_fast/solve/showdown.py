"""Terminal values over hand ranges: river showdowns and fold (blocker) sums.

Both work on a batch of B rows (one per river card below a turn's chance node, else one)
of villain weights, and give one value per hero hand and row.

:class:`Blockers` counts, for every hero hand, the villain weight that shares no card with
it, by inclusion and exclusion over the cards the two hands could share: the total, less
the weight holding each of the hero's 4 cards, plus each of its 6 pairs, less each of its
4 triples, plus the same four cards. All the terms of a row are one ``bincount``, so a
call is linear in the two ranges. The solver uses it where no prepared table applies (a
fold on the turn) and the tests check the prepared path against it.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import numpy as np

from ..kernels import showdown_values


class Blockers:
    """``blockers(w)[r, i]``: the sum of ``w[r, j]`` over villain hands j sharing no card
    with hero hand i (rows r of ``w`` are separate weight vectors).

    >>> import numpy as np
    >>> b = Blockers(np.array([[0, 1, 2, 3]]), np.array([[0, 4, 5, 6], [7, 8, 9, 10]]))
    >>> b(np.array([[1.0, 2.0]])).tolist()
    [[2.0]]
    """

    def __init__(self, hero: Any, villain: Any) -> None:
        h = np.sort(np.asarray(hero, dtype=np.int64), axis=1)
        v = np.sort(np.asarray(villain, dtype=np.int64), axis=1)
        self.n, self.m = len(h), len(v)
        hidx, vidx, signs = [], [], []
        offset = 0
        for k in (1, 2, 3, 4):
            cols = list(combinations(range(4), k))
            hk = self._keys(np, h, cols)
            vk = self._keys(np, v, cols)
            keys = np.unique(hk)
            if len(keys):
                vpos = np.minimum(np.searchsorted(keys, vk), len(keys) - 1)
                found = keys[vpos] == vk
            else:
                vpos, found = np.zeros(vk.shape, np.int64), np.zeros(vk.shape, bool)
            # subsets no hero hand holds go to one spare slot, never read
            vidx.append(np.where(found, vpos, len(keys)) + offset)
            hidx.append(np.searchsorted(keys, hk) + offset)
            signs += [float((-1) ** k)] * len(cols)
            offset += len(keys) + 1
        self.size = offset
        self.vidx = np.concatenate(vidx, axis=1).ravel()           # (m * 15,)
        self.vrow = np.repeat(np.arange(self.m), 15)
        self.hidx = np.concatenate(hidx, axis=1)                   # (n, 15)
        self.signs = np.array(signs)

    @staticmethod
    def _keys(np: Any, rows: Any, cols: list[tuple[int, ...]]) -> Any:
        out = np.zeros((len(rows), len(cols)), dtype=np.int64)
        for j, cs in enumerate(cols):
            for c in cs:
                out[:, j] = out[:, j] * 52 + rows[:, c]
        return out

    def __call__(self, w: Any) -> Any:
        out = np.empty((w.shape[0], self.n))
        totals = w.sum(axis=1)
        # a row at a time: a batched gather (rows, n, 15) measured slower per row
        for r in range(w.shape[0]):
            table = np.bincount(self.vidx, weights=w[r, self.vrow], minlength=self.size)
            np.matmul(table[self.hidx], self.signs, out=out[r])
            out[r] += totals[r]
        return out


def _prepared_table() -> Any:
    """The C core's prepared showdown (omaha_fast.kernels.ShowdownTable) where this build
    has it, else None (then each call goes through showdown_values)."""
    from .. import kernels
    return getattr(kernels, "ShowdownTable", None)


class Showdowns:
    """River showdowns of hero hands against villain weights on one board per row.

    ``values(w)`` gives (value, reach), each (B, n), as :func:`omaha_fast.kernels.
    showdown_values` per row; hands holding a row's river card get 0 in both. With the
    prepared tables, ``blockers(w)`` gives the fold sums the same way (else None).
    """

    def __init__(self, boards: list[bytes], hero: Any, villain: Any, game: str,
                 prepared: bool = True, threads: Any = None) -> None:
        self.game = game
        self.threads = threads
        self.n, self.m = len(hero), len(villain)
        table = _prepared_table() if prepared else None
        self.prepared = table is not None
        self.rows: list[tuple[bytes, Any, Any, Any, Any, Any]] = []
        self._buffers: dict[str, Any] = {}
        for board in boards:
            mask = 0
            for c in board:
                mask |= 1 << c
            hi = np.flatnonzero(_free(np, hero, mask))
            vi = np.flatnonzero(_free(np, villain, mask))
            h, v = np.ascontiguousarray(hero[hi]), np.ascontiguousarray(villain[vi])
            prep = table(board, h, v, game) if table is not None and len(hi) and len(vi) \
                else None
            self.rows.append((board, hi, vi, h, v, prep))

    @property
    def single(self) -> bool:
        """One prepared table holding every hand (a river spot): the arrays go to it as
        they are, no rows picked out."""
        _, hi, vi, _, _, prep = self.rows[0]
        return (len(self.rows) == 1 and prep is not None and len(hi) == self.n and
                len(vi) == self.m and hasattr(prep, "values_reach_batch"))

    def weight_rows(self, k: int) -> Any:
        """The (k, m) buffer :meth:`values_reach_rows` walks: a solver writes the
        opponent reach of each terminal node straight into its row."""
        return self._scratch("weights", (k, self.m))

    def values_reach_rows(self, k: int, j: int, pot: Any, hero_put: Any,
                          fold_pay: Any) -> tuple[Any, Any]:
        """Showdown payoffs (value * pot - reach * hero_put, a number a row) against the
        first k rows of :meth:`weight_rows` (k + j rows), the reach of those k rows, and
        the fold payoffs of the last j rows (their fold sums times fold_pay), in one call
        of the single table (see :attr:`single`): arrays (k, n) and (k + j, n), buffers
        reused by the next call."""
        weights = self._scratch("weights", (k + j, self.m))
        value = self._scratch("value", (k, self.n))
        reach = self._scratch("reach", (k + j, self.n))
        self.rows[0][5].values_reach_batch(weights, j, value=value, reach=reach,
                                           threads=self.threads, pot=pot, hero_put=hero_put,
                                           fold_pay=fold_pay)
        return value, reach

    def values(self, w: Any) -> tuple[Any, Any]:
        b = len(self.rows)
        value, reach = np.zeros((b, self.n)), np.zeros((b, self.n))
        for r, (board, hi, vi, hero, villain, prep) in enumerate(self.rows):
            if not len(hi) or not len(vi):
                continue
            weights = np.ascontiguousarray(w[r, vi])
            if prep is not None:
                sv = prep.values(weights)
            else:
                sv = showdown_values(board, hero, villain, weights, game=self.game)
            value[r, hi] = sv.value
            reach[r, hi] = sv.reach
        return value, reach

    def _scratch(self, name: str, shape: tuple[int, ...]) -> Any:
        """A float64 array kept between calls (a pass asks for the same shapes every
        iteration): fresh arrays of full ranges cost more in page faults than the sweeps."""
        a = self._buffers.get(name)
        if a is None or a.shape != shape:
            a = self._buffers[name] = np.empty(shape)
        return a

    def _stacked(self, weights: list[Any]) -> Any:
        """The weight arrays as one (B, k, m) array, row r of each array at [r, i]."""
        first = weights[0]
        out = self._scratch("weights", (first.shape[0], len(weights), first.shape[1]))
        for i, w in enumerate(weights):
            out[:, i] = w
        return out

    def values_many(self, weights: list[Any]) -> list[tuple[Any, Any]]:
        """:meth:`values` for several (B, m) weight arrays at once: one batched call per
        board with the prepared tables (the C walk takes the vectors eight at a time).
        A river's single table goes through :meth:`values_reach_rows` instead."""
        if not self.prepared or not hasattr(self.rows[0][5], "values_batch"):
            return [self.values(w) for w in weights]
        k, b = len(weights), len(self.rows)
        stacked = self._stacked(weights)                      # (B, k, m)
        value, reach = np.zeros((b, k, self.n)), np.zeros((b, k, self.n))
        for r, (_, hi, vi, _, _, prep) in enumerate(self.rows):
            if prep is None:
                continue
            whole = len(vi) == stacked.shape[2]
            sv = prep.values_batch(stacked[r] if whole else stacked[r][:, vi],
                                   threads=self.threads)
            if len(hi) == self.n:
                value[r], reach[r] = sv.value, sv.reach
            else:
                value[r][:, hi] = sv.value
                reach[r][:, hi] = sv.reach
        return [(value[:, i], reach[:, i]) for i in range(k)]

    def blockers(self, w: Any) -> Any:
        """Fold sums through the prepared tables, row r of ``w`` (B, m) on board r."""
        out = np.zeros((len(w), self.n))
        for r in range(len(w)):
            _, hi, vi, _, _, prep = self.rows[r]
            if prep is not None:
                out[r, hi] = prep.blockers(np.ascontiguousarray(w[r, vi]))
        return out

    def blockers_many(self, weights: list[Any]) -> list[Any]:
        """:meth:`blockers` for several (B, m) weight arrays at once: one batched call
        per board (the fold nodes of a pass together) instead of one per node and board."""
        if not hasattr(self.rows[0][5], "blockers_batch"):
            return [self.blockers(w) for w in weights]
        k, b = len(weights), len(self.rows)
        stacked = self._stacked(weights)                      # (B, k, m)
        out = np.zeros((b, k, self.n))
        for r, (_, hi, vi, _, _, prep) in enumerate(self.rows):
            if prep is None:
                continue
            whole = len(vi) == stacked.shape[2]
            met = prep.blockers_batch(stacked[r] if whole else stacked[r][:, vi],
                                      threads=self.threads)
            if len(hi) == self.n:
                out[r] = met
            else:
                out[r][:, hi] = met
        return [out[:, i] for i in range(k)]


def _free(np: Any, rows: Any, mask: int) -> Any:
    """Rows holding none of the cards in ``mask``."""
    bits = np.left_shift(np.uint64(1), rows.astype(np.uint64))
    return (np.bitwise_or.reduce(bits, axis=1) & np.uint64(mask)) == 0
