"""Wok on Fire's presenter: the engine's events in words a player at the table would use.

Each event is told once, in the order the engine appended it (a failed blind claim is told
inside the pick it belongs to). Cards are named as players see them (an ingredient, "this
card", "the Chicken you named"), never by the engine's card numbers. Cards that left the
table or the wok get a notice over the table.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence

from wokphysics.config.wok_on_fire import WokOnFireConfig
from wokphysics.games.wok_on_fire.engine import (
    ChiliEvent,
    ChopEvent,
    ClaimFailedEvent,
    GameOverEvent,
    GiftEvent,
    PickEvent,
    PickKind,
    StirEvent,
    WokOnFireGame,
)
from wokphysics.table.world import ActionReport
from wokphysics.ui.scene import Presenter
from wokphysics.ui.sound import Effect
from wokphysics.ui.wok_on_fire.flick_words import (
    FlickReading,
    advice,
    speed_words,
    where_words,
)
from wokphysics.ui.wok_on_fire.flip_band import bands_for
from wokphysics.ui.wok_on_fire.landing import chop_words, grouped
from wokphysics.ui.wok_on_fire.state import TableUi

NOTICE_S = 5.0
"""Seconds a notice stays over the table."""

_CARD = re.compile(r"\bcard (\d+)\b")


def player_names(labels: tuple[str, ...]) -> list[str]:
    """Display names: one person is "You"; several are "Player N"; bots "Bot N (strength)"."""
    people = sum(1 for label in labels if label == "person")
    names = []
    for index, label in enumerate(labels):
        if label == "person":
            names.append("You" if people == 1 else f"Player {index + 1}")
        else:
            names.append(f"Bot {index + 1} ({label})")
    return names


def possessive(name: str) -> str:
    """"You" -> "Your", "Bot 2 (strong)" -> "Bot 2 (strong)'s"."""
    return "Your" if name == "You" else f"{name}'s"


def count_of(n: int, what: str) -> str:
    """``count_of(2, "card")`` -> "2 cards"."""
    return f"{n} {what}{'' if n == 1 else 's'}"


class WokOnFirePresenter(Presenter):
    """Tells the game's events (see the module doc)."""

    def __init__(self, cfg: WokOnFireConfig, game: WokOnFireGame, ui: TableUi,
                 sound: Callable[[Effect], None] | None = None) -> None:
        super().__init__(log_size=8)
        self.sound = sound
        self.cfg = cfg
        self.game = game
        self.ui = ui
        self.names = player_names(game.bots)
        self.bands = bands_for(cfg.physics.model_dump(mode="json"))
        self._failed_claims: list[ClaimFailedEvent] = []
        self._recalling = False  # telling a resumed game's past: words only
        self._lies_as_left: object | None = None
        """While recalling: the last stir or chop told, the only one whose cards lie now as it
        left them."""

    def recall(self, events: Sequence[object]) -> None:
        """Tell a resumed game's past ``events`` into the log (its newest lines stay), with no
        sound and no notice over the table: they happened before the window opened."""
        self._recalling = True
        self._lies_as_left = next((e for e in reversed(events)
                                   if isinstance(e, StirEvent | ChopEvent)), None)
        try:
            for event in events:
                self.present(event)
        finally:
            self._recalling = False
        self.skip_past(events)
        self.notice = None
        if events:
            self.add_line(f"Resumed at turn {self.game.turn_number + 1}")

    # ------------------------------------------------------------------ events
    def present(self, event: object) -> None:
        names = self.names
        if isinstance(event, StirEvent):
            flipped = len(event.report.flipped)
            if flipped:
                self._play("sizzle")
            self.add_line(f"{names[event.player]} stirred: {count_of(flipped, 'card')} flipped")
            self._left_table(event.report)
        elif isinstance(event, ClaimFailedEvent):
            # Told with the pick it belongs to (the engine appends it just before).
            self._failed_claims.append(event)
        elif isinstance(event, PickEvent):
            self.add_line(self._pick_line(event))
            if any(taken.card_ids for taken in event.taken):
                self._play("card")
        elif isinstance(event, GiftEvent):
            what = self._cards(event.card_ids)
            if event.to_player is None:
                self.add_line(f"{possessive(names[event.player])} Garlic gift ({what}) went "
                              "to the discard: there is no opponent")
            else:
                self.add_line(f"{names[event.player]} gave {what} to {names[event.to_player]} "
                              "(Garlic gift)")
        elif isinstance(event, ChiliEvent):
            if event.card_id is not None:
                self.add_line(f"{names[event.player]} discarded a Chili Pepper for one more pick")
        elif isinstance(event, ChopEvent):
            self._play("chop")
            self._chopped(event)
        elif isinstance(event, GameOverEvent):
            self.add_line("Game over: " + " and ".join(names[w] for w in event.winners) + " won")

    def _play(self, name: Effect) -> None:
        if self.sound is not None and not self._recalling:
            self.sound(name)

    def _pick_line(self, event: PickEvent) -> str:
        """"You picked Onion; Pork", "Bot 2 (strong) picked Noodles for the Garlic gift",
        "Your blind Chicken claim failed: it was Pork" (with what else was picked)."""
        name = self.names[event.player]
        taken: list[str] = []
        failed: list[str] = []
        for pick in event.taken:
            if pick.claim_failed:
                claim = self._failed_claims.pop(0) if self._failed_claims else None
                failed.append(claim.ingredient.replace("_", " ").title() if claim else "")
            elif pick.card_ids:
                taken.append(self._cards(pick.card_ids))
        self._failed_claims.clear()
        label = {PickKind.PEPPER_BONUS: " (Green Pepper bonus)",
                 PickKind.GARLIC_GIFT: " for the Garlic gift",
                 PickKind.CHILI: " (Chili pick)"}.get(event.kind, "")
        claims = "; ".join(f"blind Chicken claim failed: it was {what}" if what
                           else "blind Chicken claim failed" for what in failed)
        if not taken:
            return f"{possessive(name)} {claims}" if failed else f"{name} picked nothing{label}"
        line = f"{name} picked {'; '.join(taken)}{label}"
        if failed:
            whose = "your" if name == "You" else possessive(name)
            line += f"; {whose} {claims}"
        return line

    def _cards(self, card_ids: tuple[int, ...]) -> str:
        return ", ".join(self.game.ingredient(i).value for i in card_ids)

    def _chopped(self, event: ChopEvent) -> None:
        """Where each chopped card landed, said in the log and over the table: in the wok,
        outside it (on whose side, over whose collected cards), on the floor; with the cards
        the chop knocked out of the wok. A resumed game's earlier chops are told by their
        count alone: their cards have moved since."""
        name = self.names[event.player]
        thrown = event.report.touched
        game = self.game
        if self._recalling and event is not self._lies_as_left:
            self.add_line(f"{name} chopped {count_of(len(thrown), 'card')} in")
            return
        cards = [game.table.card(card_id) for card_id in thrown]
        piles = {game.seat_of(p): [n for _, n in grouped(Counter(game.pile_ingredients(p)))]
                 for p in range(game.players)}
        seated = {game.seat_of(p): self.names[p] for p in range(game.players)}
        where, out = chop_words(self.cfg.physics, cards, piles, seated,
                                {c.id: game.ingredient(c.id) for c in cards})
        self.add_line(f"{name} chopped {count_of(len(thrown), 'card')}: {where}")
        if self._recalling:
            return
        knocked = self._left_table(event.report, announce=False)
        text = f"{possessive(name)} chop: {where}"
        if out:
            they = "it is" if out == 1 else "they are"
            text += f"; {they} chopped back in with the next chop"
        if knocked:
            text += ". Knocked out: " + knocked
        self.announce(text, NOTICE_S)

    def _left_table(self, report: ActionReport, announce: bool = True) -> str:
        """A notice for cards that fell off the table, flew out of the wok and landed outside
        it, or slid out of it (pushed by the spatula or by another card); returns its words
        (empty: none did), announced unless ``announce`` is False."""
        table = self.game.table
        flew = set(report.launched)
        fell = landed = pushed = 0
        for card_id in report.left_wok:
            location = table.card(card_id).location
            if location == "floor":
                fell += 1
            elif location == "wok" and card_id in flew:
                landed += 1
            elif location == "wok":
                pushed += 1
        parts = []
        if fell:
            parts.append(f"{count_of(fell, 'card')} fell off the table")
        if landed:
            parts.append(f"{count_of(landed, 'card')} landed outside the wok")
        if pushed:
            were = "was" if pushed == 1 else "were"
            parts.append(f"{count_of(pushed, 'card')} {were} pushed out of the wok")
        if not parts:
            return ""
        they = "they" if fell + landed + pushed > 1 else "it"
        words = "; ".join(parts) + f"; {they} will be chopped back in"
        if announce and not self._recalling:
            self.announce(words, NOTICE_S)
        return words

    # ------------------------------------------------------------------ refusals
    def refuse(self, reason: str) -> None:
        super().refuse(self.in_players_words(reason))

    def in_players_words(self, reason: str, clicked: int | None = None) -> str:
        """The engine's reason with cards named as players see them: the clicked card is
        "it" / "this card", a named card is "the Chicken you named", others "another card"."""
        if clicked is not None:
            reason = (reason.replace(f"the centre circle of card {clicked}", "its centre circle")
                      .replace(f"every corner of card {clicked}", "every corner of it")
                      .replace(f"card {clicked} is", "it is")
                      .replace(f"card {clicked}", "this card"))
        named = {p.card_id: n for n, p in enumerate(self.ui.selection, start=1)}

        def name(match: re.Match[str]) -> str:
            card_id = int(match.group(1))
            if card_id in named and not self.ui.selection[named[card_id] - 1].blind_chicken:
                ingredient = self.game.ingredient(card_id).value
                return f"the {ingredient} you named (pick {named[card_id]})"
            return "another card"

        return _CARD.sub(name, reason)

    # ------------------------------------------------------------------ after a stir
    def flick_result(self, reading: FlickReading, flipped: int, aimed_flipped: bool) -> None:
        """After a person's stir: how fast the flick left the hand (or that the speed could
        not be read, or that it was faster than a hand and flicked at the hand's limit), how
        deep the blade was under the card it was aimed at, what it flipped, and when that
        card did not flip which of speed and depth was off (by the measured flip bands; the
        strong bot's flick speed as a hint when they are unknown)."""
        limit = self.cfg.physics.spatula.hand_speed_limit_mm_s
        speed = speed_words(reading, limit, digits=1)
        if reading.limited or not reading.reliable:
            text = f"Your flick: {speed}"
        else:
            text = f"Your flick left the hand at {speed}"
        if reading.angle_deg is not None:
            text += f", {where_words(reading)}"
        text += f": {count_of(flipped, 'card')} flipped."
        hint = advice(self.bands, reading, aimed_flipped)
        if hint is not None:
            text += f" {hint[0].upper()}{hint[1:]}."
        elif not flipped and self.bands is None and "strong" in self.cfg.bots:
            hint_speed = self.cfg.bots["strong"].flick_speed_mm_s / 1000.0
            text += f" (The strong bot flicks at about {hint_speed:.1f} m/s under a card.)"
        self.tell(text)
