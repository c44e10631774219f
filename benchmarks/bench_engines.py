"""Throughput and memory of the engines: random full games on one core (CPU time).

Not a test: it prints figures. Every registered game is measured with its default
parameters unless --games narrows the list:

    python benchmarks/bench_engines.py                    # every game, 4 players, 3 s each
    python benchmarks/bench_engines.py --games mahe --seconds 10

Random games use the seeded sampler (a uniformly random legal action at decisions, the exact
chance probabilities at chance nodes), through the public state API with validation on.
"""

from __future__ import annotations

import argparse
import time
import tracemalloc
from typing import Any

import engine
from engine import RandomSampler


def random_games(game: engine.Game, seconds: float) -> tuple[int, int, float]:
    """Play seeded random games for about `seconds`; returns games, actions, elapsed time."""
    games = actions = 0
    start = time.process_time()  # CPU time of this process: one core, whatever else runs
    while (elapsed := time.process_time() - start) < seconds:
        final = RandomSampler(games).play_out(game.new_initial_state())
        games += 1
        actions += len(final.history())
    return games, actions, elapsed


def state_memory(game: engine.Game) -> tuple[int, float]:
    """Bytes held by one mid-game state, and microseconds per clone."""
    state = game.new_initial_state()
    sampler = RandomSampler(1)
    for _ in range(60):
        if state.is_terminal():
            break
        sampler.step(state)
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    copies = [state.clone() for _ in range(1000)]
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    size = sum(stat.size_diff for stat in after.compare_to(before, "filename")) // len(copies)
    start = time.process_time()
    for _ in range(10000):
        state.clone()
    return size, (time.process_time() - start) / 10000 * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(sorted(engine.GAMES)))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    columns = ("games/s", 9), ("actions/s", 11), ("actions/game", 13), ("bytes/state", 12)
    print(f"{'game':8} " + " ".join(f"{name:>{width}}" for name, width in columns) + "  clone µs")
    for name in args.games.split(","):
        params: dict[str, Any] = {"players": args.players}
        game = engine.load_game(name, **params)
        games, actions, elapsed = random_games(game, args.seconds)
        size, clone_us = state_memory(game)
        print(
            f"{name:8} {games / elapsed:9.0f} {actions / elapsed:11.0f} {actions / games:13.1f} "
            f"{size:12d} {clone_us:9.2f}"
        )


if __name__ == "__main__":
    main()
