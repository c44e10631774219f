"""The recorder's world protocol: boards and forced outcomes, and replaying one scenario."""

from __future__ import annotations

import json

import pytest

pytest_plugins = ["pytester"]

FEATURE = """\
Feature: Counter
  Rule: C-1 Counting up

    @clause:C-1
    Scenario: Two steps up
      Given a counter at 1
      When it goes up by 2
      Then it shows 3

    @clause:C-1
    Scenario: A wrong expectation
      Given a counter at 1
      When it goes up by 2
      Then it shows 4

    @clause:C-1
    Scenario Outline: Up by <n>
      Given a counter at 0
      When it goes up by <n>
      Then it shows <n>

      Examples:
        | n |
        | 5 |
        | 6 |
"""

STEPS = """\
import pytest
from pytest_bdd import given, parsers, scenarios, then, when

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
def counter():
    return Counter()


@pytest.fixture
def rulebooks_world(counter):
    return counter


@given(parsers.parse("a counter at {n:d}"))
def start(counter, n):
    counter.value = n


@when(parsers.parse("it goes up by {n:d}"))
def up(counter, n):
    counter.forced_outcomes.append(f"up {n}")
    counter.value += n


@then(parsers.parse("it shows {n:d}"))
def shows(counter, n):
    if counter.value != n:
        counter.expected_board = {"text": f"counter {n}", "svg": f"<svg><text>{n}</text></svg>"}
    assert counter.value == n
"""


@pytest.fixture
def project(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makefile(".feature", counter=FEATURE)
    pytester.makepyfile(test_counter=STEPS)
    return pytester


def test_boards_and_forced_outcomes_are_recorded(project: pytest.Pytester) -> None:
    result = project.runpytest("-p", "rulebooks.run.recorder", "--rulebooks-results", "r.json")
    result.assert_outcomes(passed=3, failed=1)
    scenarios = {
        (s["name"], s["example"]["index"] if s["example"] else None): s
        for s in json.loads((project.path / "r.json").read_text())["scenarios"]
    }
    passed = scenarios[("Two steps up", None)]
    assert passed["boards"] == {
        "before": {"text": "counter 1", "svg": "<svg><text>1</text></svg>"},
        "after": {"text": "counter 3", "svg": "<svg><text>3</text></svg>"},
    }
    assert passed["forced"] == ["up 2"]
    failed = scenarios[("A wrong expectation", None)]
    assert failed["boards"]["expected"]["text"] == "counter 4"
    assert failed["boards"]["after"]["text"] == "counter 3"
    row = scenarios[("Up by 6", 1)]
    assert row["boards"]["after"]["text"] == "counter 6" and row["forced"] == ["up 6"]


def test_only_runs_the_scenario_at_a_location(project: pytest.Pytester) -> None:
    result = project.runpytest(
        "-p", "rulebooks.run.recorder", "--rulebooks-only", "counter.feature:11"
    )
    result.assert_outcomes(failed=1)
    row = project.runpytest(
        "-p", "rulebooks.run.recorder", "--rulebooks-only", "counter.feature:25",
        "--rulebooks-results", "row.json",
    )  # fmt: skip
    row.assert_outcomes(passed=1)
    recorded = json.loads((project.path / "row.json").read_text())["scenarios"]
    assert [(s["name"], s["example"]["values"]) for s in recorded] == [("Up by 6", {"n": "6"})]


def test_only_refuses_an_empty_location(project: pytest.Pytester) -> None:
    result = project.runpytest(
        "-p", "rulebooks.run.recorder", "--rulebooks-only", "counter.feature:3"
    )
    assert result.ret != 0
    result.stderr.fnmatch_lines(["*no scenario or Examples row starts at counter.feature:3*"])


def test_replay_prints_steps_and_states(project: pytest.Pytester) -> None:
    result = project.runpytest(
        "-s", "-p", "rulebooks.run.recorder", "--rulebooks-only", "counter.feature:11",
        "--rulebooks-replay",
    )  # fmt: skip
    result.stdout.fnmatch_lines(
        [
            "=== A wrong expectation*",
            "*✔ Given a counter at 1",
            "*the position before the first action (forced so far: none):",
            "*counter 1",
            "*✔ When it goes up by 2",
            "*after it (forced so far: up 2):",
            "*counter 3",
            "*✘ Then it shows 4",
            "*AssertionError*",
        ]
    )
