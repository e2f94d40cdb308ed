"""``python -m omaha_fast``: the ``omaha-fast`` command."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
