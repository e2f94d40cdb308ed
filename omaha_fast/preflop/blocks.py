"""A directory of finished blocks of a build, so a rerun computes only what is missing.

``question.json`` says what the blocks answer: the build's parameters (samples, seed,
game), the block size, and a digest of its row classes and column groups; a rerun that
asks another question is refused. ``block-<first row>.npz`` holds one block: its cells,
and what made it (the question's digest, its first row, its row classes) with a SHA-256
checksum over all of it. A block is verified when it is read: its arrays must have the
block's shape and types, its shares must be finite pot shares, and the checksum must
match. Any fault is a :class:`BlockFileError` naming the file (never a zip or pickle
traceback), and nothing of the file is used.

>>> import tempfile, numpy as np
>>> d = tempfile.mkdtemp()
>>> rows, classes, start = np.array([3, 5]), np.array([7, 8, 9]), np.array([0, 1, 3])
>>> store = BlockStore(d, rows, classes, start, samples=10, seed=1, game="hilo", block=2)
>>> cells = (np.full((2, 2), 0.5), np.full((2, 2), 0.25), np.zeros((2, 2)),
...          np.ones((2, 2), np.uint32), 0.1)
>>> store.write(0, rows, cells)
>>> store.has(0), store.read(0, rows)[0].tolist()
(True, [[0.5, 0.5], [0.5, 0.5]])
>>> try:
...     BlockStore(d, rows, classes, start, samples=10, seed=1, game="hilo", block=1)
... except BlockFileError as err:
...     print(str(err)[len(d):])
 holds blocks of another build (block 2, this build's is 1): use an empty directory
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from typing import Any

from .classes import PreflopValueError

FORMAT = 2
"""The block files' format (format 1 blocks carried no checksum: they are refused)."""

_CELLS = ("share", "high", "std_error", "compat")


class BlockFileError(PreflopValueError):
    """A block directory or block file that cannot be used: unreadable, damaged, or the
    answer to another question than the build's."""


