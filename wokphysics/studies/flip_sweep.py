"""``wokphysics sweep flips``: how flicks flip cards, over speeds, angles, seeds and config
variants, on the batch runner.

It maps :func:`wokphysics.studies.flips.flip_trial` over every variant (``--vary``) x scenario
x approach angle x flick speed x seed, and writes the study folder (``tasks.csv``,
``summary.json``, the PNG plots and ``report.html``) with ``--out DIR``; it prints the band
table. This module stays light: the runner, the table and matplotlib are imported when the
command runs.
"""

from __future__ import annotations

import argparse
import math
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wokphysics.errors import UserError
from wokphysics.terminal.entry import VerbCommand

if TYPE_CHECKING:
    from wokphysics.batch.cluster import ClusterOptions
    from wokphysics.batch.results import Results

FLIPS_HELP = "how flicks flip cards: P(flip), travel and cards leaving the wok against " \
    "flick speed, release depth and approach angle, for steady strokes and a hand's, with plots"
DEFAULT_SPEEDS = "500,700:2400:100,2600,2800,3000:4000:250"
DEFAULT_ANGLES = "0,15,30,45,60,75,90"
DEFAULT_DEPTHS = "0:80:10"
DEFAULT_SLIDES = "0,10,20"
DEFAULT_GAPS = "0,5,10,15,20"
STUDY = "flips"
MAX_VALUES = 1000
"""The most speeds (or angles) one sweep takes: each is a whole grid of flicks."""
MAX_SEEDS = 100_000
"""The most ``--seeds`` (flicks per angle and speed) and ``--wok-seeds``: the task list is held
in memory, so a count past any patience is refused rather than planned."""


def flips_command() -> VerbCommand:
    """``wokphysics sweep flips [--speeds ...] [--angles ...] [--seeds N] [--vary K=V,...]``."""
    return VerbCommand(FLIPS_HELP, add_options, run)


def add_options(parser: argparse.ArgumentParser) -> None:
    """The sweep's options and the runner's."""
    from wokphysics.studies.run_options import add_runner_arguments

    parser.add_argument(
        "--speeds", default=DEFAULT_SPEEDS, metavar="LIST",
        help="flick speeds at release, mm/s: values and FROM:TO:STEP ranges, comma-"
        f"separated (default {DEFAULT_SPEEDS})",
    )
    parser.add_argument(
        "--angles", default=DEFAULT_ANGLES, metavar="LIST",
        help="approach angles to the card's long axis, degrees (0 to 90; the bands of "
        f"0, 45 and 90 must share a range; default {DEFAULT_ANGLES})",
    )
    parser.add_argument(
        "--seeds", type=int, default=20, metavar="N",
        help="flicks of a lone card per stroke, angle, depth and speed (default 20)",
    )
    parser.add_argument(
        "--wok-seeds", type=int, default=8, metavar="N",
        help="flicks into a dealt wok per band angle and speed, to count the cards a stir "
        "disturbs (default 8; 0 for none)",
    )
    parser.add_argument(
        "--depths", default=DEFAULT_DEPTHS, metavar="LIST",
        help="steady strokes: how far past the card's near edge the blade's leading edge is "
        f"at release, mm (0 to 120; default {DEFAULT_DEPTHS})",
    )
    parser.add_argument(
        "--strokes", default="steady,slide,rest", metavar="LIST",
        help="which strokes to make: steady (constant speed, released at each depth), slide "
        "(the rulebook's slow push under the edge, then a flick) and rest (a flick from "
        "rest before the edge); default steady,slide,rest",
    )
    parser.add_argument(
        "--slides", default=DEFAULT_SLIDES, metavar="LIST",
        help="slide strokes: how far under the edge the slow push goes before the flick, mm "
        f"(0 to 100; default {DEFAULT_SLIDES})",
    )
    parser.add_argument(
        "--gaps", default=DEFAULT_GAPS, metavar="LIST",
        help="rest strokes: how far before the edge the blade rests, mm (0 to 100; default "
        f"{DEFAULT_GAPS})",
    )
    parser.add_argument(
        "--fps", type=float, default=60.0, metavar="HZ",
        help="the pointer's rate: the blade follows the hand sampled this often, as the "
        "window follows a mouse (0: exactly, every physics step; default 60)",
    )
    parser.add_argument(
        "--vary", action="append", default=[], metavar="KEY=V1,V2,...",
        help="a config key (dotted, as in the TOML files, e.g. physics.friction or "
        "spatula.lift_ratio) and the values to try; repeat to cross keys",
    )
    parser.add_argument(
        "--config", default=None, metavar="PATH",
        help="a TOML file or folder the variants are layered over",
    )
    parser.add_argument("--seed", type=int, default=1, metavar="S",
                        help="study seed (default 1): task i is seeded S + i")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    add_runner_arguments(parser)


