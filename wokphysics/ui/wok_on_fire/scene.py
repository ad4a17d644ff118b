"""Wok on Fire's scene: the four roles of :mod:`wokphysics.ui.scene` put together.

- :class:`~.presenter.WokOnFirePresenter`: the engine's events in players' words;
- :class:`~.inputs.WokOnFireInputs`: mouse and keys -> engine inputs;
- :class:`~.scheduler.WokOnFireScheduler`: the running stir or chop, and the bots;
- :class:`~.drawing.WokOnFireDrawing` (with :class:`~.panel.Panel`): the picture, read-only.
"""

from __future__ import annotations

from collections.abc import Callable

from wokphysics.config.wok_on_fire import WokOnFireConfig
from wokphysics.errors import IllegalAction
from wokphysics.games.wok_on_fire.bots import WokBot
from wokphysics.games.wok_on_fire.engine import WokOnFireGame
from wokphysics.games.wok_on_fire.reference import wok_on_fire_reference
from wokphysics.table.cards import Card
from wokphysics.table.gesture import GestureError
from wokphysics.ui.animation import LiveAction
from wokphysics.ui.pointer_clock import EventReading
from wokphysics.ui.render import TableRenderer, reflow_table
from wokphysics.ui.scene import EngineGate, GameScene
from wokphysics.ui.sound import Effect
from wokphysics.ui.widgets import Text
from wokphysics.ui.wok_on_fire.drawing import WokOnFireDrawing
from wokphysics.ui.wok_on_fire.flip_band import FlipBands
from wokphysics.ui.wok_on_fire.inputs import WokOnFireInputs
from wokphysics.ui.wok_on_fire.panel import Panel
from wokphysics.ui.wok_on_fire.presenter import WokOnFirePresenter
from wokphysics.ui.wok_on_fire.scheduler import WokOnFireScheduler
from wokphysics.ui.wok_on_fire.state import TableUi

HELP_LINES = (
    ("Stir fry", "press on the table before a card, drag: the spatula follows the pointer, "
                 "its thin edge sliding under the cards it meets, its sides pushing; release "
                 "with a quick flick with the blade under a card to flip it (how deep matters "
                 "as much as how fast: the gauge shows both; a lazy release lets it settle)"),
    ("Pick up", "click up to two yellow-framed cards (click again to un-name), then Enter"),
    ("Why not?", "clicking a card that may not be taken says why"),
    ("Blind Chicken", "right-click a face-up card whose centre circle is hidden"),
    ("Chop", "press in your lit hand area at your edge, drag into the wok, release"),
    ("Bonuses", "buttons or keys: 1 Green Pepper first, 2 Garlic first; C / N for the Chili"),
    ("Garlic gift", "click the receiving opponent's aid or name (or keys 1-4)"),
    ("Space", "skip the animation; hurry the bots to your turn"),
    ("Esc", "pause (Q quits while paused)"),
    ("R", "restart (asks first)"),
    ("F1 or H", "this help"),
)


def help_lines(bands: FlipBands | None) -> tuple[tuple[str, str], ...]:
    """The F1 help, with the flip band of this physics config (or why there is none)."""
    band = (("Flip band", "a lone card flips at least 80 % of the time at "
             + bands.describe() + " (its best depths); the gauge by the blade shows how deep "
             "the blade is under the card ahead and the band at that depth")
            if bands is not None else
            ("Flip band", "not measured for this physics config: the gauge shows the speed "
             "and the depth only"))
    return HELP_LINES[:1] + (band,) + HELP_LINES[1:]


class WokOnFireScene(GameScene):
    """One game of Wok on Fire on screen. ``bots`` maps a player to the bot playing for them;
    ``reading`` is the window's reading of its events (the ``App``: the live blade steps up
    to when it last read them, and a flick whose release window came in a long batch is told
    as not read; without it, the blade steps up to the pointer's last event); ``sound(name)``
    plays an effect (a sizzle on a flip, the chop, a card taken). The end screen offers N
    (``on_new_game``), V (``on_replay``: this game's replay) and L (``on_home``: the
    launcher), those given.

    Its roles are Wok on Fire's own (the base class types them as the role protocols)."""

    presenter: WokOnFirePresenter
    inputs: WokOnFireInputs
    scheduler: WokOnFireScheduler
    drawing: WokOnFireDrawing

    def __init__(self, cfg: WokOnFireConfig, game: WokOnFireGame, bots: dict[int, WokBot],
                 renderer: TableRenderer, text: Text,
                 on_new_game: Callable[[], None] | None = None,
                 reading: EventReading | None = None,
                 sound: Callable[[Effect], None] | None = None,
                 on_replay: Callable[[], None] | None = None,
                 on_home: Callable[[], None] | None = None) -> None:
        self.cfg = cfg
        self.game = game
        self.bots = bots
        self.rules = wok_on_fire_reference(cfg.rules)
        """The rules at hand, with these rules' numbers (the window's help shows them)."""
        self.renderer = renderer
        self.ui = TableUi()
        presenter = WokOnFirePresenter(cfg, game, self.ui, sound)
        presenter.recall(game.events)  # a resumed game's log shows what happened last
        gate = EngineGate(presenter, lambda: game.events, (IllegalAction, GestureError))
        scheduler = WokOnFireScheduler(game, bots, self.ui, presenter, gate, reading)
        inputs = WokOnFireInputs(cfg, game, self.ui, renderer, presenter, scheduler, gate,
                                 on_new_game, reading, on_replay, on_home)
        panel = Panel(game, self.ui, renderer, text, presenter, scheduler, inputs.buttons,
                      inputs.end_choices)
        drawing = WokOnFireDrawing(cfg, game, self.ui, renderer, text, presenter, scheduler, panel)
        gate.after = self._after_input
        super().__init__(presenter, inputs, scheduler, drawing)
        self.help_lines = help_lines(drawing.blade_view.bands)
        drawing.update_seats()

    def _after_input(self) -> None:
        self.ui.selection = []
        self.drawing.update_seats()

    def reflow(self, window: tuple[int, int], scale: float) -> tuple[int, int] | None:
        """At a UI scale above 1: the table as large as the magnified picture drew it, at most
        the view's width, and the panel below it as wide as the view (a window's height);
        the canvas it needs (the window's width: the view pans up and down only). At scale
        1: None, the panel at the table's right (:func:`~wokphysics.ui.render.reflow_table`)."""
        return reflow_table(self.renderer, window, scale)

    # ------------------------------------------------------------------ for the loop and tests
    @property
    def playback(self) -> LiveAction | None:
        """The stir or chop being drawn as it runs, if any."""
        return self.ui.playback

    @property
    def status(self) -> str:
        return self.presenter.status

    @property
    def log(self) -> list[str]:
        return self.presenter.log

    @property
    def person_to_act(self) -> bool:
        return self.scheduler.person_to_act

    def cards_now(self) -> list[Card]:
        return self.drawing.cards_now()

    def finish_motion(self) -> None:
        """Run a stir or chop under way to rest (before saving on close); a stir still being
        dragged is released where the blade is."""
        live = self.ui.live
        if live is not None:
            self.ui.live = self.ui.press = None
            self.scheduler.release(live, live.committed, *live.blade)
        if self.ui.playback is not None:
            self.ui.playback.skip()
