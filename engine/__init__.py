"""Rule engines for Mahé, Mamey, Mahola and Masai.

Pure rules: no I/O beyond reading the package's own component data, no randomness, no
knowledge of tests or documentation. Every game follows the state protocol of
:mod:`engine.core` and declares itself to the tooling in its ``plugin.py`` (an entry point of
the group ``rulebooks.games``, see :mod:`rulebooks.registry`); :func:`load_game` creates any
registered game by name::

    >>> import engine
    >>> game = engine.load_game("mahe", players=4)
    >>> state = game.new_initial_state()
    >>> state.current_player() == engine.CHANCE   # the first egg card is turned up
    True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
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


class _Registered(Mapping[str, Callable[..., Game]]):
    """The project's games (:func:`rulebooks.registry.games`), read from the registry on use."""

    @staticmethod
    def _factories() -> dict[str, Callable[..., Game]]:
        from rulebooks import registry

        return {name: spec.factory for name, spec in registry.games().items()}

    def __getitem__(self, name: str) -> Callable[..., Game]:
        return self._factories()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._factories())

    def __len__(self) -> int:
        return len(self._factories())

    def __repr__(self) -> str:
        return f"GAMES({sorted(self._factories())})"


GAMES: Mapping[str, Callable[..., Game]] = _Registered()
"""Game name -> factory taking the game's parameters as keywords (the game's class), for the
games of the project (``[tool.rulebooks] games``); every registered game loads by name."""


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
    from rulebooks import registry

    try:
        factory = registry.spec(name).factory
    except registry.RegistryError as error:
        raise InvalidGameError(str(error)) from None
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
