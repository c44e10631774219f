"""The tutorial's path, timed: from an empty folder to the finished, verified site.

Runs every command block of docs/tutorial.md, in order, in a new empty folder and a
throwaway environment layered on this one (as tests/tooling/games/test_tutorial.py does),
and prints for each block its wall time and exit code, then what the reader typed: the
commands, the lines of Gherkin, rules text and engine edits the page has them write, and
the lines of step code (none: the step library words the steps).

    .venv/bin/python benchmarks/bench_tutorial.py [--keep DIR]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.tooling.games.scaffolded import layered_venv  # noqa: E402 - after the path set-up
from tests.tooling.games.test_tutorial import commands  # noqa: E402

HEREDOC = re.compile(r"<<'(\w+)'\n(.*?)^\1$", re.M | re.S)


def typed(blocks: list[str]) -> dict[str, int]:
    """What the page has the reader type: commands, and the lines they paste (heredocs)."""
    lines = {"commands": 0, "gherkin": 0, "rules page": 0, "engine edits": 0, "step code": 0}
    for block in blocks:
        pasted = {tag: body for tag, body in HEREDOC.findall(block)}
        lines["gherkin"] += len(pasted.get("GHERKIN", "").strip().splitlines())
        lines["rules page"] += len(pasted.get("MD", "").strip().splitlines())
        rest = HEREDOC.sub("", block)
        for line in rest.splitlines():
            if not line.strip():
                continue
            lines["commands"] += 1
            if re.search(r"sed -i .* \S+\.py$", line):
                lines["engine edits"] += 1
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", type=Path, help="work in DIR (kept) instead of a temp folder")
    args = parser.parse_args(argv)
    where = args.keep or Path(tempfile.mkdtemp(prefix="bench-tutorial-"))
    where.mkdir(parents=True, exist_ok=True)
    bin_dir = layered_venv(where)
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    env.pop("RULEBOOKS_GAMES", None)
    work = where / "work"
    work.mkdir()
    blocks = commands()
    cwd, total = work, 0.0
    print(f"{'s':>6}  exit  command")
    for block in blocks:
        start = time.perf_counter()
        # each block runs where the previous one left the reader (the page's `cd dice`)
        script = f"set -euo pipefail\n{block}\npwd > {where / '.cwd'}\n"
        done = subprocess.run(["bash", "-c", script], cwd=cwd, env=env, capture_output=True,
                              text=True, check=False)  # fmt: skip
        took = time.perf_counter() - start
        total += took
        first = next(line for line in block.splitlines() if line.strip())
        print(f"{took:6.1f}  {done.returncode:>4}  {first[:88]}")
        if done.returncode != 0:
            print(done.stdout[-2000:], done.stderr[-2000:], sep="\n", file=sys.stderr)
            return 1
        cwd = Path((where / ".cwd").read_text("utf-8").strip())
    print(f"{total:6.1f}        in all, {len(blocks)} blocks")
    counts = typed(blocks)
    print(f"typed: {counts['commands']} command lines; pasted: {counts['gherkin']} lines of "
          f"Gherkin, {counts['rules page']} of rules text; {counts['engine edits']} one-line "
          f"engine edits (sed); {counts['step code']} lines of step code")  # fmt: skip
    steps = (work / "dice" / "dice_steps.py").read_text("utf-8")
    print(f"step module: {len(steps.splitlines())} lines, all from `rulebooks new`; "
          f"{steps.count('def ')} step functions written")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
