"""Check what the built sdist and wheel contain (run by .ci/run after ``python -m build``).

    python .ci/check_dist.py DIST_DIR

The sdist must hold every tracked file needed to build and test (the C sources and
headers, the package, tests, benches, docs and the project's text files); the wheel every
module and data file of the package (subpackages included), the compiled core, py.typed,
the LICENSE, and metadata with the SPDX license and the package's own version.
"""

from __future__ import annotations

import ast
import email.parser
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# tracked files under these folders and these files at the top must be in the sdist
SDIST_TREES = ("csrc/", "omaha_fast/", "tests/", "benches/", "docs/")
SDIST_FILES = ("README.md", "ARCHITECTURE.md", "CONTRIBUTING.md", "LICENSE", "CHANGELOG.md",
               "pyproject.toml",
               "setup.py", "MANIFEST.in", "mkdocs.yml")


def tracked() -> list[str]:
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, check=True, capture_output=True,
                         text=True).stdout
    return [line for line in out.splitlines() if line and (ROOT / line).exists()]


def version() -> str:
    tree = ast.parse((ROOT / "omaha_fast" / "_version.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "__version__":
            value = ast.literal_eval(node.value)
            assert isinstance(value, str)
            return value
    raise SystemExit("no __version__ in omaha_fast/_version.py")


def check_sdist(path: Path, files: list[str]) -> list[str]:
    with tarfile.open(path) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    want = [f for f in files if f.startswith(SDIST_TREES) or f in SDIST_FILES]
    problems = [f"sdist lacks {f}" for f in want if f not in names]
    problems += [f"sdist holds a build product {n}" for n in names
                 if n.endswith((".so", ".pyd", ".o")) or n == "omaha_fast/_core/_lib.c"]
    if not any(n.startswith("csrc/") and n.endswith(".h") for n in names):
        problems.append("sdist has no C headers")
    return problems


def check_wheel(path: Path, files: list[str]) -> list[str]:
    with zipfile.ZipFile(path) as whl:
        names = set(whl.namelist())
        info = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = email.parser.Parser().parsestr(whl.read(info).decode("utf-8"))
    dist_info = info.rsplit("/", 1)[0]
    package = [f for f in files if f.startswith("omaha_fast/") and f != "omaha_fast/_core/_lib.c"]
    problems = [f"wheel lacks {f}" for f in package if f not in names]
    if "omaha_fast/py.typed" not in names:
        problems.append("wheel lacks omaha_fast/py.typed")
    if not any(n.startswith("omaha_fast/_core/_lib.") and n.endswith((".so", ".pyd"))
               for n in names):
        problems.append("wheel lacks the compiled core omaha_fast/_core/_lib")
    if f"{dist_info}/licenses/LICENSE" not in names:
        problems.append(f"wheel lacks {dist_info}/licenses/LICENSE")
    if meta.get("License-Expression") != "MIT":
        problems.append(f"License-Expression is {meta.get('License-Expression')!r}, not 'MIT'")
    if meta.get("Version") != version():
        problems.append(f"wheel version {meta.get('Version')} is not {version()}")
    problems += [f"wheel holds {n}" for n in names
                 if n.startswith(("tests/", "benches/", "csrc/", "docs/"))]
    return problems


def main(dist: str) -> int:
    files = tracked()
    sdists = sorted(Path(dist).glob("omaha_fast-*.tar.gz"))
    wheels = sorted(Path(dist).glob("omaha_fast-*.whl"))
    if len(sdists) != 1 or len(wheels) != 1:
        print(f"expected one sdist and one wheel in {dist}: {sdists} {wheels}")
        return 1
    problems = check_sdist(sdists[0], files) + check_wheel(wheels[0], files)
    for p in problems:
        print(p)
    print(f"{sdists[0].name}, {wheels[0].name}: "
          f"{'OK' if not problems else f'{len(problems)} problems'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
