"""Class-against-group all-in equity data: the pot shares the jam/fold game is made of.

A *row* is a class (its hands all have the same equity against any union of whole classes,
by suit symmetry, so its canonical hand stands for it); a *column* is a group of classes
(one class, or a bucket of them). Cell (row A, group Y) holds, over the hands of Y that
share no card with A's canonical hand (their number, ``compat``, is exact) and every
board of five from the 44 cards left: A's mean pot share, the part of it won by the high
half, and its standard error. A pair of hands (a in A, y in Y) sharing no card then has
the weight ``combos[A] * compat[A, Y]``: card removal and combinations, exactly.

Cells are computed in blocks of rows on the shared block runner (local processes by
default, or Dask), each block written to its own file when a directory is given, so a
rerun skips the finished blocks. Monte Carlo cells draw from a stream seeded by (seed,
row class, column group), so the result does not depend on the blocks or the workers.
``samples=0`` computes cells exactly (every compatible hand, every board: slow, see
``benches/bench_preflop.py`` for the cost of a cell).

>>> t = class_table()
>>> aa, kk = t.index("AsAh2s3h"), t.index("KsKhQdJd")
>>> data = build([aa, kk], [[aa], [kk]], samples=2_000, workers=1)
>>> data.compat.tolist()            # hands of the other class sharing no card
[[2, 12], [12, 2]]
>>> round(float(data.share[0, 1]), 2), float(data.std_error[0, 1]) < 0.01
(0.73, True)
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Optional

from .. import _core
from .blocks import BlockStore
from .classes import PreflopValueError, class_table

ROOT_SEED = 20_261_118
FORMAT = 1


@dataclass(frozen=True)
class EquityData:
    """Rows (class numbers) against column groups (``col_classes[col_start[g]:col_start[g
    + 1]]`` are the classes of group g). ``share``, ``high``, ``std_error``: (rows, groups)
    float arrays; ``compat``: compatible hands per cell (uint32). ``samples`` is the Monte
    Carlo trials per cell, 0 when the cells are exact."""

    rows: Any
    col_classes: Any
    col_start: Any
    share: Any
    high: Any
    std_error: Any
    compat: Any
    samples: int
    seed: int
    game: str

    @property
    def n_groups(self) -> int:
        return len(self.col_start) - 1

    @property
    def low(self) -> Any:
        """The part of ``share`` won by the low half."""
        return self.share - self.high

    def save(self, path: str) -> None:
        """Write the data to an ``.npz`` file."""
        import numpy as np
        d = os.path.dirname(os.path.abspath(path))
        os.makedirs(d, exist_ok=True)
        tmp = f"{path}.part{os.getpid()}.npz"
        try:
            np.savez_compressed(tmp, format=np.int64(FORMAT), rows=self.rows,
                                col_classes=self.col_classes, col_start=self.col_start,
                                share=self.share, high=self.high, std_error=self.std_error,
                                compat=self.compat, samples=np.int64(self.samples),
                                seed=np.int64(self.seed), game=np.str_(self.game))
            os.replace(tmp, path)
        except BaseException:       # a signal mid-write included: no part file is left
            with contextlib.suppress(OSError):
                os.remove(tmp)
            raise

    @classmethod
    def load(cls, path: str) -> EquityData:
        """Read data written by :meth:`save`; a file that is damaged or whose arrays do
        not fit together is a :class:`PreflopValueError` naming it."""
        import numpy as np
        try:
            with np.load(path, allow_pickle=False) as f:
                if int(f["format"]) != FORMAT:
                    raise PreflopValueError(f"{path}: equity data of format {int(f['format'])}"
                                            f", this version reads {FORMAT}")
                data = cls(f["rows"], f["col_classes"], f["col_start"], f["share"],
                           f["high"], f["std_error"], f["compat"], int(f["samples"]),
                           int(f["seed"]), str(f["game"]))
        except Exception as err:
            # whatever a damaged file makes numpy's reader raise (BadZipFile, zlib.error,
            # EOFError, a SyntaxError from an array header, KeyError for a member missing)
            if isinstance(err, (PreflopValueError, FileNotFoundError)):
                raise
            reason = str(err).strip() or type(err).__name__
            raise PreflopValueError(f"{path}: not preflop equity data ({reason})") from None
        problem = data._problem()
        if problem:
            raise PreflopValueError(f"{path}: not preflop equity data ({problem})")
        return data

    def _problem(self) -> str:
        """What contradicts itself in the arrays, or ''."""
        import numpy as np
        n, starts = len(self.rows), self.col_start
        if self.rows.ndim != 1 or self.col_classes.ndim != 1 or starts.ndim != 1 \
                or len(starts) < 2 or int(starts[0]) != 0 \
                or int(starts[-1]) != len(self.col_classes) or (np.diff(starts) <= 0).any():
            return "its rows and column groups do not fit together"
        shape = (n, len(starts) - 1)
        for name in ("share", "high", "std_error", "compat"):
            a = getattr(self, name)
            if a.shape != shape:
                return f"its {name} is {list(a.shape)}, not {list(shape)}"
        if not all(np.isfinite(a).all() for a in (self.share, self.high, self.std_error)):
            return "it holds a value that is not a number"
        if (self.share < 0).any() or (self.share > 1).any() or (self.high < 0).any() \
                or (self.high > self.share + 1e-6).any():
            return "it holds a pot share outside 0..1"
        return ""


def _groups(groups: Any) -> tuple[Any, Any]:
    """(classes, starts) of column groups given as lists of class numbers."""
    import numpy as np
    n = class_table().n
    lists = [_class_ids(g, "a column group") for g in groups]
    if not lists:
        raise PreflopValueError("no column groups")
    classes = np.concatenate(lists)
    start = np.zeros(len(lists) + 1, dtype=np.int64)
    np.cumsum([len(g) for g in lists], out=start[1:])
    if any(len(g) == 0 for g in lists):
        raise PreflopValueError("a column group is empty")
    _check_classes(classes, n)
    if len(np.unique(classes)) != len(classes):
        raise PreflopValueError("a class is in two column groups (or twice in one)")
    return classes, start


def _check_classes(ids: Any, n: int) -> None:
    if ids.size and (ids.min() < 0 or ids.max() >= n):
        bad = int(ids[(ids < 0) | (ids >= n)][0])
        raise PreflopValueError(f"class {bad} is not in 0..{n - 1}")


def _class_ids(value: Any, what: str) -> Any:
    """A 1-D int64 array of class numbers, refusing anything but ints."""
    import numpy as np
    try:
        a = np.atleast_1d(np.asarray(value))
    except (TypeError, ValueError):
        a = np.array([None])
    if a.ndim != 1 or (a.size and a.dtype.kind not in "iu"):
        raise PreflopValueError(f"{what} must be a list of class numbers (ints), "
                                f"got {value!r:.60}")
    return a.astype(np.int64)


def sample_cells(rows: Any, col_classes: Any, col_start: Any, samples: int, seed: int,
                 game: str = "hilo") -> tuple[Any, Any, Any, Any]:
    """Monte Carlo cells of one block, on one thread: (share, high, std_error, compat)."""
    import numpy as np
    t = class_table()
    hero = np.ascontiguousarray(t.canonical[rows])
    villain, class_start = t.member_rows(col_classes)
    group_start = np.ascontiguousarray(class_start[col_start], dtype=np.uint32)
    n, m = len(rows), len(col_start) - 1
    share, high, sq = np.empty((n, m)), np.empty((n, m)), np.empty((n, m))
    compat = np.empty((n, m), dtype=np.uint32)
    _core.preflop_sample(
        hero, np.ascontiguousarray(rows, dtype=np.uint64), villain, group_start,
        np.arange(m, dtype=np.uint64), _core.game_code(game), samples, seed,
        (share, high, sq, compat))
    var = np.maximum(sq - share * share, 0.0) * (samples / max(samples - 1, 1))
    err = np.sqrt(var / max(samples, 1))
    return share, high, err, compat


def exact_cells(rows: Any, col_classes: Any, col_start: Any,
                game: str = "hilo") -> tuple[Any, Any, Any, Any]:
    """Exact cells of one block (every compatible hand, every board), on one thread."""
    import numpy as np
    t = class_table()
    villain, class_start = t.member_rows(col_classes)
    group_start = class_start[col_start]
    n, m = len(rows), len(col_start) - 1
    share, high = np.zeros((n, m)), np.zeros((n, m))
    compat = np.zeros((n, m), dtype=np.uint32)
    code = _core.game_code(game)
    vmask = _masks(villain)
    for i, c in enumerate(rows):
        hero = t.canonical[c]
        hmask = int(_masks(hero[None, :])[0])
        for g in range(m):
            lo, hi = int(group_start[g]), int(group_start[g + 1])
            open_ = np.flatnonzero((vmask[lo:hi] & np.uint64(hmask)) == 0)
            compat[i, g] = len(open_)
            if not len(open_):
                continue
            hands = bytes(hero.tobytes()) + villain[lo:hi][open_].tobytes()
            weights = np.ones(1 + len(open_), dtype=np.uint32)
            sums, total, _, _ = _core.range_equity(hands, weights, [1, len(open_)], b"", b"",
                                                   code, True, 0, 0, 1, None)
            share[i, g] = sums[0]["equity"] / total
            high[i, g] = sums[0]["high_share"] / total
    return share, high, np.zeros((n, m)), compat


def _masks(hands: Any) -> Any:
    import numpy as np
    one = np.uint64(1)
    h = np.asarray(hands).astype(np.uint64)
    return (one << h[:, 0]) | (one << h[:, 1]) | (one << h[:, 2]) | (one << h[:, 3])


def _block_task(task: tuple[int, Any, Any, Any, int, int, str]) -> tuple[int, Any]:
    """One block of rows as one picklable task for the shared block runner."""
    first, rows, col_classes, col_start, samples, seed, game = task
    start = time.perf_counter()
    if samples == 0:
        out = exact_cells(rows, col_classes, col_start, game)
    else:
        out = sample_cells(rows, col_classes, col_start, samples, seed, game)
    return first, (*out, time.perf_counter() - start)


Progress = Callable[[int, int], Any]


def build(rows: Optional[Sequence[int]] = None, groups: Any = None, *, samples: int = 256,
          seed: int = ROOT_SEED, game: str = "hilo", block: int = 256,
          directory: Optional[str] = None, workers: Optional[int] = None,
          dask: Optional[str] = None, progress: Optional[Progress] = None,
          dashboard: Optional[str] = None) -> EquityData:
    """Compute the cells of ``rows`` (class numbers; default every class) against
    ``groups`` (a list of lists of class numbers; default 128 buckets of the ranking, see
    :func:`omaha_fast.preflop.classes.buckets`).

    ``samples`` trials per cell (0: exact). Blocks of ``block`` rows run on local
    processes (``workers``, default every core; 1 runs here) or on Dask (``dask`` a
    scheduler address, or ``""`` for an embedded local cluster). With ``directory``, each
    finished block is written there and a rerun with the same question reads it instead of
    computing it again. ``progress(rows done, rows)`` is called after every block.
    ``dashboard`` serves the embedded cluster's Dask dashboard at that address
    (:func:`omaha_fast.runner.run_blocks`).
    """
    import numpy as np
    t = class_table()
    samples = _count(samples, "samples", 0)
    block = _count(block, "block", 1)
    row_ids = np.arange(t.n, dtype=np.int64) if rows is None else _class_ids(rows, "rows")
    _check_classes(row_ids, t.n)
    if groups is None:
        from .classes import buckets
        b = buckets(128)
        groups = [np.flatnonzero(b == k) for k in range(128)]
    col_classes, col_start = _groups(groups)
    _core.game_code(game)
    tasks = [(i, row_ids[i:i + block], col_classes, col_start, samples, seed, game)
             for i in range(0, len(row_ids), block)]
    n, m = len(row_ids), len(col_start) - 1
    share, high = np.empty((n, m), np.float32), np.empty((n, m), np.float32)
    err, compat = np.empty((n, m), np.float32), np.empty((n, m), np.uint32)
    store = BlockStore(directory, row_ids, col_classes, col_start, samples=samples,
                       seed=seed, game=game, block=block) if directory else None

    def place(first: int, part: tuple[Any, ...]) -> None:
        _place(part, first, share, high, err, compat)

    _run_tasks(tasks, store, place, True, workers, dask, progress, dashboard)
    return EquityData(row_ids, col_classes, col_start, share, high, err, compat, samples,
                      seed, game)


def build_blocks(directory: str, rows: Optional[Sequence[int]] = None, groups: Any = None, *,
                 samples: int = 256, seed: int = ROOT_SEED, game: str = "hilo",
                 block: int = 256, workers: Optional[int] = None, dask: Optional[str] = None,
                 progress: Optional[Progress] = None, dashboard: Optional[str] = None) -> int:
    """As :func:`build`, but only writes the blocks to ``directory`` (nothing is kept in
    memory: for builds too big to hold, such as the full 16,432 x 16,432 class matrix,
    about 4.3 GB); returns the number of blocks computed by this run."""
    import numpy as np
    t = class_table()
    samples = _count(samples, "samples", 0)
    block = _count(block, "block", 1)
    row_ids = np.arange(t.n, dtype=np.int64) if rows is None else _class_ids(rows, "rows")
    _check_classes(row_ids, t.n)
    if groups is None:
        from .classes import buckets
        b = buckets(128)
        groups = [np.flatnonzero(b == k) for k in range(128)]
    col_classes, col_start = _groups(groups)
    _core.game_code(game)
    tasks = [(i, row_ids[i:i + block], col_classes, col_start, samples, seed, game)
             for i in range(0, len(row_ids), block)]
    store = BlockStore(directory, row_ids, col_classes, col_start, samples=samples,
                       seed=seed, game=game, block=block)
    return _run_tasks(tasks, store, None, False, workers, dask, progress, dashboard)


def _run_tasks(tasks: list[Any], store: Optional[BlockStore],
               place: Optional[Callable[[int, tuple[Any, ...]], None]], read: bool,
               workers: Optional[int], dask: Optional[str],
               progress: Optional[Progress], dashboard: Optional[str] = None) -> int:
    """Run the blocks not in ``store`` (those that are: handed to ``place`` when ``read``);
    returns how many ran."""
    n = sum(len(t[1]) for t in tasks)
    todo = []
    done_rows = 0
    for task in tasks:
        if store is not None and store.has(task[0]):
            if read and place is not None:
                place(task[0], store.read(task[0], task[1]))
            done_rows += len(task[1])
        else:
            todo.append(task)
    if todo:
        from ..runner import run_blocks
        for k, (first, part) in run_blocks(_block_task, todo, sizes=[len(x[1]) for x in todo],
                                           workers=workers, client=dask or None,
                                           backend="dask" if dask is not None else None,
                                           dashboard=dashboard):
            if place is not None:
                place(first, part)
            if store is not None:
                store.write(first, todo[k][1], part)
            done_rows += len(todo[k][1])
            if progress is not None:
                progress(done_rows, n)
    return len(todo)


@dataclass(frozen=True)
class Estimate:
    """What a build would cost, measured on a few rows: ``core_seconds`` in all (one
    process a core), ``cells`` and the measured ``seconds_per_cell``."""

    cells: int
    seconds_per_cell: float
    core_seconds: float

    def on(self, cores: int) -> float:
        """Wall seconds on ``cores`` cores (blocks spread evenly; no other load)."""
        return self.core_seconds / max(cores, 1)


def estimate(rows: Optional[Sequence[int]] = None, groups: Any = None, *, samples: int = 256,
             probe: int = 3, seed: int = 1) -> Estimate:
    """Time ``probe`` random rows of a build (at most 16 of its groups for exact cells,
    whose cost grows with the compatible hands: scaled by their count over every group)
    and extrapolate to the whole of it."""
    import numpy as np
    t = class_table()
    samples = _count(samples, "samples", 0)
    probe = _count(probe, "probe", 1)
    row_ids = np.arange(t.n, dtype=np.int64) if rows is None else _class_ids(rows, "rows")
    _check_classes(row_ids, t.n)
    if groups is None:
        from .classes import buckets
        b = buckets(128)
        groups = [np.flatnonzero(b == k) for k in range(128)]
    col_classes, col_start = _groups(groups)
    m = len(col_start) - 1
    rng = np.random.default_rng(seed)
    pick = rng.choice(row_ids, min(probe, len(row_ids)), replace=False)
    cells = len(row_ids) * m
    if samples:
        start = time.perf_counter()
        sample_cells(pick, col_classes, col_start, samples, seed)
        per_row = (time.perf_counter() - start) / len(pick)
        return Estimate(cells, per_row / m, per_row * len(row_ids))
    # exact: the compatible hands of the probe rows over every group (a cheap count),
    # and the seconds per compatible pair on a few groups
    _, _, _, compat = sample_cells(pick, col_classes, col_start, 0, seed)
    few = np.sort(rng.choice(m, min(16, m), replace=False))
    sub = [col_classes[col_start[g]:col_start[g + 1]] for g in few]
    sub_classes, sub_start = _groups(sub)
    start = time.perf_counter()
    _, _, _, sub_compat = exact_cells(pick, sub_classes, sub_start)
    per_pair = (time.perf_counter() - start) / max(int(sub_compat.sum()), 1)
    per_row_pairs = float(compat.sum()) / len(pick)
    total = per_pair * per_row_pairs * len(row_ids)
    return Estimate(cells, total / cells, total)


def _place(part: Any, first: int, *arrays: Any) -> None:
    for dst, src in zip(arrays, part[:4]):
        dst[first:first + len(src)] = src


def _count(value: Any, what: str, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PreflopValueError(f"{what} must be an int, not {value!r}")
    if value < least:
        raise PreflopValueError(f"{what} must be at least {least}, not {value}")
    return value


__all__ = ["EquityData", "build", "build_blocks", "estimate", "Estimate", "sample_cells",
           "exact_cells", "ROOT_SEED"]
