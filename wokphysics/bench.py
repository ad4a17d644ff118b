"""``wokphysics bench``: named speed figures, each the median of repeated runs.

Figures come from the physics table (:mod:`wokphysics.table.bench`), each game's plugin
(``bench_figures``), the window's frame times and the batch runner
(:mod:`wokphysics.studies.bench`). Timing lives here, never in the
unit tests: the machine is shared and noisy, so medians are reported.
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable
from pathlib import Path

from wokphysics.errors import UserError
from wokphysics.timing import CONFIG_ENV

FigureSource = Callable[[int], dict[str, float]]

STUDY_SOURCE = "batch"
"""The figure source that needs the study tools (the batch runner on Dask)."""


def _sources() -> list[tuple[str, FigureSource]]:
    from wokphysics.games.registry import PLUGINS
    from wokphysics.studies.bench import bench_figures as batch_figures
    from wokphysics.table.bench import bench_figures as table_figures
    from wokphysics.ui.bench import bench_figures as ui_figures
    from wokphysics.ui.games_bench import bench_figures as games_window_figures
    from wokphysics.ui.wok_and_roll.bench import bench_figures as wok_and_roll_window_figures
    from wokphysics.ui.wok_star.bench import bench_figures as wok_star_window_figures

    sources: list[tuple[str, FigureSource]] = [("table", table_figures)]
    sources.extend((plugin.name, plugin.bench_figures) for plugin in PLUGINS)
    sources.append(("window", ui_figures))
    sources.append(("window-games", games_window_figures))
    sources.append(("window.wok-star", wok_star_window_figures))
    sources.append(("window.wok-and-roll", wok_and_roll_window_figures))
    sources.append((STUDY_SOURCE, batch_figures))
    return sources


_NAMED: dict[str, tuple[str, ...]] = {
    "window": ("window.flick", "window.live-drag", "window.input-speed", "window.bursty-flicks",
               "window.wok-on-fire.thinking"),
    "window-games": ("window.wwwy", "window.launcher", "window.we-will-wok-you.thinking",
                     "window.wok-and-roll.thinking"),
}
"""The starts of the figure names of a group whose figures are not all named by its label
(the others' are): ``--only window.wwwy`` runs the group window-games, which makes
``window.wwwy.*``, and not the group window, whose label it starts with."""


def _normal(name: str) -> str:
    """Figure and source names compared without caring for '-' versus '_'."""
    return name.replace("-", "_").lower()


def _chosen(sources: list[tuple[str, FigureSource]],
            wanted: str | None) -> list[tuple[str, FigureSource]]:
    """The sources whose figures ``--only`` (``wanted``, normalised) may name: the groups it
    starts, and the groups whose figure names (:data:`_NAMED`, else the label) it starts or
    starts in. ``--only window.wok-star`` is the group window.wok-star and not also the group
    window, whose label it starts with but none of whose figures it names (running window's
    50-card flicks to print none of them took half a minute); ``--only window.wwwy`` is the
    group window-games."""
    if not wanted:
        return sources

    def may_name(label: str) -> bool:
        starts = [_normal(start) for start in _NAMED.get(label, (label,))]
        return _normal(label).startswith(wanted) or any(
            wanted.startswith(start) or start.startswith(wanted) for start in starts
        )

    return [(label, source) for label, source in sources if may_name(label)]


def run_bench(args: argparse.Namespace) -> int:
    """Run every figure source (or those matching ``--only``), print and optionally save."""
    if args.repeat < 1:
        raise UserError(f"--repeat must be at least 1, not {args.repeat}")
    config_path = getattr(args, "config", None)
    if config_path is not None:
        from wokphysics.config.wok_on_fire import load_config

        load_config(config_path)  # a bad file stops here, with its one-line message
        os.environ[CONFIG_ENV] = str(config_path)
    results: dict[str, float] = {}
    wanted = _normal(args.only) if args.only else None
    labels = [label for label, _ in _sources()]
    if wanted and not any(_normal(label).startswith(wanted) or wanted.startswith(_normal(label))
                          for label in labels):
        raise UserError(f"no figure matches --only {args.only!r}; give a group "
                        f"({', '.join(labels)}) or a group and the start of a figure's name")
    from wokphysics.batch.tools import INSTALL, missing_study_tools, require_study_tools
    from wokphysics.games.compiled import engine

    light = bool(missing_study_tools())
    if light and wanted and (STUDY_SOURCE.startswith(wanted) or wanted.startswith(STUDY_SOURCE)):
        require_study_tools(f"bench --only {args.only}")
    # which engine the turn games run on (a mypyc-compiled install or plain Python)
    print(f"engine: {engine()}", flush=True)
    for label, source in _chosen(_sources(), wanted):
        key = _normal(label)
        print(f"[{label}]", flush=True)
        if light and label == STUDY_SOURCE:  # the runner's figures need Dask
            print(f"  skipped: the batch runner's figures need the study tools ({INSTALL})",
                  flush=True)
            continue
        for name, value in source(args.repeat).items():
            if wanted and not (key.startswith(wanted) or _normal(name).startswith(wanted)):
                continue
            results[name] = value
            print(f"  {name:<48} {value:>14.3f}", flush=True)
    if not results:
        raise UserError(f"no figure matches --only {args.only!r}")
    if args.json:
        path = Path(args.json)
        try:
            path.write_text(json.dumps(results, indent=2, sort_keys=True) + "\n")
        except OSError as error:
            raise UserError(f"{path}: cannot write the figures: {error.strerror}") from None
        print(f"figures written to {path}")
    return 0
