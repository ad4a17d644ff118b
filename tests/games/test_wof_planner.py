"""Wok on Fire's planning bot (``plan``, ``plan:N``): made by name with a budget, the same game
for the same seed, only the gestures and choices a person makes, nothing read that a player at
the table cannot see."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from wof_engine_helpers import CFG, swap_hidden_faces

from wokphysics.errors import UserError
from wokphysics.games.seeds import bot_seed
from wokphysics.games.wok_on_fire.bots import WokBot, bot_names, is_bot_label, make_wof_bot
from wokphysics.games.wok_on_fire.engine import EngineStroke, Expect, WokOnFireGame
from wokphysics.games.wok_on_fire.planner import PlanBot
from wokphysics.games.wok_on_fire.players import make_bot
from wokphysics.games.wok_on_fire.record import save_game, verify_game_record
from wokphysics.games.wok_on_fire.simulate import play_one


def test_the_planner_is_made_by_name_with_a_budget() -> None:
    default, small = make_bot(CFG, "plan", 1), make_bot(CFG, "plan:3", 1)
    assert isinstance(default, PlanBot) and isinstance(small, PlanBot)
    assert default.gestures == 8 and small.gestures == 3
    assert default.settings == CFG.bots["strong"]  # a strong hand, its noise and all
    assert "plan" in bot_names(CFG) and "plan:N" in bot_names(CFG)
    assert is_bot_label(CFG, "plan:16") and not is_bot_label(CFG, "plan:0")
    for bad, words in (("plan:0", "1 to 100,000"), ("plan:x", "whole number"),
                       ("wizard", "choose from: plan, plan:N, strong, weak")):
        with pytest.raises(UserError, match=words):
            make_bot(CFG, bad, 1)
    with pytest.raises(UserError, match="planning bot"):
        make_wof_bot(CFG, "plan", 1)  # the heuristic bots' maker does not make it


def _play(names: list[str], seed: int) -> WokOnFireGame:
    return play_one(CFG, 2, seed, names)


@pytest.mark.slow
def test_the_same_seed_plays_the_same_game() -> None:
    first, second = _play(["plan:2", "weak"], 5), _play(["plan:2", "weak"], 5)
    assert [t["hash"] for t in first.turn_records] == [t["hash"] for t in second.turn_records]
    assert first.state_hash() == second.state_hash()
    other = _play(["plan:2", "weak"], 6)
    assert other.state_hash() != first.state_hash()


def test_it_plays_through_a_persons_live_stroke_and_its_game_replays(tmp_path: Path) -> None:
    """Each of its stirs is the blade put down and moved once a physics step, as a person's
    pointer does (EngineStroke); the record of its game verifies like any other."""
    strokes: list[int] = []
    original = EngineStroke.move_to

    def counted(self: EngineStroke, x: float, y: float) -> None:
        strokes.append(1)
        original(self, x, y)

    game = WokOnFireGame(CFG, 2, 9, bots=("plan:2", "strong"))
    bots = [make_bot(CFG, name, bot_seed(9, p)) for p, name in enumerate(game.bots)]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(EngineStroke, "move_to", counted)
        for _ in range(40):
            if game.current_player == 0 and game.expect is Expect.STIR:
                before = len(strokes)
                bots[0].act(game)
                assert len(strokes) > before  # the blade moved step by step
            else:
                bots[game.current_player].act(game)
    path = tmp_path / "plan.json"
    save_game(game, path)
    ok, message = verify_game_record(str(path))
    assert ok, message


def _at_first_stir(seed: int) -> WokOnFireGame:
    return WokOnFireGame(CFG, 2, seed, bots=("plan", "strong"))


def test_what_it_cannot_see_does_not_change_its_decision() -> None:
    """Two games that differ only in the supply's order, or in which face-down cards are
    which, give the same candidates, the same values and the same flick."""
    base = _at_first_stir(11)
    reordered = _at_first_stir(11)
    reordered.table.supply.reverse()
    swapped = _at_first_stir(11)
    before = [swapped.ingredient(c.id) for c in swapped.table.wok_cards() if not c.face_up]
    swap_hidden_faces(swapped)
    after = [swapped.ingredient(c.id) for c in swapped.table.wok_cards() if not c.face_up]
    assert before != after and Counter(before) == Counter(after)
    assert swapped.state_hash() == base.state_hash()  # the table's physics is the same
    plans = []
    for game in (base, reordered, swapped):
        bot = make_bot(CFG, "plan", 3)
        assert isinstance(bot, PlanBot)
        plans.append((bot.choose(game), bot.plan_stir(game)))
    assert plans[0] == plans[1] == plans[2]


def test_what_it_cannot_see_does_not_change_its_chop() -> None:
    games = []
    for reverse in (False, True):
        game = WokOnFireGame(CFG, 2, 4, bots=("plan", "strong"))
        bots = [make_bot(CFG, "plan", 1), make_bot(CFG, "strong", 2)]
        while game.expect is not Expect.CHOP:
            bots[game.current_player].act(game)
        if reverse:
            game.table.supply.reverse()
        games.append((game, bots[0]))
    chops = [bot.plan_chop(game) for game, bot in games]
    assert chops[0] == chops[1]


@pytest.mark.slow
def test_it_plays_legal_gestures_only() -> None:
    game = _play(["plan:2", "plan:2"], 13)
    assert game.is_over
    game.check_invariants()
    limit = CFG.physics.spatula.max_speed_mm_s
    for turn in game.turn_records:
        for entry in turn["inputs"]:
            if entry["kind"] in ("stir", "chop"):
                samples = entry["gesture"]
                assert len(samples) >= 2
                speeds = [((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 / (t1 - t0)
                          for (t0, x0, y0), (t1, x1, y1) in zip(samples, samples[1:],
                                                                 strict=False)]
                assert max(speeds) <= limit * (1 + 1e-9)


def test_the_planners_bots_are_wok_bots() -> None:
    assert issubclass(PlanBot, WokBot)
