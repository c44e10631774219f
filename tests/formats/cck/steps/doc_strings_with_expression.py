"""CCK sample "doc-strings-with-expression"."""

from pytest_bdd import step

from tests.formats.cck.expressions import expression


@step(expression("a {string} with a doc string:", "name"))
def _(name: str, docstring: str) -> None:
    assert docstring == "Cucumis sativus"
