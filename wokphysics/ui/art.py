"""The sprite art: card faces, the card back, the spatula and the table, drawn with pygame.

``python -m wokphysics.sprites`` runs :func:`generate` and writes the PNGs into ``sprites/``
(or a folder you name). Change the drawing here and regenerate: the window loads the PNGs and
only rotates and scales them while it runs.

Everything is drawn at twice the stored size and smooth-scaled down, which gives soft edges
without per-primitive antialiasing. Card sprites keep the card's proportions: ``PX_PER_MM``
pixels per millimetre of the configured card (the default 63.5 x 88.9 mm card is 254 x 356
px). The centre circle, the picture around it and the four corner dots sit where
:mod:`wokphysics.table.geometry` puts them, so what the eye sees covered is what the rules see.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import pygame

from wokphysics.config.table import TableConfig
from wokphysics.config.wok_on_fire import INGREDIENT_NAMES, WokOnFireConfig, load_config
from wokphysics.ui.palette import CARD_PAPER, CATEGORY_COLORS

PX_PER_MM = 4.0
"""Stored sprite resolution: pixels per millimetre of card."""
_SS = 2  # supersampling factor while drawing

Color = tuple[int, int, int]

INK: Color = (40, 32, 28)

SPATULA_FILE = "spatula.png"
TABLE_FILE = "table.png"
BACK_FILE = "card_back.png"


def face_file(ingredient: str) -> str:
    """The PNG file name of an ingredient's face, e.g. ``card_green_pepper.png``."""
    return f"card_{ingredient}.png"


# --------------------------------------------------------------------------- ingredient pictures
# Each painter draws into a square of side ``r * 2`` centred at ``(cx, cy)`` (supersampled px).

Painter = Callable[[pygame.Surface, float, float, float], None]


def _ellipse(s: pygame.Surface, color: Color, cx: float, cy: float, w: float, h: float,
             width: int = 0) -> None:
    pygame.draw.ellipse(s, color, pygame.Rect(int(cx - w / 2), int(cy - h / 2), int(w), int(h)),
                        width)


def _circle(s: pygame.Surface, color: Color, cx: float, cy: float, r: float,
            width: int = 0) -> None:
    pygame.draw.circle(s, color, (int(cx), int(cy)), int(r), width)


def _chicken(s: pygame.Surface, cx: float, cy: float, r: float) -> None:
    # A drumstick: the bone runs to the lower left, the meat is a fat teardrop.
    bone = (245, 240, 225)
    pygame.draw.line(s, bone, (cx, cy), (cx - 0.75 * r, cy + 0.75 * r), int(0.18 * r))
    _circle(s, bone, cx - 0.8 * r, cy + 0.62 * r, 0.13 * r)
    _circle(s, bone, cx - 0.62 * r, cy + 0.82 * r, 0.13 * r)
    _ellipse(s, (150, 84, 32), cx + 0.18 * r, cy - 0.18 * r, 1.25 * r, 1.0 * r)
    _ellipse(s, (196, 120, 52), cx + 0.25 * r, cy - 0.25 * r, 0.95 * r, 0.7 * r)
    _ellipse(s, (226, 160, 86), cx + 0.38 * r, cy - 0.38 * r, 0.35 * r, 0.22 * r)


def _pork(s: pygame.Surface, cx: float, cy: float, r: float) -> None:
    # A pork chop: pink meat with a white rim of fat and a small bone.
    points = [(cx - 0.85 * r, cy - 0.2 * r), (cx - 0.4 * r, cy - 0.75 * r),
              (cx + 0.55 * r, cy - 0.7 * r), (cx + 0.9 * r, cy - 0.05 * r),
              (cx + 0.5 * r, cy + 0.7 * r), (cx - 0.45 * r, cy + 0.65 * r)]
    pygame.draw.polygon(s, (252, 236, 226), points)
    inner = [(cx + 0.82 * (x - cx), cy + 0.82 * (y - cy)) for x, y in points]
    pygame.draw.polygon(s, (222, 112, 120), inner)
    _ellipse(s, (240, 150, 156), cx + 0.1 * r, cy - 0.15 * r, 0.7 * r, 0.4 * r)
    _circle(s, (250, 248, 240), cx - 0.35 * r, cy + 0.25 * r, 0.16 * r)


