"""Colours everyone can tell apart (issue 27): the state marks on Wok on Fire's cards checked
under simulated protanopia, deuteranopia and tritanopia (Machado et al. 2009, full severity,
with ``colorspacious``), on the palette's colours and on a rendered screenshot; each mark's
second cue (its pattern and badge); frames in the cards' stacking order; a blind claim's badge
on the claimed card."""

from __future__ import annotations

import itertools

import numpy as np
import pygame
import pytest
from colorspacious import cspace_convert, deltaE
from numpy.typing import NDArray
from test_ui_choices import _reach

from wokphysics.config.wok_on_fire import load_config
from wokphysics.games.wok_on_fire.engine import Expect, Pick
from wokphysics.ui import palette

VISIONS = ("normal", "protanomaly", "deuteranomaly", "tritanomaly")
MIN_MARK_PAIR = 15.0
"""Least CIECAM02-UCS difference between two state marks' colours in any vision (a clearly
visible difference is about 10; we found 17.6 at worst)."""
MIN_MARK_CATEGORY = 20.0
"""Least difference between a state mark and an ingredient category's colour (23.4 found)."""


def _seen(rgb: NDArray[np.float64], vision: str) -> NDArray[np.float64]:
    """``rgb`` (0..255, any shape ending in 3) as a person with ``vision`` sees it."""
    if vision == "normal":
        return rgb
    cvd = {"name": "sRGB1+CVD", "cvd_type": vision, "severity": 100}
    seen: NDArray[np.float64] = np.clip(cspace_convert(rgb / 255.0, cvd, "sRGB1"), 0, 1) * 255
    return seen


def _difference(a: NDArray[np.float64], b: NDArray[np.float64]) -> float:
    return float(deltaE(a, b, input_space="sRGB255"))


def _colour(color: tuple[int, int, int]) -> NDArray[np.float64]:
    return np.array(color, dtype=float)


# The two marks named "viable" and "viable later" share a colour on purpose (the same state,
# waiting for a Green Pepper): their patterns differ (solid / dashed).
DISTINCT = [m for m in palette.STATE_MARKS if m is not palette.VIABLE_LATER]


@pytest.mark.parametrize("vision", VISIONS)
def test_every_pair_of_state_marks_differs_in_colour_in_every_vision(vision: str) -> None:
    for a, b in itertools.combinations(DISTINCT, 2):
        d = _difference(_seen(_colour(a.color), vision), _seen(_colour(b.color), vision))
        assert d >= MIN_MARK_PAIR, f"{a.name} / {b.name} in {vision}: dE {d:.1f}"


@pytest.mark.parametrize("vision", VISIONS)
def test_no_state_mark_looks_like_an_ingredient_colour(vision: str) -> None:
    for mark in palette.STATE_MARKS:
        for name, color in palette.CATEGORY_COLORS.items():
            d = _difference(_seen(_colour(mark.color), vision), _seen(_colour(color), vision))
            assert d >= MIN_MARK_CATEGORY, f"{mark.name} / {name} in {vision}: dE {d:.1f}"


def test_every_state_mark_has_a_second_cue_of_its_own() -> None:
    """Pattern and badge: no two marks look alike in grey."""
    cues = [(m.pattern, m.badge) for m in palette.STATE_MARKS]
    assert len(set(cues)) == len(cues)
    for mark in palette.STATE_MARKS:  # edged in the dark line: it shows on paper and wood
        assert palette.contrast_ratio(palette.EDGING, palette.CARD_PAPER) >= 7
        assert palette.contrast_ratio(mark.color, palette.EDGING) >= 3 or mark.second


def test_the_art_draws_with_the_palettes_category_colours() -> None:
    from wokphysics.ui import art

    assert art.CATEGORY_COLORS is palette.CATEGORY_COLORS


def _blind_claim_window() -> tuple[object, object, object, list[int]]:
    width = load_config().physics.card.width_mm
    return _reach(lambda g: g.expect is Expect.PICK and bool(g.legal_picks().blind),
                  [("pork", -230.0, -230.0), ("onion", -230.0 + width / 2 - 15.0, -230.0)])


