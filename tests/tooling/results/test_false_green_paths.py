"""benchmarks/false_green.py attempts every false-green path of issue 28 through named
tests: each name still collects, so the figures it prints cover every path."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_every_path_of_the_false_green_tally_names_tests_that_exist() -> None:
    spec = importlib.util.spec_from_file_location("false_green", ROOT / "benchmarks/false_green.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert sorted(module.PATHS) == list(range(1, 10))
    tests = [test for _, named in module.PATHS.values() for test in named]
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:xdist", *tests],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    collected = {line.split("[")[0] for line in done.stdout.splitlines() if "::" in line}
    assert collected == set(tests)
