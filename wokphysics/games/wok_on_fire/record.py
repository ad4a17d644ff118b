"""Game records of Wok on Fire: saving and autosave, resume, replay and verify (format
``wokphysics-game-replay``). The engine knows nothing of files: :class:`Autosave` writes a
game when it is made and whenever a turn is over (the engine's ``on_turn_over``).

A record is JSON: a versioned header (format, version, Python/pymunk/numpy versions, config
hash, seed, dt, players, bots, starting player), the full config, and every turn's inputs with
the state hash after the turn, plus the unfinished turn's inputs. Floats are written with
Python's shortest round-tripping repr, so gestures come back exactly. Reading never executes
anything from the file (JSON only, every field's type checked); every problem is one
:class:`~wokphysics.errors.ReplayFileError` line.

>>> import tempfile
>>> from wokphysics.config.wok_on_fire import load_config
>>> from wokphysics.games.wok_on_fire.engine import WokOnFireGame
>>> path = Path(tempfile.mkdtemp()) / "game.json"
>>> game = WokOnFireGame(load_config(), 2, seed=3, bots=("strong", "weak"))
>>> saved = Autosave(game, path)
>>> verify_game_record(path)
(True, '0 turns verified, every state hash identical (unfinished game, 2 players)')
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wokphysics.config.wok_on_fire import WokOnFireConfig
from wokphysics.errors import IllegalAction, ReplayFileError, UserError
from wokphysics.games.wok_on_fire.bots import is_bot_label, offered_bots
from wokphysics.games.wok_on_fire.engine import (
    MAX_PLAYERS,
    Bonus,
    EngineAction,
    Pick,
    WokOnFireGame,
)
from wokphysics.games.wok_on_fire.info import GAME_RECORD_FORMAT
from wokphysics.records.files import (
    read_replay_json,
    require,
    require_known_keys,
    require_samples,
    versions,
)
from wokphysics.records.header import HEADER_FIELDS, check_header
from wokphysics.records.saving import SaveFailed, claim_to_resume, write_atomically
from wokphysics.table.gesture import Gesture, GestureError
from wokphysics.table.world import TableError

FORMAT = GAME_RECORD_FORMAT
VERSION = 1
INPUT_FIELDS = {
    "stir": "gesture",
    "pick": "picks",
    "bonus_order": "first",
    "give_to": "opponent",
    "chili": "card",
    "chop": "gesture",
}
"""Each input kind and the one field it carries besides ``kind``."""
INPUT_KINDS = tuple(INPUT_FIELDS)
RECORD_FIELDS = (
    *HEADER_FIELDS,
    "players",
    "bots",
    "starting_player",
    "turns",
    "current",
    "finished",
    "result",
)


def build_record(game: WokOnFireGame) -> dict[str, Any]:
    """The record of ``game`` as it stands (see the module docstring)."""
    cfg = game.cfg
    return {
        "format": FORMAT,
        "version": VERSION,
        **versions(),
        "config_hash": cfg.config_hash(),
        "seed": game.seed,
        "dt": cfg.physics.physics.dt_s,
        "players": game.players,
        "bots": list(game.bots),
        "starting_player": game.starting_player,
        "config": cfg.to_data(),
        "turns": game.turn_records,
        "current": game.current_inputs,
        "finished": game.is_over,
        "result": game.result,
    }


def write_record(data: dict[str, Any], path: Path) -> None:
    """Write ``data`` to ``path`` atomically: a crash or a full disk leaves the old file or the
    new one, never a part of either (see :func:`wokphysics.records.saving.write_atomically`)."""
    write_atomically(path, json.dumps(data, separators=(",", ":")) + "\n")


def save_game(game: WokOnFireGame, path: str | Path) -> None:
    """Write ``game``'s record to ``path`` (atomically, see :func:`write_record`)."""
    write_record(build_record(game), Path(path))


class Autosave:
    """Keeps ``game``'s record in ``path``: locked for this process (a UserError if another
    window plays it: two writers would overwrite each other's turns), written at once and
    whenever a turn is over, so a crash loses at most the turn under way. A write that fails
    at the end of a turn (a full disk) does not stop the game: :attr:`problem` says why until
    a later write succeeds, and the next turn tries again."""

    def __init__(self, game: WokOnFireGame, path: str | Path) -> None:
        self.game = game
        self.path = claim_to_resume(Path(path))
        self.problem: str | None = None
        """Why the game on disk is older than the game (None: it is the game as it is)."""
        game.on_turn_over = self._turn_over
        self.save()

    def _turn_over(self, game: WokOnFireGame) -> None:
        with contextlib.suppress(SaveFailed):
            self.save()

    def save(self) -> None:
        """Write the game as it is now (SaveFailed if it cannot be: :attr:`problem`)."""
        try:
            save_game(self.game, self.path)
        except SaveFailed as failure:
            self.problem = str(failure)
            raise
        self.problem = None


