"""Wok and Roll's presenter: an engine step -> the words, the sound and the flights.

The market is said as it happens, with the dice numbered as the tray shows them (re-rolled
dice tumble back into the tray, with the dice sound). Cooking is secret until the turn is
over, as at the table: another player's crossings are held back and said together when the
turn ends ("Turn 3, everybody's cooking: ..."); the person at the screen reads their own at
once (in hot seat those wait for the end of the turn too, since the next person reads the
same log). A replay and a game of bots only hide nothing.
"""

from __future__ import annotations

import pygame

from wokphysics.games.wok_and_roll.actions import (
    Convert,
    Cook,
    DoneCooking,
    Lock,
    Rectangle,
    Reroll,
    Unlock,
)
from wokphysics.games.wok_and_roll.advice import payment_words
from wokphysics.games.wok_and_roll.rules import serving_of
from wokphysics.games.wok_and_roll.state import WokAndRollState
from wokphysics.ui.sound import Sound
from wokphysics.ui.turn.motion import Motions, Painter, SpriteFlight
from wokphysics.ui.turn.scene import Narration, TurnPresenter
from wokphysics.ui.turn.session import Applied
from wokphysics.ui.turn.state import TurnUi
from wokphysics.ui.wok_and_roll.layout import Hit
from wokphysics.ui.wok_and_roll.tooltips import PaymentWords, RollTips, dish_name
from wokphysics.ui.wok_and_roll.view import RollView, roll_state

STAGGER_S = 0.08
"""Seconds between the starts of dice tumbling back into the tray."""


def says(name: str, singular: str, plural: str) -> str:
    """``Bot 2 is`` but ``You are``: the verb that goes with a player's name."""
    return f"{name} {plural if name == 'You' else singular}"


def numbers(positions: list[int]) -> str:
    """``2``, ``2 and 5``, ``1, 2 and 5`` (1-based)."""
    words = [str(p + 1) for p in sorted(positions)]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


