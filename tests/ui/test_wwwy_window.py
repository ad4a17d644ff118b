"""We Will Wok You in the window, driven by posted mouse events as a person would play."""

from __future__ import annotations

import json
from pathlib import Path
from unittest.mock import patch

import pygame
import pytest
from wwwy_clicks import FRAME_S, centre_of, click, layout, play_turn_by_clicks, post_click

from wokphysics.cli import main
from wokphysics.games.we_will_wok_you.bots import WeWillWokYouGreedyBot
from wokphysics.games.we_will_wok_you.state import WeWillWokYouState
from wokphysics.replay.turn_record import read_record
from wokphysics.ui.app import App, WindowOptions
from wokphysics.ui.turn.scene import TurnScene
from wokphysics.ui.turn.session import TurnSession
from wokphysics.ui.we_will_wok_you.drawing import WwwyDrawing
from wokphysics.ui.we_will_wok_you.faces import RED_WOK, TYPE_COLORS
from wokphysics.ui.we_will_wok_you.layout import BUTTONS, WwwyTarget
from wokphysics.ui.we_will_wok_you.scene import wwwy_scene

GAME = "we-will-wok-you"


def _app(seats: list[str], seed: int, save: Path | None = None) -> tuple[App, TurnScene]:
    def make(app: App) -> TurnScene:
        session = TurnSession.new(GAME, seats, seed, save=save)
        return wwwy_scene(session, app.text, app.sound, app.restart)

    app = App(WindowOptions(size=(1280, 800)), make)
    scene = app.scene
    assert isinstance(scene, TurnScene)
    app.frame(FRAME_S)
    return app, scene


def _state(scene: TurnScene) -> WeWillWokYouState:
    state = scene.session.state
    assert isinstance(state, WeWillWokYouState)
    return state


def _until_person(app: App, scene: TurnScene, limit: int = 400) -> None:
    for _ in range(limit):
        if scene.person_to_act and not scene.motions.busy or scene.over:
            return
        app.frame(FRAME_S)
    raise AssertionError("the bots never handed the turn back")


def test_a_whole_game_through_clicks_against_two_bots(tmp_path: Path) -> None:
    save = tmp_path / "wwwy.json"
    app, scene = _app(["person", "greedy", "greedy"], seed=11, save=save)
    stand_in = WeWillWokYouGreedyBot(1234)
    person_turns = 0
    while not scene.over:
        _until_person(app, scene)
        if scene.over:
            break
        steps_before = scene.session.steps
        intended = play_turn_by_clicks(app, scene, stand_in)
        # Every click went through the window; the engine took exactly the intended steps.
        taken = scene.session.state.history[steps_before:]
        assert [str(a) for a in taken] == [str(a) for a in intended]
        person_turns += 1
        assert person_turns < 200
    for _ in range(30):
        app.frame(FRAME_S)
    state = _state(scene)
    assert scene.end_shown and state.is_terminal()
    assert person_turns >= 10
    # Bot moves were said naming the cards they took.
    bot_lines = [line.text for line in scene.log if line.seat != 0]
    assert any("bought row" in text and "(" in text for text in bot_lines), bot_lines[-10:]
    # The autosave holds the whole game: replayed from its start it is this game.
    record = read_record(save)
    assert record.state.to_json() == state.to_json()
    assert record.seats == ("person", "greedy", "greedy")
    shot = tmp_path / "end.png"
    app.save_screenshot(shot)
    assert pygame.image.load(str(shot)).get_size() == (1280, 800)
    pygame.display.quit()


def test_a_refused_click_says_why_and_changes_nothing() -> None:
    app, scene = _app(["person", "greedy"], seed=3)
    state = _state(scene)
    price = state.coin_sets[0]
    assert state.coins[0] < price  # 3 coins dealt, rows 1-2 cost 6 at the start
    before = state.to_json()
    click(app, scene, WwwyTarget("row", 0))
    said = scene.presenter
    assert said.status_is_error and [b.text for b in said.bubbles] == [said.status]
    assert said.status == f"row 1 costs {price} coins and you have {state.coins[0]}"
    assert _state(scene).to_json() == before
    # A wok card cannot be chosen with an empty hand: the engine's own reason.
    wok = state.offer[0]
    click(app, scene, WwwyTarget("offer", wok))
    assert said.status_is_error and "4 identical symbols" in said.status
    assert _state(scene).to_json() == before
    pygame.display.quit()


