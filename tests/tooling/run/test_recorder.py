"""Tests of the results recorder (``rulebooks.run.recorder``) on a small feature set run by
pytester."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from rulebooks.provenance.labels import all_data
from rulebooks.results.schema import SCHEMA
from rulebooks.run.feature_index import FeatureInfo

pytest_plugins = ["pytester"]

SAMPLE_FEATURE = """\
@sample
Feature: Sample rulebook
  A feature exercising every status the recorder knows.

  Scenario: Everything passes
    Given a counter at 0
    When I add 2
    And I add 3
    Then the counter is 5

  Scenario: The second step fails
    Given a counter at 0
    Then the counter is 1
    When I add 1
    Then the counter is 1

  Scenario: A step in the middle is undefined
    Given a counter at 0
    When I juggle the dice
    Then the counter is 0

  @skip
  Scenario: Skipped by its tag
    Given a counter at 0
    Then the counter is 0

  Scenario Outline: Adding <amount>
    Given a counter at 0
    When I add <amount>
    Then the counter is <total>

    @small
    Examples: Small amounts
      | amount | total |
      | 1      | 1     |
      | 2      | 5     |

  @clause:SAMPLE-1
  Rule: SAMPLE-1 Tables add up

    @table
    Scenario: A table of additions
      Given a counter at 0
      When I add each of
        | amount |
        | 4      |
        | 6      |
      Then the counter is 10
"""

EXTRA_FEATURE = """\
Feature: Twists

  Background:
    Given a counter at 0

  Scenario: A step skips at run time
    When I add 1
    And the step skips
    Then the counter is 1

  @broken_setup
  Scenario: A fixture fails at setup
    When I add 1
    Then the counter is 1

  @broken_teardown
  Scenario: A fixture fails at teardown
    When I add 1
    Then the counter is 1

  @xfail
  Scenario: Known to fail
    Then the counter is 3
    When I add 1

  Scenario Outline: Two tables
    When I add <n>
    Then the counter is <n>

    Examples: First
      | n |
      | 7 |

    @second
    Examples: Second
      | n |
      | 8 |
"""

STEPS = """\
import pytest
from pytest_bdd import given, parsers, scenarios, then, when

scenarios("features")


@given(parsers.parse("a counter at {start:d}"), target_fixture="counter")
def _(start):
    return {"value": start}


@when(parsers.parse("I add {amount:d}"))
def _(counter, amount):
    counter["value"] += amount


@when("I add each of")
def _(counter, datatable):
    for row in datatable[1:]:
        counter["value"] += int(row[0])


@when("the step skips")
def _():
    pytest.skip("not today")


@then(parsers.parse("the counter is {expected:d}"))
def _(counter, expected):
    assert counter["value"] == expected, f"counter is {counter['value']}, expected {expected}"
"""

CONFTEST = """\
import pytest


@pytest.fixture(autouse=True)
def _breakable(request):
    if request.node.get_closest_marker("broken_setup"):
        raise RuntimeError("fixture exploded")
    yield
    if request.node.get_closest_marker("broken_teardown"):
        raise RuntimeError("teardown exploded")
