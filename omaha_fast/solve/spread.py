"""A solve spread over processes: the parts below the top chance nodes held by workers.

The top chance nodes of a spot (where the turn is dealt in a flop spot, the river in a
turn spot) keep the same cards, and the subtrees below their children of one card are a
*part*: it needs only the two reaches at those nodes and gives back values there. Each
worker process (local, or a Dask actor) builds an engine of the parts of its cards and
keeps their regrets and strategy sums for the whole solve; this process holds the top
segment (the first street). A pass goes down the top segment here, sends the reaches to
every worker (a few vectors of one weight a hand), each worker walks its parts, and the
values come back to be walked up here. The vectors are the only traffic of an iteration,
and the result is the single-process solve's, to the bit: the same arithmetic in the
same order, whichever process does it.

At the end, :meth:`SpreadEngine.assemble` gathers every part's storage into one engine of
the whole tree, which the result reads (this process then holds what a single-process
solve would).

Backends: ``"local"`` (processes on this machine, each ending with this one however it
ends) or ``"dask"`` (an embedded ``LocalCluster`` on 127.0.0.1, or ``client=`` a
``dask.distributed.Client`` or a scheduler address). A worker lost mid-solve is one
error (:class:`~omaha_fast.runner.WorkerLostError` or
:class:`~omaha_fast.runner.ClusterError`), never a hang.
"""

from __future__ import annotations

import contextlib
import signal
import sys
import time
from collections.abc import Iterator, Sequence
from typing import Any, Optional

import numpy as np

from ..runner.cluster import (
    _TIMEOUTS,
    DEFAULT_TIMEOUT,
    ClusterError,
    _connect,
    _dask,
    _quiet_dask,
    embedded_cluster,
)
from ..runner.local import WorkerLostError, _context, default_workers
from ..runner.stopping import _children_ignore_sigint, worker_start
from .engine import ArenaEngine
from .errors import SubgameValueError

BACKENDS = ("local", "dask")


class Part:
    """The engine of some parts of a spot, in a worker: ``setup`` holds ArenaEngine's
    arguments, ``cards`` the top children whose subtrees it keeps."""

    def __init__(self, setup: dict[str, Any], cards: Sequence[int], threads: int) -> None:
        self.engine = ArenaEngine(**setup, threads=threads, part=list(cards))
        self.n_top, kept = self.engine.top()
        self.n_cards = len(kept)
        mine = set(cards)
        self.held = [i for i, c in enumerate(kept) if c in mine]
        self.iteration = 0

    def peak(self) -> int:
        """This worker process's peak resident memory, in bytes."""
        return peak_memory()

    def children(self, iteration: int, player: int, mode: str, opp: Any, own: Any) -> Any:
        """Player's values at the root of each held part (held, n_top, hands) from the
        reaches at the top chance nodes; a CFR pass updates the parts."""
        if mode == "cfr" and iteration != self.iteration:
            self.engine.discount(iteration)
            self.iteration = iteration
        return self.engine.pass_children(player, mode, opp, own)[self.held]

    def part(self, index: int) -> Any:
        """Held part ``index``'s storage (raw bytes): one part a call, so that no message
        carries a whole worker's storage."""
        return self.engine.part(index)

    def set_part(self, index: int, storage: Any) -> None:
        self.engine.set_part(index, storage)

    def lock(self, k: int, cards: Sequence[int], mask: Any, strategy: Any) -> bool:
        """Lock a node of one of the held parts; False where the node is not held here."""
        if not self.engine.located(k, cards):
            return False
        self.engine.lock(k, cards, mask, strategy)
        return True


