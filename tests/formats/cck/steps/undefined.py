"""CCK samples "undefined" and "undefined-multiple"."""

from pytest_bdd import step

from tests.formats.cck.expressions import expression


@step(expression("an implemented step"))
def _() -> None:
    pass


@step(expression("a step that will be skipped"))
def _() -> None:
    pass
