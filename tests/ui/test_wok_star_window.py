"""Wok Star in the window, played with the mouse: real events through the real event queue,
the window's virtual clock standing in for the wall clock (SDL's dummy drivers)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pygame
import pytest
from star_hand import StarHand, centre

from wokphysics.games.wok_star.actions import WAIT
from wokphysics.games.wok_star.model import Phase
from wokphysics.games.wok_star.words import ingredient
from wokphysics.ui.app import App, WindowOptions
from wokphysics.ui.synthetic_hand import HandClock
from wokphysics.ui.widgets import WHITE, Color, Text
from wokphysics.ui.wok_star.play import StarSetup, star_factory
from wokphysics.ui.wok_star.record import read_record, replay
from wokphysics.ui.wok_star.scene import StarScene
from wokphysics.ui.wok_star.screens import screen_name

FPS = 20


def window(seats: tuple[str, ...], seed: int, save: Path | None = None) -> App:
    setup = StarSetup(seats, seed, save=save)
    return App(WindowOptions(size=(1280, 800), fps=FPS), star_factory(setup), HandClock())


def scene_of(app: App) -> StarScene:
    scene = app.scene
    assert isinstance(scene, StarScene)
    return scene


def play_out(app: App, hand: StarHand, limit: int = 20000) -> int:
    frames = 0
    while not scene_of(app).session.state.is_terminal() and frames < limit:
        hand.step()
        app.frame()
        frames += 1
    return frames


@pytest.mark.slow
def test_a_whole_game_is_played_with_the_mouse_beside_a_team_bot(tmp_path: Path) -> None:
    save = tmp_path / "star.json"
    app = window(("person", "team"), 3, save)
    hand = StarHand(app, [0], seed=3)
    said: list[str] = []
    presenter = scene_of(app).presenter
    telling = presenter.say

    def say(text: str, seat: int = -1) -> None:
        said.append(text)
        telling(text, seat)

    presenter.say = say
    play_out(app, hand)
    for _ in range(10):
        app.frame()
    scene = scene_of(app)
    session = scene.session
    state = session.state
    assert state.is_terminal()
    assert screen_name(session, scene.presenter) == "end"
    # Every move of the person's seat came from the hand's gestures through the window.
    mine = Counter(step.action.verb for step in session.steps
                   if step.seat == 0 and not step.passing)
    assert mine["place"] >= 10 and mine["serve"] >= 5
    for verb in ("assign", "bonus_die", "done"):
        assert mine[verb] >= 1, (verb, mine)
    made = sum(hand.made.values())
    taken = sum(mine.values())
    assert taken >= 0.9 * (made - hand.made["select"] - hand.made["continue"]), (hand.made, mine)
    # Six rounds were played on a clock that ran, and the autosave replays to the end.
    assert len(state.incomes) == 6
    assert session.time_s > 120
    session.flush()
    record = read_record(save)
    assert record.state.to_json() == state.to_json()
    assert len(record.times) == len(state.history)
    # Each customer is announced once, as it comes (one click may take several steps).
    arrivals = 0
    shown = ""
    for replayed in replay(record.initial, record.actions, record.times):
        if replayed.current != shown and "#" in replayed.current:
            arrivals += 1
        shown = replayed.current
    assert sum(1 for line in said if line.startswith("Next customer:")) == arrivals
    # The end screen's buttons are there to click.
    labels = [choice.label for choice in scene.buttons]
    assert "N: new game" in labels and "V: watch the replay" in labels


def test_the_clock_and_the_sand_stop_while_paused() -> None:
    app = window(("team", "team"), 5)
    scene = scene_of(app)
    frames = 0
    while scene.session.state.phase is not Phase.ACTION and frames < 2000:
        app.frame()
        frames += 1
    state = scene.session.state
    before = scene.session.time_s
    sand = state.timers[state.last_timer].sand_on_top(before)
    steps = len(state.history)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_ESCAPE, "mod": 0,
                                                          "unicode": ""}))
    for _ in range(3 * FPS):  # three seconds paused
        app.frame()
    assert app.paused
    assert scene.session.time_s == before
    assert state.timers[state.last_timer].sand_on_top(scene.session.time_s) == sand
    assert len(state.history) == steps  # the bots wait too
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_ESCAPE, "mod": 0,
                                                          "unicode": ""}))
    for _ in range(FPS):
        app.frame()
    assert abs(scene.session.time_s - before - 1.0) < 0.2


def test_times_up_is_announced_the_moment_the_sand_runs_out() -> None:
    # The person does nothing: the first customer the person's recipe must serve runs out.
    app = window(("person", "team"), 11)
    scene = scene_of(app)
    hand = StarHand(app, [0], seed=11)
    frames = 0
    while scene.session.state.phase is not Phase.ACTION and frames < 4000:
        hand.step()
        app.frame()
        frames += 1
    session = scene.session
    state = session.state
    announced_at = None
    while frames < 6000 and announced_at is None:
        deadline = state.deadline
        waiting = "#" in state.current and state.handler() == 0 and not state.overdue
        app.frame()
        frames += 1
        if waiting and session.time_s >= deadline:
            announced_at = (deadline, session.time_s)
    assert announced_at is not None
    deadline, now = announced_at
    notice = scene.presenter.notice
    assert notice is not None and notice.text.startswith("Time's up!")
    assert state.overdue
    assert now - deadline < 1.0 / FPS + 1e-9  # in the frame the sand ran out
    assert scene.presenter.times_up_at == now


def test_a_die_dropped_on_someone_elses_preparation_is_refused_and_a_gift_is_not() -> None:
    app = window(("person", "team", "team"), 21)
    scene = scene_of(app)
    hand = StarHand(app, [0], seed=21)
    frames = 0
    session = scene.session
    state = session.state
    while not (state.phase is Phase.ACTION and session.free and state.free_dice(0)
               and state.preps_of(1)) and frames < 4000:
        hand.step()
        app.frame()
        frames += 1
    while hand.clock.pending:
        app.frame()
    lay = scene.layout()
    assert lay is not None
    index, rect = lay.seats[0].dice[0]
    die = state.dice[index]
    prep = state.preps_of(1)[0]
    before = dict(state.counters)
    hand._drag(centre(rect), centre(lay.seats[1].preps[prep]), "wrong")
    while hand.clock.pending:
        app.frame()
    app.frame()
    # an own die goes only on its seat's preparations (a given one would go there)
    assert scene.presenter.status.startswith(
        f"your own dice go only on your preparations: drop the {die.face} on Bot 2 (team)'s "
        "panel to give it")
    assert state.counters == before
    # The same die dropped on Bot 2's panel is given to Bot 2.
    lay = scene.layout()
    assert lay is not None
    rect = dict(lay.seats[0].dice)[index]
    held = len(state.free_dice(1))
    hand._drag(centre(rect), centre(lay.seats[1].header), "give")
    while hand.clock.pending:
        app.frame()
    app.frame()
    gifts = [s for s in session.steps if s.seat == 0 and s.action.verb == "give"]
    assert gifts and f"give {die.face} to 2" == str(gifts[-1].action)
    assert die.holder == 1 or len(state.free_dice(1)) != held


def test_a_die_you_were_given_is_dragged_onto_a_teammates_preparation(tmp_path: Path) -> None:
    """rules-decisions.md: a die given to a teammate may be placed by the receiver on any
    preparation the team owns. In a 3-player first game the person (seat 1) holds its own 3
    and a 5 that seat 2 gave it: the 3 dropped on seat 3's preparation is refused, the 5 is
    placed there (it was refused before: 'only Bot 3 puts dice on ...')."""
    from wok_star_positions import position, quiet

    from wokphysics.games.wok_star.model import Die
    from wokphysics.ui.wok_star.session import StarSession

    state = quiet(3, 4)
    theirs = state.preps_of(2)[0]
    state = position(state, dice=[Die(0, 3, 0), Die(1, 5, 0, given=True), Die(2, 1, 2)],
                     pool=[1, 1, 1], turn=0, counters={**state.counters, theirs: 0})
    session = StarSession(state, ("person", "team", "team"), times=[0.0] * len(state.history))

    def factory(app: App) -> StarScene:
        return StarScene(session, app.text, app.sound, app.restart, None)

    app = App(WindowOptions(size=(1280, 800), fps=FPS), factory, HandClock())
    scene = scene_of(app)
    hand = StarHand(app, [0], seed=4)
    app.frame()
    lay = scene.layout()
    assert lay is not None
    where = {state.dice[i].face: rect for i, rect in lay.seats[0].dice}
    onto = centre(lay.seats[2].preps[theirs])
    hand._drag(centre(where[3]), onto, "wrong")
    while hand.clock.pending:
        app.frame()
    app.frame()
    assert scene.presenter.status.startswith("your own dice go only on your preparations")
    assert state.counters[theirs] == 0
    lay = scene.layout()
    assert lay is not None
    where = {state.dice[i].face: rect for i, rect in lay.seats[0].dice}
    hand._drag(centre(where[5]), onto, "place")
    while hand.clock.pending:
        app.frame()
    app.frame()
    placed = [str(s.action) for s in session.steps if s.seat == 0 and not s.passing]
    assert placed == [f"place 5 on {theirs}"], placed
    assert state.counters[theirs] >= 1
    assert [(d.face, d.given) for d in state.free_dice(0)] == [(3, False)]
    said = " ".join(line.text for line in scene.presenter.lines)
    assert f"placed a 5 on Bot 3 (team)'s {ingredient(state, theirs)}" in said, said
    pygame.image.save(app.screen, str(tmp_path / "given-die-placed.png"))


def test_the_kitchen_hands_the_turn_on_with_legal_waits_only() -> None:
    app = window(("team", "team", "team"), 8)
    scene = scene_of(app)
    frames = 0
    while not scene.session.state.is_terminal() and frames < 2500:
        app.frame()
        frames += 1
    passing = [s for s in scene.session.steps if s.passing]
    assert passing and all(s.action == WAIT for s in passing)


class CountingText(Text):
    """Text that remembers every size it drew."""

    def __init__(self) -> None:
        super().__init__()
        self.sizes: Counter[int] = Counter()

    def render(self, text: str, size: int, color: Color = WHITE, bold: bool = False
               ) -> pygame.Surface:
        self.sizes[size] += 1
        return super().render(text, size, color, bold)


def test_every_word_and_number_is_at_least_11_px_tall_at_1280_by_800() -> None:
    app = window(("person", "team", "team", "team"), 17)
    text = CountingText()
    app.text = text
    app.restart()
    scene = scene_of(app)
    hand = StarHand(app, [0], seed=17)
    screens = set()
    frames = 0
    while len(scene.session.state.incomes) < 1 or scene.session.state.phase is not Phase.ACTION:
        hand.step()
        app.frame()
        frames += 1
        screens.add(screen_name(scene.session, scene.presenter))
        assert frames < 6000
    assert {None, "assign", "bonus", "accounting", "purchase"} <= screens
    smallest = min(text.sizes)
    digits = text.font(smallest).render("0123456789", True, WHITE).get_bounding_rect()
    capitals = text.font(smallest).render("HEWRS", True, WHITE).get_bounding_rect()
    assert digits.height >= 11 and capitals.height >= 11, (smallest, digits, capitals)


@pytest.mark.slow
def test_hot_seat_two_people_share_the_table_to_the_end() -> None:
    # Wok Star hides nothing, so there is no curtain: each person drags their own dice.
    app = window(("person", "person"), 23)
    hand = StarHand(app, [0, 1], seed=23)
    play_out(app, hand)
    scene = scene_of(app)
    session = scene.session
    assert session.state.is_terminal()
    assert session.names == ["Player 1", "Player 2"]
    assert not session.bots
    by_seat = Counter(step.seat for step in session.steps
                      if not step.passing and step.action.verb in ("place", "combo", "serve"))
    assert by_seat[0] >= 5 and by_seat[1] >= 5


class RecordingText(Text):
    """The window's text, remembering every string it drew."""

    def __init__(self) -> None:
        super().__init__()
        self.drawn: set[str] = set()

    def render(self, text: str, size: int, color: Color = WHITE, bold: bool = False
               ) -> pygame.Surface:
        self.drawn.add(text)
        return super().render(text, size, color, bold)


