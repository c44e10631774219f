"""Step definitions for features/pig, on the step library (:mod:`rulebooks.steps`).

Pig names its concepts (:class:`~rulebooks.steps.mechanics.Concepts`): its title, its two
decisions, a die, the scores and whose turn it is; :func:`~rulebooks.steps.mechanics.use_mechanics`
then defines the steps of those mechanics (players, rolls, holds, legal actions, scores, the
winner) and the ``table`` fixture. Only what is Pig's alone is written here: the target as a
parameter and the turn total.

``tests/conftest.py`` star-imports this module, so pytest-bdd finds these steps (and the
library's, defined or imported here) as fixtures of the tests folder.
"""

from __future__ import annotations

from pig_engine import PigGame, PigState
from pig_engine.svg import to_svg
from pytest_bdd import given, parsers, then

from rulebooks.steps.common import *  # noqa: F403  (the steps every game shares)
from rulebooks.steps.mechanics import Concepts, Dice, MechanicsTable, use_mechanics


class PigTable(MechanicsTable[PigGame, PigState]):
    """One scenario's game of Pig (see `GameTable`)."""

    game_type = PigGame
    state_type = PigState
    concepts = Concepts(
        title="Pig",
        actions=("roll", "hold"),
        dice=Dice(outcome="die {face}", decision="roll"),
        scores="scores",
        turn="turn_player",
        renderer=to_svg,
    )

    def __init__(self) -> None:
        super().__init__()
        self.params["players"] = 2


use_mechanics(PigTable)


@given(parsers.parse("a {players:d}-player game of Pig to {target:d} points"))
def a_game_to(table: PigTable, players: int, target: int) -> None:
    table.declare(players, target=target)


@given(parsers.parse("it is {who}'s turn with a turn total of {total:d}"))
def given_turn(table: PigTable, who: str, total: int) -> None:
    setup = table.describe()
    setup["turn_player"] = table.player(who)
    setup["turn_total"] = total


@then(parsers.parse("it is {who}'s turn with a turn total of {total:d}"))
def then_turn(table: PigTable, who: str, total: int) -> None:
    state = table.state
    player = table.player(who)
    assert not state.is_over(), f"the game is over: {state}"
    assert state.turn_player == player, f"it is {table.name(state.turn_player)}'s turn"
    assert state.turn_total == total, f"the turn total is {state.turn_total}"
