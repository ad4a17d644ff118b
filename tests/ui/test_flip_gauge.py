"""The flip bands by angle and depth, the gauge by the blade and the spatula as the physics has
it: what a player sees while dragging, checked on the drawn surface where it matters."""

from __future__ import annotations

import itertools
import json
import math
from pathlib import Path

import pygame
import pytest

from wokphysics.config.wok_on_fire import load_config
from wokphysics.table.cards import Card
from wokphysics.ui.wok_on_fire.blade_view import BladeView, facing
from wokphysics.ui.wok_on_fire.flip_band import (
    Band,
    FlipBands,
    approach_angle,
    bands_for,
    card_ahead,
    depth_under,
    main,
    measured,
    physics_fingerprint,
)
from wokphysics.ui.wok_on_fire.gauge import AT_LIMIT, speed_share, words

GRID = FlipBands(
    angles=(0.0, 45.0, 90.0),
    depths=(0.0, 20.0, 40.0, 60.0),
    grid=((None, Band(1000.0, 1400.0), Band(1200.0, 1600.0), Band(1200.0, 2000.0)),
          (None, Band(1100.0, 1300.0), None, Band(1300.0, 2100.0)),
          (None, Band(900.0, 1100.0), Band(1100.0, 1300.0), Band(1200.0, 1900.0))),
)


def _lying(card_id: int, x: float, y: float, angle: float) -> Card:
    return Card(card_id, "pork", False, x, y, angle, 0, card_id, "wok")


def test_bands_are_interpolated_between_measured_angles_and_depths() -> None:
    assert GRID.at(0.0, 20.0) == Band(1000.0, 1400.0)
    # Halfway between 0 and 45 degrees, and halfway between 40 and 60 mm at 90 degrees.
    assert GRID.at(22.5, 20.0) == Band(1050.0, 1350.0)
    assert GRID.at(90.0, 50.0) == Band(1150.0, 1600.0)
    # Bilinear: a quarter of the way in angle, half in depth.
    square = FlipBands((0.0, 40.0), (10.0, 30.0), ((Band(1000.0, 1400.0), Band(1200.0, 1800.0)),
                                                   (Band(1400.0, 1800.0), Band(1600.0, 2200.0))))
    assert square.at(10.0, 20.0) == Band(1200.0, 1700.0)
    # Held at the ends of the measured range.
    assert GRID.at(90.0, 95.0) == GRID.at(90.0, 60.0)


def test_no_band_is_claimed_next_to_a_measured_point_without_one() -> None:
    """Under the centre at 45 degrees (40 mm) no swept speed flipped 80 % of cards: there and
    between it and its neighbours the gauge claims no band; at the edge (0 mm) neither."""
    assert GRID.at(45.0, 40.0) is None
    assert GRID.at(45.0, 30.0) is None and GRID.at(30.0, 40.0) is None
    assert GRID.at(0.0, 5.0) is None
    assert GRID.at(45.0, 60.0) == Band(1300.0, 2100.0)


def test_the_best_depth_the_runs_with_a_band_and_the_shared_band() -> None:
    assert GRID.best(45.0) == (60.0, Band(1300.0, 2100.0))
    assert GRID.best(0.0) == (60.0, Band(1200.0, 2000.0))
    assert GRID.depth_runs(45.0) == [(20.0, 20.0), (60.0, 60.0)]
    assert GRID.depth_runs(0.0) == [(20.0, 60.0)]
    assert GRID.shared() == (60.0, Band(1300.0, 1900.0))
    words_ = GRID.describe()
    assert words_ == ("lengthwise 1.20-2.00 m/s 60 mm under, at 45 degrees 1.30-2.10 m/s 60 mm "
                      "under, crosswise 1.20-1.90 m/s 60 mm under (every angle: 1.30-1.90 m/s "
                      "60 mm under)")