def _shrimp(s: pygame.Surface, cx: float, cy: float, r: float) -> None:
    # A curled shrimp: shell segments along an arc, a tail fan at the end.
    for i in range(7):
        a = math.radians(200 - i * 34)
        rad = 0.55 * r
        size = (0.34 - 0.025 * i) * r
        x, y = cx + rad * math.cos(a), cy - rad * math.sin(a)
        _circle(s, (236, 110, 60), x, y, size)
        _circle(s, (250, 160, 110), x - 0.08 * r, y - 0.08 * r, size * 0.5)
    a = math.radians(200 - 7 * 34)
    tx, ty = cx + 0.55 * r * math.cos(a), cy - 0.55 * r * math.sin(a)
    pygame.draw.polygon(s, (214, 80, 40), [(tx, ty), (tx + 0.45 * r, ty - 0.2 * r),
                                           (tx + 0.35 * r, ty + 0.3 * r)])
    _circle(s, INK, cx - 0.62 * r, cy + 0.05 * r, 0.06 * r)


def _broccoli(s: pygame.Surface, cx: float, cy: float, r: float) -> None:
    stem = [(cx - 0.15 * r, cy), (cx + 0.15 * r, cy), (cx + 0.22 * r, cy + 0.9 * r),
            (cx - 0.22 * r, cy + 0.9 * r)]
    pygame.draw.polygon(s, (150, 196, 96), stem)
    for dx, dy, rr in ((-0.45, -0.15, 0.35), (0.45, -0.15, 0.35), (0.0, -0.45, 0.4),
                       (-0.2, 0.05, 0.3), (0.22, 0.05, 0.3)):
        _circle(s, (34, 112, 44), cx + dx * r, cy + dy * r, rr * r)
        _circle(s, (70, 150, 70), cx + (dx - 0.08) * r, cy + (dy - 0.08) * r, rr * r * 0.45)


def _green_pepper(s: pygame.Surface, cx: float, cy: float, r: float) -> None:
    for dx in (-0.38, 0.0, 0.38):
        _ellipse(s, (40, 150, 50), cx + dx * r, cy + 0.12 * r, 0.75 * r, 1.45 * r)
    _ellipse(s, (110, 200, 100), cx - 0.3 * r, cy - 0.05 * r, 0.18 * r, 0.6 * r)
    pygame.draw.rect(s, (90, 70, 30), pygame.Rect(int(cx - 0.08 * r), int(cy - 0.95 * r),
                                                   int(0.16 * r), int(0.35 * r)))
    _ellipse(s, (30, 110, 40), cx, cy - 0.58 * r, 0.7 * r, 0.2 * r)


def _mushroom(s: pygame.Surface, cx: float, cy: float, r: float) -> None:
    pygame.draw.rect(s, (236, 224, 200), pygame.Rect(int(cx - 0.25 * r), int(cy - 0.1 * r),
                                                      int(0.5 * r), int(0.9 * r)),
                     border_radius=int(0.15 * r))
    rect = pygame.Rect(int(cx - 0.9 * r), int(cy - 0.8 * r), int(1.8 * r), int(1.4 * r))
    clip = s.get_clip()
    s.set_clip(pygame.Rect(rect.left, rect.top, rect.width, int(0.72 * rect.height)))
    pygame.draw.ellipse(s, (142, 92, 58), rect)
    pygame.draw.ellipse(s, (176, 122, 80), rect.inflate(-0.5 * r, -0.5 * r))
    s.set_clip(clip)
    for dx, dy in ((-0.35, -0.45), (0.3, -0.5), (0.0, -0.2)):
        _circle(s, (236, 220, 196), cx + dx * r, cy + dy * r, 0.09 * r)


def _onion(s: pygame.Surface, cx: float, cy: float, r: float) -> None:
    _ellipse(s, (150, 60, 120), cx, cy + 0.1 * r, 1.6 * r, 1.5 * r)
    for k in (0.75, 0.5, 0.25):
        _ellipse(s, (200, 120, 176), cx, cy + 0.1 * r, 1.6 * r * k, 1.5 * r * k, int(0.05 * r))
    pygame.draw.polygon(s, (150, 60, 120), [(cx - 0.2 * r, cy - 0.5 * r),
                                            (cx + 0.2 * r, cy - 0.5 * r), (cx, cy - 0.95 * r)])
    pygame.draw.line(s, (120, 160, 60), (cx, cy - 0.85 * r), (cx + 0.1 * r, cy - 1.0 * r),
                     int(0.08 * r))


