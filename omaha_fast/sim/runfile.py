"""A results file written as a run goes, so an interrupted run keeps what was played and
can be resumed.

The file is JSON Lines: the first line holds the run's settings, then one line per
finished block holds that block's counts (in the order blocks finished), and a last line
the whole result once the run is complete. Each line is written and flushed as soon as
its block is counted; a line cut short by a crash is dropped when the file is read back.
Resuming reads the blocks already there, checks that the settings are the same, and
plays only the missing blocks: since a block depends only on the root seed and its index,
the final result is the one an uninterrupted run gives.

>>> import os, tempfile
>>> from omaha_fast.sim import simulate
>>> path = os.path.join(tempfile.mkdtemp(), "run.jsonl")
>>> whole = simulate(["random", "station"], "fl:10/20", hands=300, seed=4, workers=1,
...                  block_size=100, out=path)
>>> [sorted(json.loads(line))[0] for line in open(path)]
['settings', 'part', 'part', 'part', 'result']
>>> simulate(["random", "station"], "fl:10/20", hands=300, seed=4, workers=1,
...          block_size=100, out=path, resume=True) == whole     # nothing left to play
True
"""

from __future__ import annotations

import json
import os
from dataclasses import fields, is_dataclass
from typing import Any, Optional, TextIO

from ..errors import InvalidValueError
from .stats import AgentStats, Block, PlaceStats, SimResult, TournamentResult

FORMAT = 1


class RunFileError(InvalidValueError):
    """A results file that cannot be resumed: not one, damaged, or another run's."""


def part_to_json(part: Any) -> dict[str, Any]:
    """Every count of a partial result, as plain data (:func:`part_from_json` reads it
    back exactly)."""
    def plain(value: Any) -> Any:
        if is_dataclass(value) and not isinstance(value, type):
            return {f.name: plain(getattr(value, f.name)) for f in fields(value)}
        if isinstance(value, (list, tuple)):
            return [plain(v) for v in value]
        return value
    kind = "cash" if isinstance(part, SimResult) else "tournament"
    return {"kind": kind, **plain(part)}


def part_from_json(data: dict[str, Any]) -> Any:
    """The partial result that :func:`part_to_json` wrote."""
    data = dict(data)
    kind = data.pop("kind")
    agents = tuple(AgentStats(**a) for a in data.pop("agents"))
    if kind == "cash":
        blocks = tuple(Block(**dict(b, net=tuple(b["net"]), net_sq=tuple(b["net_sq"])))
                       for b in data.pop("blocks"))
        return SimResult(**data, agents=agents, blocks=blocks)
    places = tuple(PlaceStats(**dict(p, places=tuple(p["places"])))
                   for p in data.pop("places"))
    indices = tuple(data.pop("indices"))
    return TournamentResult(**data, agents=agents, places=places, indices=indices)


def _block_index(part: Any) -> int:
    return int(part.blocks[0].index if isinstance(part, SimResult) else part.indices[0])


class RunFile:
    """The results file of one run: :meth:`open` it (reading what an earlier run left
    when resuming), :meth:`write` each finished block, :meth:`finish` with the result."""

    def __init__(self, path: str, settings: dict[str, Any], stream: TextIO,
                 parts: dict[int, Any]) -> None:
        self.path = path
        self.settings = settings
        self.parts = parts
        self._stream = stream

    @classmethod
    def open(cls, path: str, settings: dict[str, Any], *, resume: bool) -> RunFile:
        """Start the file (``resume=False``: a new file, replacing any) or continue it
        (``resume=True``: its blocks are read back; a file not there yet is started)."""
        settings = json.loads(json.dumps(settings))         # as it reads back
        parts: dict[int, Any] = {}
        if resume and os.path.exists(path):
            saved, parts, good_bytes = read_run_file(path)
            if saved != settings:
                changed = sorted(k for k in set(saved) | set(settings)
                                 if saved.get(k) != settings.get(k))
                raise RunFileError(f"{path} is the results file of another run: its "
                                   f"{', '.join(changed)} differ{'s' if len(changed) == 1 else ''}")
            stream = open(path, "r+", encoding="utf-8")
            stream.seek(good_bytes)
            stream.truncate()     # a line cut short by a crash, or the old result line
        else:
            stream = open(path, "w", encoding="utf-8")
            stream.write(json.dumps({"settings": settings}) + "\n")
            stream.flush()
        return cls(path, settings, stream, parts)

    def write(self, part: Any) -> None:
        """Record one finished block."""
        self._stream.write(json.dumps({"part": part_to_json(part)}) + "\n")
        self._stream.flush()

    def finish(self, result: Any) -> None:
        """Record the whole result (the run is complete)."""
        self._stream.write(json.dumps({"result": result.to_dict()}) + "\n")
        self._stream.flush()

    def close(self) -> None:
        self._stream.close()


def read_run_file(path: str) -> tuple[dict[str, Any], dict[int, Any], int]:
    """The settings, the finished blocks by index, and the length in bytes of the part
    of the file that holds them (what follows is a cut line or the final result)."""
    with open(path, "rb") as f:
        data = f.read()
    settings: Optional[dict[str, Any]] = None
    parts: dict[int, Any] = {}
    good = 0
    at = 0
    for number, raw in enumerate(data.splitlines(keepends=True), 1):
        at += len(raw)
        if not raw.endswith(b"\n"):
            break                                   # cut short: played again
        try:
            line = json.loads(raw)
        except ValueError:
            raise RunFileError(f"{path} is not a results file (line "
                               f"{number} is not JSON)") from None
        if settings is None:
            if not isinstance(line, dict) or not isinstance(line.get("settings"), dict):
                raise RunFileError(f"{path} is not a results file (no settings line)")
            settings = line["settings"]
            good = at
        elif isinstance(line, dict) and "part" in line:
            try:
                part = part_from_json(line["part"])
            except (KeyError, TypeError, ValueError, IndexError):
                raise RunFileError(f"{path} has a damaged block line "
                                   f"{number}") from None
            parts[_block_index(part)] = part
            good = at
        elif not (isinstance(line, dict) and "result" in line):
            raise RunFileError(f"{path} has an unknown line {number}")
    if settings is None:
        raise RunFileError(f"{path} is not a results file (it is empty)")
    return settings, parts, good


__all__ = ["RunFile", "RunFileError", "read_run_file", "part_to_json", "part_from_json",
           "FORMAT"]
