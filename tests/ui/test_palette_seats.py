"""Seat colours everyone can tell apart (issue 27, part 2): in every game and at every seat
count the game allows, every pair of the seats' colours stays ``MIN_MARK_PAIR`` apart in
CIECAM02-UCS in normal vision and under simulated protanopia, deuteranopia and tritanopia
(Machado et al. 2009, full severity, with ``colorspacious``), as the state marks do
(``test_palette.py``). Before, four-seat Wok Star's red and green dice were 6.5 apart under
deuteranopia. Also on a four-seat Wok Star screenshot: each seat's dice as drawn."""

from __future__ import annotations

import itertools

import numpy as np
import pygame
import pytest
from test_palette import MIN_MARK_PAIR, VISIONS, _colour, _difference, _seen
from test_wok_star_readable import frames_until, scene_of, window

from wokphysics.games import registry
from wokphysics.games.wok_star.model import Phase
from wokphysics.ui import palette
from wokphysics.ui.render import SEAT_COLORS as FIRE_DRAWN
from wokphysics.ui.we_will_wok_you.drawing import SEAT_COLORS as WWWY_DRAWN
from wokphysics.ui.widgets import WHITE
from wokphysics.ui.wok_and_roll.drawing import SEAT_COLORS as ROLL_DRAWN
from wokphysics.ui.wok_star.pieces import PAPER, contrast, cook_colour, header_colour
from wokphysics.ui.wok_star.pieces import SEAT_COLOURS as STAR_DRAWN

SEATS: dict[str, tuple[palette.Color, ...]] = {
    "wok-on-fire": palette.FIRE_SEATS,
    "we-will-wok-you": palette.WWWY_SEATS,
    "wok-star": palette.STAR_SEATS,
    "wok-and-roll": palette.ROLL_SEATS,
}
"""Each game's seat colours in the palette, by the game's registry name."""

SEAT_COUNTS = [(name, players) for name in registry.game_names()
               for players in range(registry.plugin(name).info.min_players,
                                    registry.plugin(name).info.max_players + 1)]


def test_every_game_has_its_seat_colours_in_the_palette_and_draws_them() -> None:
    assert set(SEATS) == set(registry.game_names())
    for name in registry.game_names():
        assert len(SEATS[name]) >= registry.plugin(name).info.max_players
    assert FIRE_DRAWN == SEATS["wok-on-fire"]
    assert WWWY_DRAWN == SEATS["we-will-wok-you"]
    assert STAR_DRAWN == SEATS["wok-star"]
    assert ROLL_DRAWN == SEATS["wok-and-roll"]


@pytest.mark.parametrize(("game", "players"), SEAT_COUNTS,
                         ids=[f"{name}-{players}" for name, players in SEAT_COUNTS])
def test_every_pair_of_seats_differs_in_every_vision(game: str, players: int) -> None:
    seats = SEATS[game][:players]
    close = []
    for vision in VISIONS:
        for (a, first), (b, second) in itertools.combinations(enumerate(seats), 2):
            d = _difference(_seen(_colour(first), vision), _seen(_colour(second), vision))
            if d < MIN_MARK_PAIR:
                close.append((vision, a + 1, b + 1, round(d, 1)))
    assert not close, close


def test_four_seat_wok_stars_dice_stay_apart_on_screen_in_every_vision() -> None:
    """Round 1's kitchen with four seats: the body of every die in each seat's row (its
    exact colour, pips and edges left out), seen through each vision, their means pairwise
    apart."""
    app = window(("team", "team", "team", "team"), 5)
    scene = scene_of(app)
    frames_until(app, None, lambda: scene.session.state.phase is Phase.ACTION)
    scene.scheduler.hold = True
    app.frame()
    lay = scene.layout()
    assert lay is not None
    shot = pygame.surfarray.array3d(app.screen).astype(float)
    bodies = {}
    for seat, panel in enumerate(lay.seats):
        colour = np.array(palette.STAR_SEATS[seat], dtype=float)
        mask = np.zeros(shot.shape[:2], dtype=bool)
        for _, rect in panel.slots:
            clip = rect.clip(app.screen.get_rect())
            area = shot[clip.left:clip.right, clip.top:clip.bottom]
            mask[clip.left:clip.right, clip.top:clip.bottom] |= np.all(area == colour, axis=2)
        assert mask.sum() >= 200, (seat, int(mask.sum()))
        bodies[seat] = mask
    for vision in VISIONS:
        seen = _seen(shot, vision)
        means = {seat: seen[mask].mean(axis=0) for seat, mask in bodies.items()}
        for a, b in itertools.combinations(means, 2):
            d = _difference(means[a], means[b])
            assert d >= MIN_MARK_PAIR, (vision, a + 1, b + 1, round(d, 1))
    pygame.display.quit()


def test_words_on_a_seats_colour_read() -> None:
    """A Wok Star seat's name in white on its panel's header, its customers' "cook: ..." on
    the card's paper, the code on a board's chip of its colour, and a Wok on Fire player's
    label on their player aid, at least 4.5 in WCAG contrast (on the yellow and green seats'
    they were 2.1-3.3)."""
    for seat, colour in enumerate(palette.STAR_SEATS):
        assert contrast(WHITE, header_colour(seat)) >= 4.5, seat
        assert contrast(PAPER, cook_colour(seat)) >= 4.5, seat  # "cook: ..." on the card
        assert contrast(palette.ink_on(colour), colour) >= 4.5, seat  # a board's chip
    for fill in palette.FIRE_SEATS:
        assert palette.contrast_ratio(palette.ink_on(fill), fill) >= 4.5, fill
