"""``wokphysics play --resume FILE``: the window continues a saved game where it stopped."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from wokphysics.cli import main
from wokphysics.config.wok_on_fire import load_config
from wokphysics.games.registry import make_bot
from wokphysics.games.we_will_wok_you.state import WeWillWokYouState
from wokphysics.games.wok_on_fire.bots import make_wof_bot
from wokphysics.games.wok_on_fire.engine import WokOnFireGame
from wokphysics.games.wok_on_fire.record import save_game
from wokphysics.ui.app import App, WindowOptions
from wokphysics.ui.play import build_app, parse_play_args
from wokphysics.ui.turn.scene import TurnScene
from wokphysics.ui.turn.session import TurnSession
from wokphysics.ui.we_will_wok_you.drawing import heading
from wokphysics.ui.we_will_wok_you.scene import wwwy_scene
from wokphysics.ui.wok_and_roll.scene import wok_and_roll_scene
from wokphysics.ui.wok_on_fire.scene import WokOnFireScene


def _saved_game(saved: Path, turns: int) -> WokOnFireGame:
    """A person and a weak bot after ``turns`` turns (bots standing in for the person), saved
    to ``saved``."""
    cfg = load_config()
    game = WokOnFireGame(cfg, 2, 21, 0, ("person", "weak"))
    stand_in = [make_wof_bot(cfg, "strong", 1), make_wof_bot(cfg, "weak", 2)]
    while game.turn_number < turns:
        stand_in[game.current_player].act(game)
    save_game(game, saved)
    return game


def test_resume_opens_the_saved_game_and_keeps_autosaving(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    saved = tmp_path / "save.json"
    game = _saved_game(saved, 2)
    app, save, _ = build_app(parse_play_args(["--resume", str(saved), "--max-frames", "2"]))
    scene = app.scene
    assert isinstance(scene, WokOnFireScene)
    assert save == saved
    assert scene.game.state_hash() == game.state_hash()
    assert scene.game.turn_number == 2
    assert set(scene.bots) == {1}, "the bot stays a bot, the person a person"
    assert app.run() == 0
    assert main(["play", "--resume", str(saved), "--config", "x.toml"]) == 2
    assert main(["play", "--resume", str(saved), "--bots", "weak"]) == 2
    assert "--resume" in capsys.readouterr().err


@pytest.mark.parametrize(("turns", "last_player"), [(2, "Bot 2 (weak) "), (3, "You ")])
def test_a_resumed_game_s_log_shows_what_happened_last_without_sounds_or_notices(
        tmp_path: Path, turns: int, last_player: str) -> None:
    saved = tmp_path / "save.json"
    _saved_game(saved, turns)
    app, _, _ = build_app(parse_play_args(["--resume", str(saved), "--max-frames", "2"]))
    scene = app.scene
    assert isinstance(scene, WokOnFireScene)
    log = scene.presenter.log
    # the newest lines of the turns played, in the words of who played them (the last turn
    # ends with its chop), then where the game picks up
    assert log[-1] == f"Resumed at turn {turns + 1}"
    assert log[-2].startswith(f"{last_player}chopped "), log
    assert any(line.startswith(f"{last_player}stirred: ") for line in log), log
    assert scene.presenter.notice is None
    assert app.run() == 0


def _turn_game_saved(saved: Path, game: str, seats: list[str], seed: int,
                     until: Callable[[TurnSession], bool]) -> TurnSession:
    """A turn game whose every seat a greedy bot plays until ``until``, saved to ``saved``
    (the seats as given: a person plays seat 0 when it is resumed)."""
    session = TurnSession.new(game, seats, seed, None, save=saved)
    stand_in = make_bot(game, "greedy", 5)
    while not until(session):
        bot = session.bots.get(session.current, stand_in)
        session.apply(bot.choose(session.state))
    session.autosave()
    return session


def _resumed_scene(saved: Path, maker: Callable[..., TurnScene]) -> tuple[App, TurnScene]:
    def make(app: App) -> TurnScene:
        return maker(TurnSession.resume(saved, None), app.text, app.sound, app.restart)

    app = App(WindowOptions(size=(1280, 800), mute=True), make)
    scene = app.scene
    assert isinstance(scene, TurnScene)
    app.frame(0.1)
    return app, scene


def test_a_resumed_we_will_wok_you_log_tells_the_turns_before(tmp_path: Path) -> None:
    """The log opened empty after --resume: a player coming back could not tell what the bots
    had just done."""
    saved = tmp_path / "wwwy.json"
    played = _turn_game_saved(saved, "we-will-wok-you", ["person", "greedy", "random"], 4,
                              lambda s: s.state.turns_taken >= 9 and s.current == 0)
    before = saved.read_text()
    app, scene = _resumed_scene(saved, wwwy_scene)
    lines = [entry.text for entry in scene.log]
    assert lines[-1] == "Resumed at turn 10"
    assert len(lines) >= 10  # nine turns told, at least a line each
    assert any(line.startswith("Bot 2 (greedy) ") for line in lines), lines
    assert any(line.startswith("Bot 3 (random) ") for line in lines), lines
    assert any(line.startswith("You ") for line in lines), lines
    assert not scene.motions.busy  # told, not played again: nothing flies
    assert saved.read_text() == before  # telling the past saved nothing
    assert scene.session.state.to_json() == played.state.to_json()
    assert scene.person_to_act
    pygame.display.quit()
    del app


def test_a_resumed_wok_and_roll_log_keeps_this_turn_s_cooking_secret(tmp_path: Path) -> None:
    saved = tmp_path / "roll.json"
    # Turn 2: Bot 2 went to the market and cooked (secret until the turn is over); the person
    # cooks now.
    played = _turn_game_saved(
        saved, "wok-and-roll", ["person", "greedy", "greedy"], 11,
        lambda s: (s.state.turn == 2 and s.state.phase == "cook" and s.current == 0))
    secret = [str(e.action) for e in played.events
              if e.before.turn == 2 and e.player == 1 and e.before.phase == "cook"]
    assert secret, "Bot 2 cooked before the person in turn 2"
    app, scene = _resumed_scene(saved, wok_and_roll_scene)
    lines = [entry.text for entry in scene.log]
    assert lines[-1] == "Resumed at turn 2"
    assert "Turn 1, everybody's cooking:" in lines
    assert any(line.startswith("The market of turn 2: ") for line in lines), lines
    turn_2 = lines[lines.index("Turn 2: Bot 2 (greedy) goes to the market"):]
    assert not any(line.startswith("Bot 2 (greedy) cooked") for line in turn_2), turn_2
    pygame.display.quit()
    del app


def test_a_finished_we_will_wok_you_game_names_its_last_turn(tmp_path: Path) -> None:
    """The top bar over a finished game said "turn 65" when 64 turns were played (the
    replay of the same game says "turn 64 of 64")."""
    saved = tmp_path / "done.json"
    played = _turn_game_saved(saved, "we-will-wok-you", ["person", "random"], 19,
                              lambda s: s.state.is_terminal())
    app, scene = _resumed_scene(saved, wwwy_scene)
    state = played.state
    assert isinstance(state, WeWillWokYouState)
    last = state.turns_taken
    assert heading(scene.ui, state) == f"turn {last}"
    control = scene.replay_of(played.seats, played.initial, state.history)
    assert control.where() == f"the start (of {last} turns)"
    pygame.display.quit()
    del app
