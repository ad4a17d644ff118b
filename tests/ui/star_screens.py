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

UPGRADED = ("purchase-upgraded", "replay-late", "replay-end")
"""Wok Star's windows with preparations upgraded (the longest texts a game draws later):
a Purchase screen after an upgrade bought in it and one before (:func:`open_star_upgraded`), the
replay viewer on the last round's kitchen and on the end screen
(:func:`open_star_replay`)."""


def _shows(screen: str, before: Phase, state: WokStarState) -> bool:
    """Whether the step that left ``state`` (from phase ``before``) brings up ``screen``."""
    if screen == "end":
        return state.is_terminal()
    if screen in ("accounting", "accounting-late"):
        late = screen == "accounting" or (bool(state.upgraded) and any(
            prep not in state.upgraded for prep in state.prep_owner))
        return late and state.phase is Phase.PURCHASE and before not in (
            Phase.PURCHASE, Phase.PURCHASE_ASSIGN)
    if screen == "bonus":
        return state.phase is Phase.SETUP_BONUS
    raise ValueError(screen)


def open_star_screen(screen: str, size: tuple[int, int], scale: float,
                     seats: tuple[str, ...] = ("person", "team"), seed: int = 3) -> App:
    """A window at ``size`` and UI ``scale`` showing ``screen`` (one of :data:`SCREENS`, or
    "purchase-late": the first with a preparation upgraded and one to upgrade), after its
    first frames; the purchase screen as the
    Accounting's Continue leaves it."""
    late = screen == "purchase-late"
    wanted = {"purchase": "accounting", "purchase-late": "accounting-late"}.get(screen, screen)
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
    if screen in ("purchase", "purchase-late"):
        scene.choose(next(c for c in scene.buttons if c.command == "continue"))
        for _ in range(3):
            app.frame()
    for _ in range(600):  # the bubbles said meanwhile go (a tooltip waits for them)
        if not scene.presenter.bubbles:
            break
        app.frame()
    from wokphysics.ui.wok_star.screens import screen_name

    shown = "purchase" if late else screen
    assert screen_name(scene.session, scene.presenter) == shown, (
        screen_name(scene.session, scene.presenter))
    return app


def open_star_upgraded(size: tuple[int, int], scale: float) -> App:
    """The first Purchase screen with a preparation upgraded before it, at ``size`` and UI
    ``scale``, after its head chef (a team bot, held) bought an upgrade in it (its row kept,
    marked "done"); after its first frames."""
    from wokphysics.games.wok_star.actions import Upgrade

    app = open_star_screen("purchase-late", size, scale)
    scene = app.scene
    assert isinstance(scene, StarScene)
    upgrades = [c.action for c in scene.buttons if isinstance(c.action, Upgrade)]
    assert upgrades, [c.label for c in scene.buttons]
    assert scene.act_for(scene.session.current, upgrades[0]), scene.presenter.status
    for _ in range(3):
        app.frame()
    assert scene.session.state.upgraded, "no preparation upgraded"
    return app


def open_star_replay(size: tuple[int, int], scale: float, at: str = "start") -> App:
    """Wok Star's replay viewer (V on the end screen) at ``size`` and UI ``scale``, on the
    game's start (``at``: "late", the last round's kitchen, its first customer on the table
    and the preparations upgraded; "end", the end screen), after its first frames."""
    app = open_star_screen("end", size, scale)
    scene = app.scene
    assert isinstance(scene, StarScene)
    scene.replay_this_game()
    replay = scene.replay
    assert replay is not None
    if at != "start":
        index = len(replay.actions)
        if at == "late":  # the first step taken in the last round's Action phase
            state = replay.initial.clone()
            rounds = state.config.rules.rounds
            index = 0
            while not (state.round == rounds and state.phase is Phase.ACTION):
                state.apply(replay.actions[index])
                index += 1
        replay.goto(scene, index)
    for _ in range(3):
        app.frame()
    state = scene.session.state
    if at == "late":
        assert state.phase is Phase.ACTION and state.upgraded, (state.phase, state.upgraded)
    assert scene.replay is not None
    return app
