"""pytest plugin for the mutmut campaign: remember which scenario killed each mutant.

mutmut runs the scenarios of a mutant in a forked worker with ``MUTANT_UNDER_TEST`` set
and ``-x`` (stop at the first failure). This plugin, loaded through
``pytest_add_cli_args`` in ``[tool.mutmut]``, appends the node ID of a failing test to
``mutants/rulebooks-killers/<mutant>`` (cwd is mutmut's ``mutants/`` folder), which
:mod:`rulebooks.mutation.campaign` reads into the results file. Outside a mutant run it does
nothing.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

KILLERS = "rulebooks-killers"


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    _record(report)


def pytest_collectreport(report: pytest.CollectReport) -> None:
    """A mutant that breaks the import of the engine fails the collection of the scenarios
    (a mutant of a function run at import, rerun in a fresh process)."""
    _record(report)


def _record(report: pytest.TestReport | pytest.CollectReport) -> None:
    mutant = os.environ.get("MUTANT_UNDER_TEST", "")
    if not report.failed or "__mutmut_" not in mutant:
        return
    folder = Path(KILLERS)
    folder.mkdir(exist_ok=True)
    with (folder / mutant).open("a", encoding="utf-8") as out:
        out.write(report.nodeid + "\n")
