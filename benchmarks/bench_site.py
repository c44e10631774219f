"""Site build times: a cold build, and a rebuild after editing one feature file.

Not a test: it prints figures. Works on a copy of docs/, features/, the results file and the
other inputs of its fingerprint (engine, steps) in a temporary folder, so the project is
never touched:

    python benchmarks/bench_site.py            # needs results/results.json (make site)
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rulebooks.results.fingerprint import CODE_INPUTS

ROOT = Path(__file__).resolve().parents[1]


def build(root: Path, *extra: str) -> tuple[float, list[str]]:
    start = time.perf_counter()
    run = subprocess.run(
        [sys.executable, "-m", "sphinx", "-N", "-b", "html", *extra, "docs", "docs/_build/html"],
        cwd=root, capture_output=True, text=True, check=True,
        env={**os.environ, "RULEBOOKS_RESULTS": str(root / "results" / "results.json")},
    )  # fmt: skip
    elapsed = time.perf_counter() - start
    return elapsed, re.findall(r"reading sources\.\.\. \[\s*\d+%\] (\S+)", run.stdout)


def main() -> None:
    results = ROOT / "results" / "results.json"
    if not results.is_file():
        sys.exit("no results/results.json: run `make site` first")
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        shutil.copytree(ROOT / "docs", root / "docs", ignore=shutil.ignore_patterns("_build"))
        shutil.copytree(ROOT / "features", root / "features")
        for entry in CODE_INPUTS:  # the run's other inputs: else every result shows stale
            source = ROOT / entry
            if source.is_dir():
                shutil.copytree(source, root / entry, ignore=shutil.ignore_patterns("__pycache__"))
            elif source.is_file():
                (root / entry).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy(source, root / entry)
        (root / "results").mkdir()
        shutil.copy(results, root / "results" / "results.json")
        cold, read = build(root, "-E")
        print(f"cold build (-E): {cold:.2f} s, {len(read)} pages read")
        nothing, read = build(root)
        print(f"rebuild, nothing changed: {nothing:.2f} s, {len(read)} pages read")
        edited = sorted((root / "features").glob("*/*.feature"))[0]
        edited.write_text(edited.read_text("utf-8") + "\n# edited\n", "utf-8")
        one, read = build(root)
        print(
            f"rebuild after editing {edited.relative_to(root)}: {one:.2f} s, "
            f"{len(read)} pages read: {', '.join(read)}"
        )


if __name__ == "__main__":
    main()
