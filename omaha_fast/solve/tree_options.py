"""The bet tree on the command line: ``omaha-fast solve``'s size options and the tree
they make.

Each size option takes one list for every street, ``33,75,allin``, or lists by street,
``flop:33,75;turn,river:75,allin`` (a part naming no street stands for the others):

>>> import argparse
>>> p = argparse.ArgumentParser()
>>> add_tree_options(p)
>>> args = p.parse_args(["--bets", "flop:33;75,allin", "--donk", "river:50",
...                      "--allin-threshold", "67%"])
>>> t = tree_from_args(args)
>>> t.sizes("bets", "flop"), t.sizes("raises", "flop"), t.sizes("raises", "river")
((0.33,), (1.0,), (1.0, 'allin'))
>>> t.sizes("donk", "turn"), t.sizes("donk", "river"), t.allin_threshold
((), (0.5,), 0.67)
"""

from __future__ import annotations

import argparse
import math
from typing import Any, Optional

from .errors import BetTreeError
from .sizes import ALLIN, STREETS, read_text
from .tree import BetTree

_FORM = "percents of the pot, 'pot', 'allin', 'geo' (or '2e': geometric over two " \
        "streets), 'none'; by street as 'flop:33,75;turn,river:75,allin'"


def add_tree_options(p: Any) -> None:
    """The bet tree's options of ``omaha-fast solve``."""
    p.add_argument("--bets", default="75,allin",
                   help=f"bet sizes: {_FORM} (default 75,allin)")
    p.add_argument("--raises", default=None,
                   help="the first raise's sizes, as --bets (default: pot, and the all-in "
                        "on the streets where --bets has it)")
    p.add_argument("--reraises", default=None,
                   help="the sizes of the raises after the first, as --bets (default: "
                        "--raises)")
    for kind in ("bets", "raises", "reraises"):
        p.add_argument(f"--ip-{kind}", default=None,
                       help=f"the player in position's own {kind.rstrip('s')} sizes "
                            f"(default: --{kind})")
    p.add_argument("--donk", default=None,
                   help="sizes of a lead out of position into the last street's bettor, "
                        "on the turn and the river (default: none, no donk bets)")
    p.add_argument("--probe", default=None,
                   help="sizes of a lead out of position after a street checked through "
                        "(default: --bets)")
    p.add_argument("--allin-threshold", default=None,
                   help="a bet or raise putting in more than this share of the stack "
                        "behind is the all-in, e.g. 0.67 or 67%% (default: none)")
    p.add_argument("--merge", default="0",
                   help="keep one of two sizes closer than this (x and y of the pot: "
                        "(1+x)/(1+y) < 1+merge), e.g. 0.1 (default 0: keep all)")
    p.add_argument("--raise-cap", type=int, default=2,
                   help="raises allowed after the first bet of a street (default 2)")
    p.add_argument("--limit", choices=("pot", "no", "fixed"), default="pot",
                   help="pot limit (default), no limit or fixed limit")
    p.add_argument("--fixed-bet", type=float, default=None,
                   help="the bet size in chips of a fixed-limit tree")
    p.add_argument("--big-bet", type=float, default=None,
                   help="a fixed-limit tree's bet on the turn and the river (default: "
                        "--fixed-bet)")


def _share(text: Optional[str], what: str) -> Optional[float]:
    if text is None:
        return None
    word = text.strip()
    try:
        value = float(word.rstrip("%")) / (100 if word.endswith("%") else 1)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise BetTreeError(f"{what} {text!r}: a share such as 0.67 or 67%")
    return value


def default_raises(bets: str) -> str:
    """--raises when it is not given: the pot, with the all-in where --bets has it.

    >>> default_raises("75,allin"), default_raises("flop:33;river:75,a")
    ('pot,allin', 'flop:pot;river:pot,allin')
    """
    sizes = read_text(bets, "bets")
    if isinstance(sizes, tuple):
        return "pot,allin" if ALLIN in sizes else "pot"
    return ";".join(f"{s}:pot" + (",allin" if ALLIN in sizes[s] else "")
                    for s in STREETS if s in sizes)


def tree_from_args(args: argparse.Namespace) -> BetTree:
    """The tree the options describe (a BetTreeError naming a bad one)."""
    raises = default_raises(args.bets) if args.raises is None else args.raises
    lists = {name: getattr(args, name) for name in
             ("reraises", "ip_bets", "ip_raises", "ip_reraises", "donk", "probe")
             if getattr(args, name) is not None}
    threshold = _share(args.allin_threshold, "allin threshold")
    merge = _share(args.merge, "merge")
    return BetTree.parse(args.bets, raises, raise_cap=args.raise_cap, limit=args.limit,
                         fixed_bet=args.fixed_bet, big_bet=args.big_bet,
                         allin_threshold=threshold, merge=merge, **lists)


__all__ = ["add_tree_options", "tree_from_args", "default_raises"]
