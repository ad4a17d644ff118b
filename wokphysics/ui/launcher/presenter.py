"""The launcher's words: what the pointer rests on, a seat's choice, and a refusal (a game
that cannot start, no saved game, a rules value that fits no other choice)."""

from __future__ import annotations

from wokphysics.games.rules_options import Value
from wokphysics.replay.turn_record import PERSON
from wokphysics.ui.launcher.choices import Choices, GameChoices
from wokphysics.ui.launcher.spots import Spot
from wokphysics.ui.scene import Presenter
from wokphysics.ui.sound import Sound

REFUSAL_S = 6.0
"""Seconds a refusal stays at the bottom of the launcher."""


def show(value: Value) -> str:
    """A value as the launcher writes it: yes / no for truth values."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def seat_words(game: GameChoices, label: str) -> str:
    """A seat's button: ``Person``, or the bot's level and its measured strength (``Hard ·
    Elo 1,895``), or ``Bot: NAME`` for a bot that is no level (or a level not yet rated:
    ``Bot: Hard``)."""
    if label == PERSON:
        return "Person"
    level = game.level_of(label)
    if level is None:
        return f"Bot: {label}"
    return f"{level.name} · {level.rating}" if level.rating else f"Bot: {level.name}"


class LauncherPresenter(Presenter):
    """Composes what the launcher says; a refusal is the notice at its bottom, with a sound."""

    def __init__(self, choices: Choices, sound: Sound) -> None:
        super().__init__()
        self.choices = choices
        self.sound = sound

    def refuse(self, reason: str) -> None:
        self.announce(reason, REFUSAL_S)
        self.sound.play("refuse")

    def tooltip(self, spot: Spot) -> str:
        """What the pointer resting on ``spot`` says ("" for nothing)."""
        game = self.choices.game
        if spot.kind == "game":
            chosen = self.choices.games[spot.index]
            return f"{chosen.plugin.title}: {chosen.plugin.summary}"
        if spot.kind == "seat":
            if game.plugin.levels:
                levels = "; ".join(
                    f"{level.name}: {level.bot}" + (f", {level.rating}" if level.rating else "")
                    for level in game.plugin.levels)
                return (f"Seat {spot.index + 1}: click for the next choice (a person, or a bot "
                        f"at each level: {levels}; measured with 'wokphysics ladder'); right "
                        "click: back")
            kinds = ", ".join(["person", *game.bots])
            return f"Seat {spot.index + 1}: click for the next choice ({kinds}); right click: back"
        if spot.kind == "scale":
            return ("UI scale: text and controls this many times their size (1x to 2x; "
                    "right click: back). Where the window is too small for the whole picture, "
                    "it shows a part of it: the arrows at the bottom show the rest. Kept for "
                    "the next launch; --scale overrides it for one run.")
        if spot.kind == "option":
            option = game.options[spot.index]
            choices = ", ".join(show(c) for c in option.choices)
            return (f"{option.label}: {option.help} (choices: {choices}; default "
                    f"{show(option.default)})")
        if spot.kind == "seed":
            return "The seed of the game's chance (shuffles, dice): the same seed and moves " \
                   "give the same game. Click and type digits."
        if spot.kind == "resume":
            path = game.resume_file() or game.autosave
            if game.finished():
                return f"The game saved in {path} is over: this shows its end screen"
            return f"Continue the game saved in {path}"
        return ""
