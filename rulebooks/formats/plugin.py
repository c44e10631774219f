"""pytest plugin writing the run as Cucumber Messages and JUnit XML beside the results file.

Loaded with the recorder (``rulebooks.run.recorder`` names it in ``pytest_plugins``). When the
recorder writes a results file (``--rulebooks-results PATH``), this plugin also writes, at
the end of the session and from the recorder's record of the run:

* ``--rulebooks-messages PATH`` (default ``messages.ndjson`` beside the results file): the
  Cucumber Messages stream (:mod:`rulebooks.formats.messages`);
* ``--rulebooks-junit PATH`` (default ``junit.xml`` beside the results file): JUnit XML
  (:mod:`rulebooks.formats.junit`).

``none`` as PATH turns that output off. What the results file does not hold and Cucumber
Messages need (which step definition matched each step and what it captured, timestamps,
exception types and stack traces, pending steps) is collected here through pytest-bdd's
hooks. Like the recorder, nothing is written on a pytest-xdist worker; details gathered on
workers do not travel to the controller (the stream then has no step definitions).
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import time
import traceback
from collections.abc import Callable, Generator, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import pytest

from rulebooks.formats.html_report import REPORT, boards_folder
from rulebooks.formats.messages import (
    MatchArgument,
    MatchGroup,
    PendingStep,
    RunDetails,
    ScenarioDetails,
    StepDefinitionInfo,
    StepDetails,
)
from rulebooks.formats.pending import marker_of

if TYPE_CHECKING:
    from pytest_bdd.parser import Feature, Scenario, Step

PLUGIN_NAME = "rulebooks-formats"
_RECORDER = "rulebooks-recorder"
_OFF = "none"


def pytest_addoption(parser: pytest.Parser) -> None:
    """Add ``--rulebooks-messages PATH`` and ``--rulebooks-junit PATH``."""
    group = parser.getgroup("rulebooks", "rulebooks results recorder")
    group.addoption(
        "--rulebooks-messages",
        dest="rulebooks_messages",
        metavar="PATH",
        default=None,
        help="with --rulebooks-results: write the run as Cucumber Messages (NDJSON) to PATH "
        "(default: messages.ndjson beside the results file; 'none': not at all)",
    )
    group.addoption(
        "--rulebooks-formats-background",
        dest="rulebooks_formats_background",
        action="store_true",
        default=False,
        help="write the messages and JUnit XML in a child process, the run ending meanwhile "
        "(a marker beside the results file says they are being written: "
        "rulebooks.formats.pending)",
    )
    group.addoption(
        "--rulebooks-junit",
        dest="rulebooks_junit",
        metavar="PATH",
        default=None,
        help="with --rulebooks-results: write JUnit XML to PATH "
        "(default: junit.xml beside the results file; 'none': not at all)",
    )


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    """Register the collector when the recorder writes a results file here."""
    recorder = config.pluginmanager.get_plugin(_RECORDER)
    if recorder is None or not getattr(recorder, "write", False):
        return
    results = Path(recorder.path)
    outputs = {
        "messages": _output(config, "rulebooks_messages", results.with_name("messages.ndjson")),
        "junit": _output(config, "rulebooks_junit", results.with_name("junit.xml")),
    }
    if any(path is not None for path in outputs.values()):
        config.pluginmanager.register(FormatsCollector(config, recorder, outputs), PLUGIN_NAME)


def pytest_unconfigure(config: pytest.Config) -> None:
    plugin = config.pluginmanager.get_plugin(PLUGIN_NAME)
    if plugin is not None:
        config.pluginmanager.unregister(plugin)


RUN_FILES = ("messages.ndjson", "junit.xml", REPORT)
"""The files of a run beside its results file, by default: made from the results (Cucumber's
report from the messages, and the folder of boards it links), so they belong to one run
only."""


def drop_formats_of_another_run(results: Path, *outputs: Path | None) -> None:
    """Delete the run files beside ``results`` (and ``outputs``) that an earlier run wrote:
    called before this run's are written, and when a run recorded nothing, so that a crash
    can never publish the previous run's files as this one's."""
    for path in (*(results.with_name(name) for name in RUN_FILES), *outputs):
        if path is not None:
            path.unlink(missing_ok=True)
    shutil.rmtree(boards_folder(results.with_name(REPORT)), ignore_errors=True)


def _output(config: pytest.Config, option: str, default: Path) -> Path | None:
    value = config.getoption(option)
    if value is None:
        return default
    if str(value).lower() == _OFF:
        return None
    return config.invocation_params.dir / Path(os.path.expanduser(str(value)))


class FormatsCollector:
    """Collects what Cucumber Messages need beyond the results file; writes at session end."""

    def __init__(
        self, config: pytest.Config, recorder: Any, outputs: dict[str, Path | None]
    ) -> None:
        self.config = config
        self.recorder = recorder
        self.outputs = outputs
        self.details = RunDetails()
        self._scenarios: dict[str, Scenario] = {}

    # -- session -----------------------------------------------------------------------

    def pytest_sessionstart(self, session: pytest.Session) -> None:
        self.details.started_ns = time.time_ns()

    @pytest.hookimpl(wrapper=True)
    def pytest_sessionfinish(
        self, session: pytest.Session, exitstatus: int
    ) -> Generator[None, None, None]:
        """After the recorder wrote the results file (this wrapper resumes once every plain
        implementation, the recorder's included, has run), write the other formats from it."""
        result = yield
        self.details.finished_ns = time.time_ns()
        self.details.step_definitions = step_definitions(self.config.rootpath)
        if self.config.getoption("rulebooks_formats_background") and hasattr(os, "fork"):
            self.write_in_child()
        else:
            self.write()
        return result

    def write_in_child(self) -> None:
        """:meth:`write` in a forked child, under the marker of :mod:`rulebooks.formats.pending`
        (holding the child's process ID, written here before this process goes on)."""
        marker = marker_of(Path(self.recorder.path))
        sys.stdout.flush()
        sys.stderr.flush()
        child = os.fork()
        if child != 0:
            marker.write_text(f"{child}\n", "utf-8")
            return
        code = 0
        try:
            self.write(check=True)
        except KeyboardInterrupt:  # Ctrl-C reaches the whole process group: one line
            print("formats: interrupted by Ctrl-C before they were written", file=sys.stderr)
            code = 130
        except BaseException:  # said on stderr; the marker goes all the same
            traceback.print_exc()
            code = 1
        finally:
            marker.unlink(missing_ok=True)  # (a marker written after this names a dead child)
            os._exit(code)  # no pytest teardown, no atexit: the parent owns the session

    def write(self, *, check: bool = False) -> None:
        """Write the formats from the results file; with ``check``, then check the messages
        beside it as the site will (:func:`rulebooks.formats.messages.messages_problems`,
        which remembers the answer): done by the run writing in the background, off the
        site build's path."""
        from rulebooks.formats.junit import write_junit
        from rulebooks.formats.messages import messages_problems, write_messages

        messages, junit = self.outputs.get("messages"), self.outputs.get("junit")
        drop_formats_of_another_run(Path(self.recorder.path), messages, junit)
        # The results file the recorder has just written (its format is the contract).
        try:
            results = json.loads(Path(self.recorder.path).read_text("utf-8"))
        except (OSError, ValueError):
            return  # no results file, nothing to translate; the recorder said why
        if messages is not None:
            write_messages(messages, results, self.config.rootpath, self.details)
        if junit is not None:
            write_junit(junit, results)
        results_path = Path(self.recorder.path)
        beside = results_path.resolve().with_name("messages.ndjson")
        if check and messages is not None and Path(messages).resolve() == beside:
            messages_problems(results_path, results)

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        written = [str(path) for path in self.outputs.values() if path is not None]
        terminalreporter.write_sep("-", "rulebooks formats: " + ", ".join(written))

    # -- per test ------------------------------------------------------------------------

    def pytest_runtest_logstart(self, nodeid: str, location: object) -> None:
        self.details.scenarios.setdefault(nodeid, ScenarioDetails()).started_ns = time.time_ns()

    def pytest_runtest_logfinish(self, nodeid: str, location: object) -> None:
        scenario = self.details.scenarios.get(nodeid)
        if scenario is not None:
            if not scenario.steps and nodeid not in self._scenarios:
                del self.details.scenarios[nodeid]  # not a scenario
                return
            scenario.finished_ns = time.time_ns()
        self._scenarios.pop(nodeid, None)

    @pytest.hookimpl(optionalhook=True)
    def pytest_bdd_before_scenario(
        self, request: pytest.FixtureRequest, feature: Feature, scenario: Scenario
    ) -> None:
        nodeid = request.node.nodeid
        details = self.details.scenarios.setdefault(nodeid, ScenarioDetails())
        details.steps = [StepDetails() for _ in scenario.steps]
        self._scenarios[nodeid] = scenario

    @pytest.hookimpl(optionalhook=True)
    def pytest_bdd_before_step(
        self,
        request: pytest.FixtureRequest,
        scenario: Scenario,
        step: Step,
        step_func: Callable[..., object],
    ) -> None:
        details = self._step(request, scenario, step)
        if details is not None:
            details.started_ns = time.time_ns()
            _describe_match(details, step, _contexts_of(step_func))

    @pytest.hookimpl(optionalhook=True)
    def pytest_bdd_after_step(
        self, request: pytest.FixtureRequest, scenario: Scenario, step: Step
    ) -> None:
        details = self._step(request, scenario, step)
        if details is not None:
            details.finished_ns = time.time_ns()

    @pytest.hookimpl(optionalhook=True)
    def pytest_bdd_step_error(
        self,
        request: pytest.FixtureRequest,
        scenario: Scenario,
        step: Step,
        exception: BaseException,
    ) -> None:
        details = self._step(request, scenario, step)
        if details is not None:
            _note_exception(details, exception)

    @pytest.hookimpl(optionalhook=True)
    def pytest_bdd_step_func_lookup_error(
        self, request: pytest.FixtureRequest, scenario: Scenario, step: Step
    ) -> None:
        details = self._step(request, scenario, step)
        if details is not None:
            details.started_ns = details.finished_ns = time.time_ns()
            details.undefined = True

    @pytest.hookimpl(optionalhook=True)
    def pytest_bdd_after_scenario(
        self, request: pytest.FixtureRequest, feature: Feature, scenario: Scenario
    ) -> None:
        """Match the steps that never ran, as Cucumber does before running any: a step after
        the one that stopped the scenario is undefined if no definition matches it."""
        details = self.details.scenarios.get(request.node.nodeid)
        if details is None:
            return
        # Called from pytest-bdd's ``finally``: an exception on its way out is the one
        # that interrupted a step without pytest-bdd's step_error hook (pytest.skip()).
        escaping = sys.exc_info()[1]
        running = next(
            (s for s in details.steps if s.started_ns is not None and s.finished_ns is None),
            None,
        )
        if running is not None and escaping is not None:
            _note_exception(running, escaping)
        from pytest_bdd.scenario import get_step_function

        for step, seen in zip(scenario.steps, details.steps, strict=False):
            if seen.started_ns is not None:
                continue
            try:
                context = get_step_function(request=request, step=step)
            except Exception:  # a lookup that fails here is not this step's verdict
                continue
            if context is None:
                seen.undefined = True
            else:
                _describe_match(seen, step, [context])

    def _step(
        self, request: pytest.FixtureRequest, scenario: Scenario, step: Step
    ) -> StepDetails | None:
        details = self.details.scenarios.get(request.node.nodeid)
        if details is None or self._scenarios.get(request.node.nodeid) is not scenario:
            return None
        for index, candidate in enumerate(scenario.steps):
            if candidate is step and index < len(details.steps):
                return details.steps[index]
        return None


def _note_exception(details: StepDetails, exception: BaseException) -> None:
    details.finished_ns = time.time_ns()
    details.pending = isinstance(exception, PendingStep)
    details.exception_type = type(exception).__name__
    details.exception_message = str(getattr(exception, "msg", None) or exception)
    details.stack_trace = "".join(
        traceback.format_exception(type(exception), exception, exception.__traceback__)
    ).rstrip()


# --------------------------------------------------------------------------------------
# Step definitions as Cucumber sees them.
# --------------------------------------------------------------------------------------


def _registry() -> Iterable[Any]:
    """pytest-bdd's step function contexts (one per ``@given``/``@when``/``@then``/``@step``)."""
    try:
        from pytest_bdd.steps import step_function_context_registry
    except ImportError:  # pragma: no cover - pytest-bdd absent or reorganised
        return []
    return list(step_function_context_registry.values())


_BY_FUNCTION: dict[int, list[Any]] = {}
_INDEXED = [-1]


def _contexts_of(step_func: Callable[..., object]) -> list[Any]:
    """The step function contexts of ``step_func`` (indexed again when steps are added)."""
    registry = list(_registry())
    if len(registry) != _INDEXED[0]:
        _BY_FUNCTION.clear()
        for context in registry:
            _BY_FUNCTION.setdefault(id(context.step_func), []).append(context)
        _INDEXED[0] = len(registry)
    return [c for c in _BY_FUNCTION.get(id(step_func), []) if c.step_func is step_func]


def definition_key(context: Any) -> str:
    """A key naming one step definition: its file, line, keyword type and pattern."""
    code = context.step_func.__code__
    return f"{code.co_filename}:{code.co_firstlineno}:{context.type}:{context.parser.name}"


def pattern_of(parser: Any) -> tuple[str, str]:
    """The Cucumber pattern type and source of a pytest-bdd step parser.

    A parser may say itself (``cucumber_pattern()``); a plain string without Cucumber
    Expression syntax is a Cucumber Expression of itself, any other string an anchored
    regular expression; ``parsers.re`` is its regular expression; ``parsers.parse`` and
    ``cfparse`` are the regular expression the ``parse`` library compiled them to (named
    groups written ``(?<name>...)``, as JavaScript, .NET and PCRE read them).
    """
    own = getattr(parser, "cucumber_pattern", None)
    if callable(own):
        kind, source = own()
        return str(kind), str(source)
    name = str(parser.name)
    regex = getattr(parser, "regex", None)
    if regex is not None and hasattr(regex, "pattern"):
        return "REGULAR_EXPRESSION", str(regex.pattern)
    compiled = getattr(getattr(parser, "parser", None), "_expression", None)
    if compiled is not None:  # Python's named groups, (?P<n>...), in the common (?<n>...)
        return "REGULAR_EXPRESSION", "^" + str(compiled).replace("(?P<", "(?<") + "$"
    if not any(char in name for char in "{}()/\\"):
        return "CUCUMBER_EXPRESSION", name
    import re

    return "REGULAR_EXPRESSION", f"^{re.escape(name)}$"


def match_arguments(parser: Any, text: str) -> list[MatchArgument]:
    """The arguments ``parser`` captures from ``text``, with their offsets."""
    own = getattr(parser, "match_arguments", None)
    if callable(own):
        return list(own(text))
    regex = getattr(parser, "regex", None)
    if regex is not None and hasattr(regex, "fullmatch"):
        match = regex.fullmatch(text)
        if match is None:
            return []
        return [
            MatchArgument(
                MatchGroup(match.start(i) if match.start(i) >= 0 else None, match.group(i))
            )
            for i in range(1, (match.re.groups or 0) + 1)
        ]
    compiled = getattr(parser, "parser", None)
    if compiled is not None and hasattr(compiled, "parse"):
        result = compiled.parse(text)
        spans = getattr(result, "spans", None) or {}
        return [
            MatchArgument(MatchGroup(start, text[start:end]))
            for start, end in sorted(cast(dict[Any, tuple[int, int]], spans).values())
        ]
    return []


def _describe_match(details: StepDetails, step: Step, contexts: list[Any]) -> None:
    for context in contexts:
        if context.parser.is_matching(step.name):
            details.definition = definition_key(context)
            details.arguments = match_arguments(context.parser, step.name)
            return


def step_definitions(root: Path) -> list[StepDefinitionInfo]:
    """Every step definition whose code lives under ``root``, in file and line order."""
    found: dict[str, StepDefinitionInfo] = {}
    root = root.resolve()
    for context in _registry():
        code = context.step_func.__code__
        path = Path(code.co_filename).resolve()
        if not path.is_relative_to(root) or "site-packages" in path.parts:
            continue  # pytest-bdd's own (its "trace" step) and other installed packages
        kind, source = pattern_of(context.parser)
        key = definition_key(context)
        found[key] = StepDefinitionInfo(
            key=key, pattern_type=kind, source=source,
            uri=path.relative_to(root).as_posix(), line=code.co_firstlineno,
        )  # fmt: skip
    return sorted(found.values(), key=lambda info: (info.uri, info.line, info.source))
