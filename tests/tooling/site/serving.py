"""A ``rulebooks serve`` run from outside, as a reader's browser sees it: started on a free
port, its pages fetched, stopped with Ctrl-C. Shared by ``test_serve.py`` and
``benchmarks/bench_incremental.py`` (which times a save until the page shows it)."""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path


def free_port() -> int:
    """A TCP port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def fetched(port: int, page: str) -> str:
    """The served page (its HTML; "" when it cannot be fetched, or is cut short: a page
    fetched while a rebuild rewrites it in place)."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/{page}", timeout=10) as answer:
            return str(answer.read().decode("utf-8"))
    except (OSError, http.client.HTTPException):
        return ""


def wait_until(condition: Callable[[], bool], timeout: float) -> bool:
    """Poll ``condition`` every 20 ms for up to ``timeout`` s; whether it came to hold."""
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            return False
        time.sleep(0.02)
    return True


def rebuilds(log: Path) -> int:
    """How many rebuilds the server's output reports as ended (the first build included)."""
    text = log.read_text("utf-8", errors="replace")
    return text.count("[serve] site rebuilt") + text.count("[serve] the rebuild failed")


@contextmanager
def serving(root: Path, log: Path, env: dict[str, str], timeout: float = 600) -> Iterator[int]:
    """``rulebooks serve`` in the checkout ``root`` (its output in ``log``) until the block
    ends; yields its port once its first build is served. RuntimeError if it never is."""
    port = free_port()
    with log.open("w", encoding="utf-8") as output:
        server = subprocess.Popen(
            [sys.executable, "-m", "rulebooks.cli", "serve", "--port", str(port)],
            cwd=root, env=env, stdout=output, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
        try:
            started = wait_until(lambda: "[serve] serving" in log.read_text("utf-8"), timeout)
            if not (started and wait_until(lambda: bool(fetched(port, "index.html")), 60)):
                said = log.read_text("utf-8", errors="replace")[-4000:]
                raise RuntimeError(f"rulebooks serve served nothing; it said:\n{said}")
            yield port
        finally:
            os.killpg(server.pid, signal.SIGINT)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()
