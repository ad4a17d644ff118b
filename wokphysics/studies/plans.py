"""From command-line options to a study definition, and from a definition to the study.

A *definition* is plain JSON data (saved in ``study.json``): the game, seed, games per
setting, player counts, bots, seat rotation and each variant's override document. Everything
a user gave is checked here, before any task starts, with the same one-line messages as
always; ``--resume DIR`` rebuilds the very same study from the saved definition.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from typing import Any

from wokphysics.batch.tasks import Study
from wokphysics.errors import UserError
from wokphysics.games.registry import plugin
from wokphysics.studies import configs
from wokphysics.studies.games import GameStudyPlan, Variant, game_study
from wokphysics.studies.kind import StudyKind
from wokphysics.studies.kinds import study_kind
from wokphysics.terminal.options import check_games, check_seed


def kind(game: str) -> StudyKind:
    """The study kind of the game called ``game`` (a UserError names an unknown one)."""
    return study_kind(plugin(game))


def player_list(text: str | int, game: str) -> list[int]:
    """``--players 4`` or ``--players 2,3,4``, each checked against the game's range."""
    parts = [text] if isinstance(text, int) else str(text).split(",")
    counts = []
    for part in parts:
        try:
            count = int(part)
        except ValueError:
            raise UserError(f"--players must be numbers like 4 or 2,3,4, not {text!r}") from None
        entry = plugin(game)
        low, high = entry.info.min_players, entry.info.max_players
        if not low <= count <= high:
            raise UserError(f"--players must be {low} to {high} for {entry.title}, not {count}")
        counts.append(count)
    if len(counts) != len(set(counts)):
        raise UserError(f"--players {text}: a player count is given twice")
    return counts


def _user_override(study_kind: StudyKind, path: str | None) -> dict[str, Any]:
    """The user's ``--config`` as data, validated by the game's loader first (so a problem
    names the user's file and key, as ``--config`` always has)."""
    study_kind.load(path)
    return configs.read_override(path, study_kind.files)


def simulate_definition(game: str, args: argparse.Namespace) -> dict[str, Any]:
    """The definition of ``simulate GAME`` with these options (everything checked)."""
    return _definition(game, args, [])


def sweep_definition(game: str, args: argparse.Namespace) -> dict[str, Any]:
    """The definition of ``sweep GAME --vary ...`` with these options (everything checked)."""
    if not args.vary:
        raise UserError("sweep needs at least one --vary KEY=V1,V2,...")
    return _definition(game, args, [configs.parse_vary(text) for text in args.vary])


def _definition(
    game: str, args: argparse.Namespace, varied: list[tuple[str, list[Any]]]
) -> dict[str, Any]:
    study_kind, players, bots = _seats(game, args)
    base = _user_override(study_kind, args.config)
    options, option_varied = study_kind.rules_options(args, base)
    base = configs.merge(base, options)
    all_varied = option_varied + varied
    variants: list[dict[str, Any]] = []
    for values in configs.combinations(all_varied) if all_varied else [{}]:
        document = configs.merge(base, configs.nested(values))
        text = configs.toml_text(document) if document else None
        configs.check_text(study_kind.load, text, "--vary" if varied else "config")
        variants.append(
            {"label": configs.label(values) if values else "default", "values": values,
             "config": text}
        )
    return _checked(game, args, study_kind, players, bots, {
        "replays": getattr(args, "replays", None),
        "variants": variants,
        "vary": [key for key, _ in varied] + [key for key, _ in option_varied],
    })


def compare_definition(game: str, args: argparse.Namespace) -> dict[str, Any]:
    """The definition of ``compare GAME A B``: a sweep of two variants, config file (or
    folder) A and config file B, each layered over the shipped config, on the same seeds."""
    study_kind, players, bots = _seats(game, args)
    variants: list[dict[str, Any]] = []
    for name, path in (("A", args.a), ("B", args.b)):
        document = _user_override(study_kind, path)
        text = configs.toml_text(document) if document else None
        variants.append({"label": f"{name}: {path}", "values": {"config": name},
                         "config": text})
    return _checked(game, args, study_kind, players, bots, {
        "replays": None,
        "variants": variants,
        "vary": [],
        "compare": [str(args.a), str(args.b)],
    })


def _seats(game: str, args: argparse.Namespace) -> tuple[StudyKind, list[int], list[str]]:
    """A study's kind, player counts and bots from its options (``--games`` checked too)."""
    study_kind = kind(game)
    check_games(args.games)
    players = study_kind.players(args)
    if players is None:
        given = args.players if args.players is not None else plugin(game).default_players
        players = player_list(given, game)
    return study_kind, players, study_kind.bots(args)


def _checked(
    game: str, args: argparse.Namespace, study_kind: StudyKind, players: list[int],
    bots: list[str], rest: dict[str, Any],
) -> dict[str, Any]:
    """The definition: the bots checked against the first variant's config, the seed, the
    options every study has, then ``rest`` (``replays``, ``variants``, ``vary``...)."""
    study_kind.check_bots(bots, configs.load_text(study_kind.load, rest["variants"][0]["config"]))
    seed = 1 if args.seed is None else check_seed(args.seed)
    return {
        "game": game,
        "seed": seed,
        "games": args.games,
        "players": players,
        "bots": bots,
        "rotate": bool(getattr(args, "rotate_seats", False)),
        **rest,
    }


def study(definition: Mapping[str, Any]) -> tuple[Study, StudyKind]:
    """The study a definition describes (from the command line or a ``study.json``)."""
    try:
        game = str(definition["game"])
        study_kind = kind(game)
        variants = [
            Variant(str(v["label"]), dict(v["values"]), v["config"])
            for v in definition["variants"]
        ]
        plan = GameStudyPlan(
            game=game,
            title=_title(game, definition),
            seed=int(definition["seed"]),
            games=int(definition["games"]),
            players=[int(p) for p in definition["players"]],
            bots=[str(b) for b in definition["bots"]],
            variants=variants,
            task_fn=study_kind.task_fn,
            load=study_kind.load,
            charts=study_kind.charts,
            rotate=bool(definition.get("rotate", False)),
            definition=definition,
            replays=definition.get("replays"),
            fairness=not study_kind.cooperative,
            measures=study_kind.measures,
        )
        # Checked as the command line checks them: a hand-edited study.json asking for 10**12
        # games used to build every task in memory before anything was said.
        check_games(plan.games)
        check_seed(plan.seed)
        player_list(",".join(str(count) for count in plan.players), game)
    except (KeyError, TypeError, ValueError) as error:
        raise UserError(f"study.json: not a game study definition ({error})") from None
    except UserError as error:
        raise UserError(f"study.json: its definition is not one the command line gives ({error})"
                        ) from None
    return game_study(plan), study_kind


def _title(game: str, definition: Mapping[str, Any]) -> str:
    players = ", ".join(str(p) for p in definition["players"])
    kind_of = ("comparison" if definition.get("compare")
               else "sweep" if len(definition["variants"]) > 1 else "study")
    return (
        f"{plugin(game).title} {kind_of}: {definition['games']} games per setting, "
        f"{players} players, bots {', '.join(definition['bots'])}"
    )


def variant_labels(definition: Mapping[str, Any]) -> Sequence[str]:
    return [str(v["label"]) for v in definition["variants"]]
