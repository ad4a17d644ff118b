"""The window's parts that need no event loop: mapping, gestures, interpolation, sprites."""

from __future__ import annotations

import math
from pathlib import Path

import pygame
import pytest

from wokphysics.config.wok_on_fire import INGREDIENT_NAMES, load_config
from wokphysics.table.cards import Card
from wokphysics.ui.display import missing_display
from wokphysics.ui.input import GestureCapture, limit_speed
from wokphysics.ui.render import lerp_cards
from wokphysics.ui.view import layout


@pytest.mark.parametrize("size", [(1280, 800), (640, 480), (1920, 1080), (800, 1200)])
def test_screen_mapping_follows_the_window_size(size: tuple[int, int]) -> None:
    cfg = load_config()
    m = layout(cfg.physics, *size)
    ax, ay, aw, ah = m.area
    assert aw + m.panel[2] == size[0] and ah == size[1]
    # The whole wok and its aids fit in the table area, seat 0's edge at the bottom.
    for x, y in ((-305.0, -305.0), (305.0, 305.0)):
        sx, sy = m.to_screen(x, y)
        assert 0 <= sx < aw and 0 <= sy < ah
    assert m.to_screen(0.0, -305.0)[1] > m.to_screen(0.0, 305.0)[1]
    for point in ((0.0, 0.0), (123.4, -56.7), (-300.0, 290.0)):
        back = m.to_table(*m.to_screen(*point))
        assert back == pytest.approx(point, abs=1e-9)


def test_gesture_samples_are_seconds_from_the_press_in_mm() -> None:
    capture = GestureCapture(5.0, 0.0, -100.0)
    capture.add(5.0, 1.0, -99.0)  # the same moment as the press: dropped
    capture.add(5.016, 0.0, -90.0)
    capture.add(5.016, 0.0, -88.0)  # the same moment: the newest position wins
    capture.add(5.033, 0.0, -60.0)
    gesture, slowed = capture.gesture(max_speed=20000.0)
    assert not slowed
    flat = [value for sample in gesture.samples for value in sample]
    assert flat == pytest.approx([0.0, 0.0, -100.0, 0.016, 0.0, -88.0, 0.033, 0.0, -60.0],
                                 abs=1e-12)
    vx, vy = gesture.release_velocity(0.017)
    assert vx == pytest.approx(0.0) and vy == pytest.approx(28.0 / 0.017)


def test_a_gesture_faster_than_a_hand_is_slowed_to_the_limit() -> None:
    samples = [(0.0, 0.0, 0.0), (0.01, 0.0, 300.0), (0.02, 0.0, 310.0)]  # 30000 mm/s, then 1000
    slowed = limit_speed(samples, 20000.0)
    assert slowed[1] == pytest.approx((0.015, 0.0, 300.0))
    assert slowed[2] == pytest.approx((0.025, 0.0, 310.0))  # later samples keep their spacing


def _card(**changes: object) -> Card:
    base: dict[str, object] = dict(id=1, ingredient="pork", face_up=False, x=0.0, y=0.0,
                                   angle=0.0, layer=1, stack_order=1, location="wok")
    base.update(changes)
    return Card(**base)


def test_interpolation_takes_the_short_way_and_never_blends_a_landing() -> None:
    a = _card(x=0.0, angle=math.pi - 0.1, airborne=True, height=10.0, flip_angle=1.0)
    b = _card(x=10.0, angle=-math.pi + 0.1, airborne=True, height=30.0, flip_angle=2.0)
    (mid,) = lerp_cards([a], [b], 0.5)
    assert mid.x == pytest.approx(5.0) and mid.height == pytest.approx(20.0)
    assert math.cos(mid.angle) == pytest.approx(-1.0)  # through pi, not through 0
    landed = _card(x=10.0, face_up=True)
    assert lerp_cards([a], [landed], 0.5) == [landed]


