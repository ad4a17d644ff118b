"""Wok Star's window opened on one of its screens between rounds (setup, Accounting,
Purchase, the end): the game is played by team bots on the engine up to the step before the
screen shows, the window is opened there and that step is taken in it (so the window's
presenter sees it: the Accounting's figures, the end screen's last round)."""

from __future__ import annotations

from wokphysics.games.wok_star.actions import WokStarAction
from wokphysics.games.wok_star.factory import new_wok_star
from wokphysics.games.wok_star.model import Phase
from wokphysics.games.wok_star.state import WokStarState
from wokphysics.games.wok_star.team_bot import TeamBot
from wokphysics.ui.app import App, WindowOptions
from wokphysics.ui.synthetic_hand import HandClock
from wokphysics.ui.wok_star.record import replay
from wokphysics.ui.wok_star.scene import StarScene
from wokphysics.ui.wok_star.session import StarSession

SCREENS = ("assign", "bonus", "accounting", "purchase", "end")
"""Wok Star's screens over the table, as :func:`open_star_screen` opens them."""


def _shows(screen: str, before: Phase, state: WokStarState) -> bool:
    """Whether the step that left ``state`` (from phase ``before``) brings up ``screen``."""
    if screen == "end":
        return state.is_terminal()
    if screen == "accounting":
        return state.phase is Phase.PURCHASE and before not in (Phase.PURCHASE,
                                                                Phase.PURCHASE_ASSIGN)
    if screen == "bonus":
        return state.phase is Phase.SETUP_BONUS
    raise ValueError(screen)


def open_star_screen(screen: str, size: tuple[int, int], scale: float,
                     seats: tuple[str, ...] = ("person", "team"), seed: int = 3) -> App:
    """A window at ``size`` and UI ``scale`` showing ``screen`` (one of :data:`SCREENS`),
    after its first frames; the purchase screen as the Accounting's Continue leaves it."""
    wanted = "accounting" if screen == "purchase" else screen
    played = new_wok_star(len(seats), seed)
    initial = played.clone()
    bots = [TeamBot(seed + seat) for seat in range(len(seats))]
    actions: list[WokStarAction] = []
    times: list[float] = []
    step = None
    if wanted != "assign":
        for _ in range(100_000):
            assert not played.is_terminal(), f"no {wanted} screen in the game"
            seat, phase = played.current_player, played.phase
            action = bots[seat].choose(played)
            assert isinstance(action, WokStarAction)
            played.apply(action)
            if _shows(wanted, phase, played):
                step = (seat, action)
                break
            actions.append(action)
            times.append(played.now)
        assert step is not None
    state = initial.clone()
    if actions:
        *_, last = replay(initial, actions, times)
        state = last.clone()
    session = StarSession(state, seats, initial=initial, times=times)
    app = App(WindowOptions(size=size, mute=True, fps=20, scale=scale),
              lambda app: StarScene(session, app.text, app.sound, app.restart, None),
              HandClock())
    scene = app.scene
    assert isinstance(scene, StarScene)
    scene.scheduler.hold = True
    app.frame()
    if step is not None:
        assert scene.act_for(*step), scene.presenter.status
    for _ in range(3):
        app.frame()
    if screen == "purchase":
        scene.choose(next(c for c in scene.buttons if c.command == "continue"))
        for _ in range(3):
            app.frame()
    for _ in range(600):  # the bubbles said meanwhile go (a tooltip waits for them)
        if not scene.presenter.bubbles:
            break
        app.frame()
    from wokphysics.ui.wok_star.screens import screen_name

    assert screen_name(scene.session, scene.presenter) == screen, (
        screen_name(scene.session, scene.presenter))
    return app


def open_star_replay(size: tuple[int, int], scale: float) -> App:
    """Wok Star's replay viewer (V on the end screen) at ``size`` and UI ``scale``, on the
    game's start, after its first frames."""
    app = open_star_screen("end", size, scale)
    scene = app.scene
    assert isinstance(scene, StarScene)
    scene.replay_this_game()
    for _ in range(3):
        app.frame()
    assert scene.replay is not None
    return app
