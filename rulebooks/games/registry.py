"""The games the tooling knows, each declared by its own package.

The tooling (recorder, site extension, CLI, adapters, simulation, mutation) names no game. A
game declares itself with a :class:`GameSpec` -- title, player range, parameters, clause
prefix, score for campaigns, observation encoding for the clients, rule mutations, board
renderer, glossary, data files with their ``verified`` flags, where its features and pages
live -- and registers it under the entry-point group ``rulebooks.games`` of its
distribution's ``pyproject.toml``::

    [project.entry-points."rulebooks.games"]
    pig = "pig_engine.plugin:SPEC"

The seed games register the same way (``engine/<game>/plugin.py``). :func:`installed`
discovers every registered game; :func:`games` keeps those the project asks for
(:mod:`rulebooks.games.project`). A package missing a required piece, an entry point that does not
load, or two packages claiming one name is reported by :func:`problems`, naming the package
and what is wrong, and the other games still load. After adding an entry point to an
installed distribution, reinstall it (``make .venv/.installed``): entry points are read from
the installed metadata.
"""

from __future__ import annotations

import importlib.metadata
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from rulebooks.games.project import ENV, ROOT, configured_games
from rulebooks.games.spec import GameSpec as GameSpec  # re-exported: declared there

GROUP = "rulebooks.games"
"""The entry-point group games register under."""


class RegistryError(LookupError):
    """A game that is not registered, or not usable."""


@dataclass(frozen=True)
class Discovery:
    """The usable games found, and what was wrong with the others."""

    games: Mapping[str, GameSpec]
    problems: tuple[str, ...]


def _package(entry: importlib.metadata.EntryPoint) -> str:
    dist = getattr(entry, "dist", None)
    return dist.name if dist is not None else entry.value.partition(":")[0]


def discover(entries: Iterable[importlib.metadata.EntryPoint] | None = None) -> Discovery:
    """Load every entry point of :data:`GROUP` (or `entries`); never raises for one game."""
    if entries is None:
        entries = importlib.metadata.entry_points(group=GROUP)
    found: dict[str, GameSpec] = {}
    claimed: dict[str, list[str]] = {}
    problems: list[str] = []
    for entry in sorted(entries, key=lambda e: (e.name, e.value)):
        package = _package(entry)
        where = f"{package}: entry point {entry.name} = {entry.value!r}"
        try:
            loaded = entry.load()
            spec = loaded() if callable(loaded) and not isinstance(loaded, GameSpec) else loaded
        except Exception as error:  # any import error of a third-party package
            problems.append(f"{where} cannot be loaded ({type(error).__name__}: {error})")
            continue
        if not isinstance(spec, GameSpec):
            problems.append(f"{where} is not a GameSpec (got {type(spec).__name__})")
            continue
        missing = spec.missing()
        if missing:
            problems.append(f"{package}: game {spec.name!r} is missing " + "; ".join(missing))
            continue
        if spec.name != entry.name:
            problems.append(f"{where} declares the game {spec.name!r}, not {entry.name!r}")
            continue
        claimed.setdefault(spec.name, []).append(package)
        object.__setattr__(spec, "package", package)
        found[spec.name] = spec
    for name, packages in claimed.items():
        if len(packages) > 1:
            problems.append(
                f"{' and '.join(packages)}: {len(packages)} packages claim the game {name!r}; "
                f"neither is loaded"
            )
            del found[name]
    return Discovery(dict(sorted(found.items())), tuple(problems))


@cache
def installed() -> Discovery:
    """Every game registered in the installed distributions (cached)."""
    return discover()


@cache
def _configured(root: Path, env: str | None) -> tuple[dict[str, GameSpec], tuple[str, ...]]:
    """The configured games and the problems, for a project root and a RULEBOOKS_GAMES."""
    everything = installed()
    wanted = configured_games(root)
    if wanted is None:
        return dict(everything.games), everything.problems
    chosen: dict[str, GameSpec] = {}
    problems = list(everything.problems)
    for name in wanted:
        if name in everything.games:
            chosen[name] = everything.games[name]
        else:
            problems.append(
                f"the project lists the game {name!r} but no installed package registers it "
                f"(entry-point group {GROUP!r}; after adding one, reinstall: make .venv/.installed)"
            )
    return chosen, tuple(problems)


def games(root: Path = ROOT) -> dict[str, GameSpec]:
    """The project's games (:mod:`rulebooks.games.project`), in its order, by name."""
    return dict(_configured(root, os.environ.get(ENV))[0])


def problems(root: Path = ROOT) -> tuple[str, ...]:
    """What went wrong finding the project's games, one sentence each (empty when all is well)."""
    return _configured(root, os.environ.get(ENV))[1]


def spec(name: str) -> GameSpec:
    """The registered game `name`, configured or merely installed (RegistryError otherwise)."""
    chosen = games()
    if name in chosen:
        return chosen[name]
    if name in installed().games:
        return installed().games[name]
    known = ", ".join(sorted(set(chosen) | set(installed().games)))
    raise RegistryError(f"no game called {name!r}; games: {known}")


def title(name: str) -> str:
    """The printed name of a game (the name itself for a game not registered)."""
    try:
        return spec(name).title
    except RegistryError:
        return name


def by_prefix(prefix: str) -> GameSpec | None:
    """The project's game whose clause IDs start with `prefix` (``PIG``), if any."""
    for found in (*games().values(), *installed().games.values()):
        if found.clause_prefix == prefix.upper():
            return found
    return None


def titles() -> dict[str, str]:
    """The project's games' printed names, in the project's order, by name."""
    return {name: found.title for name, found in games().items()}


def engine_only() -> list[str]:
    """The games the engine loads (:func:`engine.games.names`) that declare nothing to the
    tooling: no entry point of :data:`GROUP` names their :class:`GameSpec`."""
    from engine import games as engine_games

    return [name for name in engine_games.names() if name not in installed().games]


def report(in_project: bool = True) -> tuple[list[str], list[str]]:
    """``rulebooks games``: a line per installed game (``*`` for the project's: title, player
    counts, package, root) and per game known to the engine only, and the problems found.
    Run outside any project (``in_project`` false) no game is marked, and a last line says so."""
    chosen = games() if in_project else ()
    found = list(problems())
    lines = []
    for name, declared in installed().games.items():
        mark = "*" if name in chosen else " "
        players = f"{declared.min_players}-{declared.max_players} players"
        lines.append(
            f"{mark} {name:12} {declared.title:16} {players}  {declared.package}  {declared.root}"
        )
        found += [
            f"{declared.package}: game {name!r} is missing {p}" for p in declared.layout_problems()
        ]
    for name in engine_only():
        lines.append(f"  {name:12} (loads in the engine only)")
        found.append(
            f"game {name!r} loads in the engine (entry-point group engine.games) but declares "
            f"nothing to the tooling: add an entry point of the group {GROUP} naming "
            f"its GameSpec (see docs/tutorial.md)"
        )
    if not in_project:
        lines.append("(not in a project: run it in one, or pass --project DIR, to mark its games)")
    return lines, found
