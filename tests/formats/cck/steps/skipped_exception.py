"""CCK sample "skipped-exception"."""

import pytest
from pytest_bdd import step

from tests.formats.cck.expressions import expression


@step(expression("I skip a step"))
def _() -> None:
    pytest.skip("skipping")
