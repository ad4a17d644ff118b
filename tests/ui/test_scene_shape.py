"""One scene shape (issue 28, part 2): a game's scene builds its roles and hands each only what
it works with, never the scene itself.

Read from the source (no window): in the four games' scene folders, the turn games' shared
one and Wok on Fire's replay viewer's, no function or method takes a parameter annotated
with a ``*Scene`` type, no class declares an attribute of one, and no class keeps
``self.scene``. The turn games' and Wok Star's replays are the one exception, as documented
in their modules: such a replay stands in for the people and the bots, loads the scene's
sessions and takes their steps, so it is given the scene it drives. (Wok on Fire's replay
viewer is a scene of its own, in the same shape; the guided first turns take the game or
session, the shared state and the layout they read.)
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pygame

UI = Path(__file__).resolve().parents[2] / "wokphysics" / "ui"
FOLDERS = ("turn", "we_will_wok_you", "wok_and_roll", "wok_star", "wok_on_fire",
           "wok_on_fire/replay")
"""The folders of the four games' scene parts (the turn games share ``turn``; Wok on Fire's
replay viewer has its own)."""
SCENE_TYPE = re.compile(r"\b\w*Scene\b")
REPLAYS = {("turn/replay.py", "ReplayControl"), ("wok_star/replay.py", "StarReplay")}
"""Classes that are given the scene they drive (see the module's docstring)."""


def _modules() -> list[tuple[str, ast.Module]]:
    found = []
    for folder in FOLDERS:
        for path in sorted((UI / folder).glob("*.py")):
            found.append((path.relative_to(UI).as_posix(), ast.parse(path.read_text())))
    return found


def _scene_typed(annotation: ast.expr | None) -> bool:
    return annotation is not None and SCENE_TYPE.search(ast.unparse(annotation)) is not None


def _handed_the_scene(name: str, tree: ast.Module) -> list[str]:
    """Where a role or function of the module ``name`` receives or keeps a scene."""
    found: list[str] = []

    def visit(node: ast.AST, owner: str | None) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                visit(child, child.name)
                continue
            if (name, owner) in REPLAYS:
                continue
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                arguments = child.args
                for argument in (*arguments.posonlyargs, *arguments.args,
                                 *arguments.kwonlyargs, arguments.vararg, arguments.kwarg):
                    annotation = None if argument is None else argument.annotation
                    if argument is not None and annotation is not None \
                            and _scene_typed(annotation):
                        found.append(f"{name}:{child.lineno} {owner or ''}."
                                     f"{child.name}({argument.arg}: "
                                     f"{ast.unparse(annotation)})")
                visit(child, owner)
                continue
            if isinstance(child, ast.AnnAssign) and owner is not None \
                    and not owner.endswith("Scene") and _scene_typed(child.annotation):
                found.append(f"{name}:{child.lineno} {owner}.{ast.unparse(child.target)}")
            if isinstance(child, ast.Assign | ast.AnnAssign):
                targets = child.targets if isinstance(child, ast.Assign) else [child.target]
                for target in targets:
                    if (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)
                            and target.value.id == "self"
                            and target.attr in ("scene", "_scene")):
                        found.append(f"{name}:{child.lineno} {owner}.{target.attr} kept")
            visit(child, owner)

    visit(tree, None)
    return found


def test_no_role_or_game_part_is_handed_the_scene() -> None:
    found = [hit for name, tree in _modules() for hit in _handed_the_scene(name, tree)]
    assert found == []


def test_the_check_sees_a_role_handed_the_scene() -> None:
    """The check itself: the old shape of the turn games' parts is caught."""
    old = ast.parse(
        "class Inputs:\n"
        "    def key(self, key: int, scene: TurnScene) -> None: ...\n"
        "class Presenter:\n"
        "    _scene: TurnScene | None\n"
        "    def bind(self, scene):\n"
        "        self._scene = scene\n"
        "def heading(scene: 'TurnScene', state: object) -> str: ...\n")
    assert len(_handed_the_scene("old.py", old)) == 4


def test_the_turn_games_roles_receive_the_shared_state() -> None:
    """Each role of a turn game's scene is built on the same :class:`TurnUi`."""
    from wokphysics.games.registry import plugin
    from wokphysics.ui.sound import Sound
    from wokphysics.ui.turn.session import TurnSession
    from wokphysics.ui.we_will_wok_you.scene import wwwy_scene
    from wokphysics.ui.widgets import Text
    from wokphysics.ui.wok_and_roll.scene import wok_and_roll_scene

    for game, make in (("we-will-wok-you", wwwy_scene), ("wok-and-roll", wok_and_roll_scene)):
        session = TurnSession.new(plugin(game).name, ("person", "greedy"), 3, None, None)
        scene = make(session, Text(), Sound(muted=True))
        try:
            parts = scene.parts
            ui = scene.ui
            for role in (scene.presenter, scene.inputs, scene.scheduler, scene.drawing,
                         scene.gate, parts.inputs, parts.drawing):
                assert vars(role)["ui"] is ui, type(role).__name__
            assert ui.session is session
        finally:
            scene.thinker.close()


def test_the_check_reads_every_scene_folder() -> None:
    """Each folder named is read (a renamed one would leave its modules unchecked), the
    replay viewer's roles among them."""
    names = {name for name, _ in _modules()}
    for folder in FOLDERS:
        assert any(name.rsplit("/", 1)[0] == folder for name in names), folder
    for role in ("presenter", "inputs", "scheduler", "drawing", "state", "scene"):
        assert f"wok_on_fire/replay/{role}.py" in names


def test_the_replay_viewers_roles_receive_the_shared_state(tmp_path: Path) -> None:
    """Each role of Wok on Fire's replay viewer is built on the same :class:`ReplayUi`, and
    going back a turn puts the fresh source there (the roles read it from there)."""
    from wokphysics.config.wok_on_fire import load_config
    from wokphysics.games.wok_on_fire.bots import make_wof_bot
    from wokphysics.games.wok_on_fire.engine import WokOnFireGame
    from wokphysics.games.wok_on_fire.record import save_game
    from wokphysics.ui.app import App, WindowOptions, on_table
    from wokphysics.ui.wok_on_fire.replay.scene import ReplayScene
    from wokphysics.ui.wok_on_fire.replay.sources import GameSource

    cfg = load_config()
    game = WokOnFireGame(cfg, 2, 3, 0, ("weak", "weak"))
    bots = [make_wof_bot(cfg, "weak", 1), make_wof_bot(cfg, "weak", 2)]
    while game.turn_number < 2:
        bots[game.current_player].act(game)
    path = tmp_path / "game.json"
    save_game(game, path)
    source = GameSource(str(path))
    app = App(WindowOptions(size=(1024, 640)), on_table(
        cfg, lambda renderer, text, _app: ReplayScene(source, renderer, text, str(path),
                                                      lambda: GameSource(str(path)))))
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    ui = scene.ui
    for role in (scene.presenter, scene.inputs, scene.scheduler, scene.drawing):
        assert vars(role)["ui"] is ui, type(role).__name__
        assert not any(isinstance(value, ReplayScene) for value in vars(role).values())
    assert ui.source is source
    scene.key(pygame.K_n)
    scene.key(pygame.K_n)
    scene.key(pygame.K_p)
    assert ui.source is not source and scene.source is ui.source
    assert scene.presenter.position() == "turn 2 of 2 - paused - x1"
    app.close()
