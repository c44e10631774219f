"""Load a results file (schema 1) and join it to the feature model.

Results are joined to scenarios by ``(feature path, scenario line)`` and, for the rows of
a Scenario Outline, ``(feature path, scenario line, example row line)``. A feature whose
current sha256 differs from the recorded one is *stale*: none of its recorded results are
shown. Without a results file every scenario is *not run*.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from rulebooks.gherkin_model import ExampleRow, Feature, Rule, Scenario, Step

__all__ = [
    "SCHEMA",
    "ClauseVerdict",
    "ExampleRef",
    "GitInfo",
    "Results",
    "ResultsFileError",
    "ScenarioResult",
    "Status",
    "StepResult",
    "TaggedScenario",
    "Verdicts",
    "aggregate_status",
    "clause_verdict",
    "load_results",
    "load_results_if_present",
]

SCHEMA = 1


class Status(StrEnum):
    """The status of a scenario, an outline row or a step, as the site shows it."""

    PASSED = "passed"
    FAILED = "failed"
    UNDEFINED = "undefined"
    SKIPPED = "skipped"
    NOT_RUN = "not run"
    STALE = "stale"


class ClauseVerdict(StrEnum):
    """The verdict on a rule clause from the scenarios tagged with it."""

    VERIFIED = "verified"
    FAILING = "failing"
    UNVERIFIED = "unverified"


RECORDED_STATUSES = frozenset({Status.PASSED, Status.FAILED, Status.SKIPPED, Status.UNDEFINED})

# When rows of an outline disagree, the first status present here wins; all passed -> passed.
_AGGREGATE_PRECEDENCE = (
    Status.FAILED,
    Status.UNDEFINED,
    Status.STALE,
    Status.NOT_RUN,
    Status.SKIPPED,
)


class ResultsFileError(Exception):
    """A results file that cannot be read: names the file and what is wrong with it."""

    def __init__(self, path: Path | str, problem: str) -> None:
        self.path = str(path)
        self.problem = problem
        super().__init__(f"results file {self.path}: {problem}")


@dataclass(frozen=True)
class StepResult:
    """One executed step (text as executed, placeholders substituted)."""

    keyword: str
    text: str
    line: int
    status: Status
    duration: float | None
    error: str | None


@dataclass(frozen=True)
class ExampleRef:
    """The outline row a result belongs to.

    ``line`` is the row's line in its Examples table; the recorder writes None when it could
    not tell, and then ``index`` (the row's position among all rows of the outline, -1 if
    unknown) is used to join instead.
    """

    line: int | None
    index: int
    values: Mapping[str, str]


@dataclass(frozen=True)
class Board:
    """A picture of the game state recorded with a scenario: SVG, and the facts in words."""

    text: str
    svg: str


BOARD_MOMENTS = ("before", "after", "expected")
"""Boards a scenario may carry: before its first action, after its last step, and the
position a failed comparison expected."""


@dataclass(frozen=True)
class ScenarioResult:
    """The recorded result of one scenario or one outline row."""

    feature: str
    line: int
    name: str
    status: Status
    steps: tuple[StepResult, ...]
    nodeid: str = ""
    feature_name: str = ""
    rule_name: str | None = None
    tags: tuple[str, ...] = ()
    example: ExampleRef | None = None
    duration: float | None = None
    error: str | None = None
    boards: Mapping[str, Board] = field(default_factory=dict)
    forced: tuple[str, ...] = ()

    @property
    def key(self) -> tuple[str, int, int | None]:
        """The join key: feature path, scenario line, example row line (None: no row)."""
        return (self.feature, self.line, self.example.line if self.example else None)

    @property
    def position_key(self) -> tuple[str, int, int] | None:
        """Fallback join key for a row recorded without its line: path, line, row index."""
        if self.example is None or self.example.line is not None or self.example.index < 0:
            return None
        return (self.feature, self.line, self.example.index)

    def step_at(self, line: int) -> StepResult | None:
        """The recorded step starting on ``line`` of the feature file, if any."""
        for step in self.steps:
            if step.line == line:
                return step
        return None

    def failing_step(self) -> StepResult | None:
        """The first failed or undefined step, if any."""
        for step in self.steps:
            if step.status in (Status.FAILED, Status.UNDEFINED):
                return step
        return None


@dataclass(frozen=True)
class GitInfo:
    """The commit the results were recorded on."""

    commit: str | None
    dirty: bool | None


@dataclass(frozen=True)
class DataFileStatus:
    """A component data file the engines read, as the results file records it (``data``)."""

    game: str
    path: str
    what: str
    verified_values: int
    unverified_values: int
    dependents: tuple[str, ...]
    """``<feature path>: <scenario name>`` of the scenarios depending on its unverified values."""

    @property
    def verified(self) -> bool:
        return self.unverified_values == 0


@dataclass(frozen=True)
class Results:
    """A loaded results file."""

    path: str
    started: str | None
    finished: str | None
    git: GitInfo
    feature_sha256: Mapping[str, str | None]
    totals: Mapping[str, int]
    scenarios: tuple[ScenarioResult, ...]
    data: tuple[DataFileStatus, ...] | None = None
    """The engines' data files and their ``verified`` flags; None: not recorded."""

    def data_of(self, game: str) -> tuple[DataFileStatus, ...] | None:
        """The game's data files (None when the file records no data section)."""
        if self.data is None:
            return None
        return tuple(found for found in self.data if found.game == game)


