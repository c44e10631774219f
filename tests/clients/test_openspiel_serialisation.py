"""The OpenSpiel adapter's serialisation: parameters and history only, read back by replaying
the history through the validating API; crafted pickles and malformed texts are refused."""

from __future__ import annotations

import base64
import builtins
import pickle
import random
from pathlib import Path
from typing import Any

import pyspiel
import pytest

import engine
from engine.core import InvalidStateError
from rulebooks.adapters.openspiel import (
    RulebooksState,
    deserialize_game_and_state,
    load_game,
)
from tests.clients.cases import case_id, game_cases

FLAG = "_rulebooks_unpickled"


class _Payload:
    """Unpickling this creates `path` and sets a global: proof that a pickle ran."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __reduce__(self) -> tuple[Any, ...]:
        code = f"import builtins; builtins.{FLAG} = True; open({str(self.path)!r}, 'w').close()"
        return (exec, (code,))


def crafted(path: Path) -> str:
    """OpenSpiel's default Python-game serialisation with a malicious ``__dict__=``."""
    data = base64.b64encode(pickle.dumps({"play": _Payload(path)})).decode("ascii")
    return f"history=\nmove_number=0\n__dict__={data}"


def play(state: RulebooksState, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if state.is_terminal():
            return
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        elif state.is_simultaneous_node():
            players = range(state.num_players())
            state.apply_actions([rng.choice(state.legal_actions(p)) for p in players])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("case", game_cases(), ids=case_id)
def test_a_state_is_its_game_string_and_history(case: tuple[str, dict[str, Any]]) -> None:
    name, params = case
    game = load_game(name, **params)
    state = game.new_initial_state()
    rng = random.Random(11)
    for _ in range(12):
        text = state.serialize()
        lines = text.splitlines()
        assert lines[0] == str(game) and "__dict__" not in text and "pickle" not in text
        assert [int(line) for line in lines[1:]] == state.history()
        for copy in (game.deserialize_state(text), deserialize_game_and_state(text)[1]):
            assert copy.history() == state.history() and str(copy) == str(state)
            assert copy.engine_state.to_dict() == state.engine_state.to_dict()
            assert copy.current_player() == state.current_player()
        play(state, rng, 25)


@pytest.mark.parametrize("name", sorted(engine.GAMES))
def test_a_crafted_pickle_is_refused_and_nothing_runs(name: str, tmp_path: Path) -> None:
    game = load_game(name)
    witness = tmp_path / "ran"
    text = crafted(witness)
    with pytest.raises(InvalidStateError, match=r"__dict__= holding a pickle.*never reads"):
        game.deserialize_state(text)
    with pytest.raises(InvalidStateError, match="never reads"):
        deserialize_game_and_state(text)
    # The same pickle behind a valid game string is just a malformed action line.
    with pytest.raises(InvalidStateError, match="line 2: 'history=' is not an action id"):
        game.deserialize_state(f"{game}\n{text}")
    assert not witness.exists() and not hasattr(builtins, FLAG)


def test_openspiels_own_loader_still_unpickles_as_the_readme_warns(tmp_path: Path) -> None:
    """``pyspiel.deserialize_game_and_state`` is C++ that no Python game can override: it
    unpickles the ``__dict__=`` field. The README and the adapter's docstring say so; this
    test notices the day OpenSpiel stops doing it."""
    game = load_game("mahe")
    witness = tmp_path / "ran"
    genuine = pyspiel.serialize_game_and_state(game, game.new_initial_state())
    text = genuine.split("[State]")[0] + "[State]\n" + crafted(witness) + "\n"
    try:
        pyspiel.deserialize_game_and_state(text)
        assert witness.exists() and getattr(builtins, FLAG) is True
    finally:
        if hasattr(builtins, FLAG):
            delattr(builtins, FLAG)


def _text(game: pyspiel.Game, *actions: object) -> str:
    return "".join(f"{line}\n" for line in (str(game), *actions))


def test_malformed_texts_get_a_clear_error() -> None:
    game = load_game("mahe", players=3)
    state = game.new_initial_state()
    chance = state.legal_actions()[0]
    limit = game.num_distinct_actions()
    other = load_game("mahe", players=4)
    cases: list[tuple[object, str]] = [
        (b"bytes", "a serialised state is text, not bytes"),
        ("", "serialised for '', not for this game 'python_rulebooks_mahe\\("),
        (_text(other), "players=4.*not for this game.*players=3"),
        (_text(load_game("masai", players=3)), "serialised for 'python_rulebooks_masai"),
        (_text(game, chance, "x"), "line 3: 'x' is not an action id"),
        (_text(game, chance, "-1"), "line 3: '-1' is not an action id"),
        (_text(game, " 1"), "line 2: ' 1' is not an action id"),
        (_text(game, limit), f"line 2: '{limit}' is not an action id .* 0 to {limit - 1}"),
        (_text(game, 10**30), "is not an action id"),
        (_text(game, chance, chance), "line 3: .*legal"),
    ]
    for text, message in cases:
        with pytest.raises(InvalidStateError, match=message):
            game.deserialize_state(text)


def test_a_history_past_the_end_or_the_horizon_is_refused() -> None:
    game = load_game("mahe", players=2, max_game_length=3, max_chance_nodes=3)
    state = game.new_initial_state()
    play(state, random.Random(2), 1000)
    assert state.is_terminal()
    text = state.serialize()
    assert str(game.deserialize_state(text)) == str(state)
    with pytest.raises(InvalidStateError, match="the play is over, yet the history goes on"):
        game.deserialize_state(text + "0\n")
    with pytest.raises(InvalidStateError, match="longer than any play"):
        game.deserialize_state(text + "0\n" * 20)


def test_a_joint_action_needs_a_line_per_player() -> None:
    game = load_game("mahola", players=3)
    state = game.new_initial_state()
    rng = random.Random(4)
    while not state.is_simultaneous_node():
        play(state, rng, 1)
    joint = [state.legal_actions(p)[0] for p in range(3)]
    text = state.serialize()
    with pytest.raises(InvalidStateError, match=r"a joint action needs 3 lines.*ends after 2"):
        game.deserialize_state(text + f"{joint[0]}\n{joint[1]}\n")
    copy = game.deserialize_state(text + "".join(f"{a}\n" for a in joint))
    state.apply_actions(joint)
    assert str(copy) == str(state)


def test_the_game_string_names_a_rulebooks_game() -> None:
    with pytest.raises(InvalidStateError, match="serialised for 'tic_tac_toe\\(\\)'"):
        deserialize_game_and_state("tic_tac_toe()\n4\n")
    with pytest.raises(InvalidStateError, match=r"line 1: .* is not a game: .*players"):
        deserialize_game_and_state("python_rulebooks_mahe(players=zz)\n")
