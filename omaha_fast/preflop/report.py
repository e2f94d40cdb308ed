"""The jam/call table, its JSON form and the plot of jam and call percentages by stack.

>>> import numpy as np
>>> t = class_table()
>>> ids = [int(c) for c in t.order[:400:40]]
>>> solver = JamFold(build(ids, [[c] for c in ids], samples=400, workers=1))
>>> table = format_table(solver.solve_stacks([2, 20]), marginal=0)
>>> print(table)  # doctest: +NORMALIZE_WHITESPACE +ELLIPSIS
  S  jam %hands  %classes  call %hands  %classes  expl mbb  class-game mbb
  2       100.0     100.0        100.0     100.0 ...
 20 ...
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .classes import class_table
from .jamfold import JamFold, StackSolution  # noqa: F401 (JamFold: the doctest)
from .matrix import build  # noqa: F401 (the doctest)


def _hand(c: int, margin: float) -> str:
    return f"{class_table().text(c)} {margin:+.3f}"


def format_table(solutions: Sequence[StackSolution], marginal: int = 1) -> str:
    """One line per stack: the shares of hands (combinations) and of classes jammed and
    called, the exploitability (of the game solved, and in the game of classes) and the
    ``marginal`` hands closest to indifference for each seat, with their margin in big
    blinds (jam or call EV minus fold EV)."""
    head = (f"{'S':>3}  {'jam %hands':>10}  {'%classes':>8}  {'call %hands':>11}  "
            f"{'%classes':>8}  {'expl mbb':>8}  {'class-game mbb':>14}")
    if marginal:
        head += "  marginal SB jam / BB call"
    lines = [head]
    for s in solutions:
        line = (f"{s.stack:>3g}  {100 * s.jam_combos:>10.1f}  {100 * s.jam_classes:>8.1f}  "
                f"{100 * s.call_combos:>11.1f}  {100 * s.call_classes:>8.1f}  "
                f"{s.exploitability:>8.2f}  {s.class_exploitability:>14.1f}")
        if marginal:
            sb = ", ".join(_hand(c, m) for c, m in s.marginal("sb", marginal))
            bb = ", ".join(_hand(c, m) for c, m in s.marginal("bb", marginal))
            line += f"  {sb} / {bb}"
        lines.append(line)
    return "\n".join(lines)


def as_json(solutions: Sequence[StackSolution], marginal: int = 3) -> list[dict[str, Any]]:
    """The table as plain data (for ``--json``)."""
    out = []
    for s in solutions:
        eq = s.equilibrium
        out.append({
            "stack": s.stack, "ante": eq.ante, "sb_value": eq.value,
            "jam_hands": s.jam_combos, "jam_classes": s.jam_classes,
            "call_hands": s.call_combos, "call_classes": s.call_classes,
            "exploitability_mbb": s.exploitability,
            "class_exploitability_mbb": s.class_exploitability,
            "iterations": eq.iterations, "seconds": eq.seconds,
            "marginal_sb": [{"hand": class_table().text(c), "class": c, "margin": m}
                            for c, m in s.marginal("sb", marginal)],
            "marginal_bb": [{"hand": class_table().text(c), "class": c, "margin": m}
                            for c, m in s.marginal("bb", marginal)],
        })
    return out


def plot(solutions: Sequence[StackSolution], path: str, *, title: str = "") -> None:
    """Write the jam and call percentages (of hands) against the stack to ``path`` (PNG,
    SVG, PDF...): matplotlib, the ``plot`` extra."""
    try:
        from matplotlib.figure import Figure
    except ImportError:
        from .._extras import missing_extra
        raise missing_extra("plot", ["matplotlib"], "the preflop plot") from None
    import numpy as np
    stacks = np.array([s.stack for s in solutions])
    fig = Figure(figsize=(7, 4.2), dpi=110)
    ax = fig.add_subplot()
    ax.plot(stacks, [100 * s.jam_combos for s in solutions], marker="o", label="SB jams")
    ax.plot(stacks, [100 * s.call_combos for s in solutions], marker="s", label="BB calls")
    ax.set_xlabel("stack (big blinds)")
    ax.set_ylabel("% of hands")
    ax.set_ylim(0, 100)
    ax.grid(alpha=0.3)
    ax.legend()
    ax.set_title(title or "Omaha Hi-Lo heads-up jam/fold equilibrium")
    fig.tight_layout()
    fig.savefig(path)


__all__ = ["format_table", "as_json", "plot"]
