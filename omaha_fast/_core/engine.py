"""The bindings of csrc/of_engine.h: the subgame solver's engine over a node arena.

Every array is checked here (its item type, shape and contiguity) before the C call, and
every status becomes an exception through :func:`omaha_fast._core.status_error`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple, Optional

from ._lib import ffi, lib
from .buffers import _buffer
from .common import _fail

KINDS = {"action": lib.OF_NODE_ACTION, "fold": lib.OF_NODE_FOLD,
         "showdown": lib.OF_NODE_SHOWDOWN, "chance": lib.OF_NODE_CHANCE}
MODES = {"br": lib.OF_ENGINE_BR, "ev": lib.OF_ENGINE_EV}
PASS_MODES = {"cfr": lib.OF_ENGINE_CFR, **MODES}


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
                 compact: bool = False, part: Optional[Sequence[int]] = None,
                 double_walks: bool = False) -> None:
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
        # a part of the tree: the top chance nodes' children of these cards (a mask)
        s.partial = 0 if part is None else 1
        mask = 0
        for card in part or ():
            if not 0 <= card < 52:
                _fail(lib.OF_ERR_CARD, f"solver part: card {card}")
            mask |= 1 << card
        s.top_cards = mask
        s.double_walks = 1 if double_walks else 0
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

    # ---- a solve spread over engines (of_engine_pass_*) ----

    def top(self) -> tuple[int, list[int]]:
        """(the top chance nodes, the cards kept at each, in their order)."""
        n_top, n_cards = ffi.new("uint32_t *"), ffi.new("uint32_t *")
        cards = ffi.new("uint8_t[52]")
        rc = lib.of_engine_top(self._ptr, n_top, n_cards, cards)
        if rc != lib.OF_OK:
            _fail(rc, "solver engine")
        return int(n_top[0]), [int(cards[i]) for i in range(int(n_cards[0]))]

    def discount(self, iteration: int, alpha: float, beta: float, gamma: float) -> None:
        rc = lib.of_engine_discount(self._ptr, iteration, alpha, beta, gamma)
        if rc != lib.OF_OK:
            _fail(rc, "solver iteration")

    def _rows(self, array: Any, width: int, rows: int, what: str, writable: bool) -> Any:
        p, n = _buffer(array, "double", 1, what, writable=writable)
        if n != width * rows:
            _fail(lib.OF_ERR_ARG, f"{what}: {rows} rows of {width}")
        return p

    def pass_down(self, player: int, mode: str, n_top: int, opp: Any, own: Any) -> None:
        o = self._rows(opp, self.n[1 - player], n_top, "reaches", True)
        w = self._rows(own, self.n[player], n_top, "own reaches", True)
        rc = lib.of_engine_pass_down(self._ptr, player, PASS_MODES[mode], o, w)
        if rc != lib.OF_OK:
            _fail(rc, "solver pass")

    def pass_children(self, player: int, mode: str, n_top: int, n_cards: int, opp: Any,
                      own: Any, values: Any) -> None:
        o = self._rows(opp, self.n[1 - player], n_top, "reaches", False)
        w = self._rows(own, self.n[player], n_top, "own reaches", False)
        v = self._rows(values, self.n[player], n_top * n_cards, "part values", True)
        rc = lib.of_engine_pass_children(self._ptr, player, PASS_MODES[mode], o, w, v)
        if rc != lib.OF_OK:
            _fail(rc, "solver pass")

    def pass_up(self, player: int, n_top: int, n_cards: int, values: Any, root: Any) -> None:
        v = self._rows(values, self.n[player], n_top * n_cards, "part values", False)
        r = self._rows(root, self.n[player], 1, "root values", True)
        rc = lib.of_engine_pass_up(self._ptr, v, r)
        if rc != lib.OF_OK:
            _fail(rc, "solver pass")

    def part_bytes(self, part: int) -> int:
        out = ffi.new("uint64_t *")
        rc = lib.of_engine_part_bytes(self._ptr, part, out)
        if rc != lib.OF_OK:
            _fail(rc, f"solver part {part}")
        return int(out[0])

    def part_storage(self, part: int, get: bool, buffer: Any) -> None:
        b, n = _buffer(buffer, "uint8_t", 1, "part storage", writable=get)
        if n != self.part_bytes(part):
            _fail(lib.OF_ERR_ARG, f"part storage: {self.part_bytes(part)} bytes")
        rc = lib.of_engine_part_storage(self._ptr, part, 1 if get else 0, b)
        if rc != lib.OF_OK:
            _fail(rc, f"solver part {part}")
