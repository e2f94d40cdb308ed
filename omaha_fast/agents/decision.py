"""What an agent is and what it answers: the protocol, :class:`Decision` and its common
values, and the two agent faults. The rest of the floor (built-in agents, the smart agent,
lazy views) and the simulator and environments above it all build on this module.

>>> Decision("raise_to", 40)
Decision(kind='raise_to', amount=40)
>>> CALL.kind, CALL.amount
('call', None)
"""

from __future__ import annotations

from typing import NamedTuple, Optional, Protocol, runtime_checkable

from ..errors import InvalidTypeError, OmahaError
from ..game.actions import LegalActions
from ..game.view import HandView


class AgentError(OmahaError, RuntimeError):
    """An agent raised, or answered with something that is not a legal action. The
    message names the agent, the hand and the action."""


class AgentTypeError(InvalidTypeError):
    """An agent spec that does not give an agent: no ``act(view, legal)`` method, or a
    class that cannot be called with no arguments."""


class Decision(NamedTuple):
    """An agent's answer, applied as ``hand.act(kind, amount)``."""

    kind: str
    amount: Optional[int] = None


FOLD = Decision("fold")
CHECK = Decision("check")
CALL = Decision("call")
ALL_IN = Decision("all_in")


@runtime_checkable
class Agent(Protocol):
    """The agent protocol: ``act`` only; ``reset(seed)`` and ``observe(view)`` are
    optional (see the module docstring)."""

    def act(self, view: HandView, legal: LegalActions) -> Decision:
        """The action for the seat to act."""
        ...


__all__ = ["Agent", "AgentError", "AgentTypeError", "Decision", "FOLD", "CHECK", "CALL",
           "ALL_IN"]
