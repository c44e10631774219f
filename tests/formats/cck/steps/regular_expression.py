"""CCK sample "regular-expression"."""

from pytest_bdd import parsers, step


@step(parsers.re(r"^a (.*?)(?: and a (.*?))?(?: and a (.*?))?$"))
def _() -> None:
    pass