def test_missing_display_names_what_is_missing() -> None:
    assert missing_display({}, "linux") is not None
    assert "DISPLAY" in (missing_display({}, "linux") or "")
    assert missing_display({"DISPLAY": ":0"}, "linux") is None
    assert missing_display({"WAYLAND_DISPLAY": "wayland-0"}, "linux") is None
    assert missing_display({"SDL_VIDEODRIVER": "dummy"}, "linux") is None
    assert missing_display({}, "win32") is None


def test_the_sprite_script_draws_every_sprite(tmp_path: Path) -> None:
    from wokphysics.sprites import main

    assert main([str(tmp_path)]) == 0
    names = {path.name for path in tmp_path.glob("*.png")}
    faces = {f"card_{name}.png" for name in INGREDIENT_NAMES}
    assert names == faces | {"card_back.png", "spatula.png", "table.png"}
    pygame.display.init()
    cfg = load_config()
    face = pygame.image.load(str(tmp_path / "card_green_pepper.png"))
    assert face.get_size() == (254, 356)  # 4 px per mm of the 63.5 x 88.9 mm card
    dot = cfg.physics.card.dot_inset_mm + cfg.physics.card.dot_diameter_mm / 2.0
    r, g, b, _ = face.get_at((round(dot * 4), round(dot * 4)))
    assert g > r and g > b, "the corner dot has the vegetable colour"


def test_a_face_shows_nothing_of_its_ingredient_outside_the_picture() -> None:
    """A card whose centre circle is covered must not be readable from its edge: above and
    below the picture's disc (2.3 centre-circle radii), faces of one category are alike. The
    art printed the name across those bands, so a blind Chicken claim was no guess."""
    from wokphysics.ui.art import draw_face

    pygame.display.init()
    cfg = load_config()
    ingredients = cfg.rules.ingredients
    card = cfg.physics.card
    for category in ("meat", "vegetable", "condiment", "starch"):
        names = [name for name in INGREDIENT_NAMES if ingredients[name].category == category]
        faces = [draw_face(cfg.physics, name, category) for name in names]
        width, height = faces[0].get_size()
        px_per_mm = width / card.width_mm
        # the picture's disc, plus 2 px for its anti-aliased rim
        disc = 2.3 * card.circle_diameter_fraction * card.width_mm / 2.0 * px_per_mm + 2.0
        edge = [(x, y) for y in range(0, height, 2) for x in range(0, width, 2)
                if abs(y + 0.5 - height / 2) > disc]
        assert len(edge) > width * height // 16  # about a third of the face
        first = faces[0]
        for name, face in zip(names[1:], faces[1:], strict=True):
            differing = [p for p in edge if face.get_at(p) != first.get_at(p)]
            assert not differing, f"{name} differs from {names[0]} at {differing[:3]}"


def test_the_shipped_sprites_are_what_the_script_draws(tmp_path: Path) -> None:
    """The PNGs in sprites/ come from wokphysics.ui.art: change the art, rerun the script."""
    from wokphysics.config.paths import sprites_dir
    from wokphysics.sprites import main

    main([str(tmp_path)])
    pygame.display.init()
    for drawn in sorted(tmp_path.glob("*.png")):
        shipped = sprites_dir() / drawn.name
        assert shipped.is_file(), f"{shipped} is missing: run python -m wokphysics.sprites"
        a, b = pygame.image.load(str(drawn)), pygame.image.load(str(shipped))
        assert a.get_size() == b.get_size()
        assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA"), (
            f"{shipped.name} differs from the art: run python -m wokphysics.sprites")


def test_missing_pngs_are_drawn_in_memory(tmp_path: Path) -> None:
    from wokphysics.ui.sprite_cache import Sprites

    pygame.display.init()
    pygame.display.set_mode((64, 64))
    pygame.font.init()
    sprites = Sprites(load_config(), tmp_path)  # an empty folder
    assert len(sprites.missing) == 14
    assert sprites.cards["pork"].get_size() == (254, 356)
    assert sprites.card("pork", 60).get_size() == (60, 84)


