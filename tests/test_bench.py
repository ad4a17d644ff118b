"""``wokphysics bench`` runs as a user runs it and reports every figure it names.

Speeds are never asserted here (the machine is shared): these runs check that each figure
source works end to end, that its figures are named and finite, and that the counts a run
makes (engine steps, frames) are what a game's opening takes. Sources too slow for the suite
(the batch runner's Dask cluster, the 50-card flick window) run in ``wokphysics bench``.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from cli_helpers import wokphysics

from wokphysics.ui.input_bench import release_speed_errors


@pytest.mark.slow
@pytest.mark.parametrize(
    ("only", "prefix", "count"),
    [
        ("table", "table.", "table.steps_per_s_50_cards_spatula"),
        ("window.wok-star", "window.wok_star_", "window.wok_star_steps_per_run"),
        ("window.wok-and-roll", "window.wok_and_roll.", "window.wok_and_roll.steps_per_run"),
        ("window-games", "window.", "window.wwwy.steps_per_run"),
        ("window.wwwy", "window.wwwy.", "window.wwwy.steps_per_run"),
    ],
)
def test_a_bench_source_prints_and_saves_its_named_figures(
    only: str,
    prefix: str,
    count: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    saved = tmp_path / "figures.json"
    outcome = wokphysics(
        capsys, monkeypatch, "bench", "--repeat", "1", "--only", only, "--json", str(saved)
    )
    assert outcome.status == 0, outcome.err
    assert outcome.out.startswith("engine: ")  # compiled (mypyc) or interpreted
    figures = json.loads(saved.read_text())
    assert figures and all(name.startswith(prefix) for name in figures)
    assert all(math.isfinite(value) and value >= 0 for value in figures.values())
    assert figures[count] >= 1  # the run really stepped the engine or the table
    for name, value in figures.items():
        assert f"  {name}" in outcome.out and f"{value:.3f}" in outcome.out


def test_an_unknown_figure_prefix_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    outcome = wokphysics(capsys, monkeypatch, "bench", "--only", "nothing-like-this")
    assert outcome.status == 2 and outcome.one_line_error
    assert "no figure matches --only 'nothing-like-this'" in outcome.err
    # and it names the groups --only may start with
    for group in ("table", "we-will-wok-you", "wok-and-roll", "window", "batch"):
        assert group in outcome.err


def test_a_flick_release_speed_is_read_within_five_per_cent() -> None:
    """The input figure's measurement itself (virtual mouse at 60 fps, on virtual time so the
    machine's load cannot move it: it failed under load when the frames' real work counted):
    each flick's release speed read from the pointer's samples is within 5 % of the hand's
    (1-2 % here; the bench, on the machine's time, about 2 %)."""
    errors = release_speed_errors(60, 6, follow_wall=False)
    assert len(errors) == 6
    assert all(abs(error) < 0.05 for error in errors), errors
    assert errors == release_speed_errors(60, 6, follow_wall=False)  # the same every run


@pytest.mark.slow
def test_the_bursty_patterns_are_read_right_or_flagged_never_misread() -> None:
    """The bursty figure's measurement itself (on virtual time: the same every run): flicks
    from a 1000 Hz and a 125 Hz mouse while frames take up to 60 ms around the release and
    the events are held up before the queue; none is misread (off by more than 10 % and not
    flagged), and a flick's reading is flagged exactly when its stall passes a third of the
    release window."""
    from wokphysics.ui.input_bench import bursty_flicks, bursty_shares
    from wokphysics.ui.live_stroke import STALL_SHARE

    for hz in (1000.0, 125.0):
        flicks = bursty_flicks(8, seed=3, mouse_hz=hz)
        assert len(flicks) == 8
        assert bursty_shares(flicks)["misread_pct"] == 0.0, flicks
        assert all(f.flagged == (f.stall_s > STALL_SHARE * 0.03 + 1e-12) for f in flicks)
        assert any(not f.flagged for f in flicks) and any(f.flagged for f in flicks)
        assert flicks == bursty_flicks(8, seed=3, mouse_hz=hz)  # the same every run


def test_only_runs_the_groups_whose_figures_it_may_name() -> None:
    """``--only`` runs the groups it starts and the groups whose figures it may name:
    ``window.wok-star`` is not also the 50-card window's group (half a minute of flicks whose
    figures it would then throw away), and ``window.wwwy`` (the We Will Wok You window's
    figures, made by the group window-games) is not the group window."""
    from wokphysics.bench import _chosen, _normal, _sources

    def labels(only: str) -> list[str]:
        return [label for label, _ in _chosen(_sources(), _normal(only))]

    assert labels("window.wok-star") == ["window.wok-star"]
    assert labels("window.wok_and_roll.frame_ms") == ["window.wok-and-roll"]
    assert labels("window-games") == ["window-games"]
    assert labels("window.flick") == ["window"]
    assert labels("window") == ["window", "window-games", "window.wok-star",
                                "window.wok-and-roll"]
    assert labels("table") == ["table"]
    assert labels("window.wwwy") == ["window-games"]
    assert labels("window.launcher.frame_ms_p99") == ["window-games"]
    assert labels("window.we-will-wok-you.thinking") == ["window-games"]
    assert labels("window.wok_and_roll.thinking_frame_ms_p99") == ["window-games",
                                                                  "window.wok-and-roll"]
    assert labels("window.live_drag") == ["window"]
    assert labels("window.wok_on_fire.thinking_frame_ms_p99") == ["window"]
