"""Load a results file and join it to the feature model.

Results are joined to scenarios by ``(feature path, scenario line)`` and, for the rows of
a Scenario Outline, ``(feature path, scenario line, example row line)``. Results recorded on
other inputs than the checkout's are *stale* (see :mod:`rulebooks.results.fingerprint`): a changed
feature file makes its own results stale, a changed step module, engine file or library
version makes every result stale. Without a results file every scenario is *not run*.

A recorded status is never trusted beside its steps (:func:`derived_status`), and a scenario
recorded twice is failed: both are listed by :meth:`Verdicts.problems`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from enum import StrEnum
from pathlib import Path

from rulebooks.results.fingerprint import Changes, compare
from rulebooks.results.gherkin_model import ExampleRow, Feature, Rule, Scenario, Step
from rulebooks.results.schema import (
    RECORDED_STATUSES,
    SCHEMA,
    Board,
    ExampleRef,
    Fingerprint,
    GitInfo,
    ResultsFile,
    ResultsFileError,
    RunInfo,
    ScenarioResult,
    Status,
    StepResult,
    derived_status,
    read_results_file,
)

__all__ = [
    "RECORDED_STATUSES",
    "SCHEMA",
    "Board",
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


class ClauseVerdict(StrEnum):
    """The verdict on a rule clause from the scenarios tagged with it."""

    VERIFIED = "verified"
    FAILING = "failing"
    UNVERIFIED = "unverified"


# When rows of an outline disagree, the first status present here wins; all passed -> passed.
_AGGREGATE_PRECEDENCE = (
    Status.FAILED,
    Status.UNDEFINED,
    Status.STALE,
    Status.NOT_RUN,
    Status.SKIPPED,
)


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
    """A results file as loaded: where it was read, and what it says."""

    path: str
    file: ResultsFile

    @property
    def data(self) -> tuple[DataFileStatus, ...] | None:
        """The engines' data files and their ``verified`` flags; None: not recorded."""
        if self.file.data is None:
            return None
        return tuple(
            DataFileStatus(
                game=game,
                path=found.path,
                what=found.what,
                verified_values=found.verified_values,
                unverified_values=found.unverified_values,
                dependents=found.dependents,
            )
            for game, files in sorted(self.file.data.items())
            for found in files
        )

    def data_of(self, game: str) -> tuple[DataFileStatus, ...] | None:
        """The game's data files (None when the file records no data section)."""
        if self.data is None:
            return None
        return tuple(found for found in self.data if found.game == game)

    @property
    def started(self) -> str:
        return self.file.started

    @property
    def finished(self) -> str:
        return self.file.finished

    @property
    def git(self) -> GitInfo:
        return self.file.git or GitInfo(None, None)

    @property
    def run(self) -> RunInfo:
        return self.file.run

    @property
    def fingerprint(self) -> Fingerprint:
        return self.file.fingerprint

    @property
    def feature_sha256(self) -> dict[str, str]:
        """Recorded feature path -> sha256 of the text that ran."""
        return dict(self.file.fingerprint.features)

    @property
    def totals(self) -> dict[str, int]:
        return dict(self.file.totals)

    @property
    def scenarios(self) -> tuple[ScenarioResult, ...]:
        return self.file.scenarios


_LOADED: dict[Path, tuple[tuple[int, int, int], Results]] = {}


def load_results(path: Path) -> Results:
    """Load and check a results file (see :func:`rulebooks.results.schema.read_results_file`).

    A file read before in this process, unchanged since (same size and times), is not read
    again: a results file of a full run takes the better part of a second to check."""
    try:
        stat = path.stat()
    except OSError:
        return Results(str(path), read_results_file(path))  # says what is wrong
    stamp = (stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns)
    resolved = path.resolve()
    known = _LOADED.get(resolved)
    if known is not None and known[0] == stamp:
        return Results(str(path), known[1].file)
    results = Results(str(path), read_results_file(path))
    _LOADED.clear()  # one file at a time: they are large
    _LOADED[resolved] = (stamp, results)
    return results


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


RECORDED_TWICE = "recorded twice in the results file: which run is the right one is unknown"


