"""Write one API reference page per public module of omaha_fast (run by mkdocs-gen-files).

A module is public as ``check_reference.is_public`` says (no part of its name starting
with an underscore, not one of the internal modules); a new module gets its page without
any edit here. A package's page is its section's own page (the theme's
``navigation.indexes``), titled by the package's name. The pages render the docstrings through
mkdocstrings; reference/SUMMARY.md orders them for the navigation.
"""

from __future__ import annotations

import sys
from pathlib import Path

import mkdocs_gen_files

sys.path.insert(0, str(Path(__file__).resolve().parent))
from check_reference import ROOT, public_modules  # noqa: E402  (the one rule for both)


def main() -> None:
    nav = mkdocs_gen_files.Nav()
    for name, path in public_modules().items():
        parts = name.split(".")
        page = Path("reference", *parts[1:] or ["index"]).with_suffix(".md")
        if path.name == "__init__.py" and len(parts) > 1:
            page = Path("reference", *parts[1:], "index.md")
        nav[tuple(parts[1:]) or ("omaha_fast",)] = page.relative_to("reference").as_posix()
        with mkdocs_gen_files.open(page, "w") as out:
            # titled by the module's name (a package's page is index.md: not "Index"),
            # its name the page's one top heading
            out.write(f"---\ntitle: {name}\n---\n\n::: {name}\n    options:\n"
                      f"      heading_level: 1\n")
        mkdocs_gen_files.set_edit_path(page, path.relative_to(ROOT))

    with mkdocs_gen_files.open("reference/SUMMARY.md", "w") as summary:
        summary.writelines(nav.build_literate_nav())


# mkdocs-gen-files runs this file with runpy (name "<run_path>"); importing it writes nothing
if __name__ == "<run_path>":
    main()
