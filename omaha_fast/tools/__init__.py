"""Data-build scripts, the top floor: each is run as ``python -m omaha_fast.tools.NAME`` and
writes package data that the lower floors only read (see ARCHITECTURE.md)."""
