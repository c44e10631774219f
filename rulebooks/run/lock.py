"""One build of a checkout at a time: an exclusive ``fcntl`` lock on ``results/.lock``.

``rulebooks site`` and ``rulebooks scenarios`` (what ``make site`` and ``make serve`` run)
delete and rewrite ``results/`` and the HTML output; two of them at once would publish one
run's verdicts as the other's. The second one waits, saying who holds the lock, and gives up
after a timeout. The lock is released by the kernel when its holder exits, however it exits.
"""

from __future__ import annotations

import fcntl
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

__all__ = ["LOCK_NAME", "BuildLockTimeout", "build_lock"]

LOCK_NAME = ".lock"
POLL_SECONDS = 0.2


class BuildLockTimeout(Exception):
    """Another build held the lock for longer than we were willing to wait."""


def _try_lock(handle: IO[str]) -> bool:
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


@contextmanager
def build_lock(folder: Path, *, timeout: float, say: bool = True) -> Iterator[Path]:
    """Hold the build lock of ``folder`` (created if needed) for the ``with`` block.

    Waits up to ``timeout`` seconds for another holder, printing who it is once; raises
    :class:`BuildLockTimeout` if the lock is still held then.
    """
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / LOCK_NAME
    with path.open("a+", encoding="utf-8") as handle:
        if not _try_lock(handle):
            handle.seek(0)
            holder = handle.read().strip() or "another process"
            if say:
                print(
                    f"another build of this checkout ({holder}) holds {path}: "
                    f"waiting up to {timeout:g} s for it to finish",
                    flush=True,
                )
            deadline = time.monotonic() + timeout
            while not _try_lock(handle):
                if time.monotonic() >= deadline:
                    raise BuildLockTimeout(
                        f"another build of this checkout ({holder}) still holds {path} after "
                        f"{timeout:g} s; wait for it to finish, or stop it, and try again"
                    )
                time.sleep(POLL_SECONDS)
        handle.seek(0)
        handle.truncate()
        handle.write(f"pid {os.getpid()}\n")
        handle.flush()
        try:
            yield path
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
