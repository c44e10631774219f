"""Checks every game's state reader makes on a `to_dict` description.

Each game's ``state_io`` module reads a description back into a state (``from_dict``) and
names what is wrong in the words of its game. What every game checks the same way lives
here: the fields of the description, whole numbers in a range, lists, mappings, one of a set
of names, and the history of actions. A game creates one :class:`StateChecks` for its name,
so every message starts like its others (``mahe state: ...``); checks that only one game
makes, and their messages, stay in that game's module.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, TypeVar

from .core import InvalidStateError, shown

E = TypeVar("E", bound=Enum)

MAX_COUNT = 2**53
"""The largest turn or round number a description may hold: the largest integer every JSON
reader keeps exact. The rules bound neither (a Mahola round can be tied, a Mahé game goes
on until the beach), but no play reaches it (a round or turn takes several actions), so
every state the engines reach from a readable one is readable too."""


@dataclass(frozen=True)
class StateChecks:
    """The shared checks of one game's state reader.

    `game` is the game's name in `load_game` and in the description's ``"game"`` field;
    `title` is how a message names the game ("this is a Mahé game").
    """

    game: str
    title: str

    def fail(self, message: str) -> InvalidStateError:
        """The error for a description that is wrong: ``<game> state: <message>``."""
        return InvalidStateError(f"{self.game} state: {message}")

    def whole_number(self, value: Any, what: str, low: int, high: int) -> int:
        """`value`, which must be a whole number from `low` to `high` (a bool is not one)."""
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise self.fail(
                f"{what} must be a whole number from {low} to {high}, got {shown(value)}"
            )
        return value

    def list_of(self, value: Any, what: str) -> list[Any]:
        """`value`, which must be a list."""
        if not isinstance(value, list):
            raise self.fail(f"{what} must be a list, got {shown(value)}")
        return value

    def mapping(self, value: Any, what: str) -> Mapping[str, Any]:
        """`value`, which must be a mapping."""
        if not isinstance(value, Mapping):
            raise self.fail(f"{what} must be a mapping, got {shown(value)}")
        return value

    def member(self, value: Any, what: str, kind: type[E]) -> E:
        """`value` read as a member of the enum `kind` (a phase): ``Phase("order")``, so the
        state holds the engine's own member, never the caller's string."""
        if isinstance(value, str):
            try:
                return kind(value)
            except ValueError:
                pass
        choices = ", ".join(str(member.value) for member in kind)
        raise self.fail(f"{what} must be one of {choices}, got {shown(value)}")

    def one_of(self, value: Any, what: str, choices: Sequence[str]) -> str:
        """`value`, which must be one of `choices` (a phase, an ending)."""
        if value not in choices:
            raise self.fail(f"{what} must be one of {', '.join(choices)}, got {shown(value)}")
        return str(value)

    def description(
        self, data: Any, known: Collection[str], parameters: Mapping[str, Any]
    ) -> Mapping[str, Any]:
        """`data`, which must be a mapping of `known` fields only, describing this game with
        the `parameters` the game was created with (a field left out is taken as the game's).
        """
        if not isinstance(data, Mapping):
            raise self.fail(f"expected a mapping, got {type(data).__name__}")
        unknown = sorted(set(data) - set(known))
        if unknown:
            raise self.fail(
                f"unknown field(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}"
            )
        if data.get("game", self.game) != self.game:
            raise self.fail(f"this is a {self.title} game, not {shown(data['game'])}")
        for name, value in parameters.items():
            if name in data and data[name] != value:
                raise self.fail(
                    f"{name} is {shown(data[name])} but the game was created with "
                    f"{name}={shown(value)}"
                )
        return data

    def history(self, data: Mapping[str, Any], num_distinct_actions: int) -> list[int]:
        """The ``"history"`` field: the actions applied since the initial state."""
        return [
            self.whole_number(action, "an action in history", 0, num_distinct_actions - 1)
            for action in self.list_of(data.get("history", []), "history")
        ]
