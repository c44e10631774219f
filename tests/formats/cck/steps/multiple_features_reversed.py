"""CCK sample "multiple-features-reversed": the kit runs it with ``--order reverse``; here
the collection hook reverses the run order."""

import pytest
from pytest_bdd import step

from tests.formats.cck.expressions import expression


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.reverse()


@step(expression("an order for {string}", "item"))
def _(item: str) -> None:
    pass
