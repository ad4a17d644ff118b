"""Every game's window and the launcher, headless, for the checks of issue 27's "readable at
any size": which texts were rendered (their heights), where each clickable control is (from
the scene's own layout), and where a tooltip was drawn."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
from star_hand import StarHand
from star_screens import (
    SCREENS,
    UPGRADED,
    open_star_replay,
    open_star_screen,
    open_star_upgraded,
)
from test_wok_star_readable import controls as star_controls
from turn_ends import GAMES, open_turn_end, open_turn_replay

from wokphysics.games.wok_star.model import Phase
from wokphysics.ui.app import App, WindowOptions
from wokphysics.ui.front_ends import _wok_and_roll_maker, _wwwy_maker
from wokphysics.ui.launcher.run import build_launcher
from wokphysics.ui.launcher.scene import LauncherScene
from wokphysics.ui.play import build_app, parse_play_args
from wokphysics.ui.pointer_clock import VirtualClock
from wokphysics.ui.practice.scene import PracticeScene
from wokphysics.ui.synthetic_hand import HandClock
from wokphysics.ui.turn.play import Setup, turn_factory
from wokphysics.ui.turn.scene import TurnScene
from wokphysics.ui.wok_on_fire.replay.scene import ReplayScene
from wokphysics.ui.wok_on_fire.scene import WokOnFireScene
from wokphysics.ui.wok_star.play import StarSetup, star_factory
from wokphysics.ui.wok_star.scene import StarScene

WINDOWS = ("wok-on-fire", "we-will-wok-you", "wok-star", "wok-and-roll", "launcher")
"""Each game's window and the launcher."""

STAR_SCREENS = tuple(f"wok-star:{screen}" for screen in SCREENS)
"""Wok Star's window on each of its screens between rounds (setup's two, Accounting,
Purchase, the end; :func:`star_screens.open_star_screen`)."""

STAR_UPGRADED = (*(f"wok-star:{name}" for name in UPGRADED), "wok-star:purchase-four")
"""Wok Star's window with preparations upgraded: a Purchase after an upgrade bought in it
and one before, the replay on the last round's kitchen and on the end screen
(:mod:`star_screens`); and a four-seat game's first Purchase (the narrowest seats' panels,
the most buy buttons)."""

TURN_ENDS = tuple(f"{game}:end" for game in GAMES)
"""We Will Wok You's and Wok and Roll's windows on a finished game's end screen
(:func:`turn_ends.open_turn_end`)."""

TURN_REPLAYS = (*(f"{game}:replay" for game in GAMES), "wok-star:replay", "wok-on-fire:replay")
"""We Will Wok You's and Wok and Roll's replay viewers (:func:`turn_ends.open_turn_replay`),
Wok Star's (:func:`star_screens.open_star_replay`) and Wok on Fire's (a two-bot game's
start)."""

EXPERT = ("wok-and-roll:expert",)
"""Wok and Roll's window on the Expert Menu (``play wok-and-roll --expert``): its dishes'
names are the longest."""

PRACTICE = ("wok-on-fire:practice",)
"""Wok on Fire's practice table (``play wok-on-fire --practice``)."""

REFLOWS = WINDOWS + STAR_SCREENS + TURN_ENDS + PRACTICE + TURN_REPLAYS
"""The windows laid out for the view's width at a UI scale, as the tests open them (every
one: nothing is magnified any more)."""

TIP_CREAM = (255, 246, 214)
"""The colour of every tooltip box (and a refusal's bubble)."""

Control = tuple[pygame.Rect, object]