def test_the_share_out_screens_list_every_preparation_of_a_seat_whole() -> None:
    """A seat's preparations on the share-out screens were cut with '...' ("Preparations:
    Eggroll Wraps, Chicke...") on a panel with room to spare: now they wrap."""
    from wokphysics.games.wok_star.words import ingredient

    app = window(("person", "team"), 5)
    text = RecordingText()
    app.text = text
    app.restart()
    scene = scene_of(app)
    hand = StarHand(app, [0], seed=5)
    frames = 0
    names: set[str] = set()
    while len(scene.session.state.incomes) < 2 and frames < 8000:
        hand.step()
        app.frame()
        frames += 1
        if screen_name(scene.session, scene.presenter) in ("assign", "new_prep"):
            state = scene.session.state
            names |= {ingredient(state, p) for seat in range(state.num_players)
                      for p in state.preps_of(seat)}
    cut = [line for line in text.drawn if line.startswith("Preparations:")
           and line.endswith("...")]
    assert not cut
    listed = " ".join(line for line in text.drawn if not line.startswith("needs"))
    assert len(names) >= 3 and all(name in listed for name in names)


class HeadingText(Text):
    """Text that remembers the last heading it drew."""

    def __init__(self) -> None:
        super().__init__()
        self.heading = ""

    def render(self, text: str, size: int, color: Color = WHITE, bold: bool = False
               ) -> pygame.Surface:
        if text.startswith("Wok Star  round"):
            self.heading = text
        return super().render(text, size, color, bold)


