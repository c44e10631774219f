"""A run as a Cucumber Messages stream (NDJSON), built with the official ``cucumber-messages``.

Input: a results file (the recorder's record of the run: scenarios, steps, statuses,
durations, errors, boards), the project root (to read the feature files it names) and,
optionally, :class:`RunDetails`: what only the running session knows (which step
definition matched each step and with which arguments, wall-clock timestamps, exception
types and stack traces, pending steps). Without details the stream is still complete:
timestamps are laid end to end from the recorded durations and no step definitions are
named.

Output, in the order Cucumber implementations write it (and the Compatibility Kit expects):
``meta``; for each feature file ``source``, ``gherkinDocument`` and its ``pickle``\\ s (all
three from gherkin-official's own message stream, so ids and shapes are Cucumber's);
``stepDefinition``\\ s; ``testRunStarted``; one ``testCase`` per recorded scenario run; then
per test case ``testCaseStarted``, ``testStepStarted``/``testStepFinished`` for each step
(``attachment``\\ s of the boards inside their step), ``testCaseFinished``; and
``testRunFinished``.

Statuses are honest: a step with no definition is ``UNDEFINED`` (also when it comes after
the step that stopped the scenario: Cucumber matches every step before running any), a
step after a failure is ``SKIPPED``, a step raising :class:`PendingStep` is ``PENDING``, a
failed step carries its exception (type, message, stack trace).
"""

from __future__ import annotations

import contextlib
import json
import os
import platform
import re
import sys
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, fields, is_dataclass
from datetime import date, datetime
from enum import Enum
from importlib import metadata
from pathlib import Path
from typing import Any, TypeAlias

import cucumber_messages as cm
from cucumber_messages import message_converter
from cucumber_messages.json_converter import snake_to_camel
from gherkin.stream.gherkin_events import GherkinEvents
from gherkin.stream.id_generator import IdGenerator

__all__ = [
    "MEDIA_TYPE_SVG",
    "MatchArgument",
    "MatchGroup",
    "PendingStep",
    "RunDetails",
    "ScenarioDetails",
    "StepDefinitionInfo",
    "StepDetails",
    "build_envelopes",
    "check_messages",
    "read_ndjson",
    "scan_ndjson",
    "to_ndjson_line",
    "write_messages",
]

MEDIA_TYPE_SVG = "image/svg+xml"
GHERKIN_MEDIA_TYPE = "text/x.cucumber.gherkin+plain"


class PendingStep(Exception):
    """Raised by a step definition that is not written yet: the step is ``PENDING``.

    The scenario does not pass (the results file records the step ``failed`` with this
    exception); the messages say ``PENDING``, as Cucumber does.
    """


@dataclass(frozen=True)
class StepDefinitionInfo:
    """One step definition of the run's glue code."""

    key: str
    """A key unique in the run (file, line and pattern), used by :class:`StepDetails`."""
    pattern_type: str
    """``CUCUMBER_EXPRESSION`` or ``REGULAR_EXPRESSION``."""
    source: str
    uri: str
    line: int


@dataclass(frozen=True)
class MatchGroup:
    """A capture group of a step definition's pattern: where it matched, what, its groups."""

    start: int | None
    value: str | None
    children: tuple[MatchGroup, ...] | None = None


@dataclass(frozen=True)
class MatchArgument:
    """One argument a step definition's pattern captured from a step's text."""

    group: MatchGroup
    parameter_type: str | None = None


@dataclass
class StepDetails:
    """What the session saw of one step."""

    started_ns: int | None = None
    finished_ns: int | None = None
    definition: str | None = None
    """Key of the matching :class:`StepDefinitionInfo`; None when none matched or unknown."""
    undefined: bool = False
    """True when pytest-bdd found no definition for the step."""
    arguments: list[MatchArgument] = field(default_factory=list)
    pending: bool = False
    exception_type: str | None = None
    exception_message: str | None = None
    stack_trace: str | None = None


