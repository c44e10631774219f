"""Parameter sets and probes shared by the client tests, derived from the registered games."""

from __future__ import annotations

from typing import Any

import engine
from engine.core import SIMULTANEOUS, Game
from engine.drivers import RandomSampler
from rulebooks.adapters import game_spec


def parameter_sets(name: str) -> list[dict[str, Any]]:
    """For a registered game: the fewest, default and most players; and at each of those
    counts, every boolean parameter flipped from its default (Mahé's variant)."""
    spec = game_spec(name)
    counts = sorted({spec.min_players, int(spec.default_parameters["players"]), spec.max_players})
    sets: list[dict[str, Any]] = [{"players": n} for n in counts]
    for key, value in spec.default_parameters.items():
        if isinstance(value, bool):
            sets += [{"players": n, key: not value} for n in counts]
    return sets


def game_cases() -> list[tuple[str, dict[str, Any]]]:
    return [(name, params) for name in sorted(engine.GAMES) for params in parameter_sets(name)]


def case_id(case: tuple[str, dict[str, Any]]) -> str:
    name, params = case
    return name + "".join(f"-{k}={v}" for k, v in params.items())


def reaches_simultaneous(game: Game, seeds: int = 3) -> bool:
    """Does random play from the initial state reach a SIMULTANEOUS node?"""
    for seed in range(seeds):
        state, sampler = game.new_initial_state(), RandomSampler(seed)
        while not state.is_terminal():
            player = state.current_player()
            if player == SIMULTANEOUS:
                return True
            sampler.step(state)
    return False


def simultaneous_games() -> list[str]:
    """The registered games whose plays reach SIMULTANEOUS nodes (found by playing)."""
    return [name for name in sorted(engine.GAMES) if reaches_simultaneous(engine.load_game(name))]


def sequential_cases() -> list[tuple[str, dict[str, Any]]]:
    simultaneous = set(simultaneous_games())
    return [case for case in game_cases() if case[0] not in simultaneous]


def simultaneous_cases() -> list[tuple[str, dict[str, Any]]]:
    simultaneous = set(simultaneous_games())
    return [case for case in game_cases() if case[0] in simultaneous]