def _hand_after_buying(app: App, scene: TurnScene) -> None:
    """Collect and buy until the person holds a hand that can pay for a wok card."""
    for _ in range(40):
        _until_person(app, scene)
        state = _state(scene)
        from wokphysics.ui.we_will_wok_you.payment import symbol_counts

        if max(symbol_counts(state.data, state.hands[0])) >= 4:
            return
        affordable = [r for r in range(4) if state.rows[r]
                      and state.coins[0] >= state.coin_sets[state.data.row_coin_sets[r]]]
        if affordable:
            click(app, scene, WwwyTarget("row", affordable[-1]))
        else:
            click(app, scene, WwwyTarget("coin", 1 if state.coin_sets[1] > 1 else 0))
    raise AssertionError("no payable hand came")


def test_only_payments_the_rules_allow_can_be_completed() -> None:
    app, scene = _app(["person", "greedy"], seed=21)
    _hand_after_buying(app, scene)
    state = _state(scene)
    data = state.data
    drawing = scene.parts.drawing
    assert isinstance(drawing, WwwyDrawing)
    view = drawing.view
    wok = state.offer[0]
    click(app, scene, WwwyTarget("offer", wok))
    assert view.chosen_wok == wok
    # A card with no symbol cannot pay: refused with the reason, not chosen.
    blank = [c for c in state.hands[0] if not data.card_symbols[c]]
    if blank:
        click(app, scene, WwwyTarget("hand", blank[0]))
        assert "no symbol in common" in scene.presenter.status
        assert blank[0] not in view.selected
    # Take with too few symbols is refused and the game is unchanged.
    before = _state(scene).to_json()
    symbol_cards = [c for c in state.hands[0] if data.card_symbols[c]]
    click(app, scene, WwwyTarget("hand", symbol_cards[0]))
    if not view.take_ready():
        click(app, scene, WwwyTarget("button", BUTTONS.index("take")))
        assert scene.presenter.status_is_error
        assert _state(scene).to_json() == before
    pygame.display.quit()


def test_hot_seat_hides_each_hand_behind_a_curtain() -> None:
    app, scene = _app(["person", "person"], seed=5)
    assert scene.curtain  # several people: even the first turn waits for a click
    post_click((640, 400))
    app.frame(FRAME_S)
    assert not scene.curtain and scene.viewer == 0
    click(app, scene, WwwyTarget("coin", 0))  # Player 1 collects a coin
    assert _state(scene).current_player == 1
    assert scene.curtain and scene.viewer is None  # Player 1's hand is no longer drawn
    surface = pygame.display.get_surface()
    app.frame(FRAME_S)
    # The whole window is the curtain: nothing of the table shows through, only its words.
    samples = [surface.get_at((x, y))[:3] for x in range(0, 1280, 20) for y in range(0, 800, 20)]
    background = max(set(samples), key=samples.count)
    assert samples.count(background) >= 0.95 * len(samples)
    assert RED_WOK not in samples and all(colour not in samples for colour in TYPE_COLORS)
    post_click((640, 400))
    app.frame(FRAME_S)
    assert scene.viewer == 1 and not scene.curtain
    pygame.display.quit()


def test_score_if_the_game_ended_now_is_the_exact_optimum() -> None:
    app, scene = _app(["person", "greedy"], seed=21)
    _hand_after_buying(app, scene)
    state = _state(scene)
    drawing = scene.parts.drawing
    assert isinstance(drawing, WwwyDrawing)
    shown = drawing.view.score_now(0)
    exact = state.scorer.score(state.woks[0], state.hands[0], state.fronts[0], state.coins[0])
    assert shown.total == exact.total
    click(app, scene, WwwyTarget("button", BUTTONS.index("arrangement")))
    assert drawing.view.show_arrangement
    pygame.display.quit()


def test_play_command_screenshot_save_and_resume(tmp_path: Path) -> None:
    shot = tmp_path / "wwwy.png"
    save = tmp_path / "saved.json"
    status = main(["play", GAME, "--seed", "4", "--players", "3", "--bots", "greedy,random",
                   "--max-frames", "60", "--screenshot", str(shot), "--save", str(save)])
    assert status == 0
    assert pygame.image.load(str(shot)).get_size() == (1280, 800)
    data = json.loads(save.read_text())
    assert data["format"] == "wokphysics-turn-save" and data["seats"] == [
        "person", "greedy", "random"]
    assert main(["play", GAME, "--resume", str(save), "--max-frames", "3"]) == 0
    assert main(["play", GAME, "--resume", str(save), "--config", "x.toml"]) == 2
    assert main(["play", GAME, "--players", "9", "--max-frames", "2"]) == 2
    assert main(["play", GAME, "--bots", "grandmaster", "--max-frames", "2"]) == 2