def test_the_heading_names_the_phase_of_the_screen_shown() -> None:
    app = window(("team", "team"), 5)
    text = HeadingText()
    app.text = text
    app.restart()
    scene = scene_of(app)
    seen: dict[str | None, set[str]] = {}
    frames = 0
    while len(scene.session.state.incomes) < 1 or scene.session.state.phase is not Phase.ACTION:
        app.frame()
        frames += 1
        phase = text.heading.rpartition(": ")[2]
        shown = screen_name(scene.session, scene.presenter)
        seen.setdefault(shown, set()).add(phase)
        account = scene.presenter.accounting
        if shown == "accounting" and account is not None:  # the screen's round, too
            assert text.heading.startswith(f"Wok Star  round {account.round}/"), text.heading
        assert frames < 8000
    assert seen["accounting"] == {"Accounting"}, seen
    assert seen["purchase"] == {"Purchase"}, seen
    assert seen[None] >= {"Action"} and "Purchase" not in seen[None], seen
    assert seen["assign"] == {"setup"}, seen


def test_the_replay_bar_lies_below_the_table_and_covers_none_of_it() -> None:
    app = window(("team", "team"), 5)
    scene = scene_of(app)
    frames = 0
    while len(scene.session.state.incomes) < 2:  # two rounds and their Accounting
        app.frame()
        frames += 1
        assert frames < 16000
    scene.replay_this_game()
    control = scene.replay
    assert control is not None
    for _ in range(6):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_RIGHT, "mod": 0}))
    app.frame()
    lay = scene.layout()
    assert lay is not None and control.turn == 6 and control.bar.width > 0
    bar = control.bar
    assert pygame.Rect(0, 0, 1280, 800).contains(bar)
    parts = {"board": lay.board, "center": lay.center, "Bad Publicity": lay.bad,
             "log": lay.log, "top": lay.top}
    parts.update({f"seat {i + 1}": seat.rect for i, seat in enumerate(lay.seats)})
    for name, rect in parts.items():
        assert not rect.colliderect(bar), (name, rect, bar)
    assert max(seat.rect.bottom for seat in lay.seats) <= bar.top
    # Stepping on, the Accounting screen shows after the turn that ended the round and is
    # gone at the next turn (the Purchase): never over a later round.
    accounted = 0
    while control.index < len(control.actions):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_RIGHT, "mod": 0}))
        app.frame()
        account = scene.presenter.accounting
        if screen_name(scene.session, scene.presenter) == "accounting":
            assert account is not None
            assert scene.session.state.phase is Phase.PURCHASE, control.turn
            assert account.round == scene.session.state.round
            accounted += 1
    assert accounted >= 2


