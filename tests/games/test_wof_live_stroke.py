"""A stir played live through the engine (as the window and bots do) is recorded as the path
the blade followed, and the record replays and verifies bit for bit."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from wof_engine_helpers import CFG

from wokphysics.errors import IllegalAction
from wokphysics.games.wok_on_fire.engine import Expect, WokOnFireGame
from wokphysics.games.wok_on_fire.record import Autosave, verify_game_record

DT = CFG.physics.physics.dt_s


def _live_stir(game: WokOnFireGame, seed: int) -> list[list[float]]:
    """A hand that wanders towards the card nearest the centre and flicks: returns the path."""
    target = min(game.table.wok_cards(), key=lambda c: math.hypot(c.x, c.y))
    x, y = target.x + 20.0 * math.sin(seed), target.y - 150.0
    stroke = game.begin_stroke(x, y)
    for k in range(1, 30):
        speed = 300.0 + 45.0 * k
        x += 2.0 * math.cos(k / 3.0 + seed)
        y += speed * DT
        stroke.move_to(x, y)
        if k == 10:
            with pytest.raises(IllegalAction, match="still running"):
                game.chop(game.table.stroke_gesture(stroke.gesture))
    path = [list(sample) for sample in stroke.gesture.samples]
    stroke.release()
    return path


def test_a_live_stir_is_recorded_per_step_and_the_record_verifies(tmp_path: Path) -> None:
    record = tmp_path / "live.json"
    game = WokOnFireGame(CFG, 2, seed=4)
    saved = Autosave(game, record)
    paths = []
    for seed in range(3):
        if game.expect is not Expect.STIR:
            break
        paths.append(_live_stir(game, seed))
    assert paths
    saved.save()
    data = json.loads(record.read_text())
    inputs = [i for t in data["turns"] for i in t["inputs"]] + data["current"]
    assert [i["gesture"] for i in inputs if i["kind"] == "stir"] == paths
    assert all(len(p) == 30 and p[1][0] == DT for p in paths)
    ok, message = verify_game_record(record)
    assert ok, message
