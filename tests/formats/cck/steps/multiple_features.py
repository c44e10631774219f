"""CCK sample "multiple-features"."""

from pytest_bdd import step

from tests.formats.cck.expressions import expression


@step(expression("an order for {string}", "item"))
def _(item: str) -> None:
    pass