class BlockStore:
    """The blocks of one build in ``directory`` (made if need be): ``rows`` its row
    classes, ``col_classes`` and ``col_start`` its column groups, ``block`` its rows a
    block."""

    def __init__(self, directory: str, rows: Any, col_classes: Any, col_start: Any, *,
                 samples: int, seed: int, game: str, block: int) -> None:
        import numpy as np
        self.directory = directory
        self.groups = len(col_start) - 1
        digest = hashlib.sha256()
        for a in (rows, col_classes, col_start):
            digest.update(np.asarray(a).astype("<i8").tobytes())
        self.digest = digest.hexdigest()
        question = {"format": FORMAT, "samples": samples, "seed": seed, "game": game,
                    "block": block, "rows": len(rows), "groups": self.groups,
                    "digest": self.digest}
        os.makedirs(directory, exist_ok=True)
        path = os.path.join(directory, "question.json")
        if not os.path.exists(path):
            _write_json(path, question)
            return
        try:
            with open(path, encoding="utf-8") as f:
                old = json.load(f)
        except (OSError, ValueError) as err:
            raise BlockFileError(f"{path}: unreadable ({_reason(err)}): use an empty "
                                 "directory") from None
        if old != question:
            raise BlockFileError(f"{directory} holds blocks of another build "
                                 f"({_difference(old, question)}): use an empty directory")

    def path(self, first: int) -> str:
        """The file of the block whose first row is ``first``."""
        return os.path.join(self.directory, f"block-{first:06d}.npz")

    def has(self, first: int) -> bool:
        return os.path.exists(self.path(first))

    def read(self, first: int, rows: Any) -> tuple[Any, ...]:
        """The verified cells of the block of ``rows`` from row ``first``: (share, high,
        std_error, compat, seconds)."""
        import numpy as np
        path = self.path(first)
        try:
            with np.load(path, allow_pickle=False) as f:
                stored = {name: f[name] for name in f.files}
        except Exception as err:
            # whatever a damaged file makes numpy's reader raise (BadZipFile, zlib.error,
            # EOFError, a SyntaxError from an array header, ...)
            raise BlockFileError(f"{path}: damaged block file ({_reason(err)}): delete it "
                                 "to compute the block again") from None
        try:
            problem = self._problem(stored, first, np.asarray(rows, dtype=np.int64))
        except (TypeError, ValueError) as err:     # members of the wrong kind
            problem = f"unreadable members ({_reason(err)})"
        if problem:
            raise BlockFileError(f"{path}: {problem}: delete it to compute the block "
                                 "again")
        return (*(stored[name] for name in _CELLS), float(stored["seconds"]))

    def write(self, first: int, rows: Any, part: tuple[Any, ...]) -> None:
        import numpy as np
        path = self.path(first)
        tmp = path + ".part.npz"
        share, high, err, compat, seconds = part
        arrays = {"share": share.astype(np.float32), "high": high.astype(np.float32),
                  "std_error": err.astype(np.float32), "compat": compat.astype(np.uint32),
                  "seconds": np.float64(seconds), "format": np.int64(FORMAT),
                  "question": np.str_(self.digest), "first": np.int64(first),
                  "rows": np.asarray(rows, dtype=np.int64)}
        arrays["checksum"] = np.str_(_checksum(arrays))
        try:
            np.savez(tmp, **arrays)
            os.replace(tmp, path)   # a block is there whole or not at all
        except BaseException:       # a signal mid-write included: no part file is left
            with contextlib.suppress(OSError):
                os.remove(tmp)
            raise

    def _problem(self, stored: dict[str, Any], first: int, rows: Any) -> str:
        """What is wrong with a block file's arrays, or ''."""
        import numpy as np
        needed = (*_CELLS, "seconds", "format", "question", "first", "rows", "checksum")
        missing = [name for name in needed if name not in stored]
        if missing:
            return f"not a block file of this version (no {', '.join(missing)})"
        if stored["format"].shape != () or int(stored["format"]) != FORMAT:
            return f"a block of format {stored['format']}, this version reads {FORMAT}"
        if str(stored["checksum"]) != _checksum(stored):
            return "its checksum does not match its contents"
        if str(stored["question"]) != self.digest or int(stored["first"]) != first:
            return "a block of another build"
        if not np.array_equal(stored["rows"], rows):
            return (f"a block of {len(stored['rows'])} rows, this build's block from row "
                    f"{first} has {len(rows)}")
        shape = (len(rows), self.groups)
        for name in _CELLS:
            a = stored[name]
            kind = "u" if name == "compat" else "f"
            if a.shape != shape or a.dtype.kind != kind:
                return f"its {name} is {a.dtype}{list(a.shape)}, not {kind} {list(shape)}"
        share, high, err = (stored[name].astype(np.float64) for name in _CELLS[:3])
        if not (np.isfinite(share).all() and np.isfinite(high).all()
                and np.isfinite(err).all()):
            return "it holds a value that is not a number"
        if (share < 0).any() or (share > 1).any() or (high < 0).any() \
                or (high > share + 1e-6).any() or (err < 0).any():
            return "it holds a pot share outside 0..1 (or a high half above its share)"
        return ""


def _checksum(arrays: dict[str, Any]) -> str:
    """SHA-256 over every member but the checksum, by name, as little-endian bytes."""
    import numpy as np
    digest = hashlib.sha256()
    for name in sorted(arrays):
        if name == "checksum":
            continue
        a = np.asarray(arrays[name])
        digest.update(f"{name}:{a.dtype.str}:{a.shape};".encode())
        digest.update(a.astype(a.dtype.newbyteorder("<")).tobytes())
    return digest.hexdigest()


def _difference(old: Any, new: dict[str, Any]) -> str:
    """The first parameter in which two questions differ, as a few words."""
    if not isinstance(old, dict):
        return "an unreadable question"
    for key, value in new.items():
        if old.get(key) != value:
            if key == "digest":
                return "other rows or column groups"
            return f"{key} {old.get(key)}, this build's is {value}"
    return "other parameters"


def _write_json(path: str, doc: dict[str, Any]) -> None:
    tmp = f"{path}.part{os.getpid()}"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(doc, f)
    os.replace(tmp, path)


def _reason(err: BaseException) -> str:
    return str(err).strip() or type(err).__name__


__all__ = ["BlockStore", "BlockFileError", "FORMAT"]
