"""Tries, clean, wrong: every path to a false green that issue 28 found, attempted again.

Each path (issue 28, points 1 to 9) is attempted by the tests that stage it from scratch: a
sandbox or a temporary project, the attack itself (asserts stripped, a build killed while
Sphinx writes, a typo in a module the run imports, an engine edit after the reuse plan, a
same-size same-time edit, serve beside site, a crashed run, results of another Python, a
clause's scenarios deleted or a passed record missing a step) and the verdict that follows.
A try is one such test run in a fresh pytest process; it is *clean* when the test passes
(the attack ended red, stale, refused or not run) and *wrong* when it fails (green crept
through, or the test broke: its output is printed).

    .venv/bin/python benchmarks/false_green.py [--tries 3] [--path 5]
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PATHS: dict[int, tuple[str, tuple[str, ...]]] = {
    1: ("PYTHONOPTIMIZE strips the step asserts", (
        "tests/tooling/test_cli.py::test_a_command_running_scenarios_refuses_stripped_asserts",
        "tests/tooling/run/test_recorder.py::"
        "test_a_run_whose_asserts_are_stripped_is_refused_not_recorded",
    )),
    2: ("a build interrupted while Sphinx writes", (
        "tests/site/test_incremental.py::"
        "test_an_interrupted_build_leaves_its_mark_and_the_next_rebuilds_every_page",
    )),
    3: ("a typo in a module the run imports, unlisted", (
        "tests/tooling/results/test_tamper.py::"
        "test_3_a_typo_in_a_module_the_run_imports_makes_the_results_stale",
    )),
    4: ("an engine edit after the reuse plan", (
        "tests/site/test_scenario_cache.py::"
        "test_records_are_not_reused_for_code_that_changed_after_the_plan",
        "tests/tooling/results/test_tamper.py::"
        "test_4_a_module_edited_after_its_import_during_the_run_is_stale",
    )),
    5: ("stale bytecode after a same-size, same-time edit", (
        "tests/tooling/results/test_tamper.py::"
        "test_5_a_same_size_same_time_edit_never_runs_from_stale_bytecode",
    )),
    6: ("make serve and make site sharing one output", (
        "tests/tooling/test_cli.py::test_serve_never_builds_into_the_folder_of_site",
    )),
    7: ("the last run's downloads after a crash", (
        "tests/tooling/test_cli.py::test_a_crashed_run_publishes_none_of_the_last_runs_files",
    )),
    8: ("results of another Python minor version", (
        "tests/tooling/test_cli.py::test_results_of_another_python_minor_version_are_stale",
    )),
    9: ("a clause without scenarios, a passed record without steps", (
        "tests/tooling/test_cli.py::test_the_gate_counts_clauses_not_scenarios",
        "tests/tooling/test_cli.py::test_a_passed_record_without_a_step_of_its_scenario_fails_the_gate",
    )),
}  # fmt: skip
"""Issue 28's point -> what it is, and the tests that attempt it."""

COUNTS = re.compile(r"(\d+) (passed|failed|error|errors)\b")


def attempt(tests: tuple[str, ...]) -> tuple[int, int, str]:
    """One try of every test of a path, in a fresh process: (clean, wrong, its output)."""
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
         *tests],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    counts = {kind: int(n) for n, kind in COUNTS.findall(done.stdout.splitlines()[-1])}
    clean = counts.get("passed", 0)
    wrong = counts.get("failed", 0) + counts.get("error", 0) + counts.get("errors", 0)
    if clean + wrong == 0 or done.returncode not in (0, 1):
        wrong += 1  # nothing ran: the attack was not even staged
    return clean, wrong, done.stdout[-3000:]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tries", type=int, default=3, help="tries per path (default 3)")
    parser.add_argument("--path", type=int, choices=sorted(PATHS), action="append",
                        help="only this point of issue 28 (repeatable)")  # fmt: skip
    args = parser.parse_args(argv)
    if args.tries < 1:
        parser.error(f"--tries must be at least 1, not {args.tries}")
    total = [0, 0, 0]
    print(f"{'point':>5}  {'tries':>5}  {'clean':>5}  {'wrong':>5}  {'s':>6}  path")
    for point in args.path or sorted(PATHS):
        what, tests = PATHS[point]
        tries = clean = wrong = 0
        start = time.perf_counter()
        for _ in range(args.tries):
            ok, bad, output = attempt(tests)
            tries, clean, wrong = tries + ok + bad, clean + ok, wrong + bad
            if bad:
                print(output, file=sys.stderr)
        took = time.perf_counter() - start
        print(f"{point:>5}  {tries:>5}  {clean:>5}  {wrong:>5}  {took:6.1f}  {what}")
        total = [total[0] + tries, total[1] + clean, total[2] + wrong]
    print(f"{'all':>5}  {total[0]:>5}  {total[1]:>5}  {total[2]:>5}")
    return 1 if total[2] else 0


if __name__ == "__main__":
    sys.exit(main())
