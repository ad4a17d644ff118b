"""The mypyc-compiled engine that ``pip install .`` builds plays exactly the games of the
plain-Python source, and the source tree never holds a compiled module.

The suite imports this checkout's package (plain Python, measured for coverage); the
installed copy (site-packages, compiled when the install could compile) is reached from a
subprocess started with ``python -I``, which leaves the checkout off its path. With
``WOKPHYSICS_REQUIRE_COMPILED=1`` (set by .ci/run, whose ``pip install '.[test]'`` compiles)
a missing compiled install fails the comparison instead of skipping it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import wokphysics
from wokphysics.games.compiled import COMPILED, COMPILED_MODULES, INTERPRETED, compiled_file, engine

ROOT = Path(__file__).resolve().parent.parent
REQUIRE_ENV = "WOKPHYSICS_REQUIRE_COMPILED"

# Seeded games of the three turn-based games (their engines and bots are compiled, with the
# protocol, the random bot and the play-out loop), over their player counts, rules options
# and bots, each saved part way and played on from the loaded copy: the digest of its final
# state's JSON, its history's texts and its scores, printed one per line as JSON. Wok Star's
# rules options are the first-game ones (each alone, and all three) and the difficulties;
# We Will Wok You's include odd numbers of symbols to take a wok card.
GAMES = """
import hashlib, json
from wokphysics.games.registry import make_bot
from wokphysics.games.registry import new_game, state_from_json
from wokphysics.games.seeds import bot_seed
from wokphysics.games.wok_star.cards import default_config

def digest(game, players, seed, bots, config=None, label=""):
    state = new_game(game, players, seed, config)
    chooses = [make_bot(game, name, bot_seed(seed, k)).choose for k, name in enumerate(bots)]
    for _ in range(40):  # part way, then saved, loaded back and played on from the copy
        if state.current_player >= 0:
            state.apply(chooses[state.current_player](state))
    state = state_from_json(state.to_json())
    while state.current_player >= 0:
        state.apply(chooses[state.current_player](state))
    text = state.to_json() + "\\n" + "\\n".join(str(action) for action in state.history)
    text += "\\n" + json.dumps([state.scores(), state.winners()])
    return [game, players, seed, bots, label, hashlib.sha256(text.encode()).hexdigest()]

import pathlib, tempfile
odd_folder = pathlib.Path(tempfile.mkdtemp())
odd_needed = []  # We Will Wok You where a payment may end one over (rules-we-will-wok-you.md)
for needed in (1, 3, 5):
    path = odd_folder / f"needed-{needed}.toml"
    path.write_text(f"[rules]\\nsymbols_to_take_wok = {needed}\\n")
    odd_needed.append((needed, str(path)))
star = default_config()
star_options = {
    "full": star,
    "no timer": star.with_options(timer=False),
    "no events": star.with_options(events=False),
    "no characters": star.with_options(characters=False),
    "first game": star.with_options(timer=False, events=False, characters=False),
    "easy": star.with_options(difficulty="easy"),
    "hard": star.with_options(difficulty="hard"),
}
games = []
for seed in range(25):
    for expert in (False, True):
        label = "expert" if expert else "simple"
        games.append(digest("wok-and-roll", 4, seed, ["random"] * 4, {"expert": expert}, label))
        games.append(digest("wok-and-roll", 3, seed, ["greedy", "random", "random"],
                            {"expert": expert}, label))
    games.append(digest("wok-and-roll", 1 + seed % 5, seed, ["random"] * (1 + seed % 5)))
    for players in (2, 3, 4):
        games.append(digest("we-will-wok-you", players, seed, ["random"] * players))
    games.append(digest("we-will-wok-you", 3, seed, ["greedy", "random", "greedy"]))
    needed, path = odd_needed[seed % 3]
    games.append(digest("we-will-wok-you", 2 + seed % 3, seed,
                        ["random", "greedy", "random", "greedy"][: 2 + seed % 3], path,
                        f"needed {needed}"))
    for label, config in star_options.items():
        players = 1 + seed % 4
        games.append(digest("wok-star", players, seed, ["random"] * players, config, label))
    games.append(digest("wok-star", 2 + seed % 3, seed, ["team"] * (2 + seed % 3)))
print(json.dumps(games))
"""


# Wok on Fire's table and game (compiled too): live strokes of every kind a hand makes (steady,
# slide under then flick, flick from rest) at speeds across and above the band and depths
# under the edge, chops, dealt and crowded woks; the table's state hash and every card's
# visibility after each action; then 4-bot games (strong and weak bots) to the end: the
# game's state hash and result. One SHA-256 over all of it.
TABLE = """
import hashlib, json
import numpy as np
from wokphysics.config.wok_on_fire import load_config
from wokphysics.games.wok_on_fire.deal import dealt_table
from wokphysics.games.wok_on_fire.simulate import play_one
from wokphysics.table.bench import crowded_table
from wokphysics.table.gesture import Gesture
from wokphysics.table.strokes import HandStroke, flick_card

