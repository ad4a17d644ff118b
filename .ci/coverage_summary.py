"""Print the combined coverage as two figures, lines and branches (run after `coverage combine`)."""

import json
import subprocess
import sys
import tempfile
from pathlib import Path

with tempfile.TemporaryDirectory() as folder:
    report = Path(folder) / "coverage.json"
    subprocess.run(
        [sys.executable, "-m", "coverage", "json", "-q", "-o", str(report)], check=True
    )
    totals = json.loads(report.read_text())["totals"]
lines = 100 * totals["covered_lines"] / totals["num_statements"]
branches = 100 * totals["covered_branches"] / totals["num_branches"]
print(
    f"coverage: lines {lines:.1f} % ({totals['covered_lines']} of {totals['num_statements']}), "
    f"branches {branches:.1f} % ({totals['covered_branches']} of {totals['num_branches']})"
)
