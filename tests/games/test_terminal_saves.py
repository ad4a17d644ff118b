"""Terminal games save like the window (issue 27 part 5): an autosave after every turn, written
atomically to the window's file (``GAME-autosave.json``, ``--save FILE``, ``--no-save``),
``--resume FILE`` (a game saved in the window too, and the window resumes a game saved at the
prompt), the window's locks, and one-line refusals with exit status 2 for bad paths,
unreadable or mismatched saves and a finished game."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_helpers import Outcome, wokphysics

from wokphysics.games import wok_star
from wokphysics.games.registry import make_bot, new_game, turn_game_names
from wokphysics.games.wok_star.clock import WallClock
from wokphysics.games.wok_star.state import WokStarState
from wokphysics.replay.turn_record import read_record, verify_record, write_record
from wokphysics.terminal import saving

GAMES = turn_game_names()
"""The games played at the prompt (Wok on Fire is a physics table: the window only)."""


class _InstantClock(WallClock):
    """Wok Star's wall clock on a clock of its own that a wait moves on at once: the game
    keeps its times (each wait ends when it would at the table) without the test sleeping
    through the sand timers (40 s a run)."""

    def __init__(self, offset: float = 0.0) -> None:
        self._fake_now = 0.0
        super().__init__(self._read, self._skip, offset)

    def _read(self) -> float:
        return self._fake_now

    def _skip(self, seconds: float) -> None:
        self._fake_now += seconds


def _play(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, game: str,
          *options: str, moves: int = 12) -> Outcome:
    """``play GAME --terminal`` with ``moves`` times '1' typed (the first choice, always
    legal), then 'quit'."""
    return wokphysics(capsys, monkeypatch, "play", game, "--terminal", *options,
                      stdin="1\n" * moves + "quit\n")


@pytest.mark.checkout_only  # its clock subclasses Wok Star's WallClock, compiled in a build
@pytest.mark.parametrize("game", GAMES)
def test_a_terminal_game_autosaves_after_every_turn_and_resumes(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(wok_star.clock, "WallClock", _InstantClock)
    written: list[tuple[int, int]] = []  # (steps, player to act) at each write
    real_write = saving.write_record

    def counting(path: Path, name: str, seats: object, initial: object, state: object,
                 times: object = None) -> None:
        assert hasattr(state, "history")
        written.append((len(state.history), state.current_player))  # type: ignore[attr-defined]
        real_write(path, name, seats, initial, state, times)  # type: ignore[arg-type]

    monkeypatch.setattr(saving, "write_record", counting)
    first = _play(capsys, monkeypatch, game, "--seed", "2", "--players", "2", "--bots", "1")
    assert first.status == 0, first.err
    save = tmp_path / f"{game}-autosave.json"
    assert (f"the game is saved in {game}-autosave.json; continue it with:\n  wokphysics play "
            f"{game} --terminal --resume {game}-autosave.json\n") in first.out
    assert _too_wide(first.out) == []
    record = read_record(save)
    assert record.seats == ("person", "team" if game == "wok-star" else "greedy")
    assert not record.state.is_terminal() and len(record.state.history) > 3
    assert len(written) >= 3, "saved after every turn, not only when leaving"
    if game != "wok-star":  # Wok Star's turns are its cards: see its own test below
        replayed = record.initial.clone()
        turn_ends = []
        for action in record.state.history:
            player = replayed.current_player
            replayed.apply(action)
            if replayed.current_player != player:
                turn_ends.append((len(replayed.history), replayed.current_player))
        assert written[0] == (0, 0), "saved from the start"
        assert written[1:-1] == turn_ends, "one write at the end of each turn"
    assert written[-1] == (len(record.state.history), record.state.current_player)
    assert sorted(p.name for p in tmp_path.iterdir()) == [save.name], "no temporary or lock"

    again = _play(capsys, monkeypatch, game, "--resume", save.name, moves=6)
    assert again.status == 0, again.err
    assert f"resumed from {save.name} after {len(record.state.history)} steps" in \
        again.out.replace("\n", " ").replace("    ", "")
    resumed = read_record(save)
    assert resumed.state.history[:len(record.state.history)] == record.state.history
    assert len(resumed.state.history) > len(record.state.history)
    assert resumed.initial.to_json() == record.initial.to_json()
    assert verify_record(save)[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == [save.name]


@pytest.mark.parametrize("game", GAMES)
def test_the_window_resumes_a_terminal_game_and_the_terminal_a_window_game(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    played = _play(capsys, monkeypatch, game, "--seed", "5", "--players", "2", "--bots", "1",
                   "--save", "t.json")
    assert played.status == 0, played.err
    steps = len(read_record(tmp_path / "t.json").state.history)
    window = wokphysics(capsys, monkeypatch, "play", game, "--resume", "t.json",
                        "--max-frames", "2")
    assert window.status == 0, window.err
    assert len(read_record(tmp_path / "t.json").state.history) >= steps

    # a game the window saved (its own writer: the turn session's), resumed at the prompt
    if game == "wok-star":
        from wokphysics.ui.wok_star.session import StarSession

        star = StarSession.new(("person", "team"), 7, None, tmp_path / "w.json")
        star.advance(3.0)
        star.apply(star.state.legal_wok_star_actions()[0])
        star.close()
    else:
        from wokphysics.ui.turn.session import TurnSession

        session = TurnSession.new(game, ("person", "greedy"), 7, None, tmp_path / "w.json")
        session.apply(session.state.legal_actions()[0])
        session.autosave()
    before = read_record(tmp_path / "w.json").state.history
    resumed = _play(capsys, monkeypatch, game, "--resume", "w.json", moves=4)
    assert resumed.status == 0, resumed.err
    after = read_record(tmp_path / "w.json")
    assert after.state.history[:len(before)] == before and len(after.state.history) > \
        len(before)
    assert verify_record(tmp_path / "w.json")[0]


def test_wok_star_at_the_prompt_saves_each_steps_time_and_replays_exactly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The sand runs on the wall clock at the prompt: the save holds each step's game time,
    so the window (a step clock at those times) reaches the saved game exactly."""
    monkeypatch.chdir(tmp_path)
    played = _play(capsys, monkeypatch, "wok-star", "--seed", "4", "--players", "2",
                   "--bots", "1", moves=30)
    assert played.status == 0, played.err
    data = json.loads((tmp_path / "wok-star-autosave.json").read_text())
    assert len(data["times"]) == len(data["state"]["history"]) > 10
    assert data["times"] == sorted(data["times"])
    from wokphysics.ui.wok_star.record import read_record as read_star

    star = read_star(tmp_path / "wok-star-autosave.json")
    assert isinstance(star.state, WokStarState) and star.times == data["times"]


