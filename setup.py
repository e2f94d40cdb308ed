"""Everything else lives in pyproject.toml; only the cffi extension needs setup.py."""

import os
from concurrent.futures import ThreadPoolExecutor

from setuptools import setup
from setuptools.command.build_ext import build_ext


class ParallelBuildExt(build_ext):
    """build_ext that compiles an extension's C files side by side, one a core. The C core
    is one extension of some thirty files, which setuptools compiles one after another (its
    own ``--parallel`` runs whole extensions side by side, and there is only one)."""

    def build_extensions(self) -> None:
        compile_files = self.compiler.compile

        def compile_side_by_side(sources, *args, **kwargs):
            with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
                objects = pool.map(lambda source: compile_files([source], *args, **kwargs),
                                   sources)
                return [obj for objs in objects for obj in objs]

        self.compiler.compile = compile_side_by_side
        super().build_extensions()


# cffi wraps the build_ext given here with its own (which writes the module's C file first)
setup(cffi_modules=["omaha_fast/_core/_build.py:ffibuilder"],
      cmdclass={"build_ext": ParallelBuildExt})
