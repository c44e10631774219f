"""Step definitions for features/pig: thin wrappers over the engine, built on the step
library (:mod:`rulebooks.steps`): the scenario world, the shared steps and the notation.

``tests/conftest.py`` star-imports this module, so pytest-bdd finds these steps (and the
shared ones imported here) as fixtures of the tests folder.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from pig_engine import HOLD, ROLL, PigGame, PigState, face_action
from pig_engine.svg import to_svg
from pytest_bdd import given, parsers, then, when

from rulebooks.steps import notation
from rulebooks.steps.common import *  # noqa: F403  (the steps every game shares)
from rulebooks.steps.table import GameTable


class PigTable(GameTable[PigGame, PigState]):
    """One scenario's game of Pig (see `GameTable`)."""

    game_type = PigGame
    state_type = PigState

    def __init__(self) -> None:
        super().__init__()
        self.params["players"] = 2

    def position(self, game: PigGame) -> dict[str, Any]:
        data = {"scores": [0] * game.num_players, "turn_player": 0, "turn_total": 0}
        data.update(self.setup)
        return data

    def picture(self, state: PigState) -> dict[str, str]:
        return {"text": str(state), "svg": to_svg(state)}


@pytest.fixture
def table() -> PigTable:
    return PigTable()


# -- Given ------------------------------------------------------------------------------------
@given(parsers.parse("a {players:d}-player game of Pig"))
def a_game(table: PigTable, players: int) -> None:
    table.declare(players)


@given(parsers.parse("a {players:d}-player game of Pig to {target:d} points"))
def a_game_to(table: PigTable, players: int, target: int) -> None:
    table.declare(players, target=target)


@given(parsers.parse("the scores are {scores}"))
def given_scores(table: PigTable, scores: str) -> None:
    table.describe()["scores"] = notation.numbers(scores)


@given(parsers.parse("it is {who}'s turn with a turn total of {total:d}"))
def given_turn(table: PigTable, who: str, total: int) -> None:
    setup = table.describe()
    setup["turn_player"] = table.player(who)
    setup["turn_total"] = total


# -- When -------------------------------------------------------------------------------------
@when(parsers.parse("a {players:d}-player game of Pig is requested"))
def request_game(table: PigTable, players: int) -> None:
    table.request(lambda: PigGame(players=players))


@when(parsers.re(r"(?P<who>.+) rolls an? (?P<face>\d+)$"))
def rolls_a(table: PigTable, who: str, face: str) -> None:
    table.decide(who, ROLL)
    table.chance(f"die {int(face)}")


@when(parsers.re(r"(?P<who>.+) rolls (?P<faces>\d+(?:, \d+)* and \d+)$"))
def rolls_several(table: PigTable, who: str, faces: str) -> None:
    for face in notation.numbers(faces):
        table.decide(who, ROLL)
        table.chance(f"die {face}")


@when(parsers.re(r"(?P<who>.+) rolls$"))
def rolls(table: PigTable, who: str) -> None:
    table.decide(who, ROLL)


@when(parsers.parse("{who} holds"))
def holds(table: PigTable, who: str) -> None:
    table.decide(who, HOLD)


@when(parsers.parse("{who} tries to roll"))
def tries_to_roll(table: PigTable, who: str) -> None:
    assert table.state.current_player() == table.player(who), f"it is not {who}'s turn"
    table.attempt(lambda: table.state.apply_action(ROLL))


# -- Then -------------------------------------------------------------------------------------
@then("every score is 0")
def every_score_zero(table: PigTable) -> None:
    assert table.state.scores == [0] * table.player_count, f"scores: {table.state.scores}"


@then(parsers.parse("the scores are {scores}"))
def then_scores(table: PigTable, scores: str) -> None:
    expected = notation.numbers(scores)
    table.expect(lambda d: d.update(scores=expected))
    assert table.state.scores == expected, f"scores: {table.state.scores}"


@then(parsers.parse("it is {who}'s turn with a turn total of {total:d}"))
def then_turn(table: PigTable, who: str, total: int) -> None:
    state = table.state
    player = table.player(who)
    assert not state.is_over(), f"the game is over: {state}"
    assert state.turn_player == player, f"it is {table.name(state.turn_player)}'s turn"
    assert state.turn_total == total, f"the turn total is {state.turn_total}"


@then(parsers.parse("{who} can roll or hold"))
def can_roll_or_hold(table: PigTable, who: str) -> None:
    legal = table.state.legal_action_strings(table.player(who))
    assert legal == ["roll", "hold"], f"{who} can: {legal}"


@then(parsers.parse("{who} can only hold"))
def can_only_hold(table: PigTable, who: str) -> None:
    legal = table.state.legal_action_strings(table.player(who))
    assert legal == ["hold"], f"{who} can: {legal}"


@then(parsers.parse("{who} can neither roll nor hold"))
def can_do_nothing(table: PigTable, who: str) -> None:
    legal = table.state.legal_action_strings(table.player(who))
    assert legal == [], f"{who} can: {legal}"


@then(parsers.parse("each face from 1 to {faces:d} comes up with probability 1/{share:d}"))
def faces_equally_likely(table: PigTable, faces: int, share: int) -> None:
    outcomes = table.state.chance_outcomes_exact()
    expected = [(face_action(face), Fraction(1, share)) for face in range(1, faces + 1)]
    assert outcomes == expected, f"outcomes: {outcomes}"


@then(parsers.parse("{who} wins"))
def wins(table: PigTable, who: str) -> None:
    state = table.state
    player = table.player(who)
    assert state.winner == player, f"winner: {state.winner}"
    assert state.returns()[player] == 1.0 and sum(state.returns()) == 1.0


@then("the game is over")
def game_over(table: PigTable) -> None:
    assert table.state.is_terminal(), f"the game goes on: {table.state}"
