"""Equity: the C engine against a pure-Python enumeration over the reference evaluator."""

from __future__ import annotations

import itertools
import random

import pytest

from omaha_fast import InvalidCardError, OmahaError, equity, format_cards, parse_cards, reference

FIELDS = ("equity", "high_win", "high_tie", "low_win", "low_tie", "scoop", "high_share",
          "low_share")


def python_equity(hands, board, dead="", game="hilo"):
    """Every remaining board, each hand ranked by the reference, the pot split by docs/rules.md."""
    holes = [[int(c) for c in parse_cards(h)] for h in hands]
    known = [int(c) for c in parse_cards(board)]
    used = set(known) | {int(c) for c in parse_cards(dead)} | {c for h in holes for c in h}
    deck = [c for c in range(52) if c not in used]
    n = len(holes)
    sums = [dict.fromkeys(FIELDS, 0.0) for _ in range(n)]
    boards = no_low = 0
    for extra in itertools.combinations(deck, 5 - len(known)):
        full = known + list(extra)
        highs = [reference.best_high(h, full) for h in holes]
        lows = [reference.best_low(h, full) if game == "hilo" else 0 for h in holes]
        top_h, top_l = max(highs), max(lows)
        hw = [i for i in range(n) if highs[i] == top_h]
        lw = [i for i in range(n) if top_l and lows[i] == top_l]
        boards += 1
        no_low += not lw
        for i in range(n):
            s = sums[i]
            hs = ((0.5 if lw else 1.0) / len(hw)) if i in hw else 0.0
            ls = 0.5 / len(lw) if i in lw else 0.0
            if i in hw:
                s["high_win" if len(hw) == 1 else "high_tie"] += 1
            if i in lw:
                s["low_win" if len(lw) == 1 else "low_tie"] += 1
            if hw == [i] and (not lw or lw == [i]):
                s["scoop"] += 1
            s["high_share"] += hs
            s["low_share"] += ls
            s["equity"] += hs + ls
    return [{k: v / boards for k, v in s.items()} for s in sums], boards, no_low / boards


SPOTS = [
    (["As2s3h4h", "KcKdQcJd"], "2h7d9c8s", "", "hilo"),          # turn known
    (["Ah2h3c5d", "AdKd2c4s"], "3h7hQh", "", "hilo"),            # flop: shared lows
    (["AsKs2d3d", "QhJhTc9c", "7s6s5h4h"], "2s8sKh", "", "hilo"),
    (["AsAd2c3c", "KsKhQsQh", "8d7d6c5c"], "4h9s2h", "Ac", "hilo"),   # with a dead card
    (["AsKsQsJs", "AhKhQhJh"], "TdTs9s", "", "high"),            # identical high hands
    (["Ac2c3d4d", "Ad2d3c4c"], "5h6h8s", "", "hilo"),            # split high and low
    (["9s9h8d8c", "7s7h6d6c", "AsKdJh2c"], "9d8h7c", "", "high"),
]


@pytest.mark.parametrize("hands, board, dead, game", SPOTS)
def test_exact_matches_python_enumeration(hands, board, dead, game):
    want, boards, no_low = python_equity(hands, board, dead, game)
    got = equity(hands, board=board, dead=dead, game=game, mode="exact")
    assert got.exact and got.boards == boards
    if game == "hilo":
        assert got.no_low == pytest.approx(no_low, abs=1e-12)
    else:
        assert got.no_low is None
    for p, w in zip(got.players, want):
        for field in FIELDS:
            assert getattr(p, field) == pytest.approx(w[field], abs=1e-12), field


def test_golden_heads_up_preflop():
    hilo = equity(["As2s3h4h", "KcKdQcJd"])
    assert hilo.exact and hilo.boards == 1_086_008
    assert [round(p.equity, 5) for p in hilo.players] == [0.57465, 0.42535]
    high = equity(["As2s3h4h", "KcKdQcJd"], game="high")
    assert [round(p.equity, 5) for p in high.players] == [0.42973, 0.57027]


