"""CCK sample "data-tables-with-expression"."""

from pytest_bdd import step

from tests.formats.cck.expressions import expression


@step(expression("a {string} with a table", "name"))
def _(name: str, datatable: list[list[str]]) -> None:
    assert datatable == [["Species", "Cucumis sativus"]]