def _chili(s: pygame.Surface, cx: float, cy: float, r: float) -> None:
    points = []
    for i in range(25):
        t = i / 24
        x = cx - 0.8 * r + 1.6 * r * t
        y = cy - 0.45 * r + 0.9 * r * t * t
        points.append((x, y))
    for i, (x, y) in enumerate(points):
        _circle(s, (210, 30, 30), x, y, (0.28 - 0.18 * i / 24) * r)
    _circle(s, (240, 90, 80), points[6][0], points[6][1] - 0.1 * r, 0.07 * r)
    pygame.draw.polygon(s, (40, 130, 40), [(cx - 0.98 * r, cy - 0.65 * r),
                                           (cx - 0.55 * r, cy - 0.7 * r),
                                           (cx - 0.7 * r, cy - 0.3 * r)])
    pygame.draw.line(s, (40, 130, 40), (cx - 0.9 * r, cy - 0.6 * r), (cx - 1.05 * r, cy - 0.9 * r),
                     int(0.1 * r))


def _garlic(s: pygame.Surface, cx: float, cy: float, r: float) -> None:
    for dx in (-0.45, 0.45, -0.2, 0.2, 0.0):
        _ellipse(s, (236, 230, 214), cx + dx * r, cy + 0.15 * r, 0.62 * r, 1.2 * r)
        _ellipse(s, (200, 190, 170), cx + dx * r, cy + 0.15 * r, 0.62 * r, 1.2 * r, int(0.04 * r))
    pygame.draw.polygon(s, (236, 230, 214), [(cx - 0.2 * r, cy - 0.4 * r),
                                             (cx + 0.2 * r, cy - 0.4 * r), (cx, cy - 0.95 * r)])
    pygame.draw.line(s, (170, 150, 120), (cx - 0.35 * r, cy + 0.78 * r),
                     (cx + 0.35 * r, cy + 0.78 * r), int(0.05 * r))


def _bowl(s: pygame.Surface, cx: float, cy: float, r: float, color: Color) -> None:
    rect = pygame.Rect(int(cx - 0.95 * r), int(cy - 0.6 * r), int(1.9 * r), int(1.4 * r))
    clip = s.get_clip()
    s.set_clip(pygame.Rect(rect.left, int(cy), rect.width, rect.height))
    pygame.draw.ellipse(s, color, rect)
    s.set_clip(clip)
    _ellipse(s, (255, 255, 255), cx, cy, 1.9 * r, 0.35 * r, int(0.05 * r))


def _noodles(s: pygame.Surface, cx: float, cy: float, r: float) -> None:
    for k in range(5):
        pts = [(cx - 0.8 * r + 1.6 * r * i / 20,
                cy - 0.65 * r + 0.13 * r * k + 0.1 * r * math.sin(i * 1.3 + k))
               for i in range(21)]
        pygame.draw.lines(s, (236, 196, 90), False, pts, int(0.08 * r))
    _bowl(s, cx, cy + 0.05 * r, r, (52, 100, 170))
    pygame.draw.line(s, (120, 80, 40), (cx + 0.2 * r, cy - 0.2 * r), (cx + 0.9 * r, cy - 0.95 * r),
                     int(0.06 * r))
    pygame.draw.line(s, (120, 80, 40), (cx + 0.35 * r, cy - 0.15 * r), (cx + 1.0 * r, cy - 0.8 * r),
                     int(0.06 * r))


def _rice(s: pygame.Surface, cx: float, cy: float, r: float) -> None:
    _ellipse(s, (250, 250, 246), cx, cy - 0.05 * r, 1.7 * r, 1.0 * r)
    for i in range(14):
        a = i * 2.4
        d = 0.55 * r * math.sqrt((i + 0.5) / 14)
        gx, gy = cx + d * math.cos(a) * 1.3, cy - 0.2 * r + d * math.sin(a) * 0.6
        _ellipse(s, (214, 214, 206), gx, gy, 0.16 * r, 0.08 * r)
    _bowl(s, cx, cy + 0.05 * r, r, (190, 60, 50))


PAINTERS: dict[str, Painter] = {
    "chicken": _chicken, "pork": _pork, "shrimp": _shrimp, "broccoli": _broccoli,
    "green_pepper": _green_pepper, "mushroom": _mushroom, "onion": _onion,
    "chili_pepper": _chili, "garlic": _garlic, "noodles": _noodles, "rice": _rice,
}


# --------------------------------------------------------------------------- cards


def card_size_px(cfg: TableConfig) -> tuple[int, int]:
    """Stored card sprite size (w, h) in px."""
    return round(cfg.card.width_mm * PX_PER_MM), round(cfg.card.length_mm * PX_PER_MM)


