"""Search bots in the window: they think in a worker process while the window draws (a pill
names them), they play what they would play anywhere else, and the tip key asks the
strongest bot about a person's move without playing it. Levels are the launcher's and
``--level``'s choices.

Frame times while a bot thinks are measured by ``wokphysics bench`` (``window.*.thinking_
frame_ms_p99``), never asserted here.
"""

from __future__ import annotations

import time

import pygame
import pytest

from wokphysics.errors import UserError
from wokphysics.games.registry import make_bot, new_game, plugin
from wokphysics.games.search import Planner, advice_line
from wokphysics.games.seeds import bot_seed
from wokphysics.games.wok_star.model import Phase
from wokphysics.games.wok_star.team_bot import TeamBot
from wokphysics.ui.app import App, WindowOptions
from wokphysics.ui.front_ends import front_end
from wokphysics.ui.launcher.choices import GameChoices
from wokphysics.ui.turn.scene import ADVICE_KEY, TurnScene
from wokphysics.ui.turn.session import TurnSession
from wokphysics.ui.wok_star.scene import StarScene
from wokphysics.ui.wok_star.session import StarSession

FRAME_S = 1 / 60
WAIT_S = 120.0
"""Real seconds a test waits for the worker process (it starts in about one; the machine
the suite runs on is shared)."""


def _turn_app(game: str, seats: list[str], seed: int) -> tuple[App, TurnScene]:
    window = front_end(plugin(game))
    assert window is not None and window.turn_maker is not None
    maker = window.turn_maker()

    def make(app: App) -> TurnScene:
        return maker(TurnSession.new(game, seats, seed), app.text, app.sound, None, None)

    app = App(WindowOptions(size=(1280, 800), mute=True), make)
    scene = app.scene
    assert isinstance(scene, TurnScene)
    return app, scene


@pytest.mark.parametrize(("game", "bot"), [("we-will-wok-you", "mcts:12"),
                                           ("wok-and-roll", "mcts:10")])
def test_a_search_bot_thinks_away_from_the_window_and_plays_its_own_choice(
        game: str, bot: str) -> None:
    seed = 5
    app, scene = _turn_app(game, [bot, "greedy"], seed)
    alone = make_bot(game, bot, bot_seed(seed, 0))
    expected = alone.choose(new_game(game, 2, seed))
    pill_seen = False
    deadline = time.monotonic() + WAIT_S
    try:
        while not scene.session.state.history and time.monotonic() < deadline:
            app.frame(FRAME_S)
            if scene.scheduler.thinking == 0:
                pill_seen = pill_seen or scene.drawing.thinking_box is not None
    finally:
        scene.thinker.close()
    assert scene.session.state.history, "the bot never moved"
    assert pill_seen, "the thinking pill was never drawn while the bot thought"
    # worked out in the worker, it is the move the bot makes anywhere else
    assert scene.session.state.history[0] == expected
    assert scene.scheduler.thinking == -1


def test_the_tip_key_names_the_strongest_bots_move_and_plays_nothing() -> None:
    game, seed = "we-will-wok-you", 8
    app, scene = _turn_app(game, ["person", "greedy"], seed)
    app.frame(FRAME_S)
    assert scene.person_to_act
    state = scene.session.state
    before = state.to_json()
    strongest = plugin(game).levels[-1].bot
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": ADVICE_KEY, "mod": 0,
                                                          "unicode": "t"}))
    deadline = time.monotonic() + WAIT_S
    tips: list[str] = []
    try:
        while not tips and time.monotonic() < deadline:
            app.frame(FRAME_S)
            tips = [line.text for line in scene.log if line.text.startswith("Tip: ")]
    finally:
        scene.thinker.close()
    assert tips, "no tip came"
    assert state.to_json() == before, "the tip played a move"
    bot = make_bot(game, strongest, 0)
    assert isinstance(bot, Planner)
    assert tips[0] == "Tip: " + advice_line(bot.analyse(state))
    assert scene.presenter.status == tips[0]


def test_the_wok_star_planner_thinks_in_the_worker_and_buys_what_it_would_buy() -> None:
    seed = 3
    state = new_game("wok-star", 2, seed)
    initial = state.clone()
    team = [TeamBot(0), TeamBot(1)]
    while state.phase is not Phase.PURCHASE:
        state.apply(team[state.current_player].choose(state))
    planner = make_bot("wok-star", "planner:8", bot_seed(seed, state.current_player))
    expected = planner.choose(state.clone())
    times = [0.0] * len(state.history)
    steps = len(state.history)

    def make(app: App) -> StarScene:
        session = StarSession(state, ("planner:8", "planner:8"), None, initial, times)
        return StarScene(session, app.text, app.sound)

    app = App(WindowOptions(size=(1280, 800), mute=True), make)
    scene = app.scene
    assert isinstance(scene, StarScene)
    seen_thinking = False
    deadline = time.monotonic() + WAIT_S
    try:
        while len(scene.session.state.history) == steps and time.monotonic() < deadline:
            app.frame(FRAME_S)
            seen_thinking = seen_thinking or scene.scheduler.thinking >= 0
    finally:
        scene.scheduler.thinker.close()
    assert seen_thinking
    assert scene.session.state.history[steps] == expected


def test_the_launcher_offers_the_levels_with_their_measured_strength() -> None:
    from wokphysics.games.registry import PLUGINS
    from wokphysics.ui.launcher.presenter import seat_words

    assert all(entry.levels for entry in PLUGINS)  # every game, Wok on Fire's table too
    for entry in PLUGINS:
        game = GameChoices.for_plugin(entry)
        levels = entry.levels
        assert game.bots == [level.bot for level in levels]
        for level in levels:
            assert level.rating, f"{entry.name} {level.name}: no measured rating"
            assert seat_words(game, level.bot) == f"{level.name} · {level.rating}"
        before = list(game.seats)
        game.cycle_seat(1)
        assert game.seats[1] != before[1] and game.seats[1] in game.bots + ["person"]
        assert seat_words(game, "person") == "Person"


def test_wok_on_fires_levels_seat_their_bots_in_the_window() -> None:
    """``play wok-on-fire --level hard`` puts the planning bot in the bot seats a number of
    ``--bots`` asks for; without a level they are ``strong``; names still win over a level."""
    from wokphysics.config.wok_on_fire import load_config
    from wokphysics.terminal.seating import level_bot
    from wokphysics.ui.play import bot_labels, parse_play_args

    wof = plugin("wok-on-fire")
    assert [level.bot for level in wof.levels] == ["weak", "strong", "plan"]
    assert parse_play_args(["--level", "hard"]).level == "hard"
    cfg = load_config()
    assert bot_labels(3, "2", cfg, level_bot(wof, "hard", "strong")) == ("person", "plan", "plan")
    assert bot_labels(2, "1", cfg) == ("person", "strong")
    assert bot_labels(2, "weak", cfg, level_bot(wof, "hard", "strong")) == ("person", "weak")


def test_play_takes_a_level_by_name() -> None:
    from wokphysics.terminal.seating import level_bot

    wwwy = plugin("we-will-wok-you")
    assert level_bot(wwwy, "Expert", "greedy") == wwwy.levels[-1].bot
    assert level_bot(wwwy, None, "greedy") == "greedy"
    with pytest.raises(UserError, match="no level 'grandmaster'; choose from: easy, medium"):
        level_bot(wwwy, "grandmaster", "greedy")
