"""CCK sample "examples-tables"."""

import pytest
from pytest_bdd import step

from tests.formats.cck.expressions import expression


@pytest.fixture
def context() -> dict[str, int]:
    return {}


@step(expression("there are {int} cucumbers", "count"))
def _(count: int, context: dict[str, int]) -> None:
    context["count"] = count


@step(expression("there are {int} friends", "friends"))
def _(friends: int, context: dict[str, int]) -> None:
    context["friends"] = friends


@step(expression("I eat {int} cucumbers", "eaten"))
def _(eaten: int, context: dict[str, int]) -> None:
    context["count"] -= eaten


@step(expression("I should have {int} cucumbers", "left"))
def _(left: int, context: dict[str, int]) -> None:
    assert context["count"] == left


@step(expression("each person can eat {int} cucumbers", "share"))
def _(share: int, context: dict[str, int]) -> None:
    assert context["count"] // (1 + context["friends"]) == share
