"""CCK sample "data-tables"."""

import pytest
from pytest_bdd import step

from tests.formats.cck.expressions import expression


@pytest.fixture
def context() -> dict[str, object]:
    return {}


@step(expression("the following table is transposed:"))
def _(datatable: list[list[str]], context: dict[str, object]) -> None:
    context["transposed"] = [list(row) for row in zip(*datatable, strict=True)]


@step(expression("it should be:"))
def _(datatable: list[list[str]], context: dict[str, object]) -> None:
    assert context["transposed"] == datatable
