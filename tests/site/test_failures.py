"""A deliberately broken engine (Mahé's bust threshold raised from 7 to 8, as a mutant would)
run on the real Mahé scenarios and published: the failures are explained on every page a
reader comes through, grouped by cause, and summarised by clause in the terminal."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest

from rulebooks.results.failures import cause_of, failure_groups
from rulebooks.results.join import load_results
from rulebooks.run.outcome import describe_exception, project_frames
from rulebooks.site.pipeline import print_failures
from tests.site.conftest import ROOT, build_site, run, text_of

FEATURES = ROOT / "features" / "mahe"
BREAK_THE_ENGINE = """\
import engine.mahe.game

engine.mahe.game.MAX_TOTAL = 8  # the mutant: a total of 8 no longer busts
from tests.scenarios.mahe.steps import *  # noqa: E402,F403
from tests.scenarios.conftest import pytest_bdd_apply_tag  # noqa: E402,F401
"""


@pytest.fixture(scope="module")
def broken(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Mahé scenarios run against the broken engine, and their site built to html/."""
    project = tmp_path_factory.mktemp("broken") / "project"
    (project / "features" / "mahe").mkdir(parents=True)
    text = ""
    for feature in sorted(FEATURES.glob("*.feature")):
        text += feature.read_text("utf-8")
        (project / "features" / "mahe" / feature.name).write_text(feature.read_text("utf-8"))
    (project / "tests").mkdir()
    (project / "tests" / "conftest.py").write_text(BREAK_THE_ENGINE, "utf-8")
    (project / "tests" / "test_mahe.py").write_text(
        "from pytest_bdd import scenarios\nscenarios('../features/mahe')\n", "utf-8"
    )
    results = project / "results.json"
    run(
        [sys.executable, "-m", "pytest", str(project / "tests"), "-q", "-p", "no:cacheprovider",
         "--rootdir", str(project), "-c", os.devnull, "-p", "rulebooks.run.recorder",
         "--rulebooks-results", str(results)],
        project, PYTHONPATH=str(ROOT),
    )  # fmt: skip
    assert results.is_file()
    clauses = sorted(set(re.findall(r"@clause:(\S+)", text)))
    docs = project / "docs"
    docs.mkdir()
    (docs / "conf.py").write_text(
        "extensions = ['myst_parser', 'rulebooks.site.sphinxext']\n"
        f"rulebooks_results_file = {str(results)!r}\n"
        "rulebooks_repository_url = ''\n",
        "utf-8",
    )
    (docs / "index.md").write_text(
        "# Home\n\n```{game-verdict} mahe\n:title: Mahé\n```\n\n"
        "```{toctree}\nrules\nexamples\ncoverage\nfailing\n```\n",
        "utf-8",
    )
    (docs / "rules.md").write_text(
        "# Rules\n\n"
        + "".join(f"```{{clause}} {c}\n:title: Clause {c}\n\nText.\n```\n\n" for c in clauses),
        "utf-8",
    )
    (docs / "examples.md").write_text("# Examples\n\n```{feature-scenarios} mahe\n```\n", "utf-8")
    (docs / "coverage.md").write_text("# Coverage\n\n```{coverage}\n```\n", "utf-8")
    (docs / "failing.md").write_text(
        "# What fails now\n\n```{coverage}\n:only-failing:\n```\n", "utf-8"
    )
    build = build_site(results, project / "html", docs)
    assert build.returncode == 0, build.stderr
    return project


def test_the_mutant_fails_several_scenarios_of_several_clauses(broken: Path) -> None:
    recorded = json.loads((broken / "results.json").read_text("utf-8"))
    failed = [s for s in recorded["scenarios"] if s["status"] == "failed"]
    assert len(failed) >= 2
    assert len({t for s in failed for t in s["tags"] if t.startswith("clause:")}) >= 2


