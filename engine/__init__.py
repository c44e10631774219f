"""Rule engines for Mahé, Mamey, Mahola and Masai.

Pure rules: no I/O beyond reading the package's own component data, no randomness, no
knowledge of tests, documentation or tooling; the package imports nothing but the standard
library and itself. Every game follows the state protocol of :mod:`engine.core`;
:func:`load_game` creates any game of :mod:`engine.games` by name (the four seed games and
any installed under the entry-point group ``engine.games``)::

    >>> import engine
    >>> game = engine.load_game("mahe", players=4)
    >>> state = game.new_initial_state()
    >>> state.current_player() == engine.CHANCE   # the first egg card is turned up
    True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Literal, overload

from . import games
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
    UnreadableStateError,
)
from .drivers import ImpossibleOutcomeError, RandomSampler, ScriptedDriver, UnusedOutcomesError
from .mahe import MaheGame
from .mahola import MaholaGame
from .mamey import MameyGame
from .masai import MasaiGame

GAMES: Mapping[str, Callable[..., Game]] = MappingProxyType(
    {"mahe": MaheGame, "mamey": MameyGame, "masai": MasaiGame, "mahola": MaholaGame}
)
"""The four seed games: name -> factory taking the game's parameters as keywords (the game's
class). :func:`load_game` also finds the games installed under ``engine.games``."""


@overload
def load_game(name: Literal["mahe"], **params: Any) -> MaheGame: ...
@overload
def load_game(name: Literal["mahola"], **params: Any) -> MaholaGame: ...
@overload
def load_game(name: Literal["mamey"], **params: Any) -> MameyGame: ...
@overload
def load_game(name: Literal["masai"], **params: Any) -> MasaiGame: ...
@overload
def load_game(name: str, **params: Any) -> Game: ...


def load_game(name: str, **params: Any) -> Game:
    """A game by name, e.g. ``load_game("mahe", players=4, variant=True)``.

    Unknown names and parameters raise :class:`InvalidGameError` naming the problem.
    """
    factory = games.factory(name)
    try:
        return factory(**params)
    except TypeError as error:
        raise InvalidGameError(f"{name}: {error}") from None


__all__ = [
    "CHANCE", "GAMES", "SIMULTANEOUS", "TERMINAL", "Game", "GameDataError", "IllegalActionError",
    "ImpossibleOutcomeError", "InvalidGameError", "InvalidStateError", "RandomSampler",
    "RulebooksError", "ScriptedDriver", "State", "UnreadableStateError", "UnusedOutcomesError",
    "load_game",
]  # fmt: skip
