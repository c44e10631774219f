"""The Pig engine keeps the state protocol's promises: positions round-trip through JSON,
bad input is refused with the project's errors, and random plays end."""

from __future__ import annotations

import json

import pytest
from pig_engine import HOLD, ROLL, PigGame

import engine
from engine import RandomSampler
from engine.core import IllegalActionError, InvalidGameError, InvalidStateError


def test_pig_loads_by_name_through_the_registry() -> None:
    game = engine.load_game("pig", players=3, target=50)
    assert isinstance(game, PigGame)
    assert game.parameters() == {"players": 3, "target": 50, "faces": 6, "horizon": None}


@pytest.mark.parametrize("seed", range(5))
def test_a_random_play_ends_with_one_winner_and_round_trips(seed: int) -> None:
    game = PigGame(players=3, target=40)
    state = game.new_initial_state()
    final = RandomSampler(seed=seed).play_out(state)
    assert final.is_terminal() and sorted(final.returns()) == [0.0, 0.0, 1.0]
    again = game.state_from_dict(json.loads(json.dumps(final.to_dict())))
    assert again == final


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"scores": [0]}, "scores must list 2 scores"),
        ({"scores": [0, -3]}, "a score is a whole number >= 0"),
        ({"scores": [100, 100]}, "two scores reached the target"),
        ({"scores": [0, 0], "turn_player": 2}, "no player 2"),
        ({"scores": [0, 0], "turn_total": 1}, "a turn total of 1 cannot happen"),
        ({"scores": [0, 0], "rolling": "yes"}, "rolling is true or false"),
        ({"scores": [0, 0], "dice": 3}, "unknown keys ['dice']"),
        ([1, 2], "expected a mapping"),
    ],
)
def test_a_bad_position_is_refused_naming_the_problem(data: object, words: str) -> None:
    with pytest.raises(InvalidStateError, match="pig state") as error:
        PigGame().state_from_dict(data)  # type: ignore[arg-type]
    assert words in str(error.value)


@pytest.mark.parametrize(
    ("params", "words"),
    [({"players": 1}, "2 to 10 players"), ({"target": 0}, "target must be"),
     ({"faces": True}, "faces must be"), ({"horizon": 0}, "horizon must be")],
)  # fmt: skip
def test_bad_parameters_are_refused(params: dict[str, object], words: str) -> None:
    with pytest.raises(InvalidGameError, match=words):
        PigGame(**params)  # type: ignore[arg-type]


def test_an_illegal_action_changes_nothing() -> None:
    state = PigGame().state_from_dict({"scores": [95, 0], "turn_total": 6})
    before = state.to_dict()
    with pytest.raises(IllegalActionError, match="can only hold"):
        state.apply_action(ROLL)
    assert state.to_dict() == before
    state.apply_action(HOLD)
    assert state.winner == 0