def test_events_are_stamped_across_the_interval_they_arrived_in() -> None:
    from wokphysics.ui.pointer_clock import EventStamper

    stamper = EventStamper(10.0)
    # Four reports read at 10.004 s: spread over the 4 ms since the last read.
    assert stamper.stamp(4, 10.004) == pytest.approx([10.0005, 10.0015, 10.0025, 10.0035])
    # A button released where the pointer just moved: one report, one time.
    stamps = stamper.stamp(3, 10.010, companions=[False, False, True])
    assert stamps == pytest.approx([10.0055, 10.0085, 10.0085])
    # The batch with the release ends the stream: its reports follow each other from the
    # start of the interval at the recent gap, not spread to the end of a long interval.
    stamper = EventStamper(0.0)
    stamper.gap_s = 0.001
    stamps = stamper.stamp(3, 0.030, companions=[False, False, True], ends_stream=True)
    assert stamps == pytest.approx([0.0005, 0.0015, 0.0015])


def test_the_gap_between_reports_follows_a_flick_read_in_few_long_batches() -> None:
    """The recent gap between reports (used to stamp the batch that ends the stream) is the
    reports per second of the last few tens of ms: after a slow approach (a report every
    10 ms), one 30 ms batch of a fast hand's 1 ms reports sets it near 1 ms (it took a dozen
    batches, so a busy frame's release batch was stamped at the slow gap); a 125 Hz mouse
    read every 2 ms (one report in every fourth read) is counted at its 8 ms."""
    from wokphysics.ui.pointer_clock import EventStamper

    stamper = EventStamper(0.0)
    for k in range(1, 16):  # the approach: one report per 10 ms read
        stamper.stamp(1, 0.010 * k)
    assert stamper.gap_s == pytest.approx(0.010, rel=0.05)
    stamper.stamp(30, 0.180)  # a busy frame: 30 reports in 30 ms
    assert stamper.gap_s == pytest.approx(0.001, rel=0.25)
    stamper = EventStamper(0.0)
    for k in range(1, 41):
        if k % 4:
            stamper.last_read = 0.002 * k  # an empty read
        else:
            stamper.stamp(1, 0.002 * k)
    assert stamper.gap_s == pytest.approx(0.008, rel=0.05)


