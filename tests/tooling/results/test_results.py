"""Tests of the results file loader and the join to the feature model
(``rulebooks.results.join``)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from rulebooks.results.gherkin_model import Feature, parse_feature
from rulebooks.results.join import (
    ClauseVerdict,
    ResultsFileError,
    Status,
    Verdicts,
    aggregate_status,
    clause_verdict,
    load_results,
    load_results_if_present,
)
from tests.tooling.results.results_docs import results_document as shared_document

PATH = "features/mahe/01_dice.feature"

FEATURE = """\
@game:mahe
Feature: Dice

  Background:
    Given a game

  @clause:MAHE-3.4
  Scenario Outline: Rolling <n>
    When I roll <n>
    Then the total is <t>

    Examples:
      | n | t |
      | 1 | 1 |
      | 2 | 2 |

    @clause:MAHE-3.5
    Examples: tagged
      | n | t |
      | 3 | 3 |

  @clause:MAHE-3.3
  Rule: MAHE-3.3 Busting

    Scenario: Bust
      Given the first die shows 2
      When the second die shows 6
      Then the player busts

    Scenario: Not recorded
      Given nothing
"""


def line_of(fragment: str) -> int:
    """1-based line of the first line of FEATURE containing ``fragment``."""
    for number, line in enumerate(FEATURE.splitlines(), start=1):
        if fragment in line:
            return number
    raise AssertionError(fragment)


SHA = hashlib.sha256(FEATURE.encode()).hexdigest()
BUST = line_of("Scenario: Bust")
OUTLINE = line_of("Scenario Outline")
ROW1, ROW2, ROW3 = line_of("| 1 | 1 |"), line_of("| 2 | 2 |"), line_of("| 3 | 3 |")


def step(text: str, line: int, status: str, error: str | None = None) -> dict[str, Any]:
    return {
        "keyword": "Given",
        "text": text,
        "line": line,
        "status": status,
        "duration": 0.001,
        "error": error,
    }


def scenario(
    line: int, status: str, example: dict[str, Any] | None = None, **extra: Any
) -> dict[str, Any]:
    record: dict[str, Any] = {
        "nodeid": f"tests/test_x.py::t{line}",
        "feature": PATH,
        "feature_name": "Dice",
        "line": line,
        "name": f"scenario at {line}",
        "rule": None,
        "tags": [],
        "example": example,
        "status": status,
        "duration": 0.01,
        "error": None,
        "steps": steps_of(line, status),
    }
    record.update(extra)
    return record


RECORDED = ("passed", "failed", "undefined", "skipped")


def steps_of(line: int, status: str) -> list[dict[str, Any]]:
    """The steps recorded for the scenario at ``line``: every step of it (the background's
    first) when it passed, as a run records them; one step of that status otherwise."""
    if status not in RECORDED:
        return []
    if status != "passed":
        return [step("a step", int(line) + 1, status)]
    lines = FEATURE.splitlines()
    own = []
    if not isinstance(line, int):  # a record of the wrong type, for the reader to refuse
        return [step("a step", 1, status)]
    for number in range(line + 1, len(lines) + 1):
        text = lines[number - 1].strip()
        if not text.startswith(("Given ", "When ", "Then ", "And ")):
            break
        own.append(number)
    return [step("a step", number, status) for number in [line_of("Given a game"), *own]]


def row(line: int | None, index: int) -> dict[str, Any]:
    return {"line": line, "index": index, "values": {"n": "1", "t": "1"}}


def results_document(scenarios: list[dict[str, Any]], sha: str | None = SHA) -> dict[str, Any]:
    """A results file recording ``scenarios`` on the feature with hash ``sha`` (None: the
    feature missing from the fingerprint)."""
    document = shared_document(scenarios, {PATH: sha} if sha is not None else {})
    document["totals"] = {"passed": 1}
    return document


def standard_scenarios() -> list[dict[str, Any]]:
    bust_steps = [
        step("a game", line_of("Given a game"), "passed"),
        step("the first die shows 2", line_of("first die"), "passed"),
        step("the second die shows 6", line_of("second die"), "failed", "AssertionError: no"),
        step("the player busts", line_of("player busts"), "skipped"),
    ]
    return [
        scenario(BUST, "failed", steps=bust_steps, error="AssertionError: no"),
        scenario(OUTLINE, "passed", row(ROW1, 0)),
        scenario(OUTLINE, "failed", row(ROW2, 1)),
        scenario(OUTLINE, "skipped", row(ROW3, 2)),
    ]


def write_json(path: Path, document: Any) -> Path:
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


@pytest.fixture
def feature() -> Feature:
    return parse_feature(FEATURE, PATH, SHA)


def verdicts_for(tmp_path: Path, feature: Feature, document: dict[str, Any]) -> Verdicts:
    results = load_results(write_json(tmp_path / "results.json", document))
    return Verdicts.join(results, [feature])


def scenario_named(feature: Feature, name: str) -> Any:
    return next(s for _rule, s in feature.all_scenarios() if s.name == name)


# --- loading ----------------------------------------------------------------------------


def test_load_reads_every_field(tmp_path: Path) -> None:
    document = results_document(standard_scenarios())
    results = load_results(write_json(tmp_path / "r.json", document))
    assert results.finished == "2026-11-30T02:30:04+00:00"
    assert results.git.commit == "4f1cabcdef0123456789"
    assert results.git.dirty is False
    assert results.feature_sha256 == {PATH: SHA}
    assert results.run.partial is False and results.run.exit_status == 0
    assert results.totals == {"passed": 1}
    first = results.scenarios[0]
    assert (first.feature, first.line, first.status) == (PATH, BUST, Status.FAILED)
    assert first.steps[2].error == "AssertionError: no"
    assert results.scenarios[1].example is not None
    assert results.scenarios[1].example.line == ROW1


def test_missing_file_is_none_when_optional(tmp_path: Path) -> None:
    assert load_results_if_present(tmp_path / "absent.json") is None


def test_missing_file_is_an_error_when_required(tmp_path: Path) -> None:
    with pytest.raises(ResultsFileError, match="no such file") as caught:
        load_results(tmp_path / "absent.json")
    assert "absent.json" in str(caught.value)


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("{not json", "not valid JSON"),
        ("[]", "expected a JSON object at the top, got an array"),
        (json.dumps({"features": {}, "scenarios": []}), "no 'schema' key"),
        (json.dumps(results_document([]) | {"schema": 1}), "unsupported schema 1"),
        (json.dumps(results_document([]) | {"schema": "1"}), "unsupported schema '1'"),
        (json.dumps({"schema": 2, "features": {}}), "unknown key 'features'"),
        (
            json.dumps({k: v for k, v in results_document([]).items() if k != "scenarios"}),
            "top level: missing key 'scenarios'",
        ),
        (
            json.dumps(results_document([scenario(3, "pass")])),
            "scenarios[0].status: expected one of passed, failed, undefined, skipped, got 'pass'",
        ),
        (
            json.dumps(results_document([scenario("3", "passed")])),  # type: ignore[arg-type]
            "scenarios[0].line: expected an integer, got a string",
        ),
        (
            json.dumps(results_document([scenario(3, "passed", steps=[{"text": "x"}])])),
            "scenarios[0].steps[0]: missing key 'keyword'",
        ),
        (
            json.dumps(results_document([]) | {"fingerprint": {"features": []}}),
            "fingerprint.features: expected an object",
        ),
        (
            json.dumps(results_document([scenario(3, "passed", boards={"later": {}})])),
            "scenarios[0].boards: unknown key 'later'; known: before, after, expected",
        ),
        (
            json.dumps(results_document([]) | {"run": {"exit_status": 0}}),
            "run: missing key 'interrupted'",
        ),
    ],
)
def test_malformed_file_names_the_file_and_the_problem(
    tmp_path: Path, content: str, problem: str
) -> None:
    path = tmp_path / "broken-results.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ResultsFileError) as caught:
        load_results(path)
    assert str(path) in str(caught.value)
    assert problem in str(caught.value)


def test_null_git_is_accepted(tmp_path: Path) -> None:
    document = results_document([]) | {"git": None}
    results = load_results(write_json(tmp_path / "r.json", document))
    assert results.git.commit is None


# --- join -------------------------------------------------------------------------------


def test_plain_scenario_joined_by_feature_and_line(tmp_path: Path, feature: Feature) -> None:
    verdicts = verdicts_for(tmp_path, feature, results_document(standard_scenarios()))
    bust = scenario_named(feature, "Bust")
    assert verdicts.scenario_status(feature, bust) is Status.FAILED
    result = verdicts.result_for(feature, bust)
    assert result is not None
    assert [verdicts.step_status(feature, result, s) for s in bust.steps] == [
        Status.PASSED,
        Status.FAILED,
        Status.SKIPPED,
    ]


def test_unrecorded_scenario_is_not_run(tmp_path: Path, feature: Feature) -> None:
    verdicts = verdicts_for(tmp_path, feature, results_document(standard_scenarios()))
    assert verdicts.scenario_status(feature, scenario_named(feature, "Not recorded")) == "not run"


def test_outline_rows_joined_by_row_line(tmp_path: Path, feature: Feature) -> None:
    verdicts = verdicts_for(tmp_path, feature, results_document(standard_scenarios()))
    outline = scenario_named(feature, "Rolling <n>")
    assert verdicts.row_statuses(feature, outline) == [
        Status.PASSED,
        Status.FAILED,
        Status.SKIPPED,
    ]
    assert verdicts.scenario_status(feature, outline) is Status.FAILED


def test_row_recorded_without_line_is_joined_by_index(tmp_path: Path, feature: Feature) -> None:
    rows = [scenario(OUTLINE, "passed", row(None, 0)), scenario(OUTLINE, "failed", row(None, 2))]
    verdicts = verdicts_for(tmp_path, feature, results_document(rows))
    outline = scenario_named(feature, "Rolling <n>")
    assert verdicts.row_statuses(feature, outline) == [
        Status.PASSED,
        Status.NOT_RUN,
        Status.FAILED,
    ]


def test_changed_feature_is_stale(tmp_path: Path, feature: Feature) -> None:
    document = results_document(standard_scenarios(), sha="0" * 64)
    verdicts = verdicts_for(tmp_path, feature, document)
    bust = scenario_named(feature, "Bust")
    outline = scenario_named(feature, "Rolling <n>")
    assert verdicts.stale_features() == [feature]
    assert verdicts.result_for(feature, bust) is None
    assert verdicts.scenario_status(feature, bust) is Status.STALE
    assert verdicts.step_status(feature, None, bust.steps[0]) is Status.STALE
    assert set(verdicts.row_statuses(feature, outline)) == {Status.STALE}
    assert verdicts.clause_verdict("clause:MAHE-3.4") is ClauseVerdict.UNVERIFIED


def test_same_sha_is_not_stale(tmp_path: Path, feature: Feature) -> None:
    verdicts = verdicts_for(tmp_path, feature, results_document(standard_scenarios()))
    assert verdicts.stale_features() == []


def test_recorded_results_without_a_hash_are_stale(tmp_path: Path, feature: Feature) -> None:
    verdicts = verdicts_for(tmp_path, feature, results_document(standard_scenarios(), sha=None))
    assert verdicts.is_stale(feature)


def test_feature_absent_from_results_is_not_run(tmp_path: Path, feature: Feature) -> None:
    verdicts = verdicts_for(tmp_path, feature, results_document([], sha=None))
    assert not verdicts.is_stale(feature)
    assert verdicts.scenario_status(feature, scenario_named(feature, "Bust")) is Status.NOT_RUN


def test_no_results_file_means_not_run_everywhere(feature: Feature) -> None:
    verdicts = Verdicts.join(None, [feature])
    assert not verdicts.has_results
    assert verdicts.stale_features() == []
    assert set(verdicts.run_statuses([feature])) == {Status.NOT_RUN}


def test_totals_count_outline_rows_one_by_one(tmp_path: Path, feature: Feature) -> None:
    verdicts = verdicts_for(tmp_path, feature, results_document(standard_scenarios()))
    totals = verdicts.totals([feature])
    assert totals[Status.PASSED] == 1
    assert totals[Status.FAILED] == 2
    assert totals[Status.SKIPPED] == 1
    assert totals[Status.NOT_RUN] == 1
    assert totals[Status.UNDEFINED] == 0
    assert sum(totals.values()) == 5


def test_tagged_finds_inherited_and_examples_tags(tmp_path: Path, feature: Feature) -> None:
    verdicts = verdicts_for(tmp_path, feature, results_document(standard_scenarios()))
    by_rule = verdicts.tagged("clause:MAHE-3.3")
    assert [(t.scenario.name, t.status) for t in by_rule] == [
        ("Bust", Status.FAILED),
        ("Not recorded", Status.NOT_RUN),
    ]
    # Only the tagged Examples table counts for MAHE-3.5: its one row was skipped.
    by_examples = verdicts.tagged("clause:MAHE-3.5")
    assert [(t.scenario.name, t.status) for t in by_examples] == [("Rolling <n>", Status.SKIPPED)]
    assert verdicts.tagged("clause:MAHE-9.9") == []


# --- verdict helpers --------------------------------------------------------------------

P, F, U, S, N, T = (
    Status.PASSED,
    Status.FAILED,
    Status.UNDEFINED,
    Status.SKIPPED,
    Status.NOT_RUN,
    Status.STALE,
)


@pytest.mark.parametrize(
    ("statuses", "expected"),
    [
        ([P, P], P),
        ([P, F, P], F),
        ([P, U], U),
        ([F, U], F),
        ([P, S], S),
        ([P, N], N),
        ([T, T], T),
        ([], N),
    ],
)
def test_aggregate_status(statuses: list[Status], expected: Status) -> None:
    assert aggregate_status(statuses) is expected


@pytest.mark.parametrize(
    ("statuses", "expected"),
    [
        ([], ClauseVerdict.UNVERIFIED),
        ([P], ClauseVerdict.VERIFIED),
        ([P, P], ClauseVerdict.VERIFIED),
        ([P, F], ClauseVerdict.FAILING),
        ([U], ClauseVerdict.FAILING),
        ([S], ClauseVerdict.UNVERIFIED),
        ([N, T], ClauseVerdict.UNVERIFIED),
        ([P, S], ClauseVerdict.UNVERIFIED),
        ([S, F], ClauseVerdict.FAILING),
    ],
)
def test_clause_verdict(statuses: list[Status], expected: ClauseVerdict) -> None:
    assert clause_verdict(statuses) is expected


def test_status_labels_are_the_published_words() -> None:
    assert [status.value for status in Status] == [
        "passed",
        "failed",
        "undefined",
        "skipped",
        "not run",
        "stale",
    ]
    assert [verdict.value for verdict in ClauseVerdict] == ["verified", "failing", "unverified"]
