"""CCK sample "rules"."""

import pytest
from pytest_bdd import step

from tests.formats.cck.expressions import expression


@pytest.fixture
def context() -> dict[str, object]:
    return {"chocolate": None}


@step(expression("the customer has {int} cents", "money"))
def _(money: int, context: dict[str, object]) -> None:
    context["money"] = money


@step(expression("there are chocolate bars in stock"))
def _(context: dict[str, object]) -> None:
    context["stock"] = ["Mars"]


@step(expression("there are no chocolate bars in stock"))
def _(context: dict[str, object]) -> None:
    context["stock"] = []


@step(expression("the customer tries to buy a {int} cent chocolate bar", "price"))
def _(price: int, context: dict[str, object]) -> None:
    stock = context["stock"]
    money = context["money"]
    assert isinstance(stock, list) and isinstance(money, int)
    if money >= price and stock:
        context["chocolate"] = stock.pop()


@step(expression("the sale should not happen"))
def _(context: dict[str, object]) -> None:
    assert context["chocolate"] is None


@step(expression("the sale should happen"))
def _(context: dict[str, object]) -> None:
    assert context["chocolate"] is not None