def _summary(folder: Path) -> Path:
    """A small flips study folder: study.json and summary.json as the sweep writes them."""
    definition = {"study": "flips", "seed": 1, "speeds": [700.0, 800.0, 900.0, 1000.0],
                  "angles": [0.0, 90.0], "depths": [0.0, 30.0], "seeds": 12, "wok_seeds": 0,
                  "strokes": ["steady"], "fps": 60.0,
                  "variants": [{"label": "defaults", "override": None}]}
    (folder / "study.json").write_text(json.dumps({"format": "wokphysics-study", "version": 1,
                                                   "definition": definition}))
    summary = {"variants": [{"label": "defaults", "bands": {
        "0": {"0": None, "30": [800.0, 1000.0, 1.25]},
        "90": {"0": [700.0, 800.0, 1.143], "30": None}}}]}
    path = folder / "summary.json"
    path.write_text(json.dumps(summary))
    return path


def test_the_band_file_is_written_from_a_sweeps_summary(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    out = tmp_path / "bands.json"
    assert main([str(_summary(tmp_path)), "--out", str(out)]) == 0
    assert "2 angles x 2 depths" in capsys.readouterr().out
    written = measured(out)
    fingerprint = physics_fingerprint(load_config().physics.model_dump(mode="json"))
    assert list(written) == [fingerprint]
    bands = written[fingerprint]
    assert bands.angles == (0.0, 90.0) and bands.depths == (0.0, 30.0)
    assert bands.grid == ((None, Band(800.0, 1000.0)), (Band(700.0, 800.0), None))
    assert bands.measured_by == (
        "wokphysics sweep flips --speeds 700:1000:100 --angles 0,90 --depths 0,30 --seeds 12 "
        "--wok-seeds 0 --strokes steady --fps 60 --seed 1")
    # A study of something else is refused in one line.
    (tmp_path / "study.json").write_text(json.dumps({"definition": {"study": "games"}}))
    assert main([str(tmp_path / "summary.json"), "--out", str(out)]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_the_shipped_physics_has_bands_at_every_angle_from_the_edge_in() -> None:
    bands = bands_for(load_config().physics.model_dump(mode="json"))
    assert bands is not None
    assert bands.angles[0] == 0.0 and bands.angles[-1] == 90.0
    assert bands.depths[0] == 0.0 and len(bands.depths) >= 5
    assert bands.measured_by.startswith("wokphysics sweep flips ")
    assert all(bands.best(angle) is not None for angle in bands.angles)


# ---------------------------------------------------------------------- the gauge
def _view(bands: FlipBands | None = GRID, size: tuple[int, int] = (1280, 800)) -> BladeView:
    from wokphysics.config.paths import sprites_dir
    from wokphysics.ui.render import TableRenderer
    from wokphysics.ui.sprite_cache import Sprites
    from wokphysics.ui.widgets import Text

    pygame.display.init()
    pygame.display.set_mode((64, 64))
    pygame.font.init()
    cfg = load_config()
    renderer = TableRenderer(cfg.physics, Sprites(cfg, sprites_dir()), size)
    return BladeView(cfg.physics, renderer, Text(), bands)


def test_the_card_ahead_its_angle_and_how_far_the_blade_is_from_its_edge() -> None:
    upright = _lying(1, 0.0, 60.0, 0.0)  # long axis along y
    turned = _lying(2, 0.0, 200.0, math.pi / 4)
    aside = _lying(3, 150.0, 60.0, 0.0)
    cards = [turned, aside, upright]
    assert card_ahead(cards, 0.0, 0.0, 0.0, 1.0, 45.0, 150.0) is upright
    assert approach_angle(upright, 0.0, 1.0) == pytest.approx(0.0)
    assert approach_angle(upright, 1.0, 0.0) == pytest.approx(90.0)
    assert approach_angle(turned, 0.0, 1.0) == pytest.approx(45.0)
    assert card_ahead(cards, 0.0, 0.0, 0.0, -1.0, 45.0, 150.0) is None  # nothing behind
    size = load_config().physics.card
    # The near edge is 60 - 44.45 = 15.55 mm ahead of the blade's leading edge.
    depth, extent = depth_under(upright, 0.0, 0.0, 0.0, 1.0, size.width_mm, size.length_mm)
    assert depth == pytest.approx(-15.55) and extent == pytest.approx(size.length_mm)
    depth, _ = depth_under(upright, 0.0, 50.0, 0.0, 1.0, size.width_mm, size.length_mm)
    assert depth == pytest.approx(34.45)


def test_under_a_card_the_gauge_shows_the_depth_the_band_there_and_the_best_depth() -> None:
    view = _view()
    card = _lying(4, 0.0, 40.0, 0.0)  # lengthwise ahead of a blade moving along +y
    found = view.aim([card], 0.0, 10.0, (0.0, 1.0), {4: 25.0})
    assert found is not None
    _, aim = found
    assert aim.under and aim.depth_mm == 25.0 and aim.angle_deg == pytest.approx(0.0)
    assert aim.band == GRID.at(0.0, 25.0) and aim.best == GRID.best(0.0)
    speed, band, depth = words(aim, 1300.0, 6000.0)
    assert (speed, band, depth) == ("1.3 m/s", "flips 1.1-1.4 m/s at 0 deg",
                                    "25 mm under, best 60")
    surface = pygame.Surface((1280, 800))
    parts = view.draw_gauge(surface, [card], 0.0, 10.0, (0.0, 1.0), 1300.0, {4: 25.0})
    assert parts.depth_bar is not None and parts.band_text == band
    # The speed is inside the band: its mark on the speed bar is drawn green.
    level = parts.speed_bar.bottom - round(parts.speed_bar.height * speed_share(1300.0, 6000.0))
    assert surface.get_at((parts.speed_bar.centerx, level))[:3] == (120, 230, 120)
    # Where no speed flips (under the centre at 45 degrees) the gauge says so.
    turned = _lying(5, 0.0, 40.0, math.pi / 4)
    _, aim = view.aim([turned], 0.0, 10.0, (0.0, 1.0), {5: 40.0}) or (None, None)
    assert aim is not None and aim.band is None
    assert words(aim, 1300.0, 6000.0)[1] == "at 45 deg: lifts flat here, no flip"


def test_before_the_edge_the_gauge_shows_the_best_depths_band_and_how_far_to_go() -> None:
    view = _view()
    card = _lying(6, 0.0, 80.0, 0.0)  # its near edge 35.55 mm ahead of the blade
    found = view.aim([card], 0.0, 0.0, (0.0, 1.0), {})
    assert found is not None
    _, aim = found
    assert not aim.under and aim.depth_mm == pytest.approx(-35.55)
    assert aim.band == Band(1200.0, 2000.0)  # the band at the best depth, 60 mm
    assert words(aim, 300.0, 6000.0) == ("0.3 m/s", "flips 1.2-2.0 m/s at 0 deg",
                                         "96 mm to go: best 60 under")
    # Unmeasured physics: the depth still, no band.
    _, aim = _view(None).aim([card], 0.0, 0.0, (0.0, 1.0), {}) or (None, None)
    assert aim is not None and not aim.bands_known and aim.band is None
    assert words(aim, 300.0, 6000.0)[1:] == ("at 0 deg: band not measured",
                                             "edge 36 mm ahead")


@pytest.mark.parametrize("size", [(1280, 800), (1280, 900), (900, 600)])
def test_the_gauge_is_readable_words_of_12_px_on_a_solid_backing_and_a_numbered_scale(
        size: tuple[int, int]) -> None:
    """Issue 27: the gauge's band label was ~9 px pale text over card art, and the speed bar
    had no scale. Every word is now a font whose digits and capitals are at least 12 px tall,
    everything is drawn on one opaque backing (nothing of the table or the cards shows through
    inside it), and the speed bar has ticks numbered in m/s up to the hand's limit."""
    from wokphysics.ui.widgets import Text

    view = _view(size=size)
    card = _lying(4, 0.0, 40.0, 0.0)
    surface = pygame.Surface(size)
    surface.fill((255, 0, 255))  # stands for the card art under the gauge
    parts = view.draw_gauge(surface, [card], 0.0, 10.0, (0.0, 1.0), 1300.0, {4: 25.0})
    text = Text()
    for sample in ("8", "F", "H", "d"):
        height = text.render(sample, parts.font_px, bold=False).get_bounding_rect().height
        assert height >= 12, (sample, parts.font_px, height)
    inside = parts.block.inflate(-8, -8)
    seen = {tuple(surface.get_at((x, y)))[:3] for x in range(inside.left, inside.right, 2)
            for y in range(inside.top, inside.bottom, 2)}
    assert (255, 0, 255) not in seen, "the table shows through the gauge's backing"
    assert [number for number, _ in parts.ticks] == ["0", "1", "2", "3", "6"]
    ys = dict(parts.ticks)
    bar = parts.speed_bar
    for number in ("0", "1", "2", "3"):
        assert ys[number] == bar.bottom - round(bar.height * speed_share(1000.0 * int(number),
                                                                         6000.0))
    assert ys["6"] == bar.top  # the hand's limit
    # Each number is drawn left of its tick, at its level.
    for _, y in parts.ticks:
        row = {tuple(surface.get_at((x, y)))[:3] for x in range(parts.block.left + 2, bar.left - 6)}
        assert len(row - {(26, 21, 18)}) > 0, f"no number at y={y}"
    # The scale's numbers are far enough apart to read (a line of words each at least).
    gaps = [b - a for (_, a), (_, b) in zip(parts.ticks[1:], parts.ticks, strict=False)]
    assert min(gaps) >= text.render("8", parts.font_px).get_bounding_rect().height + 4


def test_the_gauges_scale_shows_the_hands_limit() -> None:
    """0-3 m/s take the lower 80 % of the speed bar, the hand's 6 m/s limit is its top (in
    red); a stroke past it reads as the limit."""
    assert speed_share(3000.0, 6000.0) == pytest.approx(0.8)
    assert speed_share(1500.0, 6000.0) == pytest.approx(0.4)
    assert speed_share(6000.0, 6000.0) == speed_share(9000.0, 6000.0) == 1.0
    view = _view()
    surface = pygame.Surface((1280, 800))
    parts = view.draw_gauge(surface, [], 0.0, 0.0, (0.0, 1.0), 7500.0)
    assert parts.speed_text == "6 m/s limit" and parts.depth_bar is None
    top = parts.speed_bar.top
    assert surface.get_at((parts.speed_bar.left - 2, top))[:3] == AT_LIMIT


def _on_screen(view: BladeView, card: Card) -> pygame.Rect:
    """The screen box of a lying card's outline, computed here from its corners."""
    from wokphysics.table.geometry import card_corners

    size = view.physics.card
    corners = [view.renderer.map.to_screen(float(a), float(b)) for a, b in card_corners(
        card.x, card.y, card.angle, size.width_mm, size.length_mm)]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


@pytest.mark.parametrize("motion", [(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0),
                                    (0.6, 0.8)])
def test_the_gauge_never_covers_the_card_being_aimed_at(motion: tuple[float, float]) -> None:
    """Moving towards a card in any direction, the gauge and its words stay clear of it,
    inside the table's part of the window (seen under Xvfb: near the table's right edge the
    side panel, drawn after it, cut its words off) and beside the blade, whether the blade is
    before it or under it."""
    view = _view(bands_for(load_config().physics.model_dump(mode="json")))
    renderer = view.renderer
    table = pygame.Rect(renderer.map.area)
    blades = ((20.0, -30.0), (300.0, -290.0))  # near the wok's centre; by its right corner
    for (x, y), (distance, under) in itertools.product(
            blades, ((25.0, {}), (55.0, {}), (85.0, {}), (20.0, {7: 30.0}))):
        for angle in (0.0, math.pi / 4, math.pi / 2):
            card = _lying(7, x + motion[0] * distance, y + motion[1] * distance, angle)
            surface = pygame.Surface((1280, 800))
            parts = view.draw_gauge(surface, [card], x, y, motion, 1400.0, under)
            aimed = _on_screen(view, card)
            assert not parts.block.colliderect(aimed), (motion, distance, angle, x)
            assert table.contains(parts.block), (parts.block, table)
            sx, sy = renderer.map.to_screen(x, y)
            grown = parts.block.inflate(2 * parts.block.width, 2 * parts.block.height)
            assert grown.collidepoint(sx, sy)


def test_a_hand_pausing_to_aim_keeps_the_gauge_off_the_card() -> None:
    """The blade moved right towards a card, then the hand held still (aiming before the
    flick): its speed is 0, but the gauge stays where it was, away from that card."""
    from test_ui_live_stroke import DT, Recorder

    from wokphysics.ui.live_stroke import LiveSpatula, PointerTrack

    view = _view()
    card = _lying(7, 60.0, -30.0, 0.0)
    live = LiveSpatula(Recorder(-40.0, -30.0), PointerTrack(0.0, -40.0, -30.0), DT, 20000.0)
    for k in range(1, 31):  # 60 mm at 200 mm/s towards the card
        live.pointer(0.01 * k, -40.0 + 2.0 * k, -30.0)
    live.catch_up(0.30)
    aimed = _on_screen(view, card)
    surface = pygame.Surface((1280, 800))
    moving = view.draw(surface, live, [card]).block
    assert not moving.colliderect(aimed)
    live.catch_up(0.80)  # half a second without moving
    assert live.recent_speed(view.physics.spatula.release_window_s) == 0.0
    paused = view.draw(surface, live, [card]).block
    assert paused == moving


# ---------------------------------------------------------------------- the spatula
@pytest.mark.parametrize("forward", [(0.0, 1.0), (0.0, -1.0), (1.0, 0.0), (0.6, -0.8)])
def test_the_blade_plate_lies_behind_its_leading_edge_and_the_handle_behind_it(
        forward: tuple[float, float]) -> None:
    """The spatula is drawn as the physics' blade is: nothing ahead of the leading edge, the
    plate over ``blade_length_mm`` behind it (a card lying on the blade is drawn over the
    plate), the handle further back and over the cards."""
    view = _view()
    renderer, m = view.renderer, view.renderer.map
    spatula = view.physics.spatula
    along = math.atan2(forward[0], -forward[1])  # the physics' blade angle for this facing
    assert facing(along) == pytest.approx(forward)
    surface = pygame.Surface((1280, 800))
    surface.fill((0, 0, 0))
    renderer.draw_spatula(surface, 0.0, 0.0, along)
    sx, sy = m.to_screen(0.0, 0.0)
    fx, fy = forward[0], -forward[1]  # on screen, y down
    drawn = [(x, y) for x in range(0, 1280, 2) for y in range(0, 800, 2)
             if surface.get_at((x, y))[:3] != (0, 0, 0)]
    behind = [(x - sx) * fx + (y - sy) * fy for x, y in drawn]
    assert max(behind) <= 2.0, "nothing of the spatula is drawn ahead of its leading edge"
    plate = m.length(spatula.blade_length_mm)
    assert min(behind) < -plate - m.length(50.0), "the handle runs on behind the plate"

    def steel(mm_back: float) -> tuple[int, int, int]:
        x, y = m.to_screen(-forward[0] * mm_back, -forward[1] * mm_back)
        return surface.get_at((round(x), round(y)))[:3]

    for mm in (5.0, 50.0, 95.0):  # the plate's middle line, from the edge to its back
        assert steel(mm)[0] > 100 and abs(steel(mm)[0] - steel(mm)[2]) < 30, mm
    # A card riding on the blade is drawn over the plate, as it is without the spatula.
    card = _lying(9, -forward[0] * 40.0, -forward[1] * 40.0, along)
    x, y = m.to_screen(card.x, card.y)
    renderer.draw(surface, [card])
    alone = surface.get_at((round(x), round(y)))[:3]
    renderer.draw(surface, [card], spatula=(0.0, 0.0, along))
    assert surface.get_at((round(x), round(y)))[:3] == alone
