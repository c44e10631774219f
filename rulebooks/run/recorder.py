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

import os
import time
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from rulebooks.provenance.labels import all_data
from rulebooks.results.fingerprint import (
    FEATURES_DIR,
    code_digests,
    code_inputs,
    feature_digests,
    file_digest,
    installed_versions,
    text_digest,
)
from rulebooks.results.gherkin_model import Rule as ModelRule
from rulebooks.results.gherkin_model import Scenario as ModelScenario
from rulebooks.results.schema import (
    RECORDED_STATUSES,
    SCHEMA,
    Board,
    BoardMoment,
    DataFile,
    ExampleRef,
    Fingerprint,
    GitInfo,
    ResultsFile,
    RuleRef,
    RunInfo,
    ScenarioResult,
    Status,
    from_json,
    to_json,
    utc_now,
)
from rulebooks.run import binding
from rulebooks.run.asserts import asserts_stripped
from rulebooks.run.feature_index import FeatureInfo, read_feature, relative_path
from rulebooks.run.imports import ImportLog, project_files
from rulebooks.run.items import (
    example_params,
    example_record,
    scenario_template,
    select_at,
)
from rulebooks.run.outcome import (
    Phase,
    StepState,
    describe_exception,
    elapsed,
    phase_of,
    scenario_outcome,
    step_record,
)
from rulebooks.run.output import git_state, record_sort_key, summary_line, write_results
from rulebooks.run.replay import REPLAY_PLUGIN_NAME, ReplayPrinter
from rulebooks.run.reuse import Reuse, read_reuse
from rulebooks.run.world import ScenarioWorld, board_of, scenario_world

if TYPE_CHECKING:
    from pytest_bdd.parser import Feature, Scenario, ScenarioTemplate, Step

__all__ = ["PLUGIN_NAME", "Recorder"]

PLUGIN_NAME = "rulebooks-recorder"
"""Name under which the active :class:`Recorder` is registered with pytest."""

# Other formats of the same run (Cucumber Messages, JUnit XML), written beside the results
# file at the end of the session: see rulebooks/formats/plugin.py.
pytest_plugins = ["rulebooks.formats.plugin"]

_REPORT_ATTR = "rulebooks_scenario"


CHANGED_DURING_RUN = "changed during the run"
"""Fingerprint value of an input whose content changed between the start and the end of the
run: it matches no checkout, so the results are stale everywhere."""


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
    kept, dropped = select_at(items, str(location), config.invocation_params.dir)
    config.hook.pytest_deselected(items=dropped)
    items[:] = kept


_IMPORTS = pytest.StashKey[ImportLog]()


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config: pytest.Config) -> None:
    """Hash every project module imported from here on as it is compiled, from its source
    (:mod:`rulebooks.run.imports`): the conftests and what they import come next."""
    log = ImportLog(early_config.rootpath)
    log.start()
    early_config.stash[_IMPORTS] = log


def pytest_configure(config: pytest.Config) -> None:
    """Register a :class:`Recorder` when ``--rulebooks-results`` is given, and the replay
    printer when ``--rulebooks-replay`` is."""
    if config.getoption("rulebooks_replay"):
        config.pluginmanager.register(ReplayPrinter(), REPLAY_PLUGIN_NAME)
    value = config.getoption("rulebooks_results")
    if not value:
        return
    stripped = asserts_stripped()
    if stripped is not None:
        raise pytest.UsageError(f"rulebooks: not recording: {stripped}")
    path = config.invocation_params.dir / Path(os.path.expanduser(str(value)))
    is_worker = hasattr(config, "workerinput")
    recorder = Recorder(config, path, write=not is_worker)
    reuse = config.getoption("rulebooks_reuse")
    if reuse:
        recorder.reuse = read_reuse(config.invocation_params.dir / str(reuse))
    config.pluginmanager.register(recorder, PLUGIN_NAME)


def pytest_unconfigure(config: pytest.Config) -> None:
    """Unregister the recorder registered by :func:`pytest_configure`, if any."""
    log = config.stash.get(_IMPORTS, None)
    if log is not None:
        log.stop()
    recorder = config.pluginmanager.get_plugin(PLUGIN_NAME)
    if recorder is not None:
        config.pluginmanager.unregister(recorder)


# --------------------------------------------------------------------------------------
# Per-test state.
# --------------------------------------------------------------------------------------


