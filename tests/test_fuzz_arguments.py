"""Random argument lists at every verb of ``wokphysics``: each run ends quickly in exit 0, 1 or 2,
with bounded memory and no traceback.

Every verb the parser knows is drawn (found by walking the parser, so a new verb is fuzzed
too), with random options from its own list, odd values (negative, huge, Unicode digits,
empty, paths that are folders or devices) and stray words. A few options are pinned so that a
run stays short: one game per simulation, no window left waiting for a person (``--max-frames``)
and no benchmark run in full.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import pytest
from fuzz_helpers import Verb, assert_clean_end, run_quietly, verbs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

VERBS = verbs()

ODD_VALUES = [
    "-1",
    "0",
    "1",
    "2",
    "99999999999999999999999",
    "1" * 5000,
    "²",
    "①",
    "1e3",
    "nan",
    "",
    "x",
    "strong,weak",
    "random",
    "1280x800",
    "0x0",
    "/dev/zero",
    "/",
    "no/such/file.toml",
    "a=1",
    "physics.dt_s=1e-12",
    "\x00",
]

PINS: tuple[tuple[str, str | None], ...] = (
    ("--games", "1"),
    ("--seeds", "1"),
    ("--wok-seeds", "1"),
    ("--speeds", "1700"),
    ("--angles", "0"),
    ("--no-cluster", None),
    ("--only", "nothing-matches-this"),
    ("--repeat", "1"),
    ("--max-frames", "2"),
    ("--no-save", None),
)
"""Options appended last to every command that offers them, so they win over a fuzzed value:
one game or flick per setting, in this process; no benchmark run in full; a window (the
launcher, play, replay) closes after two frames and writes no save. The runs stay short
whatever else is given."""


VERB_PINS: dict[tuple[str, ...], tuple[str, ...]] = {
    ("ladder", "we-will-wok-you"): ("--games", "2", "--bots", "random,greedy"),
    ("ladder", "wok-and-roll"): ("--games", "2", "--bots", "random,greedy"),
    ("ladder", "wok-star"): ("--bots", "team", "--players", "2", "--difficulty", "normal"),
    ("ladder", "wok-on-fire"): ("--games", "2", "--bots", "weak,strong"),
}
"""Options appended after the pins to one verb: a ladder of the bots that decide at once
(the search bots' games take seconds each), one setting of a team ladder."""

UNSAFE = {"--scheduler", "--workers", "--config", "--out", "--resume"}
"""Options not drawn here: a scheduler address would wait for a network; --workers starts
processes; configs and saved files are fuzzed by the file-reader test; a study's --out folder
gets plots (seconds of matplotlib per run, tested in tests/batch)."""


def _pinned(verb: Verb) -> list[str]:
    offered = {option for action in verb.options for option in action.option_strings}
    pins: list[str] = []
    for option, value in PINS:
        if option in offered:
            pins += [option] if value is None else [option, value]
    return pins + list(VERB_PINS.get(tuple(verb.words), ()))


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    verb = draw(st.sampled_from(VERBS))
    argv = list(verb.words)
    choices = [a for a in verb.options if not set(a.option_strings) & UNSAFE]
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.integers(0, 9))
        if kind == 0:
            argv.append(draw(st.sampled_from(["--nope", "-z", "--", "extra", "²"])))
            continue
        if not choices:
            continue
        action = draw(st.sampled_from(choices))
        if action.option_strings:
            argv.append(draw(st.sampled_from(action.option_strings)))
        if action.nargs != 0 and not isinstance(action, argparse._HelpAction):
            argv.append(draw(st.sampled_from(ODD_VALUES)))
    return argv + _pinned(verb)


@pytest.mark.slow
@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow])
@given(argv=command_lines())
def test_any_command_line_ends_cleanly(argv: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        assert_clean_end(run_quietly(argv, Path(folder)), argv)


def test_every_command_and_group_prints_its_help() -> None:
    """'wokphysics ladder --help' ended in a traceback: a '%' in a verb's help is a format
    directive to argparse. Every parser, groups of verbs included, formats its help."""
    from wokphysics.cli import build_parser

    def walk(parser: argparse.ArgumentParser, words: tuple[str, ...]) -> int:
        assert parser.format_help(), words
        return 1 + sum(walk(child, (*words, name)) for action in parser._actions
                       if isinstance(action, argparse._SubParsersAction)
                       for name, child in action.choices.items())

    assert walk(build_parser(), ()) > len({verb.words[:1] for verb in VERBS})


def test_every_verb_is_fuzzed() -> None:
    """The walk finds every verb of every game, and the pins keep the slow ones short."""
    names = {" ".join(verb.words) for verb in VERBS}
    wanted = {"", "replay", "bench", "play wok-on-fire", "simulate wok-star", "sweep flips"}
    assert wanted <= names
    for verb in VERBS:
        offered = {option for action in verb.options for option in action.option_strings}
        if verb.words[:1] in (("simulate",), ("sweep",), ("compare",), ("ladder",)):
            assert "--no-cluster" in _pinned(verb)
        if "--max-frames" in offered or verb.words[:1] in (("replay",), ("bench",)):
            assert _pinned(verb), verb.words
