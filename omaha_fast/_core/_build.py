"""The cffi builder (API, out-of-line mode). setup.py points at ``ffibuilder``.

The declarations are read from the public header between its cdef markers, so the binding
and the C API cannot drift apart. This script must not import the package it builds.
"""

from __future__ import annotations

import os
import sys

from cffi import FFI

HERE = os.path.dirname(os.path.abspath(__file__))
CSRC = os.path.join(os.path.dirname(os.path.dirname(HERE)), "csrc")
# Every .c file of csrc/ is part of the library (as .ci/run compiles them): a new file needs
# no edit here. Sorted, so the build is the same on every system.
SOURCES = sorted(name for name in os.listdir(CSRC) if name.endswith(".c"))


def _headers() -> list[str]:
    """The headers of csrc/ with cdef markers: omaha_fast.h first (the shared types and
    status codes), then the others by name."""
    names = sorted((n for n in os.listdir(CSRC) if n.endswith(".h")),
                   key=lambda n: (n != "omaha_fast.h", n))
    marked = []
    for name in names:
        with open(os.path.join(CSRC, name), encoding="utf-8") as header:
            if "/* cdef-begin */" in header.read():
                marked.append(name)
    return marked


def _cdef() -> str:
    """The declarations between the cdef markers of every marked header."""
    parts = []
    for name in _headers():
        with open(os.path.join(CSRC, name), encoding="utf-8") as header:
            text = header.read()
        parts.append(text.split("/* cdef-begin */", 1)[1].split("/* cdef-end */", 1)[0])
    return "".join(parts)


def _compile_args() -> list[str]:
    if sys.platform == "win32":
        return ["/O2"]
    # hidden visibility lets the tables be addressed directly instead of through the GOT
    # (feature macros such as _POSIX_C_SOURCE are set by csrc/platform.h, per system)
    # -fno-trapping-math: no code here reads the floating-point exception flags, and
    # without it the compiler will not turn the solver's per-hand selects (a regret's
    # positive part) into vector code (8.5 ns an entry then, 1.1 with it)
    args = ["-std=c99", "-O3", "-fvisibility=hidden", "-pthread", "-fno-trapping-math"]
    # OMAHA_FAST_CFLAGS lets CI build the same sources under sanitizers.
    args += os.environ.get("OMAHA_FAST_CFLAGS", "").split()
    return args


ffibuilder = FFI()
ffibuilder.cdef(_cdef() + """
extern "Python" int _equity_progress(void *, double, double);
""")
ffibuilder.set_source(
    "omaha_fast._core._lib",
    "".join(f'#include "{name}"\n' for name in _headers()),
    sources=[os.path.relpath(os.path.join(CSRC, s)) for s in SOURCES],
    include_dirs=[os.path.relpath(CSRC)],
    extra_compile_args=_compile_args(),
    extra_link_args=[] if sys.platform == "win32" else
    ["-pthread"] + os.environ.get("OMAHA_FAST_LDFLAGS", "").split(),
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