# --- loading and validating -------------------------------------------------------------


class _Reader:
    """Reads typed values out of decoded JSON, raising ResultsFileError on a mismatch."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, where: str, problem: str) -> ResultsFileError:
        return ResultsFileError(self.path, f"{where}: {problem}")

    def mapping(self, value: Any, where: str) -> Mapping[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(where, f"expected an object, got {_json_type(value)}")
        return value

    def items(self, value: Any, where: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(where, f"expected an array, got {_json_type(value)}")
        return value

    def text(self, value: Any, where: str) -> str:
        if not isinstance(value, str):
            raise self.fail(where, f"expected a string, got {_json_type(value)}")
        return value

    def optional_text(self, value: Any, where: str) -> str | None:
        return None if value is None else self.text(value, where)

    def integer(self, value: Any, where: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(where, f"expected an integer, got {_json_type(value)}")
        return value

    def optional_integer(self, value: Any, where: str) -> int | None:
        return None if value is None else self.integer(value, where)

    def number(self, value: Any, where: str) -> float | None:
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.fail(where, f"expected a number, got {_json_type(value)}")
        return float(value)

    def status(self, value: Any, where: str) -> Status:
        allowed = sorted(RECORDED_STATUSES)
        if value not in allowed:
            raise self.fail(where, f"expected one of {', '.join(allowed)}, got {value!r}")
        return Status(value)

    def field(self, obj: Mapping[str, Any], key: str, where: str) -> Any:
        if key not in obj:
            raise self.fail(where, f"missing key {key!r}")
        return obj[key]


def _json_type(value: Any) -> str:
    names = {dict: "an object", list: "an array", str: "a string", bool: "a boolean"}
    if value is None:
        return "null"
    if isinstance(value, int | float) and not isinstance(value, bool):
        return f"the number {value!r}"
    return names.get(type(value), type(value).__name__)


def _read_step(reader: _Reader, raw: Any, where: str) -> StepResult:
    obj = reader.mapping(raw, where)
    return StepResult(
        keyword=reader.text(obj.get("keyword", ""), f"{where}.keyword"),
        text=reader.text(reader.field(obj, "text", where), f"{where}.text"),
        line=reader.integer(reader.field(obj, "line", where), f"{where}.line"),
        status=reader.status(reader.field(obj, "status", where), f"{where}.status"),
        duration=reader.number(obj.get("duration"), f"{where}.duration"),
        error=reader.optional_text(obj.get("error"), f"{where}.error"),
    )


def _read_example(reader: _Reader, raw: Any, where: str) -> ExampleRef | None:
    if raw is None:
        return None
    obj = reader.mapping(raw, where)
    values = reader.mapping(obj.get("values", {}), f"{where}.values")
    return ExampleRef(
        line=reader.optional_integer(reader.field(obj, "line", where), f"{where}.line"),
        index=reader.integer(obj.get("index", -1), f"{where}.index"),
        values={str(key): str(value) for key, value in values.items()},
    )


def _read_rule_name(reader: _Reader, raw: Any, where: str) -> str | None:
    if raw is None:
        return None
    obj = reader.mapping(raw, where)
    return reader.text(obj.get("name", ""), f"{where}.name")


def _read_boards(reader: _Reader, raw: Any, where: str) -> dict[str, Board]:
    boards = reader.mapping(raw if raw is not None else {}, where)
    read: dict[str, Board] = {}
    for moment, board in boards.items():
        if moment not in BOARD_MOMENTS:
            raise reader.fail(where, f"unknown board {moment!r}; known: {', '.join(BOARD_MOMENTS)}")
        obj = reader.mapping(board, f"{where}.{moment}")
        svg = reader.text(obj.get("svg", ""), f"{where}.{moment}.svg")
        if svg and not svg.lstrip().startswith("<svg"):
            raise reader.fail(f"{where}.{moment}.svg", "expected an SVG document")
        read[moment] = Board(
            text=reader.text(obj.get("text", ""), f"{where}.{moment}.text"), svg=svg
        )
    return read


def _read_scenario(reader: _Reader, raw: Any, where: str) -> ScenarioResult:
    obj = reader.mapping(raw, where)
    tags = reader.items(obj.get("tags", []), f"{where}.tags")
    steps = reader.items(reader.field(obj, "steps", where), f"{where}.steps")
    return ScenarioResult(
        feature=reader.text(reader.field(obj, "feature", where), f"{where}.feature"),
        line=reader.integer(reader.field(obj, "line", where), f"{where}.line"),
        name=reader.text(reader.field(obj, "name", where), f"{where}.name"),
        status=reader.status(reader.field(obj, "status", where), f"{where}.status"),
        steps=tuple(
            _read_step(reader, step, f"{where}.steps[{index}]") for index, step in enumerate(steps)
        ),
        nodeid=reader.text(obj.get("nodeid", ""), f"{where}.nodeid"),
        feature_name=reader.text(obj.get("feature_name", ""), f"{where}.feature_name"),
        rule_name=_read_rule_name(reader, obj.get("rule"), f"{where}.rule"),
        tags=tuple(reader.text(tag, f"{where}.tags[{i}]") for i, tag in enumerate(tags)),
        example=_read_example(reader, obj.get("example"), f"{where}.example"),
        duration=reader.number(obj.get("duration"), f"{where}.duration"),
        error=reader.optional_text(obj.get("error"), f"{where}.error"),
        boards=_read_boards(reader, obj.get("boards"), f"{where}.boards"),
        forced=tuple(
            reader.text(outcome, f"{where}.forced[{i}]")
            for i, outcome in enumerate(reader.items(obj.get("forced", []), f"{where}.forced"))
        ),
    )


def _read_git(reader: _Reader, raw: Any) -> GitInfo:
    if raw is None:
        return GitInfo(None, None)
    obj = reader.mapping(raw, "git")
    dirty = obj.get("dirty")
    if dirty is not None and not isinstance(dirty, bool):
        raise reader.fail("git.dirty", f"expected a boolean, got {_json_type(dirty)}")
    return GitInfo(reader.optional_text(obj.get("commit"), "git.commit"), dirty)


def _read_feature_hashes(reader: _Reader, raw: Any) -> dict[str, str | None]:
    hashes: dict[str, str | None] = {}
    for path, entry in reader.mapping(raw, "features").items():
        where = f"features[{path!r}]"
        obj = reader.mapping(entry, where)
        hashes[path] = reader.optional_text(reader.field(obj, "sha256", where), f"{where}.sha256")
    return hashes


def _read_data(reader: _Reader, raw: Any) -> tuple[DataFileStatus, ...] | None:
    if raw is None:
        return None
    found: list[DataFileStatus] = []
    for game, files in reader.mapping(raw, "data").items():
        for index, entry in enumerate(reader.items(files, f"data.{game}")):
            where = f"data.{game}[{index}]"
            obj = reader.mapping(entry, where)
            found.append(
                DataFileStatus(
                    game=game,
                    path=reader.text(reader.field(obj, "path", where), f"{where}.path"),
                    what=reader.text(obj.get("what", ""), f"{where}.what"),
                    verified_values=reader.integer(
                        reader.field(obj, "verified_values", where), f"{where}.verified_values"
                    ),
                    unverified_values=reader.integer(
                        reader.field(obj, "unverified_values", where), f"{where}.unverified_values"
                    ),
                    dependents=tuple(
                        reader.text(item, f"{where}.dependents")
                        for item in reader.items(obj.get("dependents", []), f"{where}.dependents")
                    ),
                )
            )
    return tuple(found)


def _read_totals(reader: _Reader, raw: Any) -> dict[str, int]:
    totals = reader.mapping(raw, "totals")
    return {key: reader.integer(value, f"totals.{key}") for key, value in totals.items()}


def _check_schema(reader: _Reader, top: Mapping[str, Any]) -> None:
    if "schema" not in top:
        raise ResultsFileError(reader.path, f"no 'schema' key (expected schema {SCHEMA})")
    if top["schema"] != SCHEMA or isinstance(top["schema"], bool):
        raise ResultsFileError(
            reader.path, f"unsupported schema {top['schema']!r} (this site reads schema {SCHEMA})"
        )


def _decode(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError as error:
        raise ResultsFileError(path, "no such file") from error
    except (OSError, UnicodeDecodeError) as error:
        raise ResultsFileError(path, f"cannot be read: {error}") from error
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ResultsFileError(
            path, f"not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})"
        ) from error


def load_results(path: Path) -> Results:
    """Load and validate a schema-1 results file.

    Raises :class:`ResultsFileError` (naming the file and the problem) when the file is
    missing, is not JSON, has another schema or does not have the documented shape.
    """
    reader = _Reader(path)
    top = _decode(path)
    if not isinstance(top, dict):
        raise ResultsFileError(path, f"expected a JSON object at the top, got {_json_type(top)}")
    _check_schema(reader, top)
    scenarios = reader.items(reader.field(top, "scenarios", "top level"), "scenarios")
    return Results(
        path=str(path),
        started=reader.optional_text(top.get("started"), "started"),
        finished=reader.optional_text(top.get("finished"), "finished"),
        git=_read_git(reader, top.get("git")),
        feature_sha256=_read_feature_hashes(reader, reader.field(top, "features", "top level")),
        totals=_read_totals(reader, top.get("totals", {})),
        scenarios=tuple(
            _read_scenario(reader, raw, f"scenarios[{index}]")
            for index, raw in enumerate(scenarios)
        ),
        data=_read_data(reader, top.get("data")),
    )


def load_results_if_present(path: Path) -> Results | None:
    """Like :func:`load_results`, but a missing file means "no results" (None)."""
    if not path.exists():
        return None
    return load_results(path)


# --- verdicts ---------------------------------------------------------------------------


def aggregate_status(statuses: Iterable[Status]) -> Status:
    """One status for several (the rows of an outline).

    Failed if any row failed, else undefined if any was undefined, else stale, not run or
    skipped if any row is, else passed. No rows at all: not run.
    """
    present = set(statuses)
    if not present:
        return Status.NOT_RUN
    for status in _AGGREGATE_PRECEDENCE:
        if status in present:
            return status
    return Status.PASSED


def clause_verdict(statuses: Iterable[Status]) -> ClauseVerdict:
    """The verdict on a clause from the statuses of the scenarios tagged with it.

    *failing*: any scenario failed or is undefined. *verified*: at least one scenario and all
    passed. *unverified*: anything else (no scenario, or only skipped / not run / stale, or
    passed mixed with skipped / not run / stale).
    """
    seen = list(statuses)
    if any(status in (Status.FAILED, Status.UNDEFINED) for status in seen):
        return ClauseVerdict.FAILING
    if seen and all(status is Status.PASSED for status in seen):
        return ClauseVerdict.VERIFIED
    return ClauseVerdict.UNVERIFIED


@dataclass(frozen=True)
class TaggedScenario:
    """A scenario found by tag, with where it lives and its status for that tag."""

    feature: Feature
    rule: Rule | None
    scenario: Scenario
    status: Status


def rows_with_tag(scenario: Scenario, tag: str) -> list[ExampleRow]:
    """The outline rows carrying ``tag`` (all rows when the scenario itself carries it)."""
    return [
        row
        for examples in scenario.examples
        if tag in scenario.tags or tag in examples.tags
        for row in examples.rows
    ]


def row_position(scenario: Scenario, row: ExampleRow) -> int:
    """The index of ``row`` among all rows of the outline's Examples tables (-1: absent)."""
    rows = [candidate for examples in scenario.examples for candidate in examples.rows]
    for index, candidate in enumerate(rows):
        if candidate.line == row.line:
            return index
    return -1


