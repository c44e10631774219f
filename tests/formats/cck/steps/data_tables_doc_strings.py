"""CCK sample "data-tables-doc-strings"."""

from pytest_bdd import step

from tests.formats.cck.expressions import expression


@step(expression("a step with a data table a doc string"))
def _() -> None:
    pass


@step(expression("a step with a doc string a data table"))
def _() -> None:
    pass
