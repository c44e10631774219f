"""CCK samples "backgrounds" and "rules-backgrounds"."""

from pytest_bdd import step

from tests.formats.cck.expressions import expression


@step(expression("an order for {string}", "item"))
def _(item: str) -> None:
    pass


@step(expression("an action"))
def _() -> None:
    pass


@step(expression("an outcome"))
def _() -> None:
    pass
