"""mutmut's mutants of one game judged by mutmut's fork runner and on a Dask LocalCluster:
wall time and mutants per second of each, and whether the verdicts agree.

    python benchmarks/bench_mutate_dask.py [--game mahe] [--workers 2]

Runs in a copy of the project (made in a temporary folder) whose stats run covers the
game's scenarios only. The wall times include what both backends do here (making the
mutants, mutmut's stats run and clean run: the same work for both) and, for Dask, starting
the cluster and sending the code. Not a test: the figures depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import re
import shutil
import tempfile
import time
from pathlib import Path

from rulebooks.mutation import campaign as mutate

ROOT = Path(__file__).resolve().parents[1]


def narrowed_copy(destination: Path, game: str) -> Path:
    """What mutmut reads of the project, copied to `destination`, with mutmut narrowed to
    `game`: its files mutated (``only_mutate``), its scenarios for the stats run
    (``pytest_add_cli_args_test_selection``)."""
    ignore = shutil.ignore_patterns("__pycache__")
    for folder in ("engine", "features", "tests"):
        shutil.copytree(ROOT / folder, destination / folder, ignore=ignore)
    settings = (ROOT / "pyproject.toml").read_text("utf-8")
    narrowed = settings
    for setting, value in (
        ("pytest_add_cli_args_test_selection", f'["tests/scenarios/{game}"]'),
        ("only_mutate", f'["engine/{game}/*.py"]'),
    ):
        narrowed, count = re.subn(rf"^{setting} = \[.*\]$", f"{setting} = {value}", narrowed,
                                  flags=re.MULTILINE)  # fmt: skip
        if count != 1:
            raise SystemExit(f"pyproject.toml's [tool.mutmut] {setting} moved: update this copy")
    (destination / "pyproject.toml").write_text(narrowed, "utf-8")
    return destination


def verdicts(
    project: Path, functions: list[mutate.Target], workers: int, dask: mutate.DaskBackend | None
) -> tuple[float, dict[str, str]]:
    """(wall seconds, {mutant: status}) of one mutmut run over `functions`."""
    patterns = [mutate.mangled(t.unit) + "__mutmut_*" for t in functions]
    began = time.perf_counter()
    mutate.run_mutmut(patterns, workers, root=project, dask=dask)
    seconds = time.perf_counter() - began
    records = mutate.collect(functions, root=project)
    return seconds, {r["name"]: r["status"] for rs in records.values() for r in rs}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="mahe")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    functions = [t for t in mutate.targets() if t.unit.game == args.game]
    with tempfile.TemporaryDirectory() as folder:
        project = narrowed_copy(Path(folder), args.game)
        forked = verdicts(project, functions, args.workers, None)
        on_dask = verdicts(project, functions, args.workers, mutate.DaskBackend(None, args.workers))
    count = len(forked[1])
    print(f"\n{args.game}: {count} mutants of {len(functions)} functions, {args.workers} workers")
    for name, (seconds, _) in (("mutmut's fork runner", forked), ("Dask LocalCluster", on_dask)):
        print(f"  {name:22} {seconds:7.1f} s  {count / seconds:6.2f} mutants/s")
    same = forked[1] == on_dask[1]
    print(f"  verdicts {'identical' if same else 'DIFFER'}")
    if not same:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
