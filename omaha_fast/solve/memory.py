"""Memory before it is spent: what the machine has, and bytes as text.

>>> size_text(3_500_000_000)
'3.5 GB'
>>> available_memory() is None or available_memory() > 0
True
"""

from __future__ import annotations

import os
from typing import Optional


def available_memory() -> Optional[int]:
    """The bytes this machine could give a new allocation now: Linux's MemAvailable, else
    the physical memory (None where neither can be read)."""
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return int(os.sysconf("SC_PHYS_PAGES")) * int(os.sysconf("SC_PAGE_SIZE"))
    except (AttributeError, ValueError, OSError):
        return None


def size_text(n: float) -> str:
    """Bytes as a short figure: 512 B, 3.4 MB, 12.1 GB (powers of 1000)."""
    for unit, scale in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if n >= scale:
            return f"{n / scale:.1f} {unit}"
    return f"{int(n)} B"
