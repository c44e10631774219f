"""pytest plugin that records the verdict of every Gherkin scenario in a results file.

Load it with ``-p rulebooks.recorder`` (the project's ``addopts`` does) and pass
``--rulebooks-results PATH``; without the option the plugin registers nothing and does
nothing. At the end of the session the results file (schema 1, see ``rulebooks/README.md``)
is written atomically: a temporary file in the target directory, then ``os.replace``.

What is recorded, per pytest-bdd scenario and per Scenario Outline row:

* where it comes from: feature file (POSIX path relative to the rootdir), feature name,
  line of the ``Scenario``/``Scenario Outline`` keyword, name (placeholders substituted),
  enclosing rule (name and line), effective tags without ``@`` (feature, rule, scenario and
  Examples tags, sorted) and, for an outline row, the row's file line, its 0-based index
  over all the outline's Examples tables in file order, and its values;
* how it went: ``passed``, ``failed``, ``skipped`` or ``undefined``, the duration (setup +
  call + teardown, in seconds), the error (``"ExceptionType: message"``) and every step with
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
* a failure outside the steps (fixture error at setup or teardown, an assertion in the body
  of a ``@scenario`` test function, strict XPASS) makes the scenario ``failed`` with that error;
* an expected failure (``xfail``) follows pytest's outcome: the scenario is ``skipped``, but the
  step that failed keeps ``failed`` and its error, which is also the scenario's error.

pytest-xdist: the record of a scenario is built where the test runs and travels to the
controller as an extra attribute of the teardown report (pytest serialises such attributes),
and only the controller writes the file (workers, recognised by ``config.workerinput``, never
do). This keeps a single code path, but it has not been exercised with xdist installed.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import subprocess
import tempfile
import time
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, NotRequired, Protocol, TypedDict, cast

import pytest
from gherkin.parser import Parser as GherkinParser

if TYPE_CHECKING:
    from pytest_bdd.parser import Examples, Feature, Scenario, ScenarioTemplate, Step

__all__ = [
    "SCHEMA",
    "ExampleRecord",
    "FeatureRecord",
    "GitInfo",
    "Recorder",
    "ResultsFile",
    "RuleRecord",
    "ScenarioRecord",
    "Status",
    "StepRecord",
    "write_results",
]

SCHEMA = 1
"""Version of the results file format written by this module."""

PLUGIN_NAME = "rulebooks-recorder"
"""Name under which the active :class:`Recorder` is registered with pytest."""

# Other formats of the same run (Cucumber Messages, JUnit XML), written beside the results
# file at the end of the session: see rulebooks/formats/plugin.py.
pytest_plugins = ["rulebooks.formats.plugin"]

_REPORT_ATTR = "rulebooks_scenario"
_EXAMPLE_ARG = "_pytest_bdd_example"

Status = Literal["passed", "failed", "skipped", "undefined"]
_StepProgress = Literal["pending", "running", "passed", "failed", "undefined"]
_STATUSES: tuple[Status, ...] = ("passed", "failed", "skipped", "undefined")


class StepRecord(TypedDict):
    """One executed (or not executed) step of a scenario."""

    keyword: str
    text: str
    line: int
    status: Status
    duration: float
    error: str | None


class RuleRecord(TypedDict):
    """The ``Rule:`` a scenario belongs to."""

    name: str
    line: int | None


class ExampleRecord(TypedDict):
    """The Examples row a Scenario Outline run was made from."""

    line: int | None
    index: int
    values: dict[str, str]


class BoardRecord(TypedDict):
    """A picture of the game's state: an SVG document and the same facts in words."""

    text: str
    svg: str


class ScenarioRecord(TypedDict):
    """One scenario, or one row of a Scenario Outline.

    ``boards`` and ``forced`` are present when the scenario's steps expose a world (see
    :class:`ScenarioWorld`): the board before the first ``When`` step, after the last step
    run, and, when a step comparing positions failed, the board that step expected; and the
    chance outcomes the scenario forced, in order.
    """

    nodeid: str
    feature: str
    feature_name: str
    line: int
    name: str
    rule: RuleRecord | None
    tags: list[str]
    example: ExampleRecord | None
    status: Status
    duration: float
    error: str | None
    steps: list[StepRecord]
    boards: NotRequired[dict[str, BoardRecord]]
    forced: NotRequired[list[str]]


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


