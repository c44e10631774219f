"""The games the engine can load by name, without the tooling.

The four seed games are built in (:data:`BUILT_IN`); any other installed distribution adds a
game by naming its :class:`~engine.core.Game` class under the entry-point group
:data:`GROUP` (``engine.games``) of its ``pyproject.toml``::

    [project.entry-points."engine.games"]
    pig = "pig_engine:PigGame"

This module reads installed metadata only (standard library): it never imports the tooling.
The tooling's own registry (``rulebooks.games.registry``) reads what a game declares to it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from .core import Game, InvalidGameError

GROUP = "engine.games"
"""The entry-point group a game outside this package registers its class under."""

BUILT_IN: dict[str, str] = {
    "mahe": "engine.mahe:MaheGame",
    "mamey": "engine.mamey:MameyGame",
    "masai": "engine.masai:MasaiGame",
    "mahola": "engine.mahola:MaholaGame",
}
"""The seed games: name -> ``module:Class``."""


def _entries() -> dict[str, str]:
    """Name -> ``module:Class`` of every game: the built-in ones, then the installed ones
    (installed metadata is read on use: importing it costs ``import engine`` a third more)."""
    import importlib.metadata

    found = dict(BUILT_IN)
    for entry in importlib.metadata.entry_points(group=GROUP):
        found.setdefault(entry.name, entry.value)
    return found


def names() -> list[str]:
    """The names of every game the engine can load, sorted."""
    return sorted(_entries())


def factory(name: str) -> Callable[..., Game]:
    """The class of the game called ``name``.

    Raises :class:`InvalidGameError` naming the installed games when there is none by that
    name, or naming the entry point when it does not resolve to a class.
    """
    entries = _entries()
    if name not in entries:
        raise InvalidGameError(
            f"no game called {name!r}; installed games: {', '.join(sorted(entries))}"
        )
    module_name, _, attribute = entries[name].partition(":")
    try:
        found = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError) as error:
        raise InvalidGameError(
            f"game {name!r}: its entry point {entries[name]!r} does not load ({error})"
        ) from None
    if not callable(found):
        raise InvalidGameError(f"game {name!r}: {entries[name]!r} is not a game class")
    return found  # type: ignore[no-any-return]
