"""The diagrams of the rules pages: which Wok on Fire card may be picked, shown, not told.

``draw_picture(surface, "viability", rect, text)`` draws four small tables side by side: a card
that may be picked (its circle and a corner showing: the viable mark around it), one whose
circle is covered (claim it blind as Chicken: the blind-claim mark), one whose corners are
all covered, and one falling out over the wok's edge. The marks are the window's own
(:mod:`wokphysics.ui.palette`), so the page teaches what the table shows.
"""

from __future__ import annotations

import pygame

from wokphysics.ui import palette
from wokphysics.ui.marks import draw_mark
from wokphysics.ui.widgets import DIM, WHITE, Text

BACK_RED = (150, 34, 30)
"""A card back's colour (the cards lying over the one shown)."""


def draw_picture(surface: pygame.Surface, name: str, rect: pygame.Rect, text: Text) -> None:
    """The diagram ``name`` in ``rect`` (an unknown name draws nothing)."""
    if name == "viability":
        _viability(surface, rect, text)


def _card(surface: pygame.Surface, box: pygame.Rect) -> None:
    """A face-up card: paper, its category frame, the centre circle and four corner dots."""
    frame = palette.CATEGORY_COLORS["vegetable"]
    pygame.draw.rect(surface, palette.CARD_PAPER, box, border_radius=4)
    pygame.draw.rect(surface, frame, box, max(2, box.width // 14), border_radius=4)
    pygame.draw.circle(surface, frame, box.center, max(4, box.width * 2 // 9), 0)
    dot = max(2, box.width // 12)
    inset = dot + max(3, box.width // 9)
    for x in (box.left + inset, box.right - inset):
        for y in (box.top + inset, box.bottom - inset):
            pygame.draw.circle(surface, frame, (x, y), dot)


def _back(surface: pygame.Surface, box: pygame.Rect) -> None:
    pygame.draw.rect(surface, BACK_RED, box, border_radius=4)
    pygame.draw.rect(surface, (70, 14, 12), box, 2, border_radius=4)


def _viability(surface: pygame.Surface, rect: pygame.Rect, text: Text) -> None:
    panels = 4
    gap = 10
    width = (rect.width - gap * (panels - 1)) // panels
    size = max(14, min(18, width // 12))
    captions = (("may be picked:", "circle and a corner show"),
                ("not: circle covered", "(claim it blind as Chicken)"),
                ("not: every corner", "covered"),
                ("not: falling out", "(a Green Pepper may)"))
    card_h = max(30, rect.height - 3 * size - 12)
    card_w = int(card_h * 63.5 / 88.9)
    for index in range(panels):
        cell = pygame.Rect(rect.left + index * (width + gap), rect.top, width, rect.height)
        table = pygame.Rect(cell.left, cell.top, cell.width, card_h + 8)
        pygame.draw.rect(surface, palette.TABLE_WOOD, table, border_radius=6)
        card = pygame.Rect(0, 0, card_w, card_h)
        card.center = (table.centerx, table.centery)
        _card(surface, card)
        if index == 3:  # the wok's edge runs through the card: beyond it, outside the wok
            edge_x = card.centerx + card_w // 6
            beyond = pygame.Rect(edge_x, table.top, table.right - edge_x, table.height)
            shade = pygame.Surface(beyond.size, pygame.SRCALPHA)
            shade.fill((0, 0, 0, 110))
            surface.blit(shade, beyond.topleft)
            pygame.draw.line(surface, palette.EDGING, (edge_x, table.top + 2),
                             (edge_x, table.bottom - 2), 4)
            label = text.render("out", size, WHITE, bold=True)
            surface.blit(label, label.get_rect(topright=(table.right - 4, table.top + 3)))
        if index == 1:  # a card over the middle, the corners free
            cover = pygame.Rect(0, 0, card_w, card_h // 2)
            cover.center = (card.centerx + card_w // 3, card.centery)
            _back(surface, cover)
        elif index == 2:  # two cards over both ends, the circle free
            for dy in (-1, 1):
                cover = pygame.Rect(0, 0, card_w + 12, card_h // 3)
                cover.center = (card.centerx, card.centery + dy * (card_h // 2 - card_h // 8))
                _back(surface, cover)
        outline = [(card.left, card.top), (card.right, card.top), (card.right, card.bottom),
                   (card.left, card.bottom)]
        if index == 0:
            draw_mark(surface, outline, palette.VIABLE, 0.8)
        elif index == 1:
            draw_mark(surface, outline, palette.BLIND, 0.8)
            cover = pygame.Rect(0, 0, card_w, card_h // 2)  # over the mark, as on the table
            cover.center = (card.centerx + card_w // 3, card.centery)
            _back(surface, cover)
        y = table.bottom + 4
        for line_index, line in enumerate(captions[index]):
            color = WHITE if line_index == 0 else DIM
            image = text.render(line, size, color, bold=line_index == 0)
            surface.blit(image, image.get_rect(midtop=(cell.centerx, y)))
            y += size + 2