"""

INI = """\
[pytest]
filterwarnings = ignore::pytest.PytestUnknownMarkWarning
"""

RESULTS = "out/nested/results.json"
SAMPLE = "features/sample.feature"
EXTRA = "features/extra.feature"
MODULE = "test_rulebook.py"


@dataclass
class Run:
    """One inner pytest run with the recorder and what it wrote."""

    result: pytest.RunResult
    data: dict[str, Any]
    path: Path
    before: datetime
    after: datetime

    def scenario(self, nodeid: str) -> dict[str, Any]:
        """The only record of ``nodeid``."""
        found = [s for s in self.data["scenarios"] if s["nodeid"] == f"{MODULE}::{nodeid}"]
        assert len(found) == 1, [s["nodeid"] for s in self.data["scenarios"]]
        record: dict[str, Any] = found[0]
        return record


def line_of(text: str, content: str, after: str | None = None) -> int:
    """1-based line of the first line whose stripped text is ``content`` (after ``after``)."""
    lines = [line.strip() for line in text.splitlines()]
    start = 0 if after is None else lines.index(after) + 1
    return lines.index(content, start) + 1


def statuses(record: dict[str, Any]) -> list[str]:
    """Step statuses of a scenario record."""
    return [step["status"] for step in record["steps"]]


def without_durations(record: dict[str, Any]) -> dict[str, Any]:
    """A copy of a scenario record without its (run-dependent) durations."""
    copy = {key: value for key, value in record.items() if key != "duration"}
    copy["steps"] = [{k: v for k, v in step.items() if k != "duration"} for step in record["steps"]]
    return copy


def write_project(pytester: pytest.Pytester) -> None:
    """Write the sample project (features, step definitions, conftest, ini)."""
    features = pytester.mkdir("features")
    (features / "sample.feature").write_text(SAMPLE_FEATURE, encoding="utf-8")
    (features / "extra.feature").write_text(EXTRA_FEATURE, encoding="utf-8")
    pytester.makepyfile(**{MODULE[:-3]: STEPS})
    pytester.makeconftest(CONFTEST)
    pytester.makefile(".ini", pytest=INI)


def run_recorder(pytester: pytest.Pytester, *args: str) -> Run:
    """Run the sample project with the recorder writing to ``RESULTS``."""
    before = datetime.now(UTC).replace(microsecond=0)
    result = pytester.runpytest(
        "-p", "rulebooks.run.recorder", "--rulebooks-results", RESULTS, *args
    )
    after = datetime.now(UTC)
    path = pytester.path / RESULTS
    data = json.loads(path.read_text(encoding="utf-8"))
    return Run(result, data, path, before, after)


@pytest.fixture
def project(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    """The sample project, kept from finding any git repository above it."""
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(pytester.path.parent))
    write_project(pytester)
    return pytester


@pytest.fixture
def non_utc_timezone(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A local time zone 5 hours west of UTC, so that local times cannot pass for UTC."""
    monkeypatch.setenv("TZ", "RBK+05")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.fixture
def run(project: pytest.Pytester, non_utc_timezone: None) -> Run:
    """The sample project run once with the recorder."""
    return run_recorder(project)


def test_inner_run_has_the_expected_pytest_outcomes(run: Run) -> None:
    # passed: 5 passing scenarios + the one failing only at teardown (its call passed);
    # failed: the failing scenario, the failing outline row, the undefined step;
    # errors: setup and teardown fixture failures; skipped: @skip and pytest.skip().
    run.result.assert_outcomes(passed=6, failed=3, skipped=2, errors=2, xfailed=1)
    run.result.stdout.fnmatch_lines([f"*rulebooks results: {run.path}*"])


def test_header_totals_and_features(run: Run, project: pytest.Pytester) -> None:
    data = run.data
    assert list(data) == [
        "schema", "started", "finished", "git", "run", "fingerprint", "totals", "scenarios",
        "data",
    ]  # fmt: skip
    assert data["schema"] == SCHEMA
    assert data["data"] == all_data()  # the engines' data files and their verified flags
    started = datetime.fromisoformat(data["started"])
    finished = datetime.fromisoformat(data["finished"])
    assert started.utcoffset() == finished.utcoffset() == timedelta(0)
    assert data["started"].endswith("+00:00") and data["finished"].endswith("+00:00")
    assert run.before <= started <= finished <= run.after
    assert data["git"] is None
    assert data["totals"] == {"passed": 5, "failed": 4, "skipped": 3, "undefined": 1}
    assert sum(data["totals"].values()) == len(data["scenarios"]) == 13
    assert data["fingerprint"]["features"] == {
        path: hashlib.sha256((project.path / path).read_bytes()).hexdigest()
        for path in (EXTRA, SAMPLE)
    }
    assert data["fingerprint"]["code"] == {  # the conftest, and the step module it imported
        path: hashlib.sha256((project.path / path).read_bytes()).hexdigest()
        for path in ("conftest.py", MODULE)
    }
    versions = data["fingerprint"]["versions"]
    assert set(versions) == {"python", "pytest", "pytest-bdd", "gherkin-official"}
    assert versions["python"] == f"{sys.version_info.major}.{sys.version_info.minor}"
    assert data["run"] == {"exit_status": 1, "interrupted": False, "partial": False, "problems": []}


