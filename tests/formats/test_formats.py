"""Cucumber Messages and JUnit XML written beside the results file, from a small project."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
import xmlschema

from rulebooks.formats.junit import SCHEMA_PATH, SEPARATOR, junit_tree
from rulebooks.formats.messages import MessagesError, check_messages, read_ndjson
from rulebooks.formats.pending import marker_of, wait_for_formats

pytest_plugins = ["pytester"]

PREFIX = f"Counter{SEPARATOR}C-1 Counting up{SEPARATOR}"

FEATURE = """\
Feature: Counter
  Rule: C-1 Counting up

    Scenario: Two steps up
      Given a counter at 1
      When it goes up by 2
      Then it shows 3

    Scenario: A wrong expectation
      Given a counter at 1
      When it goes up by 2
      Then it shows 4
      And it is still there

    Scenario: A step nobody wrote
      Given a counter at 1
      When it flies away
      And it vanishes
      Then it shows 1

    @skip
    Scenario: Not today
      Given a counter at 1

    Scenario: Not written yet
      Given a counter at 1
      When it is tripled

    Scenario Outline: Up by <n>
      Given a counter at 0
      When it goes up by <n>
      Then it shows <n>

      Examples:
        | n |
        | 5 |
"""

STEPS = """\
import pytest
from pytest_bdd import given, parsers, scenarios, then, when

from rulebooks.formats.messages import PendingStep

scenarios("counter.feature")


class Counter:
    def __init__(self):
        self.value = None
        self.forced_outcomes = []
        self.expected_board = None

    def snapshot(self):
        if self.value is None:
            return None
        return {"text": f"counter {self.value}", "svg": f"<svg><text>{self.value}</text></svg>"}


@pytest.fixture
def rulebooks_world():
    return Counter()


@given(parsers.parse("a counter at {n:d}"))
def start(rulebooks_world, n):
    rulebooks_world.value = n


@when(parsers.parse("it goes up by {n:d}"))
def up(rulebooks_world, n):
    rulebooks_world.value += n


@when("it is tripled")
def tripled():
    raise PendingStep("tripling is not written yet")


@then(parsers.parse("it shows {n:d}"))
def shows(rulebooks_world, n):
    assert rulebooks_world.value == n, f"the counter shows {rulebooks_world.value}, not {n}"


@then("it is still there")
def there():
    pass
"""


@pytest.fixture
def run(pytester: pytest.Pytester) -> Path:
    """Run the small project with the recorder; the folder of its outputs."""
    pytester.makefile(".feature", counter=FEATURE)
    pytester.makepyfile(test_counter=STEPS)
    pytester.runpytest("-p", "rulebooks.run.recorder", "--rulebooks-results", "out/results.json")
    return pytester.path / "out"


def messages(folder: Path) -> list[dict[str, Any]]:
    lines = (folder / "messages.ndjson").read_text("utf-8").splitlines()
    return [json.loads(line) for line in lines]


def of_kind(stream: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [message[kind] for message in stream if kind in message]


def step_statuses(stream: list[dict[str, Any]]) -> dict[str, list[str]]:
    """Scenario name -> its steps' statuses, through the ids of the stream."""
    pickles = {p["id"]: p["name"] for p in of_kind(stream, "pickle")}
    cases = {c["id"]: pickles[c["pickleId"]] for c in of_kind(stream, "testCase")}
    started = {s["id"]: cases[s["testCaseId"]] for s in of_kind(stream, "testCaseStarted")}
    found: dict[str, list[str]] = {}
    for finished in of_kind(stream, "testStepFinished"):
        name = started[finished["testCaseStartedId"]]
        found.setdefault(name, []).append(finished["testStepResult"]["status"])
    return found


def test_messages_say_every_status_honestly(run: Path) -> None:
    stream = messages(run)
    assert next(iter(stream[0])) == "meta" and next(iter(stream[-1])) == "testRunFinished"
    assert step_statuses(stream) == {
        "Two steps up": ["PASSED", "PASSED", "PASSED"],
        "A wrong expectation": ["PASSED", "PASSED", "FAILED", "SKIPPED"],
        "A step nobody wrote": ["PASSED", "UNDEFINED", "UNDEFINED", "SKIPPED"],
        "Not today": ["SKIPPED"],
        "Not written yet": ["PASSED", "PENDING"],
        "Up by 5": ["PASSED", "PASSED", "PASSED"],
    }
    assert of_kind(stream, "testRunFinished")[0]["success"] is False
    failed = [
        f["testStepResult"]
        for f in of_kind(stream, "testStepFinished")
        if f["testStepResult"]["status"] == "FAILED"
    ]
    assert failed[0]["message"].startswith("the counter shows 3, not 4")
    assert failed[0]["exception"]["type"] == "AssertionError"
    assert "test_counter.py" in failed[0]["exception"]["stackTrace"]
    assert len(of_kind(stream, "suggestion")) == 2  # one per undefined step


