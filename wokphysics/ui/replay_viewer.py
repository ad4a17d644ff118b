"""``wokphysics replay FILE``: a recorded game (or table recording) played in the window.

Every recorded input is re-applied to a fresh world exactly as ``--verify`` does (the engine's
:class:`GameStepper`, or the table's own actions for a table recording); stirs and chops are
drawn as they run. Controls: Space play/pause, Right or N the next turn (the rest of the turn
at once, then pause), Left or P the previous turn (replayed from the start in a fresh world),
Up/+ faster and Down/- slower (x0.5 to x8), R restarts the replay. A turn whose state hash
does not match the recording stops the replay with the reason on screen.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from wokphysics.config.wok_on_fire import WokOnFireConfig
from wokphysics.errors import ReplayFileError
from wokphysics.games.wok_on_fire.deal import dealt_table
from wokphysics.games.wok_on_fire.engine import WokOnFireGame
from wokphysics.records.files import read_replay_json
from wokphysics.table.cards import Card
from wokphysics.table.gesture import Gesture
from wokphysics.table.world import Table
from wokphysics.ui.animation import LiveAction, Stepped
from wokphysics.ui.render import SEAT_COLORS, TableRenderer
from wokphysics.ui.scene import OFF_SCREEN
from wokphysics.ui.widgets import DIM, GOLD, PANEL_BG, RED, WHITE, Button, Text, draw_button
from wokphysics.ui.wok_on_fire.landing import grouped
from wokphysics.ui.wok_on_fire.presenter import player_names

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
INPUT_PAUSE_S = 0.6
"""Seconds between two recorded inputs at x1 (a pick, a choice), so they can be followed."""


class GameSource:
    """A Wok on Fire game record, stepped by the engine's GameStepper."""

    def __init__(self, path: str, data: dict[str, Any] | None = None) -> None:
        """The record in file ``path``, or ``data`` (a game just played, named ``path``)."""
        from wokphysics.games.wok_on_fire.record import load_game_record

        self.record = load_game_record(path, data)
        self.stepper = self.record.stepper()
        self.cfg: WokOnFireConfig = self.record.cfg
        self.names = player_names(self.record.bots)

    @property
    def table(self) -> Table:
        return self.stepper.game.table

    @property
    def game(self) -> WokOnFireGame | None:
        return self.stepper.game

    def position(self) -> str:
        total = self.stepper.turn_count
        index = min(self.stepper.turn_index + 1, max(1, total))
        return f"turn {index} of {total}"

    def at_end(self) -> bool:
        return bool(self.stepper.at_end)

    def turn_index(self) -> int:
        return int(self.stepper.turn_index)

    def begin_next(self) -> tuple[Stepped | None, Gesture | None]:
        entry = self.stepper.peek()
        gesture = Gesture(entry["gesture"]) if entry and entry.get("kind") == "stir" else None
        return self.stepper.begin_next(), gesture

    def verify_pending(self) -> None:
        self.stepper.settle()


class TableSource:
    """A table recording (``wokphysics-table-replay``): stirs and chops, no rules."""

    def __init__(self, path: str, data: dict[str, Any]) -> None:
        from wokphysics.replay.table_record import load_table_replay

        self.replay = load_table_replay(path, data)
        self.cfg = self.replay.cfg
        self.table = dealt_table(self.cfg, self.replay.seed)
        if self.table.state_hash() != self.replay.setup_hash:
            raise ReplayFileError(path, "the set-up table differs from the recording")
        self.index = 0
        self.names: list[str] = []
        self._checking: int | None = None
        self._run: Stepped | None = None

    @property
    def game(self) -> WokOnFireGame | None:
        return None

    def position(self) -> str:
        return f"action {min(self.index + 1, len(self.replay.steps))} of {len(self.replay.steps)}"

    def at_end(self) -> bool:
        """Every recorded action has been started and the last one has come to rest."""
        self.verify_pending()
        return self.index >= len(self.replay.steps) and (self._run is None or self._run.done)

    def turn_index(self) -> int:
        return self.index

    def begin_next(self) -> tuple[Stepped | None, Gesture | None]:
        self.verify_pending()
        step = self.replay.steps[self.index]
        if step.action == "stir":
            run = self.table.begin_stir(step.gesture)
            gesture: Gesture | None = step.gesture
        else:
            run = self.table.begin_chop(
                step.gesture, step.seat, count=self.cfg.rules.cards_per_chop
            )
            gesture = None
        self._checking = self.index
        self._run = run
        self.index += 1
        return run, gesture

    def verify_pending(self) -> None:
        """Once the last started action has come to rest, compare its hash (Diverged)."""
        if self._checking is None or (self._run is not None and not self._run.done):
            return
        step = self.replay.steps[self._checking]
        if self.table.state_hash() != step.hash:
            from wokphysics.games.wok_on_fire.record import Diverged

            raise Diverged(self._checking, 0, "the state hash differs")
        self._checking = None