def test_a_failed_step_records_the_step_frames(broken: Path) -> None:
    results = load_results(broken / "results.json")
    errors = [
        step.error
        for scenario in results.scenarios
        for step in scenario.steps
        if step.error and step.status.value == "failed"
    ]
    assert errors
    for error in errors:
        assert "Traceback in the engine and the steps" in error
        assert re.search(r"^  at tests/scenarios/mahe/steps\.py:\d+ in \w+", error, re.M), error
        assert "_pytest" not in error and "pluggy" not in error


def test_home_groups_the_failures_by_cause(broken: Path) -> None:
    results = load_results(broken / "results.json")
    groups = failure_groups(results.scenarios)
    runs = sum(len(group.runs) for group in groups)
    assert len(groups) < runs  # some runs share a cause
    home = re.sub(r"\s+([:,])", r"\1", text_of(broken / "html" / "index.html"))
    assert f"Failures by cause ({len(groups)})" in home
    biggest = groups[0]
    assert f"{biggest.kind} at {biggest.where}: {len(biggest.runs)} failed run" in home
    for clause in biggest.clauses:
        assert clause in home
    coverage = text_of(broken / "html" / "coverage.html")
    assert "Failures by cause" in coverage and "Failing clauses" in coverage


def test_the_rules_page_shows_the_error_under_a_failing_clause(broken: Path) -> None:
    results = load_results(broken / "results.json")
    groups = failure_groups(results.scenarios)
    page = (broken / "html" / "rules.html").read_text("utf-8")
    clause = groups[0].clauses[0]
    box = page[page.index(f'id="{clause}"') :]
    following = box.find('<div class="rulebooks-clause ')
    box = box if following < 0 else box[:following]
    assert "rulebooks-clause-failure" in box
    assert "Traceback in the engine and the steps" in box
    assert "at step" in box


def test_the_terminal_summary_lists_failures_by_clause(
    broken: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    print_failures(broken / "results.json")
    out = capsys.readouterr().out
    assert out.startswith("failures by clause (FEATURE:LINE, error [where]):")
    results = load_results(broken / "results.json")
    for group in failure_groups(results.scenarios):
        for clause in group.clauses:
            assert f"\n  {clause}\n" in out
        for feature, line, _ in group.scenarios:
            assert f"{feature}:{line}" in out


def test_a_green_run_prints_no_failure_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    print_failures(tmp_path / "absent.json")
    assert capsys.readouterr().out == ""


def test_an_engine_frame_is_the_cause_of_an_error_raised_in_the_engine(tmp_path: Path) -> None:
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "broken_rule.py").write_text(
        "def bust(total):\n    return total > None\n", "utf-8"
    )
    namespace: dict[str, object] = {}
    code = compile((tmp_path / "engine" / "broken_rule.py").read_text("utf-8"),
                   str(tmp_path / "engine" / "broken_rule.py"), "exec")  # fmt: skip
    exec(code, namespace)
    with pytest.raises(TypeError) as raised:
        namespace["bust"](3)  # type: ignore[operator]
    caught = raised.value
    frames = project_frames(caught, tmp_path)
    assert frames == ["  at engine/broken_rule.py:2 in bust: return total > None"]
    described = describe_exception(caught, tmp_path)
    assert cause_of(described) == ("TypeError", "engine/broken_rule.py:2")


def test_what_fails_now_lists_the_failing_clauses_of_every_game(broken: Path) -> None:
    results = load_results(broken / "results.json")
    groups = failure_groups(results.scenarios)
    failing = sorted({clause for group in groups for clause in group.clauses})
    page = (broken / "html" / "failing.html").read_text("utf-8")
    listed = page[page.index('id="coverage-failing"') :]
    listed = listed[: listed.index("</ul>")]
    assert re.findall(r'href="rules\.html#([^"]+)"', listed) == failing
    assert f"Failures by cause ({len(groups)})" in text_of(broken / "html" / "failing.html")