def test_river_board_is_the_showdown():
    r = equity(["AsKs2d3d", "QhJhTc9c"], board="2s8sKh4c5d")
    want, boards, _ = python_equity(["AsKs2d3d", "QhJhTc9c"], "2s8sKh4c5d")
    assert r.boards == boards == 1
    assert [p.equity for p in r.players] == [w["equity"] for w in want]


@pytest.mark.parametrize("hands, board", [
    (["As2s3h4h", "KcKdQcJd"], ""),
    (["As2s3h4h", "KcKdQcJd", "Ad2d5c6c"], "7h8h9s"),
    (["AhAd2c3c", "KsKh8d9d", "QcJcTd9h", "6s5s4h3h"], ""),
])
def test_monte_carlo_within_four_standard_errors(hands, board):
    exact = equity(hands, board=board, mode="exact")
    mc = equity(hands, board=board, mode="mc", samples=400_000, seed=11)
    assert not mc.exact and mc.boards == 400_000
    for e, m in zip(exact.players, mc.players):
        assert m.std_error > 0
        assert abs(m.equity - e.equity) < 4 * m.std_error + 1e-12


def test_shares_sum_to_one_and_permutation_permutes():
    rng = random.Random(5)
    for _ in range(6):
        n = rng.randint(2, 6)
        cards = rng.sample(range(52), 4 * n + 3)
        hands = [cards[4 * i:4 * i + 4] for i in range(n)]
        board = cards[4 * n:]
        r = equity(hands, board=board)
        assert sum(p.equity for p in r.players) == pytest.approx(1.0, abs=1e-12)
        assert sum(p.high_share for p in r.players) + sum(p.low_share for p in r.players) \
            == pytest.approx(1.0, abs=1e-12)
        order = list(range(n))
        rng.shuffle(order)
        s = equity([hands[i] for i in order], board=board)
        for j, i in enumerate(order):
            assert s.players[j].equity == pytest.approx(r.players[i].equity, abs=1e-12)
            assert s.players[j].scoop == pytest.approx(r.players[i].scoop, abs=1e-12)


def test_monte_carlo_is_the_same_for_any_thread_count():
    hands = ["As2s3h4h", "KcKdQcJd", "9h8h7c6c"]
    runs = [equity(hands, mode="mc", samples=300_000, seed=42, threads=t) for t in (1, 2, 3)]
    assert runs[0] == runs[1] == runs[2]
    other = equity(hands, mode="mc", samples=300_000, seed=43)
    assert other.players[0].equity != runs[0].players[0].equity


def test_exact_is_the_same_for_any_thread_count():
    # preflop heads-up (1,086,008 boards) is above the one-thread threshold, so the work
    # really is shared; the counts are integers, so every split gives the same result
    hands = ["As2s3h4h", "KcKdQcJd"]
    runs = [equity(hands, mode="exact", threads=t) for t in (1, 2, 3, 8)]
    assert runs[0].boards == 1_086_008
    assert all(r == runs[0] for r in runs[1:])
    assert runs[0].players[0].equity == pytest.approx(0.5746472401676599, abs=1e-12)


def test_auto_is_exact_for_a_full_deck_and_mc_draws_a_seed():
    assert equity(["As2s3h4h", "KcKdQcJd"], board="2h7d9c").exact
    sampled = equity(["As2s3h4h", "KcKdQcJd"], board="2h7d9c", samples=5000, seed=3)
    assert not sampled.exact and sampled.boards == 5000
    assert equity(["As2s3h4h", "KcKdQcJd"], board="2h7d9c", mode="exact", samples=5000).exact
    r = equity(["As2s3h4h", "KcKdQcJd"], mode="mc", samples=1000)
    assert r.seed is not None
    again = equity(["As2s3h4h", "KcKdQcJd"], mode="mc", samples=1000, seed=r.seed)
    assert again == r


