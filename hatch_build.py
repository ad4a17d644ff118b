"""The wheel's build hook: the engines (turn games, Wok on Fire's table) compiled with mypyc,
or plain Python.

The compiling is hatch-mypyc's (``MypycBuildHook``, the hook black's wheels are built
with); this file only adds this project's rules around it (see pyproject.toml):

- the modules compiled are ``COMPILED_MODULES`` of ``wokphysics/games/compiled.py``, the one
  list of them (read here from that file's text; the program reads it to say which engine
  runs);
- the compiling happens in a copy of the project in a temporary folder: hatch-mypyc renames
  the ``pyproject.toml`` of the folder it compiles in while it runs, and writes the extension
  modules beside the sources, so a concurrent command (or a killed build) saw a checkout
  without its ``pyproject.toml``. The checkout is only read; the wheel takes the extension
  modules from the copy, which is removed after;
- an editable install (``pip install -e .``) stays plain Python, so source edits take effect;
- ``WOKPHYSICS_PURE=1`` builds plain Python, and needs no compiler packages (so it installs
  where mypy and hatch-mypyc cannot be fetched: ``WOKPHYSICS_PURE=1 pip install
  --no-build-isolation .`` with hatchling installed needs no package index);
- if compiling fails (no C compiler, no Python headers, hatch-mypyc missing, a mypyc error),
  the wheel is built as plain Python with one warning line instead of failing the install
  (pip shows a build's output with ``pip install -v``).
"""

from __future__ import annotations

import ast
import os
import shutil
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

PURE_ENV = "WOKPHYSICS_PURE"
COMPILER_REQUIREMENTS = ["hatch-mypyc==0.16.0", "mypy==2.4.1", "numpy>=1.26"]
"""Pinned: the compiled engine's behaviour is mypyc's, so a build is reproducible. numpy: the
table's modules are typed with numpy's arrays, and mypyc type-checks them before compiling;
without numpy in the build (a fresh environment builds before it installs the dependencies)
those types are unknown, the check fails and the wheel fell back to plain Python."""
COMPILED_LIST = Path("wokphysics") / "games" / "compiled.py"
"""The module holding ``COMPILED_MODULES``, the one list of the modules compiled."""


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


def compiled_files(root: str | Path) -> list[str]:
    """``COMPILED_MODULES`` of ``root``'s ``wokphysics/games/compiled.py`` as the files
    mypyc compiles (``wokphysics/games/bots.py``...), read without importing the package."""
    tree = ast.parse((Path(root) / COMPILED_LIST).read_text(encoding="utf-8"))
    for node in tree.body:
        if (isinstance(node, ast.AnnAssign | ast.Assign) and node.value is not None
                and "COMPILED_MODULES" in ast.unparse(node)):
            names = ast.literal_eval(node.value)
            return [name.replace(".", "/") + ".py" for name in names]
    raise ValueError(f"no COMPILED_MODULES in {COMPILED_LIST}")


def _copy_project(root: str, copy: str) -> None:
    """What mypyc reads: the package's sources and the project file (no tests, no data)."""
    shutil.copy2(os.path.join(root, "pyproject.toml"), os.path.join(copy, "pyproject.toml"))
    shutil.copytree(os.path.join(root, "wokphysics"), os.path.join(copy, "wokphysics"),
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))


class CustomBuildHook(BuildHookInterface):
    """Compiles :func:`compiled_files` with hatch-mypyc in a copy of the project."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        # a pure build needs no compiler packages (hatch-mypyc brings mypy and setuptools)
        return [] if _pure_requested() else list(COMPILER_REQUIREMENTS)

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        self._copy: str | None = None
        if self.target_name != "wheel" or version == "editable":
            return
        if _pure_requested():
            _warn(f"{PURE_ENV} is set: installing plain Python (the same games, slower)")
            return
        copy = tempfile.mkdtemp(prefix="wokphysics-mypyc-")
        self._copy = copy
        artifacts = list(build_data["artifacts"])
        force_include = dict(build_data["force_include"])
        tags = {key: build_data[key] for key in ("infer_tag", "pure_python") if key in build_data}
        here = os.getcwd()
        try:
            from hatch_mypyc.plugin import MypycBuildHook

            _copy_project(self.root, copy)
            config = {**self.config, "include": compiled_files(self.root)}
            compiler = MypycBuildHook(
                copy, config, self.build_config, self.metadata, self.directory,
                self.target_name, self.app,
            )
            os.chdir(copy)  # mypyc's setup.py builds in place, relative to the folder it runs in
            flags = os.environ.get("CFLAGS")
            if sys.platform != "win32":
                # The table's physics must stay bit for bit Python's: no fused multiply-add
                # (GCC contracts a*b+c by default where the CPU has one, e.g. on ARM64). A
                # CFLAGS variable replaces Python's own flags (-O3, -DNDEBUG...), so they lead.
                base = flags if flags is not None else sysconfig.get_config_var("CFLAGS") or ""
                os.environ["CFLAGS"] = f"{base} -ffp-contract=off".strip()
            try:
                compiler.initialize(version, build_data)
            finally:
                os.chdir(here)
                if flags is None:
                    os.environ.pop("CFLAGS", None)
                else:
                    os.environ["CFLAGS"] = flags
            built = _extension_modules(copy, compiler.artifact_globs)
            if len(built) < len(config["include"]):
                raise RuntimeError(f"mypyc built {len(built)} of {len(config['include'])} "
                                   "modules")
        except Exception as error:  # noqa: BLE001 - any failure falls back to plain Python
            build_data["artifacts"][:] = artifacts
            build_data["force_include"].clear()
            build_data["force_include"].update(force_include)
            build_data.update(tags)
            self._remove_copy()
            _warn(
                "could not compile the engines with mypyc "
                f"({_last_error(str(error))}); installing plain Python (the same games, slower)"
            )
            return
        # The extension modules are in the copy, not in the checkout: the wheel takes them from
        # there (hatch-mypyc's artifact patterns would look for them in the checkout).
        build_data["artifacts"][:] = artifacts
        for path in built:
            build_data["force_include"][path] = os.path.relpath(path, copy)

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        self._remove_copy()  # the wheel holds what it built

    def _remove_copy(self) -> None:
        copy = getattr(self, "_copy", None)
        if copy is not None:
            shutil.rmtree(copy, ignore_errors=True)
            self._copy = None


def _extension_modules(copy: str, patterns: list[str]) -> list[str]:
    """The compiled modules in ``copy`` (and mypyc's shared library, if any)."""
    from glob import glob
    from importlib.machinery import EXTENSION_SUFFIXES

    found = {path for pattern in patterns for path in glob(os.path.join(copy, pattern))}
    found.update(path for path in glob(os.path.join(copy, "*__mypyc.*"))
                 if path.endswith(tuple(EXTENSION_SUFFIXES)))
    return sorted(found)
