"""The mutation campaign's results file, read: per-clause strength, equivalents, staleness.

``rulebooks mutate`` (:mod:`rulebooks.mutation.campaign`) writes ``mutation/results.json``; the
site and
the CLI read it here. This module imports neither mutmut nor the engine: it reads files.

A mutant's status is mutmut's: ``killed``, ``survived``, ``timeout``, ``no tests`` (no
scenario runs the function), or ``suspicious``/``segfault``. A survivor listed in
``mutation/equivalent.toml`` (``"<mutant name>" = "<one-line reason>"`` under
``[equivalent]``) behaves exactly like the original code: it counts as killed, and the reason
is shown. A clause's strength is over the mutants of the functions citing it (recorded in the
results file from the trace map at campaign time): detected (killed, timeout, equivalent)
out of all of them.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCHEMA = 1
RESULTS_FILE = Path("mutation/results.json")
EQUIVALENT_FILE = Path("mutation/equivalent.toml")
DETECTED = frozenset({"killed", "timeout", "equivalent"})
"""Statuses counted as killed in a strength (a timeout: the mutant made a game loop forever)."""


class MutationResultsError(Exception):
    """A results or equivalence file that cannot be read (the message says what is wrong)."""


@dataclass(frozen=True)
class Mutant:
    """One mutmut mutant and its outcome."""

    name: str
    path: str
    line: int
    function: str
    game: str
    clauses: tuple[str, ...]
    status: str  # mutmut's status, or "equivalent"
    diff: str
    killed_by: tuple[str, ...] = ()
    reason: str | None = None  # why it is equivalent

    @property
    def detected(self) -> bool:
        return self.status in DETECTED

    @property
    def rerun(self) -> str:
        """The command that reruns this mutant alone."""
        return f"rulebooks mutate --mutant '{self.name}'"


@dataclass(frozen=True)
class Strength:
    """Mutants detected out of all the mutants of some code."""

    detected: int
    total: int

    @property
    def ratio(self) -> float | None:
        return self.detected / self.total if self.total else None

    def text(self) -> str:
        if not self.total:
            return "no mutants"
        return f"{self.detected} of {self.total} mutants killed"


@dataclass
class MutationResults:
    """A parsed results file, equivalents applied."""

    data: dict[str, Any]
    mutants: list[Mutant]
    stale_equivalents: list[str] = field(default_factory=list)

    @property
    def commit(self) -> str:
        return str(self.data.get("git", {}).get("commit") or "unknown")

    @property
    def finished(self) -> str:
        return str(self.data.get("finished", ""))

    @property
    def rule_mutations(self) -> list[dict[str, Any]]:
        return list(self.data.get("rule_mutations", []))

    def of_clause(self, clause_id: str) -> list[Mutant]:
        return [m for m in self.mutants if clause_id in m.clauses]

    def clause_strength(self, clause_id: str) -> Strength:
        return strength(self.of_clause(clause_id))

    def game_strength(self, game: str) -> Strength:
        return strength(m for m in self.mutants if m.game == game)

    def clauses(self) -> list[str]:
        """Every clause some mutated code cites, sorted."""
        return sorted({c for m in self.mutants for c in m.clauses})

    def survivors(self, game: str | None = None) -> list[Mutant]:
        return [m for m in self.mutants if not m.detected and (game is None or m.game == game)]

    def equivalents(self) -> list[Mutant]:
        return [m for m in self.mutants if m.status == "equivalent"]

    def stale_clauses(self, root: Path, suite_hashes: Mapping[str, str]) -> dict[str, str]:
        """The clauses whose strength no longer holds, each with why: the engine file of a
        function citing it changed or is gone since the campaign (:meth:`stale_files`), or
        its game's scenarios or steps changed (``suite_hashes``: game -> hash now), so its
        mutants were judged by another suite. A results file recording no suite hash for a
        game is checked on its code alone."""
        changed = set(self.stale_files(root))
        recorded_suite = self.data.get("suite_sha256") or {}
        stale: dict[str, str] = {}
        for function in self.data.get("functions", []):
            game = function["game"]
            if function["path"] in changed:
                why = f"{function['path']} changed since the campaign"
            elif game in recorded_suite and suite_hashes.get(game) != recorded_suite[game]:
                why = "the game's scenarios or steps changed since the campaign"
            else:
                continue
            for clause in function["clauses"]:
                stale.setdefault(clause, why)
        return stale

    def stale_files(self, root: Path) -> list[str]:
        """Mutated engine files that changed (or vanished) since the campaign."""
        recorded: dict[str, str] = self.data.get("engine_files", {})
        return sorted(p for p, digest in recorded.items() if file_sha256(root / p) != digest)


def strength(mutants: Iterable[Mutant]) -> Strength:
    found = list(mutants)
    return Strength(sum(1 for m in found if m.detected), len(found))


def file_sha256(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def load_equivalents(path: Path) -> dict[str, str]:
    """``{mutant name: reason}`` from the equivalence file (empty when there is none)."""
    if not path.exists():
        return {}
    try:
        data = tomllib.loads(path.read_text("utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise MutationResultsError(f"{path}: not valid TOML ({error})") from None
    table = data.get("equivalent", {})
    unknown = sorted(set(data) - {"equivalent"})
    if unknown or not isinstance(table, dict):
        raise MutationResultsError(f"{path}: expected only an [equivalent] table, found {unknown}")
    out: dict[str, str] = {}
    for name, reason in table.items():
        if not isinstance(reason, str) or not reason.strip() or "\n" in reason.strip():
            raise MutationResultsError(f"{path}: {name}: the reason must be one non-empty line")
        out[name] = reason.strip()
    return out


def parse(data: dict[str, Any], equivalents: dict[str, str], where: str) -> MutationResults:
    """Mutants of a results file's data, with the equivalence notes applied."""
    if data.get("schema") != SCHEMA:
        raise MutationResultsError(
            f"{where}: schema {data.get('schema')!r}, expected {SCHEMA}: rerun `rulebooks mutate`"
        )
    mutants: list[Mutant] = []
    try:
        for function in data["functions"]:
            for raw in function["mutants"]:
                name = raw["name"]
                status, reason = raw["status"], None
                if name in equivalents and status not in ("killed", "timeout"):
                    status, reason = "equivalent", equivalents[name]
                killed_by = tuple(raw.get("killed_by", ()))
                if not all(isinstance(k, str) and "::" in k for k in killed_by):
                    raise ValueError(f"{name}: killed_by holds what is no test ID: {killed_by}")
                mutants.append(
                    Mutant(
                        name=name,
                        path=function["path"],
                        line=int(raw["line"]),
                        function=function["qualname"],
                        game=function["game"],
                        clauses=tuple(function["clauses"]),
                        status=status,
                        diff=raw["diff"],
                        killed_by=killed_by,
                        reason=reason,
                    )
                )
    except (KeyError, TypeError, ValueError) as error:
        raise MutationResultsError(f"{where}: malformed ({error!r})") from None
    names = {m.name for m in mutants}
    stale = sorted(n for n in equivalents if n not in names)
    return MutationResults(data, mutants, stale)


def load(
    results: Path = RESULTS_FILE, equivalent: Path = EQUIVALENT_FILE
) -> MutationResults | None:
    """The results file with its equivalents, or None when there is no results file."""
    if not results.exists():
        return None
    try:
        data = json.loads(results.read_text("utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise MutationResultsError(f"{results}: not a readable JSON file ({error})") from None
    if not isinstance(data, dict):
        raise MutationResultsError(f"{results}: not a JSON object")
    return parse(data, load_equivalents(equivalent), str(results))


def stale_equivalent_messages(results: MutationResults, equivalent: Path) -> list[str]:
    """A clear message per equivalence note naming a mutant the results do not have."""
    return [
        f"{equivalent}: {name} names no mutant of the last campaign (the code changed, or "
        f"the mutant was renumbered): check it with `rulebooks mutate --mutant '{name}'` "
        f"and update or delete the note"
        for name in results.stale_equivalents
    ]
