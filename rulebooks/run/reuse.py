"""Records reused from an earlier run (``--rulebooks-reuse``, written by ``rulebooks site``
from its scenario cache): per feature file, the text they were recorded on and the records."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from rulebooks.results.schema import (
    Reused,
    ScenarioResult,
    from_json,
)
from rulebooks.run.scenario_cache import read_runs

if TYPE_CHECKING:
    pass


def read_reuse(path: Path) -> dict[str, Reuse]:
    """The ``--rulebooks-reuse`` file: feature path -> what to reuse (a usage error if the
    file cannot be read: rulebooks site writes it)."""
    import json

    try:
        data = json.loads(path.read_text("utf-8"))
        return {
            str(feature): Reuse(
                sha256=str(raw["sha256"]),
                reused=Reused(run_started=str(raw["run_started"]), commit=raw["commit"]),
                scenarios=tuple(from_json(ScenarioResult, record) for record in raw["scenarios"]),
                problems=tuple(str(problem) for problem in raw["problems"]),
                runs=None if raw.get("runs") is None else frozenset(read_runs(raw["runs"]) or ()),
                code={str(path): str(digest) for path, digest in raw["code"].items()},
            )
            for feature, raw in data.items()
        }
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
        raise pytest.UsageError(f"--rulebooks-reuse {path}: {error}") from None


@dataclass(frozen=True)
class Reuse:
    """Records of one feature file from an earlier run, to write marked reused."""

    sha256: str
    reused: Reused
    scenarios: tuple[ScenarioResult, ...]
    problems: tuple[str, ...]
    runs: frozenset[tuple[int, int | None]] | None = None
    """The runs the file asks for on that text (None: not known, the file is parsed)."""
    code: Mapping[str, str] = field(default_factory=dict)
    """Path -> digest of the code the reuse was planned on (its records' code)."""