def peak_memory() -> int:
    """This process's peak resident memory, in bytes (VmHWM where Linux gives it: a
    forked process's ru_maxrss starts at its parent's)."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:  # pragma: no cover (not Linux)
        pass
    import resource
    scale = 1 if sys.platform == "darwin" else 1024
    return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss) * scale


# ---- local processes ----------------------------------------------------------------


def _serve(conn: Any, lifeline: Any, setup: dict[str, Any], cards: list[int],
           threads: int) -> None:
    """A local worker: build the part, then answer calls until told to stop."""
    worker_start(lifeline)
    try:
        part = Part(setup, cards, threads)
    except BaseException as err:  # handed to the parent, which raises it
        conn.send(("error", err))
        return
    conn.send(("ok", None))
    while True:
        try:
            call = conn.recv()
        except EOFError:
            return
        if call is None:
            return
        name, args = call
        try:
            conn.send(("ok", getattr(part, name)(*args)))
        except BaseException as err:
            conn.send(("error", err))


class _Local:
    """One local worker process and its pipe."""

    def __init__(self, ctx: Any, index: int, setup: dict[str, Any], cards: list[int],
                 threads: int) -> None:
        self.index = index
        self.conn, child = ctx.Pipe()
        self._lifeline, lifeline_out = ctx.Pipe(duplex=False)
        with _children_ignore_sigint():
            self.proc = ctx.Process(target=_serve, name=f"omaha_fast-part-{index}",
                                    args=(child, self._lifeline, setup, cards, threads),
                                    daemon=True)
            self.proc.start()
        self._keep = lifeline_out     # the writing end: the worker sees EOF when we end
        child.close()

    def send(self, name: str, *args: Any) -> None:
        try:
            self.conn.send((name, args))
        except OSError:     # a broken pipe: the worker is gone
            self.proc.join(1)
            raise WorkerLostError(f"solver worker {self.index} ended (exit status "
                                  f"{self.proc.exitcode}) in the middle of the solve") from None

    def result(self) -> Any:
        while not self.conn.poll(0.2):
            if not self.proc.is_alive():
                raise WorkerLostError(f"solver worker {self.index} ended (exit status "
                                      f"{self.proc.exitcode}) in the middle of the solve")
        try:
            status, value = self.conn.recv()
        except (EOFError, OSError):
            raise WorkerLostError(f"solver worker {self.index} ended in the middle of the "
                                  "solve") from None
        if status == "error":
            raise value
        return value

    def close(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.conn.send(None)
        self.proc.join(5)
        if self.proc.is_alive():
            self.proc.kill()
            self.proc.join(5)
        self.conn.close()
        self._keep.close()


# ---- Dask actors --------------------------------------------------------------------


class _Actor:
    """One Part living on a Dask worker, as an actor."""

    def __init__(self, client: Any, address: str, index: int, setup: dict[str, Any],
                 cards: list[int], threads: int, timeout: float) -> None:
        self.client, self.address, self.index, self.timeout = client, address, index, timeout
        future = client.submit(Part, setup, cards, threads, actor=True, workers=[address],
                               allow_other_workers=False, pure=False)
        self._future = future
        self.actor = self._wait(future)
        self._pending: Any = None

    def _wait(self, future: Any) -> Any:
        healthy = time.monotonic()
        while True:
            try:
                return future.result(timeout=0.5)
            except _TIMEOUTS:
                pass
            except OSError as err:     # the actor's worker cannot be reached
                raise ClusterError(f"lost the Dask worker {self.address} holding solver "
                                   f"part {self.index} ({err})") from None
            if self.client.status != "running":
                raise ClusterError("lost the Dask scheduler in the middle of the solve")
            try:
                workers = self.client.scheduler_info(n_workers=-1)["workers"]
            except TypeError:       # an older distributed: every worker is listed
                workers = self.client.scheduler_info()["workers"]
            except Exception:
                workers = {}
            if self.address in workers:
                healthy = time.monotonic()
            elif time.monotonic() - healthy > min(self.timeout, 5.0):
                raise ClusterError(f"lost the Dask worker {self.address} holding solver "
                                   f"part {self.index}")

    def send(self, name: str, *args: Any) -> None:
        try:
            method = getattr(self.actor, name)
        except RuntimeError as err:   # the scheduler has already seen the worker go
            raise ClusterError(f"lost the Dask worker {self.address} holding solver "
                               f"part {self.index} ({err})") from None
        try:
            self._pending = method(*args)
        except OSError as err:     # the call itself found the worker gone
            raise ClusterError(f"lost the Dask worker {self.address} holding solver "
                               f"part {self.index} ({err})") from None

    def result(self) -> Any:
        pending, self._pending = self._pending, None
        return self._wait(pending)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.client.cancel(self._future)


# ---- the engine that spreads -------------------------------------------------------


_deferring: list[bool] = []


@contextlib.contextmanager
def _whole_iteration() -> Iterator[None]:
    """Ctrl-C within the block is raised at its end: a pass half done here and half in
    the workers would leave the parts out of step (a block within one is part of it)."""
    if _deferring:
        yield
        return
    asked: list[int] = []
    try:
        before = signal.signal(signal.SIGINT, lambda signum, frame: asked.append(signum))
    except ValueError:            # not the main thread: no signal to defer
        yield
        return
    _deferring.append(True)
    try:
        yield
    finally:
        _deferring.pop()
        signal.signal(signal.SIGINT, before)
    if asked:
        raise KeyboardInterrupt


class SpreadEngine(ArenaEngine):
    """An ArenaEngine whose parts below the top chance nodes live in worker processes.

    It iterates, measures and locks as an ArenaEngine; :meth:`assemble` gives the whole
    engine at the end. ``workers`` is the number of worker processes (default: every
    core; at most one per kept card), each running passes on ``threads`` threads (default
    1). Close it (or use it in a ``with`` block) to end the workers.
    """

    def __init__(self, nodes: Sequence[Any], board: Sequence[int], hands: tuple[Any, Any],
                 weights: tuple[Any, Any], pot: float, game: str,
                 rake: tuple[float, Optional[float]] = (0.0, None), isomorphism: bool = True,
                 threads: Optional[int] = None, alpha: float = 1.5, beta: float = 0.0,
                 gamma: float = 2.0, compact: bool = False, *, backend: str = "local",
                 workers: Optional[int] = None, client: Any = None,
                 timeout: Optional[float] = None, verbose: bool = False) -> None:
        super().__init__(nodes, board, hands, weights, pot, game, rake, isomorphism, 1,
                         alpha, beta, gamma, compact, part=[])
        self.setup: dict[str, Any] = {"nodes": list(nodes), "board": list(board), "hands": hands,
                      "weights": weights, "pot": pot, "game": game, "rake": rake,
                      "isomorphism": isomorphism, "alpha": alpha, "beta": beta,
                      "gamma": gamma, "compact": compact}
        self.n_top, kept = self.top()
        if not self.n_top:
            raise SubgameValueError("a river spot has no cards to deal: it solves in one "
                                    "process")
        if backend not in BACKENDS:
            raise SubgameValueError(f"backend must be one of {', '.join(BACKENDS)}, got "
                                    f"{backend!r}")
        self.n_cards = len(kept)
        self.part_threads = 1 if threads is None else int(threads)
        self.whole_threads = threads
        self._workers: list[Any] = []
        self._locks: list[tuple[int, list[int], Any, Any]] = []
        self._own: list[Any] = []
        self._closing = contextlib.ExitStack()
        wait = DEFAULT_TIMEOUT if timeout is None else float(timeout)
        try:
            if backend == "dask" or client is not None:
                self._start_dask(kept, workers, client, wait, verbose)
            else:
                self._start_local(kept, workers)
        except BaseException:
            self.close()
            raise

    def _split(self, kept: list[int], count: int) -> list[list[int]]:
        """The kept cards dealt to count workers in turn (parts of like size): each
        worker's cards, and in ``held`` their card indexes."""
        count = max(1, min(count, len(kept)))
        self.held = [list(range(i, len(kept), count)) for i in range(count)]
        return [[kept[c] for c in held] for held in self.held]

    def _start_local(self, kept: list[int], workers: Optional[int]) -> None:
        ctx = _context()
        starting = [_Local(ctx, i, self.setup, cards, self.part_threads)
                    for i, cards in enumerate(self._split(kept, workers or default_workers()))]
        self._workers.extend(starting)
        for w in starting:
            w.result()       # built (or its error)

    def _start_dask(self, kept: list[int], workers: Optional[int], client: Any,
                    timeout: float, verbose: bool) -> None:
        distributed = _dask()
        self._closing.enter_context(_quiet_dask(verbose))
        if client is None:
            client = embedded_cluster(distributed, workers, verbose, self._own)
        elif isinstance(client, str):
            client = _connect(distributed, client, timeout)
            self._own.append(client)
        addresses = sorted(client.scheduler_info()["workers"])
        if not addresses:
            raise ClusterError("the Dask cluster has no workers")
        for i, cards in enumerate(self._split(kept, workers or len(addresses))):
            self._workers.append(_Actor(client, addresses[i % len(addresses)], i, self.setup,
                                        cards, self.part_threads, timeout))

    def close(self) -> None:
        """End the workers (and a cluster this engine started)."""
        for w in self._workers:
            with contextlib.suppress(Exception):
                w.close()
        self._workers = []
        for thing in reversed(self._own):
            with contextlib.suppress(Exception):
                thing.close()
        self._own = []
        self._closing.close()

    def __enter__(self) -> SpreadEngine:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def worker_peaks(self) -> list[int]:
        """Each worker process's peak resident memory so far, in bytes."""
        for w in self._workers:
            w.send("peak")
        return [int(w.result()) for w in self._workers]

    # ---- passes ------------------------------------------------------------------

    def _pass(self, player: int, mode: str, iteration: int = 0) -> Any:
        with _whole_iteration():
            return self._spread_pass(player, mode, iteration)

    def _spread_pass(self, player: int, mode: str, iteration: int) -> Any:
        opp, own = self.pass_down(player, mode)
        for w in self._workers:
            w.send("children", iteration, player, mode, opp, own)
        values = np.zeros((self.n_cards, self.n_top, len(self.hands[player])))
        for w, held in zip(self._workers, self.held):
            values[held] = w.result()
        return self.pass_up(player, values)

    def iterate(self, count: int = 1) -> None:
        for _ in range(count):
            it = self.iterations + 1
            with _whole_iteration():
                self.discount(it)
                for p in (0, 1):
                    self._pass(p, "cfr", it)
                self.iterations = it

    def root_values(self, p: int, mode: str) -> Any:
        return self._pass(p, mode)

    # ---- locks, storage ------------------------------------------------------------

    def lock(self, k: int, cards: Sequence[int], mask: Any, strategy: Any) -> None:
        self._locks.append((k, list(cards), mask, strategy))
        if self.nodes[k].depth == 0:
            super().lock(k, cards, mask, strategy)
            return
        for w in self._workers:
            w.send("lock", k, list(cards), mask, strategy)
        if not any([w.result() for w in self._workers]):
            raise SubgameValueError(f"no part holds node {self.nodes[k].path!r} after "
                                    f"cards {list(cards)}")

    def _whole(self) -> ArenaEngine:
        return ArenaEngine(**self.setup, threads=self.whole_threads)

    def assemble(self) -> ArenaEngine:
        """The engine of the whole tree with every part's storage, at this iteration."""
        whole = self._whole()
        whole.set_part(-1, self.part(-1))
        for w, held in zip(self._workers, self.held):
            for i in held:
                w.send("part", i)
                whole.set_part(i, w.result())
            if isinstance(w, _Local):    # its memory back before the next one's comes
                w.close()
        for k, cards, mask, strategy in self._locks:
            whole.lock(k, cards, mask, strategy)
        whole.iterations = self.iterations
        return whole

    def restore(self, regrets: Any, sums: Any, iterations: int) -> None:
        whole = self._whole()
        whole.restore(regrets, sums, iterations)
        self.set_part(-1, whole.part(-1))
        for w, held in zip(self._workers, self.held):
            for i in held:
                w.send("set_part", i, whole.part(i))
                w.result()
        self.iterations = int(iterations)
