"""What recording a long Scenario Outline costs, by its number of rows.

Not a test: it prints figures. For each row count it writes a throwaway project (one feature
file holding one Scenario Outline of that many rows, its step definitions), runs pytest on
it in a subprocess twice, plain (pytest-bdd alone) and with the recorder writing the
results file (Cucumber Messages and JUnit XML off), and prints both wall times, the time the
recorder adds and that time per row; linear recording keeps the last column flat:

    python benchmarks/bench_outline.py [--rows 1000 2000 10000]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

STEPS = """\
from pytest_bdd import parsers, scenarios, then

scenarios("features")


@then(parsers.parse("row {n:d} is read"))
def _(n):
    assert n >= 0
"""


def outline(rows: int) -> str:
    """A feature of one Scenario Outline of ``rows`` rows, every one passing."""
    table = "".join(f"      | {n} |\n" for n in range(rows))
    return (
        "Feature: Long\n\n  Scenario Outline: Row <n>\n    Then row <n> is read\n\n"
        f"    Examples:\n      | n |\n{table}"
    )


def timed(folder: Path, *args: str) -> float:
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
               "-p", "no:randomly", *args]  # fmt: skip
    start = time.perf_counter()
    done = subprocess.run(command, cwd=folder, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"pytest exited {done.returncode}:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    return wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, nargs="+", default=[1000, 2000, 10000])
    args = parser.parse_args()
    print(f"{'rows':>6} {'plain s':>8} {'recorded s':>11} {'added s':>8} {'added ms/row':>13}")
    for rows in args.rows:
        with tempfile.TemporaryDirectory() as name:
            folder = Path(name)
            (folder / "features").mkdir()
            (folder / "features" / "long.feature").write_text(outline(rows), "utf-8")
            (folder / "test_long.py").write_text(STEPS, "utf-8")
            (folder / "pytest.ini").write_text("[pytest]\n", "utf-8")
            plain = timed(folder)
            recorded = timed(folder, "-p", "rulebooks.run.recorder", "--rulebooks-results",
                             "results.json", "--rulebooks-messages", "none",
                             "--rulebooks-junit", "none")  # fmt: skip
        added = recorded - plain
        per_row = added / rows * 1000
        print(f"{rows:>6} {plain:>8.1f} {recorded:>11.1f} {added:>8.1f} {per_row:>13.2f}",
              flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
