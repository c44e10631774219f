"""What recording costs: the scenarios with every output on against plain pytest-bdd.

Not a test: it prints figures. Runs ``pytest tests/scenarios`` in subprocesses, alternating
plain runs (pytest-bdd alone: no results option, so the recorder registers nothing) and
recorded runs (results file, Cucumber Messages and JUnit XML, into a temporary folder), and
prints the median wall time of each (and of runs writing the results file alone), their
ratio, pytest's own session time, the size of ``messages.ndjson`` and the time
``@cucumber/html-formatter`` takes to render it:

    python benchmarks/bench_recorder.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASE = [sys.executable, "-m", "pytest", "tests/scenarios", "-q", "-p", "no:cacheprovider"]


def timed(command: list[str]) -> tuple[float, float]:
    """Wall time of ``command`` and the session time pytest reports (seconds)."""
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    if done.returncode not in (0, 1):
        sys.exit(f"pytest failed to run ({done.returncode}):\n{done.stdout[-2000:]}")
    found = re.search(r" in ([\d.]+)s", done.stdout)
    return wall, float(found[1]) if found else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    plain: list[tuple[float, float]] = []
    results_only: list[tuple[float, float]] = []
    recorded: list[tuple[float, float]] = []
    with tempfile.TemporaryDirectory() as folder:
        results = Path(folder) / "results.json"
        only = Path(folder) / "only" / "results.json"
        for _ in range(args.repeat):
            plain.append(timed(BASE))
            results_only.append(
                timed([*BASE, "--rulebooks-results", str(only), "--rulebooks-messages", "none",
                       "--rulebooks-junit", "none"])
            )  # fmt: skip
            recorded.append(timed([*BASE, "--rulebooks-results", str(results)]))
        messages = results.with_name("messages.ndjson")
        lines = messages.read_text("utf-8").count("\n")
        size = messages.stat().st_size
        junit = results.with_name("junit.xml").stat().st_size
        report_time, report_size = render(messages, Path(folder) / "cucumber-report.html")

    def median(runs: list[tuple[float, float]], index: int) -> float:
        return statistics.median(run[index] for run in runs)

    print(f"scenario runs, median of {args.repeat} (wall time of `pytest tests/scenarios`):")
    print(f"  plain pytest-bdd          {median(plain, 0):7.2f} s   (pytest's session "
          f"{median(plain, 1):.2f} s)")  # fmt: skip
    print(f"  results file only         {median(results_only, 0):7.2f} s   (pytest's session "
          f"{median(results_only, 1):.2f} s)")  # fmt: skip
    print(f"  results+messages+JUnit    {median(recorded, 0):7.2f} s   (pytest's session "
          f"{median(recorded, 1):.2f} s)")  # fmt: skip
    print(f"  ratio                     {median(recorded, 0) / median(plain, 0):7.2f} x wall, "
          f"{median(recorded, 1) / median(plain, 1):.2f} x session (aim: <= 1.1)")  # fmt: skip
    alone = median(results_only, 0) / median(plain, 0)
    print(f"  the results file alone    {alone:7.2f} x wall")
    print(f"messages.ndjson             {size / 1e6:7.2f} MB, {lines} messages")
    print(f"junit.xml                   {junit / 1e6:7.2f} MB")
    if report_time is None:
        print("Cucumber's HTML report      not made (no Node.js or @cucumber/html-formatter)")
    else:
        print(f"Cucumber's HTML report      {report_time:7.2f} s to render, "
              f"{report_size / 1e6:.2f} MB")  # fmt: skip


def render(messages: Path, report: Path) -> tuple[float | None, int]:
    from rulebooks.formats.html_report import ReportError, render_html_report

    start = time.perf_counter()
    try:
        render_html_report(messages, report, ROOT / ".node" / "node_modules")
    except ReportError as error:
        print(f"({error})")
        return None, 0
    return time.perf_counter() - start, report.stat().st_size


if __name__ == "__main__":
    main()
