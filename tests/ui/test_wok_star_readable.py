"""Wok Star followed by mouse in real time (issue 27): the dice keep their places as others
are placed, the purchase list keeps its rows as things are bought, no tooltip or popup covers
the dice or a drop target, and the pips are big and contrasted enough to read at 1280 x 800.
The window is driven through its real event queue on its virtual clock (dummy drivers)."""

from __future__ import annotations

from collections import deque

import pygame
from star_hand import StarHand, centre

from wokphysics.games.wok_star.actions import Buy, Upgrade
from wokphysics.games.wok_star.model import Phase
from wokphysics.ui.app import App, WindowOptions
from wokphysics.ui.synthetic_hand import HandClock
from wokphysics.ui.widgets import WHITE
from wokphysics.ui.wok_star.drawing import HOVER_DELAY_S
from wokphysics.ui.wok_star.layout import StarLayout, placed_die, prep_count_box
from wokphysics.ui.wok_star.pieces import (
    SEAT_COLOURS,
    contrast,
    darker,
    draw_die,
    pip_colour,
)
from wokphysics.ui.wok_star.play import StarSetup, star_factory
from wokphysics.ui.wok_star.scene import StarScene
from wokphysics.ui.wok_star.screens import for_sale, screen_name, upgradable

FPS = 20
SIZE = (1280, 800)


def window(seats: tuple[str, ...], seed: int) -> App:
    return App(WindowOptions(size=SIZE, fps=FPS), star_factory(StarSetup(seats, seed)),
               HandClock())


def scene_of(app: App) -> StarScene:
    scene = app.scene
    assert isinstance(scene, StarScene)
    return scene


def frames_until(app: App, hand: StarHand | None, done: object, limit: int = 6000) -> None:
    for _ in range(limit):
        if callable(done) and done():
            return
        if hand is not None:
            hand.step()
        app.frame()
    raise AssertionError("the window never got there")


def rows(lay: StarLayout) -> list[dict[int, pygame.Rect]]:
    """Per seat, where each unplaced die it holds is drawn."""
    return [{index: rect.copy() for index, rect in panel.dice} for panel in lay.seats]


def controls(scene: StarScene, lay: StarLayout) -> list[pygame.Rect]:
    """What a person clicks or drops on, straight from the layout: every die, preparation,
    Family card and seat panel (a gift's target), the counters, the recipes, the customer and
    its buttons, a screen's buttons."""
    out: list[pygame.Rect] = []
    for panel in lay.seats:
        out += [panel.rect, panel.dice_area]
        out += [rect for _, rect in panel.slots]
        out += list(panel.preps.values())
        out += [rect for _, rect in panel.family]
    if not scene.covered():
        out += list(lay.counters.values()) + list(lay.recipes.values())
        out += [lay.card, lay.serve, lay.turn_away]
    out += [choice.rect for choice in scene.buttons]
    return out


def test_dice_keep_their_slots_while_a_round_is_played_by_mouse() -> None:
    # Four seats, the person's dice dragged by the synthetic hand at human speed; every frame
    # of round 1's Action phase, every die still unplaced in the same hands is where it was.
    app = window(("person", "team", "team", "team"), 5)
    scene = scene_of(app)
    hand = StarHand(app, [0], seed=5)
    frames_until(app, hand, lambda: scene.session.state.phase is Phase.ACTION)
    app.frame()
    layout = scene.layout()
    assert layout is not None
    before = rows(layout)
    slots_seen = [len(panel.slots) for panel in layout.seats]
    placed_beside = 0
    frames = 0
    while scene.session.state.phase is Phase.ACTION and frames < 4000:
        hand.step()
        app.frame()
        frames += 1
        lay = scene.layout()
        assert lay is not None
        now = rows(lay)
        for seat, (old, new) in enumerate(zip(before, now, strict=True)):
            for index, rect in new.items():
                if index in old:
                    assert rect == old[index], (seat, index, old[index], rect)
            gone = set(old) - set(new)
            if gone and set(new) & set(old):
                placed_beside += 1  # a die left this row while others stayed in it
            slot_rects = dict(lay.seats[seat].slots)
            for index in gone:  # its slot is still there, empty
                if scene.session.state.dice and index in slot_rects:
                    assert slot_rects[index] == old[index]
                    assert index not in new
        slots_seen = [max(a, len(p.slots)) for a, p in zip(slots_seen, lay.seats, strict=True)]
        before = now
    assert scene.session.state.phase is not Phase.ACTION
    assert placed_beside >= 8, placed_beside
    assert hand.made["place"] >= 2, hand.made
    # Dice were given to seats mid-round, and no row outgrew its room (the case this checks).
    assert max(slots_seen) == 6, slots_seen


