"""Hot seat with hidden information: whose hand the screen shows, and the hand-over curtain.

With one person at the screen their hand is always shown. With several, each person's hand is
shown only after they said they are at the screen: when a person's turn is over the hand is
hidden (the table stays visible, bots go on playing), and when the next person must act a
curtain covers everything: "Pass to Player 2 — click when ready". Their click lifts it.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from wokphysics.ui.widgets import DIM, GOLD, WHITE, Text


class HandOver:
    """``viewer`` is the seat whose hidden information is drawn, or None (nobody's)."""

    def __init__(self, people: Sequence[int]) -> None:
        self.people = tuple(people)
        self.viewer: int | None = self.people[0] if len(self.people) == 1 else None

    @property
    def shared(self) -> bool:
        """Several people share the screen (hot seat)."""
        return len(self.people) > 1

    def curtain_for(self, seat: int) -> bool:
        """True when ``seat`` must act but the screen shows someone else's view (or nobody's):
        the curtain is down and waits for that person's click."""
        return self.shared and seat in self.people and self.viewer != seat

    def ready(self, seat: int) -> None:
        """The person at ``seat`` clicked: show their view."""
        self.viewer = seat

    def turn_over(self, seat: int) -> None:
        """``seat`` finished a turn: with several people, hide their hand until the next
        person is ready."""
        if self.shared and seat == self.viewer:
            self.viewer = None


def draw_curtain(surface: pygame.Surface, text: Text, name: str, note: str = "",
                 first: bool = False) -> None:
    """The whole window covered: "Pass to NAME — click when ready" (``first``: the game's
    first turn, so no hand was shown before)."""
    surface.fill((26, 20, 18))
    rect = surface.get_rect()
    size = max(28, rect.height // 16)
    title = text.render(f"Pass to {name} \u2014 click when ready", size, GOLD, bold=True)
    surface.blit(title, title.get_rect(center=(rect.centerx, rect.centery - size)))
    head = f"{name} starts the game." if first else "The previous hand is hidden."
    lines = [head, note] if note else [head]
    y = rect.centery + size // 2
    for line in lines:
        image = text.render(line, max(18, size // 2), DIM if line != note else WHITE)
        surface.blit(image, image.get_rect(center=(rect.centerx, y)))
        y += int(size * 0.7)
