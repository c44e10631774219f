"""Peak memory of ``rulebooks simulate`` against the number of games asked for.

Not a test: it prints figures. For each ``--games`` value the command runs for about
--seconds (with --workers processes), is interrupted by SIGINT as Ctrl-C would, and the
largest resident set of the command and its workers is printed with the number of games
played. Seeds are streamed, so the peak should not grow with ``--games``::

    python benchmarks/bench_simulate_memory.py                  # 10**3 to 10**9 games
    python benchmarks/bench_simulate_memory.py --seconds 10 --workers 2
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def peak(games: int, seconds: float, workers: int, game: str) -> tuple[float, int, bool]:
    """(peak RSS in MiB of the command and its workers, games played, stopped by SIGINT)."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "sim.json"
        command = [sys.executable, "-m", "rulebooks.cli", "simulate", game, "--games",
                   str(games), "--workers", str(workers), "--quiet", "--out", str(out)]  # fmt: skip
        code = (
            "import resource, subprocess, sys, signal, time\n"
            "p = subprocess.Popen(sys.argv[2:], stdout=subprocess.DEVNULL,\n"
            "                     start_new_session=True)\n"
            "try:\n"
            "    p.wait(timeout=float(sys.argv[1]))\n"
            "except subprocess.TimeoutExpired:\n"
            "    import os\n"
            "    os.killpg(p.pid, signal.SIGINT)\n"
            "    p.wait()\n"
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, p.returncode)\n"
        )
        done = subprocess.run(
            [sys.executable, "-c", code, str(seconds), *command],
            capture_output=True, text=True, check=True,
        )  # fmt: skip
        kib, returncode = done.stdout.split()
        played = json.loads(out.read_text("utf-8"))["campaigns"][0]["games"]
        return int(kib) / 1024, played, int(returncode) == 130


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="mahe")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", type=int, nargs="*", default=[10**3, 10**6, 10**9])
    args = parser.parse_args()
    print(f"rulebooks simulate {args.game} --workers {args.workers}, about {args.seconds} s each")
    for games in args.games:
        start = time.perf_counter()
        mib, played, interrupted = peak(games, args.seconds, args.workers, args.game)
        how = "interrupted" if interrupted else "finished"
        print(
            f"  --games {games:>13,}: peak {mib:6.1f} MiB, {played:,} games played, {how} "
            f"after {time.perf_counter() - start:.1f} s"
        )


if __name__ == "__main__":
    main()
