"""The UI scale: the scene laid out larger than the window, and shown a part at a time.

Every scene lays itself out from the size of the surface it is given (a reference design
scaled to it). At UI scale ``s`` the window gives the scene a *canvas* ``s`` times the
window's size, so every text and control the scene draws is ``s`` times its size at scale 1
in that window. The view (the window less the pan bar at the bottom) shows the part of the
canvas at :attr:`Viewport.offset`; the pan bar's arrows move it by a third of a view, so a
control no larger than two thirds of the view can always be seen whole. Drawing outside the
view is clipped (the canvas's clip is the view), so a frame costs about what it costs at
scale 1.

At scale 1 there is no canvas and no bar: the scene draws on the window itself, as before.
"""

from __future__ import annotations

import pygame

from wokphysics.ui.widgets import (
    DIM,
    GOLD,
    PANEL_BG,
    WHITE,
    Button,
    Text,
    draw_button,
    rules_button_font,
)

ARROWS = (("left", "< Left", (-1, 0)), ("right", "Right >", (1, 0)),
          ("up", "^ Up", (0, -1)), ("down", "v Down", (0, 1)))
"""The pan bar's buttons: name, label, direction (a third of a view each click)."""


def _nothing() -> None:
    """The bar hit-tests its own buttons."""


class Viewport:
    """A scene drawn on a canvas ``scale`` times the window's view, shown a part at a time."""

    def __init__(self, scale: float = 1.0) -> None:
        self.scale = scale
        self.offset = (0, 0)
        """The view's top left on the canvas, canvas px."""
        self.buttons: dict[str, pygame.Rect] = {}
        """The pan bar's buttons as last drawn (window px)."""
        self.bar = pygame.Rect(0, 0, 0, 0)
        """The pan bar (window px; empty at scale 1)."""
        self.content: tuple[int, int] | None = None
        """The canvas a scene that reflows asked for (px: the window's width, as tall as its
        layout at this scale), else None: the window's size times the scale."""
        self._canvas: pygame.Surface | None = None
        self._window = (0, 0)

    @property
    def active(self) -> bool:
        """Whether the scene is drawn on a canvas (a scale above 1)."""
        return self.scale > 1.0

    # ------------------------------------------------------------------ geometry
    def bar_height(self, window: tuple[int, int]) -> int:
        """The pan bar's height in a window of ``window`` px (0 at scale 1)."""
        return 0 if not self.active else round(self.bar_font(window) + 14 * self.scale)

    def view(self, window: tuple[int, int]) -> pygame.Rect:
        """Where the scene shows in a window of ``window`` px (window px)."""
        return pygame.Rect(0, 0, window[0], window[1] - self.bar_height(window))

    def canvas_size(self, window: tuple[int, int]) -> tuple[int, int]:
        """The size the scene is laid out for in a window of ``window`` px: the window's
        times the scale (not the view's: the scene keeps the window's shape, so its words
        keep their room as at scale 1, the least font size being the scale's too); for a
        scene that reflows, the canvas it asked for (:attr:`content`: as wide as the view,
        so the view pans up and down only)."""
        if self.content is not None:
            return self.content
        return round(window[0] * self.scale), round(window[1] * self.scale)

    def steps(self, window: tuple[int, int]) -> tuple[int, int]:
        """How far one click of an arrow moves the view: a third of it (canvas px)."""
        view = self.view(window)
        return max(1, view.width // 3), max(1, view.height // 3)

    def positions(self, window: tuple[int, int]) -> list[tuple[int, int]]:
        """Every place the view can show (canvas px), from the top left."""
        view = self.view(window)
        canvas = self.canvas_size(window)
        step_x, step_y = self.steps(window)

        def marks(step: int, end: int) -> list[int]:
            found = [0]
            while found[-1] < end:
                found.append(_next_mark(found[-1], 1, step, end))
            return found

        xs = marks(step_x, canvas[0] - view.width)
        ys = marks(step_y, canvas[1] - view.height)
        return [(x, y) for y in ys for x in xs]

    def _clamp(self, window: tuple[int, int]) -> None:
        view = self.view(window)
        canvas = self.canvas_size(window)
        x = max(0, min(self.offset[0], canvas[0] - view.width))
        y = max(0, min(self.offset[1], canvas[1] - view.height))
        self.offset = (x, y)

    def pan(self, dx: int, dy: int, window: tuple[int, int]) -> None:
        """Move the view by (``dx``, ``dy``) steps (:meth:`steps`)."""
        step_x, step_y = self.steps(window)
        view = self.view(window)
        canvas = self.canvas_size(window)
        x, y = self.offset
        # to the next step's mark (or the far edge), never past either end
        x = _next_mark(x, dx, step_x, canvas[0] - view.width)
        y = _next_mark(y, dy, step_y, canvas[1] - view.height)
        self.offset = (x, y)

    def show_at(self, offset: tuple[int, int], window: tuple[int, int]) -> None:
        """Show the canvas from ``offset`` (canvas px; kept inside it)."""
        self.offset = offset
        self._clamp(window)

    # ------------------------------------------------------------------ coordinates
    def to_scene(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A window point on the canvas."""
        if not self.active:
            return pos
        return pos[0] + self.offset[0], pos[1] + self.offset[1]

    def rect_to_scene(self, rect: pygame.Rect) -> pygame.Rect:
        """A window rectangle on the canvas."""
        return rect.move(self.offset) if self.active else rect

    def rect_to_window(self, rect: pygame.Rect) -> pygame.Rect:
        """A canvas rectangle in the window."""
        return rect.move(-self.offset[0], -self.offset[1]) if self.active else rect

    def in_bar(self, pos: tuple[int, int]) -> bool:
        return self.active and self.bar.collidepoint(pos)

    # ------------------------------------------------------------------ drawing
    def surface(self, screen: pygame.Surface) -> pygame.Surface:
        """The surface the scene draws on this frame: the window at scale 1, else the canvas
        with its clip set to the part the view shows."""
        if not self.active:
            return screen
        window = screen.get_size()
        size = self.canvas_size(window)
        if self._canvas is None or self._canvas.get_size() != size:
            self._canvas = pygame.Surface(size).convert()
        self._window = window
        self._clamp(window)  # the window, or a reflowed canvas's height, may have changed
        view = self.view(window)
        self._canvas.set_clip(pygame.Rect(self.offset, view.size))
        return self._canvas

    def bar_font(self, window: tuple[int, int]) -> int:
        """The pan bar's font size in a window of ``window`` px: the Rules button's at scale
        1, times the scale (the button goes in the bar)."""
        return round(rules_button_font(window) * self.scale)

    def bar_button(self, text: Text, label: str, window: tuple[int, int]) -> pygame.Rect:
        """Where a button of ``label`` goes at the right end of the pan bar (the window's
        Rules button), window px."""
        height = self.bar_height(window)
        pad = max(4, round(4 * self.scale))
        size = self.bar_font(window)
        width = text.font(size, True).size(label)[0] + 2 * pad + size // 2
        return pygame.Rect(window[0] - pad - width, window[1] - height + pad, width,
                           height - 2 * pad)

    def show(self, screen: pygame.Surface, text: Text, right: str | None = None) -> None:
        """The view's part of the canvas into the window, and the pan bar below it (room
        kept at its right end for a button of ``right``, drawn by the window)."""
        if not self.active or self._canvas is None:
            self.buttons = {}
            self.bar = pygame.Rect(0, 0, 0, 0)
            return
        window = screen.get_size()
        view = self.view(window)
        screen.blit(self._canvas, view.topleft, pygame.Rect(self.offset, view.size))
        end = self.bar_button(text, right, window).left if right is not None else window[0]
        self._draw_bar(screen, text, window, end)

    def _draw_bar(self, screen: pygame.Surface, text: Text, window: tuple[int, int],
                  end: int) -> None:
        height = self.bar_height(window)
        self.bar = pygame.Rect(0, window[1] - height, window[0], height)
        pygame.draw.rect(screen, PANEL_BG, self.bar)
        pygame.draw.line(screen, GOLD, self.bar.topleft, self.bar.topright, 1)
        size = self.bar_font(window)
        pad = max(4, round(4 * self.scale))
        x = pad
        self.buttons = {}
        view = self.view(window)
        canvas = self.canvas_size(window)
        can = {"left": self.offset[0] > 0, "right": self.offset[0] < canvas[0] - view.width,
               "up": self.offset[1] > 0, "down": self.offset[1] < canvas[1] - view.height}
        for name, label, (dx, dy) in ARROWS:
            if (dx and canvas[0] <= view.width) or (dy and canvas[1] <= view.height):
                continue  # no way to go that way (a reflowed scene: never sideways)
            width = text.font(size).size(label)[0] + 2 * pad + size // 2
            rect = pygame.Rect(x, self.bar.top + pad, width, height - 2 * pad)
            draw_button(screen, text, Button(rect, label, _nothing, can[name]), size)
            self.buttons[name] = rect
            x = rect.right + pad
        where = self.where(window)
        words = (f"UI scale {self.scale:g}x: all of it in view" if where == "all" else
                 f"UI scale {self.scale:g}x: showing the {where}")
        image = text.render(words, size, DIM)
        if x + pad + image.get_width() > end - pad:
            image = text.render(self.where(window), size, WHITE)
        if x + pad + image.get_width() <= end - pad:
            screen.blit(image, image.get_rect(midleft=(x + pad, self.bar.centery)))

    def where(self, window: tuple[int, int]) -> str:
        """Which part of the canvas the view shows, in words ("top left")."""
        view = self.view(window)
        canvas = self.canvas_size(window)

        def part(at: int, room: int, low: str, high: str) -> str:
            if room <= 0:
                return ""
            if at <= 0:
                return low
            return high if at >= room else "middle"

        vertical = part(self.offset[1], canvas[1] - view.height, "top", "bottom")
        horizontal = part(self.offset[0], canvas[0] - view.width, "left", "right")
        if vertical == horizontal == "middle":
            return "middle"
        return f"{vertical} {horizontal}".strip() or "all"

    def click(self, pos: tuple[int, int], window: tuple[int, int]) -> bool:
        """A click at ``pos`` (window px) on the bar: pans if it is on an arrow. True when
        the click was the bar's."""
        if not self.in_bar(pos):
            return False
        for name, _, (dx, dy) in ARROWS:
            rect = self.buttons.get(name)
            if rect is not None and rect.collidepoint(pos):
                self.pan(dx, dy, window)
        return True


def _next_mark(at: int, direction: int, step: int, end: int) -> int:
    """From ``at``, the next multiple of ``step`` in ``direction`` (or ``end``), within
    0..``end``; a mark a quarter step or less from either end is that end (no click that
    moves the view by a few px)."""
    if direction == 0 or end <= 0:
        return max(0, min(at, end))
    if direction > 0:
        mark = (at // step + 1) * step
        return end if end - mark <= step // 4 else mark
    mark = (at - step // 4 - 1) // step * step  # the last mark more than a quarter step back
    return 0 if mark <= step // 4 else mark
