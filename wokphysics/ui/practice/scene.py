"""``wokphysics play --practice``: a solo table with no turns, to learn the flick.

The spatula is live (:mod:`wokphysics.ui.live_stroke`): while the button is held the blade
follows the pointer on the physics clock; the release is the flick. Every flick is recorded
(speed, angle to the card on the blade, depth under it, flipped or not, :mod:`.record`) and
shown as a chart in the side panel (:mod:`.chart`); the panel says after each flick which of
speed and depth was off (:mod:`wokphysics.ui.wok_on_fire.flick_words`), and never a speed it
could not read (the pointer's samples stalled in the release window) or one faster than a
hand (it was flicked at the hand's limit). Tables: 1 a lone face-down card (laid again, at a new
angle, a moment after it comes to rest), 2 three cards, 3 a wok dealt as a game starts; N
deals the table again. The scene has the four roles of :mod:`wokphysics.ui.scene`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

import pygame

from wokphysics.config.wok_on_fire import WokOnFireConfig
from wokphysics.games.wok_on_fire.deal import dealt_table
from wokphysics.table.cards import Card
from wokphysics.table.gesture import GestureError
from wokphysics.table.stroke import Stroke
from wokphysics.table.world import ActionRun, Table, TableError
from wokphysics.ui.animation import LiveAction
from wokphysics.ui.live_stroke import LiveSpatula, PointerTrack
from wokphysics.ui.pointer_clock import EventReading
from wokphysics.ui.practice.chart import draw_chart
from wokphysics.ui.practice.record import Flick, FlickLog
from wokphysics.ui.render import TableRenderer, reflow_table
from wokphysics.ui.scene import GameScene, Point, Presenter
from wokphysics.ui.widgets import DIM, GOLD, PANEL_BG, RED, WHITE, Color, Text, bubble
from wokphysics.ui.wok_on_fire.blade_view import BladeView, cards_under
from wokphysics.ui.wok_on_fire.flick_words import FlickReading, aimed_card, flick_line
from wokphysics.ui.wok_on_fire.flip_band import FlipBands, bands_for
from wokphysics.ui.wok_on_fire.scene import help_lines as play_help

LONE, FEW, WOK = "lone", "few", "wok"
TABLES = {pygame.K_1: LONE, pygame.K_2: FEW, pygame.K_3: WOK}
TABLE_NAMES = {LONE: "one card", FEW: "three cards", WOK: "a dealt wok"}
RELAY_S = 1.2
"""Seconds a lone card lies where it landed before it is laid again for the next flick."""

HELP_LINES = (
    ("Flick", "press on the table before a card, drag under it and release with a quick "
              "flick; the gauge by the blade shows the speed and how deep the blade is under "
              "the card (and the flip band there, when known)"),
    ("1 / 2 / 3", "practise on one card, three cards, or a wok dealt as a game starts"),
    ("N", "deal the table again"),
    ("Space", "skip the motion"),
    ("Esc", "pause (Q quits while paused)"),
    ("F1 or H", "this help"),
)


class PracticeState:
    """The practice table and what is under way on it."""

    def __init__(self, cfg: WokOnFireConfig, seed: int, log: FlickLog,
                 table: Table | None = None) -> None:
        self.cfg = cfg
        self.seed = seed
        self.kind = LONE if table is None else WOK
        self.log = log
        self.lays = 0
        """How many times the practice cards were laid by hand (the picture's snapshot of a
        table at rest is kept until this, the table's steps or the table change)."""
        self.table = table if table is not None else self.deal()
        self.live: LiveSpatula[Stroke] | None = None
        self.release: LiveAction | None = None
        self.release_run: ActionRun | None = None
        self.target: FlickReading | None = None
        """At a release: the flick's speed, whether it was read reliably, and the card on the
        blade with its angle to the flick (its depth is the release report's)."""
        self.relay_in: float | None = None
        self.mouse: Point = (0, 0)
        self.last_reading: FlickReading | None = None
        """The last flick recorded, as the panel told it."""

    def deal(self) -> Table:
        """A fresh table of the current kind (the seed moves on with each deal)."""
        self.seed += 1
        table = dealt_table(self.cfg, self.seed)
        if self.kind != WOK:
            keep = 1 if self.kind == LONE else 3
            for card in table.wok_cards()[keep:]:
                table.take(card.id, "supply")
            self._lay(table)
        return table

    def _lay(self, table: Table) -> None:
        """Lay the practice cards face down in the inner half of the wok, at random angles
        (from the table's own generator)."""
        self.lays += 1
        reach = self.cfg.physics.wok.width_mm / 4.0
        cards = [c for c in table.cards if c.location in ("wok", "floor")]
        for index, card in enumerate(cards):
            x = 0.0 if len(cards) == 1 else (index - 1) * 150.0
            y = float(table.rng.uniform(-reach / 2, reach / 2)) if len(cards) > 1 else 0.0
            angle = float(table.rng.uniform(0.0, math.pi))
            table.place(card.id, x, y, angle, False)

    def relay(self) -> None:
        """The lone card (or the few) laid again for the next flick."""
        self._lay(self.table)

    @property
    def still(self) -> bool:
        return self.live is None and self.release is None


class PracticePresenter(Presenter):
    """Tells each flick's result and which of speed and depth was off; the chart shows them
    all."""

    def __init__(self, bands: FlipBands | None, limit_mm_s: float) -> None:
        super().__init__()
        self.bands = bands
        self.limit_mm_s = limit_mm_s

    def flick(self, flick: Flick, reading: FlickReading) -> None:
        self.tell(flick_line(self.bands, reading, flick.flipped, flick.launched,
                             self.limit_mm_s))


class PracticeScheduler:
    """Runs the live stroke's steps as their moments come, the release to rest, and lays the
    lone card again after a moment."""

    def __init__(self, state: PracticeState, presenter: PracticePresenter,
                 reading: EventReading) -> None:
        self.state = state
        self.presenter = presenter
        self.reading = reading

    def update(self, real_s: float, speed: float = 1.0) -> None:
        state = self.state
        if state.live is not None:
            self._guard(lambda: state.live.catch_up(self.reading.events_read_s)
                        if state.live else None)
        if state.release is not None:
            state.release.advance(real_s, speed)
            if state.release.done:
                self._record()
        elif state.relay_in is not None:
            state.relay_in -= real_s
            if state.relay_in <= 0:
                state.relay_in = None
                state.relay()

    def _guard(self, call: Callable[[], object]) -> None:
        try:
            call()
        except (GestureError, TableError) as error:
            self.presenter.refuse(str(error))

    def _record(self) -> None:
        state = self.state
        run = state.release_run
        assert run is not None
        state.release = state.release_run = None
        report = run.report
        target = state.target
        state.target = None
        if target is None:
            return
        card_id = target.card_id
        depth = report.depths.get(card_id) if card_id is not None else None
        reading = replace(target, speed_mm_s=report.release_speed,
                          played_mm_s=report.flick_speed,
                          depth_mm=depth if depth is not None else target.depth_mm)
        flick = Flick(reading.speed_mm_s, reading.angle_deg,
                      card_id is not None and card_id in report.flipped,
                      card_id is not None and card_id in report.launched,
                      reading.depth_mm, reading.reliable)
        state.log.add(flick)
        state.last_reading = reading
        self.presenter.flick(flick, reading)
        if state.kind != WOK:
            state.relay_in = RELAY_S

    def skip(self) -> None:
        if self.state.release is not None:
            self.state.release.skip()


class PracticeInputs:
    """Press, drag, release on the table: a live stroke; keys choose the table."""

    def __init__(self, state: PracticeState, renderer: TableRenderer,
                 presenter: PracticePresenter, scheduler: PracticeScheduler,
                 reading: EventReading) -> None:
        self.state = state
        self.renderer = renderer
        self.presenter = presenter
        self.scheduler = scheduler
        self.reading = reading

    def mouse_down(self, button: int, pos: Point, t_s: float) -> None:
        state = self.state
        state.mouse = pos
        if button != 1 or not state.still or not self.renderer.map.in_table_area(*pos):
            return
        state.relay_in = None
        x, y = self.renderer.map.to_table(*pos)
        table = state.table
        try:
            stroke = table.begin_stroke(x, y)
        except (GestureError, TableError) as error:
            self.presenter.refuse(str(error))
            return
        spatula = self.state.cfg.physics.spatula
        track = PointerTrack(t_s, x, y, self.reading.batch_span_s)
        state.live = LiveSpatula(stroke, track, table.dt, spatula.max_speed_mm_s)
        self.presenter.clear_status()

    def pointer_away(self) -> None:
        """Nothing is shown because of where the pointer rests (no labels, no tooltips)."""

    def mouse_move(self, pos: Point, t_s: float) -> None:
        self.state.mouse = pos
        live = self.state.live
        if live is not None:
            live.pointer(t_s, *self.renderer.map.to_table(*pos), self.reading.batch_span_s)

    def mouse_up(self, button: int, pos: Point, t_s: float) -> None:
        state = self.state
        live = state.live
        if button != 1 or live is None:
            return
        state.live = None
        x, y = self.renderer.map.to_table(*pos)
        try:
            live.finish(t_s, x, y, self.reading.batch_span_s)
            stroke = live.stroke
            speed = math.hypot(*stroke.velocity())
            window = state.cfg.physics.spatula.release_window_s
            bx, by, _ = stroke.blade
            cards = {card.id: card for card in state.table.cards}
            aimed = aimed_card(cards, cards_under(stroke), stroke.forward, bx, by)
            reading = FlickReading(speed, speed, live.speed_read(window),
                               stall_s=live.release_stall(window))
            if aimed is not None:
                reading = replace(reading, card_id=aimed[0], angle_deg=aimed[1],
                                  depth_mm=aimed[2])
            state.target = reading
            state.release_run = stroke.begin_release()
            state.release = LiveAction(state.table, state.release_run)
        except (GestureError, TableError) as error:
            self.presenter.refuse(str(error))
            return
        if live.slowed:
            self.presenter.tell("That was faster than a hand: the blade followed at the limit.")

    def key(self, key: int) -> None:
        state = self.state
        if key == pygame.K_SPACE:
            self.scheduler.skip()
        elif not state.still:
            return
        elif key in TABLES:
            state.kind = TABLES[key]
            state.table = state.deal()
            state.relay_in = None
        elif key == pygame.K_n:
            state.table = state.deal()
            state.relay_in = None


class PracticeDrawing:
    """The table, the live blade with its gauge, and the panel with the chart."""

    def __init__(self, state: PracticeState, renderer: TableRenderer, text: Text,
                 presenter: PracticePresenter, bands: FlipBands | None) -> None:
        self.state = state
        self.renderer = renderer
        self.text = text
        self.presenter = presenter
        self.bands = bands
        self.blade = BladeView(state.cfg.physics, renderer, text, bands)
        self._still: tuple[tuple[int, int, int, int], list[Card]] | None = None
        self._panel_key: tuple[object, ...] | None = None
        self._panel_image: pygame.Surface | None = None

    def cards(self) -> list[Card]:
        """The picture: the release's (interpolated), or the table's cards (their snapshot
        kept until the table steps, is dealt again or its cards are laid again)."""
        if self.state.release is not None:
            return self.state.release.cards()
        table = self.state.table
        key = (id(table), table.steps, sum(1 for _ in table.supply), self.state.lays)
        if self._still is None or self._still[0] != key:
            self._still = (key, table.cards)
        return self._still[1]

    def draw(self, surface: pygame.Surface) -> None:
        state = self.state
        cards = self.cards()
        spatula = self.blade.pose(state.live) if state.live is not None else None
        self.renderer.draw(surface, cards, spatula=spatula)
        if state.live is not None:
            self.blade.draw(surface, state.live, cards)
        area = pygame.Rect(self.renderer.map.area)
        size = max(14, surface.get_height() // 42)
        for b in self.presenter.bubbles:
            bubble(surface, self.text, b.text, b.at, size, area)
        self._panel(surface)

    def _panel(self, surface: pygame.Surface) -> None:
        """The side panel, redrawn only when what it shows changes."""
        px, py, pw, ph = self.renderer.map.panel
        if pw <= 0:
            return
        panel = pygame.Rect(px, py, pw, ph)
        presenter, state = self.presenter, self.state
        key = (self.renderer.map.panel, presenter.status, presenter.status_is_error,
               len(state.log.flicks), state.kind, surface.get_clip())  # the part shown too
        if key != self._panel_key or self._panel_image is None:
            self._draw_panel(surface, panel)
            self._panel_key = key
            self._panel_image = surface.subsurface(panel).copy()
        else:
            surface.blit(self._panel_image, panel.topleft)

    def _draw_panel(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        """The panel's lines spaced by the fonts drawn (at a UI scale the least font is larger
        than the panel's height asks), its chart below them, the keys at its foot."""
        px, py, pw, ph = panel
        pygame.draw.rect(surface, PANEL_BG, panel)
        t, state = self.text, self.state
        big = max(18, ph // 30)
        size = max(14, ph // 44)
        x, y, width = px + 12, py + 10, pw - 24
        y = self._lines(surface, "Practice the flick", big, GOLD, x, y, width, bold=True) + 4
        y = self._lines(surface, f"Table: {TABLE_NAMES[state.kind]} (1 / 2 / 3, N deals again)",
                        size - 2, DIM, x, y, width) + 4
        y = self._lines(surface, "Press before a card's edge, drag under it and release with "
                        "a quick flick.", size, GOLD, x, y, width) + 4
        if self.presenter.status:
            color = RED if self.presenter.status_is_error else WHITE
            y = self._lines(surface, self.presenter.status, size, color, x, y, width) + 4
        y = self._lines(surface, state.log.summary(), size - 2, WHITE, x, y, width) + 6
        keys = t.wrap("F1/H help - Esc pause - Space skip", size - 3, width)
        foot = py + ph - 6 - t.font(size - 3).get_linesize() * len(keys)
        chart = pygame.Rect(x, y, width, min(width, foot - 6 - y))
        if chart.height > 60:
            draw_chart(surface, t, chart, state.log.flicks, self.bands)
        self._lines(surface, "F1/H help - Esc pause - Space skip", size - 3, DIM, x, foot,
                    width)

    def _lines(self, surface: pygame.Surface, words: str, size: int, colour: Color, x: int,
               y: int, width: int, bold: bool = False) -> int:
        """``words`` wrapped to ``width`` px from (x, y), each line as far below the last as
        its font needs; the y below them."""
        t = self.text
        step = t.font(size, bold).get_linesize()
        for line in t.wrap(words, size, width, bold):
            surface.blit(t.render(line, size, colour, bold=bold), (x, y))
            y += step
        return y


class PracticeScene(GameScene):
    """The practice table (see the module doc). ``reading``: the window's reading of its
    events (the ``App``: when it last read them, how long a batch took); ``table``: a table
    to start on instead of a lone card
    (the benchmark's crowded wok)."""

    def __init__(self, cfg: WokOnFireConfig, seed: int, renderer: TableRenderer, text: Text,
                 reading: EventReading, log: FlickLog | None = None,
                 table: Table | None = None) -> None:
        self.state = PracticeState(cfg, seed, log if log is not None else FlickLog(), table)
        bands = bands_for(cfg.physics.model_dump(mode="json"))
        presenter = PracticePresenter(bands, cfg.physics.spatula.hand_speed_limit_mm_s)
        scheduler = PracticeScheduler(self.state, presenter, reading)
        inputs = PracticeInputs(self.state, renderer, presenter, scheduler, reading)
        drawing = PracticeDrawing(self.state, renderer, text, presenter, bands)
        self.help_lines = HELP_LINES[:1] + play_help(bands)[1:2] + HELP_LINES[1:]
        renderer.set_seats({0: "You"}, None)
        renderer.set_piles({})
        super().__init__(presenter, inputs, scheduler, drawing)
        self.renderer = renderer

    def reflow(self, window: tuple[int, int], scale: float) -> tuple[int, int] | None:
        """At a UI scale above 1: the table at most the view's width and the panel with the
        chart below it, as wide as the view (a window's height), as in the game
        (:func:`~wokphysics.ui.render.reflow_table`); the canvas it needs. At scale 1: None,
        the panel at the table's right."""
        return reflow_table(self.renderer, window, scale)
