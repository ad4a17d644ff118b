"""The flip bands: the flick speeds that flip a lone card at least 80 % of the time, by the
angle between the flick and the card's long axis and by how far the blade's leading edge is
under the card at the release (its *depth*), as measured by ``wokphysics sweep flips`` for
the shipped physics config.

A catch near the card's edge spins it over its far edge at lower speeds; a catch under its
centre lifts it flat (no speed flips it: there is no band); a deep catch past the centre
flips it back over. The window marks the band at the blade's depth on the drag gauge for the
card ahead, and the practice chart shades it. The numbers belong to one physics config (by
its fingerprint): for any other (a user's tuned ``--config``) the bands are unknown and the
gauge shows the speed and depth alone, rather than bands the physics no longer has.

The measured bands are data, ``flip_bands.json`` beside this module, written from a sweep's
``summary.json`` by ``python -m wokphysics.ui.wok_on_fire.flip_band SUMMARY.json`` (see
:func:`main`). No pygame here.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wokphysics.table.cards import Card

DATA_FILE = Path(__file__).with_name("flip_bands.json")
"""The measured bands, by physics fingerprint (written by :func:`main`)."""
FORMAT = "wokphysics-flip-bands"
VERSION = 1


@dataclass(frozen=True)
class Band:
    """Speeds (mm/s) from ``low`` to ``high``."""

    low: float
    high: float

    @property
    def ratio(self) -> float:
        return self.high / self.low


@dataclass(frozen=True)
class FlipBands:
    """Measured bands on a grid of approach angles (degrees from the card's long axis,
    0..90) and depths under the card's near edge (mm): ``grid[i][j]`` is the band at
    ``angles[i]`` and ``depths[j]``, None where no swept speed flips 80 % of cards."""

    angles: tuple[float, ...]
    depths: tuple[float, ...]
    grid: tuple[tuple[Band | None, ...], ...]
    measured_by: str = ""
    """How the bands were measured (the sweep's command)."""

    def __post_init__(self) -> None:
        if not self.angles or not self.depths:
            raise ValueError("flip bands need at least one angle and one depth")
        if list(self.angles) != sorted(set(self.angles)) or \
                list(self.depths) != sorted(set(self.depths)):
            raise ValueError("flip bands' angles and depths must rise")
        if len(self.grid) != len(self.angles) or any(
                len(row) != len(self.depths) for row in self.grid):
            raise ValueError("flip bands' grid must have a band (or None) per angle and depth")

    # ------------------------------------------------------------------ reading
    def at(self, angle_deg: float, depth_mm: float) -> Band | None:
        """The band at an angle and depth: interpolated (bilinearly, each end of the band)
        between the measured angles and depths around it; None when any of those measured
        points that count has no band (there the gauge claims none). Outside the measured
        range the angle and depth are held at its ends."""
        weights = [(i, j, wa * wd)
                   for i, wa in _between(self.angles, angle_deg)
                   for j, wd in _between(self.depths, depth_mm)]
        low = high = 0.0
        for i, j, weight in weights:
            if weight <= 0.0:
                continue
            band = self.grid[i][j]
            if band is None:
                return None
            low += weight * band.low
            high += weight * band.high
        return Band(low, high)

    def best(self, angle_deg: float) -> tuple[float, Band] | None:
        """The measured depth with the widest band (by speed ratio; the shallower of equal
        ones) at this angle, and that band; None when no depth has one."""
        found: tuple[float, Band] | None = None
        for depth in self.depths:
            band = self.at(angle_deg, depth)
            if band is not None and (found is None or band.ratio > found[1].ratio + 1e-12):
                found = (depth, band)
        return found

    def depth_runs(self, angle_deg: float) -> list[tuple[float, float]]:
        """The runs of measured depths (mm, first and last) that have a band at this angle,
        shallowest first."""
        runs: list[tuple[float, float]] = []
        start: float | None = None
        last = 0.0
        for depth in self.depths:
            if self.at(angle_deg, depth) is not None:
                start = depth if start is None else start
                last = depth
            elif start is not None:
                runs.append((start, last))
                start = None
        if start is not None:
            runs.append((start, last))
        return runs

    def shared(self) -> tuple[float, Band] | None:
        """The widest band every measured angle shares at one measured depth (the shallower
        of equal ones), and that depth."""
        found: tuple[float, Band] | None = None
        for j, depth in enumerate(self.depths):
            column = [row[j] for row in self.grid]
            if any(band is None for band in column):
                continue
            low = max(band.low for band in column if band is not None)
            high = min(band.high for band in column if band is not None)
            if high >= low and (found is None or high / low > found[1].ratio + 1e-12):
                found = (depth, Band(low, high))
        return found

    def describe(self) -> str:
        """The bands at each headline angle's best depth, in words, as the help, the README
        and docs/ui.md give them: "lengthwise 1.20-1.60 m/s 40 mm under, at 45 degrees
        1.10-1.60 m/s 50 mm under, crosswise 1.20-1.90 m/s 30 mm under (every angle:
        1.20-1.60 m/s 40 mm under)" (the angles of ``HEADLINE_ANGLES`` that were measured;
        the gauge uses every angle and depth)."""
        names = {0.0: "lengthwise", 90.0: "crosswise"}
        parts = []
        for angle in self.angles:
            if angle not in HEADLINE_ANGLES:
                continue
            name = names.get(angle, f"at {angle:.0f} degrees")
            best = self.best(angle)
            parts.append(f"{name}: no band" if best is None
                         else f"{name} {metres(best[1])} {best[0]:.0f} mm under")
        text = ", ".join(parts)
        shared = self.shared()
        if shared is not None:
            text += f" (every angle: {metres(shared[1])} {shared[0]:.0f} mm under)"
        return text

    # ------------------------------------------------------------------ data
    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> FlipBands:
        """From the data file's entry for one physics config (see :func:`entry`)."""
        angles = tuple(float(a) for a in data["angles"])
        depths = tuple(float(d) for d in data["depths"])
        grid = tuple(tuple(None if cell is None else Band(float(cell[0]), float(cell[1]))
                           for cell in row) for row in data["grid"])
        return cls(angles, depths, grid, str(data.get("measured_by", "")))

    def to_data(self) -> dict[str, Any]:
        return {
            "measured_by": self.measured_by,
            "angles": list(self.angles),
            "depths": list(self.depths),
            "grid": [[None if band is None else [band.low, band.high] for band in row]
                     for row in self.grid],
        }


def _between(points: Sequence[float], value: float) -> list[tuple[int, float]]:
    """The indices of the measured points around ``value`` (held to their range) with their
    linear weights."""
    if value <= points[0]:
        return [(0, 1.0)]
    if value >= points[-1]:
        return [(len(points) - 1, 1.0)]
    for index in range(len(points) - 1):
        a, b = points[index], points[index + 1]
        if a <= value <= b:
            share = (value - a) / (b - a)
            return [(index, 1.0 - share), (index + 1, share)]
    return [(len(points) - 1, 1.0)]  # not reached: the points rise


HEADLINE_ANGLES = (0.0, 45.0, 90.0)
"""The approach angles the help, the README and docs/ui.md name (the issue's three)."""


def metres(band: Band) -> str:
    """"1.20-1.60 m/s"."""
    return f"{band.low / 1000.0:.2f}-{band.high / 1000.0:.2f} m/s"


# ---------------------------------------------------------------------- the card ahead
def approach_angle(card: Card, dx: float, dy: float) -> float:
    """The angle (degrees, 0..90) between a motion (dx, dy) and the card's long axis (its
    local y): 0 = lengthwise, 90 = crosswise."""
    norm = math.hypot(dx, dy)
    if norm < 1e-12:
        return 0.0
    ax, ay = -math.sin(card.angle), math.cos(card.angle)
    cosine = abs(dx * ax + dy * ay) / norm
    return math.degrees(math.acos(min(1.0, cosine)))


def card_ahead(cards: list[Card], x: float, y: float, dx: float, dy: float,
               half_blade_mm: float, reach_mm: float) -> Card | None:
    """The lying card the blade at (x, y) moving along (dx, dy) meets first within
    ``reach_mm``: its centre ahead of the blade, within the blade's half width plus the
    card's half diagonal to the side (the topmost of equally near ones)."""
    norm = math.hypot(dx, dy)
    if norm < 1e-9:
        return None
    nx, ny = dx / norm, dy / norm
    best: tuple[float, int, int, Card] | None = None
    for card in cards:
        if card.location != "wok" or card.airborne:
            continue
        ox, oy = card.x - x, card.y - y
        along = ox * nx + oy * ny
        side = abs(-ox * ny + oy * nx)
        if -20.0 <= along <= reach_mm and side <= half_blade_mm:
            key = (round(along / 10.0), -card.layer, -card.stack_order, card)
            if best is None or key[:3] < best[:3]:
                best = key
    return best[3] if best is not None else None


def depth_under(card: Card, x: float, y: float, fx: float, fy: float, width_mm: float,
                length_mm: float) -> tuple[float, float]:
    """How far a blade whose leading edge's midpoint is (x, y), facing the unit direction
    (fx, fy), is under a lying card: (depth, extent), mm. The depth is how far its leading
    edge lies past the card's nearest point along its facing (negative: still that far
    before the card's near edge), at most the card's extent along the facing (as the
    physics measures it, ``Stroke.depths``)."""
    c, s = math.cos(card.angle), math.sin(card.angle)
    hw, hl = width_mm / 2.0, length_mm / 2.0
    along = [(card.x + c * lx - s * ly) * fx + (card.y + s * lx + c * ly) * fy
             for lx, ly in ((-hw, -hl), (hw, -hl), (hw, hl), (-hw, hl))]
    extent = max(along) - min(along)
    return min(x * fx + y * fy - min(along), extent), extent


# ---------------------------------------------------------------------- the physics config
FLICK_SECTIONS = ("card", "physics", "spatula", "table", "wok")
"""The physics config's sections a flick's outcome depends on (not [chop], not [visibility])."""


def physics_fingerprint(physics_data: Mapping[str, object]) -> str:
    """SHA-256 (hex) of the flick's sections of a physics config's data
    (``cfg.physics.model_dump(mode="json")``), canonical JSON."""
    import hashlib

    relevant = {key: physics_data[key] for key in FLICK_SECTIONS if key in physics_data}
    text = json.dumps(relevant, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


@functools.cache
def measured(path: Path = DATA_FILE) -> dict[str, FlipBands]:
    """The bands in the data file, by physics fingerprint (none if it is missing)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise ValueError(f"{path}: not a version {VERSION} flip bands file")
    return {key: FlipBands.from_data(entry) for key, entry in data["bands"].items()}


def bands_for(physics_data: Mapping[str, object]) -> FlipBands | None:
    """The measured bands of this physics config, or None when it was never measured."""
    return measured().get(physics_fingerprint(physics_data))


# ---------------------------------------------------------------------- writing the data
def from_summary(variant: Mapping[str, Any], measured_by: str) -> FlipBands:
    """The bands of one variant of a flips sweep's ``summary.json`` (its ``bands``: by angle,
    by depth, ``[low, high, ratio]`` or null)."""
    if "bands" not in variant:
        raise ValueError("the sweep has no steady strokes of lone cards (--strokes steady): "
                         "no bands by angle and depth")
    table = variant["bands"]
    angles = sorted(float(a) for a in table)
    depths = sorted({float(d) for row in table.values() for d in row})
    grid = []
    for angle in angles:
        row = table[f"{angle:g}"]
        cells: list[Band | None] = []
        for depth in depths:
            cell = row.get(f"{depth:g}")
            cells.append(None if cell is None else Band(float(cell[0]), float(cell[1])))
        grid.append(tuple(cells))
    return FlipBands(tuple(angles), tuple(depths), tuple(grid), measured_by)


def data_text(bands: Mapping[str, FlipBands]) -> str:
    """The data file's text: JSON, one line per angle's row of bands."""
    entries = []
    for fingerprint, entry in bands.items():
        data = entry.to_data()
        rows = ",\n    ".join(json.dumps(row) for row in data["grid"])
        entries.append(
            f'  {json.dumps(fingerprint)}: {{\n'
            f'   "measured_by": {json.dumps(data["measured_by"])},\n'
            f'   "angles": {json.dumps(data["angles"])},\n'
            f'   "depths": {json.dumps(data["depths"])},\n'
            f'   "grid": [\n    {rows}\n   ]\n  }}')
    return (f'{{\n "format": {json.dumps(FORMAT)},\n "version": {VERSION},\n'
            f' "bands": {{\n' + ",\n".join(entries) + "\n }\n}\n")


def sweep_command(definition: Mapping[str, Any]) -> str:
    """The ``wokphysics sweep flips`` command a study's definition (study.json) came from
    (its grid: what reruns it; the runner's options do not change the figures)."""

    def numbers(values: Sequence[float]) -> str:
        """Runs of three or more evenly spaced values as FROM:TO:STEP."""
        parts: list[str] = []
        index = 0
        while index < len(values):
            end = index + 1
            if end < len(values):
                step = values[end] - values[index]
                while end + 1 < len(values) and abs(values[end + 1] - values[end] - step) < 1e-9:
                    end += 1
            if end - index >= 2:
                step = values[index + 1] - values[index]
                parts.append(f"{values[index]:g}:{values[end]:g}:{step:g}")
                index = end + 1
            else:
                parts.append(f"{values[index]:g}")
                index += 1
        return ",".join(parts)

    parts = ["wokphysics sweep flips", f"--speeds {numbers(definition['speeds'])}",
             f"--angles {numbers(definition['angles'])}",
             f"--depths {numbers(definition.get('depths', []))}",
             f"--seeds {definition['seeds']}", f"--wok-seeds {definition['wok_seeds']}",
             f"--strokes {','.join(definition.get('strokes', ['steady']))}",
             f"--fps {definition.get('fps', 0):g}", f"--seed {definition['seed']}"]
    return " ".join(parts)


def main(argv: list[str] | None = None) -> int:
    """``python -m wokphysics.ui.wok_on_fire.flip_band SUMMARY.json``: write the flip bands
    of the sweep whose ``summary.json`` is given (``study.json`` beside it says which config
    it measured) into ``flip_bands.json``, for that physics config's fingerprint, replacing
    the file (the bands of an older physics are no longer true)."""
    parser = argparse.ArgumentParser(
        prog="python -m wokphysics.ui.wok_on_fire.flip_band",
        description="Write the window's flip bands from a `wokphysics sweep flips` study.")
    parser.add_argument("summary", help="the sweep's summary.json (its study.json beside it)")
    parser.add_argument("--variant", default=None, metavar="LABEL",
                        help="the config variant to take (default: the only one)")
    parser.add_argument("--out", default=str(DATA_FILE), metavar="FILE",
                        help=f"where to write the bands (default {DATA_FILE})")
    args = parser.parse_args(argv)
    from wokphysics.errors import UserError

    try:
        text = write_bands(Path(args.summary), args.variant, Path(args.out))
    except UserError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(text)
    return 0


def write_bands(summary_path: Path, label: str | None, out: Path) -> str:
    """See :func:`main`; returns what it wrote, in words."""
    from wokphysics.config.files import FileProblem, read_user_text
    from wokphysics.config.wok_on_fire import load_config
    from wokphysics.errors import UserError
    from wokphysics.records.saving import write_atomically
    from wokphysics.studies import configs

    def load(path: Path) -> Any:
        try:
            return json.loads(read_user_text(path, 256 * 1024 * 1024))
        except FileProblem as problem:
            raise UserError(f"{path}: {problem.problem}") from None
        except (json.JSONDecodeError, RecursionError) as error:
            raise UserError(f"{path}: not JSON: {error}") from None

    summary = load(summary_path)
    study = load(summary_path.parent / "study.json")
    try:
        definition = study["definition"]
        variants = {str(v["label"]): v for v in definition["variants"]}
        summaries = {str(v["label"]): v for v in summary["variants"]}
    except (KeyError, TypeError):
        raise UserError(f"{summary_path}: not the summary of a flips sweep") from None
    if definition.get("study") != "flips":
        raise UserError(f"{summary_path}: not the summary of a flips sweep")
    if label is None:
        if len(summaries) != 1:
            raise UserError(f"{summary_path}: several variants ({', '.join(summaries)}); "
                            "name one with --variant")
        label = next(iter(summaries))
    if label not in summaries or label not in variants:
        raise UserError(f"{summary_path}: no variant {label!r} (it has "
                        f"{', '.join(summaries)})")
    override = variants[label]["override"]
    cfg = configs.load_text(load_config, override)
    fingerprint = physics_fingerprint(cfg.physics.model_dump(mode="json"))
    command = sweep_command(definition)
    if override is not None:
        command += f" (variant {label})"
    try:
        bands = from_summary(summaries[label], command)
    except (ValueError, KeyError, TypeError, IndexError) as error:
        raise UserError(f"{summary_path}: {error}") from None
    write_atomically(out, data_text({fingerprint: bands}))
    measured.cache_clear()
    return (f"wrote {out}: {len(bands.angles)} angles x {len(bands.depths)} depths for the "
            f"physics config {fingerprint[:12]}; at the best depths: {bands.describe()}")


if __name__ == "__main__":
    sys.exit(main())
