"""The floors of the package: every module imports only its own floor or those below it,
and no two modules import each other, even through others (ARCHITECTURE.md has the same
table, with what lives on each floor and why).

The imports are read from the source with ``ast``, all of them: those inside functions
(made late to keep an optional dependency optional, or to dodge a cycle) count too; those
under ``if TYPE_CHECKING:`` count for the floors but make no cycle, as they never run.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

import pytest

import omaha_fast

# Bottom to top. A name covers the module and everything under it; the longest name that
# matches a module gives its floor. Keep in step with ARCHITECTURE.md.
FLOORS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("base", ("omaha_fast.errors", "omaha_fast._checks", "omaha_fast._extras",
              "omaha_fast._version", "omaha_fast._arrays", "omaha_fast._progress",
              "omaha_fast._helptext", "omaha_fast.cards")),
    ("runner", ("omaha_fast.runner",)),
    ("oracle", ("omaha_fast.reference",)),
    ("binding", ("omaha_fast._core",)),
    ("values", ("omaha_fast.evaluation", "omaha_fast.odds", "omaha_fast.ranges",
                "omaha_fast.kernels", "omaha_fast.cfr_kernels", "omaha_fast.categories")),
    ("game", ("omaha_fast.game",)),
    ("history", ("omaha_fast.history",)),
    ("agents", ("omaha_fast.agents",)),
    ("sim", ("omaha_fast.sim",)),
    ("env", ("omaha_fast.env",)),
    ("preflop", ("omaha_fast.preflop",)),
    ("solve", ("omaha_fast.solve",)),
    ("view", ("omaha_fast.view",)),
    ("tools", ("omaha_fast.tools",)),
    ("front", ("omaha_fast", "omaha_fast.cli", "omaha_fast.__main__",
               "omaha_fast.preflop.__main__")),
)

# The C core's seam: only these call into the binding (the engine goes through the value
# APIs); and only the binding itself touches the compiled module.
CORE_USERS = ("omaha_fast.evaluation", "omaha_fast.odds", "omaha_fast.ranges",
              "omaha_fast.kernels", "omaha_fast.cfr_kernels", "omaha_fast.preflop",
              "omaha_fast.tools", "omaha_fast.solve.engine")
BINDING = "omaha_fast._core"
COMPILED = "omaha_fast._core._lib"


# --- the checker -----------------------------------------------------------------------------

def modules_of(root: Path, package: str) -> dict[str, Path]:
    """Dotted name -> file of every module of the package whose folder is ``root``."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = [package, *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _type_only(tree: ast.AST) -> set[int]:
    """ids of the import statements under ``if TYPE_CHECKING:``."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            found.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    return found


def imports_of(name: str, path: Path, known: Iterable[str], package: str,
               type_only: bool = True) -> set[str]:
    """The package's modules that ``name`` (at ``path``) imports, anywhere in its source;
    with ``type_only`` false, leaving out those under ``if TYPE_CHECKING:``.

    ``from X import y`` is an import of ``X.y`` when that is a module, else of ``X``;
    modules outside the package are left out.
    """
    known = set(known)
    here = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = set() if type_only else _type_only(tree)
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.split(".")
                base = base[:len(base) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            targets = [f"{source}.{alias.name}" if f"{source}.{alias.name}" in known
                       else source for alias in node.names]
        else:
            continue
        for target in targets:
            if target == package or target.startswith(package + "."):
                # "import a.b.c" names a.b.c; a name that is no module is its owner's
                while target not in known and "." in target:
                    target = target.rpartition(".")[0]
                if target != name:
                    found.add(target)
    return found


def import_graph(root: Path, package: str, extra: Sequence[str] = (),
                 type_only: bool = True) -> dict[str, set[str]]:
    """Module -> the package's modules it imports. ``extra`` names modules that have no
    source file (a compiled extension); ``type_only`` false leaves out the imports made
    for type checkers only, which never run."""
    files = modules_of(root, package)
    known = set(files) | set(extra)
    return {name: imports_of(name, path, known, package, type_only)
            for name, path in files.items()}


def floor_of(module: str, floors: Sequence[tuple[str, Sequence[str]]]) -> int:
    """Index of the floor of ``module`` (the longest matching name wins); -1 if none."""
    best, level = -1, -1
    for i, (_, names) in enumerate(floors):
        for prefix in names:
            if ((module == prefix or module.startswith(prefix + "."))
                    and len(prefix) > best):
                best, level = len(prefix), i
    return level


def upward_imports(graph: Mapping[str, set[str]],
                   floors: Sequence[tuple[str, Sequence[str]]]) -> list[str]:
    """Each import of a module on a higher floor, as 'a (floor) imports b (floor)'; and
    each module that no floor covers."""
    problems = []
    for module in sorted(graph):
        mine = floor_of(module, floors)
        if mine < 0:
            problems.append(f"{module} is on no floor: add it to the table")
            continue
        for target in sorted(graph[module]):
            theirs = floor_of(target, floors)
            if theirs > mine:
                problems.append(f"{module} ({floors[mine][0]}) imports {target} "
                                f"({floors[theirs][0]})")
    return problems


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The import cycles: each strongly connected group of two or more modules (or one
    that imports itself), sorted (Tarjan's algorithm, written without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph.get(nxt, ())))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1 or node in graph.get(node, ()):
                        groups.append(sorted(group))
    return sorted(groups)


# --- the package ------------------------------------------------------------------------------

PACKAGE_ROOT = Path(omaha_fast.__file__).parent


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    return import_graph(PACKAGE_ROOT, "omaha_fast", extra=[COMPILED])


def test_every_import_goes_down_the_floors(graph: dict[str, set[str]]) -> None:
    assert upward_imports(graph, FLOORS) == []


def test_no_import_cycles() -> None:
    # an import made for the type checker only (the view's annotation naming Hand) runs
    # never, so it makes no cycle; it still must go down the floors (the test above)
    assert cycles(import_graph(PACKAGE_ROOT, "omaha_fast", [COMPILED], type_only=False)) == []


def test_only_the_value_apis_call_the_binding(graph: dict[str, set[str]]) -> None:
    callers = {m for m, targets in graph.items()
               if floor_of(m, FLOORS) != floor_of(BINDING, FLOORS)
               and any(t == BINDING or t.startswith(BINDING + ".") for t in targets)}
    assert {m for m in callers
            if not any(m == u or m.startswith(u + ".") for u in CORE_USERS)} == set()
    assert {m for m, targets in graph.items()
            if COMPILED in targets and not m.startswith(BINDING)} == set()


def test_the_table_is_read_as_meant(graph: dict[str, set[str]]) -> None:
    names = [name for name, _ in FLOORS]
    assert names[floor_of("omaha_fast.game.hand", FLOORS)] == "game"
    assert names[floor_of("omaha_fast.preflop.__main__", FLOORS)] == "front"
    assert names[floor_of("omaha_fast._core._build", FLOORS)] == "binding"
    assert names[floor_of("omaha_fast.runner.local", FLOORS)] == "runner"
    # the simulator, the preflop builder and the data tools share the runner below them
    for user in ("omaha_fast.sim.runs", "omaha_fast.preflop.matrix",
                 "omaha_fast.tools.make_rankings"):
        assert "omaha_fast.runner" in graph[user]
    # the graph sees relative, absolute and late imports alike
    assert "omaha_fast.game.values" in graph["omaha_fast.game.hand"]
    assert "omaha_fast._core" in graph["omaha_fast.evaluation"]          # from . import _core
    assert COMPILED in graph["omaha_fast._core"]                          # from ._lib import
    assert "omaha_fast.agents.smart" in graph["omaha_fast.agents.builtin"]  # inside a function
    assert len(graph) > 50


# --- the checker, on a small made-up package ----------------------------------------------------

TOY_FLOORS = (("low", ("toy.low", "toy._util")), ("mid", ("toy.mid",)),
              ("high", ("toy.high", "toy")))


def _toy(tmp_path: Path, files: Mapping[str, str]) -> dict[str, set[str]]:
    base = {"__init__.py": "", "_util.py": "", "low/__init__.py": "",
            "low/a.py": "from .._util import x\n", "mid.py": "from .low import a\n",
            "high/__init__.py": "from ..mid import thing\nimport toy.low.a\n"}
    for name, text in {**base, **files}.items():
        path = tmp_path / "toy" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return import_graph(tmp_path / "toy", "toy")


def test_checker_passes_a_clean_tree(tmp_path: Path) -> None:
    graph = _toy(tmp_path, {})
    assert graph["toy.mid"] == {"toy.low.a"}
    assert graph["toy.high"] == {"toy.mid", "toy.low.a"}
    assert graph["toy.low.a"] == {"toy._util"}
    assert upward_imports(graph, TOY_FLOORS) == []
    assert cycles(graph) == []


@pytest.mark.parametrize("text", [
    "from ..mid import y\n",                      # relative, two levels
    "import toy.high\n",                          # absolute
    "def f():\n    from toy import mid\n",        # late, inside a function
    "from toy.high import z\n",                   # a name from a package's __init__
])
def test_checker_fails_on_a_planted_upward_import(tmp_path: Path, text: str) -> None:
    graph = _toy(tmp_path, {"low/b.py": text})
    problems = upward_imports(graph, TOY_FLOORS)
    assert len(problems) == 1 and problems[0].startswith("toy.low.b (low) imports toy.")


def test_checker_names_a_module_on_no_floor(tmp_path: Path) -> None:
    graph = _toy(tmp_path, {"stray.py": ""})
    floors = (("low", ("toy.low", "toy._util")), ("mid", ("toy.mid",)),
              ("high", ("toy.high", "toy.__init__")))
    assert "toy.stray is on no floor: add it to the table" in upward_imports(graph, floors)


def test_checker_finds_cycles(tmp_path: Path) -> None:
    graph = _toy(tmp_path, {"low/b.py": "from . import c\n", "low/c.py": "from .d import q\n",
                            "low/d.py": "def f():\n    from .b import p\n",
                            "mid.py": "from .low import a\nfrom . import mid\n"})
    assert upward_imports(graph, TOY_FLOORS) == []      # a cycle within a floor is still one
    assert cycles(graph) == [["toy.low.b", "toy.low.c", "toy.low.d"]]
    assert cycles({"m": {"m"}, "n": set()}) == [["m"]]


def test_type_only_imports_count_for_floors_not_cycles(tmp_path: Path) -> None:
    typed = ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
             "    from .b import B\n    from ..high import H\n")
    graph = _toy(tmp_path, {"low/b.py": "from .c import C\n", "low/c.py": typed})
    assert cycles(graph) == [["toy.low.b", "toy.low.c"]]
    assert upward_imports(graph, TOY_FLOORS) == ["toy.low.c (low) imports toy.high (high)"]
    runtime = import_graph(tmp_path / "toy", "toy", type_only=False)
    assert cycles(runtime) == [] and upward_imports(runtime, TOY_FLOORS) == []


# --- the seam: one binding module per C header ---------------------------------------------------

CSRC = PACKAGE_ROOT.parent / "csrc"


def _cdef_functions(header: Path) -> set[str]:
    """The C functions a header declares between its cdef markers."""
    import re
    text = header.read_text(encoding="utf-8")
    if "/* cdef-begin */" not in text:
        return set()
    block = text.split("/* cdef-begin */", 1)[1].split("/* cdef-end */", 1)[0]
    block = re.sub(r"/\*.*?\*/", "", block, flags=re.S)
    return set(re.findall(r"\b(of_\w+)\s*\(", block)) - {"of_progress_fn"}


def _module_of(header: Path) -> Path:
    """csrc/of_equity.h -> _core/equity.py; csrc/omaha_fast.h -> _core/common.py (and a
    header without the prefix, engine.h, -> _core/engine.py)."""
    if header.name == "omaha_fast.h":
        return PACKAGE_ROOT / "_core" / "common.py"
    return PACKAGE_ROOT / "_core" / f"{header.stem.removeprefix('of_')}.py"


def test_each_header_has_its_binding_module() -> None:
    import re
    if not CSRC.is_dir():
        pytest.skip("the C sources are not beside the package (an installed wheel)")
    headers = [h for h in sorted(CSRC.glob("*.h")) if _cdef_functions(h)]
    assert len(headers) >= 8
    calls = {path: path.read_text(encoding="utf-8")
             for path in (PACKAGE_ROOT / "_core").glob("*.py")}
    for header in headers:
        module = _module_of(header)
        assert module in calls, f"{header.name} has no binding module {module.name}"
        wrapped = 0
        for name in sorted(_cdef_functions(header)):
            # called from its header's module and from no other (some C forms, such as
            # of_eval beside of_eval_n, have no wrapper: the binding calls the general one)
            callers = sorted(p.name for p, text in calls.items()
                             if re.search(rf"\blib\.{name}\b", text))
            assert callers in ([module.name], []), (name, callers)
            wrapped += bool(callers)
        assert wrapped, f"no function of {header.name} is called from {module.name}"
