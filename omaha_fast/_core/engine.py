"""The bindings of csrc/of_engine.h: the subgame solver's engine over a node arena.

Every array is checked here (its item type, shape and contiguity) before the C call, and
every status becomes an exception through :func:`omaha_fast._core.status_error`.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Optional

from ._lib import ffi, lib
from .buffers import _buffer
from .common import _fail

KINDS = {"action": lib.OF_NODE_ACTION, "fold": lib.OF_NODE_FOLD,
         "showdown": lib.OF_NODE_SHOWDOWN, "chance": lib.OF_NODE_CHANCE}
MODES = {"br": lib.OF_ENGINE_BR, "ev": lib.OF_ENGINE_EV}


class EngineSize(NamedTuple):
    """What an engine holds (of_engine_size): counts, then bytes."""

    nodes: int
    action_nodes: int
    chance_children: int
    boards: int
    entries: int
    storage_bytes: int
    table_bytes: int
    other_bytes: int
    total_bytes: int


def _size(out: Any) -> EngineSize:
    return EngineSize(*(int(getattr(out, f)) for f in EngineSize._fields))


class Spec:
    """An of_engine_spec and the arrays it points into (kept alive with it). Arrays are
    numpy arrays (or buffers) of the C item types: board and hands uint8 (hands (n, 4)),
    weights float64, the template's kind, player, child_start and children int32, contrib
    float64 (2 a node)."""

    def __init__(self, *, game: int, board: Any, hands: tuple[Any, Any],
                 weights: tuple[Any, Any], kind: Any, player: Any, child_start: Any,
                 children: Any, contrib: Any, pot: float, rake_pct: float = 0.0,
                 rake_cap: Optional[float] = None, isomorphism: bool = True,
                 compact: bool = False) -> None:
        s = ffi.new("of_engine_spec *")
        keep: list[Any] = []

        def ptr(array: Any, ctype: str, width: int, what: str) -> tuple[Any, int]:
            p, rows = _buffer(array, ctype, width, what)
            keep.append((array, p))
            return p, rows

        s.game = game
        s.board, s.n_board = ptr(board, "uint8_t", 1, "board")
        h0, n0 = ptr(hands[0], "uint8_t", 4, "hands of player 0")
        h1, n1 = ptr(hands[1], "uint8_t", 4, "hands of player 1")
        w0, m0 = ptr(weights[0], "double", 1, "weights of player 0")
        w1, m1 = ptr(weights[1], "double", 1, "weights of player 1")
        if (m0, m1) != (n0, n1):
            _fail(lib.OF_ERR_ARG, "a weight for each hand")
        s.hands = [h0, h1]
        s.n_hands = [n0, n1]
        s.weights = [w0, w1]
        s.kind, s.n_nodes = _int32(ptr, kind, "kind")
        s.player, _ = _int32(ptr, player, "player")
        s.child_start, starts = _int32(ptr, child_start, "child_start")
        s.children, _ = _int32(ptr, children, "children")
        s.contrib, _ = ptr(contrib, "double", 2, "contrib")
        if starts != s.n_nodes + 1:
            _fail(lib.OF_ERR_ARG, "template: child_start needs a row per node and one more")
        s.pot = pot
        s.rake_pct = rake_pct
        s.rake_cap = -1.0 if rake_cap is None else rake_cap
        s.isomorphism = 1 if isomorphism else 0
        s.storage = lib.OF_STORAGE_COMPACT if compact else lib.OF_STORAGE_FLOAT
        self.ptr = s
        self.keep = keep
        # what a node's arrays hold, by template node: (actions, the actor's hands)
        offsets = [int(x) for x in child_start]
        players = [int(x) for x in player]
        self.shape = [(offsets[k + 1] - offsets[k],
                       int(s.n_hands[players[k]]) if players[k] in (0, 1) else 0)
                      for k in range(int(s.n_nodes))]


def _int32(ptr: Any, array: Any, what: str) -> tuple[Any, int]:
    return ptr(array, "int32_t", 1, what)


def estimate(spec: Spec, threads: int) -> EngineSize:
    """The bytes an engine of this spot would hold, nothing large allocated."""
    out = ffi.new("of_engine_size *")
    rc = lib.of_engine_estimate(spec.ptr, threads, out)
    if rc != lib.OF_OK:
        _fail(rc, "solver engine")
    return _size(out)


class Engine:
    """An of_engine, freed with this object."""

    def __init__(self, spec: Spec, threads: int) -> None:
        out = ffi.new("of_engine **")
        rc = lib.of_engine_new(spec.ptr, threads, out)
        if rc != lib.OF_OK:
            _fail(rc, "solver engine")
        self._ptr = ffi.gc(out[0], lib.of_engine_free)
        self.n = (int(spec.ptr.n_hands[0]), int(spec.ptr.n_hands[1]))
        self._shape = spec.shape
        self.entries = self.size().entries

    def size(self) -> EngineSize:
        out = ffi.new("of_engine_size *")
        rc = lib.of_engine_size_of(self._ptr, out)
        if rc != lib.OF_OK:
            _fail(rc, "solver engine")
        return _size(out)

    def iterate(self, first: int, count: int, alpha: float, beta: float,
                gamma: float) -> None:
        rc = lib.of_engine_iterate(self._ptr, first, count, alpha, beta, gamma)
        if rc != lib.OF_OK:
            _fail(rc, "solver iteration")

    def root_values(self, player: int, mode: str, out: Any) -> None:
        p, rows = _buffer(out, "double", 1, "root values", writable=True)
        if rows != self.n[player]:
            _fail(lib.OF_ERR_ARG, "root values: one per hand")
        rc = lib.of_engine_root_values(self._ptr, player, MODES[mode], p)
        if rc != lib.OF_OK:
            _fail(rc, "solver pass")

    def locate(self, tmpl: int, cards: bytes) -> tuple[int, bytes]:
        """(arena node, suit map) of template node ``tmpl`` after the dealt cards: the
        node's hands are the real ones with suit s seen as suit map[s]."""
        if not 0 <= tmpl < len(self._shape):
            _fail(lib.OF_ERR_ARG, f"solver node: no template node {tmpl}")
        node = ffi.new("uint64_t *")
        suits = ffi.new("uint8_t[4]")
        rc = lib.of_engine_locate(self._ptr, tmpl, cards, len(cards), node, suits)
        if rc != lib.OF_OK:
            _fail(rc, "solver node")
        return int(node[0]), bytes(ffi.buffer(suits, 4))

    def _out(self, tmpl: int, array: Any, what: str, writable: bool) -> Any:
        actions, hands = self._shape[tmpl]
        p, rows = _buffer(array, "double", hands, what, writable=writable)
        if rows != actions or not hands:
            _fail(lib.OF_ERR_ARG, f"{what}: {actions} rows of {hands}")
        return p

    def strategy(self, tmpl: int, cards: bytes, average: bool, out: Any) -> bytes:
        """The strategy at a node into out (actions, hands), hands as the node sees them;
        returns the suit map (see :meth:`locate`)."""
        node, suits = self.locate(tmpl, cards)
        rc = lib.of_engine_strategy(self._ptr, node, 1 if average else 0,
                                    self._out(tmpl, out, "strategy", True))
        if rc != lib.OF_OK:
            _fail(rc, "solver strategy")
        return suits

    def lock(self, tmpl: int, cards: bytes, mask: Any, strategy: Any) -> None:
        node, _ = self.locate(tmpl, cards)
        m, rows = _buffer(mask, "uint8_t", 1, "lock mask")
        if rows != self._shape[tmpl][1]:
            _fail(lib.OF_ERR_ARG, "lock mask: one per hand")
        rc = lib.of_engine_lock(self._ptr, node, m,
                                self._out(tmpl, strategy, "locked strategy", False))
        if rc != lib.OF_OK:
            _fail(rc, "node lock")

    def action_values(self, tmpl: int, cards: bytes, values: Any, met: Any) -> bytes:
        node, suits = self.locate(tmpl, cards)
        m, rows = _buffer(met, "double", 1, "met", writable=True)
        if rows != self._shape[tmpl][1]:
            _fail(lib.OF_ERR_ARG, "met: one per hand")
        rc = lib.of_engine_action_values(self._ptr, node,
                                         self._out(tmpl, values, "action values", True), m)
        if rc != lib.OF_OK:
            _fail(rc, "action values")
        return suits

    def storage(self, get: bool, regrets: Any, sums: Any) -> None:
        r, nr = _buffer(regrets, "float", 1, "regrets", writable=get)
        s, ns = _buffer(sums, "float", 1, "strategy sums", writable=get)
        if nr != self.entries or ns != self.entries:
            _fail(lib.OF_ERR_ARG, f"storage: {self.entries} entries each")
        rc = lib.of_engine_storage(self._ptr, 1 if get else 0, r, s)
        if rc != lib.OF_OK:
            _fail(rc, "solver storage")
