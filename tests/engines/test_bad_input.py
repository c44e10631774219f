"""Bad input to every engine: the project's error, naming what is wrong, and nothing changed.

Actions that are not ints (issue 15, point 9: ``apply_action(17.5)`` in Mahé then
``apply_action(0)`` made the blue turtle vanish), and descriptions that break the readers
(point 11: a 5,000-digit int, deep nesting, unhashable values, a Mamey ``draws`` list naming
a field twice, a Mahola round of 10**9).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

import engine
from engine import (
    SIMULTANEOUS,
    IllegalActionError,
    InvalidStateError,
    RandomSampler,
    State,
)
from engine.core import shown

GAME_NAMES = sorted(engine.GAMES)
NOT_INTS: list[Any] = [17.5, 1.0, True, False, None, "1", [1], (1,), 2**0.5, float("nan")]


def position(name: str, actions: int = 40, seed: int = 3) -> State:
    state = engine.load_game(name).new_initial_state()
    sampler = RandomSampler(seed)
    for _ in range(actions):
        sampler.step(state)
    return state


def joint_position() -> State:
    """A Mahola position where every player acts at once."""
    state = position("mahola", 0)
    sampler = RandomSampler(5)
    while state.current_player() != SIMULTANEOUS:
        sampler.step(state)
    return state


def refused(state: State, attempt: Callable[[], object], words: str) -> IllegalActionError:
    before = json.dumps(state.to_dict())
    with pytest.raises(IllegalActionError) as caught:
        attempt()
    assert words in str(caught.value)
    assert json.dumps(state.to_dict()) == before, "refused, but the state changed"
    return caught.value


@pytest.mark.parametrize("value", NOT_INTS, ids=repr)
@pytest.mark.parametrize("name", GAME_NAMES)
def test_an_action_that_is_not_an_int_is_refused(name: str, value: Any) -> None:
    state = position(name)
    if state.current_player() == SIMULTANEOUS:
        state = position(name, 41)
    kind = type(value).__name__
    refused(state, lambda: state.apply_action(value), f"an action is an int, not {kind}")
    refused(state, lambda: state.action_to_string(value), f"an action is an int, not {kind}")


@pytest.mark.parametrize("value", NOT_INTS, ids=repr)
def test_a_joint_action_with_a_non_int_is_refused(value: Any) -> None:
    state = joint_position()
    joint: list[Any] = [state.legal_actions(p)[0] for p in range(state.game.num_players)]
    joint[1] = value
    refused(state, lambda: state.apply_actions(joint), "an action is an int")
    odd: Any = set(joint[:1])
    error = refused(state, lambda: state.apply_actions(odd), "a joint action is a list")
    assert error.player == SIMULTANEOUS


def test_a_legal_joint_action_may_be_a_tuple() -> None:
    state = joint_position()
    joint = tuple(state.legal_actions(p)[0] for p in range(state.game.num_players))
    state.apply_actions(joint)
    assert state.history()[-len(joint) :] == list(joint)


def test_the_blue_turtle_stays_after_a_float_die() -> None:
    """Issue 15: apply_action(17.5) then apply_action(0) made the blue turtle vanish."""
    state = engine.load_game("mahe", players=4).new_initial_state()
    state.apply_action(state.string_to_action("reveal 3"))
    half: Any = 17.5
    refused(state, lambda: state.apply_action(half), "an action is an int, not float")
    state.apply_action(state.string_to_action("die 3"))
    state.apply_action(0)
    assert state.position(0) == 3


@pytest.mark.parametrize("value", [-1, 10**6, 10**5000, -(10**5000)], ids=lambda v: shown(v, 12))
@pytest.mark.parametrize("name", GAME_NAMES)
def test_an_int_outside_the_game_is_refused_and_named_unknown(name: str, value: int) -> None:
    state = position(name)
    if state.current_player() == SIMULTANEOUS:
        state = position(name, 41)
    refused(state, lambda: state.apply_action(value), "is not an action of")
    assert state.action_to_string(value).startswith("unknown action")


@pytest.mark.parametrize("name", GAME_NAMES)
def test_an_action_name_that_is_not_a_string_is_refused(name: str) -> None:
    state = position(name)
    if state.current_player() == SIMULTANEOUS:
        state = position(name, 41)
    texts: list[Any] = [None, 0, b"stop", ["stop"]]
    for text in texts:
        refused(state, partial(state.string_to_action, text), "an action's name is a string")


# -- descriptions ---------------------------------------------------------------------------
def deep(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def first_int_field(data: dict[str, Any]) -> str:
    return next(k for k, v in data.items() if type(v) is int and k not in ("players",))


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize(
    "change",
    [
        "a 5,000-digit int", "deep nesting", "a dict in a list", "a float for an int",
        "a bool for an int", "not a mapping", "a phase that is a list", "an unknown phase",
    ],
)  # fmt: skip
def test_a_broken_description_raises_only_invalid_state_error(name: str, change: str) -> None:
    state = position(name)
    data: Any = state.to_dict()
    number = first_int_field(data)
    if change == "a 5,000-digit int":
        data[number] = 10**5000
    elif change == "deep nesting":
        data["history"] = deep(5000)
    elif change == "a dict in a list":
        data["history"] = [{"a": [1]}]
        for key, value in data.items():
            if isinstance(value, list) and value and key != "history":
                data[key] = [{"x": [1]}] * len(value)
    elif change == "a float for an int":
        data[number] = float(data[number]) + 0.5
    elif change == "a bool for an int":
        data[number] = True
    elif change == "not a mapping":
        data = [data]
    elif change == "a phase that is a list":
        data["phase"] = [data["phase"]]
    else:
        data["phase"] = "lunch"
    with pytest.raises(InvalidStateError) as caught:
        state.game.state_from_dict(data)
    assert str(caught.value).startswith(f"{name} state: ")
    if "phase" in change:
        assert "phase must be one of" in str(caught.value)


def test_a_mamey_draw_list_naming_a_field_twice_is_refused() -> None:
    """It once lost a card: the second card drawn for the field covered the first."""
    game = engine.load_game("mamey", players=3)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])  # the first set-up card, for field 1
    data = state.to_dict()
    assert data["draws"][0] == "field 2"
    data["draws"][0] = "field 1"
    with pytest.raises(InvalidStateError, match="field 1, which already has a face-down card"):
        game.state_from_dict(data)
    data["draws"][:2] = ["field 3", "field 3"]
    with pytest.raises(InvalidStateError, match="draws names field 3 twice"):
        game.state_from_dict(data)


def test_a_mahola_round_of_a_billion_stays_readable_after_the_next_round() -> None:
    game = engine.load_game("mahola", players=4)
    state = game.new_initial_state()
    sampler = RandomSampler(2)
    while state.current_player() != SIMULTANEOUS:
        sampler.step(state)
    data = state.to_dict()
    data["round"] = 10**9
    state = game.state_from_dict(data)
    while state.round_number == 10**9 and not state.is_terminal():
        sampler.step(state)
    again = game.state_from_dict(json.loads(json.dumps(state.to_dict())))
    assert again.round_number == state.round_number


def test_a_masai_player_never_holds_more_seeds_than_they_got() -> None:
    game = engine.load_game("masai", players=2)
    data = game.new_initial_state().to_dict()
    data["special_uses"][0][1] = 2  # 1 + 2 seeds paid, yet every seed still in hand
    with pytest.raises(InvalidStateError, match="more than the 20 each player gets"):
        game.state_from_dict(data)


def test_a_seat_that_is_not_an_int_has_no_joint_actions() -> None:
    state = joint_position()
    seats: list[Any] = ["0", None, [0], 0.5]
    assert [state.legal_actions(seat) for seat in seats] == [[], [], [], []]
    assert state.legal_actions(0)
