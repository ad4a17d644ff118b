"""Rules at hand (issue 27): every game's window has its rules behind F1 and a Rules button,
page by page, with the numbers of the rules played; a refusal opens the page of the rule it
enforces."""

from __future__ import annotations

import pygame
import pytest
from test_app_overlays import _key, _turn_app
from wwwy_clicks import FRAME_S, centre_of, post_click

from wokphysics.config.wok_on_fire import load_config
from wokphysics.games.reference import RulesReference
from wokphysics.games.registry import PLUGINS
from wokphysics.games.wok_on_fire.reference import wok_on_fire_reference
from wokphysics.ui.app import App
from wokphysics.ui.turn.scene import TurnScene
from wokphysics.ui.we_will_wok_you.layout import WwwyTarget
from wokphysics.ui.we_will_wok_you.scene import wwwy_scene


@pytest.mark.parametrize("entry", PLUGINS, ids=lambda p: p.name)
def test_every_game_has_rules_at_hand(entry: object) -> None:
    from wokphysics.games.plugin import GamePlugin

    assert isinstance(entry, GamePlugin) and entry.reference is not None
    reference = entry.reference(None)
    assert isinstance(reference, RulesReference) and reference.title == entry.title
    assert len(reference.sections) >= 4
    keys = [s.key for s in reference.sections]
    assert len(set(keys)) == len(keys)
    for section in reference.sections:
        assert section.lines and all(isinstance(line, str) for line in section.lines)
    words = " ".join(" ".join(s.lines) for s in reference.sections).lower()
    assert "score" in words or "points" in words or "loan" in words


def test_wok_on_fire_rules_say_the_numbers_of_the_rules_played() -> None:
    rules = load_config().rules
    shipped = wok_on_fire_reference(rules)
    scoring = " ".join(shipped.section("scoring").lines)
    assert "Most Pork: +5" in scoring and "Most Broccoli: -10" in scoring
    assert "18 per set of 3" in scoring and "1/6/15/24/35" in scoring
    house = rules.model_copy(update={"pork_majority_bonus": 7, "chili_extra_pick": False})
    changed = wok_on_fire_reference(house)
    assert "Most Pork: +7" in " ".join(changed.section("scoring").lines)
    assert "switched off" in " ".join(changed.section("powers").lines)
    assert shipped.section("viable").picture == "viability"


@pytest.mark.parametrize(("game", "reason", "page"), [
    ("wok-on-fire", "card 8 is face down", "viable"),
    ("wok-on-fire", "the centre circle of card 12 is covered", "viable"),
    ("wok-on-fire", "card 3 is falling out of the wok", "viable"),
    ("wok-on-fire", "a Green Pepper is viable and must be picked first", "powers"),
    ("wok-on-fire", "card 4 is a Chicken: every viable Chicken comes with card 2 as one pick",
     "powers"),
    ("we-will-wok-you", "row 1 costs 6 coins and you have 3", "turn"),
    ("we-will-wok-you", "the upper coin set has its last coin, which may not be taken", "turn"),
    ("we-will-wok-you", "your hand does not show 4 identical symbols (star wild) to pay with",
     "symbols"),
    ("wok-and-roll", "the dice are not locked in yet: re-roll or Lock in first", "turn"),
    ("wok-and-roll", "a Recipe pays only for a lock: click a lock first", "expert"),
    ("wok-star", "the timer ran out and the dish cannot be made: 'turn away'", "action"),
    ("wok-star", "onions needs two dice with two in a row", "prep"),
    ("wok-star", "an upgrade costs $6 and the team has $4", "rounds"),
])
def test_a_refusal_links_to_the_rule_it_enforces(game: str, reason: str, page: str) -> None:
    from wokphysics.games.registry import plugin

    hook = plugin(game).reference
    assert hook is not None
    found = hook(None).section_for(reason)
    assert found is not None and found.key == page, (reason, found)


def _wwwy() -> tuple[App, TurnScene]:
    return _turn_app("we-will-wok-you", wwwy_scene, 3)


def test_f1_shows_the_controls_then_the_rules_page_by_page() -> None:
    app, scene = _wwwy()
    assert app.rules is scene.rules and scene.rules is not None
    _key(pygame.K_F1)
    app.frame(FRAME_S)
    assert app.help and app.rules_overlay.page == 0  # the controls first
    titles = [scene.rules.sections[i].title for i in range(len(scene.rules.sections))]
    for page in range(1, len(titles) + 1):
        _key(pygame.K_RIGHT)
        app.frame(FRAME_S)
        assert app.rules_overlay.page == page
    _key(pygame.K_RIGHT)
    app.frame(FRAME_S)
    assert app.rules_overlay.page == 0  # round again
    # a click on a tab opens its page; a click outside the box closes the overlay
    rect, page = app.rules_overlay.tabs[2]
    post_click(rect.center)
    app.frame(FRAME_S)
    assert app.help and app.rules_overlay.page == 2
    box = app.rules_overlay.box
    assert box is not None
    post_click((box.left // 2 if box.left > 4 else 2, 2))
    app.frame(FRAME_S)
    assert not app.help
    pygame.display.quit()


def test_the_rules_button_opens_the_rules_and_the_scene_gets_no_click() -> None:
    app, scene = _wwwy()
    app.frame(FRAME_S)
    button = app.rules_button
    assert button is not None and app.screen.get_rect().contains(button)
    steps = scene.session.steps
    post_click(button.center)
    app.frame(FRAME_S)
    assert app.help and app.rules_overlay.page == 1
    assert scene.session.steps == steps
    pygame.display.quit()


def test_after_a_refusal_f1_opens_on_the_rule_it_enforces() -> None:
    """A row the player cannot afford: the refusal's words, then F1 shows 'Your turn' with
    the refusal at its top."""
    app, scene = _wwwy()
    state = scene.session.state
    row = next((r for r in range(len(state.rows))
                if state.coin_sets[state.data.row_coin_sets[r]] > state.coins[0]), None)
    assert row is not None, "a row dearer than the 3 coins dealt"
    post_click(centre_of(scene, WwwyTarget("row", row)))
    app.frame(FRAME_S)
    assert scene.presenter.status_is_error and "costs" in scene.presenter.status
    _key(pygame.K_F1)
    app.frame(FRAME_S)
    section = scene.rules.sections[app.rules_overlay.page - 1] if scene.rules else None
    assert section is not None and section.key == "turn"
    assert app.rules_overlay.reason == scene.presenter.status
    pygame.display.quit()


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_wok_stars_top_bar_leaves_room_for_the_rules_button(size: tuple[int, int]) -> None:
    """The button covered "loan $40"."""
    from wokphysics.ui.app import WindowOptions
    from wokphysics.ui.wok_star.scene import StarScene
    from wokphysics.ui.wok_star.session import StarSession

    session = StarSession.new(("person", "team"), 3)
    app = App(WindowOptions(size=size, mute=True),
              lambda a: StarScene(session, a.text, a.sound, a.restart, None))
    app.frame(FRAME_S)
    app.frame(FRAME_S)
    scene = app.scene
    assert isinstance(scene, StarScene)
    lay = scene.layout()
    assert lay is not None and app.rules_button is not None
    loan = lay.rect(1056, 0, 110, 40)
    text = scene.text.font(lay.font).size(f"loan ${session.state.loan()}")[0]
    loan.width = min(loan.width, text)
    for rect in (lay.money, lay.publicity, loan):
        assert not app.rules_button.colliderect(rect), (rect, app.rules_button)
    pygame.display.quit()
