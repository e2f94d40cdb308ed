"""The C evaluator against the pure-Python reference on seeded random Omaha deals.

The default run checks 200,000 deals (boards of 3, 4 and 5 cards) through evaluate_batch
and a slice of them through evaluate(), against the reference's values worked out by a
vectorised form of its own rule (checked call by call against the reference on 14,000
deals). ``-m slow`` adds 10,000,000 deals checked against a
vectorised form of the reference's own 60-combination rule, on two processes; the same
check runs as a script: ``python tests/test_eval_random.py [deals] [processes]``.
"""

from __future__ import annotations

import sys

import numpy as np
import pytest
from conftest import SCALE

from omaha_fast import evaluate, evaluate_batch, format_cards, rank5, reference  # noqa: E402
from omaha_fast.cards import random_deals  # noqa: E402

DEALS_PER_BOARD = {3: 66_667, 4: 66_667, 5: 66_666}   # 200,000 in all
SEED = 20_240_601


def test_random_deals_are_valid_and_seeded():
    a = random_deals(10_000, 9, 1)
    assert a.dtype == np.uint8 and a.shape == (10_000, 9) and a.max() <= 51
    assert all(len(set(row)) == 9 for row in a.tolist())
    assert (a == random_deals(10_000, 9, 1)).all()
    assert not (a == random_deals(10_000, 9, 2)).all()
    # every card turns up in every position about equally often
    counts = np.bincount(a[:, 0], minlength=52)
    assert counts.min() > 100 and counts.max() < 300


@pytest.fixture(scope="module")
def reference_tables():
    return _vector_reference_tables()


@pytest.fixture(scope="module", params=[3, 4, 5], ids=lambda n: f"board{n}")
def deals(request, reference_tables):
    """Seeded deals with the reference's values: the vectorised form of the reference's own
    60-combination rule (itself checked against reference.evaluate below), so the 200,000
    values cost a second, not the minute the pure-Python reference takes."""
    n_board = request.param
    cards = random_deals(DEALS_PER_BOARD[n_board], 4 + n_board, SEED + n_board)
    holes, boards = np.ascontiguousarray(cards[:, :4]), np.ascontiguousarray(cards[:, 4:])
    high, low = vector_reference(holes, boards, reference_tables)
    return holes, boards, high, low


@pytest.mark.parametrize("step", [pytest.param(max(1, round(75 / SCALE)), id="short"),
                                  pytest.param(25, id="full", marks=pytest.mark.slow)])
def test_pure_reference_agrees_on_a_slice_of_the_deals(deals, step):
    """The deals' values against the pure-Python reference itself, call by call: every
    75th deal by default (2,667 over the three board sizes; the size knob, see
    conftest.py, scales the count), every 25th (8,000) under -m slow."""
    holes, boards, want_high, want_low = deals
    for i in range(0, len(holes), step):
        hole, board = holes[i].tolist(), boards[i].tolist()
        assert reference.evaluate(hole, board) == (want_high[i], want_low[i]), (hole, board)


def _first_differences(holes, boards, got, want, limit=5):
    rows = np.nonzero(got != want)[0][:limit]
    return [(format_cards(holes[i]), format_cards(boards[i]), int(got[i]), int(want[i]))
            for i in rows]


def test_batch_hilo_matches_reference(deals):
    holes, boards, want_high, want_low = deals
    high, low = evaluate_batch(holes, boards)
    assert high.dtype == np.uint16 and low.dtype == np.uint8
    assert len(high) == len(low) == len(holes)
    assert (high == want_high).all(), _first_differences(holes, boards, high, want_high)
    assert (low == want_low).all(), _first_differences(holes, boards, low, want_low)
    # the deals are varied enough to mean something: lows and most categories occur
    assert 0 < np.count_nonzero(low) < len(low)
    assert len(np.unique(high)) > 1_000


def test_batch_high_only_matches_reference(deals):
    holes, boards, want_high, _ = deals
    high, low = evaluate_batch(holes, boards, game="high")
    assert (high == want_high).all(), _first_differences(holes, boards, high, want_high)
    assert not low.any()


def test_evaluate_matches_reference_on_a_slice(deals):
    holes, boards, want_high, want_low = deals
    for i in range(0, len(holes), 10):   # 20,000 deals over the three board sizes
        hole, board = holes[i].tolist(), boards[i].tolist()
        e = evaluate(hole, board)
        assert e.high.value == want_high[i], (hole, board)
        assert (e.low.value if e.low else 0) == want_low[i], (hole, board)
    for i in range(5, len(holes), 100):  # text input and the high-only game
        hole, board = format_cards(holes[i]), format_cards(boards[i])
        e = evaluate(hole, board, game="high")
        assert e.high.value == want_high[i] and e.low is None