def test_a_family_character_is_used_with_the_mouse_on_the_starting_bonus_screen() -> None:
    """Characters are used "at anytime": the screens cover the middle band only, and the
    seats' panels (with the Family cards and the preparations' counters) stay clickable."""
    from wokphysics.ui.wok_star.session import StarSession

    seed = next(s for s in range(200) if any(
        f.id == "grandma" for f in StarSession.new(("person", "team"), s).state.characters[0]))
    app = window(("person", "team"), seed)
    scene = scene_of(app)
    hand = StarHand(app, [0], seed=seed)
    state = scene.session.state
    frames = 0
    while state.phase is Phase.SETUP_ASSIGN and frames < 2000:
        hand.step()
        app.frame()
        frames += 1
    while hand.clock.pending:
        app.frame()
    assert state.phase is Phase.SETUP_BONUS and state.current_player == 0
    assert screen_name(scene.session, scene.presenter) == "bonus"
    lay = scene.layout()
    assert lay is not None
    prep = state.preps_of(0)[0]
    before = state.counters[prep]
    start = hand._click(centre(dict(lay.seats[0].family)["grandma"]), "use")
    hand._click(centre(lay.seats[0].preps[prep]), "use_on", start=start + 0.3)
    while hand.clock.pending:
        app.frame()
    app.frame()
    assert state.counters[prep] == before + 2
    assert state.characters[0][0].used
    assert state.phase is Phase.SETUP_BONUS and state.current_player == 0  # bonus still due


