"""What the launcher lets a person choose, per game (no pygame).

For each game of the registry: the player count (within the game's limits), each seat as a
person or a bot at one of the game's named levels (Easy ... Expert, each with its measured
strength; a game without levels offers its bots by name), the rules options (read from the
game's config, defaults marked), a seed, and whether there is a saved game to resume.
:meth:`Choices.setup` turns the choice into the :class:`~wokphysics.ui.turn.play.Setup` a
front end starts.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from wokphysics.games.plugin import GamePlugin, Level
from wokphysics.games.registry import PLUGINS
from wokphysics.games.rules_options import (
    RulesOption,
    Value,
    check_values,
    rules_options,
    write_override,
)
from wokphysics.records.saving import holds_unfinished_game, save_to_resume
from wokphysics.replay.turn_record import PERSON
from wokphysics.ui.front_ends import FrontEnd, front_end
from wokphysics.ui.readable import SCALES
from wokphysics.ui.settings import WindowSettings
from wokphysics.ui.turn.play import Setup

RESUME_LOOKUP_S = 1.0
"""How long the launcher trusts its last look at the save files (seconds)."""


@dataclass
class GameChoices:
    """One game's choices in the launcher."""

    plugin: GamePlugin
    window: FrontEnd | None
    bots: list[str]
    options: tuple[RulesOption, ...]
    players: int
    seats: list[str]
    values: dict[str, Value] = field(default_factory=dict)
    folder: Path = field(default_factory=Path)
    _resume: tuple[float, Path | None, bool] | None = field(default=None, repr=False,
                                                             compare=False)

    @classmethod
    def for_plugin(cls, plugin: GamePlugin, folder: Path | None = None) -> GameChoices:
        window = front_end(plugin)
        engine = plugin.turn_engine
        if window is not None:
            bots = window.bots()
            default = window.default_bot
        else:
            bots = sorted(engine.bots) if engine is not None else []
            default = "greedy" if "greedy" in bots else (bots[0] if bots else PERSON)
        options = rules_options(plugin)
        seats = [PERSON] + [default] * (plugin.info.max_players - 1)
        return cls(plugin, window, bots, options, plugin.default_players, seats,
                   {o.key: o.default for o in options}, folder or Path())

    # ------------------------------------------------------------------ changing a choice
    def set_players(self, players: int) -> None:
        info = self.plugin.info
        self.players = max(info.min_players, min(info.max_players, players))

    def level_of(self, label: str) -> Level | None:
        """The level whose bot ``label`` is (None: none)."""
        return next((level for level in self.plugin.levels if level.bot == label), None)

    def cycle_seat(self, seat: int, step: int = 1) -> None:
        """The seat's next choice: person, then each bot strength in turn."""
        kinds = [PERSON, *self.bots]
        current = kinds.index(self.seats[seat]) if self.seats[seat] in kinds else 0
        self.seats[seat] = kinds[(current + step) % len(kinds)]

    def cycle_option(self, key: str, step: int = 1) -> str | None:
        """Step ``key`` to its next value the game accepts with the other choices (values it
        refuses are skipped); the game's reason when it accepts no other value, else None."""
        option = next(o for o in self.options if o.key == key)
        choices = list(option.choices)
        current = choices.index(self.values[key]) if self.values[key] in choices else 0
        problem: str | None = None
        for offset in range(1, len(choices)):
            value = choices[(current + offset * step) % len(choices)]
            trial = {**self.values, key: value}
            problem = check_values(self.plugin, trial)
            if problem is None:
                self.values[key] = value
                return None
        return problem

    def reset_options(self) -> None:
        self.values = {o.key: o.default for o in self.options}

    # ------------------------------------------------------------------ reading it
    @property
    def active_seats(self) -> list[str]:
        return self.seats[: self.players]

    @property
    def autosave(self) -> Path:
        """Where this game's autosave is written (the launcher's folder)."""
        name = self.window.autosave if self.window is not None else \
            f"{self.plugin.name}-autosave.json"
        return self.folder / name

    def resume_file(self) -> Path | None:
        """The save Resume continues: the newest unfinished game among the autosave and its
        numbered siblings (a new game started while one was unfinished saves to
        ``NAME-2.json``), else the autosave if it exists. Looked up at most once a second (the
        launcher asks every frame)."""
        now = time.monotonic()
        if self._resume is None or now - self._resume[0] >= RESUME_LOOKUP_S:
            path = save_to_resume(self.autosave)
            self._resume = (now, path, path is not None and not holds_unfinished_game(path))
        return self._resume[1]

    def look_again(self) -> None:
        """Forget the last look at the save files (a game was just played)."""
        self._resume = None

    def saved(self) -> str | None:
        """``"saved 14:32, 30 Nov"`` (``"... (save 2)"`` for ``NAME-2.json``) when there is a
        game to resume, else None."""
        path = self.resume_file()
        try:
            stamp = datetime.fromtimestamp(path.stat().st_mtime) if path else None
        except OSError:
            stamp = None
        if path is None or stamp is None:
            return None
        number = path.stem.rsplit("-", 1)[-1] if path != self.autosave else ""
        named = f" (save {number})" if number.isdigit() else ""  # the tooltip names the file
        return f"saved {stamp:%H:%M, %d %b}{named}"

    def finished(self) -> bool:
        """Whether the save Resume would open holds a finished game (it shows only that
        game's end: the launcher offers it as such, not as a game to resume)."""
        self.resume_file()
        return self._resume is not None and self._resume[2]

    def is_default(self, key: str) -> bool:
        option = next(o for o in self.options if o.key == key)
        return self.values[key] == option.default

    def terminal_argv(self, seed: int, config: Path | None) -> list[str]:
        """The terminal ``play`` options for this choice (bots take the last seats there
        and all play as the first bot's strength)."""
        bots = [label for label in self.active_seats if label != PERSON]
        argv = ["--players", str(self.players), "--bots", str(len(bots)), "--seed", str(seed)]
        if bots:
            argv += ["--bot", bots[0]]
        if config is not None:
            argv += ["--config", str(config)]
        return argv


