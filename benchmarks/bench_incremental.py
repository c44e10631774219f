"""How long `rulebooks site` (what `make site` runs) takes when little changed.

Prints the wall time of, in this checkout:

1. a first `rulebooks site` (whatever the caches hold: a full run on a fresh checkout);
2. `rulebooks site` with nothing changed (aim: <= 3 s);
3. `rulebooks site` after editing one feature file (aim: <= 5 s), twice: a comment line
   appended (no page shows it, but the file's scenarios rerun), then its first scenario's
   title changed (what an author does: the game's pages and the summaries change);
4. the same after putting the file back;
5. `make serve`'s step after editing a feature file (the title): `rulebooks scenarios` and
   an incremental Sphinx build into a folder of its own, as sphinx-autobuild runs them
   (aim: <= 3 s; the browser's reload comes on top).

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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
EDIT = "\n# edited by benchmarks/bench_incremental.py\n"


def retitled(text: bytes) -> bytes:
    """The feature file with its first scenario's title changed (its name, on the pages)."""
    lines = text.decode("utf-8").split("\n")
    for number, line in enumerate(lines):
        if line.strip().startswith(("Scenario:", "Scenario Outline:", "Example:")):
            lines[number] = line.rstrip() + " (edited)"
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--feature", default="features/mahe/02_dice.feature")
    parser.add_argument("--no-serve", action="store_true", help="skip the serve step")
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
            out = ROOT / "docs" / "_build" / "bench-serve"
            build = [
                sys.executable, "-m", "sphinx", "-q", "-b", "html",
                "-d", str(ROOT / "docs" / "_build" / "doctrees-bench-serve"), "docs", str(out),
            ]  # fmt: skip
            scenarios = [str(BIN / "rulebooks"), "scenarios"]
            subprocess.run(build, cwd=ROOT, env=env, capture_output=True, check=False)
            feature.write_bytes(retitled(original))
            start = time.perf_counter()
            subprocess.run(scenarios, cwd=ROOT, env=env, capture_output=True, check=False)
            subprocess.run(build, cwd=ROOT, env=env, capture_output=True, check=False)
            serve = time.perf_counter() - start
            print(f"{'serve step after a save (aim <= 3 s)':<52} {serve:6.2f} s", flush=True)
    finally:
        feature.write_bytes(original)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