def test_progress_is_reported_and_can_stop_the_run():
    seen = []
    r = equity(["As2s3h4h", "KcKdQcJd"], mode="mc", samples=3_000_000, seed=1, threads=1,
               progress=lambda done, total: seen.append((done, total)))
    assert r.boards == 3_000_000
    assert seen and all(total == 3_000_000 and 0 < done <= total for done, total in seen)
    assert seen[-1] == (3_000_000, 3_000_000)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    with pytest.raises(OmahaError, match="stopped"):
        equity(["As2s3h4h", "KcKdQcJd"], mode="mc", samples=10**10, seed=1,
               progress=lambda done, total: True)

    class Boom(Exception):
        pass

    def explode(done, total):
        raise Boom()

    with pytest.raises(Boom):
        equity(["As2s3h4h", "KcKdQcJd"], mode="mc", samples=10**10, seed=1, progress=explode)


@pytest.mark.parametrize("kwargs, message", [
    (dict(hands=["As2s3h4h"]), "2 to 10 hands"),
    (dict(hands=["As2s3h4h"] * 11), "2 to 10 hands"),
    (dict(hands="As2s3h4hKcKdQcJd"), "2 to 10 hands"),
    (dict(hands=["As2s3h4h", "KcKdQc"]), "hand 2 needs 4 cards"),
    # "KcKdQcXx" is a range now (X a rank variable, x a suit variable)
    (dict(hands=["As2s3h4h", "KcKdQcX1"]), "neither cards nor a range: position 8"),
    (dict(hands=["As2s3h4h", "KcKdQcAs"]), "duplicate card As: in hand 1 and in hand 2"),
    (dict(hands=["As2s3h4h", "KcKdQcJd"], board="2c7d"), "board needs"),
    (dict(hands=["As2s3h4h", "KcKdQcJd"], board="2c7d9h", dead="9h"),
     "duplicate card 9h: in board and in dead"),
    (dict(hands=["As2s3h4h", "KcKdQcJd"], board="2c7dKc"), "duplicate card Kc"),
])
def test_bad_input_names_the_problem(kwargs, message):
    with pytest.raises(InvalidCardError, match=message):
        equity(**kwargs)


@pytest.mark.parametrize("kwargs", [dict(mode="fast"), dict(game="razz"), dict(samples=0),
                                    dict(threads=0), dict(samples=2.5)])
def test_bad_options(kwargs):
    with pytest.raises(TypeError if kwargs.get("samples") == 2.5 else ValueError):
        equity(["As2s3h4h", "KcKdQcJd"], **kwargs)


def test_too_few_cards_left_to_deal():
    hands = [c for c in ("AsKsQsJs", "AhKhQhJh", "AdKdQdJd", "AcKcQcJc", "TsTh9s9h",
                         "TdTc9d9c", "8s8h7s7h", "8d8c7d7c", "6s6h5s5h", "6d6c5d5c")]
    with pytest.raises(InvalidCardError, match="left to deal"):
        equity(hands, dead="4s4h4d4c3s3h3d3c2s2h")


@pytest.mark.parametrize("kwargs, message", [
    (dict(threads=10**20), "threads must be an int from 1 to 256"),
    (dict(threads=True), "threads must be an int"),
    (dict(mode="mc", samples=2**70), "samples must be an int from 1"),
    (dict(mode="mc", seed=1.5), "seed must be an int, got 1.5"),
    (dict(mode="mc", seed=-1), "seed must be an int from 0"),
    (dict(mode="mc", seed=2**64), "seed must be an int from 0"),
    (dict(game=[]), "game must be one of 'hilo', 'high', 'bigo', 'omaha5', 'omaha6', got \\[\\]"),
])
def test_bad_option_values_name_the_option(kwargs, message):
    # a wrong type is a TypeError, a wrong value a ValueError; both are OmahaErrors
    wrong_type = any(isinstance(v, (bool, float, list)) for v in kwargs.values())
    with pytest.raises(TypeError if wrong_type else ValueError, match=message) as info:
        equity(["As2s3h4h", "KcKdQcJd"], **kwargs)
    assert isinstance(info.value, OmahaError)


