"""Bench collection and the hands/s summary.

The benches run with ``pytest benches/ --benchmark-enable``; without that flag this conftest
disables the timing and each bench runs once as a test (not in pyproject's addopts, so that
plain ``pytest`` needs no pytest-benchmark). (``-p no:doctest`` cannot be added while
pyproject's addopts pass ``--doctest-modules``: pytest rejects the option; the doctest pass
finds nothing to run in these files anyway.) This conftest collects ``bench_*.py`` here,
gives each bench a ``record_rate`` fixture that stores hands/s in the benchmark's
``extra_info``, and prints a table of rates and ratios at the end (also added to
``--benchmark-json`` output as ``omaha_fast_rates``).
"""

from __future__ import annotations

import pytest

_RATES: list[dict] = []


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config):
    # Benches are timed only on request (--benchmark-enable); otherwise each runs once as a
    # test. Set here, not in pyproject's addopts, so plain pytest runs without the plugin.
    if not config.getoption("benchmark_enable", False):
        config.option.benchmark_disable = True


def pytest_collect_file(file_path, parent):
    if parent.session.isinitpath(file_path):
        return None    # named on the command line: pytest collects it already
    if file_path.suffix == ".py" and file_path.name.startswith("bench_"):
        return pytest.Module.from_parent(parent, path=file_path)
    return None


@pytest.fixture
def record_rate(benchmark):
    """Call after the benchmark ran: ``record_rate(hands_per_round, **extra)``."""
    def record(hands: int, **extra) -> None:
        stats = benchmark.stats
        if stats is None:      # benchmarks disabled: the function ran once, untimed
            return
        median = stats.stats.median
        best = stats.stats.min
        info = {"hands": hands, "hands_per_s": hands / median, "hands_per_s_best": hands / best,
                "us_per_hand": median / hands * 1e6, **extra}
        benchmark.extra_info.update(info)
        _RATES.append({"name": benchmark.name, "group": benchmark.group, **info})
    return record


def pytest_benchmark_update_json(config, benchmarks, output_json):
    output_json["omaha_fast_rates"] = _RATES


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if not _RATES:
        return
    peer = next((r for r in _RATES if r["name"].startswith("test_phevaluator")), None)
    tr = terminalreporter
    tr.section("hands per second (median round)")
    tr.write_line("| bench | hands/round | hands/s | us/hand | vs phevaluator per call |")
    tr.write_line("|---|---:|---:|---:|---:|")
    for r in _RATES:
        ratio = f"{r['hands_per_s'] / peer['hands_per_s']:.3g}x" if peer else "-"
        tr.write_line(f"| {r['name']} | {r['hands']:,} | {r['hands_per_s']:,.0f} | "
                      f"{r['us_per_hand']:.3f} | {ratio} |")
    # the per-call targets of issue 21, as ratios of per-call times (lower is better)
    by_name = {r["name"]: r for r in _RATES}
    if peer:
        for name in ("test_evaluate_call_text", "test_evaluate_call_text_values"):
            if name in by_name:
                tr.write_line(f"{name} / phevaluator per call: "
                              f"{by_name[name]['us_per_hand'] / peer['us_per_hand']:.2f}x")
    for r in _RATES:
        extras = {k: v for k, v in r.items()
                  if k not in ("name", "group", "hands", "hands_per_s", "hands_per_s_best",
                               "us_per_hand")}
        if extras:
            tr.write_line(f"{r['name']}: " + ", ".join(f"{k}={v}" for k, v in extras.items()))
