"""pytest plugin that records the verdict of every Gherkin scenario in a results file.

Load it with ``-p rulebooks.run.recorder`` (the project's ``addopts`` does) and pass
``--rulebooks-results PATH``; without the option the plugin registers nothing and does
nothing. At the end of the session the results file (its format is
:mod:`rulebooks.results.schema`) is written atomically: a temporary file in the target
directory, then ``os.replace``.

Beside the scenarios, the file records the run (pytest's exit status, Ctrl-C, whether it
was partial, and every problem: collection errors, feature files that do not parse,
duplicate scenario names, deselections, scenarios never run) and the fingerprint of its
inputs (:mod:`rulebooks.results.fingerprint`): each feature file's hash is the hash of the text
pytest-bdd parsed (from :mod:`rulebooks.run.binding`, or read right after collection for files
bound by plain ``scenarios()``); the code is hashed at the start of the session and again at
its end, and a file that changed in between is recorded as ``"changed during the run"``.

What is recorded, per pytest-bdd scenario and per Scenario Outline row:

* where it comes from: feature file (POSIX path relative to the rootdir), feature name,
  line of the ``Scenario``/``Scenario Outline`` keyword, name (placeholders substituted),
  enclosing rule (name and line), effective tags without ``@`` (feature, rule, scenario and
  Examples tags, sorted) and, for an outline row, the row's file line, its 0-based index
  over all the outline's Examples tables in file order, and its values;
* how it went: ``passed``, ``failed``, ``skipped`` or ``undefined``, the duration (setup +
  call + teardown, in seconds), the error (``"ExceptionType: message"``, for a failed step
  followed by its traceback frames in the engine and the steps) and every step with
  its own status, duration and error. Steps after the first failed or undefined step, and
  all steps of a scenario that never ran, are ``skipped``.

How the statuses are decided:

* pytest-bdd's step hooks mark each step passed, failed (``pytest_bdd_step_error``) or
  undefined (``pytest_bdd_step_func_lookup_error``); an undefined step makes the scenario
  ``undefined``, a failed step makes it ``failed`` with that step's error;
* a test skipped at setup (``@skip`` tag -> ``pytest.mark.skip``, ``skipif``, ``pytest.skip``
  in a fixture) never reaches pytest-bdd's scenario hooks: its scenario is found from the
  test function and recorded ``skipped`` with every step ``skipped``. ``pytest.skip()`` inside
  a step records the steps that passed, and the interrupted and remaining steps ``skipped``;
* a scenario without any step is ``failed``: it verifies nothing;
* a failure outside the steps (fixture error at setup or teardown, an assertion in the body
  of a ``@scenario`` test function, strict XPASS) makes the scenario ``failed`` with that error;
* an expected failure (``xfail``) follows pytest's outcome: the scenario is ``skipped``, but the
  step that failed keeps ``failed`` and its error, which is also the scenario's error.

pytest-xdist: the record of a scenario is built where the test runs and travels to the
controller as an extra attribute of the teardown report (pytest serialises such attributes),
with the sha256 of the feature text that process parsed; only the controller writes the
file (workers, recognised by ``config.workerinput``, never do). The controller reads every
feature file at the end of the run: a text that differs from the one a worker parsed is
recorded ``changed during the run``. A parallel run records the same scenarios, statuses,
steps and boards as a serial one (tests/tooling/run/test_recorder_xdist.py). Not forwarded by
xdist: deselections on the workers (a ``-k`` run is still partial, through its runs not
run) and, in the Cucumber Messages stream, which step definition matched each step.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import tempfile
import time
import traceback
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol, cast

import pytest

from rulebooks.games.paths import ROOT as PROJECT_ROOT
from rulebooks.games.paths import publishable  # errors are published with repository-relative paths
from rulebooks.provenance.labels import all_data
from rulebooks.results.fingerprint import (
    FEATURES_DIR,
    code_digests,
    feature_digests,
    installed_versions,
    text_digest,
)
from rulebooks.results.gherkin_model import Feature as ModelFeature
from rulebooks.results.gherkin_model import Rule as ModelRule
from rulebooks.results.gherkin_model import Scenario as ModelScenario
from rulebooks.results.gherkin_model import parse_feature
from rulebooks.results.schema import (
    NO_STEPS,
    RECORDED_STATUSES,
    SCHEMA,
    Board,
    BoardMoment,
    DataFile,
    ExampleRef,
    Fingerprint,
    GitInfo,
    ResultsFile,
    Reused,
    RuleRef,
    RunInfo,
    ScenarioResult,
    Status,
    StepResult,
    dumps,
    from_json,
    to_json,
    utc_now,
)
from rulebooks.run import binding
from rulebooks.run.scenario_cache import read_runs

if TYPE_CHECKING:
    from pytest_bdd.parser import Examples, Feature, Scenario, ScenarioTemplate, Step

__all__ = [
    "Recorder",
    "ScenarioWorld",
    "summary_line",
    "write_results",
]

PLUGIN_NAME = "rulebooks-recorder"
"""Name under which the active :class:`Recorder` is registered with pytest."""

# Other formats of the same run (Cucumber Messages, JUnit XML), written beside the results
# file at the end of the session: see rulebooks/formats/plugin.py.
pytest_plugins = ["rulebooks.formats.plugin"]

_REPORT_ATTR = "rulebooks_scenario"
_EXAMPLE_ARG = "_pytest_bdd_example"

_StepProgress = Literal["pending", "running", "passed", "failed", "undefined"]

CHANGED_DURING_RUN = "changed during the run"
"""Fingerprint value of an input whose content changed between the start and the end of the
run: it matches no checkout, so the results are stale everywhere."""


class ScenarioWorld(Protocol):
    """What a game's step definitions offer as the ``rulebooks_world`` fixture.

    The recorder asks it for pictures of the state around the scenario's action, and for the
    chance outcomes the scenario forced, so the site can show them and a reader can replay.
    """

    forced_outcomes: list[str]
    expected_board: dict[str, str] | None

    def snapshot(self) -> dict[str, str] | None:
        """The current state as ``{"text": ..., "svg": ...}``, None before there is one."""


WORLD_FIXTURE = "rulebooks_world"


# --------------------------------------------------------------------------------------
# Plugin entry points (module level): option and registration of the recorder.
# --------------------------------------------------------------------------------------


def pytest_addoption(parser: pytest.Parser) -> None:
    """Add ``--rulebooks-results PATH``."""
    group = parser.getgroup("rulebooks", "rulebooks results recorder")
    group.addoption(
        "--rulebooks-results",
        action="store",
        dest="rulebooks_results",
        metavar="PATH",
        default=None,
        help=f"write the verdict of every Gherkin scenario to PATH (JSON, schema {SCHEMA}) "
        "at the end of the session",
    )
    group.addoption(
        "--rulebooks-only",
        action="store",
        dest="rulebooks_only",
        metavar="FEATURE:LINE",
        default=None,
        help="run only the scenario whose Scenario line (or Examples row) is at "
        "FEATURE:LINE, e.g. features/<game>/02_dice.feature:51",
    )
    group.addoption(
        "--rulebooks-reuse",
        action="store",
        dest="rulebooks_reuse",
        metavar="PATH",
        default=None,
        help="a JSON file of records to reuse, per feature file (written by rulebooks site "
        "from its scenario cache): those feature files are not run, their records are "
        "written marked reused, if the file's text is still the one they were recorded on",
    )
    group.addoption(
        "--rulebooks-replay",
        action="store_true",
        dest="rulebooks_replay",
        default=False,
        help="print every step and the game state after each action step (use with -s)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """With ``--rulebooks-only FEATURE:LINE``, deselect every other scenario; with
    ``--rulebooks-reuse``, leave out the scenarios of the reused feature files."""
    recorder = config.pluginmanager.get_plugin(PLUGIN_NAME)
    if isinstance(recorder, Recorder) and recorder.reuse:
        items[:] = [item for item in items if not recorder.is_reused(item)]
    location = config.getoption("rulebooks_only")
    if not location:
        return
    path, _, line_text = str(location).rpartition(":")
    if not path or not line_text.isdigit():
        raise pytest.UsageError(f"--rulebooks-only wants FEATURE:LINE, got {location!r}")
    wanted = (config.invocation_params.dir / path).resolve()
    line = int(line_text)
    kept: list[pytest.Item] = []
    dropped: list[pytest.Item] = []
    for item in items:
        template = scenario_template(item)
        chosen = (
            template is not None
            and Path(template.feature.filename).resolve() == wanted
            and _at_line(item, template, line)
        )
        (kept if chosen else dropped).append(item)
    if not kept:
        raise pytest.UsageError(f"no scenario or Examples row starts at {location}")
    config.hook.pytest_deselected(items=dropped)
    items[:] = kept


def _at_line(item: pytest.Item, template: ScenarioTemplate, line: int) -> bool:
    """Does ``item`` run the scenario starting at ``line``, or the outline row there?"""
    if template.line_number == line:
        return True
    params = _example_params(item)
    if params is None:
        return False
    rows = [
        (examples, context) for examples in template.examples for context in examples.as_contexts()
    ]
    info = read_feature(template.feature.filename, item.config.rootpath)
    lines = info.row_lines.get(template.line_number, [])
    return any(
        row_line == line and context == params
        for row_line, (_, context) in zip(lines, rows, strict=False)
    )


REPLAY_PLUGIN_NAME = "rulebooks-replay"


class ReplayPrinter:
    """Prints each step of the selected scenarios and the state after each action step."""

    @pytest.hookimpl(optionalhook=True)
    def pytest_bdd_before_scenario(
        self, request: pytest.FixtureRequest, feature: Feature, scenario: Scenario
    ) -> None:
        print(f"\n=== {scenario.name} ({feature.rel_filename}:{scenario.line_number})")

    @pytest.hookimpl(optionalhook=True)
    def pytest_bdd_before_step(
        self, request: pytest.FixtureRequest, scenario: Scenario, step: Step
    ) -> None:
        world = scenario_world(request)
        if step.type == "when" and world is not None and not getattr(world, "_replayed", False):
            world._replayed = True  # type: ignore[attr-defined]
            self._state(world, "the position before the first action")

    @pytest.hookimpl(optionalhook=True)
    def pytest_bdd_after_step(
        self, request: pytest.FixtureRequest, scenario: Scenario, step: Step
    ) -> None:
        print(f"  ✔ {step.keyword} {step.name}")
        world = scenario_world(request)
        if step.type == "when" and world is not None:
            self._state(world, "after it")

    @pytest.hookimpl(optionalhook=True)
    def pytest_bdd_step_error(
        self, request: pytest.FixtureRequest, scenario: Scenario, step: Step,
        exception: BaseException,
    ) -> None:  # fmt: skip
        print(f"  ✘ {step.keyword} {step.name}\n      {describe_exception(exception)}")
        world = scenario_world(request)
        if world is not None:
            self._state(world, "the state at the failure")

    @pytest.hookimpl(optionalhook=True)
    def pytest_bdd_step_func_lookup_error(
        self, request: pytest.FixtureRequest, scenario: Scenario, step: Step,
        exception: BaseException,
    ) -> None:  # fmt: skip
        print(f"  ? {step.keyword} {step.name}  (no step definition)")

    @staticmethod
    def _state(world: ScenarioWorld, label: str) -> None:
        try:
            picture = world.snapshot()
        except Exception as error:  # shown here; the step reports it too
            print(f"      ({label}: no state: {error})")
            return
        if picture is not None:
            forced = ", ".join(world.forced_outcomes) or "none"
            text = picture.get("text", "").replace("\n", "\n      ")
            print(f"      {label} (forced so far: {forced}):\n      {text}")


def pytest_configure(config: pytest.Config) -> None:
    """Register a :class:`Recorder` when ``--rulebooks-results`` is given, and the replay
    printer when ``--rulebooks-replay`` is."""
    if config.getoption("rulebooks_replay"):
        config.pluginmanager.register(ReplayPrinter(), REPLAY_PLUGIN_NAME)
    value = config.getoption("rulebooks_results")
    if not value:
        return
    path = config.invocation_params.dir / Path(os.path.expanduser(str(value)))
    is_worker = hasattr(config, "workerinput")
    recorder = Recorder(config, path, write=not is_worker)
    reuse = config.getoption("rulebooks_reuse")
    if reuse:
        recorder.reuse = read_reuse(config.invocation_params.dir / str(reuse))
    config.pluginmanager.register(recorder, PLUGIN_NAME)


def read_reuse(path: Path) -> dict[str, _Reuse]:
    """The ``--rulebooks-reuse`` file: feature path -> what to reuse (a usage error if the
    file cannot be read: rulebooks site writes it)."""
    import json

    try:
        data = json.loads(path.read_text("utf-8"))
        return {
            str(feature): _Reuse(
                sha256=str(raw["sha256"]),
                reused=Reused(run_started=str(raw["run_started"]), commit=raw["commit"]),
                scenarios=tuple(from_json(ScenarioResult, record) for record in raw["scenarios"]),
                problems=tuple(str(problem) for problem in raw["problems"]),
                runs=None if raw.get("runs") is None else frozenset(read_runs(raw["runs"]) or ()),
            )
            for feature, raw in data.items()
        }
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
        raise pytest.UsageError(f"--rulebooks-reuse {path}: {error}") from None


@dataclass(frozen=True)
class _Reuse:
    """Records of one feature file from an earlier run, to write marked reused."""

    sha256: str
    reused: Reused
    scenarios: tuple[ScenarioResult, ...]
    problems: tuple[str, ...]
    runs: frozenset[tuple[int, int | None]] | None = None
    """The runs the file asks for on that text (None: not known, the file is parsed)."""


def pytest_unconfigure(config: pytest.Config) -> None:
    """Unregister the recorder registered by :func:`pytest_configure`, if any."""
    recorder = config.pluginmanager.get_plugin(PLUGIN_NAME)
    if recorder is not None:
        config.pluginmanager.unregister(recorder)


# --------------------------------------------------------------------------------------
# Per-test state.
# --------------------------------------------------------------------------------------


@dataclass
class _StepState:
    """Progress of one step while its test runs."""

    status: _StepProgress = "pending"
    started: float | None = None
    duration: float = 0.0
    error: str | None = None


@dataclass
class _Phase:
    """Outcome of one pytest phase (setup, call or teardown) of a test."""

    outcome: str
    duration: float
    error: str | None
    xfail: bool


@dataclass
class _TestRun:
    """What the hooks learned about one test item so far."""

    scenario: Scenario | None = None
    steps: list[_StepState] = field(default_factory=list)
    phases: dict[str, _Phase] = field(default_factory=dict)
    world: ScenarioWorld | None = None
    boards: dict[str, Board] = field(default_factory=dict)
    forced: list[str] | None = None


@dataclass(frozen=True)
class _FeatureInfo:
    """Facts about a feature file that pytest-bdd's model does not keep, read from the text
    pytest-bdd parsed (see :mod:`rulebooks.run.binding`), or from the disk at collection."""

    path: str
    sha256: str | None
    rules: dict[int, RuleRef]
    """Scenario line -> enclosing rule (name and line)."""
    row_lines: dict[int, list[int]]
    """Scenario line -> lines of its Examples rows, all tables flattened in file order."""
    keywords: dict[int, str]
    """Step line -> step keyword as written (``Given``, ``And``, ``*``...)."""
    runs: frozenset[tuple[int, int | None]] = frozenset()
    """Every run the file asks for: (scenario line, row line or None)."""


# --------------------------------------------------------------------------------------
# The recorder.
# --------------------------------------------------------------------------------------


class Recorder:
    """Collects scenario records during the session and writes the results file at its end."""

    def __init__(self, config: pytest.Config, path: Path, *, write: bool = True) -> None:
        """Record for ``config``; write to ``path`` at session end if ``write`` is true."""
        self.config = config
        self.path = path
        self.write = write
        self.started = utc_now()
        self.git: GitInfo | None = None
        self.records: list[ScenarioResult] = []
        self.problems: list[str] = []
        self.deselected = 0
        self.code_at_start: dict[str, str] = {}
        self.written: ResultsFile | None = None
        self._runs: dict[str, _TestRun] = {}
        self._feature_info: dict[str, _FeatureInfo] = {}
        self.reuse: dict[str, _Reuse] = {}
        """Feature path (project-relative) -> records to reuse instead of running it."""
        self._parsed: dict[str, str] = {}
        """Feature path -> sha256 of the text the process that ran its scenarios parsed."""

    def is_reused(self, item: pytest.Item) -> bool:
        """Does ``item`` run a scenario of a reused feature file?"""
        template = scenario_template(item)
        if template is None:
            problem = _problem_of(item)
            filename = problem.filename if problem is not None else None
        else:
            filename = template.feature.filename
        if filename is None:
            return False
        return self._feature(filename).path in self.reuse

    def _reused_records(self) -> tuple[list[ScenarioResult], list[str]]:
        """The reused records whose feature file still has the text they were recorded on;
        a problem for each feature file that changed since (its scenarios are not run)."""
        records: list[ScenarioResult] = []
        problems: list[str] = []
        current = {info.path: info.sha256 for info in self._feature_info.values()}
        for feature, reuse in sorted(self.reuse.items()):
            if current.get(feature) != reuse.sha256:
                problems.append(
                    f"{feature}: changed since its records were cached; not run, not reused"
                )
                continue
            records += [replace(record, reused=reuse.reused) for record in reuse.scenarios]
            problems += reuse.problems
        return records, problems

    @property
    def root(self) -> Path:
        """The project root: pytest's rootdir."""
        return self.config.rootpath

    def features_dir(self) -> Path:
        """pytest-bdd's features base dir (``bdd_features_base_dir``), else ``features``."""
        try:
            configured = self.config.getini("bdd_features_base_dir")
        except ValueError:  # pytest-bdd not loaded
            configured = None
        return self.root / str(configured or FEATURES_DIR)

    # -- session ---------------------------------------------------------------------

    def pytest_sessionstart(self, session: pytest.Session) -> None:
        """Note the start time, the git state and the code about to be tested."""
        self.started = utc_now()
        if self.write:
            self.git = git_state(self.root)
            self.code_at_start = code_digests(self.root)

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        """A collection error: the scenarios of that module will not run."""
        if report.failed:
            first = (report.longreprtext.strip().splitlines() or ["(no message)"])[-1]
            self.problems.append(f"collection error in {report.nodeid or 'the session'}: {first}")

    def pytest_deselected(self, items: Sequence[pytest.Item]) -> None:
        """Scenarios left out by ``-k``, ``-m`` or ``--rulebooks-only``."""
        self.deselected += sum(1 for item in items if scenario_template(item) is not None)

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        """Read every bound feature file now, right after pytest-bdd parsed it."""
        for item in session.items:
            template = scenario_template(item)
            if template is not None:
                self._feature(template.feature.filename)

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        """Write the results file (not on xdist workers)."""
        if self.write:
            self.written = self.results(
                exitstatus, stopped=bool(session.shouldstop or session.shouldfail)
            )
            write_results(self.path, self.written)

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        """Say where the results went and count every status, *not run* included."""
        if not self.write or self.written is None:
            return
        results = self.written
        terminalreporter.write_sep("-", f"rulebooks results: {self.path}")
        terminalreporter.write_line(f"scenarios: {summary_line(self._counts(results))}")
        for problem in results.run.problems:
            terminalreporter.write_line(f"problem: {problem}", red=True)

    def _counts(self, results: ResultsFile) -> dict[str, int]:
        counts = {str(status): results.totals.get(str(status), 0) for status in RECORDED_STATUSES}
        counts[Status.NOT_RUN] = len(self._not_run(results.scenarios))
        return counts

    def _not_run(self, records: Sequence[ScenarioResult]) -> list[str]:
        """``path:line`` of every run of a fingerprinted feature file without a record."""
        recorded = {(r.feature, r.line, r.example.line if r.example else None) for r in records}
        missing: list[str] = []
        for info in self._feature_info.values():
            for line, row in sorted(info.runs, key=lambda run: (run[0], run[1] or 0)):
                if (info.path, line, row) not in recorded:
                    missing.append(f"{info.path}:{row or line}")
        return missing

    def results(self, exitstatus: int | None = None, *, stopped: bool = False) -> ResultsFile:
        """The results file content for everything recorded so far (and reused)."""
        for path in feature_digests(self.root, self.features_dir()):
            self._feature(str(self.root / path))
        reused, reuse_problems = self._reused_records()
        scenarios = sorted([*self.records, *reused], key=_record_sort_key)
        totals: dict[str, int] = dict.fromkeys((str(s) for s in RECORDED_STATUSES), 0)
        for record in scenarios:
            totals[record.status] += 1
        fingerprint = self._fingerprint()
        problems = [*self.problems, *reuse_problems]
        if self.deselected:
            problems.append(f"{self.deselected} scenario runs deselected (a subset was selected)")
        not_run = self._not_run(scenarios)
        if not_run:
            shown = ", ".join(not_run[:5]) + (
                f" and {len(not_run) - 5} more" if len(not_run) > 5 else ""
            )
            problems.append(f"{len(not_run)} scenario runs not run: {shown}")
        interrupted = exitstatus == pytest.ExitCode.INTERRUPTED
        if interrupted:
            problems.append("the run was interrupted (Ctrl-C)")
        elif stopped:
            problems.append("the run stopped early (-x or --maxfail)")
        changed = sorted(k for k, v in fingerprint.code.items() if v == CHANGED_DURING_RUN)
        if changed:
            problems.append("changed while the scenarios ran: " + ", ".join(changed))
        return ResultsFile(
            schema=SCHEMA,
            started=self.started,
            finished=utc_now(),
            git=self.git,
            run=RunInfo(
                exit_status=None if exitstatus is None else int(exitstatus),
                interrupted=interrupted,
                partial=bool(
                    self.problems or reuse_problems or self.deselected or not_run or stopped
                ),
                problems=tuple(problems),
            ),
            fingerprint=fingerprint,
            totals=totals,
            scenarios=tuple(scenarios),
            data={
                game: tuple(
                    DataFile(**{**found, "dependents": tuple(found["dependents"])})
                    for found in files
                )
                for game, files in all_data().items()
            },
        )

    def _fingerprint(self) -> Fingerprint:
        """Features as parsed; code as at the start, marked where it changed since."""
        now = code_digests(self.root)
        code = {
            path: digest if now.get(path) == digest else CHANGED_DURING_RUN
            for path, digest in self.code_at_start.items()
        }
        code |= {path: CHANGED_DURING_RUN for path in now.keys() - code.keys()}
        features = {
            info.path: info.sha256 or CHANGED_DURING_RUN for info in self._feature_info.values()
        }
        for path, parsed in self._parsed.items():  # texts the tests ran on (xdist workers)
            if features.get(path) != parsed:
                features[path] = CHANGED_DURING_RUN
        return Fingerprint(
            features=dict(sorted(features.items())),
            code=dict(sorted(code.items())),
            versions=installed_versions(),
        )

    # -- pytest-bdd hooks (optional: pytest-bdd may be absent) --------------------------

    @pytest.hookimpl(optionalhook=True)
    def pytest_bdd_before_scenario(
        self, request: pytest.FixtureRequest, feature: Feature, scenario: Scenario
    ) -> None:
        """Start tracking the steps of ``scenario`` (already rendered for an outline row)."""
        run = self._runs.setdefault(request.node.nodeid, _TestRun())
        run.scenario = scenario
        run.steps = [_StepState() for _ in scenario.steps]
        run.world = scenario_world(request)

    @pytest.hookimpl(optionalhook=True)
    def pytest_bdd_before_step(
        self, request: pytest.FixtureRequest, scenario: Scenario, step: Step
    ) -> None:
        """Mark ``step`` as running."""
        state = self._step_state(request, scenario, step)
        if state is not None:
            if step.type == "when":
                self._take_board(request, BoardMoment.BEFORE, first_only=True)
            state.status = "running"
            state.started = time.perf_counter()

    @pytest.hookimpl(optionalhook=True)
    def pytest_bdd_after_step(
        self, request: pytest.FixtureRequest, scenario: Scenario, step: Step
    ) -> None:
        """Mark ``step`` as passed."""
        state = self._step_state(request, scenario, step)
        if state is not None:
            state.status = "passed"
            state.duration = _elapsed(state.started)

    @pytest.hookimpl(optionalhook=True)
    def pytest_bdd_step_error(
        self,
        request: pytest.FixtureRequest,
        scenario: Scenario,
        step: Step,
        exception: BaseException,
    ) -> None:
        """Mark ``step`` as failed with ``exception``."""
        state = self._step_state(request, scenario, step)
        if state is not None:
            state.status = "failed"
            state.duration = _elapsed(state.started)
            state.error = describe_exception(exception, request.config.rootpath)
            self._take_board(request, BoardMoment.AFTER)
            run = self._runs.get(request.node.nodeid)
            expected = run.world.expected_board if run and run.world else None
            if run is not None and isinstance(expected, dict):
                run.boards[BoardMoment.EXPECTED] = _board(expected)

    @pytest.hookimpl(optionalhook=True)
    def pytest_bdd_step_func_lookup_error(
        self,
        request: pytest.FixtureRequest,
        scenario: Scenario,
        step: Step,
        exception: BaseException,
    ) -> None:
        """Mark ``step`` as undefined (no step definition matches it)."""
        state = self._step_state(request, scenario, step)
        if state is not None:
            state.status = "undefined"
            state.error = describe_exception(exception)

    def _take_board(
        self, request: pytest.FixtureRequest, moment: BoardMoment, *, first_only: bool = False
    ) -> None:
        """Keep the world's picture of the state under ``moment``, and its forced outcomes."""
        run = self._runs.get(request.node.nodeid)
        if run is None or (first_only and moment in run.boards):
            return
        self._take_board_of(run, moment)

    @staticmethod
    def _take_board_of(run: _TestRun, moment: BoardMoment) -> None:
        if run.world is None:
            return
        try:
            picture = run.world.snapshot()
        except Exception:  # a state that cannot be built yet: the step itself will say why
            picture = None
        if picture is not None:
            run.boards[moment] = _board(picture)
        run.forced = list(run.world.forced_outcomes)

    def _step_state(
        self, request: pytest.FixtureRequest, scenario: Scenario, step: Step
    ) -> _StepState | None:
        run = self._runs.get(request.node.nodeid)
        if run is None or run.scenario is not scenario:
            return None
        for index, candidate in enumerate(scenario.steps):
            if candidate is step:
                return run.steps[index]
        return None

    # -- pytest reports ----------------------------------------------------------------

    @pytest.hookimpl(wrapper=True, tryfirst=True)
    def pytest_runtest_makereport(
        self, item: pytest.Item, call: pytest.CallInfo[None]
    ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
        """Note each phase's final outcome; at teardown, attach the scenario's record.

        ``tryfirst`` makes this the outermost wrapper, so it sees the outcome after the
        skipping plugin has turned expected failures into skips.
        """
        report = yield
        problem = _problem_of(item)
        if problem is not None:
            if call.when == "teardown":
                setattr(report, _REPORT_ATTR, self._problem_payload(item, problem))
            return report
        template = scenario_template(item)
        if template is None and item.nodeid not in self._runs:
            return report
        run = self._runs.setdefault(item.nodeid, _TestRun())
        run.phases[call.when] = _phase_of(report, call)
        if call.when == "call" and run.world is not None and BoardMoment.AFTER not in run.boards:
            self._take_board_of(run, BoardMoment.AFTER)
        if call.when == "teardown":
            del self._runs[item.nodeid]
            record = self._record(item, template, run)
            if record is not None:
                payload = {"scenarios": [to_json(record)], "problems": []}
                setattr(report, _REPORT_ATTR, self._with_parsed_text(payload, record.feature))
        return report

    def _with_parsed_text(self, payload: dict[str, Any], feature: str) -> dict[str, Any]:
        """``payload`` with the sha256 of the text of ``feature`` this process parsed: on an
        xdist worker, the controller compares it with the file at the end of the run."""
        parsed = next(
            (info.sha256 for info in self._feature_info.values() if info.path == feature), None
        )
        return payload | {"parsed": {feature: parsed or CHANGED_DURING_RUN}}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """Collect the records attached to a teardown report (here or on an xdist worker)."""
        payload = getattr(report, _REPORT_ATTR, None)
        if not isinstance(payload, dict):
            return
        self.records += [from_json(ScenarioResult, raw) for raw in payload["scenarios"]]
        self.problems += payload["problems"]
        for feature, sha in payload.get("parsed", {}).items():
            known = self._parsed.setdefault(feature, sha)
            if known != sha:  # two workers parsed two texts
                self._parsed[feature] = CHANGED_DURING_RUN

    # -- building a record ---------------------------------------------------------------

    def _record(
        self, item: pytest.Item, template: ScenarioTemplate | None, run: _TestRun
    ) -> ScenarioResult | None:
        params = _example_params(item)
        scenario = run.scenario
        if scenario is None:
            if template is None:
                return None
            scenario = template.render(params or {})
        states = run.steps
        if len(states) != len(scenario.steps):
            states = [_StepState() for _ in scenario.steps]

        feature = scenario.feature
        info = self._feature(feature.filename)

        status, error = _scenario_outcome(run.phases, states)
        steps = [
            _step_record(step, state, info)
            for step, state in zip(scenario.steps, states, strict=True)
        ]

        tags = set(feature.tags) | set(scenario.tags)
        rule: RuleRef | None = None
        if scenario.rule is not None:
            tags |= scenario.rule.tags
            rule = info.rules.get(scenario.line_number) or RuleRef(scenario.rule.name, None)

        example: ExampleRef | None = None
        if template is not None and params is not None and template.examples:
            example, example_tags = _example_record(item, template, params, info)
            tags |= example_tags

        return ScenarioResult(
            nodeid=item.nodeid,
            feature=info.path,
            feature_name=feature.name,
            line=scenario.line_number,
            name=scenario.name,
            rule=rule,
            tags=tuple(sorted(tags)),
            example=example,
            status=status,
            duration=round(sum(phase.duration for phase in run.phases.values()), 6),
            error=error,
            steps=tuple(steps),
            boards=dict(run.boards) if run.world is not None else {},
            forced=tuple(run.forced or ()) if run.world is not None else (),
        )

    def _problem_payload(self, item: pytest.Item, problem: binding.Problem) -> dict[str, Any]:
        """A feature file that did not parse, or scenarios sharing a name: the problem, and a
        failed record (without steps) for each scenario concerned."""
        info = self._feature(problem.filename)
        records: list[ScenarioResult] = []
        if problem.model is not None:
            for rule, found in problem.model.all_scenarios():
                if found.line in problem.lines:
                    records.append(_unrun_record(item, info, problem, rule, found))
        payload = {
            "scenarios": [to_json(record) for record in records],
            "problems": [f"{info.path}: {problem.message}"],
        }
        return self._with_parsed_text(payload, info.path)

    def _feature(self, filename: str) -> _FeatureInfo:
        filename = os.path.abspath(filename)
        info = self._feature_info.get(filename)
        if info is None:
            info = self._reused_feature(filename) or read_feature(filename, self.root)
            self._feature_info[filename] = info
        return info

    def _reused_feature(self, filename: str) -> _FeatureInfo | None:
        """A reused feature file that still holds the text its records were recorded on,
        without parsing it: none of its scenarios runs, and its runs are the cached ones
        (None when they are not known, or the text changed: the file is then parsed)."""
        rel = relative_path(filename, self.root)
        reuse = self.reuse.get(rel)
        if reuse is None or reuse.runs is None:
            return None
        known = binding.parsed(filename)
        if known is not None:
            sha = known.sha256
        else:
            try:
                sha = text_digest(Path(filename).read_bytes())
            except OSError:
                return None
        if sha != reuse.sha256:
            return None
        return _FeatureInfo(rel, sha, {}, {}, {}, reuse.runs)


def _problem_of(item: pytest.Item) -> binding.Problem | None:
    function = getattr(item, "function", None)
    problem = getattr(function, binding.PROBLEM_ATTR, None)
    return problem if isinstance(problem, binding.Problem) else None


def _unrun_record(
    item: pytest.Item,
    info: _FeatureInfo,
    problem: binding.Problem,
    rule: ModelRule | None,
    scenario: ModelScenario,
) -> ScenarioResult:
    return ScenarioResult(
        nodeid=item.nodeid,
        feature=info.path,
        feature_name=problem.model.name if problem.model else "",
        line=scenario.line,
        name=scenario.name,
        rule=RuleRef(rule.name, rule.line) if rule else None,
        tags=tuple(sorted(scenario.all_tags())),
        example=None,
        status=Status.FAILED,
        duration=0.0,
        error=problem.message,
        steps=(),
    )


# --------------------------------------------------------------------------------------
# Helpers.
# --------------------------------------------------------------------------------------


def scenario_world(request: pytest.FixtureRequest) -> ScenarioWorld | None:
    """The scenario's ``rulebooks_world`` fixture, if its step definitions provide one."""
    try:
        world = request.getfixturevalue(WORLD_FIXTURE)
    except pytest.FixtureLookupError:
        return None
    return cast(ScenarioWorld, world) if hasattr(world, "snapshot") else None


def _board(picture: Mapping[str, str]) -> Board:
    return Board(text=str(picture.get("text", "")), svg=str(picture.get("svg", "")))


def scenario_template(item: pytest.Item) -> ScenarioTemplate | None:
    """The pytest-bdd scenario template bound to ``item``'s test function, if any.

    pytest-bdd 9 keeps it in ``pytest_bdd.scenario.scenario_wrapper_template_registry``
    (keyed by the generated test function); older releases set ``__scenario__`` on it.
    """
    if not isinstance(item, pytest.Function):
        return None
    function: object = item.function
    function = getattr(function, "__func__", function)
    try:
        from pytest_bdd.scenario import scenario_wrapper_template_registry
    except ImportError:  # pragma: no cover - pytest-bdd absent or reorganised
        registry: Mapping[Any, ScenarioTemplate] = {}
    else:
        registry = scenario_wrapper_template_registry
    try:
        template = registry.get(function)
    except TypeError:  # unhashable or not weak-referenceable
        template = None
    if template is None:
        legacy = getattr(function, "__scenario__", None)
        if legacy is not None and hasattr(legacy, "render"):
            template = cast("ScenarioTemplate", legacy)
    return template


def _example_params(item: pytest.Item) -> dict[str, str] | None:
    """The Examples row an outline test was parametrized with, or None."""
    callspec = getattr(item, "callspec", None)
    params = getattr(callspec, "params", None)
    if not isinstance(params, dict):
        return None
    row = params.get(_EXAMPLE_ARG)
    if not isinstance(row, dict):
        return None
    return {str(key): str(value) for key, value in row.items()}


def _example_record(
    item: pytest.Item,
    template: ScenarioTemplate,
    params: dict[str, str],
    info: _FeatureInfo,
) -> tuple[ExampleRef, set[str]]:
    """Locate the outline row of ``item``: index, file line, values and Examples tags.

    pytest's parametrize index (``callspec.indices``) numbers the rows of all Examples
    tables in order, but it counts the whole cross product if the test is parametrized
    further, so it is only trusted when the row it points at has the test's values;
    otherwise the first row with those values is taken.
    """
    rows: list[tuple[Examples, dict[str, str]]] = [
        (examples, context) for examples in template.examples for context in examples.as_contexts()
    ]
    callspec = getattr(item, "callspec", None)
    indices = getattr(callspec, "indices", None)
    index = indices.get(_EXAMPLE_ARG) if isinstance(indices, dict) else None
    if not (isinstance(index, int) and 0 <= index < len(rows) and rows[index][1] == params):
        index = next((i for i, (_, context) in enumerate(rows) if context == params), None)
    if index is None:
        return ExampleRef(line=None, index=-1, values=params), set()
    lines = info.row_lines.get(template.line_number, [])
    line = lines[index] if index < len(lines) else None
    return ExampleRef(line=line, index=index, values=params), set(rows[index][0].tags)


def _phase_of(report: pytest.TestReport, call: pytest.CallInfo[None]) -> _Phase:
    """Summarise one phase's report."""
    error: str | None = None
    excinfo = call.excinfo
    xfail = hasattr(report, "wasxfail")
    if excinfo is not None and not isinstance(excinfo.value, pytest.skip.Exception):
        if report.failed or xfail:
            error = describe_exception(excinfo.value)
    elif report.failed:
        error = publishable(report.longreprtext.strip()) or f"{call.when} failed"
    return _Phase(outcome=report.outcome, duration=report.duration, error=error, xfail=xfail)


def _scenario_outcome(
    phases: Mapping[str, _Phase], steps: Sequence[_StepState]
) -> tuple[Status, str | None]:
    """Decide the scenario's status and error from the phases and the step states.

    A scenario without steps is failed: it verifies nothing.

    A step still ``running`` when the call failed without any step error (the exception
    escaped pytest-bdd's step hooks) is turned into ``failed`` with the call's error.
    """
    setup = phases.get("setup")
    call = phases.get("call")
    teardown = phases.get("teardown")
    undefined = next((s for s in steps if s.status == "undefined"), None)
    failed = next((s for s in steps if s.status == "failed"), None)

    status: Status
    error: str | None = None
    if not steps and (call is None or call.outcome == "passed"):
        status, error = Status.FAILED, NO_STEPS
    elif setup is not None and setup.outcome == "failed":
        status, error = Status.FAILED, setup.error
    elif call is None or call.outcome == "skipped":
        status = Status.SKIPPED
        if call is not None and call.xfail:
            error = (undefined or failed or call).error
    elif call.outcome == "failed":
        if undefined is not None:
            status, error = Status.UNDEFINED, undefined.error
        elif failed is not None:
            status, error = Status.FAILED, failed.error
        else:
            status, error = Status.FAILED, call.error
            running = next((s for s in steps if s.status == "running"), None)
            if running is not None:
                running.status = "failed"
                running.duration = _elapsed(running.started)
                running.error = call.error
    else:
        status = Status.PASSED
    if (
        teardown is not None
        and teardown.outcome == "failed"
        and status in (Status.PASSED, Status.SKIPPED)
    ):
        status, error = Status.FAILED, teardown.error
    return status, error


def _step_record(step: Step, state: _StepState, info: _FeatureInfo) -> StepResult:
    """Turn a step's final state into its record; unfinished steps become skipped."""
    final = Status(state.status) if state.status in _FINISHED else Status.SKIPPED
    return StepResult(
        keyword=info.keywords.get(step.line_number, step.keyword.strip()),
        text=step.name,
        line=step.line_number,
        status=final,
        duration=round(state.duration, 6) if final is not Status.SKIPPED else 0.0,
        error=state.error if final in (Status.FAILED, Status.UNDEFINED) else None,
    )


_FINISHED = ("passed", "failed", "undefined")


def describe_exception(exception: BaseException, root: Path | None = None) -> str:
    """``"Type: message"`` for an exception (the message alone may be empty), the whole
    message; with ``root``, followed by the traceback's frames inside the engine and the
    step definitions (never pytest's), one ``  at path:line in function`` line each."""
    message = getattr(exception, "msg", None) if isinstance(exception, LookupError) else None
    text = str(message) if message else str(exception)
    name = type(exception).__name__
    described = f"{name}: {text}" if text else name
    frames = project_frames(exception, root) if root is not None else []
    if frames:
        described += "\n" + TRACE_HEADING + "\n" + "\n".join(frames)
    return publishable(described)


TRACE_HEADING = "Traceback in the engine and the steps (most recent call last):"
TRACED_FOLDERS = ("engine/", "tests/scenarios/")


def project_frames(exception: BaseException, root: Path) -> list[str]:
    """The frames of ``exception``'s traceback in files under ``TRACED_FOLDERS`` of
    ``root`` (or of this checkout, where the engine and steps come from), outermost first,
    as ``  at engine/<game>/game.py:104 in bust: <source line>``."""
    roots = [root.resolve(), Path(PROJECT_ROOT).resolve()]  # the run's, and the code's
    lines: list[str] = []
    for frame in traceback.extract_tb(exception.__traceback__):
        path = Path(frame.filename).resolve()
        relative = next(
            (path.relative_to(base).as_posix() for base in roots if path.is_relative_to(base)),
            "",
        )
        if relative.startswith(TRACED_FOLDERS):
            source = f": {frame.line.strip()}" if frame.line else ""
            lines.append(f"  at {relative}:{frame.lineno} in {frame.name}{source}")
    return lines


def read_feature(filename: str, rootpath: Path) -> _FeatureInfo:
    """Index what pytest-bdd's model lacks (rule and row lines, keywords as written) in the
    text pytest-bdd parsed when :mod:`rulebooks.run.binding` bound the file, else in the file
    as it is now (right after collection)."""
    rel = relative_path(filename, rootpath)
    known = binding.parsed(filename)
    if known is not None:
        sha, text = known.sha256, known.text
    else:
        try:
            data = Path(filename).read_bytes()
        except OSError:
            return _FeatureInfo(rel, None, {}, {}, {})
        sha, text = text_digest(data), data.decode("utf-8", errors="replace")
    try:
        model = parse_feature(text, rel, sha)
    except Exception:  # the file's own test says why it does not parse
        return _FeatureInfo(rel, sha, {}, {}, {})
    return _index(model, rel, sha)


def relative_path(filename: str, rootpath: Path) -> str:
    """``filename`` as a POSIX path relative to ``rootpath`` (as the results file names it)."""
    try:
        return Path(os.path.relpath(filename, rootpath)).as_posix()
    except ValueError:  # another drive on Windows
        return Path(filename).as_posix()


def _index(model: ModelFeature, rel: str, sha: str) -> _FeatureInfo:
    rules: dict[int, RuleRef] = {}
    row_lines: dict[int, list[int]] = {}
    keywords: dict[int, str] = {}
    backgrounds = [model.background, *(rule.background for rule in model.rules)]
    for background in backgrounds:
        for step in background.steps if background else ():
            keywords[step.line] = step.keyword
    for rule, scenario in model.all_scenarios():
        if rule is not None:
            rules[scenario.line] = RuleRef(rule.name, rule.line)
        for step in scenario.steps:
            keywords[step.line] = step.keyword
        row_lines[scenario.line] = scenario.row_lines()
    return _FeatureInfo(rel, sha, rules, row_lines, keywords, model.runs())


def git_state(root: Path) -> GitInfo | None:
    """Commit and dirty flag of the git work tree containing ``root``.

    None when git is not installed or ``root`` is not in a work tree; ``commit`` is None
    before the first commit. Untracked files count as dirty.
    """

    def git(*args: str) -> subprocess.CompletedProcess[str] | None:
        try:
            return subprocess.run(
                ["git", *args],
                cwd=root,
                capture_output=True,
                text=True,
                timeout=30,
                check=False,
            )
        except (OSError, subprocess.SubprocessError):
            return None

    inside = git("rev-parse", "--is-inside-work-tree")
    if inside is None or inside.returncode != 0 or inside.stdout.strip() != "true":
        return None
    head = git("rev-parse", "--verify", "--quiet", "HEAD")
    commit = head.stdout.strip() if head is not None and head.returncode == 0 else ""
    status = git("status", "--porcelain")
    dirty = None if status is None or status.returncode != 0 else bool(status.stdout.strip())
    return GitInfo(commit=commit or None, dirty=dirty)


def write_results(path: Path, results: ResultsFile) -> None:
    """Write ``results`` to ``path`` atomically, creating the parent directories."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = dumps(results)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp_name, 0o644)
        os.replace(tmp_name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise


def _record_sort_key(record: ScenarioResult) -> tuple[str, int, int, str]:
    example = record.example
    return (record.feature, record.line, -1 if example is None else example.index, record.nodeid)


def summary_line(counts: Mapping[str, int]) -> str:
    """``3 passed, 1 failed, 0 undefined, 0 skipped, 2 not run``: every status named, in the
    order of :class:`Status`, zeros included."""
    return ", ".join(
        f"{counts.get(str(status), 0)} {status}"
        for status in Status
        if status in counts or status in RECORDED_STATUSES
    )


def _elapsed(started: float | None) -> float:
    return 0.0 if started is None else time.perf_counter() - started
