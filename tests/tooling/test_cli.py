"""The `rulebooks` command: verdict totals, exit codes of `site`, random play."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from rulebooks import cli
from rulebooks.formats.html_report import ReportJob
from rulebooks.results.fingerprint import code_digests, file_digest
from rulebooks.site import pipeline
from tests.tooling.results.results_docs import results_document

FEATURE = "features/game/one.feature"


def write_results(path: Path, statuses: list[str], root: Path | None = None) -> None:
    """A results file for a checkout at ``root`` (default: beside ``path``) whose one feature
    file has one scenario per status, each with one step of that status."""
    root = root or path.parent
    lines = ["Feature: One", ""]
    scenarios = []
    for index, status in enumerate(statuses):
        line = len(lines) + 1
        lines += [f"  Scenario: number {index}", "    Given a step", ""]
        step = {"keyword": "Given", "text": "a step", "line": line + 1, "status": status,
                "duration": 0.0, "error": None}  # fmt: skip
        scenarios.append(
            {
                "nodeid": f"t::{index}",
                "feature": FEATURE,
                "feature_name": "One",
                "line": line,
                "name": f"number {index}",
                "rule": None,
                "tags": [],
                "example": None,
                "status": status,
                "duration": 0.0,
                "error": None,
                "steps": [step],
            }
        )
    feature = root / FEATURE
    feature.parent.mkdir(parents=True, exist_ok=True)
    feature.write_text("\n".join(lines), "utf-8")
    document = results_document(scenarios, {FEATURE: file_digest(feature)}, root)
    path.write_text(json.dumps(document), "utf-8")


def verdict(results: Path, root: Path | None = None) -> int:
    return cli.main(["verdict", str(results), "--root", str(root or results.parent)])


def test_verdict_counts_each_status(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    results = tmp_path / "r.json"
    write_results(results, ["passed", "passed", "failed", "undefined"])
    assert verdict(results) == pipeline.EXIT_FAILED
    assert (
        "2 passed, 1 failed, 1 undefined, 0 skipped, 0 not run, 0 stale" in capsys.readouterr().out
    )
    write_results(results, ["passed"])
    assert verdict(results) == 0


def test_verdict_without_results_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert verdict(tmp_path / "none.json") == pipeline.EXIT_UNTRUSTED
    assert "none.json: no such file" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("tamper", "message"),
    [
        (lambda text: text.replace('"line": 3', '"line": ' + "9" * 5000, 1), "integer string"),
        (lambda text: "[" * 100_000 + "]" * 100_000, "nested too deep"),
        (lambda text: text.replace('"duration": 0.0', '"duration": NaN', 1), "NaN is not"),
    ],
    ids=["integer-too-long", "nested-too-deep", "nan"],
)
def test_verdict_on_a_hand_tampered_file_says_why_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], tamper: Any, message: str
) -> None:
    """Three files Python's JSON reader chokes on (or accepts though JSON has no such
    number): exit 2 with the reason, no traceback."""
    results = tmp_path / "r.json"
    write_results(results, ["passed"])
    results.write_text(tamper(results.read_text("utf-8")), "utf-8")
    assert verdict(results) == pipeline.EXIT_UNTRUSTED
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "r.json: not valid JSON" in out and message in out, out


@pytest.mark.parametrize(
    ("statuses", "build_code", "exit_code", "message"),
    [
        (["passed", "passed"], 0, 0, "site built: open"),
        (["passed", "failed"], 0, 1, "shown in red on the site"),
        (["passed"], 2, 2, "the site build failed"),
    ],
)
def test_site_builds_even_when_scenarios_fail(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    statuses: list[str],
    build_code: int,
    exit_code: int,
    message: str,
) -> None:
    results = tmp_path / "results.json"
    results.write_text("stale run", "utf-8")
    built: list[Path] = []

    def run_scenarios(path: Path, args: object = ()) -> int:
        assert not path.exists(), "an older results file must not survive into a new run"
        write_results(path, statuses, tmp_path)
        return 0 if "failed" not in statuses else 1

    def build_site(html: Path, path: Path, full: bool = False, **_: object) -> int:
        built.append(html)
        return build_code

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(pipeline, "run_scenarios", run_scenarios)
    monkeypatch.setattr(pipeline, "build_site", build_site)
    monkeypatch.setattr(pipeline, "run_simulation", lambda path, full=False: True)
    code = cli.main(["site", "--results", str(results), "--html", str(tmp_path / "html")])
    out = capsys.readouterr().out
    assert code == exit_code and message in out and built == [tmp_path / "html"]
    assert "scenarios: " in out


def test_site_fails_when_the_simulation_breaks_an_invariant(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def run_scenarios(path: Path, args: object = ()) -> int:
        write_results(path, ["passed"], tmp_path)
        return 0

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(pipeline, "run_scenarios", run_scenarios)
    monkeypatch.setattr(pipeline, "build_site", lambda html, path, full=False, **_: 0)
    monkeypatch.setattr(pipeline, "run_simulation", lambda path, full=False: False)
    code = cli.main(["site", "--results", str(tmp_path / "r.json"), "--html", str(tmp_path / "h")])
    assert code == 1 and "the simulation broke an invariant" in capsys.readouterr().out


def test_play_prints_a_finished_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "mahe", "--players", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "game over; winners:" in out and "returns" in out


def test_play_refuses_a_bad_player_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "mahe", "--players", "9"]) == 2
    assert "played by 2 to 7 players, not 9" in capsys.readouterr().err


# --- what `rulebooks site` runs side by side ----------------------------------------------


def plain_docs(root: Path) -> None:
    """A Sphinx project with one page and no extension (what SphinxRun builds here)."""
    (root / "docs").mkdir()
    (root / "docs" / "conf.py").write_text('project = "plain"\n', "utf-8")
    (root / "docs" / "index.rst").write_text("Plain\n=====\n\nOne page.\n", "utf-8")


def test_sphinx_run_builds_only_when_told(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    plain_docs(tmp_path)
    monkeypatch.chdir(tmp_path)
    html, results = tmp_path / "html", tmp_path / "results.json"
    unbuilt = pipeline.SphinxRun(html, results)
    unbuilt.stop()
    assert unbuilt.process.returncode != 0 and not pipeline.staging_dir(html).exists()
    built = pipeline.SphinxRun(html, results)
    assert built.build() == 0
    assert (pipeline.staging_dir(html) / "index.html").is_file()


def test_a_prepared_sphinx_run_builds_what_changed_before_the_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The application is made ahead (the last build's environment loaded) and the page
    edited after that is still what the build reads."""
    plain_docs(tmp_path)
    monkeypatch.chdir(tmp_path)
    html, results = tmp_path / "html", tmp_path / "results.json"
    assert pipeline.SphinxRun(html, results).build() == 0
    prepared = pipeline.SphinxRun(html, results, prepare=True)
    time.sleep(3)  # time to make the application (its environment says "One page.")
    page = tmp_path / "docs" / "index.rst"
    page.write_text(page.read_text("utf-8").replace("One page.", "Edited meanwhile."), "utf-8")
    assert prepared.build() == 0
    assert "Edited meanwhile." in (pipeline.staging_dir(html) / "index.html").read_text("utf-8")
    unbuilt = pipeline.SphinxRun(html, results, prepare=True)
    unbuilt.stop()
    assert unbuilt.process.returncode != 0


