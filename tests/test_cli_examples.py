"""Every shell example runs as written: each ``omaha-fast`` command in the fenced code
blocks of README.md, docs/*.md and docs/guides/*.md, and the example that ends every
subcommand's ``--help``. Nothing in them is substituted: each block's commands run in
order in a folder of their own, where ``tests/`` is the repository's (the history files
they replay), with ``omaha-fast`` the package under test. A command exits 0, or 2 where
the page shows it failing (an ``omaha-fast NAME: error:`` line after it), and takes
seconds."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

import omaha_fast
from omaha_fast._helptext import examples_in
from omaha_fast.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md"),
                *(ROOT / "docs" / "guides").glob("*.md")])
SECONDS = 60          # the most one example may take (they take 1 to 10 s here)
ERROR = re.compile(r"^omaha-fast [a-z ]+: error:")

pytestmark = pytest.mark.skipif(os.name == "nt", reason="the examples are POSIX shell")


def blocks_of(text: str) -> list[list[str]]:
    """The lines of every fenced code block of a Markdown page."""
    blocks: list[list[str]] = []
    inside: list[str] | None = None
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            if inside is None:
                inside = []
            else:
                blocks.append(inside)
                inside = None
        elif inside is not None:
            inside.append(line)
    return blocks


def commands_of(block: list[str]) -> list[tuple[str, int]]:
    """The ``omaha-fast`` commands of a block (``\\``-continued lines joined) and the exit
    status each should have. In a block with ``$`` prompts the commands are the prompted
    lines; in one without, the lines that start with ``omaha-fast`` (an error message
    printed by one starts ``omaha-fast NAME: error:`` and is output)."""
    prompted = any(line.startswith("$ ") for line in block)
    found: list[tuple[str, int]] = []
    k = 0
    while k < len(block):
        line = block[k].strip()
        k += 1
        if prompted:
            if not line.startswith("$ "):
                if found and ERROR.match(line):
                    found[-1] = (found[-1][0], 2)
                continue
            line = line[2:]
        if not line.startswith("omaha-fast") or ERROR.match(line):
            if found and ERROR.match(line):
                found[-1] = (found[-1][0], 2)
            continue
        while line.endswith("\\") and k < len(block):
            line = line[:-1] + " " + block[k].strip()
            k += 1
        found.append((line, 0))
    return found


def page_commands(page: Path) -> list[tuple[str, int]]:
    return [c for block in page_blocks(page) for c in block]


def page_blocks(page: Path) -> list[list[tuple[str, int]]]:
    """The commands of each block of a page that has any."""
    found = [commands_of(block) for block in blocks_of(page.read_text(encoding="utf-8"))]
    return [block for block in found if block]


# one test a block (a block's commands may use what the ones before made: a preflop build
# and its solve, a run and its resumption), each block in a folder of its own
BLOCKS = [pytest.param(block, id=f"{page.relative_to(ROOT).as_posix()}:{k + 1}")
          for page in PAGES for k, block in enumerate(page_blocks(page))]


def help_examples() -> list[tuple[str, list[str]]]:
    """(subcommand, its --help examples) for every subcommand, nested ones too."""
    found = []

    def walk(parser: object, name: str) -> None:
        for action in getattr(parser, "_actions", []):
            choices = getattr(action, "choices", None)
            if isinstance(choices, dict):
                for sub, p in choices.items():
                    found.append((f"{name} {sub}".strip(), examples_in(p.format_help())))
                    walk(p, f"{name} {sub}")

    walk(build_parser(), "")
    return found


@pytest.fixture
def shell(tmp_path: Path):
    """Run a command line as a user's shell would, ``omaha-fast`` being this package."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "omaha-fast"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m omaha_fast "$@"\n')
    shim.chmod(0o755)
    work = tmp_path / "work"
    work.mkdir()
    (work / "tests").symlink_to(ROOT / "tests")
    package_root = str(Path(omaha_fast.__file__).resolve().parent.parent)
    env = {k: v for k, v in os.environ.items() if k != "OMAHA_FAST_PREFLOP_DATA"}
    env.update(PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}", MPLBACKEND="Agg",
               XDG_CACHE_HOME=str(tmp_path / "cache"),
               PYTHONPATH=os.pathsep.join(p for p in (package_root,
                                                      env.get("PYTHONPATH")) if p))

    def run(command: str, status: int) -> None:
        if command.startswith("omaha-fast view ") and status == 0:
            serve(command)
            return
        started = time.monotonic()
        done = subprocess.run(["/bin/sh", "-c", command], cwd=work, env=env,
                              capture_output=True, text=True, timeout=4 * SECONDS)
        took = time.monotonic() - started
        assert done.returncode == status, (f"{command}\nexit {done.returncode}, not "
                                           f"{status}\n{done.stdout[-2000:]}"
                                           f"{done.stderr[-2000:]}")
        assert "Traceback" not in done.stderr, f"{command}\n{done.stderr[-2000:]}"
        assert took < SECONDS, f"{command} took {took:.0f} s"

    def serve(command: str) -> None:
        """A server runs until stopped: it must print its address, answer there, and end
        at Ctrl-C (130) without a traceback."""
        process = subprocess.Popen(["/bin/sh", "-c", f"exec {command}"], cwd=work, env=env,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            address = None
            deadline = time.monotonic() + SECONDS
            assert process.stdout is not None
            while address is None and time.monotonic() < deadline:
                line = process.stdout.readline()
                if not line:
                    break
                found = re.search(r"http://127\.0\.0\.1:\d+/", line)
                address = found.group(0) if found else None
            assert address, f"{command}: no address printed"
            with urllib.request.urlopen(address, timeout=SECONDS) as page:
                assert page.status == 200 and b"<html" in page.read().lower()
            process.send_signal(signal.SIGINT)
            _, err = process.communicate(timeout=SECONDS)
            assert process.returncode == 130, f"{command}: exit {process.returncode}\n{err}"
            assert "Traceback" not in err, err
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()

    return run


def test_the_pages_have_examples():
    """The reader of the extraction: the pages hold the commands it is to find."""
    found = {page.relative_to(ROOT).as_posix(): page_commands(page) for page in PAGES}
    assert len(found["README.md"]) >= 5 and len(found["docs/cli.md"]) >= 10
    assert ("omaha-fast eval As2s3h4h 5c6d7hKsKd", 0) in found["docs/cli.md"]
    assert commands_of(["$ omaha-fast simulate --agents a \\", "    --hands 10",
                        "omaha-fast simulate: error: bad"]) == [
        ("omaha-fast simulate --agents a  --hands 10", 2)]


@pytest.mark.parametrize("block", BLOCKS)
def test_every_example_runs_as_written(shell, block):
    for command, status in block:
        shell(command, status)


def test_every_subcommand_has_help_examples():
    assert {name for name, _ in help_examples()} == {
        "eval", "equity", "range", "replay", "simulate", "tournament", "preflop",
        "preflop build", "preflop solve", "solve", "report", "view"}


@pytest.mark.parametrize("name, commands", [pytest.param(n, c, id=n.replace(" ", "-"))
                                            for n, c in help_examples()])
def test_every_subcommand_help_ends_with_an_example_that_runs(shell, name, commands):
    assert commands, f"omaha-fast {name} --help ends with no example"
    # the last is the subcommand's own; those before may make what it reads (a solve)
    assert commands[-1].startswith(f"omaha-fast {name.split()[0]}"), commands
    for command in commands:
        assert command.startswith("omaha-fast "), command
        shell(command, 0)
