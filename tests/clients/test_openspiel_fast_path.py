"""The OpenSpiel adapter answers pyspiel's state methods from Python (no call back through
C++) with OpenSpiel's own results, and keeps OpenSpiel's C++ history a faithful record:
the moves made from Python are copied into it, in order and with their players, before the
C++ side moves and whenever Python reads the C++ record."""

from __future__ import annotations

import pickle
import random
from typing import Any

import numpy as np
import pyspiel
import pytest

import engine
from rulebooks.adapters.openspiel import RulebooksState, load_game, register_game
from tests.clients.toy import AgainGame

register_game("again", AgainGame)
CPP = pyspiel.State  # the C++ methods, called past the adapter's Python ones
GAMES = [*sorted(engine.GAMES), "again"]


def _random_move(state: RulebooksState, rng: random.Random) -> Any:
    """A random move, found through OpenSpiel's C++ answers (not the adapter's)."""
    if CPP.is_chance_node(state):
        outcomes, weights = zip(*state.chance_outcomes(), strict=True)
        return rng.choices(outcomes, weights)[0]
    if CPP.is_simultaneous_node(state):
        return [rng.choice(CPP.legal_actions(state, p)) for p in range(state.num_players())]
    return rng.choice(CPP.legal_actions(state))


def _cpp_record(state: RulebooksState) -> list[tuple[int, int]]:
    return [(move.player, move.action) for move in CPP.full_history(state)]


def _cpp_move(state: RulebooksState, move: Any) -> None:
    CPP.apply_actions(state, move) if isinstance(move, list) else CPP.apply_action(state, move)


def _python_move(state: RulebooksState, move: Any) -> None:
    state.apply_actions(move) if isinstance(move, list) else state.apply_action(move)


@pytest.mark.parametrize("name", GAMES)
def test_the_python_answers_are_openspiels(name: str) -> None:
    game = load_game(name, max_game_length=400)
    state, rng = game.new_initial_state(), random.Random(4)
    while True:
        assert state.current_player() == CPP.current_player(state)
        assert state.is_terminal() == CPP.is_terminal(state)
        assert state.is_chance_node() == CPP.is_chance_node(state)
        assert state.is_simultaneous_node() == CPP.is_simultaneous_node(state)
        assert state.is_player_node() == CPP.is_player_node(state)
        assert state.legal_actions() == CPP.legal_actions(state)
        for player in range(game.num_players()):
            assert state.legal_actions(player) == CPP.legal_actions(state, player)
        assert len(state.full_history()) == len(state.history())  # copies the moves to C++
        assert state.move_number() == CPP.move_number(state)
        assert state.history_str() == CPP.history_str(state)
        assert state.is_initial_state() == (state.history() == [])
        if state.is_terminal():
            break
        _python_move(state, _random_move(state, rng))
    assert state.returns() == CPP.returns(state)


def test_legal_actions_of_a_pseudo_player_is_an_error_as_in_openspiel() -> None:
    state = load_game("mahe").new_initial_state()
    while not state.is_player_node():  # the egg card, then the first die
        state.apply_action(state.legal_actions()[0])
    for legal_actions in (state.legal_actions, lambda p: CPP.legal_actions(state, p)):
        with pytest.raises(pyspiel.SpielError, match="pseudo-player -1"):
            legal_actions(-1)


@pytest.mark.parametrize("name", GAMES)
def test_the_cpp_record_of_python_moves_is_the_one_cpp_moves_make(name: str) -> None:
    """The same moves, made from Python on one state and through C++ on another: the same
    history, players and move count in OpenSpiel's C++ record."""
    game = load_game(name)
    by_python, by_cpp, rng = game.new_initial_state(), game.new_initial_state(), random.Random(9)
    for _ in range(150):
        if by_cpp.is_terminal():
            break
        move = _random_move(by_cpp, rng)
        _python_move(by_python, move)
        _cpp_move(by_cpp, move)
    assert CPP.history(by_python) == []  # not copied yet: nothing in C++ asked for it
    assert by_python.history() == CPP.history(by_cpp) == by_cpp.engine_state.history()
    assert by_python.move_number() == CPP.move_number(by_cpp)
    assert by_python.history_str() == CPP.history_str(by_cpp)
    assert len(by_python.full_history()) == len(by_python.history())  # copies the moves
    assert _cpp_record(by_python) == _cpp_record(by_cpp)
    assert CPP.history(by_python) == by_python.history()
    assert CPP.move_number(by_python) == by_python.move_number()
    joint = [move.player for move in CPP.full_history(by_cpp)]
    assert (CHANCE_ID in joint) and (name != "again" or set(joint) == {-1, 0, 1})


