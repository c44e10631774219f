"""What changed between two runs: clauses newly failing, fixed, newly unverified; scenarios
added and removed. ``rulebooks diff OLD NEW`` prints it as Markdown (for
``$GITHUB_STEP_SUMMARY``) and exits 1 when a clause regressed.

A run is reduced to a :class:`RunSummary`: per scenario (one per outline row) its status,
duration, clauses and an input fingerprint. Summaries come from results files (through
:func:`rulebooks.results.join.load_results`, which names what is wrong with a damaged file) or
from the lines of the history file (:mod:`rulebooks.results.history`).

A clause's verdict in a run follows the site (:func:`rulebooks.results.join.clause_verdict`):
*failing* if one of its scenarios failed or is undefined, *verified* if all passed,
*unverified* otherwise. A clause *regressed* when it is failing now and was not before, or
was verified and no longer is.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from rulebooks.results.join import (
    ClauseVerdict,
    Results,
    ResultsFileError,
    ScenarioResult,
    Status,
    clause_verdict,
    load_results,
)
from rulebooks.results.schema import Fingerprint

__all__ = [
    "ClauseChange",
    "RunDiff",
    "RunSummary",
    "ScenarioRun",
    "compare_runs",
    "load_summary",
    "markdown",
    "summary_of",
]

CLAUSE_TAG = "clause:"


@dataclass(frozen=True)
class ScenarioRun:
    """One scenario (or outline row) in one run."""

    key: str
    """Stable across runs: feature file, rule, scenario name and outline row index."""
    feature: str
    name: str
    clauses: tuple[str, ...]
    status: str
    duration: float | None
    fingerprint: str
    """What the scenario depends on; the same fingerprint and another status: flaky."""


@dataclass(frozen=True)
class RunSummary:
    """One run: when, on which commit, on which feature files, and its scenarios."""

    time: str | None
    commit: str | None
    dirty: bool | None
    features: Mapping[str, str | None]
    scenarios: Mapping[str, ScenarioRun]
    source: str = ""
    """Where it was read from (a results file, or ``history line N``)."""

    def verdicts(self, clause_ids: Iterable[str] = ()) -> dict[str, ClauseVerdict]:
        """Every clause's verdict: those the scenarios name, and ``clause_ids`` (unverified
        when no scenario names them)."""
        named = self.named_verdicts
        unverified = clause_verdict(())
        wanted = named.keys() | set(clause_ids)
        return {clause: named.get(clause, unverified) for clause in sorted(wanted)}

    @cached_property
    def named_verdicts(self) -> Mapping[str, ClauseVerdict]:
        """The verdict of every clause the scenarios name (computed once: the history page
        asks for each clause in each run)."""
        statuses: dict[str, list[Status]] = {}
        for scenario in self.scenarios.values():
            for clause in scenario.clauses:
                statuses.setdefault(clause, []).append(_status(scenario.status))
        return {clause: clause_verdict(found) for clause, found in statuses.items()}

    @property
    def label(self) -> str:
        commit = (self.commit or "no commit")[:10]
        return commit + (" (uncommitted changes)" if self.dirty else "")


def _status(value: str) -> Status:
    try:
        return Status(value)
    except ValueError:
        return Status.FAILED  # an unknown status never counts as passed


def scenario_key(scenario: ScenarioResult) -> str:
    row = f" #{scenario.example.index + 1}" if scenario.example is not None else ""
    rule = scenario.rule_name or ""
    return f"{scenario.feature} :: {rule} :: {scenario.name}{row}"


def fallback_fingerprint(feature_sha: str | None, commit: str | None) -> str:
    """When the results file has no fingerprint of a scenario's inputs: its feature file's
    hash and the commit (anything else the scenario depends on changes with the commit)."""
    text = f"{feature_sha or '-'} {commit or '-'}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def inputs_fingerprint(feature_sha: str | None, fingerprint: Fingerprint) -> str:
    """A scenario's inputs from the run's fingerprint: its feature file as parsed, and every
    step module, conftest, engine and data file and installed version the run recorded. A
    commit that changes none of them (documentation, the site) keeps the fingerprint, so a
    status change across it shows as flaky."""
    digest = hashlib.sha256(f"{feature_sha or '-'}\n".encode())
    for name, value in sorted({**fingerprint.code, **fingerprint.versions}.items()):
        digest.update(f"{name}={value}\n".encode())
    return digest.hexdigest()[:16]


def summary_of(results: Results) -> RunSummary:
    """The summary of a loaded results file."""
    scenarios: dict[str, ScenarioRun] = {}
    for scenario in results.scenarios:
        key = scenario_key(scenario)
        feature_sha = results.feature_sha256.get(scenario.feature)
        fingerprint = (
            inputs_fingerprint(feature_sha, results.fingerprint)
            if results.fingerprint.code
            else fallback_fingerprint(feature_sha, results.git.commit)
        )
        scenarios[key] = ScenarioRun(
            key=key,
            feature=scenario.feature,
            name=scenario.name,
            clauses=tuple(
                sorted(t[len(CLAUSE_TAG) :] for t in scenario.tags if t.startswith(CLAUSE_TAG))
            ),
            status=str(scenario.status),
            duration=scenario.duration,
            fingerprint=fingerprint,
        )
    return RunSummary(
        time=results.finished or results.started,
        commit=results.git.commit,
        dirty=results.git.dirty,
        features=dict(results.feature_sha256),
        scenarios=scenarios,
        source=results.path,
    )


def load_summary(path: Path) -> RunSummary:
    """Read a results file into a summary; :class:`ResultsFileError` says what is wrong."""
    return summary_of(load_results(path))


@dataclass(frozen=True)
class ClauseChange:
    """A clause whose verdict changed, and the scenarios behind the change."""

    clause: str
    before: ClauseVerdict | None
    after: ClauseVerdict | None
    scenarios: tuple[str, ...] = ()


@dataclass
class RunDiff:
    """The differences between two runs."""

    old: RunSummary
    new: RunSummary
    newly_failing: list[ClauseChange] = field(default_factory=list)
    fixed: list[ClauseChange] = field(default_factory=list)
    newly_unverified: list[ClauseChange] = field(default_factory=list)
    added: list[ScenarioRun] = field(default_factory=list)
    removed: list[ScenarioRun] = field(default_factory=list)
    features_added: list[str] = field(default_factory=list)
    features_removed: list[str] = field(default_factory=list)
    features_changed: list[str] = field(default_factory=list)

    @property
    def regressed(self) -> bool:
        return bool(self.newly_failing or self.newly_unverified)


def _not_passing(run: RunSummary, clause: str) -> tuple[str, ...]:
    return tuple(
        f"{s.name} ({s.status})"
        for s in run.scenarios.values()
        if clause in s.clauses and s.status != "passed"
    )


def compare_runs(old: RunSummary, new: RunSummary) -> RunDiff:
    """Clause verdict changes and scenario changes from ``old`` to ``new``."""
    diff = RunDiff(old, new)
    before, after = old.verdicts(), new.verdicts()
    for clause in sorted(set(before) | set(after)):
        was, now = before.get(clause), after.get(clause)
        if now is ClauseVerdict.FAILING and was is not ClauseVerdict.FAILING:
            diff.newly_failing.append(ClauseChange(clause, was, now, _not_passing(new, clause)))
        elif was is ClauseVerdict.FAILING and now is ClauseVerdict.VERIFIED:
            diff.fixed.append(ClauseChange(clause, was, now))
        elif was is ClauseVerdict.VERIFIED and now is not ClauseVerdict.VERIFIED:
            diff.newly_unverified.append(ClauseChange(clause, was, now, _not_passing(new, clause)))
    diff.added = [s for key, s in new.scenarios.items() if key not in old.scenarios]
    diff.removed = [s for key, s in old.scenarios.items() if key not in new.scenarios]
    diff.features_added = sorted(set(new.features) - set(old.features))
    diff.features_removed = sorted(set(old.features) - set(new.features))
    diff.features_changed = sorted(
        path
        for path in set(old.features) & set(new.features)
        if old.features[path] != new.features[path]
    )
    return diff


def _verdict(value: ClauseVerdict | None) -> str:
    return str(value) if value is not None else "absent"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def markdown(diff: RunDiff) -> str:
    """The diff as GitHub-flavoured Markdown, for ``$GITHUB_STEP_SUMMARY``."""
    lines = [
        f"## Rulebooks: {diff.new.label} against {diff.old.label}",
        "",
    ]
    if diff.regressed:
        count = len(diff.newly_failing) + len(diff.newly_unverified)
        lines.append(f"**{count} clause{'s' if count != 1 else ''} regressed.**")
    else:
        lines.append("No clause regressed.")
    lines.append("")
    sections = (
        ("Newly failing clauses", diff.newly_failing),
        ("Newly unverified clauses", diff.newly_unverified),
        ("Fixed clauses", diff.fixed),
    )
    for title, changes in sections:
        lines += [f"### {title} ({len(changes)})", ""]
        if not changes:
            lines += ["None.", ""]
            continue
        lines += ["| clause | before | now | scenarios not passing |", "|---|---|---|---|"]
        lines += [
            f"| {c.clause} | {_verdict(c.before)} | {_verdict(c.after)} | "
            f"{_cell('; '.join(c.scenarios)) or '-'} |"
            for c in changes
        ]
        lines.append("")
    for title, scenarios in (("Scenarios added", diff.added), ("Scenarios removed", diff.removed)):
        lines += [f"### {title} ({len(scenarios)})", ""]
        lines += [f"- `{s.feature}`: {_cell(s.name)} ({s.status})" for s in scenarios] or ["None."]
        lines.append("")
    changed = [
        *(f"- added: `{p}`" for p in diff.features_added),
        *(f"- removed: `{p}`" for p in diff.features_removed),
        *(f"- changed: `{p}`" for p in diff.features_changed),
    ]
    if changed:
        lines += [
            "### Feature files that differ between the runs",
            "",
            "The two runs did not read the same feature files:",
            "",
            *changed,
            "",
        ]
    return "\n".join(lines).rstrip() + "\n"


def run_diff(old_path: Path, new_path: Path) -> tuple[int, str]:
    """Exit code and text of ``rulebooks diff OLD NEW``: 0 no regression, 1 a clause
    regressed, 2 a file could not be read (the text says which and why)."""
    try:
        old = load_summary(old_path)
        new = load_summary(new_path)
    except ResultsFileError as error:
        return 2, f"error: {error}\n"
    diff = compare_runs(old, new)
    return (1 if diff.regressed else 0), markdown(diff)
