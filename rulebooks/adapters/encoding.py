"""Numeric observations: what one player sees, as a fixed-length vector of small numbers.

Both clients need a tensor: PettingZoo's observation spaces and OpenSpiel's observation
tensors. Each game may declare an encoder in its own package (``GameSpec.encoder``, see
:mod:`rulebooks.games.registry`) that reads only what its player may see (public accessors of the
state, or the engine's own view of a player); every feature has a declared range, so the
vector always lies in ``Box(low, high)``. Counts and indices are stored as they are (a space
on a track, a card held is 0 or 1), as float32.

A game declaring no encoder gets :class:`TextEncoder`: the UTF-8 bytes of
``observation_string(player)``, zero-padded to a fixed length; a longer observation raises
rather than being cut.

Some features have no bound that the rules give (a running score): their ``high`` is
infinite. Round counters are bounded by the horizon's decisions (a round takes at least one).
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Iterable, Sequence

import numpy as np
import numpy.typing as npt

from engine.core import CHANCE, SIMULTANEOUS, TERMINAL, Game, RulebooksError, State

from . import Horizon

Vector = npt.NDArray[np.float32]


class Layout:
    """The features of an encoding, in order, each with its upper bound (lower bound 0)."""

    def __init__(self) -> None:
        self.names: list[str] = []
        self.high: list[float] = []

    def add(self, name: str, high: float, count: int = 1) -> None:
        for i in range(count):
            self.names.append(f"{name}[{i}]" if count > 1 else name)
            self.high.append(float(high))

    def add_each(self, name: str, highs: Sequence[float]) -> None:
        for i, high in enumerate(highs):
            self.names.append(f"{name}[{i}]")
            self.high.append(float(high))


class Encoder(abc.ABC):
    """Turns a state into what `player` sees, as a vector in ``[low, high]``."""

    def __init__(self, layout: Layout) -> None:
        self.names = tuple(layout.names)
        self.size = len(self.names)
        self.low: Vector = np.zeros(self.size, dtype=np.float32)
        self.high: Vector = np.asarray(layout.high, dtype=np.float32)

    @abc.abstractmethod
    def values(self, state: State, player: int) -> Sequence[float]:
        """The features in layout order."""

    def encode(self, state: State, player: int) -> Vector:
        vector = np.asarray(self.values(state, player), dtype=np.float32)
        if vector.shape != (self.size,):
            raise RulebooksError(
                f"{type(self).__name__}: {vector.shape[0]} features, the layout has {self.size}"
            )
        return vector


def one_hot(index: int | None, size: int) -> list[float]:
    """`size` zeros with a 1 at `index` (all zeros for None)."""
    values = [0.0] * size
    if index is not None:
        values[index] = 1.0
    return values


def acting(state: State, players: int) -> list[float]:
    """One-hot of the player to act; every player at a simultaneous node; none otherwise."""
    current = state.current_player()
    if current == SIMULTANEOUS:
        return [1.0] * players
    if current in (CHANCE, TERMINAL):
        return [0.0] * players
    return one_hot(current, players)


class TextEncoder(Encoder):
    """The generic fallback: the observation string's UTF-8 bytes, zero-padded."""

    def __init__(self, game: Game, horizon: Horizon, length: int = 4096) -> None:
        layout = Layout()
        layout.add("byte", 255, length)
        super().__init__(layout)
        self.length = length

    def values(self, state: State, player: int) -> Sequence[float]:
        data = state.observation_string(player).encode("utf-8")
        if len(data) > self.length:
            raise RulebooksError(
                f"the observation of player {player} takes {len(data)} bytes, more than the "
                f"{self.length} of the text encoding"
            )
        return list(data) + [0] * (self.length - len(data))


def tally(items: Iterable[tuple[int, int]], size: int) -> list[float]:
    """Counts by value 1..size-1 from (value, count) pairs."""
    counts = [0.0] * size
    for value, n in items:
        counts[value] += n
    return counts[1:]


def tally_list(values: Sequence[int], size: int) -> list[float]:
    """Counts by value 1..size-1 of a list of values."""
    counts = [0.0] * size
    for value in values:
        counts[value] += 1
    return counts[1:]


def _encoders() -> dict[str, Callable[[Game, Horizon], Encoder]]:
    from rulebooks.games import registry

    every = {**registry.installed().games, **registry.games()}
    return {name: spec.encoder for name, spec in every.items() if spec.encoder is not None}


def __getattr__(name: str) -> dict[str, Callable[[Game, Horizon], Encoder]]:
    """``ENCODERS``: the encoder of each registered game that declares one
    (:attr:`rulebooks.games.spec.GameSpec.encoder`); other games get :class:`TextEncoder`."""
    if name == "ENCODERS":
        return _encoders()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def encoder_for(game: Game, horizon: Horizon) -> Encoder:
    """The encoder of `game` (by its short name), or the text fallback."""
    factory = _encoders().get(game.short_name, TextEncoder)
    return factory(game, horizon)