def test_step_definitions_are_named_with_their_patterns_and_arguments(run: Path) -> None:
    stream = messages(run)
    definitions = of_kind(stream, "stepDefinition")
    shown = {(d["pattern"]["type"], d["pattern"]["source"][:20]) for d in definitions}
    assert shown == {
        ("CUCUMBER_EXPRESSION", "it is tripled"),
        ("CUCUMBER_EXPRESSION", "it is still there"),
        ("REGULAR_EXPRESSION", "^a counter at (?<n>["),
        ("REGULAR_EXPRESSION", "^it goes up by (?<n>"),
        ("REGULAR_EXPRESSION", "^it shows (?<n>[-+ ]"),
    }
    assert {d["sourceReference"]["uri"] for d in definitions} == {"test_counter.py"}
    case = of_kind(stream, "testCase")[0]
    arguments = case["testSteps"][0]["stepMatchArgumentsLists"][0]["stepMatchArguments"]
    assert arguments == [{"group": {"start": 13, "value": "1"}}]


def test_boards_are_svg_attachments_of_their_steps(run: Path) -> None:
    stream = messages(run)
    attachments = of_kind(stream, "attachment")
    assert attachments and {a["mediaType"] for a in attachments} == {"image/svg+xml"}
    steps = {s["id"] for c in of_kind(stream, "testCase") for s in c["testSteps"]}
    assert all(a["testStepId"] in steps for a in attachments)
    first = next(a for a in attachments if a["fileName"] == "board-before.svg")
    assert first["body"] == "<svg><text>1</text></svg>"


def test_messages_read_back_and_bad_files_are_named(run: Path, tmp_path: Path) -> None:
    path = run / "messages.ndjson"
    assert len(read_ndjson(path)) == len(messages(run))
    lines = path.read_text("utf-8").splitlines()
    truncated = tmp_path / "truncated.ndjson"
    truncated.write_text("\n".join(lines[:5]) + "\n" + lines[5][:20], "utf-8")
    with pytest.raises(MessagesError, match=r"truncated.ndjson:6: not JSON"):
        read_ndjson(truncated)
    cut = tmp_path / "cut.ndjson"
    cut.write_text("\n".join(lines[:-1]) + "\n", "utf-8")
    with pytest.raises(MessagesError, match="no testRunFinished"):
        read_ndjson(cut)
    other = tmp_path / "other.ndjson"
    meta = json.loads(lines[0])
    meta["meta"]["protocolVersion"] = "12.0.0"
    other.write_text("\n".join([json.dumps(meta), *lines[1:]]) + "\n", "utf-8")
    with pytest.raises(MessagesError, match=r"protocol version 12\.0\.0"):
        read_ndjson(other)


def test_junit_validates_against_the_jenkins_schema(run: Path) -> None:
    xmlschema.XMLSchema(SCHEMA_PATH).validate(run / "junit.xml")
    root = ET.parse(run / "junit.xml").getroot()
    cases = {case.get("name"): case for case in root.iter("testcase")}
    assert set(cases) == {
        PREFIX + "Two steps up",
        PREFIX + "A wrong expectation",
        PREFIX + "A step nobody wrote",
        PREFIX + "Not today",
        PREFIX + "Not written yet",
        PREFIX + "Up by 5 [n=5]",
    }
    assert {case.get("classname") for case in cases.values()} == {"counter.feature"}
    wrong = cases[PREFIX + "A wrong expectation"].find("failure")
    assert wrong is not None and "the counter shows 3, not 4" in (wrong.get("message") or "")
    nobody = cases[PREFIX + "A step nobody wrote"].find("failure")
    assert nobody is not None and nobody.get("type") == "undefined"
    assert cases[PREFIX + "Not today"].find("skipped") is not None
    assert cases[PREFIX + "Two steps up"].find("failure") is None
    suite = root.find("testsuite")
    assert suite is not None and (suite.get("tests"), suite.get("failures")) == ("6", "3")
    assert all(float(case.get("time") or "-1") >= 0 for case in cases.values())


def test_junit_schema_rejects_what_jenkins_would() -> None:
    tree = junit_tree({"scenarios": []})
    schema = xmlschema.XMLSchema(SCHEMA_PATH)
    assert schema.is_valid(ET.tostring(tree.getroot(), encoding="unicode"))
    assert not schema.is_valid("<testsuites><testsuite name='x'/></testsuites>")  # no counts


