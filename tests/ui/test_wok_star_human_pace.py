"""Wok Star as a person at human pace meets it (issue 27, part 4): what round 1 played under
Xvfb with xdotool at about 1-1.5 s a decision showed, each with a check of the window's
state (SDL's dummy drivers, the window's virtual clock)."""

from __future__ import annotations

import re

from wokphysics.games.wok_star.model import Phase
from wokphysics.ui.app import App, WindowOptions
from wokphysics.ui.synthetic_hand import HandClock
from wokphysics.ui.wok_star.play import StarSetup, star_factory
from wokphysics.ui.wok_star.presenter import Accounting
from wokphysics.ui.wok_star.scene import StarScene

FPS = 20


def window(seats: tuple[str, ...], seed: int) -> App:
    return App(WindowOptions(size=(1280, 800), fps=FPS), star_factory(StarSetup(seats, seed)),
               HandClock())


def scene_of(app: App) -> StarScene:
    scene = app.scene
    assert isinstance(scene, StarScene)
    return scene


SERVED = re.compile(r"^(?P<who>.+?) served (?P<card>.+) face (?P<way>up|down)"
                    r"(?:: \$(?P<dollars>\d+) at Accounting)?")


def said_per_seat(lines: list[str], names: list[str]) -> dict[str, tuple[int, int]]:
    """Per seat name, (dollars served face up, cards served face down) the log said."""
    out = {name: (0, 0) for name in names}
    for line in lines:
        found = SERVED.match(line)
        if found is None or found["who"] not in out:
            continue
        dollars, down = out[found["who"]]
        if found["way"] == "up":
            dollars += int(found["dollars"])
        else:
            down += 1
        out[found["who"]] = (dollars, down)
    return out


def test_the_accounting_screen_counts_the_customer_served_last() -> None:
    """Played at human pace, round 1 ended with the person serving the last customer and the
    Accounting screen said "You: 1 served face up, $3 ... From customers: $10" under
    "Income this round $12": the step that served the last customer also ran Accounting,
    which gathers the piles, and the screen's rows were read from the piles before that
    step. Every round's screen must add up to what the log said was served."""
    checked = last_served = 0
    for seed in (1, 2, 3):
        app = window(("team", "team"), seed)
        scene = scene_of(app)
        presenter = scene.presenter
        said: list[str] = []
        say = presenter.say

        def keep(text: str, seat: int = -1, say=say, said=said) -> None:  # type: ignore[no-untyped-def]
            said.append(text)
            say(text, seat)

        presenter.say = keep  # type: ignore[method-assign]
        seen: set[int] = set()
        frames = 0
        state = scene.session.state
        while len(state.incomes) < 3 and not state.is_terminal():
            app.frame()
            frames += 1
            assert frames < 20000
            state = scene.session.state
            account: Accounting | None = presenter.accounting
            if account is None or account.round in seen:
                continue
            seen.add(account.round)
            start = max(i for i, line in enumerate(said)
                        if line.startswith(f"Round {account.round} begins"))
            end = max(i for i, line in enumerate(said)
                      if line.startswith(f"Accounting, round {account.round}:"))
            lines = said[start:end]
            if any("Little Bo" in line for line in lines):
                continue  # its customer goes to the cook's pile without a "served" line
            told = said_per_seat(lines, [seat.name for seat in account.seats])
            shown = {seat.name: (seat.dollars + seat.specials, seat.face_down)
                     for seat in account.seats}
            assert shown == told, (seed, account.round, shown, told)
            assert account.from_customers == sum(d for d, _ in told.values())
            checked += 1
            # the case seen: the serve's own step ran Accounting
            last_served += bool(SERVED.match(said[end - 1]))
        assert state.phase is not Phase.SETUP_ASSIGN
    assert checked >= 6, checked
    assert last_served >= 1, "no round ended on a served customer: the case is not checked"