def test_the_replay_viewer_steps_turn_by_turn(tmp_path: Path) -> None:
    from wokphysics.ui.turn.replay import ReplayControl

    save = tmp_path / "bots.json"
    app, scene = _app(["greedy", "greedy"], seed=8, save=save)
    while not scene.over:
        app.frame(0.5)
    record = read_record(save)
    control = ReplayControl(record.game, record.seats, record.initial, record.actions)
    scene.start_replay(control)
    assert scene.session.steps == 0 and control.turns >= 20
    for _ in range(3):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_RIGHT, "mod": 0}))
        app.frame(FRAME_S)
    assert control.turn == 3
    replayed = record.initial.clone()
    for action in record.actions[: control.index]:
        replayed.apply(action)
    assert scene.session.state.to_json() == replayed.to_json()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_LEFT, "mod": 0}))
    app.frame(FRAME_S)
    assert control.turn == 2
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_END, "mod": 0}))
    app.frame(FRAME_S)
    assert scene.session.state.to_json() == record.state.to_json() and scene.end_shown
    pygame.display.quit()
    # The command opens the same viewer on the autosave.
    shot = tmp_path / "replay.png"
    assert main(["replay", str(save), "--max-frames", "3", "--screenshot", str(shot)]) == 0
    assert shot.exists()
    assert main(["replay", str(save), "--verify"]) == 0


@pytest.mark.parametrize("size", [(1280, 800), (1600, 1000), (1024, 640)])
def test_the_layout_fits_the_window_and_names_are_readable(size: tuple[int, int]) -> None:
    from wokphysics.ui.we_will_wok_you.layout import build_layout

    app, scene = _app(["person", "greedy", "greedy", "greedy"], seed=2)
    state = _state(scene)
    lay = build_layout(size, state, 0, ("take", "clear", "arrangement"))
    window = pygame.Rect((0, 0), size)
    for rect, _ in lay.hits:
        assert window.contains(rect)
    assert len(lay.offer) == len(state.offer) == 18
    if size == (1280, 800):
        # Card names and numbers: fonts of 21-22 px at 1280 x 800, capitals >= 11 px tall.
        font = pygame.font.Font(None, lay.font(22))
        assert font.render("W18 Tuna 8", True, (255, 255, 255)).get_bounding_rect().height >= 11
    pygame.display.quit()


def test_centre_of_finds_the_card_on_top() -> None:
    app, scene = _app(["person", "greedy"], seed=21)
    _hand_after_buying(app, scene)
    state = _state(scene)
    for card in state.hands[0]:
        point = centre_of(scene, WwwyTarget("hand", card))
        drawing = scene.parts.drawing
        assert isinstance(drawing, WwwyDrawing)
        assert drawing.view.layout().hit(point) == WwwyTarget("hand", card)
    pygame.display.quit()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 700), (1600, 1000)])
def test_every_players_box_is_drawn_whole_in_a_resized_window(size: tuple[int, int]) -> None:
    """At 1024 x 640 the fourth player's box was cut off half way (its region was scaled
    twice), the lower half left blank."""
    def make(app: App) -> TurnScene:
        session = TurnSession.new(GAME, ["person", "greedy", "greedy", "greedy"], 2)
        return wwwy_scene(session, app.text, app.sound, app.restart)

    app = App(WindowOptions(size=size), make)
    scene = app.scene
    assert isinstance(scene, TurnScene)
    app.frame(FRAME_S)
    lay = layout(scene)
    background = app.screen.get_at((2, size[1] // 2))
    for box in lay.players:
        # the box's inside near its bottom is the panel's colour, not the background
        inside = app.screen.get_at((box.centerx, box.bottom - 4))
        assert inside != background, (box, inside)
    pygame.display.quit()


def _drawn_words(app: App) -> list[str]:
    """The strings the window renders in its next frame."""
    with patch.object(app.text, "render", wraps=app.text.render) as render:
        app.frame(FRAME_S)
    return [call.args[0] for call in render.call_args_list]


def test_the_replay_bar_hides_nothing_and_names_the_headings_turn() -> None:
    from wokphysics.ui.turn.replay import ReplayControl

    session = TurnSession.new(GAME, ["greedy", "greedy"], 8)
    while not session.state.is_terminal():
        session.apply(session.bot_choice())
    app, scene = _app(["greedy", "greedy"], seed=8)
    state = session.state
    control = ReplayControl(GAME, session.seats, session.initial, state.history)
    scene.start_replay(control)
    for _ in range(3):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_RIGHT, "mod": 0}))
    said = _drawn_words(app)
    assert control.turn == 3
    # The heading and the bar name the same turn: the third, the one just shown.
    heading = [w for w in said if w.startswith("We Will Wok You")]
    bar = [w for w in said if w.startswith("Replay:")]
    assert len(heading) == 1 and len(set(bar)) == 1, said
    assert "turn 3 of" in heading[0] and "turn 3 of" in bar[0], (heading, bar)
    assert "turn 4" not in heading[0]
    # The game's picture stops above the bar: the symbol count, the hand, the score and the
    # log are all clear of it, and the bar is inside the window.
    lay = layout(scene)
    assert control.bar.bottom <= 800 and control.bar.width > 0
    for name, rect in (("tally", lay.tally), ("hand", lay.hand_area), ("side", lay.side),
                       ("log", lay.log)):
        assert not rect.colliderect(control.bar), (name, rect, control.bar)
    assert lay.tally.bottom < control.bar.top
    pygame.display.quit()