def test_scenarios_are_listed_by_feature_line_and_row(run: Run) -> None:
    # pytest-bdd runs features sorted by name (Sample rulebook, then Twists); the file is
    # sorted by feature path (extra.feature first), then line, then row.
    # Progress starts ".F": Everything passes, The second step fails.
    run.result.stdout.fnmatch_lines(["test_rulebook.py .F*"])
    assert [(s["nodeid"], s["status"]) for s in run.data["scenarios"]] == [
        (f"{MODULE}::test_a_step_skips_at_run_time", "skipped"),
        (f"{MODULE}::test_a_fixture_fails_at_setup", "failed"),
        (f"{MODULE}::test_a_fixture_fails_at_teardown", "failed"),
        (f"{MODULE}::test_known_to_fail", "skipped"),
        (f"{MODULE}::test_two_tables[7]", "passed"),
        (f"{MODULE}::test_two_tables[8]", "passed"),
        (f"{MODULE}::test_everything_passes", "passed"),
        (f"{MODULE}::test_the_second_step_fails", "failed"),
        (f"{MODULE}::test_a_step_in_the_middle_is_undefined", "undefined"),
        (f"{MODULE}::test_skipped_by_its_tag", "skipped"),
        (f"{MODULE}::test_adding_amount[1-1]", "passed"),
        (f"{MODULE}::test_adding_amount[2-5]", "failed"),
        (f"{MODULE}::test_a_table_of_additions", "passed"),
    ]


def test_passing_scenario_record(run: Run) -> None:
    record = run.scenario("test_everything_passes")
    header = "Scenario: Everything passes"
    assert without_durations(record) == {
        "nodeid": f"{MODULE}::test_everything_passes",
        "feature": SAMPLE,
        "feature_name": "Sample rulebook",
        "line": line_of(SAMPLE_FEATURE, header),
        "name": "Everything passes",
        "rule": None,
        "tags": ["sample"],
        "example": None,
        "status": "passed",
        "error": None,
        "boards": {},
        "forced": [],
        "steps": [
            {"keyword": keyword, "text": text, "status": "passed", "error": None,
             "line": line_of(SAMPLE_FEATURE, f"{keyword} {text}", after=header)}
            for keyword, text in [
                ("Given", "a counter at 0"),
                ("When", "I add 2"),
                ("And", "I add 3"),
                ("Then", "the counter is 5"),
            ]
        ],
    }  # fmt: skip
    assert isinstance(record["duration"], float) and record["duration"] > 0
    assert all(isinstance(s["duration"], float) and s["duration"] >= 0 for s in record["steps"])


def test_failing_step_skips_the_steps_after_it(run: Run) -> None:
    record = run.scenario("test_the_second_step_fails")
    assert record["status"] == "failed"
    assert statuses(record) == ["passed", "failed", "skipped", "skipped"]
    failed = record["steps"][1]
    assert failed["text"] == "the counter is 1"
    assert failed["line"] == line_of(
        SAMPLE_FEATURE, "Then the counter is 1", after="Scenario: The second step fails"
    )
    assert failed["error"].startswith("AssertionError: counter is 0, expected 1")
    assert record["error"] == failed["error"]
    for step in (record["steps"][0], *record["steps"][2:]):
        assert step["error"] is None
    assert [s["duration"] for s in record["steps"][2:]] == [0.0, 0.0]


def test_undefined_step_makes_the_scenario_undefined(run: Run) -> None:
    record = run.scenario("test_a_step_in_the_middle_is_undefined")
    assert record["status"] == "undefined"
    assert statuses(record) == ["passed", "undefined", "skipped"]
    undefined = record["steps"][1]
    assert (undefined["keyword"], undefined["text"]) == ("When", "I juggle the dice")
    assert undefined["line"] == line_of(SAMPLE_FEATURE, "When I juggle the dice")
    assert undefined["error"].startswith("StepDefinitionNotFoundError: ")
    assert "I juggle the dice" in undefined["error"]
    assert record["error"] == undefined["error"]
    assert record["steps"][2]["error"] is None