class FeatureRecord(TypedDict):
    """What the results file says about a feature file."""

    sha256: str | None


class GitInfo(TypedDict):
    """State of the working tree when the session started."""

    commit: str | None
    dirty: bool | None


class ResultsFile(TypedDict):
    """The whole results file (schema 1)."""

    schema: int
    started: str
    finished: str
    git: GitInfo | None
    features: dict[str, FeatureRecord]
    totals: dict[str, int]
    scenarios: list[ScenarioRecord]


class _Payload(TypedDict):
    """What travels on a teardown report: one scenario and the hash of its feature file."""

    scenario: ScenarioRecord
    sha256: str | None


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
        help="write the verdict of every Gherkin scenario to PATH (JSON, schema 1) "
        "at the end of the session",
    )
    group.addoption(
        "--rulebooks-only",
        action="store",
        dest="rulebooks_only",
        metavar="FEATURE:LINE",
        default=None,
        help="run only the scenario whose Scenario line (or Examples row) is at "
        "FEATURE:LINE, e.g. features/mahe/02_dice.feature:51",
    )
    group.addoption(
        "--rulebooks-replay",
        action="store_true",
        dest="rulebooks_replay",
        default=False,
        help="print every step and the game state after each action step (use with -s)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """With ``--rulebooks-only FEATURE:LINE``, deselect every other scenario."""
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
    config.pluginmanager.register(Recorder(config, path, write=not is_worker), PLUGIN_NAME)


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
    boards: dict[str, BoardRecord] = field(default_factory=dict)
    forced: list[str] | None = None


@dataclass(frozen=True)
class _FeatureInfo:
    """Facts about a feature file that pytest-bdd's model does not keep."""

    path: str
    sha256: str | None
    rules: dict[int, RuleRecord]
    """Scenario line -> enclosing rule (name and line)."""
    row_lines: dict[int, list[int]]
    """Scenario line -> lines of its Examples rows, all tables flattened in file order."""
    keywords: dict[int, str]
    """Step line -> step keyword as written (``Given``, ``And``, ``*``...)."""


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
        self.started = _utc_now()
        self.git: GitInfo | None = None
        self.records: list[ScenarioRecord] = []
        self.features: dict[str, FeatureRecord] = {}
        self._runs: dict[str, _TestRun] = {}
        self._feature_info: dict[str, _FeatureInfo] = {}

    # -- session ---------------------------------------------------------------------

    def pytest_sessionstart(self, session: pytest.Session) -> None:
        """Note the start time and the git state of the code about to be tested."""
        self.started = _utc_now()
        if self.write:
            self.git = git_state(self.config.rootpath)

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        """Write the results file (not on xdist workers)."""
        if self.write:
            write_results(self.path, self.results())

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        """Say where the results went."""
        if self.write:
            terminalreporter.write_sep("-", f"rulebooks results: {self.path}")

    def results(self) -> ResultsFile:
        """The results file content for everything recorded so far."""
        scenarios = sorted(self.records, key=_record_sort_key)
        totals: dict[str, int] = dict.fromkeys(_STATUSES, 0)
        for record in scenarios:
            totals[record["status"]] += 1
        return {
            "schema": SCHEMA,
            "started": self.started,
            "finished": _utc_now(),
            "git": self.git,
            "features": dict(sorted(self.features.items())),
            "totals": totals,
            "scenarios": scenarios,
        }

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
                self._take_board(request, "before", first_only=True)
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
            state.error = describe_exception(exception)
            self._take_board(request, "after")
            run = self._runs.get(request.node.nodeid)
            expected = run.world.expected_board if run and run.world else None
            if run is not None and isinstance(expected, dict):
                run.boards["expected"] = _board(expected)

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
        self, request: pytest.FixtureRequest, moment: str, *, first_only: bool = False
    ) -> None:
        """Keep the world's picture of the state under ``moment``, and its forced outcomes."""
        run = self._runs.get(request.node.nodeid)
        if run is None or (first_only and moment in run.boards):
            return
        self._take_board_of(run, moment)

    @staticmethod
    def _take_board_of(run: _TestRun, moment: str) -> None:
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
        template = scenario_template(item)
        if template is None and item.nodeid not in self._runs:
            return report
        run = self._runs.setdefault(item.nodeid, _TestRun())
        run.phases[call.when] = _phase_of(report, call)
        if call.when == "call" and run.world is not None and "after" not in run.boards:
            self._take_board_of(run, "after")
        if call.when == "teardown":
            del self._runs[item.nodeid]
            payload = self._payload(item, template, run)
            if payload is not None:
                setattr(report, _REPORT_ATTR, payload)
        return report

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """Collect the record attached to a teardown report (here or on an xdist worker)."""
        payload = getattr(report, _REPORT_ATTR, None)
        if not isinstance(payload, dict):
            return
        record = cast(_Payload, payload)
        scenario = record["scenario"]
        self.records.append(scenario)
        self.features.setdefault(scenario["feature"], {"sha256": record["sha256"]})

    # -- building a record ---------------------------------------------------------------

    def _payload(
        self, item: pytest.Item, template: ScenarioTemplate | None, run: _TestRun
    ) -> _Payload | None:
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
            _step_record(step, state, info, status)
            for step, state in zip(scenario.steps, states, strict=True)
        ]

        tags = set(feature.tags) | set(scenario.tags)
        rule: RuleRecord | None = None
        if scenario.rule is not None:
            tags |= scenario.rule.tags
            rule = info.rules.get(scenario.line_number) or {
                "name": scenario.rule.name,
                "line": None,
            }

        example: ExampleRecord | None = None
        if template is not None and params is not None and template.examples:
            example, example_tags = _example_record(item, template, params, info)
            tags |= example_tags

        record: ScenarioRecord = {
            "nodeid": item.nodeid,
            "feature": info.path,
            "feature_name": feature.name,
            "line": scenario.line_number,
            "name": scenario.name,
            "rule": rule,
            "tags": sorted(tags),
            "example": example,
            "status": status,
            "duration": round(sum(phase.duration for phase in run.phases.values()), 6),
            "error": error,
            "steps": steps,
        }
        if run.world is not None:
            record["boards"] = dict(run.boards)
            record["forced"] = list(run.forced or [])
        return {"scenario": record, "sha256": info.sha256}

    def _feature(self, filename: str) -> _FeatureInfo:
        info = self._feature_info.get(filename)
        if info is None:
            info = read_feature(filename, self.config.rootpath)
            self._feature_info[filename] = info
        return info


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