# ----------------------------------------------------------------------------- reading


@dataclass(frozen=True)
class RecordedTurn:
    player: int
    inputs: tuple[dict[str, Any], ...]
    hash: str


@dataclass(frozen=True)
class GameRecord:
    """A checked game record; :meth:`stepper` replays it in a fresh world."""

    file: str
    cfg: WokOnFireConfig
    seed: int
    players: int
    bots: tuple[str, ...]
    starting_player: int
    turns: tuple[RecordedTurn, ...]
    current: tuple[dict[str, Any], ...]
    finished: bool
    header: dict[str, Any]
    result: Any = None
    """The record's ``result`` as written (checked against the replayed game's)."""

    def new_game(self) -> WokOnFireGame:
        try:
            return WokOnFireGame(self.cfg, self.players, self.seed, self.starting_player, self.bots)
        except UserError as error:
            raise ReplayFileError(self.file, str(error)) from None

    def stepper(self) -> GameStepper:
        return GameStepper(self)


def _check_input(entry: Any, file: str, where: str) -> dict[str, Any]:
    if not isinstance(entry, dict):
        raise ReplayFileError(file, f"{where} must be an object")
    kind = require(entry, "kind", str, file, where + ".")
    if kind not in INPUT_KINDS:
        raise ReplayFileError(file, f"{where}.kind {kind!r} is not one of {', '.join(INPUT_KINDS)}")
    require_known_keys(entry, ("kind", INPUT_FIELDS[kind]), file, where)
    if kind in ("stir", "chop"):
        samples = require_samples(entry.get("gesture"), file, f"{where}.gesture")
        try:  # a gesture no stroke can make (t beyond 1e6 s) is a bad file, as in a table replay
            Gesture(samples)
        except GestureError as error:
            raise ReplayFileError(file, f"{where}.gesture: {error}") from None
    elif kind == "pick":
        picks = require(entry, "picks", list, file, where + ".")
        for index, pick in enumerate(picks):
            if (
                not isinstance(pick, list)
                or len(pick) != 2
                or not isinstance(pick[0], int)
                or isinstance(pick[0], bool)
                or not isinstance(pick[1], bool)
            ):
                raise ReplayFileError(file, f"{where}.picks[{index}] must be [card id, true/false]")
    elif kind == "bonus_order":
        first = require(entry, "first", str, file, where + ".")
        if first not in [b.value for b in Bonus]:
            raise ReplayFileError(file, f"{where}.first must be green_pepper or garlic")
    elif kind == "give_to":
        require(entry, "opponent", int, file, where + ".")
    elif kind == "chili":
        if "card" not in entry:
            raise ReplayFileError(file, f"missing field '{where}.card'")
        card = entry["card"]
        if card is not None and (not isinstance(card, int) or isinstance(card, bool)):
            raise ReplayFileError(file, f"field '{where}.card' must be an integer or null")
    return entry


