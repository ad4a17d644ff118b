"""The architecture's promises that import-linter cannot see (it runs in .ci/run for the rest).

- Importing the package, the games' protocol and registry, or the command line loads no
  pymunk, shapely, numpy or pygame: the turn-based games and ``--help`` start quickly.
- Nothing looks a module up by a string (``importlib.import_module``, ``__import__``,
  ``find_spec``): every dependency is an import statement that the layer contracts check.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "wokphysics"
HEAVY = ("pymunk", "shapely", "numpy", "pygame")


@pytest.mark.parametrize(
    "module",
    [
        "wokphysics",
        "wokphysics.games",
        "wokphysics.games.protocol",
        "wokphysics.games.registry",
        "wokphysics.games.bots",
        "wokphysics.cli",
    ],
)
def test_importing_loads_no_physics_and_no_window(module: str) -> None:
    code = (
        f"import sys, json, {module}\n"
        f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert json.loads(result.stdout) == [], f"import {module} loaded {result.stdout.strip()}"


def test_the_public_table_api_is_still_there_when_asked_for() -> None:
    import wokphysics

    assert wokphysics.Table.__name__ == "Table"
    assert callable(wokphysics.load_config)
    with pytest.raises(AttributeError):
        _ = wokphysics.NoSuchThing  # type: ignore[attr-defined]


def _string_lookups(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in ("import_module", "__import__", "find_spec"):
                found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} {name}")
    return found


def test_no_module_is_imported_by_a_string() -> None:
    lookups = [hit for path in sorted(PACKAGE.rglob("*.py")) for hit in _string_lookups(path)]
    assert lookups == []


def test_every_game_is_in_the_registry_once_with_its_verbs() -> None:
    from wokphysics.games.registry import PLUGINS, game_names, turn_game_names

    assert game_names() == ["wok-on-fire", "we-will-wok-you", "wok-star", "wok-and-roll"]
    assert turn_game_names() == ["we-will-wok-you", "wok-star", "wok-and-roll"]
    for plugin in PLUGINS:
        # simulate runs every game as a study on the batch runner, with the game's options
        assert plugin.simulate_options is not None, plugin.name
        assert plugin.summary and plugin.title
        assert plugin.info.min_players <= plugin.default_players <= plugin.info.max_players


def test_no_two_modules_define_the_same_class_name() -> None:
    """A name says which game or part a class belongs to (``WeWillWokYouScorer``,
    ``StarLayout``), so an import never picks up the wrong one of two namesakes."""
    defined: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                where = str(path.relative_to(PACKAGE.parent))
                defined.setdefault(node.name, []).append(where)
    namesakes = {name: places for name, places in defined.items() if len(places) > 1}
    assert namesakes == {}