def test_a_teammates_family_character_is_used_with_the_mouse_on_the_purchase_screen() -> None:
    """The head chef buys for the team, and a teammate's card is still theirs to use "at
    anytime": a click on it is taken on the head chef's turn (it was refused: the turn could
    not be passed to the teammate in the Purchase phase)."""
    from wokphysics.ui.wok_star.session import StarSession

    seed = next(s for s in range(200) if any(
        f.id == "grandma" for f in StarSession.new(("person", "person"), s).state.characters[1]))
    app = window(("person", "person"), seed)
    scene = scene_of(app)
    hand = StarHand(app, [0, 1], seed=seed)
    state = scene.session.state
    frames = 0
    while state.phase is not Phase.PURCHASE and frames < 20000:
        hand.step()
        app.frame()
        frames += 1
    while hand.clock.pending:
        app.frame()
    for _ in range(3):
        app.frame()
    assert state.phase is Phase.PURCHASE and state.round == 1 and state.current_player == 0
    grandma = next(f for f in state.characters[1] if f.id == "grandma")
    assert not grandma.used
    lay = scene.layout()
    assert lay is not None
    prep = state.preps_of(1)[0]
    before = state.counters[prep]
    start = hand._click(centre(dict(lay.seats[1].family)["grandma"]), "use")
    hand._click(centre(lay.seats[1].preps[prep]), "use_on", start=start + 0.3)
    while hand.clock.pending:
        app.frame()
    app.frame()
    assert grandma.used
    assert state.counters[prep] == min(before + 2, state.config.rules.ingredient_max)
    assert state.phase is Phase.PURCHASE and state.current_player == 0  # purchases go on