def test_scenario_skipped_by_tag_is_recorded_with_its_steps(run: Run) -> None:
    record = run.scenario("test_skipped_by_its_tag")
    header = "Scenario: Skipped by its tag"
    assert record["status"] == "skipped"
    assert record["error"] is None
    assert record["tags"] == ["sample", "skip"]
    assert record["line"] == line_of(SAMPLE_FEATURE, header)
    assert [(s["keyword"], s["text"], s["line"], s["status"]) for s in record["steps"]] == [
        ("Given", "a counter at 0", line_of(SAMPLE_FEATURE, "Given a counter at 0", header),
         "skipped"),
        ("Then", "the counter is 0", line_of(SAMPLE_FEATURE, "Then the counter is 0", header),
         "skipped"),
    ]  # fmt: skip


def test_skip_inside_a_step(run: Run) -> None:
    record = run.scenario("test_a_step_skips_at_run_time")
    assert record["status"] == "skipped"
    assert record["error"] is None
    assert [(s["text"], s["status"]) for s in record["steps"]] == [
        ("a counter at 0", "passed"),  # the Background step
        ("I add 1", "passed"),
        ("the step skips", "skipped"),
        ("the counter is 1", "skipped"),
    ]
    assert record["steps"][0]["line"] == line_of(EXTRA_FEATURE, "Given a counter at 0")
    assert record["steps"][0]["keyword"] == "Given"


def test_outline_rows(run: Run) -> None:
    header = "Scenario Outline: Adding <amount>"
    first = run.scenario("test_adding_amount[1-1]")
    second = run.scenario("test_adding_amount[2-5]")
    for record in (first, second):
        assert record["line"] == line_of(SAMPLE_FEATURE, header)
        assert record["tags"] == ["sample", "small"]
        assert record["rule"] is None
    assert first["name"] == "Adding 1"
    assert second["name"] == "Adding 2"
    assert first["example"] == {
        "line": line_of(SAMPLE_FEATURE, "| 1      | 1     |"),
        "index": 0,
        "values": {"amount": "1", "total": "1"},
    }
    assert second["example"] == {
        "line": line_of(SAMPLE_FEATURE, "| 2      | 5     |"),
        "index": 1,
        "values": {"amount": "2", "total": "5"},
    }
    assert [s["text"] for s in second["steps"]] == ["a counter at 0", "I add 2", "the counter is 5"]
    assert [s["line"] for s in second["steps"]] == [
        line_of(SAMPLE_FEATURE, "Given a counter at 0", after=header),
        line_of(SAMPLE_FEATURE, "When I add <amount>"),
        line_of(SAMPLE_FEATURE, "Then the counter is <total>"),
    ]
    assert (first["status"], statuses(first), first["error"]) == (
        "passed", ["passed", "passed", "passed"], None,
    )  # fmt: skip
    assert second["status"] == "failed"
    assert statuses(second) == ["passed", "passed", "failed"]
    assert second["error"].startswith("AssertionError: counter is 2, expected 5")


def test_rows_of_several_examples_tables(run: Run) -> None:
    first = run.scenario("test_two_tables[7]")
    second = run.scenario("test_two_tables[8]")
    assert first["example"] == {
        "line": line_of(EXTRA_FEATURE, "| 7 |"), "index": 0, "values": {"n": "7"},
    }  # fmt: skip
    assert second["example"] == {
        "line": line_of(EXTRA_FEATURE, "| 8 |"), "index": 1, "values": {"n": "8"},
    }  # fmt: skip
    assert first["tags"] == []
    assert second["tags"] == ["second"]
    assert [s["text"] for s in second["steps"]] == ["a counter at 0", "I add 8", "the counter is 8"]


