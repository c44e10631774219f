"""Failures of a run grouped by cause: the same exception type raised at the same place.

One broken rule usually fails several scenarios (and outline rows) over several clauses;
grouping them by cause shows it once, with every clause and scenario it touches. The cause
of a failed run is its error's exception type and the innermost traceback frame in the
engine (else in the step definitions, else the failing step's text), as recorded by
:mod:`rulebooks.run.recorder`. Used by the site (home and coverage pages) and by the terminal
summary of ``rulebooks site``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from rulebooks.results.join import ScenarioResult, Status, StepResult
from rulebooks.results.schema import derived_status

__all__ = ["FailedRun", "FailureGroup", "cause_of", "failed_runs", "failure_groups"]

_FRAME = re.compile(r"^\s+at (\S+:\d+) in (\S+)")
_BROKEN = (Status.FAILED, Status.UNDEFINED)


@dataclass(frozen=True)
class FailedRun:
    """A scenario run (or outline row) that failed, with its failing step and error."""

    result: ScenarioResult
    step: StepResult | None
    error: str

    @property
    def location(self) -> str:
        """``FEATURE:LINE`` of the scenario (``, row N`` for an outline row)."""
        row = self.result.example.line if self.result.example else None
        where = f"{self.result.feature}:{self.result.line}"
        return f"{where}, row {row}" if row else where

    @property
    def clauses(self) -> list[str]:
        """The clause IDs the scenario's ``@clause:`` tags name."""
        tags = self.result.tags
        return sorted(tag.removeprefix("clause:") for tag in tags if tag.startswith("clause:"))

    @property
    def message(self) -> str:
        """The error's first line (``Type: message``)."""
        return self.error.splitlines()[0] if self.error else ""


@dataclass
class FailureGroup:
    """Failed runs sharing a cause."""

    kind: str
    where: str
    runs: list[FailedRun] = field(default_factory=list)

    @property
    def clauses(self) -> list[str]:
        """Every clause touched, sorted."""
        return sorted({clause for run in self.runs for clause in run.clauses})

    @property
    def scenarios(self) -> list[tuple[str, int, str]]:
        """Each scenario once: ``(feature, line, name)``, in run order."""
        seen: dict[tuple[str, int], str] = {}
        for run in self.runs:
            seen.setdefault((run.result.feature, run.result.line), run.result.name)
        return [(feature, line, name) for (feature, line), name in seen.items()]


def cause_of(error: str, step: StepResult | None = None) -> tuple[str, str]:
    """The exception type and the place of an error: the innermost engine frame, else the
    innermost step-definition frame, else the failing step (``step: <text>``)."""
    lines = error.splitlines() or [""]
    kind = lines[0].split(":", 1)[0].strip() or "error"
    frames = [found.group(1) for line in lines if (found := _FRAME.match(line))]
    engine = [frame for frame in frames if frame.startswith("engine/")]
    if engine:
        return kind, engine[-1]
    if frames:
        return kind, frames[-1]
    return kind, f"step: {step.keyword} {step.text}" if step else "outside the steps"


def failed_runs(scenarios: Iterable[ScenarioResult]) -> list[FailedRun]:
    """The runs whose steps say they failed (or met an undefined step)."""
    runs: list[FailedRun] = []
    for result in scenarios:
        status, _ = derived_status(result)
        if status not in _BROKEN:
            continue
        step = result.failing_step()
        error = (step.error if step else None) or result.error or status.value
        runs.append(FailedRun(result, step, error))
    return runs


def failure_groups(scenarios: Iterable[ScenarioResult]) -> list[FailureGroup]:
    """Failed runs grouped by cause, the largest group first."""
    groups: dict[tuple[str, str], FailureGroup] = {}
    for run in failed_runs(scenarios):
        kind, where = cause_of(run.error, run.step)
        groups.setdefault((kind, where), FailureGroup(kind, where)).runs.append(run)
    return sorted(groups.values(), key=lambda group: (-len(group.runs), group.kind, group.where))


def summary_by_clause(scenarios: Iterable[ScenarioResult]) -> list[str]:
    """Terminal lines: each failing clause ID, then its failed runs as ``FEATURE:LINE``
    with the error's first line; runs tied to no clause come last."""
    by_clause: dict[str, list[FailedRun]] = {}
    for run in failed_runs(scenarios):
        for clause in run.clauses or ["(no clause)"]:
            by_clause.setdefault(clause, []).append(run)
    lines: list[str] = []
    for clause in sorted(by_clause, key=lambda c: (c == "(no clause)", c)):
        lines.append(f"  {clause}")
        for run in by_clause[clause]:
            where = cause_of(run.error, run.step)[1]
            lines.append(f"    {run.location}  {run.result.name}")
            lines.append(f"      {run.message}  [{where}]")
    return lines
