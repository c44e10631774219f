"""Step definitions every game shares word for word, over the game's `table` fixture.

pytest-bdd registers a step as a fixture of the module where its decorator runs, named after
the step text, and finds it where that module's names are star-imported: here, each game's
`steps.py` star-imports this module and each game's conftest star-imports its `steps.py`, so
these steps become fixtures of that game's folder beside the game's own steps. They reach the
game's world through the fixture `table` each game's steps provide (a `GameTable`). Only
sentences every game uses with one meaning belong here: a step defined here and again in a
game's steps would match twice.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when

from rulebooks.steps.table import GameTable

Table = GameTable[Any, Any]


@pytest.fixture
def rulebooks_world(table: Table) -> Table:
    """The recorder's view of the scenario: boards and forced outcomes for the site."""
    return table


@given("the game is set up")
def given_fresh(table: Table) -> None:
    table.set_up()


@when("the position is saved and read back")
def read_back(table: Table) -> None:
    table.read_back()


@when(parsers.parse('the action "{name}" is played'))
def action_played(table: Table, name: str) -> None:
    """Any action or chance outcome, by the engine's own name for it."""
    table.play(name)


@when(parsers.re(r'the actions (?P<names>"[^"]*"(?:, "[^"]*")*) are played together'))
def actions_played_together(table: Table, names: str) -> None:
    """One action per player, in player order, chosen at once."""
    table.play_together(re.findall(r'"([^"]*)"', names))


@then("the game is not over")
def game_not_over(table: Table) -> None:
    assert not table.state.is_terminal(), "the game is over"


@then(parsers.parse('the request is refused with an error mentioning "{text}"'))
def refused(table: Table, text: str) -> None:
    assert table.error is not None, "the request was accepted"
    assert table.engine_wording(text) in str(table.error), f"the error says: {table.error}"


@then("the game state is unchanged")
def unchanged(table: Table) -> None:
    assert table.before_error is not None
    assert table.state.to_dict() == table.before_error, "the refused request changed the state"
