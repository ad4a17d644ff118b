"""The wheel's build hook (``hatch_build.py``) on a small project that uses it as this one does:
a compiled wheel when mypyc and a C compiler work, plain Python with ``WOKPHYSICS_PURE=1``,
without a C compiler and without hatch-mypyc (no package index to fetch it from), and never a
change to the project folder it builds from (hatch-mypyc renames the ``pyproject.toml`` of the
folder it compiles in: the hook compiles in a copy).

The project's own compiled build is checked by tests/test_compiled.py (.ci/run installs it).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXTENSIONS = (".so", ".pyd")

PYPROJECT = """
[build-system]
requires = ["hatchling>=1.20"]
build-backend = "hatchling.build"

[project]
name = "wokphysics"
version = "0.1.0"

[tool.hatch.build.targets.wheel]
packages = ["wokphysics"]

[tool.hatch.build.targets.wheel.hooks.custom]
mypy-args = ["--ignore-missing-imports", "--follow-imports=silent"]
# as this project's: one C file per module (mypyc 2.4.1 cannot build a lone module so: its
# C file includes a header named after the module's last part, which it never writes; the
# project compiles 55, this one two)
options = { multi_file = true }
"""

MODULES = {
    "wokphysics/__init__.py": "",
    "wokphysics/games/__init__.py": "",
    "wokphysics/games/compiled.py": (
        "from typing import Final\n\n"
        'COMPILED_MODULES: Final = ("wokphysics.games.tiny", "wokphysics.games.small")\n'
    ),
    "wokphysics/games/tiny.py": (
        "def total(values: list[int]) -> int:\n"
        "    result = 0\n"
        "    for value in values:\n"
        "        result += value\n"
        "    return result\n"
    ),
    "wokphysics/games/small.py": (
        "from wokphysics.games.tiny import total\n\n\n"
        "def twice(values: list[int]) -> int:\n"
        "    return 2 * total(values)\n"
    ),
    "wokphysics/games/plain.py": "NOT_COMPILED = True\n",
}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A small project with this project's build hook and one module to compile."""
    folder = tmp_path / "project"
    for name, text in MODULES.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    (folder / "pyproject.toml").write_text(PYPROJECT)
    shutil.copy2(ROOT / "hatch_build.py", folder / "hatch_build.py")
    return folder


def _snapshot(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file() and "__pycache__" not in p.parts}


def _build(project: Path, out: Path) -> Path:
    """Build the wheel in this process, as pip's backend would (``pip wheel``)."""
    from hatchling.builders.wheel import WheelBuilder

    built = list(WheelBuilder(str(project)).build(directory=str(out), versions=["standard"]))
    assert len(built) == 1
    return Path(built[0])


def _compiled_in(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as archive:
        return sorted(name for name in archive.namelist() if name.endswith(EXTENSIONS))


@pytest.fixture
def replaced(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every path ``os.replace`` moves during the test (hatch-mypyc's rename of the project
    file goes through it)."""
    moved: list[str] = []
    real = os.replace

    def spy(source: str, target: str, *args: object, **kwargs: object) -> None:
        moved.append(str(source))
        real(source, target, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "replace", spy)
    yield moved


@pytest.mark.slow
def test_the_build_compiles_the_listed_modules_and_leaves_the_project_as_it_was(
    project: Path, tmp_path: Path, replaced: list[str], capsys: pytest.CaptureFixture[str],
) -> None:
    before = _snapshot(project)
    flags = os.environ.get("CFLAGS")
    wheel = _build(project, tmp_path / "dist")
    assert os.environ.get("CFLAGS") == flags  # -ffp-contract=off only while it compiled
    compiled = _compiled_in(wheel)
    assert [name.split(".")[0] for name in compiled if "__mypyc" not in name] == [
        "wokphysics/games/small", "wokphysics/games/tiny"]
    assert "-cp3" in wheel.name  # tagged for this Python, not py3-none-any
    assert _snapshot(project) == before  # no .so, no pyproject.toml.bak, nothing changed
    assert not [path for path in replaced if Path(path).resolve().is_relative_to(project)]
    assert any(path.endswith("pyproject.toml") for path in replaced)  # it moved the copy's
    assert "WARNING" not in capsys.readouterr().err


def test_pure_builds_plain_python_and_asks_for_no_compiler_packages(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("WOKPHYSICS_PURE", "1")
    wheel = _build(project, tmp_path / "dist")
    assert _compiled_in(wheel) == [] and wheel.name.endswith("-none-any.whl")
    err = capsys.readouterr().err
    assert err.count("WARNING: wokphysics:") == 1 and "WOKPHYSICS_PURE is set" in err
    sys.path.insert(0, str(project))
    try:
        from hatch_build import COMPILER_REQUIREMENTS, _pure_requested

        assert _pure_requested() and COMPILER_REQUIREMENTS
    finally:
        sys.path.remove(str(project))


@pytest.mark.slow
def test_without_a_c_compiler_the_wheel_is_plain_python_with_one_warning(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("CC", str(tmp_path / "no-such-compiler"))
    before = _snapshot(project)
    wheel = _build(project, tmp_path / "dist")
    assert _compiled_in(wheel) == [] and wheel.name.endswith("-none-any.whl")
    err = capsys.readouterr().err
    assert err.count("WARNING: wokphysics:") == 1, err
    assert "could not compile" in err and "installing plain Python" in err
    assert _snapshot(project) == before


def test_without_hatch_mypyc_the_wheel_is_plain_python_with_one_warning(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # what a build without the package index meets: hatch-mypyc cannot be imported
    monkeypatch.setitem(sys.modules, "hatch_mypyc", None)
    monkeypatch.setitem(sys.modules, "hatch_mypyc.plugin", None)
    wheel = _build(project, tmp_path / "dist")
    assert _compiled_in(wheel) == []
    err = capsys.readouterr().err
    assert err.count("WARNING: wokphysics:") == 1 and "hatch_mypyc" in err, err


def test_pip_installs_plain_python_with_no_package_index(project: Path, tmp_path: Path) -> None:
    """The README's way without an index: ``WOKPHYSICS_PURE=1 pip install
    --no-build-isolation --no-index .`` (hatchling installed) needs nothing fetched."""
    env = {**os.environ, "WOKPHYSICS_PURE": "1", "PIP_CONFIG_FILE": os.devnull,
           "PIP_FIND_LINKS": "", "PIP_NO_INDEX": "1"}
    env.pop("PIP_CONSTRAINT", None)
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
         "--no-index", "-w", str(tmp_path / "dist"), str(project)],
        capture_output=True, text=True, env=env, timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    wheels = list((tmp_path / "dist").glob("*.whl"))
    assert len(wheels) == 1 and _compiled_in(wheels[0]) == []
