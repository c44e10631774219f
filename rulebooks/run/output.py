"""What the recorder writes: the git state of the run, the results file (atomically) and
the one-line count of statuses."""

from __future__ import annotations

import contextlib
import os
import subprocess
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from rulebooks.results.schema import (
    RECORDED_STATUSES,
    GitInfo,
    ResultsFile,
    ScenarioResult,
    Status,
    dumps,
)

if TYPE_CHECKING:
    pass


def git_state(root: Path) -> GitInfo | None:
    """Commit and dirty flag of the git work tree containing ``root``.

    None when git is not installed or ``root`` is not in a work tree; ``commit`` is None
    before the first commit. Untracked files count as dirty.
    """

    def git(*args: str) -> subprocess.CompletedProcess[str] | None:
        try:
            return subprocess.run(
                ["git", *args],
                cwd=root,
                capture_output=True,
                text=True,
                timeout=30,
                check=False,
            )
        except (OSError, subprocess.SubprocessError):
            return None

    inside = git("rev-parse", "--is-inside-work-tree")
    if inside is None or inside.returncode != 0 or inside.stdout.strip() != "true":
        return None
    head = git("rev-parse", "--verify", "--quiet", "HEAD")
    commit = head.stdout.strip() if head is not None and head.returncode == 0 else ""
    status = git("status", "--porcelain")
    dirty = None if status is None or status.returncode != 0 else bool(status.stdout.strip())
    return GitInfo(commit=commit or None, dirty=dirty)


def write_results(path: Path, results: ResultsFile) -> None:
    """Write ``results`` to ``path`` atomically, creating the parent directories."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = dumps(results)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp_name, 0o644)
        os.replace(tmp_name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise


def record_sort_key(record: ScenarioResult) -> tuple[str, int, int, str]:
    example = record.example
    return (record.feature, record.line, -1 if example is None else example.index, record.nodeid)


def summary_line(counts: Mapping[str, int]) -> str:
    """``3 passed, 1 failed, 0 undefined, 0 skipped, 2 not run``: every status named, in the
    order of :class:`Status`, zeros included."""
    return ", ".join(
        f"{counts.get(str(status), 0)} {status}"
        for status in Status
        if status in counts or status in RECORDED_STATUSES
    )
