"""Agents: who decides at a seat. The floor below both the simulator (:mod:`omaha_fast.sim`)
and the environments (:mod:`omaha_fast.env`), which seat these agents; it imports only the
engine and the value APIs.

- :mod:`omaha_fast.agents.decision`: the agent protocol, :class:`Decision`, the faults.
- :mod:`omaha_fast.agents.builtin`: the random agent, the calling station, ``make_agent``.
- :mod:`omaha_fast.agents.smart`: the smart agent.
- :mod:`omaha_fast.agents.views`: the lazy seat view the simulator hands to agents.

>>> type(make_agent("station")).__name__
'CallingStation'
"""

from .builtin import AgentSpec, CallingStation, RandomAgent, agent_label, make_agent
from .decision import (
                       ALL_IN,
                       CALL,
                       CHECK,
                       FOLD,
                       Agent,
                       AgentError,
                       AgentTypeError,
                       Decision,
)
from .views import LazyView, StaleViewError, lazy_view

__all__ = ["Agent", "AgentSpec", "Decision", "FOLD", "CHECK", "CALL", "ALL_IN", "RandomAgent",
           "CallingStation", "make_agent", "agent_label", "AgentError", "AgentTypeError",
           "LazyView", "StaleViewError", "lazy_view"]
