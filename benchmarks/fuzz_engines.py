"""A fuzz campaign over every game's entry points, larger than the one in the test suite.

Not a test: it prints, per game, the tries, the clean refusals (the project's error, the
state unchanged), the tries accepted and played to the end with the invariants holding, and
the corruptions (anything else; the aim is 0), with the first corruptions to replay::

    python benchmarks/fuzz_engines.py                        # every game, 40 positions each
    python benchmarks/fuzz_engines.py --games mahe --positions 200 --seed 3

What is tried and checked: tests/fuzz/engine_fuzz.py. Seeded: the same arguments give the
same campaign.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests package

import engine
from tests.fuzz.engine_fuzz import Tally, campaign


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", nargs="*", default=sorted(engine.GAMES), choices=sorted(engine.GAMES)
    )
    parser.add_argument("--positions", type=int, default=40, help="random positions per game")
    parser.add_argument("--corruptions", type=int, default=100, help="corruptions per position")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=5, help="corruptions shown per game")
    args = parser.parse_args(argv)
    print(f"{'game':8} {'tries':>8} {'refused':>8} {'played':>8} {'corrupt':>8} "
          f"{'net':>5} {'seconds':>8}")  # fmt: skip
    total = Tally()
    for name in args.games:
        start = time.process_time()
        tally = campaign(name, args.seed, args.positions, args.corruptions)
        seconds = time.process_time() - start
        print(f"{name:8} {tally.tries:8} {tally.refused:8} {tally.played:8} "
              f"{len(tally.corruptions):8} {len(tally.unreadable):5} {seconds:8.1f}")  # fmt: skip
        for line in tally.corruptions[: args.show]:
            print(f"    {line[:400]}")
        total.add(tally)
    print(f"{'all':8} {total.tries:8} {total.refused:8} {total.played:8} "
          f"{len(total.corruptions):8} {len(total.unreadable):5}")  # fmt: skip
    print(
        "refused: the project's error, state unchanged; played: accepted, played to the end "
        "with the invariants holding;\nnet: descriptions refused by the readers' safety net "
        "(UnreadableStateError) rather than a named check (counted in refused)"
    )
    return 1 if total.corruptions else 0


if __name__ == "__main__":
    raise SystemExit(main())