def parse_numbers(text: str, option: str, low: float, high: float) -> list[float]:
    """``"500,700:900:100"`` -> [500, 700, 800, 900]: values and inclusive ranges, each in
    ``[low, high]``; a UserError naming ``option`` otherwise."""
    values: list[float] = []
    for part in (p.strip() for p in text.split(",")):
        try:
            pieces = [float(x) for x in part.split(":")]
        except ValueError:
            raise UserError(
                f"{option} {text!r}: {part!r} is not a number or FROM:TO:STEP"
            ) from None
        if len(pieces) == 1:
            values.append(pieces[0])
        elif len(pieces) == 3 and pieces[2] > 0 and pieces[1] >= pieces[0]:
            start, stop, step = pieces
            for end in (start, stop):
                _check_range(option, end, low, high)
            count = math.floor((stop - start) / step + 1e-9)
            if count + 1 + len(values) > MAX_VALUES:
                raise UserError(f"{option} {text!r}: at most {MAX_VALUES} values; "
                                f"{part!r} gives {count + 1}")
            values.extend(round(start + step * k, 9) for k in range(count + 1))
        else:
            raise UserError(f"{option} {text!r}: a range is FROM:TO:STEP with STEP > 0 "
                            "and TO at least FROM")
    if len(values) > MAX_VALUES:
        raise UserError(f"{option} {text!r}: at most {MAX_VALUES} values")
    for value in values:
        _check_range(option, value, low, high)
    if len(set(values)) != len(values):
        raise UserError(f"{option} {text!r}: a value is given twice")
    return sorted(values)


def _check_range(option: str, value: float, low: float, high: float) -> None:
    if not (math.isfinite(value) and low <= value <= high):
        raise UserError(f"{option}: {value:g} is outside {low:g} to {high:g}")


def definition(args: argparse.Namespace) -> dict[str, Any]:
    """The study's definition (plain JSON, saved as study.json) from the options, every
    option and config variant checked first."""
    from wokphysics.config.wok_on_fire import load_config
    from wokphysics.studies import configs
    from wokphysics.terminal.options import check_seed

    speeds = parse_numbers(args.speeds, "--speeds", 50.0, 20000.0)
    angles = parse_numbers(args.angles, "--angles", 0.0, 90.0)
    for name, value, least in (("--seeds", args.seeds, 1), ("--wok-seeds", args.wok_seeds, 0)):
        if value < least:
            raise UserError(f"{name} must be at least {least}, not {value}")
        if value > MAX_SEEDS:  # the task list is held in memory: a huge count is refused
            raise UserError(f"{name} must be at most {MAX_SEEDS}, not {value}")
    depths = parse_numbers(args.depths, "--depths", 0.0, 120.0)
    slides = parse_numbers(args.slides, "--slides", 0.0, 100.0)
    gaps = parse_numbers(args.gaps, "--gaps", 0.0, 100.0)
    strokes = [s.strip() for s in args.strokes.split(",") if s.strip()]
    from wokphysics.table.strokes import KINDS

    for stroke in strokes:
        if stroke not in KINDS:
            raise UserError(f"--strokes {args.strokes!r}: {stroke!r} is not one of "
                            f"{', '.join(KINDS)}")
    if not strokes or len(set(strokes)) != len(strokes):
        raise UserError(f"--strokes {args.strokes!r}: name each of {', '.join(KINDS)} at most "
                        "once, at least one")
    if not (math.isfinite(args.fps) and (args.fps == 0.0 or 10.0 <= args.fps <= 1000.0)):
        raise UserError(f"--fps must be 0 (every physics step) or 10 to 1000, not {args.fps:g}")
    check_seed(args.seed)
    base = configs.read_override(args.config, ("physics.toml", "wok_on_fire.toml"))
    if args.config is not None:
        load_config(args.config)  # a bad file is one line naming the file and key
    varied = [configs.parse_vary(text) for text in args.vary]
    variants = []
    for values in configs.combinations(varied) if varied else [{}]:
        document = configs.merge(base, configs.nested(values))
        text = configs.toml_text(document) if document else None
        configs.check_text(load_config, text, "--vary" if values else "--config")
        variants.append({"label": configs.label(values) or "defaults", "override": text})
    return {
        "study": STUDY,
        "seed": args.seed,
        "speeds": speeds,
        "angles": angles,
        "seeds": args.seeds,
        "wok_seeds": args.wok_seeds,
        "depths": depths,
        "strokes": strokes,
        "slides": slides,
        "gaps": gaps,
        "fps": args.fps,
        "vary": [key for key, _ in varied],
        "variants": variants,
        "same_seeds": True,
    }


