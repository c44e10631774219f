"""The history of runs: one JSON line per ``make site``, the last N kept.

Each line holds one run: when it finished, its commit, the hash of every feature file, and
per scenario (one per outline row) its status, duration, clauses and input fingerprint (see
:class:`rulebooks.results.diff.ScenarioRun`). :func:`append_run` adds the run of a results file and
drops the oldest lines beyond the limit (``RULEBOOKS_HISTORY_LIMIT``, default
:data:`DEFAULT_LIMIT`), writing the file atomically. A line that cannot be read (cut short,
not JSON, another schema) is skipped and named in :attr:`History.problems`; the other runs
are kept, and the damaged line is dropped at the next append.

From the runs: per game the trend of verified / failing / unverified clauses, per clause
the commit since which it has been verified, the slowest scenarios, and the flaky ones
(status changed between two runs while their fingerprint did not).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path

from rulebooks.results.diff import RunSummary, ScenarioRun
from rulebooks.results.join import ClauseVerdict

__all__ = [
    "DEFAULT_LIMIT",
    "HISTORY_SCHEMA",
    "Flake",
    "History",
    "append_run",
    "flaky_scenarios",
    "history_limit",
    "read_history",
    "verified_since",
]

HISTORY_SCHEMA = 1
DEFAULT_LIMIT = 50
LIMIT_VARIABLE = "RULEBOOKS_HISTORY_LIMIT"


def history_limit(value: str | int | None = None) -> int:
    """The number of runs kept: ``value``, else ``RULEBOOKS_HISTORY_LIMIT``, else 50."""
    raw = value if value is not None else os.environ.get(LIMIT_VARIABLE, DEFAULT_LIMIT)
    try:
        limit = int(raw)
    except ValueError:
        raise ValueError(f"the history limit must be a whole number, got {raw!r}") from None
    if limit < 1:
        raise ValueError(f"the history limit must be at least 1, got {limit}")
    return limit


def to_line(run: RunSummary) -> str:
    """One run as a line of the history file."""
    record = {
        "schema": HISTORY_SCHEMA,
        "time": run.time,
        "commit": run.commit,
        "dirty": run.dirty,
        "features": dict(sorted(run.features.items())),
        "scenarios": [
            {
                "key": s.key, "feature": s.feature, "name": s.name, "clauses": list(s.clauses),
                "status": s.status, "duration": s.duration, "fingerprint": s.fingerprint,
            }
            for s in run.scenarios.values()
        ],
    }  # fmt: skip
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


class _BadLine(ValueError):
    pass


def _from_line(text: str, where: str) -> RunSummary:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise _BadLine(f"not JSON ({error.msg} at column {error.colno}): cut short?") from None
    if not isinstance(data, dict):
        raise _BadLine("not a run record (a JSON object)")
    if data.get("schema") != HISTORY_SCHEMA:
        raise _BadLine(f"history schema {data.get('schema')!r}, this reader knows {HISTORY_SCHEMA}")
    try:
        scenarios = {
            str(s["key"]): ScenarioRun(
                key=str(s["key"]), feature=str(s["feature"]), name=str(s["name"]),
                clauses=tuple(str(c) for c in s["clauses"]), status=str(s["status"]),
                duration=None if s.get("duration") is None else float(s["duration"]),
                fingerprint=str(s["fingerprint"]),
            )
            for s in data["scenarios"]
        }  # fmt: skip
        features = {str(k): (None if v is None else str(v)) for k, v in data["features"].items()}
    except (KeyError, TypeError, AttributeError, ValueError) as error:
        raise _BadLine(f"not a run record: {type(error).__name__} {error}") from None
    return RunSummary(
        time=data.get("time"),
        commit=data.get("commit"),
        dirty=data.get("dirty"),
        features=features,
        scenarios=scenarios,
        source=where,
    )


@dataclass
class History:
    """The runs of a history file, oldest first, and the lines that could not be read."""

    path: Path
    runs: list[RunSummary] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def read_history(path: Path) -> History:
    """Read every readable run; name each unreadable line (a missing file: no runs)."""
    history = History(path)
    try:
        text = path.read_text("utf-8")
    except FileNotFoundError:
        return history
    except (OSError, UnicodeDecodeError) as error:
        history.problems.append(f"{path}: cannot be read: {error}")
        return history
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            history.runs.append(_from_line(line, f"{path.name} line {number}"))
        except _BadLine as error:
            history.problems.append(f"{path.name} line {number}: {error}; skipped")
    return history


def append_run(path: Path, run: RunSummary, limit: int | None = None) -> History:
    """Append ``run``, keep the last ``limit`` runs, write atomically; the history after."""
    history = read_history(path)
    history.runs = [*history.runs, run][-history_limit(limit) :]
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text("".join(to_line(r) + "\n" for r in history.runs), "utf-8")
    os.replace(tmp, path)
    return history


# --------------------------------------------------------------------------------------
# What the history tells.
# --------------------------------------------------------------------------------------


def game_of(clause: str) -> str:
    """The game of a clause ID: its prefix, lower-cased (``GAME-4.2`` -> ``game``)."""
    return clause.split("-", 1)[0].lower()


def trend(
    runs: Sequence[RunSummary], game: str, clause_ids: Iterable[str] = ()
) -> list[tuple[RunSummary, dict[ClauseVerdict, int]]]:
    """Per run, the number of the game's clauses verified, failing and unverified."""
    known = [c for c in clause_ids if game_of(c) == game]
    rows = []
    for run in runs:
        counts = dict.fromkeys(ClauseVerdict, 0)
        for clause, verdict in run.verdicts(known).items():
            if game_of(clause) == game:
                counts[verdict] += 1
        rows.append((run, counts))
    return rows


def verified_since(runs: Sequence[RunSummary], clause: str) -> RunSummary | None:
    """The first run of the unbroken streak of runs, up to the last, where ``clause`` was
    verified; None when it is not verified in the last run."""
    since = None
    for run in reversed(runs):
        if run.named_verdicts.get(clause) is not ClauseVerdict.VERIFIED:
            break
        since = run
    return since


@dataclass(frozen=True)
class Flake:
    """A scenario whose status changed between two runs with the same fingerprint."""

    scenario: ScenarioRun
    before: RunSummary
    after: RunSummary
    was: str


def flaky_scenarios(runs: Sequence[RunSummary]) -> list[Flake]:
    """Every status change of a scenario between consecutive runs in which nothing it
    depends on changed (same fingerprint), latest first."""
    found = []
    for before, after in pairwise(runs):
        for key, scenario in after.scenarios.items():
            earlier = before.scenarios.get(key)
            if (
                earlier is not None
                and earlier.fingerprint == scenario.fingerprint
                and earlier.status != scenario.status
            ):
                found.append(Flake(scenario, before, after, earlier.status))
    return list(reversed(found))


def slowest(run: RunSummary, count: int = 10) -> list[ScenarioRun]:
    """The ``count`` scenarios of ``run`` that took longest."""
    timed = [s for s in run.scenarios.values() if s.duration is not None]
    return sorted(timed, key=lambda s: -(s.duration or 0.0))[:count]


def feature_sets_differ(runs: Sequence[RunSummary]) -> Mapping[int, list[str]]:
    """For each run (by index) whose feature files differ from the run before: which."""
    found: dict[int, list[str]] = {}
    for index in range(1, len(runs)):
        old, new = runs[index - 1].features, runs[index].features
        paths = sorted(p for p in set(old) | set(new) if old.get(p) != new.get(p))
        if paths:
            found[index] = paths
    return found
