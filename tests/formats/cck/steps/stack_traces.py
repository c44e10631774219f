"""CCK sample "stack-traces"."""

from pytest_bdd import step

from tests.formats.cck.expressions import expression


@step(expression("a step throws an exception"))
def _() -> None:
    raise RuntimeError("BOOM")