def study(spec: dict[str, Any]) -> Any:
    """The study of a definition."""
    from wokphysics.batch import Study
    from wokphysics.studies import flips

    labels = [str(v["label"]) for v in spec["variants"]]
    grid = flips.Grid(
        speeds=spec["speeds"],
        angles=spec["angles"],
        depths=spec.get("depths", [spec.get("under_mm", 15.0)]),
        seeds=int(spec["seeds"]),
        wok_seeds=int(spec["wok_seeds"]),
        strokes=spec.get("strokes", ["steady"]),
        slides=spec.get("slides", [10.0]),
        gaps=spec.get("gaps", [10.0]),
        fps=float(spec.get("fps", 0.0)),
    )
    params = flips.flip_params(grid, len(labels))
    # Every variant flicks the same cards from the same places and directions (its block of
    # the grid repeats the first's seeds), so the variants differ only in the varied keys.
    # (A study.json written before "same_seeds" keeps its own seeds, so it still resumes.)
    block = len(params) // len(labels) if spec.get("same_seeds") and len(labels) > 1 else 0
    return Study(
        name=STUDY,
        seed=int(spec["seed"]),
        params=params,
        task_fn=flips.flip_trial,
        context=flips.FlipContext(tuple(v["override"] for v in spec["variants"])),
        definition=spec,
        summarise=lambda columns: flips.summarise(columns, labels),
        plots=lambda columns, summary: flips.flip_plots(summary),
        title="How flicks flip cards",
        seed_every=block,
        text=flips.table,  # the flip bands: report.html had only the plots
    )


def run(args: argparse.Namespace) -> int:
    """Build (or reload with ``--resume``) the sweep, run it, print its band table."""
    from wokphysics.batch import ClusterOptions
    from wokphysics.batch.store import read_manifest
    from wokphysics.studies.run_options import refuse_study_options

    if args.out and args.resume:
        raise UserError("give --out DIR for a new study or --resume DIR for an old one, not both")
    cluster = ClusterOptions(
        workers=args.workers, scheduler=args.scheduler, in_process=args.no_cluster
    )
    cluster.check()
    folder: Path | None
    if args.resume:
        folder = Path(args.resume)
        spec: dict[str, Any] = read_manifest(folder)["definition"]
        if spec.get("study") != STUDY:
            raise UserError(f"{folder}: not a sweep of flips")
        refuse_study_options(args, add_options)
    else:
        folder = Path(args.out) if args.out else None
        spec = definition(args)
    sweep = study(spec)
    if folder is None and not cluster.in_process:
        # as a game study's (studies/commands.py): the records stream to a folder of the
        # command's own, and a fresh process prints the band table from there
        with tempfile.TemporaryDirectory(prefix="wokphysics-study-") as scratch:
            return _run_sweep(sweep, Path(scratch) / "study", cluster, args, kept=False)
    return _run_sweep(sweep, folder, cluster, args, kept=True)


def _run_sweep(sweep: Any, folder: Path | None, cluster: ClusterOptions,
               args: argparse.Namespace, kept: bool) -> int:
    """Run the sweep (into ``folder``: the person's when ``kept``, else the command's own,
    not mentioned) and print its band table; on a cluster the final files are written, and
    the table printed, by a fresh process (:mod:`wokphysics.studies.apart`)."""
    from wokphysics.batch import RunOptions, run_study
    from wokphysics.studies.apart import finish_apart
    from wokphysics.studies.run_options import interrupted_line, ran_where

    apart = folder is not None and not cluster.in_process
    options = RunOptions(cluster, progress=not args.no_progress, resume=bool(args.resume),
                         finish=not apart, kept=kept)
    results = run_study(sweep, folder, options)
    shown = folder if kept else None
    if results.interrupted:
        print(interrupted_line(len(results.columns), len(sweep), "flicks", shown),
              file=sys.stderr)
        return 130
    if apart and folder is not None:
        status = finish_apart(folder, write=kept)
        if status not in (0, 1):
            return status
        failed = status == 1
    else:
        show_table(results)
        failed = bool(results.failures)
    if shown is not None:
        ran = (f"{results.ran} flicks ran {ran_where(results.where)} in {results.seconds:.1f} s"
               if results.ran else "every flick was done before; none ran")
        print(f"study written to {shown}/ (report.html, summary.json, tasks.csv, PNG plots); "
              f"{ran}")
    return 1 if failed else 0


def show_table(results: Results) -> None:
    """Print the sweep's band table, and on standard error how many flicks failed."""
    from wokphysics.studies import flips

    print(flips.table(results.summary))
    if results.failures:
        print(f"{len(results.failures)} flick(s) failed twice", file=sys.stderr)
