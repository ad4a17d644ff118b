"""The window and its event loop: one frame at a time, the same loop for people and tests.

:class:`App` owns the pygame window, reads events, lets the scene update (physics pictures
advance by the frame's real time through the fixed-step accumulator of
:mod:`wokphysics.ui.animation`), draws, and flips. The frame rate is capped (``fps``); with
``max_frames`` it stops after that many frames, and with ``screenshot`` it saves the last
frame as a PNG (both work under ``SDL_VIDEODRIVER=dummy``). Keys: F1/H help, Esc pause,
R restart (asks first), Space skip.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import pygame

from wokphysics.config.paths import sprites_dir
from wokphysics.config.wok_on_fire import WokOnFireConfig
from wokphysics.errors import UserError
from wokphysics.ui.display import missing_display
from wokphysics.ui.render import TableRenderer
from wokphysics.ui.sprite_cache import Sprites
from wokphysics.ui.widgets import DIM, GOLD, WHITE, Text

DEFAULT_SIZE = (1280, 800)


class Scene(Protocol):
    """What the loop drives: a game being played, or a replay being watched."""

    def update(self, real_s: float, speed: float = 1.0) -> None: ...
    def draw(self, surface: pygame.Surface) -> None: ...
    def mouse_down(self, button: int, pos: tuple[int, int], t_ms: int) -> None: ...
    def mouse_move(self, pos: tuple[int, int], t_ms: int) -> None: ...
    def mouse_up(self, button: int, pos: tuple[int, int], t_ms: int) -> None: ...
    def key(self, key: int) -> None: ...


@dataclass
class WindowOptions:
    """How to open the window and when to stop (``max_frames``, for tests and bug reports)."""

    size: tuple[int, int] = DEFAULT_SIZE
    fullscreen: bool = False
    max_frames: int | None = None
    screenshot: Path | None = None
    fps: int = 60
    title: str = "Wok on Fire"


def open_window(options: WindowOptions) -> pygame.Surface:
    """Set up pygame's display and fonts and open the window (a UserError if it cannot)."""
    problem = missing_display()
    if problem is not None:
        raise UserError(problem)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        pygame.display.init()
        pygame.font.init()
        flags = pygame.RESIZABLE
        size = options.size
        if options.fullscreen:
            flags = pygame.FULLSCREEN
            size = (0, 0)
        screen = pygame.display.set_mode(size, flags)
    except pygame.error as error:
        pygame.display.quit()
        driver = os.environ.get("SDL_VIDEODRIVER", "the default driver")
        raise UserError(f"cannot open the game window ({driver}): {error}; "
                        "headless commands still work: simulate, score, replay --verify, bench"
                        ) from None
    pygame.display.set_caption(options.title)
    pygame.key.set_repeat(0)
    return screen


def load_sprites(cfg: WokOnFireConfig) -> Sprites:
    try:
        folder: Path | None = sprites_dir()
    except FileNotFoundError:
        folder = None
    return Sprites(cfg, folder)


HELP_LINES = (
    ("Stir fry", "press on the table, drag and release: a quick flick under a card's edge "
                 "flips it, a lazy drag pushes"),
    ("Pick up", "click up to two yellow-framed cards (click again to un-name), then Enter"),
    ("Why not?", "clicking a card that may not be taken says why"),
    ("Blind Chicken", "right-click a face-up card whose centre circle is hidden"),
    ("Chop", "press in your lit hand area at your edge, drag into the wok, release"),
    ("Bonuses", "buttons or keys: 1 Green Pepper first, 2 Garlic first; C / N for the Chili"),
    ("Garlic gift", "click the receiving opponent's aid or name (or keys 1-4)"),
    ("Space", "skip the animation; hurry the bots to your turn"),
    ("Esc", "pause (Q quits while paused)"),
    ("R", "restart (asks first)"),
    ("F1 or H", "this help"),
)


