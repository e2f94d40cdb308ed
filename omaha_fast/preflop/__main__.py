"""``python -m omaha_fast.preflop ...`` is ``omaha-fast preflop ...``."""

import sys

from ..cli import main

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(["preflop", *sys.argv[1:]]))
