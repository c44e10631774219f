"""Component data the rulebooks do not print, how much of it is verified, and what depends on it.

Every game reads component data from a JSON file shipped in its engine package; each value
(or table) carries a ``"verified"`` flag, false for a placeholder or a public figure nobody
here checked. This module is the one registry of those files:

Each game declares its files in its own package
(:attr:`rulebooks.games.spec.GameSpec.data_files`).

- :data:`DATA_FILES` names each file, what it holds, its counterfactual *variants* (the
  same file with its unverified values changed, still valid data) and the scenarios that
  depend on it (:attr:`DataFile.dependents`);
- :func:`data_status` counts a file's verified and unverified flags; :func:`game_data` is
  what a results file records for a game (the recorder and the simulation summary write
  it, so the site labels placeholder data without ever reading the engine);
- :func:`dependent_scenarios` *computes* the dependents: it runs the game's scenarios once
  with the shipped data and once per variant (through :mod:`rulebooks.provenance.variant_plugin`)
  and
  returns the scenarios whose status changes. A test compares that with the registry, so
  a page saying "these scenarios depend on the file" stays true;
- :data:`CONSUMERS` names the built pages that show values computed from each file; a site
  test checks that each of them carries the UNVERIFIED label.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

from rulebooks.games.spec import DataFile as DataFile  # re-exported: declared there

ENV = "RULEBOOKS_DATA_VARIANT"
"""``<data file path>#<variant index>``: the variant :mod:`rulebooks.provenance.variant_plugin`
loads."""
ROOT = Path(__file__).resolve().parents[2]
LABEL = "UNVERIFIED"


# --- variants: the same file with its unverified values changed ---------------------------
def _registered() -> tuple[DataFile, ...]:
    from rulebooks.games import registry

    return tuple(f for spec in registry.games().values() for f in spec.data_files)


def __getattr__(name: str) -> Any:
    """``DATA_FILES`` (every data file of the project's games, declared by each game's
    package, :mod:`rulebooks.games.registry`) and ``CONSUMERS`` (path -> built pages), on use."""
    if name == "DATA_FILES":
        return _registered()
    if name == "CONSUMERS":
        return {found.path: found.consumers for found in _registered()}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def data_file(path: str) -> DataFile:
    """The registered file at ``path`` (KeyError naming the known ones otherwise)."""
    for found in _registered():
        if found.path == path:
            return found
    known = ", ".join(f.path for f in _registered())
    raise KeyError(f"no registered data file {path!r}; known: {known}")


def flags(data: Any) -> tuple[int, int]:
    """How many ``"verified"`` flags of the decoded JSON are true, and how many false."""
    true = false = 0
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "verified" and isinstance(value, bool):
                true, false = true + value, false + (not value)
            else:
                more = flags(value)
                true, false = true + more[0], false + more[1]
    elif isinstance(data, list):
        for item in data:
            more = flags(item)
            true, false = true + more[0], false + more[1]
    return true, false


def data_status(found: DataFile) -> dict[str, Any]:
    """What a results file records for one data file."""
    verified, unverified = flags(found.shipped())
    return {
        "path": found.path,
        "what": found.what,
        "verified_values": verified,
        "unverified_values": unverified,
        "verified": unverified == 0,
        "dependents": list(found.dependents),
    }


def game_data(game: str) -> list[dict[str, Any]]:
    """The status of every data file the game reads (empty for an unknown game)."""
    return [data_status(found) for found in _registered() if found.game == game]


def all_data() -> dict[str, list[dict[str, Any]]]:
    """:func:`game_data` of every game with a data file, by game."""
    return {game: game_data(game) for game in sorted({found.game for found in _registered()})}


def variant_data(spec: str) -> tuple[DataFile, Any]:
    """The file and the decoded variant named by ``<path>#<index>`` (ValueError if unknown)."""
    path, _, index = spec.partition("#")
    try:
        found = data_file(path)
        variant = found.variants[int(index)]
    except (KeyError, ValueError, IndexError) as error:
        raise ValueError(f"{ENV}={spec!r}: not a data file variant ({error})") from None
    return found, variant(copy.deepcopy(found.shipped()))


# --- computing the dependents ---------------------------------------------------------------
def _scenarios(game: str, root: Path) -> str:
    """The game's scenario folder (its registered step folder), relative to `root` if inside."""
    from rulebooks.games import registry

    spec = registry.spec(game)
    folder = spec.root / spec.scenarios_dir
    return str(folder.relative_to(root) if folder.is_relative_to(root) else folder)


@cache
def _statuses(game: str, variant: str | None, root: Path) -> dict[str, str]:
    """``<feature>: <name>`` -> worst status over its runs (rows), for one run of the game."""
    with tempfile.TemporaryDirectory() as tmp:
        results = Path(tmp) / "results.json"
        env = {k: v for k, v in os.environ.items() if k != ENV}
        if variant is not None:
            env[ENV] = variant
        subprocess.run(
            [sys.executable, "-m", "pytest", _scenarios(game, root), "-q",
             "-p", "no:cacheprovider", "-p", "rulebooks.provenance.variant_plugin",
             "--rulebooks-results", str(results)],
            cwd=root, env=env, capture_output=True, text=True, check=False,
        )  # fmt: skip
        if not results.is_file():
            raise RuntimeError(f"the {game} scenarios wrote no results (variant {variant})")
        recorded = json.loads(results.read_text("utf-8"))
    statuses: dict[str, str] = {}
    for scenario in recorded["scenarios"]:
        key = f"{scenario['feature']}: {scenario['name']}"
        if statuses.get(key, "passed") == "passed":
            statuses[key] = scenario["status"]
    return statuses


def dependent_scenarios(found: DataFile, root: Path = ROOT) -> list[str]:
    """The scenarios whose status changes under any variant of the file, sorted."""
    baseline = _statuses(found.game, None, root)
    changed: set[str] = set()
    for index in range(len(found.variants)):
        varied = _statuses(found.game, f"{found.path}#{index}", root)
        changed |= {key for key, status in varied.items() if baseline.get(key) != status}
    return sorted(changed)