def test_the_hot_seat_curtain_says_what_the_previous_player_did() -> None:
    app, scene = _app(["person", "person"], seed=5)
    said = _drawn_words(app)
    assert "Player 1 starts the game." in said and not any("'s turn" in w for w in said)
    post_click((640, 400))
    app.frame(FRAME_S)
    click(app, scene, WwwyTarget("coin", 0))  # Player 1 collects a coin: their turn is over
    assert scene.curtain
    said = _drawn_words(app)
    told = [line.text for line in scene.log if line.seat == 0]
    assert told and told[-1].startswith("Player 1 collected a coin")
    # Under "Pass to Player 2": Player 1's turn, as the log says it, every word of it.
    assert said[0].startswith("Pass to Player 2")
    at = said.index("Player 1's turn:")
    assert " ".join(said[at + 1:]) == " ".join(told), said
    post_click((640, 400))
    app.frame(FRAME_S)
    click(app, scene, WwwyTarget("coin", 1))  # Player 2 collects from the lower set
    assert scene.curtain
    said = _drawn_words(app)
    taken = [line.text for line in scene.log if line.seat == 1]
    assert len(taken) == 1 and taken[0].startswith("Player 2 collected a coin from the lower")
    at = said.index("Player 2's turn:")
    assert " ".join(said[at + 1:]) == taken[0] and "Player 1's turn:" not in said
    pygame.display.quit()


def test_the_rough_edges_of_issue_27() -> None:
    """Bots play a game out in the window: the woks on offer keep their places after each
    take (they moved up to fill the gap), the draw pile's count is on screen, tooltips name
    cards without engine ids ([carrot-03]), and each player's four counts fit their box ("6
    front" was cut to "6 fron")."""
    app, scene = _app(["greedy", "greedy", "greedy"], 4)
    drawing = scene.parts.drawing
    assert isinstance(drawing, WwwyDrawing)
    places = dict(layout(scene).offer)
    taken_seen = 0
    for _ in range(3000):
        if scene.over:
            break
        app.frame(FRAME_S)
        state = _state(scene)
        now = layout(scene).offer
        for wok, rect in now.items():
            assert rect == places[wok], f"wok {wok} moved"
        taken_seen = max(taken_seen, sum(len(w) for w in state.woks))
        texts = [scene.presenter.tooltip(WwwyTarget("row", r)) for r in range(len(state.rows))]
        assert not any("[" in t for t in texts), texts
    assert taken_seen >= 3, "woks were taken"
    state = _state(scene)
    pygame.display.quit()
    assert scene.over
    assert max(len(f) for f in state.fronts) >= 5  # a long front count was drawn


def test_the_draw_pile_and_the_counts_are_drawn_whole() -> None:
    app, scene = _app(["person", "greedy", "greedy"], 3)
    state = _state(scene)
    words: list[tuple[str, pygame.Rect]] = []
    drawing = scene.parts.drawing
    assert isinstance(drawing, WwwyDrawing)
    original = drawing._label

    def spy(surface: pygame.Surface, text: str, size: int, at: tuple[int, int],
            color: tuple[int, int, int] = (0, 0, 0), bold: bool = False) -> pygame.Rect:
        rect = original(surface, text, size, at, color, bold)
        words.append((text, rect))
        return rect

    drawing._label = spy  # type: ignore[method-assign]
    state.fronts[1].extend(state.draw[:12])  # a two-digit front (drawn only)
    drawing._keys.clear()
    app.frame(FRAME_S)
    pile = [t for t, _ in words if t.startswith("Draw pile:")]
    assert pile == [f"Draw pile: {len(state.draw)} cards left to refill the rows"]
    boxes = layout(scene).players
    fronts = [r for t, r in words if t == "front"]
    assert len(fronts) == len(boxes)
    for rect, box in zip(fronts, boxes, strict=True):
        assert box.contains(rect), (rect, box)
    pygame.display.quit()