def test_a_teammates_family_character_is_used_with_the_mouse_while_preparations_go_out(
    tmp_path: Path,
) -> None:
    """Seat 1 hands the starting preparations out for the team, and seat 2's Grandma is
    still seat 2's to use "at anytime": a click on it and on a counter is taken on seat 1's
    turn (it was refused: 'seat 1 is sharing out the preparations'). The replay of the
    autosave says it and ends at the same table."""
    from wokphysics.ui.wok_star.replay import StarReplay
    from wokphysics.ui.wok_star.session import StarSession

    seed = next(s for s in range(200) if any(
        f.id == "grandma" for f in StarSession.new(("person", "person"), s).state.characters[1]))
    save = tmp_path / "anytime.json"
    app = window(("person", "person"), seed, save)
    scene = scene_of(app)
    hand = StarHand(app, [0, 1], seed=seed)
    state = scene.session.state
    app.frame()
    assert state.phase is Phase.SETUP_ASSIGN and state.current_player == 0
    to_seat_2 = next(c for c in scene.buttons if c.label.endswith("Player 2"))
    start = hand._click(centre(to_seat_2.rect), "assign")
    while hand.clock.pending:
        app.frame()
    app.frame()
    [prep] = state.preps_of(1)
    assert state.phase is Phase.SETUP_ASSIGN and state.current_player == 0
    lay = scene.layout()
    assert lay is not None
    before = state.counters[prep]
    start = hand._click(centre(dict(lay.seats[1].family)["grandma"]), "use", start=start + 0.3)
    hand._click(centre(lay.seats[1].preps[prep]), "use_on", start=start + 0.3)
    while hand.clock.pending:
        app.frame()
    app.frame()
    grandma = next(f for f in state.characters[1] if f.id == "grandma")
    assert grandma.used and state.counters[prep] == before + 2
    assert state.phase is Phase.SETUP_ASSIGN and state.current_player == 0  # hand-out goes on
    said = [line.text for line in scene.presenter.lines]
    assert f"Player 1 used Player 2's Grandma Li on {ingredient(state, prep)}" in " ".join(said)
    scene.session.close()
    record = read_record(save)
    assert [str(a) for a in record.actions] == [f"assign {prep} to 2", f"use grandma {prep}"]
    control = StarReplay(record.seats, record.initial, record.actions, record.times)
    scene.start_replay(control)
    control.goto(scene, len(record.actions))
    replayed = scene.session.state
    assert replayed.counters == state.counters and replayed.characters == state.characters
    assert replayed.to_json() == state.to_json()  # the same table, bit for bit


def test_a_person_handing_out_the_preparations_may_click_a_bot_teammates_character() -> None:
    """The terminal lets the seat acting for the team use a bot teammate's card (the engine
    offers it); the window refused the click: 'that is Bot 2 (team)'s Family Character'. A
    bot's card stays refused where the person does not act for the team (the bonus)."""
    from wokphysics.ui.wok_star.session import StarSession

    seed = next(s for s in range(200) if any(
        f.id == "grandma" for f in StarSession.new(("person", "team"), s).state.characters[1]))

    def handed_one_out() -> tuple[App, StarScene, StarHand, float]:
        app = window(("person", "team"), seed)
        scene = scene_of(app)
        hand = StarHand(app, [0], seed=seed)
        app.frame()
        assert scene.session.state.phase is Phase.SETUP_ASSIGN
        to_bot = next(c for c in scene.buttons if c.label.endswith("Bot 2 (team)"))
        start = hand._click(centre(to_bot.rect), "assign")
        while hand.clock.pending:
            app.frame()
        app.frame()
        return app, scene, hand, start

    app, scene, hand, start = handed_one_out()
    state = scene.session.state
    [prep] = state.preps_of(1)
    lay = scene.layout()
    assert lay is not None
    before = state.counters[prep]
    start = hand._click(centre(dict(lay.seats[1].family)["grandma"]), "use", start=start + 0.3)
    hand._click(centre(lay.seats[1].preps[prep]), "use_on", start=start + 0.3)
    while hand.clock.pending:
        app.frame()
    app.frame()
    grandma = next(f for f in state.characters[1] if f.id == "grandma")
    assert grandma.used and state.counters[prep] == before + 2
    assert state.phase is Phase.SETUP_ASSIGN and state.current_player == 0
    said = " ".join(line.text for line in scene.presenter.lines)
    assert f"used Bot 2 (team)'s Grandma Li on {ingredient(state, prep)}" in said

    app, scene, hand, start = handed_one_out()
    state = scene.session.state
    while state.phase is Phase.SETUP_ASSIGN:
        start = hand._click(centre(scene.buttons[0].rect), "assign", start=start + 0.3)
        while hand.clock.pending:
            app.frame()
        app.frame()
    assert state.phase is Phase.SETUP_BONUS and state.current_player == 0
    lay = scene.layout()
    assert lay is not None
    hand._click(centre(dict(lay.seats[1].family)["grandma"]), "use", start=start + 0.3)
    while hand.clock.pending:
        app.frame()
    app.frame()
    assert not next(f for f in state.characters[1] if f.id == "grandma").used
    assert scene.presenter.status == "that is Bot 2 (team)'s Family Character"