class App:
    """The event loop around one scene; ``new_scene(renderer, text)`` makes a fresh scene
    (called at the start and on restart)."""

    def __init__(self, cfg: WokOnFireConfig, options: WindowOptions,
                 new_scene: Callable[[TableRenderer, Text, App], Scene]) -> None:
        self.cfg = cfg
        self.options = options
        self.screen = open_window(options)
        self.text = Text()
        self.sprites = load_sprites(cfg)
        self.renderer = TableRenderer(cfg.physics, self.sprites, self.screen.get_size())
        self._new_scene = new_scene
        self.scene: Scene = new_scene(self.renderer, self.text, self)
        self.clock = pygame.time.Clock()
        self.frames = 0
        self.running = True
        self.paused = False
        self.help = False
        self.confirm_restart = False
        self.speed = 1.0
        self.frame_ms: list[float] = []

    def restart(self) -> None:
        self.scene = self._new_scene(self.renderer, self.text, self)
        self.confirm_restart = False
        self.paused = False

    # ------------------------------------------------------------------ one frame
    def frame(self, real_s: float | None = None) -> bool:
        """Read events, update, draw and show one frame; False once the window should close.

        ``real_s`` is the frame's duration (s); by default the capped clock's measure."""
        elapsed = self.clock.tick(self.options.fps) / 1000.0 if real_s is None else real_s
        for event in pygame.event.get():
            self.handle(event)
        if self.screen.get_size() != self.renderer.background.get_size():
            self.renderer.resize(self.screen.get_size())
        if not (self.paused or self.help or self.confirm_restart):
            self.scene.update(elapsed, self.speed)
        self.scene.draw(self.screen)
        self.draw_overlays()
        pygame.display.flip()
        self.frames += 1
        if self.options.max_frames is not None and self.frames >= self.options.max_frames:
            self.running = False
        return self.running

    def run(self) -> int:
        """Loop until the window is closed (or ``max_frames``); save the screenshot; 0."""
        try:
            while self.frame():
                pass
            if self.options.screenshot is not None:
                self.save_screenshot(self.options.screenshot)
        finally:
            pygame.display.quit()
        return 0

    def save_screenshot(self, path: Path) -> None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.screen, str(path))
        except (OSError, pygame.error) as error:
            raise UserError(f"{path}: cannot save the screenshot: {error}") from None

    # ------------------------------------------------------------------ events
    def handle(self, event: pygame.event.Event) -> None:
        t_ms = int(event.dict.get("t_ms", pygame.time.get_ticks()))
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.VIDEORESIZE:
            self.screen = pygame.display.get_surface()
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif self.paused or self.help or self.confirm_restart:
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.paused = self.help = False
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.scene.mouse_down(event.button, event.pos, t_ms)
        elif event.type == pygame.MOUSEMOTION:
            self.scene.mouse_move(event.pos, t_ms)
        elif event.type == pygame.MOUSEBUTTONUP:
            self.scene.mouse_up(event.button, event.pos, t_ms)

    def _key(self, key: int) -> None:
        if self.confirm_restart:
            if key in (pygame.K_y, pygame.K_RETURN):
                self.restart()
            elif key in (pygame.K_n, pygame.K_ESCAPE):
                self.confirm_restart = False
            return
        if key in (pygame.K_F1, pygame.K_h):
            self.help = not self.help
        elif key == pygame.K_ESCAPE:
            if self.help:
                self.help = False
            else:
                self.paused = not self.paused
        elif key == pygame.K_r:
            self.confirm_restart = True
        elif key == pygame.K_q and self.paused:
            self.running = False
        elif not (self.paused or self.help):
            self.scene.key(key)

    # ------------------------------------------------------------------ overlays
    def draw_overlays(self) -> None:
        if self.help:
            lines = getattr(self.scene, "help_lines", HELP_LINES)
            self._box("Controls", [f"{k}: {v}" for k, v in lines] + ["", "Esc closes"])
        elif self.confirm_restart:
            self._box("Restart?", ["Start a new game? The current one ends here "
                                   "(the autosave file then holds the new game).", "",
                                   "Y: yes, restart", "N or Esc: no, go on"])
        elif self.paused:
            self._box("Paused", ["Esc: go on", "Q: quit", "F1 or H: controls"])

    def _box(self, title: str, lines: list[str]) -> None:
        area = pygame.Rect(self.renderer.map.area)
        width = min(area.width - 40, 640)
        size = max(16, self.screen.get_height() // 40)
        wrapped: list[str] = []
        for line in lines:
            wrapped.extend(self.text.wrap(line, size, width - 40) if line else [""])
        height = (len(wrapped) + 2) * size + 40
        box = pygame.Rect(0, 0, width, height)
        box.center = area.center
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((20, 16, 14, 230))
        self.screen.blit(shade, box.topleft)
        pygame.draw.rect(self.screen, GOLD, box, 2, border_radius=8)
        y = box.top + 16
        title_image = self.text.render(title, int(size * 1.4), GOLD, bold=True)
        self.screen.blit(title_image, title_image.get_rect(midtop=(box.centerx, y)))
        y += int(size * 1.8)
        for line in wrapped:
            self.screen.blit(self.text.render(line, size, WHITE if line else DIM),
                             (box.left + 20, y))
            y += size
