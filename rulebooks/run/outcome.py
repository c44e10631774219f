"""How a scenario went: each step's progress, each pytest phase, and the verdict.

The statuses are decided as the recorder's module docstring says
(:mod:`rulebooks.run.recorder`); errors are described as ``"Type: message"`` followed by the
traceback's frames in the engine and the steps.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import pytest

from rulebooks.games.paths import ROOT as PROJECT_ROOT
from rulebooks.games.paths import publishable  # errors are published with repository-relative paths
from rulebooks.results.schema import (
    NO_STEPS,
    Status,
    StepResult,
)
from rulebooks.run.feature_index import FeatureInfo

if TYPE_CHECKING:
    from pytest_bdd.parser import Step


StepProgress = Literal["pending", "running", "passed", "failed", "undefined"]


@dataclass
class StepState:
    """Progress of one step while its test runs."""

    status: StepProgress = "pending"
    started: float | None = None
    duration: float = 0.0
    error: str | None = None


@dataclass
class Phase:
    """Outcome of one pytest phase (setup, call or teardown) of a test."""

    outcome: str
    duration: float
    error: str | None
    xfail: bool


def phase_of(report: pytest.TestReport, call: pytest.CallInfo[None]) -> Phase:
    """Summarise one phase's report."""
    error: str | None = None
    excinfo = call.excinfo
    xfail = hasattr(report, "wasxfail")
    if excinfo is not None and not isinstance(excinfo.value, pytest.skip.Exception):
        if report.failed or xfail:
            error = describe_exception(excinfo.value)
    elif report.failed:
        error = publishable(report.longreprtext.strip()) or f"{call.when} failed"
    return Phase(outcome=report.outcome, duration=report.duration, error=error, xfail=xfail)


def scenario_outcome(
    phases: Mapping[str, Phase], steps: Sequence[StepState]
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
                running.duration = elapsed(running.started)
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


def step_record(step: Step, state: StepState, info: FeatureInfo) -> StepResult:
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


def elapsed(started: float | None) -> float:
    return 0.0 if started is None else time.perf_counter() - started


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