@dataclass
class Choices:
    """Every game's choices, the game selected and the seed."""

    games: list[GameChoices]
    selected: int = 0
    seed: int = field(default_factory=lambda: secrets.randbelow(1_000_000))
    folder: Path = field(default_factory=Path)
    scale: float = 1.0
    """The UI scale (one of :data:`~wokphysics.ui.readable.SCALES`), kept in the folder's
    settings file (:mod:`wokphysics.ui.settings`) when changed here."""

    @classmethod
    def from_registry(cls, folder: Path | None = None) -> Choices:
        folder = folder or Path()
        return cls([GameChoices.for_plugin(p, folder) for p in PLUGINS], folder=folder,
                   scale=WindowSettings(folder).scale())

    def cycle_scale(self, step: int = 1) -> bool:
        """The next UI scale (``step`` -1: the previous one), kept for the next launch; False
        if the settings file could not be written (the scale still changes for this run)."""
        at = SCALES.index(self.scale) if self.scale in SCALES else 0
        self.scale = SCALES[(at + step) % len(SCALES)]
        return WindowSettings(self.folder).save_scale(self.scale)

    @property
    def game(self) -> GameChoices:
        return self.games[self.selected]

    def new_seed(self) -> None:
        self.seed = secrets.randbelow(1_000_000)

    def setup(self, resume: bool = False) -> Setup:
        """The game to start: the selected one with its choices (or its autosave)."""
        from wokphysics.ui.play import claim_save

        game = self.game
        if resume:
            resumed = game.resume_file() or game.autosave
            return Setup(game.plugin.name, tuple(game.active_seats), self.seed, None,
                         claim_save(resumed, resumed, game.plugin.name), resumed)
        config = self.config()
        save = claim_save(game.autosave, None, game.plugin.name)  # an unfinished game is kept
        return Setup(game.plugin.name, tuple(game.active_seats), self.seed,
                     str(config) if config is not None else None, save)

    def config(self) -> Path | None:
        """The override file of the selected game's rules options (None: all defaults)."""
        game = self.game
        return write_override(game.plugin, game.values, self.folder)