def _too_wide(out: str) -> list[str]:
    """The lines about the save wider than 80 columns, but for a command to type, which is
    printed whole on a line of its own (a file name may make it longer)."""
    return [line for line in out.splitlines() if "autosave" in line and len(line) > 80
            and not line.startswith("  wokphysics play ")]


def _refused(outcome: Outcome, *words: str) -> None:
    assert outcome.status == 2, outcome
    assert outcome.one_line_error, outcome.err
    for word in words:
        assert word in outcome.err, outcome.err


@pytest.mark.parametrize("game", GAMES)
def test_bad_saves_are_refused_in_one_line(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    other = next(name for name in GAMES if name != game)
    state = new_game(other, 2, 3)
    write_record(tmp_path / "other.json", other, ["person", "person"], state, state)
    finished = new_game(game, 2, 3)
    bots = [make_bot(game, "random", seat) for seat in range(2)]
    initial = finished.clone()
    while not finished.is_terminal():
        finished.apply(bots[finished.current_player].choose(finished))
    write_record(tmp_path / "over.json", game, ["person", "random"], initial, finished)
    (tmp_path / "cut.json").write_text((tmp_path / "other.json").read_text()[:300])

    _refused(_play(capsys, monkeypatch, game, "--resume", "missing.json"), "missing.json")
    _refused(_play(capsys, monkeypatch, game, "--resume", "cut.json"),
             "cut.json: truncated JSON")
    _refused(_play(capsys, monkeypatch, game, "--resume", "other.json"),
             f"other.json: a saved game of {other}, not {game}; resume it with: wokphysics "
             f"play {other} --terminal --resume other.json")
    _refused(_play(capsys, monkeypatch, game, "--resume", "over.json"),
             "over.json: this game of", "is over; watch it with: wokphysics replay over.json")
    _refused(_play(capsys, monkeypatch, game, "--resume", "other.json", "--players", "2",
                   "--bot", "random"),
             "--resume continues the saved game with its own players, seed and rules; drop "
             "--players and --bot")
    _refused(_play(capsys, monkeypatch, game, "--no-save", "--save", "x.json"),
             "--no-save and --save FILE contradict each other")
    (tmp_path / "folder").mkdir()
    for name, said in [
        ("no/such/folder/x.json", "--save no/such/folder/x.json: there is no folder "
         "no/such/folder; name a file in a folder that exists"),
        ("folder", "--save folder: names a folder; name a file in it, e.g. --save "
         "folder/game.json"),
        ("/dev/null", "--save /dev/null: not a regular file (a device or a pipe)"),
        ("", "--save needs a file name"),
    ]:
        _refused(_play(capsys, monkeypatch, game, "--save", name), said)
        _refused(wokphysics(capsys, monkeypatch, "play", game, "--save", name,
                            "--max-frames", "1"), said)  # the window's, the same
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "cut.json", "folder", "other.json", "over.json"], "a refused command writes no file"
    assert list((tmp_path / "folder").iterdir()) == []


