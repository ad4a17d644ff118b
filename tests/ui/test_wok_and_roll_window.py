"""Wok and Roll in the window, driven by posted mouse events as a person would play."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest
from roll_clicks import (
    FRAME_S,
    centre_of,
    click,
    layout,
    play_step_by_clicks,
    post_click,
    record_tooltips,
    state_of,
    view,
)

from wokphysics.cli import main
from wokphysics.games.wok_and_roll.actions import Cook, Reroll
from wokphysics.games.wok_and_roll.bots import WokAndRollGreedyBot
from wokphysics.games.wok_and_roll.state import WokAndRollState
from wokphysics.replay.turn_record import read_record
from wokphysics.ui.app import App, WindowOptions
from wokphysics.ui.scene import MESSAGE_S
from wokphysics.ui.turn.replay import ReplayControl
from wokphysics.ui.turn.scene import TurnScene
from wokphysics.ui.turn.session import TurnSession
from wokphysics.ui.wok_and_roll.layout import Hit
from wokphysics.ui.wok_and_roll.presenter import RollPresenter
from wokphysics.ui.wok_and_roll.scene import wok_and_roll_scene
from wokphysics.ui.wok_and_roll.view import menu_shown

GAME = "wok-and-roll"


def _app(seats: list[str], seed: int, config: object = None, save: Path | None = None
         ) -> tuple[App, TurnScene]:
    def make(app: App) -> TurnScene:
        session = TurnSession.new(GAME, seats, seed, config, save=save)
        return wok_and_roll_scene(session, app.text, app.sound, app.restart)

    app = App(WindowOptions(size=(1280, 800), mute=True), make)
    scene = app.scene
    assert isinstance(scene, TurnScene)
    app.frame(FRAME_S)
    return app, scene


def _until_person(app: App, scene: TurnScene, limit: int = 600) -> None:
    for _ in range(limit):
        if scene.over or scene.curtain or scene.person_to_act and not scene.motions.busy:
            return
        app.frame(FRAME_S)
    raise AssertionError("the bots never handed the turn back")


def _play_to_the_end(app: App, scene: TurnScene, stand_ins: dict[int, WokAndRollGreedyBot]
                     ) -> int:
    """Every person's step by clicks (a click lifts each hot-seat curtain); returns the steps
    made. Each step the engine took is exactly the one intended."""
    steps = 0
    while not scene.over:
        _until_person(app, scene)
        if scene.over:
            break
        if scene.curtain:
            post_click((640, 400))
            app.frame(FRAME_S)
            continue
        seat = scene.session.current
        before = len(scene.session.state.history)
        intended = play_step_by_clicks(app, scene, stand_ins[seat])
        taken = scene.session.state.history[before:]
        assert [str(a) for a in taken] == [str(intended)], scene.presenter.status
        steps += 1
        assert steps < 2000
    for _ in range(20):
        app.frame(FRAME_S)
    return steps


@pytest.mark.parametrize("expert", [False, True])
def test_a_whole_game_through_clicks_against_two_bots(tmp_path: Path, expert: bool) -> None:
    save = tmp_path / "roll.json"
    config = {"expert": True} if expert else None
    app, scene = _app(["person", "greedy", "greedy"], seed=5, config=config, save=save)
    steps = _play_to_the_end(app, scene, {0: WokAndRollGreedyBot(99)})
    state = state_of(scene)
    assert scene.end_shown and state.is_terminal()
    assert steps >= 15, "the person rolled, cooked and said done many times"
    # The person's cooking was told at once, the bots' after each turn, naming the dishes.
    log = [line.text for line in scene.log]
    assert sum(text.startswith("You cooked ") for text in log) >= 5
    assert any(text.startswith("Bot 2 (greedy) cooked ") for text in log)
    assert any("everybody's cooking:" in text for text in log)
    assert log[-1].startswith("Game over after turn")
    # The autosave holds the whole game: replayed from its start it is this game.
    record = read_record(save)
    assert record.state.to_json() == state.to_json()
    shot = tmp_path / "end.png"
    app.save_screenshot(shot)
    assert pygame.image.load(str(shot)).get_size() == (1280, 800)
    pygame.display.quit()


def test_hot_seat_hides_the_other_persons_crossings_until_the_turn_is_over() -> None:
    app, scene = _app(["person", "person", "greedy"], seed=3)
    bots = {0: WokAndRollGreedyBot(11), 1: WokAndRollGreedyBot(12)}
    curtains = 0
    checked = 0
    while not scene.over and state_of(scene).turn <= 6:
        _until_person(app, scene)
        if scene.curtain:
            # the curtain hides everything: the sheet region is not drawn
            curtains += 1
            post_click((640, 400))
            app.frame(FRAME_S)
            continue
        state = state_of(scene)
        me = state.current_player
        other = 1 - me
        if state.phase == "cook" and state.public and state.public[other] is not None:
            # the other person cooked earlier this turn: their sheet is shown as it was when
            # the dice locked, and the log does not tell their cooking yet
            assert menu_shown(scene.ui, other).crossed == state.public[other].crossed
            this_turn = "\n".join(line.text for line in scene.log).split(
                f"The market of turn {state.turn}")[-1]
            assert f"{scene.names[other]} cooked" not in this_turn
            checked += 1
        play_step_by_clicks(app, scene, bots[me])
    assert curtains >= 10, "a curtain before each person's turn to cook"
    assert checked >= 1
    pygame.display.quit()


def _seed_with_equal_white_dice() -> tuple[int, int, int]:
    """A seed whose first roll shows two equal white dice: (seed, first, second) positions."""
    for seed in range(200):
        state = TurnSession.new(GAME, ["person", "greedy"], seed).state
        assert isinstance(state, WokAndRollState)
        white = state.dice[:state.sheet.white]
        for second in range(1, len(white)):
            if white[second] in white[:second]:
                return seed, white.index(white[second]), second
    raise AssertionError("no seed with equal white dice")


def test_the_dice_clicked_are_the_dice_re_rolled() -> None:
    seed, first, second = _seed_with_equal_white_dice()
    app, scene = _app(["person", "greedy"], seed=seed)
    roll_view = view(scene)
    face = state_of(scene).dice[second]
    click(app, scene, Hit("die", str(second)))  # the later of two equal dice
    assert roll_view.reroll == {second}
    click(app, scene, Hit("button", "reroll"))
    state = state_of(scene)
    action = state.history[-1]
    assert isinstance(action, Reroll)
    # the engine re-rolls the first of equal dice, the tray shows it where it was clicked
    assert action.dice == (first,)
    assert roll_view.tray.order[second] == first
    assert roll_view.tray.faces(state)[first] == face, "the die not clicked kept its face"
    assert any(f"re-rolled die {second + 1}:" in line.text for line in scene.log)
    pygame.display.quit()


def test_a_dimmed_serving_says_why_and_changes_nothing() -> None:
    app, scene = _app(["person", "greedy"], seed=4)
    click(app, scene, Hit("button", "lock"))
    state = state_of(scene)
    before = state.to_json()
    # R1.2 cannot be crossed before R1.1 (a dish is crossed from the top down)
    click(app, scene, Hit("serving", "R1.2"))
    said = scene.presenter
    assert said.status_is_error
    assert said.status == "R1.2: a dish is crossed from the top down: R1.1 comes first"
    assert state_of(scene).to_json() == before
    # the hover says the same without clicking
    presenter = scene.parts.presenter
    assert isinstance(presenter, RollPresenter)
    words = presenter.tooltip(Hit("serving", "R1.2"))
    assert "Not now: a dish is crossed from the top down" in words
    # The click's bubble alone is shown where the pointer rests (the tooltip saying the same
    # was drawn over it); once the bubble is gone, resting there shows the tooltip.
    shown = record_tooltips(scene)
    app.frame(FRAME_S)
    assert scene.presenter.bubbles and not shown
    for _ in range(round(MESSAGE_S / FRAME_S) + 5):
        app.frame(FRAME_S)
    assert not scene.presenter.bubbles and shown and "Not now" in shown[-1]
    # a red die is the market player's; the others are told so when they try to pay with it
    pygame.display.quit()


def test_paying_with_the_fridge_instead_of_a_die() -> None:
    # find a first turn where the person can cook a serving with a die they could replace
    # by the Fridge item of the same food
    for seed in range(60):
        app, scene = _app(["person", "greedy"], seed=seed)
        click(app, scene, Hit("button", "lock"))
        state = state_of(scene)
        cooks = [a for a in state.legal_actions() if isinstance(a, Cook)
                 and all(token < 8 for _, token in a.uses)]
        sheet = state.sheet
        for action in cooks:
            need = action.uses[0][0]
            fridge = [k for k, face in enumerate(sheet.fridge) if face == need]
            if not fridge:
                continue
            click(app, scene, Hit("serving", action.sid))
            payment = view(scene).payment
            assert payment is not None and len(payment.chosen) == len(action.uses)
            assert all(s.kind == "die" for s in payment.chosen), "dice are proposed first"
            click(app, scene, Hit("fridge", str(fridge[0])))  # swaps a die out
            assert any(s.kind == "fridge" for s in payment.chosen)
            click(app, scene, Hit("button", "cook"))
            taken = state_of(scene).history[-1]
            assert isinstance(taken, Cook) and taken.sid == action.sid
            assert "=fridge" in str(taken)
            assert state_of(scene).menus[0].fridge_used >> fridge[0] & 1
            pygame.display.quit()
            return
        pygame.display.quit()
    raise AssertionError("no seed offered a serving payable by a die or the Fridge")


def test_replay_steps_turn_by_turn_and_resume_continues(tmp_path: Path) -> None:
    save = tmp_path / "roll.json"
    app, scene = _app(["person", "greedy", "greedy"], seed=8, save=save)
    stand_in = WokAndRollGreedyBot(7)
    while state_of(scene).turn < 4:
        _until_person(app, scene)
        play_step_by_clicks(app, scene, stand_in)
    played = state_of(scene).to_json()
    # after every turn (each time the player to act changes) the game was saved
    saved = read_record(save).state.history
    history = [str(a) for a in state_of(scene).history]
    assert 0 < len(saved) <= len(history)
    assert [str(a) for a in saved] == history[:len(saved)]
    scene.session.autosave()  # closing the window saves the turn under way
    pygame.display.quit()
    record = read_record(save)
    assert record.state.to_json() == played
    # Resume: the same game, the person to act again.
    resumed = TurnSession.resume(save, None)
    assert resumed.state.to_json() == played
    # The replay viewer: turn by turn from the start, back and on.
    app, scene = _app(["person", "greedy", "greedy"], seed=8)
    control = ReplayControl(GAME, record.seats, record.initial, record.actions)
    scene.start_replay(control)
    assert control.index == 0
    control.forward(scene)
    app.frame(FRAME_S)
    first = control.index
    assert first > 0 and control.turn == 1
    control.forward(scene)
    app.frame(FRAME_S)
    assert control.index > first
    control.back(scene)
    app.frame(FRAME_S)
    assert control.index == first
    assert scene.session.state.to_json() != played
    control.goto(scene, len(record.actions))
    app.frame(FRAME_S)
    assert scene.session.state.to_json() == played
    pygame.display.quit()


def test_play_command_opens_the_window_and_refuses_bad_options(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shot = tmp_path / "roll.png"
    status = main(["play", GAME, "--expert", "--seed", "2", "--players", "3",
                   "--max-frames", "4", "--screenshot", str(shot)])
    assert status == 0
    assert pygame.image.load(str(shot)).get_size() == (1280, 800)
    pygame.display.quit()
    capsys.readouterr()
    assert main(["play", GAME, "--dishes", "0", "--max-frames", "1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["wokphysics: --dishes must be 1 to 20, not 0"]


def test_the_layout_puts_every_serving_on_screen_readably() -> None:
    for config in (None, {"expert": True}):
        app, scene = _app(["person", "greedy", "greedy", "greedy", "greedy"], seed=1,
                          config=config)
        lay = layout(scene)
        state = state_of(scene)
        screen = pygame.Rect(0, 0, 1280, 800)
        for serving in state.sheet.servings:
            rect = lay.servings[serving.sid]
            assert screen.contains(rect) and lay.sheet.contains(rect)
            assert centre_of(scene, Hit("serving", serving.sid))
        boxes = list(lay.servings.values())
        for k, a in enumerate(boxes):
            assert not any(a.colliderect(b) for b in boxes[k + 1:])
        assert len(lay.others) == 4 and all(screen.contains(r) for r in lay.others.values())
        assert lay.font(22) >= 22, "names and numbers: 22 px fonts at 1280 x 800"
        assert state.num_players == 5
        pygame.display.quit()


def test_the_launcher_starts_an_expert_game_in_the_same_window(tmp_path: Path) -> None:
    from launcher_window import launcher_window

    from wokphysics.ui.launcher.scene import Spot

    app, launcher = launcher_window(tmp_path)
    choices = launcher.choices
    names = [g.plugin.name for g in choices.games]

    def press(spot: Spot) -> None:
        rect = launcher.rect_of(spot)
        assert rect is not None, f"{spot} is not on screen"
        post_click(rect.center)
        app.frame(FRAME_S)

    press(Spot("game", names.index(GAME)))
    game = choices.game
    assert game.window is not None, "Wok and Roll plays in the window"
    press(Spot("option", [o.key for o in game.options].index("menu")))
    assert game.values["menu"] == "expert"
    choices.seed = 31
    press(Spot("start"))
    scene = app.scene
    assert isinstance(scene, TurnScene)
    state = state_of(scene)
    assert state.sheet.expert and state.seed == 31
    assert all(menu.hs_tile >= 0 for menu in state.menus), "House Special tiles dealt"
    assert lay_has_locks(scene)
    pygame.display.quit()


def lay_has_locks(scene: TurnScene) -> bool:
    lay = layout(scene)
    return bool(lay.locks) and bool(lay.hats) and bool(lay.pantry) and bool(lay.recipes)


def test_a_refusal_leaves_the_status_line_once_the_person_chooses_again() -> None:
    """Seen at 1280 x 800 (Expert Menu): a click on a locked serving said "behind a lock:
    unlock R2 first ..." in red under Your move, and it stayed there (cut after three lines)
    once the person clicked the lock and its payment was ready, contradicting it."""
    app, scene = _app(["person", "greedy"], seed=7, config={"expert": True})
    click(app, scene, Hit("button", "lock"))
    assert state_of(scene).phase == "cook" and scene.person_to_act
    click(app, scene, Hit("serving", "R2.1"))
    assert scene.presenter.status_is_error
    assert "behind a lock: unlock R2 first" in scene.presenter.status
    click(app, scene, Hit("lock", "R2"))
    roll_view = view(scene)
    assert roll_view.payment is not None  # the unlock is chosen, its payment proposed
    assert scene.presenter.status == "" and not scene.presenter.status_is_error
    # A new refusal is shown again, and a right click (clear the choice) removes it.
    click(app, scene, Hit("serving", "R2.2"))
    assert scene.presenter.status_is_error
    post_click(centre_of(scene, Hit("serving", "R1.1")), button=3)
    app.frame(FRAME_S)
    assert scene.presenter.status == ""
    pygame.display.quit()


def test_the_replay_heading_names_the_turn_whose_roll_is_shown() -> None:
    """A turn's last step rolls the next turn's dice: after stepping on past turn 2 the
    window showed turn 3's roll under the heading 'replay, turn 2 of N'."""
    from wokphysics.games.registry import new_game

    state = new_game(GAME, players=3, seed=7)
    assert isinstance(state, WokAndRollState)
    initial = state.clone()
    bots = [WokAndRollGreedyBot(seat) for seat in range(3)]
    while not state.is_terminal():
        state.apply(bots[state.current_player].choose(state))
    app, scene = _app(["greedy", "greedy", "greedy"], seed=7)
    control = scene.replay_of(["greedy"] * 3, initial, state.history)
    scene.start_replay(control)
    turns = state.turn
    shown = state_of(scene)
    assert shown.turn == 1 and shown.phase == "roll"
    assert scene.heading_turn(shown.turn - 1) == f"replay, turn 1 of {turns}"
    for _ in range(2):
        control.forward(scene)
        app.frame(FRAME_S)
    shown = state_of(scene)
    assert shown.turn == 3 and shown.phase == "roll" and shown.rolls == 1
    assert scene.heading_turn(shown.turn - 1) == f"replay, turn 3 of {turns}"
    assert f"turn 3 of {turns}" in control.bar_words()
    control.back(scene)
    app.frame(FRAME_S)
    assert state_of(scene).turn == 2 and f"turn 2 of {turns}" in control.bar_words()
    control.goto(scene, control.steps)
    app.frame(FRAME_S)
    assert state_of(scene).is_terminal() and f"turn {turns} of {turns}" in control.bar_words()
    pygame.display.quit()


