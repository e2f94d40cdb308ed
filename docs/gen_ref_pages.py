"""Write one API reference page per public module of omaha_fast (run by mkdocs-gen-files).

A module is public when neither it nor a package above it starts with an underscore; a new
module gets its page without any edit here. The pages render the docstrings through
mkdocstrings; reference/SUMMARY.md orders them for the navigation.
"""

from __future__ import annotations

from pathlib import Path

import mkdocs_gen_files

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "omaha_fast"

def main() -> None:
    nav = mkdocs_gen_files.Nav()
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if any(p.startswith("_") for p in parts):
            continue
        name = ".".join(parts)
        page = Path("reference", *parts[1:] or ["index"]).with_suffix(".md")
        if path.name == "__init__.py" and len(parts) > 1:
            page = Path("reference", *parts[1:], "index.md")
        nav[tuple(parts[1:]) or ("omaha_fast",)] = page.relative_to("reference").as_posix()
        with mkdocs_gen_files.open(page, "w") as out:
            out.write(f"::: {name}\n")
        mkdocs_gen_files.set_edit_path(page, path.relative_to(ROOT))

    with mkdocs_gen_files.open("reference/SUMMARY.md", "w") as summary:
        summary.writelines(nav.build_literate_nav())


# mkdocs-gen-files runs this file with runpy (name "<run_path>"); importing it writes nothing
if __name__ == "<run_path>":
    main()
