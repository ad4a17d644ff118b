"""The window and its event loop: one frame at a time, the same loop for people and tests.

:class:`App` is the one host of every scene: the launcher, each game, a replay. It owns the
pygame window, reads events, lets the scene update (physics pictures advance by the frame's
real time through the fixed-step accumulator of :mod:`wokphysics.ui.animation`), draws, and
flips. The frame rate is capped (``fps``); with ``max_frames`` it stops after that many frames,
and with ``screenshot`` it saves the last frame as a PNG (both work under
``SDL_VIDEODRIVER=dummy``). ``switch`` replaces the scene in the same window (the launcher
starting a game, a game going back to the launcher). Keys: F1/H help, Esc pause, R restart
(asks first), M mute, Space skip.

Scenes are made by a factory ``new_scene(app) -> Scene`` (called again on restart). Wok on
Fire's scenes draw the physics table through ``app.table_renderer(cfg)``; :func:`on_table`
adapts a factory ``make(renderer, text, app)`` to that.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pygame

from wokphysics.config.paths import sprites_dir
from wokphysics.config.wok_on_fire import WokOnFireConfig
from wokphysics.errors import UserError
from wokphysics.games.reference import RulesReference
from wokphysics.records.saving import SaveFailed
from wokphysics.ui.display import missing_display
from wokphysics.ui.guide import Guide
from wokphysics.ui.pointer_clock import POLL_S, EventStamper, RealClock, WindowClock
from wokphysics.ui.readable import at_least_minimum
from wokphysics.ui.render import TableRenderer
from wokphysics.ui.rules_overlay import RulesOverlay
from wokphysics.ui.scene import Scene
from wokphysics.ui.sound import Sound
from wokphysics.ui.sprite_cache import Sprites
from wokphysics.ui.viewport import Viewport
from wokphysics.ui.widgets import (
    DIM,
    GOLD,
    RULES_LABEL,
    WHITE,
    Text,
    rules_button_font,
    rules_button_rect,
)

DEFAULT_SIZE = (1280, 800)
FLASH_S = 2.0
"""Seconds a window-wide word (M's "Sound off") stays."""


SceneFactory = Callable[["App"], Scene]
"""Makes the scene the host runs (again on restart): ``new_scene(app)``."""


@dataclass
class WindowOptions:
    """How to open the window and when to stop (``max_frames``, for tests and bug reports)."""

    size: tuple[int, int] = DEFAULT_SIZE
    fullscreen: bool = False
    max_frames: int | None = None
    screenshot: Path | None = None
    fps: int = 60
    title: str = "wokphysics"
    mute: bool = False
    scale: float = 1.0
    """The UI scale (one of :data:`~wokphysics.ui.readable.SCALES`): text and controls this
    many times their size at scale 1 (:mod:`wokphysics.ui.viewport`)."""


def replay_window_options(args: object, title: str) -> WindowOptions:
    """The window of a replay viewer: ``args``' ``max_frames`` (at least 1), ``screenshot``,
    ``scale`` (one of the UI scales) and ``size`` (WxH, at least the smallest window), all
    optional attributes, each refused in one line (a UserError) when out of range; with
    ``title``."""
    from wokphysics.ui.readable import parse_scale, parse_size

    max_frames = getattr(args, "max_frames", None)
    if max_frames is not None and max_frames < 1:
        raise UserError(f"--max-frames must be at least 1, not {max_frames}")
    screenshot = getattr(args, "screenshot", None)
    scale = getattr(args, "scale", None)
    size = getattr(args, "size", None)
    return WindowOptions(max_frames=max_frames,
                         screenshot=Path(screenshot) if screenshot else None, title=title,
                         scale=1.0 if scale is None else parse_scale(scale),
                         size=DEFAULT_SIZE if size is None else parse_size(size))


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
        size = at_least_minimum(options.size)
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


def _sign(value: float) -> int:
    return (value > 0) - (value < 0)


class Terminated(KeyboardInterrupt):
    """SIGTERM reached a window that was not in its own loop (a test driving frames): it
    stops like Ctrl-C (pytest ends the run), the game saved first."""


def _stop_on_sigterm(app: App) -> None:
    """Make SIGTERM close ``app``'s window as closing it does (the game saved).

    SDL turns SIGTERM into a quit event, which only a loop that reads it obeys; a test
    looping on ``frame()`` ignored it and had to be killed. This handler asks the window to
    stop; :meth:`App.frame` obeys between frames (never in the middle of a move). Once the
    window is gone the signal's default comes back, so the process still ends."""
    if threading.current_thread() is not threading.main_thread():
        return  # signals are handled on the main thread only

    def handler(signum: int, frame: object) -> None:
        if app.closed or not pygame.display.get_init() or app._terminating:
            # No window (a test closed it), or a second SIGTERM while the first waits for a
            # frame that never comes: end the process the default way.
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGTERM)
            return
        app.terminate()

    signal.signal(signal.SIGTERM, handler)


