"""Mahé stores the player to act at every change of phase (`MaheState._player`, answered by
`current_player`): in every position of random games it is the player the phase gives
(`_player_to_act`), also in copies and in positions read back from their description."""

from __future__ import annotations

import pytest

import engine
from engine import RandomSampler
from engine.mahe.game import MaheState


@pytest.mark.parametrize("variant", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4, 7])
def test_the_stored_player_to_act_is_the_phase_s(players: int, variant: bool) -> None:
    game = engine.load_game("mahe", players=players, variant=variant)
    for seed in range(5):
        state = game.new_initial_state()
        sampler = RandomSampler(seed)
        while True:
            assert isinstance(state, MaheState)
            expected = state._player_to_act()
            assert state.current_player() == expected, state.to_dict()
            assert state.clone().current_player() == expected
            assert game.state_from_dict(state.to_dict()).current_player() == expected
            if state.is_terminal():
                break
            sampler.step(state)