def test_the_marks_on_a_screenshot_stay_apart_in_every_vision() -> None:
    """A pick on the table: viable cards, a blind claim named by you, the bot's choice. On
    the screenshot, each mark's pixels (its exact colour) are seen through each simulated
    vision, and their mean colours compared pairwise."""
    app, scene, game, placed = _blind_claim_window()
    legal = game.legal_picks()
    claimed = placed[0]
    scene.ui.selection = [Pick(claimed, blind_chicken=True)]
    others = [c for c in legal.viable if c != claimed]
    assert others, "a viable card besides the claim"
    scene.ui.bot_picks = [Pick(others[0])]
    app.frame()
    area = pygame.Rect(app.renderer.map.area)
    shot = pygame.surfarray.array3d(app.screen.subsurface(area)).astype(float)
    drawn = [palette.VIABLE, palette.BLIND, palette.NAMED, palette.BOT_NAMED]
    if not (set(legal.viable) - {claimed, others[0]}):
        drawn.remove(palette.VIABLE)
    if not (set(legal.blind) - {claimed}):
        drawn.remove(palette.BLIND)
    pixels = {}
    for mark in drawn:
        mask = np.all(shot == np.array(mark.color, dtype=float), axis=2)
        assert mask.sum() >= 40, f"{mark.name} is drawn ({int(mask.sum())} px)"
        pixels[mark.name] = mask
    figures = []
    for vision in VISIONS:
        seen = _seen(shot, vision)
        means = {name: seen[mask].mean(axis=0) for name, mask in pixels.items()}
        for a, b in itertools.combinations(means, 2):
            d = _difference(means[a], means[b])
            figures.append((vision, a, b, round(d, 1)))
            assert d >= MIN_MARK_PAIR, (vision, a, b, d)
    pygame.display.quit()


def test_a_buried_cards_frame_is_covered_by_the_card_on_top_and_its_badge_shows() -> None:
    """The frame of a card under another is drawn in its stacking order (it was drawn over
    the cards on top of it), and a blind claim's "1?" sits on the claimed card's visible
    corner (it sat on the card above, over the hidden centre)."""
    app, scene, game, placed = _blind_claim_window()
    claimed, onion = placed
    scene.ui.selection = [Pick(claimed, blind_chicken=True)]
    app.frame()
    renderer = app.renderer
    card = game.table.card(claimed)
    width = load_config().physics.card.width_mm
    # the pork's right edge, halfway up, lies under the onion
    edge = renderer.map.to_screen(card.x + width / 2, card.y)
    top = renderer.card_at(game.table.cards, *edge)
    assert top is not None and top.id == onion
    x, y = round(edge[0]), round(edge[1])
    patch = pygame.surfarray.array3d(app.screen.subsurface(pygame.Rect(x - 2, y - 2, 5, 5)))
    assert not np.any(np.all(patch == np.array(palette.NAMED.color), axis=2)), \
        "the named frame shows through the card on top"
    # the badge: where the drawing put it, the claimed card is the one on top
    anchor = scene.drawing.highlights()[claimed].anchor
    assert anchor is not None
    top = renderer.card_at(game.table.cards, *renderer.map.to_screen(*anchor))
    assert top is not None and top.id == claimed
    pygame.display.quit()


def test_the_pick_prompt_says_what_enter_will_check() -> None:
    """Issue 27: "Pick up to 2 cards" while 2 had to be named, Enter's "name 2 cards (2
    viable to pick), not 1" with 5 viable, and a third click dropped the first named card."""
    from wokphysics.games.wok_on_fire.engine import LegalPicks
    from wokphysics.ui.wok_on_fire.pick_words import pick_words

    assert pick_words(LegalPicks((1, 2, 3, 4, 5), (1, 2, 3, 4, 5), (), 2, 2)) == \
        "Name 2 cards (5 are viable)"
    assert pick_words(LegalPicks((1,), (1,), (), 1, 1)) == "Name 1 card"
    assert pick_words(LegalPicks((1, 2), (1, 2), (3,), 1, 2)) == "Name 1 to 2 cards"
    app, scene, game, placed = _blind_claim_window()
    legal = game.legal_picks()
    assert scene.drawing.panel.instructions().startswith(pick_words(legal))
    scene.ui.selection = [Pick(c) for c in legal.viable[:1]]
    scene.inputs.confirm()
    if legal.min_picks > 1:
        assert scene.presenter.status == f"{pick_words(legal)} before Enter: 1 named so far"
    pygame.display.quit()


def test_a_click_past_the_picks_says_so_and_drops_nothing() -> None:
    from ui_helpers import frames_until_posted, post_click

    app, scene, game, placed = _blind_claim_window()
    legal = game.legal_picks()
    named = [Pick(c) for c in legal.viable[:legal.max_picks]]
    spare = [c for c in legal.viable if c not in {p.card_id for p in named}]
    assert len(named) == legal.max_picks and spare, "more viable cards than picks"
    scene.ui.selection = list(named)
    card = game.table.card(spare[0])
    post_click(app, card.x, card.y)
    frames_until_posted(app)
    assert scene.ui.selection == named  # the first named card stays named
    assert scene.presenter.bubbles and "named already" in scene.presenter.bubbles[0].text
    pygame.display.quit()
