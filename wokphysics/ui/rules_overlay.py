"""The help overlay with the rules at hand: the controls, then the game's rules, page by page.

F1 (or H, or the window's Rules button) opens it. Its first page lists the controls; the next
are the game's :class:`~wokphysics.games.reference.RulesReference` sections (the cards, their
powers, scoring), each a tab along the top. Left / Right (or Tab) turn the pages, a click on a
tab opens it, Esc or a click outside the box closes it. Opened just after a refusal, it opens
on the page of the rule that refusal enforces (``open_for``). A page longer than the box (a
small window, a UI scale) scrolls: Up / Down or the mouse wheel, the hint at the bottom says
which lines show.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from wokphysics.games.reference import RulesReference
from wokphysics.ui.rules_pictures import draw_picture
from wokphysics.ui.widgets import DIM, GOLD, WHITE, Text

CONTROLS = "Controls"
BOX_BG = (20, 16, 14, 235)


class RulesOverlay:
    """Which page is open and where the tabs were drawn (for clicks)."""

    def __init__(self, text: Text) -> None:
        self.text = text
        self.page = 0
        """0: the controls; k: the reference's section k - 1."""
        self.tabs: list[tuple[pygame.Rect, int]] = []
        self.box: pygame.Rect | None = None
        self.reason: str | None = None
        """The refusal the overlay was opened for (its page says the rule), if any."""
        self.scroll = 0
        """The first line of the page shown (a page longer than the box scrolls)."""
        self.more = 0
        """How many lines of the page the last frame could not show below the box."""

    # ------------------------------------------------------------------ which page
    def open_for(self, reference: RulesReference | None, refusal: str | None) -> None:
        """Open on the page of the rule ``refusal`` enforces, else on the controls (or on the
        rules when asked with ``refusal`` = "" from the Rules button)."""
        self.page = 0
        self.reason = None
        self.scroll = 0
        if reference is None or refusal is None:
            return
        if refusal == "":
            self.page = 1
            return
        section = reference.section_for(refusal)
        if section is not None:
            self.page = 1 + reference.sections.index(section)
            self.reason = refusal

    def pages(self, reference: RulesReference | None) -> int:
        return 1 + (len(reference.sections) if reference is not None else 0)

    def key(self, key: int, reference: RulesReference | None) -> bool:
        """Turn the page for Left / Right / Tab, scroll it for Up / Down; True if the key was
        one of those."""
        count = self.pages(reference)
        if key in (pygame.K_UP, pygame.K_DOWN):
            self.scroll_by(-3 if key == pygame.K_UP else 3)
            return True
        self.scroll = 0
        if key in (pygame.K_RIGHT, pygame.K_TAB):
            self.page = (self.page + 1) % count
        elif key == pygame.K_LEFT:
            self.page = (self.page - 1) % count
        else:
            return False
        self.reason = None
        return True

    def scroll_by(self, lines: int) -> None:
        """Scroll the page by ``lines`` (down for more than 0), within what it holds."""
        self.scroll = max(0, min(self.scroll + self.more, self.scroll + lines))

    def click(self, pos: tuple[int, int]) -> bool:
        """A click: on a tab opens its page (True); inside the box does nothing (True);
        outside it, False (the window closes the overlay)."""
        for rect, page in self.tabs:
            if rect.collidepoint(pos):
                self.page = page
                self.reason = None
                self.scroll = 0
                return True
        return self.box is not None and self.box.collidepoint(pos)

    # ------------------------------------------------------------------ drawing
    def draw(self, screen: pygame.Surface, area: pygame.Rect, controls: Sequence[str],
             reference: RulesReference | None, scale: float = 1.0) -> None:
        """The overlay centred on ``area``: tabs, then the open page; its text ``scale``
        times its size at UI scale 1."""
        size = round(max(16, min(22, screen.get_height() // 40)) * scale)
        width = min(area.width - 24, max(round(640 * scale), min(round(900 * scale),
                                                                area.width * 3 // 4)))
        titles = [CONTROLS] + ([s.title for s in reference.sections] if reference else [])
        self.page = min(self.page, len(titles) - 1)
        section = reference.sections[self.page - 1] if reference and self.page > 0 else None
        lines = list(controls) if section is None else list(section.lines)
        if self.reason and section is not None:
            lines = [f"Refused: {self.reason}", ""] + lines
        wrapped: list[tuple[str, bool]] = []
        for line in lines:
            red = line.startswith("Refused: ")
            wrapped.extend((w, red) for w in (self.text.wrap(line, size, width - 40)
                                              if line else [""]))
        picture_h = 0
        if section is not None and section.picture is not None:
            picture_h = min(200, max(120, area.height // 4))
        tab_size = max(14, size - 2)
        tabs_h = self._tab_rows(titles, tab_size, width - 32) * (tab_size + 14)
        title = reference.title + ": rules at hand" if reference else "Controls"
        height = int(size * 1.8) + tabs_h + len(wrapped) * size + picture_h + 60
        height = min(height, area.height - 8)
        box = pygame.Rect(0, 0, width, height)
        box.center = area.center
        self.box = box
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill(BOX_BG)
        screen.blit(shade, box.topleft)
        pygame.draw.rect(screen, GOLD, box, 2, border_radius=8)
        y = box.top + 12
        heading = self.text.render(title, int(size * 1.3), GOLD, bold=True)
        screen.blit(heading, heading.get_rect(midtop=(box.centerx, y)))
        y += int(size * 1.8)
        y = self._draw_tabs(screen, titles, tab_size, box.left + 16, y, width - 32)
        hint_size = max(13, size - 4)
        hint_h = self.text.font(hint_size).get_height() + 10
        # the lines that fit above the hint (a page longer than that scrolls)
        room = max(1, (box.bottom - hint_h - (y + 8) - picture_h) // size)
        self.scroll = max(0, min(self.scroll, len(wrapped) - room))
        shown = wrapped[self.scroll:self.scroll + room]
        self.more = len(wrapped) - self.scroll - len(shown)
        clip = screen.get_clip()
        screen.set_clip(pygame.Rect(box.left, y, box.width, box.bottom - hint_h - y
                                    ).clip(box.inflate(-4, -4)))
        y += 8
        for line, red in shown:
            color = (240, 120, 110) if red else WHITE if line else DIM
            screen.blit(self.text.render(line, size, color), (box.left + 20, y))
            y += size
        if section is not None and section.picture is not None and self.more == 0:
            draw_picture(screen, section.picture,
                         pygame.Rect(box.left + 20, y + 6, width - 40, picture_h - 12), self.text)
        screen.set_clip(box.inflate(-4, -4))
        hint = "Left / Right or click a tab: pages  -  Esc closes"
        if self.scroll or self.more:
            hint = (f"Up / Down or the wheel: lines {self.scroll + 1}-"
                    f"{self.scroll + len(shown)} of {len(wrapped)}  -  " + hint)
        image = self.text.render(hint, hint_size, GOLD if self.more else DIM)
        if image.get_width() > box.width - 24:  # a narrow box (a UI scale): the short form
            hint = "Left / Right: pages  -  Esc"
            if self.scroll or self.more:
                hint = f"Up / Down: {self.scroll + 1}-{self.scroll + len(shown)} of " \
                       f"{len(wrapped)}  -  " + hint
            image = self.text.render(hint, hint_size, GOLD if self.more else DIM)
        screen.blit(image, image.get_rect(bottomright=(box.right - 12, box.bottom - 6)))
        screen.set_clip(clip)

    def _tab_rows(self, titles: Sequence[str], size: int, width: int) -> int:
        rows, x = 1, 0
        for title in titles:
            w = self.text.font(size, True).size(title)[0] + 20
            if x + w > width and x > 0:
                rows, x = rows + 1, 0
            x += w + 6
        return rows

    def _draw_tabs(self, screen: pygame.Surface, titles: Sequence[str], size: int, left: int,
                   top: int, width: int) -> int:
        self.tabs = []
        x, y = left, top
        for page, title in enumerate(titles):
            image = self.text.render(title, size, (24, 20, 16) if page == self.page else WHITE,
                                     bold=True)
            rect = pygame.Rect(x, y, image.get_width() + 20, size + 10)
            if rect.right > left + width and x > left:
                x, y = left, y + size + 14
                rect.topleft = (x, y)
            if page == self.page:
                pygame.draw.rect(screen, GOLD, rect, border_radius=6)
            else:
                pygame.draw.rect(screen, (70, 60, 52), rect, border_radius=6)
                pygame.draw.rect(screen, DIM, rect, 1, border_radius=6)
            screen.blit(image, image.get_rect(center=rect.center))
            self.tabs.append((rect, page))
            x = rect.right + 6
        return y + size + 14
