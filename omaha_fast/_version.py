"""The package version, written once: pyproject.toml reads it from here (dynamic version)."""

__version__ = "0.1.0"
