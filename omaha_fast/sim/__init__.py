"""Simulation: agents, cash games and tournaments, on every core or on a Dask cluster.

>>> from omaha_fast import FixedLimit
>>> from omaha_fast.sim import simulate
>>> r = simulate(["station", "random"], FixedLimit(10, 20), hands=200, seed=3, workers=1)
>>> r.hands, r.agents[0].net == -r.agents[1].net
(200, True)
"""

from ..agents import (
                     ALL_IN,
                     CALL,
                     CHECK,
                     FOLD,
                     Agent,
                     AgentError,
                     AgentSpec,
                     AgentTypeError,
                     CallingStation,
                     Decision,
                     RandomAgent,
                     agent_label,
                     make_agent,
)
from ..agents.views import LazyView, StaleViewError, lazy_view
from ..runner import ClusterError, Terminated, default_workers
from .runfile import RunFileError
from .runs import simulate, tournament
from .stats import AgentStats, Block, PlaceStats, SimResult, TournamentResult, merge
from .tourney import Level, blind_schedule, default_payouts, play_tournament

__all__ = ["Agent", "AgentSpec", "Decision", "FOLD", "CHECK", "CALL", "ALL_IN", "RandomAgent",
           "CallingStation", "make_agent", "agent_label", "LazyView", "StaleViewError",
           "lazy_view", "simulate", "tournament", "AgentError", "AgentStats", "Block",
           "PlaceStats", "SimResult", "TournamentResult", "merge", "Level", "blind_schedule",
           "default_payouts", "play_tournament", "default_workers", "ClusterError",
           "Terminated", "RunFileError", "AgentTypeError"]