def test_the_purchase_list_keeps_every_row_after_a_buy_and_an_upgrade() -> None:
    app = window(("person", "team"), 7)
    scene = scene_of(app)
    hand = StarHand(app, [0], seed=7)
    frames_until(app, hand, lambda: scene.session.state.phase is Phase.PURCHASE
                 and scene.session.current == 0
                 and screen_name(scene.session, scene.presenter) == "purchase")
    app.frame()
    state = scene.session.state
    # The team's money is made up so that two buys and an upgrade are possible (the list's
    # places are what is checked, not the team's earnings).
    state.money = 200
    state._legal = None  # noqa: SLF001 - the legal actions are remembered per state
    app.frame()
    rows_before = for_sale(state)
    preps_before = upgradable(state)
    buttons = {(c.action, c.label): c.rect.copy() for c in scene.buttons}
    buy = next(c for c in scene.buttons if isinstance(c.action, Buy) and c.enabled)
    assert isinstance(buy.action, Buy)
    bought = buy.action.recipe
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre(buy.rect), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre(buy.rect),
                                         button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre(buy.rect), button=1))
    for _ in range(3):
        app.frame()
    assert bought in state.recipe_owner
    # A bought recipe's new preparations are handed out first (each to seat 1 here).
    while state.phase is Phase.PURCHASE_ASSIGN:
        give = next(c for c in scene.buttons if c.enabled and c.label.startswith("to "))
        scene.choose(give)
        app.frame()
    upgrade = next(c for c in scene.buttons if isinstance(c.action, Upgrade) and c.enabled)
    scene.choose(upgrade)
    app.frame()
    assert state.phase is Phase.PURCHASE and scene.session.current == 0
    rows_after = for_sale(state)
    # Every recipe keeps its row; the bought one is marked with its seat, not removed.
    assert [r for r, _ in rows_after] == [r for r, _ in rows_before]
    assert dict(rows_after)[bought] == 0
    # Every preparation keeps its row; new ones come after; the upgraded one is marked.
    assert [p for p, _ in upgradable(state)][:len(preps_before)] == [p for p, _ in preps_before]
    assert isinstance(upgrade.action, Upgrade)
    assert dict(upgradable(state))[upgrade.action.prep] is True
    # Every button still there is where it was; only the bought recipe's and the upgrade's
    # buttons went (the money left changes which are enabled, not where they are).
    after = {(c.action, c.label): c.rect for c in scene.buttons}
    for key, rect in after.items():
        if key in buttons:
            assert rect == buttons[key], key
    gone = {key for key in buttons if key not in after}
    assert all(isinstance(a, Buy) and a.recipe == bought or a == upgrade.action
               for a, _ in gone), gone
    assert len(gone) == state.num_players + 1
    # While the screen is up, the details of a seat's preparation or Family card cover
    # neither the screen's buttons nor any seat's panel.
    lay = scene.layout()
    assert lay is not None
    shown = 0
    for panel in lay.seats:
        for rect in [*panel.preps.values(), *(r for _, r in panel.family)]:
            scene.inputs.mouse_move(centre(rect), 0.0)
            scene.inputs.hover_rest_s = HOVER_DELAY_S
            scene.draw(app.screen)
            for box in scene.drawing.tip_boxes:
                assert box.collidelist(controls(scene, lay)) < 0, box
            shown += len(scene.drawing.tip_boxes)
    assert shown >= 4, shown


