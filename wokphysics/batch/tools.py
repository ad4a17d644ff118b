"""Whether the study tools are installed: Dask (clusters), matplotlib (plots, report.html)
and scipy (the fairness and comparison tests), the ``studies`` extra of ``pyproject.toml``.

A player's ``pip install .`` leaves them out. Without them ``simulate`` still plays its games
in this process and prints its table, and says in one line (:data:`HINT`) how to get the rest;
every option that needs them (``--out``, ``--workers``, ``sweep``...) is refused in one line
naming it. Nothing here imports them: their installed distributions are looked up.

>>> INSTALL
"pip install 'wokphysics[studies]'"
"""

from __future__ import annotations

from importlib import metadata

from wokphysics.errors import UserError

STUDY_TOOLS = ("distributed", "matplotlib", "scipy")
"""The distributions of the ``studies`` extra (``distributed`` brings ``dask``); each is
imported under the same name."""

INSTALL = "pip install 'wokphysics[studies]'"
"""How to get them (``pip install '.[studies]'`` from a checkout)."""

HINT = (
    f"study tools not installed: fairness tests, plots, report.html and Dask clusters come "
    f"with {INSTALL}"
)
"""What ``simulate`` says after its table when they are missing."""


def missing_study_tools() -> list[str]:
    """The study tools this Python cannot import (empty when all are there)."""
    missing = []
    for name in STUDY_TOOLS:
        try:
            metadata.version(name)
        except metadata.PackageNotFoundError:
            missing.append(name)
    return missing


def require_study_tools(what: str) -> None:
    """A one-line UserError naming ``what`` (an option or command) if the tools are missing."""
    missing = missing_study_tools()
    if missing:
        raise UserError(
            f"{what} needs the study tools ({', '.join(missing)} not installed): {INSTALL}"
        )
