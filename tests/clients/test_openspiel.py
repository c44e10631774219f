"""The OpenSpiel adapter: OpenSpiel's own random simulation test on every registered game and
parameter set (serialisation on), the mapping of each game, and the adapter against the
engine it wraps."""

from __future__ import annotations

import random
from typing import Any

import pyspiel
import pytest

import engine
from engine.core import IllegalActionError
from rulebooks.adapters import PERFECT_INFORMATION, probe_information
from rulebooks.adapters.openspiel import (
    RulebooksState,
    load_game,
    register_game,
    register_games,
    short_name,
)
from tests.clients.cases import case_id, game_cases, reaches_simultaneous
from tests.clients.toy import AgainGame

Dynamics = pyspiel.GameType.Dynamics
Information = pyspiel.GameType.Information

register_game("again", AgainGame)


def test_every_engine_game_is_registered_under_its_python_name() -> None:
    names = register_games()
    assert names == [f"python_rulebooks_{name}" for name in sorted(engine.GAMES)]
    assert set(names) <= set(pyspiel.registered_names())


@pytest.mark.parametrize("case", game_cases(), ids=case_id)
def test_random_sim_test_with_serialisation(case: tuple[str, dict[str, Any]]) -> None:
    name, params = case
    game = load_game(name, **params)
    assert game.num_players() == params["players"]
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_random_sim_test_on_a_toy_game_with_simultaneous_and_one_player_nodes() -> None:
    game = load_game("again")
    assert game.get_type().dynamics == Dynamics.SIMULTANEOUS
    pyspiel.random_sim_test(game, num_sims=20, serialize=True, verbose=False)


@pytest.mark.parametrize("name", sorted(engine.GAMES))
def test_dynamics_follow_the_engine(name: str) -> None:
    gtype = register_game(name)
    simultaneous = reaches_simultaneous(engine.load_game(name))
    expected = Dynamics.SIMULTANEOUS if simultaneous else Dynamics.SEQUENTIAL
    assert gtype.dynamics == expected
    assert gtype.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert gtype.utility == pyspiel.GameType.Utility.GENERAL_SUM


@pytest.mark.parametrize("name", sorted(PERFECT_INFORMATION))
def test_stated_information_agrees_with_the_observations(name: str) -> None:
    gtype = register_game(name)
    perfect = PERFECT_INFORMATION[name]
    assert probe_information(engine.load_game(name)) == perfect
    expected = Information.PERFECT_INFORMATION if perfect else Information.IMPERFECT_INFORMATION
    assert gtype.information == expected
    assert gtype.provides_information_state_string == perfect


def test_game_parameters_are_the_engine_ones_plus_the_horizon() -> None:
    game = load_game("mahe", players=3, variant=True)
    assert game.get_parameters() == {
        "players": 3,
        "variant": True,
        "first_player": 0,
        "max_game_length": 10_000,
        "max_chance_nodes": 10_000,
    }
    assert str(game) == (
        "python_rulebooks_mahe(first_player=0,max_chance_nodes=10000,max_game_length=10000,"
        "players=3,variant=True)"
    )
    engine_game = engine.load_game("mahe", players=3)
    assert game.num_distinct_actions() == engine_game.num_distinct_actions
    assert game.max_chance_outcomes() == engine_game.num_distinct_actions
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)
    assert game.max_game_length() == 10_000
    assert game.max_chance_nodes_in_history() == 10_000
    with pytest.raises(engine.InvalidGameError, match="played by 2 to 7 players, not 8"):
        load_game("mahe", players=8)
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'colour'"):
        pyspiel.load_game(short_name("mahe"), {"colour": "red"})


def _random_action(state: RulebooksState, rng: random.Random) -> Any:
    if state.is_chance_node():
        outcomes, weights = zip(*state.chance_outcomes(), strict=True)
        return rng.choices(outcomes, weights)[0]
    if state.is_simultaneous_node():
        return [rng.choice(state.legal_actions(p)) for p in range(state.num_players())]
    return rng.choice(state.legal_actions())


