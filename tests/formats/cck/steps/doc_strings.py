"""CCK sample "doc-strings"."""

from pytest_bdd import step

from tests.formats.cck.expressions import expression


@step(expression("a doc string:"))
def _(docstring: str) -> None:
    pass
