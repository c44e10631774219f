"""The home page's run line says how much of the run ran: "The run took 1.0 s" alone hid
that most feature files' results were reused from earlier runs."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from rulebooks.site.sphinxext.events import reuse_of_run

EARLIER = {"run_started": "2026-12-01T10:00:00+00:00", "commit": None}


def data(*records: tuple[str, object]) -> Any:
    """Site data whose results hold records of (feature file, reused mark)."""
    scenarios = [SimpleNamespace(feature=feature, reused=reused) for feature, reused in records]
    return SimpleNamespace(results=SimpleNamespace(scenarios=scenarios))


def test_a_run_that_reused_files_says_how_many() -> None:
    said = reuse_of_run(data(("a.feature", EARLIER), ("a.feature", EARLIER),
                             ("b.feature", EARLIER), ("c.feature", None)))  # fmt: skip
    assert said == (
        "; 2 of 3 feature files had not changed, so their results were reused from earlier "
        "runs (1 ran)"
    )


def test_a_file_with_one_record_rerun_counts_as_run() -> None:
    said = reuse_of_run(data(("a.feature", EARLIER), ("a.feature", None), ("b.feature", EARLIER)))
    assert said.startswith("; 1 of 2 feature files")


def test_a_run_of_every_file_or_no_results_adds_nothing() -> None:
    assert reuse_of_run(data(("a.feature", None), ("b.feature", None))) == ""
    assert reuse_of_run(SimpleNamespace(results=None)) == ""
