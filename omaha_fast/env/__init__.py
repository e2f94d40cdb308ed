"""Reinforcement learning: Omaha Hi-Lo as a PettingZoo environment and a Gymnasium one.

Needs the ``rl`` extra (``pip install 'omaha_fast[rl]'``: pettingzoo, gymnasium); the rest
of the package never imports this one.

- :mod:`omaha_fast.env.omaha_hilo_v0`: the multi-agent AEC environment, ``env()`` (with
  PettingZoo's standard wrappers) and ``raw_env``.
- :mod:`omaha_fast.env.actions`: the six discrete actions and their mask.
- :mod:`omaha_fast.env.encoding`: the observation vector.
- :mod:`omaha_fast.env.features`: optional hand features from the C core.
"""

from __future__ import annotations

from .._extras import require

require("rl", "pettingzoo", "gymnasium", "numpy")

from . import omaha_hilo_v0  # noqa: E402

__all__ = ["omaha_hilo_v0"]
