"""The scenario world: what a game's step definitions show the recorder.

A game's steps provide the ``rulebooks_world`` fixture (see :mod:`rulebooks.steps`); the
recorder and the replay printer ask it for pictures of the state and the forced outcomes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol, cast

import pytest

from rulebooks.results.schema import (
    Board,
)

if TYPE_CHECKING:
    pass


class ScenarioWorld(Protocol):
    """What a game's step definitions offer as the ``rulebooks_world`` fixture.

    The recorder asks it for pictures of the state around the scenario's action, and for the
    chance outcomes the scenario forced, so the site can show them and a reader can replay.
    """

    forced_outcomes: list[str]
    expected_board: dict[str, str] | None

    def snapshot(self) -> dict[str, str] | None:
        """The current state as ``{"text": ..., "svg": ...}``, None before there is one."""


WORLD_FIXTURE = "rulebooks_world"


def scenario_world(request: pytest.FixtureRequest) -> ScenarioWorld | None:
    """The scenario's ``rulebooks_world`` fixture, if its step definitions provide one."""
    try:
        world = request.getfixturevalue(WORLD_FIXTURE)
    except pytest.FixtureLookupError:
        return None
    return cast(ScenarioWorld, world) if hasattr(world, "snapshot") else None


def board_of(picture: Mapping[str, str]) -> Board:
    return Board(text=str(picture.get("text", "")), svg=str(picture.get("svg", "")))