@pytest.mark.parametrize("name", sorted(engine.GAMES))
def test_the_adapter_shows_the_engine_state_it_wraps(name: str) -> None:
    """Legal actions, chance outcomes, observations, history and returns are the engine's."""
    game = load_game(name)
    state = game.new_initial_state()
    rng = random.Random(3)
    while not state.is_terminal():
        inner = state.engine_state
        assert state.current_player() == inner.current_player()
        for p in range(game.num_players()):
            assert state.observation_string(p) == inner.observation_string(p)
            if not state.is_chance_node():
                assert state.legal_actions(p) == inner.legal_actions(p)
        if state.is_chance_node():
            outcomes, exact = state.chance_outcomes(), inner.chance_outcomes_exact()
            assert [a for a, _ in outcomes] == [a for a, _ in exact]
            assert [p for _, p in outcomes] == pytest.approx([float(p) for _, p in exact])
        action = _random_action(state, rng)
        if isinstance(action, list):
            state.apply_actions(action)
        else:
            assert state.action_to_string(state.current_player(), action) == (
                inner.action_to_string(action)
            )
            state.apply_action(action)
        assert state.history() == state.engine_state.history()
    assert state.engine_state.is_terminal()
    assert state.returns() == state.engine_state.returns()
    assert sum(state.returns()) >= 1.0  # someone won


@pytest.mark.parametrize("name", sorted(engine.GAMES))
def test_an_illegal_action_raises_and_changes_nothing(name: str) -> None:
    game = load_game(name)
    state = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(40):
        action = _random_action(state, rng)
        state.apply_actions(action) if isinstance(action, list) else state.apply_action(action)
    before, history = str(state), state.history()
    illegal = game.num_distinct_actions() + 3
    with pytest.raises(IllegalActionError):
        if state.is_simultaneous_node():
            state.apply_actions([illegal] * game.num_players())
        else:
            state.apply_action(illegal)
    assert str(state) == before and state.history() == history


@pytest.mark.parametrize("name", sorted(engine.GAMES))
def test_a_deserialised_state_plays_on_like_the_original(name: str) -> None:
    game = load_game(name, players=3)
    state = game.new_initial_state()
    rng = random.Random(8)
    for _ in range(60):
        action = _random_action(state, rng)
        state.apply_actions(action) if isinstance(action, list) else state.apply_action(action)
    text = pyspiel.serialize_game_and_state(game, state)
    game2, copy = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert copy.history() == state.history() and str(copy) == str(state)
    assert copy.engine_state.to_dict() == state.engine_state.to_dict()
    for _ in range(30):
        if state.is_terminal():
            break
        action = _random_action(state, rng)
        for s in (state, copy):
            s.apply_actions(action) if isinstance(action, list) else s.apply_action(action)
        assert str(copy) == str(state)


def test_clones_are_independent_engine_copies() -> None:
    state = load_game("mahe").new_initial_state()
    state.apply_action(state.legal_actions()[0])
    clone = state.clone()
    assert clone.engine_state is not state.engine_state
    assert clone.engine_state.to_dict() == state.engine_state.to_dict()
    clone.apply_action(clone.legal_actions()[0])
    assert len(state.history()) == 1 and len(clone.history()) == 2


def test_a_play_is_truncated_at_the_horizon() -> None:
    game = load_game("mahe", max_game_length=5, max_chance_nodes=1000)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    state = game.new_initial_state()
    rng = random.Random(1)
    decisions = 0
    while not state.is_terminal():
        decisions += not state.is_chance_node()
        state.apply_action(_random_action(state, rng))
    assert decisions == 5
    assert not state.engine_state.is_terminal()
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.returns() == [0.0] * 4 and state.legal_actions() == []
    assert "truncated after 5 decisions" in str(state)
    with pytest.raises(IllegalActionError, match="stopped at its horizon"):
        state.apply_action(state.engine_state.legal_actions()[0])


def test_chance_events_are_bounded_too() -> None:
    game = load_game("mahola", max_chance_nodes=7)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert len(state.history()) == 7 and game.max_chance_nodes_in_history() == 7


def test_observations_for_the_default_and_perfect_recall_types() -> None:
    perfect = load_game("mahe")
    state = perfect.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    assert state.information_state_string(1) == state.history_str()
    assert len(state.observation_tensor(1)) == perfect.observation_tensor_size()
    hidden = load_game("mamey")
    with pytest.raises(ValueError, match="only the default observation"):
        hidden.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    tensor_size = hidden.observation_tensor_size()
    assert len(hidden.new_initial_state().observation_tensor(0)) == tensor_size
