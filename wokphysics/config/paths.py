"""Where the shipped data (default config, sprites) lives.

An installed wheel carries the data under ``wokphysics/_data``; an editable checkout has it at
the repository's top level beside the package. Both are tried, the wheel's first.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent.parent


def data_dir(name: str) -> Path:
    """The folder of shipped data called ``name`` ("config" or "sprites")."""
    for candidate in (_PACKAGE_DIR / "_data" / name, _PACKAGE_DIR.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"the shipped '{name}' folder is missing from this installation")


def default_config_dir() -> Path:
    """The folder holding the default TOML files."""
    return data_dir("config")


def sprites_dir() -> Path:
    """The folder holding the card and table PNGs."""
    return data_dir("sprites")
