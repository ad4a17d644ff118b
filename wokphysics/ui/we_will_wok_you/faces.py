"""We Will Wok You's card faces, drawn with pygame shapes and cached per size (no asset files).

Ingredient cards are tinted by type, with their symbols on a white badge in the top-left
corner (the only corner that shows when cards overlap in the hand) and the name in two lines.
Wok cards are red (blue for a Man-at-wok), with the id, the kind, the requirement and the
points in words and numbers a player reads without a lookup. Names and numbers on cards are
drawn at least 21 px (capitals 11 px tall) at the reference size 1280 x 800.
"""

from __future__ import annotations

import math

import pygame

from wokphysics.games.we_will_wok_you.cards import CardData, WokCard
from wokphysics.ui.widgets import Color, Text

TYPE_COLORS: tuple[Color, ...] = (
    (86, 158, 72),  # broccoli
    (226, 184, 58),  # chicken
    (232, 122, 44),  # carrot
    (70, 128, 200),  # tuna
    (150, 92, 182),  # octopus
    (226, 106, 128),  # prawn
)
INK: Color = (34, 28, 24)
PAPER: Color = (250, 244, 230)
RED_WOK: Color = (176, 44, 38)
BLUE_WOK: Color = (44, 84, 160)
COIN: Color = (238, 196, 72)


def type_color(type_index: int) -> Color:
    """The colour of an ingredient type (repeating if the config lists more than six)."""
    return TYPE_COLORS[type_index % len(TYPE_COLORS)]


def tint(color: Color, amount: float) -> Color:
    """``color`` mixed with white (``amount`` 0: unchanged, 1: white)."""
    r, g, b = color
    return (round(r + (255 - r) * amount), round(g + (255 - g) * amount),
            round(b + (255 - b) * amount))


def type_short(data: CardData, type_index: int) -> str:
    """The type as a word: ``Chicken``, ``Tuna``..."""
    return data.type_keys[type_index].capitalize()


def name_lines(name: str) -> tuple[str, str]:
    """A card name in two lines: first word and the rest (more than two words: first and
    last, e.g. ``Elvis`` / ``Prawn``)."""
    words = name.split()
    if len(words) == 1:
        return words[0], ""
    if len(words) == 2:
        return words[0], words[1]
    return words[0], words[-1]


# --------------------------------------------------------------------------- symbols
def draw_symbol(surface: pygame.Surface, symbol: str, rect: pygame.Rect) -> None:
    """One symbol drawn to fill ``rect`` (a square)."""
    cx, cy = rect.center
    r = rect.width / 2
    if symbol == "cookie":
        pygame.draw.circle(surface, (214, 160, 82), (cx, cy), round(r * 0.9))
        pygame.draw.arc(surface, (120, 76, 30), rect.inflate(-r * 0.5, -r * 0.5),
                        math.pi * 0.1, math.pi * 0.9, max(1, round(r * 0.22)))
    elif symbol == "spoon":
        head = pygame.Rect(0, 0, round(r * 0.9), round(r * 1.1))
        head.center = (round(cx - r * 0.3), round(cy - r * 0.3))
        pygame.draw.line(surface, (120, 124, 132), head.center,
                         (round(cx + r * 0.8), round(cy + r * 0.8)), max(2, round(r * 0.3)))
        pygame.draw.ellipse(surface, (150, 156, 166), head)
    elif symbol == "bowl":
        pygame.draw.circle(surface, (196, 48, 44), (cx, round(cy - r * 0.2)), round(r * 0.9),
                           draw_bottom_left=True, draw_bottom_right=True)
        pygame.draw.line(surface, (120, 24, 20), (round(cx - r * 0.95), round(cy - r * 0.2)),
                         (round(cx + r * 0.95), round(cy - r * 0.2)), max(2, round(r * 0.2)))
    elif symbol == "chopstick":
        width = max(2, round(r * 0.22))
        for dx in (-0.3, 0.3):
            pygame.draw.line(surface, (122, 74, 36), (round(cx + r * (dx - 0.5)),
                                                      round(cy - r * 0.9)),
                             (round(cx + r * (dx + 0.5)), round(cy + r * 0.9)), width)
    elif symbol not in ("star", "wild"):  # a kind the config names: its first letter
        pygame.draw.circle(surface, (90, 90, 110), (cx, cy), round(r * 0.9))
        font = pygame.font.Font(None, max(8, round(r * 1.6)))
        letter = font.render(symbol[:1].upper(), True, (255, 255, 255))
        surface.blit(letter, letter.get_rect(center=(cx, cy)))
    else:  # the star, wild
        points = []
        for k in range(10):
            radius = r * (0.95 if k % 2 == 0 else 0.42)
            angle = -math.pi / 2 + k * math.pi / 5
            points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
        pygame.draw.polygon(surface, (236, 178, 30), points)
        pygame.draw.polygon(surface, (150, 100, 10), points, 1)