@dataclass
class Verdicts:
    """Results joined to the current features.

    ``current`` is the checkout's fingerprint; without it only the feature files' texts
    (their sha256 in the feature model) are compared with the recorded ones.
    """

    results: Results | None
    features: tuple[Feature, ...]
    current: Fingerprint | None = None
    changes: Changes = field(init=False)
    _index: dict[tuple[str, int, int | None], ScenarioResult] = field(init=False, repr=False)
    _by_position: dict[tuple[str, int, int], ScenarioResult] = field(init=False, repr=False)
    _recorded_paths: frozenset[str] = field(init=False, repr=False)
    _problems: list[str] = field(init=False, repr=False)
    _by_tag: dict[str, list[tuple[Feature, Rule | None, Scenario]]] = field(init=False, repr=False)
    _steps: dict[tuple[str, int], tuple[Feature, tuple[Step, ...]]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        recorded = self.results.scenarios if self.results else ()
        self._by_tag = {}
        self._steps = {}
        for feature in self.features:
            for rule, scenario in feature.all_scenarios():
                for tag in scenario.all_tags():
                    self._by_tag.setdefault(tag, []).append((feature, rule, scenario))
                backgrounds = (feature.background, rule.background if rule else None)
                steps = [s for b in backgrounds if b is not None for s in b.steps]
                self._steps[(feature.path, scenario.line)] = (feature, (*steps, *scenario.steps))
        self._recorded_paths = frozenset(result.feature for result in recorded)
        self._index = {}
        self._by_position = {}
        self._problems = []
        self.changes = Changes()
        if self.results is not None and self.current is not None:
            self.changes = compare(self.results.fingerprint, self.current)
        for raw in recorded:
            result = self._checked(raw)
            position = result.position_key
            if position is not None:
                if position in self._by_position:
                    result = self._recorded_twice(result)
                self._by_position[position] = result
            elif result.example is None or result.example.line is not None:
                if result.key in self._index:
                    result = self._recorded_twice(result)
                self._index[result.key] = result

    def _recorded_twice(self, result: ScenarioResult) -> ScenarioResult:
        where = f"{result.feature}:{result.line}"
        self._problems.append(f"{where} ({result.name}) is {RECORDED_TWICE}")
        return replace(result, status=Status.FAILED, error=RECORDED_TWICE)

    def _checked(self, result: ScenarioResult) -> ScenarioResult:
        """``result`` with its status derived from its steps (see :func:`derived_status`)."""
        status, contradiction = derived_status(result)
        if status is Status.PASSED and contradiction is None:
            contradiction = self._missing_steps(result)
            status = Status.FAILED if contradiction else status
        if status is result.status and contradiction is None:
            return result
        if contradiction is not None:
            where = f"{result.feature}:{result.line}"
            self._problems.append(f"{where} ({result.name}): {contradiction}")
        return replace(result, status=status, error=result.error or contradiction)

    def _missing_steps(self, result: ScenarioResult) -> str | None:
        """Why a record of a passed run cannot stand for its scenario: steps of the scenario
        (its backgrounds' included) it does not hold; None when it holds them all, or when
        the scenario's feature changed since (its results are stale: lines moved)."""
        found = self._steps.get((result.feature, result.line))
        if found is None or self.is_stale(found[0]):
            return None
        recorded = {step.line for step in result.steps}
        missing = [step for step in found[1] if step.line not in recorded]
        if not missing:
            return None
        named = ", ".join(
            f"line {step.line} ({step.keyword.strip()} {step.text})" for step in missing[:3]
        )
        more = f" and {len(missing) - 3} more" if len(missing) > 3 else ""
        return f"recorded as passed without steps its scenario has: {named}{more}"

    @classmethod
    def join(
        cls,
        results: Results | None,
        features: Iterable[Feature],
        current: Fingerprint | None = None,
    ) -> Verdicts:
        """Join ``results`` (None: no results file) to ``features``, comparing the recorded
        fingerprint with ``current`` (the checkout's) when given."""
        return cls(results, tuple(features), current)

    @property
    def has_results(self) -> bool:
        """False when there is no results file at all."""
        return self.results is not None

    def problems(self) -> list[str]:
        """Records that contradict their steps or each other, one sentence each."""
        return list(self._problems)

    def is_stale(self, feature: Feature) -> bool:
        """True when the feature's results were recorded on other inputs than the checkout's.

        With the checkout's fingerprint: any change of code or versions makes every feature
        stale, a changed feature text its own. Without it, the feature's text is compared
        with the recorded sha256. A feature with recorded results but no recorded hash also
        counts as stale: nothing shows the recorded results were obtained on this text.
        """
        if self.results is None:
            return False
        if self.changes.feature_is_stale(feature.path):
            return True
        recorded = self.results.feature_sha256.get(feature.path)
        if recorded is None:
            return feature.path in self._recorded_paths
        return bool(feature.sha256) and recorded != feature.sha256

    def stale_features(self) -> list[Feature]:
        """Features whose results are stale."""
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
            for feature, rule, scenario in self._by_tag.get(tag, ())
        ]

    def clause_verdict(self, tag: str) -> ClauseVerdict:
        """Verdict over every scenario tagged ``tag`` (e.g. ``clause:GAME-3.3``)."""
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
