"""``rulebooks diff`` between two results files, and the history of runs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rulebooks.cli import main
from rulebooks.results.diff import compare_runs, load_summary, markdown
from rulebooks.results.history import (
    append_run,
    flaky_scenarios,
    read_history,
    slowest,
    trend,
    verified_since,
)
from rulebooks.results.join import ClauseVerdict
from tests.tooling.results.results_docs import results_document

FEATURE = "features/mahe/01_dice.feature"


def scenario(
    name: str, line: int, clause: str, status: str = "passed", duration: float = 0.01
) -> dict[str, Any]:
    return {
        "nodeid": f"tests/test_x.py::test_{line}", "feature": FEATURE, "feature_name": "Dice",
        "line": line, "name": name, "rule": {"name": f"{clause} a rule", "line": line - 1},
        "tags": [f"clause:{clause}"], "example": None, "status": status, "duration": duration,
        "error": None if status == "passed" else "AssertionError: no",
        "steps": [{"keyword": "Given", "text": "a game", "line": line + 1, "status": status,
                   "duration": duration, "error": None}],
    }  # fmt: skip


def results(
    tmp_path: Path, name: str, scenarios: list[dict[str, Any]], commit: str = "a" * 40,
    sha: str = "1" * 64,
) -> Path:  # fmt: skip
    document = results_document(scenarios, {FEATURE: sha})
    document["git"] = {"commit": commit, "dirty": False}
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(document), "utf-8")
    return path


def baseline() -> list[dict[str, Any]]:
    return [
        scenario("Rolling one die", 10, "MAHE-3.1"),
        scenario("A bust", 20, "MAHE-3.3", "failed"),
        scenario("Stopping", 30, "MAHE-3.4"),
    ]


def test_diff_names_regressions_fixes_and_scenario_changes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = results(tmp_path, "old", baseline())
    new = results(
        tmp_path, "new",
        [scenario("Rolling one die", 10, "MAHE-3.1", "failed"),
         scenario("A bust", 20, "MAHE-3.3"),
         scenario("Stopping", 30, "MAHE-3.4", "skipped"),
         scenario("Riding", 40, "MAHE-5.1")],
        commit="b" * 40,
    )  # fmt: skip
    diff = compare_runs(load_summary(old), load_summary(new))
    assert [c.clause for c in diff.newly_failing] == ["MAHE-3.1"]
    assert [c.clause for c in diff.fixed] == ["MAHE-3.3"]
    assert [c.clause for c in diff.newly_unverified] == ["MAHE-3.4"]
    assert [s.name for s in diff.added] == ["Riding"]
    assert diff.removed == [] and diff.regressed
    assert main(["diff", str(old), str(new)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("## Rulebooks: bbbbbbbbbb against aaaaaaaaaa")
    assert "**2 clauses regressed.**" in out
    assert "| MAHE-3.1 | verified | failing | Rolling one die (failed) |" in out
    assert "### Fixed clauses (1)" in out and "| MAHE-3.3 | failing | verified | - |" in out


def test_diff_without_regression_exits_zero(tmp_path: Path) -> None:
    old = results(tmp_path, "old", baseline())
    new = results(tmp_path, "new", [*baseline()[:1], scenario("A bust", 20, "MAHE-3.3"),
                                     *baseline()[2:]])  # fmt: skip
    assert main(["diff", str(old), str(new)]) == 0
    assert main(["diff", str(new), str(old)]) == 1


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ('{"schema": 2, "scenarios": [', "not valid JSON"),
        ('{"schema": 7, "features": {}, "scenarios": []}', "unsupported schema 7"),
    ],
)
def test_diff_refuses_a_damaged_or_foreign_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, problem: str
) -> None:
    old = results(tmp_path, "old", baseline())
    bad = tmp_path / "bad.json"
    bad.write_text(content, "utf-8")
    assert main(["diff", str(old), str(bad)]) == 2
    error = capsys.readouterr().err
    assert "bad.json" in error and problem in error


def test_diff_says_when_the_runs_read_different_feature_files(tmp_path: Path) -> None:
    old = results(tmp_path, "old", baseline())
    new = results(tmp_path, "new", baseline(), sha="2" * 64)
    text = markdown(compare_runs(load_summary(old), load_summary(new)))
    assert "The two runs did not read the same feature files" in text
    assert f"- changed: `{FEATURE}`" in text


def test_history_keeps_the_last_runs_and_names_bad_lines(tmp_path: Path) -> None:
    history = tmp_path / "history.jsonl"
    for index in range(4):
        run = results(tmp_path, f"run{index}", baseline(), commit=str(index) * 40)
        append_run(history, load_summary(run), limit=3)
    kept = read_history(history)
    assert [r.commit for r in kept.runs] == ["1" * 40, "2" * 40, "3" * 40]
    lines = history.read_text("utf-8").splitlines()
    history.write_text(
        "\n".join([lines[0], lines[1][:50], "[1, 2]", '{"schema": 9}', lines[2]]) + "\n",
        "utf-8",
    )
    damaged = read_history(history)
    assert [r.commit for r in damaged.runs] == ["1" * 40, "3" * 40]
    assert [p.split(":")[0] for p in damaged.problems] == [
        "history.jsonl line 2", "history.jsonl line 3", "history.jsonl line 4",
    ]  # fmt: skip
    assert "not JSON" in damaged.problems[0] and "history schema 9" in damaged.problems[2]
    after = append_run(history, load_summary(results(tmp_path, "run4", baseline())), limit=3)
    assert len(after.runs) == 3 and read_history(history).problems == []


def test_history_limit_must_be_a_positive_number(tmp_path: Path) -> None:
    run = load_summary(results(tmp_path, "run", baseline()))
    with pytest.raises(ValueError, match="at least 1"):
        append_run(tmp_path / "h.jsonl", run, limit=0)


def test_trend_verified_since_flaky_and_slowest(tmp_path: Path) -> None:
    history = tmp_path / "history.jsonl"
    same_commit = "c" * 40
    runs = [
        (baseline(), "a" * 40),
        ([*baseline()[:1], scenario("A bust", 20, "MAHE-3.3"), *baseline()[2:]], "b" * 40),
        # the same commit and feature files, but "Stopping" now fails: flaky
        ([*baseline()[:1], scenario("A bust", 20, "MAHE-3.3"), *baseline()[2:]], same_commit),
        ([*baseline()[:1], scenario("A bust", 20, "MAHE-3.3", duration=2.0),
          scenario("Stopping", 30, "MAHE-3.4", "failed")], same_commit),
    ]  # fmt: skip
    for index, (scenarios, commit) in enumerate(runs):
        append_run(history, load_summary(results(tmp_path, f"r{index}", scenarios, commit)))
    recorded = read_history(history).runs
    counts = [c for _, c in trend(recorded, "mahe", ["MAHE-3.1", "MAHE-9.9"])]
    assert counts[0] == {
        ClauseVerdict.VERIFIED: 2, ClauseVerdict.FAILING: 1, ClauseVerdict.UNVERIFIED: 1,
    }  # fmt: skip
    assert counts[-1][ClauseVerdict.FAILING] == 1
    since = verified_since(recorded, "MAHE-3.3")
    assert since is not None and since.commit == "b" * 40
    first = verified_since(recorded, "MAHE-3.1")
    assert first is not None and first.commit == "a" * 40
    assert verified_since(recorded, "MAHE-3.4") is None
    flakes = flaky_scenarios(recorded)
    assert [(f.scenario.name, f.was, f.scenario.status) for f in flakes] == [
        ("Stopping", "passed", "failed")
    ]
    assert slowest(recorded[-1], 1)[0].name == "A bust"


def test_flaky_across_commits_when_the_recorded_inputs_are_the_same(tmp_path: Path) -> None:
    """With the run's fingerprint (step modules, engine, data, versions), a commit that
    changed none of a scenario's inputs does not hide its flakiness; a changed engine does."""

    def run(name: str, status: str, commit: str, engine: str) -> Path:
        path = results(tmp_path, name, [scenario("Stopping", 30, "MAHE-3.4", status)], commit)
        document = json.loads(path.read_text("utf-8"))
        document["fingerprint"]["code"] = {"engine/mahe/game.py": engine, "steps.py": "s"}
        path.write_text(json.dumps(document), "utf-8")
        return path

    history = tmp_path / "history.jsonl"
    for index, (status, commit, engine) in enumerate(
        [("passed", "a" * 40, "e1"), ("failed", "b" * 40, "e1"), ("passed", "c" * 40, "e2")]
    ):
        append_run(history, load_summary(run(f"f{index}", status, commit, engine)))
    flakes = flaky_scenarios(read_history(history).runs)
    assert [(f.before.commit, f.after.commit) for f in flakes] == [("a" * 40, "b" * 40)]
