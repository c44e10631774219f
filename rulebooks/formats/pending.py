"""Formats written in the background: a marker beside the results file while they are.

``rulebooks site`` asks the scenario run to write the Cucumber Messages and JUnit XML in a
child process (``--rulebooks-formats-background``), so that the run ends, and Sphinx starts
building, while they are written. The child puts a marker file beside the results file
before it starts and removes it when the files are written (or it failed); whoever reads
them waits for the marker to go (:func:`wait_for_formats`).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

__all__ = ["MARKER", "marker_of", "wait_for_formats"]

MARKER = ".formats-pending"
"""Name of the marker file, beside the results file."""


def marker_of(results: Path) -> Path:
    """The marker beside ``results`` that says its formats are still being written."""
    return results.with_name(MARKER)


def wait_for_formats(results: Path, timeout: float = 600.0, poll: float = 0.02) -> bool:
    """Wait until no format of the run at ``results`` is being written; False on timeout.

    The marker holds the writer's process ID: a marker whose writer is gone (killed before
    it could remove it) is removed, not waited for."""
    marker = marker_of(results)
    deadline = time.monotonic() + timeout
    while marker.exists():
        if not _writer_alive(marker):
            marker.unlink(missing_ok=True)
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(poll)
    return True


def _writer_alive(marker: Path) -> bool:
    try:
        pid = int(marker.read_text("utf-8").strip())
    except (OSError, ValueError):
        return True  # being written, or gone: look again
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
