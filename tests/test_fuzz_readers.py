"""Fuzzing the readers: the card parser, evaluate and evaluate_batch, and the hand-history
readers, directly and through ``omaha-fast replay``. Whatever the input, the answer is a
result or one of the library's errors (an OmahaError that is also a ValueError or a
TypeError) with a one-line message; the command exits 0, 1 or 2 and never prints a
traceback.

A short run is part of the normal suite: the mutated files get 40 examples a reader in
process and 15 through the command, and three readers run in a real process (times
``OMAHA_FAST_TEST_SCALE``, see conftest.py); ``-m slow`` runs them at full size (120 and
40 examples, every reader in a real process). The long run is

    OMAHA_FAST_FUZZ=20000 pytest tests/test_fuzz_readers.py -p no:cacheprovider

(OMAHA_FAST_FUZZ sets hypothesis' max_examples for every test here). To fuzz a new reader
(a card-room format), add its corpus and reader to ``READERS`` below and, if it has a
structure worth mutating, a mutator to ``fuzz_mutators.STRUCTURED``.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import sizes
from fuzz_mutators import WEIRD, deep, mutate
from history_hands import random_hands
from hypothesis import HealthCheck, given, note, settings, strategies as st

from omaha_fast import evaluate, evaluate_batch, parse_cards
from omaha_fast.cli import main
from omaha_fast.errors import OmahaError
from omaha_fast.history import (
    HandRecord,
    dump_hand,
    dumps_json,
    dumps_phh,
    load_phh,
    loads,
    loads_json,
    replay,
)
from omaha_fast.history.bovada import loads_bovada
from omaha_fast.history.fulltilt import loads_fulltilt
from omaha_fast.history.ggpoker import loads_ggpoker
from omaha_fast.history.ipoker import loads_ipoker
from omaha_fast.history.pacific import loads_pacific
from omaha_fast.history.partypoker import loads_partypoker
from omaha_fast.history.pokerstars import loads_pokerstars
from omaha_fast.history.pokerstars_writer import dumps_pokerstars, dumps_pokerstars_file
from omaha_fast.history.sites import decode_history
from omaha_fast.history.winamax import loads_winamax
from omaha_fast.history.winning import loads_winning

EXAMPLES = int(os.environ.get("OMAHA_FAST_FUZZ", "120"))


def fuzz(examples: int) -> settings:
    """hypothesis' settings for ``examples`` examples (the same ones each run, up to 120)."""
    return settings(max_examples=examples, deadline=None, derandomize=examples <= 120,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def fuzz_sizes(short: int, full: int) -> list:
    """The default run's examples and the full count under ``-m slow``; with
    OMAHA_FAST_FUZZ set, the default run plays the full count too."""
    if "OMAHA_FAST_FUZZ" in os.environ:
        return sizes(full, full)
    return sizes(short, full)


FUZZ = fuzz(EXAMPLES)

_HANDS = random_hands(seed=21, count=40)
_SITES = Path(__file__).parent / "data" / "sites"
_STARS = ("pokerstars_plo8_cash.txt", "pokerstars_horse_mixed.txt",
          "pokerstars_play_money.txt")
# name -> (valid texts, reader, mutator kind, file suffix for the command)
READERS: dict[str, tuple[list[str], Callable[[str, str], Any], str, str]] = {
    "json": ([dumps_json([h]) for h in _HANDS] + [dumps_json(_HANDS[:6])],
             loads_json, "json", ".jsonl"),
    "phh": ([dumps_phh([h]) for h in _HANDS] + [dumps_phh(_HANDS[:6])],
            load_phh, "phh", ".phhs"),
    "sniffed": ([dumps_json(_HANDS[:3]), dumps_phh(_HANDS[:3])], loads, "text", ".txt"),
    # card-room formats: hands written from our table, and the typed fixtures
    "pokerstars": ([dumps_pokerstars(h, hand_id=k) for k, h in enumerate(_HANDS[:20], 1)]
                   + [dumps_pokerstars_file(_HANDS[20:26])]
                   + [(_SITES / name).read_text() for name in _STARS],
                   loads_pokerstars, "text", ".txt"),
    "fulltilt": ([decode_history((_SITES / "fulltilt_o8_utf16.txt").read_bytes())],
                 loads_fulltilt, "text", ".txt"),
    "888poker": ([(_SITES / "pacific_conventions.txt").read_text()], loads_pacific, "text",
                 ".txt"),
    "wpn": ([(_SITES / f"{n}.txt").read_text() for n in ("wpn_conventions",
                                                        "wpn_classic_conventions")],
            loads_winning, "text", ".txt"),
    "ggpoker": ([(_SITES / "ggpoker_conventions.txt").read_text()], loads_ggpoker, "text",
                ".txt"),
    "bovada": ([(_SITES / "bovada_conventions.txt").read_text()], loads_bovada, "text",
               ".txt"),
    "winamax": ([(_SITES / "winamax_conventions.txt").read_text()], loads_winamax, "text",
                ".txt"),
    "ipoker": ([(_SITES / "ipoker_conventions.xml").read_text()], loads_ipoker, "text",
               ".xml"),
    "partypoker": ([(_SITES / "partypoker_conventions.txt").read_text()], loads_partypoker,
                   "text", ".txt"),
}


def library_error(e: BaseException) -> bool:
    """One of ours, also the builtin it resembles, with a one-line message."""
    return isinstance(e, OmahaError) and isinstance(e, (ValueError, TypeError)) and \
        "\n" not in str(e)


def check_records(records: list[HandRecord]) -> None:
    """What a reader returns is checked, can be written and read back, and replays or is
    refused with our error; a hand that replays replays the same from its PHH."""
    for record in records:
        record.validate()
        text = record.to_json()        # compared as text: a NaN is not equal to itself
        assert HandRecord.from_json(text).to_json() == text
        try:
            replayed = replay(record).replayed
        except Exception as e:
            assert library_error(e), repr(e)
            continue
        [again] = load_phh(dump_hand(record))
        assert replay(again).replayed == replayed


def mutated_text(data: st.DataObject, name: str) -> str:
    corpus, _, kind, _ = READERS[name]
    rng = data.draw(st.randoms(use_true_random=False), label="rng")
    text = mutate(rng, rng.choice(corpus), kind)
    note(f"the mutated file:\n{text[:20_000]}")      # printed when the example fails
    return text


# ------------------------------------------------------------------ readers, in process
@pytest.mark.parametrize("examples", fuzz_sizes(40, EXAMPLES))
@pytest.mark.parametrize("name", sorted(READERS))
def test_readers_answer_mutated_files_with_our_errors(name, examples):
    @fuzz(examples)
    @given(data=st.data())
    def check(data):
        text = mutated_text(data, name)
        reader = READERS[name][1]
        try:
            records = reader(text, "fuzz")
        except Exception as e:
            assert library_error(e), repr(e)
            return
        check_records(records)

    check()


JSON_VALUES = st.recursive(
    st.sampled_from(WEIRD),
    lambda children: st.lists(children) | st.dictionaries(
        st.sampled_from(["seats", "stacks", "holes", "posts", "actions", "button", "x"]),
        children),
    max_leaves=20)


@pytest.mark.parametrize("examples", fuzz_sizes(40, EXAMPLES))
def test_json_reader_on_arbitrary_values(examples):
    """Every field of a valid hand replaced by an arbitrary JSON value, one at a time."""
    base = json.loads(dumps_json(_HANDS[:1]))

    @fuzz(examples)
    @given(tree=JSON_VALUES)
    def check(tree):
        for key in list(base)[:40]:
            hand = dict(base, **{key: tree})
            try:
                text = json.dumps(hand)
            except (ValueError, TypeError):
                continue
            try:
                check_records(loads_json(text, "fuzz"))
            except Exception as e:
                assert library_error(e), (key, repr(e))

    check()


def test_pathological_inputs():
    for text in ("", " \n", "[]", "{}", "[" * 5000, "{\"a\": " * 5000, "[1]\n" * 3,
                 json.dumps(deep(900)), "x = " + "[" * 3000, "variant = 'PO'\n" * 2,
                 "\ufeff" + dumps_json(_HANDS[:1]), "9" * 5000, "\x00" * 10):
        for reader in (loads, loads_json, load_phh):
            with pytest.raises(OmahaError) as e:
                reader(text, "fuzz")
            assert library_error(e.value), repr(e.value)


# ------------------------------------------------------------------ through the command
def run_command(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def check_command_answer(code: int, out: str, err: str) -> None:
    assert "Traceback" not in out + err
    assert code in (0, 1, 2), code
    if code == 2:       # the file cannot be read: one line on stderr says why
        assert err.count("\n") == 1 and err.startswith("omaha-fast replay: error: "), err
    else:
        assert err == "", err


@pytest.fixture(scope="module")
def fuzz_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("fuzz")


@pytest.mark.parametrize("examples", fuzz_sizes(15, max(20, EXAMPLES // 3)))
@pytest.mark.parametrize("name", sorted(READERS))
def test_replay_command_answers_mutated_files_in_one_line(name, examples, fuzz_dir):
    @fuzz(examples)
    @given(data=st.data())
    def check(data):
        path = fuzz_dir / f"hands{READERS[name][3]}"
        path.write_text(mutated_text(data, name), encoding="utf-8")
        check_command_answer(*run_command(["replay", str(path)]))

    check()


# three readers of different kinds (JSON lines, PHH, a card room's text) by default
@pytest.mark.parametrize("names", [
    pytest.param(("json", "phh", "pokerstars"), id="short"),
    pytest.param(tuple(sorted(READERS)), id="full", marks=pytest.mark.slow)])
def test_replay_command_in_a_real_process(tmp_path, names):
    """A few real runs: the installed command, its exit status and its streams."""
    rng = random.Random(4)
    for k, name in enumerate(names):     # each once: the in-process fuzz does more
        corpus, _, kind, suffix = READERS[name]
        path = tmp_path / f"h{k}{suffix}"
        path.write_text(mutate(rng, rng.choice(corpus), kind, rounds=3), encoding="utf-8")
        done = subprocess.run([sys.executable, "-m", "omaha_fast.cli", "replay", str(path)],
                              capture_output=True, text=True, timeout=120)
        check_command_answer(done.returncode, done.stdout, done.stderr)
    empty = tmp_path / "empty.phh"
    empty.write_text("")
    done = subprocess.run([sys.executable, "-m", "omaha_fast.cli", "replay", str(empty)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "no hand found (empty input)" in done.stderr


# ------------------------------------------------------------------ cards and evaluation
CARDISH = st.one_of(
    st.text(max_size=30), st.text(alphabet="23456789TJQKAtjqkacdhsx ,-?", max_size=30),
    st.integers(-100, 100), st.lists(st.integers(-5, 60), max_size=12),
    st.lists(st.one_of(st.integers(-5, 60), st.text(max_size=3), st.none(), st.floats()),
             max_size=8),
    st.binary(max_size=12), st.none(), st.floats(), st.booleans(),
    st.lists(st.lists(st.integers(0, 51), max_size=3), max_size=3))


@FUZZ
@given(cards=CARDISH)
def test_card_parser_answers_anything(cards):
    try:
        parsed = parse_cards(cards)
    except Exception as e:
        assert library_error(e), repr(e)
        return
    assert all(0 <= int(c) < 52 for c in parsed) and len(set(parsed)) == len(parsed)


@FUZZ
@given(hole=CARDISH, board=CARDISH, game=st.sampled_from(["hilo", "high", "razz", 5]))
def test_evaluate_answers_anything(hole, board, game):
    try:
        result = evaluate(hole, board, game)
    except Exception as e:
        assert library_error(e), repr(e)
        return
    assert 1 <= result.high.value <= 7462


@FUZZ
@given(shape_h=st.lists(st.integers(0, 6), min_size=0, max_size=3),
       shape_b=st.lists(st.integers(0, 6), min_size=0, max_size=3),
       dtype=st.sampled_from(["uint8", "int8", "int64", "float64", "bool", "object"]),
       seed=st.integers(0, 2 ** 16), game=st.sampled_from(["hilo", "high", "x"]),
       as_bytes=st.booleans())
def test_evaluate_batch_answers_any_array(shape_h, shape_b, dtype, seed, game, as_bytes):
    rng = np.random.default_rng(seed)
    holes = rng.integers(-2, 60, size=shape_h).astype(dtype)
    boards = rng.integers(-2, 60, size=shape_b).astype(dtype)
    args: tuple[Any, Any] = (holes.tobytes(), boards.tobytes()) if as_bytes and \
        dtype != "object" else (holes, boards)
    try:
        high, low = evaluate_batch(*args, game=game)
    except Exception as e:
        assert library_error(e), repr(e)
        return
    assert len(high) == len(low)
