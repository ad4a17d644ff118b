"""The documentation's examples run: every public module's docstring carries a doctest, every
doctest in the package passes, and so do the README's ``>>>`` examples (as python-chess checks
its README)."""

from __future__ import annotations

import ast
import doctest
import importlib
from pathlib import Path
from types import ModuleType

import pytest

from wokphysics.games.compiled import is_compiled

pytestmark = pytest.mark.both_stages

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "wokphysics"

PUBLIC_MODULES = [
    "wokphysics",
    "wokphysics.errors",
    "wokphysics.config.files",
    "wokphysics.config.wok_on_fire",
    "wokphysics.table.gesture",
    "wokphysics.table.world",
    "wokphysics.records.files",
    "wokphysics.records.saving",
    "wokphysics.replay.table_record",
    "wokphysics.games.protocol",
    "wokphysics.games.registry",
    "wokphysics.games.text",
    "wokphysics.games.bots",
    "wokphysics.games.seeds",
    "wokphysics.games.simulation",
    "wokphysics.games.we_will_wok_you.factory",
    "wokphysics.games.wok_on_fire.bots",
    "wokphysics.games.wok_on_fire.deal",
    "wokphysics.games.wok_on_fire.record",
    "wokphysics.games.wok_on_fire.engine",
    "wokphysics.games.wok_on_fire.scoring",
    "wokphysics.games.wok_star.factory",
    "wokphysics.games.wok_and_roll.factory",
    "wokphysics.batch",
]
"""The modules the README and docs/ present as the Python API."""

FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules_with_examples() -> list[str]:
    """Every module of the package whose source holds a ``>>>`` (found without importing)."""
    return sorted(
        _module_name(path)
        for path in PACKAGE.rglob("*.py")
        if path.name != "__main__.py" and ">>>" in path.read_text(encoding="utf-8")
    )


def _docstring(name: str) -> str:
    path = PACKAGE.joinpath(*name.split(".")[1:])
    source = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    return ast.get_docstring(ast.parse(source.read_text(encoding="utf-8"))) or ""


@pytest.mark.parametrize("name", PUBLIC_MODULES)
def test_every_public_module_shows_an_example(name: str) -> None:
    assert ">>> " in _docstring(name), f"{name}'s docstring has no doctest"


def _run_from_source(module: ModuleType) -> doctest.TestResults:
    """The examples of a module compiled with mypyc, read from the ``.py`` installed beside it
    and run in the compiled module's namespace (a compiled module keeps no docstrings for
    doctest to find)."""
    source = Path(module.__file__ or "").parent / (module.__name__.rsplit(".", 1)[-1] + ".py")
    if source.name == "__init__.py" or not source.is_file():
        source = Path(module.__file__ or "").parent / "__init__.py"
    tree = ast.parse(source.read_text(encoding="utf-8"))
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            text = ast.get_docstring(node)
            if text and ">>>" in text:
                where = getattr(node, "name", module.__name__)
                test = parser.get_doctest(text, dict(vars(module)), f"{module.__name__}.{where}",
                                          str(source), getattr(node, "lineno", 0))
                runner.run(test)
    return runner.summarize(verbose=False)


@pytest.mark.parametrize("name", _modules_with_examples())
def test_the_examples_in_the_package_run(name: str) -> None:
    module = importlib.import_module(name)
    if is_compiled(module):  # the suite run on a compiled install (.ci/run's second pass)
        results = _run_from_source(module)
    else:
        results = doctest.testmod(module, optionflags=FLAGS, report=True)
    assert results.attempted > 0 and results.failed == 0, results


def test_the_readme_examples_run() -> None:
    results = doctest.testfile(
        str(ROOT / "README.md"), module_relative=False, optionflags=FLAGS, report=True
    )
    assert results.attempted >= 15 and results.failed == 0, results
