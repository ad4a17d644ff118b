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


def test_every_layer_wires_in_every_game_through_its_typed_entry() -> None:
    """The terminal, the studies and the window each list one entry per game, naming the
    game's plugin (not its name in a string table), in the registry's order."""
    from wokphysics.games.registry import PLUGINS
    from wokphysics.studies.kinds import KINDS
    from wokphysics.terminal.registry import TERMINALS
    from wokphysics.ui.front_ends import FRONT_ENDS

    for layer, entries in (("terminal", TERMINALS), ("studies", KINDS),
                           ("window", FRONT_ENDS)):
        games = [entry.game for entry in entries]
        assert len(games) == len(PLUGINS), layer
        assert all(game is plugin for game, plugin in zip(games, PLUGINS, strict=True)), (
            f"{layer}: {[game.name for game in games]}")


GAME_PACKAGES = {
    "wok-on-fire": ("wok_on_fire",),
    "we-will-wok-you": ("we_will_wok_you",),
    "wok-star": ("wok_star",),
    "wok-and-roll": ("wok_and_roll",),
}
"""Each game's name, and the names of its own packages and modules in every layer."""


def test_a_game_is_named_by_a_string_only_in_its_own_package() -> None:
    """Outside a game's own package (``games/wok_star``, ``ui/wok_star``, ``studies/
    wok_star.py``...) no code names a game by a string: a branch ``game == "wok-star"`` or a
    table keyed by names goes through the game's typed entries instead."""
    assert sorted(GAME_PACKAGES) == sorted(p.name for p in _plugins())
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        own = set(path.relative_to(PACKAGE).with_suffix("").parts)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Constant) and node.value in GAME_PACKAGES
                    and not own & set(GAME_PACKAGES[node.value])):
                found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} {node.value!r}")
    assert found == []


def _plugins() -> tuple[object, ...]:
    from wokphysics.games.plugin import GamePlugin
    from wokphysics.games.registry import PLUGINS

    assert all(isinstance(plugin, GamePlugin) for plugin in PLUGINS)
    return PLUGINS


def _import_cycles() -> list[list[str]]:
    """The package's import cycles (strongly connected groups of modules, every import
    statement counted, function-level and ``TYPE_CHECKING`` ones too), as import-linter's
    graph library sees them."""
    import grimp

    graph = grimp.build_graph("wokphysics")
    edges = {module: sorted(graph.find_modules_directly_imported_by(module))
             for module in graph.modules if module.startswith("wokphysics")}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []
    for root in sorted(edges):  # Tarjan's algorithm, without recursion
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            module, at = work.pop()
            if at == 0:
                index[module] = low[module] = len(index)
                stack.append(module)
            targets = [t for t in edges[module] if t in edges]
            if at < len(targets):
                work.append((module, at + 1))
                target = targets[at]
                if target not in index:
                    work.append((target, 0))
                elif target in stack:
                    low[module] = min(low[module], index[target])
                continue
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[module])
            if low[module] == index[module]:
                group = []
                while True:
                    member = stack.pop()
                    group.append(member)
                    if member == module:
                        break
                if len(group) > 1:
                    cycles.append(sorted(group))
    return cycles


def test_no_import_cycle_but_inside_one_game_s_rules_or_the_physics() -> None:
    """No cycle in the window, the terminal, the studies, the batch runner, the records or
    the command line, and none through the registry or between two games. (The physics
    table's world and stroke and Wok Star's engine modules still import each other; they are
    their owners' to untangle, and stay inside one package. Wok on Fire's engine no longer
    imports its record module: the record module saves the game.)"""
    own_packages = ("wokphysics.table.", "wokphysics.games.wok_star.")
    outside = [group for group in _import_cycles()
               if not any(all(m.startswith(p) for m in group) for p in own_packages)]
    assert outside == []