def test_the_flip_band_reads_the_same_in_the_help_readme_and_docs() -> None:
    from pathlib import Path

    from wokphysics.config.wok_on_fire import load_config
    from wokphysics.ui.wok_on_fire.flip_band import bands_for
    from wokphysics.ui.wok_on_fire.scene import help_lines

    bands = bands_for(load_config().physics.model_dump(mode="json"))
    assert bands is not None, "the shipped physics config has measured flip bands"
    words = bands.describe()
    assert words.startswith("lengthwise ") and "crosswise" in words
    assert any(words in text for _, text in help_lines(bands))
    root = Path(__file__).resolve().parents[2]
    for doc in ("README.md", "docs/ui.md"):
        flat = " ".join((root / doc).read_text().split())
        assert words in flat, f"{doc} gives the flip band as the help does"


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_the_hand_label_is_not_covered_by_the_players_collected_cards(seat: int) -> None:
    """The "your hand: chop from here" label of the lit hand area stays readable once the
    player has collected cards: no pile card is drawn over it (it was drawn under them)."""
    from wokphysics.config.paths import sprites_dir
    from wokphysics.ui.render import PILE_FAN_MM, PILE_SCALE, TableRenderer, hand_label
    from wokphysics.ui.sprite_cache import Sprites

    pygame.display.init()
    pygame.display.set_mode((64, 64))
    pygame.font.init()
    cfg = load_config()
    renderer = TableRenderer(cfg.physics, Sprites(cfg, sprites_dir()), (1280, 800))
    groups = [(name, 4) for name in INGREDIENT_NAMES[:6]]  # a long game's pile
    renderer.set_piles({seat: groups})
    renderer.set_seats({seat: "You"}, seat, ["back"] * 3)
    m = renderer.map
    label = renderer.small.size(hand_label(3))
    size = label if seat in (0, 2) else (label[1], label[0])
    spot = renderer.hand_label_rect(seat, size)
    assert renderer.hand_rect(seat).contains(spot)
    half_diagonal = math.hypot(cfg.physics.card.width_mm, cfg.physics.card.length_mm) / 2
    reach = m.length(PILE_SCALE * half_diagonal + 3 * PILE_FAN_MM)
    for x, y, _ in renderer.pile_spots(seat, len(groups)):
        sx, sy = m.to_screen(x, y)
        # Every card of the group (fanned towards the player) within ``reach`` of its spot.
        nearest_x = min(max(sx, spot.left), spot.right)
        nearest_y = min(max(sy, spot.top), spot.bottom)
        assert math.hypot(sx - nearest_x, sy - nearest_y) > reach


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_the_cards_about_to_be_chopped_lie_in_the_lit_hand_area(seat: int) -> None:
    """The lit hand area shows the cards the chop will throw (it showed only the player's
    collected cards): inside the area, clear of the collected cards and of the area's label,
    one card per card to chop; in the hand while it drags them."""
    from wokphysics.config.paths import sprites_dir
    from wokphysics.ui.render import PILE_FAN_MM, PILE_SCALE, TableRenderer, hand_label
    from wokphysics.ui.sprite_cache import Sprites

    pygame.display.init()
    pygame.display.set_mode((64, 64))
    pygame.font.init()
    cfg = load_config()
    renderer = TableRenderer(cfg.physics, Sprites(cfg, sprites_dir()), (1280, 800))
    renderer.set_piles({seat: [(name, 4) for name in INGREDIENT_NAMES[:6]]})
    surface = pygame.Surface((1280, 800))
    renderer.set_seats({seat: "You"}, None, ["back", "back"])
    assert renderer.to_chop == () and renderer.draw_to_chop(surface) is None  # not lit
    renderer.set_seats({seat: "You"}, seat, ["onion", "back", "back"])
    assert renderer.to_chop == ("onion", "back", "back")
    covered = renderer.draw_to_chop(surface)
    assert covered is not None
    hand = renderer.hand_rect(seat)
    assert hand.contains(covered)
    label = renderer.small.size(hand_label(3))
    size = label if seat in (0, 2) else (label[1], label[0])
    assert not covered.colliderect(renderer.hand_label_rect(seat, size))
    m = renderer.map
    half_w = m.length(cfg.physics.card.width_mm * PILE_SCALE / 2)
    half_l = m.length(cfg.physics.card.length_mm * PILE_SCALE / 2 + 3 * PILE_FAN_MM)
    for x, y, _ in renderer.pile_spots(seat, 6):
        sx, sy = m.to_screen(x, y)
        across, along = (half_w, half_l) if seat in (0, 2) else (half_l, half_w)
        pile = pygame.Rect(round(sx - across), round(sy - along), round(2 * across),
                           round(2 * along))
        assert not covered.colliderect(pile), "a collected card under the cards to chop"
    # Three cards fanned: wider along the edge than one card.
    card_px = m.length(cfg.physics.card.width_mm * 0.75)
    assert (covered.width if seat in (0, 2) else covered.height) > card_px + 2 * m.length(10)
    # Dragged: centred on the hand.
    hx, hy = renderer.to_chop_spot(seat)[:2]
    held = renderer.draw_to_chop(surface, (hx * 0.5, hy * 0.5))
    assert held is not None
    sx, sy = m.to_screen(hx * 0.5, hy * 0.5)
    assert abs(held.centerx - sx) <= 2 and abs(held.centery - sy) <= 2
