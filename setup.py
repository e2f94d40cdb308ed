from setuptools import setup

# Everything else lives in pyproject.toml; only the cffi extension needs setup.py.
setup(cffi_modules=["omaha_fast/_core/_build.py:ffibuilder"])
