"""Component data files: the JSON each game ships in its package, or a file a user gives.

Each game parses and validates its own data (``parse_egg_deck``, ``parse_board``, ...);
reading the file, from the package or from a path, is the same for every game.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

from .core import GameDataError


def shipped_json(package: str, name: str) -> Any:
    """The decoded JSON of the file `name` shipped in `package` (a fresh copy each call)."""
    return json.loads(resources.files(package).joinpath(name).read_text("utf-8"))


def read_json(path: str | Path | None, package: str, name: str) -> tuple[Any, str]:
    """The decoded JSON of the file at `path`, or of the file `name` shipped in `package`
    when `path` is None; and where it came from, for messages: the path given, or the
    shipped file's path in the source tree (``engine/mahe/data/egg_cards.json``).

    A file that is not JSON raises :class:`GameDataError` naming it.
    """
    if path is None:
        text = resources.files(package).joinpath(name).read_text("utf-8")
        origin = f"{package.replace('.', '/')}/{name}"
    else:
        text = Path(path).read_text("utf-8")
        origin = str(path)
    try:
        return json.loads(text), origin
    except json.JSONDecodeError as error:
        raise GameDataError(f"{origin}: not valid JSON: {error}") from None
