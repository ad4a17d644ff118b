"""Write tests/covered_elsewhere.txt: the quick tests whose every line and branch of the package
other quick tests cover too, so CI runs them without coverage's tracer (on the compiled build,
with the slow and engine tests) and the coverage it prints stays the same.

    python .ci/covered_elsewhere.py          # says what it would write, and the two coverages
    python .ci/covered_elsewhere.py --write  # and writes it

The tracer makes a test 1.5 to 4 times slower on Python 3.11, and half of CI's CPU went to the
quick tests under it (issue 28). This runs the quick tests once under coverage with each test's
name as its context (``dynamic_context = "test_function"``) and with pytest's junit report for
their times, then, from the slowest test down, lists each test whose every measured arc some
test still unlisted covers as well; then it runs the quick tests again without the listed ones
and prints both coverages, which should be equal but for the few lines that timing decides
(two runs of all the quick tests differ by up to 7 lines). A process a test starts (a CLI run,
a Dask worker) is measured under the test's id (pytest's PYTEST_CURRENT_TEST in its
environment, as coverage's static context); a Dask cluster, started by the first test that
asks for one, counts for that test alone.
Run it after adding or changing many tests; a test it does not list runs under coverage, so a
stale list costs time, not checks. It reads coverage's SQLite data file directly (its schema
is documented, not a public API; coverage is pinned in pyproject.toml).
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import tomllib
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from pathlib import Path

import tomli_w

ROOT = Path(__file__).resolve().parents[1]
LIST = ROOT / "tests" / "covered_elsewhere.txt"
QUICK = "not slow and not engine and not both_stages and not checkout_only"
HEADER = """\
# The quick tests whose every line and branch of the package other quick tests cover too
# (function names; every parameter of one). CI runs them without coverage's tracer, on the
# compiled build (marker `covered_elsewhere`, tests/conftest.py). Written by
# .ci/covered_elsewhere.py --write, which also checks the coverage stays the same.
"""


def _coverage(folder: Path, contexts: bool, marks: str, junit: Path | None) -> dict[str, int]:
    """Run the quick tests ``marks`` under coverage with the project's settings (and each
    test's name as its context), combine, and return the totals."""
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["coverage"]
    if contexts:
        settings["run"]["dynamic_context"] = "test_function"
        # a process a test starts (a CLI run, a Dask worker) is measured under that test's
        # id: pytest's PYTEST_CURRENT_TEST in its environment, in coverage's static context
        settings["run"]["context"] = "${PYTEST_CURRENT_TEST}"
    rcfile = folder / "coverage.toml"
    rcfile.write_text(tomli_w.dumps({"tool": {"coverage": settings}}))
    env = {**os.environ, "COVERAGE_RCFILE": str(rcfile), "COVERAGE_FILE": str(folder / ".coverage")}
    command = [sys.executable, "-m", "coverage", "run", "-m", "pytest", "-q", "-p",
               "no:cacheprovider", "-m", marks, "--ignore=tests/test_compiled.py"]
    if junit is not None:
        command.append(f"--junitxml={junit}")
    subprocess.run(command, cwd=ROOT, env=env, check=True)
    subprocess.run([sys.executable, "-m", "coverage", "combine", "-q"], cwd=folder, env=env,
                   check=True)
    report = folder / "coverage.json"
    subprocess.run([sys.executable, "-m", "coverage", "json", "-q", "-o", str(report)],
                   cwd=ROOT, env=env, check=True)
    totals: dict[str, int] = json.loads(report.read_text())["totals"]
    return totals


def _times(junit: Path) -> dict[str, float]:
    """Each test function's seconds (its parameters' summed), by ``path::name``."""
    seconds: Counter[str] = Counter()
    for case in ET.parse(junit).iter("testcase"):
        path = case.get("classname", "").replace(".", "/") + ".py"
        seconds[f"{path}::{case.get('name', '').split('[')[0]}"] += float(case.get("time", 0))
    return dict(seconds)


def _quick(marks: str) -> set[str]:
    """The test functions (``path::name``) that ``-m marks`` selects."""
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "-n", "0", "--collect-only", "-m", marks], cwd=ROOT,
                          capture_output=True, text=True, check=True)
    return {line.split("[")[0] for line in done.stdout.splitlines() if "::" in line}


def _listed(data: Path, seconds: dict[str, float], candidates: set[str]) -> list[str]:
    """From the slowest of ``candidates`` down, those whose arcs the tests not listed yet
    cover too."""
    db = sqlite3.connect(data)
    contexts = {name: context_id for context_id, name in db.execute(
        "select id, context from context")}
    # A process a test started is measured under the test's id ("tests/x.py::name[...]
    # (call)"), the test's own process under "x.name": both are the test's.
    same = {context_id: contexts.get(_context_name(name.split(" ")[0].split("[")[0]), context_id)
            for name, context_id in contexts.items() if "::" in name}
    arcs: defaultdict[int, set[tuple[int, int, int]]] = defaultdict(set)
    for file_id, context_id, start, end in db.execute(
            "select file_id, context_id, fromno, tono from arc"):
        arcs[same.get(context_id, context_id)].add((file_id, start, end))
    covering: Counter[tuple[int, int, int]] = Counter(arc for found in arcs.values()
                                                      for arc in found)
    # A test's context is "module.function" (its file's name without the folder): a name two
    # files share is left out (kept under coverage).
    named = Counter(_context_name(test) for test in seconds)
    listed = []
    for test in sorted(candidates & set(seconds), key=lambda t: -seconds[t]):
        context = contexts.get(_context_name(test))
        if named[_context_name(test)] != 1 or context is None:
            continue  # ambiguous, or ran no package code in its own process
        if all(covering[arc] >= 2 for arc in arcs[context]):
            for arc in arcs[context]:
                covering[arc] -= 1
            listed.append(test)
    return sorted(listed)


def _context_name(test: str) -> str:
    path, name = test.split("::", 1)
    return f"{Path(path).stem}.{name.replace('::', '.')}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help=f"write {LIST.relative_to(ROOT)}")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        folder = Path(work)
        (folder / "all").mkdir()
        (folder / "rest").mkdir()
        junit = folder / "junit.xml"
        everything = _coverage(folder / "all", True, "not slow and not engine", junit)
        seconds = _times(junit)
        listed = _listed(folder / "all" / ".coverage", seconds, _quick(QUICK))
        previous = LIST.read_text() if LIST.exists() else None
        LIST.write_text(HEADER + "".join(f"{test}\n" for test in listed))
        try:
            rest = _coverage(folder / "rest", False,
                             "not slow and not engine and not covered_elsewhere", None)
        finally:
            if not args.write:
                if previous is None:
                    LIST.unlink()
                else:
                    LIST.write_text(previous)
    print(f"{len(listed)} test functions listed, {sum(seconds[t] for t in listed):.0f} s of "
          f"{sum(seconds.values()):.0f} s of the quick tests under coverage")
    for name, totals in (("all the quick tests", everything), ("without them", rest)):
        print(f"coverage of {name}: lines {totals['covered_lines']} of "
              f"{totals['num_statements']}, branches {totals['covered_branches']} of "
              f"{totals['num_branches']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