def symbol_badge(surface: pygame.Surface, symbols: tuple[str, ...], topleft: tuple[int, int],
                 size: int) -> pygame.Rect:
    """The card's symbols on a white badge (``size`` px per symbol); returns the badge."""
    count = max(1, len(symbols))
    badge = pygame.Rect(topleft[0], topleft[1], size * count + 4, size + 4)
    pygame.draw.rect(surface, (255, 255, 255), badge, border_radius=4)
    pygame.draw.rect(surface, (150, 140, 130), badge, 1, border_radius=4)
    if not symbols:
        pygame.draw.line(surface, (170, 160, 150), (badge.left + 5, badge.centery),
                         (badge.right - 5, badge.centery), 2)
    for index, symbol in enumerate(symbols):
        draw_symbol(surface, symbol, pygame.Rect(badge.left + 2 + index * size, badge.top + 2,
                                                 size, size))
    return badge


# --------------------------------------------------------------------------- the painter
class Faces:
    """Card pictures for one card set, made once per size."""

    def __init__(self, data: CardData, text: Text) -> None:
        self.data = data
        self.text = text
        self._cache: dict[tuple[object, ...], pygame.Surface] = {}

    def _cached(self, key: tuple[object, ...]) -> pygame.Surface | None:
        if len(self._cache) > 600:
            self._cache.clear()
        return self._cache.get(key)

    def _keep(self, key: tuple[object, ...], image: pygame.Surface) -> pygame.Surface:
        """Remember ``image`` in the display's pixel format (fast to blit)."""
        if pygame.display.get_surface() is not None:
            image = image.convert_alpha()
        self._cache[key] = image
        return image

    def ingredient(self, card: int, size: tuple[int, int]) -> pygame.Surface:
        """Ingredient card ``card`` as a picture of ``size`` (w, h) px."""
        data = self.data
        type_index = data.card_type[card]
        symbols = data.card_symbols[card]
        key = ("ingredient", type_index, symbols, size)
        found = self._cached(key)
        if found is not None:
            return found
        w, h = size
        image = pygame.Surface(size, pygame.SRCALPHA)
        color = type_color(type_index)
        rect = image.get_rect()
        pygame.draw.rect(image, tint(color, 0.55), rect, border_radius=max(4, w // 10))
        pygame.draw.rect(image, color, rect, max(2, w // 22), border_radius=max(4, w // 10))
        badge_size = max(10, round(h * 0.2))
        symbol_badge(image, symbols, (max(3, w // 16), max(3, w // 16)), badge_size)
        font = max(11, round(h * 0.21))
        first, second = name_lines(data.type_names[type_index])
        y = round(h * 0.52)
        for line in (first, second):
            if line:
                label = self.text.render(line, font, INK, bold=True)
                if label.get_width() > w - 4:
                    label = pygame.transform.smoothscale(
                        label, (w - 4, label.get_height()))
                image.blit(label, label.get_rect(midtop=(w // 2, y)))
            y += round(font * 0.78)
        return self._keep(key, image)

    def chip(self, card: int, size: tuple[int, int]) -> pygame.Surface:
        """A small ingredient card: its type colour and its symbols only."""
        data = self.data
        type_index = data.card_type[card]
        symbols = data.card_symbols[card]
        key = ("chip", type_index, symbols, size)
        found = self._cached(key)
        if found is not None:
            return found
        image = pygame.Surface(size, pygame.SRCALPHA)
        rect = image.get_rect()
        pygame.draw.rect(image, type_color(type_index), rect, border_radius=3)
        pygame.draw.rect(image, INK, rect, 1, border_radius=3)
        symbol = max(6, min(size[0] // max(1, len(symbols)) - 2, size[1] // 2))
        for index, name in enumerate(symbols):
            draw_symbol(image, name, pygame.Rect(2 + index * symbol, 2, symbol, symbol))
        return self._keep(key, image)

    def back(self, size: tuple[int, int]) -> pygame.Surface:
        """The back of an ingredient card (other players' hands)."""
        key = ("back", size)
        found = self._cached(key)
        if found is not None:
            return found
        image = pygame.Surface(size, pygame.SRCALPHA)
        rect = image.get_rect()
        pygame.draw.rect(image, (120, 40, 34), rect, border_radius=3)
        pygame.draw.rect(image, (230, 190, 110), rect.inflate(-4, -4), 1, border_radius=3)
        return self._keep(key, image)

    def wok(self, wok: int, size: tuple[int, int]) -> pygame.Surface:
        """Wok card ``wok`` (index) with its id, kind, requirement and points."""
        key = ("wok", wok, size)
        found = self._cached(key)
        if found is not None:
            return found
        card = self.data.woks[wok]
        w, h = size
        image = pygame.Surface(size, pygame.SRCALPHA)
        rect = image.get_rect()
        base = BLUE_WOK if card.is_man else RED_WOK
        pygame.draw.rect(image, base, rect, border_radius=max(5, w // 14))
        pygame.draw.rect(image, tint(base, 0.6), rect.inflate(-4, -4), 1,
                         border_radius=max(5, w // 14))
        small = max(11, round(h * 0.17))
        big = max(12, round(h * 0.22))
        title, lines, points = wok_words(card, self.data)
        y = 4
        for words in self._head(f"{card.id}  {title}", small, w - 10):
            head = self.text.render(words, small, (255, 240, 220), bold=True)
            image.blit(head, (6, y))
            y += head.get_height()
        y += 2
        for line in lines:
            y = self._requirement(image, line, big, y, w)
        label = self.text.render(points, big, (255, 226, 120), bold=True)
        if label.get_width() > w - 8:
            label = pygame.transform.smoothscale(label, (w - 8, label.get_height()))
        image.blit(label, label.get_rect(bottomleft=(6, h - 4)))
        return self._keep(key, image)

    def _head(self, words: str, size: int, width: int) -> list[str]:
        """A wok card's id and kind on one line where it fits ``width`` px, else the id on
        one and the kind below it (wrapped further if need be): the kind is never cut."""
        if self.text.font(size, True).size(words)[0] <= width:
            return [words]
        ident, _, kind = words.partition("  ")
        return [ident, *self.text.wrap(kind, size, width, bold=True)]

    def _requirement(self, image: pygame.Surface, line: tuple[int | None, str], size: int,
                     y: int, width: int) -> int:
        type_index, words = line
        x = 6
        if type_index is not None:
            swatch = pygame.Rect(x, y + 2, round(size * 0.5), round(size * 0.5))
            pygame.draw.rect(image, type_color(type_index), swatch, border_radius=2)
            pygame.draw.rect(image, (255, 255, 255), swatch, 1, border_radius=2)
            x = swatch.right + 4
        label = self.text.render(words, size, (255, 255, 255))
        if label.get_width() > width - x - 4:
            label = pygame.transform.smoothscale(label, (width - x - 4, label.get_height()))
        image.blit(label, (x, y))
        return y + round(size * 0.72)

    def wok_icon(self, size: int) -> pygame.Surface:
        """A small red wok (a player's wok count)."""
        key = ("wok-icon", size)
        found = self._cached(key)
        if found is not None:
            return found
        image = pygame.Surface((size, size), pygame.SRCALPHA)
        r = size // 2
        pygame.draw.circle(image, RED_WOK, (r, r // 2 + 2), r - 1, draw_bottom_left=True,
                           draw_bottom_right=True)
        pygame.draw.line(image, (90, 60, 40), (0, r // 2 + 2), (size - 1, r // 2 + 2), 2)
        return self._keep(key, image)

    def front_icon(self, size: int) -> pygame.Surface:
        """A face-up card (a player's front: cards paid into woks)."""
        key = ("front-icon", size)
        found = self._cached(key)
        if found is not None:
            return found
        image = pygame.Surface((size, size), pygame.SRCALPHA)
        card = pygame.Rect(size // 6, 0, round(size * 0.7), size)
        pygame.draw.rect(image, PAPER, card, border_radius=2)
        pygame.draw.rect(image, TYPE_COLORS[0], card, 2, border_radius=2)
        return self._keep(key, image)

    def coin(self, diameter: int) -> pygame.Surface:
        key = ("coin", diameter)
        found = self._cached(key)
        if found is not None:
            return found
        image = pygame.Surface((diameter, diameter), pygame.SRCALPHA)
        r = diameter // 2
        pygame.draw.circle(image, COIN, (r, r), r)
        pygame.draw.circle(image, (150, 110, 20), (r, r), r, max(1, diameter // 12))
        pygame.draw.circle(image, (150, 110, 20), (r, r), max(2, r // 2), 1)
        return self._keep(key, image)


def wok_words(card: WokCard, data: CardData) -> tuple[str, list[tuple[int | None, str]], str]:
    """A wok card in words: its kind, its requirement lines ((type or None, text)), points."""
    if card.kind == "covered":
        return "Covered", [(None, "no cards")], f"{card.points} pts"
    if card.kind == "combo":
        lines: list[tuple[int | None, str]] = [
            (t, f"{n} {type_short(data, t)}") for t, n in enumerate(card.combo) if n
        ]
        return "Combo", lines, f"{card.points} / combo"
    if card.kind == "set":
        return f"Set of {card.size}", [(None, f"{card.size} of a type")], f"{card.points} / set"
    if card.kind == "leftovers":
        return "Leftovers", [(None, "any card")], f"{card.points} / card"
    if card.kind == "hand":
        return "Hand", [(None, "from hand")], f"{card.points} / card"
    if card.kind == "no-symbol":
        return "No symbol", [(None, "blank cards")], f"{card.points} / card"
    if card.kind == "double":
        return "Double", [(t, f"{type_short(data, t)} {p}") for t, p in card.halves], "per card"
    if card.kind == "man-double":
        first, second = card.man_points
        return "Double man", [(None, "on a double"), (None, f"wok: {first} / {second}")], \
            "per card"
    if card.kind == "man-power":
        return "Power man", [(None, "on a red wok:"), (None, "it scores")], f"{card.points} pts"
    where = "combo/double" if data.rules.man_swap_on_double_woks else "on a combo"
    return "Swap man", [(None, "swap a type"), (None, where)], "1 type"