def test_a_prepared_sphinx_run_reports_a_broken_configuration_when_it_builds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    plain_docs(tmp_path)
    (tmp_path / "docs" / "conf.py").write_text("raise RuntimeError('conf.py is broken')\n")
    monkeypatch.chdir(tmp_path)
    prepared = pipeline.SphinxRun(tmp_path / "html", tmp_path / "results.json", prepare=True)
    assert prepared.build() == 2
    assert "conf.py is broken" in capfd.readouterr().err


def finished_job(tmp_path: Path, text: str, code: int = 0) -> ReportJob:
    """A report job whose renderer writes ``text`` and exits with ``code``."""
    report = tmp_path / "cucumber-report.html"
    partial = report.with_name(".cucumber-report.html.partial")
    script = f"open({str(partial)!r}, 'w').write({text!r}); raise SystemExit({code})"
    process = subprocess.Popen([sys.executable, "-c", script], stderr=subprocess.PIPE, text=True)
    return ReportJob(process, tmp_path / "messages.ndjson", partial, report)


def test_a_finished_report_replaces_the_one_the_site_lists(tmp_path: Path) -> None:
    html = tmp_path / "html"
    (html / "downloads").mkdir(parents=True)
    (html / "downloads" / "cucumber-report.html").write_text("last run's", "utf-8")
    (tmp_path / "cucumber-report.html").write_text("last run's", "utf-8")
    pipeline.finish_report(finished_job(tmp_path, "this run's"), html)
    assert (html / "downloads" / "cucumber-report.html").read_text("utf-8") == "this run's"
    assert (tmp_path / "cucumber-report.html").read_text("utf-8") == "this run's"


def test_a_report_the_site_does_not_list_is_not_added(tmp_path: Path) -> None:
    html = tmp_path / "html"
    html.mkdir()
    pipeline.finish_report(finished_job(tmp_path, "this run's"), html)
    assert not (html / "downloads").exists()


