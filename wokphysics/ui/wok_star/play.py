"""Starting Wok Star in the window: a new game or a resumed one, the autosave, the restart.

:func:`star_factory` makes the scene for a :class:`StarSetup` (what the launcher or the
command line chose); the window calls it again on restart, for a new game with the next seed
and the same seats. The game is written to the autosave file after every turn (see
:mod:`.session`) and when the window closes. A person's first game in the autosave's folder
is offered the guided first round (:mod:`.guide`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from wokphysics.games.registry import bot_choices
from wokphysics.games.wok_star.cards import WokStarConfig
from wokphysics.games.wok_star.info import INFO
from wokphysics.ui.wok_star.session import StarSession

if TYPE_CHECKING:
    from wokphysics.ui.app import App, SceneFactory
    from wokphysics.ui.wok_star.scene import StarScene

GAME = INFO.name
BOTS = tuple(bot_choices(GAME))
"""The bots a seat may hold (Wok Star's, :mod:`wokphysics.games.wok_star.bots`)."""
DEFAULT_BOT = "team"


@dataclass(frozen=True)
class StarSetup:
    """A Wok Star game to start: ``seats`` holds ``"person"`` or a bot's name per seat;
    ``config`` the rules (None: the shipped ones); ``save`` the autosave file (None: none);
    ``resume`` a saved game to continue instead of a new one."""

    seats: tuple[str, ...]
    seed: int
    config: WokStarConfig | str | None = None
    save: Path | None = None
    resume: Path | None = None


def first_session(setup: StarSetup) -> StarSession:
    """The session ``setup`` starts with (resumed from its file, or new)."""
    if setup.resume is not None:
        from wokphysics.ui.wok_star.record import read_record

        record = read_record(setup.resume)
        return StarSession(record.state, record.seats, setup.save, record.initial,
                           record.times)
    return StarSession.new(setup.seats, setup.seed, setup.config, setup.save)


def star_factory(setup: StarSetup) -> SceneFactory:
    """Makes Wok Star's scene in a window (restart: a new game, seed + 1, same seats)."""
    games_made = 0

    def new_scene(app: App) -> StarScene:
        from wokphysics.ui.guide import offer_guide
        from wokphysics.ui.wok_star.guide import wok_star_guide
        from wokphysics.ui.wok_star.scene import StarScene

        nonlocal games_made
        if games_made == 0:
            session = first_session(setup)
        else:
            session = StarSession.new(session_seats(setup), setup.seed + games_made,
                                      setup.config, setup.save)
        games_made += 1
        home = app.home

        def go_home() -> None:
            if home is not None:
                app.switch(home)

        scene = StarScene(session, app.text, app.sound, app.restart,
                          go_home if home is not None else None)
        if setup.save is not None:
            app.on_leave = session.close
            app.save_problem = lambda: session.save_problem or None
        # The session shown when the guide opens (F1 then G may come later, on another).
        offer_guide(app, lambda: wok_star_guide(scene.session, scene.layouts,
                                                scene.inputs.can_handle_customer),
                    GAME, setup.save)
        return scene

    return new_scene


def session_seats(setup: StarSetup) -> tuple[str, ...]:
    """The seats of a new game after a resumed one: the resumed game's."""
    if setup.resume is not None:
        from wokphysics.ui.wok_star.record import read_record

        return read_record(setup.resume).seats
    return setup.seats
