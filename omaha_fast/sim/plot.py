"""Cumulative winnings of a simulation, drawn with matplotlib (the ``plot`` extra).

Each agent's line is its cumulative net in big blinds at the end of every block; the band
around it is ``+- 1.96 * s * sqrt(n)`` big blinds after ``n`` hands (``s`` the agent's
per-hand standard deviation over the whole run): where the line's expected value lies
with 95% confidence at that point.
"""

from __future__ import annotations

import os
from typing import Any

from .._extras import missing_extra
from ..errors import InvalidValueError
from .stats import Z95, SimResult


def _matplotlib() -> Any:
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise missing_extra("plot", ["matplotlib"], "plotting") from None
    return Figure


def check_plot_path(path: str) -> None:
    """Refuse, before a run, a plot that could not be written after it: matplotlib
    missing, a format (the file's extension) it cannot write, or a folder that is not
    there or not writable.

    >>> check_plot_path("winnings.png")
    >>> try:
    ...     check_plot_path("winnings.xyz")
    ... except ValueError as err:
    ...     print(str(err)[:74])
    cannot plot to 'winnings.xyz': the extension says the format, .xyz is none
    """
    Figure = _matplotlib()
    formats = sorted(Figure().canvas.get_supported_filetypes())
    ext = os.path.splitext(path)[1].lstrip(".").lower()
    if ext not in formats:
        raise InvalidValueError(f"cannot plot to {path!r}: the extension says the format, "
                                f"{'.' + ext if ext else 'no extension'} is none of "
                                f"{', '.join(formats)}")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise InvalidValueError(f"cannot plot to {path!r}: there is no folder {folder}")
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and
                                          not os.access(path, os.W_OK)):
        raise InvalidValueError(f"cannot plot to {path!r}: not writable")
    if os.path.isdir(path):
        raise InvalidValueError(f"cannot plot to {path!r}: it is a folder")


def plot_winnings(result: SimResult, path: str, *, title: str = "") -> None:
    """Write the cumulative winnings of every agent to ``path`` (PNG, SVG, PDF...)."""
    Figure = _matplotlib()
    fig = Figure(figsize=(9, 5.5), dpi=110)
    ax = fig.add_subplot()
    bb = result.big_blind
    blocks = sorted(result.blocks, key=lambda b: b.index)
    for seat, agent in enumerate(result.agents):
        hands = [0]
        total = [0.0]
        for b in blocks:
            hands.append(hands[-1] + b.hands)
            total.append(total[-1] + b.net[seat] / bb)
        half = [Z95 * agent.std * n ** 0.5 / bb for n in hands]
        line = ax.plot(hands, total, linewidth=1.4,
                       label=f"{seat} {agent.label}: {agent.bb_per_100(bb):+.1f} bb/100")[0]
        ax.fill_between(hands, [t - h for t, h in zip(total, half)],
                        [t + h for t, h in zip(total, half)], color=line.get_color(),
                        alpha=0.12, linewidth=0)
    ax.axhline(0, color="black", linewidth=0.6)
    ax.set_xlabel("hands")
    ax.set_ylabel("cumulative winnings (big blinds)")
    ax.set_title(title or f"{result.game} {result.structure}: {result.hands:,} hands, "
                          f"seed {result.seed} (bands: 95%)")
    ax.legend(loc="upper left", fontsize="small")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)


__all__ = ["plot_winnings", "check_plot_path"]
