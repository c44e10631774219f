"""Scenario results cached per feature file, so that ``rulebooks site`` reruns only what changed.

Each feature file gets a *key*: the sha256 of

- the cache format (:data:`CACHE_VERSION`), the Python version and the installed versions
  of :data:`rulebooks.results.fingerprint.VERSIONED`;
- the feature file's own text;
- every file of :func:`rulebooks.results.fingerprint.code_inputs` (step modules, conftests, the
engine
  package and its data files, the recorder and binding modules, ``pyproject.toml``) except
  those of *another* game: ``engine/<other>/**`` and ``tests/scenarios/<other>/**`` where
  ``<other>`` is the folder of other feature files (``features/<other>/``). Everything shared
  (``engine/*.py``, ``tests/scenarios/*.py``, conftests) is in every key;
- :data:`RECORDING_MODULES`, the code that turns a run into records.

A feature file whose key equals the cached one is not rerun: its records are reused, each
marked ``reused`` with the run it comes from (:class:`rulebooks.results.schema.Reused`). The
cache is a JSON file (``results/.cache/scenarios.json``); one that cannot be read, of another
format version or another Python is reported in one sentence and rebuilt, never trusted.

A feature file's entry is written only from a run that recorded it on the inputs its key was
computed from: the recorded fingerprint (the texts pytest-bdd parsed, the code at the start
of the run, marked where it changed during the run) must give the same key, and the run must
have gone to its end (not interrupted, not stopped early, no collection error).

Not covered by a key, as by the fingerprint: environment variables, packages other than the
versioned ones, and a change to one game's engine that breaks another game's imports.
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from rulebooks.results.fingerprint import (
    FEATURES_DIR,
    code_digests,
    code_inputs,
    feature_digests,
    installed_versions,
    text_digest,
)
from rulebooks.results.schema import ResultsFile, ScenarioResult, from_json, to_json

__all__ = [
    "CACHE_VERSION",
    "RECORDING_MODULES",
    "CacheEntry",
    "Plan",
    "ScenarioCache",
    "cache_file",
    "feature_keys",
    "plan",
]

CACHE_VERSION = 1
"""Bump with any change to the cache format or to what a key covers."""

CACHE_KIND = "rulebooks scenario cache"

RECORDING_MODULES = (
    "rulebooks/run/binding.py",
    "rulebooks/results/schema.py",
    "rulebooks/results/gherkin_model.py",
    "rulebooks/results/fingerprint.py",
    "rulebooks/games/paths.py",
    "rulebooks/run/scenario_cache.py",
)
"""The code between a scenario run and its records, beside the recorder and binding."""

GAME_FOLDERS = ("engine", "tests/scenarios")
"""Folders holding one subfolder per game, named like the game's feature folder."""


def cache_file(results: Path) -> Path:
    """Where the scenario cache of a results file lives."""
    return results.parent / ".cache" / "scenarios.json"


def game_of(feature: str) -> str | None:
    """The game folder of a feature path (``features/<game>/x.feature`` -> ``<game>``)."""
    parts = feature.split("/")
    if len(parts) >= 3 and parts[0] == FEATURES_DIR:
        return parts[1]
    return None


def _other_games_file(path: str, game: str | None, games: frozenset[str]) -> bool:
    for folder in GAME_FOLDERS:
        prefix = folder + "/"
        if path.startswith(prefix):
            first = path[len(prefix) :].split("/", 1)
            return len(first) == 2 and first[0] in games and first[0] != game
    return False


def environment() -> dict[str, str]:
    """What every key depends on beside files: the cache format, Python and the versions."""
    return {
        "cache": str(CACHE_VERSION),
        "python": platform.python_version(),
        **{f"version {name}": version for name, version in installed_versions().items()},
    }


def feature_keys(
    features: Mapping[str, str],
    code: Mapping[str, str],
    env: Mapping[str, str] | None = None,
) -> dict[str, str]:
    """One key per feature path, from the feature digests, the code digests (every file of
    :data:`CODE_INPUTS` and :data:`RECORDING_MODULES`) and the environment."""
    env = environment() if env is None else env
    games = frozenset(game for game in map(game_of, features) if game is not None)
    base = [f"{name}={value}" for name, value in sorted(env.items())]
    keys: dict[str, str] = {}
    for path, digest in sorted(features.items()):
        game = game_of(path)
        lines = [*base, f"feature {path} {digest}"]
        lines += [
            f"code {name} {value}"
            for name, value in sorted(code.items())
            if not _other_games_file(name, game, games)
        ]
        keys[path] = hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()
    return keys


def checkout_keys(root: Path, imported: Iterable[str] = ()) -> dict[str, str]:
    """The key of every feature file of the checkout at ``root`` as it is now."""
    return feature_keys(feature_digests(root), checkout_code(root, imported))


def checkout_code(root: Path, imported: Iterable[str] = ()) -> dict[str, str]:
    """Digests of every code input of a key, as the checkout is now: with the project files
    the last run ``imported`` (:mod:`rulebooks.run.imports`; a run importing others files
    no entry, so the next run learns them)."""
    return code_digests(root, (*code_inputs(root), *RECORDING_MODULES, *imported))


