"""Which texts a window cut (issue 27, "text that fits its box"): every text image pygame's
fonts render is remembered, and every blit of one onto a surface the window made (the scene's
surface, its cached pictures, a card's face) is checked against that surface's clip and edges
at the moment of the blit. A text whose visible pixels are not all inside is *cut*; a text
drawn with a trailing ellipsis was *shortened* to fit a box (the full text did not fit)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import pygame

ELLIPSES = ("...", "\u2026")
"""How a text shortened to fit a box ends."""

WHOLE_SENTENCES = ("thinking...",)
"""Texts that end in an ellipsis as written (a bot thinking), not shortened."""


@dataclass(frozen=True)
class Cut:
    """A text drawn partly outside the room it had: ``drawn`` (its visible pixels) against
    ``room`` (the surface's clip, within its edges), px of the surface drawn on."""

    text: str
    drawn: pygame.Rect
    room: pygame.Rect


@dataclass
class TextCuts:
    """The texts cut or shortened while :meth:`recording` is in use."""

    cuts: list[Cut] = field(default_factory=list)
    shortened: list[str] = field(default_factory=list)
    drawn: list[str] = field(default_factory=list)
    placed: list[tuple[str, pygame.Rect]] = field(default_factory=list)
    """Each text drawn and the rectangle of its visible pixels on the surface drawn on."""
    _texts: dict[int, tuple[pygame.Surface, str]] = field(default_factory=dict)

    def reset(self) -> None:
        """Forget what was drawn so far (the texts rendered are kept: they are cached)."""
        self.cuts.clear()
        self.shortened.clear()
        self.drawn.clear()
        self.placed.clear()

    def _blitted(self, onto: pygame.Surface, source: pygame.Surface, dest: object,
                 area: object) -> None:
        found = self._texts.get(id(source))
        if found is None or found[0] is not source:
            return
        text = found[1]
        self.drawn.append(text)
        if text.rstrip().endswith(ELLIPSES) and not text.rstrip().endswith(WHOLE_SENTENCES):
            self.shortened.append(text)
        if isinstance(dest, pygame.Rect):
            at = dest.topleft
        else:
            x, y = dest  # type: ignore[misc]
            at = (int(x), int(y))
        visible = source.get_bounding_rect()
        if area is not None:
            visible = visible.clip(pygame.Rect(area))  # type: ignore[arg-type]
            if visible != source.get_bounding_rect():
                self.cuts.append(Cut(text, visible.move(at), pygame.Rect(area)))  # type: ignore[arg-type]
                return
            at = (at[0] - pygame.Rect(area).x, at[1] - pygame.Rect(area).y)  # type: ignore[arg-type]
        drawn = visible.move(at)
        self.placed.append((text, drawn))
        room = onto.get_clip().clip(onto.get_rect())
        if drawn.width and drawn.height and not room.contains(drawn):
            self.cuts.append(Cut(text, drawn, room))

    @contextmanager
    def recording(self) -> Iterator[TextCuts]:
        """Every pygame font made meanwhile remembers what it renders, and every
        ``pygame.Surface`` made meanwhile (``convert`` keeps it one) reports its blits."""
        font_base = pygame.font.Font
        surface_base = pygame.Surface
        texts = self._texts
        record = self._blitted

        class Recording(font_base):  # type: ignore[misc, valid-type]
            def render(self, text: str | bytes | None, antialias: bool,
                       *args: object, **kwargs: object) -> pygame.Surface:
                image = super().render(text, antialias, *args, **kwargs)
                if text:
                    texts[id(image)] = (image, str(text))
                return image

        class Watched(surface_base):  # type: ignore[misc, valid-type]
            def blit(self, source: pygame.Surface, dest: object, area: object = None,
                     special_flags: int = 0) -> pygame.Rect:
                record(self, source, dest, area)
                return super().blit(source, dest, area, special_flags)

            def convert(self, *args: object) -> pygame.Surface:
                return self  # stays watched (the format matters not to a test)

            def convert_alpha(self, *args: object) -> pygame.Surface:
                return self

        pygame.font.Font = Recording  # type: ignore[misc]
        pygame.Surface = Watched  # type: ignore[misc]
        try:
            yield self
        finally:
            pygame.font.Font = font_base  # type: ignore[misc]
            pygame.Surface = surface_base  # type: ignore[misc]

    @staticmethod
    def whole_surface(size: tuple[int, int]) -> pygame.Surface:
        """A surface of ``size`` that reports its blits, with no clip (call while
        recording)."""
        return pygame.Surface(size)
