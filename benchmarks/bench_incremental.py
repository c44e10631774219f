"""How long `rulebooks site` (what `make site` runs) takes when little changed.

Prints the wall time of, in this checkout:

1. a first `rulebooks site` (whatever the caches hold: a full run on a fresh checkout);
2. `rulebooks site` with nothing changed (aim: <= 3 s);
3. `rulebooks site` after editing one feature file (aim: <= 5 s), twice: a comment line
   appended (no page shows it, but the file's scenarios rerun), then its first scenario's
   title changed (what an author does: the game's pages and the summaries change);
4. the same after putting the file back;
5. `make serve` (``rulebooks serve``, started on a free port): from the save of a retitled
   scenario to the served examples page showing the new title, --saves times, the file put
   back (and rebuilt) in between (aim: <= 3 s; the browser's reload comes on top). The
   server's output goes to docs/_build/bench-serve.log.

The edited feature file is restored whatever happens. The run's results, caches and site
are those of this checkout (results/, docs/_build/): run it where a `make site` is welcome.
``PYTHONDONTWRITEBYTECODE`` is dropped for the commands timed: a user's Python keeps the
compiled modules, and without them every process compiles the project and its libraries.

    .venv/bin/python benchmarks/bench_incremental.py [--feature features/mahe/02_dice.feature]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.tooling.site.serving import fetched, rebuilds, serving, wait_until  # noqa: E402 - after the path set-up

BIN = Path(sys.executable).parent
EDIT = "\n# edited by benchmarks/bench_incremental.py\n"


def retitled(text: bytes, mark: str = "(edited)") -> bytes:
    """The feature file with its first scenario's title changed (its name, on the pages)."""
    lines = text.decode("utf-8").split("\n")
    for number, line in enumerate(lines):
        if line.strip().startswith(("Scenario:", "Scenario Outline:", "Example:")):
            lines[number] = f"{line.rstrip()} {mark}"
            return "\n".join(lines).encode("utf-8")
    raise SystemExit("error: the feature file has no scenario to retitle")


def timed(label: str, command: list[str], env: dict[str, str]) -> float:
    """Run ``command`` in the checkout, its output hidden unless it fails; print its time."""
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    note = "" if done.returncode == 0 else f"  (exit code {done.returncode})"
    print(f"{label:<52} {elapsed:6.2f} s{note}", flush=True)
    if done.returncode not in (0, 1):
        print(done.stdout[-3000:], done.stderr[-3000:], sep="\n")
    return elapsed


def wait_for(condition: Callable[[], bool], what: str, timeout: float = 600.0) -> None:
    if not wait_until(condition, timeout):
        raise SystemExit(f"error: {what} after {timeout:.0f} s")


def serve_times(feature: Path, original: bytes, env: dict[str, str], saves: int) -> list[float]:
    """Seconds from each save of ``feature`` retitled to the served page showing it."""
    log = ROOT / "docs" / "_build" / "bench-serve.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    examples = f"{feature.relative_to(ROOT / 'features').parts[0]}/examples.html"
    times: list[float] = []
    try:
        with serving(ROOT, log, env) as port:
            for number in range(saves):  # (each condition is polled within its iteration)
                mark = f"(edited {number} {time.time_ns()})"
                built = rebuilds(log)
                start = time.perf_counter()
                feature.write_bytes(retitled(original, mark))
                wait_for(lambda: mark in fetched(port, examples), "the save not shown")  # noqa: B023
                times.append(time.perf_counter() - start)
                wait_for(lambda: rebuilds(log) > built, "the rebuild not ended")  # noqa: B023
                built = rebuilds(log)
                feature.write_bytes(original)
                wait_for(lambda: rebuilds(log) > built, "the file put back not rebuilt")  # noqa: B023
    finally:
        feature.write_bytes(original)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--feature", default="features/mahe/02_dice.feature")
    parser.add_argument("--no-serve", action="store_true", help="skip the serve step")
    parser.add_argument("--saves", type=int, default=3, help="saves timed with make serve")
    args = parser.parse_args()
    feature = ROOT / args.feature
    if not feature.is_file():
        print(f"error: no feature file {feature}", file=sys.stderr)
        return 2
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    site = [str(BIN / "rulebooks"), "site"]
    original = feature.read_bytes()
    figures: dict[str, float] = {}
    try:
        figures["first"] = timed("rulebooks site (first, caches as found)", site, env)
        figures["none"] = timed("rulebooks site, nothing changed (aim <= 3 s)", site, env)
        feature.write_bytes(original + EDIT.encode())
        figures["one"] = timed("rulebooks site, a comment appended (aim <= 5 s)", site, env)
        feature.write_bytes(retitled(original))
        figures["title"] = timed("rulebooks site, a scenario retitled (aim <= 5 s)", site, env)
        feature.write_bytes(original)
        timed("rulebooks site, the file put back", site, env)
        if not args.no_serve:
            for number, took in enumerate(serve_times(feature, original, env, args.saves), 1):
                label = f"make serve: a save shown by the server, {number} (aim <= 3 s)"
                print(f"{label:<52} {took:6.2f} s", flush=True)
    finally:
        feature.write_bytes(original)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