def test_hands_may_be_any_iterable_and_missing_hands_are_named():
    hands = ("As2s3h4h", "KcKdQcJd")
    assert equity(iter(hands), board="2h7d9c") == equity(list(hands), board="2h7d9c")
    with pytest.raises(InvalidCardError, match="hand 2 is missing"):
        equity(["As2s3h4h", None])
    with pytest.raises(InvalidCardError, match="2 to 10 hands"):
        equity(None)


def test_no_low_is_none_for_omaha_high():
    assert equity(["As2s3h4h", "KcKdQcJd"], board="2c3c4c", game="high").no_low is None
    assert equity(["As2s3h4h", "KcKdQcJd"], board="2c3c4c").no_low is not None


def test_result_fields_follow_the_c_struct():
    # _core reads the per-player sums as one array of doubles in this order
    from omaha_fast._core import _RESULT_FIELDS, ffi
    assert ffi.sizeof("of_player_result") == 8 * len(_RESULT_FIELDS)
    assert [ffi.offsetof("of_player_result", f) for f in _RESULT_FIELDS] == \
        [8 * i for i in range(len(_RESULT_FIELDS))]


def test_complete_board_fast_path_matches_the_general_path():
    # equity() answers text hands on a river without the general path; threads=1 (or
    # anything but the defaults) takes the general one, whose C core enumerates the board
    rng = random.Random(21)
    for trial in range(300):
        n = rng.randint(2, 10)
        deal = rng.sample(range(52), 4 * n + 5)
        hands = [format_cards(deal[4 * i:4 * i + 4]) for i in range(n)]
        board = format_cards(deal[4 * n:])
        game = "high" if trial % 3 == 0 else "hilo"
        fast = equity(hands, board=board, game=game)
        assert fast == equity(hands, board=board, game=game, threads=1)
        assert fast == equity([parse_cards(h) for h in hands], board=board, game=game)
    # the river spot of a hand with no low, text written loosely, mode="exact"
    r = equity(["as 2s 3h 4h", "KcKdQcJd"], board="ks7d2h5c9s", mode="exact")
    assert r.players[0].hand == "As2s3h4h" and r.board == "Ks7d2h5c9s"
    assert r == equity(["As2s3h4h", "KcKdQcJd"], board="Ks7d2h5c9s", threads=1)
    assert r.exact and r.boards == 1 and r.seed is None


@pytest.mark.parametrize("hands, board, match", [
    (["As2s3h4h", "AsKdQcJd"], "Ks7d2h5c9s", "duplicate card As"),
    (["As2s3h4h", "KcKdQcJd"], "As7d2h5c9s", "duplicate card As"),
    (["As2s3h", "KcKdQcJd"], "Ks7d2h5c9s", "hand 1 needs 4 cards"),
    (["As2s3h4h", "KcKdQcJd"], "Ks7d2h5c9s9s", "duplicate card 9s"),
])
def test_complete_board_errors_are_the_general_paths(hands, board, match):
    with pytest.raises(InvalidCardError, match=match):
        equity(hands, board=board)


def test_complete_board_results_are_whole_results():
    # the river path fills its frozen results directly: they must still be the same
    # objects in every way (fields, order, equality, hash, repr, immutability, to_dict)
    import dataclasses
    fast = equity(["As2s3h4h", "KcKdQcJd", "9h8h7c6c"], board="Ks7d2h5c9s")
    slow = equity(["As2s3h4h", "KcKdQcJd", "9h8h7c6c"], board="Ks7d2h5c9s", threads=1)
    assert fast == slow and hash(fast.players[0]) == hash(slow.players[0])
    assert repr(fast) == repr(slow) and fast.to_dict() == slow.to_dict()
    for a, b in zip(fast.players, slow.players):
        assert dataclasses.astuple(a) == dataclasses.astuple(b)
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.players[0].equity = 1.0  # type: ignore[misc]