def test_rule_tags_and_data_table(run: Run) -> None:
    record = run.scenario("test_a_table_of_additions")
    header = "Scenario: A table of additions"
    assert record["rule"] == {
        "name": "SAMPLE-1 Tables add up",
        "line": line_of(SAMPLE_FEATURE, "Rule: SAMPLE-1 Tables add up"),
    }
    assert record["tags"] == ["clause:SAMPLE-1", "sample", "table"]
    assert record["line"] == line_of(SAMPLE_FEATURE, header)
    assert record["status"] == "passed"  # the counter reached 10: the table was passed
    assert [(s["keyword"], s["text"], s["line"], s["status"]) for s in record["steps"]] == [
        ("Given", "a counter at 0", line_of(SAMPLE_FEATURE, "Given a counter at 0", header),
         "passed"),
        ("When", "I add each of", line_of(SAMPLE_FEATURE, "When I add each of"), "passed"),
        ("Then", "the counter is 10", line_of(SAMPLE_FEATURE, "Then the counter is 10"),
         "passed"),
    ]  # fmt: skip
    others = [s for s in run.data["scenarios"] if s["nodeid"] != record["nodeid"]]
    assert all(s["rule"] is None for s in others)


def test_fixture_error_at_setup(run: Run) -> None:
    record = run.scenario("test_a_fixture_fails_at_setup")
    assert record["status"] == "failed"
    assert record["error"] == "RuntimeError: fixture exploded"
    assert record["tags"] == ["broken_setup"]
    assert statuses(record) == ["skipped", "skipped", "skipped"]
    assert all(step["error"] is None for step in record["steps"])


def test_fixture_error_at_teardown(run: Run) -> None:
    record = run.scenario("test_a_fixture_fails_at_teardown")
    assert record["status"] == "failed"
    assert record["error"] == "RuntimeError: teardown exploded"
    assert statuses(record) == ["passed", "passed", "passed"]


def test_expected_failure_is_skipped_but_keeps_its_failed_step(run: Run) -> None:
    record = run.scenario("test_known_to_fail")
    assert record["status"] == "skipped"
    assert statuses(record) == ["passed", "failed", "skipped"]
    assert record["steps"][1]["error"].startswith("AssertionError: counter is 0, expected 3")
    assert record["error"] == record["steps"][1]["error"]


def test_file_is_replaced_atomically(project: pytest.Pytester) -> None:
    target = project.path / RESULTS
    target.parent.mkdir(parents=True)
    target.write_text("stale, not JSON", encoding="utf-8")
    run = run_recorder(project)
    assert run.data["schema"] == SCHEMA
    # no temporary file left; the other formats of the run (rulebooks.formats) beside it
    assert sorted(p.name for p in target.parent.iterdir()) == [
        "junit.xml", "messages.ndjson", "results.json",
    ]  # fmt: skip
    assert target.stat().st_mode & 0o777 == 0o644


def test_nothing_is_written_without_the_option(project: pytest.Pytester) -> None:
    def files() -> set[Path]:
        return {
            p.relative_to(project.path)
            for p in project.path.rglob("*")
            if not {"__pycache__", ".pytest_cache"} & set(p.relative_to(project.path).parts)
        }

    before = files()
    result = project.runpytest("-p", "rulebooks.run.recorder")
    result.assert_outcomes(passed=6, failed=3, skipped=2, errors=2, xfailed=1)
    assert files() == before
    result.stdout.no_fnmatch_line("*rulebooks results*")


def test_plugin_registers_its_option(project: pytest.Pytester) -> None:
    result = project.runpytest("-p", "rulebooks.run.recorder", "--help")
    result.stdout.fnmatch_lines(["*--rulebooks-results=PATH*"])


def _git(cwd: Path, *args: str) -> str:
    command = ["git", "-c", "user.name=t", "-c", "user.email=t@example.org",
               "-c", "commit.gpgsign=false", *args]  # fmt: skip
    return subprocess.run(command, cwd=cwd, check=True, capture_output=True, text=True).stdout


