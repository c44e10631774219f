"""Cucumber Expressions as a pytest-bdd step parser, for the Compatibility Kit's glue.

The Compatibility Kit's step definitions are written as Cucumber Expressions
(``I have {int} cukes in my belly``); pytest-bdd accepts any :class:`StepParser`, so this
one matches with the official ``cucumber-expressions`` library and tells the messages
writer its pattern (``cucumber_pattern``) and the groups it captured (``match_arguments``).
"""

from __future__ import annotations

from typing import Any

from cucumber_expressions.expression import CucumberExpression
from cucumber_expressions.parameter_type_registry import ParameterTypeRegistry
from pytest_bdd.parsers import StepParser

from rulebooks.formats.messages import MatchArgument, MatchGroup

_REGISTRY = ParameterTypeRegistry()


def _group(group: Any) -> MatchGroup:
    start = group.start if group.start is not None and group.start >= 0 else None
    children = tuple(_group(child) for child in group.children or ())
    return MatchGroup(start, group.value, children or None)


class expression(StepParser):
    """``@given(expression("I have {int} cukes", "count"))``: the step function receives
    the captured values under the given names, converted by their parameter types."""

    def __init__(self, source: str, *names: str) -> None:
        super().__init__(source)
        self.expression = CucumberExpression(source, _REGISTRY)
        self.names = names

    def _match(self, name: str) -> list[Any] | None:
        return self.expression.match(name)  # type: ignore[no-any-return]

    def parse_arguments(self, name: str) -> dict[str, Any] | None:
        arguments = self._match(name)
        if arguments is None:
            return None
        names = list(self.names) + [f"arg{i}" for i in range(len(self.names), len(arguments))]
        return {key: argument.value for key, argument in zip(names, arguments, strict=False)}

    def is_matching(self, name: str) -> bool:
        return self._match(name) is not None

    def cucumber_pattern(self) -> tuple[str, str]:
        return "CUCUMBER_EXPRESSION", self.name

    def match_arguments(self, name: str) -> list[MatchArgument]:
        return [
            MatchArgument(_group(argument.group), argument.parameter_type.name)
            for argument in self._match(name) or []
        ]
