"""Heads-up jam/fold for Omaha Hi-Lo (the game of Ho 2015): the small blind jams or folds,
the big blind calls or folds, stacks of S big blinds (optional antes), chip EV.

Jam/fold is a no-limit game beyond 3 big blinds (3 + 3 * ante with antes): a pot-limit
small blind can raise to 3 at most, so the rows up to 3 are the pot-limit game too and the
deeper ones are not a pot-limit strategy (the preflop guide says how to read them).

- :mod:`~omaha_fast.preflop.classes`: the 16,432 suit-isomorphism classes and buckets;
- :mod:`~omaha_fast.preflop.matrix`: class-against-group all-in pot shares with card
  removal, Monte Carlo (a C kernel) or exact, in resumable blocks on local processes or Dask;
- :mod:`~omaha_fast.preflop.game`: the game over groups, CFR+ and exact best responses;
- :mod:`~omaha_fast.preflop.jamfold`: the equilibrium by class and its exploitability in the
  game of classes; :mod:`~omaha_fast.preflop.report`: the table, JSON and the plot;
- :mod:`~omaha_fast.preflop.store`: the default data in the user's cache.
"""

from .classes import ClassTable, PreflopValueError, buckets, class_table
from .game import Equilibrium, JamFoldGame, evaluate, solve
from .jamfold import JamFold, StackSolution, group_game
from .matrix import EquityData, build
from .report import as_json, format_table, plot
from .store import MissingDataError, default_path, load_data

__all__ = ["ClassTable", "PreflopValueError", "buckets", "class_table", "Equilibrium",
           "JamFoldGame", "evaluate", "solve", "JamFold", "StackSolution", "group_game",
           "EquityData", "build", "as_json", "format_table", "plot", "MissingDataError",
           "default_path", "load_data"]