@dataclass
class ScenarioDetails:
    """What the session saw of one test (one scenario run)."""

    started_ns: int | None = None
    finished_ns: int | None = None
    steps: list[StepDetails] = field(default_factory=list)


@dataclass
class RunDetails:
    """What the session saw beyond the results file."""

    started_ns: int | None = None
    finished_ns: int | None = None
    step_definitions: list[StepDefinitionInfo] = field(default_factory=list)
    scenarios: dict[str, ScenarioDetails] = field(default_factory=dict)
    """By pytest node id."""


_STATUS = {
    "passed": cm.TestStepResultStatus.passed,
    "failed": cm.TestStepResultStatus.failed,
    "skipped": cm.TestStepResultStatus.skipped,
    "undefined": cm.TestStepResultStatus.undefined,
}
_PASSING = {cm.TestStepResultStatus.passed, cm.TestStepResultStatus.skipped}


class _Clock:
    """Timestamps: the session's own when known, else laid end to end from durations."""

    def __init__(self, start_ns: int) -> None:
        self.now = start_ns

    def at(self, value: int | None) -> cm.Timestamp:
        if value is not None:
            self.now = max(self.now, value)
        return _timestamp(self.now)

    def advance(self, seconds: float) -> None:
        self.now += max(0, round(seconds * 1e9))


