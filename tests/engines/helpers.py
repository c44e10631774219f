"""What the engine tests of every game share: games by class, states of random games, and
the protocol checks each game's tests run over them.

Each `test_<game>_engine.py` checks its engine's properties over the states that random
games visit, for several parameter sets::

    @pytest.fixture(scope="module", params=PARAMETER_SETS, ids=parameter_set_id)
    def visited(request: pytest.FixtureRequest) -> list[MaheState]:
        return states_of_random_games(mahe(**request.param).new_initial_state, range(15))
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

import engine
from engine import RandomSampler
from engine.core import Game, State

G = TypeVar("G", bound=Game)
S = TypeVar("S", bound=State)


def load(game_type: type[G], **params: Any) -> G:
    """The game of class `game_type` (loaded by its name, as `engine.load_game` does)."""
    game = engine.load_game(game_type.short_name, **params)
    assert isinstance(game, game_type)
    return game


def parameter_set_id(params: Mapping[str, Any]) -> str:
    """A parameter set as a test id: ``players=3-first_player=2``."""
    return "-".join(f"{k}={v}" for k, v in params.items())


def states_of_random_games(new_state: Callable[[], S], seeds: Iterable[int]) -> list[S]:
    """Every state visited by random games from `new_state()`, one game per seed (copies)."""
    seen: list[S] = []
    for seed in seeds:
        RandomSampler(seed).play_out(new_state(), lambda s, a: seen.append(s.clone()))
    return seen


def assert_round_trips(state: State) -> State:
    """`clone` and `to_dict` / `from_dict` (through JSON text) give the state back; returns
    the one read back."""
    copy = state.clone()
    assert copy == state and copy is not state
    data = state.to_dict()
    assert json.loads(json.dumps(data)) == data
    again = state.game.state_from_dict(json.loads(json.dumps(data)))
    assert again == state
    return again


def assert_seeded_playouts_repeat(game: Game, seed: int = 11) -> None:
    """Two random games with the same seed are the same game."""
    first = RandomSampler(seed).play_out(game.new_initial_state())
    again = RandomSampler(seed).play_out(game.new_initial_state())
    assert first.history() == again.history()
