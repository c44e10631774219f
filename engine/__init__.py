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
from typing import Any, Literal, overload

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

GAMES: dict[str, Callable[..., Game]] = {
    "mahe": MaheGame,
    "mahola": MaholaGame,
    "mamey": MameyGame,
    "masai": MasaiGame,
}
"""Game name -> factory taking the game's parameters as keywords (the game's class)."""


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
    "RulebooksError", "ScriptedDriver", "State", "UnreadableStateError", "UnusedOutcomesError",
    "load_game",
]  # fmt: skip
