"""The wheel's build hook: the turn games' engines compiled with mypyc, or plain Python.

The compiling is hatch-mypyc's (``MypycBuildHook``, the hook black's wheels are built
with); this file only adds this project's rules around it (see pyproject.toml):

- an editable install (``pip install -e .``) stays plain Python, so source edits take effect;
- ``WOKPHYSICS_PURE=1`` builds plain Python;
- if compiling fails (no C compiler, no Python headers, a mypyc error), the wheel is built as
  plain Python with one warning line instead of failing the install (pip shows a build's
  output with ``pip install -v``);
- the extension modules that hatch-mypyc builds beside the sources (``build_ext
  --inplace``) are removed from the source tree once the wheel holds them, so that the
  checkout never imports a stale compiled module in place of the ``.py`` beside it.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

PURE_ENV = "WOKPHYSICS_PURE"
COMPILER_REQUIREMENTS = ["hatch-mypyc==0.16.0", "mypy==2.4.1"]
"""Pinned: the compiled engine's behaviour is mypyc's, so a build is reproducible."""


def _pure_requested() -> bool:
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def _warn(message: str) -> None:
    print(f"WARNING: wokphysics: {message}", file=sys.stderr, flush=True)


def _last_error(text: str) -> str:
    """The line of a failed build's output that says what went wrong (its last error)."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    errors = [line for line in lines if "error" in line.lower()]
    found = (errors or lines or ["unknown error"])[-1]
    return found if len(found) <= 160 else found[:157] + "..."


class CustomBuildHook(BuildHookInterface):
    """Compiles ``tool.hatch.build.targets.wheel.hooks.custom.include`` with hatch-mypyc."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        # a pure build needs no compiler packages (hatch-mypyc brings mypy and setuptools)
        return [] if _pure_requested() else list(COMPILER_REQUIREMENTS)

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        self._compiler: Any = None
        if self.target_name != "wheel" or version == "editable":
            return
        if _pure_requested():
            _warn(f"{PURE_ENV} is set: installing plain Python (the same games, slower)")
            return
        compiler: Any = None
        try:
            from hatch_mypyc.plugin import MypycBuildHook

            compiler = MypycBuildHook(
                self.root, self.config, self.build_config, self.metadata, self.directory,
                self.target_name, self.app,
            )
            compiler.initialize(version, build_data)
        except Exception as error:  # noqa: BLE001 - any failure falls back to plain Python
            if compiler is not None:
                compiler.clean([version])
            _warn(
                "could not compile the turn games' engines with mypyc "
                f"({_last_error(str(error))}); installing plain Python (the same games, slower)"
            )
            return
        self._compiler = compiler

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if getattr(self, "_compiler", None) is not None:
            self._compiler.clean([version])  # the wheel has them: none stay in the checkout
