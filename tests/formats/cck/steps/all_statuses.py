"""CCK sample "all-statuses" (its ambiguous step cannot be: see the conformance page)."""

import pytest
from pytest_bdd import parsers, step

from rulebooks.formats.messages import PendingStep


@step(parsers.re(r"^a step$"))
def _() -> None:
    pass


@step(parsers.re(r"^a failing step$"))
def _() -> None:
    raise RuntimeError("whoops")


@step(parsers.re(r"^a pending step$"))
def _() -> None:
    raise PendingStep


@step(parsers.re(r"^a skipped step$"))
def _() -> None:
    pytest.skip("")


@step(parsers.re(r"^an ambiguous (.*?)$"))
def _() -> None:
    pass


@step(parsers.re(r"^(.*?) ambiguous step$"))
def _() -> None:
    pass
