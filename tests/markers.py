"""Markers by cost, so that ``make test-fast`` (``-m "not slow"``) keeps the quick loop.

A test is ``slow`` when it builds a site, opens a browser, runs a campaign or a Dask
cluster, or starts pytest, Sphinx or the CLI in subprocesses: every test of the folders in
:data:`SLOW_FOLDERS` and of the files in :data:`SLOW_FILES`. ``make test`` runs them all.
The conftest of each folder holding tests that ``make test-fast`` runs or leaves out
imports :func:`pytest_collection_modifyitems` from here (the marker itself is declared in
pyproject.toml); ``tests/conftest.py`` is not used for it, as the scenario fingerprint
covers that file.
"""

from __future__ import annotations

from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent

SLOW_FOLDERS = frozenset({"site", "clients", "formats", "examples", "invariants", "fuzz"})
"""Site builds and the browser, client adapters, formats and the CCK, the Pig project,
Hypothesis state machines and campaigns, the fuzzer."""

SLOW_FILES = frozenset({
    "unit/test_mutate_dask.py", "unit/test_data_dependencies.py", "unit/test_tamper.py",
    "unit/test_executors.py", "unit/test_tutorial.py", "unit/test_recorder_xdist.py",
    "unit/test_serve.py", "unit/test_cli.py", "unit/test_quick_exit.py",
    "unit/test_cli_simulate.py", "unit/test_sphinxext.py", "unit/test_readme.py",
    "unit/test_guests.py", "unit/test_mutate.py", "unit/test_recorder.py",
    "unit/test_sphinxext_navigation.py", "unit/test_recorder_boards.py",
})  # fmt: skip
"""Unit tests that run subprocesses, small site builds or a Dask cluster (seconds each)."""


def is_slow(path: Path) -> bool:
    relative = path.resolve().relative_to(TESTS)
    return relative.parts[0] in SLOW_FOLDERS or relative.as_posix() in SLOW_FILES


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.is_relative_to(TESTS) and is_slow(item.path):
            item.add_marker(pytest.mark.slow)