def test_no_tooltip_or_popup_covers_the_dice_or_a_drop_target() -> None:
    app = window(("person", "team", "team", "team"), 5)
    scene = scene_of(app)
    hand = StarHand(app, [0], seed=5)
    frames_until(app, hand, lambda: scene.session.state.phase is Phase.ACTION)
    app.frame()
    scene.scheduler.hold = True
    lay = scene.layout()
    assert lay is not None
    drawing = scene.drawing
    inputs = scene.inputs
    checked = 0
    # Hover every thing on the table: no details before the pointer has rested, and then
    # a box that covers no control.
    for rect, target in list(lay.hits):
        spot = centre(rect)
        if lay.hit(spot) != target:
            continue
        inputs.mouse_move(spot, 0.0)
        inputs.hover_rest_s = 0.0
        scene.draw(app.screen)
        assert drawing.tip_boxes == [], target
        inputs.hover_rest_s = HOVER_DELAY_S
        scene.draw(app.screen)
        if scene.presenter.hover_text(target):
            assert len(drawing.tip_boxes) == 1, target
            for box in drawing.tip_boxes:
                assert app.screen.get_rect().contains(box)
                hit = box.collidelist(controls(scene, lay))
                assert hit < 0, (target, box, controls(scene, lay)[hit])
            checked += 1
    assert checked >= 20, checked
    # Drag one of the person's dice over each preparation (theirs, then a teammate's: the
    # drop is refused there) and over each teammate's panel: the words never cover a control.
    index, die = lay.seats[0].dice[0]
    targets = [*lay.seats[0].preps.values(), *lay.seats[1].preps.values(),
               *(panel.header for panel in lay.seats[1:])]
    inputs.mouse_down(1, centre(die), 0.0)
    said = 0
    for target in targets:
        for k in range(1, 9):  # a hand's path there, in steps
            x = die.centerx + (target.centerx - die.centerx) * k // 8
            y = die.centery + (target.centery - die.centery) * k // 8
            inputs.mouse_move((x, y), 0.0)
            scene.draw(app.screen)
            for box in drawing.tip_boxes:
                hit = box.collidelist(controls(scene, lay))
                assert hit < 0, (box, controls(scene, lay)[hit])
        assert inputs.drop_words
        said += len(drawing.tip_boxes)
    assert said == len(targets)
    # Dropped on a teammate's preparation: refused, and the refusal's bubble is clear too.
    inputs.mouse_move(centre(lay.seats[1].preps[next(iter(lay.seats[1].preps))]), 0.0)
    inputs.mouse_up(1, inputs.mouse, 0.0)
    scene.draw(app.screen)
    assert scene.presenter.bubbles and drawing.tip_boxes
    for box in drawing.tip_boxes:
        assert box.collidelist(controls(scene, lay)) < 0
    # The longest notice the game says stays over the customer line's free part.
    scene.presenter.announce("Time's up! Egg Rolls is late: the team must still make Pork, "
                             "Eggroll Wraps, Bok Choy, Bamboo Shoots, then serve it face down")
    scene.draw(app.screen)
    assert drawing.notice_box is not None
    assert drawing.notice_box.collidelist(controls(scene, lay)) < 0
    assert app.screen.get_rect().contains(drawing.notice_box)


def components(surface: pygame.Surface, rect: pygame.Rect,
               colour: tuple[int, int, int]) -> list[set[tuple[int, int]]]:
    """The 4-connected blobs of ``colour`` inside ``rect``."""
    todo = {(x, y) for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
            if tuple(surface.get_at((x, y)))[:3] == colour}
    blobs = []
    while todo:
        start = todo.pop()
        blob = {start}
        queue = deque([start])
        while queue:
            x, y = queue.popleft()
            for step in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if step in todo:
                    todo.remove(step)
                    blob.add(step)
                    queue.append(step)
        blobs.append(blob)
    return blobs


def test_pips_are_large_and_contrasted_and_each_face_is_written_under_its_die() -> None:
    app = window(("person", "team", "team", "team"), 5)
    scene = scene_of(app)
    hand = StarHand(app, [0], seed=5)
    frames_until(app, hand, lambda: scene.session.state.phase is Phase.ACTION)
    scene.scheduler.hold = True
    app.frame()
    lay = scene.layout()
    assert lay is not None
    # At 1280 x 800 with four seats (the narrowest panels) a die is 44 px.
    sides = {rect.width for panel in lay.seats for _, rect in panel.slots}
    assert sides == {44}, sides
    surface = pygame.Surface((60, 60))
    for seat, body in enumerate(SEAT_COLOURS):
        ink = pip_colour(body)
        assert contrast(ink, body) >= 4.5, (seat, contrast(ink, body))
        for face in range(1, 7):
            surface.fill((0, 0, 0))
            rect = pygame.Rect(8, 8, 44, 44)
            draw_die(surface, rect, face, seat)
            pips = components(surface, rect, ink)
            assert len(pips) == face, (seat, face, len(pips))
            for pip in pips:
                width = max(x for x, _ in pip) - min(x for x, _ in pip) + 1
                assert width >= 10, (seat, face, width)
            # The dragged die's faded copy keeps readable pips too.
            faded = pip_colour(darker(body, 0.5))
            assert contrast(faded, darker(body, 0.5)) >= 4.5
    # The face's figure is drawn under each of the person's dice, inside the dice row.
    panel = lay.seats[0]
    state = scene.session.state
    for index, rect in panel.dice:
        below = pygame.Rect(rect.x - 4, rect.bottom, rect.width + 8, 22)
        assert panel.rect.contains(below)
        white = components(app.screen, below, WHITE)
        assert white, (index, state.dice[index].face)
        height = max(y for blob in white for _, y in blob) - min(
            y for blob in white for _, y in blob) + 1
        assert height >= 11, height