def load_sprites(cfg: WokOnFireConfig) -> Sprites:
    try:
        folder: Path | None = sprites_dir()
    except FileNotFoundError:
        folder = None
    return Sprites(cfg, folder)


def on_table(cfg: WokOnFireConfig, make: Callable[[TableRenderer, Text, App], Scene]
             ) -> SceneFactory:
    """A factory for a scene drawn on Wok on Fire's physics table: ``make(renderer, text,
    app)`` gets the host's table renderer for ``cfg`` (made once, resized with the window)."""

    def new_scene(app: App) -> Scene:
        return make(app.table_renderer(cfg), app.text, app)

    return new_scene


class App:
    """The event loop around one scene at a time; ``new_scene(app)`` makes it (called at the
    start and on restart; :meth:`switch` changes the factory)."""

    def __init__(self, options: WindowOptions, new_scene: SceneFactory,
                 clock: WindowClock | None = None) -> None:
        self.options = options
        self.clock: WindowClock = clock if clock is not None else RealClock()
        """The window's clock: frame pacing and when each input event happened."""
        self._frame_start = self.clock.now()
        self._stamper = EventStamper(self._frame_start)
        self.screen = open_window(options)
        _stop_on_sigterm(self)
        self.text = Text()
        self.text.set_scale(options.scale)
        self.viewport = Viewport(options.scale)
        self._relaid = False
        """The scene was laid out anew this frame (reflowed or back to magnified)."""
        """The UI scale's canvas and view (scale 1: the scene draws on the window)."""
        self.sound = Sound(muted=options.mute)
        self._table: tuple[WokOnFireConfig, TableRenderer] | None = None
        self._scene_on_table = False  # the scene draws the physics table (overlays centre on it)
        self._size = self.screen.get_size()
        self.on_leave: Callable[[], None] | None = None
        """Called once before the scene is replaced (switch, restart) or the window closes:
        where a game saves itself. Each scene's factory sets it anew (it is cleared first). If
        it raises SaveFailed (a full disk), the window stays open and says so: the player may
        free some space and close again (or quit unsaved with Q)."""
        self.save_problem: Callable[[], str | None] | None = None
        """Why the game's save file is behind the game (a full disk), or None: shown at the
        top of the window while it lasts. Each scene's factory that saves sets it."""
        self.unsaved: str | None = None
        """Leaving the game could not save it: why (the box shown until the player closes
        again, goes on playing with Esc, or quits unsaved with Q)."""
        self.home: SceneFactory | None = None
        """Where Q (while paused) goes: the launcher's factory, or None to close the window."""
        self.guide: Guide | None = None
        """The guided first turn shown over the scene (:mod:`wokphysics.ui.guide`), if any:
        a scene's factory sets it on a person's first game; it only reads and draws."""
        self.make_guide: Callable[[], Guide | None] | None = None
        """Makes the scene's guide again (F1 then G), if the scene has one. Each scene's
        factory sets it anew (it is cleared first)."""
        self.guide_clock_s = 0.0
        self._new_scene = new_scene
        self.scene: Scene = new_scene(self)
        self.frames = 0
        self.running = True
        self.paused = False
        self.help = False
        self.confirm_restart = False
        self.speed = 1.0
        self.frame_ms: list[float] = []
        self.closed = False
        """The window was closed (:meth:`close`): this App draws no more."""
        self._in_loop = False
        self._terminating = False
        self.rules_overlay = RulesOverlay(self.text)
        """The help overlay: the controls, then the scene's rules at hand (page by page)."""
        self.rules_button: pygame.Rect | None = None
        """Where the Rules button was drawn last (None: not drawn)."""
        self.flash: tuple[str, float] | None = None
        """A short word over the window and the seconds it has left (M's "Sound off")."""
        self.flash_rect: pygame.Rect | None = None
        """Where the last frame drew the flash (for tests)."""
        self._box_rect: pygame.Rect | None = None  # the box (pause, restart?) drawn last
        self._held_pointer: tuple[tuple[int, int], float] | None = None
        """Where the pointer last moved while an overlay (pause, help, restart?) was open:
        the scene is told once the overlay closes, so its hover is not stale."""

    @property
    def renderer(self) -> TableRenderer:
        """The physics table's renderer (a scene made with :func:`on_table` asked for it)."""
        if self._table is None:
            raise RuntimeError("no scene has drawn the physics table in this window yet")
        return self._table[1]

    def table_renderer(self, cfg: WokOnFireConfig) -> TableRenderer:
        """The physics table's renderer for ``cfg``: made once (sprites loaded then), kept
        the size of the window."""
        if self._table is None or self._table[0] is not cfg:
            renderer = TableRenderer(cfg.physics, load_sprites(cfg), self.scene_size,
                                     self.text.least)
            self._table = (cfg, renderer)
        self._scene_on_table = True
        return self._table[1]

    @property
    def scene_size(self) -> tuple[int, int]:
        """The size the scene is laid out for, px: the window's, or the UI scale's canvas."""
        if self.viewport.active:
            return self.viewport.canvas_size(self.screen.get_size())
        return self.screen.get_size()

    def _reflow(self) -> None:
        """At a UI scale, a scene that reflows (one with ``reflow(window, scale)``, returning
        the canvas it needs: the window's width, its layout's height) is laid out for the
        view's width; any other (or one that answers None for now) is drawn magnified on a
        canvas ``scale`` times the window."""
        reflow = getattr(self.scene, "reflow", None)
        if reflow is None:
            self.viewport.content = None
            return
        window = self.screen.get_size()
        content = reflow(window, self.viewport.scale)
        if content is not None and self.viewport.active:  # never lower than the view
            content = (content[0], max(content[1], self.viewport.view(window).height))
        content = content if self.viewport.active else None  # None: magnified
        if content != self.viewport.content:
            self._relaid = True
        self.viewport.content = content

    def set_scale(self, scale: float) -> None:
        """Change the UI scale (the launcher's option): the next frame is laid out anew."""
        self.viewport = Viewport(scale)
        self.text.set_scale(scale)
        self.options.scale = scale

    def scene_surface(self) -> pygame.Surface:
        """The surface the scene draws on this frame (:meth:`Viewport.surface`)."""
        return self.viewport.surface(self.screen)

    def _px(self, px: float) -> int:
        """A size of the window's own boxes at scale 1, at the UI scale (px)."""
        return round(px * self.viewport.scale)

    def _leave(self) -> None:
        leave, self.on_leave = self.on_leave, None
        if leave is not None:
            try:
                leave()
            except SaveFailed:
                self.on_leave = leave  # still to do: the next try saves it
                raise
            self.unsaved = None
            self.save_problem = None

    def restart(self) -> None:
        try:
            self._leave()
        except SaveFailed as failure:
            self.unsaved = str(failure)
            self.confirm_restart = False
            return
        self._scene_on_table = False
        self.guide = None
        self.make_guide = None
        if self._table is not None:  # the table's panel back at its right (a scene that
            self._table[1].panel_below = 0  # reflows puts it below again), laid out anew
            self._size = (0, 0)
        self.scene = self._new_scene(self)
        self.viewport.offset = (0, 0)  # a new scene (a game from the launcher) from its top
        self.confirm_restart = False
        self.paused = False

    def switch(self, new_scene: SceneFactory) -> None:
        """Replace the scene in this window by ``new_scene(app)`` (which restart makes anew)."""
        self._new_scene = new_scene
        self.help = False
        self.restart()

    # ------------------------------------------------------------------ one frame
    def frame(self, real_s: float | None = None) -> bool:
        """Read events, update, draw and show one frame; False once the window should close.

        ``real_s`` is the frame's duration (s); by default the clock's: the loop waits for the
        frame cap, reading events every ``POLL_S`` meanwhile so each is stamped close to when
        it happened (:mod:`wokphysics.ui.pointer_clock`)."""
        if self._terminating:
            self._stop_for_signal()
            return False
        if real_s is None:
            elapsed = self._wait_for_frame()
        else:
            elapsed = real_s
        self.read_events()
        self._reflow()
        if self.scene_size != self._size:
            self._size = self.scene_size
            if self._table is not None:
                self._table[1].least_font = self.text.least
                self._table[1].resize(self._size)
        if not self.overlay_open:
            self.scene.update(elapsed, self.speed)
            self._update_guide(elapsed)
        if self.flash is not None:
            words, left = self.flash
            self.flash = (words, left - elapsed) if left > elapsed else None
        self.read_events()  # between the frame's parts, so no batch spans the whole frame
        self.text.over_scene = self._over_scene()
        self._reflow()  # a click meanwhile may have changed the scale
        surface = self.scene_surface()
        self.scene.draw(surface)
        if self._relaid:  # laid out anew (reflowed, or back to magnified): what is under
            self._relaid = False  # the pointer now is another thing (the hover is told)
            self._pointer_here()
        self._draw_guide(surface)
        self.viewport.show(self.screen, self.text, RULES_LABEL if self.rules is not None
                           else None)
        self.draw_overlays()
        self.read_events()
        pygame.display.flip()
        self.frames += 1
        if self.options.max_frames is not None and self.frames >= self.options.max_frames:
            self.running = False
        return self.running

    def _wait_for_frame(self) -> float:
        """Wait until the frame cap allows the next frame, reading events meanwhile; the
        seconds since the previous frame started."""
        deadline = self._frame_start + 1.0 / self.options.fps
        while True:
            now = self.clock.now()
            self.read_events()
            if now >= deadline:
                break
            self.clock.idle(min(POLL_S, deadline - now))
        elapsed = now - self._frame_start
        self._frame_start = now
        return elapsed

    @property
    def events_read_s(self) -> float:
        """When the window last read its event queue (its clock, s): every event read later
        is stamped after this moment."""
        return self._stamper.last_read

    @property
    def batch_span_s(self) -> float:
        """How long the batch of events being handled may have taken, s
        (:attr:`~wokphysics.ui.pointer_clock.EventStamper.batch_span_s`)."""
        return self._stamper.batch_span_s

    def read_events(self) -> None:
        """Handle the events waiting in the queue, each stamped with its estimated time."""
        now = self.clock.now()  # first: every event in the queue came before this moment
        events = pygame.event.get()
        if not events:
            self._stamper.last_read = now
            return
        buttons = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        companions = [i > 0 and event.type in buttons
                      and events[i - 1].type == pygame.MOUSEMOTION
                      and getattr(event, "pos", None) == getattr(events[i - 1], "pos", None)
                      for i, event in enumerate(events)]
        ends = any(event.type == pygame.MOUSEBUTTONUP for event in events)
        for event, t_s in zip(events, self._stamper.stamp(len(events), now, companions, ends),
                              strict=True):
            self.handle(event, t_s)

    def terminate(self) -> None:
        """Stop at the next frame, as if the window were closed (SIGTERM's handler)."""
        self._terminating = True
        self.running = False

    def _stop_for_signal(self) -> None:
        """SIGTERM between frames: inside :meth:`run` the loop ends and saves as on closing;
        a caller driving frames itself gets :class:`Terminated` once the game is saved."""
        self.running = False
        if self._in_loop:
            return
        self._terminating = False
        self._leave()
        self.close()
        raise Terminated()

    def close(self) -> None:
        """Close the window (pygame's display) and the sound mixer; SIGTERM ends the process as
        usual again."""
        self.closed = True
        # The mixer's audio thread calls back into Python each time an effect ends; left
        # running after the window closes, it outlives the game (a crash in a process that
        # went on, seen as a segfault when the thread took the GIL during tracemalloc's stop).
        if pygame.mixer.get_init() is not None:
            pygame.mixer.quit()
        pygame.display.quit()

    def run(self) -> int:
        """Loop until the window is closed (or ``max_frames``, or SIGTERM); save the
        screenshot; 0."""
        self._in_loop = True
        try:
            while self.frame():
                pass
            if self.options.screenshot is not None:
                self.save_screenshot(self.options.screenshot)
            while not self._left():
                self.running = True
                while self.frame():
                    pass
        except KeyboardInterrupt:
            self._leave()  # Ctrl-C saves like closing the window: the unfinished turn too
            raise
        finally:
            self._in_loop = False
            self.close()
        return 0

    def _left(self) -> bool:
        """Leave the game (save it) as the window closes: False when the save failed and the
        player may still free some space and close again (the box says so); a window that
        closes by itself (``max_frames``, SIGTERM) says it in one line (SaveFailed)."""
        try:
            self._leave()
        except SaveFailed as failure:
            if self.options.max_frames is not None or self._terminating or self.closed:
                raise
            self.unsaved = str(failure)
            return False
        return True

    def _quit_unsaved(self) -> None:
        """Q in the "Not saved" box: close without the last save (the file keeps the game
        as it was last saved)."""
        self.on_leave = None
        self.unsaved = None
        self.running = False

    def save_screenshot(self, path: Path) -> None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.screen, str(path))
        except (OSError, pygame.error) as error:
            raise UserError(f"{path}: cannot save the screenshot: {error}") from None

    # ------------------------------------------------------------------ events
    @property
    def overlay_open(self) -> bool:
        """Pause, help or the restart question is shown: the scene gets no pointer input."""
        return self.paused or self.help or self.confirm_restart or self.unsaved is not None

    def handle(self, event: pygame.event.Event, t_s: float) -> None:
        """One event; ``t_s`` is when it happened on the window's clock (s)."""
        covered = self.overlay_open
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.VIDEORESIZE:
            self.screen = pygame.display.get_surface()
            self._keep_minimum()
        elif event.type == pygame.WINDOWLEAVE:
            self.scene.pointer_away()
        elif event.type == pygame.MOUSEWHEEL:
            if self.help:  # the wheel scrolls a long page of the help
                self.rules_overlay.scroll_by(-3 * _sign(event.y))
            elif self.viewport.active and not covered:  # the wheel pans (Shift: sideways)
                sideways = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
                dx = -event.y if sideways else event.x
                dy = 0 if sideways else -event.y
                self._pan(_sign(dx), _sign(dy), t_s)
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)
            if self.overlay_open and not covered:
                # the scene is drawn under the box: a tooltip where the pointer rested
                # would show through it (and stay, as the scene sees no pointer now)
                self.scene.pointer_away()
        elif covered:
            # The scene does not see the pointer under an overlay (a drag must not go on
            # while paused), but learns where it went once the overlay closes.
            if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
                self._held_pointer = (self.viewport.to_scene(event.pos), t_s)
            if event.type == pygame.MOUSEBUTTONDOWN:
                if not (self.help and self.rules_overlay.click(event.pos)):
                    self.paused = self.help = False
        elif (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
              and self.rules_button is not None and self.rules_button.collidepoint(event.pos)):
            self.open_help(rules=True)
            self.scene.pointer_away()
        elif (event.type == pygame.MOUSEBUTTONDOWN
              and self.viewport.click(event.pos, self.screen.get_size())):
            pass  # the pan bar's: the scene never sees it
        elif event.type == pygame.MOUSEMOTION and self.viewport.in_bar(event.pos):
            self.scene.pointer_away()  # on the pan bar: nothing of the scene is under it
        elif (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
              and self.guide is not None
              and self.guide.click(self.viewport.to_scene(event.pos))):
            self.guide = None  # Skip: the click was the guide's, the scene never sees it
        elif event.type == pygame.MOUSEBUTTONDOWN and not (self.viewport.active
                                                            and event.button in (4, 5, 6, 7)):
            self.scene.mouse_down(event.button, self.viewport.to_scene(event.pos), t_s)
        elif event.type == pygame.MOUSEMOTION:
            self.scene.mouse_move(self.viewport.to_scene(event.pos), t_s)
        elif event.type == pygame.MOUSEBUTTONUP and not (self.viewport.active
                                                          and event.button in (4, 5, 6, 7)):
            self.scene.mouse_up(event.button, self.viewport.to_scene(event.pos), t_s)
        if covered and not self.overlay_open and self._held_pointer is not None:
            pos, moved_s = self._held_pointer
            self._held_pointer = None
            self.scene.mouse_move(pos, moved_s)

    def _pan(self, dx: int, dy: int, t_s: float) -> None:
        """Move the UI scale's view (the wheel, PgUp / PgDn), not while a button is held (a
        stroke or a drag goes on where it started); the scene learns what is under the
        pointer now (its hover moved with the picture)."""
        if any(pygame.mouse.get_pressed()):
            return
        before = self.viewport.offset
        self.viewport.pan(dx, dy, self.screen.get_size())
        if self.viewport.offset != before:
            self._pointer_here(t_s)

    def _pointer_here(self, t_s: float | None = None) -> None:
        """The picture under the pointer changed (a pan, a new layout): the scene learns
        what is under it now, not while a button is held (a stroke or a drag goes on)."""
        if not pygame.mouse.get_focused() or any(pygame.mouse.get_pressed()):
            return
        pos = pygame.mouse.get_pos()
        if self.viewport.in_bar(pos):
            self.scene.pointer_away()
        else:
            self.scene.mouse_move(self.viewport.to_scene(pos),
                                  self.clock.now() if t_s is None else t_s)

    def _key(self, key: int) -> None:
        if key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and self.viewport.active:
            self._pan(0, -1 if key == pygame.K_PAGEUP else 1, self.clock.now())
            return
        if key == pygame.K_m:  # wherever it is pressed: in play, paused, in a box, the help
            self.sound.toggle_mute()
            self.flash = ("Sound off (M: sound on)" if self.sound.muted else
                          "Sound on (M: mute)", FLASH_S)
            return
        if self.unsaved is not None:
            if key == pygame.K_q:
                self._quit_unsaved()
            elif key == pygame.K_ESCAPE:
                self.unsaved = None  # go on playing: the next autosave or close tries again
            return
        if self.confirm_restart:
            if key in (pygame.K_y, pygame.K_RETURN):
                self.restart()
            elif key in (pygame.K_n, pygame.K_ESCAPE):
                self.confirm_restart = False
            return
        if self.help and self.rules_overlay.key(key, self.rules):
            return
        if self.help and key == pygame.K_g and self.make_guide is not None:
            self.help = False
            self.show_guide()
            return
        if (self.guide is not None and key in (pygame.K_s, pygame.K_ESCAPE)
                and not (self.help or self.paused)):
            self.guide.skip()  # S or Esc ends the guide (Esc pauses once it is gone)
            self.guide = None
            return
        if key in (pygame.K_F1, pygame.K_h):
            if self.help:
                self.help = False
            else:
                self.open_help()
        elif key == pygame.K_ESCAPE:
            if self.help:
                self.help = False
            else:
                self.paused = not self.paused
        elif key == pygame.K_r:
            self.confirm_restart = True
        elif key == pygame.K_q and self.paused:
            if self.home is not None:
                home, self.home = self.home, None
                self.paused = False
                self.switch(home)
            else:
                self.running = False
        elif not (self.paused or self.help):
            self.scene.key(key)

    # ------------------------------------------------------------------ overlays
    def draw_overlays(self) -> None:
        self._box_rect = None
        self._draw_boxes()
        # The flash last, clear of a box or the help drawn this frame.
        self.flash_rect = None
        if self.flash is not None:
            covering = self.rules_overlay.box if self.help else self._box_rect
            self._draw_flash(self.flash[0], covering)

    def _draw_boxes(self) -> None:
        if self.unsaved is not None:
            self._box("Not saved", [self.unsaved, "", "Free some space (or make the folder "
                                    "writable), then close the window again to save.",
                                    "Esc: go on playing", "Q: quit without saving (the file "
                                    "keeps the game as it was last saved)"])
            return
        problem = self.save_problem() if self.save_problem is not None else None
        if problem is not None:
            self._banner(f"{problem}. The game goes on; it is saved again after every turn "
                         "and when you close the window: free some space meanwhile.")
        self.rules_button = None
        if self.help:
            self.rules_overlay.draw(self.screen, self._overlay_area(), self.help_text(),
                                    self.rules, self.viewport.scale)
        elif self.confirm_restart:
            self._box("Restart?", ["Start a new game? The current one ends here "
                                   "(the autosave file then holds the new game).", "",
                                   "Y: yes, restart", "N or Esc: no, go on"])
        elif self.paused and getattr(self.scene, "is_menu", False):
            # a menu has no game to pause: Esc there asks whether to quit
            self._box("Quit wokphysics?", ["Q: quit", "Esc: back to the launcher",
                                           "F1 or H: controls"])
        elif self.paused:
            leave = "Q: back to the launcher" if self.home is not None else "Q: quit"
            sound = "M: sound on" if self.sound.muted else "M: mute"
            rules = "F1 or H: controls and rules" if self.rules else "F1 or H: controls"
            self._box("Paused", ["Esc: go on", leave, rules, sound])
        elif self.rules is not None and not getattr(self.scene, "curtain", False):
            # the hot seat's curtain covers everything until the next person clicks
            self._draw_rules_button()

    # ------------------------------------------------------------------ the guide
    def _over_scene(self) -> list[pygame.Rect]:
        """Where this frame draws over the scene (the Rules button, the guide's box as last
        drawn): the scene's tooltips keep clear of them."""
        found = []
        if self.rules is not None and not self.viewport.active:  # else it is in the pan bar
            found.append(self._rules_rect())
        if self.guide is not None and self.guide.hint_rect is not None:
            found.append(self.guide.hint_rect)
        return found

    def _keep_minimum(self) -> None:
        """A window resized below :data:`~wokphysics.ui.readable.MIN_WINDOW` is set back to
        it (in either direction that is short), so no text gets under 12 px."""
        size = self.screen.get_size()
        wanted = at_least_minimum(size)
        if wanted != size and not self.options.fullscreen:
            self.screen = pygame.display.set_mode(wanted, pygame.RESIZABLE)

    def show_guide(self) -> None:
        """Open the scene's guided turn from its first step (F1 then G)."""
        if self.make_guide is not None:
            self.guide = self.make_guide()

    def _update_guide(self, elapsed: float) -> None:
        if self.guide is None:
            return
        self.guide_clock_s += elapsed
        self.guide.update(elapsed)
        if self.guide.closed:
            self.guide = None

    def _rules_rect(self) -> pygame.Rect:
        """Where the Rules button goes (window px): the top right corner, or at a UI scale
        above 1 the right end of the pan bar (over the scene it would cover a control at one
        place of the view or another)."""
        if self.viewport.active:
            return self.viewport.bar_button(self.text, RULES_LABEL, self.screen.get_size())
        return rules_button_rect(self.text, self.screen.get_size())

    def _draw_guide(self, surface: pygame.Surface) -> None:
        """The guide's hint over the scene, on the scene's surface (its arrow points at the
        scene's controls)."""
        if (self.guide is None or self.help or self.paused or self.confirm_restart
                or self.unsaved is not None):
            return
        if getattr(self.scene, "curtain", False):
            self.guide.skip_rect = None  # the hot seat's curtain covers everything
            return
        drawing = getattr(self.scene, "drawing", None)
        notice = getattr(drawing, "notice_rect", None)
        rules = (self._rules_rect() if self.rules is not None and not self.viewport.active
                 else None)
        area = (surface.get_clip() if self.viewport.active else self._overlay_area())
        self.guide.draw(surface, self.text, area,
                        notice if isinstance(notice, pygame.Rect) else None,
                        self.guide_clock_s, rules, self.viewport.scale)

    # ------------------------------------------------------------------ rules at hand
    @property
    def rules(self) -> RulesReference | None:
        """The scene's rules at hand (its ``rules`` attribute), if it has them."""
        found = getattr(self.scene, "rules", None)
        return found if isinstance(found, RulesReference) else None

    def refusal(self) -> str | None:
        """The refusal the scene shows now (its presenter's red status line), if any."""
        presenter = getattr(self.scene, "presenter", None)
        if presenter is not None and getattr(presenter, "status_is_error", False):
            status = getattr(presenter, "status", "")
            return status if isinstance(status, str) and status else None
        return None

    def open_help(self, rules: bool = False) -> None:
        """Open the help: on the rules (``rules``, the Rules button), else on the page of the
        rule the scene's refusal enforces, else on the controls."""
        self.help = True
        self.rules_overlay.open_for(self.rules, "" if rules else self.refusal())

    def _draw_rules_button(self) -> None:
        """The Rules button, in the window's top right corner."""
        # never below the 11 px letters every other word of the window keeps (size 22)
        size = (self.viewport.bar_font(self.screen.get_size()) if self.viewport.active
                else rules_button_font(self.screen.get_size()))
        image = self.text.render(RULES_LABEL, size, (24, 20, 16), bold=True)
        box = self._rules_rect()
        pygame.draw.rect(self.screen, GOLD, box, border_radius=6)
        pygame.draw.rect(self.screen, (24, 20, 16), box, 1, border_radius=6)
        self.screen.blit(image, image.get_rect(center=box.center))
        self.rules_button = box

    def _overlay_area(self) -> pygame.Rect:
        if self.viewport.active:
            return self.viewport.view(self.screen.get_size())
        if self._scene_on_table and self._table is not None:
            return pygame.Rect(self._table[1].map.area)
        return self.screen.get_rect()

    def _draw_flash(self, words: str, covering: pygame.Rect | None = None) -> None:
        """``words`` in a dark pill in the middle of the window (at the top it covered the
        notices the games put there: Wok on Fire's chop landings, the turn games' news), or
        just below the box ``covering`` the middle (pause, help), above it if there is no
        room below."""
        size = self._px(max(18, self.screen.get_height() // 34))
        image = self.text.render(words, size, WHITE, bold=True)
        box = image.get_rect().inflate(size, size // 2)
        screen = self.screen.get_rect()
        box.center = screen.center
        if covering is not None and box.colliderect(covering):
            box.top = covering.bottom + 8
            if box.bottom > screen.bottom:
                box.bottom = covering.top - 8
            box.clamp_ip(screen)
        pygame.draw.rect(self.screen, (20, 16, 14), box, border_radius=box.height // 2)
        pygame.draw.rect(self.screen, GOLD, box, 2, border_radius=box.height // 2)
        self.screen.blit(image, image.get_rect(center=box.center))
        self.flash_rect = box

    def help_text(self) -> list[str]:
        """The controls overlay (F1): the scene's keys, then the window's own (M)."""
        lines = [f"{k}: {v}" for k, v in getattr(self.scene, "help_lines", ())]
        sound = "sound on (muted now)" if self.sound.muted else "mute the sound"
        guide = (["G: the guided first turn (again): a hint at each step, S or Esc skips it"]
                 if self.make_guide is not None else [])
        pan = ([f"UI scale {self.viewport.scale:g}x: the arrows at the bottom, the mouse wheel "
                "(Shift: sideways) or PgUp / PgDn show the rest of the picture"]
               if self.viewport.active else [])
        return lines + [f"M: {sound}"] + guide + pan + ["", "Esc closes"]

    def _banner(self, line: str) -> None:
        """One line of warning across the top of the window (wrapped), over the scene."""
        size = self._px(max(14, self.screen.get_height() // 50))
        width = self.screen.get_width()
        wrapped = self.text.wrap(line, size, width - 40)
        shade = pygame.Surface((width, (len(wrapped) + 1) * size + 8), pygame.SRCALPHA)
        shade.fill((90, 20, 16, 230))
        self.screen.blit(shade, (0, 0))
        for row, text in enumerate(wrapped):
            self.screen.blit(self.text.render(text, size, WHITE), (20, 8 + row * size))

    def _box(self, title: str, lines: list[str]) -> None:
        area = self._overlay_area()
        width = min(area.width - 40, self._px(640))
        size = self._px(max(16, self.screen.get_height() // 40))
        wrapped: list[str] = []
        for line in lines:
            wrapped.extend(self.text.wrap(line, size, width - 40) if line else [""])
        height = (len(wrapped) + 2) * size + 40
        box = pygame.Rect(0, 0, width, height)
        box.center = area.center
        self._box_rect = box
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
