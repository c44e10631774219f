"""The floor of ``benchmarks/bench_clients.py`` answers the native driver as the engine did.

Played back with the seed it was recorded with, a recorded game takes the driver through the
very same draws and picks, so its history is the engine's: the floor makes the engine's calls
and gets the engine's answers, the rule work alone left out.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

import engine
from engine import RandomSampler
from engine.core import TERMINAL

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_clients.py"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_clients", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", sorted(engine.GAMES))
def test_a_replay_plays_the_recorded_game(bench: ModuleType, name: str) -> None:
    spec = engine.load_game(name)
    for players in (spec.min_players, spec.max_players):
        game = engine.load_game(name, players=players)
        for seed in range(3):
            played = RandomSampler(seed).play_out(game.new_initial_state()).history()
            steps = bench.record(game, seed)
            assert steps[-1] == (TERMINAL, None)
            assert RandomSampler(seed).play_out(bench.Replay(game, steps)).history() == played


def test_the_floor_runner_counts_the_actions_of_its_games(bench: ModuleType) -> None:
    game = engine.load_game("mahe", players=3)
    run = bench.floor_runner(game, recorded=2)
    lengths = [
        len(RandomSampler(seed).play_out(game.new_initial_state()).history()) for seed in (0, 1)
    ]
    assert [run(0), run(1), run(2)] == [lengths[0], lengths[1], lengths[0]]


def test_a_replay_refuses_an_action_that_is_not_an_int(bench: ModuleType) -> None:
    game = engine.load_game("mahe", players=3)
    replay = bench.Replay(game, bench.record(game, 0))
    with pytest.raises(engine.IllegalActionError, match="an action is an int"):
        replay.apply_action(1.0)
    assert replay.history() == []
