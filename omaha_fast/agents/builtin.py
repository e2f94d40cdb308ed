"""Agents: who decides at a seat, and the built-in opponents.

An agent is any object with ``act(view, legal) -> Decision``. It sees only what its seat
may see (a :class:`~omaha_fast.game.view.HandView`) and what it may do
(:class:`~omaha_fast.game.actions.LegalActions`); it answers with a :class:`Decision`,
``(kind, amount)``, which the simulator applies as ``hand.act(kind, amount)``: kind is
"fold", "check", "call", "bet", "raise_to" or "all_in"; amount is the street total for a
bet or raise (``None`` otherwise). A plain ``(kind, amount)`` tuple is accepted too.

Optional hooks: ``reset(seed)`` is called before each block of hands (and each
tournament) with a seed drawn from the run's seed, so an agent that uses randomness is
reproducible; ``setup(rules)`` is given the table's :class:`~omaha_fast.game.rules.Rules`
(game, structure, blinds) before each block and at each tournament level;
``observe(view)`` is called with the seat's view of every finished hand.

>>> class AlwaysRaise:
...     def act(self, view, legal):
...         if legal.can_raise or legal.can_bet:
...             return Decision("raise_to" if legal.can_raise else "bet", legal.min_to)
...         return CALL if legal.call else CHECK
>>> from omaha_fast import Table, FixedLimit
>>> h = Table(structure=FixedLimit(10, 20), seats=2, stacks=[200, 200]).start_hand(seed=1)
>>> AlwaysRaise().act(h.view(h.to_act), h.legal_actions())
Decision(kind='raise_to', amount=20)
>>> choice = RandomAgent(seed=3).act(h.view(h.to_act), h.legal_actions())
>>> choice in (FOLD, CALL, Decision("raise_to", 20))
True
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any, Optional, Union

from ..errors import InvalidValueError
from ..game.actions import LegalActions
from ..game.view import HandView

# FOLD is read by the module's doctest
from .decision import CALL, CHECK, FOLD, AgentError, AgentTypeError, Decision  # noqa: F401


class RandomAgent:
    """Uniform over the legal kinds, then uniform over the legal sizes of a bet or raise.

    >>> a = RandomAgent(seed=1)
    >>> legal = LegalActions(0, True, False, 10, 10, False, True, 20, 60, 0)
    >>> sorted({a.act(None, legal).kind for _ in range(200)})   # type: ignore[arg-type]
    ['call', 'fold', 'raise_to']
    >>> {a.act(None, legal).amount for _ in range(400)} >= {20, 40, 60}   # type: ignore[arg-type]
    True
    """

    name = "random"

    def __init__(self, seed: Optional[int] = None) -> None:
        self._rng = random.Random(seed)

    def reset(self, seed: int) -> None:
        """Reseed (the simulator calls this before each block)."""
        self._rng.seed(seed)

    def act(self, view: HandView, legal: LegalActions) -> Decision:
        rng = self._rng
        kinds = legal.kinds
        kind = kinds[int(rng.random() * len(kinds))]
        if kind == "bet" or kind == "raise_to":
            lo, hi = legal.min_to, legal.max_to
            return Decision(kind, lo if lo == hi else rng.randint(lo, hi))
        return Decision(kind)


class CallingStation:
    """Never folds, never bets: checks when it can, calls otherwise.

    >>> legal = LegalActions(0, True, False, 10, 10, False, True, 20, 20, 0)
    >>> CallingStation().act(None, legal)  # type: ignore[arg-type]
    Decision(kind='call', amount=None)
    """

    name = "station"

    def act(self, view: HandView, legal: LegalActions) -> Decision:
        return CHECK if legal.can_check else CALL


AgentSpec = Union[str, Callable[[], Any], Any]
"""How an agent is named to the simulator: a built-in name ("random", "station", "smart"),
``"module:Class"``, a class or factory called with no arguments, or an agent instance (copied
for each block so blocks never share state)."""


def _smart() -> Any:
    from .smart import SmartAgent  # imported when a smart agent is made (numpy, kept off the start)
    return SmartAgent()


BUILTIN: dict[str, Callable[[], Any]] = {
    "random": RandomAgent,
    "station": CallingStation,
    "calling_station": CallingStation,
    "smart": _smart,
}


def make_agent(spec: AgentSpec) -> Any:
    """A fresh agent from a spec (see :data:`AgentSpec`).

    ``module:Class`` is imported as Python would (the ``omaha-fast`` command adds the
    current directory to the search path). A name that is not an agent is an
    :class:`~omaha_fast.errors.InvalidValueError`, an object without ``act`` an
    :class:`AgentTypeError`, a constructor that raises an
    :class:`~omaha_fast.agents.decision.AgentError`; each message names the agent.

    >>> type(make_agent("station")).__name__
    'CallingStation'
    >>> type(make_agent("omaha_fast.agents:RandomAgent")).__name__
    'RandomAgent'
    >>> make_agent("nobody")
    Traceback (most recent call last):
    ...
    omaha_fast.errors.InvalidValueError: unknown agent 'nobody': use a built-in name (random, station, calling_station, smart) or module:Class
    >>> make_agent("omaha_fast.agents:Decision")
    Traceback (most recent call last):
    ...
    omaha_fast.agents.decision.AgentTypeError: agent 'omaha_fast.agents:Decision' could not be made: Decision.__new__() missing 1 required positional argument: 'kind'
    """  # noqa: E501 (a doctest's exception line)
    if isinstance(spec, str):
        if spec in BUILTIN:
            return BUILTIN[spec]()
        if ":" not in spec:
            raise InvalidValueError(f"unknown agent {spec!r}: use a built-in name "
                                    f"({', '.join(BUILTIN)}) or module:Class")
        module_name, _, attr = spec.partition(":")
        try:
            target = getattr(importlib.import_module(module_name), attr)
        except (ImportError, AttributeError) as err:
            raise InvalidValueError(f"cannot load agent {spec!r}: {err}") from None
        except Exception as err:      # the module itself fails as it is imported
            raise InvalidValueError(f"cannot load agent {spec!r}: importing {module_name} "
                                    f"raised {type(err).__name__}: {err}") from None
        return _built(target, spec)
    return _built(spec, spec)


def _built(spec: Any, name: AgentSpec) -> Any:
    label = name if isinstance(name, str) else agent_label(name)
    if isinstance(spec, type) or (callable(spec) and not hasattr(spec, "act")):
        try:
            agent = spec()
        except TypeError as err:
            raise AgentTypeError(f"agent {label!r} could not be made: {err}") from None
        except Exception as err:
            raise AgentError(f"agent {label!r} could not be made: its constructor raised "
                             f"{type(err).__name__}: {err}") from None
    else:
        import copy
        agent = copy.deepcopy(spec)
    if not callable(getattr(agent, "act", None)):
        raise AgentTypeError(f"agent {label!r} has no act(view, legal) method")
    return agent


def agent_label(spec: AgentSpec) -> str:
    """A short name for tables and errors: the built-in name, the class name, or the
    agent's ``name`` attribute.

    >>> agent_label("random"), agent_label(CallingStation)
    ('random', 'station')
    >>> agent_label("omaha_fast.agents:RandomAgent")
    'RandomAgent'
    """
    if isinstance(spec, str):
        if spec in BUILTIN or ":" not in spec:
            return spec
        return spec.partition(":")[2]
    name = getattr(spec, "name", None)
    if isinstance(name, str):
        return name
    return spec.__name__ if isinstance(spec, type) else type(spec).__name__


__all__ = ["AgentSpec", "RandomAgent", "CallingStation", "BUILTIN", "make_agent", "agent_label"]