cfg = load_config()
digest = hashlib.sha256()
for seed in range(6):
    crowded = seed % 3 == 2
    table = crowded_table(cfg.physics, cfg.deck(), seed) if crowded else dealt_table(cfg, seed)
    rng = np.random.default_rng(seed)
    for action in range(12):
        cards = table.wok_cards()
        if action % 4 == 3 and table.supply:
            path = Gesture([(0.0, 0.0, -400.0), (0.1, 30.0 * rng.normal(), -300.0)])
            table.chop(path, int(rng.integers(4)), count=2)
        elif cards:
            card = cards[int(rng.integers(len(cards)))]
            kind = ("steady", "slide", "rest")[action % 3]
            stroke = HandStroke(kind, float(rng.uniform(300, 4000)),
                                depth_mm=float(rng.uniform(0, 90)))
            flick_card(table, card.id, float(rng.uniform(0, 6.28)), stroke, fps=60.0)
        digest.update(table.state_hash().encode())
        for seen in table.visibility().values():
            digest.update(repr(seen).encode())
for seed in range(1, 4):
    game = play_one(cfg, 4, seed, ("strong", "weak", "strong", "weak"))
    digest.update(game.state_hash().encode())
    digest.update(json.dumps(game.result, sort_keys=True).encode())
print(digest.hexdigest())
"""


def _run_installed(code: str) -> subprocess.CompletedProcess[str]:
    """``code`` run by this Python on the installed package (not this checkout's)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run(
        [sys.executable, "-I", "-c", code], cwd="/", env=env, capture_output=True, text=True,
        timeout=600,
    )


def test_the_build_compiles_the_modules_the_engine_names() -> None:
    """The build hook reads its list of files from COMPILED_MODULES (the one list, which
    engine() reads too), and each is a module of the package."""
    from hatch_build import compiled_files

    files = compiled_files(ROOT)
    assert [f.removesuffix(".py").replace("/", ".") for f in files] == list(COMPILED_MODULES)
    assert all((ROOT / f).is_file() for f in files)
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "include" not in config["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]
    assert all(compiled_file(name) is None for name in COMPILED_MODULES)  # the checkout's


def test_the_source_tree_holds_no_compiled_module() -> None:
    """A compiled module beside its .py would be imported in its place (Python prefers the
    extension module), so a stale one would run old code: the build removes them."""
    package = Path(wokphysics.__file__).parent
    found = sorted(p for pattern in ("*.so", "*.pyd") for p in package.rglob(pattern))
    assert not found, f"compiled modules in the source tree: {found}"
    assert not list(ROOT.glob("*__mypyc*")), "mypyc's shared library left in the checkout"


def _require_compiled_install() -> None:
    """Skip (or, with WOKPHYSICS_REQUIRE_COMPILED=1, fail) unless the installed package is a
    compiled build of exactly COMPILED_MODULES, apart from this checkout."""
    probe = _run_installed(
        "import wokphysics, pathlib, importlib.machinery as m\n"
        "from wokphysics.games.compiled import engine\n"
        "print(engine()); print(wokphysics.__file__)\n"
        "root = pathlib.Path(wokphysics.__file__).parent.parent\n"
        "found = [p.relative_to(root) for p in root.joinpath('wokphysics').rglob('*')\n"
        "         if p.name.endswith(tuple(m.EXTENSION_SUFFIXES))]\n"
        "print(' '.join(sorted(str(p).split('.')[0].replace('/', '.') for p in found)))"
    )
    installed = probe.stdout.splitlines()
    if probe.returncode or installed[0] != COMPILED:
        found = probe.stderr.strip().splitlines()[-1:] if probe.returncode else installed
        message = f"no compiled install of wokphysics to compare with ({found})"
        if os.environ.get(REQUIRE_ENV) == "1":
            pytest.fail(f"{message}, and {REQUIRE_ENV}=1 requires one")
        pytest.skip(message)
    assert Path(installed[1]).parent != Path(wokphysics.__file__).parent
    assert installed[2].split() == sorted(COMPILED_MODULES)  # those, and no other module
    assert engine() == INTERPRETED  # this process: the checkout, plain Python


def test_the_installed_compiled_engine_plays_the_source_trees_games() -> None:
    _require_compiled_install()
    done = _run_installed(GAMES)
    assert done.returncode == 0, done.stderr
    compiled = json.loads(done.stdout)
    namespace: dict[str, object] = {}
    exec(GAMES.replace("print(json.dumps(games))", ""), namespace)
    interpreted = namespace["games"]
    assert isinstance(interpreted, list) and len(interpreted) == 25 * 18
    for ours, theirs in zip(interpreted, compiled, strict=True):
        assert ours == theirs, f"the compiled engine played another game: {ours[:5]}"


def test_the_installed_compiled_table_plays_the_source_trees_physics() -> None:
    """Bit for bit: mypyc compiles the table's float arithmetic to C doubles, one operation
    at a time as Python does (no fused multiply-add), so every stroke, flight and game is the
    checkout's."""
    _require_compiled_install()
    done = _run_installed(TABLE)
    assert done.returncode == 0, done.stderr
    namespace: dict[str, object] = {}
    exec(TABLE.replace("print(digest.hexdigest())", ""), namespace)
    digest = namespace["digest"]
    assert hasattr(digest, "hexdigest")
    assert done.stdout.strip() == digest.hexdigest()