class RollPresenter(TurnPresenter):
    """Says and animates Wok and Roll's steps; receives the shared ``ui``, the view (the
    tray, the layout dice tumble in, the person's choice), the sound and the flights."""

    def __init__(self, ui: TurnUi, view: RollView, sound: Sound, motions: Motions) -> None:
        super().__init__(ui, sound, motions)
        self.view = view
        self.tips = RollTips(ui, view)
        self.held: list[str] = []
        self.pending: tuple[Reroll, list[int]] | None = None
        """A re-roll a person just asked for, with the dice positions they chose."""

    def forget(self) -> None:
        super().forget()
        self.held.clear()
        self.pending = None
        self.view.tray.reset()
        self.view.reset()

    # ------------------------------------------------------------------ words to draw
    def tooltip(self, hit: Hit) -> str:
        """The details of what the pointer rests on ("" for none)."""
        return self.tips.tooltip(hit)

    def payment_words(self) -> PaymentWords | None:
        """The panel's words for the choice being paid, if any."""
        return self.tips.payment_words()

    # ------------------------------------------------------------------ the prompt
    def prompt(self) -> str:
        state = roll_state(self.ui)
        if state.is_terminal():
            winner = state.winners()[0]
            return (f"Game over: {says(self.ui.names[winner], 'wins', 'win')} with "
                    f"{state.scores()[winner]} "
                    "taste points")
        seat = state.current_player
        name = self.ui.names[seat]
        you = self.ui.person_to_act
        if not you and not self.ui.replaying and not self.ui.session.is_bot(seat):
            what = "at the market" if state.phase == "roll" else "to cook"
            return (f"{name}, your turn {what}: the others' crossings of this turn stay hidden "
                    "until it is over")
        if state.phase == "roll":
            left = state.sheet.rerolls + 1 - state.rolls
            if you and self.view.reroll:
                chosen = numbers(sorted(self.view.reroll))
                return (f"Re-roll {'die' if len(self.view.reroll) == 1 else 'dice'} {chosen}: "
                        "Re-roll or Enter (click a die again to keep it), or Lock in")
            if you:
                return (f"Your market (roll {state.rolls} of {state.sheet.rerolls + 1}): click "
                        f"dice to re-roll them ({left} re-roll{'s' if left != 1 else ''} left), "
                        "or Lock in")
            return (f"{says(name, 'is', 'are')} at the market (roll {state.rolls} of "
                    f"{state.sheet.rerolls + 1})")
        if not you:
            return f"{says(name, 'is', 'are')} cooking (secret until the turn is over)"
        payment = self.view.payment
        if payment is not None:
            wallet = self.view.wallet(seat)
            action = payment.complete(wallet)
            what = payment.target.key
            if action is not None:
                return f"{what} is paid for: Cook, Enter or click it again"
            missing = payment.missing(wallet)
            return f"{what}: choose {missing} more to pay with (dice, Fridge, circles...)"
        return ("Cook: click a bright serving (or a skill, bonus or lock), then Cook; "
                "Done cooking when finished")

    # ------------------------------------------------------------------ a step
    def _open_book(self) -> bool:
        """Nothing is secret on this screen (a replay, or only bots play)."""
        return self.ui.replaying or not self.ui.session.people

    def narrate(self, applied: Applied) -> Narration:
        before = applied.before
        after = roll_state(self.ui)
        assert isinstance(before, WokAndRollState)
        name = self.ui.names[applied.player]
        action = applied.action
        narration = Narration()
        view = self.view
        view.follow(before)
        if isinstance(action, Reroll):
            pending, self.pending = self.pending, None
            positions = pending[1] if pending is not None and pending[0] == action else \
                view.tray.positions(action.dice)
            view.tray.rerolled(before, positions, action)
            sheet = after.sheet
            faces = view.tray.faces(after)
            rolled = ", ".join(sheet.names[sheet.codes[faces[p]]] for p in sorted(positions))
            narration.lines.append(f"{name} re-rolled {'die' if len(positions) == 1 else 'dice'}"
                                   f" {numbers(positions)}: {rolled}")
            narration.effect = "dice"
            narration.flights.extend(self._tumble(after, sorted(positions)))
        elif isinstance(action, Lock):
            narration.lines.append(f"{name} locked the dice in")
            narration.effect = "dice"
        elif before.phase == "cook":
            lines = self._cooking(before, after, applied)
            secret = not self._open_book() and (applied.player != self.ui.viewer
                                                or self.ui.handover.shared)
            if secret:
                self.held.extend(lines)
            else:
                narration.lines.extend(lines)
                if isinstance(action, Cook | Convert | Rectangle | Unlock):
                    narration.effect = "sizzle"
        ended = after.turn != before.turn or after.is_terminal()
        if before.phase == "roll" and after.phase == "cook":
            narration.lines.append(self._market(after))
        elif before.phase == "roll" and ended:
            narration.lines.append("Nobody could cook anything with those dice")
        if ended:
            if self.held:
                narration.lines.append(f"Turn {before.turn}, everybody's cooking:")
                narration.lines.extend(self.held)
                self.held.clear()
            if after.is_terminal():
                winner = after.winners()[0]
                narration.lines.append(f"Game over after turn {before.turn}: "
                                       f"{says(self.ui.names[winner], 'wins', 'win')} with "
                                       f"{after.scores()[winner]} taste points")
                narration.effect = "bell"
            else:
                narration.lines.append(f"Turn {after.turn}: "
                                       f"{says(self.ui.names[after.roller], 'goes', 'go')} to the "
                                       "market")
                narration.effect = "dice"
                narration.flights.extend(self._tumble(after, list(range(after.sheet.dice))))
        return narration

    def _market(self, after: WokAndRollState) -> str:
        sheet = after.sheet
        faces = self.view.tray.faces(after)
        white = " ".join(sheet.codes[f] for f in faces[:sheet.white])
        red = " ".join(sheet.codes[f] for f in faces[sheet.white:])
        roller = self.ui.names[after.roller]
        return (f"The market of turn {after.turn}: white {white} | red {red}. "
                f"{says(roller, 'cooks', 'cook')} with all {sheet.dice} dice, the others with "
                f"the {sheet.white} white ones")

    def _cooking(self, before: WokAndRollState, after: WokAndRollState,
                 applied: Applied) -> list[str]:
        seat = applied.player
        name = self.ui.names[seat]
        action = applied.action
        sheet = after.sheet
        if isinstance(action, DoneCooking):
            return [f"{name} finished cooking"]
        if isinstance(action, Cook):
            serving = serving_of(sheet, before.menus[seat], action.sid)
            points = serving.points if serving is not None else 0
            line = (f"{name} cooked {action.sid} ({dish_name(before, seat, action.sid)}, "
                    f"+{points}) with {payment_words(sheet, action)}")
            old, new = before.menus[seat], after.menus[seat]
            news = []
            if new.completed(sheet) > old.completed(sheet):
                news.append(f"completed {new.completed(sheet)} of {sheet.dishes_to_end}")
            if new.circled != old.circled:
                news.append("circled a row bonus")
            if new.hats > old.hats:
                news.append("earned a Chef's Hat")
            if sum(new.pantry_circled) > sum(old.pantry_circled):
                news.append("circled a Pantry space")
            return [line + (f"; {', '.join(news)}" if news else "")]
        if isinstance(action, Convert):
            food = sheet.names[sheet.codes[action.food]]
            return [f"{name} gained the {food} skill (Recipe Books count as {food}) with "
                    f"{payment_words(sheet, action)}"]
        if isinstance(action, Rectangle):
            return [f"{name} outlined the end-game bonus '{action.rid}' with "
                    f"{payment_words(sheet, action)}"]
        if isinstance(action, Unlock):
            return [f"{name} unlocked {action.gid} by {payment_words(sheet, action)}"
                    if not action.pools else
                    f"{name} unlocked {action.gid} with {payment_words(sheet, action)}"]
        return [f"{name}: {action}"]

    # ------------------------------------------------------------------ flights
    def _tumble(self, after: WokAndRollState, positions: list[int]) -> list[SpriteFlight]:
        layout = self.view.layout()
        faces = self.view.tray.faces(after)
        flights = []
        for k, position in enumerate(positions):
            if position >= len(layout.dice):
                continue
            end = layout.dice[position]
            start = end.move(0, -end.h).inflate(-end.w // 3, -end.h // 3)
            code = after.sheet.codes[faces[position]]
            flights.append(SpriteFlight(start, end, self._die(code, position >= after.sheet.white),
                                  duration_s=0.35, delay_s=k * STAGGER_S))
        return flights

    def _die(self, code: str, red: bool) -> Painter:
        faces = self.view.faces

        def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
            image = faces.die(code, red, max(8, rect.w))
            surface.blit(image, rect)

        return paint