@dataclass
class _TestRun:
    """What the hooks learned about one test item so far."""

    scenario: Scenario | None = None
    steps: list[StepState] = field(default_factory=list)
    phases: dict[str, Phase] = field(default_factory=dict)
    world: ScenarioWorld | None = None
    boards: dict[str, Board] = field(default_factory=dict)
    forced: list[str] | None = None


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
        self.imported_at_start: dict[str, str] = {}
        """Project files of the modules imported before the session started, as they were."""
        self.written: ResultsFile | None = None
        self._runs: dict[str, _TestRun] = {}
        self._feature_info: dict[str, FeatureInfo] = {}
        self.reuse: dict[str, Reuse] = {}
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

    def _reused_records(self, ran: Mapping[str, str]) -> tuple[list[ScenarioResult], list[str]]:
        """The reused records whose feature file still has the text they were recorded on,
        and whose code is still the code the reuse was planned on; a problem for each feature
        file that changed since (its scenarios are not run) and one for code that did.

        ``ran`` is this run's code (:meth:`_fingerprint`): a file it lists must be as planned;
        a file it does not (a reused game's engine, not imported) must be as planned now."""
        records: list[ScenarioResult] = []
        problems: list[str] = []
        current = {info.path: info.sha256 for info in self._feature_info.values()}
        planned = {
            path: digest for reuse in self.reuse.values() for path, digest in reuse.code.items()
        }
        now = code_digests(self.root, sorted(planned.keys() - ran.keys()))
        moved = sorted(
            path for path, digest in planned.items() if ran.get(path, now.get(path)) != digest
        )
        if moved:
            shown = ", ".join(moved[:3]) + (f" and {len(moved) - 3} more" if len(moved) > 3 else "")
            problems.append(
                f"changed after the run planned its reuse: {shown}; "
                f"{len(self.reuse)} feature files not run, not reused"
            )
            return records, problems
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
            self.imported_at_start = {
                path: file_digest(self.root / path) for path in project_files(self.root)
            }

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
        fingerprint = self._fingerprint()
        reused, reuse_problems = self._reused_records(fingerprint.code)
        scenarios = sorted([*self.records, *reused], key=record_sort_key)
        totals: dict[str, int] = dict.fromkeys((str(s) for s in RECORDED_STATUSES), 0)
        for record in scenarios:
            totals[record.status] += 1
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
        """Features as parsed; code as at the start, marked where it changed since; and
        every project file the run imported (:mod:`rulebooks.run.imports`), as imported."""
        imported = project_files(self.root) - self.code_at_start.keys()
        now = code_digests(self.root, (*code_inputs(self.root), *sorted(imported)))
        code = {
            path: digest if now.get(path) == digest else CHANGED_DURING_RUN
            for path, digest in self.code_at_start.items()
        }
        code |= {path: CHANGED_DURING_RUN for path in now.keys() - code.keys() - imported}
        log = self.config.stash.get(_IMPORTS, None)
        compiled = log.compiled if log is not None else {}
        for path in imported:
            as_imported = compiled.get(path) or self.imported_at_start.get(path) or now.get(path)
            recompiled = log is not None and path in log.recompiled
            code[path] = (
                as_imported
                if as_imported and now.get(path) == as_imported and not recompiled
                else CHANGED_DURING_RUN
            )
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
        run.steps = [StepState() for _ in scenario.steps]
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
            state.duration = elapsed(state.started)

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
            state.duration = elapsed(state.started)
            state.error = describe_exception(exception, request.config.rootpath)
            self._take_board(request, BoardMoment.AFTER)
            run = self._runs.get(request.node.nodeid)
            expected = run.world.expected_board if run and run.world else None
            if run is not None and isinstance(expected, dict):
                run.boards[BoardMoment.EXPECTED] = board_of(expected)

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
            run.boards[moment] = board_of(picture)
        run.forced = list(run.world.forced_outcomes)

    def _step_state(
        self, request: pytest.FixtureRequest, scenario: Scenario, step: Step
    ) -> StepState | None:
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
        run.phases[call.when] = phase_of(report, call)
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
        params = example_params(item)
        scenario = run.scenario
        if scenario is None:
            if template is None:
                return None
            scenario = template.render(params or {})
        states = run.steps
        if len(states) != len(scenario.steps):
            states = [StepState() for _ in scenario.steps]

        feature = scenario.feature
        info = self._feature(feature.filename)

        status, error = scenario_outcome(run.phases, states)
        steps = [
            step_record(step, state, info)
            for step, state in zip(scenario.steps, states, strict=True)
        ]

        tags = set(feature.tags) | set(scenario.tags)
        rule: RuleRef | None = None
        if scenario.rule is not None:
            tags |= scenario.rule.tags
            rule = info.rules.get(scenario.line_number) or RuleRef(scenario.rule.name, None)

        example: ExampleRef | None = None
        if template is not None and params is not None and template.examples:
            example, example_tags = example_record(item, template, params, info)
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

    def _feature(self, filename: str) -> FeatureInfo:
        filename = os.path.abspath(filename)
        info = self._feature_info.get(filename)
        if info is None:
            info = self._reused_feature(filename) or read_feature(filename, self.root)
            self._feature_info[filename] = info
        return info

    def _reused_feature(self, filename: str) -> FeatureInfo | None:
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
        return FeatureInfo(rel, sha, {}, {}, {}, reuse.runs)


def _problem_of(item: pytest.Item) -> binding.Problem | None:
    function = getattr(item, "function", None)
    problem = getattr(function, binding.PROBLEM_ATTR, None)
    return problem if isinstance(problem, binding.Problem) else None


def _unrun_record(
    item: pytest.Item,
    info: FeatureInfo,
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
