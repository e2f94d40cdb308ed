"""An agent for the tests that stop a real run of the command with a signal.

``PacedRandom`` plays as the built-in random agent does (the same decisions for the same
seed). In a process whose environment names a folder in ``PACED_AGENTS_DIR`` it also
takes a millisecond a decision, asleep, and marks its process in that folder when it
first plays: a run of it surely lasts until the signal comes, the test knows when every
worker is playing, and the workers leave the machine's cores to the other tests
meanwhile. Without that variable (the tests' own runs in-process) it is not slowed.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from omaha_fast.agents.builtin import RandomAgent
from omaha_fast.agents.decision import Decision
from omaha_fast.game.actions import LegalActions
from omaha_fast.game.view import HandView

FOLDER = "PACED_AGENTS_DIR"
PAUSE = 0.001          # seconds a decision


class PacedRandom(RandomAgent):
    def act(self, view: HandView, legal: LegalActions) -> Decision:
        folder = os.environ.get(FOLDER)
        if folder:
            mark = Path(folder) / str(os.getpid())
            if not mark.exists():
                mark.touch()
            time.sleep(PAUSE)
        return super().act(view, legal)


def playing(folder: Path) -> int:
    """How many processes have played a decision of ``PacedRandom`` so far."""
    return sum(1 for _ in folder.iterdir())
