"""CCK sample "cdata"."""

from pytest_bdd import step

from tests.formats.cck.expressions import expression


@step(expression("I have {int} <![CDATA[cukes]]> in my belly", "count"))
def _(count: int) -> None:
    pass
