"""The binding: the only package that talks to the compiled C core.

It checks sizes and types before each call and the status code after it, turns every
failure into a Python exception, and returns plain Python values, never cdata. Wrappers
take the arrays themselves and work out their row counts (no count travels apart from its
buffer); every status becomes an exception in :func:`status_error`, which names the
refused row and its bad card, so no status code or bad-row index leaves the binding.

One module per public C header, as csrc/ splits the API: :mod:`.common` (omaha_fast.h:
games, status codes, the tables), :mod:`.evaluation`, :mod:`.equity`, :mod:`.ranges`,
:mod:`.showdown`, :mod:`.indexer`, :mod:`.strength`, :mod:`.preflop` and :mod:`.dcfr`;
the generic buffer checks every wrapper makes live in :mod:`.buffers`. Every name is
re-exported here, so callers import ``omaha_fast._core`` alone.

>>> from omaha_fast import _core
>>> _core.game_code("hilo") == _core.GAME_CODES["hilo"]
True
"""

from __future__ import annotations

from ._lib import ffi, lib
from .common import (
    GAME_CODES,
    HOLE_SIZES,
    VARIANTS,
    Variant,
    card_error,
    game_code,
    status_error,
    table_bytes,
    variant,
)
from .dcfr import dcfr_reach, dcfr_update
from .equity import (
    _RESULT_FIELDS,
    ProgressFn,
    equity,
    equity_batch,
    range_equity,
    river_equity,
)
from .evaluation import best_cards, eval_batch, eval_packed, low_of_masks, rank5, rank5_batch
from .indexer import Indexer
from .preflop import preflop_sample
from .ranges import (
    RANGE_UNIVERSE,
    RANGE_UNIVERSES,
    RANGE_VARS,
    SHAPES,
    range_classes,
    range_index,
    range_match,
    range_shape,
    range_universe,
)
from .showdown import ShowdownTable, TurnTable, showdown_values, turn_showdown_values
from .strength import strength_sample

__all__ = ["ffi", "lib", "GAME_CODES", "HOLE_SIZES", "VARIANTS", "Variant", "card_error",
           "game_code", "status_error", "table_bytes", "variant", "dcfr_reach",
           "dcfr_update", "_RESULT_FIELDS", "ProgressFn", "equity", "equity_batch",
           "range_equity", "river_equity", "best_cards", "eval_batch", "eval_packed",
           "low_of_masks", "rank5", "rank5_batch", "Indexer", "preflop_sample",
           "RANGE_UNIVERSE", "RANGE_UNIVERSES", "RANGE_VARS", "SHAPES", "range_classes",
           "range_index", "range_match", "range_shape", "range_universe", "ShowdownTable",
           "TurnTable", "showdown_values", "turn_showdown_values", "strength_sample"]