def open_window(name: str, size: tuple[int, int], folder: Path, scale: float = 1.0) -> App:
    """``name``'s window (one of :data:`WINDOWS`, :data:`STAR_SCREENS`,
    :data:`STAR_UPGRADED`, :data:`TURN_ENDS`,
    :data:`EXPERT`, :data:`PRACTICE`, :data:`TURN_REPLAYS`) at ``size`` and UI ``scale`` (given as
    ``--scale`` where the command line sets it), muted, saving nothing but the launcher's
    choices (in ``folder``), after its first frames; one person and one bot."""
    width, height = size
    if name == "wok-on-fire:replay":
        return open_fire_replay(size, scale, folder)
    if name == "wok-star:replay":
        return open_star_replay(size, scale)
    if name == "wok-star:purchase-upgraded":
        return open_star_upgraded(size, scale)
    if name in ("wok-star:replay-late", "wok-star:replay-end"):
        return open_star_replay(size, scale, name.rsplit("-", 1)[1])
    if name == "wok-star:purchase-four":
        return open_star_screen("purchase", size, scale, ("person", "team", "team", "team"))
    if name.startswith("wok-star:"):
        return open_star_screen(name.split(":", 1)[1], size, scale)
    if name.endswith(":replay"):
        return open_turn_replay(name.split(":", 1)[0], size, scale, folder)
    if name.endswith(":end"):
        return open_turn_end(name.split(":", 1)[0], size, scale, folder)
    if name == "launcher":
        args = argparse.Namespace(size=f"{width}x{height}", fullscreen=False, mute=True,
                                  max_frames=None, screenshot=None, scale=f"{scale:g}")
        app, _ = build_launcher(args, folder, HandClock())  # as the games' windows below
    elif name in ("wok-on-fire", "wok-on-fire:practice"):
        practice = ["--practice"] if name.endswith(":practice") else []
        app, _, _ = build_app(parse_play_args([*practice, "--seed", "3", "--no-save", "--mute",
                                               "--size", f"{width}x{height}", "--scale",
                                               f"{scale:g}"]), HandClock())
    elif name == "wok-star":
        app = App(WindowOptions(size=size, mute=True, fps=20, scale=scale),
                  star_factory(StarSetup(("person", "team"), 3)), HandClock())
    elif name == "wok-and-roll:expert":
        from wokphysics.games.registry import plugin
        from wokphysics.games.rules_options import write_override

        folder.mkdir(parents=True, exist_ok=True)
        expert = write_override(plugin("wok-and-roll"), {"menu": "expert"}, folder)
        assert expert is not None
        app = App(WindowOptions(size=size, mute=True, fps=20, scale=scale),
                  turn_factory(Setup("wok-and-roll", ("person", "greedy"), 3, str(expert),
                                     None), _wok_and_roll_maker()), HandClock())
    else:
        maker = _wwwy_maker() if name == "we-will-wok-you" else _wok_and_roll_maker()
        app = App(WindowOptions(size=size, mute=True, fps=20, scale=scale),
                  turn_factory(Setup(name, ("person", "greedy"), 3, None, None), maker),
                  HandClock())
    for _ in range(3):
        app.frame()
    scene = app.scene
    if isinstance(scene, StarScene):  # on to the kitchen itself, held still: its controls
        hand = StarHand(app, [0], seed=3)
        for _ in range(2000):
            if scene.session.state.phase is Phase.ACTION and not scene.covered():
                break
            hand.step()
            app.frame()
        scene.scheduler.hold = True
        app.frame()
    return app


def open_fire_replay(size: tuple[int, int], scale: float, folder: Path) -> App:
    """Wok on Fire's replay viewer at ``size`` and UI ``scale`` on a two-bot game's record
    (saved in ``folder``), after its first frames."""
    from wokphysics.cli import main
    from wokphysics.ui.app import on_table
    from wokphysics.ui.wok_on_fire.replay.sources import GameSource

    folder.mkdir(parents=True, exist_ok=True)
    save = folder / "wok-on-fire.json"
    assert main(["play", "wok-on-fire", "--players", "2", "--bots", "2", "--seed", "3",
                 "--max-frames", "60", "--mute", "--save", str(save)]) == 0
    source = GameSource(str(save))
    app = App(WindowOptions(size=size, mute=True, fps=20, scale=scale),
              on_table(source.cfg, lambda renderer, text, _app: ReplayScene(
                  source, renderer, text, str(save), lambda: GameSource(str(save)))),
              HandClock())
    for _ in range(3):
        app.frame()
    return app


def controls(app: App) -> list[Control]:
    """Every control of the scene as last drawn, with what it is: (rectangle, target). The
    Rules button of the window too."""
    scene = app.scene
    out: list[Control] = []
    if app.rules_button is not None:
        out.append((app.rules_button, "rules"))
    if isinstance(scene, LauncherScene):
        out += list(scene.spots.placed)
    elif isinstance(scene, StarScene):
        lay = scene.layout()
        assert lay is not None
        out += [(rect, ("star", index)) for index, rect in enumerate(star_controls(scene, lay))]
        if scene.replay is not None:  # the replay's bar (a click steps back or on)
            out.append((scene.replay.bar, "replay bar"))
    elif isinstance(scene, TurnScene) and scene.over and scene.end_shown:
        out += [(rect, ("end", index)) for index, (rect, _) in enumerate(scene.end.buttons)]
    elif isinstance(scene, TurnScene):
        view = scene.parts.drawing.view
        out += list(view.layout().hits)
        if scene.ui.replay is not None:  # the replay's bar (a click steps back or on)
            out.append((scene.ui.replay.bar, "replay bar"))
    elif isinstance(scene, WokOnFireScene):
        layout = scene.ui.layout
        out += [(button.rect, ("button", button.label)) for button in layout.buttons]
        out += [(rect, ("player", player)) for player, rect in layout.player_rows.items()]
    elif isinstance(scene, ReplayScene):
        out += [(button.rect, ("button", button.label)) for button in scene.ui.buttons]
    elif isinstance(scene, PracticeScene):
        pass  # the table is dragged on anywhere: no control of its own
    else:
        raise AssertionError(f"no controls known for {scene!r}")
    return out


