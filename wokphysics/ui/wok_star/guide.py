"""Wok Star's guided first turn (:mod:`wokphysics.ui.guide`): share out the starting
preparations, take the starting bonus, drag a die onto a preparation, serve a customer, each
step moving on when a person at the table has done it (sharing out: once every preparation
has gone out, one click each).

Wok Star runs in real time and its setup is done by one seat for the team, so a step also
moves on once its moment has passed without the person (a bot shared the preparations out,
the round ended with no customer of theirs): the guide never waits for a chance that is gone.
The steps read the session's steps (:class:`.session.SessionStep`), the layout last drawn and
the screen's buttons (:class:`.state.StarLayouts`) and whether a person may serve now (the
input mapping's answer); they hand the game nothing and are not handed the scene.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from wokphysics.games.wok_star.model import Phase
from wokphysics.ui.guide import Guide, GuideStep, Point

if TYPE_CHECKING:
    from wokphysics.ui.wok_star.session import StarSession
    from wokphysics.ui.wok_star.state import StarLayouts

SETUP = (Phase.SETUP_ASSIGN, Phase.SETUP_BONUS)
KITCHEN = (Phase.ACTION, Phase.LEFTOVER)

STEPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("setup: give each starting preparation to a seat: click a \"to ...\" button",
     ()),
    ("your starting bonus: click An extra die, or an Upgrade of one of your preparations",
     ("bonus_die", "bonus_upgrade")),
    ("cook: drag one of your dice (your row) onto one of your preparations",
     ("place", "combo")),
    ("a customer you cook for: click Serve once its ingredients are made (Turn away: Bad "
     "Publicity)", ("serve", "turn_away")),
)
"""Each step's hint and the verbs of the actions that do it (none for the sharing out: it is
done once every starting preparation has gone out, one click each)."""


def wok_star_guide(session: StarSession, layouts: StarLayouts,
                   can_serve: Callable[[], bool]) -> Guide | None:
    """The guide for the people at ``session``'s table, or None when only bots play.
    ``layouts`` holds the layout last drawn and the buttons of the screen up now;
    ``can_serve()`` says whether a person may serve or turn away the customer now."""
    people = set(session.people)
    if not people:
        return None

    def did(verbs: tuple[str, ...]) -> Callable[[int], bool]:
        def done(mark: int) -> bool:
            return any(step.seat in people and not step.bot and not step.passing
                       and step.action.verb in verbs for step in session.steps[mark:])
        return done

    def phase() -> Phase:
        return session.state.phase

    def person_acts() -> bool:
        return not session.state.is_terminal() and session.current in people

    def my_dice() -> list[Point]:
        lay = layouts.last()
        if lay is None:
            return []
        return [rect.midtop for seat, panel in enumerate(lay.seats) if seat in people
                for _, rect in panel.dice]

    def button(verb: str) -> Point | None:
        for choice in layouts.buttons:
            if choice.enabled and choice.action is not None and choice.action.verb == verb:
                return choice.rect.center
        return None

    def customer() -> bool:
        """A customer a person cooks for is on the table (they may serve it now)."""
        state = session.state
        return "#" in state.current and can_serve()

    def serve_button() -> Point | None:
        """Serve's left edge, halfway up: the arrow comes to it from the left (over its
        label it would hide the word)."""
        lay = layouts.last()
        if lay is None or layouts.covered() or not customer():
            return None
        return lay.serve.midleft

    def round_the_card() -> list[Point]:
        """The arrow to Serve goes down the gap left of the customer card, then right to
        Serve (straight down from the hint it crossed the card's lines): in the gap between
        the board and the customer line where the board is beside it, else in the
        customer line's left margin."""
        lay = layouts.last()
        if lay is None:
            return []
        card = lay.card
        beside = lay.board.right <= card.left and lay.board.top < card.bottom \
            and lay.board.bottom > card.top
        edge = lay.board.right if beside else lay.center.left
        return [((edge + card.left) // 2, lay.serve.centery)]

    def waiting() -> str:
        state = session.state
        if state.is_terminal():
            return "the game is over"
        if state.phase in SETUP and session.current not in people:
            return "a teammate is choosing: watch the screen, your turn comes next"
        if state.phase in SETUP:
            return "first the starting preparations go out: click the buttons"
        if not my_dice():
            return "your dice are placed: watch the customers come"
        return "wait for a customer whose cook is you (its card says 'cook: You')"

    def say(hint: str) -> Callable[[], str]:
        return lambda: hint

    def done_or_past(verbs: tuple[str, ...], phases: tuple[Phase, ...]
                     ) -> Callable[[int], bool]:
        """Done by a person, or the moment passed: the game is on beyond ``phases``."""
        person_did = did(verbs)
        order = list(Phase)

        def done(mark: int) -> bool:
            if person_did(mark):
                return True
            state = session.state
            if state.is_terminal() or state.incomes:
                return True  # a round is over: the moment has gone
            return order.index(state.phase) > max(order.index(p) for p in phases)
        return done

    (assign_hint, _), (bonus_hint, bonus), (place_hint, place), (serve_hint, serve) = STEPS
    steps = [
        GuideStep(hint=say(assign_hint), done=done_or_past((), (Phase.SETUP_ASSIGN,)),
                  target=lambda: button("assign"),
                  ready=lambda: phase() is Phase.SETUP_ASSIGN and person_acts(),
                  waiting=waiting),
        GuideStep(hint=say(bonus_hint), done=done_or_past(bonus, SETUP),
                  target=lambda: button("bonus_die"),
                  ready=lambda: phase() is Phase.SETUP_BONUS and person_acts(),
                  waiting=waiting),
        GuideStep(hint=say(place_hint), done=done_or_past(place, KITCHEN),
                  target=lambda: next(iter(my_dice()), None),
                  ready=lambda: phase() is Phase.ACTION and bool(my_dice()),
                  waiting=waiting, ring=False),  # an arrow down to the die, its face clear
        GuideStep(hint=say(serve_hint), done=done_or_past(serve, KITCHEN),
                  target=serve_button, ready=customer, waiting=waiting, ring=False,
                  via=round_the_card),  # round the customer card, its lines clear
    ]
    return Guide("Your first round (a guide)", steps, lambda: len(session.steps),
                 "after each round: Accounting, then buy on the Purchase screen. F1 shows "
                 "the rules (G there: this guide again)")
