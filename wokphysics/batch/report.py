"""``report.html``: one self-contained page per study, readable offline.

The plots are embedded as base64 PNG data, the tables are plain HTML, the style is inline:
the file can be mailed or opened from a USB stick with nothing else beside it. Every text
that comes from a record or a config is escaped.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Mapping, Sequence, Set
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wokphysics.batch.store import atomic

if TYPE_CHECKING:
    from wokphysics.batch.results import Results
    from wokphysics.batch.tasks import Plot, Study

_STYLE = """
body { font-family: system-ui, sans-serif; max-width: 960px; margin: 2em auto; color: #222;
       padding: 0 1em; }
h1 { color: #8a4b12; } h2 { border-bottom: 1px solid #ddd; padding-bottom: .2em; }
table { border-collapse: collapse; margin: .5em 0 1.5em; font-size: 90%; }
th, td { border: 1px solid #ccc; padding: .25em .6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
th { background: #f6efe6; }
img { max-width: 100%; border: 1px solid #eee; }
.note { color: #555; font-size: 90%; }
.bad { color: #a00; }
"""

_ESTIMATE_KEYS = {"value", "low", "high", "n"}


def write_report(path: Path, study: Study, results: Results, plots: Sequence[Plot]) -> None:
    """Write the page for ``study``'s ``results``; ``plots`` were saved beside it as PNGs."""
    summary = results.summary
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{_e(study.title or study.name)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{_e(study.title or study.name)}</h1>",
        f"<p>{len(study)} tasks ({_seeds(study)}); {len(results.columns)} with a record"
        + (f', <span class="bad">{len(results.failures)} failed</span>' if results.failures else "")
        + ". Every row is in <code>tasks.csv</code>; the figures below are in "
        "<code>summary.json</code>.</p>",
        "<h2>Definition</h2>",
        # in key order: a resumed study reads its definition back from study.json (written
        # with sorted keys), and its page must be the page of the study run in one go
        _table(
            ["setting", "value"],
            [
                [k, _text(v)]
                for k, v in sorted(study.definition.items())
                if k != "variants" and v not in (None, [], {}, "")
            ],
        ),
    ]
    if study.text is not None and summary:
        parts.append("<h2>Summary</h2>")
        parts.append(f"<pre>{_e(study.text(summary))}</pre>")
    parts.extend(_fairness_sections(summary))
    parts.extend(_comparison_sections(summary))
    variants = study.definition.get("variants")
    if isinstance(variants, list) and variants:
        parts.append("<h2>Configs</h2>")
        parts.append(
            '<p class="note">Each variant is the shipped config with this TOML layered on '
            "(empty: the shipped config as it is).</p>"
        )
        rows = "".join(
            f"<tr><td>{_e(str(v.get('label')))}</td>"
            f"<td style='text-align:left'><pre>{_e(_override(v))}</pre></td></tr>"
            for v in variants
            if isinstance(v, Mapping)
        )
        parts.append(
            f"<table><thead><tr><th>variant</th><th>override</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>"
        )
    per_chart = _chart_tables(summary, {plot.name for plot in plots if plot.percent})
    for plot in plots:
        png = path.parent / f"{plot.name}.png"
        data = base64.b64encode(png.read_bytes()).decode("ascii")
        parts.append(f"<h2>{_e(plot.title)}</h2>")
        parts.append(f'<img alt="{_e(plot.title)}" src="data:image/png;base64,{data}">')
        if plot.note:
            parts.append(f'<p class="note">{_e(plot.note)}</p>')
        if plot.table is not None:
            parts.append(_table(*plot.table))
        elif plot.name in per_chart:
            parts.append(per_chart[plot.name])
    extra = {
        key: value
        for key, value in summary.items()
        if key not in {"results", "variants", "failed", "definition", "study", "title",
                       "fairness", "versus_first"}
    }
    parts.append("<h2>Other figures</h2>")
    parts.append(_table(["figure", "value"], [[k, _text(v)] for k, v in extra.items()]))
    if results.failures:
        parts.append('<h2 class="bad">Failed tasks</h2>')
        parts.append(
            _table(
                ["task", "seed", "error"],
                [[r["task"], r["seed"], r.get("error")] for r in results.failures],
            )
        )
    parts.append(
        '<p class="note">Where and how long each session ran is in <code>runs.jsonl</code>, '
        "not here: how a study ran never changes its results (each task's seed comes from "
        "the study's seed and the task's number alone), so a resumed study's page is the "
        "page of the study run in one go.</p>"
    )
    parts.append("</body></html>")
    with atomic(path) as partial:
        partial.write_text("\n".join(parts) + "\n", encoding="utf-8")


def _override(variant: Mapping[str, Any]) -> str:
    """A variant's override document: game studies store it as ``config``, the physics
    sweeps as ``override`` (the table was empty for every sweep of flips)."""
    text = variant.get("config", variant.get("override"))
    return str(text or "")


def _fairness_sections(summary: Mapping[str, Any]) -> list[str]:
    """The fairness tests (``summary["fairness"]``, or each variant's): per player count,
    the seats' (and bots') table and sentence."""
    blocks: list[tuple[str, Mapping[str, Any]]] = []
    if isinstance(summary.get("fairness"), Mapping):
        blocks.append(("", summary["fairness"]))
    for variant in summary.get("variants") or []:
        if isinstance(variant, Mapping) and isinstance(variant.get("fairness"), Mapping):
            blocks.append((str(variant.get("label")), variant["fairness"]))
    if not blocks:
        return []
    parts = [
        "<h2>Fairness</h2>",
        '<p class="note">Each seat (and each bot, where they differ) against a fair share, '
        "1/players of the seats it played: a chi-square test of all of them, then each one's "
        "gap in percentage points with its 95 % interval and its p-value after Holm's "
        "correction for testing several. The smallest gap the study would find 4 times in 5 "
        "is given where none was found.</p>",
    ]
    for label, by_players in blocks:
        for players, tests in by_players.items():
            if not isinstance(tests, Mapping):
                continue
            heading = ", ".join(part for part in (label, str(players)) if part)
            parts.append(f"<h3>{_e(heading)}</h3>")
            for key in ("seats", "bots"):
                test = tests.get(key)
                if isinstance(test, Mapping):
                    parts.append(_fairness_table(test))
            if tests.get("note"):
                parts.append(f'<p class="note">Note: {_e(str(tests["note"]))}.</p>')
    return parts


def _comparison_sections(summary: Mapping[str, Any]) -> list[str]:
    """Every variant against the first, on the same seeds (``summary["versus_first"]``)."""
    comparisons = summary.get("versus_first") or []
    if not comparisons:
        return []
    parts = [
        "<h2>Against the first variant</h2>",
        '<p class="note">Every game was played under each variant with the same seed, so '
        "each gives a difference B - A (B the variant, A the first); the table gives their "
        "mean with its 95 % interval (Student's t over the games), the paired t test's "
        "p-value, the smallest difference these games would find 4 times in 5 (detectable: "
        "smaller ones may well go unseen), and the games that would find the difference "
        "measured here 4 times in 5. Win shares are in percentage points.</p>",
    ]
    for comparison in comparisons:
        for players, measures in comparison.get("players", {}).items():
            parts.append(f"<h3>{_e(str(comparison['label']))} against "
                         f"{_e(str(comparison['against']))}, {_e(str(players))}</h3>")
            rows = []
            for name, found in measures.items():
                scale = float(found.get("scale", 1.0))
                difference = found["difference"]
                rows.append([
                    name + (" (%)" if scale == 100.0 else ""),
                    _number(_scaled(found["a"], scale)), _number(_scaled(found["b"], scale)),
                    f"{_signed_g(_scaled(difference['value'], scale))} "
                    f"{_interval(difference, scale)}",
                    _p_value(found.get("p")), difference.get("n"),
                    _number(_scaled(found.get("detectable"), scale)),
                    "-" if found.get("games_needed") is None else found["games_needed"],
                ])
            parts.append(_table(["measure", "A", "B", "B - A [95 %]", "p", "games",
                                 "detectable", "games to see it"], rows))
    return parts


def _signed_g(value: Any) -> str:
    return "-" if value is None else f"{value:+.4g}"


def _fairness_table(test: Mapping[str, Any]) -> str:
    omnibus = test.get("omnibus", {})
    rows = []
    for category in test.get("categories", []):
        gap = category["difference_points"]
        rows.append([
            category["name"],
            f"{_number(_scaled(category['rate']['value'], 100.0))} "
            f"{_interval(category['rate'], 100.0)}",
            f"{_signed(gap['value'])} [{_signed(gap['low'])}, {_signed(gap['high'])}]",
            _p_value(category.get("p")),
            _p_value(category.get("p_corrected")),
            category.get("seats"),
        ])
    subject = str(test.get("subject", ""))
    chi = (f"chi-square {_number(omnibus.get('statistic'))} on "
           f"{omnibus.get('degrees_of_freedom')} degrees of freedom, p = "
           f"{_p_value(omnibus.get('p'))}")
    return (
        f"<p>{_e(subject.capitalize())}s: {_e(chi)}. <b>{_e(str(test.get('sentence', '')))}"
        "</b></p>"
        + _table([subject, "win % [95 %]", "vs fair share, points [95 %]", "p",
                  "p (Holm)", "seats played"], rows)
    )


def _signed(value: Any) -> str:
    return "-" if value is None else f"{value:+.1f}"


def _p_value(value: Any) -> str:
    if value is None:
        return "-"
    return "< 0.001" if value < 0.001 else f"{value:.3f}"


def _chart_tables(summary: Mapping[str, Any], percent: Set[str] = frozenset()) -> dict[str, str]:
    """An HTML table per chart: its estimates (a plain study) or estimates by variant; the
    charts named in ``percent`` in percent, as their plots draw them (a win rate read 40.0 in
    the plot and 0.4 in the table below it)."""
    tables: dict[str, str] = {}
    results = summary.get("results")
    if isinstance(results, Mapping):
        for name, estimates in results.items():
            scale = 100.0 if name in percent else 1.0
            rows = [
                [series, _number(_scaled(e["value"], scale)), _interval(e, scale), e["n"]]
                for series, e in estimates.items()
                if _is_estimate(e)
            ]
            unit = " (%)" if name in percent else ""
            tables[name] = _table(["", f"value{unit}", f"95 % interval{unit}", "n"], rows)
    variants = summary.get("variants")
    if isinstance(variants, list) and variants:
        names: list[str] = []
        for variant in variants:
            names.extend(n for n in variant.get("results", {}) if n not in names)
        labels = [str(v.get("label")) for v in variants]
        for name in names:
            scale = 100.0 if name in percent else 1.0
            series: list[str] = []
            for variant in variants:
                found = variant.get("results", {}).get(name, {})
                series.extend(s for s in found if s not in series)
            rows = []
            for s in series:
                row: list[Any] = [s]
                for variant in variants:
                    e = variant.get("results", {}).get(name, {}).get(s)
                    row.append(
                        f"{_number(_scaled(e['value'], scale))} {_interval(e, scale)}"
                        if _is_estimate(e) else ""
                    )
                rows.append(row)
            unit = " (%)" if name in percent else ""
            tables[name] = _table([unit.strip(), *labels], rows)
    return tables


def _is_estimate(value: Any) -> bool:
    return isinstance(value, Mapping) and set(value) == _ESTIMATE_KEYS


def _number(value: Any) -> str:
    if value is None:
        return "-"
    return f"{value:.4g}" if isinstance(value, float) else str(value)


def _scaled(value: Any, scale: float) -> Any:
    """A figure in the table's unit (``scale`` 100: percent, to 6 significant digits as in
    ``summary.json``, so 0.175 reads 17.5 and not 17.499999999999996)."""
    if scale == 1.0 or not isinstance(value, int | float):
        return value
    return float(f"{value * scale:.6g}")


def _interval(e: Mapping[str, Any], scale: float = 1.0) -> str:
    if e["low"] is None or e["high"] is None:
        return "-"
    return f"[{_number(_scaled(e['low'], scale))}, {_number(_scaled(e['high'], scale))}]"


def _text(value: Any) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(_text(v) for v in value)
    if isinstance(value, Mapping):
        return "; ".join(f"{k} = {_text(v)}" for k, v in value.items())
    return _number(value) if isinstance(value, float) else str(value)


def _table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    head = "".join(f"<th>{_e(str(h))}</th>" for h in header)
    body = "".join(
        "<tr>" + "".join(f"<td>{_e(str(cell))}</td>" for cell in row) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _seeds(study: Study) -> str:
    """How the study's tasks are seeded, in words."""
    if study.seed_every:
        return (
            f"study seed {study.seed}: every block of {study.seed_every} tasks (a variant or "
            f"a player count) plays the same games, task <i>i</i> of a block with seed "
            f"{study.seed}&nbsp;+&nbsp;<i>i</i>"
        )
    return f"study seed {study.seed}: task <i>i</i> has seed {study.seed}&nbsp;+&nbsp;<i>i</i>"


def _e(text: str) -> str:
    return html.escape(text, quote=True)