@pytest.mark.parametrize("game", GAMES)
def test_a_new_terminal_game_keeps_another_unfinished_one(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    assert _play(capsys, monkeypatch, game, "--seed", "1", "--players", "2", "--bots",
                 "1").status == 0
    kept = (tmp_path / f"{game}-autosave.json").read_text()
    second = _play(capsys, monkeypatch, game, "--seed", "2", "--players", "2", "--bots", "1")
    assert second.status == 0, second.err
    assert (f"{game}-autosave.json holds another game (continue it with: wokphysics play "
            f"{game} --terminal --resume {game}-autosave.json); this game autosaves to "
            f"{game}-autosave-2.json") in " ".join(second.out.split())
    assert _too_wide(second.out) == []
    assert (tmp_path / f"{game}-autosave.json").read_text() == kept
    assert read_record(tmp_path / f"{game}-autosave-2.json").state.seed == 2


def test_no_save_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for game in GAMES:
        outcome = _play(capsys, monkeypatch, game, "--no-save", "--players", "2", "--bots", "1")
        assert outcome.status == 0 and "saved" not in outcome.out, outcome
    assert list(tmp_path.iterdir()) == []


def test_a_game_played_at_a_prompt_is_locked_against_a_second_player(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A terminal game holds its save's lock while it waits at the prompt: another terminal
    (or window) cannot resume it, and a new game there gets a new name."""
    monkeypatch.chdir(tmp_path)
    save = tmp_path / "held.json"
    holder = subprocess.Popen(
        [sys.executable, "-m", "wokphysics.cli", "play", "we-will-wok-you", "--terminal",
         "--players", "2", "--bots", "1", "--seed", "3", "--save", str(save)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # this checkout's package: conftest.py puts it on the PYTHONPATH of what tests start
    try:
        lock = tmp_path / "held.json.lock"
        for _ in range(600):  # the game claims (locks) its file, then writes it
            if (lock.exists() and save.exists()) or holder.poll() is not None:
                break
            time.sleep(0.05)
        assert lock.exists() and save.exists(), holder.communicate("")
        _refused(_play(capsys, monkeypatch, "we-will-wok-you", "--resume", "held.json"),
                 "held.json: another wokphysics window or terminal is playing this game; "
                 "close it first")
        window = wokphysics(capsys, monkeypatch, "play", "we-will-wok-you", "--resume",
                            "held.json", "--max-frames", "1")
        _refused(window, "another wokphysics window or terminal is playing this game")
        fresh = _play(capsys, monkeypatch, "we-will-wok-you", "--save", "held.json",
                      "--players", "2", "--bots", "1")
        assert fresh.status == 0 and "this game autosaves to held-2.json" in fresh.out, fresh
    finally:
        out, err = holder.communicate("quit\n")
    assert holder.returncode == 0, err
    assert "the game is saved in" in out and not lock.exists()


def test_wok_star_at_the_prompt_saves_after_every_turn_as_the_window() -> None:
    """A turn of Wok Star is a card of the Action phase, or a step of the others (the
    window's autosave, ``turn_key``): one write each, and every step's time kept."""
    from wokphysics.games.wok_star.timeline import turn_key
    from wokphysics.terminal.wok_star.play import StarAutosave

    state = new_game("wok-star", 2, 6)
    assert isinstance(state, WokStarState)
    bots = [make_bot("wok-star", "team", seat) for seat in range(2)]
    writes: list[int] = []
    times: list[float] = []
    autosave = StarAutosave(state, times, lambda saved: writes.append(len(saved.history)))
    turns = []
    key = turn_key(state)
    while not state.is_terminal():
        state.apply(bots[state.current_player].choose(state))
        autosave()
        if state.is_terminal() or turn_key(state) != key:
            key = turn_key(state)
            turns.append(len(state.history))
    assert writes == turns and len(writes) > 50
    assert times == sorted(times) and len(times) == len(state.history)


@pytest.mark.parametrize("game", ["we-will-wok-you", "wok-and-roll"])
def test_ctrl_c_at_the_prompt_saves_the_turn_under_way(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ctrl-C leaves as the window's does: the game is saved as it stands (its line printed
    below the prompt, not after it), then 'interrupted', exit status 130."""
    import io

    from wokphysics.cli import main

    class Keyboard(io.StringIO):
        """Three moves typed, then Ctrl-C."""

        def readline(self, size: int | None = -1) -> str:
            line = super().readline()
            if not line:
                raise KeyboardInterrupt
            return line

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", Keyboard("1\n1\n1\n"))
    status = main(["play", game, "--terminal", "--players", "2", "--bots", "1", "--seed", "3"])
    out, err = capsys.readouterr()
    outcome = Outcome(status, out, err)
    assert outcome.status == 130 and "wokphysics: interrupted" in outcome.err
    assert outcome.out.endswith(f"\nthe game is saved in {game}-autosave.json; continue it "
                                f"with:\n  wokphysics play {game} --terminal --resume "
                                f"{game}-autosave.json\n")
    saved = read_record(tmp_path / f"{game}-autosave.json").state
    replayed = read_record(tmp_path / f"{game}-autosave.json").initial.clone()
    people = 0
    for action in saved.history:
        people += replayed.current_player == 0
        replayed.apply(action)
    assert people >= 2 and replayed.current_player == 0, "saved at the person's prompt"


def test_a_failed_write_is_said_once_and_the_game_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A full disk: the game goes on, the failure said once (not after every turn), and the
    next write that succeeds clears it (as the window shows its save problem until then)."""
    from wokphysics.records.saving import SaveFailed

    state = new_game("we-will-wok-you", 2, 3)
    said: list[str] = []
    save = saving.TerminalSave(tmp_path / "g.json", "we-will-wok-you", ("person", "greedy"),
                               state.clone(), say=said.append)
    full = True

    def write(*args: object) -> None:
        if full:
            raise SaveFailed(tmp_path / "g.json", "No space left on device")
        write_record(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(saving, "write_record", write)
    save.write(state)
    save.write(state)
    assert said == [f"wokphysics: {tmp_path / 'g.json'}: cannot write the save file: No space "
                    "left on device; the game goes on and is saved again after the next turn"]
    assert save.problem is not None and not (tmp_path / "g.json").exists()
    full = False
    save.write(state)
    assert save.problem is None and read_record(tmp_path / "g.json").state.seed == 3
