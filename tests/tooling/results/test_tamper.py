"""Tamper tests: every way issue 15 found to get green without a run behind it (points 1-8)
now ends in red, "stale", "not run" or a failing gate.

Most tests work on a sandbox: a copy of the engine, the Mahé step definitions and the Mahé
feature files in a temporary folder, run by pytest in a subprocess as `make site` runs them,
then judged by `rulebooks verdict` (the CI gate) against the sandbox as a checkout.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from rulebooks import cli
from rulebooks.results.fingerprint import checkout_fingerprint, text_digest
from rulebooks.results.gherkin_model import load_features
from rulebooks.results.join import ClauseVerdict, Status, Verdicts, load_results
from rulebooks.results.schema import NO_STEPS, SCHEMA_FILE
from rulebooks.run.lock import build_lock
from rulebooks.run.recorder import CHANGED_DURING_RUN
from rulebooks.site import pipeline, serve

ROOT = Path(__file__).resolve().parents[3]
RESULTS = "results/results.json"
SCENARIO_FILES = ("__init__.py", "conftest.py")  # the shared steps are the library rulebooks.steps


def make_sandbox(root: Path) -> Path:
    """A checkout holding the engine, the Mahé steps and features, and pytest's settings."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "engine", root / "engine", ignore=ignore)
    shutil.copytree(ROOT / "features" / "mahe", root / "features" / "mahe")
    scenarios = root / "tests" / "scenarios"
    shutil.copytree(ROOT / "tests" / "scenarios" / "mahe", scenarios / "mahe", ignore=ignore)
    for name in SCENARIO_FILES:
        shutil.copy(ROOT / "tests" / "scenarios" / name, scenarios / name)
    (root / "tests" / "__init__.py").write_text("", "utf-8")
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    return root


@pytest.fixture
def sandbox(tmp_path: Path) -> Path:
    return make_sandbox(tmp_path / "checkout")


