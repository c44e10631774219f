"""Ctrl-C as a terminal delivers it, whoever started the tests.

A shell that runs ``make test &`` (or any job started in the background without job
control) starts it with SIGINT ignored, and an ignored signal stays ignored in every process
started from it: Python then installs no KeyboardInterrupt handler, and a test that sends
Ctrl-C to itself or to a command would see it have no effect at all. The tests of Ctrl-C use
:func:`sigint_as_in_a_terminal`, which restores Python's own handler for the test (a handled
signal is reset to its default in a new program, so the commands they start handle it too).
"""

from __future__ import annotations

import signal
from collections.abc import Iterator

import pytest


@pytest.fixture
def sigint_as_in_a_terminal() -> Iterator[None]:
    """SIGINT raises KeyboardInterrupt here and in the processes started during the test."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