def test_best_cards_on_a_slice(deals):
    holes, boards, want_high, want_low = deals
    for i in range(3, len(holes), 100):
        hole, board = holes[i].tolist(), boards[i].tolist()
        e = evaluate(hole, board)
        assert reference.rank5_value(e.high.cards) == want_high[i]
        assert rank5(e.high.cards) == e.high
        assert sum(c in hole for c in e.high.cards) == 2
        assert sum(c in board for c in e.high.cards) == 3
        if want_low[i]:
            assert reference.low5_value(e.low.cards) == want_low[i]
            assert sum(c in hole for c in e.low.cards) == 2
            assert sum(c in board for c in e.low.cards) == 3


def test_batch_input_forms_agree(deals):
    holes, boards, want_high, want_low = deals
    h, b = holes[:5_000], boards[:5_000]
    forms = [
        (h.astype(np.int64), b.astype(np.int64)),
        (np.asfortranarray(h), np.asfortranarray(b)),
        (h.tobytes(), b.tobytes()),
        (memoryview(h.tobytes()).cast("B", h.shape), bytearray(b.tobytes())),
        (h.tolist(), b.tolist()),
    ]
    for fh, fb in forms:
        high, low = evaluate_batch(fh, fb)
        assert (high == want_high[:5_000]).all() and (low == want_low[:5_000]).all()


def test_batch_from_several_threads_at_once(deals):
    """Batches run with the GIL released; concurrent calls must not disturb each other."""
    from concurrent.futures import ThreadPoolExecutor
    holes, boards, want_high, want_low = deals
    parts = [(holes[i::4], boards[i::4], want_high[i::4], want_low[i::4]) for i in range(4)]
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda p: evaluate_batch(np.ascontiguousarray(p[0]),
                                                         np.ascontiguousarray(p[1])), parts * 3))
    for (high, low), (_, _, wh, wl) in zip(results, parts * 3):
        assert (high == wh).all() and (low == wl).all()


# --- peers, when installed: independent implementations as a second opinion ---------------

def test_phevaluator_agrees_on_high():
    phevaluator = pytest.importorskip("phevaluator")
    cards = random_deals(20_000, 9, SEED + 77)
    high, _ = evaluate_batch(cards[:, :4], cards[:, 4:], game="high")
    for row, value in zip(cards.tolist(), high.tolist()):
        # phevaluator: board first, then hole; 1 is the royal flush, 7462 the worst hand
        theirs = phevaluator.evaluate_omaha_cards(*row[4:], *row[:4])
        assert 7_463 - theirs == value, format_cards(row)


def test_pokerkit_orders_hands_the_same_way():
    pokerkit = pytest.importorskip("pokerkit")
    cards = random_deals(300, 13, SEED + 78)   # two holes on one five-card board

    def theirs(kind, hole, board):
        try:
            return kind.from_game(format_cards(hole), format_cards(board))
        except ValueError:   # pokerkit: no qualifying low
            return None

    def sign(x, y):
        return (x > y) - (x < y)

    lows_seen = 0
    for row in cards.tolist():
        a, b, board = row[:4], row[4:8], row[8:]
        ea, eb = evaluate(a, board), evaluate(b, board)
        ha = theirs(pokerkit.OmahaHoldemHand, a, board)
        hb = theirs(pokerkit.OmahaHoldemHand, b, board)
        assert sign(ea.high, eb.high) == sign(ha, hb), (format_cards(row))
        la = theirs(pokerkit.OmahaEightOrBetterLowHand, a, board)
        lb = theirs(pokerkit.OmahaEightOrBetterLowHand, b, board)
        assert (ea.low is None) == (la is None) and (eb.low is None) == (lb is None)
        if la is not None and lb is not None:
            lows_seen += 1
            assert sign(ea.low, eb.low) == sign(la, lb), format_cards(row)
    assert lows_seen > 10


# --- ten million deals (slow) -------------------------------------------------------------

def _vector_reference_tables():
    """The reference's five-card scale as arrays: a non-flush value by the base-13 key of
    the sorted ranks, a flush value by the 13-bit rank set, a low value by the 8-bit set of
    low ranks (ace bit 0). Each entry is one call of the reference's own functions."""
    from itertools import combinations, combinations_with_replacement
    plain = np.zeros(13 ** 5, dtype=np.uint16)
    for ranks in combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        suits, seen = [], {}
        for r in ranks:
            seen[r] = seen.get(r, -1) + 1
            suits.append(seen[r])
        if len(set(ranks)) == 5:
            suits[0] = 1
        key = sum(r * 13 ** i for i, r in enumerate(ranks))
        plain[key] = reference.rank5_value([r * 4 + s for r, s in zip(ranks, suits)])
    flush = np.zeros(1 << 13, dtype=np.uint16)
    for ranks in combinations(range(13), 5):
        flush[sum(1 << r for r in ranks)] = reference.rank5_value([r * 4 for r in ranks])
    low = np.zeros(256, dtype=np.uint8)
    card_of_low = [48, 0, 4, 8, 12, 16, 20, 24]   # A, 2 .. 8 of clubs
    for lows in combinations(range(8), 5):
        low[sum(1 << b for b in lows)] = reference.low5_value([card_of_low[b] for b in lows])
    return plain, flush, low


