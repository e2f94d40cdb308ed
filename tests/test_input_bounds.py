"""Inputs the solvers cannot answer finite and exact are refused with the package's error:
chips and weights out of the float32 state's range, stacks that overflow the jam/fold
payoffs, empty bet sizes; and the small messages agree with each other."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

from omaha_fast.cli import main  # noqa: E402
from omaha_fast.preflop.classes import PreflopValueError  # noqa: E402
from omaha_fast.preflop.command import parse_stacks  # noqa: E402
from omaha_fast.ranges import Range  # noqa: E402
from omaha_fast.solve import BetTree, SubgameTypeError, SubgameValueError, solve  # noqa: E402
from omaha_fast.solve.spot import MAX_CHIPS, MAX_WEIGHT, MIN_WEIGHT, read_board  # noqa: E402

BOARD = "AhKd7c8s2h"
TREE = BetTree(bets=(1.0,), raise_cap=0)


def small_solve(**kw: object) -> object:
    args = {"pot": 10.0, "stack": 10.0, "tree": TREE, "iterations": 30, **kw}
    oop = args.pop("oop", "AA")
    return solve(BOARD, oop, "KK", **args)  # type: ignore[arg-type]


@pytest.mark.parametrize("pot, stack", [(1e308, 10.0), (10.0, 1e308), (MAX_CHIPS, 1.0),
                                        (1e-300, 10.0), (5e-7, 0.0)])
def test_chips_out_of_range_are_refused(pot: float, stack: float) -> None:
    # a pot of 1e308 gave infinite EVs
    with pytest.raises(SubgameValueError, match="pot"):
        small_solve(pot=pot, stack=stack)


def test_the_largest_spot_is_finite_and_scales() -> None:
    big = small_solve(pot=MAX_CHIPS / 3, stack=MAX_CHIPS / 3)
    unit = small_solve(pot=1.0, stack=1.0)
    for a, b in zip(big.ev, unit.ev):        # type: ignore[attr-defined]
        assert math.isfinite(a) and a / (MAX_CHIPS / 3) == pytest.approx(b, rel=1e-4)


def live(weight: float) -> tuple[object, object]:
    hands, weights = Range("AA").live_hands(read_board(BOARD))
    return hands, np.full(len(weights), weight)


@pytest.mark.parametrize("weight", [1e-320, 1e-200, 1e-13, 1e13, 1e300])
def test_weights_out_of_range_are_refused(weight: float) -> None:
    # weights of 1e-320 made the EVs' sum break (products under the smallest normal)
    with pytest.raises(SubgameValueError, match="weights must be 0 or in"):
        small_solve(oop=live(weight))


@pytest.mark.parametrize("weight", [MIN_WEIGHT, MAX_WEIGHT])
def test_weights_at_the_bounds_give_the_unit_answer(weight: float) -> None:
    # the solves take other paths (the weights' scale changes float32 roundings), so
    # their EVs agree within the two solves' exploitabilities (in % of the pot of 10)
    at: Any = small_solve(oop=live(weight))
    unit: Any = small_solve(oop=live(1.0))
    assert all(math.isfinite(x) for x in at.ev) and at.exploitability < 0.5
    bound = 10 * (at.exploitability + unit.exploitability) / 100
    assert abs(at.ev[0] - unit.ev[0]) <= bound and abs(at.ev[1] - unit.ev[1]) <= bound


@pytest.mark.parametrize("threads", [-1, 0])
def test_threads_one_message(threads: int) -> None:
    # was "at least 0" for -1 and "at least 1" for 0
    with pytest.raises(SubgameValueError, match="threads must be at least 1"):
        small_solve(threads=threads)


SOLVE = ["solve", "--board", BOARD, "--pot", "10", "--stack", "10", "--oop", "AA",
         "--ip", "KK", "--iterations", "20", "--top", "1"]


@pytest.mark.parametrize("threads", ["-1", "0"])
def test_the_command_s_threads_one_message(threads: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    # the memory estimate the command prints first took -1 to the C core ("solver
    # engine: bad argument")
    assert main([*SOLVE, "--threads", threads]) == 2
    assert capsys.readouterr().err == (f"omaha-fast solve: error: threads must be at least 1 "
                                       f"(or None: every core), got {threads}\n")


@pytest.mark.parametrize("bets", [",,,", "", "75,,pot", " "])
def test_empty_bet_sizes_are_refused(bets: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*SOLVE, "--bets", bets]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "an empty size" in err


def test_a_solve_stopped_by_its_budget_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*SOLVE, "--target", "0.000001%"]) == 0
    out, err = capsys.readouterr()
    line = next(t for t in out.splitlines() if t.startswith("exploitability"))
    assert err == ("omaha-fast solve: stopped at the budget of 20 iterations, "
                   f"{float(line.split()[1][:-1]):.3f}% of the pot above "
                   "the target 1e-06%\n")
    assert main([*SOLVE, "--target", "90%"]) == 0
    assert capsys.readouterr().err == ""


def test_stacks_are_numbers_before_ranges() -> None:
    # "1e-300" was read as the range 1e..300
    assert parse_stacks("1e-3") == [0.001]
    assert parse_stacks("2 - 4") == [2.0, 3.0, 4.0]
    with pytest.raises(PreflopValueError):
        parse_stacks("1-2-3")


@pytest.mark.parametrize("stacks, message", [
    ("1e308", "at most 1,000,000 big blinds"),       # printed NaN with numpy warnings
    ("1e-300", "below the big blind"),
    ("5,inf", "finite"),
])
def test_preflop_stacks_out_of_range_are_one_line(stacks: str, message: str,
                                                  capsys: pytest.CaptureFixture[str],
                                                  tmp_path: object) -> None:
    # refused before the data is read: no data file is needed to say so
    assert main(["preflop", "solve", "--stacks", stacks, "--data",
                 str(tmp_path) + "/none.npz"]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and message in err


@pytest.mark.parametrize("name, value", [("alpha", float("nan")), ("alpha", 1e308),
                                         ("gamma", -5.0), ("alpha", -1.0),
                                         ("beta", float("inf"))])
def test_discount_exponents_out_of_range_are_refused(name: str, value: float) -> None:
    # were: an OverflowError, a ZeroDivisionError, or a NaN exponent solved to nonsense
    with pytest.raises(SubgameValueError, match=f"{name} must be in 0..10"):
        small_solve(**{name: value})


def test_a_discount_exponent_of_text_is_a_type_error() -> None:
    with pytest.raises(SubgameTypeError, match="alpha must be a number"):
        small_solve(alpha="1.5")
