"""Saved positions play on: a position written with ``to_dict``, passed through JSON text and
read back with ``state_from_dict`` plays exactly like the original, to the end of the game.

Over random reachable positions of every game (Hypothesis: random parameters, a seeded random
play of random length), and at the Mahé positions that once did not play (issue 10: the
phase was compared by identity, so a phase read from JSON was "equal but not the same"):
"first die" accepted a die and did nothing, "order" said chance, a finished game was not over.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import RandomSampler, State
from tests.invariants.checks import check_plays_alike
from tests.invariants.test_invariants import GAME_NAMES, parameters

EXAMPLES = settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def through_json(state: State) -> State:
    """The state written with to_dict, as JSON text, and read back."""
    return state.game.state_from_dict(json.loads(json.dumps(state.to_dict())))


def reach(state: State, sampler: RandomSampler, actions: int) -> State:
    """`state` after up to `actions` seeded random actions (fewer when the game ends)."""
    for _ in range(actions):
        if state.is_terminal():
            break
        sampler.step(state)
    return state


@pytest.mark.parametrize("name", GAME_NAMES)
@given(data=st.data())
@EXAMPLES
def test_positions_read_back_from_json_play_on_alike(name: str, data: st.DataObject) -> None:
    params = data.draw(parameters(name), label="parameters")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    actions = data.draw(st.integers(0, 3000), label="actions")
    game = engine.load_game(name, **params)
    state = reach(game.new_initial_state(), RandomSampler(seed), actions)
    check_plays_alike(state, through_json(state), seed=seed)


def mahe_position(players: int, phase: str) -> State:
    """The first position of a seeded Mahé game at `phase` ("over": the game's end)."""
    state = engine.load_game("mahe", players=players).new_initial_state()
    sampler = RandomSampler(7)
    while state.to_dict()["phase"] != phase:
        sampler.step(state)
    return state


@pytest.mark.parametrize(
    ("players", "phase"),
    [(2, "order"), (3, "order"), (4, "first die"), (2, "first die"), (4, "decide"),
     (4, "next die"), (4, "reveal"), (2, "over"), (5, "over")],
)  # fmt: skip
def test_mahe_positions_read_back_play_on(players: int, phase: str) -> None:
    state = mahe_position(players, phase)
    again = through_json(state)
    assert again.current_player() == state.current_player()
    assert again.is_terminal() == state.is_terminal() == (phase == "over")
    check_plays_alike(state, again, seed=players)
