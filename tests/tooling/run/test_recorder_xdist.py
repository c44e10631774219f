"""The recorder under pytest-xdist: the workers' records merge into the same results file as a
serial run's (same scenarios, statuses, steps, errors, boards, forced outcomes, fingerprint).

A sandbox holds the engine, the Mahé and Masai step definitions and a few feature files of
each; one of them gets a failing scenario, so that failed steps and expected boards travel
too. The scenarios run twice in subprocesses, once serially and once on two workers with
``--dist load`` (scenarios of one file spread over both workers).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rulebooks.results.join import load_results
from rulebooks.results.schema import ResultsFile, to_json

ROOT = Path(__file__).resolve().parents[3]
FEATURES = (
    "features/mahe/01_setup.feature",
    "features/mahe/03_movement.feature",
    "features/masai/01_setup.feature",
)
SHARED = ("__init__.py", "conftest.py")  # the shared steps are the library rulebooks.steps
FAILING = """
  Scenario: A scenario failing on purpose (the recorder test)
    Given a 4-player game of Mahé
    Then the blue turtle is on space 5
"""


def make_sandbox(root: Path) -> Path:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "engine", root / "engine", ignore=ignore)
    scenarios = root / "tests" / "scenarios"
    for game in ("mahe", "masai"):
        shutil.copytree(ROOT / "tests/scenarios" / game, scenarios / game, ignore=ignore)
    for name in SHARED:
        shutil.copy(ROOT / "tests/scenarios" / name, scenarios / name)
    for feature in FEATURES:
        (root / feature).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / feature, root / feature)
    failing = root / FEATURES[0]
    failing.write_text(failing.read_text("utf-8") + FAILING, "utf-8")
    (root / "tests" / "__init__.py").write_text("", "utf-8")
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    return root


def record(sandbox: Path, results: str, *args: str) -> tuple[ResultsFile, str]:
    command = [
        sys.executable, "-m", "pytest", "tests/scenarios", "-q", "-p", "no:cacheprovider",
        "--rulebooks-results", results, *args,
    ]  # fmt: skip
    path = os.pathsep.join(filter(None, [str(sandbox), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONPATH": path}
    done = subprocess.run(command, cwd=sandbox, env=env, capture_output=True, text=True)
    assert done.returncode == 1, done.stdout + done.stderr  # the failing scenario, nothing else
    return load_results(sandbox / results).file, done.stdout


def comparable(results: ResultsFile) -> list[dict[str, Any]]:
    """Every record without what differs from run to run (durations, node ids' order)."""
    records = []
    for record in results.scenarios:
        data = to_json(record)
        data.pop("duration")
        for step in data["steps"]:
            step.pop("duration")
        records.append(data)
    return records


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> tuple[ResultsFile, ResultsFile]:
    sandbox = make_sandbox(tmp_path_factory.mktemp("xdist") / "checkout")
    serial, _ = record(sandbox, "results/serial.json")
    parallel, out = record(sandbox, "results/parallel.json", "-n", "2", "--dist", "load")
    assert "bringing up nodes" in out  # xdist ran it, on its workers
    return serial, parallel


def test_a_parallel_run_records_what_a_serial_run_records(
    runs: tuple[ResultsFile, ResultsFile],
) -> None:
    serial, parallel = runs
    assert len(serial.scenarios) > 30
    assert comparable(parallel) == comparable(serial)
    assert parallel.totals == serial.totals and serial.totals["failed"] == 1
    assert parallel.fingerprint == serial.fingerprint
    assert parallel.run.partial is serial.run.partial is False
    assert parallel.run.problems == serial.run.problems == ()


def test_the_failed_scenario_keeps_its_error_and_boards_across_workers(
    runs: tuple[ResultsFile, ResultsFile],
) -> None:
    _, parallel = runs
    (failed,) = [record for record in parallel.scenarios if record.status == "failed"]
    assert failed.name == "A scenario failing on purpose (the recorder test)"
    assert [step.status for step in failed.steps] == ["passed", "failed"]
    assert failed.error and "space 5" in failed.error
    assert failed.boards.get("after") is not None
    with_boards = [record for record in parallel.scenarios if record.boards]
    assert len(with_boards) > 10  # the pictures travelled from the workers
