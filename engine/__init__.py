"""Rule engines for Mahé, Mamey, Mahola and Masai.

Pure rules: no I/O beyond reading the package's own component data, no randomness, no
knowledge of tests or documentation. Every game follows the state protocol of
:mod:`engine.core`; :func:`load_game` creates one by name::

    >>> import engine
    >>> game = engine.load_game("mahe", players=4)
    >>> state = game.new_initial_state()
    >>> state.current_player() == engine.CHANCE   # the first egg card is turned up
    True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Game,
    GameDataError,
    IllegalActionError,
    InvalidGameError,
    InvalidStateError,
    RulebooksError,
    State,
)
from .drivers import ImpossibleOutcomeError, RandomSampler, ScriptedDriver, UnusedOutcomesError


def _mahe(**params: Any) -> Game:
    from .mahe import MaheGame

    return MaheGame(**params)


def _mahola(**params: Any) -> Game:
    from .mahola import MaholaGame

    return MaholaGame(**params)


def _mamey(**params: Any) -> Game:
    from .mamey import MameyGame

    return MameyGame(**params)


def _masai(**params: Any) -> Game:
    from .masai import MasaiGame

    return MasaiGame(**params)


GAMES: dict[str, Callable[..., Game]] = {
    "mahe": _mahe,
    "mahola": _mahola,
    "mamey": _mamey,
    "masai": _masai,
}
"""Game name -> factory taking the game's parameters as keywords."""


def load_game(name: str, **params: Any) -> Game:
    """A game by name, e.g. ``load_game("mahe", players=4, variant=True)``.

    Unknown names and parameters raise :class:`InvalidGameError` naming the problem.
    """
    try:
        factory = GAMES[name]
    except KeyError:
        raise InvalidGameError(
            f"no game called {name!r}; games: {', '.join(sorted(GAMES))}"
        ) from None
    try:
        return factory(**params)
    except TypeError as error:
        raise InvalidGameError(f"{name}: {error}") from None


__all__ = [
    "CHANCE", "GAMES", "SIMULTANEOUS", "TERMINAL", "Game", "GameDataError", "IllegalActionError",
    "ImpossibleOutcomeError", "InvalidGameError", "InvalidStateError", "RandomSampler",
    "RulebooksError", "ScriptedDriver", "State", "UnusedOutcomesError", "load_game",
]  # fmt: skip