def test_the_slot_dragged_from_empties_when_the_engine_takes_a_twin_die() -> None:
    # The engine names dice by face and takes the first unplaced die of that face; the person
    # drags the second of two alike: that one's slot must be the one that empties.
    for seed in range(5, 40):
        app = window(("person", "team", "team", "team"), seed)
        scene = scene_of(app)
        hand = StarHand(app, [0], seed=seed)
        frames_until(app, hand, lambda s=scene: s.session.state.phase is Phase.ACTION)
        scene.scheduler.hold = True
        app.frame()
        lay = scene.layout()
        assert lay is not None
        state = scene.session.state
        faces: dict[int, list[int]] = {}
        for index, _ in lay.seats[0].dice:
            faces.setdefault(state.dice[index].face, []).append(index)
        twins = next((found for found in faces.values() if len(found) > 1), None)
        if twins is not None:
            break
    else:
        raise AssertionError("no seed gave the person two dice alike")
    first, second = twins[0], twins[1]
    where = dict(lay.seats[0].dice)
    face = state.dice[second].face
    prep = next(iter(lay.seats[0].preps.values()))
    scene.mouse_down(1, centre(where[second]), 0.0)
    for k in range(1, 11):
        x = where[second].centerx + (prep.centerx - where[second].centerx) * k // 10
        y = where[second].centery + (prep.centery - where[second].centery) * k // 10
        scene.mouse_move((x, y), 0.0)
    scene.mouse_up(1, centre(prep), 0.0)
    assert not state.dice[first].free  # the engine took the first of the two
    # The die flies on from where it was let go, not from a slot.
    assert scene.presenter.motions[-1].start.center == centre(prep)
    app.frame()
    lay = scene.layout()
    assert lay is not None
    shown = {tuple(rect): index for index, rect in lay.seats[0].dice}
    assert tuple(where[second]) not in shown  # the slot dragged from is empty
    assert state.dice[shown[tuple(where[first])]].face == face  # the twin did not move
    assert {tuple(rect) for _, rect in lay.seats[0].slots} >= {tuple(where[first]),
                                                                tuple(where[second])}


def test_a_die_flies_to_where_it_is_drawn_on_its_preparation_past_no_counter_box() -> None:
    """Issue 27: a die put on a preparation flew to the card's right end, over its counter
    box (the figure a player reads), and was then drawn left of it. It now flies to the
    place it is drawn (``layout.placed_die``), and at no moment of its flight covers a
    preparation's counter box."""
    app = window(("team", "team", "team", "team"), 5)
    scene = scene_of(app)
    frames_until(app, None, lambda: any(m.face for m in scene.presenter.motions))
    lay = scene.layout()
    assert lay is not None
    flights = [m for m in scene.presenter.motions if m.face]
    cards = [(prep, rect) for panel in lay.seats for prep, rect in panel.preps.items()]
    boxes = [prep_count_box(lay, rect) for _, rect in cards]
    for motion in flights:
        landing = [(prep, k) for prep, rect in cards
                   for k in range(len(scene.presenter.placed.get(prep, [])))
                   if placed_die(lay, rect, k) == motion.end]
        assert landing, ("the die lands where it is drawn", motion.end)
        for tenth in range(11):
            motion.elapsed = motion.duration * tenth / 10
            covered = [box for box in boxes if motion.rect().colliderect(box)]
            assert not covered, (tenth, motion.rect(), covered)
    app.close()