def _font(size: int, bold: bool = True) -> pygame.font.Font:
    font = pygame.font.Font(None, size)
    font.set_bold(bold)
    return font


def _card_blank(cfg: TableConfig, color: Color) -> tuple[pygame.Surface, float]:
    w, h = card_size_px(cfg)
    s = pygame.Surface((w * _SS, h * _SS), pygame.SRCALPHA)
    k = PX_PER_MM * _SS  # px per mm while drawing
    radius = int(3.0 * k)
    pygame.draw.rect(s, INK, s.get_rect(), border_radius=radius)
    pygame.draw.rect(s, color, s.get_rect().inflate(-int(0.8 * k), -int(0.8 * k)),
                     border_radius=radius)
    return s, k


def draw_face(cfg: TableConfig, ingredient: str, category: str) -> pygame.Surface:
    """One ingredient's face: category frame, picture centred on the centre circle, corner
    dots in the category colour. Outside the picture's disc (2.3 circle radii) faces of one
    category are alike, so nothing there tells them apart."""
    color = CATEGORY_COLORS[category]
    s, k = _card_blank(cfg, color)
    w, h = s.get_size()
    frame = int(3.2 * k)
    inner = s.get_rect().inflate(-2 * frame, -2 * frame)
    pygame.draw.rect(s, CARD_PAPER, inner, border_radius=int(2 * k))
    cx, cy = w / 2, h / 2
    circle_r = cfg.card.circle_diameter_fraction * cfg.card.width_mm / 2.0 * k
    # The picture is larger than the circle (the rulebook: "not necessary that you are able to
    # see the whole picture"), tinted behind by a pale disc of the category colour.
    red, green, blue = (int(c + (255 - c) * 0.78) for c in color)
    _circle(s, (red, green, blue), cx, cy, 2.3 * circle_r)
    PAINTERS[ingredient](s, cx, cy, 1.9 * circle_r)
    pygame.draw.circle(s, INK, (int(cx), int(cy)), int(circle_r), max(2, int(0.45 * k)))
    # No name or category is printed outside the picture: a card whose centre circle is
    # covered must not be readable from its edge, or a blind Chicken claim ("good memory or
    # good luck") would be no guess at all. The picture and the corner dots' colour are what
    # a covered card shows; the pointer's label names a card whose circle shows (docs/ui.md).
    # Corner dots, exactly where the geometry puts them (card-local, +y = towards the top).
    dot_r = cfg.card.dot_diameter_mm / 2.0
    ox = cfg.card.width_mm / 2.0 - cfg.card.dot_inset_mm - dot_r
    oy = cfg.card.length_mm / 2.0 - cfg.card.dot_inset_mm - dot_r
    for sx in (-1, 1):
        for sy in (-1, 1):
            px, py = cx + sx * ox * k, cy - sy * oy * k
            _circle(s, (255, 255, 255), px, py, (dot_r + 0.6) * k)
            _circle(s, color, px, py, dot_r * k)
    return _downsample(s)


def draw_back(cfg: TableConfig) -> pygame.Surface:
    """The card back: deep red with a flame and wok emblem and the game's name."""
    s, k = _card_blank(cfg, (120, 24, 24))
    w, h = s.get_size()
    cx, cy = w / 2, h / 2
    inner = s.get_rect().inflate(-int(6 * k), -int(6 * k))
    pygame.draw.rect(s, (232, 180, 60), inner, max(2, int(0.8 * k)), border_radius=int(2 * k))
    for i in range(5):
        fx = cx + (i - 2) * 6 * k
        tall = (14 - abs(i - 2) * 3) * k
        pygame.draw.polygon(s, (240, 120, 30), [(fx - 4 * k, cy + 4 * k), (fx + 4 * k, cy + 4 * k),
                                                (fx, cy + 4 * k - tall)])
        pygame.draw.polygon(s, (250, 200, 60), [(fx - 2 * k, cy + 4 * k), (fx + 2 * k, cy + 4 * k),
                                                (fx, cy + 4 * k - tall * 0.55)])
    rect = pygame.Rect(int(cx - 20 * k), int(cy - 2 * k), int(40 * k), int(22 * k))
    clip = s.get_clip()
    s.set_clip(pygame.Rect(rect.left, int(cy + 4 * k), rect.width, rect.height))
    pygame.draw.ellipse(s, (30, 30, 34), rect)
    s.set_clip(clip)
    pygame.draw.line(s, (30, 30, 34), (cx + 19 * k, cy + 6 * k), (cx + 28 * k, cy + 2 * k),
                     int(2 * k))
    font = _font(int(8 * k))
    for text, y in (("WOK", cy - 26 * k), ("ON FIRE", cy + 24 * k)):
        label = font.render(text, True, (250, 214, 120))
        s.blit(label, label.get_rect(center=(cx, y)))
    return _downsample(s)


