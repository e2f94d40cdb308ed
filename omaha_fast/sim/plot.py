"""Cumulative winnings of a simulation, drawn with matplotlib (the ``plot`` extra).

Each agent's line is its cumulative net in big blinds at the end of every block; the band
around it is ``+- 1.96 * s * sqrt(n)`` big blinds after ``n`` hands (``s`` the agent's
per-hand standard deviation over the whole run): where the line's expected value lies
with 95% confidence at that point.
"""

from __future__ import annotations

from typing import Any

from .stats import Z95, SimResult


def _matplotlib() -> Any:
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise ImportError('plotting needs the plot extra: pip install "omaha_fast[plot]"') \
            from None
    return Figure


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


__all__ = ["plot_winnings"]
