"""CCK sample "unused-steps"."""

from pytest_bdd import step

from tests.formats.cck.expressions import expression


@step(expression("a step that is used"))
def _() -> None:
    pass


@step(expression("a step that is not used"))
def _() -> None:
    pass
