"""Simulation: agents, cash games and tournaments, on every core or on a Dask cluster.

>>> from omaha_fast.sim import RandomAgent, CallingStation, Decision
>>> Decision("raise_to", 20)
Decision(kind='raise_to', amount=20)
"""

from .agents import (
                     ALL_IN,
                     CALL,
                     CHECK,
                     FOLD,
                     Agent,
                     AgentSpec,
                     CallingStation,
                     Decision,
                     RandomAgent,
                     agent_label,
                     make_agent,
)
from .views import LazyView, StaleViewError, lazy_view

__all__ = ["Agent", "AgentSpec", "Decision", "FOLD", "CHECK", "CALL", "ALL_IN", "RandomAgent",
           "CallingStation", "make_agent", "agent_label", "LazyView", "StaleViewError",
           "lazy_view"]