Source = GameSource | TableSource


class ReplayScene:
    """Plays a :data:`Source` with play/pause, speed and turn stepping."""

    help_lines = (
        ("Space", "play / pause"),
        ("N or Right", "the rest of this turn at once, then pause"),
        ("P or Left", "back to the end of the previous turn (replayed from the start)"),
        ("+ / -", "faster / slower (x0.5 to x8)"),
        ("R", "start the replay again (asks first)"),
        ("Esc", "pause the window (Q quits while paused)"),
    )

    def __init__(self, source: Source, renderer: TableRenderer, text: Text, file: str,
                 rebuild: Callable[[], Source] | None = None) -> None:
        self.source = source
        self.rebuild = rebuild
        self.renderer = renderer
        self.text = text
        self.file = file
        self.playing = True
        self.speed_index = 1
        self.action: LiveAction | None = None
        self.wait = INPUT_PAUSE_S
        self.stop_after_turn: int | None = None
        self.problem = ""
        self.buttons: list[Button] = []
        self.mouse = (0, 0)
        game = source.game
        if game is not None:
            labels = {game.seat_of(p): source.names[p] for p in range(game.players)}
            renderer.set_seats(labels, None)
        else:
            renderer.set_seats({}, None)

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    def _guard(self, step: Callable[[], None]) -> None:
        from wokphysics.games.wok_on_fire.record import Diverged

        try:
            step()
        except Diverged as error:
            self.problem = f"diverged at turn {error.turn + 1}: {error.problem}"
            self.playing = False
            self.action = None
        except ReplayFileError as error:
            self.problem = str(error)
            self.playing = False
            self.action = None

    def update(self, real_s: float, speed: float = 1.0) -> None:
        if self.problem:
            return
        rate = self.speed * speed
        if self.action is not None:
            fast = self.stop_after_turn is not None
            self.action.advance(real_s, rate * (8.0 if fast else 1.0))
            if not self.action.done:
                return
            self.action = None
            self._guard(self.source.verify_pending)
            self.wait = INPUT_PAUSE_S
        if self.stop_after_turn is not None:
            self._guard(self._run_to_turn_end)
            return
        if not self.playing:
            return
        self.wait -= real_s * rate
        if self.wait > 0:
            return
        self._guard(self._next_input)

    def _next_input(self) -> None:
        if self.source.at_end():
            self.playing = False
            return
        run, gesture = self.source.begin_next()
        if run is not None:
            self.action = LiveAction(self.source.table, run, gesture)
        else:
            self.wait = INPUT_PAUSE_S

    def _run_to_turn_end(self) -> None:
        target = self.stop_after_turn
        assert target is not None
        while not self.source.at_end() and self.source.turn_index() <= target:
            run, _ = self.source.begin_next()
            if run is not None:
                while run.advance():
                    pass
        self.source.verify_pending()
        self.stop_after_turn = None
        self.playing = False

    def next_turn(self) -> None:
        """Finish the turn being shown at once, then pause."""
        if self.problem:
            return
        if self.action is not None:
            self.action.skip()
            self.action = None
            self._guard(self.source.verify_pending)
        self.stop_after_turn = self.source.turn_index()
        self._guard(self._run_to_turn_end)

    def previous_turn(self) -> None:
        """Back to the end of the turn before the one shown: the record is replayed from the
        start in a fresh world up to there (hashes checked), then paused."""
        if self.rebuild is None:
            return
        target = max(0, self.source.turn_index() - 1)
        self.action = None
        self.problem = ""
        self.source = self.rebuild()
        self.playing = False

        def forward() -> None:
            # at_end() first: it settles the finished action and closes its turn.
            while not self.source.at_end() and self.source.turn_index() < target:
                run, _ = self.source.begin_next()
                if run is not None:
                    while run.advance():
                        pass
            self.source.verify_pending()

        self._guard(forward)

    def key(self, key: int) -> None:
        if key == pygame.K_SPACE:
            self.playing = not self.playing
        elif key in (pygame.K_RIGHT, pygame.K_n):
            self.next_turn()
        elif key in (pygame.K_LEFT, pygame.K_p):
            self.previous_turn()
        elif key in (pygame.K_UP, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.speed_index = min(len(SPEEDS) - 1, self.speed_index + 1)
        elif key in (pygame.K_DOWN, pygame.K_MINUS, pygame.K_KP_MINUS):
            self.speed_index = max(0, self.speed_index - 1)

    def mouse_down(self, button: int, pos: tuple[int, int], t_s: float) -> None:
        self.mouse = pos
        if button == 1:
            for b in self.buttons:
                if b.rect.collidepoint(pos) and b.enabled:
                    b.action()
                    return

    def mouse_move(self, pos: tuple[int, int], t_s: float) -> None:
        self.mouse = pos

    def pointer_away(self) -> None:
        self.mouse = OFF_SCREEN  # only the buttons light up under the pointer

    def mouse_up(self, button: int, pos: tuple[int, int], t_s: float) -> None:
        return None

    def cards_now(self) -> list[Card]:
        return self.action.cards() if self.action is not None else self.source.table.cards

    def draw(self, surface: pygame.Surface) -> None:
        game = self.source.game
        # Each player's collected cards by their aid, as they stand at this point of the
        # replay (the window's renderer still held the finished game's, after V).
        self.renderer.set_piles({} if game is None else {
            game.seat_of(p): [(i.name.lower(), n)
                              for i, n in grouped(Counter(game.pile_ingredients(p)))]
            for p in range(game.players)})
        spatula = self.action.spatula() if self.action is not None else None
        self.renderer.draw(surface, self.cards_now(), spatula=spatula)
        self._panel(surface)

    def _panel(self, surface: pygame.Surface) -> None:
        px, py, pw, ph = self.renderer.map.panel
        if pw <= 0:
            return
        pygame.draw.rect(surface, PANEL_BG, pygame.Rect(px, py, pw, ph))
        t = self.text
        big = max(18, ph // 30)
        size = max(14, ph // 44)
        x, y, width = px + 12, py + 10, pw - 24
        surface.blit(t.render("Replay", big, GOLD, bold=True), (x, y))
        y += big + 2
        y = t.draw_wrapped(surface, Path(self.file).name, size, x, y, width, DIM)
        ended = not self.problem and self.action is None and self.source.at_end()
        state = "finished" if ended else ("playing" if self.playing else "paused")
        surface.blit(t.render(f"{self.source.position()} - {state} - x{self.speed:g}", size, WHITE),
                     (x, y))
        y += size + 6
        if self.problem:
            y = t.draw_wrapped(surface, self.problem, size, x, y, width, RED) + 4
        height = size + 12
        w = (width - 8) // 2
        self.buttons = [
            Button(pygame.Rect(x, y, w, height), "Pause (Space)" if self.playing else
                   "Play (Space)", lambda: self.key(pygame.K_SPACE)),
            Button(pygame.Rect(x + w + 8, y, w, height), "Next turn (N)", self.next_turn),
            Button(pygame.Rect(x, y + height + 6, w, height), "Slower (-)",
                   lambda: self.key(pygame.K_MINUS), self.speed_index > 0),
            Button(pygame.Rect(x + w + 8, y + height + 6, w, height), "Faster (+)",
                   lambda: self.key(pygame.K_PLUS), self.speed_index < len(SPEEDS) - 1),
            Button(pygame.Rect(x, y + 2 * (height + 6), w, height), "Previous turn (P)",
                   self.previous_turn, self.rebuild is not None),
        ]
        for b in self.buttons:
            draw_button(surface, t, b, size, b.rect.collidepoint(self.mouse))
        y += 3 * (height + 6) + 6
        game = self.source.game
        if game is None:
            return
        scores = game.scores()
        for player in range(game.players):
            color = SEAT_COLORS[game.seat_of(player)]
            pygame.draw.rect(surface, color, pygame.Rect(x, y + 2, 10, size))
            marker = " <" if player == game.current_player and not game.is_over else ""
            surface.blit(t.render(f"{self.source.names[player]}: {scores[player].total} pts"
                                  f"{marker}", size, WHITE, bold=True), (x + 16, y))
            y += size
            names = ", ".join(i.value for i in game.pile_ingredients(player)) or "no cards yet"
            y = t.draw_wrapped(surface, names, size - 2, x + 16, y, width - 16, DIM) + 4
        if game.is_over:
            winners = " and ".join(self.source.names[w] for w in game.winners())
            t.draw_wrapped(surface, f"Winner: {winners}", size, x, y + 4, width, GOLD)


def run_replay_window(path: str, args: argparse.Namespace) -> int:
    """Open the window on the replay file ``path`` (``args``: max_frames, screenshot)."""
    from wokphysics.ui.app import App, on_table, replay_window_options

    data = read_replay_json(path)
    source: Source = (TableSource(path, data) if data.get("format") == "wokphysics-table-replay"
                      else GameSource(path))
    options = replay_window_options(args, f"Wok on Fire replay - {Path(path).name}")

    def rebuild() -> Source:
        return TableSource(path, data) if isinstance(source, TableSource) else GameSource(path)

    def new_scene(renderer: TableRenderer, text: Text, app: App) -> ReplayScene:
        fresh = source if app_started[0] is False else rebuild()
        app_started[0] = True
        return ReplayScene(fresh, renderer, text, path, rebuild)

    app_started = [False]
    status = App(options, on_table(source.cfg, new_scene)).run()
    if options.screenshot is not None:
        print(f"screenshot saved to {options.screenshot}")
    return status