def load_game_record(path: str | Path, data: dict[str, Any] | None = None) -> GameRecord:
    """Read and check a game record; every problem is one ReplayFileError line."""
    file = str(path)
    data = read_replay_json(path) if data is None else data
    seed, cfg = check_header(data, file, FORMAT, VERSION, "a Wok on Fire game record")
    require_known_keys(data, RECORD_FIELDS, file)
    players = require(data, "players", int, file)
    if not 1 <= players <= MAX_PLAYERS:
        raise ReplayFileError(file, f"players must be 1 to {MAX_PLAYERS}, not {players}")
    starting = require(data, "starting_player", int, file)
    bots = require(data, "bots", list, file)
    labels = ("person", *offered_bots(cfg))
    if len(bots) != players or not all(
        isinstance(b, str) and (b == "person" or is_bot_label(cfg, b)) for b in bots
    ):
        raise ReplayFileError(
            file, f"field 'bots' must list one label per player, each one of {', '.join(labels)}"
        )
    turns = []
    for index, entry in enumerate(require(data, "turns", list, file)):
        where = f"turns[{index}]"
        if not isinstance(entry, dict):
            raise ReplayFileError(file, f"{where} must be an object")
        require_known_keys(entry, ("player", "inputs", "hash"), file, where)
        player = require(entry, "player", int, file, where + ".")
        if not 0 <= player < players:
            raise ReplayFileError(file, f"{where}.player must be 0 to {players - 1}, not {player}")
        digest = require(entry, "hash", str, file, where + ".")
        inputs = require(entry, "inputs", list, file, where + ".")
        checked = tuple(
            _check_input(item, file, f"{where}.inputs[{k}]") for k, item in enumerate(inputs)
        )
        turns.append(RecordedTurn(player, checked, digest))
    current = require(data, "current", list, file)
    checked_current = tuple(
        _check_input(item, file, f"current[{k}]") for k, item in enumerate(current)
    )
    finished = require(data, "finished", bool, file)
    header = {
        key: data.get(key)
        for key in (
            "python",
            "pymunk",
            "numpy",
            "config_hash",
            "seed",
            "dt",
            "players",
            "bots",
            "starting_player",
        )
    }
    return GameRecord(
        file,
        cfg,
        seed,
        players,
        tuple(bots),
        starting,
        tuple(turns),
        checked_current,
        finished,
        header,
        data.get("result"),
    )


# ----------------------------------------------------------------------------- replaying


def apply_input(game: WokOnFireGame, entry: dict[str, Any]) -> None:
    """Give ``game`` one recorded input (already type-checked). Rules and table errors
    propagate (the caller names the turn)."""
    kind = entry["kind"]
    if kind == "stir":
        game.stir(Gesture(entry["gesture"]))
    elif kind == "chop":
        game.chop(Gesture(entry["gesture"]))
    elif kind == "pick":
        game.pick([Pick(card, blind) for card, blind in entry["picks"]])
    elif kind == "bonus_order":
        game.choose_bonus_order(Bonus(entry["first"]))
    elif kind == "give_to":
        game.give_to(entry["opponent"])
    elif entry["card"] is None:
        game.decline_chili()
    else:
        game.use_chili(entry["card"])


class Diverged(Exception):
    """A replayed turn did not reproduce its recorded hash, or an input was refused."""

    def __init__(self, turn: int, player: int, problem: str) -> None:
        self.turn = turn
        self.player = player
        self.problem = problem
        super().__init__(f"turn {turn + 1} (player {player + 1}) diverged: {problem}")


