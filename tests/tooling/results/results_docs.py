"""Results files written by hand for the tests (schema 2): the header a real run writes,
with a fingerprint matching a project folder so that its results are not stale."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rulebooks.results.fingerprint import code_digests, installed_versions
from rulebooks.results.schema import SCHEMA


def results_document(
    scenarios: Sequence[Mapping[str, Any]],
    features: Mapping[str, str],
    root: Path | None = None,
    **run: Any,
) -> dict[str, Any]:
    """A complete results file: ``scenarios`` recorded on ``features`` (path -> sha256) and
    on the code of ``root`` as it is now (no code at all without ``root``). ``run``
    overrides fields of the run record (``partial=True``, ``problems=[...]``)."""
    return {
        "schema": SCHEMA,
        "started": "2026-11-30T02:30:00+00:00",
        "finished": "2026-11-30T02:30:04+00:00",
        "git": {"commit": "4f1cabcdef0123456789", "dirty": False},
        "run": {"exit_status": 0, "interrupted": False, "partial": False, "problems": []} | run,
        "fingerprint": {
            "features": dict(features),
            "code": code_digests(root) if root is not None else {},
            "versions": installed_versions(),
        },
        "totals": {},
        "scenarios": list(scenarios),
    }