def test_a_failed_report_replaces_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    html = tmp_path / "html"
    (html / "downloads").mkdir(parents=True)
    (html / "downloads" / "cucumber-report.html").write_text("last run's", "utf-8")
    (tmp_path / "cucumber-report.html").write_text("last run's", "utf-8")
    pipeline.finish_report(finished_job(tmp_path, "half a rep", code=1), html)
    assert "Cucumber's HTML report: not made" in capsys.readouterr().out
    assert (tmp_path / "cucumber-report.html").read_text("utf-8") == "last run's"
    assert not (tmp_path / ".cucumber-report.html.partial").exists()


@pytest.mark.parametrize("command", ["site", "scenarios", "serve", "replay", "mutate"])
def test_a_command_running_scenarios_refuses_stripped_asserts(tmp_path: Path, command: str) -> None:
    """``python -O`` (or PYTHONOPTIMIZE) would let every Then step pass unchecked: each
    command that runs scenarios says so and exits 2 before doing anything."""
    extra = ["features/mahe/01_setup.feature:5"] if command == "replay" else []
    done = subprocess.run(
        [sys.executable, "-O", "-m", "rulebooks.cli", command, *extra],
        cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(f"rulebooks {command}: refused: Python runs with -O"), done.stderr
    assert list(tmp_path.iterdir()) == []


def test_commands_that_run_no_scenario_work_with_stripped_asserts(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-O", "-m", "rulebooks.cli", "games"],
        cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "mahe" in done.stdout


@pytest.mark.usefixtures("sigint_as_in_a_terminal")
@pytest.mark.parametrize(
    ("command", "stage", "what"),
    [
        ("site", "run_site", "the site build"),
        ("scenarios", "record_scenarios", "the scenario run"),
    ],
)
def test_ctrl_c_during_a_build_says_so_in_one_line(
    command: str,
    stage: str,
    what: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Ctrl-C while ``make site`` (or make serve's scenario step) runs: exit 130 and one
    line saying so, not a traceback."""

    def ctrl_c(*args: object, **kwargs: object) -> int:
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(5)  # the signal arrives meanwhile
        raise AssertionError("Ctrl-C had no effect")

    monkeypatch.setattr(pipeline, stage, ctrl_c)
    results = str(tmp_path / "results" / "results.json")
    assert cli.main([command, "--results", results]) == cli.INTERRUPTED == 130
    assert capsys.readouterr().err == (
        f"interrupted: {what} stopped by Ctrl-C before its end; run it again\n"
    )


def test_results_of_another_python_minor_version_are_stale(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """At the gate and on the site (both join the results to the checkout's fingerprint): the
    scenario cache already keyed on the interpreter, the results did not."""
    from rulebooks.results.fingerprint import checkout_fingerprint
    from rulebooks.results.gherkin_model import load_features
    from rulebooks.results.join import Status, Verdicts, load_results

    results = tmp_path / "r.json"
    write_results(results, ["passed"])
    assert verdict(results) == 0
    here = f"{sys.version_info.major}.{sys.version_info.minor}"
    other = f"{sys.version_info.major}.{sys.version_info.minor + 1}"
    document = json.loads(results.read_text("utf-8"))
    assert document["fingerprint"]["versions"]["python"] == here
    document["fingerprint"]["versions"]["python"] = other
    results.write_text(json.dumps(document), "utf-8")
    capsys.readouterr()
    assert verdict(results) == pipeline.EXIT_UNTRUSTED
    assert f"stale: the results were recorded before a change to python {other} -> {here}" in (
        capsys.readouterr().out
    )
    features = load_features(tmp_path / "features", tmp_path).features
    shown = Verdicts.join(load_results(results), features, checkout_fingerprint(tmp_path))
    assert shown.totals(features)[Status.STALE] == 1
    del document["fingerprint"]["versions"]["python"]  # a file from before: not trusted either
    results.write_text(json.dumps(document), "utf-8")
    capsys.readouterr()
    assert verdict(results) == pipeline.EXIT_UNTRUSTED
    assert f"python unrecorded -> {here}" in capsys.readouterr().out


def test_serve_never_builds_into_the_folder_of_site(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two Sphinx caches for one folder mix their pages (a rules page showing every clause
    verified beside a home page listing failures): serve has a folder of its own."""
    parser = cli.build_parser()
    assert parser.parse_args(["serve"]).html != parser.parse_args(["site"]).html
    monkeypatch.chdir(tmp_path)
    assert cli.main(["serve", "--html", "docs/_build/html"]) == pipeline.EXIT_UNTRUSTED
    assert "is the folder of rulebooks site" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_a_crashed_run_publishes_none_of_the_last_runs_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last run's JUnit XML (all passed), messages and report must not become the
    downloads of a run that crashed before recording anything."""
    results = tmp_path / "results.json"
    write_results(results, ["passed"], tmp_path)
    earlier = ["junit.xml", "messages.ndjson", "cucumber-report.html"]
    for name in earlier:
        (tmp_path / name).write_text("of the last run", "utf-8")
    (tmp_path / "cucumber-report-boards").mkdir()  # the report's pictures
    (tmp_path / "cucumber-report-boards" / "a.svg").write_text("<svg/>", "utf-8")
    earlier.append("cucumber-report-boards")
    seen: list[list[str]] = []

    def crash(path: Path, args: object = ()) -> int:
        seen.append(sorted(p.name for p in tmp_path.iterdir()))
        return 3  # pytest's internal error: nothing recorded

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(pipeline, "run_scenarios", crash)
    recorded = pipeline.record_scenarios(results, tmp_path, full=True)
    assert recorded.code == 3
    assert not set(earlier) & set(seen[0])
    assert not [name for name in earlier if (tmp_path / name).exists()]
    assert "recorded nothing" in results.read_text("utf-8")


CLAUSES = """\
# Rules

```{clause} MAHE-1.1
:title: A clause its scenario verifies
```

```{clause} MAHE-1.2
:title: A clause that needs code
```

```{clause} MAHE-1.3
:title: A clause of no code
:no-code: a list of components
```
"""


def rerecorded_on(results: Path, feature: Path, moved: dict[int, int] | None = None) -> None:
    """The results as if recorded on ``feature`` as it is now, lines ``moved`` (old: new)."""
    moved = moved or {}
    document = json.loads(results.read_text("utf-8"))
    document["fingerprint"]["features"][FEATURE] = file_digest(feature)
    document["fingerprint"]["code"] = code_digests(feature.parents[2])  # pyproject.toml
    for record in document["scenarios"]:
        record["line"] = moved.get(record["line"], record["line"])
        for step in record["steps"]:
            step["line"] = moved.get(step["line"], step["line"])
    results.write_text(json.dumps(document), "utf-8")


def test_the_gate_counts_clauses_not_scenarios(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every scenario passed, yet a clause that needs code has none: the gate fails (1),
    naming it, until ``[tool.rulebooks.no-scenario]`` says why it has none."""
    results = tmp_path / "r.json"
    write_results(results, ["passed"])
    feature = tmp_path / FEATURE
    text = feature.read_text("utf-8").replace("  Scenario:", "  @clause:MAHE-1.1\n  Scenario:")
    feature.write_text(text, "utf-8")
    rerecorded_on(results, feature, {3: 4, 4: 5})
    assert verdict(results) == 0  # no rules page: no clause to count
    (tmp_path / "docs" / "mahe").mkdir(parents=True)
    (tmp_path / "docs" / "mahe" / "rules.md").write_text(CLAUSES, "utf-8")
    capsys.readouterr()
    assert verdict(results) == pipeline.EXIT_FAILED
    out = capsys.readouterr().out
    assert "1 passed, 0 failed" in out
    assert "no scenario: MAHE-1.2 needs code, yet no scenario is tagged @clause:MAHE-1.2 " in out
    assert "MAHE-1.1" not in out and "MAHE-1.3" not in out
    settings = tmp_path / "pyproject.toml"
    settings.write_text('[tool.rulebooks.no-scenario]\n"MAHE-1.2" = "shown by a test"\n', "utf-8")
    rerecorded_on(results, feature)
    assert verdict(results) == 0
    settings.write_text(
        '[tool.rulebooks.no-scenario]\n"MAHE-1.1" = "x"\n"MAHE-9.9" = "y"\n', "utf-8"
    )
    rerecorded_on(results, feature)
    capsys.readouterr()
    assert verdict(results) == pipeline.EXIT_UNTRUSTED
    out = capsys.readouterr().out
    assert "[tool.rulebooks.no-scenario] lists MAHE-9.9, which no rules page defines" in out
    assert "[tool.rulebooks.no-scenario] lists MAHE-1.1, which has scenarios: remove it" in out


def test_a_passed_record_without_a_step_of_its_scenario_fails_the_gate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "r.json"
    write_results(results, ["passed"])
    feature = tmp_path / FEATURE
    feature.write_text(feature.read_text("utf-8") + "    Then it holds\n", "utf-8")
    rerecorded_on(results, feature)
    capsys.readouterr()
    assert verdict(results) == pipeline.EXIT_UNTRUSTED
    out = capsys.readouterr().out
    assert "0 passed, 1 failed" in out
    assert (
        f"contradiction: {FEATURE}:3 (number 0): recorded as passed without steps its "
        "scenario has: line 5 (Then it holds)" in out
    )