def on_window(app: App, whole: bool = False) -> list[Control]:
    """The controls as the window shows them now (window px): the scene's, moved by the UI
    scale's view and clipped to it (those out of view left out; with ``whole``, those not
    wholly in view too), the Rules button and the pan bar's arrows."""
    viewport = app.viewport
    view = viewport.view(app.screen.get_size())
    out: list[Control] = []
    for rect, target in controls(app):
        if target == "rules":
            out.append((rect, target))
            continue
        moved = viewport.rect_to_window(rect)
        shown = moved.clip(view)
        if whole and shown != moved:
            continue
        if shown.width and shown.height:
            out.append((shown, target))
    out += [(rect, ("pan", name)) for name, rect in viewport.buttons.items()]
    return out


def crossings(found: list[Control]) -> list[tuple[Control, Control]]:
    """Pairs of different controls whose rectangles overlap without one holding the other
    (an area around smaller controls, hit-tested after them, holds them on purpose)."""
    out = []
    for i, (a, ta) in enumerate(found):
        for b, tb in found[i + 1:]:
            if ta == tb or not a.colliderect(b):
                continue
            if a.contains(b) or b.contains(a):
                continue
            out.append(((a, ta), (b, tb)))
    return out


def areas(found: list[Control]) -> list[pygame.Rect]:
    """The controls that hold another control's rectangle (a section around its controls,
    hit-tested after them): a tooltip may lie over such an area, not over what it holds."""
    return [rect for rect, target in found
            if any(rect.contains(other) and t != target for other, t in found)]


def covered(box: pygame.Rect, found: list[Control], pointer: tuple[int, int]
            ) -> list[Control]:
    """The controls of ``found`` that ``box`` overlaps, but those under ``pointer`` (the one
    whose tooltip it is, all its rectangles) and the areas."""
    around = areas(found)
    under = {repr(target) for rect, target in found if rect.collidepoint(pointer)}
    return [(rect, target) for rect, target in found
            if repr(target) not in under and rect not in around and box.colliderect(rect)]


def tip_box(surface: pygame.Surface) -> pygame.Rect | None:
    """The bounding box of the tooltip's cream on ``surface`` (None: no tooltip drawn)."""
    pixels = pygame.surfarray.pixels3d(surface)
    mask = ((pixels[:, :, 0] == TIP_CREAM[0]) & (pixels[:, :, 1] == TIP_CREAM[1])
            & (pixels[:, :, 2] == TIP_CREAM[2]))
    xs, ys = mask.nonzero()
    del pixels
    if not len(xs):
        return None
    return pygame.Rect(int(xs.min()), int(ys.min()), int(xs.max() - xs.min() + 1),
                       int(ys.max() - ys.min() + 1))


HOVER_REST_S = 0.6
"""How long :func:`hover` rests the pointer: past every hover delay (Wok Star's 0.5 s, the
longest)."""


def hover(app: App, pos: tuple[int, int]) -> None:
    """The pointer rests at ``pos`` for :data:`HOVER_REST_S`: a frame reads the move, the
    window's clock (a :class:`VirtualClock`) passes the rest at once, and a frame draws what
    the rest shows. (Resting by frames drew 12 frames a control, each placing its tooltip
    again: most of these tests' time.)"""
    assert isinstance(app.clock, VirtualClock), app.clock
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0),
                                                              "buttons": (0, 0, 0)}))
    app.frame()
    app.clock.advance(HOVER_REST_S)
    app.frame()


class TextHeights:
    """The height of every non-empty text rendered while it is in use (every pygame font
    made meanwhile is one that records)."""

    def __init__(self) -> None:
        self.heights: list[tuple[int, str]] = []

    @contextmanager
    def recording(self) -> Iterator[TextHeights]:
        base = pygame.font.Font
        heights = self.heights

        class Recording(base):  # type: ignore[misc, valid-type]
            def render(self, text: str | bytes | None, antialias: bool,
                       *args: object, **kwargs: object) -> pygame.Surface:
                image = super().render(text, antialias, *args, **kwargs)
                if text:
                    heights.append((image.get_height(), str(text)))
                return image

        pygame.font.Font = Recording  # type: ignore[misc]
        try:
            yield self
        finally:
            pygame.font.Font = base  # type: ignore[misc]

    def smallest(self) -> tuple[int, str]:
        return min(self.heights)