def _timestamp(ns: int) -> cm.Timestamp:
    return cm.Timestamp(seconds=ns // 1_000_000_000, nanos=ns % 1_000_000_000)


def _duration(seconds: float) -> cm.Duration:
    ns = max(0, round(seconds * 1e9))
    return cm.Duration(seconds=ns // 1_000_000_000, nanos=ns % 1_000_000_000)


def _iso_ns(text: object) -> int:
    """Nanoseconds since the epoch of an ISO timestamp from the results file (0 if none)."""
    try:
        return int(datetime.fromisoformat(str(text)).timestamp()) * 1_000_000_000
    except ValueError:
        return 0


def _meta() -> cm.Meta:
    return cm.Meta(
        protocol_version=metadata.version("cucumber-messages"),
        implementation=cm.Product(name="rulebooks", version=_version("rulebooks")),
        runtime=cm.Product(
            name=platform.python_implementation(), version=platform.python_version()
        ),
        os=cm.Product(name=sys.platform, version=platform.release() or None),
        cpu=cm.Product(name=platform.machine() or "unknown"),
        ci=_ci(os.environ),
    )


def _ci(env: Mapping[str, str]) -> cm.Ci | None:
    """The CI build the run belongs to, on GitHub Actions (as Cucumber's ``ci`` names it)."""
    if env.get("GITHUB_ACTIONS") != "true":
        return None
    server, repository = env.get("GITHUB_SERVER_URL", ""), env.get("GITHUB_REPOSITORY", "")
    git = None
    if env.get("GITHUB_SHA"):
        git = cm.Git(
            remote=f"{server}/{repository}.git",
            revision=env["GITHUB_SHA"],
            branch=env.get("GITHUB_HEAD_REF") or env.get("GITHUB_REF_NAME") or None,
        )
    return cm.Ci(
        name="GitHub Actions",
        url=f"{server}/{repository}/actions/runs/{env.get('GITHUB_RUN_ID', '')}",
        build_number=env.get("GITHUB_RUN_ID") or None,
        git=git,
    )


def _version(distribution: str) -> str | None:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return None


@dataclass
class _Pickles:
    """The pickles of the run, findable by file and line (outline rows by their row line)."""

    by_location: dict[tuple[str, int], cm.Pickle] = field(default_factory=dict)


Message: TypeAlias = Any  # cm.Envelope | dict[str, Any]; cucumber-messages has no types
"""An envelope: a ``cucumber-messages`` dataclass, or a message exactly as gherkin-official
wrote it (``source``, ``gherkinDocument``, ``pickle``: already in the messages' JSON form)."""


def _feature_envelopes(
    paths: Iterable[str], root: Path, ids: IdGenerator, pickles: _Pickles
) -> Iterator[Message]:
    """``source``, ``gherkinDocument`` and ``pickle`` messages from gherkin-official.

    They are written as gherkin-official emits them (its message stream is the reference
    form; converting the large Gherkin documents to dataclasses and back would only cost
    time); each pickle is also read into the ``Pickle`` dataclass, which the test cases
    are built from."""
    events = GherkinEvents(
        GherkinEvents.Options(print_source=True, print_ast=True, print_pickles=True)
    )
    events.id_generator = ids
    events.parser.ast_builder.id_generator = ids
    events.compiler.id_generator = ids
    for uri in paths:
        try:
            data = (root / uri).read_text("utf-8")
        except OSError:
            continue
        source = {"source": {"uri": uri, "data": data, "mediaType": GHERKIN_MEDIA_TYPE}}
        for emitted in events.enum(source):  # type: ignore[arg-type]
            event: dict[str, Any] = dict(emitted)
            if "gherkinDocument" in event:
                _trim_descriptions(event)
            if "pickle" in event:
                pickle = _pickle(event["pickle"])
                if pickle.location is not None:
                    pickles.by_location[(uri, pickle.location.line)] = pickle
            yield event


def _pickle(data: Mapping[str, Any]) -> cm.Pickle:
    """A pickle as gherkin-official emits it, read into the ``Pickle`` dataclass (as
    ``message_converter.from_dict`` would, without its type inspection of every value: a
    run has hundreds of pickles; a step's rare argument goes through the converter)."""
    location = data.get("location")
    return cm.Pickle(
        ast_node_ids=list(data["astNodeIds"]),
        id=data["id"],
        language=data["language"],
        name=data["name"],
        steps=[_pickle_step(step) for step in data["steps"]],
        tags=[cm.PickleTag(ast_node_id=t["astNodeId"], name=t["name"]) for t in data["tags"]],
        uri=data["uri"],
        location=None
        if location is None
        else cm.Location(line=location["line"], column=location.get("column")),
    )


def _pickle_step(data: Mapping[str, Any]) -> cm.PickleStep:
    argument, kind = data.get("argument"), data.get("type")
    return cm.PickleStep(
        ast_node_ids=list(data["astNodeIds"]),
        id=data["id"],
        text=data["text"],
        argument=None
        if argument is None
        else message_converter.from_dict(argument, cm.PickleStepArgument),
        type=None if kind is None else cm.PickleStepType(kind),
    )


_TRAILING_BLANK_LINES = re.compile(r"(?:\n[ \t]*)+\Z")


def _trim_descriptions(node: object) -> None:
    """Drop the whitespace-only lines ending a description, in place.

    gherkin-official for Python (42.0.1) keeps a blank line that follows a description and
    precedes the next keyword (``"...list\n  "``) where Cucumber's JavaScript and other
    parsers, and the Compatibility Kit, end the description at its last text line.
    """
    if isinstance(node, dict):
        description = node.get("description")
        if isinstance(description, str):
            node["description"] = _TRAILING_BLANK_LINES.sub("", description)
        for value in node.values():
            _trim_descriptions(value)
    elif isinstance(node, list):
        for item in node:
            _trim_descriptions(item)


def _step_definition(info: StepDefinitionInfo, ids: Mapping[str, str]) -> cm.StepDefinition:
    return cm.StepDefinition(
        id=ids[info.key],
        pattern=cm.StepDefinitionPattern(
            source=info.source, type=cm.StepDefinitionPatternType(info.pattern_type)
        ),
        source_reference=cm.SourceReference(uri=info.uri, location=cm.Location(line=info.line)),
    )


def _group(group: MatchGroup) -> cm.Group:
    children = None if group.children is None else [_group(child) for child in group.children]
    return cm.Group(start=group.start, value=group.value, children=children)


def _match_arguments(details: StepDetails | None) -> list[cm.StepMatchArgumentsList]:
    if details is None or details.definition is None:
        return []
    return [
        cm.StepMatchArgumentsList(
            step_match_arguments=[
                cm.StepMatchArgument(
                    group=_group(argument.group), parameter_type_name=argument.parameter_type
                )
                for argument in details.arguments
            ]
        )
    ]


def _step_result(
    status: str, duration: float, error: str | None, details: StepDetails | None
) -> cm.TestStepResult:
    """The result of one step: status, duration and, for a failure, the exception."""
    if details is not None and details.undefined:
        value = cm.TestStepResultStatus.undefined
    else:
        value = _STATUS.get(status, cm.TestStepResultStatus.unknown)
    if value is cm.TestStepResultStatus.failed and details is not None and details.pending:
        value = cm.TestStepResultStatus.pending
    result = cm.TestStepResult(duration=_duration(duration), status=value)
    # A step that stopped its scenario on purpose (pytest.skip, PendingStep) carries its
    # exception only when it said why.
    said_why = details is not None and bool(details.exception_message)
    if value is cm.TestStepResultStatus.failed or (said_why and value in _STOPPED):
        kind, _, text = (error or "").partition(": ")
        if details is not None and details.exception_type is not None:
            kind, text = details.exception_type, details.exception_message or ""
        result.message = text or error or None
        result.exception = cm.Exception(
            type=kind or "Error",
            message=text or None,
            stack_trace=details.stack_trace if details is not None else None,
        )
    return result


_STOPPED = {cm.TestStepResultStatus.pending, cm.TestStepResultStatus.skipped}


_SNIPPET_FORMATS = {"int": "{%s:d}", "float": "{%s:g}", "word": "{%s:w}", "string": '"{%s}"'}
_DECORATOR = {
    cm.PickleStepType.context: "given",
    cm.PickleStepType.action: "when",
    cm.PickleStepType.outcome: "then",
}


def _snippets(step: cm.PickleStep) -> list[cm.Snippet]:
    """pytest-bdd step definitions that would match an undefined step, to paste and fill.

    Cucumber Expressions' generator proposes the patterns (``a list of {int} things`` and
    ``{float}``); each becomes a ``parsers.parse`` pattern with named fields.
    """
    decorator = _DECORATOR.get(step.type, "step") if step.type is not None else "step"
    try:
        from cucumber_expressions.expression_generator import CucumberExpressionGenerator
        from cucumber_expressions.parameter_type_registry import ParameterTypeRegistry
    except ImportError:  # the generator is optional: one literal snippet then
        expressions: list[tuple[str, list[str], list[str]]] = []
    else:
        generator = CucumberExpressionGenerator(ParameterTypeRegistry())
        expressions = [
            (e.source, list(e.parameter_names), [t.name for t in e.parameter_types])
            for e in generator.generate_expressions(step.text)
        ]
    snippets = []
    for source, names, types in expressions or [(step.text, [], [])]:
        pattern = source
        for name, kind in zip(names, types, strict=False):
            field_format = _SNIPPET_FORMATS.get(kind, "{%s}")
            pattern = pattern.replace("{" + kind + "}", field_format % name, 1)
        if names:
            head = f"@{decorator}(parsers.parse({json.dumps(pattern, ensure_ascii=False)}))"
        else:
            head = f"@{decorator}({json.dumps(step.text, ensure_ascii=False)})"
        arguments = ", ".join(names)
        code = f"{head}\ndef _({arguments}) -> None:\n    raise PendingStep"
        snippets.append(cm.Snippet(code=code, language="python"))
    return snippets


def _board_steps(record: Mapping[str, Any], pickle: cm.Pickle) -> dict[int, list[str]]:
    """Which step each board picture belongs to: ``before`` to the first action step (the
    picture is taken just before it runs), ``expected`` to the failed step, ``after`` to the
    last step that ran."""
    boards = record.get("boards") or {}
    steps = list(record.get("steps") or [])
    if not boards or not steps:
        return {}
    ran = [i for i, step in enumerate(steps) if step.get("status") != "skipped"]
    last = ran[-1] if ran else len(steps) - 1
    failed = next((i for i, s in enumerate(steps) if s.get("status") == "failed"), last)
    action = next((i for i, s in enumerate(pickle.steps) if s.type is cm.PickleStepType.action), 0)
    placed: dict[int, list[str]] = {}
    for moment, index in (("before", action), ("expected", failed), ("after", last)):
        if moment in boards and index < len(steps):
            placed.setdefault(index, []).append(moment)
    return placed


@dataclass
class _Case:
    record: Mapping[str, Any]
    pickle: cm.Pickle
    test_case: cm.TestCase
    details: ScenarioDetails | None


def _run_order(records: list[Mapping[str, Any]], details: RunDetails) -> list[Mapping[str, Any]]:
    """The scenarios in the order they ran when the session timed them all (the results
    file keeps file order), else in file order."""
    started = [details.scenarios.get(str(r.get("nodeid"))) for r in records]
    if not all(s is not None and s.started_ns is not None for s in started):
        return list(records)
    order = sorted(range(len(records)), key=lambda i: started[i].started_ns or 0)  # type: ignore[union-attr]
    return [records[i] for i in order]


def build_envelopes(
    results: Mapping[str, Any], root: Path, details: RunDetails | None = None
) -> list[Message]:
    """Every message of the run, in stream order (see the module docstring)."""
    details = details or RunDetails()
    ids = IdGenerator()
    envelopes: list[Message] = [cm.Envelope(meta=_meta())]
    pickles = _Pickles()
    features = sorted(
        set(feature_hashes(results))
        | {str(s.get("feature")) for s in results.get("scenarios") or [] if s.get("feature")}
    )
    envelopes.extend(_feature_envelopes(features, root, ids, pickles))

    definition_ids = {info.key: ids.get_next_id() for info in details.step_definitions}
    envelopes.extend(
        cm.Envelope(step_definition=_step_definition(info, definition_ids))
        for info in details.step_definitions
    )
    run_id = ids.get_next_id()
    clock = _Clock(details.started_ns or _iso_ns(results.get("started")))
    envelopes.append(
        cm.Envelope(
            test_run_started=cm.TestRunStarted(id=run_id, timestamp=clock.at(details.started_ns))
        )
    )

    cases: list[_Case] = []
    for record in _run_order(results.get("scenarios") or [], details):
        example = record.get("example")
        line = example.get("line") if isinstance(example, dict) else None
        location = int(line or record.get("line") or 0)
        pickle = pickles.by_location.get((str(record.get("feature")), location))
        if pickle is None:
            continue
        scenario_details = details.scenarios.get(str(record.get("nodeid")))
        step_details = scenario_details.steps if scenario_details is not None else []
        test_steps = []
        for index, pickle_step in enumerate(pickle.steps):
            seen = step_details[index] if index < len(step_details) else None
            definition = seen.definition if seen is not None else None
            test_steps.append(
                cm.TestStep(
                    id=ids.get_next_id(),
                    pickle_step_id=pickle_step.id,
                    step_definition_ids=[definition_ids[definition]]
                    if definition in definition_ids
                    else [],
                    step_match_arguments_lists=_match_arguments(seen)
                    if definition in definition_ids
                    else [],
                )
            )
        test_case = cm.TestCase(
            id=ids.get_next_id(), pickle_id=pickle.id, test_steps=test_steps,
            test_run_started_id=run_id,
        )  # fmt: skip
        cases.append(_Case(record, pickle, test_case, scenario_details))
    envelopes.extend(cm.Envelope(test_case=case.test_case) for case in cases)

    success = True
    for case in cases:
        case_envelopes, passed = _run_case(case, ids, clock)
        envelopes.extend(case_envelopes)
        success = success and passed
    envelopes.append(
        cm.Envelope(
            test_run_finished=cm.TestRunFinished(
                test_run_started_id=run_id,
                timestamp=clock.at(details.finished_ns),
                success=success,
            )
        )
    )
    return envelopes


def _run_case(case: _Case, ids: IdGenerator, clock: _Clock) -> tuple[list[cm.Envelope], bool]:
    """The messages of one test case's execution, and whether it passed."""
    started_id = ids.get_next_id()
    details = case.details
    out = [
        cm.Envelope(
            test_case_started=cm.TestCaseStarted(
                id=started_id, test_case_id=case.test_case.id, attempt=0,
                timestamp=clock.at(details.started_ns if details else None),
            )
        )
    ]  # fmt: skip
    steps = list(case.record.get("steps") or [])
    boards = case.record.get("boards") or {}
    placed = _board_steps(case.record, case.pickle)
    passed = True
    for index, test_step in enumerate(case.test_case.test_steps):
        step: Mapping[str, Any] = steps[index] if index < len(steps) else {"status": "skipped"}
        seen = details.steps[index] if details and index < len(details.steps) else None
        out.append(
            cm.Envelope(
                test_step_started=cm.TestStepStarted(
                    test_case_started_id=started_id, test_step_id=test_step.id,
                    timestamp=clock.at(seen.started_ns if seen else None),
                )
            )
        )  # fmt: skip
        for moment in placed.get(index, []):
            board = boards[moment]
            out.append(
                cm.Envelope(
                    attachment=cm.Attachment(
                        body=str(board.get("svg", "")),
                        content_encoding=cm.AttachmentContentEncoding.identity,
                        media_type=MEDIA_TYPE_SVG,
                        file_name=f"board-{moment}.svg",
                        test_case_started_id=started_id,
                        test_step_id=test_step.id,
                        timestamp=clock.at(None),
                    )
                )
            )
        duration = float(step.get("duration") or 0.0)
        error = step.get("error")
        result = _step_result(str(step.get("status")), duration, error and str(error), seen)
        if result.status is cm.TestStepResultStatus.undefined:
            pickle_step = case.pickle.steps[index]
            out.append(
                cm.Envelope(
                    suggestion=cm.Suggestion(
                        id=ids.get_next_id(), pickle_step_id=pickle_step.id,
                        snippets=_snippets(pickle_step),
                    )
                )
            )  # fmt: skip
        passed = passed and result.status in _PASSING
        if seen is None or seen.finished_ns is None:
            clock.advance(duration)
        out.append(
            cm.Envelope(
                test_step_finished=cm.TestStepFinished(
                    test_case_started_id=started_id, test_step_id=test_step.id,
                    test_step_result=result,
                    timestamp=clock.at(seen.finished_ns if seen else None),
                )
            )
        )  # fmt: skip
    if case.record.get("status") == "failed":
        passed = False  # a failure outside the steps (a fixture, the test body)
    out.append(
        cm.Envelope(
            test_case_finished=cm.TestCaseFinished(
                test_case_started_id=started_id, will_be_retried=False,
                timestamp=clock.at(details.finished_ns if details else None),
            )
        )
    )  # fmt: skip
    return out, passed


def to_ndjson_line(envelope: Message) -> str:
    """One envelope as a line of NDJSON (compact JSON, camelCase keys as in the schema)."""
    data = envelope if isinstance(envelope, dict) else _to_dict(envelope)
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


_FIELDS: dict[type, tuple[tuple[str, str], ...]] = {}


def _to_dict(value: Any) -> Any:
    """``message_converter.to_dict``, with each dataclass's field names and their camelCase
    spelling looked up once per class rather than once per message (a run writes tens of
    thousands of messages): the same dictionaries, key for key."""
    if value is None or isinstance(value, str | int | float | bool):
        return value
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return [_to_dict(item) for item in value]
    if isinstance(value, dict):
        return {snake_to_camel(str(key)): _to_dict(item) for key, item in value.items()}
    if is_dataclass(value):
        names = _FIELDS.get(type(value))
        if names is None:
            names = _FIELDS[type(value)] = tuple(
                (spec.name, snake_to_camel(spec.name)) for spec in fields(value)
            )
        return {
            camel: _to_dict(item)
            for name, camel in names
            if (item := getattr(value, name)) is not None
        }
    return str(value)


def write_messages(
    path: Path, results: Mapping[str, Any], root: Path, details: RunDetails | None = None
) -> int:
    """Write the run's messages to ``path`` (atomically); returns the number of messages."""
    envelopes = build_envelopes(results, root, details)
    text = "".join(to_ndjson_line(envelope) + "\n" for envelope in envelopes)
    _write_atomic(path, text)
    return len(envelopes)


def _write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text, "utf-8")
    os.replace(tmp, path)


class MessagesError(ValueError):
    """A messages file that cannot be read: names the file, the line and what is wrong."""


def read_ndjson(path: Path) -> list[cm.Envelope]:
    """Read a messages file back into envelopes, refusing a damaged or foreign one.

    Raises :class:`MessagesError` naming the line when a line is not JSON (a truncated
    file ends in the middle of one), is not an envelope of exactly one known message, or
    the stream does not start with ``meta`` or lacks ``testRunFinished`` (truncated), or
    its protocol's major version differs from ours.
    """
    try:
        lines = path.read_text("utf-8").splitlines()
    except OSError as error:
        raise MessagesError(f"{path}: cannot read: {error.strerror or error}") from error
    envelopes: list[cm.Envelope] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as error:
            raise MessagesError(f"{path}:{number}: not JSON ({error.msg}): truncated?") from error
        if not isinstance(data, dict) or len(data) != 1 or next(iter(data)) not in _ENVELOPE_KEYS:
            raise MessagesError(f"{path}:{number}: not a Cucumber message envelope")
        envelopes.append(message_converter.from_dict(data, cm.Envelope))
    if not envelopes or envelopes[0].meta is None:
        raise MessagesError(f"{path}: does not start with a meta message")
    ours = metadata.version("cucumber-messages").split(".")[0]
    theirs = envelopes[0].meta.protocol_version.split(".")[0]
    if theirs != ours:
        raise MessagesError(
            f"{path}: protocol version {envelopes[0].meta.protocol_version}, "
            f"this reader knows {ours}.x"
        )
    if envelopes[-1].test_run_finished is None:
        raise MessagesError(f"{path}: no testRunFinished at the end: the file is truncated")
    return envelopes


def feature_hashes(results: Mapping[str, Any]) -> dict[str, str | None]:
    """Feature path -> sha256 of the text the run parsed, from a results file's
    ``fingerprint.features`` (see :mod:`rulebooks.results.schema`)."""
    found = (results.get("fingerprint") or {}).get("features") or {}
    return {str(path): None if digest is None else str(digest) for path, digest in found.items()}


def scan_ndjson(path: Path) -> dict[str, str]:
    """The checks of :func:`read_ndjson` without building every envelope (a stream of a
    full run holds ten thousand; the site checks it on every build): every line must be an
    envelope of exactly one known message; ``meta`` (same protocol major version) first,
    ``testRunFinished`` last. Returns the ``source`` messages' data, by URI."""
    try:
        lines = path.read_text("utf-8").splitlines()
    except OSError as error:
        raise MessagesError(f"{path}: cannot read: {error.strerror or error}") from error
    kinds: list[str] = []
    first: dict[str, Any] | None = None
    sources: dict[str, str] = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as error:
            raise MessagesError(f"{path}:{number}: not JSON ({error.msg}): truncated?") from error
        if not isinstance(data, dict) or len(data) != 1 or next(iter(data)) not in _ENVELOPE_KEYS:
            raise MessagesError(f"{path}:{number}: not a Cucumber message envelope")
        ((kind, body),) = data.items()
        kinds.append(kind)
        if first is None:
            first = data
        if kind == "source":
            source = message_converter.from_dict(body, cm.Source)
            sources[source.uri] = source.data
    if first is None or "meta" not in first:
        raise MessagesError(f"{path}: does not start with a meta message")
    meta = message_converter.from_dict(first["meta"], cm.Meta)
    ours = metadata.version("cucumber-messages").split(".")[0]
    if meta.protocol_version.split(".")[0] != ours:
        raise MessagesError(
            f"{path}: protocol version {meta.protocol_version}, this reader knows {ours}.x"
        )
    if kinds[-1] != "testRunFinished":
        raise MessagesError(f"{path}: no testRunFinished at the end: the file is truncated")
    return sources


def check_messages(path: Path, results: Mapping[str, Any]) -> list[str]:
    """What is wrong with a messages file for the run of ``results`` (empty: nothing).

    The file must read (:func:`scan_ndjson`: the checks of :func:`read_ndjson`) and hold
    the feature files the results name, with the same content (the ``source`` messages'
    data hashed as the results file hashes the files).
    """
    import hashlib

    try:
        found = scan_ndjson(path)
    except MessagesError as error:
        return [str(error)]
    sources = {uri: hashlib.sha256(data.encode("utf-8")).hexdigest() for uri, data in found.items()}
    expected = feature_hashes(results)
    problems = []
    missing = sorted(set(expected) - set(sources))
    extra = sorted(set(sources) - set(expected))
    changed = sorted(
        u for u in set(expected) & set(sources) if expected[u] not in (None, sources[u])
    )
    if missing:
        problems.append(f"{path.name} lacks feature files of the run: {', '.join(missing)}")
    if extra:
        problems.append(f"{path.name} has feature files the run did not: {', '.join(extra)}")
    if changed:
        problems.append(
            f"{path.name} holds other versions of {', '.join(changed)} than the run read"
        )
    return problems


MESSAGES_CHECK = "messages-check.json"
"""The remembered answer of :func:`messages_problems`, in ``.cache/`` beside the results."""


def messages_problems(results_path: Path, results: Mapping[str, Any] | None = None) -> list[str]:
    """What is wrong with the messages file beside the results file, for that run
    (:func:`check_messages`; ``results``: the results file's content, when already read).

    Reading a whole stream takes a second or more: the answer is remembered in ``.cache/``
    beside the results file, keyed by the sha256 of both files and of this module. The run
    that writes the messages in the background checks them there, after writing them, so
    that the site finds the answer ready."""
    messages = results_path.with_name("messages.ndjson")
    if not messages.is_file():
        return []
    try:
        key = _messages_check_key(messages, results_path)
    except OSError:
        return []  # the pages already say what is wrong with the results file
    memo = results_path.parent / ".cache" / MESSAGES_CHECK
    try:
        known = json.loads(memo.read_text("utf-8"))
        if known["key"] == key and all(isinstance(p, str) for p in known["problems"]):
            return list(known["problems"])
    except (OSError, ValueError, KeyError, TypeError):
        pass  # no memo, or one that cannot be read: checked again and rewritten
    if results is None:
        try:
            raw = json.loads(results_path.read_bytes())
        except (OSError, ValueError):
            return []  # the pages already say what is wrong with the results file
        results = raw if isinstance(raw, dict) else {}
    problems = check_messages(messages, results)
    with contextlib.suppress(OSError):
        memo.parent.mkdir(parents=True, exist_ok=True)
        memo.write_text(json.dumps({"key": key, "problems": problems}), "utf-8")
    return problems


def _messages_check_key(messages: Path, results: Path) -> str:
    """A hash of the messages file, the results file and the checking code (their contents,
    through :func:`rulebooks.results.fingerprint.file_digest`, remembered while a file is
    untouched)."""
    import hashlib

    from rulebooks.results.fingerprint import file_digest

    digest = hashlib.sha256()
    for path in (messages, results, Path(__file__)):
        digest.update(file_digest(path).encode())
    return digest.hexdigest()


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.title() for part in rest)


_ENVELOPE_KEYS = {_camel(name) for name in cm.Envelope.__dataclass_fields__}