def _board(picture: Mapping[str, str]) -> BoardRecord:
    return {"text": str(picture.get("text", "")), "svg": str(picture.get("svg", ""))}


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
) -> tuple[ExampleRecord, set[str]]:
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
        return {"line": None, "index": -1, "values": params}, set()
    lines = info.row_lines.get(template.line_number, [])
    line = lines[index] if index < len(lines) else None
    return {"line": line, "index": index, "values": params}, set(rows[index][0].tags)


def _phase_of(report: pytest.TestReport, call: pytest.CallInfo[None]) -> _Phase:
    """Summarise one phase's report."""
    error: str | None = None
    excinfo = call.excinfo
    xfail = hasattr(report, "wasxfail")
    if excinfo is not None and not isinstance(excinfo.value, pytest.skip.Exception):
        if report.failed or xfail:
            error = describe_exception(excinfo.value)
    elif report.failed:
        error = report.longreprtext.strip() or f"{call.when} failed"
    return _Phase(outcome=report.outcome, duration=report.duration, error=error, xfail=xfail)


def _scenario_outcome(
    phases: Mapping[str, _Phase], steps: Sequence[_StepState]
) -> tuple[Status, str | None]:
    """Decide the scenario's status and error from the phases and the step states.

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
    if setup is not None and setup.outcome == "failed":
        status, error = "failed", setup.error
    elif call is None or call.outcome == "skipped":
        status = "skipped"
        if call is not None and call.xfail:
            error = (undefined or failed or call).error
    elif call.outcome == "failed":
        if undefined is not None:
            status, error = "undefined", undefined.error
        elif failed is not None:
            status, error = "failed", failed.error
        else:
            status, error = "failed", call.error
            running = next((s for s in steps if s.status == "running"), None)
            if running is not None:
                running.status = "failed"
                running.duration = _elapsed(running.started)
                running.error = call.error
    else:
        status = "passed"
    if teardown is not None and teardown.outcome == "failed" and status in ("passed", "skipped"):
        status, error = "failed", teardown.error
    return status, error


def _step_record(step: Step, state: _StepState, info: _FeatureInfo, status: Status) -> StepRecord:
    """Turn a step's final state into its record; unfinished steps become skipped."""
    final: Status
    if state.status in ("passed", "failed", "undefined"):
        final = cast(Status, state.status)
    else:
        final = "skipped"
    return {
        "keyword": info.keywords.get(step.line_number, step.keyword.strip()),
        "text": step.name,
        "line": step.line_number,
        "status": final,
        "duration": round(state.duration, 6) if final != "skipped" else 0.0,
        "error": state.error if final in ("failed", "undefined") else None,
    }


