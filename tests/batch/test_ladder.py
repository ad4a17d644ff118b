"""``wokphysics ladder GAME``: ratings with intervals from a round robin, team win rates with
paired differences, and the one-line refusals. The real ladders (400 games a pair) are in
docs/bots.md, reproduced by the commands given there; these run a few games each."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from cli_helpers import wokphysics

from wokphysics.studies.ladder import match_table
from wokphysics.studies.ratings import bradley_terry


def test_ratings_follow_the_results_with_intervals_that_narrow_with_more_games() -> None:
    even = bradley_terry(["a", "b"], {("a", "b"): (200.0, 400)}, anchor="b", anchor_rating=1000)
    assert even["a"].rating == pytest.approx(1000.0, abs=1e-6)
    assert even["b"].low == even["b"].high == 1000.0  # the anchor's rating is fixed
    # 3 to 1 odds are 400 log10(3) = 191 points; a pair's one drawn game moves it a little
    fit = bradley_terry(["a", "b"], {("a", "b"): (300.0, 400)}, anchor="b", anchor_rating=1000)
    assert fit["a"].rating == pytest.approx(1000 + 400 * math.log10(300.5 / 100.5), abs=0.01)
    assert fit["a"].low < fit["a"].rating < fit["a"].high and fit["a"].games == 400
    more = bradley_terry(["a", "b"], {("a", "b"): (3000.0, 4000)}, anchor="b")
    assert more["a"].high - more["a"].low < (fit["a"].high - fit["a"].low) / 2
    # a bot that won every game is placed, not pushed to infinity
    clean = bradley_terry(["a", "b", "c"], {("a", "b"): (400.0, 400), ("b", "c"): (200.0, 400),
                                            ("a", "c"): (400.0, 400)}, anchor="b")
    assert math.isfinite(clean["a"].rating) and clean["a"].rating > clean["c"].rating + 500
    assert clean["b"].rating == 1500.0


@pytest.mark.slow
def test_a_match_ladder_rates_every_bot_and_replays_bit_for_bit(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    summaries = []
    for run in ("one", "two"):
        outcome = wokphysics(capsys, monkeypatch, "ladder", "we-will-wok-you", "--bots",
                             "random,greedy,mcts:3", "--games", "4", "--no-cluster",
                             "--no-progress", "--out", str(tmp_path / run))
        assert outcome.status == 0, outcome.err
        summaries.append((tmp_path / run / "summary.json").read_text(encoding="utf-8"))
    assert summaries[0] == summaries[1]
    summary = json.loads(summaries[0])
    assert {row["bot"] for row in summary["ratings"]} == {"random", "greedy", "mcts:3"}
    assert all(row["games"] == 8 for row in summary["ratings"])  # 2 pairs x 4 games each
    assert [(p["a"], p["b"], p["games"]) for p in summary["pairs"]] == [
        ("random", "greedy", 4), ("random", "mcts:3", 4), ("greedy", "mcts:3", 4)]
    greedy = next(row for row in summary["ratings"] if row["bot"] == "greedy")
    assert greedy["rating"] == 1500.0 and greedy["low"] == greedy["high"]
    assert "greedy = 1500" in outcome.out and "seeds 1 to 2" in outcome.out
    assert match_table(summary, "title").splitlines()[0] == "title"


def test_a_team_ladder_compares_every_bot_with_the_first_on_the_same_seeds(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    outcome = wokphysics(capsys, monkeypatch, "ladder", "wok-star", "--bots", "team,random",
                         "--games", "3", "--players", "2", "--difficulty", "easy,hard",
                         "--no-cluster", "--no-progress", "--out", str(tmp_path / "team"))
    assert outcome.status == 0, outcome.err
    summary = json.loads((tmp_path / "team" / "summary.json").read_text(encoding="utf-8"))
    cells = {(c["bot"], c["players"], c["difficulty"]): c for c in summary["cells"]}
    assert set(cells) == {(bot, 2, level) for bot in ("team", "random")
                          for level in ("easy", "hard")}
    assert all(cell["games"] == 3 and cell["seeds"] == [1, 3] for cell in cells.values())
    assert "vs_first" not in cells[("team", 2, "easy")]
    versus = cells[("random", 2, "easy")]["vs_first"]
    won = cells[("random", 2, "easy")]["won"]["value"] - cells[("team", 2, "easy")]["won"]["value"]
    assert versus["value"] == pytest.approx(won) and versus["n"] == 3
    assert "2p easy" in outcome.out and "vs team" in outcome.out


def test_wok_on_fires_ladder_plays_its_matches_on_the_table(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    """Wok on Fire's matches are bot games on the physics table (its own pair task), with the
    turn games' records and table; strong is the anchor."""
    outcome = wokphysics(capsys, monkeypatch, "ladder", "wok-on-fire", "--bots", "weak,strong",
                         "--games", "2", "--no-cluster", "--no-progress",
                         "--out", str(tmp_path / "wof"))
    assert outcome.status == 0, outcome.err
    summary = json.loads((tmp_path / "wof" / "summary.json").read_text(encoding="utf-8"))
    assert [(p["a"], p["b"], p["games"]) for p in summary["pairs"]] == [("weak", "strong", 2)]
    strong = next(row for row in summary["ratings"] if row["bot"] == "strong")
    assert strong["rating"] == 1500.0
    assert "strong = 1500" in outcome.out and "seeds 1 to 1" in outcome.out


@pytest.mark.parametrize(("args", "words"), [
    (("wok-on-fire", "--bots", "strong,wizard"), "unknown bot 'wizard' for wok-on-fire"),
    (("wok-on-fire", "--bots", "strong,plan:0"), "1 to 100,000 iterations"),
    (("we-will-wok-you", "--games", "3"), "every deal is played twice"),
    (("we-will-wok-you", "--bots", "greedy"), "at least two bots"),
    (("we-will-wok-you", "--bots", "greedy,greedy"), "a bot is named twice"),
    (("we-will-wok-you", "--bots", "greedy,wizard"), "unknown bot 'wizard'"),
    (("we-will-wok-you", "--players", "3"), "2-player matches"),
    (("wok-star", "--difficulty", "fiendish"), "'fiendish' is not one of easy, normal, hard"),
    (("wok-and-roll", "--bots", "greedy,mcts:0"), "1 to 100,000 iterations"),
])
def test_a_ladder_refuses_in_one_line(capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch,
                                      args: tuple[str, ...], words: str) -> None:
    outcome = wokphysics(capsys, monkeypatch, "ladder", *args, "--no-cluster", "--no-progress")
    assert outcome.status == 2 and outcome.one_line_error, outcome.err
    assert words in outcome.err
