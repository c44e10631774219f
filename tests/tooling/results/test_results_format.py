"""The results file format is defined once (``rulebooks.results.schema``): the published JSON
Schema is generated from it, and the schema and the reader agree on what a valid file is."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from rulebooks.results.fingerprint import CODE_INPUTS, VERSIONED
from rulebooks.results.schema import (
    SCHEMA,
    SCHEMA_FILE,
    ResultsFile,
    ScenarioResult,
    Status,
    derived_status,
    from_json,
    json_schema,
    schema_text,
    to_json,
)
from rulebooks.site import pipeline
from tests.tooling.results.results_docs import results_document

STEP = {"keyword": "Given", "text": "a game", "line": 4, "status": "passed", "duration": 0.1,
        "error": None}  # fmt: skip
SCENARIO = {
    "nodeid": "t.py::test_a", "feature": "features/a.feature", "feature_name": "A", "line": 3,
    "name": "A", "rule": {"name": "R-1 A rule", "line": 2}, "tags": ["clause:R-1"],
    "example": None, "status": "passed", "duration": 0.2, "error": None, "steps": [STEP],
    "boards": {"before": {"text": "empty", "svg": "<svg/>"}}, "forced": ["die 3"],
}  # fmt: skip


def document() -> dict[str, Any]:
    return results_document([copy.deepcopy(SCENARIO)], {"features/a.feature": "ab" * 32})


def validator() -> jsonschema.Draft202012Validator:
    schema = json.loads(SCHEMA_FILE.read_text("utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_the_published_schema_is_generated_from_the_format() -> None:
    assert SCHEMA_FILE.read_text("utf-8") == schema_text(), (
        "rulebooks/results/results.schema.json is out of date: regenerate it with "
        "python -c 'from rulebooks.results.schema import *; SCHEMA_FILE.write_text(schema_text())'"
    )
    assert json_schema()["properties"]["schema"]["const"] == SCHEMA


def test_a_document_round_trips_through_the_dataclasses() -> None:
    data = document()
    validator().validate(data)
    read = from_json(ResultsFile, data)
    assert read.scenarios[0].steps[0].status is Status.PASSED
    assert to_json(read) == data


TAMPERS: dict[str, Callable[[dict[str, Any]], object]] = {
    "no run record": lambda d: d.pop("run"),
    "an unknown key": lambda d: d.update(extra=1),
    "a status the site invents": lambda d: d["scenarios"][0].update(status="stale"),
    "a line as text": lambda d: d["scenarios"][0].update(line="3"),
    "a boolean exit status": lambda d: d["run"].update(exit_status=True),
    "a step without keyword": lambda d: d["scenarios"][0]["steps"][0].pop("keyword"),
    "a board at an unknown moment": lambda d: d["scenarios"][0]["boards"].update(later={}),
    "a board that is not SVG": lambda d: d["scenarios"][0]["boards"]["before"].update(svg="<p>"),
    "a board of white space": lambda d: d["scenarios"][0]["boards"]["before"].update(svg="\n"),
    "a board opening late": lambda d: d["scenarios"][0]["boards"]["before"].update(svg="x<svg/>"),
    "a fingerprint hash that is a number": lambda d: d["fingerprint"]["code"].update(x=1),
    "tags as a string": lambda d: d["scenarios"][0].update(tags="clause:R-1"),
}


@pytest.mark.parametrize("tamper", TAMPERS.values(), ids=TAMPERS.keys())
def test_schema_and_reader_refuse_the_same_files(
    tamper: Callable[[dict[str, Any]], object],
) -> None:
    data = document()
    tamper(data)
    assert not validator().is_valid(data)
    with pytest.raises(ValueError, match=r"\S+: "):
        from_json(ResultsFile, data)


@pytest.mark.parametrize(
    ("recorded", "steps", "expected", "contradiction"),
    [
        ("passed", ["passed", "passed"], "passed", None),
        ("passed", ["passed", "failed"], "failed", "recorded passed but its steps say failed"),
        ("passed", ["undefined", "skipped"], "undefined", "recorded passed"),
        ("passed", ["passed", "skipped"], "skipped", "recorded passed"),
        ("passed", [], "failed", "the scenario has no steps"),
        ("failed", [], "failed", None),
        ("failed", ["passed"], "failed", None),  # a fixture failed at teardown
        ("skipped", ["passed", "failed"], "skipped", None),  # an expected failure
        ("undefined", ["failed"], "failed", "recorded undefined"),
    ],
)
def test_status_is_derived_from_the_steps(
    recorded: str, steps: list[str], expected: str, contradiction: str | None
) -> None:
    raw = SCENARIO | {"status": recorded, "steps": [STEP | {"status": s} for s in steps]}
    status, why = derived_status(from_json(ScenarioResult, raw))
    assert status == expected
    assert (why is None) if contradiction is None else (why is not None and contradiction in why)


def test_the_running_guide_states_what_a_run_behind_it_covers() -> None:
    page = Path(__file__).resolve().parents[3] / "docs/guide/running.md"
    readme = " ".join(page.read_text("utf-8").split())
    promise = readme[readme.index("never shows green without a run behind it") :]
    for entry in (*CODE_INPUTS, *VERSIONED):
        assert f"`{entry.rstrip('/')}" in promise or entry in promise, entry
    assert "gives up after 15 minutes" in promise and pipeline.LOCK_WAIT_SECONDS == 15 * 60
    assert "the text of each feature file as pytest-bdd parsed it" in promise