def describe_exception(exception: BaseException) -> str:
    """``"Type: message"`` for an exception (the message alone may be empty)."""
    message = getattr(exception, "msg", None) if isinstance(exception, LookupError) else None
    text = str(message) if message else str(exception)
    name = type(exception).__name__
    return f"{name}: {text}" if text else name


def read_feature(filename: str, rootpath: Path) -> _FeatureInfo:
    """Hash ``filename`` and index what pytest-bdd's model lacks (rule and row lines)."""
    try:
        rel = Path(os.path.relpath(filename, rootpath)).as_posix()
    except ValueError:  # another drive on Windows
        rel = Path(filename).as_posix()
    try:
        data = Path(filename).read_bytes()
    except OSError:
        return _FeatureInfo(rel, None, {}, {}, {})
    rules: dict[int, RuleRecord] = {}
    row_lines: dict[int, list[int]] = {}
    keywords: dict[int, str] = {}
    try:
        document = cast(
            Mapping[str, Any], GherkinParser().parse(data.decode("utf-8", errors="replace"))
        )
    except Exception:
        document = {}
    feature = document.get("feature") or {}
    _index_children(feature.get("children") or [], None, rules, row_lines, keywords)
    return _FeatureInfo(rel, hashlib.sha256(data).hexdigest(), rules, row_lines, keywords)


def _index_children(
    children: Sequence[Mapping[str, Any]],
    rule: RuleRecord | None,
    rules: dict[int, RuleRecord],
    row_lines: dict[int, list[int]],
    keywords: dict[int, str],
) -> None:
    """Walk the children of a Gherkin feature or rule (gherkin-official's dict AST)."""
    for child in children:
        if background := child.get("background"):
            for step in background.get("steps") or []:
                keywords[step["location"]["line"]] = str(step["keyword"]).strip()
        if rule_node := child.get("rule"):
            record: RuleRecord = {"name": rule_node["name"], "line": rule_node["location"]["line"]}
            _index_children(rule_node.get("children") or [], record, rules, row_lines, keywords)
        if scenario := child.get("scenario"):
            line = scenario["location"]["line"]
            if rule is not None:
                rules[line] = rule
            for step in scenario.get("steps") or []:
                keywords[step["location"]["line"]] = str(step["keyword"]).strip()
            # Same selection as pytest-bdd: tables without a header contribute no rows.
            row_lines[line] = [
                row["location"]["line"]
                for examples in scenario.get("examples") or []
                if examples.get("tableHeader") is not None
                for row in examples.get("tableBody") or []
            ]


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
    return {"commit": commit or None, "dirty": dirty}


def write_results(path: Path, results: ResultsFile) -> None:
    """Write ``results`` to ``path`` atomically, creating the parent directories."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(results, indent=2, ensure_ascii=False) + "\n"
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


def _record_sort_key(record: ScenarioRecord) -> tuple[str, int, int, str]:
    example = record["example"]
    return (
        record["feature"],
        record["line"],
        -1 if example is None else example["index"],
        record["nodeid"],
    )


def _elapsed(started: float | None) -> float:
    return 0.0 if started is None else time.perf_counter() - started


def _utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
