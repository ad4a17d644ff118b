"""Hot seat with hidden information: whose hand the screen shows, and the hand-over curtain.

With one person at the screen their hand is always shown. With several, each person's hand is
shown only after they said they are at the screen: when a person's turn is over the hand is
hidden (the table stays visible, bots go on playing), and when the next person must act a
curtain covers everything: "Pass to Player 2 — click when ready", with what the previous
player did in their turn (the log's lines of it). Their click lifts it.
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
                 first: bool = False, previous: tuple[str, Sequence[str]] | None = None
                 ) -> None:
    """The whole window covered: "Pass to NAME — click when ready" (``first``: the game's
    first turn, so no hand was shown before), and under it what the last turn's player did
    (``previous``: their name and the log's lines of that turn; the newest that fit)."""
    surface.fill((26, 20, 18))
    rect = surface.get_clip()  # the part shown (a UI scale's view; else the window)
    size = max(28, rect.height // 16)
    small = max(18, size // 2)
    # lines as far apart as the fonts drawn need (at a UI scale the least font is larger),
    # and every line wrapped to the width shown: nothing cut at its edges
    step = max(int(size * 0.7), text.font(small).get_linesize())
    move_step = max(int(small * 1.15), text.font(small).get_linesize())
    title_step = text.font(size, True).get_linesize()
    width = rect.width * 4 // 5
    moves: list[str] = []
    if previous is not None and previous[1]:
        for line in previous[1]:
            moves.extend(text.wrap(line, small, width))
        room = max(1, (rect.height // 2 - 2 * step) // move_step)
        cut = len(moves) > room
        moves = moves[-room:]
        heading = f"{previous[0]}'s turn" + (" (the last of it):" if cut else ":")
        moves.insert(0, heading)
    head = f"{name} starts the game." if first else "The previous hand is hidden."
    lines = [(part, DIM) for part in text.wrap(head, small, width)]
    if note:
        lines += [(part, WHITE) for part in text.wrap(note, small, width)]
    titles = text.wrap(f"Pass to {name} \u2014 click when ready", size, width, bold=True)
    block = (title_step * len(titles) + size // 2 + step * len(lines)
             + move_step * len(moves))
    top = max(rect.top + size // 2, rect.centery - block // 2)
    for line in titles:
        title = text.render(line, size, GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(rect.centerx, top)))
        top += title_step
    y = top + size // 2
    for line, colour in lines:
        image = text.render(line, small, colour)
        surface.blit(image, image.get_rect(midtop=(rect.centerx, y)))
        y += step
    y += step // 2
    for index, line in enumerate(moves):
        image = text.render(line, small, GOLD if index == 0 else WHITE, bold=index == 0)
        surface.blit(image, image.get_rect(midtop=(rect.centerx, y)))
        y += move_step
