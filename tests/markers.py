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
    "tooling/campaigns/test_cli_simulate.py",
    "tooling/campaigns/test_executors.py",
    "tooling/games/test_projects.py",
    "tooling/games/test_tutorial.py",
    "tooling/mutation/test_equivalence.py",
    "tooling/mutation/test_mutate.py",
    "tooling/mutation/test_mutate_dask.py",
    "tooling/provenance/test_data_dependencies.py",
    "tooling/results/test_tamper.py",
    "tooling/run/test_quick_exit.py",
    "tooling/run/test_recorder.py",
    "tooling/run/test_recorder_boards.py",
    "tooling/run/test_recorder_xdist.py",
    "tooling/site/test_guests.py",
    "tooling/site/test_serve.py",
    "tooling/site/test_sphinxext.py",
    "tooling/site/test_sphinxext_navigation.py",
    "tooling/test_cli.py",
    "tooling/test_readme.py",
})  # fmt: skip
"""Unit tests that run subprocesses, small site builds or a Dask cluster (seconds each)."""


def is_slow(path: Path) -> bool:
    relative = path.resolve().relative_to(TESTS)
    return relative.parts[0] in SLOW_FOLDERS or relative.as_posix() in SLOW_FILES


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.is_relative_to(TESTS) and is_slow(item.path):
            item.add_marker(pytest.mark.slow)