@dataclass
class Verdicts:
    """Results joined to the current features."""

    results: Results | None
    features: tuple[Feature, ...]
    _index: dict[tuple[str, int, int | None], ScenarioResult] = field(init=False, repr=False)
    _by_position: dict[tuple[str, int, int], ScenarioResult] = field(init=False, repr=False)
    _recorded_paths: frozenset[str] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        recorded = self.results.scenarios if self.results else ()
        self._recorded_paths = frozenset(result.feature for result in recorded)
        self._index = {}
        self._by_position = {}
        for result in recorded:
            position = result.position_key
            if position is not None:
                self._by_position[position] = result
            elif result.example is None or result.example.line is not None:
                self._index[result.key] = result

    @classmethod
    def join(cls, results: Results | None, features: Iterable[Feature]) -> Verdicts:
        """Join ``results`` (None: no results file) to ``features``."""
        return cls(results, tuple(features))

    @property
    def has_results(self) -> bool:
        """False when there is no results file at all."""
        return self.results is not None

    def is_stale(self, feature: Feature) -> bool:
        """True when the feature's text changed since its results were recorded.

        A feature with recorded results but no recorded hash (absent or null) also counts as
        stale: nothing shows the recorded results were obtained on this text.
        """
        if self.results is None or not feature.sha256:
            return False
        recorded = self.results.feature_sha256.get(feature.path)
        if recorded is None:
            return feature.path in self._recorded_paths
        return recorded != feature.sha256

    def stale_features(self) -> list[Feature]:
        """Features whose text changed since the results were recorded."""
        return [feature for feature in self.features if self.is_stale(feature)]

    def result_for(
        self, feature: Feature, scenario: Scenario, row: ExampleRow | None = None
    ) -> ScenarioResult | None:
        """The recorded result of a scenario (or an outline row), unless the feature is stale."""
        if self.is_stale(feature):
            return None
        found = self._index.get((feature.path, scenario.line, row.line if row else None))
        if found is None and row is not None:
            position = row_position(scenario, row)
            found = self._by_position.get((feature.path, scenario.line, position))
        return found

    def row_status(self, feature: Feature, scenario: Scenario, row: ExampleRow | None) -> Status:
        """Status of one scenario run: a plain scenario (row None) or one outline row."""
        if self.is_stale(feature):
            return Status.STALE
        result = self.result_for(feature, scenario, row)
        return result.status if result else Status.NOT_RUN

    def scenario_status(self, feature: Feature, scenario: Scenario) -> Status:
        """Status of a scenario; an outline aggregates its rows (see aggregate_status)."""
        if not scenario.is_outline:
            return self.row_status(feature, scenario, None)
        return aggregate_status(self.row_statuses(feature, scenario))

    def row_statuses(self, feature: Feature, scenario: Scenario) -> list[Status]:
        """Status of every row of an outline, in file order."""
        return [
            self.row_status(feature, scenario, row)
            for examples in scenario.examples
            for row in examples.rows
        ]

    def step_status(self, feature: Feature, result: ScenarioResult | None, step: Step) -> Status:
        """Status of a step of a plain scenario, from its scenario's result."""
        if self.is_stale(feature):
            return Status.STALE
        recorded = result.step_at(step.line) if result else None
        return recorded.status if recorded else Status.NOT_RUN

    def status_for_tag(self, feature: Feature, scenario: Scenario, tag: str) -> Status:
        """Status of the runs of ``scenario`` that carry ``tag`` (rows of an outline)."""
        if not scenario.is_outline or tag in scenario.tags:
            return self.scenario_status(feature, scenario)
        rows = rows_with_tag(scenario, tag)
        return aggregate_status(self.row_status(feature, scenario, row) for row in rows)

    def tagged(self, tag: str) -> list[TaggedScenario]:
        """Every scenario carrying ``tag`` (directly, inherited, or on an Examples table)."""
        return [
            TaggedScenario(feature, rule, scenario, self.status_for_tag(feature, scenario, tag))
            for feature in self.features
            for rule, scenario in feature.all_scenarios()
            if tag in scenario.all_tags()
        ]

    def clause_verdict(self, tag: str) -> ClauseVerdict:
        """Verdict over every scenario tagged ``tag`` (e.g. ``clause:MAHE-3.3``)."""
        return clause_verdict(found.status for found in self.tagged(tag))

    def run_statuses(self, features: Iterable[Feature]) -> Iterator[Status]:
        """One status per run: per plain scenario and per outline row."""
        for feature in features:
            for _rule, scenario in feature.all_scenarios():
                if scenario.is_outline:
                    yield from self.row_statuses(feature, scenario)
                else:
                    yield self.row_status(feature, scenario, None)

    def totals(self, features: Iterable[Feature]) -> Counter[Status]:
        """Counts of runs by status (outline rows counted one by one)."""
        counts: Counter[Status] = Counter({status: 0 for status in Status})
        counts.update(self.run_statuses(features))
        return counts
