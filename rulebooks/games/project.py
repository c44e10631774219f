"""Which games a project shows: the configurable list of games.

A checkout's ``pyproject.toml`` names the games its site, campaigns and checks cover::

    [tool.rulebooks]
    games = ["first", "second"]

``RULEBOOKS_GAMES`` (comma-separated names; a comma alone names no game) overrides it for
one command. With neither, the project covers every game installed (every entry point of the
``rulebooks.games`` group, see :mod:`rulebooks.games.registry`). The tooling names no game itself:
the list lives in the project's own configuration. A listed game whose package lives in
another project is a *guest* (:mod:`rulebooks.site.guests`).
"""

from __future__ import annotations

import functools
import os
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENV = "RULEBOOKS_GAMES"


class ProjectError(ValueError):
    """A project configuration that cannot be read."""


def configured_games(root: Path = ROOT) -> tuple[str, ...] | None:
    """The game names the project asks for, in order; None when it does not say.

    ``RULEBOOKS_GAMES`` wins over ``[tool.rulebooks] games`` of ``root/pyproject.toml``.
    """
    env = os.environ.get(ENV)
    if env is not None and env.strip():
        return tuple(name.strip() for name in env.split(",") if name.strip())
    path = root / "pyproject.toml"
    if not path.is_file():
        return None
    try:
        config = tomllib.loads(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise ProjectError(f"{path}: cannot be read ({error})") from None
    games = config.get("tool", {}).get("rulebooks", {}).get("games")
    if games is None:
        return None
    if not isinstance(games, list) or not all(isinstance(g, str) and g for g in games):
        raise ProjectError(f"{path}: [tool.rulebooks] games must be a list of game names")
    return tuple(games)


def configured_no_scenario(root: Path) -> dict[str, str]:
    """The clauses that need code yet are allowed to have no scenario, each with the reason
    (``[tool.rulebooks.no-scenario]``, ``"GAME-3.3" = "why"``); empty when not set. Any other
    such clause fails the gate (:func:`rulebooks.site.pipeline.judge`)."""
    path = root / "pyproject.toml"
    if not path.is_file():
        return {}
    try:
        config = tomllib.loads(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise ProjectError(f"{path}: cannot be read ({error})") from None
    allowed = config.get("tool", {}).get("rulebooks", {}).get("no-scenario", {})
    if not isinstance(allowed, dict) or not all(
        isinstance(reason, str) and reason.strip() for reason in allowed.values()
    ):
        raise ProjectError(
            f"{path}: [tool.rulebooks.no-scenario] maps clause IDs to the reason, "
            '"GAME-3.3" = "why it has no scenario"'
        )
    return dict(allowed)


def configured_code(root: Path) -> tuple[str, ...]:
    """The files and folders, relative to ``root``, that ``[tool.rulebooks] code`` adds to
    the inputs the verdicts depend on (:data:`rulebooks.results.fingerprint.CODE_INPUTS`): a game's
    engine package and step module where the project does not lay them out as this one
    (``code = ["pig_engine", "pig_steps.py"]``). Empty when not set."""
    path = root / "pyproject.toml"
    try:
        stat = path.stat()
    except OSError:
        return ()
    return _configured_code(path, stat.st_mtime_ns, stat.st_size)


@functools.cache
def _configured_code(path: Path, mtime_ns: int, size: int) -> tuple[str, ...]:
    try:
        config = tomllib.loads(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise ProjectError(f"{path}: cannot be read ({error})") from None
    code = config.get("tool", {}).get("rulebooks", {}).get("code", [])
    if not isinstance(code, list) or not all(isinstance(entry, str) and entry for entry in code):
        raise ProjectError(f"{path}: [tool.rulebooks] code must be a list of paths")
    for entry in code:
        if Path(entry).is_absolute() or ".." in Path(entry).parts:
            raise ProjectError(
                f"{path}: [tool.rulebooks] code: {entry!r} is not a path inside the project"
            )
    return tuple(code)


def _settings(path: Path) -> dict[str, object] | None:
    """The ``[tool.rulebooks]`` table of the ``pyproject.toml`` at ``path``; None without one."""
    try:
        config = tomllib.loads(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise ProjectError(f"{path}: cannot be read ({error})") from None
    table = config.get("tool", {}).get("rulebooks")
    return table if isinstance(table, dict) else None


NO_TABLE = (
    "{path} has no [tool.rulebooks] table: add one naming the project's games "
    '([tool.rulebooks] games = ["GAME"]), or make a project with `rulebooks new GAME`'
)


def find_project(start: Path) -> Path | None:
    """The project a command run in ``start`` serves: the nearest folder from ``start`` up
    whose ``pyproject.toml`` has a ``[tool.rulebooks]`` table. None when no folder up there
    has a ``pyproject.toml`` at all; :class:`ProjectError` when some have, none with the
    table (named: the nearest)."""
    nearest = None
    for folder in (start, *start.parents):
        path = folder / "pyproject.toml"
        if path.is_file():
            if _settings(path) is not None:
                return folder
            nearest = nearest or path
    if nearest is not None:
        raise ProjectError(NO_TABLE.format(path=nearest) + ", or pass --project DIR")
    return None


def project_root(option: str | None, cwd: Path) -> Path | None:
    """The root of the project a command serves: ``--project DIR`` (``option``) when given,
    checked to be one, else :func:`find_project` from ``cwd``. :class:`ProjectError` names
    what is wrong and what to do."""
    if option is None:
        found = find_project(cwd)
        return found.resolve() if found is not None else None
    folder = cwd / option
    if not folder.is_dir():
        raise ProjectError(f"--project {option}: no such folder")
    path = folder / "pyproject.toml"
    if not path.is_file():
        raise ProjectError(
            f"--project {option} is not a Rulebooks project: it has no pyproject.toml "
            "(make one with `rulebooks new GAME`)"
        )
    if _settings(path) is None:
        raise ProjectError(NO_TABLE.format(path=path))
    return folder.resolve()
