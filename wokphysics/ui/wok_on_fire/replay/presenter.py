"""The replay viewer's words: where the replay is, what each player has, who won, and why a
replay stopped. Read by the drawing each frame; it changes nothing."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from wokphysics.errors import ReplayFileError
from wokphysics.games.wok_on_fire.record import Diverged
from wokphysics.ui.scene import Presenter
from wokphysics.ui.wok_on_fire.replay.state import ReplayUi

TITLE = "Replay"


@dataclass(frozen=True)
class PlayerLines:
    """One player's lines in the panel: ``heading`` (name, points, < on their turn) and
    ``cards`` (their collected ingredients); ``seat`` colours the row."""

    seat: int
    heading: str
    cards: str


class ReplayPresenter(Presenter):
    """Receives the shared :class:`ReplayUi` (the source shown, play/pause, the speed, the
    problem) and ``file``, the name the record goes by."""

    def __init__(self, ui: ReplayUi, file: str) -> None:
        super().__init__()
        self.ui = ui
        self.file = file

    def file_name(self) -> str:
        return Path(self.file).name

    def seat_labels(self) -> dict[int, str]:
        """Each seat's player name (none for a table recording, which has no players)."""
        source = self.ui.source
        game = source.game
        if game is None:
            return {}
        return {game.seat_of(p): source.names[p] for p in range(game.players)}

    def position(self) -> str:
        """Where the replay is and how it runs, e.g. ``turn 3 of 14 - paused - x1``."""
        ui = self.ui
        shown, total = ui.source.progress()
        state = "finished" if ui.ended() else ("playing" if ui.playing else "paused")
        return f"{ui.source.unit} {shown} of {total} - {state} - x{ui.speed:g}"

    def players(self) -> list[PlayerLines]:
        """Each player's lines as the game stands at this point (none for a table
        recording)."""
        source = self.ui.source
        game = source.game
        if game is None:
            return []
        scores = game.scores()
        lines = []
        for player in range(game.players):
            marker = " <" if player == game.current_player and not game.is_over else ""
            names = ", ".join(i.value for i in game.pile_ingredients(player)) or "no cards yet"
            lines.append(PlayerLines(game.seat_of(player),
                                     f"{source.names[player]}: {scores[player].total} pts"
                                     f"{marker}", names))
        return lines

    def winner(self) -> str | None:
        """Who won, once the replayed game is over."""
        source = self.ui.source
        game = source.game
        if game is None or not game.is_over:
            return None
        return "Winner: " + " and ".join(source.names[w] for w in game.winners())

    @staticmethod
    def problem(error: Diverged | ReplayFileError) -> str:
        """Why the replay stopped, in a line."""
        if isinstance(error, Diverged):
            return f"diverged at turn {error.turn + 1}: {error.problem}"
        return str(error)