@pytest.fixture(scope="module")
def green_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A sandbox whose scenarios were all run once, untouched (shared: copy before use)."""
    sandbox = make_sandbox(tmp_path_factory.mktemp("green") / "checkout")
    run = record(sandbox)
    assert run.returncode == 0, run.stdout + run.stderr
    return sandbox


@pytest.fixture
def ran(green_run: Path, tmp_path: Path) -> Path:
    """A copy of the sandbox just after a complete, green run."""
    copy = tmp_path / "checkout"
    shutil.copytree(green_run, copy)
    return copy


def record(sandbox: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run the sandbox's scenarios with the recorder, as `make site` does."""
    command = [
        sys.executable, "-m", "pytest", "tests/scenarios", "-q", "-p", "no:cacheprovider",
        "--continue-on-collection-errors", "--rulebooks-results", RESULTS, *args,
    ]  # fmt: skip
    path = os.pathsep.join(filter(None, [str(sandbox), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONPATH": path}
    return subprocess.run(command, cwd=sandbox, env=env, capture_output=True, text=True)


def gate(sandbox: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """`rulebooks verdict` on the sandbox's results: exit code and output."""
    capsys.readouterr()
    code = cli.main(["verdict", str(sandbox / RESULTS), "--root", str(sandbox)])
    return code, capsys.readouterr().out


def verdicts(sandbox: Path) -> Verdicts:
    """What the site shows: the results joined to the sandbox as it is now."""
    features = load_features(sandbox / "features", sandbox).features
    results = load_results(sandbox / RESULTS)
    current = checkout_fingerprint(sandbox, recorded=results.fingerprint)
    return Verdicts.join(results, features, current)


def recorded(sandbox: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((sandbox / RESULTS).read_text("utf-8"))
    return data


def named(sandbox: Path, name: str) -> list[dict[str, Any]]:
    """The recorded scenarios called ``name``."""
    return [s for s in recorded(sandbox)["scenarios"] if s["name"] == name]


def feature_file(sandbox: Path, fragment: str) -> Path:
    return next(
        p for p in sorted((sandbox / "features" / "mahe").glob("*.feature")) if fragment in p.name
    )


def test_an_untouched_sandbox_is_green(ran: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The control: without tampering, the same checks pass (so the others can fail)."""
    jsonschema.validate(recorded(ran), json.loads(SCHEMA_FILE.read_text("utf-8")))
    code, out = gate(ran, capsys)
    assert code == 0, out
    assert " 0 not run, 0 stale" in out


# --- 1. a scenario without steps ----------------------------------------------------------

EMPTY = """\
@game:mahe
Feature: Mahé — an empty scenario
  Rule: MAHE-3.1 Taken from the rules page

    @clause:MAHE-3.1
    Scenario: Nothing is checked here
"""


def test_1_a_scenario_without_steps_fails(
    sandbox: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (sandbox / "features" / "mahe" / "99_empty.feature").write_text(EMPTY, "utf-8")
    run = record(sandbox)
    assert run.returncode == 1
    empty = named(sandbox, "Nothing is checked here")
    assert [(s["status"], s["steps"]) for s in empty] == [("failed", [])]
    assert NO_STEPS in empty[0]["error"]
    assert verdicts(sandbox).clause_verdict("clause:MAHE-3.1") is ClauseVerdict.FAILING
    code, out = gate(sandbox, capsys)
    assert code != 0 and "1 failed" in out


# --- 2. results older than the engine or the steps ----------------------------------------


@pytest.mark.parametrize("changed", ["engine/mahe/game.py", "tests/scenarios/mahe/steps.py"])
def test_2_a_code_change_after_the_run_makes_every_result_stale(
    ran: Path, capsys: pytest.CaptureFixture[str], changed: str
) -> None:
    sandbox = ran
    with (sandbox / changed).open("a", encoding="utf-8") as handle:
        handle.write("\n# edited after the run\n")
    code, out = gate(sandbox, capsys)
    assert code == pipeline.EXIT_UNTRUSTED
    assert f"stale: the results were recorded before a change to {changed}" in out
    joined = verdicts(sandbox)
    assert joined.changes.code == (changed,)
    statuses = set(joined.totals(joined.features).elements())
    assert statuses == {Status.STALE}, statuses  # no green anywhere
    assert joined.clause_verdict("clause:MAHE-3.3") is ClauseVerdict.UNVERIFIED


def test_2_another_pytest_bdd_version_makes_the_results_stale(
    ran: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sandbox = ran
    data = recorded(sandbox)
    data["fingerprint"]["versions"]["pytest-bdd"] = "0.0.1"
    (sandbox / RESULTS).write_text(json.dumps(data), "utf-8")
    code, out = gate(sandbox, capsys)
    assert code == pipeline.EXIT_UNTRUSTED and "pytest-bdd 0.0.1 -> " in out


# --- 3. a crash in a stage of `make site` -------------------------------------------------


def test_3_a_crashed_simulation_leaves_no_older_site(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    html = tmp_path / "html"
    html.mkdir()
    (html / "index.html").write_text("<p>an older, all-green site</p>", "utf-8")

    def crash(results: Path, full: bool = False) -> bool:
        raise ValueError("egg cards: not valid JSON")

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(pipeline, "run_scenarios", lambda results, args=(): 0)
    monkeypatch.setattr(pipeline, "run_simulation", crash)
    code = cli.main(["site", "--results", str(tmp_path / RESULTS), "--html", str(html)])
    out = capsys.readouterr().out
    assert code == pipeline.EXIT_UNTRUSTED
    assert "the site's simulation campaign crashed (ValueError: egg cards" in out
    assert not html.exists()


def test_3_a_failed_sphinx_build_leaves_no_older_site(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    html = tmp_path / "html"
    html.mkdir()
    (html / "index.html").write_text("<p>an older, all-green site</p>", "utf-8")
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "conf.py").write_text("raise RuntimeError('broken conf')\n", "utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(pipeline, "run_scenarios", lambda results, args=(): 0)
    monkeypatch.setattr(pipeline, "run_simulation", lambda results, full=False: True)
    code = cli.main(["site", "--results", str(tmp_path / RESULTS), "--html", str(html)])
    assert code == pipeline.EXIT_UNTRUSTED
    assert "the site build failed" in capsys.readouterr().out
    assert not html.exists() and not list(tmp_path.glob(".html*"))


# --- 4. `make serve` and a run that dies at start-up --------------------------------------


def test_4_serve_shows_a_run_that_died_at_start_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    makefile = (ROOT / "Makefile").read_text("utf-8")
    serve_target = makefile[makefile.index("\nserve:") :].split("\n\n")[0]
    assert "/dev/null" not in serve_target and "|| true" not in serve_target
    assert "\t$(BIN)/rulebooks serve" in serve_target

    results = tmp_path / RESULTS
    results.parent.mkdir()
    results.write_text("an older run's results", "utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(serve, "run_scenarios", lambda path, args=(): 4)  # died before recording
    rebuild = serve.Rebuild(results, tmp_path / "html", wait=5)
    assert serve.exit_code(serve.forked(rebuild.record)) == 0  # the site is rebuilt...
    data = json.loads(results.read_text("utf-8"))
    assert data["scenarios"] == [] and data["run"]["partial"] is True
    assert "pytest exit code 4 and recorded nothing" in data["run"]["problems"][0]
    capfd.readouterr()
    assert serve.exit_code(serve.forked(rebuild.print_verdict)) == 0
    assert "pytest exit code 4" in capfd.readouterr().out  # ...and shows the run broken


# --- 5. a feature file edited while the scenarios run -------------------------------------

EDIT_DURING_RUN = """\
import pathlib


def pytest_runtest_setup(item):
    edited = pathlib.Path(__file__).parent / "{path}"
    text = edited.read_text("utf-8")
    if "# edited during the run" not in text:
        edited.write_text(text + "\\n# edited during the run\\n", "utf-8")
"""


def test_5_a_feature_edited_during_the_run_is_stale(
    sandbox: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edited = feature_file(sandbox, "dice")
    original = edited.read_bytes()
    path = edited.relative_to(sandbox).as_posix()
    (sandbox / "conftest.py").write_text(EDIT_DURING_RUN.format(path=path), "utf-8")
    assert record(sandbox).returncode == 0
    assert edited.read_bytes() != original
    assert recorded(sandbox)["fingerprint"]["features"][path] == text_digest(original)
    code, out = gate(sandbox, capsys)
    assert code == pipeline.EXIT_UNTRUSTED and path in out
    joined = verdicts(sandbox)
    stale = [feature.path for feature in joined.stale_features()]
    assert stale == [path]


def test_5_an_engine_file_edited_during_the_run_is_stale(
    sandbox: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edited_during_the_run(sandbox, capsys, "engine/mahe/game.py")


def edited_during_the_run(sandbox: Path, capsys: pytest.CaptureFixture[str], path: str) -> None:
    """Edit ``path`` as the first scenario starts: recorded as changed, the gate refuses."""
    (sandbox / "conftest.py").write_text(EDIT_DURING_RUN.format(path=path), "utf-8")
    assert record(sandbox).returncode == 0
    data = recorded(sandbox)
    assert data["fingerprint"]["code"][path] == CHANGED_DURING_RUN
    assert f"changed while the scenarios ran: {path}" in data["run"]["problems"]
    code, out = gate(sandbox, capsys)
    assert code == pipeline.EXIT_UNTRUSTED and f"recorded before a change to {path}" in out


# --- 5b. what the run imported, as imported (issue 28, points 3 to 5) ---------------------


def with_tooling(sandbox: Path) -> Path:
    """The sandbox holding a copy of the tooling (rulebooks/), which its runs import."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "rulebooks", sandbox / "rulebooks", ignore=ignore)
    return sandbox


def test_3_a_typo_in_a_module_the_run_imports_makes_the_results_stale(
    sandbox: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """rulebooks/formats/plugin.py and tests/__init__.py are in no list of inputs, yet the
    run imports them: the fingerprint lists them."""
    with_tooling(sandbox)
    assert record(sandbox).returncode == 0
    code = recorded(sandbox)["fingerprint"]["code"]
    imported = ("rulebooks/formats/plugin.py", "rulebooks/steps/__init__.py", "tests/__init__.py")
    assert [path for path in imported if path not in code] == [], sorted(code)
    assert gate(sandbox, capsys)[0] == 0
    plugin = sandbox / "rulebooks" / "formats" / "plugin.py"
    plugin.write_text(plugin.read_text("utf-8").replace("import", "imprt", 1), "utf-8")
    code, out = gate(sandbox, capsys)
    assert code == pipeline.EXIT_UNTRUSTED
    assert "recorded before a change to rulebooks/formats/plugin.py" in out
    assert verdicts(sandbox).changes.code == ("rulebooks/formats/plugin.py",)


def test_4_a_module_edited_after_its_import_during_the_run_is_stale(
    sandbox: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """tests/__init__.py is imported at collection and edited as the first scenario runs:
    the digest recorded is of the source compiled, which the file no longer holds."""
    edited_during_the_run(sandbox, capsys, "tests/__init__.py")


def test_5_a_same_size_same_time_edit_never_runs_from_stale_bytecode(sandbox: Path) -> None:
    """A pyc records its source's size and modification time only: an edit keeping both
    would run the old compiled code. The recorded run compiles project files from source."""
    env = {**os.environ, "PYTHONPATH": str(sandbox)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    subprocess.run([sys.executable, "-c", "import engine.mahe.game"], cwd=sandbox, env=env,
                   check=True)  # fmt: skip
    game = sandbox / "engine" / "mahe" / "game.py"
    assert list((game.parent / "__pycache__").glob("game.*.pyc")), "no bytecode was written"
    stat = game.stat()
    text = game.read_text("utf-8")
    line = "from __future__ import annotations"
    edit = 'raise ImportError("edited")'
    assert line in text and len(edit) <= len(line)
    game.write_text(text.replace(line, edit.ljust(len(line)), 1), "utf-8")
    os.utime(game, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert game.stat().st_size == stat.st_size
    run = record(sandbox)
    assert run.returncode != 0, "the scenarios ran the old compiled engine"
    assert "edited" in run.stdout + run.stderr


# --- 6. the verdict gate ------------------------------------------------------------------

INTERRUPT = """\
import os
import signal

CALLS = []


def pytest_runtest_call(item):
    CALLS.append(item.nodeid)
    if len(CALLS) == 5:
        os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C in the middle of the run
"""


@pytest.mark.usefixtures("sigint_as_in_a_terminal")
def test_6_an_interrupted_run_fails_the_gate(
    sandbox: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (sandbox / "conftest.py").write_text(INTERRUPT, "utf-8")
    run = record(sandbox)
    assert run.returncode == pytest.ExitCode.INTERRUPTED, run.stdout
    data = recorded(sandbox)
    assert data["run"]["interrupted"] is True and data["run"]["partial"] is True
    code, out = gate(sandbox, capsys)
    assert code == pipeline.EXIT_UNTRUSTED
    assert "interrupted: the run was stopped before its end" in out


@pytest.mark.parametrize(
    ("tamper", "message"),
    [
        (lambda data: data.pop("run"), "top level: missing key 'run'"),
        (lambda data: data.update(schema=1), "unsupported schema 1"),
        (lambda data: data["scenarios"][0].update(status="green"), "expected one of passed"),
    ],
)
def test_6_a_schema_invalid_file_fails_the_gate(
    ran: Path, capsys: pytest.CaptureFixture[str], tamper: Any, message: str
) -> None:
    sandbox = ran
    data = recorded(sandbox)
    tamper(data)
    (sandbox / RESULTS).write_text(json.dumps(data), "utf-8")
    code, out = gate(sandbox, capsys)
    assert code == pipeline.EXIT_UNTRUSTED and message in out


def test_6_a_partial_run_fails_the_gate(sandbox: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = record(sandbox, "-k", "dice")
    assert run.returncode == 0
    assert recorded(sandbox)["run"]["partial"] is True
    code, out = gate(sandbox, capsys)
    assert code == pipeline.EXIT_UNTRUSTED and "partial: not every scenario was run" in out
    assert "deselected" in out
    assert " not run" in run.stdout and " 0 not run" not in run.stdout  # counted in the summary


# --- 7. malformed files, duplicate names, records that contradict themselves --------------


def test_7_a_malformed_feature_fails_alone(
    sandbox: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = sandbox / "features" / "mahe" / "00_broken.feature"
    broken.write_text(
        "Feature: Broken\n  Scenario: Bad table\n    Given x\n      | a |\n      | b | c |\n"
    )
    run = record(sandbox)
    assert run.returncode == 1
    data = recorded(sandbox)
    games = {s["feature"] for s in data["scenarios"]}
    assert len(games) == len(list((sandbox / "features" / "mahe").glob("*.feature"))) - 1
    assert data["totals"]["passed"] > 0 and data["run"]["partial"] is True
    assert any("00_broken.feature does not parse" in p for p in data["run"]["problems"])
    code, out = gate(sandbox, capsys)
    assert code == pipeline.EXIT_UNTRUSTED and "00_broken.feature" in out


def test_7_a_collection_error_makes_the_run_partial(
    sandbox: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    module = sandbox / "tests" / "scenarios" / "mahe" / "test_mahe.py"
    module.write_text(module.read_text("utf-8") + "\nraise RuntimeError('the steps do not load')\n")
    run = record(sandbox)
    assert run.returncode == pytest.ExitCode.TESTS_FAILED, run.stdout
    data = recorded(sandbox)
    assert data["scenarios"] == [] and data["run"]["partial"] is True
    assert any(
        "collection error in tests/scenarios/mahe/test_mahe.py" in p
        for p in data["run"]["problems"]
    )
    assert (
        "0 passed, 0 failed, 0 undefined, 0 skipped, " in run.stdout
        and " 0 not run" not in run.stdout
    )
    code, out = gate(sandbox, capsys)
    assert code == pipeline.EXIT_UNTRUSTED and "the steps do not load" in out


DUPLICATES = """\
@game:mahe
Feature: Mahé — two scenarios, one name
  Rule: MAHE-3.3 Taken from the rules page

    @clause:MAHE-3.3
    Scenario: Same name
      Given a 4-player game of Mahé
      Then the blue turtle is on the raft

    @clause:MAHE-3.3
    Scenario: Same name
      Given a 4-player game of Mahé
      Then the blue turtle is on the raft
"""


def test_7_duplicate_scenario_names_are_an_error_naming_both_lines(
    sandbox: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (sandbox / "features" / "mahe" / "99_twice.feature").write_text(DUPLICATES, "utf-8")
    assert record(sandbox).returncode == 1
    twice = named(sandbox, "Same name")
    assert sorted((s["line"], s["status"]) for s in twice) == [(6, "failed"), (11, "failed")]
    assert "at lines 6 and 11" in twice[0]["error"]
    assert verdicts(sandbox).clause_verdict("clause:MAHE-3.3") is ClauseVerdict.FAILING
    code, out = gate(sandbox, capsys)
    assert code != 0 and "2 failed" in out


@pytest.mark.parametrize("tamper", ["passed beside a failed step", "recorded twice"])
def test_7_records_that_contradict_themselves_are_not_green(
    ran: Path, capsys: pytest.CaptureFixture[str], tamper: str
) -> None:
    sandbox = ran
    data = recorded(sandbox)
    first = data["scenarios"][0]
    if tamper == "recorded twice":
        data["scenarios"].append(dict(first))
    else:
        first["steps"][-1]["status"] = "failed"
    (sandbox / RESULTS).write_text(json.dumps(data), "utf-8")
    joined = verdicts(sandbox)
    feature = next(f for f in joined.features if f.path == first["feature"])
    scenario = next(s for _r, s in feature.all_scenarios() if s.line == first["line"])
    assert joined.scenario_status(feature, scenario) is Status.FAILED
    assert joined.problems()
    code, out = gate(sandbox, capsys)
    assert code == pipeline.EXIT_UNTRUSTED and "contradiction: " in out


# --- 8. two builds of one checkout at once ------------------------------------------------


def test_8_a_second_build_waits_then_refuses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / RESULTS
    results.parent.mkdir()
    results.write_text("the first build's results", "utf-8")
    ran: list[Path] = []
    monkeypatch.chdir(tmp_path)

    def run_scenarios(path: Path, args: object = ()) -> int:
        ran.append(path)
        return 0

    monkeypatch.setattr(pipeline, "run_scenarios", run_scenarios)
    with build_lock(results.parent, timeout=0, say=False):
        code = cli.main(["site", "--results", str(results), "--wait", "0.3"])
    captured = capsys.readouterr()
    assert code == pipeline.EXIT_LOCKED
    assert "another build of this checkout (pid " in captured.out  # it waited, saying why
    assert "still holds" in captured.err and ran == []
    assert results.read_text("utf-8") == "the first build's results"  # nothing deleted


HOLD_THE_LOCK = """\
import sys, time
from pathlib import Path
from rulebooks.run.lock import build_lock
with build_lock(Path(sys.argv[1]), timeout=0, say=False):
    print("locked", flush=True)
    time.sleep(1)
    print("releasing", flush=True)
"""


def test_8_a_second_build_waits_for_the_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "results"
    command = [sys.executable, "-c", HOLD_THE_LOCK, str(folder)]
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True) as first:
        assert first.stdout is not None and first.stdout.readline().strip() == "locked"
        with build_lock(folder, timeout=120):
            # the first had said it was releasing before the second could take the lock
            assert select.select([first.stdout], [], [], 0)[0], "the lock was not held"
            assert first.stdout.readline().strip() == "releasing"
    assert f"holds {folder / '.lock'}: waiting up to 120 s" in capsys.readouterr().out
