"""``make site`` says which failure it was: make reports any failed recipe as its own exit
2, so the recipe's last line names what ``rulebooks site`` exited with and why."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def make_site_with(tmp_path: Path, code: int) -> subprocess.CompletedProcess[str]:
    """``make site`` with ``rulebooks`` replaced by a script exiting ``code`` (the set-up
    taken as done: ``-o`` the stamp)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "rulebooks"
    fake.write_text(f'#!/bin/sh\necho "rulebooks $*"\nexit {code}\n', "utf-8")
    fake.chmod(0o755)
    return subprocess.run(
        ["make", "--no-print-directory", "-o", ".venv/.installed", "site", f"BIN={bin_dir}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        env={k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")},
    )  # fmt: skip  (run from `make test`, the outer make's flags would reach this make)


@pytest.mark.parametrize(
    ("code", "says"),
    [
        (1, "rulebooks site exited 1: a scenario did not pass"),
        (2, "rulebooks site exited 2: a stage crashed or the results cannot be trusted"),
        (3, "rulebooks site exited 3: another build of this checkout held the lock"),
    ],
)
def test_make_site_names_the_failure_in_the_recipes_last_line(
    tmp_path: Path, code: int, says: str
) -> None:
    done = make_site_with(tmp_path, code)
    assert done.returncode == 2  # make's own, whatever the recipe's code
    recipe = [line for line in done.stderr.splitlines() if not line.startswith("make: ***")]
    assert recipe[-1].startswith("make site: ") and says in recipe[-1], done.stderr
    assert f"Error {code}" in done.stderr  # make's line keeps the code too


def test_make_site_passes_on_success_quietly(tmp_path: Path) -> None:
    done = make_site_with(tmp_path, 0)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.strip() == "rulebooks site"