class GameStepper:
    """Steps a fresh game through a record, input by input or turn by turn (for a viewer)."""

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        self.game = record.new_game()
        self.turn_index = 0
        self.input_index = 0
        self._pending: EngineAction | None = None

    @property
    def turn_count(self) -> int:
        return len(self.record.turns)

    def _inputs(self) -> tuple[dict[str, Any], ...] | None:
        if self.turn_index < len(self.record.turns):
            return self.record.turns[self.turn_index].inputs
        if self.turn_index == len(self.record.turns):
            return self.record.current
        return None

    @property
    def at_end(self) -> bool:
        """Every recorded input has been applied."""
        self._settle()
        inputs = self._inputs()
        return inputs is None or (
            self.turn_index >= len(self.record.turns) and self.input_index >= len(inputs)
        )

    def peek(self) -> dict[str, Any] | None:
        """The next recorded input (a checked dict with ``"kind"``), or None at the end."""
        self._settle()
        inputs = self._inputs()
        if inputs is None or self.input_index >= len(inputs):
            return None
        return inputs[self.input_index]

    def next_input(self) -> bool:
        """Apply the next recorded input; False when none is left. At a turn's end its hash is
        checked (raises :class:`Diverged`)."""
        if self.at_end:
            return False
        action = self.begin_next()
        if action is not None:
            action.finish()
            self._settle()
        return True

    def begin_next(self) -> EngineAction | None:
        """Start the next recorded input: a stir or chop is returned running (step it with
        ``advance()`` to draw it); any other input is applied at once (None is returned).
        The turn's hash is checked once its last input has finished."""
        self._settle()
        entry = self.peek()
        if entry is None:
            return None
        player = self.game.current_player
        try:
            if entry["kind"] == "stir":
                action: EngineAction | None = self.game.begin_stir(Gesture(entry["gesture"]))
            elif entry["kind"] == "chop":
                action = self.game.begin_chop(Gesture(entry["gesture"]))
            else:
                apply_input(self.game, entry)
                action = None
        except (IllegalAction, GestureError, TableError) as error:
            raise Diverged(
                self.turn_index, player, f"input {self.input_index + 1} refused: {error}"
            ) from None
        self.input_index += 1
        self._pending = action
        self._settle_if_done()
        return action

    def settle(self) -> None:
        """Finish a running action and check the turn's hash if the turn is complete
        (raises Diverged on a mismatch)."""
        self._settle()

    def _settle(self) -> None:
        """Finish a running action and check the turn's hash if the turn is complete."""
        if self._pending is not None:
            self._pending.finish()
        self._settle_if_done()

    def _settle_if_done(self) -> None:
        if self._pending is not None and not self._pending.done:
            return
        self._pending = None
        if self.turn_index < len(self.record.turns) and self.input_index >= len(
            self.record.turns[self.turn_index].inputs
        ):
            self._finish_turn()

    def _finish_turn(self) -> None:
        recorded = self.record.turns[self.turn_index]
        done = self.game.turn_records
        if len(done) <= self.turn_index:
            raise Diverged(
                self.turn_index, recorded.player, "the recorded inputs did not finish the turn"
            )
        if done[self.turn_index]["player"] != recorded.player:
            raise Diverged(
                self.turn_index,
                recorded.player,
                f"it was player {done[self.turn_index]['player'] + 1}'s turn",
            )
        if done[self.turn_index]["hash"] != recorded.hash:
            raise Diverged(self.turn_index, recorded.player, "the state hash differs")
        self.turn_index += 1
        self.input_index = 0

    def next_turn(self) -> bool:
        """Replay to the end of the next recorded turn (hash checked); False at the end."""
        self._settle()
        start = self.turn_index
        if start >= len(self.record.turns):
            while self.next_input():
                pass
            return False
        while self.turn_index == start:
            if not self.next_input():
                return False
        return True

    def run(self, on_turn: Callable[[int], None] | None = None) -> None:
        """Replay everything (raises Diverged at the first mismatch)."""
        while self.next_turn():
            if on_turn is not None:
                on_turn(self.turn_index)


def verify_game_record(path: str | Path) -> tuple[bool, str]:
    """Replay a whole game record in a fresh world and compare the hashes turn by turn.

    Returns ``(True, message)`` when every turn matches, ``(False, message naming the first
    turn that diverged)`` otherwise. Raises ReplayFileError for a bad file.
    """
    record = load_game_record(path)
    stepper = GameStepper(record)
    try:
        stepper.run()
    except Diverged as divergence:
        return False, str(divergence)
    game = stepper.game
    status = "finished" if game.is_over else "unfinished"
    if record.finished and not game.is_over:
        return (
            False,
            f"the record says the game finished, but after {len(record.turns)} turns it has not",
        )
    if game.is_over and not record.finished:
        return False, (
            f"the record says the game is unfinished, but it ended after turn {len(record.turns)}"
        )
    replayed = json.loads(json.dumps(game.result))  # as written: tuples become lists
    if record.result != replayed:
        return False, (
            f"the record's result {_result_words(record.result)} is not the replayed game's "
            f"{_result_words(replayed)}"
        )
    return True, (
        f"{len(record.turns)} turns verified, every state hash identical "
        f"({status} game, {record.players} player{'s' if record.players > 1 else ''})"
    )


def _result_words(result: Any) -> str:
    """A record's ``result`` in a few words (it is unchecked JSON when it comes from a file)."""
    if result is None:
        return "(none: the game is not over)"
    if isinstance(result, dict):
        return f"(totals {result.get('totals')}, winners {result.get('winners')})"[:200]
    return f"({json.dumps(result)[:100]})"


def resume_game(path: str | Path) -> WokOnFireGame:
    """Rebuild the game recorded in ``path`` in a fresh world (the config from the file, the
    same seed), every recorded input replayed and each turn's hash checked, ready for its
    next input. Nothing is written: an :class:`Autosave` keeps it saved. A ReplayFileError for
    a bad file or a turn whose hash does not match."""
    record = load_game_record(path)
    stepper = GameStepper(record)
    try:
        stepper.run()
    except Diverged as divergence:
        raise ReplayFileError(str(path), f"cannot resume: {divergence}") from None
    return stepper.game