def vector_reference(holes, boards, tables):
    """Best high and low by trying every 2-hole x 3-board choice, vectorised over rows (any
    number of hole cards a row)."""
    from itertools import combinations
    plain, flush, low_table = tables
    low_bit = np.array([2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 1], dtype=np.int32)
    n = len(holes)
    best_high = np.zeros(n, dtype=np.uint16)
    best_low = np.zeros(n, dtype=np.uint8)
    powers = 13 ** np.arange(5)
    for hi in combinations(range(holes.shape[1]), 2):
        for bi in combinations(range(boards.shape[1]), 3):
            five = np.concatenate([holes[:, hi], boards[:, bi]], axis=1).astype(np.int32)
            ranks, suits = five >> 2, five & 3
            sorted_ranks = np.sort(ranks, axis=1)
            value = plain[sorted_ranks @ powers]
            is_flush = (suits == suits[:, :1]).all(axis=1)
            rank_set = np.bitwise_or.reduce(1 << ranks, axis=1)
            value = np.where(is_flush, flush[rank_set], value)
            np.maximum(best_high, value, out=best_high)
            bits = low_bit[ranks]
            low_set = np.bitwise_or.reduce(bits, axis=1)
            distinct_lows = (bits > 0).all(axis=1) & (np.diff(sorted_ranks, axis=1) > 0).all(axis=1)
            np.maximum(best_low, np.where(distinct_lows, low_table[low_set], 0), out=best_low)
    return best_high, best_low


def _check_chunk(args):
    seed, n, n_board = args
    tables = _TABLES if _TABLES is not None else _vector_reference_tables()
    cards = random_deals(n, 4 + n_board, seed)
    holes, boards = np.ascontiguousarray(cards[:, :4]), np.ascontiguousarray(cards[:, 4:])
    high, low = evaluate_batch(holes, boards)
    want_high, want_low = vector_reference(holes, boards, tables)
    bad = np.nonzero((high != want_high) | (low != want_low))[0]
    return n, [(format_cards(holes[i]), format_cards(boards[i]), int(high[i]), int(low[i]),
                int(want_high[i]), int(want_low[i])) for i in bad[:5]], len(bad)


_TABLES = None


def _init_worker():
    global _TABLES
    _TABLES = _vector_reference_tables()


def run_many(total: int, processes: int = 2, chunk: int = 100_000, seed: int = 7_000_000):
    """Check ``total`` deals (a third per board size); returns (checked, bad, examples)."""
    import multiprocessing
    jobs = []
    for k in range((total + chunk - 1) // chunk):
        n = min(chunk, total - k * chunk)
        jobs.append((seed + k, n, 3 + k % 3))
    checked, bad, examples = 0, 0, []
    ctx = multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork")
    with ctx.Pool(processes, initializer=_init_worker) as pool:
        for n, ex, nbad in pool.imap_unordered(_check_chunk, jobs):
            checked += n
            bad += nbad
            examples.extend(ex)
    return checked, bad, examples[:10]


def test_vector_reference_matches_reference():
    """The fast path of the slow test is itself checked against reference.evaluate."""
    tables = _vector_reference_tables()
    for n_board in (3, 4, 5):
        cards = random_deals(2_000, 4 + n_board, SEED + 100 + n_board)
        holes, boards = cards[:, :4], cards[:, 4:]
        high, low = vector_reference(holes, boards, tables)
        for h, b, vh, vl in zip(holes.tolist(), boards.tolist(), high.tolist(), low.tolist()):
            assert reference.evaluate(h, b) == (vh, vl), (h, b)


@pytest.mark.slow
def test_ten_million_deals():
    checked, bad, examples = run_many(10_000_002)
    assert checked == 10_000_002
    assert bad == 0, examples


if __name__ == "__main__":
    import time
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000_002
    procs = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    start = time.perf_counter()
    checked, bad, examples = run_many(total, procs)
    print(f"{checked:,} deals checked, {bad} differ, {time.perf_counter() - start:.0f} s")
    for ex in examples:
        hole, board, high, low, ref_high, ref_low = ex
        print(f"  hole {hole} board {board}: C {high}/{low}, reference {ref_high}/{ref_low}")
    sys.exit(1 if bad else 0)