Runs = tuple[tuple[int, int | None], ...]
"""A feature file's runs: (scenario line, Examples row line or None), sorted."""


@dataclass(frozen=True)
class CacheEntry:
    """The records of one feature file from one run, with the key they were recorded on."""

    key: str
    run_started: str
    commit: str | None
    scenarios: tuple[dict[str, Any], ...]
    problems: tuple[str, ...] = ()
    runs: Runs | None = None
    """Every run the file asks for, (scenario line, Examples row line or None), on the text
    the records were recorded on: the recorder checks the reused records against them
    without parsing the file (None: not known, the recorder parses it)."""


class CacheError(Exception):
    """A cache file that cannot be trusted: it is rebuilt."""


@dataclass
class ScenarioCache:
    """The per-feature cache, and the sha256 of the results file it last produced."""

    entries: dict[str, CacheEntry] = field(default_factory=dict)
    results_sha256: str | None = None
    """The results file this cache last produced, and when that run started and how it
    ended (pytest's exit status), so that an unchanged checkout keeps it unread."""
    results_started: str | None = None
    results_exit_status: int | None = None
    imported: tuple[str, ...] = ()
    """The code files the last run's fingerprint listed: part of every key."""

    @classmethod
    def load(cls, path: Path) -> tuple[ScenarioCache, str | None]:
        """The cache at ``path`` and, when it had to be dropped, why (one sentence)."""
        if not path.exists():
            return cls(), None
        try:
            return cls._read(path), None
        except CacheError as error:
            return cls(), f"scenario cache {path}: {error}; it is rebuilt"

    @classmethod
    def _read(cls, path: Path) -> ScenarioCache:
        try:
            data = json.loads(path.read_text("utf-8"))
        except (OSError, UnicodeDecodeError, ValueError) as error:
            raise CacheError(f"unreadable ({type(error).__name__}: {error})") from None
        if not isinstance(data, dict) or data.get("kind") != CACHE_KIND:
            raise CacheError("not a scenario cache")
        if data.get("version") != CACHE_VERSION:
            raise CacheError(
                f"format version {data.get('version')!r}, this version reads {CACHE_VERSION}"
            )
        try:
            entries: dict[str, CacheEntry] = {}
            for feature, raw in data["features"].items():
                scenarios = tuple(raw["scenarios"])
                for record in scenarios:  # every record must read as a results record
                    found = from_json(ScenarioResult, record)
                    if found.feature != feature:
                        raise ValueError(f"a record of {found.feature} filed under {feature}")
                entries[str(feature)] = CacheEntry(
                    key=_text(raw["key"]),
                    run_started=_text(raw["run_started"]),
                    commit=None if raw["commit"] is None else _text(raw["commit"]),
                    scenarios=scenarios,
                    problems=tuple(_text(problem) for problem in raw["problems"]),
                    runs=read_runs(raw.get("runs")),
                )
            results, started = data["results_sha256"], data["results_started"]
            exit_status = data["results_exit_status"]
            if exit_status is not None and type(exit_status) is not int:
                raise TypeError("results_exit_status: expected an integer")
            imported = tuple(_text(path) for path in data.get("imported", ()))
            return cls(
                entries,
                None if results is None else _text(results),
                None if started is None else _text(started),
                exit_status,
                imported,
            )
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise CacheError(f"malformed ({type(error).__name__}: {error})") from None

    def save(self, path: Path) -> None:
        """Write the cache atomically."""
        data = {
            "kind": CACHE_KIND,
            "version": CACHE_VERSION,
            "results_sha256": self.results_sha256,
            "results_started": self.results_started,
            "results_exit_status": self.results_exit_status,
            "imported": list(self.imported),
            "features": {
                feature: {
                    "key": entry.key,
                    "run_started": entry.run_started,
                    "commit": entry.commit,
                    "scenarios": list(entry.scenarios),
                    "problems": list(entry.problems),
                    "runs": None if entry.runs is None else [list(run) for run in entry.runs],
                }
                for feature, entry in sorted(self.entries.items())
            },
        }
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(json.dumps(data))  # json.dump encodes in Python, dumps in C
        os.replace(tmp, path)

    def update(
        self,
        root: Path,
        results: ResultsFile,
        keys_before: Mapping[str, str],
        rerun: Iterable[str],
    ) -> list[str]:
        """File the records of the ``rerun`` features from ``results`` when the run recorded
        them on the inputs of ``keys_before``; drop the others (and the entries of feature
        files gone). Returns the features filed."""
        # The recorded code (as at the start of the run, marked where it changed during it),
        # completed by the recording modules as they are now.
        # Only the files the keys_before covered are compared; an entry is filed under the
        # key of everything the run imported, which the next plan computes (self.imported).
        before = checkout_code(root, self.imported)
        recorded = results.fingerprint.code
        code = {**before, **{path: digest for path, digest in recorded.items() if path in before}}
        recorded_keys = feature_keys(results.fingerprint.features, code)
        filed_keys = feature_keys(results.fingerprint.features, {**code, **recorded})
        run = results.run
        trustworthy = not run.interrupted and not any(
            problem.startswith(("collection error", "the run stopped", "changed while"))
            for problem in run.problems
        )
        filed: list[str] = []
        self.imported = tuple(sorted(recorded))
        for feature in rerun:
            self.entries.pop(feature, None)
            key = keys_before.get(feature)
            if not trustworthy or key is None or recorded_keys.get(feature) != key:
                continue
            records = [r for r in results.scenarios if r.feature == feature and r.reused is None]
            if not records:
                continue
            self.entries[feature] = CacheEntry(
                key=filed_keys[feature],
                run_started=results.started,
                commit=results.git.commit if results.git else None,
                scenarios=tuple(to_json(record) for record in records),
                problems=tuple(p for p in run.problems if p.startswith(f"{feature}: ")),
                runs=runs_of(root, feature, results.fingerprint.features.get(feature)),
            )
            filed.append(feature)
        for feature in list(self.entries):
            if feature not in keys_before:
                del self.entries[feature]
            elif self.entries[feature].runs is None:  # filed before runs were: learnt once
                found = runs_of(root, feature, results.fingerprint.features.get(feature))
                self.entries[feature] = replace(self.entries[feature], runs=found)
        return filed


