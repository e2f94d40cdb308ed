"""Reinforcement learning: Omaha Hi-Lo as a PettingZoo environment and a Gymnasium one.

Needs the ``rl`` extra (``pip install 'omaha_fast[rl]'``, from a clone
``pip install '.[rl]'``: pettingzoo, gymnasium); the rest
of the package never imports this one.

- :mod:`omaha_fast.env.omaha_hilo_v0`: the multi-agent AEC environment, ``env()`` (with
  PettingZoo's standard wrappers) and ``raw_env``.
- :mod:`omaha_fast.env.gym_env`: one learning seat against built-in agents, a Gymnasium
  environment registered as ``omaha_fast/OmahaHiLo-v0`` and ``omaha_fast/OmahaHigh-v0``
  (``make_gym()`` makes it).
- :mod:`omaha_fast.env.actions`: the six discrete actions and their mask.
- :mod:`omaha_fast.env.encoding`: the observation vector.
- :mod:`omaha_fast.env.features`: optional hand features from the C core.
"""

from __future__ import annotations

from .._extras import require

require("rl", "pettingzoo", "gymnasium")

from . import omaha_hilo_v0  # noqa: E402
from .gym_env import OmahaGymEnv, make_gym, register  # noqa: E402

register()

__all__ = ["omaha_hilo_v0", "OmahaGymEnv", "make_gym", "register"]
