"""CCK sample "pending-exception"."""

from pytest_bdd import step

from rulebooks.formats.messages import PendingStep
from tests.formats.cck.expressions import expression


@step(expression("an unimplemented pending step"))
def _() -> None:
    raise PendingStep("TODO")