CHANCE_ID = int(pyspiel.PlayerId.CHANCE)


@pytest.mark.parametrize("name", GAMES)
def test_a_cpp_move_after_python_moves_comes_after_them(name: str) -> None:
    game = load_game(name)
    state, rng = game.new_initial_state(), random.Random(2)
    reference = game.new_initial_state()
    for round_ in range(6):
        for _ in range(7):  # some moves from Python...
            if state.is_terminal():
                break
            move = _random_move(state, rng)
            _python_move(state, move)
            _cpp_move(reference, move)
        if state.is_terminal():
            break
        move = _random_move(state, rng)  # ...then one by C++: the record is whole
        _cpp_move(state, move)
        _cpp_move(reference, move)
        assert CPP.history(state) == state.history() == CPP.history(reference), round_
        assert _cpp_record(state) == _cpp_record(reference)
        assert CPP.move_number(state) == state.move_number() == CPP.move_number(reference)


def test_copies_and_openspiels_own_serialisation_keep_the_record_faithful() -> None:
    game = load_game("mahe", players=3)
    state, rng = game.new_initial_state(), random.Random(5)
    for _ in range(40):
        _python_move(state, _random_move(state, rng))
    reference = game.new_initial_state()
    for action in state.history():
        CPP.apply_action(reference, action)
    # a C++ copy (Clone), a Python copy, OpenSpiel's serialisation and a pickle
    copies = [
        CPP.clone(state),
        state.clone(),
        pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1],
        pickle.loads(pickle.dumps(state)),
    ]
    move = _random_move(state, rng)
    for copy in copies:
        assert copy.history() == state.history() and str(copy) == str(state)
        _cpp_move(copy, move)
    _cpp_move(reference, move)
    python_child = state.child(move)  # moved from Python: copied to C++ when asked for
    assert CPP.history(python_child) == []
    python_child.full_history()
    for copy in [*copies, CPP.child(state, move), python_child]:
        assert copy.history() == CPP.history(copy) == CPP.history(reference)
        assert _cpp_record(copy) == _cpp_record(reference)
        assert CPP.move_number(copy) == copy.move_number() == CPP.move_number(reference)
    assert len(state.history()) == 40  # the original is untouched


def test_a_pickle_holds_the_whole_cpp_record() -> None:
    state, rng = load_game("mahe").new_initial_state(), random.Random(6)
    for _ in range(30):
        _python_move(state, _random_move(state, rng))
    copy = pickle.loads(pickle.dumps(state))
    assert CPP.history(copy) == CPP.history(state) == state.history()


def test_an_action_is_any_integer_as_in_pyspiel() -> None:
    state = load_game("mahe").new_initial_state()
    state.apply_action(np.int64(state.legal_actions()[0]))
    assert state.history() == [state.engine_state.history()[0]]
    assert type(state.history()[0]) is int
    for bad in (float(state.legal_actions()[0]), str(state.legal_actions()[0])):
        with pytest.raises(TypeError, match="an action is an integer"):
            state.apply_action(bad)
    assert len(state.history()) == 1


def test_an_illegal_move_from_python_leaves_the_record_unchanged() -> None:
    state = load_game("mahe").new_initial_state()
    state.apply_action(state.legal_actions()[0])
    with pytest.raises(engine.IllegalActionError):
        state.apply_action(state.num_distinct_actions() + 1)
    record = [(move.player, move.action) for move in state.full_history()]
    assert state.move_number() == 1 and record == [(CHANCE_ID, state.history()[0])]