def test_a_persons_click_on_their_character_interrupts_a_bots_turn() -> None:
    """"Used once, at anytime": the owner may use their card on any seat's turn. While the
    bot in seat 1 is to take its starting bonus, the person clicks their Grandma and a
    counter: it is taken at once, before the bot's bonus (it was refused: 'Bot 1 (team) is
    choosing a starting bonus'), and the log names the person."""
    from wokphysics.ui.wok_star.session import StarSession

    seed = next(s for s in range(200) if any(
        f.id == "grandma" for f in StarSession.new(("team", "person"), s).state.characters[1]))
    app = window(("team", "person"), seed)
    scene = scene_of(app)
    hand = StarHand(app, [1], seed=seed)
    state = scene.session.state
    frames = 0
    while state.phase is Phase.SETUP_ASSIGN and frames < 2000:
        app.frame()  # the bot hands the preparations out
        frames += 1
    assert state.phase is Phase.SETUP_BONUS and state.current_player == 0
    lay = scene.layout()
    assert lay is not None
    prep = state.preps_of(1)[0]
    before = state.counters[prep]
    start = hand._click(centre(dict(lay.seats[1].family)["grandma"]), "use")
    hand._click(centre(lay.seats[1].preps[prep]), "use_on", start=start + 0.2)
    while hand.clock.pending:
        app.frame()
    app.frame()
    grandma = next(f for f in state.characters[1] if f.id == "grandma")
    assert grandma.used and state.counters[prep] == before + 2
    texts = [str(a) for a in state.history]
    used = texts.index(f"use grandma {prep}")
    assert not any(t.startswith("bonus") for t in texts[:used]), texts  # the bot's turn
    said = " ".join(line.text for line in scene.presenter.lines)
    assert f"You used Grandma Li on {ingredient(state, prep)}" in said


def test_a_teammates_little_bo_is_taken_on_the_late_customers_cooks_turn() -> None:
    """When the sand runs out, the cook decides alone and every seat's characters are
    offered on the cook's turn: a click on a teammate's Little Bo is taken then (it was
    refused: 'time is up: Player 2 must deal with the late customer first')."""
    from wok_star_positions import counters, position, started

    from wokphysics.games.wok_star.actions import Use
    from wokphysics.games.wok_star.cards import recipe_of
    from wokphysics.games.wok_star.model import FamilyCard, PileCard
    from wokphysics.ui.wok_star.session import StarSession

    state = next(s for s in (started(2, seed, events=False, characters=False)
                             for seed in range(200)) if "#" in s.current)
    card = state.current
    recipe = recipe_of(card)
    cook = state.recipe_owner[recipe]
    characters: list[list[FamilyCard]] = [[], []]
    characters[1 - cook] = [FamilyCard("little_bo")]
    ingredient = state.config.recipe_by_id[recipe].ingredients[0]
    state = position(state, counters=counters(state, **{ingredient: 0}), dice=[],
                     characters=characters)
    while not state.overdue:
        state.apply(WAIT)
    session = StarSession(state, ("person", "person"), times=[0.0] * len(state.history))
    assert state.current_player == cook
    session.act_for(1 - cook, Use("little_bo"))
    assert state.piles[cook] == [PileCard(card, False)] and not state.bad


def test_a_long_notice_is_wrapped_inside_the_window() -> None:
    # A late Egg Rolls with its four ingredients missing: the longest notice the game says.
    app = window(("person", "team"), 3)
    scene = scene_of(app)
    app.frame()
    words = ("Time's up! Egg Rolls is late: the team must still make Pork, Eggroll Wraps, "
             "Bok Choy, Bamboo Shoots, then serve it face down")
    scene.presenter.announce(words)
    app.frame()
    box = scene.drawing.notice_box
    assert box is not None
    assert app.screen.get_rect().contains(box), (box, app.screen.get_size())