def test_outputs_can_be_moved_or_turned_off(pytester: pytest.Pytester) -> None:
    pytester.makefile(".feature", counter=FEATURE)
    pytester.makepyfile(test_counter=STEPS)
    pytester.runpytest(
        "-p", "rulebooks.run.recorder", "--rulebooks-results", "out/results.json",
        "--rulebooks-messages", "elsewhere/run.ndjson", "--rulebooks-junit", "none",
    )  # fmt: skip
    assert (pytester.path / "elsewhere" / "run.ndjson").is_file()
    assert not (pytester.path / "out" / "junit.xml").exists()
    assert not (pytester.path / "out" / "messages.ndjson").exists()


def test_messages_of_another_set_of_features_are_named(run: Path) -> None:
    results = json.loads((run / "results.json").read_text("utf-8"))
    assert check_messages(run / "messages.ndjson", results) == []
    results["fingerprint"]["features"]["other.feature"] = "0" * 64
    results["fingerprint"]["features"]["counter.feature"] = "1" * 64
    assert check_messages(run / "messages.ndjson", results) == [
        "messages.ndjson lacks feature files of the run: other.feature",
        "messages.ndjson holds other versions of counter.feature than the run read",
    ]


def without_times(value: Any) -> Any:
    """A message with what differs run to run left out: timestamps, durations and the
    addresses of objects named in errors."""
    if isinstance(value, dict):
        return {k: without_times(v) for k, v in value.items() if k not in ("timestamp", "duration")}
    if isinstance(value, list):
        return [without_times(item) for item in value]
    if isinstance(value, str):
        return re.sub(r" at 0x[0-9a-f]+>", " at 0x...>", value)
    return value


def test_formats_written_in_the_background_are_those_of_the_run(
    pytester: pytest.Pytester,
) -> None:
    """``rulebooks site`` has the formats written in a child process while the run ends: the
    same messages and JUnit XML as written at the end, the marker gone once they are."""
    pytester.makefile(".feature", counter=FEATURE)
    pytester.makepyfile(test_counter=STEPS)
    for folder, extra in (("at-end", ()), ("background", ("--rulebooks-formats-background",))):
        pytester.runpytest_subprocess(
            "-p", "rulebooks.run.recorder", "--rulebooks-results", f"{folder}/results.json", *extra
        )
    results = pytester.path / "background" / "results.json"
    assert wait_for_formats(results, timeout=60)
    assert not marker_of(results).exists()
    assert (
        check_messages(results.with_name("messages.ndjson"), json.loads(results.read_text())) == []
    )
    at_end, background = messages(pytester.path / "at-end"), messages(results.parent)
    assert without_times(background) == without_times(at_end)
    assert step_statuses(background) == step_statuses(at_end)
    assert (results.with_name("junit.xml")).is_file()


def test_a_marker_left_by_a_writer_that_is_gone_is_not_waited_for(tmp_path: Path) -> None:
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    results = tmp_path / "results.json"
    marker_of(results).write_text(gone.stdout, "utf-8")
    assert wait_for_formats(results, timeout=5)
    assert not marker_of(results).exists()


def test_a_marker_whose_writer_runs_is_waited_for(tmp_path: Path) -> None:
    results = tmp_path / "results.json"
    assert wait_for_formats(results, timeout=0.1)  # no marker: nothing to wait for
    marker_of(results).write_text(f"{os.getpid()}\n", "utf-8")
    assert not wait_for_formats(results, timeout=0.1)
    assert marker_of(results).exists()


def test_the_formats_of_an_earlier_run_go_before_this_runs_are_written(tmp_path: Path) -> None:
    """A writer that cannot translate this run (here: no results file to read) leaves no
    earlier run's JUnit XML, messages or report to be published as this run's."""
    from types import SimpleNamespace

    from rulebooks.formats.plugin import FormatsCollector

    results = tmp_path / "out/results.json"
    results.parent.mkdir()
    junit, messages = tmp_path / "elsewhere.xml", results.with_name("messages.ndjson")
    for path in (junit, messages, results.with_name("cucumber-report.html")):
        path.write_text("of the last run", "utf-8")
    recorder = SimpleNamespace(path=str(results))
    collector = FormatsCollector(
        None,  # type: ignore[arg-type]  # write() does not use the config
        recorder,
        {"messages": messages, "junit": junit},
    )
    collector.write()
    assert sorted(p.name for p in results.parent.iterdir()) == []
    assert not junit.exists()