def test_no_tooltip_covers_the_payment_under_way() -> None:
    """The tooltip beside a Pantry space of row 1 (and others at the menu's right edge)
    covered the panel's 'Paid with' list of the serving being paid for."""
    app, scene = _app(["person", "greedy", "greedy"], seed=3)
    _until_person(app, scene)
    click(app, scene, Hit("button", "lock"))
    click(app, scene, Hit("serving", "M2.1"))
    assert view(scene).payment is not None
    app.frame(FRAME_S)
    panel = layout(scene).panel
    surface = pygame.display.get_surface()
    still = surface.subsurface(panel).copy()
    hovered = 0
    for rect, hit in layout(scene).hits:
        if panel.colliderect(rect) or rect.w * rect.h == 0:
            continue
        view(scene).hover = hit
        scene.parts.drawing.draw(surface)
        if RollPresenter.tooltip(scene.parts.presenter, hit):
            hovered += 1
        shown = surface.subsurface(panel)
        assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(still, "RGB"), hit
    assert hovered > 50
    pygame.display.quit()


def test_the_market_heading_fits_its_tray(monkeypatch: pytest.MonkeyPatch) -> None:
    """'Market: Bot 1 (greedy), roll 1 of 3' ran over the tray's right edge at 1280x800."""
    from wokphysics.ui.widgets import Text

    widths: dict[str, int] = {}
    original = Text.render

    def render(self: Text, words: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        image = original(self, words, *args, **kwargs)
        widths[words] = image.get_width()
        return image

    monkeypatch.setattr(Text, "render", render)
    app, scene = _app(["greedy", "greedy", "greedy"], seed=4)
    head = next(words for words in widths if words.startswith("Market: Bot 1 (greedy)"))
    lay = layout(scene)
    assert widths[head] <= lay.tray.w - 2 * lay.px(10), (head, widths[head], lay.tray.w)
    pygame.display.quit()