def draw_spatula(cfg: TableConfig) -> pygame.Surface:
    """The spatula seen from above: the blade along x at the top (its leading edge is the
    image's top line), the plate reaching ``spatula.blade_length_mm`` back from it as the
    physics' blade does, the handle running on down towards the player. 4 px per mm."""
    blade_w = cfg.spatula.blade_width_mm * PX_PER_MM * _SS
    handle = 110 * PX_PER_MM * _SS
    blade_h = cfg.spatula.blade_length_mm * PX_PER_MM * _SS
    w, h = int(blade_w), int(blade_h + handle)
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    steel = (196, 200, 206)
    blade = pygame.Rect(0, 0, w, int(blade_h))
    # The leading edge is straight across the whole width (the physics' edge); the back
    # corners are rounded.
    back = int(0.08 * w)
    pygame.draw.rect(s, (90, 94, 100), blade, border_bottom_left_radius=back,
                     border_bottom_right_radius=back)
    pygame.draw.rect(s, steel, blade.inflate(-8, -8), border_bottom_left_radius=back,
                     border_bottom_right_radius=back)
    pygame.draw.line(s, (232, 236, 240), (0, 1), (w, 1), 2 * _SS)
    for i in range(4):
        x = w * (0.22 + 0.19 * i)
        pygame.draw.rect(s, (120, 124, 130), pygame.Rect(int(x - 0.03 * w), int(0.2 * blade_h),
                                                         int(0.06 * w), int(0.55 * blade_h)),
                         border_radius=int(0.02 * w))
    neck = [(w * 0.44, blade_h - 4), (w * 0.56, blade_h - 4), (w * 0.53, blade_h + 0.2 * handle),
            (w * 0.47, blade_h + 0.2 * handle)]
    pygame.draw.polygon(s, (120, 124, 130), neck)
    grip = pygame.Rect(int(w * 0.4), int(blade_h + 0.18 * handle), int(w * 0.2), int(0.82 * handle))
    pygame.draw.rect(s, (70, 40, 20), grip, border_radius=int(0.1 * w))
    pygame.draw.rect(s, (110, 66, 34), grip.inflate(-10, -10), border_radius=int(0.1 * w))
    return _downsample(s)


def draw_table_tile() -> pygame.Surface:
    """A 256 x 256 wood tile that repeats seamlessly (grain along x)."""
    size = 256 * _SS
    s = pygame.Surface((size, size))
    s.fill((150, 104, 62))
    for row in range(0, size, 4 * _SS):
        shade = 10 * math.sin(row * 0.05) + 6 * math.sin(row * 0.013 + 1.0)
        c = (int(150 + shade), int(104 + shade * 0.7), int(62 + shade * 0.4))
        points = [(x, row + 3 * _SS * math.sin(2 * math.pi * x / size * 2 + row * 0.02))
                  for x in range(0, size + 1, 16)]
        pygame.draw.lines(s, c, False, points, 3 * _SS)
    for i in range(3):
        y = size * (0.2 + 0.3 * i)
        pygame.draw.line(s, (126, 84, 48), (0, y), (size, y), _SS)
    return _downsample(s)


def _downsample(s: pygame.Surface) -> pygame.Surface:
    w, h = s.get_size()
    return pygame.transform.smoothscale(s, (max(1, w // _SS), max(1, h // _SS)))


def generate(folder: Path, cfg: WokOnFireConfig | None = None) -> list[Path]:
    """Draw every sprite and write it into ``folder`` as PNG; returns the files written."""
    cfg = cfg or load_config()
    pygame.font.init()
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def save(surface: pygame.Surface, name: str) -> None:
        path = folder / name
        pygame.image.save(surface, str(path))
        written.append(path)

    for ingredient in INGREDIENT_NAMES:
        category = cfg.rules.ingredients[ingredient].category
        save(draw_face(cfg.physics, ingredient, category), face_file(ingredient))
    save(draw_back(cfg.physics), BACK_FILE)
    save(draw_spatula(cfg.physics), SPATULA_FILE)
    save(draw_table_tile(), TABLE_FILE)
    return written
