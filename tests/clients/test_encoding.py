"""The numeric observations: in range, and never more than the player's observation string."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import engine
from engine.core import RulebooksError
from engine.drivers import RandomSampler
from rulebooks.adapters import Horizon
from rulebooks.adapters.encoding import ENCODERS, TextEncoder, encoder_for
from tests.clients.cases import case_id, game_cases
from tests.clients.toy import AgainGame


def _random_states(game: engine.Game, seed: int) -> list[engine.State]:
    states = []
    sampler = RandomSampler(seed)
    sampler.play_out(game.new_initial_state(), on_action=lambda s, _: states.append(s.clone()))
    return states


def test_every_registered_game_has_its_own_encoder() -> None:
    assert set(engine.GAMES) <= set(ENCODERS)


@pytest.mark.parametrize("case", game_cases(), ids=case_id)
def test_encodings_stay_in_range_and_follow_the_observation(
    case: tuple[str, dict[str, Any]],
) -> None:
    name, params = case
    game = engine.load_game(name, **params)
    encoder = encoder_for(game, Horizon())
    assert len(encoder.names) == encoder.size == encoder.high.shape[0]
    assert np.all(encoder.high > encoder.low)
    seen: dict[tuple[int, str], bytes] = {}
    states = _random_states(game, seed=1)
    for state in states[:: max(1, len(states) // 150)] + states[-1:]:
        for player in range(game.num_players):
            vector = encoder.encode(state, player)
            assert vector.dtype == np.float32 and vector.shape == (encoder.size,)
            outside = (vector < encoder.low) | (vector > encoder.high)
            assert not outside.any(), [encoder.names[i] for i in np.flatnonzero(outside)]
            # What the player sees decides the vector: equal observations, equal vectors.
            key = (player, state.observation_string(player))
            assert seen.setdefault(key, vector.tobytes()) == vector.tobytes()


def test_the_text_fallback_holds_the_observation_string() -> None:
    game = AgainGame()
    encoder = encoder_for(game, Horizon())
    assert isinstance(encoder, TextEncoder)
    state = game.new_initial_state()
    vector = encoder.encode(state, 1)
    text = bytes(vector.astype(np.uint8)).rstrip(b"\0").decode()
    assert text == state.observation_string(1)
    with pytest.raises(RulebooksError, match="more than the 8 of the text encoding"):
        TextEncoder(game, Horizon(), length=8).encode(state, 0)


def _play(game: engine.Game, steps: int, seed: int) -> engine.State:
    state, sampler = game.new_initial_state(), RandomSampler(seed)
    for _ in range(steps):
        sampler.step(state)
    return state


def _mamey_swap(state: engine.State) -> tuple[engine.State, int]:
    """Player 2 holds another card, taken from the deck."""
    data = state.to_dict()
    hands, deck = [h[:] for h in data["hands"]], data["deck"][:]
    i = next(i for i, card in enumerate(deck) if card not in hands[2])
    hands[2][0], deck[i] = deck[i], hands[2][0]
    return state.game.state_from_dict({**data, "hands": hands, "deck": deck}), 2


def _mahola_swap(state: engine.State) -> tuple[engine.State, int]:
    """Players 1 and 2 swap a card and their (hidden) Characters."""
    data = state.to_dict()
    hands = [h[:] for h in data["hands"]]
    hands[1][0], hands[2][0] = hands[2][0], hands[1][0]
    characters = [data["characters"][0], data["characters"][2], data["characters"][1]]
    changed = {**data, "hands": [sorted(h) for h in hands], "characters": characters}
    return state.game.state_from_dict(changed), 1


@pytest.mark.parametrize(
    ("name", "steps", "swap"), [("mamey", 30, _mamey_swap), ("mahola", 40, _mahola_swap)]
)
def test_what_a_player_does_not_see_leaves_their_encoding_alone(
    name: str, steps: int, swap: Any
) -> None:
    game = engine.load_game(name, players=3)
    encoder = encoder_for(game, Horizon())
    state = _play(game, steps, seed=2)
    other, owner = swap(state)
    assert other.observation_string(0) == state.observation_string(0)
    assert np.array_equal(encoder.encode(other, 0), encoder.encode(state, 0))
    assert not np.array_equal(encoder.encode(other, owner), encoder.encode(state, owner))