def test_git_commit_and_dirty_flag(project: pytest.Pytester) -> None:
    (project.path / ".gitignore").write_text("__pycache__/\n.pytest_cache/\nout/\n")
    _git(project.path, "init", "-q")
    _git(project.path, "add", "-A")
    _git(project.path, "commit", "-q", "-m", "sample")
    head = _git(project.path, "rev-parse", "HEAD").strip()

    clean = run_recorder(project)
    assert clean.data["git"] == {"commit": head, "dirty": False}

    (project.path / "notes.txt").write_text("untracked\n")
    dirty = run_recorder(project)
    assert dirty.data["git"] == {"commit": head, "dirty": True}


def test_git_repository_without_commit(project: pytest.Pytester) -> None:
    _git(project.path, "init", "-q")
    assert run_recorder(project).data["git"] == {"commit": None, "dirty": True}


def test_git_missing(project: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    _git(project.path, "init", "-q")  # a repository, but no git executable to read it
    empty = project.mkdir("no-bin")
    monkeypatch.setenv("PATH", str(empty))
    run = run_recorder(project)
    assert run.data["git"] is None
    assert run.data["totals"] == {"passed": 5, "failed": 4, "skipped": 3, "undefined": 1}


def test_a_run_whose_asserts_are_stripped_is_refused_not_recorded(
    project: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under PYTHONOPTIMIZE the asserts of step modules pytest does not rewrite vanish (the
    built-in games' steps and the step library), so failing Then steps record passed. The
    recorder refuses to start and writes nothing."""
    monkeypatch.setenv("PYTHONOPTIMIZE", "1")
    result = project.runpytest_subprocess(
        "-p", "rulebooks.run.recorder", "--rulebooks-results", RESULTS
    )
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "not recording: Python runs with -O or PYTHONOPTIMIZE=1" in result.stderr.str()
    assert not (project.path / RESULTS).exists()


def test_an_outline_is_recorded_reading_each_row_a_bounded_number_of_times(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each outline test looks up its own row: reading every row again for each made the
    recording grow with the square of the rows (2,000 rows took 10 s, 10,000 never ended).
    Counted, not timed: rows read from pytest-bdd's Examples stay a few per row, for the
    results as for ``--rulebooks-only`` picking one row."""
    from pytest_bdd.parser import Examples

    rows = 60
    table = "".join(f"      | {n} | {n} |\n" for n in range(rows))
    feature = (
        "Feature: Long\n\n  Scenario Outline: Adding <amount>\n    Given a counter at 0\n"
        "    When I add <amount>\n    Then the counter is <total>\n\n"
        f"    Examples:\n      | amount | total |\n{table}"
    )
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(pytester.path.parent))
    pytester.mkdir("features")
    (pytester.path / "features" / "long.feature").write_text(feature, "utf-8")
    pytester.makepyfile(**{MODULE[:-3]: STEPS})
    pytester.makefile(".ini", pytest=INI)
    read = [0]
    as_contexts = Examples.as_contexts

    def counted(self: Examples) -> Iterator[dict[str, str]]:
        for context in as_contexts(self):
            read[0] += 1
            yield context

    monkeypatch.setattr(Examples, "as_contexts", counted)
    from rulebooks.run import items
    from rulebooks.run.feature_index import read_feature

    indexed = [0]

    def counted_index(filename: str, rootpath: Path) -> FeatureInfo:
        indexed[0] += 1
        return read_feature(filename, rootpath)

    monkeypatch.setattr(items, "read_feature", counted_index)
    last = 10 + rows - 1  # the line of the last row
    for only in ([], ["--rulebooks-only", f"features/long.feature:{last}"]):
        read[0] = 0
        done = pytester.runpytest_inprocess(
            "-p", "rulebooks.run.recorder", "--rulebooks-results", RESULTS, *only
        )
        recorded = json.loads((pytester.path / RESULTS).read_text("utf-8"))["scenarios"]
        assert len(recorded) == (1 if only else rows), done.stdout.str()[-2000:]
        assert recorded[-1]["example"]["line"] == last
        assert recorded[-1]["example"]["index"] == rows - 1
        assert read[0] <= 4 * rows, f"{read[0]} rows read for {rows}"
    assert indexed[0] == 1, "--rulebooks-only indexed the feature file once per outline row"
