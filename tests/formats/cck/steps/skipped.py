"""CCK sample "skipped": a step skips the rest of its scenario with pytest.skip()."""

import pytest
from pytest_bdd import step

from tests.formats.cck.expressions import expression


@step(expression("a step that does not skip"))
def _() -> None:
    pass


@step(expression("a step that is skipped"))
def _() -> None:
    pass


@step(expression("I skip a step"))
def _() -> None:
    pytest.skip("")
