"""CCK sample "pending": a step not written yet raises PendingStep."""

from pytest_bdd import step

from rulebooks.formats.messages import PendingStep
from tests.formats.cck.expressions import expression


@step(expression("an implemented non-pending step"))
def _() -> None:
    pass


@step(expression("an implemented step that is skipped"))
def _() -> None:
    pass


@step(expression("an unimplemented pending step"))
def _() -> None:
    raise PendingStep