def runs_of(root: Path, feature: str, sha256: str | None) -> Runs | None:
    """The runs of ``feature`` (:meth:`rulebooks.results.gherkin_model.Feature.runs`), sorted, when
    the file still holds the text of digest ``sha256``; else (or when it does not parse) None."""
    from rulebooks.results.gherkin_model import parse_feature

    try:
        data = (root / feature).read_bytes()
    except OSError:
        return None
    if sha256 is None or text_digest(data) != sha256:
        return None
    try:
        model = parse_feature(data.decode("utf-8"), feature, sha256)
    except Exception:  # its own records say why it does not parse
        return None
    return tuple(sorted(model.runs(), key=lambda run: (run[0], run[1] or 0)))


def read_runs(value: object) -> Runs | None:
    """The ``runs`` of a cache entry: null, or a list of [scenario line, row line or null]."""
    if value is None:
        return None
    if not isinstance(value, list):
        raise TypeError("runs: expected a list")
    runs: list[tuple[int, int | None]] = []
    for run in value:
        if not (isinstance(run, list) and len(run) == 2 and type(run[0]) is int):
            raise TypeError(f"runs: expected [line, row line or null], got {run!r}")
        if run[1] is not None and type(run[1]) is not int:
            raise TypeError(f"runs: expected [line, row line or null], got {run!r}")
        runs.append((run[0], run[1]))
    return tuple(runs)


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected a string, got {type(value).__name__}")
    return value


@dataclass(frozen=True)
class Plan:
    """What a run must do: the features to rerun, and the cached entries to reuse."""

    keys: dict[str, str]
    features: dict[str, str]
    """Feature path -> sha256 of its text, as the keys were computed."""
    rerun: tuple[str, ...]
    reuse: dict[str, CacheEntry]
    cache: ScenarioCache
    problem: str | None = None
    code: dict[str, str] = field(default_factory=dict)
    """Path -> digest of every code input of the keys, as the plan read them: the run checks
    that the code it ran is this code before it writes a reused record."""

    @property
    def nothing_changed(self) -> bool:
        """No feature file to rerun, none added and none removed since the cache was made
        (never for a project without feature files: no key then covers its code)."""
        return bool(self.keys) and not self.rerun and set(self.keys) == set(self.cache.entries)


def plan(root: Path, cache_path: Path, *, full: bool = False) -> Plan:
    """Compare the checkout's keys with the cache at ``cache_path``."""
    features = feature_digests(root)
    cache, problem = ScenarioCache.load(cache_path)
    code = checkout_code(root, cache.imported)
    keys = feature_keys(features, code)
    if full:
        return Plan(keys, features, tuple(keys), {}, cache, problem, code)
    reuse = {
        feature: cache.entries[feature]
        for feature, key in keys.items()
        if feature in cache.entries and cache.entries[feature].key == key
    }
    rerun = tuple(feature for feature in keys if feature not in reuse)
    return Plan(keys, features, rerun, reuse, cache, problem, code)


def reuse_payload(plan: Plan) -> dict[str, Any]:
    """The ``--rulebooks-reuse`` file for the recorder: per reused feature, the text digest
    its records were recorded on, the records, the problems and the code the plan read."""
    return {
        feature: {
            "sha256": plan.features[feature],
            "run_started": entry.run_started,
            "commit": entry.commit,
            "scenarios": list(entry.scenarios),
            "problems": list(entry.problems),
            "runs": None if entry.runs is None else [list(run) for run in entry.runs],
            "code": plan.code,
        }
        for feature, entry in plan.reuse.items()
    }
