"""Throughput of one simulation campaign on each backend: this process, the local process pool,
a Dask LocalCluster (same seeds, same results: checked here too).

    python benchmarks/bench_executors.py [--game mahola] [--games 2000] [--workers 2]

Prints games/s per backend and per worker, the LocalCluster's start-up time apart (a cluster
already running does not pay it). Not a test: the figures depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from rulebooks.campaigns import executors, simulate

CHECKS = simulate.Checks(clone_every=25, round_trip_every=100)
"""The site campaign's checks: the figures are about playing, not about checking."""


def timed(make: Callable[[], executors.Executor], game: str, games: int) -> dict[str, Any]:
    start = time.perf_counter()
    executor = make()
    started = time.perf_counter() - start
    params = simulate.campaign_parameters(game, None, {})
    seeds = range(games)
    try:
        start = time.perf_counter()
        results = simulate.run_games(game, params, seeds, 1, CHECKS, None, executor)
        elapsed = time.perf_counter() - start
        slots = executor.slots()
    finally:
        executor.close()
    return {
        "start": started,
        "elapsed": elapsed,
        "slots": slots,
        "summary": simulate.summarize(game, params, results),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="mahola")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    backends: dict[str, Callable[[], executors.Executor]] = {
        "this process": executors.InProcess,
        f"process pool ({args.workers})": lambda: executors.ProcessPool(args.workers),
        f"Dask LocalCluster ({args.workers})": lambda: executors.DaskCluster(workers=args.workers),
    }
    print(f"{args.game}, {args.games} games (seeds 0..{args.games - 1}), checks as on the site")
    print(f"{'backend':28} {'start s':>8} {'run s':>8} {'games/s':>9} {'per worker':>11}")
    summaries = []
    for name, make in backends.items():
        figures = timed(make, args.game, args.games)
        rate = args.games / figures["elapsed"]
        print(
            f"{name:28} {figures['start']:8.2f} {figures['elapsed']:8.2f} {rate:9.1f} "
            f"{rate / figures['slots']:11.1f}"
        )
        summaries.append(figures["summary"])
    same = all(summary == summaries[0] for summary in summaries)
    print("same results on every backend:", "yes" if same else "NO")


if __name__ == "__main__":
    main()
